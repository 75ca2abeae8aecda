#!/usr/bin/env python3
"""Checks of an ssdq-db library for test_db.sh (python3's sqlite3 module).

  db_check.py same LIB REPORT.json RUN  every job, fill, burst, host, trace
      and SNIA PTS figure of ssdq-report's JSON is the library's for run RUN:
      the same value (to 1e-9), or null with the same reason; nothing more
      nor less. PTS: the steady-state windows' cells, host idle recovery's
      phases (and each one's idle_s), cross-stimulus recovery's access
      groups (level_mbps, recovery_min), the ECW/DIRTH ladders' points and
      their picks; a job's rw, trace file and format, the drive's own
      measurement's source and where its joules came from as the JSON's
  db_check.py whole LIB TESTS    integrity_check ok and every run whole: no
      run, or one with TESTS tests, each with its jobs and figures
  db_check.py count LIB SQL      print the single value of SQL
  db_check.py old LIB VERSION    make LIB a library of schema VERSION (the
      first VERSION steps of analysis/db/db_schema.c) holding run 1 (hash
      hVERSION) of drive "Old SSD" with a SNIA PTS cell, iops r0-4k, of
      50000 IOPS under its test iops-round-1
"""
import json
import math
import re
import sqlite3
import sys


def connect(path):
    # read-write: a library left by a killed import has its WAL recovered
    return sqlite3.connect(path, timeout=60)


