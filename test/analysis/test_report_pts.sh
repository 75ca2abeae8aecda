#!/bin/sh
# ssdq-report's SNIA PTS pages (docs/snia.md) on a PTS run of the drive
# model (tlc-enterprise-4tb scaled 1/1000, cells of 100 ms): each of the
# IOPS, throughput (128 KiB) and latency tests from its own purge and
# workload-independent preconditioning (<test>-prep.json), then five rounds
# as ssdq-run --suite snia names them (<test>-round-<N>.json, each round's
# logs its own), then WSAT from its purge. Every table cell is held to what
# it is made of:
# - the test's window and its tracking values are ssdq-pts's (one rule);
# - IOPS, MB/s and mean latency to the mean over the window's rounds of
#   fio's own JSON (a cell's directions summed, latency weighted by I/Os:
#   total latency where fio gives its percentiles, as the latency test asks,
#   else completion latency, as everywhere in the report),
#   maximum latency to the highest of fio's lat_ns max within one json+
#   bin (1/64 of its power of 2), 99.999 % to fio's own percentile;
# - W of every cell to the model's own account (model_energy: its energy
#   over the cell's I/O time) within 10 %, IOPS/W and MB/s/W the cell's
#   IOPS and MB/s over it;
# - each test's header: the purge and WIPC its prep's events and fio JSON
#   show, the write cache off (PTS-E) as its rounds' events say, dates; the
#   tracking variables named as the PTS names them; the convergence of
#   every all-write cell per round as fio's JSON gives it;
# - the model's account of the 4 KiB random write cell: every round past the
#   first at the garbage-collection regime (random), its IOPS no more than
#   the write amplification formula gives (docs/model.md; a busy host can
#   only make the model slower);
# - WSAT: the model's regime turns from direct to random where the erased
#   NAND runs out, (1 + spare) x the capacity within 1 %; the GB axis ends
#   at the 4 x the capacity fio wrote, within 2 %; its IOPS before and well
#   after the turn within 10 % of the model's account of them, and falling
#   where the model fell.
# The HTML page holds each test's charts, their ticks on their scales and
# no line of one point (test/lib/svg_check.py). Each cell's host marks
# follow its window rounds' host verdicts; a round made host-bound marks
# its cell and the steady-state verdict; a round whose drain moved a cell's
# latency marks those figures "^". About three minutes.
# Run from the top of the tree; SSDQ_REPORT, SSDQ_PTS, SSDQ_SO override;
# KEEP=DIR keeps the page and its charts there.
. test/lib.sh

. test/lib/pts_model.sh
for t in iops-prep iops-round latency-prep latency-round throughput-128k-prep throughput-128k-round wsat; do
	pts_render $t --set SSDQ_POWER_RATE=1000 --set SSDQ_SMART_INTERVAL=100ms || { fail "ssdq-render snia/$t.fio"; summary; exit 1; }
done
for t in iops latency throughput-128k; do
	pts_prep_rounds "$t" 5
done
pts_fio --output-format=json+ --output=wsat.json wsat.fio ||
	{ fail "WSAT: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
pass "a PTS run on the model: 3 tests each from its purge and WIPC, 5 rounds each, WSAT"

expect_rc 0 "ssdq-report --format json on the PTS run" "$R" --format json "$D"
cp "$T_OUT" "$TMP/report.json"
for t in iops latency throughput-128k; do
	case $t in
	iops) tr="--track r0-4k:write:iops" ;;
	latency) tr="--track r0-4k:write:lat" ;;
	*) tr="--track seq-read-128k:read:mbps --track seq-write-128k:write:mbps" ;;
	esac
	# shellcheck disable=SC2086 # the tracks
	"$PTS" steady --json $tr "$D/$t-round-1.json" "$D/$t-round-2.json" "$D/$t-round-3.json" \
		"$D/$t-round-4.json" "$D/$t-round-5.json" >"$TMP/$t.pts" 2>>"$TMP/pts.err"
done

python3 - "$TMP" "$D" <<'PY' >"$T_OUT" 2>&1
import json, math, os, re, sys
tmp, d = sys.argv[1], sys.argv[2]
rep = json.load(open(f"{tmp}/report.json"))
pts = rep["drives"][0]["pts"]
sys.path.insert(0, "test/lib")
from pts_check import bad, say, fio_doc, wa, events as events_in


def events(prefix):
    return events_in(d, prefix)

