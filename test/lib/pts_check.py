"""What the PTS report tests read of a run on the drive model (imported by
test/analysis/test_report_pts.sh and test_report_pts_di.sh, from the top of
the tree): PASS/FAIL lines, fio's JSON, the events sidecars, and the
model's write amplification (docs/model.md)."""
import json
import math
import os

bad = []


def say(ok, what):
    """A PASS or FAIL line; the failures kept in bad."""
    print(("PASS: " if ok else "FAIL: ") + what)
    if not ok:
        bad.append(what)


def fio_doc(path):
    """fio's JSON document in PATH, past any text before it."""
    t = open(path).read()
    return json.loads(t[t.index("{"):])


def events(d, prefix):
    """Every line of the events sidecars PREFIX_events.N.jsonl in D."""
    out = []
    for f in sorted(os.listdir(d)):
        if f.startswith(prefix + "_events.") and f.endswith(".jsonl"):
            out += [json.loads(l) for l in open(os.path.join(d, f)) if l.strip()]
    return out


def wa(fill, spare=0.0995):
    """The model's write amplification at FILL, its spare SPARE (greedy GC,
    uniform random writes: Xiang and Kurkoski's Lambert W form)."""
    a = (1 + spare) / fill
    x = 0.0
    for _ in range(200):
        e = math.exp(-a * (1 - x))
        nx = x - (x - e) / (1 - a * e)
        if not nx > x:
            break
        x = nx
    return max(1.0, 1 / (1 - x))
