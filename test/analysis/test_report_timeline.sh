#!/bin/sh
# Time charts (analysis/compute/timeline.h): a synthetic fio run whose
# series are known (test/analysis/gen_timeline_run.py) read back from
# ssdq-report's JSON and --series-csv: MB/s and IOPS per direction (the
# jobs added up), mean latency (pooled), W, °C and the events' phases; the
# latency percentiles per interval against fio's own
# tools/hist/fiologparser_hist.py on the same hist logs (with numpy and
# pandas, else on test/lib/numpy_shim); decimation of a long run to at
# most 1024 columns; the charts in the page and --svg-dir; hist logs
# that are wrong named by file and line. Run from the top of the tree.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
FIO_SRC=${FIO_SRC:-build/fio-src/fio-3.33}
GEN=test/analysis/gen_timeline_run.py
HIST=$FIO_SRC/tools/hist/fiologparser_hist.py
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

python3 "$GEN" "$TMP/run" --jobs 2 --seconds 40 --hist-ms 2000
expect_rc 0 "a 2-job rw run with bw, iops, clat and hist logs: report" \
	"$R" --format json --html "$TMP/r.html" --svg-dir "$TMP/svg" --series-csv "$TMP/csv" "$TMP/run"
cp "$T_OUT" "$TMP/r.json"
expect_rc 0 "the series are the generator's truth" python3 - "$TMP/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
jobs = d['tests'][0]['jobs']
assert d['ssdq_report'] == 5, d['ssdq_report']
assert [j['ddir'] for j in jobs] == ['read', 'write'], [j['ddir'] for j in jobs]
def bw(i, dd, s):
    return 1000 * (i + 1) * (dd + 1) * (2 if 10 <= (s - 1) % 40 < 20 else 1)
