#!/bin/sh
# Benchmark of ssdq-report's log reading (for `make bench`): a 1 GB bw log of
# a 5 TB fill with 128 KiB I/Os logged one per line (log_avg_msec=0, 4-field
# lines, times relative to the job start so fio's tools/fiologparser.py can
# read it too), read once by ssdq-report (full fill analysis) and once by
# fiologparser.py with one interval spanning the whole log (its cheapest
# mode: a single pass). Prints a Markdown table.
# Then the json+ half: a 100-job json+ file from a real fio run that needs no
# device (ioengine=null, numjobs=100, group_reporting=0), read by ssdq-report
# (--format json: every figure, the 100 jobs' clat bins merged) and by fio's
# tools/fio_jsonplus_clat2csv (one CSV of percentiles per job), each run
# several times for the mean. Prints a second Markdown table.
# Env: SSDQ_REPORT (default build/ssdq-report), FIO_SRC (fio source tree),
# FIO (default fio), BENCH_DIR (default /tmp/ssdq-bench; ~1 GB), BENCH_MB
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
trap 'rm -f "$D/gen" "$D/gen.c"' EXIT

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

jsonplus() {
	J="$D/jsonplus"
	rm -rf "$J"
	mkdir -p "$J"
	(cd "$J" && "$FIO" --name=j --ioengine=null --size=4m --bs=4k --rw=randread \
		--numjobs=100 --group_reporting=0 --output-format=json+ --output=jobs100.json \
		>fio.out 2>&1) || { echo "fio failed: $(cat "$J/fio.out")" >&2; return 1; }
	jsize=$(stat -c %s "$J/jobs100.json")
	njobs=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["jobs"]))' "$J/jobs100.json")
	reps "$REPS" "$R" --format json "$J/jobs100.json"
	jr_mean=$mean
	run "$R" --format json "$J/jobs100.json"
	jr_rss=$rss_kb
	samples=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["tests"][0]["jobs"][0]; print("%d jobs merged, %d %s samples, p99.99 %.3f us" % (j["jobs_merged"], j["lat_samples"], j["lat_kind"], j["lat_p9999_us"]))' "$D/out")
	jp_mean="" jp_rss=""
	C2C="$FIO_SRC/tools/fio_jsonplus_clat2csv"
	if [ -f "$C2C" ]; then
		reps $(((REPS + 3) / 4)) python3 "$C2C" "$J/jobs100.json" "$J/clat.csv"
		jp_mean=$mean
		run python3 "$C2C" "$J/jobs100.json" "$J/clat.csv"
		jp_rss=$rss_kb
	fi
	awk -v size="$jsize" -v n="$njobs" -v rs="$jr_mean" -v rr="$jr_rss" -v reps="$REPS" \
	    -v ps="$jp_mean" -v pr="$jp_rss" -v s="$samples" 'BEGIN {
		printf "\njson+: %.0f kB, %d jobs (fio --ioengine=null --numjobs=100 --group_reporting=0 --output-format=json+). ssdq-report: %s.\n\n", size / 1e3, n, s
		print "| tool | time per run (ms) | peak RSS (MiB) |"
		print "|---|---:|---:|"
		printf "| ssdq-report --format json (all figures, bins merged; mean of %d) | %.1f | %.1f |\n", reps, rs * 1000, rr / 1024
		if (ps != "")
			printf "| fio tools/fio_jsonplus_clat2csv (a CSV per job) | %.1f | %.1f |\n", ps * 1000, pr / 1024
		else
			print "| fio tools/fio_jsonplus_clat2csv | not run (no fio source) | |"
		if (ps != "")
			printf "\nssdq-report is %.0fx faster on the json+.\n", ps / rs
	}'
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
