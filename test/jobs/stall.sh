#!/bin/sh
# A frozen test host must not stall the lab: ssdq-run's liveness watch on the
# drive model with real fio and ssdq.so, fio --server on 127.0.0.1 at free
# ports. A server frozen mid-step (SIGSTOP of its whole process tree) is
# named lost with its step and its silence, its client killed, the other
# finishes, exit 1; after SIGCONT the same command resumes it. A server that
# accepts the connection and never answers is named lost. A local model
# namespace whose drive stops completing I/O (SSDQ_MODEL_STALL) is named and
# its job stopped, stop reason "stalled"; the same with one --device. Every
# check reads the runner's log and the engine's events (their account of
# what happened and when), never the wall clock against a figure; the bounds
# (--stall-timeout) are far above what a working target stays silent.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT_BIN:-$top/build/ssdq-report}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-stall.XXXXXX")
SERVERS='' BG=''
# the bound of the frozen-host checks; the engine's own stall watch needs less
BOUND=20

# descendants PID: every process below PID, from one look at /proc (a frozen
# host freezes at once, not a process at a time while its job runs on)
descendants() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v root="$1" '{
		pid = $1; sub(/^.*\) /, ""); kids[$2] = kids[$2] " " pid
	}
	END {
		n = split(kids[root], q, " ")
		for (i = 1; i <= n; i++) {
			print q[i]
			m = split(kids[q[i]], c, " ")
			for (j = 1; j <= m; j++) q[++n] = c[j]
		}
	}'
}
# signal_tree SIG PID: PID and everything below it
signal_tree() {
	# shellcheck disable=SC2046 # one pid a word
	kill "-$1" "$2" $(descendants "$2") 2>/dev/null
}
cleanup() {
	for _p in $SERVERS $BG; do signal_tree CONT "$_p"; signal_tree KILL "$_p"; wait "$_p" 2>/dev/null; done
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"; rm -f "$T_OUT"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export SSDQ_SO="$SO" SSDQ_SERVER_SO="$SO" SSDQ_REPORT=none
unset SSDQ_SPAN SSDQ_FIO SSDQ_MODEL_STALL

# idle_server PID: until the server has no process below it (its runs ended), 120 s at most
idle_server() {
	_i=0
	while [ -n "$(descendants "$1")" ]; do
		_i=$((_i + 1))
		[ $_i -ge 1200 ] && return 1
		sleep 0.1
	done
}
# silent_for LOG WHAT: the seconds of silence the runner logged when it declared WHAT lost
silent_for() {
	sed -n "s/^.* lost $2: silent for \([0-9]*\) s .*/\1/p" "$1" | head -n 1
}

# ---- a bad bound is refused ---------------------------------------------------------
expect_rc 2 "--stall-timeout 0 is refused" "$RUN" --suite pslc --model qlc-1tb --out "$W/x" \
	--stall-timeout 0 --dry-run
expect_out "--stall-timeout wants seconds \(90\), a time with a unit \(5m\) or auto, at least 1 s, not '0'" \
	"the refusal names the option and what it takes"
expect_rc 2 "--stall-timeout soon is refused" "$RUN" --suite pslc --model qlc-1tb --out "$W/x" \
	--stall-timeout soon --dry-run

# ---- the engine's options: a bad value names the option -------------------------------
M="--ioengine=external:$SO --ssdq_model=qlc-1tb --ssdq_model_scale=4000 --filename=$W/opt.state"
# in the test's directory: the job's sidecars go to the working directory
cd "$W" || exit 1
# shellcheck disable=SC2086 # $M is fio's options
expect_rc 1 "ssdq_stall_timeout=soon fails the job" fio --name=o $M --rw=read --size=1m \
	--ssdq_stall_timeout=soon --output="$W/o.json"
expect_out "o: ssdq_stall_timeout=soon: give seconds" "the refusal names the option"
# shellcheck disable=SC2086 # $M is fio's options
expect_rc 1 "ssdq_progress=-1 fails the job" fio --name=o $M --rw=read --size=1m \
	--ssdq_progress=-1 --output="$W/o.json"
expect_out "o: ssdq_progress=-1: give seconds" "the refusal names the option"
cd "$top" || exit 1

# ---- a server that accepts and never answers (beside the frozen host's run) ---------------
PL=$(free_port)
python3 - "$PL" <<'EOF' &
import socket, sys, time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen(8)
held = []
while True:
    c, _ = s.accept()
    held.append(c)          # accepted, never read, never answered
EOF
BG="$BG $!"
listening "$PL" || fail "the silent listener did not start"
L=127.0.0.1-$PL
"$RUN" --suite pslc --model qlc-1tb --scale 4000 --host "127.0.0.1:$PL" --out "$W/mute" --yes \
	--stall-timeout 10 >"$W/mute.out" 2>&1 &
mpid=$!
BG="$BG $mpid"

# ---- beside them: a local model drive that stalls, on two namespaces and on one ------------
# (started now, checked below; the drive model's injected fault, docs/model.md)
D3=$W/local
run_local() {
	"$RUN" --suite pslc --model qlc-1tb --scale 4000 --device "$W/a.state" --device "$W/b.state" \
		--out "$D3" --yes --stall-timeout 10
}
(export SSDQ_MODEL_STALL=b.state:67108864; run_local) >"$W/local1.out" 2>&1 &
lpid=$!
(export SSDQ_MODEL_STALL=33554432; exec "$RUN" --suite pslc --model qlc-1tb --scale 4000 \
	--out "$W/one" --yes --stall-timeout 5) >"$W/one.out" 2>&1 &
opid=$!
BG="$BG $lpid $opid"

# ---- two servers, one frozen mid-step -------------------------------------------------
P1=$(free_port) P2=$(free_port)
start_server s1 "$P1"
start_server s2 "$P2"
A=127.0.0.1-$P1 B=127.0.0.1-$P2
D=$W/two
run_two() {
	"$RUN" --suite pslc --model qlc-1tb --scale 1000 --host "127.0.0.1:$P1" \
		--host "127.0.0.1:$P2" --out "$D" --yes --stall-timeout $BOUND >"$W/run$1.out" 2>&1
}
run_two 1 &
rpid=$!
BG="$BG $rpid"
# mid-step: once B's job has started (its first progress line)
if wait_for "$D/$B/pslc-fill.out" 'ssdq: progress .* phase=io' 120; then
	signal_tree STOP "$(cat "$W/s2.pid")"
	pass "server 2 frozen (SIGSTOP of its process tree) in the middle of pslc-fill"
else
	fail "server 2 never reported progress in pslc-fill"
fi
wait $rpid
rc=$?
sed 's/^/    /' "$W/run1.out" | grep -v '^    ssdq-run:   \[' | tail -n 8
[ $rc = 1 ] && pass "a frozen host: exit 1" || fail "a frozen host: exit $rc, wanted 1"
grep -q "\[$B\] LOST at pslc-fill: silent for [0-9]* s (stall bound $BOUND s)" "$W/run1.out" &&
	pass "the frozen host is named lost with its step, its silence and the bound" ||
	fail "the frozen host is not named lost"
grep -q "\[$B\] FAILED at pslc-fill: 127.0.0.1:$P2 went silent: nothing came from it for [0-9]* s" "$W/run1.out" &&
	pass "its failure says the host went silent" || { fail "its failure does not say so"; grep FAILED "$W/run1.out"; }
grep -q "FAILED on $B" "$W/run1.out" && pass "the run's last words name it" || fail "the run's end does not name $B"
s=$(silent_for "$D/ssdq-run.log" "pslc-fill on $B")
[ -n "$s" ] && [ "$s" -ge $BOUND ] && [ "$s" -le $((BOUND + 30)) ] &&
	pass "declared lost after $s s of silence (bound $BOUND s), by the runner's log" ||
	fail "the runner's log says it was silent '$s' s (bound $BOUND s)"
grep -Eq "progress \[$B\] pslc-fill: [0-9.]+ [MGT]B written, [0-9]+ MB/s, [0-9]+ s in step, ETA [^,]+, silent [0-9]+ s \(lost at $BOUND s\)" "$D/ssdq-run.log" &&
	pass "the log's status lines (written, MB/s, time in step, ETA) showed the silence before the bound fired" ||
	{ fail "no status line in the log shows $B silent"; grep progress "$D/ssdq-run.log" | sed 's/^/    /'; }
grep -qx pslc-fill "$D/$A/ssdq-run.state" && pass "the other host finished its step" ||
	fail "the other host did not finish pslc-fill"
grep -q pslc-fill "$D/$B/ssdq-run.state" && fail "the frozen host's step counts as done" ||
	pass "the frozen host's step does not count as done"
grep -q 'ssdq: progress' "$D/$A/pslc-fill.stderr" 2>/dev/null &&
	fail "progress lines left in the step's stderr" || pass "no progress line in the step's stderr"

signal_tree CONT "$(cat "$W/s2.pid")"
# its orphaned job sees its client gone and stops, freeing the namespace
idle_server "$(cat "$W/s2.pid")" && pass "thawed, the server's orphaned job stopped by itself" ||
	fail "the thawed server's job still runs"
run_two 2
rc=$?
[ $rc = 0 ] && pass "the host answering again, the same command: exit 0" ||
	{ fail "the same command again: exit $rc"; tail -n 20 "$W/run2.out" | sed 's/^/    /'; }
grep -qx pslc-fill "$D/$B/ssdq-run.state" && pass "the frozen host's step resumed and completed" ||
	fail "the frozen host's step did not complete"
grep -q "\[$A\]" "$W/run2.out" && fail "the rerun ran the finished host again" ||
	pass "the rerun leaves the finished host alone"
[ -z "$(results_missing "$D/$B" pslc-fill)" ] && pass "the resumed host's results are complete" ||
	fail "the resumed host's results lack:$(results_missing "$D/$B" pslc-fill)"

wait $mpid
rc=$?
cp "$W/mute.out" "$T_OUT"
[ $rc = 1 ] && pass "a host that accepts and never answers: exit 1" || fail "a silent listener: exit $rc, wanted 1"
expect_out "\[$L\] LOST at pslc-fill: silent for [0-9]* s \(stall bound 10 s\)" "it is named lost with its step"
expect_out "\[$L\] FAILED at pslc-fill: 127.0.0.1:$PL went silent" "its failure names the host"
s=$(silent_for "$W/mute/ssdq-run.log" "pslc-fill on $L")
[ -n "$s" ] && [ "$s" -ge 10 ] && pass "declared lost after $s s of silence (bound 10 s)" ||
	fail "the log says silent '$s' s"

# ---- a local model namespace whose drive stalls --------------------------------------------
wait $lpid
rc=$?
cp "$W/local1.out" "$T_OUT"
[ $rc = 1 ] && pass "a local drive that stops completing I/O: exit 1" ||
	{ fail "a local drive that stalls: exit $rc, wanted 1"; sed 's/^/    /' "$T_OUT" | tail -n 12; }
expect_out "\[b\] FAILED at pslc-fill: its drive stalled: no I/O completed for [0-9.]* s \(stall bound 10 s\); the job was stopped" \
	"it is named stalled, with its step and its silence"
grep -qx pslc-fill "$D3/a/ssdq-run.state" && pass "the other namespace finished" || fail "the other namespace did not finish"
ev=$D3/b/pslc-fill_events.1.jsonl
grep -q '"event":"model_fault",.*"bytes":67108864,"fault":"stall"' "$ev" &&
	pass "the model's account: it stopped completing I/O after 64 MiB" || fail "no model_fault in $ev"
grep -q '"event":"job_end",.*"stop":"stalled"' "$ev" && pass "job_end says stop: stalled" ||
	fail "job_end: $(grep job_end "$ev")"
# the engine's own times: the stall began at model_fault, the job was stopped at stalled
gap=$(awk -F'[:,]' '/"event":"model_fault"/ { a = $2 } /"event":"stalled"/ { b = $2 }
	END { if (a && b) printf "%.1f", (b - a) / 1e6 }' "$ev")
sil=$(sed -n 's/.*"event":"stalled",.*"silent_s":\([0-9.]*\).*/\1/p' "$ev")
awk -v s="$sil" 'BEGIN { exit !(s >= 10 && s < 40) }' &&
	pass "stopped after $sil s of the drive's silence (bound 10 s; $gap s after the fault, by the events)" ||
	fail "the stalled event says silent_s '$sil' (bound 10 s)"
if "$REPORT" --format json "$D3/b" >"$W/b.rep" 2>"$W/b.err"; then
	python3 - "$W/b.rep" <<'EOF' && pass "ssdq-report: the stalled job's stop is stalled, its figures a partial run" ||
import json, sys
r = json.load(open(sys.argv[1]))
j = [j for t in r["tests"] for j in t["jobs"]][0]
assert j["stop"] == "stalled", j["stop"]
assert any("drive stalled" in w for w in j["warnings"]), j["warnings"]
EOF
		fail "ssdq-report does not say the job stalled"
else
	fail "ssdq-report on the stalled namespace failed"; sed 's/^/    /' "$W/b.err" | head -5
fi
expect_rc 0 "the drive answering again, the same command resumes it" run_local
grep -qx pslc-fill "$D3/b/ssdq-run.state" && pass "the stalled namespace's step completed" ||
	fail "the stalled namespace's step did not complete"

# ---- one --device: the engine stops the stalled job ------------------------------------------
wait $opid
rc=$?
cp "$W/one.out" "$T_OUT"
[ $rc = 1 ] && pass "one model drive that stalls: exit 1" || fail "one model drive that stalls: exit $rc, wanted 1"
expect_out "pslc-fill: the drive stalled: no I/O completed for [0-9.]* s \(stall bound 5 s\); the job was stopped" \
	"the runner names the stall"
grep -q '"event":"job_end",.*"stop":"stalled"' "$W/one/pslc-fill_events.1.jsonl" &&
	pass "its job_end says stop: stalled" || fail "job_end: $(grep job_end "$W/one/pslc-fill_events.1.jsonl")"
summary
