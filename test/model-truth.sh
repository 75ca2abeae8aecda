#!/bin/sh
# ssdq-report recovers the drive model's own account of each run (the
# model_regime events, test/lib/model_truth.py, and the model_energy event):
# the SLC cache end within 2 %, the post-cache speed within 5 % of what the
# host got while the model wrote direct, average power within 0.5 % of the
# model's energy account (the power lines keep the model's energy however
# late the sampler reads: measured 0.001-0.03 %), a hot drive reported as
# throttling, not as a cache end, and QD1 percentiles as fio measured them,
# never below the model's own latency distribution. That truth holds on a
# busy host; the presets' nominal figures (docs/model.md: 88 GB, 650 MB/s,
# a 106 us p99) are checked on a quiet host by `make bench`
# (test/analysis/bench_model.sh). No device.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT
export PYTHONPATH="$top/test/lib${PYTHONPATH:+:$PYTHONPATH}"

within() { expect_near "$@"; }

# fill DIR PRESET SCALE SIZE [ENGINE OPTIONS]: a pSLC-style fill into $W/DIR
fill() {
	d=$W/$1; mkdir -p "$d"; p=$2 s=$3 z=$4; shift 4
	(cd "$d" && fio_rt --name=fill --ioengine=external:"$SO" --ssdq_model="$p" --ssdq_model_scale="$s" \
		--filename="$d/model.state" --ssdq_erase=auto --rw=write --bs=1m --iodepth=1 --size="$z" \
		--ssdq_power_rate=1000 --ssdq_smart_interval=0.1 --write_bw_log=fill --log_avg_msec=10 \
		--log_unix_epoch=1 --output-format=json+ --output=fill.json "$@") >"$T_OUT" 2>&1 ||
		{ fail "$p: the fill ran"; sed 's/^/    /' "$T_OUT" | head; return 1; }
	"$REPORT" --format json "$d" >"$d.report.json" 2>"$d.report.err" ||
		{ fail "$p: ssdq-report read the fill"; sed 's/^/    /' "$d.report.err" | head; }
}
jget() { jq -r "[.tests[].jobs[] | select(.name == \"$2\")][0] | $3" "$1.report.json"; }
# truth DIR SCALE EXPR: a figure of the model's own account of the fill in DIR
truth() { python3 -c "from model_truth import Truth; t = Truth('$1/fill_events.1.jsonl', $2); print($3)"; }
truth_w() { sed -n 's/.*"event":"model_energy".*, \([0-9.]*\) W".*/\1/p' "$1"/fill_events.1.jsonl | tail -n 1; }

# post_cache PRESET DIR SCALE: the report's post-cache MB/s within 5 % of
# what the host got while the model wrote direct, or, where the host
# stalled (the report's medians leave a stall out), of the same less the
# stalls fio's 10 ms log shows; further off only where the report marks the
# figure as the host's (issue 34: a figure the host moved carries the mark;
# 376 against 455 MB/s seen beside five CPU spinners and a disk writer)
post_cache() {
	_got=$(jget "$2" fill .fill.post_cache_mbps)
	_t=$(truth "$2" "$3" 't.mbps("direct")')
	_s=$(truth "$2" "$3" "t.stall_free_mbps('direct', '$2/fill_bw.1.log', 10)")
	_m=$(jget "$2" fill '.fill.marks.post_cache_mbps // [] | index("host") != null')
	if is_near "$_got" "$_t" 5; then
		within "$1 post-cache MB/s" "$_got" "$_t" 5
	elif is_near "$_got" "$_s" 5 || [ "$_m" != true ]; then
		within "$1 post-cache MB/s (the host stalled: $_t MB/s with the stalls)" "$_got" "$_s" 5 "truth less the host's stalls"
	else
		pass "$1 post-cache MB/s: $_got, marked as the host's (the model's account $_t, $_s less the stalls)"
	fi
}
# cache_end PRESET DIR SCALE: the report's SLC cache end within 2 % of the
# model's, or, where the host moved the log's samples (the edge found
# 1.9 GB early beside five CPU spinners and a disk writer, or no figure at
# all), the model's end inside the range the report gives for it
# (slc_cache_range_gb: where the log places the edge)
cache_end() {
	_got=$(jget "$2" fill .fill.slc_cache_gb)
	_t=$(truth "$2" "$3" 't.cache_end_gb()')
	_r=$(jget "$2" fill '.fill.slc_cache_range_gb // [] | map(tostring) | join(" ")')
	if is_near "$_got" "$_t" 2 || [ -z "$_r" ]; then
		within "$1 SLC cache GB" "$_got" "$_t" 2
	elif awk -v t="$_t" -v lo="${_r% *}" -v hi="${_r#* }" 'BEGIN { exit !(lo <= t && t <= hi) }'; then
		pass "$1 SLC cache GB: $_got, the model's $_t inside the report's range $_r"
	else
		fail "$1 SLC cache GB: got '$_got', the model's $_t outside the report's range $_r"
	fi
}
# Scales keep a 10 ms log sample under 1 % of the cache (the cache edge is
# found to about one sample): 28 MB x 20 = 0.56 GB of 88 GB, 17 MB x 50 = 0.85
# GB of 155 GB.
# tlc-dramless-1tb: 88 GB static pSLC, then direct writes
fill tlc tlc-dramless-1tb 20 5500m
d=$W/tlc
cache_end tlc-dramless-1tb "$d" 20
post_cache tlc-dramless-1tb "$d" 20
within "tlc-dramless-1tb average W" "$(jget "$d" fill .power_w)" "$(truth_w "$d")" 0.5

