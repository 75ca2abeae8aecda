#!/bin/sh
# Benchmark of ssdq-report's time charts (for `make bench`; issue 24): a
# generated 24-hour run of 8 jobs, rw=rw (test/analysis/gen_timeline_run.py:
# bw, iops and clat logs every second, 172 800 lines a job and log: 1.38 M
# lines a kind, 4.1 M in all; hist logs every 10 s at log_hist_coarseness=4,
# 138 240 lines; the engine's events, power and SMART sidecars), reported
# with every output at once (--format json, --html, --svg-dir,
# --series-csv). Prints a Markdown table: wall time and peak RSS of
# ssdq-report (the mean of BENCH_REPS runs; /usr/bin/time -v's figures of
# the last), the HTML's size and the largest chart's. Goals (the issue's):
# under 3 s, flat memory, HTML under 5 MB, a chart under 200 kB.
# Env: SSDQ_REPORT (default build/ssdq-report), BENCH_DIR (default
# /tmp/ssdq-bench-timeline; ~200 MB), BENCH_REPS (default 3), BENCH_HOURS
# (default 24).
set -eu
R=${SSDQ_REPORT:-build/ssdq-report}
D=${BENCH_DIR:-/tmp/ssdq-bench-timeline}
REPS=${BENCH_REPS:-3}
H=${BENCH_HOURS:-24}
[ -x "$R" ] || { echo "no $R: build it first" >&2; exit 1; }
rm -rf "$D"
mkdir -p "$D"
python3 test/analysis/gen_timeline_run.py "$D/run" --jobs 8 --seconds $((H * 3600)) \
	--hist-ms 10000 --coarse 4
lines=$(cat "$D"/run/*.log | wc -l)
mb=$(du -sm "$D/run" | cut -f1)
t0=$(date +%s%N)
i=0
while [ $i -lt "$REPS" ]; do
	rm -rf "$D/svg" "$D/csv"
	/usr/bin/time -v "$R" --format json --html "$D/r.html" --svg-dir "$D/svg" \
		--series-csv "$D/csv" "$D/run" >"$D/r.json" 2>"$D/time" || { cat "$D/time" >&2; exit 1; }
	i=$((i + 1))
done
t1=$(date +%s%N)
secs=$(awk -v a="$t0" -v b="$t1" -v n="$REPS" 'BEGIN { printf "%.2f", (b - a) / 1e9 / n }')
rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$D/time")
html=$(stat -c %s "$D/r.html")
big=$(ls -S "$D"/svg/*-time*.svg | head -1)
echo "| run | log lines | MB | ssdq-report s | peak RSS MiB | HTML kB | largest chart kB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
echo "| ${H} h, 8 jobs rw | $lines | $mb | $secs | $rss | $((html / 1024)) | $(($(stat -c %s "$big") / 1024)) ($(basename "$big")) |"
rm -rf "$D"
