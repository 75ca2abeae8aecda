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
