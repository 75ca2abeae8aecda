# 4 KiB random reads on the 4-KiB namespace: ssdq io_uring, ssdq ioctl and
# fio's io_uring_cmd at QD1 and QD32, each time_based for BENCH_RUNTIME s.
. /guest-lib.sh
rt=$(sed -n 's/.*ssdq.bench_runtime=\([0-9]*\).*/\1/p' /proc/cmdline)
rt=${rt:-10}
area=256M
# written LBAs: a read of a hole never reaches the image file in QEMU
ref precondition --filename="$NG4K" --rw=write --bs=1m --iodepth=8 --size=$area
for qd in 1 32; do
	set -- --filename="$NG4K" --rw=randread --bs=4k --size=$area --iodepth=$qd \
		--time_based --runtime="$rt" --ramp_time=1 --norandommap --randrepeat=0
	ssdq "ssdq-async-qd$qd" "$@"
	ssdq "ssdq-sync-qd$qd" "$@" --ssdq_sync=1
	ref "io_uring_cmd-qd$qd" "$@"
done
