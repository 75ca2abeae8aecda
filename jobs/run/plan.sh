# shellcheck shell=sh
# ssdq-run's plan: suites and steps, the run's settings, the plan's
# estimate and its checks, the same for every target.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- suites and steps --------------------------------------------------------
# A suite is data: jobs/suites/NAME.suite lists its tests in the order they
# run, each with what the runner must know of it (its estimate, bytes, span,
# erase, log interval, what it needs first: jobs/lib/suite.awk). The runner
# holds no test's name: a new test is a job file and a suite line.

# suites: the suites there are, in name order
suites() {
	for _s in "$JOBS"/suites/*.suite; do [ -f "$_s" ] && basename "$_s" .suite; done
	return 0
}

# in_all SUITE: whether --suite all runs SUITE (its file does not say
# "# ssdq-run: not in --suite all")
in_all() { ! grep -q '^# ssdq-run: not in --suite all' "$JOBS/suites/$1.suite"; }

# suite_files SUITE: its file; all: every suite's that all runs, in name order
suite_files() {
	if [ "$1" = all ]; then
		for _s in $(suites); do in_all "$_s" && echo "$JOBS/suites/$_s.suite"; done
	else
		echo "$JOBS/suites/$1.suite"
	fi
	return 0
}

# A plan record: one step, a tab-separated line of these fields in this
# order (jobs/lib/suite.awk prints it; -1 unknown): the step's name, its job
# file, its estimated time (s), whether it erases (1), the bytes it writes and
# reads, its span (a parameter's name, or -) and that in bytes, the span its
# reads stay within and that in bytes, its log interval's parameter (or io),
# the step it needs first, what it is, its rounds (0: one run), what
# ssdq-pts tracks over them and the ladder in rounds whose picks set its
# points (or -); then (suite_plan) the most runs of a test
# repeated until its variation is low (--repeat-cv; 0: not repeated). Read
# them by name: plan_get, fields_awk.
PLAN_FIELDS='name file time erases writes reads span span_bytes within within_bytes log needs what rounds track picks repeat'

# suite_plan SUITE [CAPACITY]: the suite's plan records (PLAN_FIELDS) from
# the parameters' values (VALUES: ssdq-render --values); dies
# naming the suite file and line it cannot read
suite_plan() {
	_k=${KINDS:-$(sh "$JOBS/ssdq-render" --kinds)}
	# shellcheck disable=SC2046 # one path a word
	_sp=$(awk -v vals="$(for _n in $(printf '%s\n' "$_k" | awk '{ print $1 }'); do
		printf '%s=%s\n' "$_n" "$(param "$_n")"; done)" -v kinds="$_k" \
	    -v cap="${2:-}" -v r="${SSDQ_EST_READ_MBPS:-}" -v w="${SSDQ_EST_WRITE_MBPS:-}" -v top="$JOBS/" \
	    -f "$JOBS/lib/units.awk" -f "$JOBS/lib/suite.awk" $(suite_files "$1")) || return $?
	# repeat: the most runs of a test repeated until its variation is low
	# (--repeat-cv): every test but the prep steps and those in rounds
	printf '%s\n' "$_sp" | awk -F '\t' -v OFS='\t' -v rep="${REPEAT_MAX:-0}" "$(fields_awk "$PLAN_FIELDS")"'
	NF { $F["repeat"] = ($F["rounds"] == 0 && rep > 0 && $F["what"] !~ /^prep:/) ? rep : 0; print }'
}

# suite_steps SUITE: "jobfile description" lines of a suite
suite_steps() {
	_p=$(suite_plan "$1" "${CAPACITY:-}") || return 2
	printf '%s\n' "$_p" | awk -F '\t' "$(fields_awk "$PLAN_FIELDS")"'NF { print $F["file"], $F["what"] }'
}

# plan_get NAME FIELD: field FIELD (PLAN_FIELDS) of step NAME's plan record
# (PLAN, else every suite's); round K of a test in rounds or repeated,
# NAME-K, is its test's record
plan_get() {
	{ if [ -n "${PLAN:-}" ]; then printf '%s\n' "$PLAN"; else suite_plan all "${CAPACITY:-}"; fi; } |
		awk -F '\t' -v n="$1" -v want="$2" "$(fields_awk "$PLAN_FIELDS")"'
		BEGIN { if (!(want in F)) { printf "ssdq-run: no plan field %s\n", want > "/dev/stderr"; exit 2 } }
		$F["name"] == n { print $F[want]; found = 1; exit }
		($F["rounds"] > 0 || $F["repeat"] > 0) && index(n, $F["name"] "-") == 1 &&
			substr(n, length($F["name"]) + 2) ~ /^[0-9]+$/ { r = $F[want] }
		END { if (!found && r != "") print r }'
}

# estimate STEP: seconds the step may take (its suite line's time=), -1.000
# unknown
estimate() {
	_e=$(plan_get "$1" time)
	echo "${_e:--1.000}"
}

# stall_bound NAME FILE: seconds a target of step NAME (library file FILE) may
# stay silent, or its drive complete no I/O, before it is declared lost or
# stalled: --stall-timeout, else the longest of 60 s, 30 log intervals and a
# tenth of the step's estimate, at most 30 min
stall_bound() {
	[ "$STALL" = auto ] || { echo "$STALL"; return 0; }
	_e=$(estimate "$1" "$(grep -c '^\[bs' "$JOBS/$2")")
	_l=$(param SSDQ_LOG_MSEC)
	awk -v e="$_e" -v l="${_l:-1000}" 'BEGIN {
		b = 60
		if (30 * l / 1000 > b) b = 30 * l / 1000
		if (e / 10 > b) b = e / 10
		if (b > 1800) b = 1800
		printf "%d\n", b
	}'
}

# auto_scale CAPACITY: the smallest power of 2 that fits the published span
# into CAPACITY bytes
auto_scale() {
	_span=$(to_bytes "$(scale=1; render --values | sed -n "s/^SSDQ_SPAN='\(.*\)'\$/\1/p")")
	awk -v s="$_span" -v c="$1" 'BEGIN { n = 1; while (s / n > c) n *= 2; print n }'
}

# run_defaults: the settings a run adds unless given (SETS)
run_defaults() {
	# the SNIA PTS's client class (PTS-C): T2Q16 over 75 % of the LBAs, the
	# volatile write cache on
	# (enterprise's are the job files' own)
	if [ "${PTS_CLASS:-}" = client ]; then
		for _v in SSDQ_PTS_THREADS=2 SSDQ_PTS_QD=16 SSDQ_PTS_RANGE=75% SSDQ_PTS_WRITE_CACHE=on; do
			given "${_v%%=*}" || add_set "$_v"
		done
	fi
	# a device's power: the drive's own estimate (the model's power is the
	# model's, the engine's default for it)
	if [ -z "$model" ] && ! given SSDQ_POWER; then
		add_set "SSDQ_POWER=nvme-ps"
	fi
	# a scaled model runs its tests in 1/scale of the time: sample its power
	# as much faster (up to 1 kHz), so short jobs still get their readings
	if [ -n "$model" ] && ! given SSDQ_POWER_RATE; then
		add_set "SSDQ_POWER_RATE=$(awk -v s="$scale" 'BEGIN { r = 10 * s; print (r > 1000 ? 1000 : r) }')"
	fi
	# and its SMART (the engine's 1 s / scale, at least the 10 ms the engine
	# allows the model): a QD1 test of 0.1 s at 1/250 gets ten temperatures,
	# where one a second gave one, and no line to draw
	if [ -n "$model" ] && ! given SSDQ_SMART_INTERVAL; then
		add_set "SSDQ_SMART_INTERVAL=$(awk -v s="$scale" 'BEGIN { ms = int(1000 / s); print (ms < 10 ? 10 : ms) "ms" }')"
	fi
	# a scaled model writes a second of the full drive in 1/scale of one:
	# fio's averaged logs (10 ms at the least, the first sample up to 250 ms)
	# then span too much of a cache to place its end (docs/report.md): log
	# every I/O
	if [ -n "$model" ] && [ "$scale" -gt 1 ] 2>/dev/null; then
		for _v in SSDQ_LOG_MSEC SSDQ_FILL_LOG_MSEC SSDQ_PSLC_LOG_MSEC; do
			given "$_v" || add_set "$_v=0"
		done
	fi
	return 0
}

# burst_floor: a scaled burst of fewer than 16 I/Os of the burst tests'
# 128 KiB (--scale 1000: one I/O) times the first I/O's latency, not a speed
# (docs/report.md, "Marks"): unless SSDQ_BURST is given, bursts of 2 MiB at
# the least (the total follows: 8 bursts)
burst_floor() {
	given SSDQ_BURST && return 0
	_b=$(render --values | sed -n "s/^SSDQ_BURST='\(.*\)'\$/\1/p")
	[ -n "$_b" ] && [ "$(to_bytes "$_b")" -lt $((16 * 131072)) ] || return 0
	add_set "SSDQ_BURST=2m"
	say "SSDQ_BURST $_b at 1/$scale is under 16 I/Os a burst: 2m instead (--set SSDQ_BURST=... to keep it)"
}

# check_sizes CAPACITY LBA WHO: the plan's (PLAN) sizes fit a namespace of
# CAPACITY bytes with LBA-byte LBAs (either "" unknown): every step's span
# fits, its reads stay within what a step before wrote, and every size
# parameter the suite uses is a multiple of the LBA size; dies (2) naming the
# parameter, WHO (a target, "" for one namespace) and what would fit
check_sizes() {
	_who=${3:+[$3] } _val=
	if [ -n "$1" ]; then
		for _sp in $(printf '%s\n' "$PLAN" | awk -F '\t' "$(fields_awk "$PLAN_FIELDS")"'$F["span"] != "-" { print $F["span"] }' | sort -u); do
			_val=$(param "$_sp")
			_b=$(to_bytes "$_val" "$1")
			[ -n "$_b" ] && [ "$_b" -gt "$1" ] || continue
			given "$_sp" &&
				param_error "$_who$_sp=$_val ($(human_bytes "$_b")) does not fit the $(human_bytes "$1") namespace (it was given as it is, so --scale does not change it)"
			_n=$(awk -v s="$_b" -v c="$1" -v k="$scale" 'BEGIN { n = k; while (s * k / n > c) n *= 2; print n }')
			param_error "$_who$_sp=$_val ($(human_bytes "$_b")) does not fit the $(human_bytes "$1") namespace: try --scale $_n"
		done
	fi
	printf '%s\n' "$PLAN" | awk -F '\t' "$(fields_awk "$PLAN_FIELDS")"'
		$F["within"] != "-" && $F["within_bytes"] >= 0 && $F["reads"] > $F["within_bytes"] {
			print $F["name"], $F["reads"], $F["within"]; exit }' | {
		read -r _t _r _w || exit 0
		_val=$(param "$_w")
		warn "$_who$_t reads $(human_bytes "$_r"), more than $_w=$_val ($(human_bytes "$(to_bytes "$_val")")) written before it:"
		warn "its reads would read unwritten LBAs (give $_w more, or the reads' size less)"
		exit 2
	} || exit 2
	[ -n "$2" ] || return 0
	for _v in $(printf '%s\n' "$KINDS" | awk '$2 == "size" || $2 == "total" { print $1 }'); do
		uses "$_v" || continue
		_val=$(param "$_v")
		_b=$(to_bytes "$_val")
		[ -z "$_b" ] || [ $((_b % $2)) = 0 ] ||
			param_error "$_who$_v=$_val is not a multiple of the namespace's $2-byte LBA size"
	done
	return 0
}

# plan_text DONE: the plan's lines, a step each with its estimate and what it
# is (DONE: the steps finished earlier, one a line); a test in rounds with
# the time of the most it runs
plan_text() {
	printf '%s\n' "$PLAN" | awk -F '\t' -v done="$1" -v cv="${REPEAT_CV:-}" "$(fields_awk "$PLAN_FIELDS")"'
	function t(x) {
		x = int(x + 0.5)
		if (x >= 3600) return sprintf("%d h %02d min", x / 3600, (x % 3600) / 60)
		if (x >= 60) return sprintf("%d min %02d s", x / 60, x % 60)
		return sprintf("%d s", x)
	}
	BEGIN { k = split(done, d, "\n"); for (i = 1; i <= k; i++) fin[d[i]] = 1 }
	NF {
		n++
		if ($F["name"] in fin) { printf "  %2d  %-26s done earlier\n", n, $F["name"]; next }
		# a test in rounds or repeated: the most they take
		k = $F["rounds"] > 0 ? $F["rounds"] : $F["repeat"] > 0 ? $F["repeat"] : 1
		how = $F["repeat"] > 0 ? sprintf(", repeated until its CV is at most %s %% (at most %d runs)", cv, $F["repeat"]) : ""
		if ($F["rounds"] > 0) how = sprintf(", rounds until steady (at most %d)", $F["rounds"])
		printf "  %2d  %-26s %-12s %s%s\n", n, $F["name"], $F["time"] < 0 ? "?" : t($F["time"] * k),
			$F["what"], how
	}'
}

# plan_totals DONE: "SECONDS UNKNOWN LEFT ERASERS" of the steps not done:
# their estimated time, 1 when one's is unknown, how many, and those that
# erase (comma-separated, - none or SSDQ_ERASE=none)
plan_totals() {
	printf '%s\n' "$PLAN" | awk -F '\t' -v done="$1" -v noerase="$([ "$(param SSDQ_ERASE)" = none ] && echo 1)" \
	    "$(fields_awk "$PLAN_FIELDS")"'
	BEGIN { k = split(done, d, "\n"); for (i = 1; i <= k; i++) fin[d[i]] = 1; e = "" }
	NF && !($F["name"] in fin) {
		left++
		if ($F["time"] < 0) unk = 1
		else s += $F["time"] * ($F["rounds"] > 0 ? $F["rounds"] : $F["repeat"] > 0 ? $F["repeat"] : 1)
		if ($F["erases"] == 1 && noerase != 1) e = e (e == "" ? "" : ",") $F["name"]
	}
	END { printf "%.3f %d %d %s\n", s, unk, left, e == "" ? "-" : e }'
}

# say_estimate SECONDS UNKNOWN: the plan's estimated time, and what it assumes
say_estimate() {
	say "estimated time: $(human_secs "$1")$([ "$2" = 1 ] && echo ' plus steps of unknown length')," \
		"assuming ${SSDQ_EST_READ_MBPS:-2000} MB/s reads and ${SSDQ_EST_WRITE_MBPS:-500} MB/s writes" \
		"where a step is bound by bytes (SSDQ_EST_READ_MBPS, SSDQ_EST_WRITE_MBPS)"
}

# room_for NAME DIR [COUNT]: whether DIR's filesystem has room for step
# NAME's logs on COUNT targets (space_needed); when not, says so and
# returns 1 (before the step, so before its erase)
room_for() {
	_need=$(space_needed "$1" "${3:-1}")
	_free=$(df -Pk "$2" 2>/dev/null | awk 'NR == 2 { print $4 }')
	[ -n "$_free" ] && [ "$_free" -lt "$_need" ] 2>/dev/null || return 0
	log "refused $1: $_free KiB free in $2, $_need KiB needed"
	warn "refused: $2 has $((_free / 1024)) MiB free, and $1 may write about $((_need / 1024)) MiB${3:+ on its $3 targets}"
	warn "of logs and sidecars (from its length, log intervals and power rate, twice over);"
	warn "nothing was erased: free space or use another --out, then run the same command again"
	return 1
}

# space_needed NAME [COUNT]: KiB of logs, sidecars and JSON step NAME may write: its
# estimated length at its log interval (five logs of ~40 bytes a line; with
# log=io one line per 4 KiB it moves), the power rate (~26 bytes a line) and
# SMART (~800 bytes a second), plus 1 MiB of JSON, twice over; at least 16 MiB;
# COUNT times that for COUNT targets (default 1)
space_needed() {
	_s=$(estimate "$1")
	_lg=$(plan_get "$1" log)
	_perio=0 _m=$(param SSDQ_LOG_MSEC)
	case $_lg in
	io) _perio=$(awk -v w="$(plan_get "$1" writes)" -v r="$(plan_get "$1" reads)" \
		'BEGIN { printf "%.0f\n", (w > 0 ? w : 0) + (r > 0 ? r : 0) }') ;;
	SSDQ_*) _m=$(param "$_lg") ;;
	esac
	_pr=$(param SSDQ_POWER_RATE)
	awk -v s="$_s" -v m="${_m:-1000}" -v r="${_pr:-10}" -v b="${_perio:-0}" -v c="${2:-1}" 'BEGIN {
		if (s < 0) s = 3600
		# five logs of 40-byte lines, the power log, the rest; a hist log
		# (QD1 and sustained tests: 1856 counts a second) 4 kB a second
		per_s = 5 * 40 * 1000 / (m > 0 ? m : 1000) + r * 26 + 800 + 4000
		k = (s * per_s + b / 4096 * 5 * 40 + 1048576) * 2 / 1024
		printf "%d\n", (k < 16384 ? 16384 : k) * c
	}'
}

# check_suite SUITE: dies (2) unless SUITE is a suite of jobs/suites/ or all,
# naming those all runs and those it leaves out
check_suite() {
	_suites=$(suites | tr '\n' ' ')
	[ -n "$_suites" ] || param_error "no suites in $JOBS/suites/"
	[ -n "$1" ] || usage_error "--suite is missing"
	case " ${_suites}all " in
	*" $1 "*) ;;
	*)	_in='' _out=''
		for _s in $_suites; do if in_all "$_s"; then _in="$_in $_s"; else _out="$_out $_s"; fi; done
		# shellcheck disable=SC2086 # the names, one a word
		usage_error "--suite must be $(echo $_in | sed 's/ /, /g') or all, not '$1'${_out:+ (or$(echo "$_out" | sed 's/ \([^ ]*\)/ \1,/g; s/,$//'), which all leaves out)}" ;;
	esac
}

# suite_uses SUITE: the parameters SUITE's job files (and their includes) use
suite_uses() {
	suite_files "$1" | while read -r _sf; do
		grep -v '^[[:space:]]*#' "$_sf" | awk 'NF { print $1 }' | while read -r _f; do
			sh "$JOBS/ssdq-render" "$JOBS/$_f"; done
	done 2>/dev/null | sed -n 's/^[a-z_0-9]*=[^#]*#[[:space:]]*\(SSDQ_[A-Z_]*\).*/\1/p' | sort -u
}

