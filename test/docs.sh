#!/bin/sh
# Docs that cannot drift from the code: the README's engine options table
# against the engine's own list (fio --enghelp), the README's layout against
# docs/, the scale `make demo` runs at against scripts/demo.sh, and the
# environment ssdq-run's manual page describes against the script's header.
# (The tools' options against --help and the manual pages: test/help-man.sh.)
# Run from the top of the tree (env SSDQ_SO).
. test/lib.sh
SO=${SSDQ_SO:-$PWD/build/ssdq.so}
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }

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
word=$(sed -n 's/.*say "SSDQ_REPORT=\([a-z]*\): run ssdq-report.*/\1/p' jobs/ssdq-run | head -n 1)
[ -n "$word" ] || fail "jobs/ssdq-run: no 'SSDQ_REPORT=WORD: run ssdq-report' message found"
man -l man/ssdq-run.1 2>/dev/null | col -b | tr '\n' ' ' | grep -q "SSDQ_REPORT.*$word: do not run it" &&
	pass "ssdq-run(1): SSDQ_REPORT=$word turns the report off, as in the code" ||
	fail "ssdq-run(1) does not say SSDQ_REPORT=$word turns the report off"
summary
