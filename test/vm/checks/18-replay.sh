# A trace replayed through read_iolog lands on the namespace ssdq was given,
# never on the device the trace names; a replay_redirect elsewhere is refused.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
[ -s "$R/replays" ] || { fail "no replays recorded"; exit 0; }
while read -r n; do
	fio_ok "$n" "$n: the trace replayed without error"
	w=$(bytes "$n" write) r=$(bytes "$n" read)
	[ "$w" = 1048576 ] && [ "$r" = 1048576 ]
	ok $? "$n: fio counted the trace's 1 MiB written and 1 MiB read" "write $w, read $r"
	read -r first next <"$R/$n.nonzero" || true
	[ "${first:-0}" -gt 524288 ] && [ "${next:-x}" = 0 ]
	ok $? "$n: the writes are on the namespace (over half its MiB non-zero, the next one zero)" \
		"non-zero bytes: $first, then $next"
	ms=$(json "$n" '.jobs[0].job_runtime')
	[ "${ms:-0}" -ge 200 ] 2>/dev/null
	ok $? "$n: the replay waited out the trace's 200 ms gap" "job_runtime $ms ms"
	[ "$(rc_of "$n-refused")" != 0 ] && err_has "$n-refused" "replay_redirect=/dev/ssdq-elsewhere: ssdq replays a trace onto the job's filename="
	ok $? "$n: replay_redirect elsewhere refused, naming the option" "exit $(rc_of "$n-refused"): $(first_err "$n-refused")"
	[ ! -e "$R/$n.made" ]; ok $? "$n: no device node the trace or redirect named was made"
done <"$R/replays"
