# ssdq_power_state and ssdq_apst on QEMU's controller: one power state, no APST.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
ps0() { grep -qi 'Current value: *\(0x\)\?0*$' "$R/$1"; }
ps0 ps-before.out; ok $? "QEMU's controller is in PS0 before the run (Get Features 02h)" \
	"$(cat "$R/ps-before.out")"
grep -q 'Feature Not Changeable' "$R/ps-set.out"
ok $? "QEMU refuses Set Features 02h (nvme-cli's set-feature): Feature Not Changeable" \
	"$(cat "$R/ps-set.out")"
fio_ok ps0 "a job with ssdq_power_state=0 ran"
grep -q '"event":"power_settings","job":"ps0","ps":0,"npss":1,"apst":null,"transitions":\[\],"asked":{"ps":0,"apst":"keep"},"was":{"ps":0,"apst":null}' \
	"$R"/ps0_events.*.jsonl 2>/dev/null
ok $? "its power_settings event: PS0 of one, no APST, PS0 before" \
	"$(grep -h power_settings "$R"/ps0_events.*.jsonl 2>&1 | cut -c1-300)"
[ "$(jq '.power_states | length' "$R/ps0.device.json" 2>/dev/null)" = 1 ] &&
	[ "$(jq -c '.apst' "$R/ps0.device.json" 2>/dev/null)" = '{"supported":false,"enabled":false,"transitions":[]}' ]
ok $? "device.json: one power state, APST unsupported" \
	"$(jq -c '[.power_states, .apst]' "$R/ps0.device.json" 2>&1 | cut -c1-300)"
[ "$(rc_of ps1)" = 1 ] && err_has ps1 "ssdq_power_state=1: .* has 1 power states (0 to 0)"
ok $? "ssdq_power_state=1 is refused naming the table" "$(rc_of ps1): $(first_err ps1)"
[ "$(rc_of apst)" = 1 ] && err_has apst "ssdq_apst=on: .* has no APST"
ok $? "ssdq_apst=on is refused: no APST" "$(rc_of apst): $(first_err apst)"
[ "$(bytes ps1 read)" = 0 ] || [ "$(bytes ps1 read)" = no-json ] || [ "$(bytes ps1 read)" = null ]
ok $? "the refused job read nothing" "$(bytes ps1 read)"
ps0 ps-after.out; ok $? "PS0 after the runs" "$(cat "$R/ps-after.out")"
