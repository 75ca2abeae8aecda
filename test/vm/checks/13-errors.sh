# Error paths of the engine, as the user sees them.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine

refused() { # NAME TEXT PATTERN: non-zero exit, no I/O, PATTERN on stderr
	_rc=$(rc_of "$1") _io=$(json "$1" '[.jobs[] | .read.total_ios + .write.total_ios] | add')
	[ "$_rc" != 0 ] && [ "$_rc" != missing ]; ok $? "$1: $2 exits non-zero" "exit $_rc"
	case $_io in 0|no-json|null) pass "$1: no I/O was issued" ;; *) fail "$1: $_io I/Os issued" ;; esac
	err_has "$1" "$3"; ok $? "$1: stderr says \"$3\"" "stderr: $(first_err "$1")"
}
refused bs1000 "bs=1000 on the 512-B namespace" "not a multiple"
refused bs1000-sync "bs=1000 write on the ioctl path" "not a multiple"
refused bs512-on-4k "bs=512 on the 4-KiB namespace" "not a multiple of the 4096-byte"
refused off512-on-4k "offset=512 on the 4-KiB namespace" "not a multiple"
refused blockdev "a block node" "$(cat "$R/blockdev.ng")"
err_has blockdev "block device"; ok $? "blockdev: the refusal says it is a block device"

# out of range
for e in ssdq ref; do
	fio_ok oor-tail-$e "oor-tail-$e: offset=1020M size=8M runs"
	b=$(bytes oor-tail-$e read)
	[ "$b" = 4194304 ]; ok $? "oor-tail-$e: fio stops at the end of the namespace (4 MiB read)" "read $b"
	b=$(bytes oor-past-$e read)
	[ "$b" = 0 ]; ok $? "oor-past-$e: offset=2G reads nothing" "read $b"
	b=$(bytes oor-filesize-$e read)
	[ "$b" = 4194304 ]; ok $? "oor-filesize-$e: filesize=2G does not extend the namespace" "read $b"
done
for p in uring sync; do
	n=oor-cap-$p
	t=$(json $n '.jobs[0].read.total_ios') te=$(json $n '.jobs[0].total_err')
	[ "$t" = 2048 ] && [ "$te" = 1024 ]
	ok $? "$n: past NSZE (ssdq_capacity=2G) 1024 of 2048 reads fail and the job goes on" \
		"total_ios $t, total_err $te"
	b=$(bytes $n read)
	[ "$b" = 4194304 ]; ok $? "$n: the 4 MiB before the end read fine" "read $b"
	err_has $n "LBA Out of Range"; ok $? "$n: stderr names the NVMe status LBA Out of Range" \
		"$(first_err $n)"
done

# DULBE and continue_on_error
[ "$(cat "$R/dulbe-on.rc")" = 0 ]; ok $? "DULBE enabled with nvme set-feature" "$(cat "$R/dulbe-on.out")"
fio_ok dulbe-w "dulbe-w: wrote the first 512 KiB of the MiB"
for p in uring sync; do
	n=coe-$p
	t=$(json $n '.jobs[0].read.total_ios') te=$(json $n '.jobs[0].total_err')
	b=$(bytes $n read)
	[ "$t" = 16 ] && [ "$te" = 8 ]
	ok $? "$n: continue_on_error=all finishes all 16 reads and counts 8 errors" "total_ios $t, total_err $te"
	[ "$b" = 524288 ]; ok $? "$n: 512 KiB of good reads" "read $b"
	err_has $n "Deallocated or Unwritten Logical Block"; ok $? "$n: stderr names the NVMe status" "$(first_err $n)"
	n=stop-$p
	e=$(json $n '.jobs[0].error') t=$(json $n '.jobs[0].read.total_ios')
	[ "$(rc_of $n)" != 0 ] && [ "$e" = 5 ] && [ "$t" -lt 16 ] 2>/dev/null
	ok $? "$n: without continue_on_error the job stops with EIO" "exit $(rc_of $n), error $e, $t I/Os"
done
