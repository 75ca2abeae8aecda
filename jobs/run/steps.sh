# shellcheck shell=sh
# ssdq-run's steps: the step loop and a step, the same for one namespace
# and several.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- the step loop, the same for one namespace and several -----------------
# A run's targets are LABELS (one namespace: LABEL; several: their labels in
# TARGETS); a target's results directory is tdir LABEL. Every step of the
# suite runs on the targets that have neither finished it (resume) nor failed
# a step before (FAILED); run_step runs it on them, one code for every
# kind of target (jobs/run/target_step.sh: target_job, target_start, target_collect).

# step_targets NAME [ROUND]: ACTIVE, the targets that run step NAME (with
# ROUND, its round ROUND: NAME-ROUND), and STOPS, the trigger files of their
# fio (on_signal); LEFT, the targets that have not failed; UNDONE, those
# that have not finished NAME itself
step_targets() {
	ACTIVE='' STOPS='' LEFT='' UNDONE=''
	for _lab in $LABELS; do
		case " $FAILED " in *" $_lab "*) continue ;; esac
		LEFT="$LEFT $_lab"
		_td=$(tdir "$_lab")
		! done_in "$_td" "$1" || continue
		UNDONE="$UNDONE $_lab"
		[ -z "${2:-}" ] || ! done_in "$_td" "$1-$2" || continue
		ACTIVE="$ACTIVE $_lab" STOPS="$STOPS$_td/ssdq-run.stop
"
	done
}

# run_steps: the suite's steps (STEPS), test n of M, each run by run_step on
# the targets that have it left (ACTIVE; name, file, desc and n set), a test
# in rounds by run_rounds; ends at a signal (130), when every target has
# failed, or after the last step
run_steps() {
	n=0
	exec 3<<EOF
$STEPS
EOF
	while read -r file desc <&3; do
		n=$((n + 1)); name=$(basename "$file" .fio)
		step_interrupted "$name" "$n" before
		step_targets "$name"
		[ -n "$LEFT" ] || break
		if [ -z "$ACTIVE" ]; then
			say "test $n of $M: $name: finished earlier$([ "$MULTI" = 1 ] && echo ' everywhere')"
			continue
		fi
		_rounds=$(plan_get "$name" rounds)
		_repeat=$(plan_get "$name" repeat)
		if [ "${_rounds:-0}" -gt 0 ]; then run_rounds "$_rounds" round
		elif [ "${_repeat:-0}" -gt 0 ]; then run_rounds "$_repeat" repeat
		else run_step; fi
		step_interrupted "$name" "$n"
	done
	exec 3<&-
	trap - INT TERM HUP
}

# run_rounds MOST KIND: test name (run_steps') in rounds: round K is step
# NAME-K (its job file rendered as jobs/NAME-K.fio, its logs and JSON
# NAME-K...), run by run_step on the targets that have neither finished the
# test nor that round; after each round, on every target that has it,
# KIND_verdict: the test is finished there when the steady-state rule holds
# (round_verdict) or its runs vary little (repeat_verdict), or after MOST
# rounds. A killed round runs again
run_rounds() {
	_rr_test=$name _rr_desc=$desc _rr_k=0
	while [ $_rr_k -lt "$1" ]; do
		_rr_k=$((_rr_k + 1))
		step_targets "$_rr_test" "$_rr_k"
		[ -n "$UNDONE" ] || break
		if [ "$2" = round ]; then name=$_rr_test-$_rr_k desc="$_rr_desc, round $_rr_k (at most $1)"
		else name=$_rr_test-$_rr_k desc="$_rr_desc, run $_rr_k (at most $1, until its CV <= $REPEAT_CV %)"; fi
		if [ -n "$ACTIVE" ]; then
			run_step
			step_interrupted "$name" "$n"
		else
			say "test $n of $M: $name: finished earlier"
		fi
		for _lab in $UNDONE; do
			case " $FAILED " in *" $_lab "*) continue ;; esac
			"$2"_verdict "$_lab" "$_rr_test" "$_rr_k" "$1"
		done
	done
	name=$_rr_test desc=$_rr_desc
}

