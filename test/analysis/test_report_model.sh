#!/bin/sh
# ssdq-report on fills of ssdq's drive model scaled 1/200 (device.json says
# "drive_model": {"scale": 200}), against the model's own account of each
# run (test/lib/model_truth.py): the model_regime events say at which byte
# the cache ran out and what set the speed from there (direct, fold-hi/lo,
# throttled), and with their times the speed the host really got in each
# regime. That truth holds on a busy host too: the model runs in real time,
# so a stalled host sees a slower drive, and frees cache while idle, and
# its account says so. The presets' nominal figures (docs/model.md) are
# checked on a quiet host by `make bench` (test/analysis/bench_model.sh).
# Sizes must come out in the full drive's GB (bytes x 200), speeds unchanged.
#
# The fills log every I/O (log_avg_msec=0): at scale 200 one GB of the full
# drive is 5 MB, about 2 ms in the cache, and fio's averaged samples carry
# integer-ms intervals (and a first interval of up to 250 ms). 1 MiB writes
# as TechPowerUp's test, at QD2. The runs take about a minute: at 1/1000
# the whole cache lasted 30 ms and a host busy with other work could slow
# a third of it (measured under two busy loops: a 2088 then a 2835 MB/s
# stretch inside one cache), which is no drive's curve; at 1/200 a
# stall is five times less of it.
#
# Tolerances against the truth: the 2 MiB in flight at QD2 are 0.4 GB of the
# full drive, 1 ms of log time 0.56 GB at 2800 MB/s, and the truth stamps
# submissions where the log stamps completions, and a stall just before the
# cache end is taken for it: 5 % for the cache size; the in-cache speed
# spans ~150 ms of real time, whose first I/Os carry the job's start: 8 %;
# 5 % for the speeds after it.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds.
. test/lib.sh

need_model_run
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
export PYTHONPATH="$PWD/test/lib${PYTHONPATH:+:$PYTHONPATH}"
# fio at real-time priority where the host allows it (test/lib.sh)
fio() { fio_rt "$@"; }
# the scale of the fills; model_truth.S and .FULL (GB of a whole 1 TB fill) follow it
SC=200
export SSDQ_TRUTH_SCALE=$SC

# fill DIR PRESET SIZE LOG_AVG_MSEC
fill() {
	mkdir -p "$1"
	(cd "$1" && fio --name=fill --ioengine=external:"$SO" --ssdq_model="$2" \
		--ssdq_model_scale=$SC --filename="$1/drive" --ssdq_erase=auto \
		--rw=write --bs=1m --iodepth=2 --size="$3" --write_bw_log=fill \
		--log_avg_msec="$4" --log_unix_epoch=1 --output-format=json+ \
		--output=fill.json >fio.out 2>&1)
}

fill "$TMP/tlc" tlc-dramless-1tb 100% 0
"$R" "$TMP/tlc" >"$T_OUT" 2>&1
expect_out "model scaled 1/$SC: sizes, times and energies are the full drive" "tlc: the drive header says the model is scaled, and the basis"
expect_out "fill: $(awk -v s=$SC 'BEGIN { printf "%.2f", int(1e12 / s / 1048576) * 1048576 * s / 1e9 }' | sed 's/\./\\./') GB written\$" "tlc: GB written is the full drive's"
"$R" --format json "$TMP/tlc" >"$TMP/tlc.json" 2>/dev/null
expect_rc 0 "tlc-dramless-1tb: cache end, in-cache, direct and folding speeds as the model's own account" python3 -c '
import json, sys
from model_truth import Truth, S, FULL
t = json.load(open(sys.argv[1]))["tests"][0]
f = t["jobs"][0]["fill"]
m = Truth(sys.argv[2], S)
def seg(a, b):                      # bytes / time over the GB from a to b
    return (b - a) / sum(1 / v for v in f["segment_mbps"][a:b])
def near(what, got, want, pct):
    assert want is not None and abs(got - want) <= pct / 100 * want, (what, got, want)
