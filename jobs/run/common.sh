# shellcheck shell=sh
# ssdq-run's shared helpers: messages, units, quoting, rendering, the
# programs a run calls.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

say() { printf 'ssdq-run: %s\n' "$*"; }

warn() { printf 'ssdq-run: %s\n' "$*" >&2; }

usage_error() {
	warn "$*"
	warn "usage: ssdq-run --suite consumer|enterprise|pslc|all --device /dev/ngXnY --out DIR [--scale N] (ssdq-run --help)"
	exit 2
}

param_error() { warn "$*"; exit 2; }

# ssdq_version: a release's VERSION beside the jobs (make install writes it),
# else git describe of the source tree
ssdq_version() {
	if [ -f "$JOBS/VERSION" ]; then cat "$JOBS/VERSION"
	else git -C "$JOBS" describe --tags --always --dirty 2>/dev/null || echo unknown; fi
}

# fio_extra ARG...: FIO_EXTRA, the options after --, one a line; those
# ssdq-run gives itself are refused
fio_extra() {
	for _a; do
		case $_a in
		--ioengine*|--filename*|--output=*|--output|--output-format*)
			usage_error "-- $_a: ssdq-run gives fio ${_a%%=*} itself" ;;
		-*) ;;
		*) usage_error "-- $_a: fio options only (--name=value), the job files are the suite's" ;;
		esac
		FIO_EXTRA="$FIO_EXTRA$_a
"
	done
}

# clear_eta: end fio's progress line or our status line (show_status),
# which end in a carriage return, before a line of ours: erased on a
# terminal, ended elsewhere (--eta always)
clear_eta() {
	if [ -t 1 ]; then printf '\r\033[K'
	elif [ "$ETA" = always ]; then echo; fi
}

# to_bytes VALUE [CAPACITY]: a fio size (16g, 128k, 0x1000, 1p, 100%) in
# bytes, as fio reads it (jobs/lib/units.awk: 4KiB is 4000 under fio's
# default kb_base); nothing when it cannot be read (a percentage without a
# capacity)
to_bytes() { awk -v op=bytes -v v="$1" -v cap="${2:-}" -f "$JOBS/lib/units.awk"; }

# to_secs TIME: a fio time (60s, 500ms, 6m, 60) in seconds, fractions kept
to_secs() { awk -v op=secs -v v="$1" -f "$JOBS/lib/units.awk"; }

# human_bytes BYTES: 1.0 TB, 68.7 GB, 512 MB (decimal, as the reviews print)
human_bytes() {
	awk -v b="$1" 'BEGIN {
		if (b >= 1e12) printf "%.1f TB\n", b / 1e12
		else if (b >= 1e9) printf "%.1f GB\n", b / 1e9
		else if (b >= 1e6) printf "%.0f MB\n", b / 1e6
		else printf "%.0f kB\n", b / 1e3
	}'
}

# human_secs SECS: 2 h 05 min, 7 min 30 s, 12 s
human_secs() {
	awk -v s="$1" 'BEGIN {
		s = int(s + 0.5)
		if (s >= 3600) printf "%d h %02d min\n", s / 3600, (s % 3600) / 60
		else if (s >= 60) printf "%d min %02d s\n", s / 60, s % 60
		else printf "%d s\n", s
	}'
}

# fields_awk LIST: an awk rule naming a record's fields: F["NAME"] is the
# column of field NAME in LIST ("name file time ..."), so a program reads
# $F["rounds"], never a field's number (PLAN_FIELDS, TARGET_FIELDS)
fields_awk() {
	printf 'BEGIN { _n = split("%s", _f, " "); for (_i = 1; _i <= _n; _i++) F[_f[_i]] = _i }\n' "$1"
}