tests = {t["test"]: t for t in pts["tests"]}
say(sorted(tests) == ["iops", "latency", "throughput-128k"], f"three PTS tests found: {sorted(tests)}")
for name, t in tests.items():
    p = json.load(open(f"{tmp}/{name}.pts"))
    win = [p["tracks"][0]["window"][0], p["tracks"][0]["window"][1]] if p["tracks"] else None
    say(t["rounds"] == 5 and t["steady"] == p["steady"] and (not p["steady"] or t["window"] == win),
        f"{name}: window {t['window']} steady {t['steady']}, as ssdq-pts says ({win}, {p['steady']})")
    for k, tr in enumerate(t["tracks"]):
        ok = all(abs(a - b) <= 1e-6 * max(1, abs(b)) for a, b in zip(tr["rounds"], p["tracks"][k]["rounds"]))
        say(ok, f"{name}: {tr['job']} {tr['dir']} per round as ssdq-pts reads it")
    first, last = t["window"]
    docs = [fio_doc(f"{d}/{name}-round-{n}.json") for n in range(first, last + 1)]
    nbad = 0
    for c in t["cells"]:
        iops, mbps, lat, mx, p5 = [], [], [], [], []
        for doc in docs:
            js = [j for j in doc["jobs"] if j["jobname"] == c["cell"]]
            io = sum(j[dd]["iops"] for j in js for dd in ("read", "write"))
            iops.append(io)
            mbps.append(sum(j[dd]["bw_bytes"] for j in js for dd in ("read", "write")) / 1e6)
            # the report's latency: total (lat) where fio gives its percentiles
            # (lat_percentiles=1, as the latency test sets), else completion
            k = lambda j, dd: "lat_ns" if "percentile" in j[dd]["lat_ns"] else "clat_ns"
            lat.append(sum(j[dd][k(j, dd)]["mean"] * j[dd]["iops"] for j in js
                           for dd in ("read", "write") if j[dd]["iops"] > 0) / io / 1e3)
            mx.append(max(j[dd][k(j, dd)]["max"] for j in js for dd in ("read", "write")
                          if j[dd]["total_ios"] > 0) / 1e3)
            # fio's own five nines where the job file asks for them (latency)
            p5.append(max(j[dd][k(j, dd)]["percentile"].get("99.999000", math.nan) for j in js
                          for dd in ("read", "write") if j[dd]["total_ios"] > 0) / 1e3)
        avg = lambda v: sum(v) / len(v)
        checks = [("iops", c["iops"], avg(iops), 1e-6), ("mbps", c["mbps"], avg(mbps), 1e-6),
                  ("lat_mean_us", c["lat_mean_us"], avg(lat), 1e-3),
                  ("lat_max_us", c["lat_max_us"], max(mx), 1 / 32),
                  ("lat_p99999_us", c["lat_p99999_us"], avg(p5), 1 / 32)]
        if math.isnan(avg(p5)):
            checks.pop()
        # three figures printed to 10 digits (%.10g): each within 5e-10 of its
        # value, so the quotient of two within 1.5e-9 of the third
        if c["power_w"] is not None:
            checks += [("iops_per_w", c["iops_per_w"], c["iops"] / c["power_w"], 1.5e-9),
                       ("mbps_per_w", c["mbps_per_w"], c["mbps"] / c["power_w"], 1.5e-9)]
        for key, got, want, tol in checks:
            if got is None or abs(got - want) > tol * abs(want):
                nbad += 1
                if nbad <= 5:
                    print(f"    {name} {c['cell']} {key}: report {got}, fio {want}")
    say(nbad == 0, f"{name}: every cell's IOPS, MB/s, mean, max and 99.999 % latency, "
        f"IOPS/W and MB/s/W over rounds {first}-{last} as fio's own JSON gives them ({len(t['cells'])} cells)")
    # W against the model's energy account of each cell, over the window
    nw = nbad = 0
    for c in t["cells"]:
        if c["power_w"] is None:
            continue
        ws = []
        for n in range(first, last + 1):
            tr = [e for e in events(f"{name}-round-{n}") if e["event"] == "model_energy"
                  and e["job"] == c["cell"]]
            ws += [float(re.search(r"([0-9.]+) W", e["truth"]).group(1)) for e in tr[:1]]
        if len(ws) != last - first + 1:
            continue
        nw += 1
        want = sum(ws) / len(ws)
        # a cell the host distorted in a window round (its mark, host_rounds):
        # the sampler's window and the model's I/O span part at a stall's
        # edge (8.37 W against 9.34 seen at load 10): 20 % there
        tol = 0.20 if c.get("host_rounds") else 0.10
        if abs(c["power_w"] - want) > tol * want:
            nbad += 1
            if nbad <= 5:
                print(f"    {name} {c['cell']}: {c['power_w']:.2f} W, the model's account {want:.2f} W")
    # the model's own account gives every cell its W, however short
    say(nw == len(t["cells"]) and nbad == 0,
        f"{name}: W of {nw} of {len(t['cells'])} cells within 10 % of the model's energy account "
        f"(20 % in a round the host distorted)")
    # the header: the prep's purge and WIPC, the rounds' write cache, dates
    h = t["header"]
    prep = events(f"{name}-prep")
    erase = [e["method"] for e in prep if e["event"] == "erase_end"]
    wipc = [j for j in fio_doc(f"{d}/{name}-prep.json")["jobs"] if j["jobname"] == "wipc"][0]
    wcs = {(e["enabled"], e["asked"]) for n in range(1, 6) for e in events(f"{name}-round-{n}")
           if e["event"] == "write_cache"}
    t0 = min(e["time_us"] for e in prep)
    cap_b = json.load(open(f"{d}/device.json"))["capacity_bytes"]
    say(h["pts_version"] == "2.0.2" and erase == ["model"] and h["purge_method"] == "model" and
        h["pts_purge"] is True and h["wipc_bs"] == 128 * 1024 and
        abs(h["wipc_capacities"] * cap_b - wipc["write"]["io_bytes"]) <= 1e-6 * cap_b and
        wcs == {(False, "off")} and h["write_cache"] == "disabled" and
        h["start_us"] == t0 and h["end_us"] > h["start_us"] and
        all(h[k] for k in ("device", "specification", "purge", "preconditioning",
                           "outstanding_io_active_range", "volatile_write_cache",
                           "data_pattern", "steady_state", "dates")),
        f"{name}: header: purge {h['purge_method']} (events {erase}), WIPC {h['wipc_bs']} B x "
        f"{h['wipc_capacities']:.4f} capacity ({wipc['write']['io_bytes']} B), write cache "
        f"{h['write_cache']} (rounds' events {sorted(wcs)}), {h['dates']}")
    # the convergence plots: each all-write cell per round, as fio gives it
    conv_bad = 0
    for cv in t["convergence"]:
        for n, v in enumerate(cv.get("iops", cv.get("lat_mean_us", [])), 1):
            js = [j for j in fio_doc(f"{d}/{name}-round-{n}.json")["jobs"] if j["jobname"] == cv["cell"]]
            if "iops" in cv:
                want = sum(j["write"]["iops"] for j in js)
            else:
                k = lambda j: "lat_ns" if "percentile" in j["write"]["lat_ns"] else "clat_ns"
                want = sum(j["write"][k(j)]["mean"] * j["write"]["iops"] for j in js) / \
                       sum(j["write"]["iops"] for j in js) / 1e3
            conv_bad += abs(v - want) > 1e-3 * want
    want_conv = {"iops": 7, "latency": 2, "throughput-128k": 0}[name]
    say(len(t["convergence"]) == want_conv and conv_bad == 0 and
        all(len(cv.get("iops", cv.get("lat_mean_us", []))) == 5 for cv in t["convergence"]) and
        (name != "latency" or all(len(cv["lat_max_us"]) == 5 for cv in t["convergence"])),
        f"{name}: convergence of {len(t['convergence'])} all-write cells per round as fio gives them")
    names = {"iops": ["RND 4KiB 100% W IOPS"], "latency": ["RND 4KiB 100% W mean response time (µs)"],
             "throughput-128k": ["SEQ 128KiB 100% R MB/s", "SEQ 128KiB 100% W MB/s"]}[name]
    say([tr["name"] for tr in t["tracks"]] == names,
        f"{name}: tracking variables as the PTS names them: {[tr['name'] for tr in t['tracks']]}")

