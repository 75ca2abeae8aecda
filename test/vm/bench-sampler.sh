#!/bin/sh
# The sampler's cost and timing in the test VM (issue 3's benchmark): one VM
# boot running bench/bench-sampler.sh, then Markdown tables on stdout:
#  - 4 KiB random-read IOPS through ssdq at QD1 and QD32 with SMART every
#    100 ms and power at 1 kHz against sampling off: medians of the
#    interleaved runs and their ratio (goal >= 0.99);
#  - sample-interval jitter of the power log at 2 Hz and 1 kHz: |dt - T| over
#    consecutive lines, p99 (dt from the log's integer-ms timestamps);
#  - with --modes off,noacct: the engine's progress account's cost, IOPS with
#    it (off: sampling off, the account on as by default) against without
#    (noacct: ssdq_account=0), goal >= 0.99 (issue 23).
# Figures are for QEMU TCG: noisy, and the host's other load shows in them.
# usage: test/vm/bench-sampler.sh [--runtime SECS] [--reps N] [--parts] [--modes a,b] [--out DIR]
#        test/vm/bench-sampler.sh --results DIR   (format DIR/bench-sampler only)
set -eu
. "$(dirname "$0")/host-lib.sh"
rt=4 reps=5 parts=0 out=$VMDIR/bench-sampler res='' pick=''
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) rt=${2:?--runtime needs seconds}; shift 2 ;;
	--reps) reps=${2:?--reps needs a count}; shift 2 ;;
	--parts) parts=1; shift ;;
	--modes) pick=${2:?--modes needs a list (off,on,onb,smart,power,meter,noacct)}; shift 2 ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	--results) res=${2:?--results needs a directory}; shift 2 ;;
	*) die "bench-sampler.sh: unknown option $1" ;;
	esac
done
command -v jq >/dev/null || die "jq is missing (run: sh scripts/deps.sh vm)"
if [ -z "$res" ]; then
	(cd "$ROOT" && sh scripts/deps.sh vm) || die "missing Debian packages (scripts/deps.sh vm)"
	[ -f "${SSDQ_SO:-$ROOT/build/ssdq.so}" ] || die "${SSDQ_SO:-$ROOT/build/ssdq.so} is missing (run make)"
	mkdir -p "$out"
	l0=$(cut -d' ' -f1-3 /proc/loadavg) q0=$(pgrep -c qemu-system || true)
	SSDQ_VM_APPEND="ssdq.bench_sampler_runtime=$rt ssdq.bench_reps=$reps ssdq.bench_sampler_parts=$parts${pick:+ ssdq.bench_sampler_modes=$pick}" \
		sh "$VM/boot.sh" --scenarios bench-sampler --out "$out" \
		--scenario-timeout $((reps * 12 * (rt + 12) + 3 * rt + 120)) \
		--timeout $((reps * 12 * (rt + 12) + 3 * rt + 300)) >&2
	echo "load average $l0 before, $(cut -d' ' -f1-3 /proc/loadavg) after, on $(nproc) CPUs;" \
		"$q0 other QEMU processes at the start" >"$out/host-load"
	res=$out
fi
R=$res/bench-sampler
[ -d "$R" ] || die "no $R (did the VM run bench-sampler?)"
if [ -f "$R/no-meter" ]; then
	echo "bench-sampler: $(cat "$R/no-meter")"
	exit 1
fi
read -r rt reps modes <"$R/params" 2>/dev/null || die "$R/params is missing: the bench did not start"

# iops NAME: read IOPS of fio's JSON, or nothing
iops() {
	awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$R/$1.json" 2>/dev/null |
		jq -r '.jobs[0] | select(.error == 0 and .read.total_ios > 0) | .read.iops' 2>/dev/null
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# med QD MODE: median IOPS of that mode's runs; runs QD MODE: each run's IOPS
runs() { r=1; while [ $r -le "$reps" ]; do printf '%s ' "$(iops "qd$1-$2-$r" | awk '{ printf "%.0f", $1 }')"; r=$((r + 1)); done; }
med() { runs "$1" "$2" | tr ' ' '\n' | grep . | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || a == 0) print "n/a"; else printf "%.3f", b / a }'; }

# paired QD MODE [BASE]: "median min max" of MODE / BASE (off) within each rep
paired() {
	r=1
	while [ $r -le "$reps" ]; do
		a=$(iops "qd$1-${3:-off}-$r") b=$(iops "qd$1-$2-$r")
		[ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f\n", b / a }'
		r=$((r + 1))
	done | sort -g | awk '{ v[NR] = $1 } END { if (!NR) { print "n/a"; exit }
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.3f (%.2f-%.2f)\n", m, v[1], v[NR] }'
}
has_mode() { case " $modes " in *" $1 "*) return 0 ;; esac; return 1; }

