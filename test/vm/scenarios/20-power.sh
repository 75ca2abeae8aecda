# Expect: cmd: power sources through ssdq on the 4-KiB namespace (reads of
# 400M-412M, SMART off): ssdq-test-meter (test/power/meter.c, static, in the
# initramfs) at 1 kHz, each reading stamped with the time it was due (-t),
# gives "time_ms, 7250, 0, 0, 0" lines, one for every 1 ms period from the
# first to the last (the guest's timing decides when readings arrive, not
# their times), labelled measured (estimated false); its 100 ms square wave
# (5 W / 7 W) sampled at 10 Hz gives 6000 mW for every whole 100 ms period
# (50 readings of each); a busybox
# loop printing "3.5W" at 5 Hz gives 3500; a meter that exits after 0.5 s
# leaves a power_gap_start event and a warning, and the job still ends well;
# a meter that cannot start fails the job before any I/O, naming the spec.
# Without ssdq-test-meter in the initramfs (/usr/bin, or /opt/extra through
# SSDQ_VM_EXTRA) its cases are skipped (no-meter).
. /guest-lib.sh
pick 4K
M=/usr/bin/ssdq-test-meter
[ -x $M ] || M=/opt/extra/ssdq-test-meter	# SSDQ_VM_EXTRA=build/ssdq-test-meter
common="--filename=$ng --rw=randread --bs=4k --offset=400M --size=12M --time_based --ssdq_smart_interval=0"
# shellcheck disable=SC2086
if [ -x $M ]; then
	ssdq meter1k $common --runtime=3 --ssdq_power="cmd:$M -i 1000 -w 7.25 -t" --ssdq_power_rate=1000
	ssdq square $common --runtime=3 --ssdq_power="cmd:$M -i 1000 -w 5 -s 2 -p 50 -t" --ssdq_power_rate=10
	ssdq gone $common --runtime=2 --ssdq_power="cmd:$M -i 10000 -n 50" --ssdq_power_rate=10
else
	echo "$M is not in the initramfs" >no-meter
fi
# shellcheck disable=SC2086
{
ssdq shloop $common --runtime=2 --ssdq_power='cmd:while :; do echo 3.5W; usleep 200000; done' \
	--ssdq_power_rate=5
ssdq nometer $common --runtime=2 --ssdq_power='cmd:/nonexistent/meter --watts'
}
