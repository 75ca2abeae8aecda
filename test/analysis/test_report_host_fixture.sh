#!/bin/sh
# The host verdict (analysis/compute/host_verdict.h) from hand-made host
# sidecars beside the drive model's fixtures (test/fixtures/ssdq-model/tlc),
# each with shares known: a QD1 job the host took 30 % of the time from
# (host-bound: MB/s, IOPS, mean, p99, p99.99 marked), one it took 1 % from
# (quiet: nothing marked), one with only 0.005 % of its I/Os late (tail: its
# p99.99 marked, not its p99), a sidecar of an unknown version (refused,
# named by file and line: not measured), one with a bad line (named; the
# other lines used), a namespace's sidecar (no model account) whose thread
# waited 24 % of one interval in four (6 % over all: host-bound, its spike
# drawn on the time charts), and jobs with none ("host: not measured"); the
# engine's model_pace kept:false on a job the verdict calls quiet is said in
# its line (text, JSON, the HTML cell's title), kept:true is not; the fill's
# spike shaded on its GB axis where fio's log says it wrote, on its own
# chart and the comparison's.
# Every output — text, CSV, JSON, HTML — says the same. Run from the top of
# the tree.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
MD=test/fixtures/ssdq-model
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
TMP=$(mktemp -d)
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

D=$TMP/tlc
cp -R "$MD/tlc" "$D"
python3 - "$D" <<'EOF'
import json, sys
d = sys.argv[1]

def window(test, n):
    t0 = t1 = None
    for line in open("%s/%s_events.%d.jsonl" % (d, test, n)):
        e = json.loads(line)
        if e["event"] == "job_start" and t0 is None:
            t0 = e["time_us"]
        if e["event"] == "job_end":
            t1 = e["time_us"]
    return t0, t1

def sidecar(test, n, model=True, version=1, source="schedstat", time=None, late=0.0,
            delay=None, bad_line=None, intervals=4):
    """INTERVALS over the job's window; TIME: the host's share of each (the
    model's drive idle), LATE: the share of I/Os late; DELAY: run delay share
    per interval."""
    t0, t1 = window(test, n)
    step = (t1 - t0) // intervals
    lines = [json.dumps({"version": version, "kind": "host_start", "time_us": t0, "tid": 99,
                         "source": source, "ncpu": 2, "cpus_allowed": 1, "model": model,
                         "interval_ms": step / 1000})]
    for i in range(intervals):
        x = {"time_us": t0 + (i + 1) * step, "interval_us": step}
        if source == "schedstat":
            x["run_delay_us"] = int(step * (delay[i] if delay else 0.0))
            x["cpu_us"] = step // 2
        x["nivcsw"] = 3
        x["nvcsw"] = 100
        if model:
            ios = 100000
            idle = int(step * time)
            x.update(ios=ios, intended_us=step - idle, host_added_us=0, host_added_max_us=150,
                     late_ios=late * ios, drive_idle_us=idle)
        lines.append(json.dumps(x))
    if bad_line is not None:
        lines.insert(bad_line, '{"time_us":"soon","interval_us":1}')
    open("%s/%s_host.%d.jsonl" % (d, test, n), "w").write("\n".join(lines) + "\n")

sidecar("qd1-rand-read-bs", 1, time=0.30, late=0.04)        # bs512: host-bound
sidecar("qd1-rand-read-bs", 2, time=0.01)                   # bs1k: quiet
sidecar("qd1-rand-read-bs", 3, time=0.01, late=0.00005)     # bs2k: tail
sidecar("qd1-rand-read-bs", 4, version=2, time=0.30)        # bs4k: refused
sidecar("qd1-rand-read-bs", 5, time=0.01, bad_line=2)       # bs8k: a bad line
sidecar("pslc-fill", 1, model=False, delay=[0, 0.24, 0, 0], intervals=4)

def pace(test, n, kept, share):
    """The engine's model_pace line at the job's end (docs/host.md)."""
    t0, t1 = window(test, n)
    with open("%s/%s_events.%d.jsonl" % (d, test, n), "a") as f:
        f.write(json.dumps({"time_us": t1, "event": "model_pace", "job": "bs1k" if n == 2 else "bs2k",
                            "kept": kept, "ios": 1000, "intended_us": 100000,
                            "host_added_us": int(share * 100000), "host_added_share": share,
                            "host_added_max_us": 900, "late_ios": 3}) + "\n")

pace("qd1-rand-read-bs", 2, False, 0.06)   # bs1k: quiet by the verdict, its pace missed
pace("qd1-rand-read-bs", 3, True, 0.01)    # bs2k: kept
EOF

