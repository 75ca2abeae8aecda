#!/bin/sh
# Prepares a configured fio source tree matching the fio on PATH and prints
# its path. usage: scripts/fio-src.sh BUILD_DIR
#
# The tree comes from FIO_SRC when set, else from `apt-get source fio`; a
# deb-src entry for the configured Debian suites is added when none exists.
# fio's ./configure runs there so config-host.h describes the same features
# (libaio, libnuma, rdma) Debian's fio was built with: struct thread_data and
# struct io_u change layout with them.
set -eu
build=${1:?usage: $0 BUILD_DIR}

ver=$(fio --version 2>/dev/null) || { echo "ssdq: fio is not on PATH" >&2; exit 1; }
ver=${ver#fio-}

if [ -n "${FIO_SRC:-}" ]; then
	src=$FIO_SRC
	[ -f "$src/fio.h" ] || { echo "ssdq: FIO_SRC=$src holds no fio source (no fio.h)" >&2; exit 1; }
else
	src=$build/fio-src/fio-$ver
	if [ ! -f "$src/fio.h" ]; then
		mkdir -p "$build/fio-src"
		if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
			if [ "$(id -u)" != 0 ]; then
				echo "ssdq: no deb-src entry in /etc/apt; add one or set FIO_SRC=/path/to/fio-$ver" >&2
				exit 1
			fi
			suites=$(sed -n 's/^Suites: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
			[ -n "$suites" ] || suites=$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")
			printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
				"$suites" > /etc/apt/sources.list.d/ssdq-deb-src.sources
			echo "ssdq: added deb-src entry /etc/apt/sources.list.d/ssdq-deb-src.sources" >&2
			apt-get update >/dev/null 2>&1 || true
		fi
		(cd "$build/fio-src" && apt-get source --download-only "fio=$(dpkg-query -W -f='${Version}' fio)" >/dev/null 2>&1 ||
			{ apt-get update >/dev/null 2>&1; apt-get source --download-only "fio=$(dpkg-query -W -f='${Version}' fio)" >&2; })
		(cd "$build/fio-src" && rm -rf "fio-$ver" && dpkg-source -x --no-check ./fio_*.dsc "fio-$ver" >/dev/null)
	fi
fi

have=$(sed -n 's/^.*fio-\([0-9][0-9.]*\).*$/\1/p' "$src/FIO-VERSION-GEN" | head -n 1)
if [ -n "$have" ] && [ "$have" != "$ver" ]; then
	echo "ssdq: warning: building against fio $have in $src; the fio on PATH is $ver" \
	     "and the engine will refuse to run in it" >&2
fi
if [ ! -f "$src/config-host.h" ]; then
	(cd "$src" && ./configure >config.log.ssdq 2>&1) ||
		{ echo "ssdq: fio ./configure failed in $src (see config.log.ssdq)" >&2; exit 1; }
fi
for c in CONFIG_LIBAIO CONFIG_LIBNUMA; do
	if ldd "$(command -v fio)" | grep -q "$(echo $c | sed 's/CONFIG_LIB/lib/;y/AIONUM/aionum/')" &&
	   ! grep -q "#define $c\$" "$src/config-host.h"; then
		echo "ssdq: $src/config-host.h lacks $c but the installed fio has it;" \
		     "install the -dev package and remove config-host.h to reconfigure" >&2
		exit 1
	fi
done
echo "$src"
