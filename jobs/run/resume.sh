# shellcheck shell=sh
# ssdq-run's resume and refusals: what every target's run checks before
# its steps.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- what every target's run shares: resume, refusals, signals -------------
# One namespace and several (jobs/run/targets.sh) resume, refuse and stop through
# these; a target's LABEL is "" for the one namespace (its messages unnamed).

# resume_differs PARAMSFILE PARAMS WHERE: whether the unfinished run in WHERE,
# recorded in PARAMSFILE, was made with other parameters than PARAMS; says
# how (was/now) when it was
resume_differs() {
	[ "$(grep -v '^#' "$1" 2>/dev/null)" != "$2" ] || return 1
	warn "$3 holds an unfinished run with other parameters:"
	printf '%s\n' "$2" | diff "$1" - 2>/dev/null | grep '^[<>]' | sed 's/^</  was:/; s/^>/  now:/' >&2
	return 0
}

# target_params LABEL: target LABEL's parameters (tparams, jobs/run/targets.sh)
target_params() { tparams "$(target_of "$1")"; }

# check_resume MARK KIND: DIR is new, empty, or holds an ssdq-run of this
# kind (its file DIR/MARK; KIND names the kind in the refusal); every
# target's unfinished run there was made with this run's parameters: else
# each that was not is said, and the run refused (2)
check_resume() {
	if [ -d "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ] && [ ! -f "$OUT/$1" ]; then
		param_error "$OUT is not empty and holds no ssdq-run state$2: use an empty or new directory"
	fi
	[ $restart = 0 ] || return 0
	_bad=0
	for _lab in $LABELS; do
		_td=$(tdir "$_lab")
		[ -f "$_td/ssdq-run.state" ] || continue
		! resume_differs "$_td/ssdq-run.params" "$(target_params "$_lab")" "$_td" || _bad=1
	done
	[ $_bad = 0 ] || { warn "run it with those again to resume, or use --restart or another --out"; exit 2; }
}

# done_everywhere: the steps every target has finished (none with
# --restart), one a line
done_everywhere() {
	[ $restart = 0 ] || return 0
	# shellcheck disable=SC2086 # one label a word
	_nl=$(echo $LABELS | wc -w)
	for _lab in $LABELS; do cat "$(tdir "$_lab")/ssdq-run.state" 2>/dev/null; done |
		awk -v n="$_nl" 'NF && ++c[$0] == n'
}

# steps_left DIR: how many of the run's steps (STEPS) a target with its
# results in DIR has left (all with --restart)
steps_left() {
	printf '%s\n' "$STEPS" | while read -r _f _; do
		[ -n "$_f" ] || continue
		[ $restart = 0 ] && done_in "$1" "$(basename "$_f" .fio)" || echo "$_f"
	done | wc -l | tr -d ' '
}

# begin_targets WHOSE: every target's results directory made; a target new
# there, or every one with --restart, starts afresh (begin_record, its
# parameters "of this WHOSE")
begin_targets() {
	for _lab in $LABELS; do
		_td=$(tdir "$_lab")
		mkdir -p "$_td" || exit 2
		[ $restart = 1 ] || [ ! -f "$_td/ssdq-run.state" ] || continue
		begin_record "$_td" "$1" "$(target_params "$_lab")" || exit 2
	done
}

# begin_record DIR WHOSE PARAMS: a run that starts afresh in DIR: nothing
# finished (DIR/ssdq-run.state), its parameters (DIR/ssdq-run.params, headed
# "of this WHOSE")
begin_record() {
	: >"$1/ssdq-run.state" || return 2
	{ echo "# ssdq-run parameters of this $2"; printf '%s\n' "$3"; } >"$1/ssdq-run.params"
}

# target_refusal DEV LABEL DIR: whether target LABEL may run on namespace DEV
# ("" or the model: not checked) with its results in DIR; the refusals said,
# a --destroy-data override too. Returns 0 it may, 1 DEV may hold data
# (without --destroy-data), 2 DEV is mounted or in use (nothing overrides),
# 3 a process of the earlier run in DIR still runs
target_refusal() {
	_lb=${2:+[$2] } _rf=0
	if [ -n "$1" ] && [ -z "$model" ]; then
		_why=$(device_refusal "$1")
		_rf=$?
		if [ $_rf = 2 ] || { [ $_rf = 1 ] && [ $destroy = 0 ]; }; then
			printf '%s\n' "$_why" | sed "s|^|ssdq-run: refused: $_lb|" >&2
		elif [ $_rf = 1 ]; then
			printf '%s\n' "$_why" | sed "s|^|ssdq-run: --destroy-data: ${_lb}overwriting: |"
			_rf=0
		fi
	fi
	# a process of an earlier run in DIR (its fio, a job, a helper waiting
	# for a Format) still holds the namespace: never resume under it
	_prev=$(run_procs "$3/ssdq-run.stop")
	if [ -n "$_prev" ]; then
		warn "refused: ${_lb}a process of the earlier run in $3 is still running:"
		printf '%s\n' "$_prev" | sed 's/^/ssdq-run:   pid /' >&2
		[ $_rf != 0 ] || _rf=3
	fi
	return $_rf
}

# refused_exit KIND N: after a refusal of kind KIND (target_refusal) among N
# namespaces, what to do about it; exit 3
refused_exit() {
	case $1 in
	2) if [ "$2" -gt 1 ]; then warn "unmount them or stop using them first; --destroy-data does not override this"
	   else warn "unmount it or stop using it first; --destroy-data does not override this"; fi ;;
	1) if [ "$2" -gt 1 ]; then warn "a namespace may hold data; wipe it or give --destroy-data to overwrite it"
	   else warn "the namespace may hold data; wipe it or give --destroy-data to overwrite it"; fi ;;
	3) warn "it holds the namespace; wait for it to end, or stop it (kill -TERM PID), then run again" ;;
	esac
	exit 3
}