# exit 1: the refused version and the bad line are errors (named on stderr)
expect_rc 1 "text report of the fixtures with host sidecars" "$R" "$D"
expect_out '^bs512 .* [0-9.]+! +[0-9.]+! ' "text: bs512's MB/s and IOPS marked !"
expect_out '^bs512: ' "text: bs512's block"
expect_out 'host-bound: .*the host took (30\.0|29\.9) % of its time from the drive model' "text: bs512's verdict names the share"
expect_out 'host: quiet: ' "text: a quiet job's verdict"
expect_out 'host: quiet: .*; the drive model did not keep its pace: the host added 6\.0 % to the service times it set \(kept under 5 %\)$' "text: the engine's model_pace kept:false said in the verdict"
if grep -c 'did not keep its pace' "$T_OUT" | grep -qx 1; then pass "text: only the job whose pace was missed says so"; else
	fail "text: 'did not keep its pace' not on exactly one job"; fi
expect_out 'host: tail: .*p99\.99 may be the host.s' "text: the tail verdict names p99.99"
expect_out 'qd1-rand-read-bs_host\.4\.jsonl:1: host sidecar version 2: this reader knows version 1 only' "text: the unknown version refused by file and line"
expect_out 'host: not measured \(.*qd1-rand-read-bs_host\.4\.jsonl: a version this ssdq-report does not know' "text: the refused job is not measured"
expect_out 'qd1-rand-read-bs_host\.5\.jsonl:3: time_us: expected a number' "text: the bad line named by file and line"
expect_out 'host: not measured \(no host sidecar' "text: a job without a sidecar is not measured"
expect_out '^! distorted by the host' "text: the sign's legend"
expect_out '^    in-cache +[0-9.]+! MB/s' "text: the fill's speeds marked !"

"$R" --format csv "$D" >"$TMP/r.csv"
"$R" --format json "$D" >"$TMP/r.json"
"$R" --html "$TMP/r.html" "$D" >/dev/null
expect_rc 0 "csv: host_verdict, host_marked and the host figures" python3 -c '
import csv, sys
rows = {(r["test"], r["job"]): r for r in csv.DictReader(open(sys.argv[1]))}
b = rows[("qd1-rand-read-bs", "bs512")]
assert b["host_verdict"] == "host-bound" and b["host_marked"] == "true", b
assert abs(float(b["host_time_pct"]) - 30) < 0.02, b["host_time_pct"]
assert abs(float(b["host_late_pct"]) - 4) < 0.01, b["host_late_pct"]
assert rows[("qd1-rand-read-bs", "bs1k")]["host_verdict"] == "quiet"
assert rows[("qd1-rand-read-bs", "bs1k")]["host_marked"] == "false"
assert rows[("qd1-rand-read-bs", "bs2k")]["host_verdict"] == "tail"
assert rows[("qd1-rand-read-bs", "bs4k")]["host_verdict"] == "not measured"
assert rows[("qd1-rand-read-bs", "bs4k")]["host_time_pct"] == ""
assert rows[("qd1-rand-read-bs", "bs8k")]["host_verdict"] == "quiet"
p = [r for k, r in rows.items() if k[0] == "pslc-fill"][0]
assert p["host_verdict"] == "host-bound" and abs(float(p["host_wait_pct"]) - 6) < 0.01, p
assert p["host_time_pct"] == ""
assert rows[("qd1-rand-read-bs", "bs1m")]["host_verdict"] == "not measured"
' "$TMP/r.csv"
expect_rc 0 "json: the host object and marks follow the verdict" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
jobs = {(t["test"], j["name"]): j for t in d["tests"] for j in t["jobs"]}
def marked(j, k):
    return "host" in j["marks"].get(k, [])
b = jobs[("qd1-rand-read-bs", "bs512")]
h = b["host"]
assert h["verdict"] == "host-bound" and h["measured"] and h["model"], h
assert abs(h["time_pct"] - 30) < 0.02 and h["late_pct"] == 4 and h["wait_pct"] == 0, h
assert h["throughput_marked"] and not h["mean_marked"] and h["cdf_marked"]
for k in ("mbps", "iops", "iops_per_w", "mbps_per_w", "lat_p99_us", "lat_p9999_us"):
    assert marked(b, k), (k, b["marks"])
for k in ("lat_mean_us", "power_w", "energy_j"):
    assert not marked(b, k), (k, b["marks"])
q = jobs[("qd1-rand-read-bs", "bs1k")]
assert q["host"]["verdict"] == "quiet" and not any("host" in v for v in q["marks"].values())
assert q["host"]["model_pace_kept"] is False and q["host"]["model_pace_added_pct"] == 6, q["host"]
assert "did not keep its pace" in q["host"]["line"]
assert jobs[("qd1-rand-read-bs", "bs2k")]["host"]["model_pace_kept"] is True
assert h["model_pace_kept"] is None and h["model_pace_added_pct"] is None
t = jobs[("qd1-rand-read-bs", "bs2k")]
assert [k for k, v in t["marks"].items() if "host" in v] == ["lat_p9999_us"], t["marks"]
n = jobs[("qd1-rand-read-bs", "bs4k")]
assert n["host"]["verdict"] == "not measured" and n["host"]["time_pct"] is None
assert "does not know" in n["host"]["null_reasons"]["time_pct"]
assert not any("host" in v for v in n["marks"].values())
assert any("qd1-rand-read-bs_host.4.jsonl:1: host sidecar version 2" in e
           for t in d["tests"] for e in t["errors"])
