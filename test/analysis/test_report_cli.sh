#!/bin/sh
# ssdq-report end to end on the fixtures: every output format, bad inputs
# beside good ones, usage errors. Run from the top of the tree;
# SSDQ_REPORT=path/to/ssdq-report overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
FX=test/fixtures/fio-3.33
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

expect_rc 0 "text report of the fixtures directory" "$R" "$FX"
expect_out '^== seqfill ' "text: seqfill test shown"
expect_out 'SLC cache +- +\(the speed never fell' "text: null SLC cache with its reason"
expect_out 'power 6\.055 W, energy 33\.30 J, peak \(100 ms\) 9\.000 W' "text: power figures"

"$R" --format json "$FX" >"$TMP/r.json" 2>"$TMP/err"
expect_rc 0 "json report is valid JSON with the contract's job keys" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
keys = ["name", "rw", "bs", "iodepth", "mbps", "iops", "power_w", "energy_j",
        "mbps_per_w", "iops_per_w", "lat_mean_us", "lat_p99_us", "lat_p9999_us"]
fill = ["slc_cache_gb", "in_cache_mbps", "post_cache_mbps", "last16_mbps",
        "overall_mbps", "segment_mbps", "phases"]
n = 0
for t in d["tests"]:
    for j in t["jobs"]:
        n += 1
        for k in keys:
            assert k in j, k
            if j[k] is None and k not in ("name", "rw"):
                assert k in j["null_reasons"], "no reason for null " + k
        if j["fill"] is not None:
            for k in fill:
                assert k in j["fill"], k
        else:
            assert "fill" in j["null_reasons"]
assert n == 9, n
' "$TMP/r.json"

"$R" --format csv "$FX" >"$TMP/r.csv"
expect_rc 0 "csv report: a header and rows of equal width" python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert rows[0][:4] == ["drive", "test", "job", "rw"], rows[0]
assert rows[0][-1] == "notes" and all(r[0] == "fio-3.33" for r in rows[1:])
assert len(rows) == 10 and all(len(r) == len(rows[0]) for r in rows)
' "$TMP/r.csv"

expect_rc 0 "html report written" "$R" --html "$TMP/r.html" "$FX"
expect_rc 0 "html: SVG charts are well-formed XML; no fill section for a sequential write that is no fill" python3 -c '
import re, sys, xml.etree.ElementTree as ET
from html.parser import HTMLParser
s = open(sys.argv[1], encoding="utf-8").read()
HTMLParser().feed(s)
svgs = re.findall(r"<svg.*?</svg>", s, re.S)
assert len(svgs) >= 4, len(svgs)
for v in svgs:
    ET.fromstring(v)
# seqfill wrote 12 GB of its size=1T in 6 s: its fill figures are in the text and JSON, but it
# is no fill (docs/report.md: a sequential write of the whole namespace, or size=N%)
assert "Fill: seqfill" not in s and "Latency percentiles" in s and "Throughput" in s
' "$TMP/r.html"

"$R" test/fixtures/malformed "$FX/seqfill.json" >"$TMP/out" 2>&1
rc=$?
if [ "$rc" = 1 ]; then pass "bad inputs: exit status 1"; else fail "bad inputs: exit $rc, wanted 1"; fi
cp "$TMP/out" "$T_OUT"
expect_out '^== seqfill \(test/fixtures/fio-3.33/seqfill.json\)' "bad inputs: the good test is still reported"
expect_out 'truncated.json:209: truncated JSON document' "bad inputs: truncated JSON names file and line"
expect_out 'garbage-log_bw.1.log:5: field 3' "bad inputs: garbage log line names file and line"
expect_out 'empty-log_bw.1.log:1: empty log' "bad inputs: empty log named"
expect_out 'wrong-types.json: jobs\[0\].write.io_bytes: expected a number' "bad inputs: wrong type names the JSON path"

