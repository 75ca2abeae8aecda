#!/bin/sh
# jobs/ssdq-run without a device: argument errors, the refusal logic on regular
# files and a fake sysfs tree, and whole suites on the drive model with a fake
# fio (order, progress, resume after a failure and after SIGTERM, parameter
# checks, the job files it renders into DIR/jobs and the fio command lines
# that run them, ssdq-report at the end). Never opens a device node.
# usage: sh test/jobs/runner.sh
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
J=$top/jobs
RUN=$J/ssdq-run
T=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-runner.XXXXXX")
trap 'rm -rf "$T" "$T_OUT"' EXIT
unset SSDQ_SPAN SSDQ_POWER SSDQ_SYSFS SSDQ_DEVDIR SSDQ_MOUNTINFO SSDQ_SWAPS
# a stand-in for the engine: the fake fio never loads it
: >"$T/ssdq.so"
export SSDQ_SO="$T/ssdq.so"
# no ssdq-report unless a test asks for one (build/ssdq-report would read the fakes)
export SSDQ_REPORT=none

# ---- arguments -------------------------------------------------------------------
expect_rc 0 "--help" "$RUN" --help
expect_out "^usage: ssdq-run --suite" "--help prints the usage"
expect_rc 2 "no arguments" "$RUN"
expect_out "--suite is missing" "no arguments: names --suite"
expect_rc 2 "an unknown suite" "$RUN" --suite gaming --device /dev/ng0n1 --out "$T/x"
expect_out "consumer, enterprise, pslc or all, not 'gaming'" "the error lists the suites"
expect_rc 2 "no --out" "$RUN" --suite consumer --device /dev/ng0n1
expect_out "--out is missing" "names --out"
expect_rc 2 "no --device" "$RUN" --suite consumer --out "$T/x"
expect_out "--device is missing" "names --device"
expect_rc 2 "an unknown option" "$RUN" --suite consumer --device /dev/ng0n1 --out "$T/x" --fast
expect_out "unknown argument '--fast'" "names the option"
expect_rc 2 "--scale 0" "$RUN" --suite consumer --device /dev/ng0n1 --out "$T/x" --scale 0
expect_rc 2 "--scale half" "$RUN" --suite consumer --device /dev/ng0n1 --out "$T/x" --scale half
expect_out "whole number >= 1 or auto" "--scale: says what it wants"
expect_rc 2 "--set of an unknown parameter" "$RUN" --suite pslc --model qlc-1tb --out "$T/x" --set SSDQ_FOO=1
expect_out "SSDQ_FOO: not a parameter of the job files" "names the parameter"
expect_rc 2 "--set of a bad value" "$RUN" --suite pslc --model qlc-1tb --out "$T/x" --set SSDQ_SPAN=lots
expect_out "SSDQ_SPAN=lots: not a size" "names the parameter and says what it wants"
expect_rc 2 "a parameter in the environment is refused" env SSDQ_SPAN=8g \
	"$RUN" --suite consumer --model qlc-1tb --out "$T/x" --dry-run
expect_out "SSDQ_SPAN=8g is set in the environment.*--set SSDQ_SPAN=8g" "says to give it with --set"
expect_rc 2 "--set without VAR=" "$RUN" --suite pslc --model qlc-1tb --out "$T/x" --set 64g
expect_rc 2 "--model with --device" "$RUN" --suite pslc --model qlc-1tb --device /dev/ng0n1 --out "$T/x"
expect_rc 2 "--eta sometimes" "$RUN" --suite pslc --model qlc-1tb --out "$T/x" --eta sometimes
expect_rc 2 "a block node" "$RUN" --suite consumer --device /dev/nvme3n2 --out "$T/x"
expect_out "generic node /dev/ng3n2" "a block node: names its /dev/ng node"
expect_rc 2 "a partition" "$RUN" --suite consumer --device /dev/nvme3n2p1 --out "$T/x"
expect_out "generic node /dev/ng3n2" "a partition: names the namespace's /dev/ng node"
expect_rc 2 "a node that is not ngXnY" "$RUN" --suite consumer --device /dev/null --out "$T/x"
expect_out "/dev/null is not an NVMe generic namespace node" "says what it is not"
expect_rc 2 "a regular file named like a node" "$RUN" --suite consumer --device "$T/ng9n1" --out "$T/x"
: >"$T/ng9n1"
expect_rc 2 "a regular file named ng9n1" "$RUN" --suite consumer --device "$T/ng9n1" --out "$T/x"
expect_out "is not a character device" "says it is not a character device"
expect_rc 2 "an engine path that is not there" env SSDQ_SO="$T/none.so" \
	"$RUN" --suite pslc --model qlc-1tb --out "$T/x" --dry-run
