#!/bin/sh
# The drive's power settings on the drive model (no device, no root): a
# job's ssdq_power_state, ssdq_apst and ssdq_apst_table set at its start,
# recorded in its events sidecar (power_settings) and put back after the
# run; each job of a run at its own state; bad values refused naming the
# option; and the settings put back after fio's main process is killed,
# with -9 too (the guard). Each check reads what the drive model holds
# afterwards, through a later job's power_settings event and device.json.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d)
BG=
cleanup() {
	for _p in $BG; do kill -KILL "$_p" 2>/dev/null; done
	rm -rf "$W" "$T_OUT"
}
trap cleanup EXIT
cd "$W" || exit 1
M="--ioengine=external:$SO --ssdq_model=qlc-1tb --ssdq_model_scale=1000 --filename=$W/drive"
R="--rw=randread --bs=4k --size=16m --io_size=1m"

# field NAME FILE: the first power_settings event's member NAME (JSON text)
field() {
	python3 -c 'import json, sys
for l in open(sys.argv[2]):
    e = json.loads(l)
    if e["event"] == "power_settings":
        print(json.dumps(e.get(sys.argv[1]))); break' "$1" "$2"
}

# settings_now: the model's power state and APST as a job that asks nothing finds them
settings_now() {
	rm -f look_events.1.jsonl
	fio --name=look $M $R --output=look.json >look.out 2>&1 || { cat look.out; return 1; }
	echo "ps=$(field ps look_events.1.jsonl) apst=$(field apst look_events.1.jsonl)"
}

[ "$(settings_now)" = "ps=0 apst=false" ] && pass "the model ships in PS0 with APST off" ||
	fail "as shipped: $(settings_now)"

# ---- set for the job, recorded, put back -----------------------------------------------------
expect_rc 0 "a job at PS2 with APST on runs" \
	fio --name=set $M $R --ssdq_power_state=2 --ssdq_apst=on --output=set.json
expect_out "set: .*/drive: power state 2, APST on for this job \(put back after the run\)" \
	"the job says what it set"
[ "$(field ps set_events.1.jsonl) $(field apst set_events.1.jsonl)" = "2 true" ] &&
	pass "its events record PS2 and APST on" || fail "event: $(grep power_settings set_events.1.jsonl)"
[ "$(field was set_events.1.jsonl)" = '{"ps": 0, "apst": false}' ] &&
	pass "and what the drive was before" || fail "was: $(field was set_events.1.jsonl)"
[ "$(field asked set_events.1.jsonl)" = '{"ps": 2, "apst": "on"}' ] &&
	pass "and what the job asked" || fail "asked: $(field asked set_events.1.jsonl)"
python3 -c 'import json, sys; d = json.load(open("device.json"))
sys.exit(not (d["power_state_current"] == 2 and d["apst"]["enabled"] and len(d["power_states"]) == 5))' &&
	pass "device.json holds the job's state, APST and the five descriptors" ||
	fail "device.json: $(python3 -c 'import json; d = json.load(open("device.json")); print(d["power_state_current"], d["apst"])')"
[ "$(settings_now)" = "ps=0 apst=false" ] && pass "the run put them back" ||
	fail "after the run: $(settings_now)"

# ---- each job of a run at its own state ----------------------------------------------------
expect_rc 0 "a run of three jobs, PS0, PS1 and PS2, one after the other" \
	fio $M $R --name=p0 --ssdq_power_state=0 --name=p1 --stonewall --ssdq_power_state=1 \
		--name=p2 --stonewall --ssdq_power_state=2 --output=per.json
ok=1
for n in 0 1 2; do
	[ "$(field ps p$n"_events.$((n + 1)).jsonl")" = "$n" ] || ok=0
done
[ $ok = 1 ] && pass "each job's events record its own state" ||
	fail "states: $(grep -h power_settings p?_events.*.jsonl)"
[ "$(settings_now)" = "ps=0 apst=false" ] && pass "and the run put PS0 back" ||
	fail "after the run: $(settings_now)"

expect_rc 0 "a job with its own APST table" \
	fio --name=tab $M $R --ssdq_apst_table=0\>4@300 --output=tab.json
[ "$(field transitions tab_events.1.jsonl) $(field apst tab_events.1.jsonl)" = "[[0, 4, 300]] true" ] &&
	pass "the table is set, and APST on with it" || fail "table: $(grep power_settings tab_events.1.jsonl)"
fio --name=look2 $M $R --output=look2.json >/dev/null 2>&1
[ "$(field transitions look2_events.1.jsonl)" = "[[0, 3, 100], [1, 3, 100], [2, 3, 100], [3, 4, 2000]]" ] &&
	pass "the drive's own table is put back" || fail "table after: $(field transitions look2_events.1.jsonl)"

# ---- refusals ------------------------------------------------------------------------------
expect_rc 1 "a state past the table is refused" fio --name=bad $M $R --ssdq_power_state=5
expect_out "ssdq_power_state=5: .*/drive has 5 power states \(0 to 4\)" "naming the option and the table"
expect_rc 1 "a state that is no number is refused" fio --name=bad $M $R --ssdq_power_state=fast
expect_out "ssdq_power_state=fast: give keep or a power state, 0 to 31" "naming the option"
expect_rc 1 "a bad APST table is refused" fio --name=bad $M $R --ssdq_apst_table=0-3
expect_out "ssdq_apst_table=0-3: give FROM>TO@MS transitions" "naming the option and its form"
expect_rc 1 "a table to an operational state is refused by the drive" \
	fio --name=bad $M $R --ssdq_apst_table=0\>1@100
expect_out "not a non-operational one" "saying why"
expect_rc 1 "APST on a drive without it is refused" \
	fio --name=bad --ioengine=external:"$SO" --ssdq_model=sata-1tb --ssdq_model_scale=1000 \
		--filename="$W/sata" $R --ssdq_apst=on
expect_out "ssdq_apst=on: .*/sata has no APST" "naming the drive"
[ "$(settings_now)" = "ps=0 apst=false" ] && pass "refused runs change nothing" ||
	fail "after refusals: $(settings_now)"

# ---- put back after a kill -------------------------------------------------------------------
for sig in TERM KILL; do
	rm -f long_events.1.jsonl
	fio --name=long $M --rw=randread --bs=4k --size=16m --time_based --runtime=60 \
		--ssdq_power_state=2 --ssdq_apst=on --output=long.json >long.out 2>&1 &
	pid=$!
	BG="$BG $pid"
	wait_for long_events.1.jsonl '"event":"power_settings"' ||
		fail "SIG$sig: the job never set its power settings"
	kill -"$sig" "$pid"
	wait "$pid" 2>/dev/null
	_i=0
	while [ "$(settings_now)" != "ps=0 apst=false" ] && [ $_i -lt 50 ]; do
		_i=$((_i + 1))
		sleep 0.1
	done
	[ "$(settings_now)" = "ps=0 apst=false" ] &&
		pass "SIG$sig to fio's main process: the settings are put back" ||
		fail "after SIG$sig: $(settings_now); $(cat long.out)"
done
grep -q "/drive: fio ended without putting them back: power settings put back (power state 0, APST off)" long.out &&
	pass "after kill -9 the guard says it put them back" || fail "guard: $(cat long.out)"
summary
