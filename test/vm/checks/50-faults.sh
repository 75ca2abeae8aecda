# Faults on a real kernel: a stop during a slow Format, a cool-down and a hung
# meter; kill -9 of fio; a full results tmpfs; one writer at any moment. The
# stop times are printed as measured (guest uptime); the checks assert only
# what must come before what, and bounds far from a working engine's.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
ev() { cat "$R/$1_events.1.jsonl" 2>/dev/null; }
R_GUEST=/results/50-faults
t() { cat "$R/$1" 2>/dev/null || echo 0; }
# secs A B: B - A of two uptime files
secs() { awk -v a="$(t "$1")" -v b="$(t "$2")" 'BEGIN { printf "%.2f", b - a }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# 1. SIGTERM during a slow Format
if [ "$(cat "$R/slow.dev")" = none ]; then
	fail "the slow namespace (serial ssdqslow, null-co) did not appear"
else
	helper=$(cat "$R/fmt.helper")
	ev fmt | grep -q '"event":"erase_stopped".*helper pid [0-9]* \[ssdq-format\] holds the namespace'
	ok $? "a stopped Format: erase_stopped names the helper left waiting for the drive" "$(ev fmt | tail -n 2)"
	ev fmt | grep -q '"event":"job_end","job":"fmt","bytes":0,"stop":"terminated"'
	ok $? "its job_end says terminated" "$(ev fmt | grep job_end)"
	err_has fmt "stopped after [0-9]* s; the drive finishes the format in the background"
	ok $? "stderr says the drive finishes the format in the background" "$(first_err fmt)"
	stop=$(secs fmt.t-signal fmt.t-fio-end) rest=$(secs fmt.t-fio-end fmt.t-helper-end)
	lt "$stop" 10 && lt 5 "$rest"
	ok $? "fio ended $stop s after SIGTERM; the Format went on $rest s more" "stop $stop s, rest $rest s"
	[ "$helper" != none ]; ok $? "the helper was named ssdq-format (pid $helper)"
	[ "$(rc_of fmt-second)" != 0 ] && err_has fmt-second "pid $helper \[ssdq-format\]"
	ok $? "a writer during the Format is refused, naming the helper" "exit $(rc_of fmt-second): $(first_err fmt-second)"
	fio_ok fmt-after "a writer after the Format runs"
fi

# 2. SIGTERM during a cool-down
ev cool | grep -q '"event":"idle_end","job":"cool","stop":"terminated"'
ok $? "SIGTERM ends a 600 s cool-down (idle_end says terminated)" "$(ev cool | grep idle)"
ev cool | grep -q '"event":"job_end","job":"cool","bytes":8388608,"stop":"bytes"'
ok $? "the job's I/O had ended on bytes" "$(ev cool | grep job_end)"
stop=$(secs cool.t-signal cool.t-fio-end)
lt "$stop" 10; ok $? "fio ended $stop s after SIGTERM in the cool-down" "$stop s"
[ "$(grep -c . "$R/cool_smart.1.jsonl" 2>/dev/null)" -ge 2 ]
ok $? "SMART was sampled through it (the sampler stopped with the job)"

# 3. a meter that hangs
ev hang | grep -q '"event":"power_gap_start".*"msg":"no reading for [0-9.]* s (silent'
ok $? "a hung cmd: meter gives a gap event during the run" "$(ev hang | grep gap)"
err_has hang 'hang-meter.sh": no reading for .*a gap is recorded and sampling goes on'
ok $? "and a warning on stderr" "$(first_err hang)"
ev hang | grep -q '"event":"job_end","job":"hang",.*"stop":"time"'
ok $? "the job ran its 6 s and ended on time" "$(ev hang | grep job_end)"
[ ! -s "$R/hang.left" ]; ok $? "the hung meter was stopped with the job" "$(cat "$R/hang.left")"

# 4. kill -9 of fio while it writes
[ "$(cat "$R/k9.job")" != none ] && [ "$(cat "$R/k9.job-after")" = gone ]
ok $? "the job process $(cat "$R/k9.job") died with its fio" "$(cat "$R/k9.job-after")"
! ev k9 | grep -q '"event":"job_end"'; ok $? "the killed job's events end without job_end"
n=$(cat "$R/k9r.tries")
[ "$(rc_of "k9r-$n")" = 0 ]; ok $? "a writer started at once ran after $n tries" "exit $(rc_of "k9r-$n")"
i=1
while [ $i -lt "$n" ]; do
	err_has "k9r-$i" "is being written by another process"
	ok $? "try $i was refused, naming the holder" "$(first_err "k9r-$i")"
	i=$((i + 1))
done

# 5. a full results tmpfs
if [ -f "$R/full.skip" ]; then
	skip "full tmpfs: $(cat "$R/full.skip")"
else
	err_has full "cannot write full_power.1.log: No space left on device"
	ok $? "the power log's failed write names the file and ENOSPC" "$(first_err full)"
	err_has full "full: a power, SMART or events sidecar was not written in full (No space left on device"
	ok $? "the job's end says the sidecars are incomplete, with the errno"
	[ "$(rc_of full)" = 0 ] && [ "$(cat "$R/full.json-bytes")" -lt 100 ]
	ok $? "fio 3.33 exits 0 with an empty JSON on a full filesystem (ssdq-run must say so)" \
		"exit $(rc_of full), $(cat "$R/full.json-bytes") bytes"
fi

# 6. ssdq-run
if [ -f "$R/sr.skip" ]; then
	fail "ssdq-run: $(cat "$R/sr.skip")"
else
	read -r F J <"$R/sr-a.pids"
	[ "$(rc_of sr-a)" = 1 ] && grep -q "pslc-fill failed (fio exit 137)" "$R/sr-a.err"
	ok $? "kill -9 of ssdq-run's fio: exit 1 naming the step and fio's exit" \
		"exit $(rc_of sr-a): $(grep failed "$R/sr-a.err" | head -n 1)"
	[ "$J" != none ] && [ "$(cat "$R/sr-a.job-after")" = gone ]
	ok $? "its job process $J died with fio $F" "$(cat "$R/sr-a.job-after")"
	grep -q '"event":"erase_end"' "$R/sr-a.events" && ! grep -q '"event":"job_end"' "$R/sr-a.events"
	ok $? "the killed step's events: erased, then no job_end (killed)"
	F=$(cat "$R/sr-b.pids")
	[ "$(cat "$R/sr-b.fio-after")" = alive ]; ok $? "kill -9 of ssdq-run: its fio $F runs on"
	[ "$(rc_of sr-c)" = 3 ] &&
		err_has sr-c "refused: a process of the earlier run in $R_GUEST/sr is still running:" &&
		err_has sr-c "pid $F \[fio\] fio "
	ok $? "the same command refuses to resume while it runs, naming fio $F" \
		"exit $(rc_of sr-c): $(first_err sr-c)"
	[ "$(rc_of sr-d)" = 0 ] && grep -qx pslc-fill "$R/sr/ssdq-run.state"
	ok $? "once it has ended, the same command resumes and finishes" \
		"exit $(rc_of sr-d): $(first_err sr-d)"
	grep -q '"event":"job_end","job":"pslc-fill",.*"stop":"bytes"' "$R/sr/pslc-fill_events.1.jsonl"
	ok $? "the resumed fill ran to its size"
	if [ -f "$R/sr-e.skip" ]; then
		skip "ssdq-run on a full filesystem: $(cat "$R/sr-e.skip")"
	else
		[ "$(rc_of sr-e)" = 3 ] && err_has sr-e "refused: /mnt/small/r has [0-9]* MiB free, and pslc-fill may write about"
		ok $? "an 8 MiB results filesystem is refused before the step" "exit $(rc_of sr-e): $(first_err sr-e)"
		[ "$(cat "$R/sr-e.marker")" = ssdq-marker-50 ] && ! grep -q _events "$R/sr-e.ls"
		ok $? "nothing was erased or run (the marker is still there)" "$(cat "$R/sr-e.marker")"
	fi
fi

# one writer at any moment: in each snapshot, every process with a namespace
# open for writing holds an ssdq lock, and those writing one namespace hold
# the same lock (the flock's owner: one fio run, with its jobs and helpers)
m=$R/monitor.log
lines=$(grep -c 'writer=' "$m")
[ "$lines" -ge 5 ]; ok $? "the monitor saw writers in $lines snapshots"
bad=$(awk '{
	delete run; delete owner
	for (i = 2; i <= NF; i++)
		if ($i ~ /^holder=/) { split($i, h, "/"); if (h[3] != "none") owner[h[2]] = h[3] }
	for (i = 2; i <= NF; i++) {
		if ($i !~ /^writer=/) continue
		split($i, w, "/")		# writer= dev ngXnY pid
		node = w[3]; pid = w[4]
		if (!(pid in owner)) { print $1 ": writer " pid " on " node " holds no lock"; continue }
		if (node in run && run[node] != owner[pid])
			print $1 ": two runs write " node ": lock owners " run[node] " and " owner[pid]
		run[node] = owner[pid]
	}
}' "$m" | head -n 3)
[ -z "$bad" ]; ok $? "one writer per namespace at every snapshot, each under its lock" "$bad"
