"""What every chart of ssdq-report must hold, read from the SVG text alone
(no browser): shared by test/analysis/test_report_charts.sh (the fixtures'
and the corpus' pages, fast) and test/analysis/test_report_demo.sh (the
demo's page and its --svg-dir charts).

usage: python3 svg_check.py FILE_OR_DIR...   (exit 0 when every chart holds)
  Each FILE is an HTML page (every <svg> in it) or an .svg file; each DIR,
  its *.svg files. Checks of each chart:
  - ticks: an axis' tick is a grid line (vertical: the x axis, horizontal:
    the y axis) with a number drawn beside it ("1800", "1.5", "2k", "1e+06",
    "99.9 %"). On each axis of three or more ticks, the labels' values lie on
    one line through their positions (within 1.5 px or 1 % of the axis'
    length), on a linear axis, a log axis (the logarithms of the values) or a
    scale of nines (a percentile p at -log10(1 - p)); each label is drawn at
    its tick.
  - points: every line (<polyline>) is drawn through two or more points; one
    with fewer draws nothing, and a chart of one sample says so in a sentence
    in its place instead.
Prints each defect with its chart's accessible name, then a count of each.
"""
import glob
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
NUM = re.compile(r"^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*([kMG%]?)$")
MUL = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "%": 1}


def label_value(text):
    """(value, percent) of a tick label, or None when it is no number"""
    m = NUM.match((text or "").strip().replace(",", ""))
    if not m:
        return None
    return float(m.group(1)) * MUL[m.group(2)], m.group(2) == "%"


def charts_of(path):
    """(name, <svg> element) of every chart in @path"""
    if os.path.isdir(path):
        out = []
        for f in sorted(glob.glob(os.path.join(path, "*.svg"))):
            out += charts_of(f)
        return out
    text = open(path, encoding="utf-8", errors="replace").read()
    if path.endswith(".svg"):
        svgs = [text]
    else:
        svgs = re.findall(r"<svg\b.*?</svg>", text, flags=re.S)
    out = []
    for i, s in enumerate(svgs):
        try:
            root = ET.fromstring(s)
        except ET.ParseError as e:
            out.append(("%s: chart %d" % (path, i + 1), None, str(e)))
            continue
        name = root.get("aria-label") or "chart %d" % (i + 1)
        where = os.path.basename(path) if path.endswith(".svg") else "%s #%d" % (name, i + 1)
        out.append((where, root, None))
    return out


def tag(e):
    return e.tag[len(SVG):] if e.tag.startswith(SVG) else e.tag


def ticks(root):
    """{(parent id, "x" or "y"): [(position, value, percent, label at)]}"""
    axes = {}
    for parent in root.iter():
        kids = list(parent)
        for a, b in zip(kids, kids[1:]):
            if tag(a) != "line" or tag(b) != "text" or len(b):
                continue
            v = label_value(b.text)
            if v is None:
                continue
            x1, y1, x2, y2 = (float(a.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
            tx, ty = float(b.get("x", "0")), float(b.get("y", "0"))
            if x1 == x2 and y1 != y2:
                axes.setdefault((id(parent), "x"), []).append((x1, v[0], v[1], tx))
            elif y1 == y2 and x1 != x2:
                axes.setdefault((id(parent), "y"), []).append((y1, v[0], v[1], ty))
    return axes


def worst_residual(pts):
    """the largest distance, in px, of a position from the least-squares line
    of position against value"""
    n = len(pts)
    mv = sum(v for _, v in pts) / n
    mp = sum(p for p, _ in pts) / n
    vv = sum((v - mv) ** 2 for _, v in pts)
    if vv == 0:
        return math.inf
    k = sum((v - mv) * (p - mp) for p, v in pts) / vv
    return max(abs(mp + k * (v - mv) - p) for p, v in pts)


def scales(t):
    """the axis' labels as they would lie on a line: linear, log, nines"""
    out = {"linear": [(p, v) for p, v, _, _ in t]}
    if all(v > 0 for _, v, _, _ in t):
        out["log"] = [(p, math.log10(v)) for p, v, _, _ in t]
    if all(pc and 0 <= v < 100 for _, v, pc, _ in t):
        out["nines"] = [(p, -math.log10(1 - v / 100)) for p, v, _, _ in t]
    return out


def check_axis(name, ax, t):
    """a defect of one axis' ticks, or None"""
    t = sorted(set(t))
    span = max(p for p, _, _, _ in t) - min(p for p, _, _, _ in t)
    for p, v, _, at in t:
        # x labels are centred on their line; y labels sit 4 px below theirs
        if abs(at - p) > 6:
            return "%s (%s axis): the label %g drawn at %g, its tick at %g" % (name, ax, v, at, p)
    if len(t) < 3:
        return None
    tol = max(1.5, 0.01 * span)
    fits = {k: worst_residual(pts) for k, pts in scales(t).items()}
    if min(fits.values()) <= tol:
        return None
    return "%s (%s axis): labels %s at %s are on no linear, log or nines scale (%.1f px off)" % (
        name, ax, [round(v, 6) for _, v, _, _ in t], [round(p, 1) for p, _, _, _ in t],
        min(fits.values()))


def points(s):
    nums = re.findall(r"-?[\d.]+(?:e[+-]?\d+)?", s or "")
    return {(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)}


def check_chart(name, root):
    """the defects of one chart: (ticks, points)"""
    bad_ticks, bad_points = [], []
    for (_, ax), t in ticks(root).items():
        d = check_axis(name, ax, t)
        if d:
            bad_ticks.append(d)
    for e in root.iter(SVG + "polyline"):
        n = len(points(e.get("points")))
        if n < 2:
            title = e.find(SVG + "title")
            what = title.text if title is not None and title.text else e.get("stroke", "a line")
            bad_points.append("%s: the line %r drawn through %d point%s" %
                              (name, what, n, "" if n == 1 else "s"))
    return bad_ticks, bad_points


def main(paths):
    charts = axes = 0
    bad_ticks, bad_points, bad_parse = [], [], []
    flagged_t, flagged_p = set(), set()
    for path in paths:
        for name, root, err in charts_of(path):
            charts += 1
            if root is None:
                bad_parse.append("%s: not XML: %s" % (name, err))
                continue
            axes += sum(1 for t in ticks(root).values() if len(set(t)) >= 3)
            t, p = check_chart(name, root)
            bad_ticks += t
            bad_points += p
            if t:
                flagged_t.add(name)
            if p:
                flagged_p.add(name)
    for d in bad_parse + bad_ticks + bad_points:
        print(d)
    print("%d charts, %d axes of 3 or more ticks: %d charts with tick labels not on their "
          "scale (%d axes), %d charts with a line of fewer than two points (%d lines), "
          "%d not XML" % (charts, axes, len(flagged_t), len(bad_ticks), len(flagged_p),
                          len(bad_points), len(bad_parse)))
    if not charts:
        print("no chart found in %s" % " ".join(paths))
        return 1
    return 1 if bad_ticks or bad_points or bad_parse else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
