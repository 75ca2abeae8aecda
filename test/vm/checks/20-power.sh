# cmd: power sources in the VM: format, values, rate, averaging, labels, a
# meter that goes away, one that never starts.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
FMT='^[0-9]+, [0-9]+, 0, 0, 0$'
# has FILE COND: some JSON object in FILE (one a line) satisfies the jq COND
has() { jq -s -e "any(.[]; $2)" "$1" >/dev/null 2>&1; }

# power_log NAME: the power log holds only "time_ms, mW, 0, 0, 0" integer lines
power_log() {
	_p=$R/$1_power.1.log
	if [ ! -s "$_p" ]; then fail "$1: the power log $1_power.1.log exists"; return 1; fi
	_b=$(grep -cvE "$FMT" "$_p")
	[ "$_b" = 0 ]; ok $? "$1: every power line is \"time_ms, mW, 0, 0, 0\" in integers" \
		"$_b not, e.g. $(grep -vE "$FMT" "$_p" | head -n 1)"
}
# source_event NAME ESTIMATED: the events sidecar describes the cmd source
source_event() {
	jq -R -c 'fromjson? // empty' "$R/$1_events.1.jsonl" 2>/dev/null >"$tmp/ev"
	_b=$(($(wc -l <"$R/$1_events.1.jsonl") - $(wc -l <"$tmp/ev")))
	[ $_b = 0 ]; ok $? "$1: every line of the events sidecar is a JSON object" "$_b are not"
	has "$tmp/ev" ".event == \"power_source\" and (.source | startswith(\"cmd:\")) and
		.estimated == $2 and .unit == \"W\""
	ok $? "$1: the events sidecar names the cmd source, unit W, estimated $2" \
		"$(jq -c 'select(.event == "power_source")' "$tmp/ev" | head -n 1)"
}
# inside NAME: every power sample lies within job_start..job_end and fio's run
inside() {
	_ts=$(json "$1" '.timestamp_ms') _el=$(json "$1" '.jobs[0].elapsed')
	_js=$(jq -r 'select(.event == "job_start") | .time_us' "$tmp/ev" | head -n 1)
	_je=$(jq -r 'select(.event == "job_end") | .time_us' "$tmp/ev" | tail -n 1)
	if [ -z "$_js" ] || [ -z "$_je" ] || [ "$_ts" = no-json ]; then
		fail "$1: job_start, job_end and fio's timestamp_ms are known"; return
	fi
	_o=$(awk -F, -v a="$_js" -v b="$_je" -v lo=$((_ts - _el * 1000)) -v hi="$_ts" \
		'$1 < int(a / 1000) || $1 > b / 1000 || $1 < lo || $1 > hi { c++ } END { print c + 0 }' \
		"$R/$1_power.1.log")
	[ "$_o" = 0 ]; ok $? "$1: every power sample lies inside the job (events) and fio's run (JSON)" "$_o outside"
}

if [ -f "$R/no-meter" ]; then
	skip "ssdq-test-meter cases: $(cat "$R/no-meter") (test/vm/initramfs.sh builds test/power/meter.c)"
else
	n=meter1k
	P=$R/${n}_power.1.log
	fio_ok $n "$n: 3 s of reads with a cmd: meter at 1 kHz ran without error"
	if power_log $n; then
		v=$(cut -d, -f2 "$P" | tr -d ' ' | sort -u | tr '\n' ' ')
		[ "$v" = "7250 " ]; ok $? "$n: every line reads the meter's 7.25 W as 7250 mW" "$v"
		r=$(awk -F, 'NR == 1 { f = $1 } { l = $1; n++ } END { if (l > f) printf "%d", (n - 1) * 1000 / (l - f); else print 0 }' "$P")
		# TCG on a shared host misses periods (test/vm/bench-sampler.sh measures
		# how many); 200/s is 20 times the default rate
		[ "$r" -ge 200 ]; ok $? "$n: power_rate=1000 samples at $r lines/s (at least 200 in TCG)"
		source_event $n false
		inside $n
	fi

	n=square
	P=$R/${n}_power.1.log
	fio_ok $n "$n: a 5 W / 7 W square wave at 1 kHz sampled at 10 Hz ran"
	if power_log $n; then
		# the first and last lines cover part of a period
		a=$(sed '1d;$d' "$P" | awk -F, '{ s += $2; n++; if ($2 < 5000 || $2 > 7000) b++ }
			END { printf "%d %d %d", n ? s / n : 0, b + 0, n }')
		# shellcheck disable=SC2086 # three figures, split on purpose
		set -- $a
		[ "$3" -ge 15 ] && [ "$1" -ge 5800 ] && [ "$1" -le 6200 ]
		ok $? "$n: lines average the readings of their 100 ms (mean 6000 +-200 mW)" "mean $1 over $3 lines"
		# a line is a mean of 5 W and 7 W readings, so it lies between them; how
		# evenly a period's readings split between the halves is the guest's
		# timing (8 of 29 lines outside 5.5-6.5 W at load average 10)
		[ "$2" = 0 ]; ok $? "$n: every line between the wave's 5000 and 7000 mW" "$2 of $3 outside"
	fi

	n=gone
	fio_ok $n "$n: a meter that exits after 0.5 s does not stop the job"
	jq -R -c 'fromjson? // empty' "$R/$n"_events.1.jsonl 2>/dev/null >"$tmp/ev"
	has "$tmp/ev" '.event == "power_gap_start" and (.source | test("-n 50"))'
	ok $? "$n: the events sidecar records power_gap_start for the source" \
		"$(grep -o '"event":"[a-z_]*"' "$R/$n"_events.1.jsonl 2>/dev/null | tr '\n' ' ')"
	err_has $n '^ssdq: power source "cmd:.*-n 50" failed'
	ok $? "$n: stderr warns the power source failed" "$(first_err $n)"
	g=$(jq -r 'select(.event == "power_gap_start") | .time_us' "$tmp/ev" | head -n 1)
	l=$(tail -n 1 "$R/$n"_power.1.log 2>/dev/null | cut -d, -f1)
	[ -n "$g" ] && [ -n "$l" ] && [ "$l" -le $((g / 1000)) ]
	ok $? "$n: no power line after the gap began" "last line $l ms, gap $((${g:-0} / 1000)) ms"
fi

n=shloop
P=$R/${n}_power.1.log
fio_ok $n "$n: a busybox shell loop as meter (5 Hz) ran"
if power_log $n; then
	v=$(cut -d, -f2 "$P" | tr -d ' ' | sort -u | tr '\n' ' ') c=$(wc -l <"$P")
	[ "$v" = "3500 " ] && [ "$c" -ge 5 ]; ok $? "$n: \"3.5W\" lines read as 3500 mW, 5 a second" "$c lines: $v"
	source_event $n false
	inside $n
fi

n=nometer
rc=$(rc_of $n) io=$(json $n '[.jobs[] | .read.total_ios] | add')
[ "$rc" != 0 ] && [ "$rc" != missing ]; ok $? "$n: a meter that cannot start fails the job" "exit $rc"
case $io in 0|no-json|null) pass "$n: no I/O was issued" ;; *) fail "$n: $io I/Os issued" ;; esac
err_has $n 'cmd:/nonexistent/meter'; ok $? "$n: stderr names the power source spec" "$(first_err $n)"
