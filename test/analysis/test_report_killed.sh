#!/bin/sh
# A killed fill keeps its curve (issue 23), on the drive model scaled 1/250
# (qlc-1tb: 4 GB, its 155 GB cache 620 MB): fio's main process killed with
# SIGKILL at 60 % of a fill, its job process killed the same way, fio's JSON
# cut short, a fill by two jobs (numjobs=2, a half each) killed at 35 % (fio,
# and its two job processes: fio writes the group's JSON), and
# `fio --client` killed with the server going on. In each the
# report draws the curve from the engine's progress sidecars up to where the
# model's own account says the writes stopped (its SMART host write
# commands, read after the kill), within one logged interval and the I/Os in
# flight; finds the SLC cache where the model's model_regime events put it;
# says killed (or that fio's JSON is lost) and how far it got; exits 1. Over
# a fill that completes, the progress sidecars add up to fio's own io_bytes,
# I/Os and mean latency within one interval. The kill moment is taken from
# the progress sidecar itself, never from sleeps; nothing is held against
# the wall clock. About 2 min. No device.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
. "$top/test/lib/progress.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d)
SERVER=
cleanup() {
	[ -z "$SERVER" ] || kill -KILL "$SERVER" 2>/dev/null
	for _s in "$W"/srvtmp/ssdq-server.*; do
		[ -d "$_s" ] || continue
		pkill_backend "${_s##*.}"
	done
	[ -n "${SSDQ_TEST_KEEP:-}" ] || rm -rf "$W"
	rm -f "$T_OUT"
}
# pkill_backend PID: fio's backend process of a connection (a server's child)
pkill_backend() { kill -KILL "$1" 2>/dev/null; }
trap cleanup EXIT
trap 'exit 130' INT TERM
export PYTHONPATH="$top/test/lib${PYTHONPATH:+:$PYTHONPATH}"
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }

S=250
BS=131072
QD=32
AVG=10
PROGRESS_AVG=$AVG
# the scaled capacity, rounded down to whole MiB as the model does
CAP=$(( 1000000000000 / S / 1048576 * 1048576 ))

# as fio_rt (lib.sh), exec'd: the pid is fio's own
fio_exec() {
	if chrt -f 10 true 2>/dev/null; then exec chrt -f 10 fio "$@"; else exec fio "$@"; fi
}
# start_fill DIR [FIO OPTION]...: a qlc-1tb fill in the background into DIR; FIO_PID
start_fill() {
	_d=$1; shift
	mkdir -p "$_d"
	(cd "$_d" && fio_exec --name=fill --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
		--ssdq_model_scale=$S --filename="$_d/model.state" --ssdq_erase=auto --rw=write \
		--bs=$BS --iodepth=$QD --ssdq_smart_interval=0.1 --write_bw_log=fill \
		--log_avg_msec=$AVG --log_unix_epoch=1 --output-format=json+ --output=fill.json "$@") \
		>"$_d.fio.out" 2>&1 &
	FIO_PID=$!
}
# wait_share DIR PCT PID: until the progress of DIR's jobs passes PCT % of
# the capacity (false when PID ended first)
wait_share() {
	_want=$(( CAP / 100 * $2 ))
	while [ "$(progress_bytes "$1"/fill_progress_bw.*.log)" -lt "$_want" ]; do
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.25
	done
}
now_ms() { date +%s%N | awk '{ printf "%.3f\n", $1 / 1e6 }'; }
# model_written STATE: the bytes the model took in, from its SMART host write
# commands, read by a read-only job on its state file
model_written() {
	_p=$(mktemp -d "$W/probe.XXXXXX")
	(cd "$_p" && fio --name=probe --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
		--ssdq_model_scale=$S --filename="$1" --rw=read --bs=4k --size=4k \
		--ssdq_smart_interval=0.1 --ssdq_account=0) >/dev/null 2>&1
	sed -n 's/.*"host_write_commands":\([0-9]*\).*/\1/p' "$_p/probe_smart.1.jsonl" | head -n 1 |
		awk -v bs=$BS '{ printf "%.0f\n", $1 * bs }'
}
truth() { python3 -c "from model_truth import Truth; t = Truth('$1/fill_events.1.jsonl', $S, killed=True); print($2)"; }
jq_fill() { jq -r "[.tests[] | select(.test == \"fill\") | .jobs[]][0] | $2" "$1/report.json"; }

