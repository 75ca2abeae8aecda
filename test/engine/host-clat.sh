#!/bin/sh
# The host sidecar's format and the model's per-I/O account of the host
# (issue 34, docs/host.md) against fio's own per-I/O completion latencies.
# A QD1 job of 4 KiB random reads on the drive model (ssdq_sync=1, so fio
# stamps each I/O just before it enters the engine and just after it
# leaves) with ssdq_host_log=1 and fio's per-I/O clat log. Per I/O, in
# order and at the same offset, fio's clat must be intended + host-added
# and fio's own stamping: never less than intended + host-added (the
# engine's stamps lie inside fio's; 1 % and 2 us allowed for fio's clock
# against CLOCK_MONOTONIC), and the stamping a few us: the median of the
# differences at most 20 us, and 90 % of them within 50 us (a preemption
# between the two stamps adds to a few I/Os only, whatever the host's load).
# The sidecar: the format docs/host.md gives, its I/O count fio's, its
# intended and host-added sums those of the per-I/O logs (each line floors a
# cumulative ns count to us: within 1 us), its time the job's. No device.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT
cd "$W" || exit 1
N=3000

expect_rc 0 "a QD1 job on the model with the per-I/O host logs runs" \
	fio --name=q1 --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=1000 --filename="$W/drive" --rw=randread --bs=4k --iodepth=1 \
	--ssdq_sync=1 --number_ios=$N --norandommap --ssdq_host_log=1 --write_lat_log=q1 \
	--log_avg_msec=0 --log_offset=1 --log_unix_epoch=1 --ssdq_smart_interval=0 \
	--output-format=json --output=q1.json

PYTHONPATH="$top/test/lib" python3 - "$N" >"$T_OUT" 2>&1 <<'PY'
import json, statistics, sys
from host_sidecar import Host

n = int(sys.argv[1])
def log(path):
    rows = []
    for line in open(path):
        f = [x.strip() for x in line.split(",")]
        rows.append((float(f[0]), int(f[1]), int(f[2]), int(f[3]), int(f[4])))
    return rows

def check(ok, what):
    print(("PASS: " if ok else "FAIL: ") + what)

try:
    h = Host("q1_host.1.jsonl")
    check(True, "the host sidecar has the format of docs/host.md (%d intervals, source %s)"
          % (len(h.lines), h.header["source"]))
except ValueError as e:
    check(False, "the host sidecar's format: %s" % e)
    sys.exit(0)
check(h.header["model"] is True and h.header["interval_ms"] == 1,
      "its header says model, and the 1/1000 model's 1 ms interval (%s)" % h.header)
added, intended, clat = log("q1_hostlat.1.log"), log("q1_intended.1.log"), log("q1_clat.1.log")
check(len(added) == len(intended) == len(clat) == n,
      "one line per I/O in each per-I/O log (%d, %d, fio's %d; %d I/Os)"
      % (len(added), len(intended), len(clat), n))
same = all(a[2:] == i[2:] == c[2:] for a, i, c in zip(added, intended, clat))
check(same, "the logs list the I/Os in fio's order (direction, size, offset of each)")
job = json.load(open("q1.json"))["jobs"][0]["read"]
check(h.total("ios") == job["total_ios"] == n,
      "the sidecar counts fio's I/Os (%d, fio %d)" % (h.total("ios"), job["total_ios"]))
for key, rows in (("intended_us", intended), ("host_added_us", added)):
    per_io = sum(r[1] for r in rows) / 1000
    check(abs(h.total(key) - per_io) <= 1,
          "the sidecar's %s adds up to the per-I/O log's (%d, %.1f us)" % (key, h.total(key), per_io))
mean_intended = statistics.mean(r[1] for r in intended) / 1000
check(70 <= mean_intended <= 110,
      "the model's intended QD1 4k read is the preset's (mean %.1f us; p50 78 us)" % mean_intended)
diff = [c[1] - (a[1] + i[1]) for a, i, c in zip(added, intended, clat)]
low = [d for c, d in zip(clat, diff) if c[1] < (c[1] - d) * 0.99 - 2000]
check(not low, "fio's clat never below intended + host-added (min difference %.1f us%s)"
      % (min(diff) / 1000, ", %d below" % len(low) if low else ""))
med = statistics.median(diff) / 1000
within = sum(1 for d in diff if d <= 50000) / len(diff)
check(med <= 20, "fio's own stamping adds a few us: median difference %.2f us (at most 20)" % med)
check(within >= 0.9, "%.1f %% of the I/Os within 50 us of intended + host-added (at least 90)"
      % (100 * within))
span = h.total("interval_us") / 1e6
busy = (h.total("intended_us") + h.total("host_added_us") + h.total("drive_idle_us")) / 1e6
check(abs(busy - span) <= 0.002 + 0.01 * span,
      "intended + host-added + drive idle make up the sidecar's time (%.4f s of %.4f s)" % (busy, span))
PY
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))
grep -q '^PASS\|^FAIL' "$T_OUT" || fail "the check did not run: $(head -3 "$T_OUT")"
summary
