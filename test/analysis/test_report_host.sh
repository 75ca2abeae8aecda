#!/bin/sh
# The host verdict on the drive model (issue 34): a QD1 4 kB random read
# with two CPU spinners pinned to its CPU (taskset; fio pinned there too)
# and the same job alone.
# - spinners: the job thread's CPU wait and the host's share of the time
#   (the sidecar's own sums) pass the thresholds, and its IOPS, MB/s, mean,
#   p99, p99.99 and CDF carry the host mark in the text, JSON and HTML (the
#   page's banner names it);
# - alone: "alone" is what the sidecar says, not the wall clock — on a
#   busy host a job alone is host-bound too: the verdict must follow the
#   sidecar (recomputed here by the rule of analysis/compute/host_verdict.h)
#   and the marks the verdict; a job the sidecar finds quiet has no mark;
# - both: every figure that left the model's account (test/lib/model_truth.py
#   HostAccount: the model's intended time per I/O) by more than 10 % carries
#   a host mark.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds.
. test/lib.sh

need_model_run
if ! command -v taskset >/dev/null; then echo "SKIP: no taskset"; exit 77; fi
TMP=$(mktemp -d)
SPIN=
trap 'for p in $SPIN; do kill "$p" 2>/dev/null; done; rm -rf "$TMP"' EXIT
export PYTHONPATH="$PWD/test/lib${PYTHONPATH:+:$PYTHONPATH}"

# qd1 DIR [taskset -c 0]: 3 s of QD1 4 kB random reads on the model (1/1000)
qd1() {
	_d=$1; shift
	mkdir -p "$_d"
	(cd "$_d" && "$@" fio --name=qd1-rand-read-4k --ioengine=external:"$SO" \
		--ssdq_model=qlc-1tb --ssdq_model_scale=1000 --filename="$_d/drive" \
		--rw=randread --bs=4k --iodepth=1 --ssdq_sync=1 --norandommap=1 \
		--time_based=1 --runtime=3s --lat_percentiles=1 \
		--percentile_list=50:99:99.9:99.99 --log_unix_epoch=1 \
		--write_bw_log=qd1-rand-read-4k --write_hist_log=qd1-rand-read-4k \
		--log_avg_msec=100 --log_hist_msec=100 --ssdq_host_log=1 \
		--output-format=json+ --output=qd1.json >fio.out 2>&1)
}

# alone at real-time priority where the host allows it (as fio_rt, test/lib.sh)
rt() {
	if chrt -f 10 true 2>/dev/null; then chrt -f 10 "$@"; else "$@"; fi
}

# two busy loops on CPU 0, fio pinned beside them. A QD1 job sleeps most of
# its time and the scheduler favours a waking sleeper over plain loops, so
# where the host allows it (root) the loops are real-time and busy half of
# each 4 ms: whenever fio wakes in a busy half it waits for it
spin() {
	if chrt -f 20 true 2>/dev/null; then
		exec taskset -c 0 chrt -f 20 python3 -c '
import time
while True:
    t = time.monotonic() + 0.002
    while time.monotonic() < t:
        pass
    time.sleep(0.002)'
	else
		exec taskset -c 0 sh -c 'while :; do :; done'
	fi
}
for _i in 1 2; do
	spin &
	SPIN="$SPIN $!"
done
qd1 "$TMP/spin" taskset -c 0
for p in $SPIN; do kill "$p" 2>/dev/null; done
SPIN=
qd1 "$TMP/alone" rt
expect_rc 0 "fio ran with spinners and alone" test -s "$TMP/spin/qd1.json" -a -s "$TMP/alone/qd1.json"

for run in spin alone; do
	"$R" --format json "$TMP/$run" >"$TMP/$run.json" 2>"$TMP/$run.err"
	"$R" --html "$TMP/$run.html" "$TMP/$run" >/dev/null 2>&1
	"$R" "$TMP/$run" >"$TMP/$run.txt" 2>&1
done

# the sidecar's shares against the thresholds of host_verdict.h
TH=$(sed -n 's/^#define RPT_HOST_\(WAIT_SHARE\|TIME_SHARE\|TAIL_SHARE\)[[:space:]]*\([0-9.]*\).*/\1=\2/p' \
	analysis/compute/host_verdict.h | tr '\n' ' ')

