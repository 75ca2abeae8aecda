#!/bin/sh
# The engine on the drive model: sidecars, bursts, erase, refusals. No device.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT
cd "$W" || exit 1
M="--ioengine=external:$SO --ssdq_model=tlc-dramless-1tb --ssdq_model_scale=1000 --filename=$W/drive"

expect_rc 0 "a burst job on the model runs" \
	fio --name=burst $M --ssdq_erase=auto --rw=write --bs=128k --iodepth=1 --size=64m \
	--ssdq_burst=16m --ssdq_duty=20 --ssdq_power_rate=1000 --write_bw_log=burst \
	--log_avg_msec=10 --log_unix_epoch=1 --output-format=json --output=burst.json
# (its bitmaps, and 64 KiB of mapping-table cache tags a DRAM-less drive keeps)
size=$(stat -c %s drive)
[ "$size" -lt 131072 ] && pass "the model's state file stays small ($size bytes)" ||
	fail "the model's state file grew to $size bytes"
[ "$(grep -c '"event":"burst_end","job":"burst","bytes":16777216' burst_events.1.jsonl)" = 4 ] &&
	pass "four bursts of 16 MiB are recorded" || fail "burst events: $(cat burst_events.1.jsonl)"
grep -q '"event":"erase_end","job":"burst","method":"model"' burst_events.1.jsonl &&
	pass "the erase is recorded with its method" || fail "no erase_end event"
grep -q '"event":"job_end","job":"burst","bytes":67108864,"stop":"bytes"' burst_events.1.jsonl &&
	pass "job_end records the bytes and why the job stopped" || fail "no job_end with stop reason"
