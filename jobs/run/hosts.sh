# shellcheck shell=sh
# ssdq-run's test hosts: reaching a host's fio --server (SSH tunnels, or
# open TCP), and a target lost.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- reaching a host: SSH tunnels, or open TCP -----------------------------------------
# A host's fio --server listens where no one else reaches it (its loopback
# port, or a unix socket in a root-only directory: scripts/ssdq-fio-server).
# ssdq-run reaches it through the user's own ssh (SSDQ_SSH, default ssh: its
# keys, agent, known_hosts, ProxyJump and ssh_config; ssdq-run handles no
# credential): one tunnel per target for the run, `ssh -N -L SOCK:REMOTE
# HOST`, SOCK a unix socket (0600, ssh's StreamLocalBindMask) in a 0700
# directory of this run's own (TUNNELS), REMOTE the server's 127.0.0.1:PORT or
# its socket. fio --client connects to it by a link in the target's
# directory named by the host (sock:HOST), so fio names its logs
# <log>.HOST, as over TCP. A tunnel that closes mid-step fails the step
# there, named (target_collect); the next step, or the same command, opens
# a new one. The tunnels end with the run, and a watchdog ends them if the
# run is killed (tunnel_watchdog).

# ssh_cmd ARGS...: the user's ssh (SSDQ_SSH, split into words: "ssh -F FILE")
# with what an unattended run needs: no prompt, a connection of its own
# (none of a ControlMaster's, which would outlive the run)
ssh_cmd() {
	# shellcheck disable=SC2086 # SSDQ_SSH is a command and its options
	${SSDQ_SSH:-ssh} -o BatchMode=yes -o ControlMaster=no -o ControlPath=none "$@"
}

# tclient T: what fio --client connects to for target T: HOST,PORT, or for
# a target reached through SSH the link to its tunnel (sock:HOST, relative to
# its directory: fio names the logs by it); nothing for one of this machine
tclient() {
	tsplit "$1"
	if [ "$_h" = - ]; then :
	elif [ "$(host_via "$_h" "$_p")" = tcp ]; then echo "$_h,$_p"
	else echo "sock:${_h#*@}"; fi
}

# tunnel_watchdog: in the background, out of the terminal's signals: once
# ssdq-run ($$) is gone, however it ended, the tunnels' ssh end too
tunnel_watchdog() {
	_wd_run=$$
	# shellcheck disable=SC2086 # SETSID is setsid or nothing
	$SETSID sh -c 'while kill -0 "$1" 2>/dev/null; do sleep 2; done
		for f in "$2"/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
		sleep 1; rm -rf "$2"' ssdq-run-tunnels "$_wd_run" "$TUNNELS" </dev/null >/dev/null 2>&1 &
	echo $! >"$TUNNELS/watchdog"
}

