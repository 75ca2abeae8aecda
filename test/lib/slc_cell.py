"""One cell of test/analysis/slc_matrix.sh: the report's SLC cache end in
DIR/report.json against the drive model's own account in DIR's events.

usage: python3 slc_cell.py DIR SCALE; exit 0 (and a line saying why) when
the figure is within 2 % of the model's cache end or its stated range holds
it, or null with a reason naming the log_avg_msec that resolves it (and a
range that holds it, if any); a drive with no cache must get no figure."""
import glob
import json
import sys

from model_truth import Truth

d, scale = sys.argv[1], float(sys.argv[2])
ev = glob.glob(d + "/*_events.1.jsonl")
truth = Truth(ev[0], scale).cache_end_gb() if ev else None
report = json.load(open(d + "/report.json"))
fills = [j["fill"] for t in report["tests"] for j in t["jobs"] if j.get("fill")]
if not fills:
    print("no fill in the report:", open(d + "/report.err").read().strip()[:200])
    sys.exit(1)
f = fills[0]
v, rng = f["slc_cache_gb"], f.get("slc_cache_range_gb")
why = (f.get("null_reasons") or {}).get("slc_cache_gb", "")
if not truth:
    ok = v is None
    print("no cache: %s" % ("none reported" if ok else "reported %.1f GB" % v))
    sys.exit(0 if ok else 1)
inside = rng is not None and rng[0] <= truth <= rng[1]
if v is not None:
    err = abs(v - truth) / truth
    ok = err <= 0.02 or inside
    print("%.1f GB, range %s, model %.1f GB (%.1f %%)" % (v, rng, truth, 100 * err))
    sys.exit(0 if ok else 1)
ok = "log_avg_msec" in why and (rng is None or inside)
print("null, range %s, model %.1f GB: %s" % (rng, truth, why[:160]))
sys.exit(0 if ok else 1)
