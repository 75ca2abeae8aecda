#!/bin/sh
# Time charts of per-I/O logs (fio's log_avg_msec=0, the job library's
# default for a scaled run): a sample is one I/O, a bw sample that I/O's own
# rate (bs over its latency), an iops sample 1. MB/s and IOPS over time are
# what the drive did in each column (its bytes and I/Os over the column's
# width, 0 in an idle gap), not the mean of the I/Os' own rates (a 16th of
# it at 16 I/Os in flight). A synthetic 2-job run (gen_timeline_run.py, its
# bw and iops logs rewritten as per-I/O: 10 bursts of 200 ms, a 128 KiB I/O
# done every 0.5 ms a job, then 100 ms idle). Run from the top of the tree.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
GEN=test/analysis/gen_timeline_run.py
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

python3 "$GEN" "$TMP/run" --jobs 2 --seconds 4 --rw write --no-sidecars
python3 - "$TMP/run" <<'PY'
import json, sys
d = sys.argv[1]
doc = json.load(open(d + "/timeline.json"))
t0 = min(int(open("%s/timeline_%s.%d.log" % (d, k, i + 1)).readline().split(",")[0])
         for k in ("bw", "iops", "clat", "clat_hist") for i in range(len(doc["jobs"]))) - 1000
for i, j in enumerate(doc["jobs"]):
    j["job options"]["log_avg_msec"] = "0"
    bw = open("%s/timeline_bw.%d.log" % (d, i + 1), "w")
    io = open("%s/timeline_iops.%d.log" % (d, i + 1), "w")
    for b in range(10):
        for k in range(400):                  # 200 ms, one I/O each 0.5 ms
            t = t0 + b * 300 + k // 2
            # 128 KiB done in 8 ms (16 in flight): 16000 KiB/s its own rate
            bw.write("%d, 16000, 1, 131072, %d\n" % (t, (b * 400 + k) * 131072))
            io.write("%d, 1, 1, 131072, %d\n" % (t, (b * 400 + k) * 131072))
json.dump(doc, open(d + "/timeline.json", "w"), indent=1)
PY
expect_rc 0 "a 2-job run with per-I/O bw and iops logs: report" "$R" --format json "$TMP/run"
cp "$T_OUT" "$TMP/r.json"
expect_rc 0 "MB/s and IOPS over time are the drive's: bytes and I/Os per column" python3 - "$TMP/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
tl = [j["timeline"] for t in r["tests"] for j in t["jobs"] if j.get("timeline")]
assert len(tl) == 1, len(tl)
def series(chart):
    s = [s for c in tl[0]["charts"] if c["chart"] == chart for s in c["series"]]
    assert len(s) == 1, (chart, [x["name"] for x in s])
    return s[0]
for chart, busy, total, unit in (("mbps-time", 2 * 131072 / 0.5e-3 / 1e6, 2 * 4000 * 131072 / 1e6, "MB"),
                                 ("iops-time", 2 / 0.5e-3, 2 * 4000, "I/Os")):
    s = series(chart)
    w = s["column_s"]
    # the columns wholly inside a burst: the two jobs' rate; wholly inside a gap: 0
    inside = [m for t, m in zip(s["t_s"], s["mean"]) if any(
        b * 0.3 + w <= t - w / 2 and t + w / 2 <= b * 0.3 + 0.2 - w for b in range(10))]
    gaps = [m for t, m in zip(s["t_s"], s["mean"]) if any(
        b * 0.3 + 0.2 + w <= t - w / 2 and t + w / 2 <= b * 0.3 + 0.3 - w for b in range(9))]
    assert inside and gaps, (chart, len(inside), len(gaps), w, s["t_s"][:3])
    bad = [m for m in inside if abs(m - busy) > 0.1 * busy]
    assert not bad, (chart, busy, bad[:5])
    assert max(gaps) == 0, (chart, gaps[:5])
    # what the columns hold adds up to what the logs say was done
    got = sum(m * w for m in s["mean"])
    assert abs(got - total) < 0.02 * total, (chart, got, total)
    print("    %s: %d columns of %.4f s in bursts at %.0f (want %.0f), %d idle at 0, %.1f %s in all (want %.1f)"
          % (chart, len(inside), w, sum(inside) / len(inside), busy, len(gaps), got, unit, total))
PY
sed 's/^/    /' "$T_OUT"
summary
