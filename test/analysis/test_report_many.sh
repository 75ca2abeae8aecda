#!/bin/sh
# A comparison of 24 drives, organised as the reviews print one: the drives
# in the natural order of their names ("Drive 2" before "Drive 10") in the
# JSON, the text and the tables; each comparison bar chart sorted by its
# figure, best first (the figure catalogue's direction), the nulls last,
# the latency chart by its mean (its first bar, as the speed chart beside it);
# no two drives of one colour; --highlight marks the drive under review;
# eight fills' SLC markers labelled whole, no label over another; a name
# longer than a chart's room whole in every chart (narrowed, never cut).
# The drives are fio 3.33's seqwrite-psync.json (test/fixtures/fio-3.33)
# with runtimes that differ per drive, given in string order (Drive 1,
# Drive 10, Drive 11, ...), one drive without the test (a null bar).
# Run from the top of the tree; SSDQ_REPORT=path overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: no python3"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

python3 - "$TMP" <<'EOF'
import json, os, sys
src = json.load(open("test/fixtures/fio-3.33/seqwrite-psync.json"))
for i in range(1, 25):
    d = os.path.join(sys.argv[1], "Drive %d" % i)
    os.makedirs(d)
    doc = json.loads(json.dumps(src))
    w = doc["jobs"][0]["write"]
    # MB/s not in the names' order: runtime 1000 + 100 * ((i * 7) % 24) ms
    w["runtime"] = 1000 + 100 * ((i * 7) % 24)
    # and p99 latency in another order: (i * 5) % 24 + 1 times fio's
    pc = w["clat_ns"]["percentile"]
    for k in pc:
        pc[k] = int(pc[k] * ((i * 5) % 24 + 1))
    # and the mean in a third: (i * 11) % 24 + 1 times fio's
    w["clat_ns"]["mean"] *= (i * 11) % 24 + 1
    name = "other.json" if i == 13 else "seqwrite-psync.json"
    json.dump(doc, open(os.path.join(d, name), "w"))
EOF
set --
for d in "$TMP"/Drive*; do set -- "$@" "$d"; done   # the shell's string order

expect_rc 0 "json of 24 drives" "$R" --format json "$@"
cp "$T_OUT" "$TMP/r.json"
expect_rc 0 "json: the drives and the comparison's rows in natural order" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
want = ["Drive %d" % i for i in range(1, 25)]
assert [x["name"] for x in d["drives"]] == want, [x["name"] for x in d["drives"]]
c = [x for x in d["comparison"] if x["test"] == "seqwrite-psync"][0]
assert [r["drive"] for r in c["rows"]] == want
' "$TMP/r.json"

expect_rc 0 "text of 24 drives" "$R" "$@"
cp "$T_OUT" "$TMP/r.txt"
expect_rc 0 "text: drive headers in natural order" python3 -c '
import re, sys
names = re.findall(r"^#### drive: (Drive \d+) ", open(sys.argv[1]).read(), re.M)
assert names == ["Drive %d" % i for i in range(1, 25)], names
' "$TMP/r.txt"

expect_rc 0 "html of 24 drives, Drive 7 highlighted" "$R" --html "$TMP/r.html" --svg-dir "$TMP/svg" \
	--highlight "Drive 7" "$@"
expect_rc 0 "html: the speed bars best first (the most MB/s), the drive without the test last; 24 colours; Drive 7 outlined" python3 - "$TMP/svg/compare.seqwrite-psync.speed.svg" "$TMP/r.json" <<'EOF'
import json, re, sys
svg = open(sys.argv[1], encoding="utf-8").read()
d = json.load(open(sys.argv[2]))
mbps = {t["file"].split("/")[-2]: t["jobs"][0]["mbps"] for t in d["tests"]
        if t["test"] == "seqwrite-psync"}