# round_verdict LABEL TEST K MOST: after round K of TEST on target LABEL,
# ssdq-pts steady over its rounds 1..K for the test's track= variables,
# its account kept in the target's TEST.steady: steady, or K = MOST rounds
# ran, finishes the test there (said, logged, recorded); not yet, another
# round; unreadable rounds fail the target
round_verdict() {
	_vd=$(tdir "$1")
	_vw=''
	[ "$MULTI" = 0 ] || _vw="[$1] "
	_vr=0
	# ssdq-pts steady --track VAR... ROUND.json... (a test host's round: fio
	# --client's client_stats, which ssdq-pts reads)
	(
		_tr=$(plan_get "$2" track) _test=$2 _k=$3
		set -- steady
		for _t in $(printf '%s' "$_tr" | tr ',' ' '); do set -- "$@" --track "$_t"; done
		_i=1
		while [ $_i -le "$_k" ]; do set -- "$@" "$_vd/$_test-$_i.json"; _i=$((_i + 1)); done
		exec "$PTS" "$@"
	) >"$_vd/$2.steady" 2>&1 || _vr=$?
	case $_vr in
	0)	log "steady $2 on $1 at round $3 (ssdq-pts)"
		say "  $_vw$2: steady at round $3 (ssdq-pts; $2.steady):"
		sed -n 's/^ *steady: /    /p' "$_vd/$2.steady"
		step_done "$_vd" "$2" ;;
	1)	if [ "$3" -lt "$4" ]; then
			say "  $_vw$2: not steady after round $3 (ssdq-pts), another round"
			return 0
		fi
		log "not steady $2 on $1 after $3 rounds, the most (ssdq-pts)"
		say "  $_vw$2: NOT steady after $3 rounds, the most it runs: its last five rounds stand (ssdq-pts; $2.steady)"
		step_done "$_vd" "$2" ;;
	*)	FAILED="$FAILED $1"
		log "failed $2 on $1: ssdq-pts exit $_vr on its rounds 1-$3"
		warn "$_vw$2 FAILED: ssdq-pts could not read its rounds (exit $_vr):"
		sed 's/^/    /' "$_vd/$2.steady" >&2
		warn "${_vw}fix the cause and run the same command again to resume at test $n of $M" ;;
	esac
}

# repeat_verdict LABEL TEST K MOST: after run K of a repeated TEST on target
# LABEL, ssdq-db cv over its runs 1..K: the test is finished there when each
# job's MB/s and IOPS vary by at most REPEAT_CV % (the coefficient of
# variation) over REPEAT_MIN runs or more, or after MOST runs; not yet,
# another run; unreadable runs fail the target. The account, what ssdq-db
# keeps with the run and its page shows, in the target's TEST.repeat
repeat_verdict() {
	_vd=$(tdir "$1") _vl=$1 _vt=$2 _vk=$3 _vm=$4
	_vw=''
	[ "$MULTI" = 0 ] || _vw="[$_vl] "
	set --
	_i=1
	while [ $_i -le "$_vk" ]; do
		set -- "$@" "$_vd/$_vt-$_i.json"
		_i=$((_i + 1))
	done
	_vr=0
	"$DBTOOL" cv --max "$REPEAT_CV" --min "$REPEAT_MIN" "$@" >"$_vd/$_vt.cv" 2>&1 || _vr=$?
	case $_vr in
	0)	_vn="repeated until the CV of each job's MB/s and IOPS was at most $REPEAT_CV %: $_vk runs" ;;
	3)	if [ "$_vk" -lt "$_vm" ]; then
			say "  $_vw$_vt: runs 1-$_vk vary more than $REPEAT_CV % (or too few), another run"
			return 0
		fi
		_vn="repeated $_vk times, the most (--repeat-max): the CV of its MB/s or IOPS is still above $REPEAT_CV %" ;;
	*)	FAILED="$FAILED $_vl"
		log "failed $_vt on $_vl: ssdq-db cv exit $_vr on its runs 1-$_vk"
		warn "$_vw$_vt FAILED: ssdq-db cv could not read its runs (exit $_vr):"
		sed 's/^/    /' "$_vd/$_vt.cv" >&2
		warn "${_vw}fix the cause and run the same command again to resume at test $n of $M"
		return 0 ;;
	esac
	{ echo "$_vn (ssdq-run --repeat-cv $REPEAT_CV --repeat-max $_vm)"; cat "$_vd/$_vt.cv"; } >"$_vd/$_vt.repeat"
	log "repeated $_vt on $_vl: $_vk runs, ssdq-db cv exit $_vr"
	say "  $_vw$_vt: $_vn:"
	sed 's/^cv: /    /' "$_vd/$_vt.cv"
	step_done "$_vd" "$_vt"
}