# report DIR NAME: ssdq-report's JSON and text of DIR, exit 1 (a killed run)
report() {
	"$REPORT" --format json "$1" >"$1/report.json" 2>"$1/report.err"
	_rc=$?
	"$REPORT" "$1" >"$1/report.txt" 2>/dev/null
	[ $_rc = 1 ] && pass "$2: ssdq-report exits 1" ||
		{ fail "$2: ssdq-report exit $_rc, wanted 1"; sed 's/^/    /' "$1/report.err" | head; }
	grep -q "PARTIAL RUN: " "$1/report.txt" && pass "$2: the text says it is a partial run" ||
		fail "$2: no PARTIAL RUN line in the text report"
}
# reached NAME DIR T_BEFORE T_AFTER: the curve reaches where the model's writes
# stopped; the kill came between the two clock readings around `kill` (on a
# busy host the second may be tens of ms after the first: the model may take
# bytes all that time). With several jobs, from the earliest of their
# sidecars' last lines, at their speeds summed, with each one's I/Os in flight.
reached() {
	_curve=$(awk -v g="$(jq_fill "$2" .fill.gb_written)" -v s=$S 'BEGIN { printf "%.0f\n", g * 1e9 / s }')
	_nj=$(ls "$2"/fill_progress_bw.*.log | wc -l)
	# qlc-1tb's recoveries write 1/25 of the time at cache speed: at least
	# 110 MB/s; slack: one SMART data unit
	kill_reached "$1" "$_curve" "$(model_written "$2/model.state")" "$3" "$4" $((QD * _nj * BS)) 512000 110000 \
		"$2"/fill_progress_bw.*.log
}
# slc NAME DIR: the SLC cache against the model's own account
slc() {
	expect_near "$1: SLC cache GB" "$(jq_fill "$2" .fill.slc_cache_gb)" "$(truth "$2" 't.cache_end_gb()')" 5
}

# ---- a fill that completes: the progress sidecars against fio's own figures ----------
d=$W/done
start_fill "$d" --size=40%
wait "$FIO_PID" || fail "the completed fill ran (exit $?)"
python3 - "$d" $AVG <<'EOF' >"$T_OUT" 2>&1
import json, sys
d, avg = sys.argv[1], float(sys.argv[2])
def rows(kind):
    out, prev = [], None
    for line in open(f"{d}/fill_progress_{kind}.1.log"):
        f = [x.strip() for x in line.split(",")]
        t, v = float(f[0]), float(f[1])
        out.append((t, v, (t - prev) if prev is not None else avg))
        prev = t
    return out
bw, io = rows("bw"), rows("iops")
lat = {t: v for t, v, _ in rows("clat")}
b = sum(v * 1024 * dt / 1000 for _, v, dt in bw)
n = sum(v * dt / 1000 for _, v, dt in io)
w = sum(v * dt / 1000 for t, v, dt in io if t in lat)
m = sum(lat[t] * v * dt / 1000 for t, v, dt in io if t in lat) / w
fio = json.load(open(f"{d}/fill.json"))["jobs"][0]["write"]
one_b = max(v * 1024 * dt / 1000 for _, v, dt in bw)   # the most one interval moved
one_n = max(v * dt / 1000 for _, v, dt in io)
ok = abs(b - fio["io_bytes"]) <= one_b and abs(n - fio["total_ios"]) <= one_n + 1
ok_m = abs(m - fio["clat_ns"]["mean"]) <= 0.02 * fio["clat_ns"]["mean"]
print(f"bytes {b:.0f} fio {fio['io_bytes']} (one interval {one_b:.0f}); I/Os {n:.1f} fio {fio['total_ios']};"
      f" clat mean {m:.0f} ns fio {fio['clat_ns']['mean']:.0f}")
