# Expect: ssdq works in fio's process and thread modes, with numjobs=2 and
# offset_increment on one namespace (each job verifies its own region, the
# gap between regions stays unwritten), and with an io_uring job and an
# ioctl job side by side on one namespace.
. /guest-lib.sh
common="--rw=write --bs=16k --iodepth=8 --size=16M --verify=crc32c --do_verify=1 --numjobs=2 --offset_increment=32M"
# shellcheck disable=SC2086
{
ssdq proc-512 --filename="$NG512" --offset=700M $common
ssdq thread-512 --filename="$NG512" --offset=780M $common --thread
ssdq proc-4k-sync --filename="$NG4K" --offset=700M $common --ssdq_sync=1
ssdq thread-4k --filename="$NG4K" --offset=780M $common --thread --ssdq_fixedbufs=1
}
for n in proc-512:$NS512:700 thread-512:$NS512:780 proc-4k-sync:$NS4K:700 thread-4k:$NS4K:780; do
	# shellcheck disable=SC2046 # fields, split on purpose
	set -- $(echo "$n" | tr ':' ' ')
	o=$(($3 << 20))
	echo "$1 $(nonzero "$2" $o 16777216) $(nonzero "$2" $((o + 16777216)) 16777216)" \
		"$(nonzero "$2" $((o + 33554432)) 16777216)" >>regions
done
fio_json mixed --filename="$NG4K" --ioengine="external:$SSDQ_SO" --rw=randwrite --bs=4k \
	--iodepth=16 --size=16M --offset=860M --verify=crc32c --do_verify=1 \
	--name=mixed-sync --filename="$NG4K" --ioengine="external:$SSDQ_SO" --ssdq_sync=1 \
	--rw=randwrite --bs=4k --size=16M --offset=880M --verify=crc32c --do_verify=1
