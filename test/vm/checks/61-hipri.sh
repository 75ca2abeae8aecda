# ssdq_hipri: polled completions (few interrupts) where the controller has
# poll queues, a refusal naming them where it has none.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine

v=$(cat "$R/io_poll-4k" 2>/dev/null)
[ "$v" = 1 ]; ok $? "the 4-KiB namespace's queue polls (nvme.poll_queues=1 on the kernel command line)" "io_poll $v, poll_queues $(cat "$R/poll_queues" 2>/dev/null)"
for qd in 1 8; do
	for n in ssdq-plain-qd$qd ssdq-hipri-qd$qd ref-hipri-qd$qd; do
		fio_ok $n "$n: 3000 random reads without error"
	done
	ios=$(json ssdq-plain-qd$qd '.jobs[0].read.total_ios')
	pl=$(cat "$R/ssdq-plain-qd$qd.irqs" 2>/dev/null || echo x)
	hp=$(cat "$R/ssdq-hipri-qd$qd.irqs" 2>/dev/null || echo x)
	rf=$(cat "$R/ref-hipri-qd$qd.irqs" 2>/dev/null || echo x)
	echo "QD$qd interrupts for 3000 reads: ssdq $pl, ssdq hipri $hp, io_uring_cmd hipri $rf"
	# at QD8 one interrupt may complete several commands
	[ "$ios" = 3000 ] && [ "$pl" -ge $((qd == 1 ? 2700 : 300)) ] 2>/dev/null
	ok $? "QD$qd without polling: completions come by interrupt (QD1: one an I/O; QD8: one per 10 at least)" "$pl interrupts, $ios I/Os"
	[ "$hp" -lt 300 ] 2>/dev/null
	ok $? "QD$qd ssdq_hipri=1: completions are polled (under one interrupt per 10 I/Os)" "$hp interrupts"
	[ "$rf" -lt 300 ] 2>/dev/null
	ok $? "QD$qd io_uring_cmd --hipri=1 polls the same way" "$rf interrupts"
done

np=$(cat "$R/nopoll-dev" 2>/dev/null)
if [ -z "$np" ] || [ "$np" = none ]; then
	fail "the controller with serial ssdqnopoll is there"
else
	v=$(cat "$R/io_poll-nopoll" 2>/dev/null)
	[ "$v" = 0 ]; ok $? "the single-queue controller has no poll queue" "io_poll $v"
	rc=$(rc_of nopoll)
	[ "$rc" != 0 ] && [ "$(json nopoll '.jobs[0].read.io_bytes')" != 16777216 ]
	ok $? "ssdq_hipri=1 without poll queues fails the job" "exit $rc"
	err_has nopoll "has no NVMe poll queues" && err_has nopoll "nvme.poll_queues=N"
	ok $? "the refusal names the missing poll queues and nvme.poll_queues" "$(first_err nopoll)"
fi
rc=$(rc_of sync-hipri)
[ "$rc" != 0 ] && err_has sync-hipri "ssdq_hipri polls io_uring completions; ssdq_sync=1 has none"
ok $? "ssdq_hipri=1 with ssdq_sync=1 is refused" "exit $rc: $(first_err sync-hipri)"
rc=$(rc_of numjobs-hipri)
ios=$(json numjobs-hipri '[.jobs[]?.read.total_ios] | add // 0' 2>/dev/null)
[ "$rc" != 0 ] && { [ "$ios" = 0 ] || [ "$ios" = no-json ]; } &&
	err_has numjobs-hipri "ssdq_hipri=1 with numjobs above 1: several rings polling one NVMe poll queue"
ok $? "ssdq_hipri=1 with numjobs=2 is refused before any I/O" "exit $rc, $ios I/Os: $(first_err numjobs-hipri)"
# one polled ring per controller
grep -q 'ssdq-ns\.poll-' "$R/poll-lock" 2>/dev/null && grep -q 'FLOCK' "$R/poll-lock"
ok $? "the first polled job took its controller's polling lock" "$(tr '\n' ' ' <"$R/poll-lock" 2>/dev/null)"
rc=$(rc_of poll-first) ios=$(json poll-first '.jobs[0].read.total_ios')
[ "$rc" = 0 ] && [ "$ios" -gt 0 ] 2>/dev/null
ok $? "the first polled job runs its 6 s beside the refused one" "exit $rc, $ios I/Os"
rc=$(rc_of poll-second)
ios=$(json poll-second '[.jobs[]?.read.total_ios] | add // 0' 2>/dev/null)
[ "$rc" != 0 ] && { [ "$ios" = 0 ] || [ "$ios" = no-json ]; } &&
	err_has poll-second "another ssdq_hipri job polls" &&
	err_has poll-second "pid [0-9]* (fio --name=poll-first" &&
	err_has poll-second "crashed Linux 6.1"
ok $? "a second fio polling the same controller is refused before any I/O, naming the first" \
	"exit $rc, $ios I/Os: $(first_err poll-second)"
rc=$(rc_of poll-threads)
ios=$(json poll-threads '[.jobs[]?.read.total_ios] | map(select(. > 0)) | length' 2>/dev/null)
[ "$rc" != 0 ] && [ "$ios" = 1 ] &&
	err_has poll-threads "another job of this fio process (thread=1) polls already"
ok $? "two polled jobs of one fio run with thread=1: one runs, the other is refused" \
	"exit $rc, jobs with I/O: $ios: $(first_err poll-threads)"