print("cache %.1f GB (model %.1f), in %.0f (model %.0f), post %.0f (model direct %.0f), "
      "fold %.0f (model %.0f from %.0f GB), overall %.0f MB/s, phases %s, host spans %s"
      % (f["slc_cache_gb"], m.cache_end_gb(), f["in_cache_mbps"], m.mbps("cache"),
         f["post_cache_mbps"], m.mbps("direct"), f["phases"][-1]["mbps"], m.mbps("fold"),
         m.first_gb("fold"), f["overall_mbps"],
         [(round(p["start_gb"]), round(p["end_gb"]), round(p["mbps"])) for p in f["phases"]],
         [(round(a, 1), round(b, 1)) for a, b in f["host_spans_gb"]]))
assert t["device"]["preset"] == "tlc-dramless-1tb" and t["scale"] == S and f["scale"] == S
assert abs(f["gb_written"] - FULL) < 1e-6, (f["gb_written"], FULL)
assert len(f["segment_mbps"]) == 999
near("cache GB", f["slc_cache_gb"], m.cache_end_gb(), 7)
near("in-cache MB/s", f["in_cache_mbps"], m.mbps("cache", upto_gb=m.cache_end_gb()), 10)
near("post-cache MB/s", f["post_cache_mbps"], m.mbps("direct"), 5)
near("direct GB 100-790", seg(100, 790), m.mbps("direct", from_gb=100), 5)
# folding from 80 % of the drive holding data (a bytes rule: 799-801 GB)
fold = m.first_gb("fold")
assert 795 <= fold <= 805, fold
last = f["phases"][-1]
# the segmentation places a boundary on its bins (a few GB wide): 794 GB seen;
# further off only across GB the report itself shades as the host (a stall
# there is a slow stretch the segmentation may join to the folding phase)
def host_covers(a, b, slack=3):
    at = a
    for h0, h1 in sorted(f["host_spans_gb"]):
        if h0 - slack <= at:
            at = max(at, h1 + slack)
    return at >= b
# and where the report marks the fill throughput as the host (its host
# verdict): stalls all along make the direct stretch before the fold as
# slow in places as folding, and the boundary moves by up to a few bins
# of that noise (779 GB seen at load 10, the host taking 10 % of the time)
busy = t["jobs"][0]["host"].get("throughput_marked", False)
lo, hi = (fold - 40, fold + 40) if busy else (fold - 10, fold + 25)
start = last["start_gb"]
assert (lo <= start <= hi or (start < lo and host_covers(start, lo)) or
        (start > hi and host_covers(hi, start))), (last, fold, busy, f["host_spans_gb"])
near("folding phase MB/s", last["mbps"], m.mbps("fold"), 5)
near("folding GB 820-999", seg(820, 999), m.mbps("fold", from_gb=820), 8)
' "$TMP/tlc.json" "$TMP/tlc/fill_events.1.jsonl"
cat "$T_OUT"

fill "$TMP/qlc" qlc-1tb 40% 0
"$R" --format json "$TMP/qlc" >"$TMP/qlc.json" 2>/dev/null
expect_rc 0 "qlc-1tb: dynamic cache end and the speeds around it as the model's own account" python3 -c '
import json, sys
from model_truth import Truth, S, FULL
t = json.load(open(sys.argv[1]))["tests"][0]
f = t["jobs"][0]["fill"]
m = Truth(sys.argv[2], S)
def near(what, got, want, pct):
    assert want is not None and abs(got - want) <= pct / 100 * want, (what, got, want)
print("cache %.1f GB (model %.1f), in %.0f (model %.0f), post %.0f (model %.0f), last16 %.0f MB/s, %d GB"
      % (f["slc_cache_gb"], m.cache_end_gb(), f["in_cache_mbps"], m.mbps("cache"),
         f["post_cache_mbps"], m.mbps("direct"), f["last16_mbps"], f["gb_written"]))
