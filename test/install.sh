#!/bin/sh
# make install and make uninstall into a DESTDIR: the engine in the
# multiarch system directory (where fio's external:ssdq.so finds it as
# written), or ENGINEDIR; the tools, pages and job library under PREFIX;
# uninstall leaves no file or link behind. Run from the top of a built tree.
. test/lib.sh

T=$(mktemp -d)
T_OUT=$T/out
trap 'rm -rf "$T"' EXIT
[ -f build/ssdq.so ] || { echo "SKIP: not built (make)"; exit 77; }
# SAN and B too: make check-asan exports them, and a sanitized build/ssdq.so
# would be left where fio loads the plain one
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u B make --no-print-directory "$@"; }

D=$T/root
expect_rc 0 "make install DESTDIR=$D" mk install DESTDIR="$D"
MA=/usr/lib/$(cc -print-multiarch)
[ -f "$D$MA/ssdq.so" ] && pass "the engine in $MA, where external:ssdq.so finds it" ||
	fail "no $D$MA/ssdq.so: $(find "$D" -name ssdq.so)"
[ "$(find "$D/usr/lib" ! -type d 2>/dev/null)" = "$D$MA/ssdq.so" ] &&
	pass "nothing else under /usr/lib" || fail "under /usr/lib: $(find "$D/usr/lib" ! -type d)"
for f in bin/ssdq-run bin/ssdq-render bin/ssdq-report bin/ssdq-pts bin/ssdq-db bin/ssdq-sample share/man/man1/ssdq-run.1 share/man/man1/ssdq-pts.1 \
	share/man/man1/ssdq-db.1 \
	share/ssdq/jobs/fill.fio; do
	[ -e "$D/usr/local/$f" ] && pass "installed: $f" || fail "not installed: $f"
done
[ "$(readlink "$D/usr/local/share/ssdq/ssdq.so")" = "$MA/ssdq.so" ] &&
	pass "share/ssdq/ssdq.so links to $MA/ssdq.so (without DESTDIR)" ||
	fail "share/ssdq/ssdq.so -> $(readlink "$D/usr/local/share/ssdq/ssdq.so")"
grep -q "SSDQ_SO=\${SSDQ_SO:-$MA/ssdq.so}" "$D/usr/local/bin/ssdq-run" &&
	pass "the installed ssdq-run takes the installed engine by path" ||
	fail "ssdq-run wrapper: $(cat "$D/usr/local/bin/ssdq-run")"
grep -q "^Environment=LD_LIBRARY_PATH=$MA\$" "$D/etc/systemd/system/ssdq-fio-server.service" &&
	pass "the fio server's unit finds the engine by name" || fail "unit: $(grep Environment "$D/etc/systemd/system/ssdq-fio-server.service")"
U=$D/etc/systemd/system/ssdq-fio-server.service
[ "$(sed -n 's/^ExecStart=//p' "$U")" = "/usr/local/bin/ssdq-fio-server --listen 127.0.0.1,8765" ] &&
	[ -x "$D/usr/local/bin/ssdq-fio-server" ] &&
	pass "the unit runs the installed ssdq-fio-server on the loopback only (127.0.0.1,8765)" ||
	fail "unit: $(grep ExecStart "$U")"
grep -q '^RuntimeDirectoryMode=0700$' "$U" && pass "the unit's /run/ssdq is root's alone (0700)" ||
	fail "unit: $(grep RuntimeDirectory "$U")"

# ssdq-fio-server: what it asks fio for (SSDQ_FIO="echo" prints it), and its refusals
S=$D/usr/local/bin/ssdq-fio-server
[ "$(SSDQ_FIO="echo" sh "$S" 2>/dev/null)" = "--server=127.0.0.1,8765" ] &&
	pass "ssdq-fio-server: fio --server=127.0.0.1,8765 by default" || fail "ssdq-fio-server: $(SSDQ_FIO="echo" sh "$S" 2>&1)"
SSDQ_FIO="echo" sh "$S" --listen 0.0.0.0,8765 >"$T/o" 2>"$T/e"
rc=$?
[ $rc = 2 ] && [ ! -s "$T/o" ] && grep -q 'open to the network.*--open-tcp' "$T/e" &&
	pass "ssdq-fio-server: 0.0.0.0 refused without --open-tcp (exit 2, said)" || fail "0.0.0.0 without --open-tcp: exit $rc, $(cat "$T/o" "$T/e")"
SSDQ_FIO="echo" sh "$S" --listen 0.0.0.0,8765 --open-tcp >"$T/o" 2>"$T/e"
[ "$(cat "$T/o")" = "--server=0.0.0.0,8765" ] && grep -q 'WARNING: --open-tcp: .*anyone who connects' "$T/e" &&
	pass "ssdq-fio-server --open-tcp: listens on 0.0.0.0, warned in its log" || fail "--open-tcp: $(cat "$T/o" "$T/e")"
mkdir -p "$T/run" && chmod 0755 "$T/run"
SSDQ_FIO="echo" sh "$S" --socket "$T/run/fio.sock" >"$T/o" 2>"$T/e"
rc=$?
[ $rc = 2 ] && grep -q 'mode 755: others could connect' "$T/e" &&
	pass "ssdq-fio-server --socket: a directory others may enter refused" || fail "--socket in 0755: exit $rc, $(cat "$T/o" "$T/e")"
chmod 0700 "$T/run"
[ "$(SSDQ_FIO="echo" sh "$S" --socket "$T/run/fio.sock" 2>/dev/null)" = "--server=sock:$T/run/fio.sock" ] &&
	pass "ssdq-fio-server --socket in a 0700 directory: fio --server=sock:PATH" || fail "--socket: $(SSDQ_FIO="echo" sh "$S" --socket "$T/run/fio.sock" 2>&1)"

expect_rc 0 "make uninstall DESTDIR=$D" mk uninstall DESTDIR="$D"
left=$(find "$D" ! -type d)
[ -z "$left" ] && pass "uninstall leaves no file or link behind" || fail "left behind: $left"

D=$T/opt
expect_rc 0 "make install PREFIX=/opt/ssdq ENGINEDIR=/opt/ssdq/lib DESTDIR=$D" mk install PREFIX=/opt/ssdq ENGINEDIR=/opt/ssdq/lib DESTDIR="$D"
[ -f "$D/opt/ssdq/lib/ssdq.so" ] && [ -x "$D/opt/ssdq/bin/ssdq-report" ] &&
	pass "PREFIX and ENGINEDIR honoured" || fail "PREFIX: $(find "$D" ! -type d)"
expect_rc 0 "make uninstall PREFIX=/opt/ssdq ENGINEDIR=/opt/ssdq/lib DESTDIR=$D" mk uninstall PREFIX=/opt/ssdq ENGINEDIR=/opt/ssdq/lib DESTDIR="$D"
left=$(find "$D" ! -type d)
[ -z "$left" ] && pass "uninstall with PREFIX leaves nothing behind" || fail "left behind: $left"
summary
