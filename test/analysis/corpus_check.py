#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""ssdq-report against the figures fio wrote in the same file.

usage: corpus_check.py SSDQ_REPORT FILE_OR_DIR...

For every fio JSON file found (any file whose text holds a fio JSON document,
leading text and concatenated documents allowed; the last complete document
counts, as fio's last --status-interval snapshot is its final word), run
`ssdq-report --format json FILE` and check each row of the report against
fio's own fields, read here independently of ssdq-report:

- the rows: one per fio group, or one per data direction of a group that
  did I/O in more than one (read, write, trim); "mixed" alone with
  unified_rw_reporting; a group whose jobs ran on several disks (filename
  /dev/sdb and /dev/sda; a partition is its disk's) a group per disk;
- threads and depth: "T<threads>Q<iodepth>", the threads numjobs where
  group_reporting merged them (fio 3.33 leaves a bare group_reporting out:
  a group of one entry with numjobs > 1), else the entries;
- a run fio stopped by a signal ("fio: terminating on signal N" in the
  file): partial, cut short, exit 1;
- MB/s: fio's bw_bytes (B/s) to the byte, or fio's bw (KiB/s, which fio
  rounds down) within that KiB/s; for a group of several entries fio prints
  no JSON figure, and its group rule (bytes / longest runtime per direction)
  is used; io_bytes is KiB before fio 2.21;
- IOPS: fio's iops (to the decimals fio printed), summed over directions;
- mean latency: fio's mean of the kind the report names (lat or clat; ns in
  fio 3, µs in fio 2), weighted by N, or total_ios before fio 3.18;
- p99, p99.99: fio's printed percentiles of a single entry (or of "All
  clients"), and from the json+ bins (fio's rule: the first bin at which the
  running count reaches the share) when every source has them; a single
  entry's bins must give fio's printed percentile exactly;
- a figure fio's file cannot give must be null in the report with a reason;
  the check names the field that is missing;
- the queue depth fio ran at (iodepth_level 1 >= 99 % -> 1, with a warning)
  and Little's law (IOPS x mean latency > 4 x queue depth x jobs -> a
  warning), from fio's fields.

Prints "PASS: ..." / "FAIL: ..." lines and notes; exits 0.
"""
import json
import math
import os
import re
import subprocess
import sys

DIRS = ["read", "write", "trim", "mixed"]
checks = []


def say(ok, what):
    print(("PASS: " if ok else "FAIL: ") + what)
    checks.append(ok)


def note(what):
    print("  note: " + what)


def load_fio(path):
    """The last complete fio document of a file, or None."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    dec = json.JSONDecoder()
    last, i = None, text.find("{")
    while i >= 0:
        try:
            doc, end = dec.raw_decode(text, i)
        except ValueError:
            i = text.find("{", i + 1)
            continue
        if isinstance(doc, dict) and ("jobs" in doc or "client_stats" in doc):
            last = doc
        i = text.find("{", end)
    return last


def version(doc):
    v = doc.get("fio version", "")
    if not v.startswith("fio-"):
        return None
    try:
        parts = v[4:].split("-")[0].split(".")
        return (int(parts[0]), int(parts[1]))
    except (ValueError, IndexError):
        return None


def kib_io_bytes(doc, o):
    ver = version(doc)
    if ver is not None:
        return ver < (2, 21)
    if "io_kbytes" in o or "clat_ns" in o or "lat_ns" in o:
        return False
    bw, rt, b = o.get("bw", 0), o.get("runtime", 0), o.get("io_bytes", 0)
    return bw > 0 and rt > 0 and abs(b - bw * rt / 1000) <= 0.1 * b


def dir_of(e, d):
    o = e.get(d)
    if not isinstance(o, dict):
        return None
    if not (o.get("total_ios", 0) > 0 or o.get("io_bytes", 0) > 0):
        return None
    return o


def lat_obj(o, kind):
    """(object, ns per unit) of latency kind 'lat' or 'clat'."""
    if isinstance(o.get(kind + "_ns"), dict):
        return o[kind + "_ns"], 1.0
    if isinstance(o.get(kind), dict):
        return o[kind], 1000.0
    return None, 1.0


def pct_of(obj, p):
    for k, v in (obj.get("percentile") or {}).items():
        try:
            if abs(float(k) - p) <= 1e-9 * p:
                return v
        except ValueError:
            pass
    return None


