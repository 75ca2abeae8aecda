# shellcheck shell=sh
# ssdq-run's step on one target: render, start, collect (the only place a
# namespace of this machine and a host's differ; jobs/run/targets.sh).
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- a step on a target: render, start, collect ---------------------------------------
# Two kinds of target: a namespace of this machine (HOST "-": a fio of its
# own, the engine and namespace on its command line) and one of a test host
# (fio --client, the engine and namespace in the job file sent to the
# server). These three functions are all that differs between them.

# local_opts DEV POWER: fio's options for namespace DEV of this machine, one
# a line: the engine, the namespace, the model, a power source the job file
# cannot hold (';' or '#'), the data override, the options after -- and the
# stall bound
local_opts() {
	printf '%s\n' "--ioengine=external:$SO" "--filename=$1"
	[ -z "$model" ] || printf '%s\n' "--ssdq_model=$model" "--ssdq_model_scale=$scale"
	_lpw=${2:-$(param SSDQ_POWER)}
	case $_lpw in *[\;\#]*) printf '%s\n' "--ssdq_power=$_lpw" ;; esac
	[ "$destroy" = 0 ] || [ -n "$model" ] || echo --ssdq_destroy_data=1
	printf '%s' "$FIO_EXTRA"
	echo "--ssdq_stall_timeout=$STEP_BOUND"
}

# local_args DEV POWER: local_opts on one line, each quoted as sh reads it
# back (the command a rendered file and the log show)
local_args() {
	local_opts "$@" | while IFS= read -r _o; do printf '%s ' "$(quote "$_o")"; done | sed 's/ $//'
}

# target_picks DIR NAME: the SSDQ_PTS_DI_* parameters of step NAME whose
# suite line says picks=LADDER: ssdq-pts picks over the target's last round
# of LADDER (DIR/LADDER-K.json, K highest), its account kept in
# DIR/NAME.picks and logged; nothing for other steps. Returns 2 when there
# is no such round or ssdq-pts refuses it (said)
target_picks() {
	_tpl=$(plan_get "$2" picks)
	case $_tpl in ''|-) return 0 ;; esac
	_tpk=0 _tpf=
	for _tpg in "$1/$_tpl"-*.json; do
		_tpn=${_tpg##*/"$_tpl"-} _tpn=${_tpn%.json}
		case $_tpn in ''|*[!0-9]*) continue ;; esac
		[ "$_tpn" -gt "$_tpk" ] && _tpk=$_tpn _tpf=$_tpg
	done
	if [ -z "$_tpf" ]; then
		warn "$2: no round of $_tpl in $1 to take its points from (picks=$_tpl)"
		return 2
	fi
	_tpv=$("$PTS" picks "$_tpf" 2>"$1/$2.picks") || {
		warn "$2: ssdq-pts picks $_tpf failed:"; sed 's/^/    /' "$1/$2.picks" >&2; return 2; }
	log "picks $2 from $_tpf: $(printf '%s' "$_tpv" | tr '\n' ' ')"
	printf '%s\n' "$_tpv"
}

