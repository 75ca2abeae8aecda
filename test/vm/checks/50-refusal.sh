# The engine's own refusal under plain fio: a mounted namespace (naming the
# mount point, ssdq_destroy_data=1 no help), an ext4 signature (unless
# ssdq_destroy_data=1), swap; reads run; nothing refused was written.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
[ -f "$R/refusal.skip" ] && { skip "$(cat "$R/refusal.skip")"; exit 0; }
[ "$(cat "$R/mkfs.rc")" = 0 ] && [ "$(cat "$R/mount.rc")" = 0 ]
ok $? "ext4 made and mounted on the 4 KiB namespace" "mkfs $(cat "$R/mkfs.rc"), mount $(cat "$R/mount.rc"): $(cat "$R/mount.out")"

# refused NAME WHAT PATTERN: fio failed before any I/O, the engine said PATTERN
refused() {
	w=$(json "$1" '[.jobs[] | .write.io_bytes + .trim.io_bytes] | add')
	[ "$(rc_of "$1")" != 0 ] && err_has "$1" "$3" && { [ "$w" = 0 ] || [ "$w" = no-json ] || [ "$w" = null ]; }
	ok $? "$2" "exit $(rc_of "$1"), wrote $w: $(first_err "$1")"
}
refused mounted-write "mounted: a write job is refused naming the mount point" \
	"ssdq: /dev/ng[0-9]*n[0-9]*: refused: /dev/nvme[0-9]*n[0-9]* is mounted on /mnt/ssdq-ext4"
refused mounted-destroy "mounted: ssdq_destroy_data=1 does not override it" "is mounted on /mnt/ssdq-ext4.*does not override"
refused mounted-trim "mounted: a trim job is refused too" "is mounted on /mnt/ssdq-ext4"
fio_ok mounted-read "mounted: a read job runs"
[ "$(bytes mounted-read read)" = 1048576 ]; ok $? "mounted: the read job read its 1 MiB" "$(bytes mounted-read read)"
[ "$(cat "$R/umount.rc")" = 0 ]; ok $? "unmounted" "$(cat "$R/umount.out")"

refused ext4-write "unmounted ext4: a write job is refused without ssdq_destroy_data=1" \
	"refused: /dev/nvme[0-9]*n[0-9]* carries a signature (ext4 filesystem at offset 1080).*ssdq_destroy_data=1"
refused ext4-erase "unmounted ext4: the library's util/erase.fio is refused (an erase destroys data)" \
	"carries a signature (ext4 filesystem"
fio_ok ext4-read "unmounted ext4: a read job runs without ssdq_destroy_data"
fio_ok ext4-destroy "unmounted ext4: with ssdq_destroy_data=1 the write job runs"
[ "$(bytes ext4-destroy write)" = 1048576 ]; ok $? "it wrote its 1 MiB" "$(bytes ext4-destroy write)"
err_has ext4-destroy "ssdq_destroy_data=1: overwriting /dev/nvme[0-9]*n[0-9]*, which carries a signature (ext4 filesystem"
ok $? "and says what it overwrites" "$(first_err ext4-destroy)"
cmp -s "$R/before.md5" "$R/mounted.md5" && cmp -s "$R/before.md5" "$R/unmounted.md5"
ok $? "nothing refused reached the namespace (the target region's checksum stayed)"
! cmp -s "$R/unmounted.md5" "$R/destroyed.md5"; ok $? "the accepted write changed the region"

if [ "$(cat "$R/swapon.rc")" = 0 ]; then
	refused swap-write "swap: a write job is refused naming swap, ssdq_destroy_data=1 or not" \
		"refused: /dev/nvme[0-9]*n[0-9]* is in use as swap"
	cmp -s "$R/swap-before.md5" "$R/swap-after.md5"; ok $? "swap: nothing was written"
else
	skip "swapon failed: $(cat "$R/swapon.out" "$R/mkswap.out" 2>/dev/null | head -n 2 | tr '\n' ' ')"
fi
