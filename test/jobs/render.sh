#!/bin/sh
# jobs/ssdq-render, the one implementation of scaling: the published values
# scaled by --scale as the table in jobs/README.md says, --set values taken
# as given, includes written in, jobs below the LBA size left out, the
# engine's parameters added to [global], bad input refused naming the option
# or the job file and line, and every rendered file parsing in plain fio.
# Touches no device.
# usage: sh test/jobs/render.sh      (env SSDQ_SO: the engine, default build/ssdq.so)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
J=$top/jobs
R="sh $J/ssdq-render"
SO=${SSDQ_SO:-$top/build/ssdq.so}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-render.XXXXXX")
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
files=$(cd "$J" && find . -name '*.fio' ! -path './include/*' | sed 's|^\./||' | sort)

# ---- values ------------------------------------------------------------------------
expect_rc 0 "--values at the published scale" $R --values
expect_out "^SSDQ_SPAN='64g'\$" "unscaled: SSDQ_SPAN=64g"
expect_rc 0 "--scale 64 --values" $R --scale 64 --values
for kv in SSDQ_SPAN:1g SSDQ_PREFILL:256m SSDQ_BURST:2m SSDQ_BURSTS_TOTAL:16m SSDQ_QD_LIMIT_BYTES:512m \
	SSDQ_QD_RUNTIME:937ms SSDQ_IDLE:937ms SSDQ_FRAG_BYTES:512m SSDQ_FRAG_RUNTIME:5625ms \
	SSDQ_RAND_IOS:1562 SSDQ_RAND_RUNTIME:9375ms SSDQ_SWEEP_RUNTIME:468ms SSDQ_DUTY:20 \
	SSDQ_FILL_SIZE:100% SSDQ_ENT_SPAN:100% SSDQ_PSLC_QD:1 SSDQ_ERASE:auto SSDQ_LOG_MSEC:15 \
	SSDQ_PSLC_LOG_MSEC:10 SSDQ_FILL_LOG_MSEC:10 SSDQ_HIST_MSEC:15; do
	expect_out "^${kv%%:*}='${kv#*:}'\$" "--scale 64: ${kv%%:*}=${kv#*:}"
done
grep -q '^SSDQ_POWER' "$T_OUT" && fail "an engine parameter has a value without --set" ||
	pass "the engine's parameters have no value unless set (the engine's defaults)"
expect_rc 0 "--scale 256" $R --scale 256 --values
expect_out "^SSDQ_QD_RUNTIME='234ms'\$" "--scale 256: SSDQ_QD_RUNTIME=234ms"
expect_out "^SSDQ_PREFILL='64m'\$" "--scale 256: SSDQ_PREFILL=64m"
expect_out "^SSDQ_LOG_MSEC='10'\$" "--scale 256: log intervals stay at least 10 ms (1000 / 256 would be 3)"
expect_out "^SSDQ_HIST_MSEC='10'\$" "--scale 256: the histogram log's interval scales as the others, to 10 ms"
# the QD1 and sustained tests' histogram logs: scaled, so that a test of a
# tenth of a second has intervals (at 1000 ms it had none, and no percentiles
# over time)
for f in enterprise/qd1-rand-read-4k.fio consumer/sustained-seq-read.fio; do
	sh "$J/ssdq-render" --scale 250 "$J/$f" >"$TMP/hist.fio" 2>"$T_OUT"
	grep -Eq '^log_hist_msec=10[[:space:]]+# SSDQ_HIST_MSEC' "$TMP/hist.fio" &&
		pass "$f at 1/250: log_hist_msec=10" ||
		fail "$f at 1/250: $(grep '^log_hist_msec' "$TMP/hist.fio")"
