# Expect: faults a lab sees, on a real kernel.
# 1. SIGTERM during a slow Format (ssdqslow: null-co, 0.5 s a request, about
#    32 s a Format): fio ends long before the Format; the job's events say
#    erase_stopped and job_end terminated; the helper [ssdq-format] holds
#    the namespace until the drive has finished, a second writer meanwhile
#    is refused naming it, one after it runs.
# 2. SIGTERM during a 600 s cool-down on the 512-B namespace: idle_end says
#    terminated, fio ends within seconds, SMART sampling had been running.
# 3. A cmd: meter that prints three readings and then hangs: a gap event
#    and a warning during the run; the job's end is not held by it.
# 4. kill -9 of fio's main process while it writes: its job dies with it,
#    and a writer started at once is refused until then, then runs.
# 5. A results tmpfs that fills up: every sidecar write error names its file
#    and ENOSPC; fio itself exits 0 with a short or empty JSON.
# 6. ssdq-run (pSLC suite, 512-B namespace): kill -9 of its fio while it
#    fills (exit 1 naming fio's exit; the job dies too), the same command
#    resumes; kill -9 of ssdq-run itself (its fio runs on; stopped with
#    SIGSTOP so it outlives the check): the same command refuses, naming
#    that fio, then resumes once it has ended and finishes;
#    an 8 MiB results tmpfs is refused before the step's erase.
# A monitor records, all along, which processes have each namespace open
# for writing and who holds the ssdq lock files: one writer at any moment.
# Writes anywhere on ssdq512 (and 4 KiB at the start of ssdq4k), formats
# ssdqslow: runs after 40-suites.
. /guest-lib.sh
up() { cut -d' ' -f1 /proc/uptime; }

# the slow namespace appears seconds after the others (its partition scan)
NGSLOW=$(slow_ng)
echo "${NGSLOW:-none}" >slow.dev

# ---- the monitor ---------------------------------------------------------------
# one line: "UPTIME writer=NODE/PID ... holder=LOCKFILE/PID/OWNER ...", OWNER
# the pid the flock belongs to (/proc/PID/fdinfo: the process that took it,
# shared by every process that inherited it: one fio run)
snapshot() {
	_w='' _h=''
	for _fd in /proc/[0-9]*/fd/*; do
		_t=$(readlink "$_fd" 2>/dev/null) || continue
		_pid=${_fd#/proc/} _pid=${_pid%%/*}
		_info=/proc/$_pid/fdinfo/${_fd##*/}
		case $_t in
		/dev/ng*)
			_fl=$(sed -n 's/^flags:[[:space:]]*//p' "$_info" 2>/dev/null)
			[ -n "$_fl" ] && [ $((0$_fl & 3)) != 0 ] && _w="$_w writer=${_t}/$_pid" ;;
		/tmp/ssdq-ns.*.lock|/run/lock/ssdq-ns.*.lock)
			_o=$(sed -n 's/^lock:.*FLOCK[[:space:]]*ADVISORY[[:space:]]*WRITE[[:space:]]*\([0-9]*\).*/\1/p' \
				"$_info" 2>/dev/null | head -n 1)
			_h="$_h holder=${_t##*/}/$_pid/${_o:-none}" ;;
		esac
	done
	echo "$(up)$_w$_h"
}
(while [ ! -f "$RESULTS/monitor.stop" ]; do snapshot; sleep 0.2; done >monitor.log 2>/dev/null) &
MON=$!

