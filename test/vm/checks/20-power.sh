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
# sampler NAME HZ: the sampler's own account: sampler_start's rate is HZ and
# sampler_stop's power_lines the power log's lines
sampler() {
	_m=$(jq -r 'select(.event == "sampler_start") | .msg' "$tmp/ev" | head -n 1)
	case " $_m " in *" power_hz=$2 "*) pass "$1: the sampler ran at $2 Hz (sampler_start)" ;;
	*) fail "$1: the sampler ran at $2 Hz (sampler_start)" "$_m" ;; esac
	_c=$(wc -l <"$R/$1_power.1.log")
	_m=$(jq -r 'select(.event == "sampler_stop") | .msg' "$tmp/ev" | head -n 1)
	case " $_m " in *" power_lines=$_c "*) pass "$1: sampler_stop counts the log's $_c lines" ;;
	*) fail "$1: sampler_stop counts the log's $_c lines" "$_m" ;; esac
}
# steps FILE MS: "N BAD FIRST LAST": lines, lines not in the MS ms period
# after the previous line's (a line's time is its readings' mean, within its
# period), first and last time (ms)
steps() {
	awk -F, -v ms="$2" 'NR > 1 && int($1 / ms) - int(p / ms) != 1 { b++ } NR == 1 { f = $1 }
		{ p = $1; n++ } END { printf "%d %d %d %d", n, b + 0, f, p }' "$1"
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
		# the readings carry the times they were due, 1 ms apart, however late
		# the guest's timing brings them (a rate of lines per second would
		# measure the host's load: 200/s was the floor): the sampler writes a
		# line for each 1 ms period, none missed, none twice
		# shellcheck disable=SC2046 # four figures
		set -- $(steps "$P" 1)
		[ "$1" -ge 10 ] && [ "$2" = 0 ]
		ok $? "$n: power_rate=1000 gives one line per 1 ms period, none missing ($1 lines)" \
			"$2 of $1 lines not in the period after the last, $3..$4 ms"
		source_event $n false
		sampler $n 1000
		inside $n
	fi

	n=square
	P=$R/${n}_power.1.log
	fio_ok $n "$n: a 5 W / 7 W square wave at 1 kHz sampled at 10 Hz ran"
	if power_log $n; then
		# readings stamped when due: every whole 100 ms period holds 50 of 5 W
		# and 50 of 7 W whatever the guest's timing (unstamped, how a period's
		# readings split was the guest's: 8 of 29 lines outside 5.5-6.5 W at
		# load 10); the first and last lines cover part of a period
		a=$(sed '1d;$d' "$P" | awk -F, '$2 != 6000 { b++; if (e == "") e = $2 } { n++ }
			END { printf "%d %d %s", n, b + 0, e == "" ? "-" : e }')
		# shellcheck disable=SC2086 # three figures, split on purpose
		set -- $a
		[ "$1" -ge 1 ] && [ "$2" = 0 ]
		ok $? "$n: every line of a whole 100 ms period is the mean of its readings, 6000 mW" \
			"$2 of $1 lines not, e.g. $3 mW"
		# shellcheck disable=SC2046 # four figures
		set -- $(steps "$P" 100)
		[ "$1" -ge 3 ] && [ "$2" = 0 ]
		ok $? "$n: power_rate=10 gives one line per 100 ms period, none missing ($1 lines)" \
			"$2 of $1 lines not in the period after the last, $3..$4 ms"
		jq -R -c 'fromjson? // empty' "$R/${n}_events.1.jsonl" 2>/dev/null >"$tmp/ev"
		sampler $n 10
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
	[ "$v" = "3500 " ]; ok $? "$n: \"3.5W\" lines read as 3500 mW" "$c lines: $v"
	# readings stamped on arrival: how many arrive in 2 s is the guest's
	# timing; a period of the 5 Hz rate never gets two lines
	d=$(awk -F, 'NR > 1 && int($1 / 200) <= int(p / 200) { d++ } { p = $1 } END { print d + 0 }' "$P")
	[ "$d" = 0 ]; ok $? "$n: at most one line per 200 ms period (power_rate=5)" "$d of $c lines share one"
	source_event $n false
	sampler $n 5
	inside $n
fi

n=nometer
rc=$(rc_of $n) io=$(json $n '[.jobs[] | .read.total_ios] | add')
[ "$rc" != 0 ] && [ "$rc" != missing ]; ok $? "$n: a meter that cannot start fails the job" "exit $rc"
case $io in 0|no-json|null) pass "$n: no I/O was issued" ;; *) fail "$n: $io I/Os issued" ;; esac
err_has $n 'cmd:/nonexistent/meter'; ok $? "$n: stderr names the power source spec" "$(first_err $n)"
