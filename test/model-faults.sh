#!/bin/sh
# Faults a lab sees, on the drive model (no device, no root): a second
# writer refused naming the holder, a job that dies with a kill -9'd fio,
# stops that end idles and burst gaps, stop reasons, a job without I/O
# buffers, option values fio would misread, a meter that lies, stalls or
# prints garbage, a sidecar on a full filesystem. Each check reads what the
# engine said (messages, events), not only exit codes. No check depends on
# how fast the host is: waits poll for what they wait for, and the few
# bounds are far from what a working engine takes.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d)
BG=
cleanup() {
	for _p in $BG; do kill -KILL "$_p" 2>/dev/null; done
	rm -rf "$W" "$T_OUT"
}
trap cleanup EXIT
cd "$W" || exit 1
M="--ioengine=external:$SO --ssdq_model=tlc-dramless-1tb --ssdq_model_scale=1000 --filename=$W/drive"

# wait_for FILE PATTERN: until FILE holds PATTERN (grep -E), 60 s at most
wait_for() {
	_i=0
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ $_i -ge 600 ] && return 1
		sleep 0.1
	done
}

# wait_count FILE PATTERN N: until N lines of FILE hold PATTERN, 60 s at most
wait_count() {
	_i=0
	while [ "$(grep -Ec -- "$2" "$1" 2>/dev/null || true)" -lt "$3" ] 2>/dev/null ||
		[ ! -f "$1" ]; do
		_i=$((_i + 1))
		[ $_i -ge 600 ] && return 1
		sleep 0.1
	done
}