echo "Sampler overhead: 4 KiB random reads through ssdq on QEMU's emulated NVMe (TCG, 2 vCPUs),"
echo "$reps interleaved runs of $rt s per mode. off = no sampler; on = SMART every 100 ms + power at"
echo "1 kHz from a cmd: source (ssdq-test-meter writing a reading every 1 ms, stamped on arrival);"
echo "on, block meter = the same with the meter writing 10 self-stamped readings every 10 ms."
echo "Ratios: of the medians, and the median (min-max) of each rep's mode / off pair."
[ -f "$res/host-load" ] && echo "Host: $(cat "$res/host-load")."
echo
hdr="| QD | IOPS off | IOPS on | on / off (medians) | on / off paired | goal >= 0.99 | on, block meter / off paired |"
sep="|---:|---:|---:|---:|---:|---|---:|"
if has_mode smart; then
	hdr="$hdr SMART 10 Hz only / off | power 1 kHz only / off | meter process alone / off |"
	sep="$sep---:|---:|---:|"
fi
# goal "MEDIAN (MIN-MAX)": met when the median is at least 0.99
goal() { case $1 in n/a) echo n/a ;; *) awk -v r="${1%% *}" 'BEGIN { print (r >= 0.99) ? "met" : "**not met**" }' ;; esac; }
if has_mode on; then
	echo "$hdr"
	echo "$sep"
	for qd in 1 32; do
		o=$(med $qd off) n=$(med $qd on)
		rr=$(ratio "$o" "$n") pr=$(paired $qd on)
		row=$(printf '| %s | %s | %s | %s | %s | %s | %s |' $qd "$(printf %.0f "${o:-0}")" \
			"$(printf %.0f "${n:-0}")" "$rr" "$pr" "$(goal "$pr")" "$(paired $qd onb)")
		if has_mode smart; then
			row="$row $(paired $qd smart) | $(paired $qd power) | $(paired $qd meter) |"
		fi
		echo "$row"
	done
fi
if has_mode noacct; then
	echo
	echo "The engine's progress account (issue 23): off (no sampler, the account on as by default)"
	echo "against noacct (ssdq_account=0)."
	echo
	echo "| QD | IOPS without | IOPS with | with / without (medians) | with / without paired | goal >= 0.99 |"
	echo "|---:|---:|---:|---:|---:|---|"
	for qd in 1 32; do
		o=$(med $qd noacct) n=$(med $qd off) pr=$(paired $qd off noacct)
		printf '| %s | %s | %s | %s | %s | %s |\n' $qd "$(printf %.0f "${o:-0}")" "$(printf %.0f "${n:-0}")" \
			"$(ratio "$o" "$n")" "$pr" "$(goal "$pr")"
	done
fi
echo
echo "Each run's IOPS (rep 1, 2, ...):"
echo
for qd in 1 32; do
	for m in $modes; do echo "- QD$qd $m: $(runs $qd $m)"; done
done

# jitter T_MS LOG...: "intervals lines missing p99 max" of |dt - T| over
# consecutive lines of each log (pooled); missing = periods without a line
jitter() {
	_t=$1; shift
	for _f in "$@"; do
		[ -s "$_f" ] && awk -F, -v T="$_t" 'NR > 1 { d = $1 - p; print d } { p = $1 }' "$_f"
	done | awk -v T="$_t" '{ d = $1; j = d - T; if (j < 0) j = -j; print j, d }' | sort -g |
		awk -v T="$_t" '{ j[NR] = $1; if ($2 > max) max = $2; k = int($2 / T + 0.5); if (k > 1) miss += k - 1 }
			END { if (!NR) { print "0 0 0 - -"; exit }
				i = int(NR * 0.99); if (i < NR * 0.99) i++; if (i < 1) i = 1
				printf "%d %d %d %g %d\n", NR, NR + 1, miss, j[i], max }'
}
echo
echo "Power sample-interval jitter, from the power log's timestamps (integer ms, fio's log"
echo "format): dt between consecutive lines, jitter = |dt - T|. At 1 kHz a line falls in each"
echo "1 ms bucket, so jitter shows only as periods without a line (missing). 2 Hz: one QD1"
echo "run of $((3 * rt)) s; 1 kHz: the on (and power) runs above, pooled (arrival-stamped"
echo "readings: the sampler's own timing; the block meter's lines carry the meter's times)."
echo
echo "| rate | intervals | periods without a line | jitter p99 (ms) | p99 / period | largest dt (ms) |"
echo "|---|---:|---:|---:|---:|---:|"
# shellcheck disable=SC2046 # figures, split on purpose
set -- $(jitter 500 "$R/jitter-2hz_power.1.log")
awk -v n="$1" -v m="$3" -v p="$4" -v x="$5" 'BEGIN {
	if (n == 0) { print "| 2 Hz | no result | | | | |"; exit }
	printf "| 2 Hz | %d | %d | %g | %.2f%% | %d |\n", n, m, p, p / 500 * 100, x }'
# shellcheck disable=SC2046 # figures, split on purpose
set -- $(jitter 1 "$R"/qd*-on-*_power.1.log "$R"/qd*-power-*_power.1.log)
awk -v n="$1" -v m="$3" -v p="$4" -v x="$5" 'BEGIN {
	if (n == 0) { print "| 1 kHz | no result | | | | |"; exit }
	printf "| 1 kHz | %d | %d (%.1f%%) | %g | %.0f%% | %d |\n", n, m, m / (n + m) * 100, p, p * 100, x }'
