#!/bin/sh
# Runs test programs and scripts and adds up the "N passed, N failed[, N
# skipped]" line each one prints last.
# usage: sh test/run-tests.sh [--jobs N] [--timeout SECONDS] PROG...
#                             [--timeout SECONDS PROG...]...
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
# With --jobs 1 (the default) the PROGs run one after another, their output
# shown as it comes. With --jobs N, N at a time, started in the order given
# (put the longest first), each one's output shown whole when it ends,
# between its "== PROG" and "-- PROG: N s" lines; PROGs must then not share
# files or ports (each test makes its own directory).
# The last line is the total, "N passed, N failed" plus ", N skipped" when
# some were; the exit status is 0 when nothing failed, 1 otherwise.
set -u

usage() {
	echo "usage: sh $0 [--jobs N] [--timeout SECONDS] PROG..." >&2
	exit 2
}
[ $# -gt 0 ] || usage
limit=300
jobs=1
if [ "$1" = --jobs ]; then
	jobs=${2:-}
	case $jobs in ''|*[!0-9]*|0) echo "$0: --jobs needs a count of 1 or more" >&2; exit 2 ;; esac
	shift 2
	[ $# -gt 0 ] || usage
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-tests.XXXXXX") || exit 2
running=""
# a signal stops the programs still running: TERM to each one's timeout(1)
stop_running() {
	for i in $running; do kill "$(cat "$tmp/$i.pid" 2>/dev/null)" 2>/dev/null; done
	wait
}
trap 'rm -rf "$tmp"' EXIT
trap 'stop_running; exit 130' INT
trap 'stop_running; exit 143' TERM

passed=0
failed=0
skipped=0
failures=""

# run PROG LIMIT: under timeout(1), which makes a process group of its own and
# signals all of it (it passes on a TERM it gets too); exit 124 when the
# limit fired. Its handlers give the PROG default INT and QUIT even where
# the shell started it in the background, ignoring them.
run() {
	case $1 in
	*.sh) timeout -k 10 "$2" sh "$1" ;;
	*/*)  timeout -k 10 "$2" "$1" ;;
	*)    timeout -k 10 "$2" "./$1" ;;
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

# account PROG LIMIT OUT RC SECS: add up what PROG printed into OUT and its
# exit status RC after SECS seconds, and say how it ended
account() {
	prog=$1 lim=$2 rc=$4 secs=$5
	# the last summary line; serial consoles end lines with CR LF
	line=$(tr -d '\r' <"$3" |
	       grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' |
	       tail -n 1)
	if [ "$rc" -eq 124 ] || { [ "$rc" -eq 137 ] && [ "$secs" -ge "$lim" ]; }; then
		p=0
		[ -n "$line" ] && summary "$line"
		passed=$((passed + p))
		failed=$((failed + 1))
		note_failure "$prog"
		echo "-- $prog: FAILED, timed out after $lim s"
		return
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
}

# one at a time, the output shown as it comes
run_serial() {
	while [ $# -gt 0 ]; do
		prog=$1; shift
		if [ "$prog" = --timeout ]; then
			limit=${1:?--timeout needs SECONDS}; shift
			continue
		fi
		echo "== $prog"
		start=$(date +%s)
		rm -f "$tmp/rc"
		{ run "$prog" "$limit" </dev/null 2>&1; echo $? >"$tmp/rc"; } | tee "$tmp/out"
		rc=$(cat "$tmp/rc" 2>/dev/null) || rc=1
		account "$prog" "$limit" "$tmp/out" "$rc" $(($(date +%s) - start))
	done
}

# start I PROG: PROG in the background into $tmp/I.*, its timeout(1)'s pid
# in $tmp/I.pid; writes I to the done pipe when it ends
start() {
	echo "$2" >"$tmp/$1.prog"
	echo "$limit" >"$tmp/$1.limit"
	(
		t0=$(date +%s)
		i=$1
		case $2 in
		*.sh) set -- sh "$2" ;;
		*/*)  set -- "$2" ;;
		*)    set -- "./$2" ;;
		esac
		timeout -k 10 "$limit" "$@" </dev/null >"$tmp/$i.out" 2>&1 3>&- &
		echo "$!" >"$tmp/$i.pid"
		wait "$!"
		echo $? >"$tmp/$i.rc"
		echo $(($(date +%s) - t0)) >"$tmp/$i.secs"
		echo "$i" >&3
	) &
	running="$running $1"
}

# finish: waits for the next program to end; shows its output and counts it
finish() {
	read -r i <&3 || { echo "$0: lost track of the programs running" >&2; exit 2; }
	running=$(echo "$running" | tr ' ' '\n' | grep -vx "$i" | tr '\n' ' ')
	prog=$(cat "$tmp/$i.prog")
	echo "== $prog"
	cat "$tmp/$i.out"
	account "$prog" "$(cat "$tmp/$i.limit")" "$tmp/$i.out" \
		"$(cat "$tmp/$i.rc" 2>/dev/null || echo 1)" "$(cat "$tmp/$i.secs" 2>/dev/null || echo 0)"
}

# N at a time: a program's end, written to a pipe, starts the next
run_parallel() {
	mkfifo "$tmp/done" || exit 2
	exec 3<>"$tmp/done"
	n=0 active=0
	while [ $# -gt 0 ]; do
		next=$1; shift
		if [ "$next" = --timeout ]; then
			limit=${1:?--timeout needs SECONDS}; shift
			continue
		fi
		if [ $active -ge "$jobs" ]; then
			finish
			active=$((active - 1))
		fi
		n=$((n + 1))
		start $n "$next"
		active=$((active + 1))
	done
	while [ $active -gt 0 ]; do
		finish
		active=$((active - 1))
	done
}

if [ "$jobs" -eq 1 ]; then
	run_serial "$@"
else
	run_parallel "$@"
fi

[ -n "$failures" ] && echo "failed:$failures"
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
