#!/bin/sh
# The progress sidecars' cost (issue 23): IOPS with ssdq_account=1 against
# ssdq_account=0, side by side on the drive model (tlc-enterprise-4tb, 4 KiB
# random reads, QD1 synchronous and QD32), interleaved repetitions, at the
# densest interval a job can ask for (log_avg_msec=1: 1000 ticks a second)
# and at 10 ms. Prints a table of the median ratio (min-max) per case.
# usage: sh test/analysis/bench_progress.sh [REPS] [SECONDS]   (BENCHMARKS.md);
# SSDQ_BENCH_CASES="QD SYNC AVG ..." picks the cases
top=$(cd "$(dirname "$0")/../.." && pwd)
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPS=${1:-5}
SECS=${2:-4}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

# iops QD SYNC AVG PROGRESS: one run's read IOPS
iops() {
	(cd "$W" && fio --name=b --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
		--ssdq_model_scale=1000 --filename="$W/model.state" --rw=randread --bs=4k \
		--iodepth="$1" --ssdq_sync="$2" --time_based --runtime="$SECS" --norandommap \
		--log_avg_msec="$3" --ssdq_account="$4" --ssdq_smart_interval=0 \
		--output-format=json --output="$W/b.json") >/dev/null 2>&1 &&
		jq -r '.jobs[0].read.iops' "$W/b.json"
}
echo "| case | IOPS off | IOPS on | on / off, median (min-max, n) |"
echo "|---|---:|---:|---|"
for c in ${SSDQ_BENCH_CASES:-"1 1 10" "32 0 10" "32 0 1" "1 1 1"}; do
	set -- $c
	r=
	for i in $(seq "$REPS"); do
		# alternate which goes first
		if [ $((i % 2)) = 1 ]; then off=$(iops "$1" "$2" "$3" 0); on=$(iops "$1" "$2" "$3" 1)
		else on=$(iops "$1" "$2" "$3" 1); off=$(iops "$1" "$2" "$3" 0); fi
		r="$r $off:$on"
	done
	echo "$r" | tr ' ' '\n' | awk -F: -v qd="$1" -v avg="$3" 'NF == 2 { n++; o[n] = $1; a[n] = $2; q[n] = $2 / $1 }
		END { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (q[j] < q[i]) { t = q[i]; q[i] = q[j]; q[j] = t }
		      for (i = 1; i <= n; i++) { so += o[i]; sa += a[i] }
		      m = n % 2 ? q[(n + 1) / 2] : (q[n / 2] + q[n / 2 + 1]) / 2
		      printf "| QD%d, log_avg_msec=%d | %.0f | %.0f | %.3f (%.3f-%.3f, %d) |\n", qd, avg, so / n, sa / n, m, q[1], q[n], n }'
done
