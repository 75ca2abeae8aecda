# How fio finds ssdq.so.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
for n in abs ext-in-libdir bare; do
	fio_ok $n "$n: fio loaded the engine and ran"
	[ "$(bytes $n read)" = 1048576 ]; ok $? "$n: read 1 MiB" "read $(bytes $n read)"
done
for o in ssdq_sync ssdq_fixedbufs ssdq_sqpoll; do
	grep -q "^$o" "$R/enghelp.out"; ok $? "fio --enghelp=ssdq.so lists $o"
done
if [ "$(rc_of ext-elsewhere)" = 0 ]; then
	pass "ext-elsewhere: external:ssdq.so loads from any directory"
elif err_has ext-elsewhere 'invalid external ioengine path'; then
	skip "ext-elsewhere: this fio resolves external:ssdq.so against the cwd only; use external:/path/ssdq.so or ioengine=ssdq.so"
else
	fail "ext-elsewhere: external:ssdq.so failed another way: $(first_err ext-elsewhere)"
fi