expect_out "no engine at $T/none.so" "names the missing engine"
expect_rc 2 "a span larger than the (scaled) model" \
	"$RUN" --suite consumer --model qlc-1tb --scale 64 --span 64g --out "$T/x" --dry-run
expect_out "SSDQ_SPAN=64g .* does not fit .*given as it is" "says what does not fit, and that a given value does not scale"
[ ! -e "$T/x" ] && pass "argument errors create no results directory" ||
	fail "an argument error created $T/x"

# ---- helpers of the refusal ------------------------------------------------------
# shellcheck source=/dev/null
SSDQ_RUN_LIB=1 . "$RUN"
check() { # WANT DESC PATH: device_refusal's status and output
	_o=$(device_refusal "$3" 2>&1); _r=$?
	printf '%s\n' "$_o" >"$T_OUT"
	if [ "$_r" = "$1" ]; then pass "$2"; else fail "$2 (status $_r, wanted $1)"; sed 's/^/    /' "$T_OUT"; fi
}
for c in ng0n1:nvme0n1 ng12n3:nvme12n3 /dev/ng1n1:nvme1n1; do
	[ "$(ng_block "${c%%:*}")" = "${c#*:}" ] && pass "ng_block ${c%%:*} = ${c#*:}" ||
		fail "ng_block ${c%%:*} = $(ng_block "${c%%:*}"), wanted ${c#*:}"
done
for c in nvme0n1 ng0 ng0c1n1 ngxn1 ng0n1p1; do
	ng_block "$c" >/dev/null && fail "ng_block accepts $c" || pass "ng_block refuses $c"
done
[ "$(to_bytes 16g)" = 17179869184 ] && pass "to_bytes 16g" || fail "to_bytes 16g = $(to_bytes 16g)"
[ "$(to_bytes 100% 1000)" = 1000 ] && pass "to_bytes 100% of 1000" || fail "to_bytes 100% = $(to_bytes 100% 1000)"
[ -z "$(to_bytes 100%)" ] && pass "to_bytes 100% without a capacity is unknown" || fail "to_bytes 100% = $(to_bytes 100%)"
[ "$(to_secs 937ms)" = 0.937 ] && pass "to_secs 937ms" || fail "to_secs 937ms = $(to_secs 937ms)"
[ "$(to_secs 6m)" = 360 ] && pass "to_secs 6m" || fail "to_secs 6m = $(to_secs 6m)"

# ---- signatures on regular files ---------------------------------------------------
truncate -s 8M "$T/blank.img" "$T/ext4.img" "$T/mbr.img"
if command -v mkfs.ext4 >/dev/null 2>&1 && [ -n "$(sig_tool)" ]; then
	mkfs.ext4 -q -F "$T/ext4.img" >/dev/null 2>&1
	# an MBR with one Linux partition at LBA 2048 and the 0x55AA signature
	printf '\000\040\041\000\203\376\377\377\000\010\000\000\000\040\000\000' |
		dd of="$T/mbr.img" bs=1 seek=446 conv=notrunc 2>/dev/null
	printf '\125\252' | dd of="$T/mbr.img" bs=1 seek=510 conv=notrunc 2>/dev/null
	for tool in $(sig_tool) blkid; do
		command -v $tool >/dev/null 2>&1 || continue
		sig_tool() { echo "$tool"; }
		check 0 "$tool: a zeroed file carries no signature" "$T/blank.img"
		check 1 "$tool: a file holding ext4 is refused" "$T/ext4.img"
		expect_out "ext4" "$tool: the refusal names ext4"
		check 1 "$tool: a file holding an MBR partition table is refused" "$T/mbr.img"
		expect_out "dos" "$tool: the refusal names the dos partition table"
		unset -f sig_tool
		# shellcheck source=/dev/null
		SSDQ_RUN_LIB=1 . "$RUN"
	done
	sig_tool() { :; }
	check 1 "without wipefs or blkid the check cannot be made: refused" "$T/blank.img"
	expect_out "neither util-linux wipefs nor blkid" "says which tools are missing"
	# shellcheck source=/dev/null
	SSDQ_RUN_LIB=1 . "$RUN"
