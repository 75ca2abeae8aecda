#!/bin/sh
# test/run-tests.sh --jobs 2 (make check's mode): two programs run at once
# (each waits for a file the other makes: neither could end alone), each
# one's output is shown whole between its "== PROG" and "-- PROG: N s"
# lines, and the total, the timeout, skip and failure accounts are those of
# the serial mode; a program started in the background still gets INT.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-rtjobs.XXXXXX") || exit 1
trap 'rm -rf "$W" "$T_OUT"' EXIT
cd "$W" || exit 1

# meet MINE THEIRS: makes MINE, then waits for THEIRS, 120 s at most
cat >meet.sh <<'X'
: >"$1"; i=0
while [ ! -e "$2" ]; do i=$((i + 1)); [ $i -ge 1200 ] && { echo "alone"; exit 1; }; sleep 0.1; done
echo "$1 met $2"; echo "met"; echo "3 passed, 0 failed"
X
printf 'sh meet.sh a b\n' >a.sh
printf 'sh meet.sh b a\n' >b.sh
printf 'echo "1 passed, 2 failed"; exit 1\n' >bad.sh
printf 'exit 77\n' >skip.sh
printf 'sleep 60\n' >slow.sh
printf 'trap "echo got INT; exit 0" INT; kill -INT $$; sleep 1; exit 3\n' >int.sh

expect_rc 1 "--jobs 2: a failing program makes the run fail" \
	sh "$top/test/run-tests.sh" --jobs 2 a.sh b.sh bad.sh skip.sh int.sh --timeout 2 slow.sh
cp "$T_OUT" out
expect_out '^a met b$' "the two programs that wait for each other both ended"
expect_out '^b met a$' "and the other"
expect_out '^8 passed, 3 failed, 1 skipped$' "the total adds every program's (3 + 3 + 1 + int's exit 0 passed; 2 + the timeout failed)"
expect_out '^-- slow\.sh: FAILED, timed out after 2 s$' "the timeout is named"
expect_out '^got INT$' "a program run in the background gets INT"
expect_out '^failed: .*bad\.sh' "the failed programs are listed"
# each program's block: "== P", its output, "-- P: N s" (or "-- P: FAILED,
# timed out ..."), and nothing else between
if awk '/^== / { if (cur != "") exit 1; cur = $2; next }
	/^-- [^ ]*: ([0-9]+ s|FAILED, timed out after [0-9]+ s)$/ { p = $2; sub(/:$/, "", p); if (p != cur) exit 1; cur = ""; n++; next }
	/^-- / || /^failed:/ || /^[0-9]+ passed/ { next }
	cur == "" { exit 1 }
	END { exit !(n == 6 && cur == "") }' out; then
	pass "each program's output is whole between its == and -- lines"
else
	fail "the programs' output is interleaved:"; sed 's/^/    /' out
fi
rm -f a b
expect_rc 1 "control: run alone, one of them does not end (timed out)" \
	sh "$top/test/run-tests.sh" --timeout 3 a.sh
expect_rc 2 "--jobs 0 is refused" sh "$top/test/run-tests.sh" --jobs 0 a.sh
expect_out 'needs a count' "naming what --jobs needs"
summary