def bins_of(obj):
    b = obj.get("bins") if obj else None
    if not isinstance(b, dict) or not b or "FIO_IO_U_PLAT_BITS" in b:
        return None
    return b


def bins_pct(bins_list, scale, p):
    """fio's rule on merged bins: the first value whose running count
    reaches p % of all."""
    merged = {}
    for b in bins_list:
        for k, v in b.items():
            merged[int(k)] = merged.get(int(k), 0) + v
    total = sum(merged.values())
    run = 0
    for k in sorted(merged):
        run += merged[k]
        if run >= p / 100 * total:
            return k * scale / 1000
    return None


def disk(name):
    """The disk a filename names (a partition's disk, a namespace's char
    device's block device, an SPDK PCIe address), None for a file."""
    m = re.search(r"traddr=\S+", name)
    if m:
        return m.group(0)
    if not name.startswith("/dev/"):
        return None
    d = name[5:]
    m = re.fullmatch(r"(.*\d)p\d+", d) or re.fullmatch(r"((?:sd|vd|hd|xvd)[a-z]+)\d+", d)
    d = m.group(1) if m else d
    return re.sub(r"^ng(\d)", r"nvme\1", d)


def target(doc, e):
    f = option(doc, e, "filename")
    if not f:
        return ""
    disks = [disk(p) for p in re.split(r"(?<!\\):", f)]
    return "" if None in disks else ":".join(disks)


def rows_of(doc):
    """[(entries, all_clients_entry, dirs)] in the report's order."""
    ents = doc.get("jobs")
    cs = ents is None
    if cs:
        ents = doc.get("client_stats", [])
    groups = []
    for i, e in enumerate(ents):
        if not isinstance(e, dict):
            continue
        e["_path"] = "%s[%d]" % ("client_stats" if cs else "jobs", i)
        gid = (e.get("groupid", 0), "" if cs else target(doc, e))
        g = next((x for x in groups if x[0] == gid), None)
        if g is None:
            g = [gid, [], None]
            groups.append(g)
        if cs and e.get("jobname") == "All clients":
            g[2] = e
        else:
            g[1].append(e)
    rows = []
    for _, es, al in groups:
        if not es and al is not None:
            es = [al]
        if not es:
            continue
        pool = es + ([al] if al is not None else [])
        active = [d for d in DIRS[:3] if any(dir_of(e, d) for e in pool)]
        if len(active) > 1:
            first = {d: next((i for i, e in enumerate(es) if dir_of(e, d)), len(es))
                     for d in active}
            for d in sorted(active, key=lambda d: first[d]):
                rows.append((es, al, [d]))
        elif active:
            rows.append((es, al, DIRS[:3]))
        else:
            rows.append((es, al, ["mixed"]))
    return rows


def option(doc, e, key):
    o = e.get("job options") or {}
    if key in o:
        return o[key]
    g = doc.get("global options")
    for x in (g if isinstance(g, list) else [g]):
        if isinstance(x, dict) and key in x:
            return x[key]
    return None


def threads(doc, es, e):
    """The threads entry @e of its group's entries @es stands for."""
    nj = option(doc, e, "numjobs")
    nj = int(nj) if nj and nj.isdigit() and int(nj) > 0 else 1
    gr = option(doc, e, "group_reporting")
    if gr is not None:
        return nj if gr != "0" else 1
    same = [x for x in doc.get("jobs", []) if x.get("groupid") == e.get("groupid")]
    return nj if len(same) == 1 else 1


def near(got, want, rel=1e-6, ab=1e-9):
    return got is not None and abs(got - want) <= rel * abs(want) + ab