else
	fail "mkfs.ext4 and util-linux wipefs/blkid are needed (apt-get install e2fsprogs util-linux)"
fi
check 1 "an unreadable path is refused" "$T/no-such-file"

# ---- a namespace in a fake sysfs, /dev and mount table ------------------------------
S=$T/sys D=$T/dev
mkdir -p "$S/block/nvme9n1/queue" "$S/block/nvme9n1/holders" "$S/block/nvme9n1/nvme9n1p1/holders" "$D"
echo 259:9 >"$S/block/nvme9n1/dev"
echo 259:10 >"$S/block/nvme9n1/nvme9n1p1/dev"
cp "$T/blank.img" "$D/nvme9n1"; cp "$T/blank.img" "$D/nvme9n1p1"
: >"$T/mountinfo"; printf 'Filename\tType\tSize\tUsed\tPriority\n' >"$T/swaps"
export SSDQ_SYSFS="$S" SSDQ_DEVDIR="$D" SSDQ_MOUNTINFO="$T/mountinfo" SSDQ_SWAPS="$T/swaps"
check 0 "fake nvme9n1 with a blank partition: nothing found" /dev/ng9n1
[ "$(block_nodes nvme9n1 | tr '\n' ' ')" = "nvme9n1 nvme9n1p1 " ] &&
	pass "block_nodes lists the namespace and its partition" || fail "block_nodes: $(block_nodes nvme9n1)"
cp "$T/ext4.img" "$D/nvme9n1p1"
check 1 "ext4 on partition nvme9n1p1 of ng9n1: refused" /dev/ng9n1
expect_out "nvme9n1p1: ext4" "the refusal names the partition and ext4"
echo '36 25 259:10 / /mnt/data rw,relatime shared:1 - ext4 /dev/nvme9n1p1 rw' >"$T/mountinfo"
check 2 "a mounted partition: refused, --destroy-data cannot override" /dev/ng9n1
expect_out "/dev/nvme9n1p1 is mounted on /mnt/data" "names the partition and the mount point"
cp "$T/blank.img" "$D/nvme9n1p1"
echo '40 25 0:45 / /srv rw - btrfs /dev/nvme9n1 rw' >"$T/mountinfo"
check 2 "mounted by source path (btrfs shows no major:minor)" /dev/ng9n1
: >"$T/mountinfo"
printf '/dev/nvme9n1p1 partition 1048572 0 -2\n' >>"$T/swaps"
check 2 "a partition used as swap: refused" /dev/ng9n1
expect_out "in use as swap" "says swap"
printf 'Filename\tType\tSize\tUsed\tPriority\n' >"$T/swaps"
mkdir "$S/block/nvme9n1/holders/dm-0"
check 2 "a namespace held by device-mapper: refused" /dev/ng9n1
expect_out "held by dm-0" "names the holder"
rmdir "$S/block/nvme9n1/holders/dm-0"
check 0 "all clear again" /dev/ng9n1
check 0 "no block node (LBA format without a block device): nothing to mount" /dev/ng8n1
unset SSDQ_SYSFS SSDQ_DEVDIR SSDQ_MOUNTINFO SSDQ_SWAPS

# ---- estimates -----------------------------------------------------------------------
e=$(VALUES=$(sh "$J/ssdq-render" --values); estimate sustained-seq-write)
[ "$e" = 720.000 ] && pass "estimate: sustained writes, 6 x (60 s + 60 s idle)" || fail "estimate sustained-seq-write = $e"
e=$(VALUES=$(sh "$J/ssdq-render" --values); estimate fill)
[ "$e" = -1.000 ] && pass "estimate: a fill of unknown capacity is unknown" || fail "estimate fill = $e"
# shellcheck disable=SC2034 # estimate reads CAPACITY
e=$(VALUES=$(sh "$J/ssdq-render" --values); CAPACITY=1000000000000; estimate fill)
[ "$e" = 2030.000 ] && pass "estimate: a 1 TB fill at 500 MB/s plus the erase" || fail "estimate fill 1 TB = $e"

