#!/bin/sh
# ssdq-report on real fio output from public repositories (fio 2.x to 3.4x,
# json, json+, normal output, client/server, bare logs), read where it lies:
# SSDQ_CORPUS, else ../shared/corpus/fio-real from the top of the tree (it
# is not copied into the project), and on the fio 3.33 fixtures of our own.
# Every JSON's MB/s, IOPS, mean, p99 and p99.99 per row against the figures
# fio wrote in the same file (corpus_check.py); what is not JSON gets a
# message that says what it is, with exit status 1.
# Run from the top of the tree; SSDQ_REPORT=path overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
C=${SSDQ_CORPUS:-../shared/corpus/fio-real}
FX="test/fixtures/fio-3.33 test/fixtures/fio-3.33-shapes"
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: no python3"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

if [ -d "$C" ]; then dirs="$C $FX"; else
	echo "note: no corpus at $C (set SSDQ_CORPUS): the fixtures only"
	dirs=$FX
fi

# shellcheck disable=SC2086 # the directories, split on purpose
python3 test/analysis/corpus_check.py "$R" $dirs >"$TMP/check" 2>&1
while IFS= read -r line; do
	case $line in
	"PASS: "*) pass "${line#PASS: }" ;;
	"FAIL: "*) fail "${line#FAIL: }" ;;
	*) echo "$line" ;;
	esac
done <"$TMP/check"

# the fixtures' own shapes
S=test/fixtures/fio-3.33-shapes
"$R" --format json "$S/write-read-group.json" >"$TMP/wr.json" 2>&1
expect_rc 0 "a writer and a reader in one group: a row each, the fill from the writer's log alone" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
rows = [(j["name"], j["ddir"]) for j in t["jobs"]]
assert rows == [("writer", "write"), ("reader", "read")], rows
w, r = t["jobs"]
assert w["fill"] is not None and w["fill"]["gb_written"] > 1.9, w["fill"]
assert r["fill"] is None and "not a sequential write" in r["null_reasons"]["fill"]
assert not t["errors"], t["errors"]
' "$TMP/wr.json"

"$R" --format csv "$S/randrw.json" >"$TMP/rw.csv" 2>&1
expect_rc 0 "randrw: a CSV row per direction, ddir named, no warning about the log's bytes" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["ddir"] for r in rows] == ["read", "write"], [r["ddir"] for r in rows]
assert all("bw log" not in r["notes"] for r in rows), [r["notes"] for r in rows]
' "$TMP/rw.csv"

if [ ! -d "$C" ]; then summary; exit; fi

# fio's normal output: named as such, with how to get JSON
for f in "$C/budisc-zns-normal/seq_w_1.txt" "$C/ceph-fio2210-normal/randwrite-4k.out"; do
	expect_rc 1 "normal output $(basename "$f"): exit 1" "$R" "$f"
	expect_out "$(basename "$f"):1: this is fio's normal \(human-readable\) output \(fio-[0-9.]+\), not JSON" \
		"normal output $(basename "$f"): says what it is, with fio's version"
	expect_out 'output-format=json\+' "normal output $(basename "$f"): says how to get JSON"
done

# a bw log on its own
for f in "$C/fio-tools-plot-samples-2013/m2sw1-128k-sdb-read-para.results_bw.log" \
	"$C/ceph-fio2210-normal/randwrite-4k/randwrite-4k-KERNEL_bw.log"; do
	expect_rc 1 "bare log $(basename "$f"): exit 1" "$R" "$f"
	expect_out "$(basename "$f"):1: this is a bw log .*not fio's JSON output" \
		"bare log $(basename "$f"): says what it is and what to give"
done

# directories without .json: what they hold instead
expect_rc 1 "a directory of normal output: exit 1" "$R" "$C/budisc-zns-normal"
expect_out 'no \.json files in the directory' "a directory of normal output: no .json files"
expect_out "it holds .*seq_w_1.txt.*fio's normal \(human-readable\) output" \
	"a directory of normal output: its files named as fio's normal output"
expect_rc 1 "a directory of bare logs: exit 1" "$R" "$C/fio-tools-plot-samples-2013"
expect_out 'fio logs without the JSON output of their jobs' "a directory of bare logs: said so"
expect_rc 1 "fio JSON under another name: exit 1" "$R" "$C/lkml-lkp-falloc-fio333-leadingtext"
expect_out 'fio.output.*looks like fio JSON under another name' "fio JSON under another name: said so"

# one bad input among good ones: exit 1, the good one still reported
"$R" "$C/fioplot-floppy-seqwrite/write-16-1.json" "$C/budisc-zns-normal/seq_w_1.txt" >"$T_OUT" 2>&1
rc=$?
if [ "$rc" = 1 ]; then pass "a bad input among good ones: exit 1"; else
	fail "a bad input among good ones: exit $rc, wanted 1"; fi
expect_out '^== write-16-1 ' "a bad input among good ones: the good one reported"

# the floppy: figures of its size, in text, CSV and HTML (fio: 23 KiB/s,
# the log's fill 1.414 MB over its 55 s)
F=$C/fioplot-floppy-seqwrite/write-16-1.json
expect_rc 0 "floppy: text report" "$R" "$F"
expect_out '^iotest +write +write +4k +16 +0\.0243 +5\.94 ' "floppy: 0.0243 MB/s and 5.94 IOPS (fio: 23 KiB/s, 5.940888)"
expect_out '^  fill: 1\.414 MB written' "floppy: the fill in MB"
expect_out 'overall +0\.0256 MB/s' "floppy: the fill's speed in significant digits"
expect_out 'phase 1 +0\.00 - +1\.41 MB +0\.0256 MB/s' "floppy: one phase, in MB"
"$R" --format csv "$F" >"$TMP/f.csv"
expect_rc 0 "floppy: CSV with the digits" python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert abs(float(r["mbps"]) - 1474560 / 60597 / 1000) < 1e-9, r["mbps"]
assert abs(float(r["overall_mbps"]) - 0.0257) < 0.0003, r["overall_mbps"]
' "$TMP/f.csv"
expect_rc 0 "floppy: HTML report" "$R" --html "$TMP/f.html" "$F"
if grep -q '<td>0.0243</td>' "$TMP/f.html" && grep -q '1.414 MB written' "$TMP/f.html"; then
	pass "floppy: HTML with the digits"; else fail "floppy: HTML with the digits"; fi

# fio 2.18: io_bytes in KiB (fio: bw 1647 KiB/s = 1.69 MB/s, clat in µs)
expect_rc 0 "fio 2.18: text report" "$R" "$C/fioplot-fio218-md127/json/randread-32-01.json"
expect_out '^random-io +randread +read +4k +32 +1\.69 +412 +- +- +77649\.0 +505856\.0 +1036288\.0 +clat' \
	"fio 2.18: 1.69 MB/s, mean 77649 µs, p99 505856 µs as fio printed"

# the real 721 GB curve's group: a writer and a reader, a row each
"$R" --format json "$C/krien-long2-spdk-randwrite-gc/128.json" >"$TMP/k.json" 2>&1
expect_rc 0 "a writer and a reader in one real group: a row each" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
assert [(j["name"], j["ddir"]) for j in t["jobs"]] == [("fill", "write"), ("read", "read")]
' "$TMP/k.json"
summary
