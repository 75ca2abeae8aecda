#!/bin/sh
# The SLC cache rule's cases (docs/report.md, test/analysis/slc_cases.py)
# through ssdq-report as a user runs it: a faster start, a cache that
# wanders and steps down, recovery bursts after it, a 17 % fall, a cache of
# 1 % of the drive, a gradual fall, no cache, a log too coarse for the
# cache, thermal throttling. Each case's figure within 2 % of its truth or
# its stated range holding it; a null where the case has no single figure,
# with its reason; every output (text, CSV, JSON, HTML and the fill chart)
# carrying the range. `make docs-slc` draws the charts of docs/slc/ from the
# same cases.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
R=${SSDQ_REPORT:-$top/build/ssdq-report}
# it runs in each case's directory: make check-fast gives build/ssdq-report
case $R in /*) ;; *) R=$PWD/$R ;; esac
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT

python3 "$top/test/analysis/slc_cases.py" "$W" || { fail "the cases were written"; summary; }
for d in "$W"/*/; do
	c=$(basename "$d") o=$W/$(basename "$d").out
	mkdir -p "$o"
	(cd "$d" && "$R" --format json . >"$o/report.json" 2>"$o/report.err" && "$R" --format csv . >"$o/report.csv" &&
		"$R" . >"$o/report.txt" && "$R" --html "$o/report.html" --svg-dir "$o/svg" . >/dev/null) ||
		{ fail "$c: ssdq-report read it"; sed 's/^/    /' "$o/report.err" | head -3; continue; }
	if python3 - "$o" "$W/$c.truth.json" "$c" >"$T_OUT" 2>&1 <<'PY'
import csv, json, sys
d, c = sys.argv[1], sys.argv[3]
truth = json.load(open(sys.argv[2]))
f = json.load(open(d + "/report.json"))["tests"][0]["jobs"][0]["fill"]
v, rng = f["slc_cache_gb"], f["slc_cache_range_gb"]
why = (f.get("null_reasons") or {}).get("slc_cache_gb", "")
t = truth["cache_gb"]
ok = True
if truth["throttled_gb"]:
    ok = v is None and "thermal throttling" in why and abs(f["throttle_gb"] - 60) < 1.2
elif t is None:
    ok = v is None and rng is None and "never fell" in why
elif isinstance(t, list):
    ok = rng is not None and rng[0] <= t[0] + 8 and rng[1] >= t[1] - 5 and (v is None or t[0] < v < t[1])
    ok = ok and (v is not None or "gradually" in why)
else:
    inside = rng is not None and rng[0] <= t <= rng[1]
    ok = inside and (abs(v - t) <= 0.02 * t if v is not None else "log_avg_msec" in why)
row = next(csv.DictReader(open(d + "/report.csv")))
if rng is not None:
    ok = ok and abs(float(row["slc_cache_lo_gb"]) - rng[0]) < 1e-6 and abs(float(row["slc_cache_hi_gb"]) - rng[1]) < 1e-6
    text = open(d + "/report.txt").read()
    svg = open(d + "/svg/" + c + ".fill.fill.svg").read()
    ok = ok and "the cache ends between" in svg and ("where the log places it" in text or v is None)
print("%s: %s, range %s, truth %s%s" % (truth["title"], v, rng, t, (": " + why[:100]) if why else ""))
sys.exit(0 if ok else 1)
PY
	then pass "$c: $(cat "$T_OUT")"; else fail "$c: $(cat "$T_OUT")"; fi
done
summary