# the 4 KiB random write cell at the model's steady state: GC, at most the formula's IOPS
spare, direct, cap = 0.0995, 1600e6, None
dev = json.load(open(f"{d}/device.json"))
cell = [c for c in tests["iops"]["cells"] if c["cell"] == "r0-4k"][0]
# bytes per regime from each thread's account (a regime holds from its
# event's bytes to the next's, the last to job_end's); a random offset that
# happens to continue a write stream is sequential to the model (direct)
share = {}
for n in range(2, 6):
    for f in sorted(os.listdir(d)):
        if not (f.startswith(f"iops-round-{n}_events.") and f.endswith(".jsonl")):
            continue
        ev = [json.loads(l) for l in open(os.path.join(d, f)) if l.strip()]
        ev = [e for e in ev if e.get("job") == "r0-4k" and e["event"] in ("model_regime", "job_end")]
        for a, b in zip(ev, ev[1:]):
            if a["event"] == "model_regime":
                k = a["regime"].split("+")[0]
                share[k] = share.get(k, 0) + b["bytes"] - a["bytes"]
tot = sum(share.values()) or 1
regimes = {k for k, v in share.items() if v > 0.01 * tot}
# A is steep near full (5.70 full, 5.44 at 99.5 %): the bound is a drive WIPC
# left at least 99.5 % full; a busy host only makes the model slower
bound = direct / wa(0.995) / 4096
say(regimes == {"random"} and cell["iops"] <= bound,
    f"iops r0-4k: rounds 2-5 in the model's GC regime ({share.get('random', 0) / tot:.4f} of "
    f"{tot / 1e6:.0f} MB: {sorted(share)}), {cell['iops']:.0f} IOPS "
    f"<= {bound:.0f} (1600 MB/s / A(0.995) = {wa(0.995):.2f}, 4 KiB; full: {direct / wa(1.0) / 4096:.0f})")

