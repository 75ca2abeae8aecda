#!/bin/sh
# make install and make uninstall into a DESTDIR: the engine under
# $(PREFIX)/lib (never a directory the distribution's packages own), the
# tools, pages and job library under PREFIX; uninstall leaves no file or link
# behind. Run from the top of a built tree.
. test/lib.sh

T=$(mktemp -d)
T_OUT=$T/out
trap 'rm -rf "$T"' EXIT
[ -f build/ssdq.so ] || { echo "SKIP: not built (make)"; exit 77; }
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory "$@"; }

D=$T/root
expect_rc 0 "make install DESTDIR=$D" mk install DESTDIR="$D"
[ -f "$D/usr/local/lib/ssdq.so" ] && pass "the engine in /usr/local/lib" ||
	fail "no $D/usr/local/lib/ssdq.so: $(find "$D" -name ssdq.so)"
if find "$D" -path "$D/usr/lib*" | grep -q .; then fail "something under /usr/lib: $(find "$D/usr/lib")"; else
	pass "nothing under /usr/lib"; fi
for f in bin/ssdq-run bin/ssdq-render bin/ssdq-report bin/ssdq-sample share/man/man1/ssdq-run.1 \
	share/ssdq/jobs/fill.fio; do
	[ -e "$D/usr/local/$f" ] && pass "installed: $f" || fail "not installed: $f"
done
[ "$(readlink "$D/usr/local/share/ssdq/ssdq.so")" = /usr/local/lib/ssdq.so ] &&
	pass "share/ssdq/ssdq.so links to /usr/local/lib/ssdq.so (without DESTDIR)" ||
	fail "share/ssdq/ssdq.so -> $(readlink "$D/usr/local/share/ssdq/ssdq.so")"
grep -q 'SSDQ_SO=${SSDQ_SO:-/usr/local/lib/ssdq.so}' "$D/usr/local/bin/ssdq-run" &&
	pass "the installed ssdq-run takes the installed engine by path" ||
	fail "ssdq-run wrapper: $(cat "$D/usr/local/bin/ssdq-run")"
grep -q '^Environment=LD_LIBRARY_PATH=/usr/local/lib$' "$D/etc/systemd/system/ssdq-fio-server.service" &&
	pass "the fio server's unit finds the engine by name" || fail "unit: $(grep Environment "$D/etc/systemd/system/ssdq-fio-server.service")"
expect_rc 0 "make uninstall DESTDIR=$D" mk uninstall DESTDIR="$D"
left=$(find "$D" ! -type d)
[ -z "$left" ] && pass "uninstall leaves no file or link behind" || fail "left behind: $left"

D=$T/opt
expect_rc 0 "make install PREFIX=/opt/ssdq DESTDIR=$D" mk install PREFIX=/opt/ssdq DESTDIR="$D"
[ -f "$D/opt/ssdq/lib/ssdq.so" ] && [ -x "$D/opt/ssdq/bin/ssdq-report" ] &&
	pass "PREFIX honoured" || fail "PREFIX: $(find "$D" ! -type d)"
expect_rc 0 "make uninstall PREFIX=/opt/ssdq DESTDIR=$D" mk uninstall PREFIX=/opt/ssdq DESTDIR="$D"
left=$(find "$D" ! -type d)
[ -z "$left" ] && pass "uninstall with PREFIX leaves nothing behind" || fail "left behind: $left"
summary
