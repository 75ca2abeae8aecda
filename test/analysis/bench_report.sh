#!/bin/sh
# Benchmark of ssdq-report's log reading (for `make bench`): a 1 GB bw log of
# a 5 TB fill with 128 KiB I/Os logged one per line (log_avg_msec=0, 4-field
# lines, times relative to the job start so fio's tools/fiologparser.py can
# read it too), read once by ssdq-report (full fill analysis) and once by
# fiologparser.py with one interval spanning the whole log (its cheapest
# mode: a single pass). Prints a Markdown table.
# Then the json+ half: two 100-job json+ files from real fio runs, one that
# needs no device (ioengine=null, numjobs=100, group_reporting=0: few bins)
# and one on the drive model (4k random read at QD1: latency spread over
# thousands of bins), read by ssdq-report (--format json: every figure, the
# 100 jobs' clat bins merged) and by fio's tools/fio_jsonplus_clat2csv (one
# CSV of percentiles per job), each run several times for the mean; with the
# floors of each side (json-c's parse and free of the file; Python's
# json.load) and Python's start-up. Prints a second Markdown table.
# Env: SSDQ_REPORT (default build/ssdq-report), FIO_SRC (fio source tree),
# SSDQ_SO (default build/ssdq.so: the drive model's json+), FIO (default fio), BENCH_DIR (default /tmp/ssdq-bench; ~1 GB), BENCH_MB
# (log size, default 1024; 0 skips the log half), BENCH_REPS (json+ runs per
# tool, default 20).
set -eu
R=${SSDQ_REPORT:-build/ssdq-report}
FIO_SRC=${FIO_SRC:-build/fio-src/fio-3.33}
D=${BENCH_DIR:-/tmp/ssdq-bench}
MB=${BENCH_MB:-1024}
[ -x "$R" ] || { echo "no $R: build it first" >&2; exit 1; }
FIO=${FIO:-fio}
REPS=${BENCH_REPS:-20}
mkdir -p "$D"
SO=${SSDQ_SO:-build/ssdq.so}
SO=$(cd "$(dirname "$SO")" 2>/dev/null && pwd)/$(basename "$SO")
trap 'rm -f "$D/gen" "$D/gen.c" "$D/jc" "$D/jc.c"' EXIT

