# Expect: every ssdq run writes SIZE bytes, reads them back and verifies them
# (crc32c) with no error, on both namespaces, io_uring and ioctl paths.
. /guest-lib.sh
size_for() { case $1 in 512) echo 4M ;; 4k) echo 16M ;; *) echo 64M ;; esac; }
# one LINE per run: NS BS QD PATTERN PATH [ENGINE OPTIONS...]
while read -r ns bs qd pat path opts; do
	[ -n "$ns" ] || continue
	pick "$ns"
	case $pat in seq) rw='write' ;; rand) rw=randwrite ;; esac
	n=$ns-$bs-qd$qd-$pat-$path$(echo "$opts" | sed 's/ *--ssdq_/-/g; s/=1\b//g; s/=/_/g')
	case $path in sync) opts="--ssdq_sync=1 $opts" ;; esac
	# shellcheck disable=SC2086
	ssdq "$n" --filename="$ng" --rw=$rw --bs=$bs --iodepth=$qd --size="$(size_for $bs)" \
		--verify=crc32c --do_verify=1 --verify_fatal=1 $opts
	echo "$n $(size_for $bs)" >>runs
done <<'LIST'
512 512 1  seq  uring
512 512 64 rand uring
512 512 1  rand sync
512 4k  8  rand uring
512 4k  1  seq  sync
512 64k 64 seq  uring
512 64k 1  rand sync
512 1m  8  rand uring
512 1m  1  seq  sync
4K  4k  1  seq  uring
4K  4k  64 rand uring
4K  4k  1  rand sync
4K  64k 8  rand uring
4K  64k 1  seq  sync
4K  1m  64 seq  uring
4K  1m  1  rand sync
512 4k  8  rand uring --ssdq_fixedbufs=1
4K  1m  8  seq  uring --ssdq_fixedbufs=1
512 64k 64 rand uring --ssdq_sqpoll=1
4K  4k  8  rand uring --ssdq_sqpoll=1 --ssdq_fixedbufs=1
4K  64k 8  rand uring --ssdq_fixedbufs=1
512 1m  8  seq  uring --ssdq_fixedbufs=1
4K  1m  8  seq  uring --ssdq_fixedbufs=1 --ssdq_max_xfer=256k
4K  1m  8  rand uring --ssdq_max_xfer=64k
512 1m  1  seq  sync  --ssdq_max_xfer=128k
LIST
