#!/bin/sh
# The SLC cache figure against the drive model's own account, over the
# matrix the suites run: every preset x {fill, pslc-fill, precondition} x
# scale x log interval (per-I/O, 10 ms, 1 s). A cell passes when the
# report's cache end is within 2 % of the model's (its model_regime events),
# or the range it states holds it; a null figure passes only with a reason
# that names the log_avg_msec that would resolve it and, where it states a
# range, a range that holds the truth; a preset with no cache gets none.
#
# usage: slc_matrix.sh [--all] [--keep DIR]
#   without --all, the integration tier's sample: a cell for each rule
#   (per-I/O, recovery bursts, QD1, a 17 % fall, the cache inside fio's
#   first sample, a sample spanning most of the drive, no cache)
#   --all     the whole matrix: `make slc-matrix` (about 30 minutes idle)
#   --keep DIR  leave the runs in DIR
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
case $SO in /*) ;; *) SO=$PWD/$SO ;; esac	# fio runs in each cell's directory
export PYTHONPATH="$top/test/lib${PYTHONPATH:+:$PYTHONPATH}"
W=$(mktemp -d)
sample=1
while [ $# -gt 0 ]; do
	case $1 in
	--all) sample=0 ;;
	--keep) shift; W=$1; mkdir -p "$W" ;;
	*) echo "usage: $0 [--all] [--keep DIR]" >&2; exit 2 ;;
	esac
	shift
done
trap 'rm -f "$T_OUT"' EXIT

# cell PRESET JOB SCALE LOG_MSEC
cell() {
	p=$1 j=$2 s=$3 l=$4 d=$W/$1-$2-$3-$4
	case $j in
	fill) f=$top/jobs/fill.fio v=SSDQ_FILL_LOG_MSEC ;;
	pslc-fill) f=$top/jobs/pslc/pslc-fill.fio v=SSDQ_PSLC_LOG_MSEC ;;
	precondition) f=$top/jobs/enterprise/precondition.fio v=SSDQ_LOG_MSEC ;;
	esac
	mkdir -p "$d"
	sh "$top/jobs/ssdq-render" --set "$v=$l" --out "$d/job.fio" "$f" ||
		{ fail "$p $j 1/$s log $l: the job rendered"; return; }
	(cd "$d" && fio_rt --ioengine=external:"$SO" --filename="$d/model.state" --ssdq_model="$p" \
		--ssdq_model_scale="$s" --output-format=json+ --output="$j.json" job.fio) >"$T_OUT" 2>&1 ||
		{ fail "$p $j 1/$s log $l: fio ran"; sed 's/^/    /' "$T_OUT" | head -5; return; }
	rm -f "$d/model.state"
	"$REPORT" --format json "$d" >"$d.report.json" 2>"$d.report.err"
	if python3 "$top/test/lib/slc_cell.py" "$d.report.json" "$d/${j}_events.1.jsonl" "$s" >"$T_OUT" 2>&1; then
		pass "$p $j 1/$s log $l: $(cat "$T_OUT")"
	else
		fail "$p $j 1/$s log $l: $(cat "$T_OUT")"
	fi
}

if [ $sample = 1 ]; then
	cell qlc-1tb fill 1000 0		# per-I/O, recovery bursts after the cache
	cell tlc-dramless-1tb pslc-fill 1000 0	# QD1 1 MiB
	cell sata-1tb fill 1000 0		# a 17 % fall
	cell tlc-dramless-1tb fill 1000 10	# the cache inside fio's first sample
	cell qlc-1tb precondition 4000 1000	# one sample spans most of the drive
	cell tlc-enterprise-4tb precondition 4000 0	# no cache
else
	for s in 250 1000 4000; do
		for p in qlc-1tb tlc-dramless-1tb sata-1tb tlc-enterprise-4tb; do
			for j in fill pslc-fill precondition; do
				for l in 0 10 1000; do
					cell "$p" "$j" "$s" "$l"
				done
			done
		done
	done
fi
case $W in /tmp/tmp.*) rm -rf "$W" ;; esac
summary
