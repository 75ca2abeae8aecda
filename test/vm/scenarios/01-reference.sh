# Expect: fio's own io_uring_cmd engine writes and verifies (crc32c) on both ng nodes.
. /guest-lib.sh
ref ref-512 --filename="$NG512" --rw=randwrite --bs=4k --size=16M --iodepth=8 \
	--verify=crc32c --do_verify=1
ref ref-4k --filename="$NG4K" --rw=randwrite --bs=16k --size=16M --iodepth=8 \
	--verify=crc32c --do_verify=1