# An empty bw log is an error when fio must have logged (the fixture: 12000 I/Os
# in 6 s), not for a job of a few slow I/Os that ended before fio's first tick
# could see a completion (a starved test VM: 12 I/Os of up to 194 ms in 281 ms)
mkdir -p "$TMP/starved"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
w = d["jobs"][0]["write"]
w["runtime"] = 281
w["total_ios"] = 12
w["io_bytes"] = 12 * 131072
w["clat_ns"]["max"] = 193751640
d["jobs"][0]["job options"]["size"] = "1536k"	# its 12 I/Os: a job that ended, not one cut short
json.dump(d, open(sys.argv[2], "w"))
' test/fixtures/malformed/empty-log.json "$TMP/starved/empty-log.json"
: >"$TMP/starved/empty-log_bw.1.log"
expect_rc 0 "an empty bw log of 12 slow I/Os in 281 ms is no error" "$R" "$TMP/starved"
expect_out "shorter than its first log tick" "and the report says why it has no samples"
"$R" --format json test/fixtures/malformed >"$TMP/bad.json" 2>"$TMP/bad.err"
expect_rc 0 "bad inputs: json output still valid, errors listed per test" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert all(t["errors"] for t in d["tests"]), [t["test"] for t in d["tests"] if not t["errors"]]
' "$TMP/bad.json"

# ssdq's own results directories: device.json is read, not taken for a test
MD=test/fixtures/ssdq-model
expect_rc 0 "model results: device.json is no test, the scale is said" "$R" "$MD/tlc"
expect_out '^#### drive: DRAM-less 4-channel TLC NVMe' "model results: drive named by device.json's model"
expect_out 'model scaled 1/1000: sizes, times and energies are the full drive' "model results: the scale is said"
if grep -q '^== device ' "$T_OUT"; then fail "device.json reported as a test"; else
	pass "device.json not reported as a test"; fi
expect_out 'fill: 999\.29 GB written$' "model results: full-drive GB written (the basis said once, at the drive's top)"
expect_out '^  bursts: 8, 67\.1 MB in all; score [0-9.]+ MB/s' "model results: bursts"
expect_out '^queue depths: sustained-seq-read-frag \(frag\), 128k read' "model results: a queue-depth table"
expect_out '^sustained-seq-read side by side' "model results: variants side by side"
expect_rc 1 "device.json given as a file: an error" "$R" "$MD/tlc/device.json"
expect_out "device.json: this is ssdq's device.json, not fio output" "device.json given as a file: says what it is"
"$R" --format json "$MD/tlc" "$MD/qlc" >"$TMP/model.json" 2>"$TMP/err"
expect_rc 0 "model results as json: drives, series, bursts, comparison keys" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["device"]["preset"] for x in d["drives"]] == ["tlc-dramless-1tb", "qlc-1tb"]
assert all(x["scale"] == 1000 for x in d["drives"])
for t in d["tests"]:
    assert "series" in t and t["device"]["scale"] == 1000
    for j in t["jobs"]:
        for k in ("stop", "bursts", "temp_max_c", "throttled"):
            assert k in j, k
        if j["bursts"] is None:
            assert "bursts" in j["null_reasons"]
        if j["fill"] is not None:
            for k in ("scale", "throttle_gb", "throttle", "temp_c"):
                assert k in j["fill"], k
assert {c["test"] for c in d["comparison"]} >= {"burst-seq-write", "pslc-fill", "sustained-seq-read"}
' "$TMP/model.json"

expect_rc 2 "usage: no inputs" "$R"
expect_rc 2 "usage: unknown format" "$R" --format xml "$FX"
expect_rc 1 "missing input file" "$R" /nonexistent.json
expect_out 'nonexistent.json: cannot read' "missing input file named"
# every error on stderr, whatever the format; nothing of the parent's on stdout
for f in text csv json; do
	"$R" --format $f "$MD/tlc/nonexistent" >"$TMP/ne.out" 2>"$TMP/ne.err"
	rc=$?
	[ "$rc" = 1 ] && grep -q "tlc/nonexistent: cannot read: No such file" "$TMP/ne.err" &&
		! grep -q "nonexistent\|DRAM-less" "$TMP/ne.out" &&
		pass "--format $f DIR/nonexistent: the error on stderr, no drive header on stdout" ||
		fail "--format $f DIR/nonexistent: exit $rc, stderr '$(cat "$TMP/ne.err")', stdout $(head -c 300 "$TMP/ne.out")"
done
"$R" test/fixtures/malformed >"$TMP/bad.out" 2>"$TMP/bad.err"
grep -q 'truncated.json:209: truncated JSON document' "$TMP/bad.err" &&
	! grep -q '^error:' "$TMP/bad.out" &&
	pass "text: a file's errors on stderr, not in the report" ||
	fail "text: errors not on stderr ($(head -c 300 "$TMP/bad.err"))"
summary