bars = re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"[^>]*data-drive="([^"]+)"[^>]*/>', svg)
assert bars, svg[:400]
order = []
for colour, drive in bars:
    if drive not in order:
        order.append(drive)
want = sorted(mbps, key=lambda k: -mbps[k])
assert order[:len(want)] == want, (order, want)
assert "Drive 13" not in order or order[-1] == "Drive 13", order
colours = {}
for colour, drive in bars:
    colours.setdefault(drive, colour)
assert len(set(colours.values())) == len(colours), colours
hl = re.findall(r'<rect [^>]*data-drive="Drive 7"[^>]*stroke="#111"', svg) + \
     re.findall(r'<rect [^>]*stroke="#111"[^>]*data-drive="Drive 7"', svg)
assert hl, "Drive 7 not outlined"
EOF
expect_rc 0 "html: the latency chart best first (the least mean), the drive without the test out" python3 - "$TMP/svg/compare.seqwrite-psync.latency.svg" "$TMP/r.json" <<'EOF'
import json, re, sys
svg = open(sys.argv[1], encoding="utf-8").read()
d = json.load(open(sys.argv[2]))
mean = {t["file"].split("/")[-2]: t["jobs"][0]["lat_mean_us"] for t in d["tests"]
        if t["test"] == "seqwrite-psync"}
assert len(set(mean.values())) == len(mean), mean
order = []
for drive in re.findall(r'data-drive="([^"]+)"', svg):
    if drive not in order:
        order.append(drive)
assert order == sorted(mean, key=lambda k: mean[k]), (order, mean)
EOF
expect_rc 0 "html: in every comparison bar chart each drive has one colour and no two drives share one" python3 - "$TMP"/svg/compare.*.speed.svg "$TMP"/svg/compare.*.efficiency.svg <<'EOF'
import re, sys
by = {}
for f in sys.argv[1:]:
    s = open(f, encoding="utf-8").read()
    for colour, drive in re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"[^>]*data-drive="([^"]+)"', s):
        by.setdefault(drive, set()).add(colour)
assert len(by) == 24, sorted(by)
assert all(len(v) == 1 for v in by.values()), by
owner = {}
for drive, v in by.items():
    c = next(iter(v))
    assert c not in owner, (c, drive, owner.get(c))
    owner[c] = drive
EOF
# Eight drives whose fills fall at about one place: each SLC marker's label
# on a row of its own above the fill chart, none overlapping another
python3 - "$TMP" <<'EOF'
import json, os, sys
src = json.load(open("test/fixtures/fio-3.33/seqfill.json"))
for i in range(1, 9):
    d = os.path.join(sys.argv[1], "fill", "Fill drive %d" % i + (
        ", a name longer than any chart has room for: the controller, the NAND, the firmware and the capacity"
        if i == 8 else ""))
    os.makedirs(d)
    # 2 GB/s for 40 s, then 0.5 GB/s for 40 s, 500 ms samples (KiB/s)
    fast, slow, t0 = 2000000e3 / 1024, 500000e3 / 1024, 1795990346099
    n, total, lines = 160, 0, []
    for k in range(n):
        v = fast * (1 + 0.01 * i) if k < 80 else slow
        total += v * 1024 * 0.5
        lines.append("%d, %d, 1, 0, 0" % (t0 + 500 * (k + 1), v))
    open(os.path.join(d, "seqfill_bw.1.log"), "w").write("\n".join(lines) + "\n")
    doc = json.loads(json.dumps(src))
    w = doc["jobs"][0]["write"]
    w["io_bytes"] = int(total)
    w["runtime"] = 80000
    w["total_ios"] = int(total / 1048576)
    doc["jobs"][0]["job options"]["size"] = "100%"   # the whole namespace: a fill
    json.dump(doc, open(os.path.join(d, "seqfill.json"), "w"))
EOF
expect_rc 0 "html of 8 fills" "$R" --html "$TMP/f.html" --svg-dir "$TMP/fsvg" "$TMP"/fill/*
expect_rc 0 "html: the 8 SLC markers' labels whole, none overlapping another" python3 - "$TMP/fsvg/compare.seqfill.fill.svg" <<'EOF'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
labs = re.findall(r'stroke-dasharray="6,4"[^>]*/><text x="([0-9.]+)" y="([0-9]+)"[^>]*text-anchor="([a-z]+)"[^>]*>([^<]*)<', s)
assert len(labs) == 8, labs
box = []
for x, y, anchor, text in labs:
    assert text.startswith("SLC cache ") and text.endswith(" GB"), text
    x, w = float(x), 7.0 * len(text)
    box.append((int(y), x - w if anchor == "end" else x, x if anchor == "end" else x + w))
for i in range(len(box)):
    for k in range(i):
        assert not (box[i][0] == box[k][0] and box[i][1] < box[k][2] and box[k][1] < box[i][2]), (box[i], box[k])
EOF
expect_rc 0 "html: the long name whole in every comparison chart, never cut" python3 - "$TMP"/fsvg/compare.*.svg <<'EOF'
import re, sys
long = "Fill drive 8, a name longer than any chart has room for: the controller, the NAND, the firmware and the capacity"
for f in sys.argv[1:]:
    s = open(f, encoding="utf-8").read()
    texts = [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>(.*?)</text>", s, re.S)]
    named = [t for t in texts if t.startswith("Fill drive 8")]
    assert all(t.startswith(long) for t in named), (f, named)
    assert not any(t.endswith("...") for t in texts), (f, [t for t in texts if t.endswith("...")])
EOF
summary
