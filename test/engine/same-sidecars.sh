#!/bin/sh
# Behaviour unchanged: the sidecars and device.json of a model run of each
# suite, written by two engines, say the same (time stamps and what the
# run's timing decides aside: test/engine/sidecar_norm.py). For a change
# that means to move code and keep what it writes: the engine before it
# (--base REV, built from git in a scratch directory; or --base-so SO) and
# the one of this tree (SSDQ_SO, default build/ssdq.so).
# usage: sh test/engine/same-sidecars.sh --base REV|--base-so SO [--suite S]...
#        [--preset P] [--scale N]
# Runs each suite (default consumer, enterprise, pslc) once with each engine
# on the drive model (tlc-dramless-1tb, --scale 1000: a few minutes in all);
# exit 1 with the first lines that differ, 77 without python3 or fio.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: fio is not installed"; exit 77; }
base='' base_so='' suites='' preset=tlc-dramless-1tb scale=1000
while [ $# -gt 0 ]; do
	case $1 in
	--base) base=$2; shift 2 ;;
	--base-so) base_so=$2; shift 2 ;;
	--suite) suites="$suites $2"; shift 2 ;;
	--preset) preset=$2; shift 2 ;;
	--scale) scale=$2; shift 2 ;;
	*) echo "same-sidecars.sh: unknown option '$1' (usage: see the script's head)" >&2; exit 2 ;;
	esac
done
[ -n "$base$base_so" ] || { echo "same-sidecars.sh: give --base REV or --base-so SO" >&2; exit 2; }
suites=${suites:-consumer enterprise pslc}
new_so=${SSDQ_SO:-$top/build/ssdq.so}
[ -f "$new_so" ] || { echo "same-sidecars.sh: no engine at $new_so (make)" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-same.XXXXXX")
T_OUT=$T/out
trap 'rm -rf "$T"' EXIT

if [ -z "$base_so" ]; then
	fio_src=${FIO_SRC:-$(sed -n 's/^FIO_SRC=//p' "$top/build/fio.conf" 2>/dev/null)}
	mkdir -p "$T/base"
	if (cd "$top" && git archive "$base") | tar -x -C "$T/base" &&
		make -C "$T/base" FIO_SRC="$fio_src" build/ssdq.so >"$T/base.log" 2>&1; then
		pass "the engine of $base builds"
	else
		fail "the engine of $base does not build: $(tail -n 5 "$T/base.log")"; summary
	fi
	base_so=$T/base/build/ssdq.so
fi

for s in $suites; do
	for side in base new; do
		if [ $side = base ]; then so=$base_so; else so=$new_so; fi
		out=$T/$s/$side
		SSDQ_SO=$so sh "$top/jobs/ssdq-run" --suite "$s" --model "$preset" --scale "$scale" \
			--out "$out" --yes >"$T/$s.$side.log" 2>&1 ||
			fail "$s: ssdq-run with the $side engine failed: $(tail -n 3 "$T/$s.$side.log")"
		python3 "$top/test/engine/sidecar_norm.py" "$out" >"$T/$s.$side.norm"
	done
	n=$(grep -c '^== ' "$T/$s.new.norm")
	if [ "$n" -gt 0 ] && cmp -s "$T/$s.base.norm" "$T/$s.new.norm"; then
		pass "$s: the $n sidecars and device.json say the same with both engines"
	else
		fail "$s: the sidecars differ ($n files):"
		diff "$T/$s.base.norm" "$T/$s.new.norm" | cut -c1-300 | head -n 20 | sed 's/^/    /'
	fi
done
summary
