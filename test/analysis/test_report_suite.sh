#!/bin/sh
# ssdq-report on results of the job library's own job files (jobs/consumer,
# jobs/enterprise, rendered by jobs/ssdq-render, run by plain fio) on ssdq's drive model scaled
# 1/1000, two drives (tlc-dramless-1tb and qlc-1tb): the sustained tests'
# queue-depth series with their stop reasons, score and efficiency, the clean,
# fragmented and full variants side by side, a block-size sweep, and the
# comparison of the two drives. Truth: fio's own JSON (io_bytes against the
# job's io_size for the stop reason; MB/s), the model's own account of each
# job's energy (the engine's model_energy event), and the presets'
# read speeds in docs/model.md. About 15 s.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds.
. test/lib.sh

need_model_run
if [ ! -f jobs/ssdq-render ] || [ ! -f jobs/consumer/sustained-seq-read.fio ]; then
	echo "SKIP: the job library (jobs/ssdq-render, jobs/consumer) is not there"; exit 77
fi
JOBS=$(pwd)/jobs
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap '[ -n "$KEEP" ] || rm -rf "$TMP"; rm -f "$T_OUT"' EXIT

# run DIR PRESET SUITE/TEST [NAME=VALUE...]: one job file, rendered at 1/1000
# with the values given, run by plain fio into DIR, json+ (the model's power
# is the engine's default for it)
run() {
	dir=$1 preset=$2 test=$3 t=$(basename "$3")
	shift 3
	mkdir -p "$dir/jobs"
	sets=
	for v in "$@"; do sets="$sets --set $v"; done
	# shellcheck disable=SC2086 # NAME=VALUE words without spaces
	sh "$JOBS/ssdq-render" --scale 1000 $sets --out "$dir/jobs/$t.fio" "$JOBS/$test.fio" ||
		{ fail "render $test"; return; }
	(cd "$dir" && fio_rt --ioengine=external:"$SO" --filename="$dir/model.state" \
		--ssdq_model="$preset" --ssdq_model_scale=1000 --output-format=json+ \
		--output="$t.json" "jobs/$t.fio" >>fio.out 2>&1) ||
		fail "fio $test on $preset (see $dir/fio.out)"
}

# drive DIR PRESET TEST...: the tests, in the order the consumer suite runs them.
# 512 MiB or 200 ms per queue depth: the slow queue depths stop on time, the
# fast ones on bytes. Power sampled 1000 times a second (the jobs are short).
drive() {
	dir=$1 preset=$2
	shift 2
	V="SSDQ_QD_LIMIT_BYTES=512m SSDQ_QD_RUNTIME=200ms SSDQ_IDLE=20ms SSDQ_POWER_RATE=1000 SSDQ_LOG_MSEC=10"
	for t in "$@"; do
		# shellcheck disable=SC2086 # word splitting of $V on purpose
		case $t in
		*-bs) run "$dir" "$preset" "$t" $V SSDQ_SWEEP_RUNTIME=150ms ;;
		*) run "$dir" "$preset" "$t" $V ;;
		esac
	done
	rm -f "$dir/prep-span.json" "$dir/frag.json"	# preparations, not tests
}

drive "$TMP/tlc" tlc-dramless-1tb consumer/prep-span consumer/sustained-seq-read \
	consumer/sustained-seq-write consumer/frag consumer/sustained-seq-read-frag \
	enterprise/qd1-rand-read-bs
"$R" --format json "$TMP/tlc" >"$TMP/tlc.json" 2>"$TMP/tlc.err"
expect_rc 0 "report of the job library's tests is valid JSON" python3 -c '
import json, sys; json.load(open(sys.argv[1]))' "$TMP/tlc.json"

