# Process and thread modes, numjobs=2 with offset_increment, mixed paths.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
for n in proc-512 thread-512 proc-4k-sync thread-4k mixed; do
	fio_ok $n "$n: all jobs ran without error"
	c=$(json $n '.jobs | length')
	[ "$c" = 2 ]; ok $? "$n: two jobs reported" "$c"
	v=$(json $n '[.jobs[] | select(.write.io_bytes == 16777216 and .read.io_bytes == 16777216)] | length')
	[ "$v" = 2 ]; ok $? "$n: each job wrote and verified 16 MiB" "$v of 2"
done
while read -r n a gap b; do
	[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && [ "$gap" = 0 ]
	ok $? "$n: offset_increment=32M put job 2 32 MiB after job 1, nothing between" \
		"non-zero bytes: $a, gap $gap, $b"
done <"$R/regions"