# say_plan DONE SECONDS UNKNOWN LEFT: what the run is about to do: the suite
# on its targets, where the results go, the parameters the suite uses, the
# plan (DONE: steps finished earlier) and its estimate (plan_totals': SECONDS,
# UNKNOWN, LEFT steps)
say_plan() {
	if [ "$MULTI" = 0 ]; then
		say "suite $suite: $M tests, $4 to run${1:+ (resuming: $((M - left)) finished earlier)}"
		say "$(target_ident "$TARGETS")"
		say "results: $OUT"
	else
		if [ "$LOCAL" = 1 ]; then
			say "suite $suite: $M tests on $NT namespaces of this machine, all at once (one fio each)"
		else
			say "suite $suite: $M tests on $NT namespaces of $(printf '%s\n' "$TARGETS" | awk -F '\t' "$(fields_awk "$TARGET_FIELDS")"'{ print $F["host"], $F["port"] }' | sort -u | wc -l | tr -d ' ') hosts (fio --client; fio --server on each)"
		fi
		say "results: $OUT/<target>/"
		while IFS= read -r _t; do
			tsplit "$_t"
			_n=0
			[ $restart = 1 ] || _n=$(grep -c . "$OUT/$_lab/ssdq-run.state" 2>/dev/null) || _n=0
			_where="$_h:$_p $_d"
			[ "$_h" != - ] || _where=$_d
			say "  $_lab: $_where${_pw:+, power $_pw}${model:+ (drive model $model, scale $scale)}$([ "$_n" -gt 0 ] && echo ", $_n of $M tests finished earlier")"
		done <<EOF
$TARGETS
EOF
	fi
	# the parameters this suite's job files (and their includes) use
	say "parameters (scale $scale):"
	render --list | while read -r _n _v _; do
		uses "$_n" && printf '    %-20s %s\n' "$_n" "$_v"
	done
	say "plan (estimate, what):"
	plan_text "$1"
	say_estimate "$2" "$3"
}