# ---- suites on the drive model with a fake fio --------------------------------------
mkdir -p "$T/bin"
cat >"$T/bin/fio" <<'EOF'
#!/bin/sh
# fake fio: records its call, writes a JSON, fails or hangs on request
[ "$1" = --version ] && { echo fio-3.33; exit 0; }
out= trigger= job=
for a in "$@"; do
	case $a in
	--output=*) out=${a#--output=} ;;
	--trigger-file=*) trigger=${a#--trigger-file=} ;;
	-*) ;;
	*) job=$a ;;
	esac
done
name=$(basename "$out" .json)
# the job file it was given, as fio would find it from its cwd
[ -f "$job" ] || { echo "fake fio: $job: no such job file in $PWD" >&2; exit 1; }
echo "$name cwd=$PWD span=$(sed -n 's/^size=\([^[:space:]]*\)[[:space:]]*# SSDQ_SPAN.*/\1/p' "$job" | head -n 1) args=$*" >>"$FAKE_CALLS"
[ -n "${FAKE_LBA:-}" ] && printf '{\n  "format": "ssdq-device",\n  "lba_size": %s,\n  "errors": []\n}\n' "$FAKE_LBA" >device.json
[ "$name" = "${FAKE_FAIL:-}" ] && { echo "fake failure of $name" >&2; exit 1; }
if [ "$name" = "${FAKE_HANG:-}" ]; then
	# runs until its trigger file appears, as fio does; a signal is only recorded
	trap 'echo "$name got SIGTERM" >>"$FAKE_CALLS.sig"' TERM
	trap 'echo "$name got SIGINT" >>"$FAKE_CALLS.sig"' INT
	echo hanging >"$FAKE_CALLS.hang"
	i=0
	while [ ! -e "$trigger" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$trigger" ] && rm -f "$trigger" && echo "$name stopped by $trigger" >>"$FAKE_CALLS.sig"
	echo "{\"partial\": 1}" >"$out"
	: >"local-$name-0-verify.state"
	exit 0
fi
echo "ssdq: stderr line of $name" >&2
printf '{"fio version": "fio-3.33", "jobs": [{"jobname": "%s", "error": 0}]}\n' "$name" >"$out"
echo "$name" >"${name}_bw.1.log"
EOF
cat >"$T/bin/ssdq-report" <<'EOF'
#!/bin/sh
echo "$*" >>"$FAKE_CALLS.report"
exit "${FAKE_REPORT_RC:-0}"
EOF
chmod +x "$T/bin/fio" "$T/bin/ssdq-report"
export SSDQ_FIO="$T/bin/fio" FAKE_CALLS="$T/calls"
PATH_REPORT="$T/bin:$PATH"
calls() { wc -l <"$T/calls" 2>/dev/null | tr -d ' ' || echo 0; }

O=$T/dry
expect_rc 0 "--dry-run on the model" "$RUN" --suite consumer --model qlc-1tb --scale 64 --out "$O" --dry-run
NS=$(count_suite_steps "$J/suites/consumer.suite") NF=$(suite_step_no "$J/suites/consumer.suite" fill.fio)
expect_out "suite consumer: $NS tests, $NS to run" "dry run: counts the tests"
expect_out "^ +$NF +fill +[0-9]" "dry run: lists fill as step $NF with an estimate"
expect_out "estimated time: " "dry run: prints the estimated time"
expect_out "SSDQ_SPAN +1g" "dry run: --scale 64 makes the span 1g"
[ ! -e "$O" ] && [ ! -e "$T/calls" ] && pass "dry run: ran nothing and made no directory" ||
	fail "dry run left $O or called fio"
expect_rc 0 "--dry-run of the pslc suite" "$RUN" --suite pslc --model qlc-1tb --out "$O" --dry-run
expect_out "SSDQ_PSLC_LOG_MSEC +500" "dry run: shows the parameters the suite uses"
grep -q SSDQ_SPAN "$T_OUT" && fail "dry run: shows SSDQ_SPAN, which pslc does not use" ||
	pass "dry run: leaves out the parameters the suite does not use"

O=$T/pslc
expect_rc 0 "pslc suite on the model" env PATH="$PATH_REPORT" SSDQ_REPORT= \
	"$RUN" --suite pslc --model tlc-dramless-1tb --scale 64 --out "$O"
expect_out "test 1 of 1: pslc-fill" "shows progress as test n of m"
expect_out "ssdq: stderr line of pslc-fill" "shows fio's stderr"
expect_out "running .*ssdq-report $O" "runs ssdq-report at the end"
[ "$(cat "$T/calls.report" 2>/dev/null)" = "$O" ] && pass "ssdq-report got DIR" || fail "ssdq-report calls: $(cat "$T/calls.report" 2>/dev/null)"
c=$(cat "$T/calls")
case $c in "pslc-fill cwd=$O "*) pass "fio runs in DIR" ;; *) fail "fio call: $c" ;; esac
case $c in *" --ioengine=external:$T/ssdq.so --filename=$O/model.state "*)
	pass "the engine and the namespace (DIR/model.state) are on fio's command line" ;;
