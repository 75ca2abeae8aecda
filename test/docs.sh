#!/bin/sh
# Docs that cannot drift from the code: the README's and ARCHITECTURE.md's
# layouts against the tree (every folder, every file they name), the events
# ARCHITECTURE.md lists against those the code writes, the report's JSON keys
# and schema against ssdq-report's output, the README's install lines against
# the manual pages and the Makefile; the README's engine options table
# against the engine's own list (fio --enghelp), the README's layout against
# docs/, the scale `make demo` runs at against scripts/demo.sh, and the
# environment ssdq-run's manual page describes against the script's header.
# (The tools' options against --help and the manual pages: test/help-man.sh.)
# Run from the top of the tree (env SSDQ_SO).
. test/lib.sh
SO=${SSDQ_SO:-$PWD/build/ssdq.so}
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
REPORT=${SSDQ_REPORT_BIN:-$PWD/build/ssdq-report}
[ -f "$SO" ] && [ -x "$REPORT" ] || { echo "SKIP: no $SO or $REPORT (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }

# ---- the layouts: every folder of the tree, every file they name ---------------
# a layout: the indented lines "    NAME/  text" of a section, NAME/ a folder
layout() { # FILE FIRST-LINE-PATTERN: the section's indented block
	sed -n "/$2/,/^[^ ]/p" "$1" | sed -n '/^    [a-z]/,$p' | sed '/^[^ ]/,$d'
}
layout README.md '^## Layout' >"$TMP/readme-layout"
layout docs/ARCHITECTURE.md '^## Layout' >"$TMP/arch-layout"
for d in $(git ls-files 2>/dev/null | sed -n 's|^\([a-z][a-z]*\)/.*|\1|p' | sort -u); do
	for f in readme-layout arch-layout; do
		grep -q "^    $d/" "$TMP/$f" && pass "$f names $d/" || fail "$f does not name the folder $d/"
	done
done
# each FILE.c / FILE.h / FILE.md an entry names is in that entry's folder
awk '/^    [a-z]+\// { d = $1 } { print d, $0 }' "$TMP/readme-layout" |
	grep -oE '^[a-z]+/ |[A-Za-z_0-9-]+\.(c|h|md)\b' | awk '/\/ $/ { d = $1; next } { print d $0 }' |
	sort -u >"$TMP/readme-files"
while read -r f; do
	[ -e "$f" ] && pass "the README's layout names $f, which is there" ||
		fail "the README's layout names $f: not in the tree"
done <"$TMP/readme-files"
# the files ARCHITECTURE.md names in backquotes are in the tree (by path, or by
# name where it gives none; the style anchors and "libnvme's `x.c`" are other
# projects' files)
sed -e '/^## Style anchors/,/^## /d' -e "s/\(fio\|liburing\|libnvme\|nvme-cli\|xNVMe\)'s \`[^\`]*\`//g" docs/ARCHITECTURE.md | grep -oE '`[a-z_/]*[a-z_0-9]+\.(c|h)`' | tr -d '`' | sort -u >"$TMP/arch-files"
git ls-files >"$TMP/tree"
while read -r f; do
	case $f in */*) grep -qx "$f" "$TMP/tree" ;; *) grep -q "/$f\$" "$TMP/tree" ;; esac &&
		pass "ARCHITECTURE.md names $f, which is there" || fail "ARCHITECTURE.md names $f: not in the tree"
done <"$TMP/arch-files"
# every engine module's header is in ARCHITECTURE's list of them
for h in engine/*.h; do
	b=${h#engine/}
	grep -q "\`$b\`" docs/ARCHITECTURE.md && pass "ARCHITECTURE.md names $h" ||
		fail "ARCHITECTURE.md does not name $h"
done

# ---- the events: each the engine or the sampler writes is in the list ----------
grep -ohE '(ssdq_event[a-z_]*|push_event|emit|[^a-z_]event)\([^";]*"[a-z_]+"|\.(name|event) = "[a-z_]+"|"ocp_log"|"ocp_log_absent"' \
	engine/*.c power/*.c model/*.c | grep -oE '"[a-z_]+"$' | tr -d '"' | sort -u >"$TMP/events"
[ "$(wc -l <"$TMP/events")" -ge 25 ] && pass "the code writes $(wc -l <"$TMP/events") events" ||
	fail "found only $(wc -l <"$TMP/events") events in the code: $(tr '\n' ' ' <"$TMP/events")"
sed -n '/^- Events sidecar lines/,/^- [A-Z]/p' docs/ARCHITECTURE.md >"$TMP/arch-events"
while read -r e; do
	grep -q "\`$e\`" "$TMP/arch-events" && pass "ARCHITECTURE.md's events list has $e" ||
		fail "ARCHITECTURE.md's events list lacks $e (written by the code)"
done <"$TMP/events"

# ---- the report's JSON: its schema and every key it writes ---------------------
schema=$(sed -n 's/^#define RPT_JSON_SCHEMA[^0-9]*\([0-9]*\).*/\1/p' analysis/write/writers.h)
grep -q "RPT_JSON_SCHEMA.*: $schema;" docs/ARCHITECTURE.md &&
	pass "ARCHITECTURE.md gives the JSON schema as the code does ($schema)" ||
	fail "ARCHITECTURE.md's JSON schema is not RPT_JSON_SCHEMA ($schema)"
"$REPORT" --format json test/fixtures/releases/fio-3.42 test/fixtures/ssdq-model/qlc test/fixtures/fio-3.33 >"$TMP/r.json" 2>"$TMP/r.err" ||
	fail "ssdq-report --format json: $(head -3 "$TMP/r.err")"
python3 - "$TMP/r.json" >"$TMP/keys" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
keys = set(d)
for t in d["tests"]:
    keys |= set(t)
    for j in t["jobs"]:
        keys |= set(j)
        keys |= set(j.get("fill") or {})
print("\n".join(sorted(keys)))
PY
[ "$(wc -l <"$TMP/keys")" -ge 40 ] && pass "the report writes $(wc -l <"$TMP/keys") keys of reports, tests, jobs and fills" ||
	fail "only $(wc -l <"$TMP/keys") keys in ssdq-report's JSON"
while read -r k; do
	grep -qE "(^|[\`{ ,])$k([\`,}\[ ]|\$)" docs/ARCHITECTURE.md && pass "ARCHITECTURE.md names the JSON key $k" ||
		fail "ARCHITECTURE.md does not name the JSON key $k (ssdq-report writes it)"
done <"$TMP/keys"

# ---- the tools: each manual page and program in the README's install lines ------
for m in man/*.1; do
	t=$(basename "$m" .1)
	grep -q "^    man/ .*$t\|^               .*$t" "$TMP/readme-layout" && pass "the README's layout names $t's page" ||
		fail "the README's layout does not name man/$t.1"
	sed -n '/sudo make install  *#/,/man1$/p' README.md | grep -q "$t" &&
		pass "the README's install note names $t" || fail "the README's install note does not name $t"
done
# what PREFIX leaves outside: the install rule's own variables, in the README
for v in ENGINEDIR SYSTEMDDIR; do
	grep -q "\$(DESTDIR)\$($v)" Makefile && grep -q "$v" README.md &&
		pass "the README says where $v puts what make install does not put under PREFIX" ||
		fail "make install uses $v; the README does not say so"
done

# ---- engine options: fio --enghelp against the README's table ------------------
fio --enghelp="$SO" >"$TMP/enghelp" 2>&1
sed -n 's/^\(ssdq_[a-z_]*\) *:.*/\1/p' "$TMP/enghelp" | sort >"$TMP/engine"
[ "$(wc -l <"$TMP/engine")" -ge 15 ] && pass "the engine lists its options ($(wc -l <"$TMP/engine"))" ||
	fail "fio --enghelp=$SO: $(head -3 "$TMP/enghelp")"
# the table's rows: | `ssdq_a`, `ssdq_b` | default | meaning |
sed -n '/^| `ssdq_/p' README.md | cut -d'|' -f2 | grep -o 'ssdq_[a-z_]*' | sort -u >"$TMP/readme"
missing=$(comm -23 "$TMP/engine" "$TMP/readme" | tr '\n' ' ')
extra=$(comm -13 "$TMP/engine" "$TMP/readme" | tr '\n' ' ')
[ -z "$missing" ] && pass "the README's engine options table has every option of the engine" ||
	fail "the README's engine options table lacks: $missing"
[ -z "$extra" ] && pass "the README's table names no option the engine lacks" ||
	fail "the README's table names options the engine does not have: $extra"

# ---- the README's layout names every document ----------------------------------
sed -n '/^    docs\/ /,/^    man\//p' README.md >"$TMP/layout"
for f in docs/*.md docs/*/; do
	b=${f#docs/}
	grep -q "${b%.md}" "$TMP/layout" && pass "the README's layout names docs/$b" ||
		fail "the README's layout does not name docs/$b"
done

# ---- make demo's scale ---------------------------------------------------------
demo=$(sed -n 's/^scale=\${SSDQ_DEMO_SCALE:-\([0-9]*\)}.*/\1/p' scripts/demo.sh)
readme=$(sed -n '/`make demo` builds/,/^$/p' README.md | tr '\n' ' ' | sed -n 's/.*scaled 1\/\([0-9]*\).*/\1/p')
[ -n "$demo" ] && [ "$demo" = "$readme" ] && pass "the README says make demo runs at 1/$demo, as demo.sh does" ||
	fail "make demo: README 1/$readme, scripts/demo.sh $demo"

# ---- ssdq-run's environment: its header against its manual page ----------------
sed -n '/^# Environment:/,/^# *$/p' jobs/ssdq-run | grep -o 'SSDQ_[A-Z_]*' | sort -u >"$TMP/env"
for v in $(cat "$TMP/env"); do
	grep -q "$v" man/ssdq-run.1 && pass "ssdq-run(1) describes $v" ||
		fail "ssdq-run(1) does not describe $v"
done
# what turns the report off: the code's word, in the page
word=$(sed -n 's/.*say "SSDQ_REPORT=\([a-z]*\): run ssdq-report.*/\1/p' jobs/ssdq-run jobs/run/*.sh | head -n 1)
[ -n "$word" ] || fail "jobs/ssdq-run, jobs/run/: no 'SSDQ_REPORT=WORD: run ssdq-report' message found"
man -l man/ssdq-run.1 2>/dev/null | col -b | tr '\n' ' ' | grep -q "SSDQ_REPORT.*$word: do not run it" &&
	pass "ssdq-run(1): SSDQ_REPORT=$word turns the report off, as in the code" ||
	fail "ssdq-run(1) does not say SSDQ_REPORT=$word turns the report off"
summary