def check_row(path, doc, row, rj):
    es, al, dirs = row
    name = "%s: %s (%s)" % (os.path.basename(path), rj["name"], rj.get("ddir") or "-")
    contrib = [e for e in es if any(dir_of(e, d) for d in dirs)] or es[:1]
    src = al if al is not None else (contrib[0] if len(contrib) == 1 else None)
    ok = True

    # MB/s and IOPS
    if src is not None:
        bps, kib, iops, have = 0.0, 0.0, 0.0, False
        exact = True
        for d in dirs:
            o = dir_of(src, d)
            if not o:
                continue
            have = True
            if "bw_bytes" in o:
                bps += o["bw_bytes"]
            else:
                exact = False
                kib += o["bw"]
            iops += o["iops"]
        if have:
            got = (rj["mbps"] or 0) * 1e6
            if exact:
                good = abs(got - bps) <= 1 + 1e-9 * bps
                want = "%.0f B/s (bw_bytes)" % bps
            else:
                good = -1e-6 * got <= got / 1024 - kib - bps / 1024 < 1 + 1e-6 * kib
                want = "%.0f KiB/s (bw, rounded down)" % kib
            ok &= rj["mbps"] is not None and good
            if not (rj["mbps"] is not None and good):
                note("%s: MB/s %s, fio %s" % (name, rj["mbps"], want))
            good = near(rj["iops"], iops, 1e-6, 0.006)
            ok &= good
            if not good:
                note("%s: IOPS %s, fio %s" % (name, rj["iops"], iops))
    else:
        b = i = 0.0
        mbps = iops = 0.0
        for d in dirs:
            b, i, t = 0.0, 0.0, 0.0
            for e in contrib:
                o = dir_of(e, d)
                if o:
                    b += o["io_bytes"] * (1024 if kib_io_bytes(doc, o) else 1)
                    i += o["total_ios"]
                    t = max(t, o["runtime"])
            if t > 0:
                mbps += b / t / 1000
                iops += i / t * 1000
        good = near(rj["mbps"], mbps) and near(rj["iops"], iops)
        ok &= good
        if not good:
            note("%s: MB/s %s IOPS %s, fio's group rule %s %s" %
                 (name, rj["mbps"], rj["iops"], mbps, iops))

    # latency: the kind the report says, from fio's objects
    kind = rj.get("lat_kind") or "clat"
    lat_src = [al] if (al is not None and not all(
        bins_of(lat_obj(dir_of(e, d), kind)[0])
        for e in contrib for d in dirs if dir_of(e, d))) else contrib
    objs = []
    for e in lat_src:
        for d in dirs:
            o = dir_of(e, d)
            if o and o.get("total_ios", 0) > 0:
                obj, scale = lat_obj(o, kind)
                objs.append((obj, scale, o, "%s.%s.%s%s" % (e["_path"], d, kind,
                                                             "_ns" if scale == 1 else "")))
    # the mean
    if objs and all(x[0] is not None and "mean" in x[0] for x in objs):
        w = [x[0].get("N", x[2]["total_ios"]) for x in objs]
        mean = sum(x[0]["mean"] * x[1] / 1000 * wi for x, wi in zip(objs, w)) / sum(w)
        good = near(rj["lat_mean_us"], mean, 1e-6, 1e-6)
        ok &= good
        if not good:
            note("%s: mean %s µs, fio %s µs" % (name, rj["lat_mean_us"], mean))
    elif rj["lat_mean_us"] is None and "lat_mean_us" in rj["null_reasons"]:
        note("%s: mean: fio's file has no %s.mean; the report says: %s" %
             (name, objs[0][3] if objs else kind, rj["null_reasons"]["lat_mean_us"]))
    else:
        ok = False
        note("%s: mean %s but fio's file has no %s mean" % (name, rj["lat_mean_us"], kind))
    # the percentiles
    for p, key in ((99, "lat_p99_us"), (99.99, "lat_p9999_us")):
        bins = [bins_of(x[0]) for x in objs]
        want = None
        if objs and all(bins):
            want = bins_pct(bins, objs[0][1], p)
            if len(objs) == 1 and pct_of(objs[0][0], p) is not None:
                printed = pct_of(objs[0][0], p) * objs[0][1] / 1000
                if not near(want, printed, 0, 1e-9):
                    ok = False
                    note("%s: p%s from the bins %s, fio printed %s" % (name, p, want, printed))
        elif len(objs) == 1 and pct_of(objs[0][0], p) is not None:
            want = pct_of(objs[0][0], p) * objs[0][1] / 1000
        if want is not None:
            good = near(rj[key], want, 0, 1e-9)
            ok &= good
            if not good:
                note("%s: %s %s, fio %s" % (name, key, rj[key], want))
        elif rj[key] is None and key in rj["null_reasons"]:
            missing = ("%s.percentile[\"%s\"]" % (objs[0][3], "%f" % p) if len(objs) == 1 else
                       "json+ bins in %s, to merge their percentiles" %
                       ", ".join(x[3] for x in objs))
            note("%s: %s: fio's file has no %s; the report says: %s" %
                 (name, key, missing, rj["null_reasons"][key]))
        else:
            ok = False
            note("%s: %s %s, but fio's file gives none" % (name, key, rj[key]))

    # the queue depth fio ran at
    qd = option(doc, contrib[0], "iodepth")
    set_qd = int(qd) if qd and qd.isdigit() else (1 if contrib[0].get("job options") is not None else None)
    levels = [e.get("iodepth_level") for e in contrib]
    warned = any("fio ran at queue depth 1" in w for w in rj["warnings"])
    if set_qd and set_qd > 1 and all(isinstance(lv, dict) and lv.get("1", 0) >= 99 for lv in levels):
        good = rj["iodepth"] == 1 and warned and rj.get("iodepth_set") == set_qd
        ok &= good
        note("%s: fio ran at QD1 (iodepth_level 1=%s%%), iodepth=%d: report QD %s%s" %
             (name, levels[0].get("1"), set_qd, rj["iodepth"], ", warned" if warned else ""))
    elif set_qd is not None:
        good = rj["iodepth"] == set_qd and not warned
        ok &= good
        if not good:
            note("%s: QD %s, fio's iodepth=%s" % (name, rj["iodepth"], set_qd))

    # threads and depth
    if "jobs" in doc and all(e.get("job options") is not None for e in contrib):
        t = sum(threads(doc, es, e) for e in contrib)
        want = "T%dQ%d" % (t, rj["iodepth"]) if rj["iodepth"] is not None else "T%d" % t
        good = rj.get("threads") == t and rj.get("tq") == want
        ok &= good
        if not good:
            note("%s: threads %s (%s), fio's entries and options say %d (%s)" %
                 (name, rj.get("threads"), rj.get("tq"), t, want))

    # Little's law
    little = any("Little's law" in w for w in rj["warnings"])
    if rj["iops"] and rj["lat_mean_us"] and rj["iodepth"] and all(e.get("job options") is not None for e in contrib):
        jobs = 0
        for e in contrib:
            nj = option(doc, e, "numjobs")
            gr = option(doc, e, "group_reporting")
            jobs += int(nj) if nj and nj.isdigit() and gr is not None and gr not in ("0",) else 1
        flight = rj["iops"] * rj["lat_mean_us"] / 1e6
        want = flight > 4 * rj["iodepth"] * jobs
        ok &= want == little
        if want or little != want:
            note("%s: %.4g I/Os in flight by Little's law, queue %s x %d jobs: %s" %
                 (name, flight, rj["iodepth"], jobs, "warned" if little else "no warning"))
    say(ok, "%s: MB/s, IOPS, mean, p99, p99.99 agree with fio's own figures" % name)