*) fail "fio call lacks --ioengine and --filename: $c" ;; esac
case $c in *"--output-format=json+ --output=$O/pslc-fill.json"*) pass "fio writes json+ to DIR/<test>.json" ;;
*) fail "fio call lacks --output-format=json+ --output=$O/pslc-fill.json: $c" ;; esac
case $c in *"--ssdq_model=tlc-dramless-1tb --ssdq_model_scale=64"*) pass "the model and its scale go to fio" ;;
*) fail "fio call lacks the model options: $c" ;; esac
R=$O/jobs/pslc-fill.fio
if grep -q '^ssdq_power=' "$R"; then fail "the model run names a power source (the engine's default is the model)"
else pass "the model's power is the engine's default for it (the model)"; fi
grep -q '^ssdq_power_rate=640[[:space:]]' "$R" && pass "scale 64: power sampled at 640 Hz, written in" ||
	fail "no ssdq_power_rate=640 in $R"
grep -q '^ssdq_smart_interval=15ms[[:space:]]' "$R" && pass "scale 64: SMART read every 15 ms (1 s / 64), written in" ||
	fail "no ssdq_smart_interval=15ms in $R"
case $c in *" jobs/pslc-fill.fio") pass "the rendered job file DIR/jobs/pslc-fill.fio is the last argument" ;;
*) fail "fio call: $c" ;; esac
grep -q '^log_avg_msec=0[[:space:]]*# SSDQ_PSLC_LOG_MSEC' "$R" && grep -q '^size=100%[[:space:]]' "$R" &&
	pass "the rendered file logs every I/O (a scaled model) and holds the unscaled 100 %" ||
	fail "values in $R: $(grep -E '^(log_avg_msec|size)=' "$R" | tr '\n' ' ')"
grep -q '^include' "$R" && fail "$R still includes files" || pass "the rendered file has its includes written in"
grep -Eq '^(ioengine|filename)=' "$R" && fail "$R sets ioengine or filename" ||
	pass "the rendered file leaves ioengine and filename to fio's command line"
grep -q "^#   fio --ioengine=external:$T/ssdq.so --filename=$O/model.state --ssdq_model=tlc-dramless-1tb --ssdq_model_scale=64 --ssdq_stall_timeout=60 --output-format=json+ --output=pslc-fill.json jobs/pslc-fill.fio\$" "$R" &&
	pass "its head gives the command that reruns it by hand" || fail "no rerun command in the head of $R: $(sed -n 1,5p "$R")"
if [ -f "$top/build/ssdq.so" ]; then
	expect_rc 0 "the rendered file parses in plain fio with the engine" env -i PATH="$PATH" \
		fio --ioengine=external:"$top/build/ssdq.so" --filename=/dev/ng0n1 --parse-only "$R"
else
	fail "build/ssdq.so is missing (make): the rendered files were not parsed"
fi
[ "$(cat "$O/ssdq-run.state")" = pslc-fill ] && pass "the state records the finished test" ||
	fail "state: $(cat "$O/ssdq-run.state")"
[ -f "$O/pslc-fill_bw.1.log" ] && [ -f "$O/pslc-fill.stderr" ] && pass "logs and stderr land in DIR" ||
	fail "no $O/pslc-fill_bw.1.log or .stderr"
grep -q '^scale=64$' "$O/ssdq-run.params" && grep -q "^SSDQ_SPAN='1g'$" "$O/ssdq-run.params" &&
	pass "the parameters are recorded" || fail "params: $(cat "$O/ssdq-run.params")"
rm -f "$T/calls" "$T/calls.report"
expect_rc 0 "the finished suite again: nothing to run" env PATH="$PATH_REPORT" SSDQ_REPORT= \
	"$RUN" --suite pslc --model tlc-dramless-1tb --scale 64 --out "$O"
