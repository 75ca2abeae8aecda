# 4 KiB random reads on the 4-KiB namespace, side by side in one boot:
# ssdq io_uring (its defaults: SMART every second), ssdq io_uring polled
# (ssdq_hipri), ssdq ioctl, and fio's io_uring_cmd plain and --hipri, at
# QD1 and QD32; at QD1 also ssdq with sampling off (no SMART, no power) and
# on (SMART every second, power at 10 Hz from ssdq-test-meter read as its
# lines arrive). A busy host changes TCG's speed from one second to the
# next, so each ssdq variant and its anchor (io_uring and ioctl:
# io_uring_cmd; polled: io_uring_cmd --hipri; sampling on: off) run as one
# fio job file of BENCH_ROUNDS pairs of short jobs, one after the other
# (stonewall), the pair's order turning each round: a pair's two runs are
# seconds apart. Each job is time_based for BENCH_RUNTIME s after a 1 s
# ramp. With ssdq.bench_together=1 a pair's two jobs run at the same time
# instead (rounds still one after the other): both then see the same host,
# and their IOPS ratio is what each I/O's own cost leaves them of the
# shared emulated controller. Every job writes an IOPS log (100 ms): two
# jobs started together do not start I/O together (an engine's set-up takes
# longer on a busy host), and the one that ends last runs alone at the end,
# so test/vm/bench.sh counts each pair's I/Os over the time both ran.
# Polled pairs stay one after the other: two
# processes polling one poll queue at once crashed Debian's 6.1 kernel
# (general protection fault in bio_poll from nvme_ns_chr_uring_cmd_iopoll,
# io_uring_cmd --hipri beside ssdq_hipri=1; a race of the kernel's
# passthrough polling, which later kernels rework). With ssdq.bench_perf=1 (the default) a last step profiles ssdq and
# io_uring_cmd at QD1 with perf (cpu-clock, all CPUs) and counts their
# syscalls with strace -c -f.
. /guest-lib.sh
arg() { sed -n "s/.*ssdq\.$1=\([0-9]*\).*/\1/p" /proc/cmdline; }
rt=$(arg bench_runtime) rounds=$(arg bench_rounds) prof=$(arg bench_perf)
together=$(arg bench_together)
rt=${rt:-2} rounds=${rounds:-10} prof=${prof:-1} together=${together:-0}
# the jobs that wait for all before them: every one, or each round's first
if [ "$together" = 1 ]; then wall_all='' wall_first='stonewall\n'
else wall_all='stonewall\n' wall_first=''; fi
if [ "$together" = 1 ]; then : >"$RESULTS/together"; fi
area=256M
M=/usr/bin/ssdq-test-meter
# written LBAs: a read of a hole never reaches the image file in QEMU
ref precondition --filename="$NG4K" --rw=write --bs=1m --iodepth=8 --size=$area
# engine NAME: the job file lines of engine NAME
engine() {
	case $1 in
	ssdq-*) echo "ioengine=external:$SSDQ_SO" ;;
	ref*) printf 'ioengine=io_uring_cmd\ncmd_type=nvme\n' ;;
	esac
	case $1 in
	ssdq-hipri) echo ssdq_hipri=1 ;;
	ssdq-sync) echo ssdq_sync=1 ;;
	ssdq-off) echo ssdq_smart_interval=0 ;;
	ssdq-on) printf 'ssdq_smart_interval=1\nssdq_power_rate=10\nssdq_power=cmd:%s -i 100000\n' "$M" ;;
	ref-hipri) echo hipri=1 ;;
	esac
}
# pairs NAME QD A B: one fio run of $rounds pairs of A and B jobs, alternating
pairs() {
	_f=/tmp/$1.fio
	_wa=$wall_all _wf=$wall_first
	case $1 in hipri-*) _wa='stonewall\n' _wf='' ;; esac
	{
		printf '[global]\nfilename=%s\nrw=randread\nbs=4k\nsize=%s\niodepth=%s\n' "$NG4K" $area "$2"
		printf "time_based\nruntime=%s\nramp_time=1\nnorandommap\nrandrepeat=0\n$_wa" "$rt"
		printf 'log_avg_msec=100\nlog_unix_epoch=1\n'
		_r=1
		while [ $_r -le "$rounds" ]; do
			if [ $((_r % 2)) = 1 ]; then set -- "$1" "$2" "$3" "$4" "$3" "$4"
			else set -- "$1" "$2" "$3" "$4" "$4" "$3"; fi
			printf "[%s-r%d]\n$_wf" "$5" $_r; engine "$5"
			printf 'write_iops_log=%s/%s-%s-r%d\n' "$RESULTS" "$1" "$5" $_r
			printf '[%s-r%d]\n' "$6" $_r; engine "$6"
			printf 'write_iops_log=%s/%s-%s-r%d\n' "$RESULTS" "$1" "$6" $_r
			_r=$((_r + 1))
		done
	} >"$_f"
	cp "$_f" "$RESULTS/$1.fio"
	run "$1" fio --output-format=json --output="$RESULTS/$1.json" "$_f"
}
for qd in 1 32; do
	pairs uring-qd$qd $qd ssdq-uring ref
	pairs hipri-qd$qd $qd ssdq-hipri ref-hipri
	pairs sync-qd$qd $qd ssdq-sync ref-s
done
pairs samp-qd1 1 ssdq-on ssdq-off

[ "$prof" = 1 ] || exit 0
set -- --filename="$NG4K" --rw=randread --bs=4k --size=$area --iodepth=1 \
	--time_based --runtime="$rt" --norandommap --randrepeat=0
if command -v perf >/dev/null; then
	for e in ssdq-uring ref; do
		case $e in
		ssdq-uring) eng="--ioengine=external:$SSDQ_SO" ;;
		ref) eng="--ioengine=io_uring_cmd --cmd_type=nvme" ;;
		esac
		# shellcheck disable=SC2086
		run perf-$e perf record -e cpu-clock -a -g -o "/tmp/perf-$e.data" -- \
			fio --name=perf-$e --output-format=json --output="$RESULTS/perf-$e.json" $eng "$@"
		perf report -i "/tmp/perf-$e.data" --stdio --no-children --sort comm,dso,sym \
			--percent-limit 0.5 -g none >"perf-$e.txt" 2>&1
		perf report -i "/tmp/perf-$e.data" --stdio --no-children --sort comm,dso \
			-g none >"perf-$e-dso.txt" 2>&1
		rm -f "/tmp/perf-$e.data"
	done
fi
if command -v strace >/dev/null; then
	for e in ssdq-uring ref; do
		case $e in
		ssdq-uring) eng="--ioengine=external:$SSDQ_SO" ;;
		ref) eng="--ioengine=io_uring_cmd --cmd_type=nvme" ;;
		esac
		# shellcheck disable=SC2086
		run strace-$e strace -f -c -o "$RESULTS/strace-$e.txt" fio --name=strace-$e \
			--output-format=json --output="$RESULTS/strace-$e.json" $eng "$@"
	done
fi
