# Expect: the io_uring backend notices a drive that completes nothing for
# ssdq_stall_timeout while fio is blocked waiting on it. ssdqslow (null-co,
# 0.5 s a request) plays the hung drive against a 100 ms bound: the job
# stops as stalled, its events say "stalled" with a silence of at least
# 100 ms and under the drive's 0.5 s (named before the drive answered), and
# job_end says stop "stalled"; stderr names the file and the silence. With a
# 3 s bound the same drive is slow, not stalled: 8 reads at QD4 complete and
# the job stops on bytes. Reads only, of ssdqslow.
. /guest-lib.sh
cd "$RESULTS" || exit 1
i=0 NGSLOW=''
while [ $i -lt 600 ] && [ -z "$NGSLOW" ]; do
	for c in /sys/class/nvme/nvme*; do
		read -r s <"$c/serial" 2>/dev/null || continue
		[ "$(echo $s)" = ssdqslow ] || continue
		for n in "$c"/nvme*n*; do
			b=${n##*/}
			case $b in *c*) continue ;; esac
			[ -c "/dev/ng${b#nvme}" ] && NGSLOW=/dev/ng${b#nvme}
		done
	done
	[ -n "$NGSLOW" ] || { sleep 0.1; i=$((i + 1)); }
done
echo "${NGSLOW:-none}" >slow.dev
[ -n "$NGSLOW" ] || exit 0
ssdq uring-stall --filename="$NGSLOW" --rw=read --bs=4k --size=64k --iodepth=1 \
	--ssdq_stall_timeout=100ms --ssdq_smart_interval=0
ssdq uring-slow --filename="$NGSLOW" --rw=read --bs=4k --size=32k --iodepth=4 \
	--ssdq_stall_timeout=3s --ssdq_smart_interval=0
