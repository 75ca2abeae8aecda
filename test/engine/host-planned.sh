#!/bin/sh
# The job's planned idle in the host sidecar (docs/host.md, planned_idle_us):
# a burst test's duty-cycle idle and fio's thinktime are the job's, not time
# the host took from the drive. On the drive model, QD1: the sidecar's
# planned idle against the engine's own idle_start/idle_end events (burst)
# and against fio's thinks (thinktime after every thinktime_blocks I/Os),
# the job's time adding up to intended + host-added + drive idle + planned,
# and ssdq-report's host figures computed without the planned idle. The
# checks read the engine's and fio's own account, so a busy host changes
# the figures, not the verdict of the checks.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
SO=$(abs "${SSDQ_SO:-$top/build/ssdq.so}")
REPORT=$(abs "${SSDQ_REPORT:-$top/build/ssdq-report}")
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT
T_OUT=$(mktemp)
cd "$W" || exit 1

# job NAME [FIO ARGS]: QD1 4 KiB random reads on the model
job() {
	_n=$1; shift
	fio --name="$_n" --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
		--ssdq_model_scale=1000 --filename="$W/drive" --rw=randread --bs=4k --iodepth=1 \
		--ssdq_sync=1 --log_avg_msec=50 --ssdq_smart_interval=0 --output-format=json \
		--output="$_n.json" "$@"
}
py() { PYTHONPATH="$top/test/lib" python3 - "$@"; }

mkdir burst think
cd "$W/burst" && expect_rc 0 "a burst job at 20 % duty runs on the model" \
	job burst --size=4m --ssdq_burst=256k --ssdq_duty=20
cd "$W/think" && expect_rc 0 "a thinktime job (2 ms after every 16 I/Os) runs on the model" \
	job think --size=1m --thinktime=2ms --thinktime_blocks=16
cd "$W" || exit 1

# the sidecar's planned idle against the engine's idle events: each
# planned span starts just before its idle_start is stamped and ends just
# before its idle_end is (both spans take the same event writes, however
# long a busy disk holds one), so within 2 ms over all
expect_rc 0 "burst: planned idle is the engine's idle spans, the job's time adds up" py \
	burst/burst_host.1.jsonl burst/burst_events.1.jsonl <<'PY'
import json, sys
from host_sidecar import Host
h = Host(sys.argv[1]); t = h.totals()
span = 0
for e in map(json.loads, open(sys.argv[2])):
    if e["event"] == "idle_start": s = e["time_us"]
    if e["event"] == "idle_end": span += e["time_us"] - s
parts = t["intended_us"] + t["host_added_us"] + t["drive_idle_us"] + t["planned_idle_us"]
print("planned", t["planned_idle_us"], "idle events", span, "interval", t["interval_us"], "parts", parts)
ok = span > 0 and abs(t["planned_idle_us"] - span) <= 2000
# each field floored to the µs per line: the parts within 4 µs a line
ok = ok and abs(parts - t["interval_us"]) <= 4 * t["lines"]
sys.exit(0 if ok else 1)
PY
expect_rc 0 "thinktime: planned idle is 2 ms for each think before a submission" py \
	think/think_host.1.jsonl <<'PY'
import sys
from host_sidecar import Host
t = Host(sys.argv[1]).totals()
thinks = (t["ios"] - 1) // 16
print("ios", t["ios"], "planned", t["planned_idle_us"], "thinks", thinks)
# the lines floor each µs count: 1 µs a line at most
sys.exit(0 if t["ios"] == 256 and abs(t["planned_idle_us"] - 2000 * thinks) <= t["lines"] else 1)
PY

# ssdq-report's verdict leaves the planned idle out of the job's time
for j in burst think; do
	"$REPORT" --format json "$W/$j" >"$j.report.json" 2>/dev/null
	expect_rc 0 "$j: ssdq-report's host figures are the sidecar's without its planned idle" py \
		"$j/${j}_host.1.jsonl" "$j.report.json" <<'PY'
import json, sys
from host_sidecar import Host
t = Host(sys.argv[1]).totals()
d = json.load(open(sys.argv[2]))
jobs = [j for test in d["tests"] for j in test["jobs"]]
host = jobs[0]["host"]
active = t["interval_us"] - t["planned_idle_us"]
idle = 100 * t["drive_idle_us"] / active
print("report idle", host.get("drive_idle_pct"), "want", idle, "report wait", host.get("wait_pct"),
      "sidecar", t.get("run_delay_us"), "of", active, "us")
ok = abs(host["drive_idle_pct"] - idle) <= 0.01 * max(idle, 1)
if t.get("run_delay_us") is not None and host.get("wait_pct") is not None:
    # a share is at most 100 % (host_verdict.c); the run delay counts the
    # late wakes from planned idle too, so a loaded ASan run passes it
    wait = min(100, 100 * t["run_delay_us"] / active)
    ok = ok and abs(host["wait_pct"] - wait) <= 0.01 * max(host["wait_pct"], 1)
sys.exit(0 if ok else 1)
PY
done
summary