done
expect_rc 0 "--scale 2" $R --scale 2 --values
expect_out "^SSDQ_PSLC_LOG_MSEC='250'\$" "--scale 2: 500 ms / 2 = 250 ms"
expect_rc 0 "--scale 100000: sizes stay at least 128 KiB" $R --scale 100000 --values
expect_out "^SSDQ_BURST='128k'\$" "--scale 100000: SSDQ_BURST=128k"
expect_out "^SSDQ_QD_RUNTIME='1ms'\$" "--scale 100000: SSDQ_QD_RUNTIME=1ms"
expect_rc 0 "a --set value is used as given" $R --scale 64 --set SSDQ_SPAN=2g --values
expect_out "^SSDQ_SPAN='2g'\$" "--set SSDQ_SPAN=2g at --scale 64 stays 2g"
expect_rc 0 "--set SSDQ_BURST" $R --set SSDQ_BURST=64m --values
expect_out "^SSDQ_BURSTS_TOTAL='512m'\$" "the total follows the burst: 8 bursts of 64m"
expect_rc 0 "--list" $R --scale 64 --set SSDQ_IDLE=5s --list
expect_out "^SSDQ_IDLE +5s +60s .*\\[set\\]\$" "--list: value, published default, [set]"
expect_rc 0 "\"eval \$(ssdq-render --values)\" gives shell variables" \
	sh -c 'eval "$(sh "$1" --scale 64 --set SSDQ_POWER="cmd:/bin/m a;b" --values)" &&
		[ "$SSDQ_SPAN" = 1g ] && [ "$SSDQ_POWER" = "cmd:/bin/m a;b" ]' sh "$J/ssdq-render"
if command -v busybox >/dev/null 2>&1; then
	expect_rc 0 "busybox sh (the test VM's shell) renders" busybox sh "$J/ssdq-render" --scale 256 --values
	expect_out "^SSDQ_QD_RUNTIME='234ms'\$" "busybox sh: --scale 256 gives 234ms"
fi

# ---- refusals ------------------------------------------------------------------------
refuse() { # DESC PATTERN ARGS...
	d=$1 p=$2; shift 2
	expect_rc 2 "$d" $R "$@"
	expect_out "$p" "$d: the message says so"
}
refuse "an unknown parameter" "--set SSDQ_SPAM: not a parameter of the job files" --set SSDQ_SPAM=1 --values
refuse "a size that is none" "--set SSDQ_SPAN=lots: not a size" --set SSDQ_SPAN=lots --values
refuse "a time that is none" "--set SSDQ_IDLE=1x: not a time" --set SSDQ_IDLE=1x --values
refuse "a count that is none" "--set SSDQ_RAND_IOS=1e5: not a whole number" --set SSDQ_RAND_IOS=1e5 --values
refuse "a value fio would cut" "--set SSDQ_ERASE=auto;x: fio cuts a job file's line at ';'" --set 'SSDQ_ERASE=auto;x' --values
refuse "--set without NAME=" "--set wants SSDQ_NAME=VALUE" --set 64g --values
refuse "a trace that cannot be read" "--set SSDQ_TRACE=$TMP/none.iolog: cannot read that file" \
	--set SSDQ_TRACE="$TMP/none.iolog" --values

# ---- a path parameter: the library's from the tree's top, a set one from here ---------
expect_rc 0 "trace-replay.fio renders" $R "$J/consumer/trace-replay.fio"
expect_out "^read_iolog=$top/jobs/traces/office.iolog	# SSDQ_TRACE\$" "the library's trace written in from the tree's top"
printf 'fio version 3 iolog\n' >"$TMP/my.iolog"
expect_rc 0 "--set SSDQ_TRACE=my.iolog (relative)" sh -c 'cd "$1" && sh "$2" --set SSDQ_TRACE=my.iolog "$3"' \
	sh "$TMP" "$J/ssdq-render" "$J/consumer/trace-replay.fio"
expect_out "^read_iolog=$TMP/my.iolog	# SSDQ_TRACE\$" "a trace set on the command line: from the directory ssdq-render ran in"
refuse "--scale 0" "--scale wants a whole number >= 1, not '0'" --scale 0 --values
refuse "--scale x" "--scale wants a whole number >= 1, not 'x'" --scale x --values
refuse "an unknown option" "unknown option --fast" --fast fill.fio
refuse "a missing job file" "nothere.fio: no such job file" nothere.fio
refuse "two job files" "one job file at a time" "$J/fill.fio" "$J/fill.fio"
# a library that disagrees with itself names the file and line
cp -R "$J" "$TMP/lib"
sed -i 's/^size=64g\([[:space:]]*# SSDQ_SPAN\)/size=32g\1/' "$TMP/lib/consumer/frag.fio"
expect_rc 2 "two files giving one parameter two values" sh "$TMP/lib/ssdq-render" --values
expect_out "jobs/consumer/prep-span.fio:[0-9]+: SSDQ_SPAN=64g, but jobs/consumer/frag.fio:[0-9]+ gives 32g" \
	"names both files and lines"
