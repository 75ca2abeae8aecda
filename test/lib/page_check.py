"""Checks of ssdq-report's HTML page and --svg-dir charts in headless Chromium
(test/lib/cdp.py), shared by test/analysis/test_report_html.sh (fixtures) and
test/analysis/test_report_demo.sh (the demo).

usage: python3 page_check.py CHECK ARGS...   (exit 0 when the check holds)
  page PAGE.html [FILLS]  loads with no console message; the comparison (when
                          there is one) opens with a fill chart, its sections
                          in the review's order, each speed chart with its
                          efficiency chart; with FILLS (test names, comma
                          separated; every drive ran every test) every
                          drive's fill sections, and the comparison's fill
                          charts, are exactly those, and each latency
                          distribution overlays every drive
  svgs DIR PAGE.html      every DIR/*.svg opens on its own: an <svg> root, no
                          parse error, no console message, drawn; one file per
                          chart of the page
  highlight PLAIN HL NAME the page with --highlight NAME differs from the plain
                          one, in its charts, only in the marks of drive NAME
                          (data-drive), and in every comparison chart that has
                          that drive's marks
"""
import glob
import os
import sys

from cdp import Chromium

BROWSER = os.environ.get("CHROMIUM", "chromium")

# Facts of a loaded page, from its DOM.
FACTS = r"""(() => {
  const cmp = document.getElementById('comparison');
  const svgs = [...document.querySelectorAll('svg')];
  const after = n => cmp && (cmp.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
  const drives = [...document.querySelectorAll('section[id^=drive-]')];
  const inDrive = n => drives.some(d => d.contains(n));
  const first = svgs.find(s => after(s) && !inDrive(s));
  let sec = null;
  if (first)
    for (const h of document.querySelectorAll('h2[id^=compare-]'))
      if (h.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) sec = h.id;
  return {
    charts: svgs.length,
    first: first ? first.getAttribute('aria-label') : null,
    first_section: sec,
    sections: [...document.querySelectorAll('h2[id^=compare-]')].map(h => h.id),
    // "Fill: TEST[ / JOB][ (model scaled ...)]"
    drive_fills: drives.map(d => [...d.querySelectorAll('h5')]
        .map(h => h.textContent).filter(t => t.startsWith('Fill: '))
        .map(t => t.slice(6).split(' / ')[0].split(' (')[0])),
    compare_fills: svgs.filter(s => !inDrive(s) && (s.getAttribute('aria-label') || '')
        .endsWith('write speed per GB written, every drive'))
        .map(s => s.getAttribute('aria-label').split(':')[0]),
    compare_cdfs: svgs.filter(s => !inDrive(s) && (s.getAttribute('aria-label') || '')
        .endsWith(': latency distribution')).map(s => s.querySelectorAll('polyline').length),
    pairs: [...document.querySelectorAll('.figs')].filter(f => !inDrive(f)).map(f =>
        [...f.querySelectorAll('svg')].map(s => s.getAttribute('aria-label'))),
  };
})()"""