expect_rc 0 "sustained tests: stop reasons as fio's bytes say, score = mean of QD1, QD2, QD4" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1]))
tests = {t["test"]: t for t in rep["tests"]}
for name in ("sustained-seq-read", "sustained-seq-write", "sustained-seq-read-frag"):
    t = tests[name]
    fio = {j["jobname"]: j for j in json.load(open(sys.argv[2] + "/" + name + ".json"))["jobs"]}
    s, = [s for s in t["series"] if s["kind"] == "qd"]
    assert s["jobs"] == ["qd1", "qd2", "qd4", "qd8", "qd16", "qd32"], s["jobs"]
    assert s["iodepth"] == [1, 2, 4, 8, 16, 32]
    jobs = {j["name"]: j for j in t["jobs"]}
    stops = []
    for jn in s["jobs"]:
        f = fio[jn]
        dd = "write" if "write" in name else "read"
        want = "bytes" if f[dd]["io_bytes"] >= 512 * 2**20 else "time"
        stops.append(jobs[jn]["stop"])
        assert jobs[jn]["stop"] == want, (name, jn, jobs[jn]["stop"], f[dd]["io_bytes"], f[dd]["runtime"])
        mbps = f[dd]["io_bytes"] / f[dd]["runtime"] / 1000
        assert abs(jobs[jn]["mbps"] - mbps) <= 1e-6 * mbps
    mean = sum(jobs[q]["mbps"] for q in ("qd1", "qd2", "qd4")) / 3
    assert abs(s["score_mbps"] - mean) <= 1e-9 * mean
    ok = [jobs[q]["power_w"] for q in ("qd1", "qd2", "qd4") if jobs[q]["power_w"] is not None]
    if len(ok) == 3:
        assert abs(s["power_w"] - sum(ok) / 3) <= 1e-9 * s["power_w"]
        eff = sum(jobs[q]["mbps_per_w"] for q in ("qd1", "qd2", "qd4")) / 3
        assert abs(s["efficiency_mbps_per_w"] - eff) <= 1e-9 * eff
    else:
        assert s["power_w"] is None and "power_w" in s["null_reasons"]
    print(name, s["variant"], "score %.0f MB/s" % s["score_mbps"], "stops", stops)
' "$TMP/tlc.json" "$TMP/tlc"
cat "$T_OUT"

# the model's read speeds (docs/model.md): 4800 MB/s sequential, 900 MB/s
# where random writes fragmented the span. The model's own account
# (model_regime events) says which speed each job's reads got; the host can
# only slow them (the nominal speeds are make bench's, on a quiet host)
expect_rc 0 "clean and fragmented reads side by side: read at the model's sequential and fragmented speeds" python3 -c '
import json, sys, glob
rep = json.load(open(sys.argv[1]))
def regimes(test):
    ev = [json.loads(l) for f in glob.glob("%s/%s_events.*.jsonl" % (sys.argv[2], test)) for l in open(f)]
    return sorted(set(e["regime"].split("+")[0] for e in ev if e["event"] == "model_regime"))
d, = rep["drives"]
v, = [v for v in d["variants"] if v["key"] == "sustained-seq-read"]
assert v["clean"]["test"] == "sustained-seq-read" and v["frag"]["test"] == "sustained-seq-read-frag"
assert v["full"] is None
tests = {t["test"]: t for t in rep["tests"]}
best = lambda t: max(j["mbps"] for j in tests[t]["jobs"])
print("best clean %.0f, frag %.0f MB/s" % (best("sustained-seq-read"), best("sustained-seq-read-frag")))
print("model regimes: clean %s, frag %s" % (regimes("sustained-seq-read"), regimes("sustained-seq-read-frag")))
assert regimes("sustained-seq-read") == ["read-seq"]
assert regimes("sustained-seq-read-frag") == ["read-frag"]
assert best("sustained-seq-read") <= 1.05 * 4800 and best("sustained-seq-read-frag") <= 1.05 * 900
' "$TMP/tlc.json" "$TMP/tlc"
cat "$T_OUT"
"$R" "$TMP/tlc" >"$T_OUT" 2>&1
expect_out '^sustained-seq-read side by side: MB/s per queue depth' "text: the variants side by side"
expect_out '^ +score +[0-9.]+!? +[0-9.]+!?$' "text: a score per variant (a host mark allowed)"
expect_out '^queue depths: sustained-seq-write \(clean\), 128k write' "text: a queue-depth table per test"

# the block-size sweep: IOPS and MB/s per size from fio's own counts; the
# model's 4 KiB random reads take 70 us (p50) to 110 us (p99) at QD1, never
# less than 56 us (0.8 x p50), reads from 64 KiB on run at up to 4800 MB/s
# (docs/model.md); a host can only add latency
expect_rc 0 "block-size sweep: 512 B to 1 MiB, IOPS and MB/s per size, model's 4k latency" python3 -c '
import json, sys, glob
rep = json.load(open(sys.argv[1]))
t, = [t for t in rep["tests"] if t["test"] == "qd1-rand-read-bs"]
s, = t["series"]
fio = {j["jobname"]: j["read"] for j in json.load(open(sys.argv[2] + "/qd1-rand-read-bs.json"))["jobs"]}
assert s["kind"] == "bs" and s["bs"] == [512 << i for i in range(12)], s["bs"]
assert s["jobs"][0] == "bs512" and s["jobs"][3] == "bs4k" and s["jobs"][-1] == "bs1m"
jobs = {j["name"]: j for j in t["jobs"]}
for jn in s["jobs"]:
    f, j = fio[jn], jobs[jn]
    assert abs(j["iops"] - f["total_ios"] / f["runtime"] * 1000) <= 1e-6 * j["iops"]
    assert abs(j["mbps"] - f["io_bytes"] / f["runtime"] / 1000) <= 1e-6 * j["mbps"]
    if j["power_w"] is not None:
        assert abs(j["iops_per_w"] - j["iops"] / j["power_w"]) <= 1e-6 * j["iops_per_w"]
