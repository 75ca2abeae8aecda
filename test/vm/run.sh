#!/bin/sh
# The QEMU test bed as `make check` runs it: deps, kernel, initramfs, one
# boot with every scenario, then checks/NAME.sh on the host for each
# scenarios/NAME.sh. Ends with "N passed, N failed[, N skipped]".
# env: SSDQ_VM_SCENARIOS=a,b (subset), SSDQ_VM_OUT=DIR, SSDQ_SO, SSDQ_VM_TIMEOUT (s; default the scenarios' limits summed)
set -eu
. "$(dirname "$0")/host-lib.sh"
out=${SSDQ_VM_OUT:-$VMDIR/results}
p=0 f=0 s=0
total() {
	if [ $s -gt 0 ]; then echo "$p passed, $f failed, $s skipped"; else echo "$p passed, $f failed"; fi
	[ $f = 0 ]
}
if ! (cd "$ROOT" && sh scripts/deps.sh vm); then
	echo "FAIL: test/vm: Debian packages for the VM are missing (scripts/deps.sh vm)"
	f=1; total; exit 1
fi

if [ -n "${SSDQ_VM_SCENARIOS:-}" ]; then
	list=$(echo "$SSDQ_VM_SCENARIOS" | tr ',' ' ')
else
	list=$(cd "$VM/scenarios" && ls *.sh | sed 's/\.sh$//')
fi
# 40-suites' check compares the guest's consumer suite with the same suite
# on the drive model: that runs here while the guest runs
model=
tmp=$(mktemp); trap 'rm -f "$tmp"; [ -z "$model" ] || rm -rf "$model"' EXIT
case " $(echo $list) " in *" 40-suites "*)
	model=$(mktemp -d)
	sh "$VM/model-suite.sh" "$model" &
	model_pid=$!
	;;
esac
booted=1
# Limits that catch a hang, not a busy host: under TCG a loaded 2-core host
# runs the guest ten times slower (10-rw-verify: 712 s at load average 12,
# about 60 s idle; 40-suites: 634 s at load 9). 1800 s a scenario; boot.sh
# stops a guest whose console is silent for 2100 s; its overall limit is
# the sum of the scenarios' (or SSDQ_VM_TIMEOUT s).
sh "$VM/boot.sh" --scenarios "$(echo $list | tr ' ' ',')" --out "$out" --scenario-timeout 1800 \
	--timeout "${SSDQ_VM_TIMEOUT:-0}" || booted=0

if [ -n "$model" ]; then
	wait "$model_pid" || true	# its status is in $model/rc
	export SSDQ_VM_MODEL_RUN="$model"
fi
count() { # FILE: print its verdict lines, add them up
	cat "$1"
	p=$((p + $(grep -c '^PASS: ' "$1" || true)))
	f=$((f + $(grep -c '^FAIL: ' "$1" || true)))
	s=$((s + $(grep -c '^SKIP: ' "$1" || true)))
}
for name in $list; do
	{
		if [ $booted = 0 ]; then
			echo "FAIL: $name: the VM returned no results (see $out/console.log)"
		elif [ ! -f "$VM/checks/$name.sh" ]; then
			echo "FAIL: $name: test/vm/checks/$name.sh is missing"
		else
			sh "$VM/checks/$name.sh" "$out/$name" 2>&1 | grep -E '^(PASS|FAIL|SKIP): ' |
				sed "s/^\(PASS\|FAIL\|SKIP\): /\1: $name: /" || true
			rc=$(cat "$out/$name/exit-code" 2>/dev/null || echo none)
			if [ "$rc" = 0 ]; then echo "PASS: $name: scenario script exited 0"
			else echo "FAIL: $name: scenario script exit status $rc (see $out/$name/stderr)"; fi
		fi
	} >"$tmp"
	grep -q '^\(PASS\|FAIL\): ' "$tmp" || echo "FAIL: $name: the check asserted nothing" >>"$tmp"
	count "$tmp"
done

if [ $booted = 1 ]; then
	bad=$(grep -E 'BUG:|WARNING:|Oops|general protection|Call Trace' "$out/dmesg.txt" | head -n 3 || true)
	if [ -z "$bad" ]; then echo "PASS: guest kernel log has no BUG, WARNING or Oops" >"$tmp"
	else echo "FAIL: guest kernel log: $bad" >"$tmp"; fi
	count "$tmp"
fi
total
