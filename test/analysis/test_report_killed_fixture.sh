#!/bin/sh
# ssdq-report on a killed fill made by hand, whose truth is known (issue 23):
# fio's JSON empty (then cut short), the events ending without job_end, the
# engine's progress sidecars every 100 ms: 10 s at 2048000 KiB/s (a 20.97 GB
# cache), then 60 s at 204800 KiB/s, 16000 and 1600 I/Os a second of 128 KiB
# at a 2 ms and a 20 ms mean latency. The report must draw the whole part
# (33.554432 GB), find the cache, give the part's MB/s and mean latency, mark
# it partial, say "killed at 33.55 GB, 70 s in; fio's JSON is empty" and exit
# 1. Deterministic, no fio, under a second.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT
command -v jq >/dev/null || { echo "SKIP: no jq"; exit 77; }

T0=1796200000000	# unix ms: the erase's end, the progress thread's start
d=$W/k
mkdir -p "$d"
: >"$d/fill.json"
{
	printf '{"time_us":%s000,"event":"job_start","job":"fill","thread":1,"groupid":0,"fio":"fio-3.33","global_options":{},"options":{"name":"fill","rw":"write","bs":"128k","iodepth":"32","write_bw_log":"fill","log_avg_msec":"100","log_unix_epoch":"1"}}\n' $((T0 - 50))
	printf '{"time_us":%s000,"event":"erase_start","job":"fill","file":"/dev/ng0n1"}\n' $((T0 - 40))
	printf '{"time_us":%s000,"event":"erase_end","job":"fill","method":"model"}\n' "$T0"
} >"$d/fill_events.1.jsonl"
# KIND VALUE_CACHE VALUE_AFTER: 100 lines, then 600, every 100 ms
side() {
	awk -v t0=$T0 -v a="$2" -v b="$3" 'BEGIN { for (i = 1; i <= 700; i++)
		printf "%.0f.000, %.0f, 1, 0, 0\n", t0 + 100 * i, i <= 100 ? a : b }' >"$d/fill_progress_$1.1.log"
}
side bw 2048000 204800
side iops 16000 1600
side clat 2000000 20000000

"$REPORT" --format json "$d" >"$W/r.json" 2>"$W/r.err"
rc=$?
[ $rc = 1 ] && pass "a killed fill: exit 1" || fail "a killed fill: exit $rc: $(head -c 400 "$W/r.err")"
j() { jq -r ".tests[0].jobs[0] | $1" "$W/r.json"; }
[ "$(jq -r '.tests[0].partial' "$W/r.json")" = "killed at 33.55 GB, 70 s in; fio's JSON is empty" ] &&
	pass "says how far it got: $(jq -r '.tests[0].partial' "$W/r.json")" ||
	fail "partial: $(jq -r '.tests[0].partial' "$W/r.json")"
grep -q "fill.json: partial run: killed at 33.55 GB" "$W/r.err" && pass "and once on stderr" ||
	fail "stderr: $(cat "$W/r.err")"
[ "$(j .stop)" = killed ] && [ "$(j .partial)" = true ] && pass "the job: stop killed, partial" ||
	fail "stop $(j .stop), partial $(j .partial)"
expect_near "the curve's GB" "$(j .fill.gb_written)" 33.554432 0.001
expect_near "SLC cache GB" "$(j .fill.slc_cache_gb)" 20.97152 2
expect_near "in-cache MB/s" "$(j .fill.in_cache_mbps)" 2097.152 1
expect_near "post-cache MB/s" "$(j .fill.post_cache_mbps)" 209.7152 1
expect_near "MB/s over the part" "$(j .mbps)" "$(awk 'BEGIN { print 33554.432 / 70 }')" 0.5
expect_near "IOPS over the part" "$(j .iops)" "$(awk 'BEGIN { print 256000 / 70 }')" 0.5
expect_near "mean latency, µs (I/O-weighted)" "$(j .lat_mean_us)" 8750 0.5
"$REPORT" "$d" >"$W/r.txt" 2>/dev/null
grep -q "^PARTIAL RUN: killed at 33.55 GB, 70 s in; fio's JSON is empty; every figure below" "$W/r.txt" &&
	pass "the text opens the test with the partial line" || fail "text: $(head -n 8 "$W/r.txt")"
"$REPORT" --format csv "$d" 2>/dev/null | grep -q '"partial run: killed at 33.55 GB' &&
	pass "the CSV notes begin with it" || fail "no partial note in the CSV"

# the same, fio's JSON cut short as a fio dying in its write leaves it
printf '{\n  "fio version" : "fio-3.33",\n  "jobs" : [\n    {\n      "jobname" : "fill",\n' >"$d/fill.json"
"$REPORT" --format json "$d" >"$W/c.json" 2>"$W/c.err"
rc=$?
[ $rc = 1 ] && [ "$(jq -r '.tests[0].partial' "$W/c.json")" = "killed at 33.55 GB, 70 s in; fio's JSON is cut short" ] &&
	pass "a cut JSON: exit 1, 'fio's JSON is cut short'" ||
	fail "a cut JSON: exit $rc, $(jq -r '.tests[0].partial' "$W/c.json")"
jq -e '.tests[0].errors == []' "$W/c.json" >/dev/null &&
	pass "the cut JSON's error is a warning: it hides no run" || fail "errors: $(jq -c '.tests[0].errors' "$W/c.json")"

# a JSON fio left empty with no sidecars beside it is still an error
mkdir -p "$W/e"
: >"$W/e/x.json"
expect_rc 1 "an empty JSON without sidecars" "$REPORT" "$W/e"
expect_out "empty file: no fio output in it" "is the error it was"
summary
