#!/bin/sh
# The drive's own power reports on the drive model, end to end, against the
# model's own account: its Power Measurement (the events' drive_power, read
# by the model-pm source beside the model: meter) within 2 % of the model's
# energy account of the job (model_energy; both are the model's, they differ
# only by the sampler's span around the job at idle power), ssdq-report's
# drive figures within 1 % of the meter's and said within the drive's
# stated 1 %; alone (ssdq_power=model-pm:), the job's energy is the drive's
# (energy_from "drive"); its OCP C0h power fields in the SMART lines and
# device.json; and a power source nvme-pm on something that is no NVMe
# controller refused, named. Holds on a busy host: every figure is the
# model's account, none a speed. No device.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT

# run DIR [ENGINE OPTIONS]: 512 MB of a 1/1000 qlc-1tb (half its namespace) into $W/DIR
run() {
	d=$W/$1; mkdir -p "$d"; shift
	(cd "$d" && fio_rt --name=w --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
		--ssdq_model_scale=1000 --filename="$d/model.state" --rw=write --bs=128k \
		--size=512m --ssdq_power_rate=200 --ssdq_smart_interval=0.1 --write_bw_log=w \
		--log_unix_epoch=1 --output-format=json+ --output=w.json "$@") >"$T_OUT" 2>&1
}
jget() { jq -r ".tests[0].jobs[0] | $2" "$1.report.json"; }
ev() { grep "\"event\":\"$2\"" "$1"/w_events.1.jsonl | tail -n 1; }
truth_j() { ev "$1" model_energy | sed -n 's/.*"truth":"\([0-9.]*\) J in.*/\1/p'; }

if run meter; then pass "beside the meter: the job ran"; else
	fail "beside the meter: the job ran"; sed 's/^/    /' "$T_OUT" | head; fi
d=$W/meter
dp=$(ev "$d" drive_power)
[ -n "$dp" ] && pass "a drive_power event at the job's end" || fail "no drive_power event"
expect_near "the drive's joules against the model's account" \
	"$(printf '%s' "$dp" | jq -r .joules)" "$(truth_j "$d")" 2
printf '%s' "$dp" | jq -e '.beside == true and .estimated == true and .percent_error == 1 and .count > 100' \
	>/dev/null && pass "beside the meter, estimated by the model, its 1 % stated" ||
	fail "drive_power: $dp"
"$REPORT" --format json "$d" >"$d.report.json" 2>"$d.report.err" || fail "ssdq-report read it"
expect_near "the report's drive J against its meter J" "$(jget "$d" .drive_energy_j)" \
	"$(jget "$d" .energy_j)" 1 "meter"
[ "$(jget "$d" .drive.within)" = within ] && [ "$(jget "$d" .energy_from)" = samples ] &&
	pass "the drive within its stated accuracy of the meter ($(jget "$d" .drive_vs_meter_pct) %), the joules the meter's" ||
	fail "drive $(jget "$d" -c .drive), energy_from $(jget "$d" .energy_from)"
"$REPORT" "$d" >"$T_OUT" 2>&1
expect_out "^  the drive's own \(model-pm, estimated, ±1 %\): [0-9.]+ W, [0-9.]+ J, largest interval [0-9.]+ W; against the meter [-+][0-9.]+ %, within its stated accuracy" \
	"the text's line of the drive's own"
expect_out "; energy from the power samples$" "the text says where the joules came from"
tail -n 1 "$d"/w_smart.1.jsonl | jq -e '.ocp.log_page_version == 4 and .ocp.max_peak_power_capability == 6 and .ocp.current_max_avg_power == 6 and .ocp.lifetime_power_consumed >= 1' \
	>/dev/null && pass "the SMART lines carry the model's C0h power fields" ||
	fail "SMART ocp: $(tail -n 1 "$d"/w_smart.1.jsonl | jq -c .ocp)"
jq -e '.power_measurement.supported == true and .power_measurement.sample_us == 1000 and .ocp_power.max_peak_power_capability_w == 6' \
	"$d/device.json" >/dev/null && pass "device.json: the feature and the C0h power fields" ||
	fail "device.json: $(jq -c '{power_measurement, ocp_power}' "$d/device.json")"

if run alone --ssdq_power="model-pm:$W/alone/model.state"; then pass "the drive alone: the job ran"; else
	fail "the drive alone: the job ran"; sed 's/^/    /' "$T_OUT" | head; fi
d=$W/alone
"$REPORT" --format json "$d" >"$d.report.json" 2>"$d.report.err" || fail "ssdq-report read it"
[ "$(jget "$d" .energy_from)" = drive ] && [ "$(jget "$d" .drive_vs_meter_pct)" = null ] &&
	pass "alone, the job's joules are the drive's, held against no meter" ||
	fail "energy_from $(jget "$d" .energy_from), vs meter $(jget "$d" .drive_vs_meter_pct)"
# the report's energies are the full drive's: 1000 x the run's
expect_near "the drive's joules (the full drive's) against the model's account x 1000" \
	"$(jget "$d" .energy_j)" "$(awk -v j="$(truth_j "$d")" 'BEGIN { print j * 1000 }')" 2

if run absent --ssdq_power=nvme-pm:/dev/null; then fail "nvme-pm on /dev/null: the job ran"; else
	expect_out 'power source "nvme-pm:/dev/null": Identify Controller on /dev/null' \
		"nvme-pm on no NVMe controller: refused, named"; fi
summary