# qlc-1tb: dynamic cache, 12 + 169.2 x (1 - fill) GB: 154.98 GB on a fill
# from empty, more where the drive was idle long enough to free some
fill qlc qlc-1tb 50 3400m
d=$W/qlc
cache_end qlc-1tb "$d" 50
post_cache qlc-1tb "$d" 50
within "qlc-1tb average W" "$(jget "$d" fill .power_w)" "$(truth_w "$d")" 0.5

# the same drive in a hot case (70 C air): it throttles during the fill
fill hot qlc-1tb 100 2200m --ssdq_model_ambient=70
d=$W/hot
grep -q '"thm_temp1_trans_count":[1-9]' "$d"/fill_smart.1.jsonl &&
	pass "hot qlc-1tb: the model's SMART log counts thermal throttling" ||
	fail "hot qlc-1tb: no thermal-management transition in the SMART log"
v=$(jget "$d" fill '.fill.throttle // empty')
c=$(jget "$d" fill '.fill.slc_cache_gb')
[ -n "$v" ] && [ "$v" != null ] && [ "$c" = null ] &&
	pass "hot qlc-1tb: the report says the drive throttled, not that a cache ended ($v)" ||
	fail "hot qlc-1tb: the report does not report throttling: $(jq -c '.tests[].jobs[].fill' "$d.report.json" | head -c 400)"

# QD1 4 KiB random reads on tlc-enterprise-4tb. The report's percentiles
# are fio's (its json+ bins); they cannot lie below the model's own latency
# distribution (docs/model.md: p50 78, p99 105 us, plus 1.2 us on the link),
# as a host only ever adds latency. A 20 000-I/O sample's p99 sits within
# 0.1 % of the distribution's below it (its quantile is 0.99 +- 0.0007 where
# the density is 55 us per unit): 1 % is allowed. How far above it lies is
# the host's doing (hypervisor and timer stalls of 20-40 us lift a quiet
# run's p99 10-30 %), checked on a quiet host by make bench.
d=$W/qd1; mkdir -p "$d"
(cd "$d" && fio_rt --name=qd1 --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=1000 --filename="$d/model.state" --rw=randread --bs=4k --iodepth=1 \
	--ssdq_sync=1 --number_ios=20000 --norandommap --output-format=json+ --output=qd1.json) \
	>"$T_OUT" 2>&1 || fail "qd1: the job ran"
"$REPORT" --format json "$d" >"$d.report.json" 2>"$d.report.err" || fail "qd1: ssdq-report read it"
fio_p() { jq -r ".jobs[0].read.clat_ns.percentile[\"$1\"] / 1000" "$d/qd1.json"; }
within "tlc-enterprise-4tb QD1 p99 us is fio's" "$(jget "$d" qd1 .lat_p99_us)" "$(fio_p 99.000000)" 0.01
within "tlc-enterprise-4tb QD1 p99.99 us is fio's" "$(jget "$d" qd1 .lat_p9999_us)" "$(fio_p 99.990000)" 0.01
for q in 50:78 99:105; do
	got=$(jget "$d" qd1 .lat_p"${q%%:*}"_us 2>/dev/null)
	[ "$got" = null ] || [ -z "$got" ] && got=$(fio_p "${q%%:*}.000000")
	floor=$(awk -v l="${q#*:}" 'BEGIN { print (l + 1.2) * 0.99 }')
	awk -v g="$got" -v f="$floor" 'BEGIN { exit !(g != "" && g >= f) }' &&
		pass "tlc-enterprise-4tb QD1 p${q%%:*} $got us is not below the model's ${q#*:} us" ||
		fail "tlc-enterprise-4tb QD1 p${q%%:*} '$got' us lies below the model's own ${q#*:} us (floor $floor)"
done
summary
