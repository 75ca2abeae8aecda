# 4 KiB random reads on the 4-KiB namespace: ssdq io_uring, ssdq io_uring
# with SMART sampling off (its sampler threads not started), ssdq ioctl and
# fio's io_uring_cmd at QD1 and QD32, each time_based for BENCH_RUNTIME s,
# in BENCH_ROUNDS rounds whose engine order rotates (TCG is noisy: the host
# takes the median of the rounds).
. /guest-lib.sh
rt=$(sed -n 's/.*ssdq.bench_runtime=\([0-9]*\).*/\1/p' /proc/cmdline)
rounds=$(sed -n 's/.*ssdq.bench_rounds=\([0-9]*\).*/\1/p' /proc/cmdline)
rt=${rt:-10} rounds=${rounds:-3}
area=256M
# written LBAs: a read of a hole never reaches the image file in QEMU
ref precondition --filename="$NG4K" --rw=write --bs=1m --iodepth=8 --size=$area
order="ssdq-async ssdq-nosample ssdq-sync io_uring_cmd"
r=1
while [ "$r" -le "$rounds" ]; do
	for qd in 1 32; do
		set -- --filename="$NG4K" --rw=randread --bs=4k --size=$area --iodepth=$qd \
			--time_based --runtime="$rt" --ramp_time=1 --norandommap --randrepeat=0
		for e in $order; do
			case $e in
			ssdq-async) ssdq "$e-qd$qd-r$r" "$@" ;;
			ssdq-nosample) ssdq "$e-qd$qd-r$r" "$@" --ssdq_smart_interval=0 ;;
			ssdq-sync) ssdq "$e-qd$qd-r$r" "$@" --ssdq_sync=1 ;;
			io_uring_cmd) ref "$e-qd$qd-r$r" "$@" ;;
			esac
		done
	done
	order="${order#* } ${order%% *}"
	r=$((r + 1))
done