# WSAT: from erased to GC where the erased NAND ends; GB; IOPS fall
ws = pts["wsat"]
cap_gb = ws["capacity_gb"]
turn = [e["bytes"] for e in events("wsat") if e["event"] == "model_regime" and e["regime"].startswith("random")]
want = (1 + spare) * cap_gb * 1e9 / 1000
say(turn and abs(turn[0] - want) <= 0.01 * want,
    f"wsat: the model turns to garbage collection at {turn[0] / 1e6 if turn else 0:.1f} MB of "
    f"{want / 1e6:.1f} MB ((1 + spare) x capacity, scaled 1/1000)")
say(ws["gb"] and abs(ws["gb"][-1] - 4 * cap_gb) <= 0.02 * 4 * cap_gb,
    f"wsat: {len(ws['gb'])} periods, the GB axis ends at {ws['gb'][-1] if ws['gb'] else 0:.0f} GB "
    f"of 4 x {cap_gb:.0f}")
# the fall as the model made it: the IOPS the host got before the turn
# and well after it (the model's bytes over its time in those spans),
# against the page's periods over the same GB; a busy host slows both
# sides, and the model freeing blocks while the host stalls lifts a few
# periods after the turn, so means over spans, not one period
# (model_truth.Truth: the write regimes over a span of the full drive's GB)
from model_truth import Truth
m = Truth(f"{d}/wsat_events.1.jsonl", 1000)
def truth_iops(g_lo, g_hi):
    v = m.mbps("", from_gb=g_lo, upto_gb=g_hi)
    return v * 1e6 / 4096 if v else None
def page_iops(g_lo, g_hi):
    v = [i for g, i in zip(ws["gb"], ws["iops"]) if g_lo < g <= g_hi]
    return sum(v) / len(v) if v else None
tg = m.first_gb("random") or 0
# the page's GB axis is its periods' IOPS summed (scaled to fio's bytes), a
# few % off the model's bytes near the turn: spans clear of it each side
pre_t, post_t = truth_iops(0.1 * tg, 0.9 * tg), truth_iops(1.25 * tg, m.gb(m.bytes))
pre_p, post_p = page_iops(0.1 * tg, 0.9 * tg), page_iops(1.25 * tg, 1e12)
def close(a, b, pct):
    return a is not None and b is not None and abs(a - b) <= pct / 100 * b
# fio takes each period's rate over its time rounded down to the ms: up to
# 7 % over on a busy host's 20 ms periods (docs/snia.md, WSAT)
say(close(pre_p, pre_t, 10) and close(post_p, post_t, 10) and
    (pre_t < 1.2 * post_t or pre_p > 1.1 * post_p),
    f"wsat: IOPS fall from {pre_p or 0:.0f} to {post_p or 0:.0f} before and after the turn "
    f"(the model's account: {pre_t or 0:.0f} to {post_t or 0:.0f})")
# in the preset's own 30 degC the enterprise drive never throttles (docs/model.md:
# 64 degC at its highest draw), so WSAT is the media's: the model's account
# has no throttled regime nor temperature warning, and the page says none
hot = [e for e in events("wsat") if e["event"] == "model_regime" and "throttled" in e["regime"]
       or e["event"] == "critical_warning" and e.get("bytes")]
say(not hot and ws["throttle"] is None and ws["throttle_gb"] is None,
    f"wsat: no throttling in the preset's air (the model's account: {hot[:1]}; the page: {ws['throttle']})")
# against time too: each period's end since the first began, the full drive's minutes
lg = [l.split(",") for l in open(f"{d}/wsat_iops.1.log") if l.strip()]
ends = [float(l[0]) for l in lg]
start = ends[0] - (ends[1] - ends[0])
want_min = [(e - start) / 60e3 * 1000 for e in ends]
say(len(ws["minutes"]) == len(want_min) and
    all(abs(a - b) <= 1e-6 * b for a, b in zip(ws["minutes"], want_min)),
    f"wsat: minutes since the purge per period as the IOPS log's times give them "
    f"({ws['minutes'][-1]:.1f} min of the full drive's)")
sys.exit(1 if bad else 0)
PY
rc=$?
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))
[ $rc -le 1 ] || fail "the checks' script failed (exit $rc)"

expect_rc 0 "ssdq-report --html on the PTS run" "$R" --html "$TMP/p.html" --svg-dir "$TMP/svg" "$D"
expect_rc 0 "every chart of the page and of --svg-dir: tick labels on their scale, lines of two points or more" \
	python3 test/lib/svg_check.py "$TMP/p.html" "$TMP/svg"
tail -n 1 "$T_OUT"
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp -r "$TMP/p.html" "$TMP/svg" "$KEEP/"; }
for what in "SNIA PTS IOPS: iops" "SNIA PTS Latency: latency" "SNIA PTS Throughput: throughput-128k" \
	"SNIA PTS write saturation" "99.999 % µs" "IOPS/W"; do
	grep -q "$what" "$TMP/p.html" && pass "the page holds \"$what\"" || fail "the page lacks \"$what\""
