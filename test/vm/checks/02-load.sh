# How fio finds ssdq.so.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
for n in abs ext-in-libdir bare ext-link; do
	fio_ok $n "$n: fio loaded the engine and ran"
	[ "$(bytes $n read)" = 1048576 ]; ok $? "$n: read 1 MiB" "read $(bytes $n read)"
done
for o in ssdq_sync ssdq_fixedbufs ssdq_sqpoll; do
	grep -q "^$o" "$R/enghelp.out"; ok $? "fio --enghelp=ssdq.so lists $o"
done
# fio 3.33 stat()s the path against the working directory first (README)
[ "$(rc_of ext-elsewhere)" != 0 ] && err_has ext-elsewhere 'invalid external ioengine path'
ok $? "ext-elsewhere: without ssdq.so in the working directory fio refuses the path, as the README says" \
	"exit $(rc_of ext-elsewhere): $(first_err ext-elsewhere)"
