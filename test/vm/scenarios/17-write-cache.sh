# Expect: QEMU's controller has a volatile write cache, on (Get Features 06h
# reads 1); a job with ssdq_write_cache=off finds it off (its write_cache
# event: present, enabled false, was true) and device.json records it off
# during the run; after the run it is back on, as it was. A job with
# ssdq_write_cache=keep leaves it as it is and records it. Reads only.
. /guest-lib.sh
cd "$RESULTS" || exit 1
pick 4K
nvme get-feature "$ctrl" -f 6 >wc-before.out 2>&1
ssdq wc-off --filename="$ng" --rw=read --bs=4k --size=1M --write_bw_log=wc-off \
	--ssdq_smart_interval=1s --ssdq_write_cache=off
cp device.json wc-off.device.json 2>/dev/null
nvme get-feature "$ctrl" -f 6 >wc-after.out 2>&1
ssdq wc-keep --filename="$ng" --rw=read --bs=4k --size=1M --write_bw_log=wc-keep \
	--ssdq_write_cache=keep
nvme get-feature "$ctrl" -f 6 >wc-kept.out 2>&1
