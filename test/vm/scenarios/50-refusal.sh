# Expect: the engine itself refuses a job that writes, trims or erases where
# data is at stake, under plain fio. On the 4 KiB namespace with ext4 on it
# (the first 64 MiB): mounted, a write job is refused naming the mount point,
# ssdq_destroy_data=1 does not override that, a read job runs; unmounted, a
# write job is refused naming the ext4 signature, and so is the library's
# util/erase.fio; with ssdq_destroy_data=1 the write runs; a read job runs
# without it. Used as swap, a write is refused naming swap. Nothing refused
# reaches the namespace (the region's checksum stays). Leaves the first
# 64 MiB zeroed. Writes only the 4 KiB namespace's first 64 MiB and 512-513 MiB.
. /guest-lib.sh
JOBS=${SSDQ_JOBS:-/opt/ssdq/jobs}
MNT=/mnt/ssdq-ext4
W="--rw=write --bs=4k --offset=512M --size=1M"

# sum NAME: the checksum of the region the write jobs aim at, into NAME.md5
sum() { dd if="$NS4K" bs=1M skip=512 count=1 iflag=direct 2>/dev/null | md5sum >"$1.md5"; }

if ! command -v mkfs.ext4 >/dev/null 2>&1; then
	echo "no mkfs.ext4 in the initramfs" >refusal.skip
	exit 0
fi
dd if=/dev/zero of="$NS4K" bs=1M count=64 oflag=direct 2>/dev/null
mkfs.ext4 -q -F -E nodiscard -b 4096 "$NS4K" 64M >mkfs.out 2>&1
echo $? >mkfs.rc
sync
sum before

# 1. mounted
mkdir -p "$MNT"
mount -t ext4 "$NS4K" "$MNT" >mount.out 2>&1
echo $? >mount.rc
# shellcheck disable=SC2086 # option lists
{
ssdq mounted-write --filename="$NG4K" $W
ssdq mounted-destroy --filename="$NG4K" $W --ssdq_destroy_data=1
ssdq mounted-trim --filename="$NG4K" --rw=trim --bs=64k --offset=512M --size=1M
ssdq mounted-read --filename="$NG4K" --rw=read --bs=4k --offset=512M --size=1M
}
sum mounted
umount "$MNT" >umount.out 2>&1
echo $? >umount.rc

# 2. unmounted: the ext4 signature
# shellcheck disable=SC2086 # option lists
{
ssdq ext4-write --filename="$NG4K" $W
ssdq ext4-read --filename="$NG4K" --rw=read --bs=4k --offset=512M --size=1M
}
run ext4-erase fio --ioengine="external:$SSDQ_SO" --filename="$NG4K" --output-format=json \
	--output="$RESULTS/ext4-erase.json" "$JOBS/util/erase.fio"
sum unmounted
# shellcheck disable=SC2086 # option lists
ssdq ext4-destroy --filename="$NG4K" $W --ssdq_destroy_data=1
sum destroyed
blkid -p "$NS4K" >blkid-after.out 2>&1

# 3. used as swap
dd if=/dev/zero of="$NS4K" bs=1M count=64 oflag=direct 2>/dev/null
mkswap "$NS4K" >mkswap.out 2>&1 && swapon "$NS4K" >swapon.out 2>&1
echo $? >swapon.rc
sum swap-before
# shellcheck disable=SC2086 # option lists
ssdq swap-write --filename="$NG4K" $W --ssdq_destroy_data=1
sum swap-after
swapoff "$NS4K" >swapoff.out 2>&1
dd if=/dev/zero of="$NS4K" bs=1M count=64 oflag=direct 2>/dev/null
