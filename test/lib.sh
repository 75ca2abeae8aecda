# Shell test helpers: source it, call pass/fail/expect_*, end with summary.
# Prints one line per check and "N passed, N failed" at the end.
T_PASS=0
T_FAIL=0

pass() { T_PASS=$((T_PASS + 1)); echo "PASS: $*"; }
fail() { T_FAIL=$((T_FAIL + 1)); echo "FAIL: $*"; }

# expect_rc WANT DESC CMD...: run CMD, check its exit status
expect_rc() {
	want=$1; desc=$2; shift 2
	"$@" >"$T_OUT" 2>&1
	rc=$?
	if [ "$rc" = "$want" ]; then pass "$desc"; else
		fail "$desc (exit $rc, wanted $want)"; sed 's/^/    /' "$T_OUT" | head -20; fi
}

# expect_out PATTERN DESC: the last command's output matches PATTERN (grep -E)
expect_out() {
	if grep -Eq -- "$1" "$T_OUT"; then pass "$2"; else
		fail "$2 (no /$1/ in output)"; sed 's/^/    /' "$T_OUT" | head -20; fi
}

# expect_near NAME GOT WANT PCT [WHAT]: |GOT - WANT| <= PCT % of WANT, WANT
# named WHAT ("truth" unless given)
# is_near GOT WANT PCT: GOT is a number within PCT % of WANT (no output)
is_near() {
	awk -v g="$1" -v w="$2" -v p="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= w * p / 100) }'
}
expect_near() {
	if is_near "$2" "$3" "$4"; then
		pass "$1: $2 (${5:-truth} $3, within $4 %)"
	else
		fail "$1: got '$2', ${5:-truth} $3 (more than $4 % off)"
	fi
}

# fio_rt ARGS...: fio at real-time priority where the host allows it. The
# drive model runs in real time: on a host busy with other work a preempted
# fio stalls the drive, and its curves stop being a drive's. Checks must
# hold either way (against the model's own account); this keeps the curves
# clean.
fio_rt() {
	if chrt -f 10 true 2>/dev/null; then chrt -f 10 fio "$@"; else command fio "$@"; fi
}

# need_model_run: the end-to-end tests' tools, or skip (exit 77) naming the
# one missing: sets R (ssdq-report, SSDQ_REPORT) and SO (the engine's
# absolute path, SSDQ_SO); needs fio and python3. From the top of the tree.
need_model_run() {
	R=${SSDQ_REPORT:-build/ssdq-report}
	SO=$(cd "$(dirname "${SSDQ_SO:-build/ssdq.so}")" 2>/dev/null && pwd)/$(basename "${SSDQ_SO:-build/ssdq.so}")
	if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
	if [ ! -f "$SO" ]; then echo "SKIP: no $SO (make build/ssdq.so)"; exit 77; fi
	if ! command -v fio >/dev/null; then echo "SKIP: fio is not installed"; exit 77; fi
	if ! command -v python3 >/dev/null; then echo "SKIP: python3 is not installed"; exit 77; fi
}

# results_missing DIR STEP...: the files of a suite run's results directory
# that are absent for these steps (each step's JSON, bw and power logs, SMART
# and events sidecars with a job_end), as " name name ..."; nothing if complete
results_missing() {
	_d=$1; shift
	_miss=
	for _s; do
		grep -q '"jobname"' "$_d/$_s.json" 2>/dev/null || _miss="$_miss $_s.json"
		# fio's averaged logs of a job shorter than one log period are empty
		for _k in bw.1.log power.1.log; do
			[ -f "$_d/${_s}_$_k" ] || _miss="$_miss ${_s}_$_k"
		done
		grep -q '"time_us"' "$_d/${_s}_smart.1.jsonl" 2>/dev/null || _miss="$_miss ${_s}_smart.1.jsonl"
		grep -q '"event":"job_end"' "$_d/${_s}_events.1.jsonl" 2>/dev/null ||
			_miss="$_miss ${_s}_events.1.jsonl"
	done
	printf '%s' "$_miss"
}

# clients_at_once LOG STEP LABEL...: in ssdq-run's LOG, the last time STEP
# began, every LABEL's fio was started before any of them exited: the runner's
# own account that it ran the namespaces at once (their spans in time depend on
# how fast a busy host starts each fio, so they are not what is checked)
clients_at_once() {
	_log=$1 _st=$2; shift 2
	awk -v s="$_st" -v labs="$*" '
	BEGIN { n = split(labs, want, " ") }
	$2 == "begin" && $3 == s { delete started; exited = 0; early = 0 }
	$2 == "client" && $3 == s && $4 == "on" {
		if ($6 == "started") { started[$5] = 1; if (exited) early = 1 }
		else if ($6 == "exited") exited = 1
	}
	END {
		for (i = 1; i <= n; i++) if (!(want[i] in started)) exit 1
		exit early
	}' "$_log"
}

# wait_for FILE PATTERN: until FILE holds PATTERN (grep -E), 300 s at most
# (a test that defines its own keeps it)
wait_for() {
	_i=0
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ $_i -ge 3000 ] && return 1
		sleep 0.1
	done
}

# ---- fio servers on loopback (test hosts): $W is the test's directory, and
# the servers' pids are added to $SERVERS for its cleanup

# free_port: a TCP port free on 127.0.0.1 now
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# listening PORT: until something accepts on 127.0.0.1:PORT, 30 s at most
listening() {
	python3 - "$1" <<'EOF'
import socket, sys, time
for _ in range(300):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), 0.5).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit(1)
EOF
}
# start_server NAME PORT: fio --server in $W/NAME; its pid in $W/NAME.pid
start_server() {
	mkdir -p "$W/$1"
	(cd "$W/$1" && exec fio --server="127.0.0.1,$2" >"$W/$1.log" 2>&1) &
	echo $! >"$W/$1.pid"
	SERVERS="$SERVERS $!"
	listening "$2" || { fail "fio --server on port $2 did not start"; cat "$W/$1.log"; }
}
# wait_for FILE PATTERN [SECS]: until FILE holds PATTERN (grep -E), SECS
# (default 300) at most
wait_for() {
	_i=0
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ $_i -ge $((${3:-300} * 10)) ] && return 1
		sleep 0.1
	done
}

# count_suite_steps FILE: the number of steps (tests) of suite FILE; suite_step_no
# FILE JOB: the 1-based step of job file JOB (as the suite names it: fill.fio)
count_suite_steps() {
	grep -Evc '^[[:space:]]*(#|$)' "$1"
}
suite_step_no() {
	grep -Ev '^[[:space:]]*(#|$)' "$1" | awk -v j="$2" '$1 == j { print NR; exit }'
}

summary() {
	echo "$T_PASS passed, $T_FAIL failed"
	[ "$T_FAIL" = 0 ]
}

T_OUT=$(mktemp)
trap 'rm -f "$T_OUT"' EXIT
