#!/bin/sh
# ssdq-run --device given more than once: several namespaces of this machine
# in one suite run, in parallel (one fio each), each in DIR/<namespace>/ with
# its own sampler, on the drive model's state files with real fio and
# ssdq.so: the consumer suite on two drives while one of them loses its state
# file mid-suite (the other completes, the failed one is named with its step,
# the same command resumes it once the file is back), the drives' steps
# run at once (both fio started before either ended), every directory
# complete, ssdq-report comparing the two; a run stopped with SIGTERM resumes;
# the refusals: one power meter channel for two namespaces, a namespace listed
# twice, two state files that would share a directory, bad nodes. Waits
# poll; nothing depends on speed.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT_BIN:-$top/build/ssdq-report}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-devices.XXXXXX")
trap '[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"; rm -f "$T_OUT"' EXIT
trap 'exit 130' INT TERM
export SSDQ_SO="$SO" SSDQ_REPORT=none
unset SSDQ_FIO
cd "$W" || exit 1

# ---- refusals ---------------------------------------------------------------------
m="--suite pslc --model qlc-1tb --scale 1000 --dry-run"
# shellcheck disable=SC2086 # m: options, a word each
{
expect_rc 2 "one --set power meter for two namespaces" "$RUN" $m --device a.state --device b.state \
	--set SSDQ_POWER=cmd:/bin/true --out x
expect_out "a.state and $W/b.state name the same power source cmd:/bin/true \(--set SSDQ_POWER is every namespace's\): one meter channel measures one drive" \
	"the shared channel is refused, both namespaces named"
expect_rc 2 "one power= meter for two namespaces" "$RUN" $m --device "a.state power=qis:meter:5025" \
	--device "b.state power=qis:meter:5025" --out x
expect_out "same power source qis:meter:5025: one meter channel measures one drive; give each namespace its own \(power=SPEC with its --device\)" \
	"says how to give each its own"
expect_rc 0 "a power source each: accepted" "$RUN" $m --device "a.state power=cmd:/bin/true" \
	--device "b.state power=cmd:/bin/false" --out x
expect_out "  b: $W/b.state, power cmd:/bin/false" "the plan names each namespace's power source"
expect_rc 2 "a namespace listed twice" "$RUN" $m --device a.state --device "$W/a.state" --out x
expect_out "$W/a.state is listed twice" "says so"
mkdir -p p q
expect_rc 2 "two state files of one name" "$RUN" $m --device p/a.state --device q/a.state --out x
expect_out "p/a.state and $W/q/a.state would share the results directory a" "names the directory"
expect_rc 2 "engine= on this machine" "$RUN" $m --device "a.state engine=/x.so" --device b.state --out x
expect_out "engine= is for test hosts" "says it is for hosts"
}
expect_rc 2 "a block node among several" "$RUN" --suite pslc --scale 1000 --device /dev/nvme0n1 \
	--device /dev/ng1n1 --out x --dry-run
expect_out "/dev/nvme0n1 is a block node: ssdq drives namespaces through the generic node /dev/ng0n1" "names the generic node"
expect_rc 2 "a namespace that is not there" "$RUN" --suite pslc --scale 1000 --device /dev/ng97n1 \
	--device /dev/ng98n1 --out x --dry-run
expect_out "/dev/ng97n1 is not a character device" "names it"
expect_rc 2 "several power sources for all, on devices" "$RUN" --suite pslc --scale 1000 --device /dev/ng97n1 \
	--device /dev/ng98n1 --set 'SSDQ_POWER=nvme-ps;cmd:/bin/true' --out x --dry-run
expect_out "give each --device 'DEV power=SPEC'" "says how to give them"
[ ! -e x ] && pass "refusals and dry runs create no results directory" || fail "a refusal created $W/x"

# ---- the consumer suite on two drives; one loses its state file mid-suite ---------
D=$W/two
NS=$(count_suite_steps "$top/jobs/suites/consumer.suite")
NF=$(suite_step_no "$top/jobs/suites/consumer.suite" fill.fio)
run_two() {
	"$RUN" --suite consumer --model qlc-1tb --scale 1000 --device "$W/a.state" --device "$W/b.state" \
		--out "$D" --yes >"$W/run$1.out" 2>&1
}
run_two 1 &
rpid=$!
if wait_for "$D/b/ssdq-run.state" '^fill$'; then
	# the drive goes away: its state file moved aside (a step running keeps it open)
	mv b.state b.state.away && mkdir b.state
	pass "b's state file taken away after its step $NF (fill)"
else
	fail "b never finished fill"
fi
wait $rpid
rc=$?
sed 's/^/    /' "$W/run1.out" | tail -n 8
[ $rc = 1 ] && pass "a namespace failing mid-suite: exit 1" || fail "a namespace failing mid-suite: exit $rc, wanted 1"
grep -q '\[b\] FAILED at [a-z-]*: ' "$W/run1.out" && pass "the failed namespace is named with the step it failed at" ||
	{ fail "the failed namespace is not named so"; grep -A3 FAILED "$W/run1.out" | sed 's/^/    /'; }
grep -q "FAILED on b" "$W/run1.out" && pass "the run's last words name it" || fail "the run's end does not name b"
[ "$(grep -c . "$D/a/ssdq-run.state")" = "$NS" ] && pass "the other namespace completed all $NS steps" ||
	fail "the other namespace completed $(grep -c . "$D/a/ssdq-run.state") of $NS steps"
nb=$(grep -c . "$D/b/ssdq-run.state")
[ "$nb" -ge "$NF" ] && [ "$nb" -lt "$NS" ] && pass "the failed namespace's state holds its $nb finished steps" ||
	fail "the failed namespace's state holds $nb steps"