# run_step: step name (library file file, test n: run_steps') on every
# active target (ACTIVE) at once, the same for every kind of target: DIR's
# room for their logs checked, each rendered (target_job), each fio started
# (target_start) and watched (watch_step), each result collected
# (target_collect). A target whose step fails is named and drops out
# (FAILED); the others go on, and the same command resumes it
run_step() {
	if [ "$MULTI" = 1 ]; then
		# shellcheck disable=SC2086 # one label a word
		step_begin "$name" "$file" "$n" "$desc, on$ACTIVE" "$(echo $ACTIVE | wc -w)"
	else
		step_begin "$name" "$file" "$n" "$desc"
	fi
	for _lab in $ACTIVE; do
		target_job "$(target_of "$_lab")" "$name" "$file" || exit 2
	done
	# a signal while the job files were rendered: target_start would remove its trigger files
	step_interrupted "$name" "$n" before
	log "begin $name on$ACTIVE (stall bound $STEP_BOUND s)"
	t0=$(date +%s)
	for _lab in $ACTIVE; do
		target_start "$(target_of "$_lab")" "$name"
	done
	watch_step "$name" "$t0" "$STEP_BOUND"
	t1=$(date +%s)
	if [ -n "$WATCH_PID" ]; then kill "$WATCH_PID" 2>/dev/null; wait "$WATCH_PID" 2>/dev/null; WATCH_PID=; fi
	if [ "$MULTI" = 0 ]; then
		# fio's last progress line, then ours start on a clean line
		show_status "$OUT/$name.out" ''
		clear_eta
	fi
	for _lab in $ACTIVE; do
		if target_collect "$(target_of "$_lab")" "$name"; then
			if [ "$MULTI" = 1 ]; then
				log "done $name on $_lab in $((t1 - t0)) s"
				say "  [$_lab] $name done"
			else
				log "done $name in $((t1 - t0)) s"
				say "  $name done in $(human_secs $((t1 - t0)))"
			fi
		elif [ -n "$INTERRUPTED" ]; then
			if [ "$MULTI" = 1 ]; then log "interrupted $name on $_lab (SIG$INTERRUPTED)"
			else log "interrupted $name (SIG$INTERRUPTED) after $((t1 - t0)) s"; fi
		else
			FAILED="$FAILED $_lab"
			step_failed "$_lab" "$((t1 - t0))"
		fi
	done
	[ "$MULTI" = 0 ] || say "  $name: $((t1 - t0)) s"
}

# step_failed LABEL SECS: target LABEL failed step name (test n) after SECS:
# logged, and said with the end of its stderr and how to resume it
# (target_collect's LAST_WHY, LAST_KIND, LAST_RC)
step_failed() {
	_se=$(tdir "$1")/$name.stderr
	if [ "$MULTI" = 1 ]; then
		log "failed $name on $1: $LAST_WHY"
		warn "[$1] FAILED at $name: $LAST_WHY; its stderr ($_se) ends:"
		tail -n 10 "$_se" 2>/dev/null | sed 's/^/    /' >&2
		warn "[$1] stops here; the other targets go on. Run the same command again to resume it at test $n"
		return 0
	fi
	case $LAST_KIND in
	empty)
		log "failed $name: fio exit 0 without results ($name.json empty, $LAST_FREE KiB free)"
		warn "$name failed: $LAST_WHY; its stderr ends:"
		tail -n 20 "$_se" 2>/dev/null | sed 's/^/    /' >&2
		warn "free space and run the same command again to resume at test $n of $M"
		return 0 ;;
	lost) log "failed $name: fio exit $LAST_RC after $2 s"; warn "$name: $LAST_WHY" ;;
	stalled)
		log "failed $name: fio exit $LAST_RC after $2 s"
		log "stalled $name: ${LAST_WHY#its drive stalled: }"
		warn "$name: the drive stalled: ${LAST_WHY#its drive stalled: }" ;;
	*) log "failed $name: fio exit $LAST_RC after $2 s: $LAST_WHY" ;;
	esac
	[ "$LAST_RC" != 134 ] || warn "fio aborted (SIGABRT): fio 3.33 aborts (\"double free\") when one of its job processes is killed"
	warn "$name failed (fio exit $LAST_RC); its stderr ($_se) ends:"
	tail -n 20 "$_se" 2>/dev/null | sed 's/^/    /' >&2
	warn "fix the cause and run the same command again to resume at test $n of $M"
}