def same(lib, report, run):
    db = connect(lib)
    rep = json.load(open(report))
    rows = db.execute(
        "SELECT t.name, j.idx, c.of, c.key, f.value, f.why FROM figures f"
        " JOIN catalogue c ON c.id = f.cat_id JOIN jobs j ON j.id = f.job_id"
        " JOIN tests t ON t.id = j.test_id WHERE t.run_id = ?", (run,)).fetchall()
    have = {(t, i, of, k): (v, w) for t, i, of, k, v, w in rows}
    want = {}
    for t in rep["tests"]:
        for i, j in enumerate(t["jobs"]):
            why = j.get("null_reasons") or {}
            secs = [("job", j, why)]
            if j.get("fill"):
                secs.append(("fill", j["fill"], j["fill"].get("null_reasons") or {}))
            if j.get("host") and j["host"].get("measured"):
                secs.append(("host", j["host"], j["host"].get("null_reasons") or {}))
            if j.get("trace"):
                tr = j["trace"]
                # the catalogue's trace_* keys are the JSON trace object's without "trace_"
                secs.append(("trace", {"trace_" + k: v for k, v in tr.items()},
                             {"trace_" + k: v for k, v in (tr.get("null_reasons") or {}).items()}))
            if j.get("bursts"):
                b = j["bursts"]
                secs.append(("burst", {"burst_mbps": b.get("score_mbps"),
                                       "duty_pct": b.get("duty_pct")},
                             b.get("null_reasons") or {}))
            for of, obj, nulls in secs:
                for (tn, ji, o, key) in [k for k in have if k[0] == t["test"] and k[1] == i and k[2] == of]:
                    want[(tn, ji, o, key)] = (obj.get(key), nulls.get(key))
    bad = []
    # and each section's catalogue figures in the report are in the library
    cat = set(db.execute("SELECT of, key FROM catalogue").fetchall())
    for t in rep["tests"]:
        for i, j in enumerate(t["jobs"]):
            for of, obj in sections(j):
                for key in obj:
                    if (of, key) in cat and (t["test"], i, of, key) not in have:
                        bad.append("%s/%d %s:%s: in the report, not the library" % (t["test"], i, of, key))
    tests_in_db = {k[0] for k in have}
    if tests_in_db != {t["test"] for t in rep["tests"] if t["jobs"]}:
        bad.append("tests differ: %s" % sorted(tests_in_db ^ {t["test"] for t in rep["tests"] if t["jobs"]}))
    checked = 0
    for k, (v, w) in have.items():
        rv, rw = want.get(k, (None, None))
        if v is None:
            if rv is not None or (rw is not None and rw != w):
                bad.append("%s: library null (%s), report %r (%r)" % (k, w, rv, rw))
        elif rv is None or not math.isclose(v, rv, rel_tol=1e-9, abs_tol=1e-12):
            bad.append("%s: library %r, report %r" % (k, v, rv))
        checked += 1
    # the jobs' own columns
    for t in rep["tests"]:
        for i, j in enumerate(t["jobs"]):
            row = db.execute("SELECT j.rw, j.trace, j.trace_format, j.drive_source, j.energy_from FROM jobs j"
                             " JOIN tests t ON t.id = j.test_id WHERE t.run_id = ? AND t.name = ?"
                             " AND j.idx = ?", (run, t["test"], i)).fetchone()
            tr, dr = j.get("trace") or {}, j.get("drive") or {}
            want = (j["rw"], tr.get("file"), tr.get("format"), dr.get("source") or None,
                    j.get("energy_from"))
            if row != want:
                bad.append("job %s/%d: library %r, report %r" % (t["test"], i, row, want))
            checked += 1
    # the SNIA PTS cells, by part, test and cell: (part, test, cell) -> {key: (value, why)}
    host = (db.execute("SELECT bit FROM marks WHERE key = 'host'").fetchone() or (0,))[0]
    rows = db.execute(
        "SELECT p.part, p.test, p.cell, c.of, c.key, f.value, f.why, f.marks FROM figures f"
        " JOIN catalogue c ON c.id = f.cat_id JOIN pts_cells p ON p.id = f.cell_id"
        " WHERE p.run_id = ?", (run,)).fetchall()
    cells, marked = pts_cells(rep)
    seen = set()
    for part, test, cell, of, key, v, w, m in rows:
        c = cells.get((part, test, cell))
        rv, rw = c.get(key, (None, None)) if c else (None, None)
        seen.add((part, test, cell, key))
        # a cell's marks: the host mark where the JSON names the figure host-marked
        hm = marked.get((part, test, cell))
        if m != (host if hm is not None and key in hm else 0):
            bad.append("pts %s %s/%s %s: marks %d, the report's host_marked %r" % (
                part, test, cell, key, m, hm))
        if c is None or key not in c or (v is None and (rv is not None or rw != w)) or \
                (v is not None and (rv is None or not math.isclose(v, rv, rel_tol=1e-9))):
            bad.append("pts %s %s/%s %s:%s: library %r (%r), report %r (%r)" % (
                part, test, cell, of, key, v, w, rv, rw))
        checked += 1
    for (part, test, cell), c in cells.items():
        for key in c:
            if (part, test, cell, key) not in seen:
                bad.append("pts %s %s/%s %s: in the report, not the library" % (part, test, cell, key))
    # a ladder's operating points
    picks = set(db.execute("SELECT p.test, p.cell, k.pick, k.ceiling_us FROM pts_picks k"
                          " JOIN pts_cells p ON p.id = k.cell_id WHERE p.run_id = ?", (run,)).fetchall())
    want = set()
    for d in rep["drives"]:
        for pt in (d.get("pts") or {}).get("tests", []):
            di = pt.get("di")
            for pick, cell in ((di or {}).get("picks") or {}).items():
                if cell is not None:
                    want.add((pt["test"], cell, pick, di["ceiling_us"] if pick == "optimal" else None))
    if picks != want:
        bad.append("picks: library %s, report %s" % (sorted(picks), sorted(want)))
    checked += len(want)
    for k in bad[:10]:
        print(k)
    print("%d figures compared, %d differ" % (checked, len(bad)))
    return 1 if bad or not checked else 0


def sections(j):
    """A report job's catalogue sections as (of, {key: value}) (the trace's keys as the catalogue's)."""
    out = [("job", j)]
    if j.get("fill"):
        out.append(("fill", j["fill"]))
    if j.get("host") and j["host"].get("measured"):
        out.append(("host", j["host"]))
    if j.get("trace"):
        out.append(("trace", {"trace_" + k: v for k, v in j["trace"].items()}))
    if j.get("bursts"):
        out.append(("burst", {"burst_mbps": j["bursts"].get("score_mbps"),
                              "duty_pct": j["bursts"].get("duty_pct")}))
    return out


