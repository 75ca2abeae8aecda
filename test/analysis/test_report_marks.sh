#!/bin/sh
# Marks on figures that are not measurements (analysis/compute/marks.h): power from
# nvme-ps (the power-state table's figure, "estimated":true in the events
# sidecar) and a burst test of too few I/Os per burst carry a mark in the
# text, CSV, JSON, comparison and HTML outputs. The fixtures are the drive
# model's (test/fixtures/ssdq-model), with the power source renamed nvme-ps
# and, for the bursts, each burst cut to one 128 KiB I/O (the consumer suite
# at --scale 1000). Run from the top of the tree.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
MD=test/fixtures/ssdq-model
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

# nvme-ps: the sampler's power_source line says "estimated":true
cp -R "$MD/tlc" "$TMP/ps"
for f in "$TMP"/ps/*_events.*.jsonl; do
	sed 's|"source":"model:[^"]*"|"source":"nvme-ps:/dev/ng0n1"|' "$f" >"$f.new" && mv "$f.new" "$f"
done
# one 128 KiB I/O per burst
cp -R "$MD/qlc" "$TMP/one"
f=$TMP/one/burst-seq-write_events.1.jsonl
sed 's|\("event":"burst_[a-z]*".*"bytes":\)[0-9]*|\1131072|' "$f" >"$f.new" && mv "$f.new" "$f"

expect_rc 0 "nvme-ps power: text report" "$R" "$TMP/ps"
expect_out '^burst-seq-write +write .* [0-9.]+~ +[0-9.]+~ ' "text: W and MB/s/W of the job table marked ~"
expect_out 'power [0-9.]+ W~, energy [0-9.]+ J~, peak \(100 s\) [0-9.]+ W~' "text: W, J and peak W marked ~"
expect_out '^~ estimated: power from the drive.s own figure \(nvme-ps' "text: the sign's legend"
expect_rc 0 "the drive model's own power: no mark" "$R" "$MD/tlc"
if grep -q '~' "$T_OUT"; then fail "a drive-model run's power marked estimated"; else
	pass "a drive-model run's power is not marked estimated"; fi

"$R" --format csv "$TMP/ps" "$TMP/one" >"$TMP/r.csv"
"$R" --format json "$TMP/ps" "$TMP/one" >"$TMP/r.json"
"$R" --html "$TMP/r.html" "$TMP/ps" "$TMP/one" >/dev/null
expect_rc 0 "csv: power_estimated, ios_per_burst and few_ios_per_burst columns" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ps = [r for r in rows if r["drive"].startswith("DRAM-less")]
one = [r for r in rows if r["drive"].startswith("QLC")]
assert ps and one
assert all(r["power_estimated"] == "true" for r in ps), [r["power_estimated"] for r in ps]
assert all(r["power_estimated"] == "false" for r in one)
b = [r for r in one if r["test"] == "burst-seq-write"][0]
assert float(b["ios_per_burst"]) == 1 and b["few_ios_per_burst"] == "true", b
b = [r for r in ps if r["test"] == "burst-seq-write"][0]
assert float(b["ios_per_burst"]) == 64 and b["few_ios_per_burst"] == "false", b
assert all(r["few_ios_per_burst"] == "false" for r in rows if r["test"] != "burst-seq-write")
' "$TMP/r.csv"
expect_rc 0 "json: marks per job and in the comparison" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tests"]:
    for j in t["jobs"]:
        est = t["device"]["model"].startswith("DRAM-less")
        assert j["power_estimated"] == est
        m = j["marks"]
        for k in ("power_w", "energy_j", "mbps_per_w", "iops_per_w"):
            if j[k] is not None:
                assert ("estimated" in m.get(k, [])) == est, (t["test"], k, m)
        few = not est and t["test"] == "burst-seq-write"
        if few:
            assert j["ios_per_burst"] == 1
        for k in ("mbps", "iops", "power_w", "mbps_per_w", "burst_score_mbps"):
            if j.get(k, 0) is not None and (k != "burst_score_mbps" or j["bursts"]):
                assert ("few_ios_per_burst" in m.get(k, [])) == few, (t["test"], k, m)
c = [x for x in d["comparison"] if x["test"] == "burst-seq-write"][0]
keys = [col["key"] for col in c["columns"]]
ps, one = c["rows"]
assert any("estimated" in v for v in ps["marks"].values()), ps
assert any("few_ios_per_burst" in v for v in one["marks"].values()), one
' "$TMP/r.json"
expect_rc 0 "html: marked cells, legends and chart labels" python3 -c '
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
assert re.search(r"<td class=\"marked\" title=\"~ estimated[^\"]*\">[0-9.]+~</td>", s)
assert re.search(r"<td class=\"marked\" title=\"\? fewer than 16 I/Os per burst[^\"]*\">[0-9.]+\?</td>", s)
assert "(~ estimated power)" in s and "(? too few I/Os per burst)" in s
# the efficiency bars: each value with its sign
assert re.search(r">[0-9.]+~<title>~ estimated", s)
assert re.search(r">[0-9.]+\?<title>\? fewer than", s)
' "$TMP/r.html"
expect_rc 0 "html: a drive's own burst chart says its bursts are too few I/Os in its title, the other drive's not" python3 -c '
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
t = re.findall(r"burst-seq-write(?: / [^<:]*)?: MB/s per burst[^<]*<", s)
assert sorted(x.endswith("(? too few I/Os per burst)<") for x in t) == [False, True], t
' "$TMP/r.html"
"$R" "$TMP/ps" "$TMP/one" >"$T_OUT"
expect_out '^burst-seq-write +write .* [0-9.]+\? +[0-9.]+\? .*' "text: a one-I/O burst's MB/s and IOPS marked ?"
expect_out '^\? fewer than 16 I/Os per burst' "text: the ? legend"
expect_out '1\.0 I/Os per burst' "text: the I/Os per burst said"
summary