k4 = jobs["bs4k"]
print("4k: %.0f IOPS, mean %.1f us; 1m: %.0f MB/s" % (k4["iops"], k4["lat_mean_us"], jobs["bs1m"]["mbps"]))
assert k4["iops"] <= 1e6 / 60
assert 60 <= k4["lat_mean_us"]
# which speed each size got is the account of the model itself (a busy host can stall
# any one of these 150 ms jobs): 64 KiB and up at the sequential speed, or the
# fragmented one where the frag step left the span so
ev = {}
for f in glob.glob(sys.argv[2] + "/qd1-rand-read-bs_events.*.jsonl"):
    for l in open(f):
        e = json.loads(l)
        if e["event"] == "model_regime":
            ev.setdefault(e["job"], set()).add(e["regime"].split("+")[0])
print("model regimes: %s" % sorted((jn, sorted(r)) for jn, r in ev.items()))
assert all(ev[jn] == {"read-rand"} for jn in ("bs512", "bs4k", "bs16k", "bs32k")), ev
assert all(ev[jn] and ev[jn] <= {"read-seq", "read-frag"} for jn in ("bs64k", "bs256k", "bs1m")), ev
assert jobs["bs1m"]["mbps"] <= 1.05 * 4800
' "$TMP/tlc.json" "$TMP/tlc"
cat "$T_OUT"
"$R" "$TMP/tlc" >"$T_OUT" 2>&1
expect_out '^block sizes: qd1-rand-read-bs \(clean\), QD1 randread' "text: the sweep's table"
expect_out '^ +4k +[0-9]+[!^]* +[0-9.]+[!^]* +([0-9.]+[!^]*|-) ' "text: a row per block size (W '-' where the JSON has null; a host or drain mark allowed)"

# power against the model's own account of each job's energy (the engine's
# model_energy event: J from its first I/O to its last, idle included).
# The drive model's power source is averaged: its lines span the sampler's
# open to the job's end with the energy the model drew, whatever the
# sampler's timing (power/sampler.h), so every job has W and its power log
# holds the model's J plus idle for the rest of its span. How that energy
# lies in time is the sampler's: a power thread a busy host keeps from
# running spreads one read's mean over the periods it missed. Where the log
# holds the model's J over the model's own I/O time (within 5 %), the
# report's W is checked against it: the report's window (energy_j /
# power_w long) is fio's runtime, which also holds fio's set-up before the
# first I/O (5 ms for 1 MiB buffers on a quiet host, 30 ms on a busy one)
# while the model idles, so the truth there is J plus idle for the rest.
expect_rc 0 "power log energy is the model's for every job; W within 10 % of the model's over the report's window" python3 -c '
import json, re, sys
IDLE_W = 0.05   # tlc-dramless-1tb at idle (docs/model.md)
rep = json.load(open(sys.argv[1]))
n = 0; worst = 0; nulls = []; spread = []; logs = 0
for t in rep["tests"]:
    for i, j in enumerate(t["jobs"]):
        pre = sys.argv[2] + "/" + t["test"]
        ev = [json.loads(l) for l in open(pre + "_events.%d.jsonl" % (i + 1)) if l.startswith("{")]
        m = [re.match(r"([0-9.]+) J in ([0-9.]+) s", e["truth"]) for e in ev if e["event"] == "model_energy"]
        if not m:
            continue
        joules, secs = float(m[-1].group(1)), float(m[-1].group(2))
        io0 = [e["time_us"] / 1000 for e in ev if e["event"] == "model_regime"][0]
        pw = [(float(a), float(b) / 1000) for a, b, *_ in (l.split(",") for l in open(pre + "_power.%d.log" % (i + 1)))]
        span = (pw[-1][0] - pw[0][0] + 1) / 1000
        logj = sum(w for _, w in pw) / 1000
        want = joules + IDLE_W * (span - secs)
        assert abs(logj - want) <= 0.03 * want, ("log energy", t["test"], j["name"], logj, want)
        logs += 1
        if j["power_w"] is None:
            nulls.append((t["test"], j["name"], j["null_reasons"].get("power_w")))
            continue
        inio = sum(w for tm, w in pw if io0 <= tm < io0 + secs * 1000) / 1000
        if secs < 0.02 or abs(inio - joules) > 0.05 * joules:
            spread.append((t["test"], j["name"], round(inio / joules, 2)))
            continue
        win = j["energy_j"] / j["power_w"] / rep["drives"][0]["scale"]   # J of the full drive
        want = (joules + IDLE_W * (win - secs)) / win if win > secs else joules / secs
        err = abs(j["power_w"] - want) / want
        n += 1
        worst = max(worst, err)
        assert err <= 0.10, (t["test"], j["name"], j["power_w"], want, joules, secs, win)
