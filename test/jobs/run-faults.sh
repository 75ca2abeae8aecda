#!/bin/sh
# ssdq-run under the faults a lab sees, on the drive model (real fio and
# ssdq.so) or with a fake fio: kill -9 of its fio (the job dies with it, the
# runner says so, the same command resumes), kill -9 of the runner itself
# (its fio runs on: the same command refuses to resume, naming it, until it
# has ended), a fio that exits 0 without its JSON, a fio that ignores its
# stop (the watchdog kills it and its job process without pkill), too
# little room for a step's logs (refused before the step's erase). Waits
# poll for what they wait for; no check depends on the host's speed.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-runfaults.XXXXXX")
BG=
cleanup() {
	for _p in $BG; do kill -KILL "$_p" 2>/dev/null; done
	mountpoint -q "$W/small" 2>/dev/null && umount "$W/small"
	rm -rf "$W" "$T_OUT"
}
trap cleanup EXIT
export SSDQ_SO="$SO" SSDQ_REPORT=none
unset SSDQ_DEV SSDQ_SPAN SSDQ_FIO

# wait_for FILE PATTERN: until FILE holds PATTERN (grep -E), 120 s at most
wait_for() {
	_i=0
	while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ $_i -ge 1200 ] && return 1
		sleep 0.1
	done
}
# gone PID: until PID has exited or is a zombie, 120 s at most
gone() {
	_i=0
	while [ -d "/proc/$1" ] && [ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" != Z ]; do
		_i=$((_i + 1))
		[ $_i -ge 1200 ] && return 1
		sleep 0.1
	done
}
# child_named PID NAME: the first child of PID whose comm is NAME
child_named() {
	for _s in /proc/[0-9]*/stat; do
		[ "$(sed 's/^.*) //' "$_s" 2>/dev/null | cut -d' ' -f2)" = "$1" ] || continue
		_p=${_s#/proc/} _p=${_p%/stat}
		[ "$(cat "/proc/$_p/comm" 2>/dev/null)" = "$2" ] && { echo "$_p"; return 0; }
	done
	return 1
}
# a long step: the pSLC fill of the whole 1 TB model drive at 1/100
suite() { "$RUN" --suite pslc --model qlc-1tb --scale 100 --out "$1" --yes --eta never; }
# start DIR: suite DIR in the background, ssdq-run's own pid in R
start() {
	(exec "$RUN" --suite pslc --model qlc-1tb --scale 100 --out "$1" --yes --eta never) \
		>"$1.out" 2>"$1.err" &
	R=$!
	BG="$BG $R"
}
running() { wait_for "$1/pslc-fill_events.1.jsonl" '"event":"sampler_start"'; }

# ---- kill -9 of the runner's fio ---------------------------------------------------
start "$W/a"
running "$W/a" || fail "the fill never started ($(tail -n 3 "$W/a.err"))"
F=$(child_named "$R" fio) J=$(child_named "$F" fio)
[ -n "$F" ] && [ -n "$J" ] && pass "fio $F and its job $J are running" || fail "no fio ($F) or job ($J)"
kill -KILL "$F"
wait "$R"
rc=$?
[ $rc = 1 ] && pass "ssdq-run exits 1 when its fio is killed" || fail "ssdq-run exit $rc"
grep -q "pslc-fill failed (fio exit 137)" "$W/a.err" && pass "it names the step and fio's exit" ||
	fail "stderr: $(cat "$W/a.err")"
gone "$J" && pass "the job process died with its fio (no orphan writing on)" || fail "job $J lives on"
! grep -q '"event":"job_end"' "$W/a/pslc-fill_events.1.jsonl" &&
	pass "the killed step's events have no job_end (the report says killed)" ||
	fail "job_end in $(cat "$W/a/pslc-fill_events.1.jsonl")"
mv "$W/a.err" "$W/a1.err"
rm -f "$W/a/pslc-fill_events.1.jsonl"
start "$W/a"
running "$W/a" && pass "the same command resumes the step at once (nothing holds the namespace)" ||
	fail "no resume: $(cat "$W/a.err")"
kill -TERM "$R"
wait "$R"
rc=$?
[ $rc = 130 ] && pass "a SIGTERM stops the resumed run (exit 130)" || fail "exit $rc"
grep -q '"event":"job_end","job":"pslc-fill",.*"stop":"terminated"' "$W/a/pslc-fill_events.1.jsonl" &&
	pass "its job_end says terminated" || fail "events: $(grep job_end "$W/a/pslc-fill_events.1.jsonl")"

# ---- kill -9 of the runner itself ----------------------------------------------------
start "$W/b"
running "$W/b" || fail "the fill never started"
F=$(child_named "$R" fio)
BG="$BG $F"
kill -KILL "$R"
wait "$R" 2>/dev/null
[ -n "$F" ] && [ -d "/proc/$F" ] && pass "with ssdq-run killed, its fio $F runs on" || fail "no fio"
expect_rc 3 "the same command refuses to resume while it runs" suite "$W/b"
expect_out "refused: a process of the earlier run in $W/b is still running:" "and says why"
expect_out "^ssdq-run:   pid $F \[fio\] fio --output-format=json\+ --output=$W/b/pslc-fill.json" \
	"naming its pid and command line"
expect_out "kill -TERM PID" "and how to stop it"
kill -TERM "$F"
gone "$F" && pass "the earlier fio stops on SIGTERM" || fail "fio $F did not stop"
rm -f "$W/b/pslc-fill_events.1.jsonl"
start "$W/b"
running "$W/b" && pass "once it has ended, the same command resumes" || fail "no resume: $(cat "$W/b.err")"
kill -TERM "$R"
wait "$R"

# ---- a fake fio: exit 0 without JSON; a fio that ignores its stop -----------------------
mkdir -p "$W/bin"
cat >"$W/bin/fio" <<'EOF'
#!/bin/sh
# fake fio: --version; MODE=nojson exits 0 writing nothing; MODE=stuck
# ignores its trigger file and SIGTERM, with a job process in a session of
# its own that does too
# --version and --enghelp as fio answers them (ssdq-run asks both before
# anything runs; no presets listed: it checks none)
case $1 in --version) echo fio-3.33; exit 0 ;; --enghelp*) exit 0 ;; esac
case $FAKE_MODE in
nojson) echo "fio: some log line" >&2; exit 0 ;;
stuck)
	trap '' TERM INT HUP
	setsid sh -c 'trap "" TERM INT HUP; echo $$ >"$FAKE_DIR/job.pid"; while :; do sleep 1; done' &
	echo $$ >"$FAKE_DIR/fio.pid"
	while :; do sleep 1; done ;;
