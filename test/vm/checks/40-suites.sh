# The suites ran end to end: refusal of a filesystem, complete results
# directories with the job files that ran, 20 % duty cycle, fills over the
# whole namespace, each queue depth stopped for the right reason, two steps
# rerun by hand from their rendered files with the same bytes and stop
# reasons, erase to zeroes, resume after SIGTERM.
. "$(dirname "$0")/../check-lib.sh"
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
scenario_ran; need_engine
[ -f "$R/no-jobs" ] && { fail "40-suites: $(cat "$R/no-jobs") (test/vm/initramfs.sh must copy jobs/)"; exit 0; }
NSBYTES=1073741824

# param DIR VAR: a parameter of the run in DIR (ssdq-run.params), in bytes for sizes
param() { sed -n "s/^$2='\(.*\)'\$/\1/p" "$R/$1/ssdq-run.params" 2>/dev/null; }
ms_of() { echo "$1" | awk '{ n = $0 + 0; if ($0 ~ /ms$/) print n; else if ($0 ~ /m$/) print n * 60000;
	else print n * 1000 }'; }

# 1. refusal
if [ -f "$R/refuse.skip" ]; then
	skip "refusal of a filesystem: $(cat "$R/refuse.skip")"
else
	[ "$(rc_of refuse)" = 3 ]; ok $? "ssdq-run refuses a namespace holding a filesystem (exit 3)" "exit $(rc_of refuse)"
	grep -Eq 'refused: .*ext[234]' "$R/refuse.err"; ok $? "the refusal names the filesystem" "$(first_err refuse)"
	cmp -s "$R/refuse.head-before" "$R/refuse.head-after"; ok $? "the refused namespace was not written"
	[ ! -f "$R/refuse/ssdq-run.state" ]; ok $? "the refused run left no state"
fi

# 2. every suite: run finished, every test complete
# suite_ok DIR SUITE RUN: the results directory DIR holds SUITE complete; RUN
# is the name the scenario ran ssdq-run under
suite_ok() {
	d=$1 s=$2
	[ "$(rc_of "$3")" = 0 ]; ok $? "$d: ssdq-run exit 0" "exit $(rc_of "$3"): $(first_err "$3")"
	tests=$(grep -v '^#' "$ROOT/jobs/suites/$s.suite" | awk 'NF { n = $1; sub(/.*\//, "", n); sub(/\.fio$/, "", n); print n }')
	[ "$(cat "$R/$d/ssdq-run.state" 2>/dev/null)" = "$tests" ]; ok $? "$d: the state lists every test of $s in order"
	[ -s "$R/$d/device.json" ] && jq -e '.lba_size > 0' "$R/$d/device.json" >/dev/null 2>&1
	ok $? "$d: device.json with the LBA size"
	for t in $tests; do
		e=$(json "$d/$t" '[.jobs[].error] | max')
		n=$(json "$d/$t" '.jobs | length')
		[ "$e" = 0 ] && [ "$n" -ge 1 ] 2>/dev/null; ok $? "$d/$t.json: $n jobs, no error" "error $e"
		# fio writes no averaged bw/iops/lat sample for a job shorter than about one
		# helper-thread period, whatever log_avg_msec says (a guest stalled by a
		# busy host finishes a short job so): those logs may be empty here
		missing=
		i=1
		while [ "$i" -le "${n:-0}" ] 2>/dev/null; do
			for f in bw.$i.log iops.$i.log lat.$i.log; do
				[ -f "$R/$d/${t}_$f" ] || missing="$missing ${t}_$f"
			done
			for f in events.$i.jsonl smart.$i.jsonl power.$i.log; do
				[ -s "$R/$d/${t}_$f" ] || missing="$missing ${t}_$f"
			done
			i=$((i + 1))
		done
		[ -z "$missing" ]; ok $? "$d/$t: fio logs and ssdq sidecars for every job" "missing or empty:$missing"
		bad=$(cat "$R/$d/${t}"_events.*.jsonl "$R/$d/${t}"_smart.*.jsonl 2>/dev/null |
			while IFS= read -r l; do printf '%s\n' "$l" | jq -e . >/dev/null 2>&1 || echo x; done | wc -l)
		[ "$bad" = 0 ]; ok $? "$d/$t: every events and SMART sidecar line is JSON" "$bad bad lines"
		# the job file that ran: rendered, self-contained, its rerun command in its head
		f=$R/$d/jobs/$t.fio
		[ -s "$f" ] && ! grep -Eq '^(include|ioengine|filename)' "$f" && ! grep -q '\${' "$f" &&
			grep -q "^#   fio --ioengine=external:[^ ]* --filename=/dev/ng[0-9]*n[0-9]* .*--output=$t.json jobs/$t.fio\$" "$f"
		ok $? "$d/jobs/$t.fio: the job file that ran, its includes written in, its rerun command in its head"
		grep -q '^ssdq_power=nvme-ps' "$f"
		ok $? "$d/jobs/$t.fio: the device's own power estimate written in (ssdq_power=nvme-ps)"
	done
}
suite_ok consumer consumer consumer
suite_ok pslc pslc pslc
suite_ok enterprise-4k enterprise enterprise-4k
suite_ok enterprise-512 enterprise resume-2

