# Expect: a rate-limited 12 MiB write through ssdq on the 4-KiB namespace
# (400M-412M) with SMART every 200 ms and nvme-ps power leaves
# w20_smart.1.jsonl (the write_bw_log prefix) with samples never ahead of
# their 200 ms schedule, as many as the sampler counts, all inside the job (events job_start..job_end, fio's timestamp_ms -
# elapsed..timestamp_ms) and covering its first to last I/O (ssdq_idle=1
# keeps sampling after the I/O); data_units_written grows by what fio wrote
# (QEMU 7.2: ceil(512-byte sectors written / 1000), so 12 MiB = 24.576 units
# gives 24 or 25), host_write_commands by its 192 commands; device.json
# matches nvme id-ctrl / id-ns; nvme-ps power lines are "ms, mW, 0, 0, 0"
# integers at the power state's MP, labelled estimated. Mid-run the host sets
# smart_critical_warning=2 through QMP (marker "ssdq-qmp: critical_warning 2"
# on the console, acted on by test/vm/hooks/qmp-markers.sh): SMART lines after
# the marker show 2, the events sidecar has critical_warning (bytes 2),
# stderr has "ssdq: SMART critical warning 0x02 ... temperature"; it is then
# cleared (0) and the job ends without error.
. /guest-lib.sh
pick 4K
nvme id-ctrl -o json "$ctrl" >id-ctrl.json 2>&1
nvme id-ns -o json "$ng" >id-ns.json 2>&1
echo "$ctrl $ng" >dev
nvme smart-log -o json "$ctrl" >smart-before.json 2>&1

lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
# wait_line FILE PATTERN AFTER TRIES: waits (TRIES x 0.1 s) for a line past
# line AFTER matching PATTERN; prints its line number
wait_line() {
	_i=0
	while [ $_i -lt "$4" ]; do
		_n=$(awk -v a="$3" -v p="$2" 'NR > a && $0 ~ p { print NR; exit }' "$1" 2>/dev/null)
		[ -n "$_n" ] && { echo "$_n"; return 0; }
		sleep 0.1
		_i=$((_i + 1))
	done
	echo none
	return 1
}

S=w20_smart.1.jsonl
ssdq smart --filename="$ng" --rw=write --bs=64k --iodepth=4 --offset=400M --size=12M \
	--rate=2m --write_bw_log=w20 --log_unix_epoch=1 \
	--ssdq_smart_interval=0.2 --ssdq_power=nvme-ps --ssdq_power_rate=10 --ssdq_idle=1 &
fpid=$!

# mid-run: the host raises the critical warning, then clears it
wait_line $S . 2 100 >/dev/null		# the sampler runs and the I/O has begun
n0=$(lines $S)
echo "ssdq-qmp: critical_warning 2" >/dev/console
n2=$(wait_line $S '"critical_warning":2,' "$n0" 100)
n3=$(lines $S)
echo "ssdq-qmp: critical_warning 0" >/dev/console
n4=$(wait_line $S '"critical_warning":0,' "$n3" 100)
echo "$n0 $n2 $n3 $n4" >marker-lines
wait $fpid
# the warning must not outlive this scenario (the host may have been slow)
i=0
while [ $i -lt 50 ] && ! nvme smart-log -o json "$ctrl" 2>/dev/null | grep -q '"critical_warning":0,'; do
	sleep 0.1; i=$((i + 1))
done
nvme smart-log -o json "$ctrl" >smart-after.json 2>&1

