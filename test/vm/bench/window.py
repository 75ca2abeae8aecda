#!/usr/bin/env python3
"""IOPS of a pair's two jobs over the time both ran.

usage: window.py DIR PAIR ENGINE     "round iops" for ENGINE, a line a round
       window.py DIR PAIR --skew     how far apart the pair's two jobs began
                                     and ended I/O (medians over the rounds)

DIR holds fio's IOPS logs of the pair file PAIR (bench-randread.sh names
them PAIR-ENGINE-rROUND_iops.N.log; log_avg_msec=100, log_unix_epoch=1):
each line is a time in ms and the mean IOPS of the 100 ms before it. Two
jobs started at once begin I/O apart (an engine's set-up runs longer on a
busy host), and the later one then ends alone: only the lines of both
within the span both logged are counted.
"""
import glob
import os
import re
import sys


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            p = line.split(",")
            if len(p) >= 2 and p[0].strip().isdigit():
                rows.append((int(p[0]), float(p[1])))
    return rows


def main():
    d, pair, what = sys.argv[1], sys.argv[2], sys.argv[3]
    pat = re.compile(re.escape(pair) + r"-(.+)-r(\d+)_iops\.\d+\.log$")
    rounds, skew = {}, []
    for f in glob.glob(os.path.join(d, pair + "-*_iops.*.log")):
        m = pat.match(os.path.basename(f))
        rows = load(f) if m else []
        if rows:
            rounds.setdefault(int(m.group(2)), {})[m.group(1)] = rows
    for r in sorted(rounds):
        if len(rounds[r]) != 2:
            continue
        (ea, a), (eb, b) = sorted(rounds[r].items())
        if what == "--skew":
            skew.append((abs(a[0][0] - b[0][0]), abs(a[-1][0] - b[-1][0])))
            continue
        lo, hi = max(a[0][0], b[0][0]), min(a[-1][0], b[-1][0])
        mine = a if what == ea else b if what == eb else None
        if mine is None or hi <= lo:
            continue
        inside = [v for t, v in mine if lo <= t <= hi]
        if inside:
            print(r, "%.1f" % (sum(inside) / len(inside)))
    if skew:
        s0 = sorted(x[0] for x in skew)
        s1 = sorted(x[1] for x in skew)
        print("%s: I/O began %d ms and ended %d ms apart (medians of %d rounds; at most %d and %d)"
              % (pair, s0[len(s0) // 2], s1[len(s1) // 2], len(skew), s0[-1], s1[-1]))


if __name__ == "__main__":
    main()