def pts_cells(rep):
    """The report's PTS cells as (part, test, cell) -> {key: (value, why)}, and
    those that say which figures are host-marked -> their host_marked."""
    cells, marked = {}, {}

    def full(c):   # a cell written whole: every catalogue key, null_reasons
        why = c.get("null_reasons") or {}
        # the drain's cell marks (drain_rounds, drain, drain_marked) are the
        # report's reading of its rounds' verdicts; the library keeps the host's
        skip = {"cell", "mix_read_pct", "bs", "throttled_rounds", "host_rounds", "host",
                "host_marked", "drain_rounds", "drain", "drain_marked", "null_reasons",
                "tc", "qd", "oio", "hist"}
        return {k: (v, why.get(k)) for k, v in c.items() if k not in skip}

    def listed(c):  # a recovery page's cell: its keys, each null's KEY_why
        return {k: (v, c.get(k + "_why")) for k, v in c.items() if k != "name" and not k.endswith("_why")}

    for d in rep["drives"]:
        p = d.get("pts") or {}
        for pt in p.get("tests", []):
            for c in pt["cells"]:
                cells[("window", pt["test"], c["cell"])] = full(c)
                marked[("window", pt["test"], c["cell"])] = c["host_marked"]
            for c in (pt.get("di") or {}).get("points", []):
                cells[("point", pt["test"], c["cell"])] = full(c)
                marked[("point", pt["test"], c["cell"])] = c["host_marked"]
        h = p.get("hir")
        for i, c in enumerate((h or {}).get("phases", [])):
            cells[("phase", "hir", c["name"])] = dict(listed(c), idle_s=(h["idle_s"][i], None))
        x = p.get("xsr")
        for g, c in enumerate((x or {}).get("groups", [])):
            why = x["recovery_why"][g]
            cells[("group", "xsr", c["name"])] = dict(
                listed(c), level_mbps=(x["level_mbps"][g], None if x["level_mbps"][g] is not None else why),
                recovery_min=(x["recovery_min"][g], why))
    return cells, marked


def whole(lib, tests):
    db = connect(lib)
    ic = db.execute("PRAGMA integrity_check").fetchall()
    if ic != [("ok",)]:
        print("integrity_check:", ic[:5])
        return 1
    runs = db.execute("SELECT id FROM runs").fetchall() if db.execute(
        "SELECT count(*) FROM sqlite_master WHERE name = 'runs'").fetchone()[0] else []
    for (r,) in runs:
        nt = db.execute("SELECT count(*) FROM tests WHERE run_id = ?", (r,)).fetchone()[0]
        empty = db.execute("SELECT count(*) FROM tests t WHERE run_id = ? AND NOT EXISTS"
                           " (SELECT 1 FROM figures f WHERE f.test_id = t.id)", (r,)).fetchone()[0]
        if nt != int(tests) or empty:
            print("run %d: %d tests (want %s), %d without figures" % (r, nt, tests, empty))
            return 1
    print("ok: %d run(s), each whole" % len(runs))
    return 0


def count(lib, sql):
    print(connect(lib).execute(sql).fetchone()[0])
    return 0


def old(lib, version):
    v = int(version)
    src = open("analysis/db/db_schema.c").read()
    body = src[src.index("migrations[DB_SCHEMA_VERSION] = {"):]
    steps = body[body.index("/* 0 -> 1"):body.index("/* %d -> %d" % (v, v + 1))]
    sql = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', steps)).replace('\\"', '"')
    db = sqlite3.connect(lib)
    db.executescript(sql)
    db.execute("PRAGMA application_id = %d" % 0x53534451)
    db.execute("PRAGMA user_version = %d" % v)
    db.execute("INSERT INTO catalogue VALUES (1, 'pts', 'iops', 'IOPS', 'IOPS', 'IOPS', 0, 1)")
    db.execute("INSERT INTO drives VALUES (1, 'Old SSD\x1fS1\x1f', 'Old SSD', 'Old SSD', 'S1', NULL, 1e12)")
    db.execute("INSERT INTO runs (id, drive_id, hash, dir, imported, files) VALUES"
               " (1, 1, 'h%d', '/old', '2020-01-01T00:00:00Z', 3)" % v)
    db.execute("INSERT INTO tests (id, run_id, name, file) VALUES (1, 1, 'iops-round-1', 'iops-round-1.json')")
    db.execute("INSERT INTO pts_cells VALUES (1, 1, 'iops', 'r0-4k', 1, 'T4Q32')")
    db.execute("INSERT INTO figures (test_id, cell_id, cat_id, value) VALUES (1, 1, 1, 50000)")
    db.commit()
    return 0


if __name__ == "__main__":
    cmd = sys.argv[1]
    sys.exit({"same": same, "whole": whole, "count": count, "old": old}[cmd](*sys.argv[2:]))
