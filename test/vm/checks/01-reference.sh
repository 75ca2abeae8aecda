# fio's own io_uring_cmd engine wrote and verified 16 MiB on both ng nodes.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran
for n in ref-512 ref-4k; do
	fio_ok $n "$n: io_uring_cmd randwrite+verify without error"
	[ "$(bytes $n read)" = 16777216 ]; ok $? "$n: verified 16 MiB" "read $(bytes $n read)"
done
