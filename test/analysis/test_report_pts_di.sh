#!/bin/sh
# The SNIA PTS's ECW (section 13) and DIRTH (section 14) tests on the drive
# model (tlc-enterprise-4tb scaled 1/1000, cells of 100 ms), as ssdq-run
# --suite snia runs them: each from its own purge and WIPC (<test>-prep),
# five rounds at T32Q32 (<test>-round-<N>, each round's logs its own), then
# two rounds of the demand-intensity ladder (<test>-di-<N>). Held to:
# - the spec's sequence, from the events sidecars: the prep's purge (the
#   model's erase) and its WIPC of twice the capacity in 128 KiB writes;
#   every round at 32 threads x QD 32 (ECW's all writes), the tracked first
#   cell and then 29 minutes (scaled); every ladder round's between-round
#   pre-writes first (T32Q32, all writes, 5 minutes scaled), then its 49 cells
#   in the order TC 32, 16, 8, 6, 4, 2, 1, QD the same within each, each job's numjobs
#   and iodepth as its name says; the access pattern of every cell as fio
#   ran it (ECW: R/W 40/60, the transfer sizes with those below the 4 KiB
#   LBA moved to 4 KiB, 50/30/20 % of the I/Os to 5/15/80 % of the LBAs;
#   DIRTH: 4 KiB all writes);
# - the window and tracking values as ssdq-pts gives them; the ladder
#   rounds' T32Q32 write IOPS and pre-write IOPS as fio's JSON gives them,
#   the points the last round's;
# - every ladder point's IOPS, mean latency (completion latency), maximum
#   (within one json+ bin) as fio's own JSON gives them, W within 10 % of the
#   model's energy account of the cell, IOPS/W their quotient;
# - the picks: max the point of most IOPS, optimal the most IOPS within the
#   5 ms ceiling, min T1Q1, mid the IOPS nearest halfway between;
# - DIRTH's histograms: shares summing to 1, their bins within fio's own
#   minimum and maximum, their mean within one bin of fio's mean;
# - what DIRTH exists to show, by the model's own account: its GC regime
#   past the erased NAND (model_regime), and there, at every thread count
#   of 4 and more, the response time it sets at QD 32 at least 4 times QD
#   1's (model_pace: the intended service time, the host's delays apart:
#   queueing), or, where it is less, the same account saying the host held
#   that QD 32 cell's I/Os longer than the drive did (its host_added_us
#   above its intended_us: the host, not the drive, kept the queue; DIRTH's
#   T32Q32 7x beside four CPU spinners and a disk writer, the host's time
#   28 times the drive's); DIRTH's I/Os of every point over its span (first thread's
#   start to last thread's end) no faster than the model's GC speed (1600
#   MB/s over the write amplification of a full drive, 4 KiB: saturation);
#   fio's figures hold no more I/Os in flight than the OIO (Little's law).
# - the histogram runs after the ladder (<test>-hist): at the points
#   ssdq-pts picks gives from the last round, which are the report's
#   (MaxIOPS its optimal pick, MidIOPS mid, MinIOPS min), each point's
#   pre-writes (all writes, 60 minutes scaled) then 10 minutes of the
#   pattern at its TC x QD (the events), their figures against fio's JSON
#   and the model's energy account, their histograms against fio's.
# The text, CSV (--series-csv) and HTML pages carry the ladder. About three
# minutes.
# Run from the top of the tree; SSDQ_REPORT, SSDQ_PTS, SSDQ_SO override.
. test/lib.sh

. test/lib/pts_model.sh