ORDER = ["compare-fill", "compare-burst", "compare-sustained", "compare-mixed", "compare-qd1", "compare-other"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def check_page(page, fills):
    with Chromium(BROWSER) as c:
        p = c.open("file://" + os.path.abspath(page))
        if p.console:
            fail("console messages: %s" % p.console[:5])
        f = c.eval(FACTS)
    print("%d charts; the comparison's first: %r in %s; sections %s" %
          (f["charts"], f["first"], f["first_section"], f["sections"]))
    if f["sections"]:
        if f["first_section"] != "compare-fill" or "write speed per GB written" not in (f["first"] or ""):
            fail("the comparison does not open with the fill: %r in %s" % (f["first"], f["first_section"]))
        if f["sections"] != sorted(f["sections"], key=ORDER.index):
            fail("sections out of the review's order: %s" % f["sections"])
        for cdf in f["compare_cdfs"]:
            if cdf < (len(f["drive_fills"]) if fills is not None else 1):
                fail("a latency distribution without the drives overlaid (%d lines)" % cdf)
        for pair in f["pairs"]:
            for a in pair:
                if a and a.endswith(" per drive") and "/W per drive" not in a and "latency" not in a \
                        and not any(b and "/W per drive" in b for b in pair):
                    fail("speed chart %r without its efficiency chart beside it (%s)" % (a, pair))
    if fills is not None:
        want = sorted(fills)
        for i, got in enumerate(f["drive_fills"]):
            print("drive %d fill sections: %s" % (i + 1, got))
            if sorted(got) != want:
                fail("drive %d: fill sections %s, fill steps %s" % (i + 1, got, want))
        if f["sections"]:
            print("comparison fill charts: %s" % f["compare_fills"])
            if sorted(f["compare_fills"]) != want:
                fail("comparison fill charts %s, fill steps %s" % (f["compare_fills"], want))


def check_svgs(d, page):
    files = sorted(glob.glob(os.path.join(d, "*.svg")))
    with Chromium(BROWSER) as c:
        c.open("file://" + os.path.abspath(page))
        charts = c.eval("document.querySelectorAll('svg').length")
        for f in files:
            p = c.open("file://" + os.path.abspath(f))
            root, errors, width = c.eval(
                "[document.documentElement.localName, "
                "document.getElementsByTagName('parsererror').length, "
                "document.documentElement.getBBox ? document.documentElement.getBBox().width : 0]")
            if root != "svg" or errors or p.console or not width > 0:
                fail("%s: root <%s>, %d parse errors, console %s, drawn %s px wide"
                     % (f, root, errors, p.console[:3], width))
    print("%d SVG files open on their own, for %d charts on the page" % (len(files), charts))
    if len(files) != charts:
        fail("%d files for %d charts" % (len(files), charts))


MARKS = r"""(() => [...document.querySelectorAll('svg')].map(s => {
  const own = [], other = [];
  for (const e of s.querySelectorAll('*')) {
    const d = e.getAttribute('data-drive');
    const tag = e.cloneNode(false).outerHTML;
    (d === NAME ? own : other).push(tag);
  }
  return {label: s.getAttribute('aria-label'), own: own, other: other,
          cmp: !s.closest('section[id^=drive-]')};
}))()"""


def check_highlight(plain, hl, name):
    with Chromium(BROWSER) as c:
        js = MARKS.replace("NAME", repr(name))
        c.open("file://" + os.path.abspath(plain))
        a = c.eval(js)
        p = c.open("file://" + os.path.abspath(hl))
        if p.console:
            fail("console messages: %s" % p.console[:5])
        b = c.eval(js)
    if len(a) != len(b):
        fail("%d charts plain, %d highlighted" % (len(a), len(b)))
    changed = 0
    for x, y in zip(a, b):
        if x["other"] != y["other"]:
            diff = [(u, v) for u, v in zip(x["other"], y["other"]) if u != v][:2]
            fail("%s: marks other than %s's changed: %s" % (x["label"], name, diff))
        if len(x["own"]) != len(y["own"]):
            fail("%s: %s has %d marks plain, %d highlighted" % (x["label"], name, len(x["own"]), len(y["own"])))
        if x["own"] and x["cmp"]:
            if x["own"] == y["own"]:
                fail("%s: the highlight did not change %s's marks" % (x["label"], name))
            changed += 1
    print("%d charts; %d comparison charts mark %s, nothing else changed" % (len(a), changed, name))
    if not changed:
        fail("no comparison chart marks %s" % name)


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "page":
        check_page(sys.argv[2], sys.argv[3].split(",") if len(sys.argv) > 3 else None)
    elif what == "svgs":
        check_svgs(sys.argv[2], sys.argv[3])
    elif what == "highlight":
        check_highlight(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        fail("unknown check %s" % what)