# duty = burst time / (burst time + idle after it), from the events' own clock.
# What the engine did: each idle four times its burst (20 %). A busy host
# stretches idles (15.2 % seen under load) and can stamp events late, so:
# every idle at least 0.9 x 4 x its burst, the duty cycle at most 22 %
# shellcheck disable=SC2046 # two figures, split on purpose
set -- $(awk -F'[:,]' '/burst_start/ {bs=$2} /burst_end/ {be=$2; busy=be-bs}
	/idle_end/ && busy {n++; d += busy / (busy + ($2 - be)); r = ($2 - be) / (4 * busy);
		if (!n0++ || r < min) min = r; busy=0}
	END {if (n) printf "%.1f %.3f", 100 * d / n, min}' burst_events.1.jsonl)
duty=${1:-} shortest=${2:-}
awk -v r="$shortest" 'BEGIN {exit !(r != "" && r >= 0.9)}' &&
	pass "every idle about 4 x its burst or longer (shortest $shortest x)" ||
	fail "an idle shorter than 4 x its burst: shortest '$shortest' x"
awk -v d="$duty" 'BEGIN {exit !(d > 0 && d <= 22)}' &&
	pass "measured duty cycle $duty % is at most 22 %" || fail "measured duty cycle '$duty' %"
awk -F', ' 'NF != 5 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ {bad++} END {exit bad || !NR}' \
	burst_power.1.log && pass "the power log is fio's log format, integer mW" ||
	fail "power log lines: $(head -3 burst_power.1.log)"
# the power log, weighted by time over the bursts and idles, against the
# model's own energy account of the job (model_energy): within 15 %
mean=$(awk -F', ' -v s="$(sed -n 's/.*"burst_start".*"time_us":\([0-9]*\).*/\1/p; s/^{"time_us":\([0-9]*\),"event":"burst_start".*/\1/p' burst_events.1.jsonl | head -n 1)" \
	'p && $1 > s / 1000 { e += $2 * ($1 - p); d += $1 - p } { p = $1 } END { if (d) printf "%.3f", e / d / 1000 }' burst_power.1.log)
truth=$(sed -n 's/.*"event":"model_energy".*, \([0-9.]*\) W".*/\1/p' burst_events.1.jsonl | tail -n 1)
awk -v m="$mean" -v t="$truth" 'BEGIN {d = m - t; if (d < 0) d = -d; exit !(m != "" && t > 0 && d <= 0.15 * t)}' &&
	pass "time-weighted power $mean W matches the model's own account $truth W (15 %)" ||
	fail "time-weighted power '$mean' W against the model's '$truth' W"
grep -q '"data_units_written":' burst_smart.1.jsonl && pass "SMART samples are written" ||
	fail "no SMART samples"
grep -q '"format": "ssdq-device"' device.json && grep -q '"preset": "tlc-dramless-1tb"' device.json &&
	pass "device.json names the model" || fail "device.json: $(cat device.json)"
# power samples fall inside the job: after the engine set it up (its
# job_start event, the same unix clock) and before fio's own JSON ends it
# (timestamp_ms). How long that is is the host's: 0.25-0.9 s seen, the
# first burst alone 23-114 ms: no bound of wall time holds it
end=$(grep -o '"timestamp_ms" : [0-9]*' burst.json | grep -o '[0-9]*$')
start=$(sed -n 's/^{"time_us":\([0-9]*\)[0-9][0-9][0-9],"event":"job_start".*/\1/p' burst_events.1.jsonl)
first=$(head -n 1 burst_power.1.log | cut -d, -f1)
last=$(tail -n 1 burst_power.1.log | cut -d, -f1)
[ -n "$end" ] && [ -n "$start" ] && [ "$last" -le "$end" ] && [ "$first" -ge "$start" ] &&
	pass "power samples $first..$last ms fall inside the run ($start..$end ms)" ||
	fail "power samples $first..$last vs the job's start '$start' and fio's end '$end'"

expect_rc 1 "verify on the model is refused" fio --name=v $M --rw=write --size=1m --verify=crc32c
expect_out "stores no data, so verify= cannot work" "the refusal says why"
expect_rc 1 "a state file of another preset is refused" \
	fio --name=p --ioengine=external:$SO --ssdq_model=qlc-1tb --ssdq_model_scale=1000 \
	--filename=$W/drive --rw=read --size=1m
expect_out "holds a model drive of another preset or scale" "the refusal names the mismatch"
expect_rc 1 "an unknown preset is refused" \
	fio --name=p --ioengine=external:$SO --ssdq_model=nope --filename=$W/x --rw=read --size=1m
expect_out "ssdq_model=nope: no such preset" "the refusal names the option"
expect_rc 1 "a power source that does not open fails the job before I/O" \
	fio --name=ps $M --rw=read --size=1m --ssdq_power=hwmon:/nonexistent/hwmon9
expect_out "hwmon:/nonexistent/hwmon9" "the failure names the source"
expect_rc 1 "ssdq_duty without ssdq_burst is refused" fio --name=d $M --rw=read --size=1m --ssdq_duty=20
expect_out "ssdq_duty=20 needs ssdq_burst=" "the refusal names the option"
# fio counts its failed jobs in its exit status: both are refused
expect_rc 2 "ssdq_erase with numjobs=2 is refused, in each job" fio --name=e2 $M --rw=write --size=1m \
	--ssdq_erase=auto --numjobs=2 --output-format=json --output=e2.json
expect_out "e2: ssdq_erase with numjobs above 1: each job would erase the namespace" "the refusal says why"
[ "$(jq '[.jobs[].write.io_bytes] | add' e2.json 2>/dev/null)" = 0 ] &&
	pass "neither job of ssdq_erase with numjobs=2 wrote" ||
	fail "ssdq_erase with numjobs=2: bytes written $(jq -c '[.jobs[].write.io_bytes]' e2.json 2>&1)"
expect_rc 1 "a misaligned bs is refused before I/O" fio --name=a $M --rw=read --size=1m --bs=1000
expect_out "bs=1000 is not a multiple of the 512-byte LBA size" "the refusal names bs and the LBA size"
expect_rc 0 "reads past the end fail and the job goes on (continue_on_error=all)" \
	fio --name=oor $M --rw=read --bs=4k --offset=999284736 --size=16k --ssdq_capacity=999301120 \
	--continue_on_error=all --output-format=json --output=oor.json
grep -q '"total_err" : 2,' oor.json && grep -q '"io_bytes" : 8192,' oor.json &&
	pass "fio goes on past the first error: 2 errors, and the 8 KiB before the end" ||
	fail "errors/bytes in fio's JSON: $(grep -E 'total_err|"io_bytes"' oor.json | head -3)"
expect_out "LBA Out of Range" "the failure is named as the drive would name it"
grep -q '"event":"device_error".*LBA Out of Range' oor_events.1.jsonl &&
	pass "device errors are recorded in the events sidecar" || fail "no device_error event"
summary
