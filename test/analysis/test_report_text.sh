#!/bin/sh
# The text report a person reads: a summary per test by default (the fill's
# MB/s per GB grid, each burst's MB/s and the whole source note behind -v),
# names and headers never cut, tests in the reviews' order (fill, bursts,
# sustained, QD1, the rest) in each drive and in the comparison. Run from the
# top of the tree (env SSDQ_REPORT).
. test/lib.sh
R=${SSDQ_REPORT:-build/ssdq-report}
[ -x "$R" ] || { echo "SKIP: no $R (make)"; exit 77; }
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT
MD=test/fixtures/ssdq-model

expect_rc 0 "text report of two drives" "$R" "$MD/tlc" "$MD/qlc"
cp "$T_OUT" "$TMP/short"
if grep -q 'MB/s per GB\|MB/s per burst' "$TMP/short"; then fail "the per-GB and per-burst grids shown by default"; else
	pass "no per-GB or per-burst grid by default"; fi
expect_out '^    SLC cache +88\.1' "the fill's summary is there"
expect_rc 0 "ssdq-report -v" "$R" -v "$MD/tlc" "$MD/qlc"
expect_out '^    MB/s per GB:' "-v: the per-GB grid"
expect_out '^    MB/s per burst:' "-v: the per-burst MB/s"
[ "$(wc -l <"$TMP/short")" -lt "$(($(wc -l <"$T_OUT") * 3 / 4))" ] &&
	pass "the summary is shorter by a quarter at least ($(wc -l <"$TMP/short") lines, -v $(wc -l <"$T_OUT"))" ||
	fail "summary $(wc -l <"$TMP/short") lines, -v $(wc -l <"$T_OUT")"

# the reviews' order: fill, bursts, sustained (clean before frag), QD1
order=$(grep '^== ' "$TMP/short" | sed -n 's/^== \([^ ]*\) (.*tlc.*/\1/p' | tr '\n' ' ')
[ "$order" = "pslc-fill burst-seq-write sustained-seq-read sustained-seq-read-frag qd1-rand-read-bs " ] &&
	pass "a drive's tests in the reviews' order" || fail "order: $order"
order=$(sed -n '/^#### comparison/,$p' "$TMP/short" | sed -n 's/^== //p' | tr '\n' ' ')
[ "$order" = "pslc-fill burst-seq-write sustained-seq-read sustained-seq-read-frag qd1-rand-read-bs " ] &&
	pass "the comparison in the reviews' order" || fail "comparison order: $order"

# nothing cut: drive names, column labels, job names
expect_rc 0 "text report (again)" "$R" "$MD/tlc" "$MD/qlc"
expect_out '^QLC NVMe, 1 TB, large dynamic SLC cache \(Crucial P1 class\) ' "a long drive name whole in the comparison"
expect_out 'post-cache MB/s' "a long column label whole"
cp -R "$MD/tlc" "$TMP/long"
python3 -c '
import json, sys
p = sys.argv[1]
d = json.load(open(p))
for j in d["jobs"]:
    j["jobname"] = "a-job-name-longer-than-sixteen-characters"
json.dump(d, open(p, "w"))
' "$TMP/long/pslc-fill.json"
"$R" "$TMP/long/pslc-fill.json" >"$T_OUT" 2>&1
expect_out '^a-job-name-longer-than-sixteen-characters +write' "a long job name whole in the job table"

# the source note: its first sentence by default, all of it with -v
expect_rc 0 "a test from the sidecars" "$R" test/fixtures/from-logs/plain
expect_out '^source: no fio JSON in .*the same figures as fio.s JSON\. \(-v: more\)$' "source: the first sentence"
"$R" -v test/fixtures/from-logs/plain >"$T_OUT" 2>&1
expect_out '^source: no fio JSON in .*--output-format=normal,json\+ to keep the text too\.$' "-v: the whole note"
summary