clients_at_once "$D/ssdq-run.log" fill a b && pass "the two namespaces' whole-drive fills ran at once (both fio started before either ended)" ||
	{ fail "the two namespaces' fills did not run at once"; grep ' fill' "$D/ssdq-run.log" | sed 's/^/    /'; }

rmdir b.state && mv b.state.away b.state
run_two 2
rc=$?
[ $rc = 0 ] && pass "the state file back, same command: exit 0" ||
	{ fail "the state file back, same command: exit $rc"; tail -n 20 "$W/run2.out" | sed 's/^/    /'; }
grep -q "  b: $W/b.state .*, $nb of $NS tests finished earlier" "$W/run2.out" &&
	pass "the rerun resumes b after its $nb steps" || fail "the rerun does not say it resumes b"
grep -q "\[a\]" "$W/run2.out" && fail "the rerun ran steps on the finished namespace again" ||
	pass "the rerun leaves the finished namespace alone"
[ "$(grep -c . "$D/b/ssdq-run.state")" = "$NS" ] && pass "the resumed namespace completed all $NS steps" ||
	fail "the resumed namespace completed $(grep -c . "$D/b/ssdq-run.state") of $NS steps"

for t in a b; do
	# shellcheck disable=SC2046 # step names, one a word
	miss=$(results_missing "$D/$t" $(awk '!/^#/ && NF { n = split($1, p, "/"); sub(/\.fio$/, "", p[n]); print p[n] }' \
		"$top/jobs/suites/consumer.suite"))
	[ -s "$D/$t/device.json" ] || miss="$miss device.json"
	[ -z "$miss" ] && pass "$t: every step's JSON, bw log, power, SMART and events sidecars, device.json" ||
		fail "$t: missing:$miss"
	grep -q "\"filename\":\"$W/$t.state\"" "$D/$t/fill_events.1.jsonl" &&
		pass "$t: its events are its own drive's ($t.state): its own sampler, nothing shared" ||
		fail "$t: fill_events.1.jsonl does not name $W/$t.state"
	grep -q "ssdq: $W/$t.state: erased (model)" "$D/$t/prefill.stderr" &&
		pass "$t: its ssdq messages in its own prefill.stderr" || fail "$t: no ssdq message in prefill.stderr"
done
grep -q "\[a\] ssdq: $W/a.state: erased (model)" "$W/run1.out" &&
	pass "ssdq's messages reach the terminal named by namespace" || fail "no [a] ssdq: message on the terminal"
if "$REPORT" --format json "$D/a" "$D/b" >"$W/rep.json" 2>"$W/rep.err"; then
	pass "ssdq-report reads both"
else
	fail "ssdq-report on both failed"; sed 's/^/    /' "$W/rep.err" | head
fi
python3 - "$W/rep.json" <<'EOF' && pass "the report: two drives, each with power and an SLC cache from its own logs" || fail "the report does not compare two drives with their power"
import json, sys
r = json.load(open(sys.argv[1]))
assert [d["dir"].rstrip("/").rsplit("/", 1)[-1] for d in r["drives"]] == ["a", "b"], r["drives"]
fills = [j for t in r["tests"] if t["file"].endswith("/fill.json") for j in t["jobs"]]
assert len(fills) == 2, len(fills)
for j in fills:
    assert j["power_w"] and j["power_w"] > 0, j
    assert j["fill"]["slc_cache_gb"] and j["fill"]["slc_cache_gb"] > 0, j["fill"]
EOF

# ---- SIGTERM stops every namespace's fio; the same command resumes ------------------
D3=$W/term
set -- --suite pslc --model qlc-1tb --scale 1000 --device "$W/c.state" --device "$W/d.state" --out "$D3" --yes
"$RUN" "$@" >"$W/term1.out" 2>&1 &
rpid=$!
if wait_for "$D3/c/pslc-fill_events.1.jsonl" job_start && wait_for "$D3/d/pslc-fill_events.1.jsonl" job_start; then
	kill -TERM $rpid
	t0=$(date +%s)
	wait $rpid
	rc=$?
	t1=$(date +%s)
	[ $rc = 130 ] && pass "SIGTERM during the fills: exit 130" || fail "SIGTERM during the fills: exit $rc, wanted 130"
	[ $((t1 - t0)) -lt 30 ] && pass "both fio stopped through their trigger files (in $((t1 - t0)) s, not killed after 30)" ||
		fail "the run took $((t1 - t0)) s to stop"
	[ ! -s "$D3/c/ssdq-run.state" ] && [ ! -s "$D3/d/ssdq-run.state" ] &&
		pass "neither interrupted fill counts as done" || fail "an interrupted fill was recorded as done"
else
	fail "the pSLC fills never started"; kill -TERM $rpid; wait $rpid
fi
"$RUN" "$@" >"$W/term2.out" 2>&1
rc=$?
[ $rc = 0 ] && [ "$(cat "$D3/c/ssdq-run.state" "$D3/d/ssdq-run.state")" = "pslc-fill
pslc-fill" ] && pass "the same command again completes both" ||
	{ fail "the rerun after SIGTERM: exit $rc"; tail -n 10 "$W/term2.out" | sed 's/^/    /'; }
clients_at_once "$D3/ssdq-run.log" pslc-fill c d && pass "their pSLC fills ran at once (both fio started before either ended)" ||
	{ fail "the pSLC fills did not run at once"; grep pslc-fill "$D3/ssdq-run.log" | sed 's/^/    /'; }
summary