esac
EOF
chmod +x "$W/bin/fio"
export FAKE_MODE=nojson FAKE_DIR="$W" SSDQ_FIO="$W/bin/fio"
expect_rc 1 "a fio that exits 0 without its JSON fails the step" suite "$W/c"
expect_out "pslc-fill failed: fio exited 0 but its results could not be written" "ssdq-run says so"
expect_out "is empty or missing \([0-9]+ KiB free in $W/c: a full filesystem\?\)" \
	"naming the free space"
grep -q "failed pslc-fill: fio exit 0 without results" "$W/c/ssdq-run.log" &&
	pass "its log says so too" || fail "log: $(cat "$W/c/ssdq-run.log")"

FAKE_MODE=stuck
start "$W/d"
unset FAKE_MODE SSDQ_FIO
wait_for "$W/job.pid" '[0-9]' && wait_for "$W/fio.pid" '[0-9]'
F=$(cat "$W/fio.pid") J=$(cat "$W/job.pid")
BG="$BG $F $J"
kill -TERM "$R"
wait "$R"
rc=$?
[ $rc = 130 ] && pass "a run whose fio ignores its stop still ends (exit 130)" || fail "exit $rc"
grep -q "fio did not stop within 30 s of SIGTERM: killing it" "$W/d.err" &&
	pass "the watchdog says it killed fio" || fail "stderr: $(cat "$W/d.err")"
gone "$F" && gone "$J" && pass "fio and its job process (a session of its own) are gone" ||
	fail "left: $(ps -o pid,comm -p "$F,$J" 2>/dev/null | tail -n +2)"

# ---- too little room for a step's logs ----------------------------------------------------
mkdir -p "$W/small"
if mount -t tmpfs -o size=8m tmpfs "$W/small" 2>/dev/null; then
	expect_rc 3 "a results filesystem without room for the step's logs is refused" suite "$W/small/r"
	expect_out "refused: $W/small/r has [0-9]+ MiB free, and pslc-fill may write about [0-9]+ MiB" \
		"naming the free space and the estimate"
	expect_out "nothing was erased" "before the step's erase"
	ls "$W/small/r"/*_events.*.jsonl >/dev/null 2>&1 && fail "a step ran" ||
		pass "no step ran (no events sidecar)"
	umount "$W/small"
else
	echo "SKIP: cannot mount a tmpfs here (not root): the space check is left to the VM"
fi
summary