cp "$J/consumer/frag.fio" "$TMP/lib/consumer/frag.fio"
sed -i 's/# SSDQ_SPAN$/# SSDQ_SPNA/' "$TMP/lib/consumer/frag.fio"
expect_rc 2 "a file naming an unknown parameter" sh "$TMP/lib/ssdq-render" --values
expect_out "jobs/consumer/frag.fio:[0-9]+: SSDQ_SPNA is not a parameter" "names the file, line and name"
rm -rf "${TMP:?}/lib"

# ---- rendering -------------------------------------------------------------------------
expect_rc 0 "render fill.fio at --scale 64" $R --scale 64 --note "a note" "$J/fill.fio"
cp "$T_OUT" "$TMP/fill.fio"
grep -q '^include' "$TMP/fill.fio" && fail "the rendered file still includes" ||
	pass "includes are written in"
grep -q '^log_unix_epoch=1$' "$TMP/fill.fio" && pass "common.fio's options are in it" ||
	fail "common.fio's log_unix_epoch=1 is missing"
grep -Eq '^log_avg_msec=10[[:space:]]+# SSDQ_FILL_LOG_MSEC' "$TMP/fill.fio" && pass "10 ms stays 10 ms (the floor)" ||
	fail "fill log interval: $(grep '^log_avg_msec' "$TMP/fill.fio")"
grep -Eq '^size=100%[[:space:]]+# SSDQ_FILL_SIZE' "$TMP/fill.fio" && pass "100 % does not scale" ||
	fail "fill size: $(grep '^size' "$TMP/fill.fio")"
grep -q '^bs=128k$' "$TMP/fill.fio" && grep -q '^iodepth=32$' "$TMP/fill.fio" &&
	pass "block size and queue depth do not scale" || fail "bs/iodepth changed"
grep -q '^# Rendered by ssdq-render from jobs/fill.fio, sizes and times scaled 1/64' "$TMP/fill.fio" &&
	grep -q '^# a note$' "$TMP/fill.fio" && pass "the head says where it came from, and the note" ||
	fail "head: $(sed -n 1,3p "$TMP/fill.fio")"
grep -q '^# Run: ' "$TMP/fill.fio" && fail "the library's own Run: line is kept" ||
	pass "the library's Run: line is left out (the head says how this file runs)"
# the engine's parameters, at the end of [global]
expect_rc 0 "render with the engine's parameters set" $R --set SSDQ_POWER=nvme-ps \
	--set SSDQ_POWER_RATE=100 --set SSDQ_SMART_INTERVAL=2s "$J/consumer/sustained-seq-read.fio"
