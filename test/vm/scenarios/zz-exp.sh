. /guest-lib.sh
set -x
for d in 512 4K; do
	eval "ng=\$NG$d ns=\$NS$d ctrl=\$CTRL$d"
	dd if=/dev/urandom of=$ns bs=64k count=16 oflag=direct
	dd if=$ns bs=64k count=16 iflag=direct | od -An -v -tx1 | grep -vc '^ 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00$'
	nvme dsm $ng --ad -s 0 -b 8 ; echo dsm rc $?
	dd if=$ns bs=64k count=16 iflag=direct | od -Ad -v -tx1 | grep -v ' 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00$' | head -3
	nvme dsm $ng --ad -s 1 -b 1 ; echo dsm rc $?
	dd if=$ns bs=64k count=16 iflag=direct | od -Ad -v -tx1 | grep -v ' 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00$' | head -3
	blkdiscard -o 65536 -l 65536 $ns; echo blkdiscard rc $?
	dd if=$ns bs=64k count=16 iflag=direct | od -Ad -v -tx1 | grep -v ' 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00$' | head -3
	nvme read $ng -s 2097151 -c 0 -z 512 -d /tmp/x; echo read-last rc $?
	nvme read $ng -s 2097152 -c 0 -z 512 -d /tmp/x; echo read-oor rc $?
	nvme read $ng -s 262144 -c 0 -z 4096 -d /tmp/x; echo read-oor4k rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=read --bs=4k --offset=1020M --size=8M ; echo fio1 rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=read --bs=4k --filesize=2G --offset=1020M --size=8M ; echo fio2 rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=read --bs=4k --offset=2G --size=8M ; echo fio3 rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=read --bs=4k --offset=1020M --io_size=8M ; echo fio4 rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=read --bs=4k --size=2G --number_ios=300000 ; echo fio5 rc $?
	fio --name=a --ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=trim --bs=4k --size=1M ; echo fio-trim rc $?
done
nvme id-ctrl $CTRL512 | grep -E '^oncs|^vwc|^mdts'
