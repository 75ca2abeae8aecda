#!/bin/sh
# `make bench`: one VM boot, 4 KiB random-read IOPS, mean latency and CPU per
# I/O for ssdq (io_uring, ioctl) and fio's io_uring_cmd; a Markdown table on
# stdout. Figures are for QEMU TCG's emulated NVMe: compare rows, not drives.
# usage: test/vm/bench.sh [--runtime SECS] [--out DIR]
set -eu
. "$(dirname "$0")/host-lib.sh"
rt=10 out=$VMDIR/bench
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) rt=${2:?--runtime needs seconds}; shift 2 ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) die "bench.sh: unknown option $1" ;;
	esac
done
(cd "$ROOT" && sh scripts/deps.sh vm) || die "missing Debian packages (scripts/deps.sh vm)"
[ -f "${SSDQ_SO:-$ROOT/build/ssdq.so}" ] || die "${SSDQ_SO:-$ROOT/build/ssdq.so} is missing (run make)"
SSDQ_VM_APPEND="ssdq.bench_runtime=$rt" \
	sh "$VM/boot.sh" --scenarios bench-randread --out "$out" >&2
R=$out/bench-randread

echo "| engine | QD | IOPS | mean lat (us) | CPU per I/O (us) |"
echo "|---|---:|---:|---:|---:|"
for qd in 1 32; do
	for e in ssdq-async ssdq-sync io_uring_cmd; do
		f=$R/$e-qd$qd.json
		row=$(awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$f" 2>/dev/null | jq -r '
			.jobs[0] as $j | $j.read as $r |
			if $j.error != 0 or $r.total_ios == 0 then "error \($j.error)" else
			"\($r.iops | floor) | \($r.lat_ns.mean / 1000 | . * 10 | round / 10) | " +
			"\(($j.usr_cpu + $j.sys_cpu) / 100 * $r.runtime * 1000 / $r.total_ios | . * 10 | round / 10)"
			end' 2>/dev/null) || row=
		[ -n "$row" ] || row="no result ($(head -c 120 "$R/$e-qd$qd.err" 2>/dev/null | tr '\n' ' '))"
		case $e in ssdq-async) name="ssdq (io_uring)" ;; ssdq-sync) name="ssdq (ssdq_sync=1)" ;;
		*) name="fio io_uring_cmd" ;; esac
		echo "| $name | $qd | $row |"
	done
done
