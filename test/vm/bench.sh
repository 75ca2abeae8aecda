#!/bin/sh
# `make bench`: one VM boot, 4 KiB random-read IOPS, mean latency and CPU per
# I/O for ssdq (io_uring, ioctl) and fio's io_uring_cmd; a Markdown table on
# stdout. Figures are for QEMU TCG's emulated NVMe: compare rows, not drives.
# usage: test/vm/bench.sh [--runtime SECS] [--rounds N] [--out DIR]
set -eu
. "$(dirname "$0")/host-lib.sh"
rt=10 rounds=3 out=$VMDIR/bench
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) rt=${2:?--runtime needs seconds}; shift 2 ;;
	--rounds) rounds=${2:?--rounds needs a count}; shift 2 ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) die "bench.sh: unknown option $1" ;;
	esac
done
if [ -z "${SSDQ_BENCH_TABLE_ONLY:-}" ]; then
	(cd "$ROOT" && sh scripts/deps.sh vm) || die "missing Debian packages (scripts/deps.sh vm)"
	[ -f "${SSDQ_SO:-$ROOT/build/ssdq.so}" ] || die "${SSDQ_SO:-$ROOT/build/ssdq.so} is missing (run make)"
	# 8 runs a round (4 engines, 2 depths) of rt s plus ramp and start-up
	SSDQ_VM_APPEND="ssdq.bench_runtime=$rt ssdq.bench_rounds=$rounds" \
		sh "$VM/boot.sh" --scenarios bench-randread --out "$out" \
		--scenario-timeout $((rounds * 8 * (rt + 8) + 120)) \
		--timeout $((rounds * 8 * (rt + 8) + 300)) >&2
fi
R=$out/bench-randread

# one line per round: IOPS, mean latency (us), CPU per I/O (us)
figures() {
	for f in "$R/$1-qd$2"-r*.json; do
		awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$f" 2>/dev/null | jq -r '
			.jobs[0] as $j | $j.read as $r |
			if $j.error != 0 or $r.total_ios == 0 then empty else
			"\($r.iops) \($r.lat_ns.mean / 1000) " +
			"\(($j.usr_cpu + $j.sys_cpu) / 100 * $r.runtime * 1000 / $r.total_ios)" end' 2>/dev/null
	done
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "Median of $rounds rounds of ${rt} s, engine order rotating each round."
echo
echo "| engine | QD | IOPS | mean lat (us) | CPU per I/O (us) | IOPS vs io_uring_cmd | rounds (IOPS) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for qd in 1 32; do
	ref_iops=$(figures io_uring_cmd $qd | awk '{print $1}' | median)
	for e in ssdq-async ssdq-nosample ssdq-sync io_uring_cmd; do
		case $e in ssdq-async) name="ssdq (io_uring)" ;; ssdq-sync) name="ssdq (ssdq_sync=1)" ;;
		ssdq-nosample) name="ssdq (io_uring, no SMART sampling)" ;;
		*) name="fio io_uring_cmd" ;; esac
		all=$(figures $e $qd)
		if [ -z "$all" ]; then
			echo "| $name | $qd | no result ($(head -c 120 "$R/$e-qd$qd-r1.err" 2>/dev/null | tr '\n' ' ')) | | | | |"
			continue
		fi
		iops=$(echo "$all" | awk '{print $1}' | median)
		lat=$(echo "$all" | awk '{print $2}' | median)
		cpu=$(echo "$all" | awk '{print $3}' | median)
		each=$(echo "$all" | awk '{printf "%s%d", (NR > 1 ? " / " : ""), $1}')
		ratio=$(awk -v a="$iops" -v b="$ref_iops" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')
		echo "| $name | $qd | ${iops%.*} | $lat | $cpu | $ratio | $each |"
	done
done