expect_out "1 tests, 0 to run" "counts 0 to run"
[ ! -e "$T/calls" ] && pass "fio was not run again" || fail "fio ran again: $(cat "$T/calls")"
expect_rc 2 "the same DIR with other parameters is refused" \
	"$RUN" --suite pslc --model tlc-dramless-1tb --scale 32 --out "$O"
expect_out "other parameters" "says the parameters differ"
expect_out "was: scale=64" "shows the old value"
expect_rc 0 "--restart runs it again" env PATH="$PATH_REPORT" SSDQ_REPORT= \
	"$RUN" --suite pslc --model tlc-dramless-1tb --scale 32 --out "$O" --restart
[ "$(calls)" = 1 ] && pass "--restart: fio ran once more" || fail "--restart: $(calls) fio calls"
rm -f "$T/calls"
expect_rc 4 "a failing ssdq-report: exit 4" env SSDQ_REPORT="$T/bin/ssdq-report" FAKE_REPORT_RC=1 \
	"$RUN" --suite pslc --model tlc-dramless-1tb --scale 16 --out "$T/rep"
rm -f "$T/calls" "$T/calls.report"

mkdir "$T/busy" && : >"$T/busy/notes.txt"
expect_rc 2 "a non-empty DIR without state is refused" \
	"$RUN" --suite pslc --model qlc-1tb --scale 64 --out "$T/busy"
expect_out "not empty and holds no ssdq-run state" "says why"

# resume after a failed test
O=$T/ent
expect_rc 1 "enterprise suite with test 4 failing: exit 1" env FAKE_FAIL=qd1-seq-read-bs FAKE_LBA=4096 \
	"$RUN" --suite enterprise --model tlc-enterprise-4tb --scale 64 --out "$O"
expect_out "qd1-seq-read-bs failed" "names the failed test"
expect_out "fake failure of qd1-seq-read-bs" "shows the end of its stderr"
expect_out "resume at test 4 of 7" "says where it will resume"
expect_out "4096-byte LBA size left out: bs512 bs1k bs2k" \
	"the model's 4 KiB LBAs (device.json): the sweeps leave out bs512-bs2k"
jobs_of() { grep '^\[' "$1" | tr -d '[]' | tr '\n' ' '; }
[ "$(jobs_of "$O/jobs/qd1-rand-read-bs.fio")" = "global bs4k bs8k bs16k bs32k bs64k bs128k bs256k bs512k bs1m " ] &&
	grep -q '^# Left out, block size below the 4096-byte LBA size: bs512 bs1k bs2k$' "$O/jobs/qd1-rand-read-bs.fio" &&
	pass "the rendered sweep holds the jobs from 4 KiB and says which it left out" ||
	fail "rendered sweep: $(jobs_of "$O/jobs/qd1-rand-read-bs.fio")"
grep -q -- --section "$T/calls" && fail "fio got --section: $(grep -- --section "$T/calls" | head -n 1)" ||
	pass "no --section on fio's command line: the rendered file is what ran"
[ "$(jobs_of "$O/jobs/qd1-rand-read-4k.fio")" = "global qd1-rand-read-4k " ] &&
	pass "a test without small blocks runs whole" || fail "4k: $(jobs_of "$O/jobs/qd1-rand-read-4k.fio")"
[ "$(tr '\n' ' ' <"$O/ssdq-run.state")" = "precondition qd1-rand-read-4k qd1-rand-read-bs " ] &&
	pass "the state holds the three finished tests" || fail "state: $(cat "$O/ssdq-run.state")"
sum1=$(cksum <"$O/precondition.json")
rm -f "$T/calls"
expect_rc 0 "the same command again finishes the suite" \
	"$RUN" --suite enterprise --model tlc-enterprise-4tb --scale 64 --out "$O"
expect_out "resuming: 3 finished earlier" "says it resumes"
expect_out "test 1 of 7: precondition: finished earlier" "skips the finished tests"
expect_out "test 4 of 7: qd1-seq-read-bs" "starts at test 4"
[ "$(awk '{ print $1 }' "$T/calls" | tr '\n' ' ')" = "qd1-seq-read-bs qd1-rand-write-4k qd1-rand-write-bs qd1-seq-write-bs " ] &&
	pass "fio ran only the four unfinished tests, in order" || fail "fio calls: $(awk '{ print $1 }' "$T/calls")"
