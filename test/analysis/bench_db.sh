#!/bin/sh
# Benchmark of the results library (for `make bench`; issue 40's budgets:
# 1000 runs, each import under 0.5 s, the landscape page over all of them
# under 2 s, the library under 1 GB). BENCH_RUNS results directories are
# made from the demo's two drives at 1/1000 (scripts/demo.sh: 21 tests,
# per-I/O logs; run here when BENCH_DEMO has none yet), the drive model's
# fixtures and the real-fio corpus's directories with fio JSON, each
# hard-linked with a device.json of its own: BENCH_DRIVES drives (serials,
# each of one source), BENCH_RUNS / BENCH_DRIVES runs each told apart by
# time_us. Each is imported on its own, timed
# (wall, and CPU from /usr/bin/time); then the library's page with the
# landscape, rank and repeats of one drive, and with a baseline too, and
# ssdq-db check. Prints a Markdown table.
# Env: SSDQ_DB_TOOL (default build/ssdq-db), BENCH_DEMO (default
# build/demo-1000), BENCH_DIR (default /tmp/ssdq-bench-db), BENCH_RUNS
# (default 1000), BENCH_DRIVES (default 100), FIO_REAL (the corpus).
set -eu
DB=${SSDQ_DB_TOOL:-build/ssdq-db}
DEMO=${BENCH_DEMO:-build/demo-1000}
D=${BENCH_DIR:-/tmp/ssdq-bench-db}
N=${BENCH_RUNS:-1000}
ND=${BENCH_DRIVES:-100}
CORPUS=${FIO_REAL:-../shared/corpus/fio-real}
[ -x "$DB" ] || { echo "no $DB: build it first" >&2; exit 1; }
if ! ls -d "$DEMO"/*/ >/dev/null 2>&1; then
	echo "bench_db: the demo at 1/1000 into $DEMO first" >&2
	SSDQ_DEMO_SCALE=1000 SSDQ_REPORT=none sh scripts/demo.sh "$DEMO" >"$D.demo.log" 2>&1 ||
		{ tail -n 20 "$D.demo.log" >&2; exit 1; }
fi
rm -rf "$D"
mkdir -p "$D/runs"
# the sources: every directory with fio JSON
: >"$D/sources"
for s in "$DEMO"/*/ test/fixtures/ssdq-model/*/ "$CORPUS"/*/; do
	[ -d "$s" ] || continue
	ls "$s"*.json >/dev/null 2>&1 && echo "${s%/}" >>"$D/sources"
done
ns=$(wc -l <"$D/sources")
i=1
while [ $i -le "$N" ]; do
	# drive d of BENCH_DRIVES, its runs all of one source
	d=$(( (i - 1) % ND ))
	src=$(sed -n "$(( d % ns + 1 ))p" "$D/sources")
	dst=$D/runs/$(printf 'run-%04d' "$i")
	cp -al "$src" "$dst"
	rm -f "$dst/device.json"
	serial=$(printf 'bench-%03d' "$d")
	if [ -f "$src/device.json" ]; then
		sed "s/\"serial\": \"[^\"]*\"/\"serial\": \"$serial\"/; s/\"time_us\": [0-9]*/\"time_us\": $((1796000000000000 + i * 1000000))/" \
			"$src/device.json" >"$dst/device.json"
	else
		printf '{"format": "ssdq-device", "version": 1, "time_us": %d, "model": "%s", "serial": "%s", "firmware": "1", "errors": []}\n' \
			$((1796000000000000 + i * 1000000)) "${src##*/}" "$serial" >"$dst/device.json"
	fi
	i=$((i + 1))
done
L=$D/library.sqlite
: >"$D/imports"
for r in "$D"/runs/*; do
	t0=$(date +%s%N)
	/usr/bin/time -f '%U %S' "$DB" --db "$L" import "$r" >"$D/out" 2>"$D/time" ||
		{ cat "$D/out" "$D/time" >&2; exit 1; }
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000 )) $(tail -n 1 "$D/time")" >>"$D/imports"
done
runs=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM runs").fetchone()[0])' "$L")
figs=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM figures").fetchone()[0])' "$L")
"$DB" --db "$L" check >/dev/null
size=$(du -cb "$L"* | tail -n 1 | cut -f 1)
page() {
	t0=$(date +%s%N)
	/usr/bin/time -f '%U %S' "$DB" --db "$L" html "$D/page.html" "$@" 2>"$D/time" >/dev/null
	t1=$(date +%s%N)
	echo "$(( (t1 - t0) / 1000 )) $(tail -n 1 "$D/time")"
}
p1=$(page --drive 1)
p2=$(page --drive 1 --baseline 2)
p3=$(page)
echo "| runs | figures | import wall s: median / p95 / max | import CPU s: median / max | landscape page (one drive) wall / CPU s | page with a baseline wall s | landscape of all, no drive, wall s | library MB | load |"
echo "|---|---|---|---|---|---|---|---|---|"
cpu=$(awk '{ print $2 + $3 }' "$D/imports" | sort -n | awk '{ c[NR] = $1 } END { printf "%.3f / %.3f", c[int(NR / 2) + 1], c[NR] }')
sort -n "$D/imports" | awk -v n="$runs" -v f="$figs" -v s="$size" -v p1="$p1" -v p2="$p2" -v p3="$p3" \
	-v cpu="$cpu" -v l="$(cut -d' ' -f1 /proc/loadavg)" '
	{ w[NR] = $1 / 1e6 }
	END {
		split(p1, a, " "); split(p2, b, " "); split(p3, e, " ")
		printf "| %d | %d | %.3f / %.3f / %.3f | %s | %.2f / %.2f | %.2f | %.2f | %.0f | %s |\n",
			n, f, w[int(NR / 2) + 1], w[int(NR * 0.95)], w[NR], cpu,
			a[1] / 1e6, a[2] + a[3], b[1] / 1e6, e[1] / 1e6, s / 1e6, l
	}'
