#!/bin/sh
# The job library runs under plain fio: every job file parses with only
# --ioengine and --filename on fio's command line and nothing in the
# environment, holds no ${VAR} and sets neither ioengine nor filename; the
# files, suites, README and the parameters agree with each other; fio without
# --filename stops before any I/O with one line saying what to add. Touches no
# device (--parse-only; the runs without --filename stop in the engine's setup).
# usage: sh test/jobs/parse.sh      (env SSDQ_SO: the engine, default build/ssdq.so)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
J=$top/jobs
SO=${SSDQ_SO:-$top/build/ssdq.so}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-parse.XXXXXX")
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# the job files that define tests (includes are parsed through them)
files=$(cd "$J" && find . -name '*.fio' ! -path './include/*' | sed 's|^\./||' | sort)

# ---- no environment, no engine, no namespace in any file ------------------------
# env_refs DIR: "file:line: text" of every ${...} in DIR's job files
# shellcheck disable=SC2046 # one path a word
env_refs() { (cd "$1" && grep -n '\${' $(find . -name '*.fio' | sed 's|^\./||' | sort) 2>/dev/null); }
refs=$(env_refs "$J")
[ -z "$refs" ] && pass "no job file under jobs/ refers to an environment variable" ||
	fail "job files refer to the environment: $(printf '%s\n' "$refs" | head -n 5 | tr '\n' ' ')"
# the check itself: a file that regains a variable is caught
cp -R "$J" "$TMP/jobs"
sed -i 's/^size=64g\([[:space:]]*# SSDQ_SPAN\)/size=${SSDQ_SPAN}\1/' "$TMP/jobs/include/sustained.fio"
case $(env_refs "$TMP/jobs") in
include/sustained.fio:*'size=${SSDQ_SPAN}'*) pass "the check catches a file that regains \${SSDQ_SPAN}" ;;
*) fail "the check misses size=\${SSDQ_SPAN} in include/sustained.fio: $(env_refs "$TMP/jobs")" ;;
esac
rm -rf "$TMP/jobs"
# shellcheck disable=SC2046 # one path a word
bad=$(cd "$J" && grep -En '^[[:space:]]*(ioengine|filename)[[:space:]]*=' $(find . -name '*.fio' | sed 's|^\./||'))
[ -z "$bad" ] && pass "no job file sets ioengine= or filename= (fio's command line gives them)" ||
	fail "job files set the engine or the namespace: $bad"
[ -f "$J/fill.fio" ] && pass "jobs/fill.fio, the flagship whole-drive fill, is there" ||
	fail "jobs/fill.fio is missing"

# ---- the files agree with the parameters, the suites and the README -------------
expect_rc 0 "the library's parameters are consistent (ssdq-render --list)" sh "$J/ssdq-render" --list
cp "$T_OUT" "$TMP/list"
for kv in SSDQ_PREFILL:16g SSDQ_BURST:128m SSDQ_BURSTS_TOTAL:1g SSDQ_DUTY:20 SSDQ_SPAN:64g \
	SSDQ_QD_LIMIT_BYTES:32g SSDQ_QD_RUNTIME:60s SSDQ_IDLE:60s SSDQ_FRAG_BYTES:32g \
	SSDQ_FRAG_RUNTIME:6m SSDQ_FILL_SIZE:100% SSDQ_PSLC_QD:1 SSDQ_ENT_SPAN:100% \
	SSDQ_RAND_IOS:100000 SSDQ_RAND_RUNTIME:10m SSDQ_SWEEP_RUNTIME:30s SSDQ_ERASE:auto \
	SSDQ_LOG_MSEC:1000 SSDQ_FILL_LOG_MSEC:10 SSDQ_PSLC_LOG_MSEC:500; do
	grep -Eq "^${kv%%:*} +${kv#*:} +${kv#*:} " "$TMP/list" &&
		pass "${kv%%:*} is ${kv#*:} in the job files" ||
		fail "${kv%%:*} is not ${kv#*:} in the job files: $(grep "^${kv%%:*} " "$TMP/list")"
