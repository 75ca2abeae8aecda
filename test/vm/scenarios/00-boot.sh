# Expect: both test namespaces present; 512-B and 4-KiB LBA formats, 1 GiB each.
. /guest-lib.sh
for d in 512 4K; do
	pick $d
	run "id-ns-$d" nvme id-ns -o json "$ng"
	run "id-ctrl-$d" nvme id-ctrl -o json "$ctrl"
	echo "$ng $blk $ctrl" >"dev-$d"
	[ -c "$ng" ] && echo ok >"ng-is-char-$d"
	[ -b "$blk" ] && echo ok >"ns-is-block-$d"
	cat "/sys/block/${blk#/dev/}/queue/logical_block_size" >"lbs-$d"
done
uname -r >kernel