[ "$(cksum <"$O/precondition.json")" = "$sum1" ] && pass "the finished tests' results are kept" ||
	fail "precondition.json changed"
[ "$(wc -l <"$O/ssdq-run.state" | tr -d ' ')" = 7 ] && pass "the state holds all seven" ||
	fail "state: $(cat "$O/ssdq-run.state")"
expect_out "SSDQ_REPORT=none: run ssdq-report on $O later" "SSDQ_REPORT=none: no report, and says so"

# resume after SIGTERM in the middle of a test. The signal goes to ssdq-run's
# whole process group, as a terminal's ^C does: fio must get none (its handler
# can deadlock in fork() or malloc()); ssdq-run stops it through its trigger file.
O=$T/sig
rm -f "$T/calls" "$T/calls.hang" "$T/calls.sig"
SETSID=
command -v setsid >/dev/null 2>&1 && SETSID=setsid
# shellcheck disable=SC2086 # SETSID is setsid or nothing
FAKE_HANG=burst-seq-read $SETSID "$RUN" --suite consumer --model qlc-1tb --scale 64 --out "$O" \
	>"$T/sig.out" 2>&1 &
pid=$!
i=0
# until the fake fio hangs in the test (a busy host takes longer than 10 s
# to get there; the runner's own account, not a time, says when)
while [ ! -f "$T/calls.hang" ] && kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
if [ -n "$SETSID" ]; then kill -TERM -$pid; else kill -TERM $pid; fi
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 $pid 2>/dev/null; then kill -KILL $pid; fail "ssdq-run did not stop on SIGTERM"; fi
wait $pid; rc=$?
cp "$T/sig.out" "$T_OUT"
[ $rc = 130 ] && pass "SIGTERM during a test: exit 130" || { fail "SIGTERM: exit $rc"; sed 's/^/    /' "$T_OUT"; }
grep -q "got SIG" "$T/calls.sig" 2>/dev/null && fail "fio was signalled: $(cat "$T/calls.sig")" ||
	pass "fio got no signal"
grep -q "burst-seq-read stopped by $O/ssdq-run.stop" "$T/calls.sig" 2>/dev/null &&
	pass "fio was stopped through its trigger file" || fail "fio's stop: $(cat "$T/calls.sig" 2>/dev/null)"
ls "$O"/ssdq-run.stop "$O"/local-*-verify.state >/dev/null 2>&1 &&
	fail "left behind: $(cd "$O" && ls ssdq-run.stop local-*-verify.state 2>/dev/null | tr '\n' ' ')" ||
	pass "no trigger file and no verify state files are left"
expect_out "interrupted during burst-seq-read" "names the interrupted test"
[ "$(cat "$O/ssdq-run.state")" = prefill ] && pass "the interrupted test is not recorded as finished" ||
	fail "state after SIGTERM: $(cat "$O/ssdq-run.state")"
grep -q "interrupted burst-seq-read (SIGTERM)" "$O/ssdq-run.log" && pass "the run log records the interruption" ||
	fail "ssdq-run.log: $(cat "$O/ssdq-run.log")"
rm -f "$T/calls"
expect_rc 0 "the same command resumes and finishes" \
	"$RUN" --suite consumer --model qlc-1tb --scale 64 --out "$O"
[ "$(head -n 1 "$T/calls" | awk '{ print $1 }')" = burst-seq-read ] && [ "$(calls)" = $((NS - 1)) ] &&
	pass "resumed at the interrupted test and ran the $((NS - 1)) left" || fail "calls after resume: $(awk '{ print $1 }' "$T/calls" | tr '\n' ' ')"
grep -q '"partial"' "$O/burst-seq-read.json" && fail "the partial JSON of the interrupted run was kept" ||
	pass "the interrupted test's partial output was replaced"

# busybox sh, the test VM's shell
if command -v busybox >/dev/null 2>&1; then
	rm -f "$T/calls"
	expect_rc 0 "busybox sh runs the pslc suite" busybox sh "$RUN" --suite pslc --model qlc-1tb --scale 64 --out "$T/bb"
	expect_out "test 1 of 1: pslc-fill" "busybox sh: progress"
	expect_rc 1 "busybox sh: the refusal helpers" busybox sh -c \
		"SSDQ_RUN_LIB=1 . '$RUN'; device_refusal '$T/ext4.img'"
	expect_out "ext4" "busybox sh: ext4 found"
fi
summary
