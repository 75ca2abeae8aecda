# Sampler overhead and timing (test/vm/bench-sampler.sh formats the results):
# 4 KiB random reads through ssdq on the 4-KiB namespace at QD1 and QD32,
# time_based for RUNTIME s after a 1 s ramp, REPS times per mode, the modes
# interleaved and rotated each rep:
#   off    ssdq_smart_interval=0, no power source: no sampler at all
#   on     SMART every 100 ms + power at 1 kHz from ssdq-test-meter writing a
#          reading every 1 ms (cmd: source, stamped on arrival)
#   onb    the same with the meter writing 10 readings every 10 ms, each with
#          its own time (a meter streaming blocks)
# and with ssdq.bench_sampler_parts=1 also
#   smart  SMART every 100 ms only
#   power  power at 1 kHz only (meter writing every 1 ms)
#   meter  no sampler, but ssdq-test-meter -i 1000 >/dev/null running: what
#          the stand-in meter process itself costs
# and with ssdq.bench_sampler_modes=a,b (instead of the above) those modes,
# among them
#   noacct off without the engine's progress account (ssdq_account=0; every
#          other mode has it, the default): off / noacct is its cost (issue 23)
# then one QD1 run of 3 x RUNTIME s with power at 2 Hz (and SMART at 10 Hz),
# for the 2 Hz sample-interval jitter.
# Kernel command line: ssdq.bench_sampler_runtime=S (4), ssdq.bench_reps=N
# (5), ssdq.bench_sampler_parts=1, ssdq.bench_sampler_modes=a,b.
. /guest-lib.sh
karg() { sed -n "s/.*ssdq\.$1=\([0-9][0-9]*\).*/\1/p" /proc/cmdline; }
rt=$(karg bench_sampler_runtime); rt=${rt:-4}
reps=$(karg bench_reps); reps=${reps:-5}
M=/usr/bin/ssdq-test-meter
[ -x $M ] || M=/opt/extra/ssdq-test-meter	# SSDQ_VM_EXTRA=build/ssdq-test-meter
if [ ! -x $M ]; then
	echo "$M is not in the initramfs (test/vm/initramfs.sh builds test/power/meter.c)" >no-meter
	exit 1
fi
modes="off on onb"
[ "$(karg bench_sampler_parts)" = 1 ] && modes="$modes smart power meter"
pick=$(sed -n 's/.*ssdq\.bench_sampler_modes=\([a-z,]*\).*/\1/p' /proc/cmdline)
[ -z "$pick" ] || modes=$(echo "$pick" | tr ',' ' ')
echo "$rt $reps $modes" >params
area=256M
# written LBAs: a read of a hole never reaches the image file in QEMU
ref precondition --filename="$NG4K" --rw=write --bs=1m --iodepth=8 --size=$area
set -- --filename="$NG4K" --rw=randread --bs=4k --size=$area --time_based --ramp_time=1 \
	--norandommap --randrepeat=0
smart=--ssdq_smart_interval=0.1
r=1
while [ $r -le "$reps" ]; do
	# rotate the order by one each rep
	order=$(echo $modes | awk -v r=$r '{ for (i = 0; i < NF; i++) printf "%s ", $(1 + (i + r - 1) % NF) }')
	for qd in 1 32; do
		for m in $order; do
			n=qd$qd-$m-$r
			case $m in
			off) ssdq $n "$@" --iodepth=$qd --runtime="$rt" --ssdq_smart_interval=0 ;;
			noacct) ssdq $n "$@" --iodepth=$qd --runtime="$rt" --ssdq_smart_interval=0 \
				--ssdq_account=0 ;;
			on) ssdq $n "$@" --iodepth=$qd --runtime="$rt" $smart \
				--ssdq_power_rate=1000 --ssdq_power="cmd:$M -i 1000" ;;
			onb) ssdq $n "$@" --iodepth=$qd --runtime="$rt" $smart \
				--ssdq_power_rate=1000 --ssdq_power="cmd:$M -i 1000 -b 10" ;;
			smart) ssdq $n "$@" --iodepth=$qd --runtime="$rt" $smart ;;
			power) ssdq $n "$@" --iodepth=$qd --runtime="$rt" --ssdq_smart_interval=0 \
				--ssdq_power_rate=1000 --ssdq_power="cmd:$M -i 1000" ;;
			meter)
				$M -i 1000 >/dev/null &
				mp=$!
				ssdq $n "$@" --iodepth=$qd --runtime="$rt" --ssdq_smart_interval=0
				kill $mp; wait $mp ;;
			esac
		done
	done
	r=$((r + 1))
done
ssdq jitter-2hz "$@" --iodepth=1 --runtime=$((3 * rt)) $smart \
	--ssdq_power_rate=2 --ssdq_power="cmd:$M -i 10000"
