#!/bin/sh
# The six tools' --help and manual pages (man/*.1, installed by make
# install): every option a tool accepts is in its --help and in its page,
# the pages render with groff without a warning, make install puts them in
# share/man/man1; ssdq-report refuses a bad --highlight or --svg-dir naming
# the option. Run from the top of the tree; SSDQ_REPORT, SSDQ_SAMPLE
# SSDQ_PTS override the builds.
. test/lib.sh
R=${SSDQ_REPORT:-build/ssdq-report}
S=${SSDQ_SAMPLE:-build/ssdq-sample}
P=${SSDQ_PTS:-build/ssdq-pts}
D=${SSDQ_DB_TOOL:-build/ssdq-db}
for t in "$R" "$S" "$P" "$D"; do [ -x "$t" ] || { echo "SKIP: no $t (make)"; exit 77; }; done
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# options TOOL: the long options the tool accepts, from its source
options() {
	case $1 in
	ssdq-report) sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*argument.*/\1/p' analysis/main.c ;;
	ssdq-sample) sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*argument.*/\1/p' power/ssdq-sample.c ;;
	ssdq-pts) sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*argument.*/\1/p' analysis/pts_main.c ;;
	ssdq-db) sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*argument.*/\1/p' analysis/db_main.c ;;
	ssdq-run|ssdq-render) sed -n '/^while \[ \$# -gt 0 \]; do/,/^done/p' "jobs/$1" |
		grep -E '^	(-h\|)?--[a-z|-]+\)' | grep -o -- '--[a-z][a-z-]*' | sed 's/^--//' | sort -u ;;
	esac
}

for tool in ssdq-report ssdq-pts ssdq-db ssdq-run ssdq-sample ssdq-render; do
	case $tool in
	ssdq-report) cmd=$R ;;
	ssdq-db) cmd=$D ;;
	ssdq-pts) cmd=$P ;;
	ssdq-sample) cmd=$S ;;
	ssdq-run) cmd="sh jobs/ssdq-run" ;;
	ssdq-render) cmd="sh jobs/ssdq-render" ;;
	esac
	# shellcheck disable=SC2086 # $cmd is a command and its script
	$cmd --help >"$TMP/$tool.help" 2>&1
	rc=$?
	[ "$rc" = 0 ] && pass "$tool --help: exit 0" || fail "$tool --help: exit $rc"
	opts=$(options $tool)
	[ "$(echo "$opts" | wc -w)" -ge 4 ] || fail "$tool: options not found in its source ($opts)"
	groff -man -Tutf8 -ww -z "man/$tool.1" >"$TMP/groff" 2>&1 || fail "$tool.1: groff failed"
	[ -s "$TMP/groff" ] && { fail "$tool.1: groff warns"; sed 's/^/    /' "$TMP/groff" | head -5; } ||
		pass "$tool.1 renders without a warning"
	MANWIDTH=200 man -l "man/$tool.1" 2>/dev/null | col -b >"$TMP/$tool.man" ||
		groff -man -Tascii "man/$tool.1" 2>/dev/null | col -b >"$TMP/$tool.man"
	grep -q "^NAME" "$TMP/$tool.man" || fail "$tool.1: no NAME section rendered"
	missing='' mmissing=''
	for o in $opts; do
		grep -q -- "--$o\b" "$TMP/$tool.help" || missing="$missing --$o"
		grep -q -- "--$o\b" "$TMP/$tool.man" || mmissing="$mmissing --$o"
	done
	[ -z "$missing" ] && pass "$tool --help lists every option ($(echo $opts | wc -w))" ||
		fail "$tool --help lacks$missing"
	[ -z "$mmissing" ] && pass "$tool(1) describes every option" || fail "$tool(1) lacks$mmissing"
	# and the other way: every option the page's OPTIONS section describes
	# (its tagged paragraphs) is one the tool takes, and its --help lists
	stale='' hstale=''
	for o in $(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "man/$tool.1" | sed -n '/^\.TP/{n;p;}' |
		grep -o '\\-\\-[a-z][a-z\\-]*' | sed 's/\\//g; s/^--//' | sort -u); do
		echo "$opts" | grep -qx -- "$o" || stale="$stale --$o"
		grep -q -- "--$o\b" "$TMP/$tool.help" || hstale="$hstale --$o"
	done
	[ -z "$stale" ] && pass "$tool(1) describes no option the tool lacks" || fail "$tool(1) describes$stale, which $tool does not take"
	[ -z "$hstale" ] && pass "$tool --help lists every option of $tool(1)" || fail "$tool --help lacks$hstale (in $tool(1))"
	# shellcheck disable=SC2086 # $cmd is a command and its script
	$cmd --version >"$TMP/$tool.version" 2>&1 && grep -q "^$tool (ssdq) " "$TMP/$tool.version" &&
		pass "$tool --version" || fail "$tool --version: $(cat "$TMP/$tool.version")"
done

make -n install PREFIX=/p ENGINEDIR=/e >"$T_OUT" 2>&1
for p in ssdq-report ssdq-pts ssdq-db ssdq-run ssdq-sample ssdq-render; do
	grep -q "man/$p.1.* /p/share/man/man1/" "$T_OUT" && pass "make install puts $p.1 in share/man/man1" ||
		fail "make install does not install man/$p.1"
done

# ssdq-report's own refusals name the option
"$R" --highlight "no such drive" test/fixtures/ssdq-model/tlc test/fixtures/ssdq-model/qlc \
	>"$TMP/out" 2>"$T_OUT"
rc=$?
[ "$rc" = 2 ] && grep -q -- '--highlight no such drive: no drive of that name; the drives: "DRAM-less' "$T_OUT" &&
	pass "--highlight naming no drive: exit 2, the drives listed" ||
	{ fail "--highlight naming no drive: exit $rc"; sed 's/^/    /' "$T_OUT"; }
: >"$TMP/file"
"$R" --svg-dir "$TMP/file" test/fixtures/ssdq-model/tlc >/dev/null 2>"$T_OUT"
rc=$?
[ "$rc" = 2 ] && grep -q -- "--svg-dir $TMP/file: Not a directory" "$T_OUT" &&
	pass "--svg-dir on a file: exit 2, named" || { fail "--svg-dir on a file: exit $rc"; cat "$T_OUT"; }
"$R" --format yaml test/fixtures/ssdq-model/tlc >/dev/null 2>"$T_OUT"
rc=$?
[ "$rc" = 2 ] && grep -q -- "--format yaml: give text, csv or json" "$T_OUT" &&
	pass "--format yaml: exit 2, named" || { fail "--format yaml: exit $rc"; cat "$T_OUT"; }
summary