# target_job T NAME FILE: render step NAME of library file FILE for target T
# into its DIR/jobs/NAME.fio, an earlier unfinished attempt kept first
# (keep_attempt); its head gives the command that reruns it by hand (on a
# host: the engine and namespace written in). Returns 2 when it cannot be
# rendered (said)
target_job() {
	tsplit "$1"
	_dir=$(tdir "$_lab")
	# a host reached through SSH: the sidecars its server kept are fetched over it
	KEPT_VIA=
	[ "$_h" = - ] || [ "$(host_via "$_h" "$_p")" = tcp ] || KEPT_VIA=$_h
	keep_attempt "$_dir" "$2"
	KEPT_VIA=
	if [ "$_h" = - ]; then
		_cmd="fio $(local_args "$_d" "$_pw") --output-format=json+ --output=$2.json jobs/$2.fio"
		_note="Rerun by hand, in $_dir:"
	else
		[ -n "$_en" ] || _en=$SERVER_SO
		case $_en in */*) _en="external:$_en" ;; esac
		_cmd="fio --client=$_h,$_p jobs/$2.fio --output-format=json+"
		_note="Sent by ssdq-run to fio --server on $_h:$_p; by hand, in $_dir:"
		if [ "$(host_via "$_h" "$_p")" = ssh ]; then
			_rem=127.0.0.1:$_p
			case $_p in /*) _rem=$_p ;; esac
			_cmd="ssh -N -L ${_h#*@}:$_rem $_h & fio --client=sock:${_h#*@} jobs/$2.fio --output-format=json+"
			_note="Sent by ssdq-run through SSH to fio --server at $_rem on $_h; by hand, in $_dir:"
		fi
	fi
	_lba=$(target_lba "$1")
	mkdir -p "$_dir/jobs" || return 2
	_picks=$(target_picks "$_dir" "$2") || return 2
	(
		[ -z "$_pw" ] || add_set "SSDQ_POWER=$_pw"
		while IFS= read -r _s; do [ -z "$_s" ] || add_set "$_s"; done <<EOF
$_picks
EOF
		render ${_lba:+--lba "$_lba"} --note "$_note" --note "  $_cmd" "$JOBS/$3"
	) >"$_dir/jobs/$2.body" 2>"$_dir/$2.stderr" || {
		warn "cannot render $JOBS/$3:"; sed 's/^/    /' "$_dir/$2.stderr" >&2; return 2; }
	# a round of a test (NAME-K of FILE NAME.fio): its logs and sidecars named NAME-K
	_base=${3##*/} _base=${_base%.fio}
	if [ "$_base" != "$2" ]; then
		sed "s/^\(write_[a-z]*_log=\)$_base\([[:space:]]\|\$\)/\1$2\2/" "$_dir/jobs/$2.body" >"$_dir/jobs/$2.tmp" &&
			mv -f "$_dir/jobs/$2.tmp" "$_dir/jobs/$2.body"
	fi
	if [ "$_h" = - ]; then
		mv -f "$_dir/jobs/$2.body" "$_dir/jobs/$2.fio"
	else
		{
			sed -n '/^#/!q; p' "$_dir/jobs/$2.body"
			echo "# the namespace and engine (ssdq-run: $_h:$_p $_d)"
			echo "[global]"
			echo "ioengine=$_en"
			echo "filename=$_d"
			[ -z "$model" ] || printf 'ssdq_model=%s\nssdq_model_scale=%s\n' "$model" "$scale"
			[ $destroy = 0 ] || [ -n "$model" ] || echo "ssdq_destroy_data=1"
			# liveness: progress lines to ssdq-run, and a drive silent this long stops the job
			printf 'ssdq_progress=%s\nssdq_stall_timeout=%s\n' "$STEP_PROGRESS" "$STEP_BOUND"
			# a trace of the library is read on the server, from its own library
			awk -v here="$JOBS/" -v there="${SERVER_JOBS:+$SERVER_JOBS/}" 'f || !/^#/ {
				f = 1
				if (there != "" && index($0, "read_iolog=" here) == 1)
					$0 = "read_iolog=" there substr($0, length("read_iolog=" here) + 1)
				print }' "$_dir/jobs/$2.body"
		} >"$_dir/jobs/$2.fio" && rm -f "$_dir/jobs/$2.body"
	fi
	_lo=$(sed -n 's/^# Left out, block size below the [0-9]*-byte LBA size: *//p' "$_dir/jobs/$2.fio")
	if [ -z "$_lo" ]; then :
	elif [ "$MULTI" = 1 ]; then say "  [$_lab] block sizes below the $_lba-byte LBA size left out: $_lo"
	else say "  block sizes below the $_lba-byte LBA size left out: $_lo"; fi
	return 0
}

