#!/bin/sh
# Every chart ssdq-report draws, read from its SVG (test/lib/svg_check.py):
# each axis' tick labels on its scale (linear, log or nines) at their
# positions, and no line drawn through fewer than two points. Over:
# - charts made to break each rule, which the checker must flag (it can fail);
# - a generated run (gen_timeline_run.py) whose throughput tops out where an
#   axis' top was rounded with one step and its ticks drawn with another
#   (1638 MB/s: a top of 1800, its last tick labelled 2000), and whose SMART
#   log holds one sample (a temperature chart of one point): the chart's
#   ticks end at its top, and a sentence stands in for the temperature chart;
# - the pages and --svg-dir charts of the fixtures (the two model drives
#   compared, plain fio runs, fio 2.21's histograms, bare logs, every fio
#   release) and of the real fio output of the corpus (SSDQ_CORPUS, else
#   ../shared/corpus/fio-real; left out when it is not there).
# test_report_demo.sh runs the same checker over the demo's page.
# Run from the top of the tree; SSDQ_REPORT overrides build/ssdq-report.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
C=${SSDQ_CORPUS:-../shared/corpus/fio-real}
FX=test/fixtures
CHECK="python3 test/lib/svg_check.py"
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: no python3"; exit 77; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# ---- the checker fails where it should ---------------------------------------
# a y axis whose top tick, drawn at 1800's place, says 2000; a line of one
# point; a label drawn away from its tick; then the same chart put right
bad_chart() {
	cat <<EOF
<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="made wrong" viewBox="0 0 400 300">
<g>
<line x1="70" y1="270" x2="390" y2="270" stroke="#ddd"/><text x="65" y="274">0</text>
<line x1="70" y1="198" x2="390" y2="198" stroke="#ddd"/><text x="65" y="202">500</text>
<line x1="70" y1="126" x2="390" y2="126" stroke="#ddd"/><text x="65" y="130">1000</text>
<line x1="70" y1="53" x2="390" y2="53" stroke="#ddd"/><text x="65" y="57">1500</text>
<line x1="70" y1="10" x2="390" y2="10" stroke="#ddd"/><text x="65" y="14">$1</text>
<line x1="70" y1="10" x2="70" y2="270" stroke="#eee"/><text x="$2" y="285">0</text>
<line x1="230" y1="10" x2="230" y2="270" stroke="#eee"/><text x="230" y="285">1</text>
<line x1="390" y1="10" x2="390" y2="270" stroke="#eee"/><text x="390" y="285">2</text>
<polyline fill="none" stroke="#4a7ab5" points="$3"><title>made</title></polyline>
</g>
</svg>
EOF
}
mkdir -p "$TMP/bad" "$TMP/good"
bad_chart 2000 40 "100,50 " >"$TMP/bad/made.svg"
expect_rc 1 "the checker fails a chart made wrong" $CHECK "$TMP/bad"
expect_out "made.svg \(y axis\): labels \[2000.0, 1500.0, 1000.0, 500.0, 0.0\] at \[10.0, 53.0, 126.0, 198.0, 270.0\]" \
	"... naming the y axis whose top label, 2000, is where 1800 is"
expect_out "made.svg \(x axis\): the label 0 drawn at 40, its tick at 70" "... and the label away from its tick"
expect_out "the line 'made' drawn through 1 point" "... and the line of one point"
bad_chart 1800 70 "100,50 200,80" >"$TMP/good/made.svg"
expect_rc 0 "the checker passes the same chart put right" $CHECK "$TMP/good"

# ---- a run at the values that broke the axes ---------------------------------
python3 test/analysis/gen_timeline_run.py "$TMP/gen" --jobs 1 --rw write --seconds 5 \
	--kibps 800000 >"$T_OUT" 2>&1 || fail "gen_timeline_run.py: $(cat "$T_OUT")"
"$R" --html "$TMP/gen.html" --svg-dir "$TMP/gen-svg" "$TMP/gen" >/dev/null 2>&1 ||
	fail "ssdq-report on the generated run"
expect_rc 0 "a run of 1638 MB/s and one SMART sample: every chart holds" \
	$CHECK "$TMP/gen.html" "$TMP/gen-svg"
tail -n 1 "$T_OUT"
top=$(python3 - "$TMP/gen-svg" <<'EOF'
import glob, re, sys
f = glob.glob(sys.argv[1] + "/*.mbps-time.svg")[0]
print(max(float(v) for v in re.findall(r'text-anchor="end">([0-9.]+)</text>', open(f).read())))
EOF
)
[ "$top" = 1800.0 ] && pass "the MB/s chart's top tick is its top, 1800 (not 2000)" ||
	fail "the MB/s chart's top tick: '$top'"
grep -q "Temperature over time (SMART composite): timeline: not drawn: the line would have 1 point, and a line needs two (how often it is sampled: ssdq_smart_interval)" \
	"$TMP/gen.html" && pass "a sentence stands in for the temperature chart of one sample, saying why" ||
	fail "no sentence for the temperature chart of one sample"
set -- "$TMP"/gen-svg/*temperature*
[ -e "$1" ] && fail "a temperature chart of one sample was drawn: $1" ||
	pass "no temperature chart of one sample in --svg-dir"

# ---- the fixtures' pages and the corpus' ---------------------------------------
page() {
	name=$1
	shift
	"$R" --html "$TMP/$name.html" --svg-dir "$TMP/$name-svg" "$@" >/dev/null 2>&1
	if [ ! -s "$TMP/$name.html" ]; then fail "$name: no page"; return; fi
	expect_rc 0 "$name: every chart of the page and of --svg-dir holds" \
		$CHECK "$TMP/$name.html" "$TMP/$name-svg"
	tail -n 1 "$T_OUT"
}
page model-drives "$FX/ssdq-model/tlc" "$FX/ssdq-model/qlc"
page fio-3.33 "$FX/fio-3.33" "$FX/fio-3.33-shapes"
page fio-2.21-hist "$FX/fio-2.21-hist"
page from-logs "$FX/from-logs/plain"
# shellcheck disable=SC2046 # one directory a release
page releases $(ls -d "$FX"/releases/*/)
if [ -d "$C" ]; then
	# shellcheck disable=SC2046 # one drive a directory; the ones without fio JSON are named
	page corpus $(ls -d "$C"/*/)
else
	echo "note: no corpus at $C (set SSDQ_CORPUS)"
fi
summary