done
# every parameter but the engine's (set on the command line or by ssdq-run) is in a file
unused=$(awk '$3 == "-" { print $1 }' "$TMP/list" | grep -vx 'SSDQ_POWER\|SSDQ_POWER_RATE\|SSDQ_SMART_INTERVAL')
[ -z "$unused" ] && pass "every job-file parameter is in a job file" || fail "parameters no file uses: $unused"
names=
for f in $files; do
	n=$(basename "$f" .fio)
	names="$names $n"
	ok=1 why=
	for k in write_bw_log write_iops_log write_lat_log; do
		grep -qx "$k=$n" "$J/$f" || { ok=0; why="$why no $k=$n;"; }
	done
	grep -Eqx 'include (\.\./)?include/common\.fio' "$J/$f" || { ok=0; why="$why no include of common.fio;"; }
	if [ $ok = 1 ]; then pass "$f: logs named after the test, common.fio included"
	else fail "$f:$why"; fi
	grep -q "^| \`$f\`" "$J/README.md" 2>/dev/null && pass "$f is in the README table" ||
		fail "$f is not in the jobs/README.md table"
	# util/ is no test; the SNIA PTS files run by rounds, which no suite
	# line can say yet (docs/snia.md)
	case $f in util/*|snia/*) continue ;; esac
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
# log intervals: fill 10 ms (the SLC cache's end), pSLC 500 ms (published),
# bursts every I/O; the others 1000 ms. ssdq-run --scale N shrinks them.
for kv in fill:SSDQ_FILL_LOG_MSEC:10 pslc/pslc-fill:SSDQ_PSLC_LOG_MSEC:500 \
	include/sustained:SSDQ_LOG_MSEC:1000 include/qd1:SSDQ_LOG_MSEC:1000; do
	f=${kv%%:*}.fio v=${kv#*:}; v=${v%%:*} ms=${kv##*:}
	grep -Eq "^log_avg_msec=${ms}[[:space:]]+# $v\$" "$J/$f" && pass "$f: log_avg_msec=$ms (# $v)" ||
		fail "$f: no log_avg_msec=$ms marked # $v"
done
grep -qx 'log_avg_msec=0' "$J/include/burst.fio" && pass "burst tests log every I/O" ||
	fail "include/burst.fio does not set log_avg_msec=0"

# ---- plain fio parses every file, with the engine loaded --------------------------
if [ ! -f "$SO" ]; then
	fail "$SO is missing (run make); the job files were not parsed"
	summary; exit
fi
fio --enghelp="$SO" >"$TMP/enghelp" 2>&1
opts=$(cat "$J"/*.fio "$J"/*/*.fio | grep -o '^ssdq_[a-z_]*' | sort -u)
for o in $opts; do
	users=$(cd "$J" && grep -l "^$o=" $files include/*.fio | tr '\n' ' ')
	if grep -q "^$o " "$TMP/enghelp"; then pass "ssdq.so has $o"
	else fail "ssdq.so lacks $o, used by: $users"; fi
done
# from another directory, by absolute path: fio finds the includes beside the file
for f in $files; do
	expect_rc 0 "plain fio --parse-only $f (only --ioengine and --filename, empty environment)" \
		sh -c 'cd / && exec env -i PATH="$PATH" fio --ioengine="external:$1" --filename=/dev/ng0n1 \
			--parse-only "$2"' sh "$SO" "$J/$f"
done
# the command in the source tree, through make's ./ssdq.so link (external:ssdq.so
# without ./ is dlopen()ed from the library path: after make install)
if [ -e "$top/ssdq.so" ]; then
	expect_rc 0 "fio --ioengine=external:./ssdq.so --filename=/dev/ng0n1 jobs/fill.fio parses in the source tree" \
		sh -c 'cd "$1" && exec env -i PATH="$PATH" fio --ioengine=external:./ssdq.so \
			--filename=/dev/ng0n1 --parse-only jobs/fill.fio' sh "$top"
fi
# without the engine on the command line fio itself refuses the ssdq options
expect_rc 1 "without --ioengine fio does not know the ssdq options" \
	env -i PATH="$PATH" fio --filename=/dev/ng0n1 --parse-only "$J/fill.fio"
expect_out "Bad option <ssdq_erase=auto>" "fio names the option it does not know"

# ---- without --filename: one line saying what to add, no I/O ----------------------
# (fio names a job's file after the job: the engine stops in its setup, before
# any file is opened or created)
nofile() { # DESC FIO-ARGS...: run in an empty directory
	desc=$1; shift
	d=$TMP/nofile; rm -rf "$d"; mkdir -p "$d"
	(cd "$d" && env -i PATH="$PATH" fio --ioengine="external:$SO" "$@") >"$TMP/nofile.out" 2>"$TMP/nofile.err"
	rc=$?
	cp "$TMP/nofile.err" "$T_OUT"
	# fio before 3.33 (3.28) adds a line of its own after the engine's
	# refusal ("fio: failed to setup ..."): the engine's line is the first
	lines=$(grep -v '^fio: ' "$TMP/nofile.err" | grep -c .)
	[ $rc != 0 ] && [ "$lines" = 1 ] && head -n 1 "$TMP/nofile.err" |
		grep -q '^ssdq: no namespace given: add --filename=/dev/ngXnY to fio.s command line'
	ok=$?
	[ $ok = 0 ] && pass "$desc: exit $rc, one line: add --filename" ||
		{ fail "$desc: exit $rc, $lines lines on stderr"; sed 's/^/    /' "$TMP/nofile.err" | head; }
	# fio itself leaves the empty bw and iops logs of a job that did not start
	left=$(cd "$d" && find . -type f ! \( -size 0 -name '*_[bi][wo]*.[0-9]*.log' \) | sed 's|^\./||')
	[ -z "$left" ] && pass "$desc: no I/O, no file of its own (only fio's empty logs)" ||
		fail "$desc: left $(echo "$left" | tr '\n' ' ')"
}
nofile "jobs/fill.fio without --filename" "$J/fill.fio"
nofile "the six-job sustained test without --filename" "$J/consumer/sustained-seq-read.fio"
nofile "the drive model without --filename" --ssdq_model=qlc-1tb --ssdq_model_scale=1000 "$J/fill.fio"
summary