# record_get LIST FIELD RECORD: field FIELD (a name of LIST) of the
# tab-separated RECORD; dies naming a field LIST does not have
record_get() {
	printf '%s\n' "$3" | awk -F '\t' -v want="$2" "$(fields_awk "$1")"'
	BEGIN { if (!(want in F)) { printf "ssdq-run: no field %s in a record of %s\n", want, "'"$1"'" > "/dev/stderr"; exit 2 } }
	{ print $F[want] }'
}

# add_set NAME=VALUE: one more --set of the run (SETS)
add_set() {
	SETS="$SETS$1
"
}

# param NAME: job-file parameter NAME's value in this run, from VALUES
# (ssdq-render --values: NAME=VALUE lines, VALUE quoted as quote() does);
# nothing when it has none
param() {
	printf '%s\n' "$VALUES" | awk -v n="$1" 'index($0, n "=") == 1 {
		v = substr($0, length(n) + 2)
		if (v ~ /^\047.*\047$/) { v = substr(v, 2, length(v) - 2); gsub(/\047\\\047\047/, "\047", v) }
		print v; exit }'
}

# quote WORD: WORD as sh reads it back (the command a rendered file shows)
quote() {
	case $1 in
	*[!A-Za-z0-9_/.:,=+%@-]*|'') printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
	*) printf '%s' "$1" ;;
	esac
}

# render ARGS...: jobs/ssdq-render with this run's --scale and --set options
render() {
	# the run's --set options (SETS) first, then the caller's: a later --set wins
	_rn=$#
	while IFS= read -r _s; do [ -z "$_s" ] || set -- "$@" --set "$_s"; done <<EOF
$SETS
EOF
	while [ "$_rn" -gt 0 ]; do set -- "$@" "$1"; shift; _rn=$((_rn - 1)); done
	sh "$JOBS/ssdq-render" --scale "$scale" "$@"
}

