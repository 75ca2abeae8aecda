# QD1 4 KiB random reads on the 4-KiB namespace, each engine run at the same
# time as fio's io_uring_cmd (the anchor), each of the two pinned to its own
# vCPU (cpus_allowed), the vCPUs swapped every round: both see the same host,
# neither is moved between vCPUs, and each submits on its own vCPU's NVMe
# queue, so a QEMU trace of the controller tells their I/Os apart
# (test/vm/bench/nvme-phases.py). Engines (ssdq.qd1_engines, comma-separated):
# ssdq (its defaults), off (sampling off), sync (ssdq_sync=1), fixed
# (ssdq_fixedbufs=1), ref (io_uring_cmd against itself: the pairing's own
# bias), reffix (io_uring_cmd --fixedbufs), and x-FILE: an engine variant
# given to test/vm/bench-qd1.sh --extra, at /opt/extra/FILE. Each pair is
# time_based for ssdq.qd1_runtime s after a 1 s ramp, with IOPS logs every
# 100 ms (fio names them qd1-ENGINE-{ENGINE,anchor}-rROUND_iops.1.log), for
# ssdq.qd1_rounds rounds. queues.txt maps each vCPU to its NVMe queue.
. /guest-lib.sh
arg() { sed -n "s/.*ssdq\.$1=\([0-9A-Za-z_.,-]*\).*/\1/p" /proc/cmdline; }
rt=$(arg qd1_runtime) rounds=$(arg qd1_rounds) engines=$(arg qd1_engines)
rt=${rt:-3} rounds=${rounds:-6} engines=${engines:-ssdq,sync,ref}
area=256M
pick 4K
# hctx N serves NVMe I/O queue N+1 (the default queues come first)
b=${blk#/dev/}
for h in /sys/block/"$b"/mq/*; do
	[ -f "$h/cpu_list" ] && echo "queue $((${h##*/} + 1)) cpus $(cat "$h/cpu_list")"
done >queues.txt
echo "$engines" | tr ',' '\n' >engines.txt
# written LBAs: a read of a hole never reaches the image file in QEMU
ref precondition --filename="$ng" --rw=write --bs=1m --iodepth=8 --size=$area
# job NAME CPU ENGINE: one QD1 job of ENGINE on CPU, in the background
job() {
	_n=$1 _c=$2 _e=$3
	set -- --filename="$ng" --rw=randread --bs=4k --size=$area --iodepth=1 \
		--time_based --runtime="$rt" --ramp_time=1 --norandommap --randrepeat=0 \
		--cpus_allowed="$_c" --log_avg_msec=100 --log_unix_epoch=1 \
		--write_iops_log="$RESULTS/$_n"
	case $_e in
	ssdq) ssdq "$_n" "$@" ;;
	off) ssdq "$_n" "$@" --ssdq_smart_interval=0 ;;
	sync) ssdq "$_n" "$@" --ssdq_sync=1 ;;
	fixed) ssdq "$_n" "$@" --ssdq_fixedbufs=1 ;;
	ref) ref "$_n" "$@" ;;
	reffix) ref "$_n" "$@" --fixedbufs=1 ;;
	x-*) fio_json "$_n" --ioengine="external:/opt/extra/${_e#x-}" "$@" ;;
	*) echo "bench-qd1: unknown engine $_e" >&2; return 1 ;;
	esac
}
r=1
while [ "$r" -le "$rounds" ]; do
	for e in $(cat engines.txt); do
		if [ $((r % 2)) = 1 ]; then ce=0 ca=1; else ce=1 ca=0; fi
		echo "$r $e $ce $ca $(cut -d' ' -f1 /proc/uptime)" >>pairs.txt
		job "qd1-$e-$e-r$r" $ce "$e" &
		job "qd1-$e-anchor-r$r" $ca ref &
		wait
		sleep 1
	done
	r=$((r + 1))
done
