#!/bin/sh
# The build acts on nothing but build/: in a copy of the source tree, `make
# -n`, `make -q` and `make clean` write nothing outside build/ and run no
# apt-get or configure; `make FIO_SRC=TREE` (the command the engine's fio
# version refusal prints) configures TREE and compiles against it, as does
# FIO_SRC=TREE in the environment. The layers (common, nvme, power, model,
# engine) are the build's: a file that includes a header of a layer above
# its own does not compile. Needs a configured build/fio.conf (make).
top=$(cd "$(dirname "$0")/.." && pwd)
# the make this runs is not a sub-make of the one that may run this test
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
. "$top/test/lib.sh"
conf=$top/build/fio.conf
[ -f "$conf" ] || { echo "SKIP: no $conf (run make first)"; exit 77; }
fiosrc=$(sed -n 's/^FIO_SRC=//p' "$conf")
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-build.XXXXXX")
trap 'rm -rf "$W" "$T_OUT"' EXIT

mkdir -p "$W/src"
(cd "$top" && git ls-files -z 2>/dev/null | xargs -0 cp --parents -t "$W/src" 2>/dev/null) ||
	(cd "$top" && tar cf - --exclude=./build --exclude=./.git . | tar xf - -C "$W/src")
S=$W/src
mkdir -p "$S/build" && cp "$conf" "$S/build/fio.conf"
touch "$W/stamp"
sleep 1

# newer PATH...: files changed since the stamp, outside build/
changed() { find "$@" -newer "$W/stamp" ! -path "$S/build/*" ! -path "$S/build" -print 2>/dev/null | head -n 5; }
for goal in "-n" "-q" "-n check" "-n demo" "-n install" "clean"; do
	# shellcheck disable=SC2086 # make's flags and goal
	(cd "$S" && make $goal) >"$T_OUT" 2>&1
	c=$(changed "$S" /etc/apt "$fiosrc")
	[ -z "$c" ] && pass "make $goal writes nothing outside build/" || fail "make $goal changed: $c"
	if grep -q 'ssdq: installing\|running fio.s ./configure\|fetching fio' "$T_OUT"; then
		fail "make $goal acted on the machine: $(grep 'ssdq:' "$T_OUT" | head -n 2)"
	else
		pass "make $goal installs, fetches and configures nothing"
	fi
done
(cd "$S" && make -n all) >"$T_OUT" 2>&1
if grep -q 'apt-get\|deps\.sh' "$T_OUT"; then fail "make -n would run apt-get"; else pass "make (all) would run no apt-get"; fi

# a fio tree of one's own, not configured yet
mkdir -p "$W/fio"
(cd "$fiosrc" && tar cf - --exclude=config-host.h --exclude=config-host.mak --exclude='*.o' --exclude='*.d' . ) |
	(cd "$W/fio" && tar xf -)
expect_rc 0 "make FIO_SRC=TREE on the command line builds the engine's core" \
	sh -c "cd '$S' && make FIO_SRC='$W/fio' build/engine/ssdq.o"
[ -f "$W/fio/config-host.h" ] && pass "make FIO_SRC=TREE ran fio's ./configure in TREE" ||
	fail "no config-host.h in the FIO_SRC tree"
grep -qx "FIO_SRC=$W/fio" "$S/build/fio.conf" && pass "build/fio.conf records the tree" ||
	fail "build/fio.conf: $(cat "$S/build/fio.conf")"
grep -q "$W/fio/config-host.h" "$S/build/engine/ssdq.d" && pass "the engine compiled against the tree's config-host.h" ||
	fail "build/engine/ssdq.d names no $W/fio/config-host.h"
expect_rc 0 "FIO_SRC=TREE in the environment: nothing left to do" \
	sh -c "cd '$S' && FIO_SRC='$W/fio' make -q build/engine/ssdq.o"
expect_rc 0 "back to the configured tree rebuilds against it" \
	sh -c "cd '$S' && make FIO_SRC='$fiosrc' build/engine/ssdq.o"
grep -q "$fiosrc/config-host.h" "$S/build/engine/ssdq.d" && pass "and the object follows it" ||
	fail "build/engine/ssdq.d still names another tree"
