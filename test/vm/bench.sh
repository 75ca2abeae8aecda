#!/bin/sh
# `make bench`: one VM boot, 4 KiB random reads side by side on one namespace:
# ssdq (io_uring; io_uring polled, ssdq_hipri; ioctl) against fio's
# io_uring_cmd (plain; --hipri) at QD1 and QD32, and ssdq with sampling off
# and on at QD1; in rounds whose order rotates. Markdown tables on stdout:
# medians of the rounds, and ratios as the median of each round's pair.
# Figures are for QEMU TCG's emulated NVMe: compare rows, not drives.
# --together: a pair's two jobs run at the same time (same host speed for
# both; they share the emulated controller) instead of one after the other.
# usage: test/vm/bench.sh [--runtime SECS] [--rounds N] [--out DIR] [--no-perf] [--together]
# env: SSDQ_VM_APPEND adds to the guest's kernel command line (e.g.
# "clocksource=tsc tsc=reliable": fio's clock in the vDSO, not a syscall)
set -eu
. "$(dirname "$0")/host-lib.sh"
rt=2 rounds=10 out=$VMDIR/bench prof=1 together=0
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) rt=${2:?--runtime needs seconds}; shift 2 ;;
	--rounds) rounds=${2:?--rounds needs a count}; shift 2 ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	--no-perf) prof=0; shift ;;
	--together) together=1; shift ;;
	*) die "bench.sh: unknown option $1" ;;
	esac
done
if [ -z "${SSDQ_BENCH_TABLE_ONLY:-}" ]; then
	(cd "$ROOT" && sh scripts/deps.sh vm) || die "missing Debian packages (scripts/deps.sh vm)"
	[ -f "${SSDQ_SO:-$ROOT/build/ssdq.so}" ] || die "${SSDQ_SO:-$ROOT/build/ssdq.so} is missing (run make)"
	# 14 jobs a round of rt s plus ramp and start-up, and the profiles
	SSDQ_VM_APPEND="${SSDQ_VM_APPEND:-} ssdq.bench_runtime=$rt ssdq.bench_rounds=$rounds ssdq.bench_perf=$prof ssdq.bench_together=$together" \
		sh "$VM/boot.sh" --scenarios bench-randread --out "$out" \
		--scenario-timeout $((rounds * 14 * (rt + 6) + 4 * (rt + 40) + 120)) \
		--timeout $((rounds * 14 * (rt + 6) + 4 * (rt + 40) + 300)) >&2
fi
R=$out/bench-randread

# all ENGINE QD: "round iops mean_lat_us p99_clat_us cpu_us_per_io", a line a
# round, from the job file ENGINE ran in (test/vm/bench/bench-randread.sh)
all() {
	case $1 in
	ssdq-uring|ref) _f=uring ;; ssdq-hipri|ref-hipri) _f=hipri ;; ssdq-sync|ref-s) _f=sync ;;
	*) _f=samp ;;
	esac
	[ -f "$R/$_f-qd$2.json" ] || return 0
	awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$R/$_f-qd$2.json" 2>/dev/null | jq -r --arg e "$1" '
		.jobs[] | select(.jobname | startswith($e + "-r")) |
		select((.jobname | ltrimstr($e + "-r")) | test("^[0-9]+$")) |
		. as $j | $j.read as $d |
		if $j.error != 0 or $d.total_ios == 0 then empty else
		"\($j.jobname | ltrimstr($e + "-r")) \($d.iops) \($d.lat_ns.mean / 1000) " +
		"\(($d.clat_ns.percentile["99.000000"] // 0) / 1000) " +
		"\(($j.usr_cpu + $j.sys_cpu) / 100 * $d.runtime * 1000 / $d.total_ios)" end' 2>/dev/null |
		sort -n >"$tmp/all"
	# pairs run together: IOPS over the time both jobs ran (test/vm/bench/window.py)
	if [ -f "$R/together" ] && [ "$_f" != hipri ]; then
		python3 "$VM/bench/window.py" "$R" "$_f-qd$2" "$1" >"$tmp/win"
		awk 'FNR == NR { w[$1] = $2; next } ($1 in w) { $2 = w[$1] } { print }' "$tmp/win" "$tmp/all"
	else
		cat "$tmp/all"
	fi
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%.4g", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$1" '{ print $c }'; }
# paired A B COL: each round's A/B of column COL (rounds both have)
paired() {
	all "$1" "$3" >"$tmp/a"; all "$2" "$3" >"$tmp/b"
	awk -v c="$4" 'FNR == NR { v[$1] = $c; next } ($1 in v) && $c > 0 { printf "%.3f\n", v[$1] / $c }' \
		"$tmp/a" "$tmp/b"
}
# ratio A B QD COL: "median (min–max, n)" of the paired ratios
ratio() { paired "$1" "$2" "$3" "$4" | median_range; }
name() {
	case $1 in
	ssdq-uring) echo "ssdq (io_uring)" ;; ssdq-hipri) echo "ssdq (io_uring, ssdq_hipri)" ;;
	ssdq-sync) echo "ssdq (ssdq_sync=1)" ;; ssdq-off) echo "ssdq (io_uring, sampling off)" ;;
	ssdq-on) echo "ssdq (io_uring, SMART 1 Hz + power 10 Hz)" ;;
	ref) echo "fio io_uring_cmd" ;; ref-hipri) echo "fio io_uring_cmd --hipri" ;;
	esac
}
anchor() { case $1 in *hipri) echo ref-hipri ;; ssdq-sync) echo ref-s ;; ssdq-on) echo ssdq-off ;; *) echo ref ;; esac; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

