# Expect: after writing 4 MiB and trimming (DSM deallocate) the middle 2 MiB
# through ssdq, the trimmed LBAs read back as zeroes from the block node and
# through ssdq, and the LBAs around them keep their data (so the same zero
# pattern verify fails there).
. /guest-lib.sh
o=600
for c in 512:512:uring 512:64k:sync 4K:4k:uring 4K:1m:sync 4K:64k:uring-fixedbufs; do
	ns=${c%%:*} bs=${c#*:}; bs=${bs%%:*} path=${c##*:}
	pick "$ns"
	case $path in sync) opt=--ssdq_sync=1 ;; uring-fixedbufs) opt=--ssdq_fixedbufs=1 ;; *) opt= ;; esac
	n=$ns-$bs-$path
	ssdq "$n-w" --filename="$ng" --rw=write --bs=64k --offset=${o}M --size=4M $opt
	ssdq "$n-t" --filename="$ng" --rw=trim --bs=$bs --offset=$((o + 1))M --size=2M --iodepth=8 $opt
	ssdq "$n-r" --filename="$ng" --rw=read --bs=64k --offset=$((o + 1))M --size=2M \
		--verify=pattern --verify_pattern=0 --do_verify=1 $opt
	ssdq "$n-ctl" --filename="$ng" --rw=read --bs=64k --offset=${o}M --size=1M \
		--verify=pattern --verify_pattern=0 --do_verify=1 $opt
	echo "$(nonzero "$blk" $((o << 20)) 1048576) $(nonzero "$blk" $(((o + 1) << 20)) 2097152)" \
		"$(nonzero "$blk" $(((o + 3) << 20)) 1048576)" >"$n.nonzero"
	echo "$n" >>runs
	o=$((o + 8))
done