# gone PID: until PID has exited (or is a zombie), 60 s at most
gone() {
	_i=0
	while [ -d "/proc/$1" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; do
		_i=$((_i + 1))
		[ $_i -ge 600 ] && return 1
		sleep 0.1
	done
}

# children PID: the pids whose parent is PID
children() {
	for _s in /proc/[0-9]*/stat; do
		awk -v p="$1" '{ sub(/^.*\) /, ""); if ($2 == p) print FILENAME }' "$_s" 2>/dev/null
	done | sed 's|/proc/\([0-9]*\)/stat|\1|'
}

# ms_between EVENTS A B: milliseconds from the first event A to the first B
ms_between() {
	awk -v a="\"event\":\"$2\"" -v b="\"event\":\"$3\"" -F'[:,]' '
		index($0, a) && !ta { ta = $2 } index($0, b) && !tb { tb = $2 }
		END { if (ta && tb) printf "%d", (tb - ta) / 1000 }' "$1"
}

# ---- one writer per namespace -----------------------------------------------
fio --name=w1 $M --rw=write --bs=128k --size=900m --time_based --runtime=600 \
	--output=w1.json >w1.out 2>&1 &
W1=$!
BG="$BG $W1"
wait_for w1_events.1.jsonl '"event":"sampler_start"' || fail "the first writer never started"
expect_rc 1 "a second writer on the same state file is refused" \
	fio --name=w2 $M --rw=write --bs=128k --size=1m --output=w2.json
expect_out "w2: $W/drive is being written by another process: pid $W1 \(fio --name=w1 " \
	"the refusal names the holder's pid and command line"
expect_out "ssdq lets one fio run write a namespace at a time" "and says why"
ln -s "$W/drive" "$W/alias"
expect_rc 1 "another path to the same state file is the same drive" \
	fio --name=w3 --ioengine=external:$SO --ssdq_model=tlc-dramless-1tb \
	--ssdq_model_scale=1000 --filename=$W/alias --rw=trim --bs=128k --size=1m --output=w3.json
expect_out "is being written by another process: pid $W1 " "the refusal names the same holder"
expect_rc 0 "a reader is not refused" fio --name=r1 $M --rw=read --bs=128k --size=1m --output=r1.json

# ---- kill -9 of fio's main process: its job dies too, the lock is free --------
job=$(children "$W1" | head -n 1)
[ -n "$job" ] && pass "the writer's job process is $job" || fail "no job process under fio $W1"
kill -KILL "$W1"
if [ -n "$job" ] && gone "$job"; then
	pass "the job process died with its fio (no orphan writing on)"
else
	fail "job process $job lives on after kill -9 of fio $W1"
	kill -KILL "$job" 2>/dev/null
fi
wait "$W1" 2>/dev/null
grep -q '"event":"job_end"' w1_events.1.jsonl && fail "a killed job wrote job_end" ||
	pass "the killed job's events have no job_end (the report says killed)"
expect_rc 0 "with the killed run gone, a new writer runs" \
	fio --name=w4 $M --rw=write --bs=128k --size=1m --output=w4.json

# ---- stop reasons ---------------------------------------------------------------
fio --name=b $M --rw=write --bs=128k --size=16m --output=b.json >/dev/null 2>&1
grep -q '"event":"job_end","job":"b","bytes":16777216,"stop":"bytes"' b_events.1.jsonl &&
	pass "a job that wrote its size stopped on bytes" || fail "job_end: $(grep job_end b_events.1.jsonl)"
fio --name=t $M --rw=read --bs=128k --size=16m --time_based --runtime=1 --output=t.json >/dev/null 2>&1
grep -q '"event":"job_end","job":"t",.*"stop":"time"' t_events.1.jsonl &&
	pass "a time_based job stopped on time" || fail "job_end: $(grep job_end t_events.1.jsonl)"
fio --name=f $M --rw=write --bs=128k --size=900m --output=f.json >f.out 2>&1 &
F=$!
BG="$BG $F"
wait_for f_events.1.jsonl '"event":"sampler_start"'
kill -TERM "$F"
wait "$F"
grep -q '"event":"job_end","job":"f",.*"stop":"terminated"' f_events.1.jsonl &&
	pass "a fill stopped by SIGTERM says terminated, not bytes" ||
	fail "job_end: $(grep job_end f_events.1.jsonl)"

# ---- stops end idles and burst gaps ---------------------------------------------
fio --name=cd $M --rw=write --bs=128k --size=16m --ssdq_idle=600 --output=cd.json >cd.out 2>&1 &
CD=$!
BG="$BG $CD"
wait_for cd_events.1.jsonl '"event":"idle_start"' || fail "no cool-down started"
kill -TERM "$CD"
wait "$CD"
grep -q '"event":"idle_end","job":"cd","stop":"terminated"' cd_events.1.jsonl &&
	pass "SIGTERM ends the 600 s cool-down (idle_end says terminated)" ||
	fail "cool-down events: $(grep idle cd_events.1.jsonl)"
ms=$(ms_between cd_events.1.jsonl idle_start idle_end)
[ -n "$ms" ] && [ "$ms" -lt 60000 ] && pass "the cool-down lasted $ms ms of its 600 s" ||
	fail "the cool-down lasted '$ms' ms"
grep -q '"event":"job_end","job":"cd",.*"stop":"bytes"' cd_events.1.jsonl &&
	pass "its I/O had ended on bytes" || fail "job_end: $(grep job_end cd_events.1.jsonl)"

fio --name=bu $M --rw=write --bs=128k --size=900m --ssdq_burst=8m --ssdq_duty=1 \
	--output=bu.json >bu.out 2>&1 &
BU=$!
BG="$BG $BU"
wait_for bu_events.1.jsonl '"event":"idle_start"' || fail "no gap after a burst"
kill -TERM "$BU"
wait "$BU"
grep -q '"event":"idle_end","job":"bu","stop":"terminated"' bu_events.1.jsonl &&
	pass "SIGTERM ends the gap after a burst" || fail "burst events: $(tail -n 3 bu_events.1.jsonl)"
grep -q '"event":"job_end","job":"bu",.*"stop":"terminated"' bu_events.1.jsonl &&
	pass "the burst job says terminated" || fail "job_end: $(grep job_end bu_events.1.jsonl)"
[ "$(grep -c '"event":"idle_start"' bu_events.1.jsonl)" = 1 ] &&
	pass "no cool-down or further gap after the stop" || fail "idles: $(grep -c idle_start bu_events.1.jsonl)"

# ---- no I/O without a buffer ------------------------------------------------------
# shellcheck disable=SC3045 # dash and busybox sh have ulimit -v
(ulimit -v 1500000; fio --name=big $M --rw=write --bs=128k --iodepth=16384 --size=16m \
	--ssdq_erase=auto --output=big.json) >"$T_OUT" 2>&1
rc=$?
[ $rc = 1 ] && pass "iodepth x bs beyond memory fails the job (exit 1)" || fail "exit $rc"
expect_out "big: fio has no I/O buffers: iodepth=16384 x bs=128.0 KiB needs 2.0 GiB of memory" \
	"the refusal says how much memory iodepth x bs needs"
expect_out "Nothing was erased or sent" "and that nothing was erased"
grep -q erase_start big_events.1.jsonl 2>/dev/null && fail "the erase ran" ||
	pass "no erase_start in its events"

# ---- option values fio would misread ------------------------------------------------
for v in 1e9 -5; do
	expect_rc 1 "ssdq_power_rate=$v fails the job" \
		fio --name=pr $M --rw=read --size=1m --ssdq_power_rate=$v --output=pr.json
	expect_out "pr: ssdq_power_rate=$v: out of range; give 0.1 to 20000 samples per second" \
		"the refusal names the value and the range"
done
expect_rc 1 "ssdq_power_max=lots fails the job" \
	fio --name=pm $M --rw=read --size=1m --ssdq_power_max=lots --output=pm.json
expect_out "ssdq_power_max=lots: give the most watts" "the refusal names the option"

# ---- a meter that lies, prints garbage, stalls ---------------------------------------
cat >meter.sh <<'EOF'
#!/bin/sh
n() { i=0; while [ $i -lt $2 ]; do echo "$1"; sleep 0.1; i=$((i + 1)); done; }
n 5 10; echo -5; echo 1e12; n 6 10; n garbage 30; n 7 10; sleep 4; n 8 10
sleep 600
EOF
fio --name=m $M --rw=read --bs=128k --size=16m --time_based --runtime=600 \
	--ssdq_power="cmd:sh $W/meter.sh" --output=m.json >m.out 2>&1 &
MP=$!
BG="$BG $MP"
wait_count m_events.1.jsonl '"event":"power_gap_end"' 3 || fail "the meter's gaps did not all end"
kill -TERM "$MP"
wait "$MP"
grep -q '"event":"power_gap_start".*"msg":"reading -5 W is outside the plausible 0-100 W (' m_events.1.jsonl &&
	pass "a reading of -5 W (and 1e12 W) gives a gap event" || fail "events: $(grep gap m_events.1.jsonl)"
grep -q '"event":"power_gap_start".*lines that are not readings, the last \\"garbage\\"' m_events.1.jsonl &&
	pass "a meter printing garbage gives a gap event naming what it printed" ||
	fail "events: $(grep gap m_events.1.jsonl)"
grep -q '"event":"power_gap_start".*"msg":"no reading for [0-9.]* s (silent' m_events.1.jsonl &&
	pass "a silent meter gives a gap event" || fail "events: $(grep gap m_events.1.jsonl)"
[ "$(grep -c '"event":"power_gap_end"' m_events.1.jsonl)" -ge 3 ] &&
	pass "each gap ends when readings come back" || fail "gap ends: $(grep -c power_gap_end m_events.1.jsonl)"
grep -q 'ssdq: power source "cmd:sh .*meter.sh": reading -5 W is outside' m.out &&
	grep -q 'a gap is recorded and sampling goes on' m.out &&
	pass "each gap is a warning on stderr during the run" || fail "stderr: $(head -5 m.out)"
awk -F', ' '$2 < 0 || $2 > 100000 { bad = 1 } END { exit bad || !NR }' m_power.1.log &&
	pass "no refused reading reaches the power log" || fail "power log: $(sort -t, -k2 -n m_power.1.log | tail -2)"

# ---- a sidecar on a full filesystem ------------------------------------------------------
ln -s /dev/full full_power.1.log
expect_rc 0 "a job whose power log cannot be written still runs" \
	fio --name=full $M --rw=read --size=16m --output=full.json
expect_out "ssdq: cannot write full_power.1.log: No space left on device" \
	"the failed write names the file and the errno"
expect_out "full: a power, SMART or events sidecar was not written in full \(No space left on device" \
	"the job's end says so again"
summary
