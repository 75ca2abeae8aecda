# Expect: a trace (fio iolog v3) naming a device that is not there,
# /dev/ssdq-recorded, replayed by fio's read_iolog through ssdq onto the
# namespace on the command line (the engine sets replay_redirect= to it): on
# both namespaces, io_uring and sync, its 16 writes of 64 KiB land in the
# first MiB at 560M + 8M a run (non-zero from the block node) and the MiB
# after stays zero; its 16 reads read them back; the replay waits out the
# trace's 200 ms gap. A replay_redirect= other than --filename is refused
# naming the option, before any I/O. Writes 560M-592M of each namespace.
. /guest-lib.sh
cd "$RESULTS" || exit 1
o=560
for c in 512:uring 512:sync 4K:uring 4K:sync; do
	ns=${c%%:*} path=${c#*:}
	pick "$ns"
	case $path in sync) opt=--ssdq_sync=1 ;; *) opt= ;; esac
	n=replay-$ns-$path
	base=$((o << 20))
	{
		echo "fio version 3 iolog"
		echo "0 /dev/ssdq-recorded add"
		echo "0 /dev/ssdq-recorded open"
		i=0 t=1000
		while [ $i -lt 16 ]; do
			echo "$t /dev/ssdq-recorded write $((base + i * 65536)) 65536"
			i=$((i + 1)) t=$((t + 1000))
		done
		t=$((t + 200000)) i=0
		while [ $i -lt 16 ]; do
			echo "$t /dev/ssdq-recorded read $((base + i * 65536)) 65536"
			i=$((i + 1)) t=$((t + 1000))
		done
		echo "$t /dev/ssdq-recorded close"
	} >"$n.iolog"
	ssdq "$n" --filename="$ng" --read_iolog="$n.iolog" --iodepth=1 $opt
	echo "$(nonzero "$blk" "$base" 1048576) $(nonzero "$blk" $((base + 1048576)) 1048576)" >"$n.nonzero"
	ssdq "$n-refused" --filename="$ng" --read_iolog="$n.iolog" \
		--replay_redirect=/dev/ssdq-elsewhere $opt
	[ -e /dev/ssdq-recorded ] || [ -e /dev/ssdq-elsewhere ] && echo made >"$n.made"
	echo "$n" >>replays
	o=$((o + 8))
done
