#!/bin/sh
# Builds the test VM's initramfs: busybox, fio and nvme-cli with their
# libraries, the engine, /init, the scenarios and the network modules.
# usage: test/vm/initramfs.sh OUT.cpio   (env SSDQ_SO, SSDQ_VM_GZIP=1)
set -eu
. "$(dirname "$0")/host-lib.sh"
out=${1:?usage: $0 OUT.cpio}
so=${SSDQ_SO:-$ROOT/build/ssdq.so}
case $out in /*) ;; *) out=$PWD/$out ;; esac

for b in /bin/busybox /usr/bin/fio /usr/sbin/nvme; do
	[ -x "$b" ] || die "$b is missing (run: sh scripts/deps.sh vm)"
done
/bin/busybox --list-full >/dev/null 2>&1 || die "/bin/busybox is not busybox (install busybox-static)"

tree=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-initramfs.XXXXXX")
trap 'rm -rf "$tree"' EXIT
cd "$tree"
mkdir -p usr/bin usr/sbin usr/lib/x86_64-linux-gnu usr/lib64 proc sys dev tmp \
	results scenarios bench opt/ssdq etc root
ln -s usr/bin bin && ln -s usr/sbin sbin && ln -s usr/lib lib && ln -s usr/lib64 lib64

cp /bin/busybox usr/bin/busybox
/bin/busybox --list-full | while read -r a; do
	[ -e "$a" ] || [ -L "$a" ] || ln -s /bin/busybox "$a"
done

# copy FILE with its ldd closure, keeping the paths ldd prints
closure() {
	ldd "$1" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p' |
	while read -r lib; do
		[ -e ".$lib" ] || { mkdir -p ".$(dirname "$lib")"; cp -L "$lib" ".$lib"; }
	done
}
rm -f usr/bin/fio usr/sbin/nvme
cp /usr/bin/fio usr/bin/fio && closure /usr/bin/fio
cp /usr/sbin/nvme usr/sbin/nvme && closure /usr/sbin/nvme
# strace and perf where the host has them: syscall counts and profiles in the guest
for t in /usr/bin/strace /usr/bin/perf; do
	[ -x "$t" ] || continue
	rm -f ".$t" && cp "$t" ".$t" && closure "$t"
done
# a stand-in power meter for cmd: power sources (static: no libraries)
gcc -static -O2 -o usr/bin/ssdq-test-meter "$ROOT/test/power/meter.c" ||
	note "warning: cannot build test/power/meter.c with gcc -static; power scenarios will skip it"
# util-linux's signature tools and mkfs.ext4, for ssdq-run's safety checks
for t in /usr/sbin/wipefs /usr/sbin/blkid /usr/sbin/mkfs.ext4; do
	rm -f ".$t" && cp "$t" ".$t" && closure "$t"
done
# a test host's sshd and the fio server as make install sets it up (test/vm/hosts.sh)
for t in /usr/sbin/sshd /usr/bin/ssh-keygen; do
	[ -x "$t" ] || { note "warning: no $t (apt-get install openssh-server): server guests will have no sshd"; continue; }
	rm -f ".$t" && cp "$t" ".$t" && closure "$t"
done
mkdir -p run etc/systemd/system etc/ssh/sshd_config.d var/lib
cp "$VM/sshd.conf" etc/ssh/sshd_config.d/ssdq.conf
cp "$ROOT/scripts/ssdq-fio-server" usr/bin/ssdq-fio-server && chmod 755 usr/bin/ssdq-fio-server
sed 's|@ENGINEDIR@|/usr/lib/x86_64-linux-gnu|; s|@BINDIR@|/usr/bin|' "$ROOT/scripts/ssdq-fio-server.service" \
	>etc/systemd/system/ssdq-fio-server.service
# the job library and its runner, at /opt/ssdq/jobs
rm -rf opt/ssdq/jobs && mkdir -p opt/ssdq && cp -R "$ROOT/jobs" opt/ssdq/jobs

if [ -f "$so" ]; then
	cp "$so" opt/ssdq/ssdq.so
	cp "$so" usr/lib/x86_64-linux-gnu/ssdq.so
	closure "$so"
else
	note "warning: $so is missing; ssdq scenarios will fail (run make)"
fi
# SSDQ_VM_EXTRA: more files for /opt/extra (helper programs, engine variants)
for f in ${SSDQ_VM_EXTRA:-}; do
	mkdir -p opt/extra && cp "$f" opt/extra/ || die "SSDQ_VM_EXTRA: cannot copy $f"
done

# the network driver (modules of the cloud kernel) for the guests that run
# fio --server (guest-init's ssdq.server=1), loaded in the order of the list
if mods=$(net_modules "$(kernel_path)"); then
	mkdir -p lib/modules/net
	for m in $NET_MODULES; do cp "$mods/$m.ko" lib/modules/net/; done
	echo "$NET_MODULES" >lib/modules/net/order
else
	note "warning: no network modules; guests in server mode will have no network"
fi

cp "$VM/guest-init.sh" init && chmod 755 init
cp "$VM/guest-lib.sh" guest-lib.sh
for f in "$VM"/scenarios/*.sh; do [ -e "$f" ] && cp "$f" scenarios/; done
for f in "$VM"/bench/*.sh; do [ -e "$f" ] && cp "$f" bench/; done
printf '%s\n' "root:x:0:0:root:/root:/bin/sh" "sshd:x:100:65534::/run/sshd:/bin/false" >etc/passwd
printf '%s\n' "root:x:0:" "nogroup:x:65534:" >etc/group

tmp=$out.tmp
if [ "${SSDQ_VM_GZIP:-0}" = 1 ]; then
	find . | sort | cpio -o -H newc -R 0:0 --quiet | gzip -1 >"$tmp"
else
	find . | sort | cpio -o -H newc -R 0:0 --quiet >"$tmp"
fi
mv "$tmp" "$out"
