# Expect: LBA-misaligned jobs fail before any I/O, naming "not a multiple";
# a block node is refused naming its /dev/ng node; fio clamps I/O to the
# capacity ssdq reports (past-the-end LBAs never reach the drive, so no "LBA
# Out of Range" can be provoked through fio); with DULBE enabled, reads of
# unwritten LBAs fail with EIO and continue_on_error=all counts them.
. /guest-lib.sh
ssdq bs1000 --filename="$NG512" --rw=read --bs=1000 --size=1M
ssdq bs1000-sync --filename="$NG512" --rw=write --bs=1000 --size=1M --ssdq_sync=1
ssdq bs512-on-4k --filename="$NG4K" --rw=read --bs=512 --size=1M
ssdq off512-on-4k --filename="$NG4K" --rw=read --bs=4k --offset=512 --size=1M
ssdq blockdev --filename="$NS512" --rw=read --bs=4k --size=1M
echo "$NG512" >blockdev.ng

# past the end: each engine, each way of asking
for e in ssdq ref; do
	$e oor-tail-$e --filename="$NG512" --rw=read --bs=4k --offset=1020M --size=8M
	$e oor-past-$e --filename="$NG512" --rw=read --bs=4k --offset=2G --size=8M
	$e oor-filesize-$e --filename="$NG512" --rw=read --bs=4k --offset=1020M --filesize=2G --size=8M
	$e oor-wrap-$e --filename="$NG512" --rw=read --bs=4k --offset=1023M --size=2M --number_ios=512
done

# past the end on purpose: ssdq_capacity tells fio the namespace is 2 GiB
for p in uring sync; do
	opt=; [ $p = sync ] && opt=--ssdq_sync=1
	ssdq "oor-cap-$p" --filename="$NG512" --rw=read --bs=4k --offset=1020M --size=8M \
		--ssdq_capacity=2G --continue_on_error=all $opt
done

# DULBE (Error Recovery feature bit 16): unwritten LBAs fail reads
nvme set-feature "$CTRL4K" -n 1 -f 5 -v 0x10000 >dulbe-on.out 2>&1
echo $? >dulbe-on.rc
ssdq dulbe-w --filename="$NG4K" --rw=write --bs=64k --offset=900M --size=512k
for p in uring sync; do
	opt=; [ $p = sync ] && opt=--ssdq_sync=1
	ssdq "coe-$p" --filename="$NG4K" --rw=read --bs=64k --offset=900M --size=1M \
		--continue_on_error=all $opt
	ssdq "stop-$p" --filename="$NG4K" --rw=read --bs=64k --offset=900M --size=1M $opt
done
nvme set-feature "$CTRL4K" -n 1 -f 5 -v 0 >dulbe-off.out 2>&1
