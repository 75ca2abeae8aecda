# Expect: the test bed boots with nvme.poll_queues=1, so the 4-KiB
# namespace's queue polls (queue/io_poll 1). ssdq_hipri=1 reads at QD1 and
# QD8 through ssdq and fio's io_uring_cmd --hipri=1 complete without error,
# and their completions raise almost no interrupt on that controller's
# queues (fewer than one per 10 I/Os), where the same reads without polling
# take one an I/O at QD1 (at QD8 an interrupt may complete several). On the controller with a single I/O queue (serial
# ssdqnopoll, max_ioqpairs=1: no poll queue whatever the module asks)
# ssdq_hipri=1 is refused before any I/O, naming the missing poll queues and
# nvme.poll_queues; with ssdq_sync=1 it is refused too, and with numjobs=2
# (two rings polling one poll queue crashed this 6.1 kernel). For the same
# reason a second polled job on a controller that one polls already is
# refused before any I/O, naming the first (a separate fio beside it), and
# so is a second polled job of one fio run with thread=1; the first runs on.
. /guest-lib.sh
pick 4K
c=${ctrl#/dev/}
cat "/sys/block/${blk#/dev/}/queue/io_poll" >io_poll-4k 2>&1
cat /sys/module/nvme/parameters/poll_queues >poll_queues 2>&1
# irqs: interrupts so far on the controller's queues (nvmeXqN, all CPUs)
irqs() {
	awk -v c="$c" '$NF ~ "^" c "q[0-9]+$" { for (i = 2; i < NF; i++) if ($i ~ /^[0-9]+$/) s += $i }
		END { print s + 0 }' /proc/interrupts
}
set -- --filename="$ng" --rw=randread --bs=4k --size=64M --number_ios=3000 --norandommap \
	--randrepeat=0
counted() {
	_n=$1; shift
	_a=$(irqs)
	"$@"
	echo $(($(irqs) - _a)) >"$_n.irqs"
}
for qd in 1 8; do
	counted ssdq-plain-qd$qd ssdq ssdq-plain-qd$qd "$@" --iodepth=$qd --ssdq_smart_interval=0
	counted ssdq-hipri-qd$qd ssdq ssdq-hipri-qd$qd "$@" --iodepth=$qd --ssdq_smart_interval=0 \
		--ssdq_hipri=1
	counted ref-hipri-qd$qd ref ref-hipri-qd$qd "$@" --iodepth=$qd --hipri=1
done

# the controller with one I/O queue, found by its serial
np=
i=0
while [ $i -lt 100 ] && [ -z "$np" ]; do
	for s in /sys/class/nvme/nvme*; do
		read -r sn <"$s/serial" 2>/dev/null || continue
		[ "$sn" = ssdqnopoll ] || continue
		for n in "$s"/nvme*n*; do
			case ${n##*/} in *c*) continue ;; esac
			[ -c "/dev/ng${n##*/nvme}" ] && np=${n##*/}
		done
	done
	[ -n "$np" ] || { sleep 0.1; i=$((i + 1)); }
done
echo "${np:-none}" >nopoll-dev
if [ -n "$np" ]; then
	cat "/sys/block/$np/queue/io_poll" >io_poll-nopoll 2>&1
	ssdq nopoll --filename="/dev/ng${np#nvme}" --rw=randread --bs=4k --size=16M \
		--number_ios=100 --ssdq_hipri=1
fi
ssdq sync-hipri "$@" --iodepth=1 --ssdq_sync=1 --ssdq_hipri=1
ssdq numjobs-hipri "$@" --iodepth=1 --ssdq_hipri=1 --numjobs=2
# one polled ring per controller: a second fio beside a polled one, and a
# second polled job of one fio run with thread=1 (both time_based, so they
# overlap)
polled() {
	_n=$1; shift
	ssdq "$_n" --filename="$ng" --rw=randread --bs=4k --size=64M --norandommap \
		--randrepeat=0 --iodepth=1 --ssdq_smart_interval=0 --ssdq_hipri=1 "$@"
}
# the polling locks' files (engine/nslock.h: /run/lock, or /tmp without it)
poll_locks() {
	for _f in /run/lock/ssdq-ns.poll-*.lock /tmp/ssdq-ns.poll-*.lock; do
		[ -e "$_f" ] && echo "$_f"
	done
}
rm -f /run/lock/ssdq-ns.poll-*.lock /tmp/ssdq-ns.poll-*.lock
polled poll-first --time_based --runtime=6 &
first=$!
i=0
while [ $i -lt 200 ] && [ -z "$(poll_locks)" ]; do
	sleep 0.1; i=$((i + 1))
done
{ poll_locks; cat /proc/locks; } >poll-lock
polled poll-second --number_ios=100
wait $first
polled poll-threads --thread --time_based --runtime=3 --name=poll-threads-b \
	--ioengine="external:$SSDQ_SO" --filename="$ng" --rw=randread --bs=4k --size=64M \
	--norandommap --randrepeat=0 --iodepth=1 --ssdq_smart_interval=0 --ssdq_hipri=1 \
	--thread --time_based --runtime=3
