#!/bin/sh
# One --device is a target like any of several (issues 27, 29, 30): the
# runner reads its fio's output, so a fio frozen mid-step (SIGSTOP of its
# whole process tree) is named lost with its step and its silence, killed,
# exit 1, and the same command resumes it; its status line goes to
# DIR/ssdq-run.log (bytes no more than the job's own account in its events
# sidecar) and to a terminal, cleared before each line of the runner's, as
# fio's own progress line is. On the drive model with real fio and ssdq.so;
# the bound is far above what a working fio stays silent, and nothing is held
# against the wall clock.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-one-watch.XXXXXX")
BOUND=20
FROZEN=''
cleanup() {
	[ -z "$FROZEN" ] || kill -CONT $FROZEN 2>/dev/null
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"; rm -f "$T_OUT"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export SSDQ_SO="$SO" SSDQ_REPORT=none
unset SSDQ_SPAN SSDQ_FIO SSDQ_MODEL_STALL

# run_pids DIR: fio and its job processes of the run in DIR (their command
# line names its trigger file)
run_pids() {
	for _c in /proc/[0-9]*/cmdline; do
		tr '\0' ' ' 2>/dev/null <"$_c" | grep -q -- "--trigger-file=$1/ssdq-run.stop " || continue
		_p=${_c#/proc/}; echo "${_p%/cmdline}"
	done
}

# ---- a frozen fio: lost, killed, resumed ------------------------------------------------
D=$W/frozen
run() { "$RUN" --suite pslc --model qlc-1tb --scale 200 --out "$D" --yes --eta never --stall-timeout $BOUND; }
run >"$W/frozen.out" 2>&1 &
rpid=$!
wait_for "$D/pslc-fill.out" '^ssdq: progress ' && pass "the step's progress lines reach DIR/pslc-fill.out" ||
	fail "no progress line in $D/pslc-fill.out"
FROZEN=$(run_pids "$D")
# shellcheck disable=SC2086 # one pid a word
[ -n "$FROZEN" ] && kill -STOP $FROZEN && pass "fio frozen (SIGSTOP of its $(echo $FROZEN | wc -w) processes)" ||
	fail "no fio of the run to freeze"
wait $rpid
rc=$?
cp "$W/frozen.out" "$T_OUT"
[ $rc = 1 ] && pass "a frozen fio on one namespace: exit 1" || fail "exit $rc, wanted 1"
expect_out "\[model\] LOST at pslc-fill: silent for [0-9]+ s \(stall bound $BOUND s\); killing its fio" \
	"named lost, with its step and the bound"
expect_out "pslc-fill: nothing came from fio for [0-9]+ s \(stall bound $BOUND s\): declared lost" \
	"the failure says why"
s=$(sed -n "s/^.* lost pslc-fill on model: silent for \([0-9]*\) s .*/\1/p" "$D/ssdq-run.log" | head -n 1)
[ -n "$s" ] && [ "$s" -ge $BOUND ] && pass "the log: lost after $s s of silence, the bound $BOUND s" ||
	fail "the log: $(grep lost "$D/ssdq-run.log")"
left=$(run_pids "$D")
[ -z "$left" ] && pass "no process of the run is left" || fail "left: $left"
# shellcheck disable=SC2086 # one pid a word
kill -CONT $FROZEN 2>/dev/null
FROZEN=
grep -qx pslc-fill "$D/ssdq-run.state" && fail "the lost step is recorded as finished" ||
	pass "the lost step is not recorded as finished"
expect_rc 0 "the same command resumes it" run
grep -qx pslc-fill "$D/ssdq-run.state" && pass "and completes it" || fail "the resumed step did not complete"
[ -d "$D/attempts/pslc-fill.1" ] && pass "the lost attempt is kept in attempts/pslc-fill.1" ||
	fail "no attempts/pslc-fill.1"

# ---- its status lines in the log: no more than the job wrote ---------------------------------
# (the resumed run: its bound gives a line every 10 s)
end=$(sed -n 's/.*"event":"job_end".*"bytes":\([0-9]*\).*/\1/p' "$D/pslc-fill_events.1.jsonl" | tail -n 1)
grep ' progress \[model\] pslc-fill: ' "$D/ssdq-run.log" >"$W/status"
n=$(grep -c . "$W/status")
if [ "$n" -ge 1 ] && [ -n "$end" ]; then
	bad=$(sed -n 's/.*: \([0-9.]*\) \(MB\|GB\) written.*/\1 \2/p' "$W/status" |
		awk -v e="$end" '{ b = $1 * ($2 == "GB" ? 1e9 : 1e6); if (b > e * 1.001 + 1e6) print }')
	[ -z "$bad" ] && pass "$n status lines in the log, none beyond the job's $end bytes (job_end)" ||
		fail "status lines beyond the job's $end bytes: $bad"
else
	fail "status lines: $n, job_end bytes: ${end:-none}"
fi

# ---- on a terminal: the status line, cleared before the runner's next line -------------------
if command -v script >/dev/null 2>&1; then
	for eta in never auto; do
		rm -rf "$W/tty"
		script -qec "sh '$RUN' --suite pslc --model qlc-1tb --scale 1000 --out '$W/tty' --yes --eta $eta" \
			/dev/null </dev/null >"$W/tty.$eta" 2>&1
		# the status line (ours, or fio's own with --eta auto) is drawn, ending in \r
		case $eta in
		never) what='ssdq-run:   \[model\] pslc-fill: [0-9.]+ [MG]B written' ;;
		auto) what='Jobs: 1 ' ;;
		esac
		tr '\r' '\n' <"$W/tty.$eta" | grep -Eq "$what" && pass "--eta $eta on a terminal: the progress line is drawn" ||
			fail "--eta $eta: no progress line: $(tr '\r' '\n' <"$W/tty.$eta" | tail -n 5)"
		# a line of the runner's after it starts with the erase (\r ESC[K), never runs on from it
		if tr '\r' '\n' <"$W/tty.$eta" | grep -Eq "($what).*ssdq-run: "; then
			fail "--eta $eta: a runner line runs on from the progress line"
		elif grep -Eq "$(printf '\033')\\[K(    ssdq: |ssdq-run:   pslc-fill done)" "$W/tty.$eta"; then
			pass "--eta $eta: the progress line is cleared before the runner's next line"
		else
			fail "--eta $eta: no clear before the step's next line: $(od -c "$W/tty.$eta" | tail -n 8)"
		fi
	done
else
	echo "SKIP: no script(1) for a terminal: the terminal checks"
fi
summary