assert abs(f["gb_written"] - 0.4 * FULL) < 0.1, (f["gb_written"], 0.4 * FULL)   # whole MiB
near("cache GB", f["slc_cache_gb"], m.cache_end_gb(), 7)
near("in-cache MB/s", f["in_cache_mbps"], m.mbps("cache", upto_gb=m.cache_end_gb()), 10)
# a fill the report marks as the host (its verdict: throughput marked) may
# be off the model by as much as the mark says (10 %): the report speeds
# are medians, which leave the host stalls out, the model account keeps them
busy = t["jobs"][0]["host"].get("throughput_marked", False)
near("post-cache MB/s", f["post_cache_mbps"], m.mbps("direct"), 10 if busy else 5)
near("last 16 GB MB/s", f["last16_mbps"], m.mbps("direct", from_gb=f["gb_written"] - 16), 10)
' "$TMP/qlc.json" "$TMP/qlc/fill_events.1.jsonl"
cat "$T_OUT"

# Two jobs filling one drive, each its half (numjobs=2, offset_increment),
# at QD1 each: the fill is the sum of the two bw logs, the drive's own cache
# and speeds, and the bytes add up to the whole namespace. A new state file
# is an erased drive (ssdq_erase is refused with numjobs above 1).
mkdir -p "$TMP/nj"
(cd "$TMP/nj" && fio --name=fill --ioengine=external:"$SO" --ssdq_model=tlc-dramless-1tb \
	--ssdq_model_scale=$SC --filename="$TMP/nj/drive" \
	--rw=write --bs=1m --iodepth=1 --numjobs=2 --size=50% --offset_increment=50% \
	--write_bw_log=fill --log_avg_msec=0 --log_unix_epoch=1 --output-format=json+ \
	--output=fill.json >fio.out 2>&1)
"$R" --format json "$TMP/nj" >"$TMP/nj.json" 2>/dev/null
expect_rc 0 "numjobs=2 fill of tlc-dramless-1tb: two bw logs summed, the drive's cache end and speed after it" python3 -c '
import json, sys
from model_truth import Truth, S, FULL
t = json.load(open(sys.argv[1]))["tests"][0]
j = t["jobs"][0]
f = j["fill"]

# one drive, two writers: the cache ran out for both at once; the bytes then
# are the sum of both, and the drive wrote at the sum of their speeds
m = [Truth(sys.argv[3], S, job="fill"), Truth(sys.argv[4], S, job="fill")]
cache = sum(x.cache_end_gb() for x in m)
direct = sum(x.mbps("direct") for x in m)
first = min(x.spans[0][3] for x in m)
last = max(x.spans[-1][4] for x in m)
overall = sum(x.bytes for x in m) / (last - first)
print("%d jobs, cache %.1f GB (model %.1f), post %.0f MB/s (model %.0f), %.2f GB, overall %.0f MB/s (model %.0f)"
      % (j["jobs_merged"], f["slc_cache_gb"], cache, f["post_cache_mbps"], direct, f["gb_written"],
         f["overall_mbps"], overall))
assert j["jobs_merged"] == 2
assert abs(f["gb_written"] - FULL) < 0.01 * FULL, f["gb_written"]
assert abs(f["slc_cache_gb"] - cache) <= 0.07 * cache, (f["slc_cache_gb"], cache)
# a speed the host distorted may leave the model account, but then it
# carries the host mark (issue 34: a figure off by more than 10 % is marked)
host = "host" in f.get("marks", {}).get("post_cache_mbps", [])
assert host or abs(f["post_cache_mbps"] - direct) <= 0.08 * direct, (f["post_cache_mbps"], direct)
assert abs(f["overall_mbps"] - overall) <= 0.05 * overall, (f["overall_mbps"], overall)
' "$TMP/nj.json" "$TMP/nj/fill.json" "$TMP/nj/fill_events.1.jsonl" "$TMP/nj/fill_events.2.jsonl"
cat "$T_OUT"

# No bw log, but --status-interval snapshots (every 20 ms: 59 GB of the full
# drive apart in the cache at scale 1000, 11 GB at 200): the fill from the
# snapshots, coarse.
mkdir -p "$TMP/si"
(cd "$TMP/si" && fio --name=fill --ioengine=external:"$SO" --ssdq_model=tlc-dramless-1tb \
	--ssdq_model_scale=$SC --filename="$TMP/si/drive" --ssdq_erase=auto \
	--rw=write --bs=1m --iodepth=2 --size=100% --status-interval=20ms \
	--output-format=json --output=fill.json >fio.out 2>&1)