# the version header is written only when the version changes, so a built
# object that includes it is up to date for make -q
expect_rc 0 "an object including the version header builds" sh -c "cd '$S' && make build/common/device_json.o"
expect_rc 0 "and make -q then finds it up to date" sh -c "cd '$S' && make -q build/common/device_json.o"
expect_rc 2 "a FIO_SRC that holds no fio is refused" sh -c "cd '$S' && make FIO_SRC=/nonexistent build/engine/ssdq.o"
expect_out "FIO_SRC=/nonexistent: no such directory" "the refusal names the variable and the path"

# a fio built from git: FIO-VERSION-FILE holds fio's own version string,
# which the engine compares with fio_version_string; the release is its tag's
echo 'FIO_VERSION = fio-3.33-5-gabcd' >"$W/fio/FIO-VERSION-FILE"
expect_rc 0 "a built fio tree from git configures" sh -c "cd '$S' && make FIO_SRC='$W/fio' build/fio.conf"
grep -qx "FIO_VERSION=fio-3.33-5-gabcd" "$S/build/fio.conf" && pass "its FIO-VERSION-FILE gives FIO_VERSION" ||
	fail "build/fio.conf: $(cat "$S/build/fio.conf")"
grep -qx "FIO_RELEASE=333" "$S/build/fio.conf" && pass "and FIO_RELEASE is the release's (engine/fio_compat.h)" ||
	fail "build/fio.conf: $(cat "$S/build/fio.conf")"
