#!/bin/sh
# The configure step: prepares a configured fio source tree matching the fio
# on PATH and writes its description for the build.
# usage: scripts/fio-src.sh BUILD_DIR OUT   (OUT: the file to write, e.g. build/fio.conf)
#
# OUT gets three lines, FIO_SRC=<tree>, FIO_VERSION=<fio-x.y> (fio's version
# string) and FIO_RELEASE=<x*100+y> (engine/fio_compat.h), and is only
# rewritten when they change, so a configured build stays up to date.
#
# The tree is FIO_SRC when set, else BUILD_DIR/fio-src/fio-<ver> from
# `apt-get source fio` (downloaded into BUILD_DIR; the deb-src entry it
# needs is added by `make deps`, never here). fio's ./configure runs in the
# tree when it has no config-host.h, so config-host.h describes the same
# features (libaio, libnuma, rdma) Debian's fio was built with: struct
# thread_data and struct io_u change layout with them. Nothing outside
# BUILD_DIR and the tree is written.
set -eu
build=${1:?usage: $0 BUILD_DIR OUT}
out=${2:?usage: $0 BUILD_DIR OUT}

ver=$(fio --version 2>/dev/null) || { echo "ssdq: fio is not on PATH (make deps installs it)" >&2; exit 1; }
ver=${ver#fio-}

if [ -n "${FIO_SRC:-}" ]; then
	src=$(cd "$FIO_SRC" 2>/dev/null && pwd) || { echo "ssdq: FIO_SRC=$FIO_SRC: no such directory" >&2; exit 1; }
	[ -f "$src/fio.h" ] || { echo "ssdq: FIO_SRC=$FIO_SRC holds no fio source (no fio.h)" >&2; exit 1; }
else
	mkdir -p "$build/fio-src"
	src=$(cd "$build/fio-src" && pwd)/fio-$ver
	if [ ! -f "$src/fio.h" ]; then
		pkgver=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) ||
			{ echo "ssdq: fio on PATH is not Debian's; build with FIO_SRC=/path/to/fio-$ver" \
			       "(fio's git tag fio-$ver or its release tarball, configured and built:" \
			       "docs/fio-versions.md)" >&2; exit 1; }
		echo "ssdq: fetching fio $pkgver's source into $build/fio-src (apt-get source)" >&2
		if ! (cd "$build/fio-src" && apt-get source --download-only "fio=$pkgver" >source.log 2>&1); then
			echo "ssdq: apt-get source fio=$pkgver failed (see $build/fio-src/source.log);" \
			     "run make deps as root to add a deb-src entry, or build with FIO_SRC=/path/to/fio-$ver" >&2
			exit 1
		fi
		(cd "$build/fio-src" && rm -rf "fio-$ver" && dpkg-source -x --no-check ./fio_*.dsc "fio-$ver" >/dev/null)
	fi
fi

# fio's own version string: a built tree's FIO-VERSION-FILE (a fio from git
# says "fio-3.42-12-gabcd" there), else the release the tree names
fver=$(sed -n 's/^FIO_VERSION = //p' "$src/FIO-VERSION-FILE" 2>/dev/null) || fver=
[ -n "$fver" ] || fver=$(sed -n 's/^DEF_VER=//p' "$src/FIO-VERSION-GEN")
release=$(echo "$fver" | sed -n 's/^fio-\([0-9]*\)\.\([0-9]*\).*$/\1 \2/p')
[ -n "$release" ] || { echo "ssdq: cannot read a fio release from '$fver' ($src/FIO-VERSION-GEN)" >&2; exit 1; }
# shellcheck disable=SC2086 # major and minor
release=$(printf '%d%02d' $release)
if [ "$release" -lt 325 ]; then
	echo "ssdq: $src is $fver; ssdq needs fio 3.25 or newer (docs/fio-versions.md)" >&2
	exit 1
fi

if [ "${fver#fio-}" != "$ver" ]; then
	echo "ssdq: warning: building against $fver in $src; the fio on PATH is fio-$ver" \
	     "and the engine will refuse to run in it" >&2
fi
if [ ! -f "$src/config-host.h" ]; then
	echo "ssdq: running fio's ./configure in $src" >&2
	(cd "$src" && ./configure >config.log.ssdq 2>&1) ||
		{ echo "ssdq: fio ./configure failed in $src (see $src/config.log.ssdq)" >&2; exit 1; }
fi
for c in CONFIG_LIBAIO CONFIG_LIBNUMA; do
	if ldd "$(command -v fio)" | grep -q "$(echo $c | sed 's/CONFIG_LIB/lib/;y/AIONUM/aionum/')" &&
	   ! grep -q "#define $c\$" "$src/config-host.h"; then
		echo "ssdq: $src/config-host.h lacks $c but the installed fio has it;" \
		     "install the -dev package (make deps) and remove config-host.h to reconfigure" >&2
		exit 1
	fi
done

mkdir -p "$(dirname "$out")"
printf 'FIO_SRC=%s\nFIO_VERSION=%s\nFIO_RELEASE=%s\n' "$src" "$fver" "$release" >"$out.tmp"
if cmp -s "$out.tmp" "$out"; then rm -f "$out.tmp"; else mv "$out.tmp" "$out"; fi
