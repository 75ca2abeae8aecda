#!/bin/sh
# Installs the Debian packages ssdq needs for a goal, or names them.
# usage: scripts/deps.sh build|vm|check
set -eu

build_pkgs="gcc make pkg-config fio dpkg-dev liburing-dev libnvme-dev libjson-c-dev
libaio-dev libnuma-dev librdmacm-dev libibverbs-dev zlib1g-dev libpci-dev"
vm_pkgs="qemu-system-x86 qemu-utils busybox-static cpio nvme-cli jq util-linux e2fsprogs python3"
# make check: the test bed, and Chromium to render ssdq-report's HTML page
check_pkgs="$vm_pkgs chromium"

case "${1:-build}" in
build) pkgs=$build_pkgs ;;
vm)    pkgs=$vm_pkgs ;;
check) pkgs=$check_pkgs ;;
*)     echo "usage: $0 build|vm|check" >&2; exit 2 ;;
esac

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "ssdq: missing Debian packages:$missing" >&2
	echo "ssdq: install them with: sudo apt-get install$missing" >&2
	exit 1
fi
echo "ssdq: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends $missing >/dev/null 2>&1; then
	apt-get update >/dev/null 2>&1 || true
	apt-get install -y --no-install-recommends $missing >&2
fi