# say_destroyed LEFT ERASERS: what the run will destroy (LEFT steps to run;
# ERASERS: those that erase, comma-separated, or -)
say_destroyed() {
	if [ -n "$model" ] || [ "$1" = 0 ]; then :
	elif [ "$MULTI" = 0 ]; then
		say "ALL DATA ON $device WILL BE DESTROYED: the tests write all over the namespace"
		# (the SNIA PTS suite's purge has a parameter of its own)
		_how=$(param SSDQ_ERASE)
		! uses SSDQ_PTS_PURGE || _how=$(param SSDQ_PTS_PURGE)
		[ "$2" = - ] || say "and erase it (ssdq_erase=${_how:-purge}) at the start of: $(echo "$2" | tr , ' ')"
	else
		say "ALL DATA ON THESE NAMESPACES WILL BE DESTROYED: the tests write all over them"
		if [ "$LOCAL" = 0 ]; then
			say "(each server's ssdq.so refuses a namespace mounted, in use or holding a signature$([ $destroy = 1 ] && echo '; --destroy-data: signatures are overwritten'))"
		fi
	fi
}

# refusals: every target: a namespace of this machine with steps left to run
# (a host's is checked by its server's ssdq.so), and a process of an earlier
# run in its directory; the worst refusal decides; exits with
# refused_exit when one refuses
refusals() {
	_refused=0
	while IFS= read -r _t; do
		tsplit "$_t"
		_dev=
		if [ "$_h" = - ] && [ -z "$model" ] && [ "$(steps_left "$(tdir "$_lab")")" -gt 0 ]; then _dev=$_d; fi
		target_refusal "$_dev" "$(twho "$_t")" "$(tdir "$_lab")"
		_r=$?
		[ $_r = 0 ] || [ $_refused = 2 ] || [ $_refused = 1 ] || _refused=$_r
		[ $_r != 2 ] || _refused=2
	done <<EOF
$TARGETS
EOF
	[ $_refused = 0 ] || refused_exit $_refused "$NT"
}