done
n=$(find "$TMP/svg" -name '*rounds-*' | wc -l)
w=$(find "$TMP/svg" -name '*window-*' | wc -l)
[ "$n" -ge 4 ] && [ "$w" -ge 1 ] && [ -f "$(find "$TMP/svg" -name '*wsat.iops-gb.svg' | head -1)" ] &&
	[ -f "$(find "$TMP/svg" -name '*wsat.iops-time.svg' | head -1)" ] &&
	pass "charts: $n convergence, $w window, WSAT against GB and time" || fail "charts: $(ls "$TMP/svg" | tr '\n' ' ')"
miss=''
for f in iops.conv-iops iops.2d-iops iops.heat-iops latency.conv-lat-mean latency.conv-lat-max \
	latency.2d-lat-mean latency.2d-lat-max; do
	[ -f "$(find "$TMP/svg" -name "*$f.svg" | head -1)" ] || miss="$miss $f"
done
[ -z "$miss" ] && pass "charts: every block size's convergence, mean and maximum latency, 2D plots, the IOPS heat map" ||
	fail "charts missing:$miss"
# the IOPS table in the PTS's orientation: block size up from 0.5 KiB (n/a:
# the 4 KiB LBA drive cannot run it), R/W mix from 0/100
python3 - "$TMP/p.html" >"$T_OUT" 2>&1 <<'PY'
import re, sys
h = open(sys.argv[1]).read()
t = h[h.index("<caption>IOPS (IOPS), window average"):]
t = t[:t.index("</table>")]
# (a cell the host marked has the marks' legend, lines of it, as its title)
rows = re.findall(r"<tr><td>([0-9.]+ KiB)</td>(.*?)</tr>", t, re.S)
mixes = re.findall(r"<th>(\d+/\d+)</th>", t)
print([r[0] for r in rows], mixes, rows[0][1].count(">n/a<"))
sys.exit(0 if [r[0] for r in rows] == ["0.5 KiB", "4 KiB", "8 KiB", "16 KiB", "32 KiB", "64 KiB",
                                        "128 KiB", "1024 KiB"] and
         mixes == ["0/100", "5/95", "35/65", "50/50", "65/35", "95/5", "100/0"] and
         rows[0][1].count(">n/a<") == 7 else 1)
PY
[ $? = 0 ] && pass "the IOPS table: block sizes from 0.5 KiB (n/a), mixes from 0/100 ($(cat "$T_OUT"))" ||
	fail "the IOPS table: $(cat "$T_OUT")"
# the header on the page: every field
miss=''
for f in Device Specification Purge Preconditioning "Outstanding I/O, active range" \
	"Volatile write cache" "Data pattern" "Steady state" Dates; do
	[ "$(grep -c "<tr><th>$f</th>" "$TMP/p.html")" = 3 ] || miss="$miss $f"
done
[ -z "$miss" ] && grep -q "<th>Volatile write cache</th><td>disabled</td>" "$TMP/p.html" &&
	pass "the page: each test's header, the write cache disabled" || fail "the page's headers lack:$miss"

# the PTS pages own the rounds, the preps and the WSAT run: in the page and
# the text no section of their own, no bar of the every-job chart; the JSON
# keeps every test
n=$(grep -c '<h4>[a-z0-9-]*-round-[0-9]*</h4>\|<h4>[a-z0-9-]*-prep</h4>\|<h4>wsat</h4>' "$TMP/p.html")
b=$(grep -c '<title>[a-z0-9-]*-round-[0-9]* / \|<title>[a-z0-9-]*-prep / ' "$TMP/p.html")
[ "$n" = 0 ] && [ "$b" = 0 ] &&
	pass "the page: no section ($n) nor job bar ($b) of a round, a prep or WSAT" ||
	fail "the page: $n sections and $b job bars of rounds, preps or WSAT"
"$R" "$D" >"$TMP/text0" 2>&1
n=$(grep -c '^== [a-z0-9-]*-round-[0-9]* (\|^== [a-z0-9-]*-prep (\|^== wsat (' "$TMP/text0")
[ "$n" = 0 ] && pass "the text: no test of its own for a round, a prep or WSAT" ||
	fail "the text: $n tests of rounds, preps or WSAT"
# the purges and preconditionings are preparation: where the page shows one
# it is filed last, none in a power scatter (the page no longer opens with
# one of the steps alone), no purge latency distribution
python3 - "$TMP/p.html" >"$T_OUT" 2>&1 <<'PY'
import re, sys
h = open(sys.argv[1]).read()
secs = re.findall(r'<h3 class="sec">[^<]*: ([^<]*)</h3>', h)
prep = h[h.rindex("Preparation steps"):] if "Preparation steps" in h else ""
ok = (secs and (not prep or secs[-1].startswith("Preparation steps"))
      and 'id="power"' not in h
      and "purge: latency distribution" not in h)
