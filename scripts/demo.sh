#!/bin/sh
# make demo: the whole workflow on the built-in drive model. Runs the
# consumer, pSLC and enterprise suites on two model presets, scaled down so
# they finish in minutes, and writes one HTML report comparing the drives.
# Never touches a real device.
# usage: scripts/demo.sh [OUT]   (OUT defaults to build/demo)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/build/demo}
presets=${SSDQ_DEMO_PRESETS:-"qlc-1tb tlc-dramless-1tb"}
scale=${SSDQ_DEMO_SCALE:-250}

for t in build/ssdq.so build/ssdq-report; do
	[ -x "$top/$t" ] || [ -f "$top/$t" ] || { echo "demo: $t is missing (run make)" >&2; exit 1; }
done
mkdir -p "$out"
export SSDQ_SO="$top/build/ssdq.so"
for p in $presets; do
	echo "demo: $p, suites consumer, pslc and enterprise, scaled 1/$scale"
	# bursts of 4 MB on 256 MB of data: scaled, the published 128 MB bursts
	# would be a few I/Os each; 8 of them are 8 GB of the full drive, which
	# the 12 GB SLC cache of a full qlc-1tb holds, as the P1's held the
	# published 1 GB ("short enough that the P1 doesn't overflow the SLC
	# cache even when it is at its minimum size")
	# Every I/O logged (log_avg_msec=0): scaled, fio's first averaged sample
	# (up to 250 ms) covers tens of GB of the full drive, where the SLC
	# cache's end can hide (docs/report.md: the right choice for a scaled
	# model; an averaged log put tlc-dramless-1tb's 88 GB cache at 79.5 GB)
	# Queue depths and mixes of 60 ms, 10 ms of idle after each (the
	# published minute scaled would be 240 ms each): the random and mixed
	# tests have 68 of them a preset, which keeps make demo under 6 minutes
	sh "$top/jobs/ssdq-run" --suite all --model "$p" --scale "$scale" --out "$out/$p" --yes \
		--restart --set SSDQ_BURST=4m --set SSDQ_PREFILL=256m --set SSDQ_LOG_MSEC=0 \
		--set SSDQ_FILL_LOG_MSEC=0 --set SSDQ_PSLC_LOG_MSEC=0 \
		--set SSDQ_QD_RUNTIME=60ms --set SSDQ_IDLE=10ms ||
		{ echo "demo: the suites on $p failed; see $out/$p/ssdq-run.log" >&2; exit 1; }
done
dirs=
for p in $presets; do dirs="$dirs $out/$p"; done
# shellcheck disable=SC2086
"$top/build/ssdq-report" --html "$out/report.html" $dirs >"$out/report.txt"
"$top/build/ssdq-report" --format csv $dirs >"$out/report.csv"
cat "$out/report.txt"
echo
echo "demo: report written to $out/report.html (also report.txt, report.csv)"
