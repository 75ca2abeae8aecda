#!/bin/sh
# The job library: every job file parses in fio with ssdq.so loaded, at the
# published scale and at the test bed's; the files, suites, README and
# jobs/ssdq-env agree with each other. Touches no device (--parse-only).
# usage: sh test/jobs/parse.sh      (env SSDQ_SO: the engine, default build/ssdq.so)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
J=$top/jobs
SO=${SSDQ_SO:-$top/build/ssdq.so}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-parse.XXXXXX")
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
export SSDQ_SO="$SO"

# the job files that define tests (includes are parsed through them)
files=$(cd "$J" && find . -name '*.fio' ! -path './include/*' | sed 's|^\./||' | sort)

# ---- jobs/ssdq-env -------------------------------------------------------------
expect_rc 0 "ssdq-env --list runs" "$J/ssdq-env" --list
for kv in SSDQ_PREFILL:16g SSDQ_BURST:128m SSDQ_BURSTS_TOTAL:1g SSDQ_DUTY:20 SSDQ_SPAN:64g \
	SSDQ_QD_LIMIT_BYTES:32g SSDQ_QD_RUNTIME:60s SSDQ_IDLE:60s SSDQ_FILL_SIZE:100% \
	SSDQ_RAND_IOS:100000 SSDQ_ERASE:auto SSDQ_LOG_MSEC:1000 SSDQ_FILL_LOG_MSEC:100 \
	SSDQ_PSLC_LOG_MSEC:500; do
	expect_out "^${kv%%:*} +${kv#*:} +${kv#*:} " "ssdq-env: ${kv%%:*} defaults to the published ${kv#*:}"
done
expect_rc 0 "ssdq-env --scale 64 --print" env -u SSDQ_SPAN "$J/ssdq-env" --scale 64 --print
for kv in SSDQ_SPAN:1g SSDQ_PREFILL:256m SSDQ_BURST:2m SSDQ_BURSTS_TOTAL:16m SSDQ_QD_LIMIT_BYTES:512m \
	SSDQ_QD_RUNTIME:937ms SSDQ_IDLE:937ms SSDQ_RAND_IOS:1562 SSDQ_DUTY:20 SSDQ_FILL_SIZE:100% \
	SSDQ_PSLC_QD:1 SSDQ_LOG_MSEC:15 SSDQ_PSLC_LOG_MSEC:7; do
	expect_out "^export ${kv%%:*}='${kv#*:}'\$" "ssdq-env --scale 64: ${kv%%:*}=${kv#*:}"
done
expect_rc 0 "ssdq-env keeps a value set in the environment" \
	env SSDQ_SPAN=2g "$J/ssdq-env" --scale 64 --print
expect_out "^export SSDQ_SPAN='2g'\$" "ssdq-env: SSDQ_SPAN=2g from the environment is not scaled"
expect_rc 0 "ssdq-env VAR=VALUE sets a parameter" "$J/ssdq-env" SSDQ_BURST=64m --print
expect_out "^export SSDQ_BURSTS_TOTAL='512m'\$" "ssdq-env: the default total is 8 bursts of SSDQ_BURST"
expect_rc 2 "ssdq-env refuses an unknown parameter" "$J/ssdq-env" SSDQ_SPAM=1 --print
expect_out "SSDQ_SPAM is not a parameter" "the refusal names it"
expect_rc 2 "ssdq-env refuses --scale 0" "$J/ssdq-env" --scale 0 --print
expect_rc 2 "ssdq-env refuses --scale x" "$J/ssdq-env" --scale x --print
expect_rc 2 "ssdq-env COMMAND without SSDQ_DEV is refused" env -u SSDQ_DEV "$J/ssdq-env" true
expect_out "SSDQ_DEV is not set" "the refusal says SSDQ_DEV is missing"
expect_rc 0 "ssdq-env COMMAND runs COMMAND with the parameters exported" \
	env SSDQ_DEV=/dev/ng0n1 "$J/ssdq-env" --scale 64 sh -c 'echo "span=$SSDQ_SPAN dev=$SSDQ_DEV"'
expect_out "^span=1g dev=/dev/ng0n1\$" "ssdq-env COMMAND: the command sees SSDQ_SPAN and SSDQ_DEV"
expect_rc 0 "eval \"\$(ssdq-env --print)\" round-trips" \
	sh -c 'eval "$("$1" --print)" && [ "$SSDQ_SPAN" = 64g ] && [ "$SSDQ_ERASE" = auto ]' sh "$J/ssdq-env"
if command -v busybox >/dev/null 2>&1; then
	expect_rc 0 "ssdq-env runs in busybox sh (the test VM's shell)" \
		busybox sh "$J/ssdq-env" --scale 256 --print
	expect_out "^export SSDQ_QD_RUNTIME='234ms'\$" "busybox sh: --scale 256 gives SSDQ_QD_RUNTIME=234ms"
fi