# run CMD...: one timed run; sets secs and rss_kb
run() {
	/usr/bin/time -v "$@" >"$D/out" 2>"$D/time" || { cat "$D/time" >&2; return 1; }
	secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {
		n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$D/time")
	rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$D/time")
}

# reps N CMD...: mean wall seconds of N runs (ns clock: /usr/bin/time has 10 ms)
reps() {
	n=$1
	shift
	t0=$(date +%s%N)
	i=0
	while [ $i -lt "$n" ]; do
		"$@" >"$D/out" 2>"$D/err" || { cat "$D/err" >&2; return 1; }
		i=$((i + 1))
	done
	t1=$(date +%s%N)
	mean=$(awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%.4f", (b - a) / 1e9 / n }')
}

# jsonplus_file FILE LABEL: one table row pair for FILE
jsonplus_file() {
	jf=$1
	jsize=$(stat -c %s "$jf")
	info=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["jobs"]
print("%d jobs, %d clat bins" % (len(j), sum(len(x[d]["clat_ns"].get("bins", {})) for x in j for d in ("read", "write", "trim"))))' "$jf")
	reps "$REPS" "$R" --format json "$jf"
	jr_mean=$mean
	run "$R" --format json "$jf"
	jr_rss=$rss_kb
	samples=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]; print("%d jobs merged, %d %s samples" % (j["jobs_merged"], j["lat_samples"], j["lat_kind"]))' "$D/out")
	jp_mean="" jp_rss=""
	if [ -f "$C2C" ]; then
		reps $(((REPS + 3) / 4)) python3 "$C2C" "$jf" "$J/clat.csv"
		jp_mean=$mean
		run python3 "$C2C" "$jf" "$J/clat.csv"
		jp_rss=$rss_kb
	fi
	floor=$("$D/jc" "$jf")
	pyfloor=$(python3 -c 'import json,sys,time
b = 1e9
for i in range(20):
	t = time.perf_counter(); json.load(open(sys.argv[1])); b = min(b, time.perf_counter() - t)
print("%.2f" % (b * 1e3))' "$jf")
	awk -v size="$jsize" -v info="$info" -v label="$2" -v rs="$jr_mean" -v rr="$jr_rss" \
	    -v reps="$REPS" -v ps="$jp_mean" -v pr="$jp_rss" -v s="$samples" -v jc="$floor" \
	    -v py="$pyfloor" 'BEGIN {
		printf "| %s: %.0f kB, %s | ssdq-report --format json (%s; mean of %d) | %.1f | %.1f |\n", label, size / 1e3, info, s, reps, rs * 1000, rr / 1024
		if (ps != "")
			printf "| | fio tools/fio_jsonplus_clat2csv (a CSV per job) | %.1f | %.1f |\n", ps * 1000, pr / 1024
		printf "| | json-c parse + free alone (best of 50) / Python json.load alone (best of 20) | %s / %s | |\n", jc, py
		if (ps != "")
			printf "| | **ssdq-report %.0fx faster** | | |\n", ps / rs
	}'
}

jsonplus() {
	J="$D/jsonplus"
	C2C="$FIO_SRC/tools/fio_jsonplus_clat2csv"
	rm -rf "$J"
	mkdir -p "$J"
	cat >"$D/jc.c" <<'EOC'
#include <json-c/json.h>
#include <stdio.h>
#include <time.h>
/* the floor of any json-c reader: parse and free the file, best of 50 */
int main(int argc, char **argv)
{
	double best = 1e9;
	int i;

	for (i = 0; i < 50 && argc > 1; i++) {
		struct timespec a, b;
		json_object *o;
		double ms;

		clock_gettime(CLOCK_MONOTONIC, &a);
		o = json_object_from_file(argv[1]);
		json_object_put(o);
		clock_gettime(CLOCK_MONOTONIC, &b);
		ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
		best = ms < best ? ms : best;
	}
	printf("%.2f\n", best);
	return 0;
}
EOC
	# shellcheck disable=SC2046 # compiler flags, split on purpose
	cc -O2 -o "$D/jc" "$D/jc.c" $(pkg-config --cflags --libs json-c)
	(cd "$J" && "$FIO" --name=j --ioengine=null --size=4m --bs=4k --rw=randread \
		--numjobs=100 --group_reporting=0 --output-format=json+ --output=null100.json \
		>fio.out 2>&1) || { echo "fio failed: $(cat "$J/fio.out")" >&2; return 1; }
	reps 5 python3 -c 'import os, json, argparse, itertools, six'
	printf '\njson+ files from real fio 3.33 runs; time per run includes process start-up (Python with fio_jsonplus_clat2csv'"'"'s imports and nothing else: %.1f ms).\n\n' "$(awk -v m="$mean" 'BEGIN { print m * 1000 }')"
	echo "| file | tool | time per run (ms) | peak RSS (MiB) |"
	echo "|---|---|---:|---:|"
	jsonplus_file "$J/null100.json" "ioengine=null, numjobs=100, 4 MiB each"
	if [ -f "$SO" ]; then
		(cd "$J" && "$FIO" --name=j --ioengine=external:"$SO" --ssdq_model=tlc-dramless-1tb \
			--ssdq_model_scale=1000 --filename="$J/drive" --rw=randread --bs=4k \
			--numjobs=100 --time_based --runtime=3 --group_reporting=0 \
			--output-format=json+ --output=model100.json >fio.out 2>&1) ||
			{ echo "fio failed: $(cat "$J/fio.out")" >&2; return 1; }
		jsonplus_file "$J/model100.json" "the drive model, numjobs=100, 4k random read QD1, 3 s"
	fi
	rm -rf "$J"
}

if [ "$MB" = 0 ]; then
	jsonplus
	exit
fi

cat >"$D/gen.c" <<'EOC'
#include <stdio.h>
#include <stdlib.h>
/* 3000 MB/s for the first 400 GB (the cache), 1200 MB/s after; 128 KiB I/Os */
int main(int argc, char **argv)
{
	double limit = atof(argv[1]) * 1048576, bytes = 0, out = 0, ms = 0;
	static char buf[1 << 16];
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	while (out < limit) {
		double speed = bytes < 400e9 ? 3000e6 : 1200e6;
		ms += 131072 / speed * 1000;
		bytes += 131072;
		out += printf("%.0f, %.0f, 1, 131072\n", ms, speed / 1024);
	}
	fprintf(stderr, "%.0f\n", bytes);
	return 0;
}
EOC
cc -O2 -o "$D/gen" "$D/gen.c"
bytes=$("$D/gen" "$MB" 2>&1 >"$D/bench_bw.1.log")
size=$(stat -c %s "$D/bench_bw.1.log")
lines=$(wc -l <"$D/bench_bw.1.log")
last_ms=$(tail -n 1 "$D/bench_bw.1.log" | cut -d, -f1)
cat >"$D/bench.json" <<EOJ
{"fio version": "fio-3.33", "jobs": [{"jobname": "bench", "groupid": 0,
 "job options": {"rw": "write", "bs": "128k", "write_bw_log": "bench"},
 "write": {"io_bytes": $bytes, "total_ios": $lines, "runtime": $last_ms}}]}
EOJ

run "$R" --format json "$D/bench.json"
r_secs=$secs r_rss=$rss_kb
cache=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]["fill"]; print("%.1f GB, overall %.0f MB/s" % (j["slc_cache_gb"], j["overall_mbps"]))' "$D/out")

p_secs="" p_rss=""
if [ -f "$FIO_SRC/tools/fiologparser.py" ] && command -v python3 >/dev/null; then
	if run python3 "$FIO_SRC/tools/fiologparser.py" -i $((last_ms + 1000)) "$D/bench_bw.1.log"; then
		p_secs=$secs p_rss=$rss_kb
	fi
fi

awk -v size="$size" -v lines="$lines" -v rs="$r_secs" -v rr="$r_rss" \
    -v ps="$p_secs" -v pr="$p_rss" -v cache="$cache" 'BEGIN {
	printf "Log: %.0f MB, %d lines (one 128 KiB write each). ssdq-report found: %s.\n\n", size / 1e6, lines, cache
	print "| tool | time (s) | throughput (MB/s) | peak RSS (MiB) |"
	print "|---|---:|---:|---:|"
	printf "| ssdq-report (read + fill/SLC analysis) | %.2f | %.0f | %.1f |\n", rs, size / 1e6 / rs, rr / 1024
	if (ps != "")
		printf "| fio tools/fiologparser.py (one interval) | %.2f | %.1f | %.1f |\n", ps, size / 1e6 / ps, pr / 1024
	else
		print "| fio tools/fiologparser.py | not run (no fio source or python3) | | |"
	if (ps != "")
		printf "\nssdq-report is %.0fx faster.\n", ps / rs
}'
jsonplus
