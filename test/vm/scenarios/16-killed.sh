# Expect (issue 23, a killed fill keeps its curve): a sequential write
# through ssdq on the 512-byte namespace (416M-544M, 16k at QD4,
# log_avg_msec=100: the engine's progress sidecars every 100 ms) whose fio
# is killed with SIGKILL at 40 %. fio's JSON stays empty and its bw log is
# never written; the job process dies with fio (the drive's host write
# commands stop moving after the kill); the progress sidecars stay in
# fill/. The host (checks/16-killed.sh) runs ssdq-report on fill/: exit 1,
# "killed at", a curve that reaches what the drive took (SMART host write
# commands after the kill less those before, x 16 KiB) within one interval
# and the I/Os in flight. kill-before/kill-after: files touched just before
# and after the kill, their mtimes (in kill-time) the kill's moment on the
# sidecars' clock (busybox date has no sub-second format).
. /guest-lib.sh
pick 512
SIZE=134217728
mkdir -p fill
nvme smart-log -o json "$ctrl" >smart-before.json 2>&1
(cd fill && exec fio --name=fill --ioengine="external:$SSDQ_SO" --filename="$ng" --rw=write \
	--bs=16k --iodepth=4 --offset=416M --size=$SIZE --write_bw_log=fill --log_avg_msec=100 \
	--log_unix_epoch=1 --ssdq_smart_interval=1 --output-format=json+ --output=fill.json) \
	>fill.out 2>fill.err &
pid=$!

# the bytes the progress sidecar adds up to (the first line one interval)
progress() {
	awk -F', *' 'NF >= 3 { dt = n++ ? $1 - p : 100; b += $2 * 1024 * dt / 1000; p = $1 }
		END { printf "%.0f\n", b }' fill/fill_progress_bw.1.log 2>/dev/null || echo 0
}
want=$((SIZE / 10 * 4))
while [ "$(progress)" -lt $want ] && kill -0 $pid 2>/dev/null; do sleep 0.05; done
if kill -0 $pid 2>/dev/null; then
	touch kill-before
	kill -KILL $pid
	touch kill-after
	# (tar keeps whole seconds: the times go in a file)
	stat -c %y kill-before kill-after >kill-time
else
	echo "fio ended before 40 % of the fill ($(progress) bytes)" >not-killed
fi
wait $pid
echo $? >fio.rc
# the job process dies with fio's main process (PR_SET_PDEATHSIG)
i=0
while pgrep -x fio >/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
pgrep -x fio >job-left
sleep 1
nvme smart-log -o json "$ctrl" >smart-after.json 2>&1
sleep 1
nvme smart-log -o json "$ctrl" >smart-later.json 2>&1
true
