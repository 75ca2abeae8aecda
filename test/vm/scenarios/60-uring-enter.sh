# Expect: through ssdq's io_uring path at QD1 each I/O costs one
# io_uring_enter (the submission rides on the wait), counted by strace -c -f;
# fio's io_uring_cmd, measured the same way, more (1.5 under strace; its
# submit and its wait). Polled (ssdq_hipri), traced call by call: every I/O
# is submitted by an enter that also waits (a wait cut short by the
# scheduler enters again without submitting: as often as the host's load
# makes it, 1.28 an I/O once at load 8). At QD32 ssdq enters at most
# once per I/O. Latency stays exact: with the nvme tracepoints on
# (trace_clock mono, fio on clock_gettime), every I/O's clat in fio's
# per-I/O log is at least the time its command spent in the driver and the
# drive (nvme_setup_cmd to nvme_complete_rq), plain and polled (ssdq_hipri).
# Reads only, of the 4-KiB namespace's first 64 MiB.
. /guest-lib.sh
pick 4K
n=2000
set -- --filename="$ng" --rw=randread --bs=4k --size=64M --number_ios=$n --norandommap \
	--randrepeat=0
# counted NAME ARGS...: fio under strace -c -f, the counts in NAME.strace
counted() {
	_n=$1; shift
	run "$_n" strace -f -c -o "$RESULTS/$_n.strace" fio --name="$_n" --output-format=json \
		--output="$RESULTS/$_n.json" "$@"
}
command -v strace >strace.path || echo missing >strace.path
if command -v strace >/dev/null; then
	for qd in 1 32; do
		counted ssdq-qd$qd --ioengine="external:$SSDQ_SO" --iodepth=$qd "$@" \
			--ssdq_smart_interval=0
		counted ref-qd$qd --ioengine=io_uring_cmd --cmd_type=nvme --iodepth=$qd "$@"
	done
	run ssdq-hipri-qd1 strace -f -e trace=io_uring_enter -o "$RESULTS/ssdq-hipri-qd1.trace" \
		fio --name=ssdq-hipri-qd1 --output-format=json --output="$RESULTS/ssdq-hipri-qd1.json" \
		--ioengine="external:$SSDQ_SO" --iodepth=1 "$@" --ssdq_smart_interval=0 --ssdq_hipri=1
fi

# per-I/O clat against the driver's own account of each command
T=/sys/kernel/tracing
mountpoint -q $T || mount -t tracefs nodev $T
blk=${blk#/dev/}
for mode in plain hipri; do
	extra=
	[ $mode = hipri ] && extra=--ssdq_hipri=1
	echo 0 >$T/tracing_on
	echo mono >$T/trace_clock
	echo 4096 >$T/buffer_size_kb
	: >$T/trace
	echo "disk == \"$blk\"" >$T/events/nvme/nvme_setup_cmd/filter 2>/dev/null
	echo "disk == \"$blk\"" >$T/events/nvme/nvme_complete_rq/filter 2>/dev/null
	echo 1 >$T/events/nvme/nvme_setup_cmd/enable
	echo 1 >$T/events/nvme/nvme_complete_rq/enable
	echo 1 >$T/tracing_on
	ssdq lat-$mode --filename="$ng" --rw=randread --bs=4k --size=64M --number_ios=500 \
		--iodepth=1 --clocksource=clock_gettime --write_lat_log="$RESULTS/lat-$mode" \
		--log_avg_msec=0 --log_offset=1 --ssdq_smart_interval=0 $extra
	echo 0 >$T/tracing_on
	cat $T/trace >trace-$mode.txt
	echo 0 >$T/events/nvme/nvme_setup_cmd/enable
	echo 0 >$T/events/nvme/nvme_complete_rq/enable
done
echo "$blk" >blk
