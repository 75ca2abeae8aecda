# Expect: size=100% through ssdq reads exactly the namespace capacity that
# Identify Namespace reports, and the last LBA reads fine on both paths.
. /guest-lib.sh
for ns in 512 4K; do
	pick $ns
	run "id-ns-$ns" nvme id-ns -o json "$ng"
	ssdq "full-$ns" --filename="$ng" --rw=read --bs=1m --iodepth=16 --size=100%
	lbs=$(cat "/sys/block/${blk#/dev/}/queue/logical_block_size")
	ssdq "last-$ns" --filename="$ng" --rw=read --bs="$lbs" --offset=$((1073741824 - lbs)) --size="$lbs"
	ssdq "last-$ns-sync" --filename="$ng" --rw=read --bs="$lbs" --offset=$((1073741824 - lbs)) \
		--size="$lbs" --ssdq_sync=1
done