awk '/^\[/ { s = $0 } /^ssdq_(power|power_rate|smart_interval)=/ { print s, $1 }' "$T_OUT" >"$TMP/eng"
[ "$(cat "$TMP/eng")" = "[global] ssdq_power=nvme-ps
[global] ssdq_power_rate=100
[global] ssdq_smart_interval=2s" ] && pass "ssdq_power, ssdq_power_rate, ssdq_smart_interval in [global]" ||
	fail "engine options: $(cat "$TMP/eng")"
expect_rc 0 "a power spec with ';'" $R --set 'SSDQ_POWER=hwmon:/sys/class/hwmon/hwmon3;nvme-ps' "$J/fill.fio"
grep -q '^ssdq_power' "$T_OUT" && fail "a spec with ';' was written where fio would cut it" ||
	pass "a spec with ';' is left to fio's command line"
expect_out "^# ssdq_power is given on the fio command line" "and the file says so"
# the LBA size
expect_rc 0 "--lba 4096" $R --lba 4096 "$J/enterprise/qd1-seq-write-bs.fio"
[ "$(grep '^\[' "$T_OUT" | tr -d '[]' | tr '\n' ' ')" = "global bs4k bs8k bs16k bs32k bs64k bs128k bs256k bs512k bs1m " ] &&
	pass "--lba 4096: the sweep keeps bs4k to bs1m" || fail "--lba 4096: $(grep '^\[' "$T_OUT" | tr '\n' ' ')"
expect_out "^# Left out, block size below the 4096-byte LBA size: bs512 bs1k bs2k\$" "the head names the jobs left out"
expect_rc 0 "--lba 512" $R --lba 512 "$J/enterprise/qd1-seq-write-bs.fio"
[ "$(grep -c '^\[bs' "$T_OUT")" = 12 ] && pass "--lba 512: all 12 block sizes" || fail "--lba 512: $(grep -c '^\[bs' "$T_OUT")"
expect_rc 0 "--lba 4096 on a file without small blocks" $R --lba 4096 "$J/consumer/burst-seq-read.fio"
grep -q '^# Left out' "$T_OUT" && fail "burst: something left out" || pass "burst: nothing left out"

# at the published scale a rendered file is the library's file with its includes
# written in: the same options, line for line
flat() { # FILE: its options with includes written in, comments and blanks dropped
	awk 'function go(f,  l, inc) {
		while ((getline l < f) > 0) {
			if (l ~ /^include /) { inc = substr(l, 9); if (inc !~ /^\//) inc = dir(f) inc; go(inc); continue }
			sub(/[ \t]*[#;].*$/, "", l); if (l != "") print l
		}
		close(f)
	}
	function dir(f) { return substr(f, 1, match(f, /\/[^\/]*$/)) }
	BEGIN { go(ARGV[1]) }' "$1"
}
for f in $files; do
	$R "$J/$f" >"$TMP/r.fio" 2>"$TMP/r.err" || { fail "render $f: $(cat "$TMP/r.err")"; continue; }
	# a path parameter (read_iolog) of the library is from the tree's top: written in absolute
	flat "$J/$f" | sed "s|^read_iolog=\([^/]\)|read_iolog=$(dirname "$J")/\1|" >"$TMP/a"; flat "$TMP/r.fio" >"$TMP/b"
	if cmp -s "$TMP/a" "$TMP/b"; then pass "$f rendered unscaled: the library's options, line for line"
	else fail "$f rendered unscaled differs: $(diff "$TMP/a" "$TMP/b" | head -n 4 | tr '\n' ' ')"; fi
done

# every file renders at the test bed's scale, parses in plain fio, and busybox sh
# renders the same bytes
if [ ! -f "$SO" ]; then
	fail "$SO is missing (run make): rendered files were not parsed"
	summary; exit
fi
for f in $files; do
	$R --scale 256 --lba 4096 --set SSDQ_POWER=nvme-ps --set SSDQ_BURST=4m "$J/$f" >"$TMP/r.fio" 2>"$TMP/r.err" ||
		{ fail "render $f --scale 256: $(cat "$TMP/r.err")"; continue; }
	expect_rc 0 "$f at --scale 256 parses in plain fio" \
		env -i PATH="$PATH" fio --ioengine="external:$SO" --filename=/dev/ng0n1 --parse-only "$TMP/r.fio"
	if command -v busybox >/dev/null 2>&1; then
		busybox sh "$J/ssdq-render" --scale 256 --lba 4096 --set SSDQ_POWER=nvme-ps --set SSDQ_BURST=4m \
			"$J/$f" >"$TMP/rb.fio" 2>&1
		cmp -s "$TMP/r.fio" "$TMP/rb.fio" && pass "$f: busybox sh renders the same" ||
			fail "$f: busybox sh renders otherwise: $(diff "$TMP/r.fio" "$TMP/rb.fio" | head -n 3 | tr '\n' ' ')"
	fi
done
expect_rc 0 "--out FILE" $R --scale 4 --out "$TMP/out.fio" "$J/pslc/pslc-fill.fio"
[ -s "$TMP/out.fio" ] && [ ! -e "$TMP/out.fio.tmp" ] && pass "--out writes the file" || fail "--out: no $TMP/out.fio"
summary
