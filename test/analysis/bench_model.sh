#!/bin/sh
# The drive model against its presets' nominal figures (docs/model.md), for
# a quiet host: `make bench` runs it. The model runs in real time, so a busy
# host makes it slower, and these figures are checks of the host as much as
# of the model; the test tiers check the report against the model's own
# account instead (test/model-truth.sh, test/analysis/test_report_model.sh).
# Prints each figure beside its nominal value; "N passed, N failed" at the end.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
R=${SSDQ_REPORT:-$top/build/ssdq-report}
W=$(mktemp -d)
trap 'rm -rf "$W" "$T_OUT"' EXIT

near() { expect_near "$1" "$2" "$3" "$4" nominal; }
jget() { jq -r ".tests[0].jobs[0] | $2" "$1"; }

# fill PRESET SIZE: a 1 MiB QD2 fill at scale 200, logged per I/O
fill() {
	d=$W/$1; mkdir -p "$d"
	(cd "$d" && fio_rt --name=fill --ioengine=external:"$SO" --ssdq_model="$1" \
		--ssdq_model_scale=200 --filename="$d/drive" --ssdq_erase=auto --rw=write --bs=1m \
		--iodepth=2 --size="$2" --write_bw_log=fill --log_avg_msec=0 --log_unix_epoch=1 \
		--output-format=json+ --output=fill.json) >"$T_OUT" 2>&1 || fail "$1: the fill ran"
	"$R" --format json "$d" >"$d.json" 2>/dev/null
}

fill tlc-dramless-1tb 100%
near "tlc-dramless-1tb SLC cache GB" "$(jget "$W/tlc-dramless-1tb.json" .fill.slc_cache_gb)" 88 3
near "tlc-dramless-1tb in-cache MB/s" "$(jget "$W/tlc-dramless-1tb.json" .fill.in_cache_mbps)" 2800 8
near "tlc-dramless-1tb post-cache MB/s" "$(jget "$W/tlc-dramless-1tb.json" .fill.post_cache_mbps)" 650 5
near "tlc-dramless-1tb folding MB/s (from 80 %)" "$(jget "$W/tlc-dramless-1tb.json" '.fill.phases[-1].mbps')" 400 10
near "tlc-dramless-1tb whole fill MB/s" "$(jget "$W/tlc-dramless-1tb.json" .fill.overall_mbps)" 600 10
fill qlc-1tb 40%
near "qlc-1tb SLC cache GB" "$(jget "$W/qlc-1tb.json" .fill.slc_cache_gb)" 154.98 3
near "qlc-1tb in-cache MB/s" "$(jget "$W/qlc-1tb.json" .fill.in_cache_mbps)" 1700 8
near "qlc-1tb post-cache MB/s" "$(jget "$W/qlc-1tb.json" .fill.post_cache_mbps)" 100 5

# a full qlc-1tb: once its cache is gone, 4 KiB random writes at QD32 pay the
# write amplification of a full drive (docs/model.md: 5.70, so 100 / 5.70 MB/s)
d=$W/qlc-full; mkdir -p "$d"
(cd "$d" && fio_rt --name=fill --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
	--ssdq_model_scale=200 --filename="$d/drive" --ssdq_erase=auto --rw=write --bs=1m \
	--iodepth=2 --size=100% --output-format=json --output=fill.json &&
	fio_rt --name=rand --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
	--ssdq_model_scale=200 --filename="$d/drive" --rw=randwrite --bs=4k --iodepth=32 \
	--norandommap --io_size=64m --output-format=json+ --output=rand.json) >"$T_OUT" 2>&1 ||
	fail "qlc-1tb full: the fill and the random writes ran"
near "qlc-1tb full, 4 KiB random write QD32 MB/s" \
	"$(jq -r '.jobs[0].write.bw_bytes / 1e6' "$d/rand.json")" 17.5 10

d=$W/qd1; mkdir -p "$d"
(cd "$d" && fio_rt --name=qd1 --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=1000 --filename="$d/drive" --rw=randread --bs=4k --iodepth=1 \
	--ssdq_sync=1 --number_ios=20000 --norandommap --output-format=json+ --output=qd1.json) \
	>"$T_OUT" 2>&1 || fail "qd1: the job ran"
"$R" --format json "$d" >"$d.json" 2>/dev/null
near "tlc-enterprise-4tb QD1 mean us" "$(jget "$d.json" .lat_mean_us)" 80.3 10
near "tlc-enterprise-4tb QD1 p99 us" "$(jget "$d.json" .lat_p99_us)" 106.2 10
summary