bad = []
for dd, j in enumerate(jobs):
    tl = j['timeline']
    ch = {c['chart']: {s['name']: s for s in c['series']} for c in tl['charts']}
    assert set(ch) == {'mbps-time', 'iops-time', 'latency-time', 'power-time', 'temperature-time'}, set(ch)
    name = j['ddir']
    m, io, lat = ch['mbps-time'][name], ch['iops-time'][name], ch['latency-time'][name + ' mean']
    assert len(m["t_s"]) == 40, len(m["t_s"])
    for k, t in enumerate(m['t_s']):
        s = round(t - 2)              # the I/O began 2 s in (the erase), a sample a second
        want = sum(bw(i, dd, s) for i in range(2)) * 1.024e-3
        if abs(m['mean'][k] - want) > 1e-9 * want or m['min'][k] != m['mean'][k]:
            bad.append(('MB/s', name, t, m['mean'][k], want))
        if abs(io['mean'][k] - sum(bw(i, dd, s) // 4 for i in range(2))) > 1e-9:
            bad.append(('IOPS', name, t, io['mean'][k]))
        want_lat = (10000 * (dd + 1) + 50) / 1000
        if abs(lat['mean'][k] - want_lat) > 1e-9 or lat['min'][k] != want_lat - 0.05:
            bad.append(('lat', name, t, lat['mean'][k], lat['min'][k]))
    for p in ('p50', 'p99', 'p99.9', 'p99.99'):
        assert ch['latency-time'][name + ' ' + p]['per_interval'], p
    w = ch['power-time']['W']
    for k, t in enumerate(w['t_s']):
        s = round(t)
        if abs(w['mean'][k] - (5 + 0.1 * (s % 7))) > 1e-9:
            bad.append(('W', t, w['mean'][k]))
    c = ch['temperature-time']['composite']
    assert [round(x) for x in c['mean']] == [40 + int(t) // 60 for t in c['t_s']], c['mean']
    ph = [(p['what'], p['t0_s'], p['t1_s']) for p in tl['phases']]
    assert ph == [("erase", 0.01, 1.99), ("idle", 22, 23)], ph
    assert tl['origin_unix_ms'] == 1767225600000, tl['origin_unix_ms']
print(bad[:5])
sys.exit(1 if bad else 0)
PY

# percentiles per interval: fio's script on the same logs
hist_py() {
	if python3 -c 'import numpy, pandas' 2>/dev/null; then
		python3 "$HIST" "$@"
	else
		PYTHONPATH=test/lib/numpy_shim python3 "$HIST" "$@"
	fi
}
# compare DIR PREFIX INTERVAL JSON [OPTION...]: each direction's p50 ... p99.99 CSV against
# the script's rows of the same interval (a point's interval ends half an
# interval after it: timeline.c), from the third interval on: the script's
# first interval holds one job's first line only, and the other jobs' first
# lines weigh negatively in its second (hist_interval.h); OPTIONs go to the
# script (fio 2.x's logs: --group_nr 19 --usbin; the script prints a log's
# own unit, µs there, ns for fio 3)
compare() {
	c_dir=$1 c_pre=$2 c_iv=$3 c_json=$4 c_ns=1
	shift 4
	case " $* " in *" --usbin "*) c_ns=1000 ;; esac
	hist_py --percentiles 99:99.9:99.99 --directions rw --decimals 6 "$@" \
		--interval "$c_iv" "$c_dir"/*_clat_hist.*.log >"$TMP/py.txt" || return 1
	python3 - "$TMP/py.txt" "$c_pre" "$c_iv" "$c_json" "$c_ns" <<'PY'
import csv, json, sys
rows = [l.split(', ') for l in open(sys.argv[1]).read().splitlines()[1:]]
iv = float(sys.argv[3])
unit_ns = float(sys.argv[5])
origin = json.load(open(sys.argv[4]))['tests'][0]['jobs'][0]['timeline']['origin_unix_ms']
first = min(float(r[0]) for r in rows)
worst, n = 0, 0
for d, name in (('r', 'read'), ('w', 'write')):
    py = {round(float(r[0])): r for r in rows if r[1] == d and float(r[0]) > first + iv}
    assert py, 'the script printed no %s rows' % name
    for p, col in (('p50', 5), ('p99', 6), ('p99.9', 7), ('p99.99', 8)):
        # a row per direction: the series named as the test's chart names them, "JOB SERIES"
        c = list(csv.DictReader(open('%s.latency-time.timeline-%s-%s.csv' % (sys.argv[2], name, p))))
        ours = {}
        for a in c:
            end = origin + float(a['t_s']) * 1000 + iv / 2
            k = round(end / iv) * iv
            assert abs(end - k) < iv / 4, (end, k)
            ours[round(k)] = float(a['mean']) * 1000
        ours = {k: v for k, v in ours.items() if k > first + iv}
        assert sorted(ours) == sorted(py), (name, p, sorted(set(ours) ^ set(py))[:4])
        for k, b in py.items():
            theirs = float(b[col]) * unit_ns
            worst = max(worst, abs(ours[k] - theirs) / theirs)
            n += 1
print('%d percentiles, worst relative difference %.3g' % (n, worst))
sys.exit(worst > 1e-6)
PY
}
expect_rc 0 "p50-p99.99 per interval of 2 jobs (coarseness 0, log_hist_msec=2000) as fiologparser_hist.py's" \
	compare "$TMP/run" "$TMP/csv/run.timeline" 2000 "$TMP/r.json"
expect_out 'percentiles, worst relative difference' "the comparison ran"
python3 "$GEN" "$TMP/c3" --jobs 3 --seconds 20 --hist-ms 500 --coarse 3 --seed 7 --no-sidecars
"$R" --format json --series-csv "$TMP/csv3" "$TMP/c3" >"$TMP/c3.json"
expect_rc 0 "3 jobs, log_hist_coarseness=3, log_hist_msec=500: as fiologparser_hist.py's" \
	compare "$TMP/c3" "$TMP/csv3/c3.timeline" 500 "$TMP/c3.json"
# fio before 2.99: 19 groups of µs buckets (1216 >> c counts a line)
python3 "$GEN" "$TMP/o0" --jobs 2 --seconds 20 --hist-ms 1000 --groups 19 --seed 3 --no-sidecars
"$R" --format json --series-csv "$TMP/csvo0" "$TMP/o0" >"$TMP/o0.json"
expect_rc 0 "fio 2.x's layout, 2 jobs, 1216 counts a line: as fiologparser_hist.py --group_nr 19 --usbin" \
	compare "$TMP/o0" "$TMP/csvo0/o0.timeline" 1000 "$TMP/o0.json" --group_nr 19 --usbin
python3 "$GEN" "$TMP/o2" --jobs 3 --seconds 20 --hist-ms 500 --groups 19 --coarse 2 --seed 5 --no-sidecars
"$R" --format json --series-csv "$TMP/csvo2" "$TMP/o2" >"$TMP/o2.json"
expect_rc 0 "fio 2.x's layout, 3 jobs, log_hist_coarseness=2 (304 counts): as fiologparser_hist.py --group_nr 19 --usbin" \
	compare "$TMP/o2" "$TMP/csvo2/o2.timeline" 500 "$TMP/o2.json" --group_nr 19 --usbin
# fio 2.21's own (test/fixtures/fio-2.21-hist/PROVENANCE): 2 null-engine jobs, 1216 counts a line;
# their percentiles are about 0.5 µs, which 6 decimals of µs hold to 1e-6 only
F221=test/fixtures/fio-2.21-hist
"$R" --format json --series-csv "$TMP/csv221" "$F221" >"$TMP/f221.json"
expect_rc 0 "fio 2.21's own hist logs of 2 null-engine jobs: as fiologparser_hist.py --group_nr 19 --usbin" \
	compare "$F221" "$TMP/csv221/fio-2.21-hist.timeline" 250 "$TMP/f221.json" --group_nr 19 --usbin --decimals 9
expect_out 'percentiles, worst relative difference' "the comparison on fio 2.21's logs ran"
# fio's own hist logs: 2 jobs of the null engine (no device), rw, every 250 ms
if command -v fio >/dev/null 2>&1; then
	mkdir "$TMP/fio"
	(cd "$TMP/fio" && fio --name=timeline --ioengine=null --size=1g --rw=randrw --bs=4k --numjobs=2 \
		--time_based --runtime=2 --rate_iops=20000 --write_hist_log=timeline --log_hist_msec=250 \
		--write_bw_log=timeline --log_avg_msec=250 --log_unix_epoch=1 \
		--output-format=json+ --output=timeline.json >/dev/null 2>&1)
	"$R" --format json --series-csv "$TMP/csvf" "$TMP/fio" >"$TMP/fio.json"
	expect_rc 0 "$(fio --version)'s own hist logs of 2 null-engine jobs: as fiologparser_hist.py's" \
		compare "$TMP/fio" "$TMP/csvf/fio.timeline" 250 "$TMP/fio.json"
else
	echo "SKIP: no fio: fio's own hist logs not compared"
fi

# the charts
for c in mbps iops latency power temperature; do
	f=$TMP/svg/run.timeline.$c-time.svg
	if [ -s "$f" ] && [ "$(stat -c %s "$f")" -lt 200000 ]; then pass "--svg-dir: $c-time chart ($(stat -c %s "$f") bytes)"
	else fail "--svg-dir: no $c-time chart under 200 kB"; fi
done
if grep -q 'Throughput over time: timeline<' "$TMP/r.html" &&
	grep -q '<title>timeline write p99.99</title>' "$TMP/r.html" &&
	grep -q '<title>erase 0-2 s</title>' "$TMP/r.html"; then
	pass "the page: the test's time charts, both rows on each, with the erase shaded"
else fail "the page has no time chart of the test with its rows and phases"; fi

# two drives: their MB/s over time on one chart
cp -R "$TMP/run" "$TMP/run2"
"$R" --html /dev/null --svg-dir "$TMP/svg2" "$TMP/run" "$TMP/run2" >/dev/null
if grep -q 'data-drive="run2"' "$TMP/svg2/compare.timeline.mbps-time.svg" 2>/dev/null; then
	pass "comparison: both drives on compare.timeline.mbps-time.svg"
else fail "comparison: no compare.timeline.mbps-time.svg with both drives"; fi

# decimation: 2 hours logged every 200 ms (36000 samples a direction and job)
python3 "$GEN" "$TMP/long" --jobs 1 --seconds 7200 --avg-ms 200 --hist-ms 10000 --coarse 4 --rw write --no-sidecars
expect_rc 0 "2 hours logged every 200 ms: report" "$R" --format json --svg-dir "$TMP/svgl" --html /dev/null "$TMP/long"
cp "$T_OUT" "$TMP/l.json"
expect_rc 0 "decimated to 512-1024 columns, each the min/mean/max of its samples" python3 - "$TMP/l.json" <<'PY'
import bisect, json, sys
j = json.load(open(sys.argv[1]))['tests'][0]['jobs'][0]
# no events: the axis' 0 is the first sample, 2.2 s after the generator's T0
io0 = (1767225600000 + 2000 - j['timeline']['origin_unix_ms']) / 1000
m = [s for c in j['timeline']['charts'] if c['chart'] == 'mbps-time' for s in c['series']][0]
n, w = len(m['t_s']), m['column_s']
assert 512 <= n <= 1024, n
assert m['samples'] == 36000, m['samples']
ts = [io0 + st * 0.2 for st in range(1, 36001)]
vs = [2000 * (2 if 10 <= (int((st * 200 - 1) // 1000)) % 40 < 20 else 1) * 1.024e-3
      for st in range(1, 36001)]
for k, t in enumerate(m['t_s']):
    # the samples of the column (at io0 + 0.2 s * st), in MB/s
    v = vs[bisect.bisect_left(ts, t - w / 2 - 1e-9):bisect.bisect_left(ts, t + w / 2 - 1e-9)]
    assert v, t
    assert abs(m['mean'][k] - sum(v) / len(v)) < 1e-9 and m['min'][k] == min(v) and abs(m['max'][k] - max(v)) < 1e-12, (t, m['mean'][k], sum(v) / len(v))
print(n, 'columns of', w, 's')
PY
f=$TMP/svgl/long.timeline.mbps-time.svg
if [ -s "$f" ] && [ "$(stat -c %s "$f")" -lt 200000 ]; then pass "a 2-hour chart is $(stat -c %s "$f") bytes (< 200 kB)"
else fail "a 2-hour chart is missing or 200 kB or more"; fi

# one pass over a fill's bw log: the axis' zero from its first line, then the
# fill, its window and its time chart in the same pass (not a second one)
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=openat -o "$TMP/opens" "$R" --format json "$TMP/long" >/dev/null 2>&1
	n=$(grep -c '_bw\.1\.log", O_RDONLY' "$TMP/opens")
	if [ "$n" = 2 ]; then pass "a sequential fill's bw log opened twice: its first line, then one pass"
	else fail "a sequential fill's bw log opened $n times (want 2: its first line, then one pass)"; fi
	# the power figures' pass feeds the W chart: once a row (read, write)
	strace -f -e trace=openat -o "$TMP/opens" "$R" --format json "$TMP/run" >/dev/null 2>&1
	n=$(grep -c '_power\.1\.log", O_RDONLY' "$TMP/opens")
	if [ "$n" = 2 ]; then pass "the power log of a 2-row run opened once a row"
	else fail "the power log of a 2-row run opened $n times (want 2: once a row)"; fi
else
	echo "note: no strace: the bw log's opens not counted"
fi

# bad hist logs: named by file and line; the rest still drawn
cp -R "$TMP/c3" "$TMP/bad"
awk 'NR == 3 { sub(/, [0-9]+$/, "") } { print }' "$TMP/c3/timeline_clat_hist.2.log" >"$TMP/bad/timeline_clat_hist.2.log"
expect_rc 0 "a hist log with a count missing on line 3: report" "$R" --format json "$TMP/bad"
expect_out 'timeline_clat_hist.2.log:3: expected 1856 >> log_hist_coarseness counts, as on the first line: 232 \(this one has 231' \
	"the warning names the file, the line and the counts"
expect_out '"chart": "mbps-time"' "the MB/s over time is still there"
cp "$TMP/c3/timeline_clat_hist.2.log" "$TMP/bad/"
head -c 3000 "$TMP/c3/timeline_clat_hist.1.log" >"$TMP/bad/timeline_clat_hist.1.log"
expect_rc 0 "a truncated hist log: report" "$R" --format json "$TMP/bad"
expect_out 'timeline_clat_hist.1.log:[0-9]+: expected (a count|1856 >> log_hist_coarseness counts)' "a truncated line named"
# a log of fio 2.x whose line 3 has fio 3's 1856 counts
python3 "$GEN" "$TMP/o1" --jobs 1 --seconds 10 --groups 19 --no-sidecars
awk -F, 'NR == 3 { printf "%s, 0, 4096", $1; for (i = 0; i < 1856; i++) printf ", 1"; print ""; next } { print }' \
	"$TMP/o1/timeline_clat_hist.1.log" >"$TMP/o1/mixed" && mv "$TMP/o1/mixed" "$TMP/o1/timeline_clat_hist.1.log"
expect_rc 0 "a hist log of fio 2.x's layout with fio 3's on line 3: report" "$R" --format json "$TMP/o1"
expect_out 'timeline_clat_hist.1.log:3: expected 1216 >> log_hist_coarseness counts, as on the first line: 1216 \(this one has 1856: logs of fio 2.x and 3.x mixed\)' \
	"a log mixing fio 2.x's and 3.x's layouts named by file and line"
expect_out '"chart": "mbps-time"' "the MB/s over time is still there"
# one job's log of fio 2.x beside one of fio 3.x: the run's percentiles refused
cp -R "$TMP/o0" "$TMP/mix"
cp "$TMP/run/timeline_clat_hist.2.log" "$TMP/mix/"
expect_rc 0 "a run whose job 2 has a fio 3.x hist log and job 1 a fio 2.x one: report" "$R" --format json "$TMP/mix"
expect_out 'timeline_clat_hist.2.log:1: 1856 counts a line, where .*timeline_clat_hist.1.log has 1216 \(logs of fio 2.x and 3.x mixed\)' \
	"logs of fio 2.x and 3.x mixed in a run named by file and line"

summary