sys.exit(0 if ok and ok_m else 1)
EOF
if [ $? = 0 ]; then pass "completed fill: the progress sidecars add up to fio's figures ($(cat "$T_OUT"))"
else fail "completed fill: the progress sidecars against fio's: $(cat "$T_OUT")"; fi
# the same run read from the sidecars alone (fio's logs and JSON gone)
mkdir -p "$d/alone"
cp "$d"/fill_events.1.jsonl "$d"/fill_progress_*.log "$d"/fill_power.1.log "$d"/fill_smart.1.jsonl \
	"$d"/device.json "$d/alone/"
"$REPORT" --format json "$d/alone" >"$d/alone.json" 2>/dev/null
got=$(jq -r '.tests[0].jobs[0].mbps' "$d/alone.json")
want=$(jq -r '.jobs[0].write.bw_bytes / 1e6' "$d/fill.json")
expect_near "completed fill from its sidecars alone: MB/s" "$got" "$want" 1 "fio's"

# ---- kill -9 of fio's main process at 60 % --------------------------------------------
d=$W/main
start_fill "$d"
if wait_share "$d" 60 "$FIO_PID"; then
	t=$(now_ms)
	kill -KILL "$FIO_PID"
	t2=$(now_ms)
	wait "$FIO_PID" 2>/dev/null
	sleep 0.3	# the job process dies with it (PR_SET_PDEATHSIG)
	[ ! -s "$d/fill.json" ] && pass "fio killed: its JSON is empty" || fail "fio killed, yet its JSON has $(wc -c <"$d/fill.json") bytes"
	report "$d" "fio killed"
	grep -q "killed at .* GB, .* in .*fio's JSON is empty" "$d/report.txt" &&
		pass "fio killed: says how far it got ($(sed -n 's/^PARTIAL RUN: //p' "$d/report.txt" | cut -c1-110))" ||
		fail "fio killed: no 'killed at …; fio's JSON is empty' line"
	[ "$(jq_fill "$d" .stop)" = killed ] && [ "$(jq_fill "$d" .partial)" = true ] &&
		pass "fio killed: the job is stop killed, marked partial" || fail "fio killed: stop $(jq_fill "$d" .stop), partial $(jq_fill "$d" .partial)"
	reached "fio killed" "$d" "$t" "$t2"
	slc "fio killed" "$d"
else
	fail "fio killed: the fill ended before 60 %"; sed 's/^/    /' "$d.fio.out" | head
fi

# ---- fio's JSON cut short (fio died writing it): the same sidecars -------------------
c=$W/cut
mkdir -p "$c"
cp "$d"/fill_* "$d"/device.json "$c/" 2>/dev/null
head -c 700 "$W/done/fill.json" >"$c/fill.json"
"$REPORT" --format json "$c" >"$c/report.json" 2>"$c/report.err"
rc=$?
[ $rc = 1 ] && grep -q "fio's JSON is cut short" "$c/report.err" &&
	pass "JSON cut short: exit 1, 'fio's JSON is cut short'" || fail "JSON cut short: exit $rc: $(head -c 300 "$c/report.err")"
[ "$(jq_fill "$c" .fill.gb_written)" = "$(jq_fill "$d" .fill.gb_written)" ] &&
	pass "JSON cut short: the same curve as from the sidecars ($(jq_fill "$c" .fill.gb_written) GB)" ||
	fail "JSON cut short: curve $(jq_fill "$c" .fill.gb_written) GB, not $(jq_fill "$d" .fill.gb_written)"

# ---- SIGKILL of the job process; fio's main process writes its JSON ------------------
d=$W/job
start_fill "$d"
if wait_share "$d" 60 "$FIO_PID"; then
	job=$(ps -o pid= --ppid "$FIO_PID" | head -n 1 | tr -d ' ')
	t=$(now_ms)
	kill -KILL "$job"
	t2=$(now_ms)
	# fio 3.33's main process may crash after its JSON (options_free() of
	# the dead job's engine options): its exit status is not checked
	{ wait "$FIO_PID"; } 2>/dev/null
	echo "fio exit $?" >>"$d.fio.out"
	grep -q '"jobname"' "$d/fill.json" && pass "job killed: fio's main process wrote its JSON" ||
		fail "job killed: no JSON from fio's main process"
	report "$d" "job killed"
	[ "$(jq_fill "$d" .stop)" = killed ] && pass "job killed: stop killed" || fail "job killed: stop $(jq_fill "$d" .stop)"
	grep -q "killed at .* GB" "$d/report.txt" && pass "job killed: says how far it got" ||
		fail "job killed: no 'killed at' line"
	reached "job killed" "$d" "$t" "$t2"
	slc "job killed" "$d"