"$R" --format json "$TMP/si" >"$TMP/si.json" 2>/dev/null
expect_rc 0 "status-interval snapshots, no bw log: a coarse fill of tlc-dramless-1tb (cache end within 15 % of the model's)" python3 -c '
import json, sys
from model_truth import Truth, S, FULL
t = json.load(open(sys.argv[1]))["tests"][0]
f = t["jobs"][0]["fill"]
m = Truth(sys.argv[2], S)
overall = m.bytes / (m.spans[-1][4] - m.spans[0][3])
print("%d documents; %s: cache %.1f GB (model %.1f), %.2f GB, overall %.0f MB/s (model %.0f)"
      % (t["documents"], f["source"], f["slc_cache_gb"], m.cache_end_gb(), f["gb_written"],
         f["overall_mbps"], overall))
assert t["documents"] >= 20, t["documents"]
assert "--status-interval snapshots" in f["source"], f["source"]
assert abs(f["gb_written"] - FULL) < 0.01, f["gb_written"]
assert abs(f["slc_cache_gb"] - m.cache_end_gb()) <= 0.15 * m.cache_end_gb(), f["slc_cache_gb"]
assert abs(f["overall_mbps"] - overall) <= 0.05 * overall, f["overall_mbps"]
' "$TMP/si.json" "$TMP/si/fill_events.1.jsonl"
cat "$T_OUT"

# fio's averaged bw log as the brief's example writes it (10 ms): its first
# sample covers the job's first helper-thread tick (up to 250 ms, a hundred GB
# and more of the full drive here), which the report puts back from the
# events sidecar and says so.
fill "$TMP/avg" tlc-dramless-1tb 100% 10
"$R" --format json "$TMP/avg" >"$TMP/avg.json" 2>/dev/null
expect_rc 0 "averaged log: bytes add up to fio's, first sample's span is warned about" python3 -c '
import json, sys
from model_truth import S
j = json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]
f = j["fill"]
print("%.1f GB written, first-sample warning: %s" % (f["gb_written"],
      [w for w in j["warnings"] if "first bw sample" in w]))
fio = json.load(open(sys.argv[2]))["jobs"][0]["write"]["io_bytes"] * S / 1e9
# a busy host can make fio lose averaged samples: then the report says so
assert abs(f["gb_written"] - fio) <= 0.03 * fio or any("but fio counted" in w for w in j["warnings"]), \
    (f["gb_written"], fio, j["warnings"])
if f["slc_cache_gb"] is None or f["slc_cache_gb"] > 100:
    assert any("first bw sample covers" in w for w in j["warnings"]), j["warnings"]
' "$TMP/avg.json" "$TMP/avg/fill.json"
cat "$T_OUT"

# Thermal throttling: tlc-enterprise-4tb has no SLC cache and writes at 1600
# MB/s; in a 60 degC case (ssdq_model_ambient) it heats past its 70 degC
# throttle point during the fill and then writes at half speed, with the SMART
# thermal management count going 0 -> 1 (docs/model.md). SMART every 100 ms.
# Truth: the one fall is throttling, not a cache end; it lies between the
# SMART samples that saw the count step; the speeds around it are the
# model's own account of its direct and throttled writes. The tlc
# fill above, in the preset's 35 degC, never throttled.
mkdir -p "$TMP/hot"
(cd "$TMP/hot" && fio --name=fill --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=$SC --ssdq_model_ambient=60 --ssdq_smart_interval=100ms \
	--filename="$TMP/hot/drive" --ssdq_erase=auto --rw=write --bs=1m --iodepth=2 --size=15% \
	--write_bw_log=fill --log_avg_msec=0 --log_unix_epoch=1 --output-format=json+ \
	--output=fill.json >fio.out 2>&1)