# tunnel_up T: target T's tunnel open (ssh running, its socket there), opened
# now when it is not: 0, or 1 with TUNNEL_WHY. Opening one starts the
# tunnels of the step's other targets (ACTIVE) too, so that their SSH
# handshakes overlap. Runs in ssdq-run's own shell: its ssh is a child of it
# (tunnel_reap waits for it)
tunnel_up() {
	if [ -z "${TUNNELS:-}" ]; then
		TUNNELS=$(umask 077 && mktemp -d "${TMPDIR:-/tmp}/ssdq-ssh.XXXXXX") ||
			{ TUNNEL_WHY="cannot make a directory for its SSH tunnel in ${TMPDIR:-/tmp}"; return 1; }
		tunnel_watchdog
	fi
	tsplit "$1"
	if ! tunnel_alive "$_lab"; then
		for _ol in ${ACTIVE:-}; do
			_ot=$(target_of "$_ol")
			case $(tclient "$_ot") in sock:*) tunnel_start "$_ot" ;; esac
		done
		tunnel_start "$1"
	fi
	tsplit "$1"
	_tn=$TUNNELS/$_lab
	_rem=127.0.0.1:$_p
	case $_p in /*) _rem=$_p ;; esac
	# authentication and the forward's socket: 60 s at most (a slow host's key exchange)
	_ti=0
	while [ ! -S "$_tn.sock" ]; do
		if ! tunnel_alive "$_lab"; then
			tunnel_reap "$_lab"
			TUNNEL_WHY="$_h could not be reached through SSH: no tunnel to its $_rem ($TUNNEL_WHY)"
			return 1
		fi
		_ti=$((_ti + 1))
		if [ $_ti -ge 300 ]; then
			tunnel_down "$_lab"
			TUNNEL_WHY="$_h could not be reached through SSH: no tunnel to its $_rem within 60 s"
			return 1
		fi
		sleep 0.2
	done
	[ -f "$_tn.open" ] || { log "tunnel to $_h ($_rem) for $_lab open: ssh pid $(cat "$_tn.pid")"; : >"$_tn.open"; }
	return 0
}

# tunnel_start T: target T's ssh started, unless it runs (a tunnel that
# closed since is said, and started again)
tunnel_start() {
	tsplit "$1"
	tunnel_alive "$_lab" && return 0
	_tn=$TUNNELS/$_lab
	if [ -f "$_tn.pid" ]; then
		tunnel_reap "$_lab"
		log "tunnel to $_h for $_lab had closed ($TUNNEL_WHY): opening a new one"
		say "  [$_lab] its SSH tunnel to $_h had closed ($TUNNEL_WHY): opening a new one"
	fi
	_rem=127.0.0.1:$_p
	case $_p in /*) _rem=$_p ;; esac
	rm -f "$_tn.sock" "$_tn.open"
	# shellcheck disable=SC2086 # SETSID is setsid or nothing
	$SETSID ${SSDQ_SSH:-ssh} -o BatchMode=yes -o ControlMaster=no -o ControlPath=none \
		-o ExitOnForwardFailure=yes -o StreamLocalBindMask=0177 -o StreamLocalBindUnlink=yes \
		-N -T -L "$_tn.sock:$_rem" -- "$_h" </dev/null >/dev/null 2>"$_tn.log" &
	echo $! >"$_tn.pid"
}

# tunnel_reap LABEL: target LABEL's ssh has exited: TUNNEL_WHY says how
# (its exit status or signal, its last message), its files removed
tunnel_reap() {
	_tn=$TUNNELS/$1
	_trc=0
	wait "$(cat "$_tn.pid")" 2>/dev/null || _trc=$?
	_tmsg=$(grep -v '^[[:space:]]*$' "$_tn.log" 2>/dev/null | tail -n 1 | tr -d '\r')
	if [ $_trc -gt 128 ] && [ $_trc -lt 255 ]; then
		TUNNEL_WHY="ssh killed by SIG$(kill -l $((_trc - 128)) 2>/dev/null || echo $((_trc - 128)))"
	else
		TUNNEL_WHY="ssh exit $_trc"
	fi
	TUNNEL_WHY="$TUNNEL_WHY${_tmsg:+: $_tmsg}"
	log "tunnel for $1 closed: $TUNNEL_WHY"
	rm -f "$_tn.pid" "$_tn.sock" "$_tn.log" "$_tn.open"
}

# tunnel_alive LABEL: whether target LABEL's tunnel is open
tunnel_alive() {
	[ -n "${TUNNELS:-}" ] && [ -f "$TUNNELS/$1.pid" ] && kill -0 "$(cat "$TUNNELS/$1.pid")" 2>/dev/null
}

# tunnel_down LABEL: target LABEL's tunnel closed (its ssh ended)
tunnel_down() {
	[ -n "${TUNNELS:-}" ] && [ -f "$TUNNELS/$1.pid" ] || return 0
	_tp=$(cat "$TUNNELS/$1.pid")
	kill "$_tp" 2>/dev/null
	wait "$_tp" 2>/dev/null
	rm -f "$TUNNELS/$1.pid" "$TUNNELS/$1.sock" "$TUNNELS/$1.log" "$TUNNELS/$1.open"
}

# tunnels_down: every tunnel of the run closed, its directory and watchdog gone
# (at ssdq-run's exit)
tunnels_down() {
	[ -n "${TUNNELS:-}" ] && [ -d "$TUNNELS" ] || return 0
	for _tf in "$TUNNELS"/*.pid; do
		[ -f "$_tf" ] || continue
		_tl=${_tf##*/}
		tunnel_down "${_tl%.pid}"
	done
	kill "$(cat "$TUNNELS/watchdog" 2>/dev/null)" 2>/dev/null
	rm -rf "$TUNNELS"
	TUNNELS=
}

# ssh_fetch DEST DIR: the files of DIR on DEST (a server's kept sidecars,
# /.../ssdq-server.PID) copied over SSH into a new directory, printed
ssh_fetch() {
	case $2 in /*/ssdq-server.[0-9]*) ;; *) return 1 ;; esac
	case $2 in *[!A-Za-z0-9._/-]*) return 1 ;; esac
	_sf=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-fetch.XXXXXX") || return 1
	if ssh_cmd -n -T -- "$1" "cd $2 && tar cf - ." 2>"$_sf.err" | tar xf - -C "$_sf" 2>>"$_sf.err" &&
		[ -n "$(ls -A "$_sf")" ]; then
		rm -f "$_sf.err"
		echo "$_sf"
		return 0
	fi
	log "fetching $2 from $1 failed: $(tail -n 1 "$_sf.err" 2>/dev/null)"
	rm -rf "$_sf" "$_sf.err"
	return 1
}

# ---- liveness: progress lines, the stall bound, lost targets -------------------------

# client_procs LABEL: the pids of target LABEL's fio (or fio client) and
# its job processes
client_procs() {
	_cp=$(cat "$(tdir "$1")/.pid" 2>/dev/null) || return 0
	kill -0 "$_cp" 2>/dev/null || return 0
	children "$_cp"
	echo "$_cp"
}

# lose_target LABEL NAME SILENT BOUND: a target silent beyond the bound: named,
# its fio (client) killed with its job processes; target_collect gives the reason
lose_target() {
	_lt=$(target_of "$1")
	_why="nothing came from fio for $3 s (stall bound $4 s): declared lost, its fio killed"
	[ "$(tget host "$_lt")" = - ] ||
		_why="$(tget host "$_lt"):$(tget port "$_lt") went silent: nothing came from it for $3 s (stall bound $4 s): declared lost, its fio killed"
	echo "$_why" >"$(tdir "$1")/.lost"
	log "lost $2 on $1: silent for $3 s (bound $4 s); killing its fio"
	warn "[$1] LOST at $2: silent for $3 s (stall bound $4 s); killing its fio$([ "$MULTI" = 1 ] && echo ', the other targets go on')"
	_lf=$(cat "$(tdir "$1")/.pid" 2>/dev/null)
	for _c in $(client_procs "$1"); do kill -KILL "$_c" 2>/dev/null; done
	# its process group too (fio's session, under setsid)
	[ -z "$SETSID" ] || [ -z "$_lf" ] || kill -KILL -- "-$_lf" 2>/dev/null
	return 0
}
