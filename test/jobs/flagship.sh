#!/bin/sh
# The README's first command, on the drive model, as a user runs it after
# make install: the installed job library's fill in a working directory
# outside the source tree, every I/O logged (the README renders it so: its
# 10 ms log spans 2.5 s of a 1/250 model's drive a sample), with nothing but
# fio's command line and fio's normal output saved beside the logs, no JSON
# options,
#   ssdq-render --set SSDQ_FILL_LOG_MSEC=0 --out fill.fio .../jobs/fill.fio
#   fio --ioengine=external:ssdq.so --filename=W/qlc.state --ssdq_model=qlc-1tb \
#       --ssdq_model_scale=250 fill.fio > fio.out
# then ssdq-report on that directory, which holds fio's logs and ssdq's
# sidecars but no fio JSON: exit 0, the report says its figures come from the
# events sidecars and logs (naming fio.out and how to get the JSON); the SLC
# cache within 5 % of the model's own account (its model_regime events,
# test/lib/model_truth.py) and of the preset's 154.98 GB (docs/model.md: 12 +
# 169.2 GB x (1 - fill) from empty); the whole namespace written (fio's own
# count in the fio_stats event), stopped on bytes; the report's MB/s is the
# one fio printed in fio.out (to its 3 digits). Speeds are not compared with
# nominal values (they depend on the host). Also: make install puts the job
# library, a link to the engine and the tools where the same command runs in
# the share directory. About 40 s (the fill). No device.
# usage: sh test/jobs/flagship.sh   (env SSDQ_REPORT: default build/ssdq-report)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
REPORT=${SSDQ_REPORT:-$top/build/ssdq-report}
case $REPORT in /*) ;; *) REPORT=$top/$REPORT ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-flagship.XXXXXX")
trap 'rm -rf "$T" "$T_OUT"' EXIT
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed (the model's account is read with it)"; exit 77; }
[ -x "$REPORT" ] || { echo "SKIP: no $REPORT (make)"; exit 77; }

# ---- make install into a prefix of its own ------------------------------------------
P=$T/usr L=$T/lib
expect_rc 0 "make install PREFIX=$P ENGINEDIR=$L" \
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$top" --no-print-directory install PREFIX="$P" ENGINEDIR="$L"
S=$P/share/ssdq
[ -f "$S/jobs/fill.fio" ] && [ -f "$S/jobs/include/common.fio" ] && [ -f "$S/jobs/suites/consumer.suite" ] &&
	pass "the job library is in $S/jobs" || fail "no job library in $S/jobs"
[ "$(readlink "$S/ssdq.so")" = "$L/ssdq.so" ] && [ -f "$L/ssdq.so" ] &&
	pass "share/ssdq/ssdq.so links to the installed engine" || fail "share/ssdq/ssdq.so: $(ls -l "$S/ssdq.so" 2>&1)"
[ ! -e "$P/bin/ssdq-env" ] && [ -x "$P/bin/ssdq-run" ] && [ -x "$P/bin/ssdq-render" ] &&
	pass "ssdq-run and ssdq-render are installed, ssdq-env is gone" || fail "bin: $(ls "$P/bin" | tr '\n' ' ')"
# the installed engine is found through the library path, as ENGINEDIR is on a real system
expect_rc 0 "in the share directory: fio --ioengine=external:ssdq.so --filename=/dev/ng0n1 jobs/fill.fio parses" \
	sh -c 'cd "$1" && exec env -i PATH="$PATH" LD_LIBRARY_PATH="$2" fio --ioengine=external:ssdq.so \
		--filename=/dev/ng0n1 --parse-only jobs/fill.fio' sh "$S" "$L"
expect_rc 0 "the installed ssdq-render runs" "$P/bin/ssdq-render" --scale 256 --values
expect_out "^SSDQ_SPAN='256m'\$" "and scales"
expect_rc 0 "the installed ssdq-run finds the installed engine and plans a suite" \
	env -i PATH="$PATH" SSDQ_REPORT=none "$P/bin/ssdq-run" --suite pslc --model qlc-1tb --scale 64 \
	--out "$T/plan" --dry-run
expect_out "dry run: nothing was run" "a dry run"

# ---- the flagship fill, in a directory of the user's ------------------------------------
W=$T/work
mkdir -p "$W"
ln -s "$L/ssdq.so" "$W/ssdq.so"	# as the README says: fio 3.33 stats the name in its cwd
# nothing of ssdq's in the environment; fio at real-time priority where allowed
# (the model runs in real time: test/lib.sh)
(
	cd "$W" || exit 1
	# shellcheck disable=SC2046 # names, one a word
	unset $(env | sed -n 's/^\(SSDQ_[A-Z_]*\)=.*/\1/p')
	LD_LIBRARY_PATH=$L
	export LD_LIBRARY_PATH
	"$P/bin/ssdq-render" --set SSDQ_FILL_LOG_MSEC=0 --out fill.fio "$S/jobs/fill.fio" || exit 1
	fio_rt --ioengine=external:ssdq.so --filename="$W/qlc.state" --ssdq_model=qlc-1tb \
		--ssdq_model_scale=250 fill.fio >fio.out
) 2>"$T/fio.err"
rc=$?
cat "$T/fio.err" "$W/fio.out" >"$T_OUT" 2>/dev/null
[ $rc = 0 ] && pass "the flagship fill ran from $W" || { fail "the flagship fill: fio exit $rc"; sed 's/^/    /' "$T_OUT" | head; }
[ -z "$(find "$W" -name '*.json' ! -name device.json)" ] &&
	pass "fio wrote no JSON: the directory holds its logs, ssdq's sidecars and fio.out" ||
	fail "JSON in $W: $(find "$W" -name '*.json' | tr '\n' ' ')"
