# shellcheck shell=sh
# ssdq-run's signals: stopping a run through its trigger files, and the
# processes of a run.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# fio_pids: "PID LABEL" of every running fio of the step (each active
# target's, its pid in its DIR/.pid)
fio_pids() {
	for _t in ${ACTIVE:-}; do
		_p=$(cat "$(tdir "$_t")/.pid" 2>/dev/null) || continue
		running "$_p" && echo "$_p $_t"
	done
	return 0
}

# on_signal SIG: the trap of SIGINT, SIGTERM and SIGHUP: every running fio
# stopped through its trigger file (STOPS, one a line), never signalled. The
# trigger file stays until fio sees it: a signal just before fio starts stops
# it as well. A fio that has not stopped 30 s later is killed, its job
# processes (each in a session of its own) first, then its process group (its
# own session, under setsid): an interrupted suite must end so it can be
# resumed.
on_signal() {
	INTERRUPTED=$1
	printf '%s\n' "$STOPS" | while IFS= read -r _sf; do [ -z "$_sf" ] || : >"$_sf"; done
	[ -z "$WATCH_PID" ] && [ -n "$(fio_pids)" ] || return 0
	(
		_i=0
		while [ $_i -lt 30 ] && [ -n "$(fio_pids)" ]; do
			sleep 1 >/dev/null 2>&1
			_i=$((_i + 1))
		done
		fio_pids | while read -r _f _t; do
			warn "$([ "$MULTI" = 1 ] && echo "[$_t] ")fio did not stop within 30 s of SIG$1: killing it"
			for _j in $(children "$_f"); do kill -KILL "$_j" 2>/dev/null; done
			if [ -n "$SETSID" ]; then kill -KILL -- "-$_f" 2>/dev/null; fi
			kill -KILL "$_f" 2>/dev/null
		done
	) &
	WATCH_PID=$!
}

# signal_traps: on_signal for SIGINT, SIGTERM and SIGHUP, for one namespace
# and several
signal_traps() {
	INTERRUPTED='' WATCH_PID='' ACTIVE=''
	SETSID=setsid
	command -v setsid >/dev/null 2>&1 || SETSID=
	trap 'on_signal INT' INT
	trap 'on_signal TERM' TERM
	trap 'on_signal HUP' HUP
}

# run_procs STOPFILE: "PID COMMAND" of each process of a run whose fio was
# given --trigger-file=STOPFILE: its fio, fio's job processes and a helper
# still waiting for a Format (all carry fio's command line), alive or not
# reaped by their parent
run_procs() {
	# fio's and the helper's names first (one grep; busybox's stops at a NUL)
	for _c in $(grep -lx -e fio -e ssdq-format /proc/[0-9]*/comm 2>/dev/null); do
		_c=${_c%/comm}/cmdline
		_l=$(tr '\0' ' ' 2>/dev/null <"$_c") || continue
		case $_l in *"--trigger-file=$1 "*) ;; *) continue ;; esac
		_p=${_c#/proc/} _p=${_p%/cmdline}
		[ "$(sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null | cut -d' ' -f1)" = Z ] && continue
		printf '%s [%s] %s\n' "$_p" "$(cat "/proc/$_p/comm" 2>/dev/null)" "$_l" | cut -c1-300
	done
}

# children PID: the processes whose parent is PID (busybox has no pkill -P)
children() {
	for _s in /proc/[0-9]*/stat; do
		[ "$(sed 's/^.*) //' "$_s" 2>/dev/null | cut -d' ' -f2)" = "$1" ] || continue
		_p=${_s#/proc/}; echo "${_p%/stat}"
	done
}
