#!/bin/sh
# Benchmark of ssdq-report comparing many drives (for `make bench`; issue
# 22's goal: 50 drives' results directories in under 5 s). The demo's two
# drives at 1/1000 (scripts/demo.sh, per-I/O logs, 21 tests each: run here
# when BENCH_DEMO has none yet), hard-linked into BENCH_DRIVES directories
# of their own (drive-01 ... drive-50, the two presets in turn), reported
# together with --format json. Prints a Markdown table: the mean wall time
# and CPU time of BENCH_REPS runs, the peak RSS of the last (/usr/bin/time -v).
# Env: SSDQ_REPORT (default build/ssdq-report), BENCH_DEMO (default
# build/demo-1000), BENCH_DIR (default /tmp/ssdq-bench-many), BENCH_DRIVES
# (default 50), BENCH_REPS (default 3).
set -eu
R=${SSDQ_REPORT:-build/ssdq-report}
DEMO=${BENCH_DEMO:-build/demo-1000}
D=${BENCH_DIR:-/tmp/ssdq-bench-many}
N=${BENCH_DRIVES:-50}
REPS=${BENCH_REPS:-3}
[ -x "$R" ] || { echo "no $R: build it first" >&2; exit 1; }
if ! ls -d "$DEMO"/*/ >/dev/null 2>&1; then
	echo "bench_many: the demo at 1/1000 into $DEMO first" >&2
	SSDQ_DEMO_SCALE=1000 SSDQ_REPORT=none sh scripts/demo.sh "$DEMO" >"$D.demo.log" 2>&1 ||
		{ tail -n 20 "$D.demo.log" >&2; exit 1; }
fi
set -- "$DEMO"/*/
[ $# -ge 1 ] || { echo "bench_many: no drive in $DEMO" >&2; exit 1; }
rm -rf "$D"
mkdir -p "$D/drives"
i=1
while [ $i -le "$N" ]; do
	src=$(eval "echo \"\${$(( (i - 1) % $# + 1 ))}\"")
	cp -al "$src" "$D/drives/$(printf 'drive-%02d' "$i")"
	i=$((i + 1))
done
tests=0
for f in "$D"/drives/*/*.json; do
	[ "${f##*/}" = device.json ] || tests=$((tests + 1))
done
wall=0 cpu=0 i=0
while [ $i -lt "$REPS" ]; do
	t0=$(date +%s%N)
	/usr/bin/time -v "$R" --format json "$D"/drives/* >"$D/r.json" 2>"$D/time" ||
		{ tail -n 30 "$D/time" >&2; exit 1; }
	t1=$(date +%s%N)
	wall=$(awk -v w="$wall" -v a="$t0" -v b="$t1" 'BEGIN { print w + (b - a) / 1e9 }')
	cpu=$(awk -F': ' -v c="$cpu" '/User time|System time/ { c += $2 } END { print c }' "$D/time")
	i=$((i + 1))
done
rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$D/time")
echo "| drives | tests | ssdq-report wall s (mean of $REPS) | CPU s | peak RSS MiB | load |"
echo "|---|---|---|---|---|---|"
awk -v n="$N" -v t="$tests" -v w="$wall" -v c="$cpu" -v r="$REPS" -v m="$rss" \
	-v l="$(cut -d' ' -f1 /proc/loadavg)" \
	'BEGIN { printf "| %d | %d | %.2f | %.2f | %s | %s |\n", n, t, w / r, c / r, m, l }'