# step_interrupted NAME N [BEFORE]: after a signal (INTERRUPTED), the step
# NAME (test N of M) said and the run ended (130); BEFORE: before it started
step_interrupted() {
	[ -n "$INTERRUPTED" ] || return 0
	if [ -n "${3:-}" ]; then
		log "interrupted (SIG$INTERRUPTED) before $1"
		warn "interrupted; run the same command again to resume at test $2 of $M"
	else
		warn "interrupted during $1: its results are incomplete and it will run again;"
		warn "run the same command again to resume at test $2 of $M"
	fi
	exit 130
}

# step_begin NAME FILE N WHAT [COUNT]: step NAME (library file FILE), test N
# of M, about to run (WHAT: its description, and where) on COUNT targets ("":
# the one namespace): said; DIR's room for every target's logs checked before
# any of it runs or erases (exit 3); its stall bound STEP_BOUND and the
# engine's progress interval STEP_PROGRESS set
step_begin() {
	step_interrupted "$1" "$3" before
	say "test $3 of $M: $1: $4"
	room_for "$1" "$OUT" ${5:+"$5"} || exit 3
	STEP_BOUND=$(stall_bound "$1" "$2")
	STEP_PROGRESS=$(progress_every "$STEP_BOUND")
}

# run_report LATER DIR...: ssdq-report on the finished results directories
# DIR (report_program); when there is none, LATER is where to run it later;
# exit 4 when it fails
run_report() {
	_later=$1; shift
	report=$(report_program)
	if [ "${SSDQ_REPORT:-}" = none ]; then
		say "SSDQ_REPORT=none: run ssdq-report on $_later later"
		return 0
	elif [ -z "$report" ]; then
		say "ssdq-report is neither on PATH nor in build/: run it on $_later later"
		return 0
	fi
	say "running $report $*"
	"$report" "$@" || { warn "$report $* failed"; exit 4; }
}

# run_import DIR...: the finished results directories into the library
# (--db); exit 4 when the import fails (the results stay where they are)
run_import() {
	[ -n "$DB" ] || return 0
	say "importing into the library $DB: $*"
	"$DBTOOL" --db "$DB" import "$@" || { warn "$DBTOOL --db $DB import $* failed; the results are in place: import them again later"; exit 4; }
}

# finish_run: the run's end: the report of every target that finished the
# suite, what failed said; exits 0, or 1 when a target failed (the one
# namespace's failure: no report)
finish_run() {
	if [ "$MULTI" = 0 ]; then
		[ -z "$FAILED" ] || exit 1
		say "suite $suite done: $OUT"
		run_report "$OUT" "$OUT"
		run_import "$OUT"
		exit 0
	fi
	DONE_DIRS=
	for _lab in $LABELS; do
		case " $FAILED " in *" $_lab "*) continue ;; esac
		DONE_DIRS="$DONE_DIRS $OUT/$_lab"
	done
	if [ -n "$FAILED" ]; then
		warn "suite $suite: FAILED on$FAILED (see above and $OUT/ssdq-run.log);"
		warn "run the same command again to resume them${DONE_DIRS:+; finished:$(echo "$DONE_DIRS" | sed "s|$OUT/||g")}"
	else
		say "suite $suite done on every target: $OUT/*/"
	fi
	# shellcheck disable=SC2086 # one directory a word
	[ -z "$DONE_DIRS" ] || run_report "$OUT/*" $DONE_DIRS
	# shellcheck disable=SC2086 # one directory a word
	[ -z "$DONE_DIRS" ] || run_import $DONE_DIRS
	[ -z "$FAILED" ] || exit 1
	exit 0
}