p = [j for (tn, _), j in jobs.items() if tn == "pslc-fill"][0]
assert p["host"]["verdict"] == "host-bound" and len(p["host"]["spikes_unix_ms"]) == 1
assert marked(p, "mbps") and marked(p, "lat_mean_us") and marked(p, "lat_p9999_us")
assert p["fill"] and "host" in p["fill"]["marks"]["in_cache_mbps"], p["fill"] and p["fill"]["marks"]
ph = [x for x in (p["timeline"] or {}).get("phases", []) if x["what"] == "! host"]
assert len(ph) == 1, p["timeline"] and p["timeline"]["phases"]
z = jobs[("qd1-rand-read-bs", "bs1m")]
assert z["host"]["verdict"] == "not measured" and "no host sidecar" in z["host"]["line"]
' "$TMP/r.json"
expect_rc 0 "html: banner naming the host-bound jobs, marked cells, chart notes, spikes" python3 -c '
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
top = s[:s.index("<nav>")]
assert "Host-bound: 2 jobs" in top, top[-800:]
assert "qd1-rand-read-bs / bs512" in top and "<b>pslc-fill</b>" in top
assert "bs1k" not in top and "bs2k" not in top
assert re.search(r"<td class=\"marked\" title=\"! distorted by the host[^\"]*\">[0-9.]+!</td>", s)
assert re.search(r"<td class=\"marked\" title=\"host-bound: [^\"]*\">host-bound!</td>", s)
assert re.search(r"<td class=\"quiet\" title=\"host: quiet: [^\"]*\">quiet</td>", s)
assert re.search(r"title=\"host: quiet: [^\"]*the drive model did not keep its pace: the host added 6.0 %[^\"]*\">quiet</td>", s)
assert re.search(r"<td class=\"null\" title=\"host: not measured \([^\"]*\">not measured</td>", s)
assert "(! distorted by the host)" in s
assert re.search(r"<title>! host [0-9.]+-[0-9.]+ s</title>", s), "no host spike drawn"
assert "the intervals the host distorted" in s
' "$TMP/r.html"

# the fill's GB axis: the host's spike of pslc-fill shaded where it wrote,
# held to fio's own per-I/O bw log (log_avg_msec=0: a line an I/O of bs
# bytes; the model's 1/1000: the full drive's GB), within one I/O each end
expect_rc 0 "the fill's host span in GB written, as fio's log counts it" python3 -c '
import json, re, sys
d, html, dev = json.load(open(sys.argv[1])), open(sys.argv[2], encoding="utf-8").read(), sys.argv[3]
p = [j for t in d["tests"] for j in t["jobs"] if t["test"] == "pslc-fill"][0]
(t0, t1), = p["host"]["spikes_unix_ms"]
log = [l.split(",") for l in open(dev + "/pslc-fill_bw.1.log")]
bs, scale = int(log[0][3]), 1000
gb = lambda t: sum(1 for l in log if float(l[0]) <= t) * bs * scale / 1e9
(a, b), = p["fill"]["host_spans_gb"]
one = bs * scale / 1e9
assert abs(a - gb(t0)) <= 1.5 * one and abs(b - gb(t1)) <= 1.5 * one, (a, b, gb(t0), gb(t1))
assert 0 < a < b < p["fill"]["gb_written"], (a, b)
m = re.findall(r"<rect [^>]*fill=\"#f4b8c8\"><title>! host ([0-9.]+)-([0-9.]+) GB</title>", html)
assert len(m) == 1 and abs(float(m[0][0]) - a) < 0.01 and abs(float(m[0][1]) - b) < 0.01, m
' "$TMP/r.json" "$TMP/r.html" "$D"
# and on the comparison's fill chart, in the drive's colour, beside a drive without
cp -R "$MD/tlc" "$TMP/other"
sed -i 's/"model": *"\([^"]*\)"/"model": "\1 (other)"/' "$TMP/other/device.json"
"$R" --html "$TMP/two.html" "$D" "$TMP/other" >/dev/null 2>&1
expect_rc 0 "the comparison's fill chart shades the host span of the drive it distorted" python3 -c '
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
spans = re.findall(r"<rect [^>]*fill-opacity=\"0.45\"[^>]*><title>! host ([0-9.]+)-([0-9.]+)</title>", h)
assert len(spans) == 1, spans
' "$TMP/two.html"

# none of the fixtures' own (no host sidecar): no banner, no mark, not measured
expect_rc 0 "the fixtures without host sidecars" "$R" "$MD/tlc"
if grep -q '!$\|[0-9]! ' "$T_OUT"; then fail "a figure marked ! without a host sidecar"; else
	pass "no host mark without a host sidecar"; fi
expect_out 'host: not measured \(no host sidecar' "every job: host: not measured"
"$R" --html "$TMP/none.html" "$MD/tlc" >/dev/null
expect_rc 0 "html without host sidecars: no banner, a note" python3 -c '
import sys
s = open(sys.argv[1], encoding="utf-8").read()
assert "Host-bound" not in s and "not measured (no host sidecar" in s
' "$TMP/none.html"
summary
