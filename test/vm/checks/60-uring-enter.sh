# io_uring_enter per I/O (strace -c -f) through ssdq and fio's io_uring_cmd;
# every I/O's clat against its command's time in the driver (nvme tracepoints).
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine

# enters NAME: io_uring_enter calls strace -c counted in NAME.strace
enters() { awk '$NF == "io_uring_enter" { print $4; f = 1 } END { if (!f) print 0 }' "$R/$1.strace" 2>/dev/null; }
ios() { json "$1" '[.jobs[].read.total_ios] | add'; }
per_io() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "nan" }'; }

if [ "$(cat "$R/strace.path" 2>/dev/null)" = missing ]; then
	fail "strace is in the guest (scripts/deps.sh vm installs it; rebuild the initramfs)"
else
	for name in ssdq-qd1 ref-qd1 ssdq-qd32 ref-qd32 ssdq-hipri-qd1; do
		fio_ok $name "$name: 2000 random reads under strace without error"
	done
	e1=$(enters ssdq-qd1) n1=$(ios ssdq-qd1) r1=$(enters ref-qd1) m1=$(ios ref-qd1)
	e32=$(enters ssdq-qd32) n32=$(ios ssdq-qd32) r32=$(enters ref-qd32) m32=$(ios ref-qd32)
	# the polled run's trace: a line per call ("<... resumed>" halves carry no "(")
	tr=$R/ssdq-hipri-qd1.trace
	eh=$(grep -c 'io_uring_enter(' "$tr" 2>/dev/null) nh=$(ios ssdq-hipri-qd1)
	sh_=$(grep -c 'io_uring_enter([0-9]*, [1-9]' "$tr" 2>/dev/null)
	shw=$(grep 'io_uring_enter([0-9]*, [1-9]' "$tr" 2>/dev/null | grep -c 'IORING_ENTER_GETEVENTS')
	echo "io_uring_enter per I/O: ssdq QD1 $(per_io "$e1" "$n1"), io_uring_cmd QD1" \
		"$(per_io "$r1" "$m1"), ssdq QD32 $(per_io "$e32" "$n32"), io_uring_cmd QD32" \
		"$(per_io "$r32" "$m32"), ssdq hipri QD1 $(per_io "$eh" "$nh")"
	# a few enters beyond one per I/O: the ring's last reap at the job's end
	[ "$n1" = 2000 ] && [ "$e1" -ge "$n1" ] && [ "$e1" -le $((n1 + 8)) ]
	ok $? "ssdq QD1: one io_uring_enter per I/O" "$e1 enters for $n1 I/Os"
	# a polled wait returns early when the task must reschedule (io_iopoll_check
	# stops on need_resched(), more often under strace and load): then it
	# enters again, submitting nothing; how often is the scheduler's business
	[ "$nh" = 2000 ] && [ "$sh_" -ge "$nh" ] && [ "$sh_" -le $((nh + 8)) ] && [ "$shw" = "$sh_" ] &&
		[ "$eh" -ge "$sh_" ]
	ok $? "ssdq QD1 polled (ssdq_hipri): each I/O submitted by one io_uring_enter that also waits" \
		"$sh_ submitting enters ($shw of them waiting) of $eh for $nh I/Os"
	[ "$m1" = 2000 ] && [ "$r1" -gt "$e1" ]
	ok $? "fio's io_uring_cmd QD1, measured alike, enters more often" "$r1 enters for $m1 I/Os"
	[ "$n32" = 2000 ] && [ "$e32" -le $((n32 + 40)) ]
	ok $? "ssdq QD32: at most one io_uring_enter per I/O" "$e32 enters for $n32 I/Os"
fi

# clat of each I/O (fio's per-I/O log, ns, by offset) >= its command's time
# from nvme_setup_cmd to nvme_complete_rq (same qid and cmdid); the trace
# prints microseconds, so a difference may read up to 1 us long
for mode in plain hipri; do
	fio_ok lat-$mode "lat-$mode: 500 logged reads without error"
	log=$R/lat-${mode}_clat.1.log tr=$R/trace-$mode.txt
	if [ ! -s "$log" ] || [ ! -s "$tr" ]; then
		fail "lat-$mode: fio's clat log and the nvme trace exist"; continue
	fi
	res=$(awk '
		FNR == NR {
			t = $0; sub(/^.*\] [^ ]+ /, "", t); split(t, a, ":"); ts = a[1] * 1e9
			q = $0; sub(/.*qid=/, "", q); sub(/,.*/, "", q)
			c = $0; sub(/.*cmdid=/, "", c); sub(/,.*/, "", c)
			if ($0 ~ /nvme_setup_cmd:/ && $0 ~ /slba=/) {
				s = $0; sub(/.*slba=/, "", s); sub(/[^0-9].*/, "", s)
				start[q "/" c] = ts; lba[q "/" c] = s
			} else if ($0 ~ /nvme_complete_rq:/ && ((q "/" c) in start)) {
				dev[lba[q "/" c] * 4096] = ts - start[q "/" c]; delete start[q "/" c]
			}
			next
		}
		{
			gsub(/,/, ""); off = $5; clat = $2; n++
			if (!(off in dev)) { miss++; next }
			m++; slack = clat - dev[off]
			if (slack < -1000) { bad++; if (!ex) ex = sprintf("offset %d clat %d ns < device %d ns", off, clat, dev[off]) }
			if (m == 1 || slack < min) min = slack
		}
		END { printf "%d %d %d %d %.0f %s\n", n, m, miss, bad, min, ex }' "$tr" "$log")
	set -- $res
	echo "lat-$mode: $1 logged I/Os, $2 matched to a traced command, least clat - device time $5 ns"
	[ "${1:-0}" = 500 ] && [ "${2:-0}" -ge 490 ]
	ok $? "lat-$mode: fio's clat log and the trace name the same I/Os" "$res"
	[ "${4:-1}" = 0 ]
	ok $? "lat-$mode: every I/O's clat covers its command's time in the driver and drive" "$res"
done