print("%s: the steps last if shown, out of a power scatter, no purge CDF (sections %s)"
      % ("PASS" if ok else "FAIL", secs))
PY
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))
# each test's conditions, as its rounds' fio options say; the IOPS test's class
grep -q "^  Test conditions: T4Q32, active range 100% (the enterprise class's, PTS-E)" "$TMP/text0" &&
	grep -q "^  Test conditions: T1Q1, active range 100%$" "$TMP/text0" &&
	pass "the text: the IOPS test at PTS-E's T4Q32 over 100 %, the latency test at T1Q1" ||
	fail "the text: $(grep 'Test conditions' "$TMP/text0" | tr '\n' '|')"
"$R" --format json "$D" >"$TMP/all.json" 2>/dev/null
c=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s=%s/%s" % (t["test"], t["conditions"], t["pts_class"])
               for dr in d["drives"] for t in dr["pts"]["tests"]))' "$TMP/all.json")
[ "$c" = "iops=T4Q32, active range 100%/enterprise latency=T1Q1, active range 100%/enterprise throughput-128k=T1Q32, active range 100%/enterprise" ] &&
	pass "the JSON: each test's conditions, the IOPS test's class the drive's" || fail "the JSON's conditions: $c"
n=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for t in d["tests"] if "-round-" in t["test"] or t["test"] == "wsat"))' "$TMP/all.json")
[ "$n" = 16 ] && pass "the JSON keeps the 15 rounds and WSAT" || fail "the JSON holds $n rounds and WSAT, not 16"

# the host's marks on the cells (docs/report.md, Host): as the run came,
# each cell carries RPT_MARK_HOST exactly where a window round's job of it
# was host-bound or had its tail marked (the rounds' own host verdicts, in
# the same JSON); then round 2's r100-4k of the latency test made host-bound
# (its host sidecar: the host added as much as the model's service times;
# every other job's made quiet): its cell marked with the round's reason in
# text, JSON and HTML, no other cell, and the steady-state verdict says
# round 2 had a host-bound cell
python3 - "$TMP/all.json" >"$T_OUT" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
jobs = {(t["test"], j["name"]): j for t in d["tests"] for j in t["jobs"]}
bad = 0
for t in d["drives"][0]["pts"]["tests"]:
    for c in t["cells"]:
        want = [n for n in range(t["window"][0], t["window"][1] + 1)
                if (j := jobs.get((f"{t['test']}-round-{n}", c["cell"])))
                and j["host"]["verdict"] in ("host-bound", "tail")]
        bound = any(jobs[(f"{t['test']}-round-{n}", c["cell"])]["host"]["verdict"] == "host-bound"
                    for n in want)
        ok = c["host_rounds"] == len(want) and bool(c["host_marked"]) == bool(want) \
            and (c["host"] is None) == (not want) \
            and (not bound or c["host"].split(": ")[1] == "host-bound")
        if not ok:
            bad += 1
            print("FAIL: %s %s: host_rounds %s marked %s, the rounds' verdicts say %s"
                  % (t["test"], c["cell"], c["host_rounds"], c["host_marked"], want))
print("%s: every cell's host marks follow its window rounds' host verdicts (%d wrong)"
      % ("PASS" if not bad else "FAIL", bad))
PY
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))
H=$TMP/hb
cp -R "$D" "$H"
python3 - "$H" <<'PY'
import glob, json, sys
h = sys.argv[1]
# every job quiet (the host as this one's may have been busy), the model's
# pace kept, then round 2's r100-4k with the host adding as much as the model
for side in glob.glob(f"{h}/*_host.*.jsonl"):
    ev = side.replace("_host.", "_events.")
    evs = [json.loads(l) for l in open(ev) if l.strip()]
    bound = "latency-round-2_" in side and any(e.get("job") == "r100-4k" for e in evs)
    out = []
    for l in open(side):
        x = json.loads(l)
        if "interval_us" in x:
            x.update(run_delay_us=0, nivcsw=0)
        if "intended_us" in x:
            x.update(host_added_us=x["intended_us"] if bound else 0,
                     late_ios=x["ios"] if bound else 0, drive_idle_us=0,
                     host_added_max_us=500 if bound else 0)
        out.append(json.dumps(x))
    open(side, "w").write("\n".join(out) + "\n")
    for e in evs:
        if e.get("event") == "model_pace":
            e.update(kept=not bound, host_added_share=1.0 if bound else 0.0)
    open(ev, "w").write("".join(json.dumps(e) + "\n" for e in evs))