for t in ecw dirth; do
	for s in prep round di; do
		pts_render "$t-$s" || { fail "ssdq-render snia/$t-$s.fio"; summary; exit 1; }
	done
	pts_prep_rounds "$t" 5
	for k in 1 2; do
		sed "s/^\(write_[a-z]*_log\)=.*/\1=$t-di-$k/" "$D/$t-di.fio" >"$D/$t-di-$k.fio"
		pts_fio --output-format=json+ --output="$t-di-$k.json" "$t-di-$k.fio" ||
			{ fail "$t ladder round $k: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
	done
	# the histogram runs at the last round's points, as ssdq-run sets them (picks=)
	"$PTS" picks "$D/$t-di-2.json" >"$TMP/$t.picks" 2>>"$TMP/pts.err" ||
		{ fail "ssdq-pts picks $t-di-2.json: $(cat "$TMP/pts.err")"; summary; exit 1; }
	# shellcheck disable=SC2046 # one --set NAME=VALUE a line
	pts_render "$t-hist" $(sed 's/^/--set /' "$TMP/$t.picks") ||
		{ fail "ssdq-render snia/$t-hist.fio"; summary; exit 1; }
	pts_fio --output-format=json+ --output="$t-hist.json" "$t-hist.fio" ||
		{ fail "$t histogram runs: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
	"$PTS" steady --json --track t32q32:write:iops "$D/$t-round-1.json" "$D/$t-round-2.json" \
		"$D/$t-round-3.json" "$D/$t-round-4.json" "$D/$t-round-5.json" >"$TMP/$t.pts" 2>>"$TMP/pts.err"
done
pass "ECW and DIRTH on the model: each from its purge and WIPC, 5 rounds at T32Q32, 2 ladder rounds, histogram runs"

expect_rc 0 "ssdq-report --format json on the run" "$R" --format json "$D"
cp "$T_OUT" "$TMP/report.json"
expect_rc 0 "ssdq-report (text) on the run" "$R" "$D"
expect_out "demand intensity, 49 TC x QD points" "the text gives the ladder"
expect_out "optimal point: t[0-9]+q[0-9]+ \(T[0-9]+Q[0-9]+\), [0-9]+ IOPS" "the text names the optimal point"
expect_out "2 rounds of the ladder, each after between-round pre-writes; fewer than the 5" "the text gives the ladder's rounds"
expect_out "^  MaxIOPS +T[0-9]+Q[0-9]+ +[0-9]" "the text gives the histogram runs"
expect_rc 0 "ssdq-report --series-csv" "$R" --series-csv "$TMP/csv" "$D"
expect_rc 0 "ssdq-report --html" "$R" --html "$TMP/page.html" --svg-dir "$TMP/svg" "$D"

python3 - "$TMP" "$D" <<'PY' >"$T_OUT" 2>&1
import csv, json, math, os, re, sys
tmp, d = sys.argv[1], sys.argv[2]
rep = json.load(open(f"{tmp}/report.json"))
tests = {t["test"]: t for t in rep["drives"][0]["pts"]["tests"]}
sys.path.insert(0, "test/lib")
from pts_check import bad, say, fio_doc, wa, events as events_in


def events(prefix):
    return events_in(d, prefix)


def secs(v):
    # a fio time option as fio's JSON prints it: "100ms", "1740ms", "5s", "29m"
    m = re.fullmatch(r"([0-9.]+)(us|ms|s|m|h)?", str(v).strip())
    return float(m.group(1)) * {"us": 1e-6, "ms": 1e-3, "s": 1, "m": 60, "h": 3600, None: 1}[m.group(2)]

ladder = [f"t{tc}q{qd}" for tc in (32, 16, 8, 6, 4, 2, 1) for qd in (32, 16, 8, 6, 4, 2, 1)]
cap_b = json.load(open(f"{d}/device.json"))["capacity_bytes"]
say(sorted(tests) == ["dirth", "ecw"], f"two PTS tests found: {sorted(tests)}")
for name in ("ecw", "dirth"):
    t = tests.get(name)
    if not t:
        continue
    # the sequence: purge, WIPC, rounds at T32Q32, the ladder from the highest demand down
    prep = events(f"{name}-prep")
    erase = [e["method"] for e in prep if e["event"] == "erase_end"]
    wipc = [j for j in fio_doc(f"{d}/{name}-prep.json")["jobs"] if j["jobname"] == "wipc"][0]
    say(erase == ["model"] and wipc["job options"].get("bs") == "128k" and
        abs(wipc["write"]["io_bytes"] - 2 * cap_b) <= 1e-6 * cap_b,
        f"{name}: prep: purge {erase}, WIPC {wipc['write']['io_bytes']} B in "
        f"{wipc['job options'].get('bs')} writes (2 x {cap_b} B)")
    starts, seq, rest = [], [], []
    for n in range(1, 6):
        ev = sorted((e for e in events(f"{name}-round-{n}") if e["event"] == "job_start"),
                    key=lambda e: e["time_us"])
        starts += ev
        seq.append([e["job"] for i, e in enumerate(ev) if not i or ev[i - 1]["job"] != e["job"]])
        rdoc = fio_doc(f"{d}/{name}-round-{n}.json")
        rt = {j["jobname"]: secs(j["job options"].get("runtime") or rdoc["global options"]["runtime"])
              for j in rdoc["jobs"]}
        rest.append(rt.get("t32q32-rest", 0) * 1000 / 60)   # the PTS's minutes, at 1/1000
    say(len(starts) == 5 * 2 * 32 and seq == [["t32q32", "t32q32-rest"]] * 5 and
        all(e["options"].get("numjobs") == "32" and e["options"].get("iodepth") == "32" for e in starts) and
        all(abs(x - 29) < 1e-6 for x in rest),
        f"{name}: 5 rounds at T32Q32: the tracked first cell, then 29 minutes at 1/1000 "
        f"({len(starts)} threads started, jobs {seq[0]}, the rest {rest[0]:.3g} min)")
    mix = {e["global_options"].get("rwmixread") for e in starts}
    say(mix == {"0"}, f"{name}: the rounds' preconditioning all writes (rwmixread {sorted(mix)})")
    # each ladder round: the between-round pre-writes at T32Q32, all writes, then the 49 cells
    for k in (1, 2):
        ev = sorted((e for e in events(f"{name}-di-{k}") if e["event"] == "job_start"), key=lambda e: e["time_us"])
        pre = [e for e in ev if e["job"] == "prewrite"]
        rdoc = fio_doc(f"{d}/{name}-di-{k}.json")
        pj = [j for j in rdoc["jobs"] if j["jobname"] == "prewrite"]
        pre_s = secs(pj[0]["job options"].get("runtime", "0")) if pj else 0
        say(ev and ev[0]["job"] == "prewrite" and len(pre) == 32 and
            all(e["options"].get("numjobs") == "32" and e["options"].get("iodepth") == "32" and
                e["options"].get("rwmixread") == "0" for e in pre) and
            pj and pj[0]["read"]["total_ios"] == 0 and pj[0]["write"]["total_ios"] > 0 and
            abs(pre_s * 1000 / 60 - 5) < 1e-6,
            f"{name}: ladder round {k} opens with its pre-writes: {len(pre)} threads at T32Q32, "
            f"all writes, {pre_s * 1000 / 60:.3g} minutes at 1/1000")
    ev = [e for e in ev if e["job"] != "prewrite"]
    order = []
    for e in ev:
        if not order or order[-1] != e["job"]:
            order.append(e["job"])
    opts_ok = all(e["options"].get("numjobs") == re.match(r"t(\d+)q(\d+)", e["job"]).group(1) and
                  e["options"].get("iodepth") == re.match(r"t(\d+)q(\d+)", e["job"]).group(2)
                  for e in ev)
    say(order == ladder and opts_ok and len(ev) == 7 * (32 + 16 + 8 + 6 + 4 + 2 + 1),
        f"{name}: the ladder's 49 cells from T32Q32 down to T1Q1, each at its TC x QD ({len(ev)} threads)")
    g = ev[0]["global_options"] if ev else {}
    if name == "ecw":
        want = {"rw": "randrw", "rwmixread": "40", "bssplit": "4k/77:8k/10:16k/7:32k/3:64k/3",
                "random_distribution": "zoned:50/5:30/15:20/80"}
    else:
        want = {"rw": "randrw", "rwmixread": "0", "bs": "4k"}
    say(all(g.get(k) == v for k, v in want.items()),
        f"{name}: the access pattern as fio ran it: " + ", ".join(f"{k}={g.get(k)}" for k in want))
    # the rounds: window and tracking as ssdq-pts
    p = json.load(open(f"{tmp}/{name}.pts"))
    ok = t["rounds"] == 5 and t["steady"] == p["steady"] and \
        all(abs(a - b) <= 1e-6 * max(1, abs(b)) for a, b in zip(t["tracks"][0]["rounds"], p["tracks"][0]["rounds"]))
    say(ok, f"{name}: rounds' t32q32 write IOPS and verdict as ssdq-pts ({p['steady']})")
    # every point against fio's JSON and the model's account
    di = t.get("di")
    if not di:
        say(False, f"{name}: no demand-intensity ladder in the report")
        continue
    # the ladder's rounds: its tracking variable and pre-writes as fio gave them, the last round's points
    rr = di.get("rounds") or {}
    fio_t32 = [sum(j["write"]["iops"] for j in fio_doc(f"{d}/{name}-di-{k}.json")["jobs"] if j["jobname"] == "t32q32")
               for k in (1, 2)]
    fio_pre = [sum(j["write"]["iops"] for j in fio_doc(f"{d}/{name}-di-{k}.json")["jobs"] if j["jobname"] == "prewrite")
               for k in (1, 2)]
    say(rr.get("n") == 2 and rr.get("steady") is None and
        all(abs(a - b) <= 1e-6 * b for a, b in zip(rr.get("t32_iops", []), fio_t32)) and
        all(abs(a - b) <= 1e-6 * b for a, b in zip(rr.get("prewrite_iops", []), fio_pre)),
        f"{name}: the ladder's 2 rounds, T32Q32 write IOPS {rr.get('t32_iops')} (fio {fio_t32}), "
        f"pre-writes {rr.get('prewrite_iops')} (fio {fio_pre}), no window yet")
    doc = fio_doc(f"{d}/{name}-di-2.json")
    pts = {q["cell"]: q for q in di["points"]}
    say([q["cell"] for q in di["points"]] == ladder, f"{name}: the report's points in the ladder's order")
    nbad, fio_pt = 0, {}
    energy = {}
    for e in events(f"{name}-di-2"):
        if e["event"] == "model_energy":
            energy.setdefault(e["job"], []).append(float(re.search(r"([0-9.]+) W", e["truth"]).group(1)))
    for cell in ladder:
        js = [j for j in doc["jobs"] if j["jobname"] == cell]
        io = sum(j[dd]["iops"] for j in js for dd in ("read", "write"))
        lat = sum(j[dd]["clat_ns"]["mean"] * j[dd]["iops"] for j in js for dd in ("read", "write")
                  if j[dd]["iops"] > 0) / io / 1e3
        mx = max(j[dd]["clat_ns"]["max"] for j in js for dd in ("read", "write") if j[dd]["total_ios"] > 0) / 1e3
        fio_pt[cell] = (io, lat)
        q = pts.get(cell, {})
        w = sum(energy.get(cell, [math.nan])) / len(energy.get(cell, [1]))
        checks = [("iops", q.get("iops"), io, 1e-6), ("lat_mean_us", q.get("lat_mean_us"), lat, 1e-3),
                  ("lat_max_us", q.get("lat_max_us"), mx, 1 / 32), ("power_w", q.get("power_w"), w, 0.10)]
        if q.get("power_w"):
            checks.append(("iops_per_w", q.get("iops_per_w"), q["iops"] / q["power_w"], 1.5e-9))
        for key, got, want, tol in checks:
            if got is None or not abs(got - want) <= tol * abs(want):
                nbad += 1
                if nbad <= 5:
                    print(f"    {name} {cell} {key}: report {got}, fio/model {want}")
    say(nbad == 0, f"{name}: every point's IOPS, mean and max response time as fio's JSON gives them, "
        f"W within 10 % of the model's energy account, IOPS/W their quotient (49 points)")
    # the picks
    mx_c = max(ladder, key=lambda c: fio_pt[c][0])
    opt = [c for c in ladder if fio_pt[c][1] <= 5000]
    opt_c = max(opt, key=lambda c: fio_pt[c][0]) if opt else None
    half = (fio_pt[mx_c][0] + fio_pt["t1q1"][0]) / 2
    mid_c = min(ladder, key=lambda c: abs(fio_pt[c][0] - half))
    say(di["picks"] == {"max": mx_c, "optimal": opt_c, "mid": mid_c, "min": "t1q1"} and di["ceiling_us"] == 5000,
        f"{name}: picks {di['picks']} (fio: max {mx_c}, optimal {opt_c}, mid {mid_c}, min t1q1)")
    # DIRTH's histograms against fio's own distribution
    if name == "dirth":
        hbad = 0
        for k, cell in di["picks"].items():
            h = pts[cell]["hist"] if cell else None
            if not h:
                hbad += 1
                print(f"    {k} {cell}: no histogram")
                continue
            js = [j for j in doc["jobs"] if j["jobname"] == cell][0]["write"]["clat_ns"]
            mean = sum(u * s for u, s in zip(h["us"], h["share"]))
            ok = abs(sum(h["share"]) - 1) < 1e-4 and h["dir"] == "write" and \
                h["us"][0] >= js["min"] / 1e3 * (1 - 1 / 32) and h["us"][-1] <= js["max"] / 1e3 * (1 + 1 / 32) and \
                abs(mean - js["mean"] / 1e3) <= js["mean"] / 1e3 / 32
            if not ok:
                hbad += 1
                print(f"    {k} {cell}: shares {sum(h['share']):.6f}, bins {h['us'][0]}-{h['us'][-1]} "
                      f"(fio {js['min'] / 1e3}-{js['max'] / 1e3}), mean {mean:.1f} (fio {js['mean'] / 1e3:.1f})")
        say(hbad == 0, "dirth: the picked points' histograms: whole, within fio's min and max, "
            "their mean within a bin of fio's")
    # the histogram runs: at the points ssdq-pts picks gave, which are the
    # ladder's (MaxIOPS the optimal pick), each after its pre-writes, held to fio
    hr = {h["point"]: h for h in di.get("hist_runs") or []}
    sets = dict(l.strip().split("=") for l in open(f"{tmp}/{name}.picks") if "=" in l)
    want_at = {"MaxIOPS": di["picks"]["optimal"] or di["picks"]["max"], "MidIOPS": di["picks"]["mid"],
               "MinIOPS": di["picks"]["min"]}
    given = {"MaxIOPS": "MAX", "MidIOPS": "MID", "MinIOPS": "MIN"}
    say(sorted(hr) == sorted(want_at) and
        all(hr[k]["at"] == want_at[k] and hr[k]["at_pick"] and
            f"t{sets.get('SSDQ_PTS_DI_' + given[k] + '_TC')}q{sets.get('SSDQ_PTS_DI_' + given[k] + '_QD')}" == want_at[k]
            and f"t{hr[k]['tc']}q{hr[k]['qd']}" == want_at[k] for k in want_at),
        f"{name}: histogram runs at the ladder's points as ssdq-pts picks gave them: "
        + ", ".join(f"{k} {want_at[k]}" for k in want_at))
    ev = sorted((e for e in events(f"{name}-hist") if e["event"] == "job_start"), key=lambda e: e["time_us"])
    order = [e["job"] for i, e in enumerate(ev) if not i or ev[i - 1]["job"] != e["job"]]
    hdoc = fio_doc(f"{d}/{name}-hist.json")
    hrt = {j["jobname"]: secs(j["job options"].get("runtime", "0")) * 1000 / 60 for j in hdoc["jobs"]}
    seq_ok = order == ["maxiops-prewrite", "maxiops", "midiops-prewrite", "midiops", "miniops-prewrite", "miniops"]
    for k, job in (("MaxIOPS", "maxiops"), ("MidIOPS", "midiops"), ("MinIOPS", "miniops")):
        tq = re.match(r"t(\d+)q(\d+)", want_at[k]).groups()
        for j in (job + "-prewrite", job):
            es = [e for e in ev if e["job"] == j]
            seq_ok = seq_ok and len(es) == int(tq[0]) and all(
                e["options"].get("numjobs") == tq[0] and e["options"].get("iodepth") == tq[1] for e in es)
        seq_ok = seq_ok and all(e["options"].get("rwmixread") == "0" for e in ev if e["job"] == job + "-prewrite")
        seq_ok = seq_ok and abs(hrt.get(job + "-prewrite", 0) - 60) < 1e-6 and abs(hrt.get(job, 0) - 10) < 1e-6
    say(seq_ok, f"{name}: the histogram runs' sequence: each point's pre-writes (all writes, 60 minutes at "
        f"1/1000) then its pattern (10 minutes), at its TC x QD (jobs {order})")
    hbad = 0
    henergy = {}
    for e in events(f"{name}-hist"):
        if e["event"] == "model_energy":
            henergy.setdefault(e["job"], []).append(float(re.search(r"([0-9.]+) W", e["truth"]).group(1)))
    for k, job in (("MaxIOPS", "maxiops"), ("MidIOPS", "midiops"), ("MinIOPS", "miniops")):
        h = hr.get(k, {})
        js = [j for j in hdoc["jobs"] if j["jobname"] == job]
        pj = [j for j in hdoc["jobs"] if j["jobname"] == job + "-prewrite"]
        io = sum(j[dd]["iops"] for j in js for dd in ("read", "write"))
        lat = sum(j[dd]["clat_ns"]["mean"] * j[dd]["iops"] for j in js for dd in ("read", "write")
                  if j[dd]["iops"] > 0) / io / 1e3 if io else math.nan
        w = sum(henergy.get(job, [math.nan])) / len(henergy.get(job, [1]))
        pre = sum(j["write"]["iops"] for j in pj)
        hh = h.get("hist") or {}
        busy = max((dd for dd in ("read", "write")), key=lambda dd: sum(j[dd]["iops"] for j in js))
        cl = js[0][busy]["clat_ns"] if js else {"min": 0, "max": 0, "mean": 0}
        mean = sum(u * x for u, x in zip(hh.get("us", []), hh.get("share", [])))
        ok = (h.get("iops") is not None and abs(h["iops"] - io) <= 1e-6 * io and
              abs(h["lat_mean_us"] - lat) <= 1e-3 * lat and
              h.get("power_w") is not None and abs(h["power_w"] - w) <= 0.10 * w and
              h.get("prewrite_iops") is not None and abs(h["prewrite_iops"] - pre) <= 1e-6 * pre and
              hh.get("dir") == busy and abs(sum(hh["share"]) - 1) < 1e-4 and
              hh["us"][0] >= cl["min"] / 1e3 * (1 - 1 / 32) and hh["us"][-1] <= cl["max"] / 1e3 * (1 + 1 / 32) and
              abs(mean - cl["mean"] / 1e3) <= cl["mean"] / 1e3 / 32)
        if not ok:
            hbad += 1
            print(f"    {name} {k}: report iops {h.get('iops')} lat {h.get('lat_mean_us')} W {h.get('power_w')} "
                  f"pre {h.get('prewrite_iops')}; fio {io} {lat} pre {pre}, model W {w}; hist {hh.get('dir')} "
                  f"mean {mean} (fio {cl['mean'] / 1e3})")
    say(hbad == 0, f"{name}: each histogram run's IOPS, mean response time and pre-write IOPS as fio's JSON "
        f"gives them, W within 10 % of the model's account, its histogram whole, within fio's min and max, "
        f"its mean within a bin of fio's")
    # what the ladder shows, by the model's own account: past the erased NAND
    # (its GC regime) the response time it sets grows with the queue
    # (model_pace: each I/O's intended service time, the host's delays apart;
    # a QD 32 cell below 4 times QD 1's only where the host's time added to
    # its I/Os, host_added_us, exceeds the drive's: the host held them, so the
    # drive's queue never formed), and (DIRTH's 4 KiB writes) no point beats
    # its GC speed, however many I/Os wait; fio's figures hold no more I/Os in
    # flight than the OIO
    regime, pace = {}, {}
    for e in events(f"{name}-di-2"):
        if e["event"] == "model_regime":
            regime.setdefault(e["job"], set()).add(e["regime"].split("+")[0])
        elif e["event"] == "model_pace":
            io, us, host = pace.get(e["job"], (0, 0.0, 0.0))
            pace[e["job"]] = (io + e["ios"], us + e["intended_us"], host + e["host_added_us"])
    # its writes' regime (ECW's reads have their own: read-rand, read-frag)
    gc = [c for c in ladder if {r for r in regime.get(c, ()) if not r.startswith("read")} == {"random"}]
    model_us = {c: pace[c][1] / pace[c][0] for c in ladder if pace.get(c, (0,))[0]}
    ratio = [model_us.get(f"t{tc}q32", 0) / model_us.get(f"t{tc}q1", math.inf) for tc in (32, 16, 8, 4)]
    held = [pace.get(f"t{tc}q32", (0, 0.0, 0.0)) for tc in (32, 16, 8, 4)]
    held = [p[2] / p[1] if p[1] else 0.0 for p in held]   # the host's time over the drive's
    queued = all(r >= 4 or h > 1 for r, h in zip(ratio, held))
    why = "".join(f"; T{tc}Q32 below 4x, the host's time {h:.1f}x the drive's"
                  for tc, r, h in zip((32, 16, 8, 4), ratio, held) if r < 4)
    little = max(fio_pt[c][0] * fio_pt[c][1] / 1e6 / (int(re.match(r"t(\d+)q(\d+)", c).group(1)) *
                                                       int(re.match(r"t(\d+)q(\d+)", c).group(2))) for c in ladder)
    say(len(gc) >= 30 and queued and little <= 1.1,
        f"{name}: {len(gc)} of 49 points in the model's GC regime; its response time at QD 32 "
        f"{', '.join('%.0fx' % r for r in ratio)} QD 1's (TC 32, 16, 8, 4: model_pace{why}); "
        f"at most {little:.2f} x OIO in flight (fio)")
    if name == "dirth":
        # the model's media timeline is one queue at its GC speed: a cell's
        # I/Os (fio's count) between its first thread's start and its last
        # thread's end (the events' clock) pass at no more than that speed,
        # however many wait; a busy host only spreads them out
        bound = 1600e6 / wa(0.995) / 4096
        span = {}
        for e in events(f"{name}-di-2"):
            if e["event"] in ("job_start", "job_end"):
                lo, hi = span.get(e["job"], (math.inf, 0))
                span[e["job"]] = (min(lo, e["time_us"]), max(hi, e["time_us"]))
        rate = {}
        for c in gc:
            ios = sum(j[dd]["total_ios"] for j in doc["jobs"] if j["jobname"] == c for dd in ("read", "write"))
            rate[c] = ios / ((span[c][1] - span[c][0]) / 1e6)
        top = max(rate, key=rate.get) if rate else None
        say(top is not None and rate[top] <= bound,
            f"dirth: IOPS saturate: the fastest of the {len(gc)} GC points over its whole span, {top} at "
            f"{rate.get(top, 0):.0f} I/Os a second, within the model's GC speed {bound:.0f} "
            f"(1600 MB/s / A(0.995) = {wa(0.995):.2f}, 4 KiB)")

# the CSV and the page
for name in ("ecw", "dirth"):
    fs = [f for f in os.listdir(f"{tmp}/csv") if f.endswith(f".{name}.di.csv")]
    rows = list(csv.reader(open(f"{tmp}/csv/{fs[0]}"))) if fs else []
    pts_rows = [r for r in rows[1:50]] if rows else []
    say(len(pts_rows) == 49 and rows[0][:6] == ["test", "cell", "tc", "qd", "oio", "pick"] and
        all(float(r[6]) == float(json.dumps(q["iops"])) or abs(float(r[6]) - q["iops"]) <= 1e-6 * q["iops"]
            for r, q in zip(pts_rows, tests[name]["di"]["points"])),
        f"{name}: --series-csv's {fs[0] if fs else 'no file'}: 49 points, the JSON's IOPS")
page = open(f"{tmp}/page.html").read()
svgs = os.listdir(f"{tmp}/svg")
say(all(any(s.endswith(f".{n}.{c}.svg") for s in svgs) for n in ("ecw", "dirth") for c in ("di-curve", "di-variation"))
    and any(s.endswith(".dirth.di-hist.svg") for s in svgs) and page.count("<th>pick</th>") == 2
    and all(any(s.endswith(f".{n}.di-hruns.svg") for s in svgs) for n in ("ecw", "dirth"))
    and page.count("<th>pre-write IOPS</th>") == 4,
    "the HTML page: each test's demand intensity and variation charts, its point table, its ladder rounds, "
    "its histogram runs' table and chart; DIRTH's ladder histograms")
sys.exit(1 if bad else 0)
PY
rc=$?
cat "$T_OUT"
T_PASS=$((T_PASS + $(grep -c '^PASS' "$T_OUT")))
T_FAIL=$((T_FAIL + $(grep -c '^FAIL' "$T_OUT")))
[ $rc -le 1 ] || fail "the checks themselves failed (exit $rc)"
expect_rc 0 "the page's charts: ticks on their scales, no line of one point" \
	python3 test/lib/svg_check.py "$TMP/page.html" "$TMP/svg"
summary
