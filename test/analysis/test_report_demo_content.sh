#!/bin/sh
# What the demo page says beside its charts (issue 34, "the rest of what the
# new user found"), on the drive-model fixtures (test/fixtures/ssdq-model,
# real runs scaled 1/1000):
# - one basis for a scaled model: sizes, times and energies the full drive's
#   (the run's x 1000), said once per drive; held against fio's own runtime
#   and the fixture's logs, not against the report;
# - the purge (an erase and a 4 KiB read) a preparation step: last, without
#   a latency distribution, out of the power scatter and the every-job charts;
# - a sweep's p99.99 warnings each named by its job, once;
# - the fill comparison with the in-cache MB/s beside the other columns;
# - a WSAT that throttled (the pts-hot fixture: a 60 degC case) says so on
#   the PTS page, from where the SMART sidecar first showed it, and marks it.
# Run from the top of the tree; SSDQ_REPORT overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
FX=test/fixtures/ssdq-model
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: python3 is not installed"; exit 77; fi
TMP=$(mktemp -d)
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

"$R" --format json "$FX/tlc" >"$TMP/tlc.json" 2>/dev/null
"$R" "$FX/tlc" >"$TMP/tlc.txt" 2>/dev/null
"$R" --html "$TMP/tlc.html" "$FX/tlc" >/dev/null 2>&1

# Times and energies on the sizes' basis: a job's J over its W is its active
# time, the full drive's (fio's runtime x 1000 as run); its charts over time
# end there too, and the fill's cache lasts within them.
expect_rc 0 "scaled 1/1000: energies and chart times are the full drive's, as the sizes" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1]))
S = 1000
fio = {}
for t in ("pslc-fill", "sustained-seq-read", "qd1-rand-read-bs"):
    for j in json.load(open(sys.argv[2] + "/" + t + ".json"))["jobs"]:
        fio[(t, j["jobname"])] = j["job_runtime"] / 1000      # s, as run
n = 0
for t in rep["tests"]:
    for j in t["jobs"]:
        key = (t["test"], j["name"])
        if key not in fio or not j["power_w"] or not j["energy_j"] or fio[key] < 0.02 \
           or not j["timeline"]:
            continue
        active = j["energy_j"] / j["power_w"]
        assert 0.7 * fio[key] * S <= active <= 1.2 * fio[key] * S, (key, active, fio[key])
        tl = j["timeline"]
        assert tl["time_scale"] == S, tl["time_scale"]
        end = max(s["t_s"][-1] for c in tl["charts"] for s in c["series"] if c["chart"] == "mbps-time")
        assert 0.7 * fio[key] * S <= end <= 1.3 * fio[key] * S, (key, end, fio[key])
        n += 1
        if j.get("fill") and j["fill"]["slc_fill_s"]:
            assert j["fill"]["slc_fill_s"] < end, (j["fill"]["slc_fill_s"], end)
print("%d jobs: J / W and the charts end at fio runtime x %d" % (n, S))
assert n >= 5, n
d = rep["drives"][0]
assert d["basis"].startswith("model scaled 1/1000: sizes, times and energies are the full drive"), d["basis"]
' "$TMP/tlc.json" "$FX/tlc"
cat "$T_OUT"
n=$(grep -c "sizes, times and energies are the full drive" "$TMP/tlc.txt")
[ "$n" = 1 ] && ! grep -q "GB of the full drive" "$TMP/tlc.txt" &&
	pass "text: the basis said once, at the drive's top, not per fill" ||
	fail "text: the basis said $n times, or per fill: $(grep -n "full drive" "$TMP/tlc.txt" | head -3)"
grep -q "peak (100 s)" "$TMP/tlc.txt" &&
	pass "text: the peak power's 100 ms window of the run is the full drive's 100 s" ||
	fail "text: peak window: $(grep -o 'peak ([^)]*)' "$TMP/tlc.txt" | head -1)"
n=$(grep -o "sizes, times and energies are the full drive" "$TMP/tlc.html" | wc -l)
[ "$n" = 1 ] && ! grep -q "GB of the full drive" "$TMP/tlc.html" &&
	pass "HTML: the basis said once" || fail "HTML: the basis said $n times"

# the sweep's p99.99 warnings: each names its job, once
expect_rc 0 "HTML: a sweep's p99.99 warnings each name their job, once each" python3 -c '
import re, sys
h = open(sys.argv[1]).read()
sec = h[h.index("<h4>qd1-rand-read-bs</h4>"):]
sec = sec[:sec.index("<h4>", 5)] if "<h4>" in sec[5:] else sec
w = re.findall(r"<p class=\"warn\">(.*?)</p>", sec)
p = [x for x in w if "p99.99 latency from" in x]
named = [re.match(r"<b>([^<]+)</b>: ", x) for x in p]
print(len(p), "warnings:", [m.group(1) if m else None for m in named])
assert len(p) >= 8 and all(named), p[:2]
jobs = [m.group(1) for m in named]
assert len(jobs) == len(set(jobs)), jobs
' "$TMP/tlc.html"
cat "$T_OUT"