PY
"$R" "$H" >"$TMP/hb.txt" 2>&1
"$R" --format json "$H" >"$TMP/hb.json" 2>/dev/null
"$R" --html "$TMP/hb.html" "$H" >/dev/null 2>&1
grep -q "^  ! distorted by the host in the window of cells r100-4k (1 of 5 rounds; round 2: host-bound: " "$TMP/hb.txt" &&
	grep -q "^  ! a cell was host-bound in round 2 of the [a-z-]* window: " "$TMP/hb.txt" &&
	[ "$(grep -c '^  ! distorted by the host\|^  ! a cell was host-bound' "$TMP/hb.txt")" = 2 ] &&
	pass "text: the host-bound cell of round 2 and the steady-state verdict say so" ||
	fail "text: $(grep -A3 'PTS Latency' "$TMP/hb.txt" | tr '\n' '|')"
python3 - "$TMP/hb.json" "$TMP/all.json" "$TMP/hb.html" >"$T_OUT" 2>&1 <<'PY'
import json, os, re, sys
hb, base, html = (json.load(open(sys.argv[1])), json.load(open(sys.argv[2])),
                  open(sys.argv[3], encoding="utf-8").read())
lat = [t for t in hb["drives"][0]["pts"]["tests"] if t["test"] == "latency"][0]
was = [t for t in base["drives"][0]["pts"]["tests"] if t["test"] == "latency"][0]
c = [x for x in lat["cells"] if x["cell"] == "r100-4k"][0]
c0 = [x for x in was["cells"] if x["cell"] == "r100-4k"][0]
ok = ("lat_mean_us" in c["host_marked"] and "lat_max_us" in c["host_marked"]
      and "lat_p99999_us" in c["host_marked"] and c["host_rounds"] == 1
      and "did not keep its pace" in c["host"]
      and c["host"].startswith("round 2: host-bound: ") and 2 in lat["host_bound_rounds"]
      and "host-bound in round" in (lat["host"] or ""))
print("%s: json: r100-4k's latency marked with round 2's reason, round 2 in host_bound_rounds (%s, %s, %s)"
      % ("PASS" if ok else "FAIL", c["host_marked"], c["host"] and c["host"][:60], lat["host_bound_rounds"]))
others = [(x["cell"], x["host_marked"]) for t in hb["drives"][0]["pts"]["tests"] for x in t["cells"]
          if (t["test"], x["cell"]) != ("latency", "r100-4k") and (x["host_marked"] or x["host_rounds"])]
print("%s: json: no other cell marked (%s)" % ("FAIL" if others else "PASS", others))
print("%s: json: only round 2 of the latency test host-bound (%s)" % (
    "PASS" if lat["host_bound_rounds"] == [2] and all(
        not t["host_bound_rounds"] for t in hb["drives"][0]["pts"]["tests"] if t["test"] != "latency")
    else "FAIL", lat["host_bound_rounds"]))
sec = html[html.index("<h4>SNIA PTS Latency: "):]
sec = sec[:sec.index("<h4>SNIA PTS", 10)] if "<h4>SNIA PTS" in sec[10:] else sec
# a marked cell's title is the marks' legend, lines of it
row = re.search(r"<tr><td>r100-4k</td>.*?</tr>", sec, re.S)
td = row and re.search(r'<td class="marked" title="! distorted by the host[^"]*">[0-9.]+!</td>', row.group(0))
notes = ("! a cell was host-bound in round 2 of the" in sec,
         "! distorted by the host in the window of cells r100-4k" in sec)
print("%s: html: r100-4k's cells marked (%s), the window's and the cell's notes (%s)"
      % ("PASS" if td and all(notes) else "FAIL", bool(td), notes))
if not (td and all(notes)) and os.environ.get("KEEP"):
    open(os.environ["KEEP"] + "/hb.html", "w").write(html)
PY
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))

# fio's drain's marks on the cells (docs/snia.md): from the quiet copy, every
# job's drain taken away but round 3's r100-4k of the latency test, whose
# drain held half its I/Os' time and its 256 slowest I/Os (as json+ bins
# give them) each down to the median: its mean, maximum and 99.999 %
# moved. Its cell carries "^" on those three (beside round 2's "!") with
# the round's reason in text, JSON and HTML, and no other cell any
G=$TMP/drained
cp -R "$H" "$G"
python3 - "$G" <<'PY'
import glob, json, sys
g = sys.argv[1]
def doctored(side, evs):
    return "latency-round-3_" in side and any(e.get("job") == "r100-4k" for e in evs)
def slowest(path, job, n):
    """The @n slowest I/Os of @job by its json+ bins (us), and its median."""
    fio = json.load(open(path))
    j = [x for x in fio["jobs"] if x["jobname"] == job][0]
    bins = {}
    for dd in ("read", "write"):
        lat = j[dd].get("lat_ns") or {}
        for k, c in (lat.get("bins") or {}).items():
            bins[int(k)] = bins.get(int(k), 0) + c
    vals = sorted(bins)
    total, run, med = sum(bins.values()), 0, None
    for v in vals:
        run += bins[v]
        if med is None and run >= total / 2:
            med = v
    out = []
    for v in reversed(vals):
        out += [v / 1000] * min(bins[v], n - len(out))
        if len(out) == n:
            break
    return out, med / 1000
