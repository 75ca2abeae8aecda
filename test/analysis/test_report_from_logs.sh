#!/bin/sh
# ssdq-report on a plain fio run that wrote no JSON (test/fixtures/from-logs:
# a real run on the drive model, fio's normal output saved as fio.out beside
# its logs and ssdq's sidecars; fio.json is fio's own json+ output of the
# same run). The directory: exit 0, one line on stderr and the test's
# "source" saying the figures come from the events sidecars and logs, naming
# fio.out and how to get the JSON; every row's MB/s, IOPS, mean, p99 and
# p99.99 are those of fio's own JSON (the engine's fio_stats carry fio's
# counters and histogram). fio.out given as a file: the same test. The same
# directory without fio_stats (an older engine): the figures from the logs,
# MB/s and IOPS within 2 % of fio's, the mean latency within 5 %, with notes that say
# where they came from and that percentiles of averaged logs are not fio's.
# Run from the top of the tree; SSDQ_REPORT=path overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
FX=test/fixtures/from-logs
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: no python3"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# compare GOT.json WANT.json SHARE MEAN_SHARE [FIGURES]: each row's figures
compare() {
	python3 - "$@" <<'PY'
import json, sys
got, want = (json.load(open(f))["tests"][0]["jobs"] for f in sys.argv[1:3])
share, mean_share = float(sys.argv[3]), float(sys.argv[4])
keys = sys.argv[5].split(",")
bad = 0
if len(got) != len(want):
    print("rows: %d against %d" % (len(got), len(want))); sys.exit(1)
for g, w in zip(got, want):
    for k in keys:
        s = mean_share if k == "lat_mean_us" else share
        a, b = g[k], w[k]
        ok = a is not None and b is not None and abs(a - b) <= s * abs(b) + 1e-9
        print("%s %s %s: %s against fio's %s" % ("ok" if ok else "BAD", g["ddir"], k, a, b))
        bad += not ok
sys.exit(bad > 0)
PY
}

FIGS=mbps,iops,lat_mean_us,lat_p99_us,lat_p9999_us
expect_rc 0 "fio's own JSON of the run" sh -c '"$1" --format json "$2" >"$3"' sh "$R" "$FX/fio.json" "$TMP/want.json"

# ---- the directory, with fio_stats ----------------------------------------
expect_rc 0 "ssdq-report on the directory without fio JSON" \
	sh -c '"$1" --format json "$2" >"$3"' sh "$R" "$FX/plain" "$TMP/got.json"
expect_out "^ssdq-report: $FX/plain: no fio JSON: the figures come from ssdq's events sidecars and fio's logs \\(1 test" \
	"stderr says once where the figures come from"
[ "$(grep -c 'no fio JSON' "$T_OUT")" = 1 ] && pass "once" || fail "said $(grep -c 'no fio JSON' "$T_OUT") times"
expect_rc 0 "the test's source" python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
print(t["test"]); print(t["source"])' "$TMP/got.json"
expect_out "^mixed\$" "the test is named by the log prefix"
expect_out "^no fio JSON in $FX/plain: the figures come from ssdq's events sidecars \\(mixed_events.1.jsonl\\)" \
	"its source: the events sidecars"
expect_out "fio's own counters and latency histogram" "with fio's own figures"
expect_out "fio.out \\(fio-3.33\\) is beside them, not read" "fio's normal output named"
expect_out "--output-format=json\\+ --output=mixed.json \\(fio takes them only on its command line, not in a job file\\)" \
	"how to get fio's JSON"
expect_rc 0 "every row's $FIGS are fio's own" compare "$TMP/got.json" "$TMP/want.json" 1e-9 1e-9 "$FIGS"
expect_rc 0 "the text report" "$R" "$FX/plain"
expect_out "^source: no fio JSON in " "gives the source under the test's name"
expect_out "^mixed +randrw +read +4k +T1Q4 " "and the rows"

# ---- fio.out given as a file ------------------------------------------------
expect_rc 0 "ssdq-report on fio.out" sh -c '"$1" --format json "$2" >"$3"' sh "$R" "$FX/plain/fio.out" "$TMP/out.json"
expect_out "fio.out is fio's normal output, not JSON: the figures come from the ssdq events sidecars and fio's logs beside it \\(1 test\\)" \
	"says it reads the sidecars beside it"
expect_rc 0 "the same figures" compare "$TMP/out.json" "$TMP/want.json" 1e-9 1e-9 "$FIGS"

# ---- sidecars of an engine before fio_stats ---------------------------------
mkdir "$TMP/old"
cp "$FX"/plain/* "$TMP/old/"
grep -v '"event":"fio_stats"' "$FX/plain/mixed_events.1.jsonl" >"$TMP/old/mixed_events.1.jsonl"
expect_rc 0 "without fio_stats" sh -c '"$1" --format json "$2" >"$3"' sh "$R" "$TMP/old" "$TMP/old.json"
expect_rc 0 "MB/s and IOPS within 2 %, the mean latency within 5 % of fio's" \
	compare "$TMP/old.json" "$TMP/want.json" 0.02 0.05 mbps,iops,lat_mean_us
expect_rc 0 "the rows' notes" python3 -c 'import json, sys
for j in json.load(open(sys.argv[1]))["tests"][0]["jobs"]:
    print("\n".join(j["warnings"]))' "$TMP/old.json"
expect_out "no fio_stats in .*: bytes from .*mixed_bw.1.log \\(job_end's total, split by the log's shares\\), I/Os from the bytes / bs" \
	"say the figures come from the logs"
expect_out "latency from the 10 ms averages in .*mixed_clat.1.log: the mean weighs each by its I/Os \\(the iops log\\)" \
	"the latency from the averaged clat log, weighted by the iops log"
expect_out "not of single I/Os, so they are not fio's figures" "whose percentiles are not fio's"

summary