# ---- 1. SIGTERM during a slow Format ---------------------------------------------
if [ -c "$NGSLOW" ]; then
	fio --name=fmt --ioengine="external:$SSDQ_SO" --filename="$NGSLOW" --ssdq_erase=format \
		--rw=write --bs=4k --size=4k --ssdq_smart_interval=0 --output-format=json \
		--output="$RESULTS/fmt.json" >fmt.out 2>fmt.err &
	F=$!
	i=0
	while ! grep -q '"event":"erase_start"' fmt_events.1.jsonl 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 3
	up >fmt.t-signal
	kill -TERM $F
	wait $F
	echo $? >fmt.rc
	up >fmt.t-fio-end
	helper=$(for c in /proc/[0-9]*/comm; do [ "$(cat "$c" 2>/dev/null)" = ssdq-format ] &&
		{ p=${c#/proc/}; echo "${p%%/*}"; }; done | head -n 1)
	echo "${helper:-none}" >fmt.helper
	ssdq fmt-second --filename="$NGSLOW" --rw=write --bs=4k --size=4k --ssdq_smart_interval=0
	if [ -n "$helper" ]; then
		i=0
		while [ -d "/proc/$helper" ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
	fi
	up >fmt.t-helper-end
	ssdq fmt-after --filename="$NGSLOW" --rw=write --bs=4k --size=4k --ssdq_smart_interval=0
fi

# ---- 2. SIGTERM during a cool-down -----------------------------------------------
pick 512
fio --name=cool --ioengine="external:$SSDQ_SO" --filename="$ng" --rw=write --bs=128k \
	--size=8m --ssdq_idle=600 --ssdq_smart_interval=0.2 --output-format=json \
	--output="$RESULTS/cool.json" >cool.out 2>cool.err &
C=$!
i=0
while ! grep -q '"event":"idle_start"' cool_events.1.jsonl 2>/dev/null && [ $i -lt 600 ]; do
	sleep 0.1; i=$((i + 1))
done
sleep 1
up >cool.t-signal
kill -TERM $C
wait $C
echo $? >cool.rc
up >cool.t-fio-end

# ---- 3. a cmd: meter that hangs ----------------------------------------------------
cat >hang-meter.sh <<'EOF'
echo 5; echo 5; echo 5
exec sleep 100000
EOF
fio --name=hang --ioengine="external:$SSDQ_SO" --filename="$ng" --rw=read --bs=128k \
	--size=8m --time_based --runtime=6 --ssdq_power="cmd:sh $RESULTS/hang-meter.sh" \
	--output-format=json --output="$RESULTS/hang.json" >hang.out 2>hang.err
echo $? >hang.rc
up >hang.t-fio-end
pgrep -f hang-meter.sh >hang.left 2>/dev/null ||
	for c in /proc/[0-9]*/cmdline; do tr '\0' ' ' <"$c" 2>/dev/null | grep -q '[h]ang-meter' &&
		echo "${c%/cmdline}"; done >hang.left

# ---- 4. kill -9 of fio while it writes; a writer started at once ----------------------
fio --name=k9 --ioengine="external:$SSDQ_SO" --filename="$ng" --rw=write --bs=128k \
	--size=900m --time_based --runtime=600 --ssdq_smart_interval=0 --output-format=json \
	--output="$RESULTS/k9.json" >k9.out 2>k9.err &
K=$!
i=0
while ! grep -q '"event":"job_start"' k9_events.1.jsonl 2>/dev/null && [ $i -lt 600 ]; do
	sleep 0.1; i=$((i + 1))
done
sleep 2
job=$(for s in /proc/[0-9]*/stat; do
	[ "$(sed 's/^.*) //' "$s" 2>/dev/null | cut -d' ' -f2)" = "$K" ] && { p=${s#/proc/}; echo "${p%%/*}"; }
	done | head -n 1)
echo "${job:-none}" >k9.job
up >k9.t-kill
kill -KILL $K
wait $K 2>/dev/null
# the "resume": try until the namespace is free (each try is refused or runs)
n=0
while [ $n -lt 50 ]; do
	n=$((n + 1))
	fio --name=k9r --ioengine="external:$SSDQ_SO" --filename="$ng" --rw=write --bs=128k \
		--size=8m --ssdq_smart_interval=0 --output-format=json \
		--output="$RESULTS/k9r-$n.json" >"k9r-$n.out" 2>"k9r-$n.err"
	echo $? >"k9r-$n.rc"
	[ "$(cat "k9r-$n.rc")" = 0 ] && break
done
echo $n >k9r.tries
up >k9r.t-done
[ -n "$job" ] && [ -d "/proc/$job" ] && echo alive >k9.job-after || echo gone >k9.job-after

# ---- 5. a results tmpfs that fills up ---------------------------------------------------
mkdir -p /mnt/full
if mount -t tmpfs -o size=64k tmpfs /mnt/full; then
	(cd /mnt/full && fio --name=full --ioengine="external:$SSDQ_SO" --filename="$ng" \
		--rw=write --bs=4k --size=64m --write_bw_log=full --log_avg_msec=10 \
		--ssdq_power="cmd:/usr/bin/ssdq-test-meter -i 1000" --ssdq_power_rate=1000 \
		--output-format=json+ --output=/mnt/full/full.json) >full.out 2>full.err
	echo $? >full.rc
	ls -l /mnt/full >full.ls 2>&1
	wc -c </mnt/full/full.json >full.json-bytes 2>/dev/null || echo 0 >full.json-bytes
	df /mnt/full >full.df 2>&1
	umount /mnt/full
else
	echo "cannot mount a tmpfs" >full.skip
fi

# ---- 6. ssdq-run: kill -9 of its fio, of itself; resume; too little room ----------------
RUN=${SSDQ_JOBS:-/opt/ssdq/jobs}/ssdq-run
if [ -x "$RUN" ]; then
	# child_named PID NAME: the first child of PID whose comm is NAME (the
	# processes of that name first: a sed per process of the VM is slow)
	child_named() {
		for _c in $(grep -lx "$2" /proc/[0-9]*/comm 2>/dev/null); do
			_p=${_c#/proc/} _p=${_p%/comm}
			[ "$(sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null | cut -d' ' -f2)" = "$1" ] &&
				{ echo "$_p"; return 0; }
		done
		return 1
	}
	# start TAG: the pSLC suite on the 512-B namespace into $RESULTS/sr, in the
	# background (ssdq-run's pid in R), output in TAG.out/.err
	start() {
		rm -f "$RESULTS/sr/pslc-fill_events.1.jsonl"
		(exec "$RUN" --suite pslc --device "$NG512" --out "$RESULTS/sr" --scale 256 --yes \
			--destroy-data --eta never) >"$1.out" 2>"$1.err" &
		R=$!
	}
	# filling: until the fill writes (its events say erase_end), 120 s at most
	filling() {
		i=0
		while ! grep -q '"event":"erase_end"' "$RESULTS/sr/pslc-fill_events.1.jsonl" 2>/dev/null &&
			[ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
		sleep 1
	}
	gone() {
		i=0
		while [ -d "/proc/$1" ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
	}
	# a. kill -9 of its fio while the fill writes
	start sr-a
	filling
	F=$(child_named "$R" fio) J=$(child_named "${F:-0}" fio)
	echo "${F:-none} ${J:-none}" >sr-a.pids
	# the fill takes seconds here: hold the job so it is still writing
	# when fio dies (a stopped process dies of SIGKILL all the same)
	kill -STOP "$J"
	kill -KILL "$F"
	wait "$R"
	echo $? >sr-a.rc
	gone "$J"
	[ -d "/proc/$J" ] && echo alive >sr-a.job-after || echo gone >sr-a.job-after
	cp "$RESULTS/sr/pslc-fill_events.1.jsonl" sr-a.events 2>/dev/null
	# b. resume, then kill -9 of ssdq-run itself: its fio runs on
	start sr-b
	filling
	F=$(child_named "$R" fio)
	echo "${F:-none}" >sr-b.pids
	kill -KILL "$R"
	wait "$R" 2>/dev/null
	[ -d "/proc/$F" ] && echo alive >sr-b.fio-after || echo gone >sr-b.fio-after
	# the orphaned fio would finish the 1 GiB fill in seconds: hold it
	# (stopped, it still holds the namespace; its job may finish and wait)
	kill -STOP "$F"
	# c. the same command refuses while that fio lives, naming it
	run sr-c "$RUN" --suite pslc --device "$NG512" --out "$RESULTS/sr" --scale 256 --yes \
		--destroy-data --eta never
	kill -TERM "$F"
	kill -CONT "$F"
	gone "$F"
	# d. then it resumes and finishes
	run sr-d "$RUN" --suite pslc --device "$NG512" --out "$RESULTS/sr" --scale 256 --yes \
		--destroy-data --eta never
	# e. a results filesystem without room for the step's logs: refused before
	# the erase (a marker at the 4-KiB namespace's start survives)
	mkdir -p /mnt/small
	if mount -t tmpfs -o size=8m tmpfs /mnt/small; then
		printf 'ssdq-marker-50' | dd of="$NS4K" bs=4096 conv=sync oflag=direct 2>/dev/null
		run sr-e "$RUN" --suite pslc --device "$NG4K" --out /mnt/small/r --scale 256 --yes \
			--destroy-data --eta never
		dd if="$NS4K" bs=4096 count=1 iflag=direct 2>/dev/null | head -c 14 >sr-e.marker
		ls /mnt/small/r >sr-e.ls 2>&1
		umount /mnt/small
	else
		echo "cannot mount a tmpfs" >sr-e.skip
	fi
else
	echo "$RUN is not in the initramfs" >sr.skip
fi

: >monitor.stop
wait $MON
exit 0
