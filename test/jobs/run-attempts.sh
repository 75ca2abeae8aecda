#!/bin/sh
# A killed fill resumes by starting again, and the killed attempt is kept
# (issue 23), on the drive model (qlc-1tb at 1/250, real fio and ssdq.so):
# fio killed with SIGKILL at 60 % of the pSLC fill (the moment taken from
# the engine's progress sidecar); the same command moves the attempt's
# results to DIR/attempts/pslc-fill.1 before the step runs again, and
# ssdq-report reads them (killed, its curve to where it stopped); a second
# kill keeps attempts/pslc-fill.2 beside it. Then a controller killed in the
# middle of a step on a test host (`fio --server` on 127.0.0.1): the server's
# job stops once its client is gone and keeps the step's sidecars, and the
# same command fetches them into the target's attempts/ directory. About
# 3 min. No device.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
RUN=$top/jobs/ssdq-run
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-attempts.XXXXXX")
BG=
cleanup() {
	for _p in $BG; do kill -KILL "$_p" 2>/dev/null; done
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"
	rm -f "$T_OUT"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export SSDQ_SO="$SO" SSDQ_SERVER_SO="$SO" SSDQ_REPORT=none
unset SSDQ_DEV SSDQ_SPAN SSDQ_FIO

# fills at 1/250 (4 GB: 16 s from 60 % to the end, room for a host whose
# other sessions' real-time fio runs delay this shell)
S=250
# cap SCALE: the scaled capacity, rounded down to whole MiB as the model does
cap() { echo $(( 1000000000000 / $1 / 1048576 * 1048576 )); }
CAP=$(cap $S)
AVG=10		# the progress sidecar's interval: the rendered log_avg_msec (kill_fill)

# progress_bytes FILE: what the engine's progress sidecar adds up to, each
# line its interval since the one before; the first as long as the second's
# (the sidecar's interval: log_avg_msec, or 1000/S ms on a model scaled 1/S
# that logs every I/O, as ssdq-run's scaled models do)
progress_bytes() {
	awk -F', *' -v a=$AVG 'NF >= 3 {
			if (n == 1) b += r0 * 1024 * ($1 - p) / 1000
			if (n) b += $2 * 1024 * ($1 - p) / 1000; else r0 = $2
			p = $1; n++ }
		END { if (n == 1) b = r0 * 1024 * a / 1000; printf "%.0f\n", b }' "$1" 2>/dev/null || echo 0
}
# at_share GLOB PCT PID: until the progress sidecar GLOB names passes PCT % of
# the capacity (false when PID ended first)
at_share() {
	_want=$(( CAP / 100 * $2 ))
	while :; do
		for _f in $1; do
			[ -f "$_f" ] && [ "$(progress_bytes "$_f")" -ge "$_want" ] && return 0
		done
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.2
	done
}
suite() { "$RUN" --suite pslc --model qlc-1tb --scale $S --out "$1" --yes --eta never; }
start() {
	(exec "$RUN" --suite pslc --model qlc-1tb --scale $S --out "$1" --yes --eta never) \
		>"$1.out" 2>"$1.err" &
	R=$!
	BG="$BG $R"
}
# begun DIR N PID: until DIR's ssdq-run.log shows the step begun more than N times
begun() {
	while [ "$(cat "$1/ssdq-run.log" 2>/dev/null | grep -c ' begin pslc-fill')" -le "$2" ]; do
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.1
	done
}
# fio_main DIR: the pid of the fio main process ssdq-run runs in DIR (its
# command line names DIR's trigger file; its parent is no fio)
fio_main() {
	for _c in /proc/[0-9]*/cmdline; do
		{ tr '\0' ' ' <"$_c"; } 2>/dev/null | grep -q -- "--trigger-file=$1/ssdq-run.stop " || continue
		_p=${_c#/proc/} _p=${_p%/cmdline}
		_pp=$(sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null | cut -d' ' -f2)
		[ "$(cat "/proc/$_pp/comm" 2>/dev/null)" = fio ] && continue
		[ "$(cat "/proc/$_p/comm" 2>/dev/null)" = fio ] && { echo "$_p"; return 0; }
	done
	return 1
}
# kill_fill DIR: start the suite in DIR, kill its fio with SIGKILL at 60 % of the fill
kill_fill() {
	_n=$(cat "$1/ssdq-run.log" 2>/dev/null | grep -c ' begin pslc-fill')
	start "$1"
	begun "$1" "$_n" "$R" &&
		AVG=$(sed -n 's/^log_avg_msec=\([0-9]*\).*/\1/p' "$1/jobs/pslc-fill.fio" | head -n 1)
	[ "${AVG:-0}" -gt 0 ] || AVG=1000
	if at_share "$1/pslc-fill_progress_bw.1.log" 60 "$R"; then
		_f=$(fio_main "$1") || { fail "no fio of $1 to kill at 60 % (it ended first?)"; wait "$R"; return 98; }
		kill -KILL "$_f"
		wait "$R"
		return $?
	fi
	fail "the fill in $1 never reached 60 % ($(tail -n 3 "$1.err"))"
	return 99
}

# ---- a killed fill, resumed twice -----------------------------------------------------
D=$W/local
kill_fill "$D"
rc=$?
[ $rc = 1 ] && pass "fio killed at 60 %: ssdq-run exits 1" || fail "ssdq-run exit $rc"
[ ! -s "$D/pslc-fill.json" ] && [ -s "$D/pslc-fill_progress_bw.1.log" ] &&
	pass "the killed step left an empty JSON and its progress sidecar" || fail "no progress sidecar in $D"
kill_fill "$D"
rc=$?
[ $rc = 1 ] && pass "the same command, killed again at 60 %: exit 1" || fail "second run: exit $rc"
grep -q "the earlier attempt of pslc-fill did not finish: its results are kept in $D/attempts/pslc-fill.1" "$D.out" &&
	pass "the resumed run says where the killed attempt is kept" || fail "not said: $(head -c 600 "$D.out")"
expect_rc 0 "the same command a third time completes the fill" suite "$D"
expect_out "kept in $D/attempts/pslc-fill.2" "the second killed attempt is kept beside the first"
for k in 1 2; do
	a=$D/attempts/pslc-fill.$k
	[ -f "$a/pslc-fill.json" ] && [ -f "$a/pslc-fill_events.1.jsonl" ] && [ -f "$a/device.json" ] &&
		[ -f "$a/jobs/pslc-fill.fio" ] && ! grep -q '"event":"job_end"' "$a/pslc-fill_events.1.jsonl" &&
		pass "attempt $k: its JSON, sidecars (no job_end), device.json and job file kept" ||
		fail "attempt $k: $(ls "$a" 2>&1 | tr '\n' ' ')"
	"$REPORT" --format json "$a" >"$a.json" 2>"$a.err"
	rc=$?
	gb=$(jq -r '.tests[0].jobs[0].fill.gb_written' "$a.json")
	[ $rc = 1 ] && jq -r '.tests[0].partial' "$a.json" | grep -q "^killed at .*; fio's JSON is empty$" &&
		awk -v g="$gb" 'BEGIN { exit !(g >= 590 && g <= 1000) }' &&
		pass "attempt $k: ssdq-report reads it: killed, exit 1, its curve to $gb GB (killed past 60 %)" ||
		fail "attempt $k: ssdq-report exit $rc, partial $(jq -r '.tests[0].partial' "$a.json"), $gb GB"
done
grep -q '"event":"job_end".*"stop":"bytes"' "$D/pslc-fill_events.1.jsonl" &&
	pass "the step ran again from its erase to its end" || fail "no complete fill in $D"
grep -q "erase_end" "$D/pslc-fill_events.1.jsonl" && pass "the step began with an erase" ||
	fail "the resumed fill did not erase"
expect_rc 0 "ssdq-report of the results directory: the completed fill" "$REPORT" "$D"

# ---- a test host whose controller went away mid-step ----------------------------------
port=$(free_port)
mkdir -p "$W/srv" "$W/srvtmp"
(cd "$W/srv" && TMPDIR="$W/srvtmp" exec fio --server="127.0.0.1,$port") >"$W/srv.log" 2>&1 &
BG="$BG $!"
listening "$port" || fail "fio --server did not start"
H=$W/hosts L=127.0.0.1-$port
hosts() { "$RUN" --suite pslc --model qlc-1tb --scale $S --host "127.0.0.1:$port" --out "$H" --yes --eta never; }
(exec "$RUN" --suite pslc --model qlc-1tb --scale $S --host "127.0.0.1:$port" --out "$H" --yes \
	--eta never) >"$H.out1" 2>&1 &
R=$!
BG="$BG $R"
if at_share "$W/srvtmp/ssdq-server.*/pslc-fill_progress_bw.1.log" 60 "$R"; then
	run=$(ls -d "$W"/srvtmp/ssdq-server.* | head -n 1)
	# the controller dies: ssdq-run and its fio client (in a session of its own)
	kill -KILL "$R"
	# (fio cuts its --client value at the comma in place: "127.0.0.1 PORT")
	for c in /proc/[0-9]*/cmdline; do
		{ tr '\0' ' ' <"$c"; } 2>/dev/null | grep -Eq -- "--client=127\.0\.0\.1[ ,]$port " || continue
		c=${c#/proc/}; kill -KILL "${c%/cmdline}" 2>/dev/null
	done
	wait "$R" 2>/dev/null
	pass "the controller (ssdq-run and its fio client) killed at 60 % of the fill"
	# the server's job ends (its client is gone) and keeps its sidecars
	i=0
	# (a server that sent them anyway, to nobody, leaves no directory: no wait)
	while [ -d "$run" ] && ! grep -q '"event":"job_end"' "$run/pslc-fill_events.1.jsonl" 2>/dev/null &&
		[ $i -lt 6000 ]; do
		i=$((i + 1)); sleep 0.1
	done
	sleep 1
	[ -f "$run/pslc-fill_progress_bw.1.log" ] && pass "the server kept the step's sidecars in $run" ||
		fail "the server kept nothing: $(ls "$run" 2>&1)"
	expect_rc 0 "the same command again completes the suite on the host" hosts
	expect_out "sidecars its server kept for it .*, from $run" "it fetched the kept sidecars, naming where from"
	a=$H/$L/attempts/pslc-fill.1
	grep -q '"event":"job_end"' "$a/pslc-fill_events.1.jsonl" 2>/dev/null && [ -f "$a/pslc-fill_progress_bw.1.log" ] &&
		[ -f "$a/device.json" ] && pass "the killed attempt's server-side sidecars are in $L/attempts/pslc-fill.1" ||
		fail "not fetched: $(ls "$a" 2>&1 | tr '\n' ' ')"
	"$REPORT" --format json "$a" >"$a.json" 2>"$a.err"
	gb=$(jq -r '.tests[0].jobs[0].fill.gb_written' "$a.json")
	# the server's job stops once its client is gone (issue 29: the server
	# says so on fio's connection, and the namespace's lock is freed for the
	# resume): its curve reaches past where the controller was killed
	awk -v g="$gb" 'BEGIN { exit !(g + 0 >= 590) }' && pass "ssdq-report reads the fetched attempt: the server's curve past the kill at 60 % ($gb GB)" ||
		fail "the fetched attempt's report: $gb GB ($(head -c 300 "$a.err"))"
else
	fail "the host's fill never reached 60 % ($(tail -n 5 "$H.out1"))"
fi
summary