for side in glob.glob(f"{g}/*_host.*.jsonl"):
    ev = side.replace("_host.", "_events.")
    evs = [json.loads(l) for l in open(ev) if l.strip()]
    hit = doctored(side, evs)
    rows = [json.loads(l) for l in open(side)]
    held = sum(x.get("intended_us", 0) for x in rows)
    for x in rows:
        if "drain_ios" in x:
            x.update(drain_ios=0, drain_added_us=0, drain_late_ios=0)
    if hit:
        rows[-1].update(drain_ios=256, drain_added_us=held, drain_late_ios=256)
        top, med = slowest(side.split("_host.")[0].rsplit("/", 1)[0] + "/latency-round-3.json",
                           "r100-4k", 256)
    open(side, "w").write("".join(json.dumps(x) + "\n" for x in rows))
    for e in evs:
        if e.get("event") == "model_pace":
            e.update(drain_ios=256 if hit else 0, drain_added_us=held if hit else 0,
                     drain_lat_max_us=max(top) if hit else 0,
                     drain_lat_held_us=[[v, v - med, 0] for v in top] if hit else [])
    open(ev, "w").write("".join(json.dumps(e) + "\n" for e in evs))
PY
"$R" "$G" >"$TMP/dr.txt" 2>&1
"$R" --format json "$G" >"$TMP/dr.json" 2>/dev/null
"$R" --html "$TMP/dr.html" "$G" >/dev/null 2>&1
grep -q "^  ^ moved by fio's end-of-job drain in the window of cells r100-4k (1 of 5 rounds; round 3: fio's end-of-job drain added " "$TMP/dr.txt" &&
	[ "$(grep -c "^  ^ moved by fio's end-of-job drain" "$TMP/dr.txt")" = 1 ] &&
	pass "text: the drained cell of round 3, once" ||
	fail "text: $(grep -A4 'PTS Latency' "$TMP/dr.txt" | tr '\n' '|')"
python3 - "$TMP/dr.json" "$TMP/dr.html" >"$T_OUT" 2>&1 <<'PY'
import json, re, sys
dr, html = json.load(open(sys.argv[1])), open(sys.argv[2], encoding="utf-8").read()
tests = dr["drives"][0]["pts"]["tests"]
lat = [t for t in tests if t["test"] == "latency"][0]
c = [x for x in lat["cells"] if x["cell"] == "r100-4k"][0]
ok = (sorted(c["drain_marked"]) == ["lat_max_us", "lat_mean_us", "lat_p99999_us"]
      and c["drain_rounds"] == 1 and c["drain"].startswith("round 3: fio's end-of-job drain added")
      and "it moved " in c["drain"])
print("%s: json: r100-4k's mean, maximum and 99.999 %% marked with round 3's drain (%s, %s)"
      % ("PASS" if ok else "FAIL", c["drain_marked"], c["drain"] if not ok else c["drain"][:70]))
if not ok:
    print("    drain_rounds %s, host_marked %s" % (c["drain_rounds"], c["host_marked"]))
others = [(t["test"], x["cell"], x["drain_marked"]) for t in tests for x in t["cells"]
          if (t["test"], x["cell"]) != ("latency", "r100-4k") and (x["drain_marked"] or x["drain_rounds"])]
print("%s: json: no other cell drain-marked (%s)" % ("FAIL" if others else "PASS", others))
sec = html[html.index("<h4>SNIA PTS Latency: "):]
sec = sec[:sec.index("<h4>SNIA PTS", 10)] if "<h4>SNIA PTS" in sec[10:] else sec
rows = "".join(re.findall(r"<tr><td>r100-4k</td>.*?</tr>", sec, re.S))
tds = re.findall(r'<td class="marked" title="[^"]*\^ moved by fio(?:&#39;|\')s end-of-job drain[^"]*">'
                 r'[0-9.]+!?\^</td>', rows)
note = "^ moved by fio" in sec and "in the window of cells r100-4k" in sec
print("%s: html: r100-4k's three cells carry the sign and legend (%d), the test's note (%s)"
      % ("PASS" if len(tds) >= 3 and note else "FAIL", len(tds), note))
if len(tds) < 3:
    print("    " + "\n    ".join(re.findall(r"<td class=\"marked\"[^>]*>[^<]*</td>", rows)[:4]) or rows[:600])
PY
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))

# a round lost: the report says which and judges no window, and names the file
: >"$D/latency-round-3.json"
"$R" "$D" >"$TMP/text" 2>&1
grep -q "SNIA PTS Latency (latency): rounds 1-5 of 5 averaged; round 3: .*latency-round-3.json" "$TMP/text" &&
	pass "an empty round: the page names it" ||
	{ fail "an empty round: $(grep -A1 'PTS Latency' "$TMP/text" | head -3)"; }
grep -q "latency-round-3.json: partial run: fio's JSON is empty" "$TMP/text" &&
	pass "an empty round: ssdq-report names its file" || fail "an empty round: its file not named"
summary