print("%d power logs hold the model energy; W of %d jobs within %.1f %%; spread by a late sampler: %s; no W: %s" %
      (logs, n, 100 * worst, spread, nulls))
assert logs and not nulls, nulls
' "$TMP/tlc.json" "$TMP/tlc"
cat "$T_OUT"

# Several drives at once: the qlc-1tb model beside the tlc one (two of the
# tests), and a copy of the tlc results without device.json (a drive named by
# its directory)
drive "$TMP/qlc" qlc-1tb consumer/prep-span consumer/sustained-seq-read enterprise/qd1-rand-read-bs
mkdir -p "$TMP/no-device"
cp "$TMP"/tlc/sustained-seq-read* "$TMP/no-device/"
"$R" --format json "$TMP/tlc" "$TMP/qlc" "$TMP/no-device" >"$TMP/all.json" 2>/dev/null
expect_rc 0 "comparison: a table per test, a row per drive, named by device.json or directory" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1]))
names = [d["name"] for d in rep["drives"]]
print(names)
assert names[0].startswith("DRAM-less 4-channel TLC") and names[1].startswith("QLC NVMe") and names[2] == "no-device", names
assert rep["drives"][2]["device"] is None
cmp = {c["test"]: c for c in rep["comparison"]}
assert set(cmp) == {"sustained-seq-read", "sustained-seq-write", "sustained-seq-read-frag", "qd1-rand-read-bs"}, set(cmp)
for c in cmp.values():
    assert [r["drive"] for r in c["rows"]] == names
    assert all(len(r["values"]) == len(c["columns"]) for r in c["rows"])
tests = {(d["name"], t): None for d in rep["drives"] for t in d["tests"]}
by = {}
for d in rep["drives"]:
    for t in rep["tests"]:
        if t["test"] in d["tests"] and t["file"].startswith(d["dir"] + "/"):
            by[(d["name"], t["test"])] = t
for c in cmp.values():
    keys = [k["key"] for k in c["columns"]]
    for row in c["rows"]:
        t = by.get((row["drive"], c["test"]))
        if t is None:
            assert all(v is None for v in row["values"]) and "has no test" in list(row["null_reasons"].values())[0]
            continue
        for k, v in zip(keys, row["values"]):
            if k == "score_mbps":
                assert v == [s for s in t["series"] if s["kind"] == "qd"][0]["score_mbps"]
            if k.endswith("bs4k/iops"):
                assert v == [j for j in t["jobs"] if j["name"] == "bs4k"][0]["iops"]
c = cmp["sustained-seq-read"]
score = c["rows"][0]["values"][[k["key"] for k in c["columns"]].index("score_mbps")]
assert c["rows"][2]["values"][0] == score        # the copy: the same figures
print({r["drive"][:20]: r["values"] for r in c["rows"]})
' "$TMP/all.json"
cat "$T_OUT"
"$R" "$TMP/tlc" "$TMP/qlc" >"$T_OUT" 2>&1
expect_out '^#### comparison of 2 drives' "text: the comparison section"
expect_out '^QLC NVMe, 1 TB, large dynamic.* +[0-9.]+[!^]* +([0-9.]+[!^]*|-) +([0-9.]+[!^]*|-)$' "text: a row per drive (W and MB/s/W '-' where the JSON has null; a figure the host or the drain moved carries its mark)"
"$R" --format csv "$TMP/tlc" "$TMP/qlc" >"$TMP/all.csv" 2>/dev/null
expect_rc 0 "csv: the drive in the first column" python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert rows[0][:3] == ["drive", "test", "job"], rows[0]
assert {r[0][:8] for r in rows[1:]} == {"DRAM-les", "QLC NVMe"}
' "$TMP/all.csv"
"$R" --html "$TMP/all.html" "$TMP/tlc" "$TMP/qlc" >/dev/null 2>&1
expect_rc 0 "html: a bar chart per compared figure, bars for both drives" python3 -c '
import re, sys, xml.etree.ElementTree as ET
s = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r"<svg.*?</svg>", s, re.S)
for v in svgs:
    ET.fromstring(v)
# the review layout: a speed chart and its efficiency chart per test, a bar
# per drive and variant (clean, fragmented, full) or latency figure
bars = [v for v in svgs if "per drive" in v]
print(len(bars), "charts, bars", [v.count("<rect") + v.count(">n/a<") for v in bars])
assert len(bars) >= 6, len(bars)
assert all(v.count("<rect") + v.count(">n/a<") >= 2 for v in bars)
assert "Comparison of 2 drives" in s
' "$TMP/all.html"
summary
