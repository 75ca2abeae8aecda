#!/bin/sh
# The HTML page of the demo (make demo: the consumer, enterprise and pSLC
# suites on the qlc-1tb and tlc-dramless-1tb drive models) in headless
# Chromium, read as a reviewer reads it (test/lib/page_check.py):
# - the page loads with no console message; the comparison opens with the
#   whole-drive fill chart, then burst, sustained, QD1 and the other tests in
#   that order, each speed chart with its efficiency chart beside it, each
#   QD1 test's latency distribution with both drives overlaid;
# - a fill section per fill step and none for any other sequential write:
#   the steps are the suites' (jobs/suites/*.suite) whose rendered job file
#   (DIR/jobs/<test>.fio) writes the whole namespace sequentially, which are
#   the fill, the pSLC fill and the enterprise precondition;
# - every chart of --svg-dir opens on its own in Chromium (an <svg> root, no
#   parse error, no console message, drawn), one file per chart of the page;
# - every chart of the page and of --svg-dir has its tick labels on its scale
#   and no line of fewer than two points (test/lib/svg_check.py); each QD1
#   and sustained test draws its latency percentiles over time (its
#   histogram log scaled as its other logs) and each QD1 test its
#   temperature (SMART read as much more often as the model is scaled);
# - --highlight changes the marks of the highlighted drive in every
#   comparison chart and nothing else in any chart.
# The demo's results are build/demo's when make demo left them complete
# (SSDQ_DEMO_DIR elsewhere), else the demo runs into a temporary directory
# at 1/1000 (a few minutes). Skips (77) without chromium, fio or python3.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds,
# CHROMIUM the browser; KEEP=DIR keeps the pages and a screenshot there.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
CHR=${CHROMIUM:-}
if [ -z "$CHR" ]; then
	for c in chromium chromium-browser google-chrome; do
		if command -v $c >/dev/null 2>&1; then CHR=$c; break; fi
	done
fi
if [ -z "$CHR" ]; then echo "SKIP: no chromium (apt-get install chromium)"; exit 77; fi
if ! command -v python3 >/dev/null; then echo "SKIP: python3 is not installed"; exit 77; fi
export CHROMIUM=$CHR PYTHONPATH="$PWD/test/lib${PYTHONPATH:+:$PYTHONPATH}"
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
P="qlc-1tb tlc-dramless-1tb"

# finished DIR: every step of the suites finished in DIR (ssdq-run.state)
finished() {
	n=$(cat jobs/suites/consumer.suite jobs/suites/enterprise.suite jobs/suites/pslc.suite |
		grep -c '^[a-z]')
	[ -f "$1/ssdq-run.state" ] && [ "$(grep -c . "$1/ssdq-run.state")" -ge "$n" ]
}
D=${SSDQ_DEMO_DIR:-build/demo}
for p in $P; do finished "$D/$p" || D=; done
if [ -z "$D" ]; then
	if ! command -v fio >/dev/null; then echo "SKIP: fio is not installed (the demo runs on it)"; exit 77; fi
	D=$TMP/demo
	echo "running the demo at 1/1000 into $D"
	SSDQ_DEMO_SCALE=1000 sh scripts/demo.sh "$D" >"$TMP/demo.log" 2>&1 ||
		{ fail "the demo ran"; tail -40 "$TMP/demo.log"
		  # which program died, where (the kernel's line for a crash)
		  dmesg 2>/dev/null | grep -E 'segfault|general protection|trap' | tail -n 3
		  summary; exit 1; }
fi
echo "the demo's results: $D"

# the fill steps of a drive's run: the suites' steps whose rendered job file
# writes the whole namespace (or size=N% of it) sequentially from its start
fill_steps() {
	python3 - "$1" <<'EOF'
import glob, os, re, sys
steps = []
for suite in sorted(glob.glob("jobs/suites/*.suite")):
    for line in open(suite):
        if re.match(r"[a-z]", line):
            steps.append(os.path.basename(line.split()[0])[:-4])
fills = []
for t in steps:
    path = os.path.join(sys.argv[1], "jobs", t + ".fio")
    if not os.path.exists(path):
        continue
    opts = {}
    for line in open(path):
        line = line.split("#")[0].strip()
        if "=" in line and not line.startswith("["):
            k, v = (x.strip() for x in line.split("=", 1))
            opts[k] = v
    if opts.get("rw") == "write" and opts.get("time_based", "0") == "0" \
            and opts.get("offset", "0") in ("0", "0%") \
            and ("size" not in opts or opts["size"].endswith("%")) \
            and not any(k in opts for k in ("io_size", "io_limit", "number_ios")):
        fills.append(t)
print(",".join(sorted(fills)))
EOF
}
fills=
for p in $P; do
	f=$(fill_steps "$D/$p")
	[ -z "$fills" ] && fills=$f
	[ "$f" = "$fills" ] || fail "$p: fill steps $f, the other drive's $fills"
done
[ "$fills" = "fill,precondition,pslc-fill" ] &&
	pass "the fill steps of the suites: $fills (the fill, the pSLC fill, the precondition)" ||
	fail "the fill steps of the suites: '$fills'"

