#!/bin/sh
# The host sidecar's cost (issue 34): QD1 IOPS with ssdq_host=1 against
# ssdq_host=0, side by side on the drive model (4 KiB random reads, QD1
# synchronous), interleaved pairs, which goes first alternating: the model
# at 1/1000 (tlc-enterprise-4tb: 1 ms intervals, the densest a job gets by
# default: a schedstat and a status pread, a CPU-clock read and one line each
# ms), at 1/250 (qlc-1tb, the demo's: 4 ms) and at log_avg_msec=1000 (a
# drive's default). Goal: the median of the paired ratios >= 0.99. Prints a
# table of the median IOPS of each side and the paired ratios' median
# (min-max, n) per case.
# usage: sh test/analysis/bench_host.sh [PAIRS] [SECONDS]   (BENCHMARKS.md);
# SSDQ_BENCH_CASES="PRESET:SCALE:AVG ..." picks the cases (AVG 0: the default)
top=$(cd "$(dirname "$0")/../.." && pwd)
SO=${SSDQ_SO:-$top/build/ssdq.so}
PAIRS=${1:-9}
SECS=${2:-3}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

# iops PRESET SCALE AVG HOST: one run's read IOPS
iops() {
	_avg=
	[ "$3" = 0 ] || _avg="--log_avg_msec=$3"
	rm -f "$W/model.state"
	(cd "$W" && fio --name=b --ioengine=external:"$SO" --ssdq_model="$1" \
		--ssdq_model_scale="$2" --filename="$W/model.state" --rw=randread --bs=4k \
		--iodepth=1 --ssdq_sync=1 --time_based --runtime="$SECS" --norandommap \
		$_avg --ssdq_host="$4" --ssdq_smart_interval=0 \
		--output-format=json --output="$W/b.json") >/dev/null 2>&1 &&
		jq -r '.jobs[0].read.iops' "$W/b.json"
}
echo "| case | IOPS off | IOPS on | on / off paired, median (min-max, n) |"
echo "|---|---:|---:|---|"
for c in ${SSDQ_BENCH_CASES:-"tlc-enterprise-4tb:1000:0" "qlc-1tb:250:0" "tlc-enterprise-4tb:1000:1000"}; do
	preset=${c%%:*} rest=${c#*:}
	scale=${rest%%:*} avg=${rest#*:}
	r=
	iops "$preset" "$scale" "$avg" 1 >/dev/null	# warm-up
	for i in $(seq "$PAIRS"); do
		if [ $((i % 2)) = 1 ]; then off=$(iops "$preset" "$scale" "$avg" 0); on=$(iops "$preset" "$scale" "$avg" 1)
		else on=$(iops "$preset" "$scale" "$avg" 1); off=$(iops "$preset" "$scale" "$avg" 0); fi
		r="$r $off:$on"
	done
	echo "$r" | tr ' ' '\n' | awk -F: -v c="$preset 1/$scale, log_avg_msec=$avg" '
		function med(v, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
			return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
		NF == 2 && $1 > 0 { n++; o[n] = $1; a[n] = $2; q[n] = $2 / $1 }
		END { if (!n) { print "| " c " | - | - | no run |"; exit }
		      mo = med(o, n); ma = med(a, n); mq = med(q, n)
		      printf "| %s | %.0f | %.0f | %.3f (%.3f-%.3f, %d) |\n", c, mo, ma, mq, q[1], q[n], n }'
done