# duty cycle from the events: busy / (busy + idle) over the bursts followed by idle
burst=$(to_bytes "$(param consumer SSDQ_BURST)")
total=$(to_bytes "$(param consumer SSDQ_BURSTS_TOTAL)")
for t in burst-seq-read burst-seq-write burst-seq-read-full burst-seq-write-full; do
	f=$R/consumer/${t}_events.1.jsonl
	got=$(jq -s -r --argjson burst "$burst" '
		def spans(a; b): [ .[] | select(.event == a or .event == b) ] as $e
			| [ range(0; $e | length - 1; 2) as $i | $e[$i + 1].time_us - $e[$i].time_us ];
		spans("burst_start"; "burst_end") as $busy | spans("idle_start"; "idle_end") as $idle
		| [ .[] | select(.event == "burst_end") | .bytes ] as $bytes
		| "\($busy | length) \(($bytes | unique) == [$burst]) \(100 * ($busy[0:($idle | length)] | add) / (($busy[0:($idle | length)] | add) + ($idle | add))) \([ range(0; $idle | length) as $i | $idle[$i] / (4 * $busy[$i]) ] | min)"
		' "$f" 2>/dev/null)
	set -- $got
	[ "${1:-0}" = $((total / burst)) ]; ok $? "$t: $((total / burst)) bursts" "${1:-no events}"
	[ "${2:-}" = true ]; ok $? "$t: every burst moved $burst bytes"
	# what the engine did: each idle lasts four times its burst (20 %); a busy
	# host stretches idles (17.5 % seen at load average 10) and can stamp a
	# burst's events late, so: every idle at least 0.9 x 4 x its burst as the
	# events see it, and the duty cycle at most 22 %
	awk -v r="${4:-0}" 'BEGIN { exit !(r >= 0.9) }'; ok $? "$t: every idle about 4 x its burst or longer" "shortest ${4:-?} x"
	awk -v d="${3:-0}" 'BEGIN { exit !(d > 0 && d <= 22) }'; ok $? "$t: duty cycle at most 22 %" "measured ${3:-?} %"
done

# fills cover the namespace: the capacity the engine reported, 1 GiB here
for n in consumer/fill pslc/pslc-fill enterprise-4k/precondition enterprise-512/precondition; do
	cap=$(jq -r '.capacity_bytes' "$R/${n%/*}/device.json" 2>/dev/null)
	[ "$(bytes "$n" write)" = "$cap" ] && [ "$cap" = $NSBYTES ]
	ok $? "$n wrote the whole namespace ($cap bytes)" "wrote $(bytes "$n" write)"
done

# each queue depth stopped for the right reason: bytes reached before the time,
# or the time reached before the bytes; the events say the same
lim=$(to_bytes "$(param consumer SSDQ_QD_LIMIT_BYTES)")
rt=$(ms_of "$(param consumer SSDQ_QD_RUNTIME)")
for t in sustained-seq-read sustained-seq-write sustained-seq-read-frag sustained-seq-read-full sustained-seq-write-full; do
	json "consumer/$t" '.jobs[] | "\(.jobname) \(.read.io_bytes + .write.io_bytes) \(.job_runtime)"' |
	while read -r job b ms; do
		stop=$(grep -h '"event":"job_end"' "$R/consumer/${t}"_events.*.jsonl 2>/dev/null |
			jq -r --arg j "$job" 'select(.job == $j) | .stop' 2>/dev/null | head -n 1)
		if [ "$b" -ge "$lim" ] 2>/dev/null; then
			[ "$ms" -le $((rt + rt / 4 + 20)) ] && [ "$stop" = bytes ]
			ok $? "$t $job: stopped on bytes ($b in $ms ms), events say $stop"
		else
			[ "$ms" -ge $((rt - 5)) ] && [ "$stop" = time ]
			ok $? "$t $job: stopped on time ($ms ms, $b bytes), events say $stop"
		fi
	done
done

# the 4 KiB namespace ran the sweeps from 4 KiB up; the rendered file says so
grep -q '^# Left out, block size below the 4096-byte LBA size: bs512 bs1k bs2k$' "$R/enterprise-4k/jobs/qd1-rand-read-bs.fio"
ok $? "enterprise-4k/jobs/qd1-rand-read-bs.fio says it left out bs512, bs1k and bs2k"
for t in qd1-rand-read-bs qd1-seq-write-bs; do
	got=$(json "enterprise-4k/$t" '[.jobs[].jobname] | join(" ")')
	[ "$got" = "bs4k bs8k bs16k bs32k bs64k bs128k bs256k bs512k bs1m" ]
	ok $? "enterprise-4k/$t: sub-4 KiB jobs left out" "$got"
	got=$(json "enterprise-512/$t" '.jobs | length')
	[ "$got" = 12 ]; ok $? "enterprise-512/$t: all 12 block sizes" "$got jobs"
done

# 3. two steps rerun by hand with plain fio from their rendered files: the same
# bytes per job and the same stop reasons (and bursts) as in the suite
# stops DIR TEST: "job stop" lines from the events sidecars
stops() { cat "$R/$1/$2"_events.*.jsonl 2>/dev/null | jq -r 'select(.event == "job_end") | "\(.job) \(.stop) \(.bytes)"' | sort; }
for c in burst:consumer:burst-seq-write qd1:enterprise-4k:qd1-rand-read-4k; do
	n=${c%%:*} d=${c#*:}; d=${d%%:*} t=${c##*:}
	[ "$(rc_of "rerun-$n")" = 0 ]; ok $? "rerun of $d/jobs/$t.fio by hand: fio exit 0" "exit $(rc_of "rerun-$n"): $(first_err "rerun-$n")"
	grep -q "^fio --ioengine=external:" "$R/rerun-$n.cmd"; ok $? "the rerun ran the command in the file's head" "$(cat "$R/rerun-$n.cmd")"
	a=$(json "$d/$t" '[.jobs[] | "\(.jobname) \(.read.io_bytes) \(.write.io_bytes)"] | join(",")')
	b=$(json "rerun-$n/$t" '[.jobs[] | "\(.jobname) \(.read.io_bytes) \(.write.io_bytes)"] | join(",")')
	[ -n "$a" ] && [ "$a" = "$b" ]; ok $? "$t rerun: the same bytes per job ($b)" "suite: $a"
	a=$(stops "$d" "$t") b=$(stops "rerun-$n" "$t")
	[ -n "$a" ] && [ "$a" = "$b" ]; ok $? "$t rerun: the same stop reasons ($(echo "$b" | tr '\n' ' '))" "suite: $(echo "$a" | tr '\n' ' ')"
done
a=$(grep -c '"burst_end"' "$R"/consumer/burst-seq-write_events.1.jsonl 2>/dev/null)
b=$(grep -c '"burst_end"' "$R"/rerun-burst/burst-seq-write_events.1.jsonl 2>/dev/null)
[ "${a:-0}" -gt 0 ] && [ "$a" = "$b" ]; ok $? "burst-seq-write rerun: the same $b bursts" "suite $a"

# 4. erase
[ "$(rc_of erase)" = 0 ]; ok $? "util/erase.fio ran under plain fio" "exit $(rc_of erase): $(first_err erase)"
[ "$(cat "$R/erase.nonzero" 2>/dev/null)" = 0 ]; ok $? "after the erase the namespace reads zeroes" \
	"$(cat "$R/erase.nonzero" 2>/dev/null) non-zero bytes"
m=$(jq -r 'select(.event == "erase_end") | .method' "$R"/erase_events.*.jsonl 2>/dev/null | head -n 1)
[ "$m" = format ] || [ "$m" = deallocate ]; ok $? "QEMU lacks Sanitize: the erase fell back to Format or deallocate" "method '$m'"

# 5. resume
[ "$(cat "$R/resume-1.rc" 2>/dev/null)" = 130 ]; ok $? "SIGTERM mid-suite: ssdq-run exit 130" "exit $(cat "$R/resume-1.rc" 2>/dev/null)"
# fio stops through its trigger file; a fio signalled in fork() hung until
# ssdq-run's watchdog killed it 30 s later, which ssdq-run says ("fio did not
# stop within 30 s"): its own account, not a time a busy host stretches
secs=$(cat "$R/resume-1.stop-secs" 2>/dev/null)
[ -f "$R/resume-1.err" ] && ! grep -q 'did not stop' "$R/resume-1.err"
ok $? "SIGTERM mid-suite: fio stopped through its trigger file, no watchdog kill ($secs s)" \
	"$(grep -m1 'did not stop' "$R/resume-1.err" 2>/dev/null)"
! grep -Eq '^(ssdq-run\.stop|local-.*-verify\.state)$' "$R/resume-1.files" 2>/dev/null
ok $? "the interrupted run left no trigger or verify state file" "$(grep -E 'stop|verify' "$R/resume-1.files" | tr '\n' ' ')"
k=$(wc -l <"$R/resume-1.state" 2>/dev/null | tr -d ' ')
[ "${k:-0}" -ge 2 ] && [ "$k" -lt 7 ]; ok $? "the interrupted run recorded $k of 7 tests" "${k:-no state}"
grep -q "resuming: $k finished earlier" "$R/resume-2.out"; ok $? "the second run resumed after test $k"
[ "$(rc_of resume-2)" = 0 ]; ok $? "the resumed run finished" "exit $(rc_of resume-2): $(first_err resume-2)"
cmp -s "$R/resume-1.md5" "$R/resume-2.md5"; ok $? "the tests finished before the interruption were not run again"

# ssdq-report reads every results directory, when it is built
if [ -x "$ROOT/build/ssdq-report" ]; then
	for d in consumer pslc enterprise-4k enterprise-512; do
		"$ROOT/build/ssdq-report" "$R/$d" >/dev/null 2>&1; ok $? "ssdq-report reads $d"
	done
else
	skip "build/ssdq-report is not built: results directories not fed to it"
fi

# 8. the same suite on the drive model (host side) leaves a results directory
# of the same shape: the same files per test, numbers aside
# (a step's .stderr is kept when fio or the engine said something, e.g. the
# model's note that a busy host kept it from its pace: a diagnostic, no result)
shape() { (cd "$1" && find . -maxdepth 1 ! -name . ! -name '.*' | sed 's|^\./||' | grep -v '^ssdq-run\.\|^model\.state$\|\.stderr$' | sed 's/[0-9][0-9]*/N/g' | sort -u); }
# (test/vm/model-suite.sh: run.sh runs it beside the guest, SSDQ_VM_MODEL_RUN)
if [ -n "${SSDQ_VM_MODEL_RUN:-}" ]; then
	mt=$SSDQ_VM_MODEL_RUN
else
	mt=$(mktemp -d)
	SSDQ_SO="$ROOT/build/ssdq.so" sh "$ROOT/test/vm/model-suite.sh" "$mt"
fi
if [ "$(cat "$mt/rc" 2>/dev/null)" = 0 ]; then
	shape "$R/consumer" >"$mt/vm.shape"
	shape "$mt/model" >"$mt/model.shape"
	diff "$mt/vm.shape" "$mt/model.shape" >"$mt/diff"
	ok $? "a model run and the QEMU run of the consumer suite leave the same files ($(wc -l <"$mt/vm.shape") kinds)" \
		"$(tr '\n' ' ' <"$mt/diff" | cut -c1-300)"
else
	fail "the consumer suite on the drive model ran ($(tail -n 2 "$mt/run.log" | tr '\n' ' '))"
fi
[ -n "${SSDQ_VM_MODEL_RUN:-}" ] || rm -rf "$mt"