# every fill of the demo at the model's cache end (its model_regime events):
# within 2 %, or the range the report states holds it
for p in $P; do
	"$R" --format json "$D/$p" >"$TMP/$p.json" 2>/dev/null
	s=$(sed -n 's/.*"scale": *\([0-9.]*\).*/\1/p' "$D/$p/device.json" | head -n 1)
	for t in $(echo "$fills" | tr , ' '); do
		if python3 test/lib/slc_cell.py "$TMP/$p.json" "$D/$p/${t}_events.1.jsonl" "${s:-1}" "$t" >"$T_OUT" 2>&1
		then pass "$p $t: SLC cache at the model's: $(cat "$T_OUT")"
		else
			fail "$p $t: SLC cache at the model's: $(cat "$T_OUT")"
			# what the next reader needs: the host's verdict and the marks
			jq -c --arg t "$t" '.tests[] | select(.test == $t) | .jobs[0] |
				{host: .host.line, marks: .fill.marks, spans: (.fill.host_spans_gb // [] | length)}' \
				"$TMP/$p.json" 2>&1 | cut -c1-600 | sed 's/^/    /'
		fi
	done
done

"$R" --html "$TMP/page.html" --svg-dir "$TMP/svg" "$D/qlc-1tb" "$D/tlc-dramless-1tb" \
	>"$TMP/report.txt" 2>"$TMP/report.err"
rc=$?
[ "$rc" = 0 ] && pass "ssdq-report wrote the page and the charts (exit 0)" ||
	{ fail "ssdq-report: exit $rc"; sed 's/^/    /' "$TMP/report.err" | head; }
expect_rc 0 "the page: no console message; the comparison opens with the fill, the review's order; a fill section per fill step, no other" \
	python3 test/lib/page_check.py page "$TMP/page.html" "$fills"
cat "$T_OUT"
expect_rc 0 "every chart of --svg-dir opens on its own in Chromium, one per chart of the page" \
	python3 test/lib/page_check.py svgs "$TMP/svg" "$TMP/page.html"
cat "$T_OUT"
expect_rc 0 "every chart of the page and of --svg-dir: tick labels on their scale, lines of two points or more" \
	python3 test/lib/svg_check.py "$TMP/page.html" "$TMP/svg"
tail -n 1 "$T_OUT"
# the charts the scaled logs give: a QD1 or sustained test's p99.99 over time
# (--svg-dir: <drive>.<test>.latency-time.svg), a QD1 test's temperature
for p in $P; do
	for t in $(sed -n 's/^\([a-z]*\/\)*\(qd1-[a-z0-9-]*\|sustained-[a-z0-9-]*\)\.fio.*/\2/p' \
		jobs/suites/consumer.suite jobs/suites/enterprise.suite); do
		f=$TMP/svg/$p.$t.latency-time.svg
		# a line needs two intervals of fio's histogram log: a test shorter
		# than two log_hist_msec (a scaled model's fast drive) has none to draw
		iv=$(cat "$D/$p/${t}"_clat_hist.*.log 2>/dev/null | cut -d, -f1 | sort -u | wc -l)
		if grep -q 'p99.99' "$f" 2>/dev/null; then pass "$p $t: p99.99 over time drawn ($iv intervals)"
		elif [ "$iv" -lt 2 ]; then pass "$p $t: no p99.99 over time, as its hist log has $iv interval(s)"
		else fail "$p $t: no p99.99 over time from $iv intervals ($f)"; fi
		# and its temperature where the SMART sidecar has two samples
		case $t in qd1-*)
			ns=$(cat "$D/$p/${t}"_smart.*.jsonl 2>/dev/null | grep -c '"time_us"')
			if [ -f "$TMP/svg/$p.$t.temperature-time.svg" ]; then pass "$p $t: its temperature drawn"
			elif [ "$ns" -lt 2 ]; then pass "$p $t: no temperature chart, as SMART was read $ns time(s)"
			else fail "$p $t: no temperature chart from $ns SMART samples"; fi ;;
		esac
	done
done

# the drive under review given by its directory's name; its marks carry its name
"$R" --format json "$D/qlc-1tb" "$D/tlc-dramless-1tb" >"$TMP/r.json" 2>/dev/null
# (drives come in the natural order of their names: find it by its directory)
name=$(python3 -c 'import json, sys; print([d["name"] for d in json.load(open(sys.argv[1]))["drives"]
	if d["dir"].rstrip("/").endswith("tlc-dramless-1tb")][0])' "$TMP/r.json")
"$R" --html "$TMP/page-hl.html" --highlight tlc-dramless-1tb "$D/qlc-1tb" "$D/tlc-dramless-1tb" \
	>/dev/null 2>&1 || fail "ssdq-report --highlight tlc-dramless-1tb"
expect_rc 0 "--highlight tlc-dramless-1tb changes exactly $name's marks, in every comparison chart" \
	python3 test/lib/page_check.py highlight "$TMP/page.html" "$TMP/page-hl.html" "$name"
cat "$T_OUT"

if [ -n "$KEEP" ]; then
	mkdir -p "$KEEP"
	cp -r "$TMP/page.html" "$TMP/page-hl.html" "$TMP/svg" "$KEEP/"
	timeout 120 "$CHR" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$TMP/profile" --screenshot="$KEEP/page.png" --window-size=1400,20000 \
		"file://$KEEP/page-hl.html" >/dev/null 2>&1
	echo "kept in $KEEP"
fi
summary