# find_engine: the engine a source tree or `make install` left, as an absolute path
find_engine() {
	for _so in "$JOBS/../build/ssdq.so" "$JOBS/../ssdq.so" /usr/lib/*-linux-gnu/ssdq.so \
		/usr/local/lib/ssdq.so /usr/lib/ssdq.so; do
		if [ -f "$_so" ]; then
			echo "$(cd "$(dirname "$_so")" && pwd)/ssdq.so"
			return 0
		fi
	done
}

# resolve_so: SO, the engine as an absolute path (fio stat()s an external
# engine path relative to its cwd, which is DIR); dies when there is none
resolve_so() {
	SO=${SSDQ_SO:-$(find_engine)}
	case $SO in
	/*) [ -f "$SO" ] || param_error "no engine at $SO (make builds build/ssdq.so)" ;;
	'') param_error "no ssdq.so found (make builds build/ssdq.so; or set SSDQ_SO=/path/to/ssdq.so)" ;;
	*) SO=$(cd "$(dirname "$SO")" 2>/dev/null && pwd)/$(basename "$SO")
	   [ -f "$SO" ] || param_error "no engine at $SSDQ_SO (SSDQ_SO wants the path of ssdq.so)" ;;
	esac
}

# pts_program: ssdq-pts as this run finds it (SSDQ_PTS, PATH, the tree's
# build/); nothing when there is none
pts_program() {
	if [ -n "${SSDQ_PTS:-}" ]; then echo "$SSDQ_PTS"
	elif command -v ssdq-pts >/dev/null 2>&1; then echo ssdq-pts
	elif [ -x "$JOBS/../build/ssdq-pts" ]; then echo "$(cd "$JOBS/../build" && pwd)/ssdq-pts"
	fi
}

# db_program: ssdq-db as this run finds it (SSDQ_DB_TOOL, PATH, the tree's
# build/), or nothing
db_program() {
	if [ -n "${SSDQ_DB_TOOL:-}" ]; then echo "$SSDQ_DB_TOOL"
	elif command -v ssdq-db >/dev/null 2>&1; then echo ssdq-db
	elif [ -x "$JOBS/../build/ssdq-db" ]; then echo "$(cd "$JOBS/../build" && pwd)/ssdq-db"
	fi
}

# check_db_options: the library (--db) and repeated tests (--repeat-cv,
# --repeat-max) checked, REPEAT_MAX and REPEAT_MIN set, DBTOOL found (they
# need ssdq-db), DB made absolute; dies (2) on a bad value
check_db_options() {
	if [ -n "$REPEAT_MAX" ] && [ -z "$REPEAT_CV" ]; then usage_error "--repeat-max needs --repeat-cv PCT"; fi
	if [ -n "$REPEAT_CV" ]; then
		awk -v v="$REPEAT_CV" 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9]*)?$/ && v > 0 && v <= 100) }' ||
			usage_error "--repeat-cv wants the bound on the runs' coefficient of variation in %, above 0 and at most 100, not '$REPEAT_CV'"
		REPEAT_MAX=${REPEAT_MAX:-5}
		case $REPEAT_MAX in
		''|*[!0-9]*) usage_error "--repeat-max wants a number of runs from 2 to 100, not '$REPEAT_MAX'" ;;
		esac
		[ "$REPEAT_MAX" -ge 2 ] && [ "$REPEAT_MAX" -le 100 ] ||
			usage_error "--repeat-max wants a number of runs from 2 to 100, not '$REPEAT_MAX'"
		REPEAT_MIN=3
		[ "$REPEAT_MAX" -ge 3 ] || REPEAT_MIN=$REPEAT_MAX
	fi
	DBTOOL=''
	if [ -n "$DB" ] || [ -n "$REPEAT_CV" ]; then
		DBTOOL=$(db_program)
		[ -n "$DBTOOL" ] || param_error "${DB:+--db}${REPEAT_CV:+${DB:+ and }--repeat-cv} need ssdq-db: neither on PATH nor in build/ (make builds build/ssdq-db; or set SSDQ_DB_TOOL=/path/to/ssdq-db)"
		command -v "$DBTOOL" >/dev/null 2>&1 || param_error "SSDQ_DB_TOOL=$DBTOOL: no such program (make builds build/ssdq-db)"
	fi
	case $DB in ''|/*) ;; *) DB=$PWD/$DB ;; esac
}

# report_program: ssdq-report as this run finds it (SSDQ_REPORT, PATH, the
# tree's build/); nothing when SSDQ_REPORT=none or there is none
report_program() {
	if [ "${SSDQ_REPORT:-}" = none ]; then :
	elif [ -n "${SSDQ_REPORT:-}" ]; then echo "$SSDQ_REPORT"
	elif command -v ssdq-report >/dev/null 2>&1; then echo ssdq-report
	elif [ -x "$JOBS/../build/ssdq-report" ]; then echo "$(cd "$JOBS/../build" && pwd)/ssdq-report"
	fi
}

log() { echo "$(date '+%Y-%m-%dT%H:%M:%S%z') $*" >>"$OUT/ssdq-run.log"; }

given() { case " $GIVEN " in *" $1 "*) return 0 ;; esac; return 1; }

uses() { printf '%s\n' "$USED" | grep -qx "$1"; }

# refuse_env_params: dies (2) on a job-file parameter set in the environment,
# which the job files no longer read (an old habit would change a run unseen)
refuse_env_params() {
	_params=$(sh "$JOBS/ssdq-render" --list 2>/dev/null | awk '{ print $1 }')
	for _v in $(env | sed -n 's/^\(SSDQ_[A-Z_]*\)=.*/\1/p'); do
		printf '%s\n' "$_params" | grep -qx "$_v" || continue
		_val=$(env | sed -n "s/^$_v=//p" | head -n 1)
		param_error "$_v=$_val is set in the environment, which the job files no longer read: give --set $_v=$_val (or unset it)"
	done
}

# running PID: whether PID runs (neither gone nor a zombie waiting for its wait)
running() {
	kill -0 "$1" 2>/dev/null &&
		[ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" != Z ]
}
