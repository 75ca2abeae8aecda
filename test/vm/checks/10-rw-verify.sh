# Every ssdq write+verify run moved SIZE each way without error.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
[ -s "$R/runs" ] || { fail "no runs recorded"; exit 0; }
while read -r n size; do
	want=$(to_bytes "$size")
	w=$(bytes "$n" write) r=$(bytes "$n" read)
	if [ "$(rc_of "$n")" = 0 ] && [ "$(json "$n" '[.jobs[].error] | max')" = 0 ] &&
		[ "$w" = "$want" ] && [ "$r" = "$want" ]; then
		pass "$n: wrote and verified $size"
	else
		fail "$n: exit $(rc_of "$n"), wrote $w, verified $r of $want bytes: $(first_err "$n")"
	fi
done <"$R/runs"