# target_start T NAME: run step NAME on target T in the background, its fio
# a child of this shell (its pid in the target's DIR/.pid), in a session of
# its own (out of reach of the terminal's signals: on_signal stops it
# through its trigger file DIR/ssdq-run.stop), its output (fio's and the
# engine's progress lines: watch_step) in DIR/NAME.out
target_start() {
	tsplit "$1"
	_dir=$(tdir "$_lab")
	rm -f "$_dir/$2.json" "$_dir/$2.out" "$_dir/$2".*.rc "$_dir/$2"_*.log* "$_dir/$2"_*.jsonl* \
		"$_dir/device.json.${_h#*@}" "$_dir/ssdq-run.stop" "$_dir/.lost" "$_dir/.rc" "$_dir/.tunnel"
	_cl=$(tclient "$1")
	case $_cl in sock:*)
		# through its SSH tunnel, by a link named as the host
		if ! tunnel_up "$1"; then
			log "client $2 on $_lab not started: $TUNNEL_WHY"
			echo "$TUNNEL_WHY" >"$_dir/.tunnel"
			return 0
		fi
		ln -sf "$TUNNELS/$_lab.sock" "$_dir/${_cl#sock:}" ;;
	esac
	log "client $2 on $_lab started"
	if [ "$_h" = - ]; then
		_eta=never
		[ "$MULTI" = 1 ] || [ "$SHOW_ETA" = 0 ] || _eta=always
		log "command $2 on $_lab: fio $(local_args "$_d" "$_pw") --ssdq_progress=$STEP_PROGRESS jobs/$2.fio"
		(
			_sn=$2
			set --
			while IFS= read -r _o; do set -- "$@" "$_o"; done <<EOF
$(local_opts "$_d" "$_pw")
EOF
			cd "$_dir" || exit 1
			# shellcheck disable=SC2086 # SETSID is setsid or nothing
			exec $SETSID "$FIO" --output-format=json+ --output="$_dir/$_sn.json" --eta="$_eta" \
				--trigger-file="$_dir/ssdq-run.stop" "$@" --ssdq_progress="$STEP_PROGRESS" "jobs/$_sn.fio"
		) >"$_dir/$2.out" 2>>"$_dir/$2.stderr" </dev/null &
	else
		# shellcheck disable=SC2086 # SETSID is setsid or nothing
		(cd "$_dir" && exec $SETSID "$FIO" --client="$_cl" "jobs/$2.fio" --output-format=json+ --eta=never \
			--trigger-file="$_dir/ssdq-run.stop") >"$_dir/$2.out" 2>>"$_dir/$2.stderr" </dev/null &
	fi
	echo $! >"$_dir/.pid"
}

# target_reap LABEL NAME: once target LABEL's fio has exited, its exit
# status into its DIR/.rc (a trapped signal ends wait early: waited again)
target_reap() {
	_rd=$(tdir "$1")
	[ ! -f "$_rd/.rc" ] || return 0
	_rp=$(cat "$_rd/.pid" 2>/dev/null) || return 0
	_rc=0
	wait "$_rp" || _rc=$?
	while kill -0 "$_rp" 2>/dev/null; do _rc=0; wait "$_rp" || _rc=$?; done
	echo "$_rc" >"$_rd/.rc"
	log "client $2 on $1 exited $_rc"
}

