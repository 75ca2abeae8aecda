# io_uring stall watch: a drive silent past ssdq_stall_timeout stops the job.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
if [ "$(cat "$R/slow.dev" 2>/dev/null)" = none ]; then
	fail "no ssdqslow namespace in the guest"; exit 0
fi
ev=$R/uring-stall_events.1.jsonl
silent=$(sed -n 's/.*"event":"stalled".*"silent_s":\([0-9.]*\).*/\1/p' "$ev" 2>/dev/null)
[ "$(rc_of uring-stall)" != 0 ]
ok $? "the stalled job fails (exit $(rc_of uring-stall))"
awk -v s="$silent" 'BEGIN { exit !(s != "" && s >= 0.1 && s < 0.5) }'
ok $? "its events say stalled, silent ${silent:-?} s: at least the 100 ms bound, before the drive's 0.5 s"
grep -q '"event":"job_end".*"stop":"stalled"' "$ev" 2>/dev/null
ok $? "job_end says stop stalled" "$(grep job_end "$ev" 2>/dev/null)"
err_has uring-stall "the drive stalled"
ok $? "stderr names the stall" "$(first_err uring-stall)"
fio_ok uring-slow "a 3 s bound on the same drive: the reads complete"
ev=$R/uring-slow_events.1.jsonl
grep -q '"event":"job_end","job":"uring-slow","bytes":32768,"stop":"bytes"' "$ev" 2>/dev/null &&
	! grep -q '"event":"stalled"' "$ev"
ok $? "and its job ends on bytes, with no stalled event" "$(grep -E 'job_end|stalled' "$ev" 2>/dev/null)"
