#!/bin/sh
# ssdq-sample end to end without a device: hwmon fixtures, a QIS test server,
# SIGTERM/SIGINT/SIGKILL, open errors. Run from the source tree;
# SSDQ_SAMPLE names the binary (default build/ssdq-sample).
. "$(dirname "$0")/../lib.sh"

BIN=${SSDQ_SAMPLE:-build/ssdq-sample}
if [ ! -x "$BIN" ]; then
	echo "SKIP: $BIN not built"
	exit 77
fi
TMP=$(mktemp -d /tmp/ssdq-sample-test.XXXXXX)
trap 'rm -rf "$TMP" "$T_OUT"; [ -n "$QPID" ] && kill "$QPID" 2>/dev/null' EXIT
mkdir -p "$TMP/sys/class/hwmon" "$TMP/out"
cp -r test/fixtures/hwmon/uw "$TMP/sys/class/hwmon/hwmon0"
cp -r test/fixtures/hwmon/ina3221 "$TMP/sys/class/hwmon/hwmon1"

# lines_with FILE MW: how many power log lines hold MW milliwatts
lines_with() { grep -cE "^[0-9]{13}, $2, 0, 0, 0\$" "$1"; }
# all_with FILE MW: lines_with when every line holds MW, else "not all MW"
all_with() {
	n=$(lines_with "$1" "$2")
	[ "$n" = "$(wc -l <"$1")" ] && echo "$n" || echo "not all $2"
}
# wait_lines FILE N: until FILE has N lines (20 s at most; a busy host is slow,
# the counts below are the least a run gives, not what a second gives)
wait_lines() {
	i=0
	while [ $i -lt 200 ]; do
		[ -f "$1" ] && [ "$(wc -l <"$1")" -ge "$2" ] && return
		sleep 0.1
		i=$((i + 1))
	done
}

expect_rc 2 "no arguments is a usage error" "$BIN"
expect_out "usage: ssdq-sample" "usage is printed"
expect_rc 2 "nothing to sample" "$BIN" --out "$TMP/out/x"
expect_rc 1 "a bad source fails before sampling" "$BIN" --power hwmon:nosuchchip \
	--sysfs-root "$TMP/sys" --out "$TMP/out/bad"
expect_out 'power source "hwmon:nosuchchip": no hwmon device named' "the message names the spec"

# SIGTERM once 20 lines are written at 50 Hz
"$BIN" --power hwmon:ssdq_uw --rate 50 --sysfs-root "$TMP/sys" --out "$TMP/out/term" \
	2>"$TMP/term.err" &
pid=$!
wait_lines "$TMP/out/term_power.1.log" 20
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 0 ] && pass "SIGTERM stops it with status 0" || fail "SIGTERM: exit $rc"
n=$(all_with "$TMP/out/term_power.1.log" 6150)
[ "$n" -ge 20 ] 2>/dev/null && pass "20 lines or more, all 6150 mW ($n)" ||
	fail "power lines: $n"
grep -q '"event":"sample_start"' "$TMP/out/term_events.1.jsonl" &&
grep -q '"event":"sample_stop"' "$TMP/out/term_events.1.jsonl" &&
grep -q '"event":"sampler_stop"' "$TMP/out/term_events.1.jsonl" &&
	pass "events: sample_start, sample_stop, sampler_stop" || fail "events file"
[ ! -e "$TMP/out/term_smart.1.jsonl" ] && pass "no SMART file without --smart" ||
	fail "SMART file written without --smart"

# SIGINT, two sources summed
"$BIN" --power hwmon:ssdq_uw --power hwmon:ina3221 --rate 20 --sysfs-root "$TMP/sys" \
	--out "$TMP/out/int" --job 3 2>/dev/null &
pid=$!
wait_lines "$TMP/out/int_power.3.log" 10
kill -INT $pid
wait $pid && pass "SIGINT stops it with status 0" || fail "SIGINT: exit $?"
n=$(all_with "$TMP/out/int_power.3.log" 15450)
[ "$n" -ge 10 ] 2>/dev/null && pass "two sources summed: 15450 mW ($n lines, --job 3)" ||
	fail "summed lines: $n"

# SIGKILL: what was written stays (line-buffered)
"$BIN" --power hwmon:ina3221 --rate 100 --sysfs-root "$TMP/sys" --out "$TMP/out/kill" \
	2>/dev/null &
pid=$!
wait_lines "$TMP/out/kill_power.1.log" 30
kill -KILL $pid
wait $pid 2>/dev/null
n=$(all_with "$TMP/out/kill_power.1.log" 9300)
[ "$n" -ge 30 ] 2>/dev/null && pass "a killed sampler leaves its lines ($n)" || fail "after SIGKILL: $n lines"
[ "$(tail -c 1 "$TMP/out/kill_power.1.log" | od -An -c | tr -d ' ')" = '\n' ] &&
	pass "and no partial line" || fail "partial last line"

# QIS through the test server, --duration
if command -v python3 >/dev/null 2>&1; then
	python3 test/power/qis_server.py --lifetime 15 >"$TMP/port" &
	QPID=$!
	# the server's port, however long a busy host takes to start python
	# (2 s were too few at load 6): until it prints it or exits
	_w=0
	while [ ! -s "$TMP/port" ] && kill -0 "$QPID" 2>/dev/null && [ $_w -lt 300 ]; do
		sleep 0.2; _w=$((_w + 1))
	done
	port=$(head -n 1 "$TMP/port")
	expect_rc 0 "qis: --duration 1 ends by itself" "$BIN" --power "qis:127.0.0.1:$port" \
		--rate 100 --duration 1 --out "$TMP/out/qis"
	# a second of 1 ms stripes at 100 Hz: 100 lines, fewer when the server lags
	n=$(all_with "$TMP/out/qis_power.1.log" 9300)
	[ "$n" -ge 10 ] 2>/dev/null && pass "qis: 9300 mW summed from the 12V and 3.3V rails ($n lines)" ||
		fail "qis lines: $n"
	grep -q '"rail":"12V+3.3V"' "$TMP/out/qis_events.1.jsonl" &&
		pass "qis: rails recorded in the events" || fail "qis rails"
	kill "$QPID" 2>/dev/null
	QPID=
else
	echo "python3 missing: qis part skipped"
fi

summary
