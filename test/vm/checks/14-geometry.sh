# The engine's idea of the namespace size matches Identify Namespace.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
for ns in 512 4K; do
	f=$R/id-ns-$ns.out
	cap=$(jq -r '.nsze * pow(2; .lbafs[.flbas % 16].ds)' "$f" 2>/dev/null | cut -d. -f1)
	lbs=$(jq -r 'pow(2; .lbafs[.flbas % 16].ds)' "$f" 2>/dev/null | cut -d. -f1)
	fio_ok "full-$ns" "full-$ns: size=100% read without error"
	b=$(bytes "full-$ns" read)
	[ -n "$cap" ] && [ "$b" = "$cap" ]; ok $? "full-$ns: read $cap bytes = NSZE x LBA size" "read $b"
	for n in last-$ns last-$ns-sync; do
		fio_ok "$n" "$n: read the last LBA"
		[ "$(bytes "$n" read)" = "$lbs" ]; ok $? "$n: moved exactly one $lbs-byte LBA" "read $(bytes "$n" read)"
	done
done