# two drives' fills compared: in-cache MB/s is a column of the comparison
"$R" --format json "$FX/tlc" "$FX/qlc" >"$TMP/two.json" 2>/dev/null
"$R" --html "$TMP/two.html" "$FX/tlc" "$FX/qlc" >/dev/null 2>&1
expect_rc 0 "the fill comparison has each drive's in-cache MB/s, the fill's own" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1]))
h = open(sys.argv[2]).read()
fills = {}
for t in rep["tests"]:
    for j in t["jobs"]:
        if t["test"] == "pslc-fill":
            fills[t["dir"] if "dir" in t else len(fills)] = j["fill"]["in_cache_mbps"]
cmp = json.dumps(rep["comparison"])
print("in-cache MB/s:", list(fills.values()))
assert "in_cache_mbps" in cmp, cmp[:300]
assert "<th>in-cache MB/s</th>" in h
' "$TMP/two.json" "$TMP/two.html"
cat "$T_OUT"

# the purge is a step: last, no latency distribution, not charted
"$R" --html "$TMP/steps.html" "$FX/steps" >/dev/null 2>&1
"$R" "$FX/steps" >"$TMP/steps.txt" 2>/dev/null
expect_rc 0 "the purge is a preparation step: its own section last, no CDF, not in the power or every-job charts" python3 -c '
import re, sys
h = open(sys.argv[1]).read()
secs = re.findall(r"<h3 class=\"sec\">[^<]*: ([^<]*)</h3>", h)
print("sections:", secs)
assert secs[-1].startswith("Preparation steps"), secs
prep = h[h.rindex("Preparation steps"):]
assert "<h4>purge</h4>" in prep and h.count("<h4>purge</h4>") == 1
assert "purge: latency distribution" not in h
assert "qd1-rand-read-4k: latency distribution" in h
scatter = h[h.index("id=\"power\""):h.index("class=\"drive\"")]
assert "qd1-rand-read-4k" in scatter and "purge" not in scatter, scatter[:200]
every = h[h.index("id=\"jobs\""):]
assert "qd1-rand-write-4k" in every and "purge" not in every
' "$TMP/steps.html"
cat "$T_OUT"

# WSAT in a 60 degC case throttles: the PTS page says from where, and marks it
"$R" "$FX/pts-hot" >"$TMP/hot.txt" 2>/dev/null
"$R" --format json "$FX/pts-hot" >"$TMP/hot.json" 2>/dev/null
"$R" --html "$TMP/hot.html" "$FX/pts-hot" >/dev/null 2>&1
expect_rc 0 "WSAT throttled: the PTS page says from which GB written, as the SMART sidecar shows it" python3 -c '
import json, sys
smart = [json.loads(l) for l in open(sys.argv[4] + "/wsat_smart.1.jsonl")]
hot = [s for s in smart if s["critical_warning"] & 2 or s["thm_temp1_trans_count"] > smart[0]["thm_temp1_trans_count"]]
assert hot, "the fixture did not throttle"
ws = json.load(open(sys.argv[1]))["drives"][0]["pts"]["wsat"]
print("throttled from %.2f GB: %s" % (ws["throttle_gb"], ws["throttle"]))
assert ws["throttle"] and "SMART" in ws["throttle"]
# the GB written by the end of the period holding the first hot sample
t0 = hot[0]["time_us"] / 1000
per = [l.split(",") for l in open(sys.argv[4] + "/wsat_iops.1.log")]
gb = 0; prev = None; want = None
for i, (t, v, *_) in enumerate(per):
    t = float(t); dt = (t - prev) if prev is not None else float(per[1][0]) - t
    prev = t
    gb += float(v) * dt / 1e3 * 4096 * 1000 / 1e9
    if want is None and t >= t0:
        want = gb
# the axis ends at the bytes fio wrote (fio rounds each period down to the ms
# when it takes its rate: the sum of the log is 2.3 % over them here)
wrote = sum(j["write"]["io_bytes"] for j in json.load(open(sys.argv[4] + "/wsat.json"))["jobs"])
want *= wrote * 1000 / 1e9 / gb
assert abs(ws["throttle_gb"] - want) <= 1e-6 * max(want, 1), (ws["throttle_gb"], want)
txt = open(sys.argv[2]).read()
assert "the drive throttled from" in txt and "SMART" in txt
h = open(sys.argv[3]).read()
assert "the drive throttled from" in h and "throttled (SMART)" in h
' "$TMP/hot.json" "$TMP/hot.txt" "$TMP/hot.html" "$FX/pts-hot"
cat "$T_OUT"
summary
