# shellcheck shell=sh
# ssdq-run's watch: progress lines, status lines, a silent target.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- liveness: progress lines, status lines, silence ------------------------
# Every target's fio writes the engine's progress lines (ssdq_progress=) to
# its output, DIR/NAME.out: what its status line shows, and a target from
# which nothing comes for the stall bound is lost (watch_step, for one
# target and several alike; jobs/run/hosts.sh' lose_target).

# progress_of OUT: "WRITTEN READ PHASE ETA" from the engine's progress lines
# in a client's output OUT (bytes: the sum of each job's last line; the phase
# and the job's ETA in seconds, -1 unknown, of the last line)
progress_of() {
	awk '/ssdq: progress / {
		for (i = 1; i <= NF; i++) {
			if ($i == "progress") k = $(i + 1)
			else if ($i ~ /^written=/) w[k] = substr($i, 9)
			else if ($i ~ /^read=/) r[k] = substr($i, 6)
			else if ($i ~ /^phase=/) ph = substr($i, 7)
			else if ($i ~ /^eta_s=/) e = substr($i, 7)
		}
	}
	END { for (k in w) { tw += w[k]; tr += r[k] }
		printf "%.0f %.0f %s %s\n", tw, tr, ph == "" ? "starting" : ph, e == "" ? -1 : e }' "$1" 2>/dev/null
}

# status_line LABEL NAME SECS ETA WRITTEN RATE PHASE SILENT BOUND: one target's progress
status_line() {
	awk -v l="$1" -v n="$2" -v s="$3" -v e="$4" -v w="$5" -v r="$6" -v ph="$7" \
	    -v q="$8" -v b="$9" 'function t(x) {
		x = int(x + 0.5)
		if (x >= 3600) return sprintf("%d h %02d min", x / 3600, (x % 3600) / 60)
		if (x >= 60) return sprintf("%d min %02d s", x / 60, x % 60)
		return sprintf("%d s", x)
	}
	function by(x) {
		if (x >= 1e12) return sprintf("%.1f TB", x / 1e12)
		if (x >= 1e9) return sprintf("%.1f GB", x / 1e9)
		return sprintf("%.0f MB", x / 1e6)
	}
	BEGIN {
		if (ph == "done") { printf "[%s] %s: finished in %s\n", l, n, t(s); exit }
		eta = e < 0 ? "?" : t(e)
		if (e == 0) eta = "overdue"
		printf "[%s] %s: %s written, %.0f MB/s, %s in step, ETA %s", l, n, by(w), r / 1e6, t(s), eta
		if (ph != "io" && ph != "") printf ", %s", ph
		if (q >= 5) printf ", silent %s (lost at %s)", t(q), t(b)
		printf "\n"
	}'
}

# progress_every BOUND: the seconds between the engine's progress lines for
# a step whose stall bound is BOUND s: 1, or 2 from a bound of 60 s
progress_every() { if [ "$1" -lt 60 ]; then echo 1; else echo 2; fi; }

# log_every BOUND: how often a step's status lines go to DIR/ssdq-run.log:
# every half bound, 5 to 60 s
log_every() {
	_le=$(( $1 / 2 )); [ "$_le" -le 60 ] || _le=60
	[ "$_le" -ge 5 ] || _le=5
	echo "$_le"
}

# The watch's state of each target of a step, WATCH_STATE, a line each:
# "I SIZE HEARD BYTES AT RATE END": its output's size at the last look, when
# it last grew, the bytes moved and when they were counted, the rate over
# the last 2 s, when its fio was seen ended (- not yet).

# tick_init I T0: target I's state before its first look, at time T0
tick_init() { watch_put "$1" -1 "$2" 0 "$2" 0 -; }

# watch_get I: target I's state into _osz _heard _ob _at _rate _end
watch_get() {
	read -r _ _osz _heard _ob _at _rate _end <<EOF
$(printf '%s\n' "$WATCH_STATE" | awk -v i="$1" '$1 == i')
EOF
}

# watch_put I SIZE HEARD BYTES AT RATE END: target I's state
watch_put() {
	WATCH_STATE=$(printf '%s\n' "$WATCH_STATE" | awk -v i="$1" 'NF && $1 != i'; echo "$*")
}

