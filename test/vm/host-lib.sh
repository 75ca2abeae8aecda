# Host-side helpers for test/vm/*.sh (sourced). Sets ROOT, VM, VMDIR.
VM=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VM/../.." && pwd)
VMDIR=$ROOT/build/vm

die() { echo "ssdq-vm: $*" >&2; exit 1; }
note() { echo "ssdq-vm: $*" >&2; }

# kernel_path: prints the path of Debian's cloud kernel image, fetching the
# package that linux-image-cloud-amd64 depends on into $VMDIR/kernel/ once.
kernel_path() {
	pkg=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
	if [ -z "$pkg" ]; then
		cached=$(ls "$VMDIR"/kernel/*/boot/vmlinuz-* 2>/dev/null | tail -n 1)
		if [ -n "$cached" ]; then echo "$cached"; return 0; fi
		note "apt lists do not know linux-image-cloud-amd64; running apt-get update"
		apt-get update >/dev/null 2>&1 || true
		pkg=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
		[ -n "$pkg" ] || die "cannot resolve linux-image-cloud-amd64 with apt-cache depends"
	fi
	dir=$VMDIR/kernel/$pkg
	img=$(ls "$dir"/boot/vmlinuz-* 2>/dev/null | head -n 1)
	if [ -z "$img" ]; then
		note "fetching $pkg into $dir"
		mkdir -p "$VMDIR/kernel/dl" "$dir"
		(cd "$VMDIR/kernel/dl" && apt-get download "$pkg" >/dev/null 2>&1) ||
			die "apt-get download $pkg failed"
		deb=$(ls "$VMDIR"/kernel/dl/"$pkg"_*.deb | head -n 1)
		dpkg-deb -x "$deb" "$dir.tmp" || die "dpkg-deb -x $deb failed"
		rm -rf "$dir.tmp/lib" "$dir.tmp/usr" "$dir" && mv "$dir.tmp" "$dir" && rm -f "$deb"
		img=$(ls "$dir"/boot/vmlinuz-* 2>/dev/null | head -n 1)
		[ -n "$img" ] || die "$deb holds no boot/vmlinuz-*"
	fi
	echo "$img"
}

# NET_MODULES: virtio-net-pci's driver and what it needs, in load order (the
# cloud kernel builds them as modules; the initramfs carries them for the
# guests that run fio --server, test/vm/hosts.sh)
NET_MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci failover net_failover virtio_net"

# net_modules KERNEL: prints the directory holding NET_MODULES' .ko files of
# the kernel image KERNEL (kernel_path's), taken from its package once, into
# $VMDIR/kernel/PKG/net-modules/; fails (with a note) when they cannot be had
net_modules() {
	_kd=$(dirname "$(dirname "$1")")
	_md=$_kd/net-modules
	_have=1
	for _m in $NET_MODULES; do [ -f "$_md/$_m.ko" ] || _have=0; done
	if [ $_have = 0 ]; then
		_pkg=${_kd##*/}
		note "fetching $_pkg again for its network modules ($NET_MODULES)"
		_tmp=$(mktemp -d "$VMDIR/kernel/mods.XXXXXX") || return 1
		if ! (cd "$_tmp" && apt-get download "$_pkg" >/dev/null 2>&1) ||
			! dpkg-deb -x "$_tmp"/"$_pkg"_*.deb "$_tmp/x"; then
			rm -rf "$_tmp"; note "apt-get download $_pkg failed: no network modules"; return 1
		fi
		rm -rf "$_md.tmp" && mkdir -p "$_md.tmp"
		for _m in $NET_MODULES; do
			_f=$(find "$_tmp/x/lib/modules" -name "$_m.ko" | head -n 1)
			[ -n "$_f" ] || { rm -rf "$_tmp" "$_md.tmp"; note "$_pkg has no $_m.ko"; return 1; }
			cp "$_f" "$_md.tmp/"
		done
		rm -rf "$_tmp" "$_md" && mv "$_md.tmp" "$_md"
	fi
	echo "$_md"
}

# median_range: numbers on stdin, a line each -> "median (min–max, n)" with
# three decimals, or "–" for none (the benches' paired ratios)
median_range() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (!NR) { print "–"; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.3f (%.3f–%.3f, %d)", m, v[1], v[NR], NR }'
}