# ---- the files agree with ssdq-env, the suites and the README -----------------
params=$("$J/ssdq-env" --list | awk '{ print $1 }')
used=$(cat "$J"/*/*.fio | grep -o '\${[A-Za-z_0-9]*}' | tr -d '${}' | sort -u)
for v in $used; do
	if printf '%s\n' "$params" | grep -qx "$v"; then pass "\${$v} has a default in ssdq-env"
	else fail "\${$v} is used by a job file but ssdq-env does not define it"; fi
done
for v in $params; do
	if printf '%s\n' "$used" | grep -qx "$v"; then pass "ssdq-env's $v is used by a job file"
	else fail "ssdq-env defines $v but no job file uses it"; fi
done
names=
for f in $files; do
	n=$(basename "$f" .fio)
	names="$names $n"
	ok=1 why=
	for k in write_bw_log write_iops_log write_lat_log; do
		grep -qx "$k=$n" "$J/$f" || { ok=0; why="$why no $k=$n;"; }
	done
	grep -qx 'include ../include/common.fio' "$J/$f" || { ok=0; why="$why no include of common.fio;"; }
	if [ $ok = 1 ]; then pass "$f: logs named after the test, common.fio included"
	else fail "$f:$why"; fi
	grep -q "^| \`$f\`" "$J/README.md" 2>/dev/null && pass "$f is in the README table" ||
		fail "$f is not in the jobs/README.md table"
	case $f in util/*) continue ;; esac
	grep -q "^$f " "$J"/suites/*.suite && pass "$f is in a suite" || fail "$f is in no suite"
done
dups=$(printf '%s\n' $names | sort | uniq -d)
[ -z "$dups" ] && pass "test names are unique across directories" || fail "test names repeat: $dups"
grep -q '^log_unix_epoch=1$' "$J/include/common.fio" && pass "common.fio sets log_unix_epoch=1" ||
	fail "common.fio does not set log_unix_epoch=1"
for s in "$J"/suites/*.suite; do
	for f in $(grep -v '^#' "$s" | awk 'NF { print $1 }'); do
		[ -f "$J/$f" ] && pass "$(basename "$s"): $f exists" || fail "$(basename "$s"): $f is missing"
	done
done
# log intervals: fill 100 ms (1 GB segments), pSLC 500 ms (published), bursts
# every I/O; the others 1000 ms. At --scale N they shrink with the test.
for kv in consumer/fill:SSDQ_FILL_LOG_MSEC:100 pslc/pslc-fill:SSDQ_PSLC_LOG_MSEC:500 \
	include/sustained:SSDQ_LOG_MSEC:1000 include/qd1:SSDQ_LOG_MSEC:1000; do
	f=${kv%%:*}.fio v=${kv#*:}; v=${v%%:*} ms=${kv##*:}
	if grep -qxF "log_avg_msec=\${$v}" "$J/$f" && "$J/ssdq-env" --list | grep -Eq "^$v +$ms "; then
		pass "$f: log_avg_msec=\${$v}, $ms ms by default"
	else fail "$f: not log_avg_msec=\${$v} with a $ms ms default"; fi
done
grep -qx 'log_avg_msec=0' "$J/include/burst.fio" && pass "burst tests log every I/O" ||
	fail "include/burst.fio does not set log_avg_msec=0"

# ---- fio parses every file with the engine loaded -----------------------------
if [ ! -f "$SO" ]; then
	fail "$SO is missing (run make); the job files were not parsed"
	summary; exit
fi
fio --enghelp="$SO" >"$TMP/enghelp" 2>&1
opts=$(cat "$J"/*/*.fio | grep -o '^ssdq_[a-z_]*' | sort -u)
missing=
for o in $opts; do
	users=$(cd "$J" && grep -l "^$o=" $files include/*.fio | tr '\n' ' ')
	if grep -q "^$o " "$TMP/enghelp"; then pass "ssdq.so has $o"
	else fail "ssdq.so lacks $o, used by: $users"; missing="$missing $o"; fi
done
for f in $files; do
	expect_rc 0 "fio --parse-only $f" \
		env SSDQ_DEV=/dev/ng0n1 "$J/ssdq-env" fio --ioengine="external:$SO" --parse-only "$J/$f"
	expect_rc 0 "fio --parse-only $f at the test bed's scale (--scale 256)" \
		env SSDQ_DEV=/dev/ng0n1 "$J/ssdq-env" --scale 256 fio --parse-only "$J/$f"
done
# with the options the engine lacks commented out, the rest must still parse
if [ -n "$missing" ]; then
	cp -r "$J" "$TMP/jobs"
	for o in $missing; do
		find "$TMP/jobs" -name '*.fio' -exec sed -i "s/^$o=/# &/" {} +
	done
	for f in $files; do
		expect_rc 0 "fio --parse-only $f apart from$missing" \
			env SSDQ_DEV=/dev/ng0n1 "$J/ssdq-env" fio --parse-only "$TMP/jobs/$f"
	done
fi
# fio has no default for ${VAR}: an unset one expands to nothing and the option
# fails to parse, naming the variable. This is why ssdq-env exists.
printf '[t]\nioengine=null\nsize=${SSDQ_SPAN}\n' >"$TMP/unset.fio"
expect_rc 1 "fio 3.33: an unset \${VAR} fails the job" env -u SSDQ_SPAN fio --parse-only "$TMP/unset.fio"
expect_out 'failed parsing size=\$\{SSDQ_SPAN\}' "fio's message names the unset variable"
expect_rc 1 "without ssdq-env a job file does not parse" \
	env -i PATH="$PATH" SSDQ_SO="$SO" SSDQ_DEV=/dev/ng0n1 fio --parse-only "$J/consumer/fill.fio"
summary
