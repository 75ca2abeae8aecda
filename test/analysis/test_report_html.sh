#!/bin/sh
# ssdq-report's HTML page rendered by headless Chromium (Debian's chromium):
# the page of two model drives (test/fixtures/ssdq-model: fills with the cache
# and the temperature, bursts, queue depths clean and fragmented, a block-size
# sweep, the comparison), plain fio runs and the malformed inputs (their
# errors on the page). Checks: the page needs no script and loads nothing from
# elsewhere; Chromium logs no console message or error for it (a control page
# with a script error shows that such messages would be seen); the DOM it
# builds holds every chart; the screenshot is drawn (bars in the chart colour,
# not blank). Skips (77) without chromium.
# Run from the top of the tree; SSDQ_REPORT overrides build/ssdq-report,
# CHROMIUM the browser.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
FX=test/fixtures
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
CHR=${CHROMIUM:-}
if [ -z "$CHR" ]; then
	for c in chromium chromium-browser google-chrome google-chrome-stable; do
		if command -v $c >/dev/null 2>&1; then CHR=$c; break; fi
	done
fi
if [ -z "$CHR" ]; then echo "SKIP: no chromium (apt-get install chromium)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: python3 is not installed"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# chromium ARGS... URL: headless, no network, a fresh profile, console to stderr
chromium() {
	timeout 120 "$CHR" --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --disable-extensions \
		--user-data-dir="$(mktemp -d "$TMP/profile.XXXXXX")" --enable-logging=stderr --v=0 "$@"
}

"$R" --html "$TMP/report.html" --svg-dir "$TMP/svg" "$FX/ssdq-model/tlc" "$FX/ssdq-model/qlc" \
	"$FX/fio-3.33" "$FX/malformed" >/dev/null 2>&1
if [ -s "$TMP/report.html" ]; then pass "the page is written (bad inputs beside good ones)"; else
	fail "no page written"; summary; exit 1; fi

expect_rc 0 "self-contained: no script, nothing loaded from elsewhere, SVG well-formed" python3 -c '
import re, sys, xml.etree.ElementTree as ET
s = open(sys.argv[1], encoding="utf-8").read()
assert not re.search(r"<script|javascript:|\bon[a-z]+=", s, re.I), "a script on the page"
assert not re.search(r"<(img|link|iframe|object|embed)\b|\bsrc=|url\(", s, re.I), "an outside resource"
assert not re.search(r"href=\"(?!#)", s), "a link out"
svgs = re.findall(r"<svg.*?</svg>", s, re.S)
for v in svgs:
    ET.fromstring(v)
print(len(svgs), "charts")
' "$TMP/report.html"
cat "$T_OUT"

# control: a script error must show up in what Chromium logs
printf '<!DOCTYPE html><html><body><p>x</p><script>console.error("ssdq-control"); undefinedFn();</script></body></html>\n' >"$TMP/control.html"
chromium --dump-dom "file://$TMP/control.html" >"$TMP/control.dom" 2>"$TMP/control.err"
if grep -q 'CONSOLE.*ssdq-control' "$TMP/control.err" && grep -q 'Uncaught ReferenceError' "$TMP/control.err"; then
	pass "control: Chromium reports a page's console messages and script errors"
else
	fail "control: Chromium's console output is not seen, so the checks below prove nothing"
	sed 's/^/    /' "$TMP/control.err" | head -10
fi

chromium --dump-dom "file://$TMP/report.html" >"$TMP/report.dom" 2>"$TMP/report.err"
rc=$?
if [ "$rc" = 0 ] && [ -s "$TMP/report.dom" ]; then pass "Chromium loads the page (exit 0)"; else
	fail "Chromium on the page: exit $rc"; sed 's/^/    /' "$TMP/report.err" | head -10; fi
if grep -E 'CONSOLE|Uncaught|Failed to load|net::ERR' "$TMP/report.err" >"$T_OUT"; then
	fail "console messages or load errors for the page"; sed 's/^/    /' "$T_OUT" | head -10
else
	pass "no console message, script error or failed load for the page"
fi
expect_rc 0 "the DOM Chromium built holds every chart and section" python3 -c '
import re, sys
from html.parser import HTMLParser
src = open(sys.argv[1], encoding="utf-8").read()
dom = open(sys.argv[2], encoding="utf-8").read()
count = lambda s, tag: len(re.findall(r"<" + tag + r"[ >]", s))
for tag in ("svg", "table", "polyline", "circle", "rect", "h2", "h3"):
    assert count(dom, tag) == count(src, tag), (tag, count(dom, tag), count(src, tag))
class T(HTMLParser):
    labels = []
    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.labels.append(dict(attrs).get("aria-label"))
p = T(); p.feed(dom)
need = ["MB/s per job", "latency per job", "W against MB/s per job", "write speed per GB written",
        "MB/s per queue depth", "MB/s per block size", "IOPS per block size", "MB/s per burst",
        "MB/s of the variants"]
for n in need:
    assert n in p.labels, (n, sorted(set(p.labels))[:20])
assert any(l and l.endswith("per drive") for l in p.labels)
for h in ("Comparison of 4 drives", "Drive: DRAM-less", "Drive: QLC NVMe", "model scaled 1/1000",
          "SLC cache", "°C (SMART)", "truncated.json:209: truncated JSON document"):
    assert h in dom, h
print(len(p.labels), "charts in the DOM")
' "$TMP/report.html" "$TMP/report.dom"
cat "$T_OUT"

chromium --screenshot="$TMP/shot.png" --window-size=1000,3000 --hide-scrollbars \
	"file://$TMP/report.html" >"$TMP/shot.out" 2>&1
expect_rc 0 "the screenshot is drawn: not blank, bars in the chart colour" python3 -c '
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
colours = {}
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 2 == 0:
        for x in range(0, w, 2):
            px = bytes(line[x * bpp:x * bpp + 3])
            colours[px] = colours.get(px, 0) + 1
    prev = line
total = sum(colours.values())
white = colours.get(b"\xff\xff\xff", 0)
bar = colours.get(bytes.fromhex("4a7ab5"), 0)
print("%dx%d, %.1f %% white, %d pixels of bar blue, %d colours" % (w, h, 100 * white / total, bar, len(colours)))
assert white < 0.97 * total, "blank page"
assert bar > 2000, "no bars drawn"
assert len(colours) > 50
' "$TMP/shot.png"
cat "$T_OUT"
# the review's organisation, --svg-dir and --highlight (test/lib/page_check.py;
# test_report_demo.sh checks them on the demo)
export CHROMIUM="$CHR" PYTHONPATH="$PWD/test/lib${PYTHONPATH:+:$PYTHONPATH}"
expect_rc 0 "in Chromium: no console message, the comparison opens with the fill, in the review's order" \
	python3 test/lib/page_check.py page "$TMP/report.html"
cat "$T_OUT"
expect_rc 0 "every chart of --svg-dir opens on its own in Chromium, one per chart of the page" \
	python3 test/lib/page_check.py svgs "$TMP/svg" "$TMP/report.html"
cat "$T_OUT"
"$R" --html "$TMP/report-hl.html" --highlight qlc "$FX/ssdq-model/tlc" "$FX/ssdq-model/qlc" \
	"$FX/fio-3.33" "$FX/malformed" >/dev/null 2>&1
expect_rc 0 "--highlight qlc (a directory's name) changes exactly that drive's marks" \
	python3 test/lib/page_check.py highlight "$TMP/report.html" "$TMP/report-hl.html" \
	"QLC NVMe, 1 TB, large dynamic SLC cache (Crucial P1 class)"
cat "$T_OUT"
summary
