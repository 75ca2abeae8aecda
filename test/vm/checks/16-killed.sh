# A fill whose fio was killed with SIGKILL on an emulated namespace: the
# report's curve from the progress sidecars reaches what the drive took.
. "$(dirname "$0")/../check-lib.sh"
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
. "$ROOT/test/lib/progress.sh"
REPORT=${SSDQ_REPORT:-$ROOT/build/ssdq-report}
PROGRESS_AVG=100
BS=16384 QD=4
scenario_ran; need_engine
if [ -f "$R/not-killed" ]; then fail "$(cat "$R/not-killed")"; exit 0; fi
[ -x "$REPORT" ] || { fail "$REPORT is not built (run make): the killed run was not reported"; exit 0; }
D=$R/fill

[ "$(cat "$R/fio.rc" 2>/dev/null)" = 137 ]; ok $? "fio was killed by SIGKILL (exit 137)" "exit $(cat "$R/fio.rc" 2>/dev/null)"
[ ! -s "$D/fill.json" ] && [ ! -e "$D/fill_bw.1.log" ]
ok $? "fio's JSON is empty and its bw log was never written"
[ ! -s "$R/job-left" ]; ok $? "the job process died with fio's main process" "fio pids left: $(cat "$R/job-left")"
hwc() { jq -r .host_write_commands "$R/$1.json" 2>/dev/null; }
b=$(hwc smart-before) a=$(hwc smart-after) l=$(hwc smart-later)
[ -n "$a" ] && [ "$a" = "$l" ]; ok $? "no write reached the drive after the kill (host write commands $a, then $l)"
taken=$(( (a - b) * BS ))

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$REPORT" --format json "$D" >"$tmp/report.json" 2>"$tmp/report.err"
rc=$?
"$REPORT" "$D" >"$tmp/report.txt" 2>/dev/null
[ $rc = 1 ]; ok $? "ssdq-report exits 1 on the killed run" "exit $rc: $(head -c 200 "$tmp/report.err")"
grep -q "^PARTIAL RUN: killed at .* fio's JSON is empty" "$tmp/report.txt"
ok $? "the report says it was killed and how far it got ($(sed -n 's/^PARTIAL RUN: //p' "$tmp/report.txt" | cut -c1-50))"
job() { jq -r "[.tests[] | select(.test == \"fill\") | .jobs[]][0] | $1" "$tmp/report.json"; }
[ "$(job .stop)" = killed ] && [ "$(job .partial)" = true ]
ok $? "the job is stop killed, marked partial" "stop $(job .stop), partial $(job .partial)"
case $(job .fill.source) in "the engine's progress sidecar"*) r=0 ;; *) r=1 ;; esac
ok $r "the curve comes from the engine's progress sidecar" "$(job .fill.source)"

# the kill's moment: the mtimes the guest read just before and after it
# (its coarse clock may run one tick, 10 ms at most, behind)
ms() { sed -n "${1}p" "$R/kill-time" | { read -r t; date -u -d "$t" +%s%3N; }; }
curve=$(awk -v g="$(job .fill.gb_written)" 'BEGIN { printf "%.0f", g * 1e9 }')
# the first line covers the time since the job's start, which the sidecar
# does not say: the report takes the next interval's length for it, and a
# late tick on a busy host makes the two differ. The curve may pass what
# the drive took by that line's bytes and one command's.
first=$(awk -F', *' 'NR == 1 { t = $1; v = $2 } NR == 2 { printf "%.0f", v * 1.024 * ($1 - t); exit }' \
	"$D"/fill_progress_bw.1.log)
kill_reached "killed fill" "$curve" "$taken" "$(ms 1)" "$(($(ms 2) + 10))" $((QD * BS)) $((BS + first)) 0 \
	"$D"/fill_progress_bw.1.log
