# Host-side helpers for checks/*.sh (sourced). $1 of the check is RESULTS,
# the scenario's result directory. Prints PASS:/FAIL:/SKIP: lines only.
R=${1:?usage: $0 RESULTS_DIR}
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
skip() { echo "SKIP: $*"; }
# ok COND-EXIT-STATUS TEXT: PASS or FAIL TEXT by the status of the last test
ok() { if [ "$1" = 0 ]; then pass "$2"; else fail "$2${3:+ ($3)}"; fi; }

# json NAME FILTER: jq -r FILTER on fio's JSON in NAME.json (text before or
# after the JSON document is fio's own log_err output and is skipped)
json() {
	[ -s "$R/$1.json" ] || { echo "no-json"; return 0; }
	awk '/^\{/ { p = 1 } p { print } /^\}/ { if (p) exit }' "$R/$1.json" |
		jq -r "$2" 2>/dev/null || echo "bad-json"
}
rc_of() { cat "$R/$1.rc" 2>/dev/null || echo missing; }
err_has() { grep -q -- "$2" "$R/$1.err" 2>/dev/null; }
first_err() { grep -m1 -v '^$' "$R/$1.err" 2>/dev/null | cut -c1-200; }

# fio_ok NAME TEXT: fio exited 0 and no job reports an error
fio_ok() {
	_rc=$(rc_of "$1") _e=$(json "$1" '[.jobs[].error] | max')
	if [ "$_rc" = 0 ] && [ "$_e" = 0 ]; then pass "$2"; else
		fail "$2 (exit $_rc, error $_e: $(first_err "$1"))"; fi
}
# bytes NAME DDIR: sum of io_bytes of DDIR (read, write, trim) over all jobs
bytes() { json "$1" "[.jobs[].$2.io_bytes] | add"; }
# to_bytes 4M -> 4194304
to_bytes() {
	echo "$1" | awk '{ n = $0 + 0; u = toupper(substr($0, length($0)))
		if (u == "K") n *= 1024; if (u == "M") n *= 1048576; if (u == "G") n *= 1073741824
		printf "%d\n", n }'
}

# scenario_ran: FAIL (and exit) when the scenario did not run to completion
scenario_ran() {
	if [ ! -f "$R/exit-code" ]; then fail "did not run (no $R/exit-code)"; exit 0; fi
	if [ -f "$R/timeout" ]; then fail "killed by the per-scenario timeout"; fi
}
# need_engine: FAIL (and exit) when build/ssdq.so was not in the initramfs
need_engine() {
	if [ "$(cat "$R/../engine" 2>/dev/null)" != present ]; then
		fail "build/ssdq.so was missing when the initramfs was built (run make)"
		exit 0
	fi
}
