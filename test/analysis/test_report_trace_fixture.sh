#!/bin/sh
# ssdq-report's trace section from a real fio JSON of a replay
# (test/fixtures/trace/trace-replay.json, read_iolog=trace.iolog) with the
# trace beside it in each form: the figures are fio's "mixed" totals; the
# idle it was cut to is the trace's longest gap (an iolog v3's µs times, an
# iolog v2's waits), 0 with replay_no_stall, null with the reason for a
# blktrace binary, a trace that is gone or one that is no trace. The job's rw
# is "replay" (fio's JSON has none for it), its read share the trace's: its
# reads over its reads, writes and trims, counted here from the trace. No
# fio run; under a second.
# Run from the top of the tree; SSDQ_REPORT overrides the build.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: python3 is not installed"; exit 77; fi
FX=test/fixtures/trace/trace-replay.json
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"; rm -f "$T_OUT"' EXIT
mkdir -p "$TMP/d"
cp "$FX" "$TMP/d/trace-replay.json"

# check DESC FORMAT IDLE WHY [READ_PCT]: the report's trace object (IDLE "null": with WHY in
# its reason; READ_PCT the reads' share, "null" or none: null)
check() {
	"$R" --format json "$TMP/d" >"$TMP/r.json" 2>"$TMP/r.err"
	expect_rc 0 "$1" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1])); fmt, idle, why, rd = sys.argv[2:6]
j, = rep["tests"][0]["jobs"]
f, = json.load(open(sys.argv[6]))["jobs"]
m = f["mixed"]
tr = j["trace"]
assert tr["file"] == "trace.iolog", tr["file"]
assert tr["format"] == (None if fmt == "null" else fmt), tr["format"]
if idle == "null":
    assert tr["idle_max_ms"] is None and why in tr["null_reasons"]["idle_max_ms"], tr
else:
    assert tr["idle_max_ms"] == float(idle), tr["idle_max_ms"]
assert abs(tr["mbps"] - m["io_bytes"] / m["runtime"] / 1000) <= 1e-6 * tr["mbps"]
assert abs(tr["lat_mean_us"] - m["clat_ns"]["mean"] / 1000) <= 1e-6 * tr["lat_mean_us"]
assert abs(tr["lat_p99_us"] - m["clat_ns"]["percentile"]["99.000000"] / 1000) <= 1e-6 * tr["lat_p99_us"]
assert tr["energy_j"] is None and tr["null_reasons"]["energy_j"], tr
assert j["rw"] == "replay", j["rw"]
if rd == "null":
    assert tr["read_pct"] is None and tr["null_reasons"]["read_pct"], tr
else:
    assert abs(tr["read_pct"] - float(rd)) <= 1e-9 * float(rd), (tr["read_pct"], rd)
' "$TMP/r.json" "$2" "$3" "$4" "${5:-null}" "$FX"
}

cp jobs/traces/office.iolog "$TMP/d/trace.iolog"
share=$(awk 'NF == 5 && $3 ~ /^(read|write|trim)$/ { n++; r += $3 == "read" } END { printf "%.12g", 100 * r / n }' \
	"$TMP/d/trace.iolog")
check "iolog v3, idle cut to 25 ms: 25, the figures fio's mixed totals, rw replay, $share % reads" \
	"iolog v3" 25 - "$share"
printf 'fio version 2 iolog\nd add\nd open\nd read 0 4096\nd wait 2000 0\nd write 4096 4096\nd wait 2010 0\nd read 8192 4096\nd close\n' >"$TMP/d/trace.iolog"
check "iolog v2: the longest of its waits' gaps (2000 ms), 2 reads of 3 I/Os" "iolog v2" 2000 - 66.6666666667
printf '\007\164\141\145rest-of-a-blktrace' >"$TMP/d/trace.iolog"
check "a blktrace binary: null, its recorded gaps" blktrace null "blktrace binary"
printf 'lines of something else\n' >"$TMP/d/trace.iolog"
check "no trace: null, said" null null "neither an fio iolog nor a blktrace"
rm -f "$TMP/d/trace.iolog"
check "a trace that is gone: null, said" null null "cannot read the trace trace.iolog"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["jobs"][0]["job options"]["replay_no_stall"] = "1"
json.dump(d, open(sys.argv[1], "w"), indent=2)' "$TMP/d/trace-replay.json"
check "replay_no_stall=1: no idle (0)" null 0 -

"$R" "$TMP/d" >"$T_OUT" 2>&1
expect_out "^  trace: trace.iolog \\(not read, replay_no_stall\\): throughput [0-9.]+ MB/s" \
	"text: the trace line says replay_no_stall"
summary