else
	fail "job killed: the fill ended before 60 %"; sed 's/^/    /' "$d.fio.out" | head
fi

# ---- numjobs=2: two jobs fill a half each, killed at 35 % -----------------------------
# group_cache_gb DIR: where the drive's cache ran out by the jobs' own
# model_regime events: the first job's first write past it, with what each
# job had written by then (linear within its span)
group_cache_gb() {
	python3 - $S "$1"/fill_events.*.jsonl <<'PY'
import json, sys
scale, jobs = float(sys.argv[1]), []
for path in sys.argv[2:]:
    ev = [json.loads(l) for l in open(path) if '"model_regime"' in l]
    jobs.append([(e["regime"], e["bytes"], e["time_us"]) for e in ev])
T = min(t for j in jobs for r, b, t in j if not r.startswith("cache"))
def at(j):
    got = 0
    for (_, b0, t0), (_, b1, t1) in zip(j, j[1:]):
        if t0 <= T <= t1:
            return b0 + (b1 - b0) * (T - t0) / (t1 - t0) if t1 > t0 else b0
        got = b1 if t1 < T else got
    return got
print("%.3f" % (sum(at(j) for j in jobs) * scale / 1e9))
PY
}
# group_killed NAME DIR T_BEFORE T_AFTER: a numjobs=2 fill killed: the report
# as for one job, its curve both jobs' sidecars summed
group_killed() {
	report "$2" "$1"
	grep -q "killed at .* GB, .* in" "$2/report.txt" &&
		pass "$1: says how far it got ($(sed -n 's/^PARTIAL RUN: //p' "$2/report.txt" | cut -c1-60))" ||
		fail "$1: no 'killed at' line"
	[ "$(jq_fill "$2" .stop)" = killed ] && [ "$(jq_fill "$2" .partial)" = true ] &&
		pass "$1: the group is stop killed, marked partial" ||
		fail "$1: stop $(jq_fill "$2" .stop), partial $(jq_fill "$2" .partial)"
	expect_near "$1: the curve, bytes" \
		"$(awk -v g="$(jq_fill "$2" .fill.gb_written)" -v s=$S 'BEGIN { printf "%.0f", g * 1e9 / s }')" \
		"$(progress_bytes "$2"/fill_progress_bw.1.log "$2"/fill_progress_bw.2.log)" 1 "the two progress sidecars"
	reached "$1" "$2" "$3" "$4"
	expect_near "$1: SLC cache GB" "$(jq_fill "$2" .fill.slc_cache_gb)" "$(group_cache_gb "$2")" 5
	# one sampler per drive: its sidecars are the job's that took the drive first
	[ "$(jq_fill "$2" '.power_w > 0')" = true ] &&
		pass "$1: power from the sampling job's sidecar ($(jq_fill "$2" .power_w) W)" ||
		fail "$1: no power ($(jq_fill "$2" .null_reasons.power_w))"
}
# a new state file is an erased drive: ssdq_erase is refused with numjobs above 1
set -- --numjobs=2 --size=50% --offset_increment=50% --group_reporting --ssdq_erase=none
d=$W/group
start_fill "$d" "$@"
if wait_share "$d" 35 "$FIO_PID"; then
	t=$(now_ms)
	kill -KILL "$FIO_PID"
	t2=$(now_ms)
	wait "$FIO_PID" 2>/dev/null
	sleep 0.3
	group_killed "numjobs=2, fio killed" "$d" "$t" "$t2"
	grep -q "fio's JSON is empty" "$d/report.txt" && pass "numjobs=2, fio killed: says fio's JSON is empty" ||
		fail "numjobs=2, fio killed: does not say fio's JSON is empty"
else
	fail "numjobs=2, fio killed: the fill ended before 35 %"; sed 's/^/    /' "$d.fio.out" | head
