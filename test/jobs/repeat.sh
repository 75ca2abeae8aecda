#!/bin/sh
# ssdq-run --repeat-cv and --db on the drive model (the pslc suite at
# --scale 4000, a few seconds a run): a test repeated until its runs' CV is
# under the bound runs 3 times (the fewest) and says so, in TEST.repeat
# too; a bound runs on a drive left full by the one before cannot meet stops at --repeat-max, saying that; --db
# imports the results directory as one run whose repeated tests count as
# one test over their runs (mean ± 95 % CI, CV on ssdq-db's page, with the
# runner's account); the same command again runs nothing and imports
# nothing twice. The CVs are the runs' own, whatever a busy host makes
# them: the checks are of what the runner did with them.
# usage: sh test/jobs/repeat.sh (env SSDQ_SO, SSDQ_REPORT, SSDQ_DB_TOOL)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
DB=${SSDQ_DB_TOOL:-$top/build/ssdq-db}
case $DB in /*) ;; *) DB=$top/$DB ;; esac
RUN=$top/jobs/ssdq-run
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-repeat.XXXXXX")
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT
[ -f "$SO" ] && [ -x "$DB" ] || { echo "SKIP: no $SO or $DB (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }
cd "$TMP" || exit 1
export SSDQ_SO="$SO" SSDQ_DB_TOOL="$DB" SSDQ_REPORT=none

expect_rc 0 "pslc, --repeat-cv 50 (any run of the model meets it) --db" sh "$RUN" --suite pslc --model qlc-1tb \
	--scale 4000 --out a --repeat-cv 50 --repeat-max 4 --db lib.sqlite --yes
expect_out 'pslc-fill: runs 1-2 vary more than 50 % \(or too few\), another run' "runs 1 and 2 are too few"
expect_out 'pslc-fill: repeated until the CV of each job.s MB/s and IOPS was at most 50 %: 3 runs:' "3 runs, said"
[ -f a/pslc-fill-3.json ] && [ ! -e a/pslc-fill-4.json ] && pass "pslc-fill-1..3.json, no fourth" ||
	fail "runs: $(ls a/*.json)"
grep -q '^repeated until .* 3 runs (ssdq-run --repeat-cv 50 --repeat-max 4)$' a/pslc-fill.repeat &&
	grep -q '^cv: pslc-fill mbps [0-9.]* % over 3 runs' a/pslc-fill.repeat &&
	pass "a/pslc-fill.repeat: the account and each figure's CV" || fail "a/pslc-fill.repeat: $(cat a/pslc-fill.repeat)"
expect_out "importing into the library $TMP/lib.sqlite: $TMP/a" "imported"
"$DB" --db lib.sqlite show 1 >"$T_OUT" 2>&1
expect_out '^pslc-fill / pslc-fill write$' "the library holds the repeated test once"
expect_out '^    mbps +[0-9.]+ ± [0-9.]+ \(n 3, CV [0-9.]+ %\) MB/s$' "its MB/s as mean ± 95 % CI over the 3 runs"
"$DB" --db lib.sqlite html page.html --drive 1 >/dev/null 2>&1
grep -q 'class="note"><b>pslc-fill</b>: repeated until the CV' page.html &&
	grep -Eq '<td>[0-9.]+ ± [0-9.]+</td><td>[0-9.]+ %</td><td>3</td>' page.html &&
	pass "the page: the runner's account, mean ± CI, CV and 3 runs" || fail "page.html lacks the repeats"

expect_rc 0 "the same command again" sh "$RUN" --suite pslc --model qlc-1tb --scale 4000 --out a \
	--repeat-cv 50 --repeat-max 4 --db lib.sqlite --yes
expect_out 'pslc-fill: finished earlier' "runs nothing"
expect_out 'in the library already as run 1' "imports nothing twice"

# two runs of a quiet model can agree to fio's last digit: the second run
# here writes a drive the first one filled (no erase), its cache gone
expect_rc 0 "--repeat-cv 0.0001, no erase (run 2 on the drive run 1 filled), --repeat-max 2" sh "$RUN" \
	--suite pslc --model qlc-1tb --scale 4000 --out b --repeat-cv 0.0001 --repeat-max 2 \
	--set SSDQ_ERASE=none --yes
expect_out 'pslc-fill: repeated 2 times, the most \(--repeat-max\): the CV of its MB/s or IOPS is still above 0.0001 %' \
	"stops at the most, saying the bound was not met"
[ -f b/pslc-fill-2.json ] && [ ! -e b/pslc-fill-3.json ] && grep -q 'pslc-fill$' b/ssdq-run.state &&
	pass "two runs, the test finished" || fail "b: $(ls b/*.json); state: $(cat b/ssdq-run.state)"
summary