def check_file(report, path, doc):
    r = subprocess.run([report, "--format", "json", path], capture_output=True, text=True)
    try:
        rep = json.loads(r.stdout)
    except ValueError:
        say(False, "%s: the report is JSON (exit %d: %s)" % (path, r.returncode, r.stderr[:200]))
        return
    t = rep["tests"][0]
    rows = rows_of(doc)
    if len(rows) != len(t["jobs"]):
        say(False, "%s: %d rows, fio's file makes %d (%s)" %
            (path, len(t["jobs"]), len(rows), [j["name"] for j in t["jobs"]]))
        return
    for row, rj in zip(rows, t["jobs"]):
        check_row(path, doc, row, rj)
    text = open(path, encoding="utf-8", errors="replace").read()
    sig = re.search(r"^fio: terminating on signal (\d+)", text, re.M)
    if sig:
        good = (t["partial"] or "").startswith("cut short: fio printed \"%s\"" % sig.group(0)) \
            and r.returncode == 1 and any(j["partial"] and j["stop"] == "terminated" for j in t["jobs"])
        say(good, "%s: fio's \"%s\": partial, cut short, exit %d (report: %s)" %
            (os.path.basename(path), sig.group(0), r.returncode, t["partial"]))
    if r.returncode != (1 if t["errors"] or t["partial"] else 0):
        say(False, "%s: exit %d with %d errors, partial %s" %
            (path, r.returncode, len(t["errors"]), t["partial"]))


def main():
    report, args = sys.argv[1], sys.argv[2:]
    files = []
    for a in args:
        if os.path.isdir(a):
            for top, _, names in os.walk(a):
                files += [os.path.join(top, n) for n in sorted(names)]
        else:
            files.append(a)
    n = 0
    for f in sorted(files):
        doc = load_fio(f)
        if doc is not None:
            n += 1
            check_file(report, f, doc)
    say(n > 0, "%d fio JSON files found and checked" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
