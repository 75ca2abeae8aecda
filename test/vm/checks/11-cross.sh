# Cross-engine verify in both directions; verify_only must catch unwritten data.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
for ns in 512 4K; do
	for p in ref-w:ssdq-v ref-w:ssdq-sync-v ssdq-w:ref-v ssdq-sync-w:ref-sync-v; do
		w=$ns-${p%:*} v=$ns-${p#*:}
		fio_ok "$w" "$w: wrote 32 MiB with verify headers"
		got=$(bytes "$v" read)
		if [ "$(rc_of "$v")" = 0 ] && [ "$(json "$v" '[.jobs[].error] | max')" = 0 ] &&
			[ "$got" = 33554432 ]; then
			pass "$v: verified all 32 MiB that $w wrote"
		else
			fail "$v: exit $(rc_of "$v"), verified $got of 33554432 bytes written by $w: $(first_err "$v")"
		fi
	done
	for e in ssdq ref; do
		n=$ns-$e-never-v
		e=$(json "$n" '[.jobs[].error] | max')
		[ "$(rc_of "$n")" != 0 ] && [ "$e" != 0 ]
		ok $? "$n: verify_only over never-written LBAs fails (control)" "exit $(rc_of "$n"), error $e"
	done
done
