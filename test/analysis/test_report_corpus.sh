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
FX="test/fixtures/fio-3.33 test/fixtures/fio-3.33-shapes test/fixtures/fio-3.33-cut-targets"
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

# issue 35's shapes, real fio 3.33 runs (test/fixtures/fio-3.33-cut-targets)
X=test/fixtures/fio-3.33-cut-targets
"$R" "$X/two-disks.json" >"$T_OUT" 2>&1
expect_out '^job \(/dev/sdb\) +read +read +128k +T4Q1 +104\.7 ' "eight jobs of one group on two disks: /dev/sdb's row, its four jobs (fio: 4 x 26.2 MB/s)"
expect_out '^job \(/dev/sda\) +read +read +128k +T4Q1 +209\.3 ' "and /dev/sda's (fio: 4 x 52.3 MB/s), never one sum"
expect_out "group 0 ran its jobs on 2 targets \(/dev/sdb, /dev/sda\): a row per target" "a warning names both disks"
"$R" "$X/one-disk.json" >"$T_OUT" 2>&1
expect_out '^p1 +read +read +128k +T3Q1 ' "two partitions and the char device of one namespace: one row of three jobs"
expect_rc 1 "a run stopped by SIGINT: exit 1, as a killed run" "$R" "$X/sigint.json"
expect_out '^PARTIAL RUN: cut short: fio printed "fio: terminating on signal 2" \(SIGINT, Ctrl-C\): the job ran 2\.[0-9] s of its runtime=300' \
	"a run stopped by SIGINT: the partial line says what fio printed and how far it got"
expect_out "sigint.json: partial run: cut short" "a run stopped by SIGINT: said on stderr"
"$R" --format json "$X/sigint.json" >"$TMP/s.json" 2>/dev/null
expect_rc 0 "a run stopped by SIGINT: JSON partial, stop terminated" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
j = t["jobs"][0]
assert t["partial"].startswith("cut short: fio printed"), t["partial"]
assert j["stop"] == "terminated" and j["partial"] is True, (j["stop"], j["partial"])
' "$TMP/s.json"
"$R" --format csv "$X/sigint.json" 2>/dev/null | grep -q '"partial run: cut short: fio printed' &&
	pass "a run stopped by SIGINT: the CSV notes begin with it" || fail "a run stopped by SIGINT: no partial note in the CSV"
"$R" --format json "$X/exitall.json" >"$TMP/e.json" 2>/dev/null
expect_rc 0 "exitall: the reader, ended after 0.6 s of its 10, partial; the writer, done, not" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
w, r = t["jobs"]
assert (w["name"], w["partial"], w["stop"]) == ("writer", False, None), w
assert (r["name"], r["partial"], r["stop"]) == ("reader", True, "terminated"), r
assert "fio ended it early: job reader (jobs[1]) ran 0." in t["partial"], t["partial"]
' "$TMP/e.json"
expect_rc 1 "exitall: exit 1" "$R" "$X/exitall.json"
# fio ends a job at runtime= by the job's clock (job_runtime, from its epoch);
# a direction's runtime starts after the files were set up: a reader whose
# setup took 14 % of its 10 s ran its runtime, not cut short
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = d["jobs"][1]
r["job_runtime"], r["read"]["runtime"] = 10004, 8600
json.dump(d, open(sys.argv[2], "w"))
' "$X/exitall.json" "$TMP/slow-setup.json"
expect_rc 0 "a job whose direction ran 8.6 s of runtime=10 after a slow set-up (job_runtime 10.004 s): not cut short" \
	"$R" "$TMP/slow-setup.json"
for f in numjobs-gr numjobs-global; do
	"$R" "$X/$f.json" >"$T_OUT" 2>&1
	expect_out '^randread +randread +read +4k +T8Q16 ' "$f: numjobs=8 iodepth=16 with group_reporting: T8Q16"
	"$R" --format csv "$X/$f.json" >"$TMP/n.csv" 2>/dev/null
	expect_rc 0 "$f: CSV threads 8, tq T8Q16, fio_version fio-3.33 (fio's JSON)" python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert (r["threads"], r["tq"], r["iodepth"], r["fio_version"]) == ("8", "T8Q16", "16", "fio-3.33"), r
' "$TMP/n.csv"
	"$R" --html "$TMP/n.html" "$X/$f.json" 2>/dev/null
	grep -q '<td>T8Q16</td>' "$TMP/n.html" && pass "$f: HTML T8Q16" || fail "$f: no T8Q16 in the HTML"
done
expect_rc 1 "fio's messages alone: exit 1" "$R" "$X/refused.json"
expect_out "refused.json:1: this holds only fio's messages, no JSON: \"fio: /nonexistent/ssdq is not a directory; fio: failed parsing directory=/nonexistent/ssdq; fio: job global dropped\"" \
	"fio's messages alone: named, and quoted"
expect_rc 1 "a clat hist log alone: exit 1" "$R" "$X/hist_clat_hist.1.log"
expect_out "hist_clat_hist.1.log:1: this is a latency histogram log \(write_hist_log" "a clat hist log alone: named for what it is"

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
expect_out '^iotest +write +write +4k +T1Q16 +0\.0243 +5\.94 ' "floppy: 0.0243 MB/s and 5.94 IOPS (fio: 23 KiB/s, 5.940888)"
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
expect_out '^random-io +randread +read +4k +T1Q32 +1\.69 +412 +- +- +77649\.0 +505856\.0 +1036288\.0 +clat' \
	"fio 2.18: 1.69 MB/s, mean 77649 µs, p99 505856 µs as fio printed"

# the real 721 GB curve's group: a writer and a reader, a row each
"$R" --format json "$C/krien-long2-spdk-randwrite-gc/128.json" >"$TMP/k.json" 2>&1
expect_rc 0 "a writer and a reader in one real group: a row each" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
assert [(j["name"], j["ddir"]) for j in t["jobs"]] == [("fill", "write"), ("read", "read")]
' "$TMP/k.json"
summary