rm -f "$W/fio/FIO-VERSION-FILE"
sed -i 's/^DEF_VER=.*/DEF_VER=fio-3.24/' "$W/fio/FIO-VERSION-GEN"
ln -s "$W/fio" "$W/fio-3.24"
expect_rc 2 "a fio before 3.25 is refused" sh -c "cd '$S' && make FIO_SRC='$W/fio-3.24' build/fio.conf"
expect_out "fio-3.24; ssdq needs fio 3.25 or newer" "the refusal names the release and the oldest supported"
# the layers: an include that climbs fails, naming the header it cannot find
for pair in common:nvme_ns.h nvme:sampler.h power:model.h power:ssdq.h model:ssdq.h; do
	dir=${pair%%:*} hdr=${pair#*:}
	printf '#include "%s"\n' "$hdr" >"$S/$dir/zz_climb.c"
	(cd "$S" && make "build/$dir/zz_climb.o") >"$T_OUT" 2>&1 &&
		fail "$dir/ compiles with an include of $hdr" ||
		expect_out "$hdr: No such file" "$dir/ may not include $hdr (a layer above it)"
	rm -f "$S/$dir/zz_climb.c"
done
# calls SYMS: the pairs "USER DEFINER" between two modules, from SYMS' lines
# "D NAME MODULE" (MODULE defines NAME) and "U NAME MODULE" (MODULE uses it)
calls() {
	awk '$1 == "D" { d[$2] = $3 } $1 == "U" { u[$2 " " $3] = 1 }
	     END { for (k in u) { split(k, a, " "); if ((a[1] in d) && d[a[1]] != a[2]) print a[2], d[a[1]] } }' \
		"$1" | sort -u
}
# in_layers WHAT SYMS MIN: WHAT (files) use each other at least MIN times
# (calls), in layers: tsort finds no circle
in_layers() {
	calls "$2" >"$2.calls"
	n=$(wc -l <"$2.calls")
	[ "$n" -ge "$3" ] && pass "$1 use each other ($n pairs)" || fail "only $n uses between $1 found"
	if tsort "$2.calls" >/dev/null 2>"$2.loop"; then
		pass "$1 use each other in layers, without a circle"
	else
		fail "$1 use each other in a circle: $(sed -n 's/^tsort: //p' "$2.loop" | grep -v loop | tr '\n' ' ')"
	fi
}
# nm_syms OBJ...: SYMS lines of objects, each object a module
nm_syms() {
	for o; do
		nm "$o" | awk -v m="$(basename "$o" .o)" '$2 == "T" { print "D", $3, m } $1 == "U" { print "U", $2, m }'
	done
}
# the engine's files: who calls whom, from the built objects (a module is
# engine/X.c; an edge, a function X.o uses that another engine object
# defines): no circle, and each function an engine header declares is defined
# in the file of that name or one the header names
objs=
for c in "$top"/engine/*.c; do
	o=$top/build/engine/$(basename "$c" .c).o
	[ -f "$o" ] && objs="$objs $o"
done
if [ -z "$objs" ]; then
	fail "no engine objects in $top/build/engine (make)"
else
	# shellcheck disable=SC2086 # the object list
	nm_syms $objs >"$W/syms"
	in_layers "the engine's files" "$W/syms" 40
	for h in "$top"/engine/*.h; do
		b=$(basename "$h" .h)
		for f in $(grep -E '^[a-z]' "$h" | grep -v '^static' | grep -oE '[a-z0-9_]+\(' | tr -d '('); do
			d=$(awk -v s="$f" '$1 == "D" && $2 == s { print $3 }' "$W/syms")
			[ -n "$d" ] || continue # a macro's or a fio's name
			if [ "$d" = "$b" ] || grep -q "[ (]$d\.c[,;) ]" "$h"; then
				pass "engine/$b.h: $f is defined in engine/$d.c"
			else
				fail "engine/$b.h declares $f, defined in engine/$d.c, which it does not name"
			fi
		done
	done
fi
# the runner's files (jobs/ssdq-run and its parts, jobs/run/): each function
# defined once, the files calling each other in layers (an edge: a file
# uses a function another defines), no eval, no file-wide shellcheck disable
R="$top/jobs/ssdq-run $top/jobs/run/*.sh"
# shellcheck disable=SC2086 # the file list
for f in $R; do
	m=$(basename "$f" .sh)
	sed -n 's/^\([a-z_][a-z_0-9]*\)() *{.*/\1/p' "$f" | sed "s/\$/ $m/; s/^/D /"
	sed 's/#.*//' "$f" | grep -oE '[a-z_][a-z_0-9]*' | sort -u | sed "s/\$/ $m/; s/^/U /"
done >"$W/rsyms"
dups=$(awk '$1 == "D" { print $2 }' "$W/rsyms" | sort | uniq -d | tr '\n' ' ')
[ -z "$dups" ] && pass "every function of the runner is defined once" || fail "runner functions defined twice: $dups"
in_layers "the runner's files" "$W/rsyms" 20
# shellcheck disable=SC2086 # the file list
ev=$(grep -n 'eval' $R | grep -v ':[[:space:]]*#' | head -n 3)
[ -z "$ev" ] && pass "the runner runs no eval" || fail "the runner runs eval: $ev"
# (a directive among a file's first comment lines, before any command, holds for all of it)
# shellcheck disable=SC2086 # the file list
fw=$(for f in $R; do awk '!/^#/ { exit } /^# shellcheck .*disable=/ { print FILENAME; exit }' "$f"; done | tr '\n' ' ')
[ -z "$fw" ] && pass "no runner file turns a shellcheck check off for the whole file" || fail "file-wide shellcheck disable in: $fw"
n=$(awk '/^set -u/ { f = 1 } f' "$top/jobs/ssdq-run" | wc -l)
[ "$n" -le 300 ] && pass "ssdq-run's options and main flow: $n lines (at most 300)" ||
	fail "ssdq-run's options and main flow: $n lines, more than 300"
# a circle is found: two engine objects that call each other
printf 'int zz_b(void);\nint zz_a(void) { return zz_b(); }\n' >"$W/zz_a.c"
printf 'int zz_a(void);\nint zz_b(void) { return zz_a(); }\n' >"$W/zz_b.c"
if (cd "$W" && cc -c zz_a.c zz_b.c) && nm_syms "$W/zz_a.o" "$W/zz_b.o" >"$W/syms2" &&
	calls "$W/syms2" >"$W/calls2" && [ "$(wc -l <"$W/calls2")" = 2 ]; then
	tsort "$W/calls2" >/dev/null 2>&1 && fail "the circle check misses two files calling each other" ||
		pass "the circle check finds two files calling each other"
else
	fail "two files calling each other: no calls found ($(cat "$W/calls2" 2>/dev/null))"
fi
printf '#include "nvme_ns.h"\n#include "util.h"\nint zz_down;\n' >"$S/power/zz_down.c"
expect_rc 0 "power/ includes nvme/ and common/ headers (the layers below it)" \
	sh -c "cd '$S' && make build/power/zz_down.o"
rm -f "$S/power/zz_down.c"
summary