# target_collect T NAME: after step NAME on target T: a host's fio JSON
# into NAME.json and the logs and sidecars its client wrote as <file>.<HOST>
# under their usual names; fio's messages into NAME.stderr. Returns 0 when
# the step is done (recorded: step_done), 1 when it failed: LAST_WHY says
# why, LAST_KIND what kind of failure (lost, stalled, empty, fio), LAST_RC
# fio's exit status
target_collect() {
	tsplit "$1"
	_dir=$(tdir "$_lab")
	_rc=$(cat "$_dir/.rc" 2>/dev/null) || _rc=none
	if [ "$_h" = - ]; then
		# a local fio wrote its JSON itself; what else it wrote is a message
		fio_text "$_dir/$2.out" >>"$_dir/$2.stderr"
	else
		# the client's output: text lines (the server's, as "<name> ..."), then the JSON
		awk -v j="$_dir/$2.json" 'injson || /^{/ { injson = 1; print > j; next } { print }' \
			"$_dir/$2.out" 2>/dev/null | grep -v -e '^hostname=' -e '^<[^>]*> Starting [0-9]' \
			-e '^<[^>]*> ssdq: progress ' \
			-e '^<[^>]*> [^ ]*: (g=[0-9]*): rw=' >>"$_dir/$2.stderr"
		for _f in "$_dir"/*."${_h#*@}"; do
			[ -f "$_f" ] || continue
			mv -f "$_f" "${_f%."${_h#*@}"}"
		done
	fi
	rm -f "$_dir/$2.out" "$_dir/.rc" "$_dir/.pid" "$_dir/ssdq-run.stop"
	rm -f "$_dir"/*-verify.state
	_why='' LAST_KIND=fio LAST_RC=$_rc
	if [ -f "$_dir/.tunnel" ]; then _why="$(cat "$_dir/.tunnel")"; LAST_KIND=tunnel
	elif [ "$_rc" = none ]; then _why="its fio client did not finish"
	elif [ "$_rc" = 0 ] && [ "$_h" = - ] && [ ! -s "$_dir/$2.json" ]; then
		_free=$(df -Pk "$_dir" 2>/dev/null | awk 'NR == 2 { print $4 }')
		LAST_KIND=empty LAST_FREE=${_free:-?}
		_why="fio exited 0 but its results could not be written: $_dir/$2.json is empty or missing (${_free:-?} KiB free in $_dir: a full filesystem?)"
	elif [ ! -s "$_dir/$2.json" ] || ! grep -q '"jobname"' "$_dir/$2.json"; then
		_why="no job ran (fio exit $_rc)"
	elif grep -q '"error" : [1-9]' "$_dir/$2.json"; then
		_why="a job ended with an error (fio exit $_rc)"
	elif [ "$_rc" != 0 ]; then
		_why="fio exit $_rc"
	fi
	# its drive completed no I/O within the bound: the engine stopped the job
	_st=$(sed -n 's/^.*ssdq: .*: \(no I\/O completed for [0-9.]* s\) with .*: the drive stalled.*$/\1/p' \
		"$_dir/$2.stderr" 2>/dev/null | head -n 1)
	[ -z "$_st" ] || { _why="its drive stalled: $_st (stall bound $STEP_BOUND s); the job was stopped"; LAST_KIND=stalled; }
	# silent beyond the bound: declared lost by watch_step, its fio killed
	[ ! -f "$_dir/.lost" ] || { _why=$(cat "$_dir/.lost"); LAST_KIND=lost; }
	rm -f "$_dir/.lost"
	# a step stopped by a signal is never done, whatever fio made of it
	[ -z "$INTERRUPTED" ] || _why="interrupted (SIG$INTERRUPTED)"
	# no result: is the host still there? (through SSH: and its tunnel?)
	[ "$_h" = - ] || case $_why in
	"no job ran"*|"fio exit"*|"its fio"*) host_went "$1" "$_dir" "$_rc" || { _why=$HOST_WHY; LAST_KIND=$HOST_KIND; } ;;
	esac
	rm -f "$_dir/.tunnel"
	case $(tclient "$1") in sock:*) rm -f "$_dir/${_h#*@}" ;; esac
	if [ "$MULTI" = 1 ] && grep 'ssdq: ' "$_dir/$2.stderr" 2>/dev/null | grep -qv 'sidecars of this job on '; then
		grep 'ssdq: ' "$_dir/$2.stderr" | grep -v 'sidecars of this job on ' |
			sed "s/^/ssdq-run:   [$_lab] /"
	fi
	if [ -z "$_why" ]; then
		if [ "$MULTI" = 0 ] && [ -s "$_dir/$2.stderr" ]; then sed 's/^/    /' "$_dir/$2.stderr"; fi
		[ -s "$_dir/$2.stderr" ] || rm -f "$_dir/$2.stderr"
		step_done "$_dir" "$2"
		return 0
	fi
	LAST_WHY=$_why
	return 1
}

# host_answers CLIENT DIR: whether fio --server at CLIENT (tclient's, from
# DIR) runs a job now (a 4 KiB job of fio's null engine: no device is touched)
host_answers() {
	printf '[ssdq-run-probe]\nioengine=null\nsize=4k\n' >"$2/jobs/probe.fio"
	(cd "$2" && $TIMEOUT "$FIO" --client="$1" jobs/probe.fio --output-format=json \
		>jobs/probe.out 2>&1 </dev/null) && grep -q '"jobname" : "ssdq-run-probe"' "$2/jobs/probe.out"
	_a=$?
	rm -f "$2/jobs/probe.fio" "$2/jobs/probe.out"
	return $_a
}

# host_went T DIR RC: after a step of target T (its directory DIR) gave no
# result (fio exit RC): 0 when its server still runs jobs, else 1 with
# HOST_WHY and HOST_KIND: the host went away (lost), or only its SSH tunnel
# closed and the host answers through a new one (tunnel)
host_went() {
	tsplit "$1"
	_hc=$(tclient "$1")
	case $_hc in
	sock:*)
		if tunnel_alive "$_lab" && host_answers "$_hc" "$2"; then return 0; fi
		_tw=
		if ! tunnel_alive "$_lab"; then
			tunnel_reap "$_lab"; _tw=$TUNNEL_WHY
		fi
		if [ -n "$_tw" ] && tunnel_up "$1" && ln -sf "$TUNNELS/$_lab.sock" "$2/${_h#*@}" &&
			host_answers "$_hc" "$2"; then
			HOST_WHY="its SSH tunnel to $_h closed mid-step ($_tw); $_h answers through a new one (fio exit $3)"
			HOST_KIND=tunnel
		else
			HOST_WHY="$_h could not be reached or went away (fio exit $3${_tw:+; its SSH tunnel closed: $_tw})"
			HOST_KIND=fio
		fi
		return 1 ;;
	esac
	host_answers "$_hc" "$2" && return 0
	HOST_WHY="$_h:$_p could not be reached or went away (fio exit $3)" HOST_KIND=fio
	return 1
}

# fio_eta OUT: the last of fio's own progress lines ("Jobs: ...") in OUT
fio_eta() { tr '\r' '\n' <"$1" 2>/dev/null | grep '^Jobs: ' | tail -n 1; }

# fio_text OUT: what else fio wrote to OUT: neither its progress lines nor the engine's
fio_text() { tr '\r' '\n' <"$1" 2>/dev/null | grep -v -e '^Jobs: ' -e '^ssdq: progress ' -e '^[[:space:]]*$'; }

# keep_attempt DIR NAME: an earlier, unfinished attempt of step NAME in DIR
# (killed, interrupted, failed: its JSON, logs, sidecars, messages) moved to
# DIR/attempts/NAME.K (K = 1, 2, ...) with device.json and its rendered job
# file, never overwritten: `ssdq-report DIR/attempts/NAME.K` reads it; a
# server's note of where it kept the attempt's sidecars is said again
keep_attempt() {
	_kd=$1 _kn=$2
	set -- "$_kd/$_kn.json" "$_kd/$_kn.stderr" "$_kd/$_kn.out" "$_kd/$_kn"_*.log* "$_kd/$_kn"_*.jsonl*
	_kf=
	for _f; do [ -e "$_f" ] && _kf=1; done
	[ -n "$_kf" ] || return 0
	_k=1
	while [ -e "$_kd/attempts/$_kn.$_k" ]; do _k=$((_k + 1)); done
	_ka=$_kd/attempts/$_kn.$_k
	mkdir -p "$_ka/jobs" || return 1
	for _f; do [ -e "$_f" ] && mv -f "$_f" "$_ka/"; done
	[ ! -f "$_kd/device.json" ] || cp -p "$_kd/device.json" "$_ka/"
	[ ! -f "$_kd/jobs/$_kn.fio" ] || cp -p "$_kd/jobs/$_kn.fio" "$_ka/jobs/"
	if [ "${restart:-0}" = 1 ]; then
		say "  the earlier results of $_kn (--restart): kept in $_ka"
	else
		say "  the earlier attempt of $_kn did not finish: its results are kept in $_ka"
	fi
	log "kept the earlier attempt of $_kn in attempts/$_kn.$_k"
	sed -n 's/^.*ssdq: [^ ]*: sidecars of this job on \(.*\) until the job.s end$/\1/p' \
		"$_ka/$_kn.out" "$_ka/$_kn.stderr" 2>/dev/null | sort -u | while read -r _w; do
		fetch_kept "$_w" "$_ka"
	done
}

# fetch_kept HOST:DIR ATTEMPT: the sidecars a server kept for a client that
# went away (engine/remote.h) into ATTEMPT when DIR is on this machine, or
# over SSH from the host the attempt ran on (KEPT_VIA: ssh_fetch), else
# where they are, named
fetch_kept() {
	_fh=${1%%:*} _fd=${1#*:} _from=
	if [ -n "$KEPT_VIA" ]; then _from=$(ssh_fetch "$KEPT_VIA" "$_fd") || _from=
	elif [ "$_fh" = "$(uname -n)" ]; then _from=$_fd; fi
	if [ -n "$_from" ] && [ -d "$_from" ] && [ -n "$(ls -A "$_from" 2>/dev/null)" ]; then
		for _f in "$_from"/*; do
			case ${_f##*/} in
			device.*.json) cp -p "$_f" "$2/device.json" ;;
			*) cp -p "$_f" "$2/" ;;
			esac
		done
		[ "$_from" = "$_fd" ] || rm -rf "$_from"
		say "  and the sidecars its server kept for it (fio's client went away), from ${KEPT_VIA:+$_fh:}$_fd${KEPT_VIA:+ (over SSH)}"
		log "fetched the sidecars $1 kept into $2"
	else
		say "  its server kept its sidecars, which fio's client could not get, on $1"
		log "the earlier attempt left sidecars on $1"
	fi
}
