#!/bin/sh
# ssdq-run --host on the drive model, with fio --server on this machine at
# free ports picked now (each server in a directory of its own) and real fio
# and ssdq.so: the consumer suite on two servers at one address (ports apart)
# while one of them is killed mid-suite (the other completes, the dead one is
# named, the same command resumes it after a restart), every DIR/<target>/
# complete with the sidecars fio's own connection brought and nothing left
# behind on the servers, ssdq-report comparing the two drives; two namespaces
# of one server in parallel; a client/server JSON of two hosts read as two
# drives; the refusals of bad host lists. Waits poll; nothing depends on speed.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT_BIN:-$top/build/ssdq-report}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-hosts.XXXXXX")
SERVERS=''

# descendants PID: every process below PID
descendants() {
	for _s in /proc/[0-9]*/stat; do
		_pp=$(sed 's/^.*) //' "$_s" 2>/dev/null | cut -d' ' -f2)
		[ "$_pp" = "$1" ] || continue
		_c=${_s#/proc/}; _c=${_c%/stat}
		descendants "$_c"
		echo "$_c"
	done
}
# kill_tree PID: PID and everything below it, with SIGKILL (as a host dies)
kill_tree() {
	for _p in $(descendants "$1") "$1"; do kill -KILL "$_p" 2>/dev/null; done
	wait "$1" 2>/dev/null
}
cleanup() {
	for _p in $SERVERS; do kill_tree "$_p"; done
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"; rm -f "$T_OUT"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export SSDQ_SO="$SO" SSDQ_SERVER_SO="$SO" SSDQ_REPORT=none
unset SSDQ_SPAN SSDQ_FIO

# ---- host lists that are refused ------------------------------------------------
expect_rc 2 "one power meter channel on two namespaces of a host" "$RUN" --suite pslc \
	--host "h1=/dev/ng0n1 power=qis:meter:5025" --host "h1=/dev/ng1n1 power=qis:meter:5025" \
	--out "$W/x" --dry-run
expect_out "same power source qis:meter:5025: one meter channel measures one drive" \
	"the shared channel is refused, named"
printf '# lab rack 3\nh1:8765=/dev/ng0n1\nh2:99999=/dev/ng0n1\n' >"$W/hosts"
expect_rc 2 "a hosts file with a bad port" "$RUN" --suite pslc --hosts "$W/hosts" --out "$W/x" --dry-run
expect_out "$W/hosts:3: port 99999 is outside 1-65535" "names the file and line"
expect_rc 2 "a block node on a host" "$RUN" --suite pslc --host h1=/dev/nvme0n1 --out "$W/x" --dry-run
expect_out "generic node /dev/ng0n1" "names the generic node"
expect_rc 2 "a host without a namespace" "$RUN" --suite pslc --host h1 --out "$W/x" --dry-run
expect_out "no namespace for h1" "says what to add"
expect_rc 2 "a namespace listed twice" "$RUN" --suite pslc --host h1=/dev/ng0n1 \
	--host h1:8765=/dev/ng0n1 --out "$W/x" --dry-run
expect_out "listed twice" "says so"
[ ! -e "$W/x" ] && pass "refusals create no results directory" || fail "a refusal created $W/x"

# ---- two servers at one address, one killed mid-suite -----------------------------
P1=$(free_port) P2=$(free_port)
start_server s1 "$P1"
start_server s2 "$P2"
A=127.0.0.1-$P1 B=127.0.0.1-$P2
NS=$(count_suite_steps "$top/jobs/suites/consumer.suite")
D=$W/two
run_two() {
	"$RUN" --suite consumer --model qlc-1tb --scale 1000 --host "127.0.0.1:$P1" \
		--host "127.0.0.1:$P2" --out "$D" --yes >"$W/run$1.out" 2>&1
}
run_two 1 &
rpid=$!
if wait_for "$D/$B/ssdq-run.state" '^prep-span$'; then
	kill_tree "$(cat "$W/s2.pid")"
	pass "server 2 killed after its step 4 (prep-span)"
else
	fail "server 2 never finished prep-span"
fi
wait $rpid
rc=$?
sed 's/^/    /' "$W/run1.out" | tail -n 12
[ $rc = 1 ] && pass "a host gone mid-suite: exit 1" || fail "a host gone mid-suite: exit $rc, wanted 1"
grep -q "\[$B\] FAILED at [a-z-]*: 127.0.0.1:$P2 could not be reached or went away" "$W/run1.out" &&
	pass "the dead host is named with the step it failed at" ||
	{ fail "the dead host is not named so"; grep -A3 FAILED "$W/run1.out" | sed 's/^/    /'; }
grep -q "FAILED on $B" "$W/run1.out" && pass "the run's last words name the failed host" ||
	fail "the run's end does not name $B"
[ "$(grep -c . "$D/$A/ssdq-run.state")" = "$NS" ] && pass "the other host completed all $NS steps" ||
	fail "the other host completed $(grep -c . "$D/$A/ssdq-run.state") of $NS steps"
nb=$(grep -c . "$D/$B/ssdq-run.state")
[ "$nb" -ge 4 ] && [ "$nb" -lt "$NS" ] && pass "the dead host's state holds its $nb finished steps" ||
	fail "the dead host's state holds $nb steps"

start_server s2 "$P2"
run_two 2
rc=$?
[ $rc = 0 ] && pass "restarted host, same command: exit 0" ||
	{ fail "restarted host, same command: exit $rc"; tail -n 20 "$W/run2.out" | sed 's/^/    /'; }
grep -q "$B: 127.0.0.1:$P2 .*, $nb of $NS tests finished earlier" "$W/run2.out" &&
	pass "the rerun resumes the dead host after its $nb steps" || fail "the rerun does not say it resumes $B"
grep -q "\[$A\]" "$W/run2.out" && fail "the rerun ran steps on the finished host again" ||
	pass "the rerun leaves the finished host alone"
[ "$(grep -c . "$D/$B/ssdq-run.state")" = "$NS" ] && pass "the resumed host completed all $NS steps" ||
	fail "the resumed host completed $(grep -c . "$D/$B/ssdq-run.state") of $NS steps"

# the trace a server replays: the path here when SSDQ_SERVER_JOBS is unset (a server of this machine)
grep -qx "read_iolog=$top/jobs/traces/office.iolog	# SSDQ_TRACE" "$D/$A/jobs/trace-replay.fio" &&
	pass "a server of this machine replays the library's trace from its path here" ||
	fail "trace-replay's read_iolog on a host: $(grep '^read_iolog' "$D/$A/jobs/trace-replay.fio")"

# every target's directory complete, under the usual names, its own
for t in "$A" "$B"; do
	miss=$(results_missing "$D/$t" prefill burst-seq-read burst-seq-write prep-span sustained-seq-read \
		sustained-seq-write frag sustained-seq-read-frag fill burst-seq-read-full burst-seq-write-full \
		sustained-seq-read-full sustained-seq-write-full)
	[ -s "$D/$t/device.json" ] || miss="$miss device.json"
	[ -z "$miss" ] && pass "$t: every step's JSON, bw log, power, SMART and events sidecars, device.json" ||
		fail "$t: missing:$miss"
	left=$(find "$D/$t" -name '*.127.0.0.1')
	[ -z "$left" ] && pass "$t: no file left under fio's <name>.<host>" || fail "$t: left as <name>.<host>: $left"
	grep -q "\"filename\":\"ssdq-model-$t.state\"" "$D/$t/fill_events.1.jsonl" &&
		pass "$t: its events are its own drive's (filename ssdq-model-$t.state): nothing overwritten" ||
		fail "$t: fill_events.1.jsonl does not name ssdq-model-$t.state"
	grep -q "<[^>]*> ssdq: ssdq-model-$t.state: erased (model)" "$D/$t/prefill.stderr" &&
		pass "$t: the server's ssdq message reached the controller (prefill.stderr)" ||
		fail "$t: no server-side ssdq message in prefill.stderr"
done
for s in s1 s2; do
	other=$(find "$W/$s" -mindepth 1 ! -name 'ssdq-model-*.state')
	[ -z "$other" ] && pass "server $s kept nothing but its model state" || fail "server $s left: $other"
done

# ssdq-report compares the two drives
if "$REPORT" --format json "$D/$A" "$D/$B" >"$W/rep.json" 2>"$W/rep.err"; then
	pass "ssdq-report reads both targets"
else
	fail "ssdq-report on both targets failed"; sed 's/^/    /' "$W/rep.err" | head
fi
python3 - "$W/rep.json" "$A" "$B" <<'EOF' && pass "the report: two drives, each with power and an SLC cache from its own logs" || fail "the report does not compare two drives with their power"
import json, sys
r = json.load(open(sys.argv[1]))
names = [d["name"] for d in r["drives"]]
assert len(names) == 2 and names[0] != names[1], names
# drives in the natural order of their names (issue 22), not the command line's
assert sorted(sum(a in n for n in names) for a in sys.argv[2:4]) == [1, 1], names
fills = [j for t in r["tests"] if t["file"].endswith("/fill.json") for j in t["jobs"]]
assert len(fills) == 2, len(fills)
for j in fills:
    assert j["power_w"] and j["power_w"] > 0, j
    assert j["fill"]["slc_cache_gb"] and j["fill"]["slc_cache_gb"] > 0, j["fill"]
EOF

# ---- two namespaces of one server in parallel ------------------------------------
D2=$W/pair
expect_rc 0 "two namespaces of one server" "$RUN" --suite pslc --model qlc-1tb --scale 1000 \
	--host "127.0.0.1:$P1=$W/s1/a.state" --host "127.0.0.1:$P1=$W/s1/b.state" --out "$D2" --yes
[ -n "$(results_missing "$D2/127.0.0.1-$P1-a" pslc-fill)$(results_missing "$D2/127.0.0.1-$P1-b" pslc-fill)" ] &&
	fail "the two namespaces' results are not complete" || pass "both namespaces' results complete"
clients_at_once "$D2/ssdq-run.log" pslc-fill "127.0.0.1-$P1-a" "127.0.0.1-$P1-b" &&
	pass "their pSLC fills ran at once (both fio --client started before either ended)" ||
	{ fail "the two namespaces did not both run at once"; grep pslc-fill "$D2/ssdq-run.log" | sed 's/^/    /'; }

# ---- a client/server JSON of two hosts: two drives --------------------------------
mkdir -p "$W/cs" && cd "$W/cs" || exit 1
for h in a b; do
	printf '[global]\nioengine=external:%s\nfilename=%s/%s/cs-%s.state\nssdq_model=qlc-1tb\nssdq_model_scale=1000\nssdq_power_rate=200\nlog_unix_epoch=1\nwrite_bw_log=w\nbs=128k\nsize=256m\n[w]\nrw=write\n' \
		"$SO" "$W" s1 "$h" >"$h.fio"
done
# two names of this machine: fio's client names the logs by the name given
fio --client="localhost,$P1" a.fio --client="127.0.0.1,$P2" b.fio --output-format=json+ >run.json 2>run.err ||
	fail "fio --client of two hosts failed: $(cat run.err)"
cd "$top" || exit 1
"$REPORT" --format json "$W/cs" >"$W/cs.rep" 2>/dev/null
python3 - "$W/cs.rep" <<'EOF' && pass "a two-host client/server JSON: a drive per host, each its own row with its own power log" || fail "a two-host client/server JSON is not read as two drives"
import json, sys
r = json.load(open(sys.argv[1]))
names = [d["name"] for d in r["drives"]]
assert len(names) == 2 and sorted(n[n.rindex("("):] for n in names) == ["(127.0.0.1)", "(localhost)"], names
rows = [j for t in r["tests"] for j in t["jobs"]]
assert len(rows) == 2, len(rows)
for j in rows:
    assert j["power_w"] and j["power_w"] > 0, j
EOF
summary