"$R" --format json "$TMP/hot" >"$TMP/hot.json" 2>/dev/null
expect_rc 0 "hot tlc-enterprise-4tb: the fall is throttling between the SMART samples, at the model's speeds" python3 -c '
import json, sys, re
from model_truth import Truth, S, FULL
m = Truth(sys.argv[3], S)
j = json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]
f = j["fill"]
smart = [json.loads(l) for l in open(sys.argv[2])]
print("throttling at %s GB: %s; phases %s" % (f["throttle_gb"], f["throttle"],
      [(round(p["start_gb"]), round(p["end_gb"]), round(p["mbps"])) for p in f["phases"]]))
assert f["slc_cache_gb"] is None and "thermal throttling" in f["null_reasons"]["slc_cache_gb"]
step = [i for i in range(1, len(smart)) if smart[i]["thm_temp1_trans_count"] > smart[i - 1]["thm_temp1_trans_count"]]
assert step, "the model did not throttle"
a, b = [float(x) for x in re.search(r"samples at ([0-9.]+) and ([0-9.]+) GB", f["throttle"]).groups()]
assert a - 2 <= f["throttle_gb"] <= b + 2, (a, b, f["throttle_gb"])
cool, hot = m.mbps("direct", upto_gb=m.first_gb("direct+throttled")), m.mbps("direct+throttled")
print("model: %.0f MB/s, throttled from %.1f GB at %.0f MB/s" % (cool, m.first_gb("direct+throttled"), hot))
assert abs(f["phases"][0]["mbps"] - cool) <= 0.1 * cool, (f["phases"][0], cool)
assert abs(f["last16_mbps"] - hot) <= 0.1 * hot, (f["last16_mbps"], hot)
assert j["throttled"] is True and j["temp_max_c"] >= 70
temps = [t for gb, t in f["temp_c"]]
assert len(temps) >= 3 and max(temps) >= 70
' "$TMP/hot.json" "$TMP/hot/fill_smart.1.jsonl" "$TMP/hot/fill_events.1.jsonl"
cat "$T_OUT"
expect_rc 0 "tlc-dramless-1tb in its 35 degC: a cache end, no throttling" python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]
assert j["fill"]["throttle_gb"] is None and j["fill"]["slc_cache_gb"] is not None
assert "no thermal management" in j["fill"]["null_reasons"]["throttle_gb"], j["fill"]["null_reasons"]
assert j["throttled"] is False and j["temp_max_c"] < 70
' "$TMP/tlc.json"

# Burst tests: 8 bursts of 16 MiB at a 20 % duty cycle (the engine idles 4x
# each burst's time after it), 128 KiB at QD1, writes into the cache and reads.
# Truth: the bursts' bytes and times and the idles between them, recomputed
# here from the events sidecar (a busy host stretches idles: 4 % seen under
# load, so the duty cycle is the events', at most 22 %); all bytes moved in
# bursts.
for rw in write read; do
	mkdir -p "$TMP/burst-$rw"
	(cd "$TMP/burst-$rw" && fio --name=burst-seq-$rw --ioengine=external:"$SO" \
		--ssdq_model=tlc-dramless-1tb --ssdq_model_scale=1000 --filename="$TMP/burst-$rw/drive" \
		--rw=$rw --bs=128k --iodepth=1 --size=128m --ssdq_burst=16m --ssdq_duty=20 \
		--write_bw_log=burst-seq-$rw --log_avg_msec=0 --log_unix_epoch=1 \
		--output-format=json+ --output=burst-seq-$rw.json >fio.out 2>&1)
	"$R" --format json "$TMP/burst-$rw" >"$TMP/burst-$rw.json" 2>/dev/null
	expect_rc 0 "burst-seq-$rw: 8 bursts, per-burst MB/s, score and duty cycle from the events" python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]
