#!/bin/sh
# Installs the packages ssdq needs for a goal, or only names the missing
# ones. Knows apt (Debian, Ubuntu) and dnf (Fedora, RHEL, Rocky, Alma);
# elsewhere it names what to install and exits 1.
# usage: scripts/deps.sh [--check] build|vm|check|src
#   build   compilers and libraries for the engine and tools
#   vm      the QEMU test bed (Debian and Ubuntu: it boots Debian's kernel)
#   check   the test bed, shellcheck, and Chromium to render the HTML report
#   src     where fio's source comes from: a deb-src entry, so `apt-get
#           source fio` can fetch it; with dnf, says how to give FIO_SRC=
# --check installs nothing: exit 1 and name the packages when some are missing.
# Only `make deps` (and the targets that depend on it) runs this without --check.
# README.md ("Other distributions") lists the same packages.
set -eu

only_check=0
if [ "${1:-}" = --check ]; then only_check=1; shift; fi
goal=${1:-build}

# apt: Debian 12 (CI), Debian 13, Ubuntu 22.04 and 24.04 use the same names
apt_build="gcc make pkg-config fio dpkg-dev liburing-dev libnvme-dev libjson-c-dev
libaio-dev libnuma-dev librdmacm-dev libibverbs-dev zlib1g-dev libpci-dev libblkid-dev
libsqlite3-dev"
# openssh-server: its sshd for the test guests and test/jobs/ssh.sh (on a system running
# systemd, Debian also enables and starts ssh.service: systemctl disable --now ssh if unwanted)
apt_vm="qemu-system-x86 qemu-utils busybox-static cpio nvme-cli jq util-linux e2fsprogs python3 strace
openssh-client openssh-server"
apt_check="$apt_vm shellcheck chromium python3-jsonschema"
# dnf: Fedora; RHEL 9 and its rebuilds take liburing-devel, libnvme-devel and
# json-c-devel from CodeReady Builder (crb) or EPEL
dnf_build="gcc make pkgconf-pkg-config fio liburing-devel libnvme-devel json-c-devel
libaio-devel numactl-devel rdma-core-devel zlib-devel pciutils-devel libblkid-devel
sqlite-devel"
dnf_check="ShellCheck chromium python3-jsonschema"
# what the build needs, by what it is, for a system with neither
any_build="a C compiler, make, pkg-config, fio 3.25-3.42 and its source, and the development
files of liburing, libnvme (1.3 or newer), json-c, libaio, libnuma, librdmacm/libibverbs,
zlib, libpci, libblkid and SQLite 3"

if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
	pm=apt
elif command -v dnf >/dev/null 2>&1 && command -v rpm >/dev/null 2>&1; then
	pm=dnf
else
	pm=none
fi

have_deb_src() {
	grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/
}

fio_ver() {
	fio --version 2>/dev/null | sed 's/^fio-//'
}

add_deb_src() {
	have_deb_src && return 0
	if [ $only_check = 1 ] || [ "$(id -u)" != 0 ]; then
		echo "ssdq: no deb-src entry in /etc/apt, so apt-get source cannot fetch fio's source;" \
		     "run make deps as root, or build with FIO_SRC=/path/to/fio-$(fio_ver)" >&2
		exit 1
	fi
	if [ -f /etc/apt/sources.list.d/ubuntu.sources ] || grep -qs '^ID=ubuntu' /etc/os-release; then
		echo "ssdq: Ubuntu: enable the source repositories (Software & Updates, 'Source code'," \
		     "or deb-src lines in /etc/apt/sources.list) and apt-get update; or build with" \
		     "FIO_SRC=/path/to/fio-$(fio_ver)" >&2
		exit 1
	fi
	suites=$(sed -n 's/^Suites: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
	[ -n "$suites" ] || suites=$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")
	printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		"$suites" >/etc/apt/sources.list.d/ssdq-deb-src.sources
	echo "ssdq: added deb-src entry /etc/apt/sources.list.d/ssdq-deb-src.sources" >&2
	apt-get update >/dev/null 2>&1 || true
}

# fio's source of the release on PATH, from a git checkout or a tarball
say_fio_src() {
	v=$(fio_ver)
	echo "ssdq: fio's source is not packaged here: build against fio ${v:-X.Y}'s own source," \
	     "e.g. git clone of fio's repository and git checkout fio-${v:-X.Y} (or its release" \
	     "tarball), then make FIO_SRC=/path/to/fio-${v:-X.Y} (docs/fio-versions.md)" >&2
}

missing_apt() {
	for p in $1; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			printf ' %s' "$p"
	done
}

missing_dnf() {
	for p in $1; do
		rpm -q --whatprovides "$p" >/dev/null 2>&1 || printf ' %s' "$p"
	done
}

install_apt() {
	echo "ssdq: installing$1" >&2
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086 # a list of package names
	if ! apt-get install -y --no-install-recommends $1 >/dev/null 2>&1; then
		apt-get update >/dev/null 2>&1 || true
		apt-get install -y --no-install-recommends $1 >&2
	fi
}

install_dnf() {
	echo "ssdq: installing$1" >&2
	# shellcheck disable=SC2086 # a list of package names
	dnf install -y $1 >&2 || {
		echo "ssdq: dnf could not install all of$1; on RHEL-family systems enable" \
		     "CodeReady Builder (dnf config-manager --set-enabled crb) and EPEL" >&2
		exit 1
	}
}

case $pm:$goal in
apt:build) pkgs=$apt_build ;;
apt:vm)    pkgs=$apt_vm ;;
apt:check) pkgs=$apt_check ;;
apt:src)   add_deb_src; exit 0 ;;
dnf:build) pkgs=$dnf_build ;;
dnf:check) pkgs=$dnf_check
	echo "ssdq: the QEMU test bed (check-integration's last stage) boots Debian's kernel" \
	     "and needs Debian's packages: it skips here" >&2 ;;
dnf:vm)
	echo "ssdq: the QEMU test bed needs Debian's packages (busybox-static, Debian's cloud kernel);" \
	     "run it on Debian 12" >&2
	exit 1 ;;
dnf:src)   [ -n "${FIO_SRC:-}" ] || say_fio_src; exit 0 ;;
none:build | none:check | none:vm)
	echo "ssdq: no apt or dnf here; install $any_build" | tr '\n' ' ' >&2
	echo >&2
	exit 1 ;;
none:src)  say_fio_src; exit 0 ;;
*)         echo "usage: $0 [--check] build|vm|check|src" >&2; exit 2 ;;
esac

missing=$(missing_$pm "$pkgs")
[ -z "$missing" ] && exit 0

if [ $only_check = 1 ] || [ "$(id -u)" != 0 ]; then
	echo "ssdq: missing packages:$missing" >&2
	echo "ssdq: install them with: make deps (as root), or $pm install$missing" | sed 's/apt install/apt-get install/' >&2
	exit 1
fi
install_$pm "$missing"
