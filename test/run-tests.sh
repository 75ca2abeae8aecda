#!/bin/sh
# Runs test programs and scripts, shows their output as it comes, and adds up
# the "N passed, N failed[, N skipped]" line each one prints last.
# usage: sh test/run-tests.sh [--timeout SECONDS] PROG... [--timeout SECONDS PROG...]...
#
# A PROG ending in .sh is run with sh, any other is executed. Its stdin is
# /dev/null and its stderr goes with its stdout. Each runs under a timeout
# (--timeout applies to the PROGs after it; 300 s before any): when it fires,
# the PROG's whole process group is killed (TERM, then KILL 10 s later) and
# it counts as 1 failed, named with the timeout. Then, by its exit status:
#   77                      1 skipped
#   any, with a summary     its counts; a non-zero exit on "0 failed" adds 1
#                           failed
#   0, no summary           1 passed
#   other, no summary       1 failed
# The last line is the total, "N passed, N failed" plus ", N skipped" when
# some were; the exit status is 0 when nothing failed, 1 otherwise.
set -u

if [ $# -eq 0 ]; then
	echo "usage: sh $0 [--timeout SECONDS] PROG..." >&2
	exit 2
fi
limit=300

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-tests.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
skipped=0
failures=""

# run PROG: under timeout(1), which makes a process group of its own and
# signals all of it; exit 124 when the limit fired
run() {
	case $1 in
	*.sh) timeout -k 10 "$limit" sh "$1" ;;
	*/*)  timeout -k 10 "$limit" "$1" ;;
	*)    timeout -k 10 "$limit" "./$1" ;;
	esac
}

# summary LINE: set p, f and s from "N passed, N failed[, N skipped]".
summary() {
	set -f
	# shellcheck disable=SC2086 # split on purpose
	set -- $1
	set +f
	p=$1 f=$3 s=${5:-0}
}

note_failure() {
	failures="$failures $1"
}

while [ $# -gt 0 ]; do
	prog=$1; shift
	if [ "$prog" = --timeout ]; then
		limit=${1:?--timeout needs SECONDS}; shift
		continue
	fi
	echo "== $prog"
	start=$(date +%s)
	rm -f "$tmp/rc"
	{ run "$prog" </dev/null 2>&1; echo $? >"$tmp/rc"; } | tee "$tmp/out"
	rc=$(cat "$tmp/rc" 2>/dev/null) || rc=1
	# the last summary line; serial consoles end lines with CR LF
	line=$(tr -d '\r' <"$tmp/out" |
	       grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' |
	       tail -n 1)

	secs=$(($(date +%s) - start))
	if [ "$rc" -eq 124 ] || { [ "$rc" -eq 137 ] && [ "$secs" -ge "$limit" ]; }; then
		p=0
		[ -n "$line" ] && summary "$line"
		passed=$((passed + p))
		failed=$((failed + 1))
		note_failure "$prog"
		echo "-- $prog: FAILED, timed out after $limit s"
		continue
	fi
	echo "-- $prog: ${secs} s"
	if [ "$rc" -eq 77 ]; then
		skipped=$((skipped + 1))
		echo "-- $prog: skipped"
	elif [ -n "$line" ]; then
		summary "$line"
		passed=$((passed + p))
		failed=$((failed + f))
		skipped=$((skipped + s))
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			failed=$((failed + 1))
			note_failure "$prog"
			echo "-- $prog: FAILED, exit status $rc after \"$line\""
		elif [ "$f" -ne 0 ]; then
			note_failure "$prog"
		fi
	elif [ "$rc" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		note_failure "$prog"
		echo "-- $prog: FAILED, exit status $rc and no summary line"
	fi
done

[ -n "$failures" ] && echo "failed:$failures"
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