expect_rc 0 "ssdq-report . in that directory" sh -c 'cd "$1" && exec "$2" .' sh "$W" "$REPORT"
expect_out "SLC cache" "the text report gives the fill's SLC cache"
expect_out "^source: no fio JSON in \.: the figures come from ssdq's events sidecars \(fill_events\.1\.jsonl\)" \
	"the report says its figures come from the events sidecars and logs"
# the whole note on the source behind -v (the default gives its first sentence)
expect_rc 0 "ssdq-report -v . in that directory" sh -c 'cd "$1" && exec "$2" -v .' sh "$W" "$REPORT"
expect_out "fio.out \(fio-3\.[0-9]+\) is beside them, not read" "and names fio's normal output beside them"
expect_out "--output-format=json\+ --output=fill\.json" "and says how to get fio's JSON"
expect_rc 0 "ssdq-report --format json" sh -c '"$1" --format json "$2" >"$3"' sh "$REPORT" "$W" "$T/report.json"
expect_out "^ssdq-report: .*: no fio JSON: the figures come from ssdq's events sidecars and fio's logs \(1 test" \
	"which says once on stderr that the figures come from the logs"
got=$(python3 -c 'import json, sys
j = [j for t in json.load(open(sys.argv[1]))["tests"] for j in t["jobs"] if j["name"] == "fill"][0]
print(j["fill"]["slc_cache_gb"])' "$T/report.json" 2>/dev/null)
truth=$(cd "$top/test/lib" && python3 -c 'import sys
from model_truth import Truth
print(Truth(sys.argv[1], 250).cache_end_gb())' "$W/fill_events.1.jsonl" 2>&1)
within() { # NAME GOT WANT PCT
	if awk -v g="$2" -v w="$3" -v p="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g + 0 > 0 && w + 0 > 0 && d <= w * p / 100) }'; then
		pass "$1: $2 GB (truth $3 GB, within $4 %)"
	else
		fail "$1: got '$2', truth '$3' (more than $4 % off)"
	fi
}
within "SLC cache against the model's own account" "$got" "$truth" 5
within "SLC cache against the preset's 154.98 GB" "$got" 154.98 5
w=$(python3 -c 'import json, sys
print([e for e in map(json.loads, open(sys.argv[1])) if e["event"] == "fio_stats"][0]["stats"]["io_bytes"])' \
	"$W/fill_events.1.jsonl" 2>/dev/null)
cap=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["capacity_bytes"])' "$W/device.json" 2>/dev/null)
[ -n "$w" ] && [ "$w" = "$cap" ] && pass "the fill wrote the whole model ($w bytes, fio's count in fio_stats)" ||
	fail "wrote $w of $cap bytes"
# fio's own MB/s, as it printed it: "WRITE: bw=115MiB/s (120MB/s)"
fio_mbps=$(sed -n 's/^ *WRITE: bw=[^(]*(\([0-9.]*\)MB\/s).*/\1/p' "$W/fio.out")
rep_mbps=$(python3 -c 'import json, sys
j = [j for t in json.load(open(sys.argv[1]))["tests"] for j in t["jobs"] if j["name"] == "fill"][0]
print(j["mbps"])' "$T/report.json" 2>/dev/null)
if [ -n "$fio_mbps" ] && awk -v r="$rep_mbps" -v f="$fio_mbps" 'BEGIN { d = r - f; if (d < 0) d = -d; exit !(r + 0 > 0 && d <= f * 0.005 + 0.5) }'; then
	pass "the report's $rep_mbps MB/s is fio's own ($fio_mbps MB/s in fio.out)"
else
	fail "the report's MB/s '$rep_mbps' against fio.out's '$fio_mbps'"
fi
python3 -c 'import json, sys
t = [t for t in json.load(open(sys.argv[1]))["tests"] if t["test"] == "fill"][0]
sys.exit(not (t["source"] or "").startswith("no fio JSON"))' "$T/report.json" &&
	pass "the JSON report's source says so too" || fail "no \"source\" in the JSON report"
stop=$(grep '"event":"job_end"' "$W/fill_events.1.jsonl" | sed -n 's/.*"stop":"\([a-z]*\)".*/\1/p')
[ "$stop" = bytes ] && pass "the events say it stopped on bytes" || fail "stop reason: '$stop'"
grep -q '"event":"erase_end".*"method":"model"' "$W/fill_events.1.jsonl" &&
	pass "the fill started from an erased drive (ssdq_erase=auto in the file)" || fail "no erase_end in the events"
summary