fi
# both job processes killed: fio's main process writes the group's JSON
# (a bare group_reporting, which fio leaves out of "job options")
d=$W/group-jobs
start_fill "$d" "$@"
if wait_share "$d" 35 "$FIO_PID"; then
	pids=$(ps -o pid= --ppid "$FIO_PID" | tr -d ' ' | tr '\n' ' ')
	t=$(now_ms)
	# shellcheck disable=SC2086 # two pids
	kill -KILL $pids
	t2=$(now_ms)
	{ wait "$FIO_PID"; } 2>/dev/null	# (fio 3.33 may crash after its JSON, as above)
	grep -q '"jobname"' "$d/fill.json" && pass "numjobs=2, jobs killed: fio's main process wrote its JSON" ||
		fail "numjobs=2, jobs killed: no JSON from fio's main process"
	group_killed "numjobs=2, jobs killed" "$d" "$t" "$t2"
else
	fail "numjobs=2, jobs killed: the fill ended before 35 %"; sed 's/^/    /' "$d.fio.out" | head
fi

# ---- fio --client killed; the server goes on and keeps the sidecars -------------------
d=$W/client
mkdir -p "$d" "$W/srvtmp" "$W/srv"
port=$(free_port)
(cd "$W/srv" && TMPDIR="$W/srvtmp" fio_exec --server="127.0.0.1,$port") >"$W/srv.log" 2>&1 &
SERVER=$!
listening "$port" || fail "fio --server did not start"
cat >"$d/fill.fio" <<EOF
[fill]
ioengine=external:$SO
ssdq_model=qlc-1tb
ssdq_model_scale=$S
filename=$d/model.state
ssdq_erase=auto
rw=write
bs=$BS
iodepth=$QD
size=70%
write_bw_log=fill
log_avg_msec=$AVG
log_unix_epoch=1
EOF
(cd "$d" && exec fio --client="127.0.0.1,$port" fill.fio --output-format=json+ --output=fill.json) \
	>"$d.fio.out" 2>&1 &
CLIENT=$!
i=0
while [ -z "$(ls "$W"/srvtmp/ssdq-server.*/fill_progress_bw.1.log 2>/dev/null)" ] && [ $i -lt 300 ]; do
	i=$((i + 1)); sleep 0.1
done
run=$(ls -d "$W"/srvtmp/ssdq-server.* 2>/dev/null | head -n 1)
if [ -n "$run" ] && wait_share "$run" 60 "$CLIENT"; then
	kill -KILL "$CLIENT"
	wait "$CLIENT" 2>/dev/null
	# the server's job goes on to its end, then keeps its sidecars
	i=0
	# (by its own account: a busy host took more than 90 s here)
	while ! grep -q '"event":"job_end"' "$run/fill_events.1.jsonl" 2>/dev/null && [ $i -lt 6000 ]; do
		i=$((i + 1)); sleep 0.1
	done
	sleep 1
	grep -q "fio's client is gone: the job's sidecars stay on the server in $run" "$W/srv.log" &&
		pass "client killed: the server names where the sidecars stay" ||
		{ fail "client killed: the server does not say where the sidecars are"; sed 's/^/    /' "$W/srv.log" | head; }
	# fetched as ssdq-run does for a host (jobs/run/hosts.sh)
	for f in "$run"/fill_*; do cp "$f" "$d/"; done
	cp "$run/device.1.json" "$d/device.json" 2>/dev/null
	report "$d" "client killed"
	grep -q "fio's JSON is empty" "$d/report.txt" && pass "client killed: says fio's JSON is empty" ||
		fail "client killed: does not say fio's JSON is empty"
	expect_near "client killed: the curve reaches the server's end, GB" \
		"$(awk -v g="$(jq_fill "$d" .fill.gb_written)" -v s=$S 'BEGIN { print g * 1e9 / s }')" \
		"$(jq -r '[.[] | select(.event == "job_end")][0].bytes' -s "$d/fill_events.1.jsonl")" 0.5 "job_end's bytes"
	slc "client killed" "$d"
else
	fail "client/server: no progress from the server, or the fill ended before 60 %"
	sed 's/^/    /' "$d.fio.out" "$W/srv.log" | head
fi
summary