check() {
	TH=$TH python3 - "$TMP/$1" "$1" <<'EOF'
import json, os, sys
from model_truth import HostAccount
d, run = sys.argv[1], sys.argv[2]
th = dict(a.split("=") for a in os.environ["TH"].split())
wait_t, time_t, tail_t = (100 * float(th[k]) for k in ("WAIT_SHARE", "TIME_SHARE", "TAIL_SHARE"))
a = HostAccount(d + "/qd1-rand-read-4k_host.1.jsonl", d + "/qd1-rand-read-4k_intended.1.log")
job = json.load(open(d + ".json"))["tests"][0]["jobs"][0]
h, marks = job["host"], job["marks"]
fails = []
def want(cond, what):
    if not cond:
        fails.append(what)
def marked(k):
    return "host" in marks.get(k, [])
print("%s: sidecar CPU wait %.1f %%, host's time %.1f %%, latency %.1f %%, late %.3f %%; verdict %s"
      % (run, a.wait_pct() or -1, a.time_pct(), a.added_pct(), a.late_pct(), h["verdict"]))
# the verdict follows the sidecar (its window drops at most the edges' intervals)
want(h["measured"] and h["model"], "the verdict has the model's account")
# the report's window is h["intervals"] of the sidecar's lines (their middles in the
# job's active window): held against each run of that many lines, as a busy
# host's edge intervals (the set-up before the first I/O) may differ by points
iv = [json.loads(x) for x in open(d + "/qd1-rand-read-4k_host.1.jsonl")][1:]
def share(xs):
    t = sum(x["interval_us"] - x.get("planned_idle_us", 0) for x in xs)
    idle = sum(x["drive_idle_us"] for x in xs) / t
    obs = sum(x["intended_us"] + x["host_added_us"] for x in xs)
    return 100 * (idle + (1 - idle) * sum(x["host_added_us"] for x in xs) / obs)
n = h["intervals"]
runs = [share(iv[k:k + n]) for k in range(0, len(iv) - n + 1)] if 0 < n <= len(iv) else []
want(any(abs(h["time_pct"] - r) < 0.01 for r in runs),
     "time share %s vs the sidecar's over runs of %d of its %d lines: %s"
     % (h["time_pct"], n, len(iv), ", ".join("%.2f" % r for r in runs)))
# a thread starved of its CPU (run delay past the threshold) marks both
starved = (a.wait_pct() or 0) >= time_t
thr = a.time_pct() >= time_t or starved
mean = a.added_pct() >= time_t or starved
if abs(a.time_pct() - time_t) > 1 and abs((a.wait_pct() or 0) - time_t) > 1:
    want(h["throughput_marked"] == thr, "throughput verdict %s, the sidecar says %s" % (h["throughput_marked"], thr))
if abs(a.added_pct() - time_t) > 1 and abs((a.wait_pct() or 0) - time_t) > 1:
    want(h["mean_marked"] == mean, "mean verdict %s, the sidecar says %s" % (h["mean_marked"], mean))
want(h["verdict"] == ("host-bound" if h["throughput_marked"] or h["mean_marked"] else
                      "tail" if h["cdf_marked"] else "quiet"), "verdict word %s" % h["verdict"])
# the marks follow the verdict
for k in ("mbps", "iops", "mbps_per_w", "iops_per_w"):
    if job[k] is not None:
        want(marked(k) == h["throughput_marked"], "%s marked %s, throughput verdict %s" % (k, marked(k), h["throughput_marked"]))
want(marked("lat_mean_us") == h["mean_marked"], "mean marked %s" % marked("lat_mean_us"))
if h["verdict"] == "quiet":
    want(not any("host" in v for v in marks.values()), "a quiet job has a host mark: %s" % marks)
# every figure that left the model's account by more than 10 % is marked
acct = {"iops": a.iops(), "mbps": a.iops() * 4096 / 1e6, "lat_mean_us": a.mean_us(),
        "lat_p99_us": a.pct_us(99), "lat_p9999_us": a.pct_us(99.99)}
for k, v in acct.items():
    if v is None or job[k] is None:
        continue
    off = abs(job[k] / v - 1)
    print("  %s %.1f, the model's account %.1f: %+.1f %%%s" % (k, job[k], v, 100 * (job[k] / v - 1),
          " (host mark)" if marked(k) else ""))
    want(off <= 0.10 or marked(k), "%s left the account by %.1f %% unmarked" % (k, 100 * off))
if run == "spin":
    want(a.wait_pct() is None or a.wait_pct() >= wait_t, "spinners: CPU wait %.1f %% under %.0f %%" % (a.wait_pct(), wait_t))
    want(a.time_pct() >= time_t, "spinners: the host's time %.1f %% under %.0f %%" % (a.time_pct(), time_t))
    want(h["verdict"] == "host-bound", "spinners: verdict %s" % h["verdict"])
    for k in ("mbps", "iops", "lat_mean_us", "lat_p99_us", "lat_p9999_us"):
        want(marked(k), "spinners: %s not marked" % k)
    want(h["cdf_marked"], "spinners: the CDF not marked")
for f in fails:
    print("  " + f)
sys.exit(1 if fails else 0)
EOF
}
expect_rc 0 "spinners: host-bound by the sidecar, figures marked, every moved figure marked" check spin
sed 's/^/    /' "$T_OUT"
expect_rc 0 "alone: the verdict follows the sidecar, the marks the verdict" check alone
sed 's/^/    /' "$T_OUT"
T_OUT=$TMP/spin.txt
expect_out '^qd1-rand-read-4k +randread .* [0-9.]+! +[0-9.]+! ' "spinners, text: MB/s and IOPS marked !"
expect_out '^  host-bound: the job thread waited for a CPU' "spinners, text: the verdict"
expect_rc 0 "spinners, html: the banner names the job; CDF title and cells marked" python3 -c '
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
top = s[:s.index("<nav>")]
assert "Host-bound: 1 job" in top and "qd1-rand-read-4k" in top, top[-600:]
assert re.search(r"latency distribution [^<]*\(! distorted by the host\)", s)
assert re.search(r"<td class=\"marked\" title=\"! distorted by the host[^\"]*\">[0-9.]+!</td>", s)
' "$TMP/spin.html"
expect_rc 0 "alone, html: a banner only when the sidecar says host-bound" python3 -c '
import json, sys
s = open(sys.argv[1], encoding="utf-8").read()
h = json.load(open(sys.argv[2]))["tests"][0]["jobs"][0]["host"]
assert ("Host-bound: 1 job" in s) == (h["verdict"] == "host-bound"), h["verdict"]
' "$TMP/alone.html" "$TMP/alone.json"
summary
