#!/bin/sh
# ssdq-run --host through SSH, on the drive model, with fio --server on this
# machine behind scripts/ssdq-fio-server (one on 127.0.0.1:PORT, one on a
# unix socket in a 0700 directory) and this machine's sshd on a free loopback
# port for the test (test/ssh-lib.sh: host and client keys made now, the host
# key pinned, nothing of ~/.ssh used): the pSLC suite on both through their
# tunnels while one tunnel's ssh is killed mid-step (named, the other
# finishes; the same command resumes it, the sidecars its server kept fetched
# home over SSH); the results and fio's log names as over TCP; no ssh of the
# run left after it, nor after the run is killed with SIGKILL (its
# watchdog); a host whose key does not match named, nothing run; --open-tcp's
# refusals and warning. Waits poll; nothing depends on speed.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
. "$top/test/ssh-lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
SERVER=$top/scripts/ssdq-fio-server
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-ssh.XXXXXX")
PIDS=''
cleanup() {
	for _p in $PIDS ${SSHD_PID:-}; do kill "$_p" 2>/dev/null; done
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"; rm -f "$T_OUT"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
ssh_client "$W" || { echo "SKIP: no ssh or ssh-keygen (apt-get install openssh-client)"; exit 77; }
ssh_sshd "$W" || { echo "SKIP: no sshd to test with (apt-get install openssh-server)"; exit 77; }
ssh_alias "$W" lab1 "$SSHD_PORT" "$SSHD_KEY"
ssh_alias "$W" lab2 "$SSHD_PORT" "$SSHD_KEY"
ssh_alias "$W" forged "$SSHD_PORT" "$(cat "$W/client_key.pub")"
export SSDQ_SO="$SO" SSDQ_SERVER_SO="$SO" SSDQ_REPORT=none
unset SSDQ_SPAN SSDQ_FIO
# the runner's tunnels in a directory of the test's own (their sockets, the watchdog)
mkdir -p "$W/tmp"
export TMPDIR="$W/tmp"

# our_ssh: the pids of ssh processes of this test's runs (their config is ours)
our_ssh() { pgrep -f -- "-F $W/ssh_config" 2>/dev/null | grep -vx "$$"; }

# ---- what --open-tcp refuses and says --------------------------------------------
expect_rc 2 "--open-tcp: a user@ is for SSH" "$RUN" --suite pslc --model qlc-1tb --open-tcp \
	--host root@tb01 --out "$W/x" --dry-run
expect_out "a user is for SSH, which --open-tcp leaves out" "says so"
expect_rc 0 "--open-tcp: a dry run" "$RUN" --suite pslc --model qlc-1tb --open-tcp --host tb01 --out "$W/x" --dry-run
expect_out "WARNING: --open-tcp: fio --server on tb01:8765 is reached over the network as it is" \
	"warned: the server at tb01:8765 without SSH"
expect_rc 2 "--open-tcp without a host" "$RUN" --suite pslc --model qlc-1tb --open-tcp --out "$W/x" --dry-run

# ---- two servers, each where only this machine reaches it ------------------------------
P1=$(free_port)
mkdir -p "$W/s1" "$W/s1tmp" "$W/s2" "$W/run2" && chmod 0700 "$W/run2"
(cd "$W/s1" && TMPDIR="$W/s1tmp" exec sh "$SERVER" --listen "127.0.0.1,$P1") >"$W/s1.log" 2>&1 &
PIDS="$PIDS $!"
(cd "$W/s2" && TMPDIR="$W/s1tmp" exec sh "$SERVER" --socket "$W/run2/fio.sock") >"$W/s2.log" 2>&1 &
PIDS="$PIDS $!"
listening "$P1" || fail "the server on 127.0.0.1:$P1 did not start: $(cat "$W/s1.log")"
i=0; while [ ! -S "$W/run2/fio.sock" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
[ -S "$W/run2/fio.sock" ] || fail "the server on $W/run2/fio.sock did not start: $(cat "$W/s2.log")"

# ---- the pSLC suite through SSH; lab1's tunnel killed mid-step ------------------------
A=lab1-$P1 B=lab2
D=$W/two
STEPS=$(awk '!/^#/ && NF { n = split($1, p, "/"); sub(/\.fio$/, "", p[n]); print p[n] }' "$top/jobs/suites/pslc.suite")
NSTEPS=$(printf '%s\n' "$STEPS" | grep -c .)
run_two() {
	"$RUN" --suite pslc --model qlc-1tb --scale 1000 --host "lab1:$P1" --host "root@lab2:$W/run2/fio.sock" \
		--out "$D" --yes --eta never >"$W/run$1.out" 2>&1
}
run_two 1 &
rpid=$!
if wait_for "$D/$A/pslc-fill.out" 'ssdq: progress .* phase=io' 120; then
	t=$(pgrep -f -- "-L $W/tmp/ssdq-ssh\..*/$A\.sock:127\.0\.0\.1:$P1 ")
	[ -n "$t" ] && kill -KILL "$t" && pass "lab1's tunnel (its ssh, pid $t) killed in the middle of pslc-fill" ||
		fail "no ssh of the run for lab1: $(our_ssh | xargs -r ps -o pid=,args= -p)"
else
	fail "lab1 never reported progress in pslc-fill: $(tail -n 5 "$W/run1.out")"
fi
wait $rpid
rc=$?
[ $rc = 1 ] && pass "a tunnel killed mid-suite: exit 1" || { fail "a tunnel killed mid-suite: exit $rc"; tail -n 20 "$W/run1.out" | sed 's/^/    /'; }
grep -q "\[$A\] FAILED at pslc-fill: its SSH tunnel to lab1 closed mid-step (ssh killed by SIGKILL); lab1 answers through a new one" "$W/run1.out" &&
	pass "the target is named failed at its step: its tunnel closed, the host answers" ||
	{ fail "the tunnel's end is not named so"; grep -A2 -e FAILED -e tunnel "$W/run1.out" | sed 's/^/    /'; }
[ "$(grep -c . "$D/$B/ssdq-run.state")" = "$NSTEPS" ] && pass "the other target (a unix socket through SSH) completed all $NSTEPS steps" ||
	{ fail "lab2 completed $(grep -c . "$D/$B/ssdq-run.state") of $NSTEPS steps"; tail -n 20 "$W/run1.out" | sed 's/^/    /'; }
[ -z "$(our_ssh)" ] && pass "no ssh of the run left after it" || fail "ssh of the run left: $(our_ssh | xargs ps -o pid=,args= -p)"
[ -z "$(ls -d "$W"/tmp/ssdq-ssh.* 2>/dev/null)" ] && pass "nor its tunnels' directory" || fail "left: $(ls -d "$W"/tmp/ssdq-ssh.*)"
# the server's job sees its client gone and keeps the step's sidecars
wait_for "$W/s1.log" "fio's client is gone" 60 && pass "the server's job saw its client gone and stopped" ||
	fail "the server never saw its client gone: $(tail -n 5 "$W/s1.log")"

run_two 2
rc=$?
[ $rc = 0 ] && pass "the same command again: exit 0" || { fail "the same command again: exit $rc"; tail -n 20 "$W/run2.out" | sed 's/^/    /'; }
expect_fetched "$W/run2.out" "$(uname -n)" "$D/$A/attempts/pslc-fill.1"
[ "$(grep -c . "$D/$A/ssdq-run.state")" = "$NSTEPS" ] && pass "the resumed target completed all $NSTEPS steps" ||
	fail "lab1 completed $(grep -c . "$D/$A/ssdq-run.state") of $NSTEPS steps"
for t in "$A:lab1" "$B:lab2"; do
	h=${t#*:} t=${t%:*}
	# shellcheck disable=SC2086 # step names, one a word
	miss=$(results_missing "$D/$t" $STEPS)
	[ -z "$miss" ] && pass "$t: every step's JSON, bw log, power, SMART and events sidecars" || fail "$t: missing:$miss"
	left=$(find "$D/$t" -name "*.$h" -o -type l -o -type s)
	[ -z "$left" ] && pass "$t: no file left under fio's <name>.$h, no link or socket" || fail "$t: left: $left"
	grep -q "\"hostname\" : \"$h\"" "$D/$t/pslc-fill.json" && pass "$t: fio's JSON names the host $h, as over TCP" ||
		fail "$t: the JSON's hostname: $(grep -m1 hostname "$D/$t/pslc-fill.json")"
done
grep -q "ssh -N -L lab1:127.0.0.1:$P1 lab1 & fio --client=sock:lab1 jobs/pslc-fill.fio" "$D/$A/jobs/pslc-fill.fio" &&
	pass "the rendered job file's head gives the tunnel and the client, to rerun it by hand" ||
	fail "the job file's head: $(grep -A1 'by hand' "$D/$A/jobs/pslc-fill.fio")"
[ -z "$(our_ssh)" ] && pass "no ssh left after the resumed run" || fail "ssh left: $(our_ssh)"

# ---- a host whose key is not the one pinned: named, nothing run ------------------------
expect_rc 1 "a host whose key does not match" "$RUN" --suite pslc --model qlc-1tb --scale 1000 \
	--host "forged:$P1" --out "$W/forged" --yes --eta never
expect_out "\[forged-$P1\] FAILED at [a-z-]*: forged could not be reached through SSH: no tunnel to its 127.0.0.1:$P1 \(ssh exit 255: .*[Hh]ost key" \
	"named: ssh refused the host's key, the step never started"

# ---- ssdq-run stopped by SIGTERM mid-step: exit 130, its tunnels closed -----------------
"$RUN" --suite pslc --model qlc-1tb --scale 1000 --host "lab1:$P1" --out "$W/term" --yes --eta never \
	>"$W/term.out" 2>&1 &
rpid=$!
if wait_for "$W/term/$A/pslc-fill.out" 'ssdq: progress .* phase=io' 120; then
	kill -TERM "$rpid"
	wait "$rpid"
	rc=$?
	[ $rc = 130 ] && pass "SIGTERM mid-step through SSH: exit 130" || { fail "SIGTERM: exit $rc"; tail -n 5 "$W/term.out" | sed 's/^/    /'; }
	grep -q "client pslc-fill on $A exited" "$W/term/ssdq-run.log" && ! grep -q 'did not stop within' "$W/term.out" &&
		pass "its fio stopped through its trigger file, over the tunnel ($(sed -n "s/.*client pslc-fill on $A //p" "$W/term/ssdq-run.log" | tail -n 1))" ||
		fail "its fio: $(grep 'client pslc-fill' "$W/term/ssdq-run.log") $(grep 'did not stop' "$W/term.out")"
	[ -z "$(our_ssh)" ] && pass "no ssh left after SIGTERM" || fail "ssh left after SIGTERM: $(our_ssh)"
else
	fail "the run never reported progress: $(tail -n 5 "$W/term.out")"
fi

# ---- ssdq-run killed with SIGKILL: its watchdog ends the tunnels ------------------------
"$RUN" --suite pslc --model qlc-1tb --scale 1000 --host "lab1:$P1" --out "$W/killed" --yes --eta never \
	>"$W/killed.out" 2>&1 &
rpid=$!
if wait_for "$W/killed/ssdq-run.log" "tunnel to lab1 .* open" 60; then
	kill -KILL "$rpid"; wait "$rpid" 2>/dev/null
	i=0; while [ -n "$(our_ssh)" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	[ -z "$(our_ssh)" ] && pass "ssdq-run killed (SIGKILL): its tunnels' ssh ended by its watchdog" ||
		fail "ssh left after ssdq-run was killed: $(our_ssh)"
	i=0; while [ -n "$(ls -d "$W"/tmp/ssdq-ssh.* 2>/dev/null)" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	[ -z "$(ls -d "$W"/tmp/ssdq-ssh.* 2>/dev/null)" ] && pass "and its tunnels' directory removed" ||
		fail "left: $(ls -d "$W"/tmp/ssdq-ssh.*)"
	# its fio client, which lost the server: ended, or ended here
	for p in $(pgrep -f -- "--trigger-file=$W/killed/"); do kill -KILL "$p" 2>/dev/null; done
else
	fail "the run never opened its tunnel: $(tail -n 5 "$W/killed.out")"
fi
summary
