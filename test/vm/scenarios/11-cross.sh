# Expect: data written by fio's io_uring_cmd engine verifies through ssdq
# (io_uring and ioctl paths) and data written by ssdq verifies through
# io_uring_cmd; verify_only over a region nobody wrote fails (control).
. /guest-lib.sh
for ns in 512 4K; do
	pick $ns
	case $ns in 512) bs=4k ;; 4K) bs=64k ;; esac
	set -- --filename="$ng" --bs=$bs --size=32M --verify=crc32c --iodepth=8
	ref "$ns-ref-w" "$@" --offset=128M --rw=write --do_verify=0
	ssdq "$ns-ssdq-v" "$@" --offset=128M --rw=write --verify_only=1
	ssdq "$ns-ssdq-sync-v" "$@" --offset=128M --rw=write --verify_only=1 --ssdq_sync=1
	ssdq "$ns-ssdq-w" "$@" --offset=192M --rw=randwrite --do_verify=0
	ref "$ns-ref-v" "$@" --offset=192M --rw=randwrite --verify_only=1
	ssdq "$ns-ssdq-sync-w" "$@" --offset=256M --rw=write --do_verify=0 --ssdq_sync=1
	ref "$ns-ref-sync-v" "$@" --offset=256M --rw=write --verify_only=1
	ssdq "$ns-ssdq-never-v" "$@" --offset=320M --rw=write --verify_only=1
	ref "$ns-ref-never-v" "$@" --offset=320M --rw=write --verify_only=1
done
