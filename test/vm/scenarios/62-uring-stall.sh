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
NGSLOW=$(slow_ng)
echo "${NGSLOW:-none}" >slow.dev
[ -n "$NGSLOW" ] || exit 0
ssdq uring-stall --filename="$NGSLOW" --rw=read --bs=4k --size=64k --iodepth=1 \
	--ssdq_stall_timeout=100ms --ssdq_smart_interval=0
ssdq uring-slow --filename="$NGSLOW" --rw=read --bs=4k --size=32k --iodepth=4 \
	--ssdq_stall_timeout=3s --ssdq_smart_interval=0
