# Trim through ssdq deallocates exactly the trimmed range; it reads back as zeroes.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
[ -s "$R/runs" ] || { fail "no runs recorded"; exit 0; }
while read -r n; do
	fio_ok "$n-w" "$n: wrote 4 MiB"
	fio_ok "$n-t" "$n: trim ran without error"
	t=$(bytes "$n-t" trim)
	[ "$t" = 2097152 ]; ok $? "$n: fio counted 2 MiB trimmed" "trim io_bytes $t"
	read -r before mid after <"$R/$n.nonzero" || true
	[ "${mid:-x}" = 0 ]; ok $? "$n: trimmed 2 MiB read back as zeroes from the block node" "$mid non-zero bytes"
	[ "${before:-0}" -gt 0 ] && [ "${after:-0}" -gt 0 ]
	ok $? "$n: the MiB before and after the trim keep their data" "non-zero bytes: $before before, $after after"
	r=$(bytes "$n-r" read)
	[ "$(rc_of "$n-r")" = 0 ] && [ "$r" = 2097152 ]
	ok $? "$n: reading the trimmed range through ssdq verifies as zero pattern" \
		"exit $(rc_of "$n-r"), read $r: $(first_err "$n-r")"
	e=$(json "$n-ctl" '[.jobs[].error] | max')
	[ "$(rc_of "$n-ctl")" != 0 ] && [ "$e" != 0 ]
	ok $? "$n: zero-pattern verify of untrimmed data fails (control)" "exit $(rc_of "$n-ctl"), error $e"
done <"$R/runs"
