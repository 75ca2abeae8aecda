#!/bin/sh
# ssdq-run's plan and its checks, one code for every target (issue 27): on
# several namespaces and on test hosts the time estimate, a span that does
# not fit a namespace, reads beyond what a step before wrote, a size that is
# not a multiple of the LBA size (a host's namespace known from the
# device.json a step left there) and no room for a step's logs, as one
# --device always had; suites as data (a new suite file runs with no edit of
# the runner, a bad line is named by file and line); fio's sizes as fio reads
# them. Dry runs and refusals: no fio job runs, no host is contacted.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-targets.XXXXXX")
trap 'umount "$W/small" 2>/dev/null; rm -rf "$W" "$T_OUT"' EXIT
export SSDQ_SO="$SO" SSDQ_REPORT=none
unset SSDQ_FIO SSDQ_SYSFS SSDQ_DEVDIR SSDQ_MOUNTINFO SSDQ_SWAPS
cd "$W" || exit 1

# ---- the time estimate -----------------------------------------------------------
expect_rc 0 "two model drives: a dry run" "$RUN" --suite consumer --model qlc-1tb --scale 64 \
	--device a.state --device b.state --out d1 --dry-run
NF=$(suite_step_no "$top/jobs/suites/consumer.suite" fill.fio)
expect_out "^ +$NF +fill +[0-9]+ (min|s)" "the plan gives the fill (step $NF) its estimate"
expect_out "estimated time: [0-9]+ min [0-9]+ s, assuming 2000 MB/s" "and the run's estimated time"
# the same plan as on one namespace
"$RUN" --suite consumer --model qlc-1tb --scale 64 --out d0 --dry-run 2>&1 | grep -E '^ +[0-9]+  ' >one.plan
grep -E '^ +[0-9]+  ' "$T_OUT" >two.plan
[ -s one.plan ] && cmp -s one.plan two.plan && pass "the same plan and estimates as on one namespace" ||
	fail "plans differ: $(diff one.plan two.plan | head -5)"
expect_rc 0 "a host: a dry run" "$RUN" --suite consumer --scale 64 --host 127.0.0.1=/dev/ng0n1 --out d2 --dry-run
expect_out "^ +$NF +fill +\? " "a host's capacity is unknown before its first step: the fill's estimate too"
expect_out "estimated time: .* plus steps of unknown length" "and the total says so"

# ---- sizes against the namespace ---------------------------------------------------
expect_rc 2 "a span larger than the model drives" "$RUN" --suite consumer --model qlc-1tb --scale 64 \
	--span 64g --device a.state --device b.state --out d3 --dry-run
expect_out "\[a\] SSDQ_SPAN=64g \(68.7 GB\) does not fit the 15.6 GB namespace \(it was given as it is" \
	"names the namespace, the parameter and the capacity"
[ ! -e d3 ] && pass "no results directory after the refusal" || fail "d3 was created"
expect_rc 2 "burst reads beyond the prefill" "$RUN" --suite consumer --model qlc-1tb --scale 64 \
	--set SSDQ_BURSTS_TOTAL=2g --device a.state --device b.state --out d3 --dry-run
expect_out "\[a\] burst-seq-read reads 2.1 GB, more than SSDQ_PREFILL=256m \(268 MB\) written before it" \
	"names the step, what it reads and what was written"
# a host's namespace, known from the device.json of an earlier step there
mkdir -p d4/127.0.0.1 && : >d4/ssdq-run.hosts
printf '{\n  "capacity_bytes": 8000000000,\n  "lba_size": 4096\n}\n' >d4/127.0.0.1/device.json
expect_rc 2 "a host's namespace smaller than the prefill" "$RUN" --suite consumer --scale 1 \
	--host 127.0.0.1=/dev/ng0n1 --out d4 --dry-run
expect_out "\[127.0.0.1\] SSDQ_PREFILL=16g \(17.2 GB\) does not fit the 8.0 GB namespace: try --scale 4" \
	"names the host, the parameter and the scale that fits"
expect_rc 2 "a size not a multiple of a host's LBA size" "$RUN" --suite consumer --scale 64 \
	--set SSDQ_FRAG_BYTES=1000000 --host 127.0.0.1=/dev/ng0n1 --out d4 --dry-run
expect_out "\[127.0.0.1\] SSDQ_FRAG_BYTES=1000000 is not a multiple of the namespace's 4096-byte LBA size" \
	"names the host, the parameter and the LBA size"
expect_rc 0 "a multiple of it: accepted" "$RUN" --suite consumer --scale 64 \
	--set SSDQ_FRAG_BYTES=1024000 --host 127.0.0.1=/dev/ng0n1 --out d4 --dry-run

