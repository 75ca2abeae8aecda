#!/usr/bin/env python3
"""Checks of an ssdq-db library for test_db.sh (python3's sqlite3 module).

  db_check.py same LIB REPORT.json RUN  every job, fill and burst figure of
      ssdq-report's JSON is the library's for run RUN: the same value (to
      1e-9), or null with the same reason; nothing more nor less
  db_check.py whole LIB TESTS    integrity_check ok and every run whole: no
      run, or one with TESTS tests, each with its jobs and figures
  db_check.py count LIB SQL      print the single value of SQL
"""
import json
import math
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
            if j.get("bursts"):
                b = j["bursts"]
                secs.append(("burst", {"burst_mbps": b.get("score_mbps"),
                                       "duty_pct": b.get("duty_pct")},
                             b.get("null_reasons") or {}))
            for of, obj, nulls in secs:
                for (tn, ji, o, key) in [k for k in have if k[0] == t["test"] and k[1] == i and k[2] == of]:
                    want[(tn, ji, o, key)] = (obj.get(key), nulls.get(key))
    bad = []
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
    # the SNIA PTS cells: each drive's pts tests' cells, by test and cell
    rows = db.execute(
        "SELECT p.test, p.cell, c.key, f.value, f.why FROM figures f JOIN catalogue c ON c.id = f.cat_id"
        " JOIN pts_cells p ON p.id = f.cell_id WHERE p.run_id = ?", (run,)).fetchall()
    cells = {}
    for d in rep["drives"]:
        for pt in (d.get("pts") or {}).get("tests", []):
            for c in pt["cells"]:
                cells[(pt["test"], c["cell"])] = c
    for test, cell, key, v, w in rows:
        c = cells.get((test, cell))
        rv = c.get(key) if c else None
        rw = (c.get("null_reasons") or {}).get(key) if c else None
        if c is None or (v is None and (rv is not None or rw != w)) or \
                (v is not None and (rv is None or not math.isclose(v, rv, rel_tol=1e-9))):
            bad.append("pts %s/%s %s: library %r (%r), report %r (%r)" % (test, cell, key, v, w, rv, rw))
        checked += 1
    if cells and not rows:
        bad.append("the report has PTS cells, the library none")
    for k in bad[:10]:
        print(k)
    print("%d figures compared, %d differ" % (checked, len(bad)))
    return 1 if bad or not checked else 0


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


if __name__ == "__main__":
    cmd = sys.argv[1]
    sys.exit({"same": same, "whole": whole, "count": count}[cmd](*sys.argv[2:]))