fio = json.load(open(sys.argv[2]))["jobs"][0]
b = j["bursts"]
ev = [json.loads(l) for l in open(sys.argv[3]) if l.startswith("{") and l.rstrip().endswith("}")]
ev = [e for e in ev if e.get("job") == j["name"]]
starts = [e["time_us"] for e in ev if e["event"] == "burst_start"]
ends = [(e["time_us"], e["bytes"]) for e in ev if e["event"] == "burst_end"]
mbps = [by / (t1 - t0) for t0, (t1, by) in zip(starts, ends)]   # bytes/us = MB/s
busy = sum(t1 - t0 for t0, (t1, by) in zip(starts, ends))
print("bursts %d, score %.0f MB/s, duty %.2f %%, MB/s per burst %s"
      % (b["n"], b["score_mbps"], b["duty_pct"], [round(x) for x in b["mbps"]]))
assert b["n"] == 8 and len(starts) == 8 and len(ends) == 8
assert all(abs(x - y) <= 1e-6 * y for x, y in zip(b["mbps"], mbps)), (b["mbps"], mbps)
assert abs(b["bytes"] - 8 * 16 * 2**20) < 1 and abs(b["bytes"] - fio[sys.argv[4]]["io_bytes"]) < 1
assert abs(b["score_mbps"] - b["bytes"] / busy) <= 1e-6 * b["score_mbps"]
# the achieved duty: the bursts but the last over those and the engine'"'"'s idles
# between the bursts (idle_start/idle_end; docs/report.md, Bursts)
idles = [e["time_us"] for e in ev if e["event"] in ("idle_start", "idle_end")]
idle = sum(max(0, min(z, ends[-1][0]) - max(a, starts[0])) for a, z in zip(idles[::2], idles[1::2]))
period = sum(t1 - t0 for t0, (t1, by) in zip(starts[:-1], ends))
duty = 100 * period / (period + idle)
assert abs(b["duty_pct"] - duty) <= 1e-6 * duty, (b["duty_pct"], duty)
assert 0 < b["duty_pct"] <= 22, b["duty_pct"]
# fio MB/s counts the idle: its rate is over at least the span from the
# first burst to the last, the score over the bursts (one burst the host
# stalled lengthens the bursts, not the idles: no fixed ratio)
span = ends[-1][0] - starts[0]
assert span > 1.5 * busy and b["score_mbps"] >= 0.97 * j["mbps"] * span / busy, \
    (b["score_mbps"], j["mbps"], span, busy)
assert j["fill"] is None
assert sys.argv[4] == "read" or "burst test" in j["null_reasons"]["fill"]
assert j.get("stop", "bytes") == "bytes"
# power over the bursts only (issue 5): recomputed from the power sidecar,
# each sample standing for the time since the previous one (the first for
# as long as the gap to the second)
pw = [tuple(float(x) for x in l.split(",")[:2]) for l in open(sys.argv[5]) if l.strip()]
pw.insert(0, (2 * pw[0][0] - pw[1][0], 0))
spans = [(t0 / 1000, t1 / 1000) for t0, (t1, by) in zip(starts, ends)]
mwms = cov = 0.0
for (ta, _), (tb, mw) in zip(pw, pw[1:]):
    for s0, s1 in spans:
        o = min(tb, s1) - max(ta, s0)
        if o > 0:
            mwms += mw * o; cov += o
want = mwms / cov / 1000
print("burst power %.3f W (recomputed %.3f W), %.1f MB/s/W" % (j["power_w"], want, j["mbps_per_w"]))
assert abs(j["power_w"] - want) <= 0.02 * want, (j["power_w"], want)
# J of the full drive: the run x 1000 (docs/report.md, "One basis")
assert abs(j["energy_j"] - j["power_w"] * busy / 1e6 * 1000) <= 1e-4 * j["energy_j"]   # unix ms as doubles
assert abs(j["mbps_per_w"] - b["score_mbps"] / j["power_w"]) <= 1e-6 * j["mbps_per_w"]
assert abs(j["iops_per_w"] - j["iops"] * b["score_mbps"] / j["mbps"] / j["power_w"]) <= 1e-6 * j["iops_per_w"]
' "$TMP/burst-$rw.json" "$TMP/burst-$rw/burst-seq-$rw.json" "$TMP/burst-$rw/burst-seq-${rw}_events.1.jsonl" $rw \
	"$TMP/burst-$rw/burst-seq-${rw}_power.1.log"
	cat "$T_OUT"
done
summary