# target_tick I LABEL DIR NAME T0 BOUND EST: one look at target I (1, 2, ...)
# running step NAME (started at T0, estimated EST s) in DIR: what its fio's
# output DIR/NAME.out gained, its progress, its rate over 2 s and its ETA
# (the running job's own or what the estimate has left: the longer). Sets
# TICK_LINE (its status line), TICK_SILENT (seconds nothing came from it)
# and _now; keeps its state in WATCH_STATE (tick_init I T0 before the first)
target_tick() {
	_now=$(date +%s)
	_sz=$(wc -c <"$3/$4.out" 2>/dev/null | tr -d ' ') || _sz=0
	watch_get "$1"
	[ "$_sz" = "$_osz" ] || _heard=$_now
	read -r _w _r _ph _jeta <<EOF
$(progress_of "$3/$4.out")
EOF
	_b=$((${_w:-0} + ${_r:-0}))
	if [ $((_now - _at)) -ge 2 ]; then
		_rate=$(( (_b - _ob) / (_now - _at) ))
		[ "$_rate" -ge 0 ] || _rate=0
		_ob=$_b _at=$_now
	fi
	watch_put "$1" "$_sz" "$_heard" "$_ob" "$_at" "$_rate" "$_end"
	_eta=$(awk -v e="$7" -v s=$((_now - $5)) -v j="${_jeta:--1}" 'BEGIN {
		x = e < 0 ? -1 : e - s > 0 ? int(e - s + 1) : 0
		print (j + 0 > x ? j : x) }')
	TICK_SILENT=$((_now - _heard))
	TICK_LINE=$(status_line "$2" "$4" $((_now - $5)) "$_eta" "${_w:-0}" "$_rate" "${_ph:-starting}" "$TICK_SILENT" "$6")
}

# watch_step NAME T0 BOUND: wait for the fio of every active target (ACTIVE)
# of step NAME, started at T0, watching each: a target whose output gains
# nothing for BOUND s is lost (lose_target). Its status on a terminal:
# for the one namespace one line redrawn in place (fio's own where --eta
# shows it), for several one line each every 2 s; in DIR/ssdq-run.log every
# log_every BOUND. Each fio's exit status is in its DIR/.rc when it returns
watch_step() {
	_est=$(estimate "$1")
	_log_every=$(log_every "$3")
	_i=0 WATCH_STATE=
	for _lab in $ACTIVE; do
		_i=$((_i + 1))
		tick_init "$_i" "$2"
	done
	_drawn=0 _last_log=$2 _tty=0 _pause=2
	[ -t 1 ] && _tty=1
	[ "$MULTI" = 1 ] || _pause=1
	while :; do
		_now=$(date +%s) _running=0 _i=0 _lines='' _show=''
		for _lab in $ACTIVE; do
			_i=$((_i + 1))
			_td=$(tdir "$_lab")
			_p=$(cat "$_td/.pid" 2>/dev/null) || continue
			if [ -f "$_td/.rc" ] || ! running "$_p"; then
				target_reap "$_lab" "$1"
				watch_get "$_i"
				if [ "$_end" = - ]; then
					_end=$_now
					watch_put "$_i" "$_osz" "$_heard" "$_ob" "$_at" "$_rate" "$_end"
				fi
				_lines="$_lines$(status_line "$_lab" "$1" $((_end - $2)) 0 0 0 "done" 0 "$3")
"
				continue
			fi
			_running=$((_running + 1))
			[ -f "$_td/.lost" ] && continue
			target_tick "$_i" "$_lab" "$_td" "$1" "$2" "$3" "$_est"
			_lines="$_lines$TICK_LINE
"
			_show="$_td/$1.out"
			if [ "$TICK_SILENT" -ge "$3" ]; then
				[ "$MULTI" = 1 ] || clear_eta
				lose_target "$_lab" "$1" "$TICK_SILENT" "$3"
				_drawn=0 _show=''
			fi
		done
		[ "$_running" -gt 0 ] || break
		if [ -n "$INTERRUPTED" ]; then :
		elif [ "$MULTI" = 0 ]; then
			[ -z "$_show" ] || show_status "$_show" "$TICK_LINE"
		elif [ $_tty = 1 ]; then
			[ "$_drawn" = 0 ] || printf '\033[%dA' "$_drawn"
			printf '%s' "$_lines" | while IFS= read -r _l; do printf '\033[Kssdq-run:   %s\n' "$_l"; done
			_drawn=$(printf '%s' "$_lines" | grep -c .)
		fi
		if [ $((_now - _last_log)) -ge "$_log_every" ]; then
			printf '%s' "$_lines" | while IFS= read -r _l; do
				case $_l in *": finished in "*) ;; *) log "progress $_l" ;; esac
			done
			_last_log=$_now
		fi
		sleep "$_pause"
	done
	for _lab in $ACTIVE; do target_reap "$_lab" "$1"; done
	return 0
}

# show_status OUT LINE: on one namespace, its progress where it is shown:
# fio's own line from its output OUT where --eta shows it (ending in a
# carriage return, as fio's does), else on a terminal the status LINE, redrawn
# in place; clear_eta ends either before a line of ours
show_status() {
	if [ "$SHOW_ETA" = 1 ]; then
		_e=$(fio_eta "$1")
		[ -z "$_e" ] || if [ -t 1 ]; then printf '\r\033[K%s\r' "$_e"; else printf '%s\r' "$_e"; fi
	elif [ -t 1 ] && [ -n "$2" ]; then
		printf '\r\033[Kssdq-run:   %s\r' "$2"
	fi
	return 0
}
