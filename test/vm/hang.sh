#!/bin/sh
# test/vm/boot.sh's hang watchdog: a guest paused over QMP in the middle of a
# scenario (10-rw-verify, a minute or more of I/O) stops writing to its
# console; boot.sh, run with --quiet 15, must stop QEMU, name the scenario
# that was running, and leave no QEMU behind. One short boot (about a
# minute); no check depends on the host's speed.
# usage: sh test/vm/hang.sh
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
command -v qemu-system-x86_64 >/dev/null || { echo "SKIP: no qemu-system-x86_64 (sh scripts/deps.sh vm)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
T=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-hang.XXXXXX")
out=$T/boot
trap 'rm -rf "$T"' EXIT
sh "$top/test/vm/boot.sh" --scenarios 00-boot,10-rw-verify --out "$out" --scenario-timeout 600 \
	--quiet 15 >"$T/boot.log" 2>&1 &
bpid=$!
# pause the guest once 10-rw-verify has started (the console says so)
n=0
while [ $n -lt 3000 ] && ! grep -qs '10-rw-verify: start' "$out/console.log"; do
	kill -0 $bpid 2>/dev/null || break
	sleep 0.2; n=$((n + 1))
done
if grep -qs '10-rw-verify: start' "$out/console.log"; then
	python3 "$top/test/vm/qmp.py" send "$out/qmp.sock" '{"execute":"stop"}' >"$T/qmp.log" 2>&1 &&
		pass "the guest paused in 10-rw-verify (QMP stop)" || fail "QMP stop: $(cat "$T/qmp.log")"
else
	fail "10-rw-verify never started: $(tail -n 5 "$T/boot.log")"
fi
wait $bpid
rc=$?
[ $rc != 0 ] && pass "boot.sh fails when the guest hangs (exit $rc)" || fail "boot.sh exit 0 with a hung guest"
grep -q "console was silent for 15 s" "$T/boot.log" &&
	pass "it says the console was silent for --quiet s" || fail "no watchdog message: $(tail -n 5 "$T/boot.log")"
grep -q "last scenario started: 10-rw-verify" "$T/boot.log" &&
	pass "and names the scenario that was running" || fail "scenario not named: $(grep silent "$T/boot.log")"
if pgrep -f "qemu-system-x86_64.*$out" >/dev/null; then
	fail "a QEMU of this boot is still running"; pkill -KILL -f "qemu-system-x86_64.*$out"
else
	pass "no QEMU of this boot is left"
fi
summary
