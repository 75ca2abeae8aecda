#!/bin/sh
# Installs the Debian packages ssdq needs for a goal, or only names the
# missing ones.
# usage: scripts/deps.sh [--check] build|vm|check|src
#   build   compilers and libraries for the engine and tools
#   vm      the QEMU test bed
#   check   the test bed, shellcheck, and Chromium to render the HTML report
#   src     a deb-src entry, so `apt-get source fio` can fetch fio's source
# --check installs nothing: exit 1 and name the packages when some are missing.
# Only `make deps` (and the targets that depend on it) runs this without --check.
set -eu

only_check=0
if [ "${1:-}" = --check ]; then only_check=1; shift; fi

build_pkgs="gcc make pkg-config fio dpkg-dev liburing-dev libnvme-dev libjson-c-dev
libaio-dev libnuma-dev librdmacm-dev libibverbs-dev zlib1g-dev libpci-dev libblkid-dev"
vm_pkgs="qemu-system-x86 qemu-utils busybox-static cpio nvme-cli jq util-linux e2fsprogs python3 strace"
check_pkgs="$vm_pkgs shellcheck chromium"

have_deb_src() {
	grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/
}

add_deb_src() {
	have_deb_src && return 0
	if [ $only_check = 1 ] || [ "$(id -u)" != 0 ]; then
		echo "ssdq: no deb-src entry in /etc/apt, so apt-get source cannot fetch fio's source;" \
		     "run make deps as root, or build with FIO_SRC=/path/to/fio-$(fio --version 2>/dev/null | sed 's/^fio-//')" >&2
		exit 1
	fi
	suites=$(sed -n 's/^Suites: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
	[ -n "$suites" ] || suites=$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")
	printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		"$suites" >/etc/apt/sources.list.d/ssdq-deb-src.sources
	echo "ssdq: added deb-src entry /etc/apt/sources.list.d/ssdq-deb-src.sources" >&2
	apt-get update >/dev/null 2>&1 || true
}

case "${1:-build}" in
build) pkgs=$build_pkgs ;;
vm)    pkgs=$vm_pkgs ;;
check) pkgs=$check_pkgs ;;
src)   add_deb_src; exit 0 ;;
*)     echo "usage: $0 [--check] build|vm|check|src" >&2; exit 2 ;;
esac

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ $only_check = 1 ] || [ "$(id -u)" != 0 ]; then
	echo "ssdq: missing Debian packages:$missing" >&2
	echo "ssdq: install them with: make deps (as root), or apt-get install$missing" >&2
	exit 1
fi
echo "ssdq: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # a list of package names
if ! apt-get install -y --no-install-recommends $missing >/dev/null 2>&1; then
	apt-get update >/dev/null 2>&1 || true
	apt-get install -y --no-install-recommends $missing >&2
fi
