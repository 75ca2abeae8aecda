. /guest-lib.sh
for d in 512 4K; do
	eval "ng=\$NG$d ns=\$NS$d ctrl=\$CTRL$d"
	lbs=$(cat /sys/block/${ns#/dev/}/queue/logical_block_size)
	dd if=/dev/urandom of=$ns bs=64k count=32 oflag=direct 2>/dev/null
	echo "$d: before: $(nonzero $ns 0 2097152)"
	nvme dsm $ng --ad -s 0 -b 1 >/dev/null; echo "$d: dsm lba0 -> lba0 nz $(nonzero $ns 0 $lbs) lba1 nz $(nonzero $ns $lbs $lbs)"
	nvme dsm $ng --ad -s 3 -b 2 >/dev/null; echo "$d: dsm lba3-4 -> lba2 nz $(nonzero $ns $((2*lbs)) $lbs) lba3-4 nz $(nonzero $ns $((3*lbs)) $((2*lbs))) lba5 $(nonzero $ns $((5*lbs)) $lbs)"
	nvme dsm $ng --ad -s 256 -b 256 >/dev/null; echo "$d: dsm 256+256 -> nz $(nonzero $ns $((256*lbs)) $((256*lbs)))"
	blkdiscard -o 1048576 -l 65536 $ns; echo "$d: blkdiscard 1M+64k -> nz $(nonzero $ns 1048576 65536)"
	nvme write-zeroes $ng -s 1024 -c 15 >/dev/null; echo "$d: write-zeroes 1024+16 -> nz $(nonzero $ns $((1024*lbs)) $((16*lbs)))"
	nvme id-ns $ng | grep -E '^dlfeat|^nsfeat'
done