# ---- room for a step's logs ----------------------------------------------------------
mkdir -p small
if mount -t tmpfs -o size=8m tmpfs small 2>/dev/null; then
	expect_rc 3 "two drives' logs do not fit the results filesystem: refused" "$RUN" --suite pslc \
		--model qlc-1tb --scale 100 --device a.state --device b.state --out "$W/small/r" --yes --eta never
	expect_out "refused: $W/small/r has [0-9]+ MiB free, and pslc-fill may write about [0-9]+ MiB on its 2 targets" \
		"names the free space and the need of both"
	expect_out "nothing was erased" "before the step"
	ls "$W/small/r"/*/*_events.*.jsonl >/dev/null 2>&1 && fail "a step ran" || pass "no step ran (no events sidecar)"
	umount small
else
	echo "SKIP: cannot mount a tmpfs here (not root): the room check is left to run-faults.sh's VM"
fi

# ---- suites as data -------------------------------------------------------------------
cp -R "$top/jobs" lib
cat >lib/suites/mini.suite <<'EOS'
# a suite of one test, as a lab adds one
pslc/pslc-fill.fio    the pSLC fill again    erases=yes time=ERASE+SSDQ_FILL_SIZE/W+7 writes=SSDQ_FILL_SIZE
EOS
expect_rc 0 "a new suite file runs, the runner unchanged" sh lib/ssdq-run --suite mini --model qlc-1tb \
	--scale 64 --out d5 --dry-run
expect_out "^ +1 +pslc-fill +1 min 08 s +the pSLC fill again" "its step, with the estimate its line gives"
sh lib/ssdq-run --suite nope --model qlc-1tb --out d5 --dry-run >"$T_OUT" 2>&1
grep -q "consumer, enterprise, mini, pslc or all, not 'nope'" "$T_OUT" &&
	pass "the suites offered are the files there" || fail "$(cat "$T_OUT")"
printf 'pslc/pslc-fill.fio  fill  time=SSDQ_NOPE/W\n' >>lib/suites/mini.suite
expect_rc 2 "a suite line naming no parameter" sh lib/ssdq-run --suite mini --model qlc-1tb --out d5 --dry-run
expect_out "mini.suite:3: time=SSDQ_NOPE/W: SSDQ_NOPE is not a parameter" "named by file and line"
printf 'fill.fio  fill  needs=later\nconsumer/frag.fio  frag\n' >lib/suites/mini.suite
expect_rc 2 "a test needing one that runs later" sh lib/ssdq-run --suite mini --model qlc-1tb --out d5 --dry-run
expect_out "mini.suite:1: needs=later: no test later runs before it" "named by file and line"
# every erasing test's suite line says so, and no other's
for f in "$top"/jobs/suites/*.suite; do
	grep -v '^#' "$f" | while read -r j rest; do
		[ -n "$j" ] || continue
		e=no; sh "$top/jobs/ssdq-render" "$top/jobs/$j" | grep -q '^ssdq_erase=' && e=yes
		s=no; case " $rest " in *" erases=yes "*) s=yes ;; esac
		[ "$e" = "$s" ] && echo "ok $j" || echo "bad $j: job file erases $e, suite line $s"
	done
done >erases.txt
grep -q '^bad' erases.txt && fail "$(grep '^bad' erases.txt)" ||
	pass "every suite line's erases= matches its job file ($(grep -c '^ok' erases.txt) tests)"

# ---- fio's sizes, as fio reads them ---------------------------------------------------
# shellcheck source=/dev/null
JOBS=$top/jobs SSDQ_RUN_LIB=1 . "$RUN"
for c in 4k:4096 4kb:4096 4KiB:4000 4kib:4000 0x1000:4096 1p:1125899906842624 2M:2097152 128MiB:128000000; do
	v=${c%%:*} want=${c#*:}
	[ "$(to_bytes "$v")" = "$want" ] && pass "to_bytes $v = $want, as fio 3.33 reads it" ||
		fail "to_bytes $v = $(to_bytes "$v"), fio reads $want"
done
[ "$(to_bytes 50% 1000)" = 500 ] && pass "to_bytes 50% of 1000" || fail "to_bytes 50% of 1000 = $(to_bytes 50% 1000)"
for v in 1.5k 12x k; do
	[ -z "$(to_bytes "$v")" ] && pass "to_bytes $v: not a size (fio refuses it too)" || fail "to_bytes $v = $(to_bytes "$v")"
done
expect_rc 0 "ssdq-render takes a size with p" sh "$top/jobs/ssdq-render" --set SSDQ_SPAN=1p --values
expect_out "^SSDQ_SPAN='1p'\$" "as given"
expect_rc 0 "and a percentage" sh "$top/jobs/ssdq-render" --set SSDQ_SPAN=50% --values
expect_rc 0 "and hexadecimal, scaled" sh "$top/jobs/ssdq-render" --scale 2 --set SSDQ_SPAN=0x1000000 --values
expect_rc 2 "not a fraction" sh "$top/jobs/ssdq-render" --set SSDQ_SPAN=1.5g --values
expect_out "SSDQ_SPAN=1.5g: not a size" "naming the parameter"
summary