n=$(all ref 1 | wc -l)
if [ -f "$R/together" ]; then how="two jobs run at the same time (polled pairs: adjacent runs)"; else how="adjacent runs"; fi
echo "Medians of $n rounds of ${rt} s; ratios are the median of each round's pair of $how"
echo "(min–max, pairs): ssdq io_uring and ioctl against io_uring_cmd, polled against --hipri,"
echo "sampling on against off."
echo
echo "| engine | QD | IOPS | mean lat (us) | p99 clat (us) | CPU per I/O (us) | IOPS ratio | CPU per I/O ratio | rounds (IOPS) |"
echo "|---|---:|---:|---:|---:|---:|---|---|---|"
for qd in 1 32; do
	if [ $qd = 1 ]; then list="ssdq-uring ssdq-hipri ssdq-sync ssdq-off ssdq-on ref ref-hipri"
	else list="ssdq-uring ssdq-hipri ssdq-sync ref ref-hipri"; fi
	for e in $list; do
		all $e $qd >"$tmp/e"
		if [ ! -s "$tmp/e" ]; then
			echo "| $(name $e) | $qd | no result (see $R/*-qd$qd.err) | | | | | | |"
			continue
		fi
		a=$(anchor $e)
		if [ $e = ref ] || [ $e = ref-hipri ] || [ $e = ssdq-off ]; then ri=1 rc=1
		else ri=$(ratio $e $a $qd 2) rc=$(ratio $e $a $qd 5); fi
		echo "| $(name $e) | $qd | $(col 2 <"$tmp/e" | median) | $(col 3 <"$tmp/e" | median) |" \
			"$(col 4 <"$tmp/e" | median) | $(col 5 <"$tmp/e" | median) | $ri | $rc |" \
			"$(awk '{ printf "%s%d", (NR > 1 ? " / " : ""), $2 }' "$tmp/e") |"
	done
done
echo
echo "Sampling at QD1 (paired as above): SMART every second and power at 10 Hz against off:"
echo "IOPS $(ratio ssdq-on ssdq-off 1 2), CPU per I/O $(ratio ssdq-on ssdq-off 1 5)."
if [ -f "$R/together" ]; then
	echo
	echo "Pairs run together: IOPS over the time both jobs ran (fio's IOPS logs); the jobs' first"
	echo "and last log lines were this far apart:"
	for p in uring-qd1 sync-qd1 samp-qd1 uring-qd32 sync-qd32; do
		python3 "$VM/bench/window.py" "$R" "$p" --skew
	done
fi
for e in ssdq-uring ref; do
	[ -s "$R/strace-$e.txt" ] || continue
	ios=$(awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$R/strace-$e.json" | jq '.jobs[0].read.total_ios')
	echo
	echo "strace -c -f, $(name $e) QD1, $ios I/Os: calls per I/O"
	awk -v n="$ios" '$NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ && $4 / n >= 0.01 { printf "  %-16s %.3f\n", $NF, $4 / n }' "$R/strace-$e.txt"
done
