#!/bin/sh
# QD1 pairs pinned to vCPUs (test/vm/bench/bench-qd1.sh): each engine runs at
# the same time as fio's io_uring_cmd, one on each vCPU, swapped every round.
# Markdown on stdout: per engine, the median over the rounds of its IOPS and
# CPU per I/O against the io_uring_cmd job beside it (IOPS counted over the
# time both ran: test/vm/bench/window.py); with --trace, QEMU logs the NVMe
# controller's doorbells and completions and test/vm/bench/nvme-phases.py
# splits each engine's QD1 I/O into the controller's time, the interrupt's
# and the guest's own. --extra FILE packs an engine variant (a scratch
# build of ssdq.so, say) as /opt/extra/BASENAME, named x-BASENAME in
# --engines. `make bench` runs it with --trace after bench.sh.
# usage: test/vm/bench-qd1.sh [--engines a,b] [--rounds N] [--runtime SECS]
#        [--trace] [--extra FILE]... [--out DIR]
# env: SSDQ_VM_APPEND adds to the guest's kernel command line
# (e.g. "clocksource=tsc tsc=reliable").
set -eu
. "$(dirname "$0")/host-lib.sh"
engines=ssdq,sync,ref rounds=6 rt=3 trace=0 extra='' out=$VMDIR/bench-qd1
while [ $# -gt 0 ]; do
	case $1 in
	--engines) engines=${2:?--engines needs a list}; shift 2 ;;
	--rounds) rounds=${2:?--rounds needs a count}; shift 2 ;;
	--runtime) rt=${2:?--runtime needs seconds}; shift 2 ;;
	--trace) trace=1; shift ;;
	--extra) [ -f "${2:?--extra needs a file}" ] || die "--extra: no file $2"
		extra="$extra $2"; shift 2 ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) die "bench-qd1.sh: unknown option $1" ;;
	esac
done
case $engines in *[!0-9A-Za-z_.,-]*) die "--engines: letters, digits and _ . , - only: $engines" ;; esac
(cd "$ROOT" && sh scripts/deps.sh vm) || die "missing Debian packages (scripts/deps.sh vm)"
[ -f "${SSDQ_SO:-$ROOT/build/ssdq.so}" ] || die "${SSDQ_SO:-$ROOT/build/ssdq.so} is missing (run make)"
npairs=$(($(echo "$engines" | tr ',' '\n' | grep -c .) * rounds))
rm -rf "$out.trace"
q=
if [ $trace = 1 ]; then
	mkdir -p "$out.trace"
	printf '%s\n' pci_nvme_mmio_doorbell_sq pci_nvme_enqueue_req_completion \
		pci_nvme_mmio_doorbell_cq >"$out.trace/events"
	q="-trace events=$out.trace/events -D $out.trace/nvme.log -msg timestamp=on"
fi
SSDQ_VM_EXTRA="${extra# }" SSDQ_VM_QEMU="$q" \
SSDQ_VM_APPEND="${SSDQ_VM_APPEND:-} ssdq.qd1_engines=$engines ssdq.qd1_rounds=$rounds ssdq.qd1_runtime=$rt" \
	sh "$VM/boot.sh" --scenarios bench-qd1 --out "$out" \
	--scenario-timeout $((npairs * (rt + 12) + 120)) --timeout $((npairs * (rt + 12) + 400)) >&2
R=$out/bench-qd1
[ -s "$R/pairs.txt" ] || die "no pairs ran (see $out/console.log and $R)"

# perio NAME: "iops cpu_us_per_io" of the job NAME's JSON
perio() {
	awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$R/$1.json" 2>/dev/null |
		jq -r '.jobs[0] | .read as $d | if .error != 0 or $d.total_ios == 0 then empty else
		"\($d.iops) \((.usr_cpu + .sys_cpu) / 100 * $d.runtime * 1000 / $d.total_ios)" end' 2>/dev/null
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "QD1 4 KiB random reads, each engine at the same time as io_uring_cmd, pinned to one vCPU"
echo "each (swapped every round), $rounds rounds of $rt s; ratios to the io_uring_cmd job beside it:"
echo "median (min–max, pairs). IOPS over the time both jobs ran."
echo
echo "| engine | IOPS ratio | CPU per I/O ratio | IOPS (engine / io_uring_cmd, medians) |"
echo "|---|---|---|---|"
for e in $(echo "$engines" | tr ',' ' '); do
	python3 "$VM/bench/window.py" "$R" "qd1-$e" "$e" >"$tmp/e"
	python3 "$VM/bench/window.py" "$R" "qd1-$e" anchor >"$tmp/a"
	: >"$tmp/c"
	for r in $(awk '{ print $1 }' "$tmp/e"); do
		pe=$(perio "qd1-$e-$e-r$r") pa=$(perio "qd1-$e-anchor-r$r")
		echo "$pe $pa" | awk 'NF == 4 && $4 > 0 { printf "%.4f\n", $2 / $4 }' >>"$tmp/c"
	done
	ri=$(awk 'FNR == NR { a[$1] = $2; next } ($1 in a) && $2 > 0 { printf "%.4f\n", a[$1] / $2 }' \
		"$tmp/e" "$tmp/a" | median_range)
	echo "| $e | $ri | $(median_range <"$tmp/c") |" \
		"$(awk '{ print $2 }' "$tmp/e" | median_range | cut -d' ' -f1) / $(awk '{ print $2 }' "$tmp/a" | median_range | cut -d' ' -f1) |"
done
python3 "$VM/bench/window.py" "$R" "qd1-$(echo "$engines" | cut -d, -f1)" --skew
if [ $trace = 1 ]; then
	echo
	echo "Where a QD1 I/O's time goes (QEMU's NVMe trace; medians; test/vm/bench/nvme-phases.py):"
	echo
	python3 "$VM/bench/nvme-phases.py" "$out.trace/nvme.log" "$R"
fi
