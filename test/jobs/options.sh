#!/bin/sh
# The tools' habits, as fio's and nvme-cli's: --version in every tool;
# --opt=value as well as --opt value in ssdq-run and ssdq-render; fio options
# after -- reach every fio run of ssdq-run; an unknown --model preset or
# --suite refused before anything runs (exit 2, what exists listed, no
# results directory), as are a bad --repeat-cv, --repeat-max or a --db
# without ssdq-db; the plan names the tests --repeat-cv repeats. Runs no test: a stand-in fio records its arguments and
# fails. usage: sh test/jobs/options.sh (env SSDQ_SO, SSDQ_REPORT, SSDQ_SAMPLE)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
R=${SSDQ_REPORT:-$top/build/ssdq-report}
S=${SSDQ_SAMPLE:-$top/build/ssdq-sample}
RUN=$top/jobs/ssdq-run
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-options.XXXXXX")
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }

# ---- --version ---------------------------------------------------------------
for t in "$R" "$S" "sh $RUN" "sh $top/jobs/ssdq-render"; do
	name=$(basename "${t##* }")
	# shellcheck disable=SC2086 # a command and its script
	expect_rc 0 "$name --version: exit 0" $t --version
	expect_out "^$name \(ssdq\) [^ ]+\$" "$name --version: '$name (ssdq) VERSION'"
done
# a release: VERSION beside the jobs (make install writes it)
cp -R "$top/jobs" "$TMP/rel"
echo 9.8.7 >"$TMP/rel/VERSION"
expect_rc 0 "a release's ssdq-run --version" sh "$TMP/rel/ssdq-run" --version
expect_out '^ssdq-run \(ssdq\) 9\.8\.7$' "reads its VERSION file"

# ---- --opt=value -------------------------------------------------------------
cd "$TMP" || exit 1
expect_rc 2 "ssdq-run --suite=nope: the value reaches the check" sh "$RUN" --suite=nope --model=qlc-1tb --out=r
expect_out "--suite must be consumer, enterprise, pslc or all, not 'nope'" "and it names the suites"
[ ! -e r ] && pass "no results directory after a refused --suite" || fail "a refused --suite left r/"
expect_rc 0 "ssdq-run --suite=pslc --model=qlc-1tb --scale=64 --out=r --dry-run" \
	env SSDQ_SO="$SO" SSDQ_REPORT=none sh "$RUN" --suite=pslc --model=qlc-1tb --scale=64 --out=r --dry-run
expect_out 'dry run: nothing was run' "a dry run"
expect_out 'pslc-fill' "of the pslc suite"
expect_rc 0 "ssdq-render --scale=64 --values" sh "$top/jobs/ssdq-render" --scale=64 --values
expect_out "^SSDQ_SPAN='1g'\$" "scaled by 64"

# ---- an unknown preset -------------------------------------------------------
expect_rc 2 "ssdq-run --model qlc-2tb: refused" env SSDQ_SO="$SO" sh "$RUN" --suite pslc --model qlc-2tb --out r2
expect_out '--model qlc-2tb: no such preset; the drive model has qlc-1tb, tlc-dramless-1tb' "the presets listed"
[ ! -e r2 ] && pass "no results directory after an unknown preset" || fail "an unknown preset left r2/"

# ---- fio options after -- ----------------------------------------------------
cat >"$TMP/fio" <<EOF2
#!/bin/sh
case "\$*" in *--enghelp*|--version) exec fio "\$@" ;; esac
printf '%s\n' "\$@" >>"$TMP/fio.args"
exit 1
EOF2
chmod +x "$TMP/fio"
env SSDQ_SO="$SO" SSDQ_FIO="$TMP/fio" SSDQ_REPORT=none sh "$RUN" --suite pslc --model qlc-1tb --scale 1000 \
	--out r3 --yes -- --max-jobs=1 --eta-newline=5 >"$T_OUT" 2>&1
grep -qx -- '--max-jobs=1' "$TMP/fio.args" && grep -qx -- '--eta-newline=5' "$TMP/fio.args" &&
	pass "the options after -- reach fio" || fail "fio got: $(tr '\n' ' ' <"$TMP/fio.args" 2>/dev/null)"
grep -q -- '--max-jobs=1' r3/jobs/pslc-fill.fio 2>/dev/null &&
	pass "and the rendered file's rerun command has them" || fail "no --max-jobs=1 in r3/jobs/pslc-fill.fio"
expect_rc 2 "-- --output=x refused: ssdq-run's own" sh "$RUN" --suite pslc --model qlc-1tb --out r4 -- --output=x
expect_out 'ssdq-run gives fio --output itself' "it says why"
expect_rc 2 "-- jobfile.fio refused: the suite's files only" sh "$RUN" --suite pslc --model qlc-1tb --out r4 -- my.fio

# ---- bursts of one I/O: not by default ----------------------------------------
expect_rc 0 "consumer at --scale 1000: a dry run" env SSDQ_SO="$SO" SSDQ_REPORT=none sh "$RUN" --suite consumer \
	--model qlc-1tb --scale 1000 --out r6 --dry-run
expect_out '^    SSDQ_BURST +2m$' "bursts of 2m (16 I/Os of 128k), not 128k (one)"
expect_out '^    SSDQ_BURSTS_TOTAL +16m$' "and 8 of them"
expect_rc 0 "--set SSDQ_BURST=128k keeps one I/O a burst" env SSDQ_SO="$SO" SSDQ_REPORT=none sh "$RUN" \
	--suite consumer --model qlc-1tb --scale 1000 --set SSDQ_BURST=128k --out r7 --dry-run
expect_out '^    SSDQ_BURST +128k$' "as given"

# ---- the library and repeated tests: refused before anything runs ------------
expect_rc 2 "--repeat-cv x refused" sh "$RUN" --suite pslc --model qlc-1tb --out r8 --repeat-cv x
expect_out "--repeat-cv wants the bound on the runs' coefficient of variation in %" "it says what it wants"
expect_rc 2 "--repeat-max without --repeat-cv refused" sh "$RUN" --suite pslc --model qlc-1tb --out r8 --repeat-max 4
expect_rc 2 "--repeat-max 1 refused" sh "$RUN" --suite pslc --model qlc-1tb --out r8 --repeat-cv 5 --repeat-max 1
expect_out "--repeat-max wants a number of runs from 2 to 100, not '1'" "named"
expect_rc 2 "--db without ssdq-db refused" env SSDQ_DB_TOOL="$TMP/no-ssdq-db" sh "$RUN" --suite pslc \
	--model qlc-1tb --out r8 --db lib.sqlite
expect_out 'SSDQ_DB_TOOL=.*no-ssdq-db: no such program' "named"
[ ! -e r8 ] && pass "no results directory after a refused option" || fail "a refused option left r8/"
expect_rc 0 "--repeat-cv 3 --repeat-max=4: the plan says which tests repeat" env SSDQ_SO="$SO" SSDQ_REPORT=none \
	sh "$RUN" --suite consumer --model qlc-1tb --scale 1000 --out r9 --repeat-cv 3 --repeat-max=4 --dry-run
expect_out '^ +2 +burst-seq-read .*, repeated until its CV is at most 3 % \(at most 4 runs\)$' "a measured test repeats"
expect_out '^ +1 +prefill +[0-9]+ s +prep: erase, write 16 GB$' "a prep step does not"

# ---- fio's progress line ends before ssdq-run's next line ----------------------
cat >"$TMP/fio-eta" <<EOF2
#!/bin/sh
case "\$*" in *--enghelp*|--version) exec fio "\$@" ;; esac
printf 'Jobs: 1 (f=1): [W(1)][50.0%%][w=385 IOPS][eta 99420d:12h:56m:28s]\r'
exit 1
EOF2
chmod +x "$TMP/fio-eta"
env SSDQ_SO="$SO" SSDQ_FIO="$TMP/fio-eta" SSDQ_REPORT=none sh "$RUN" --suite pslc --model qlc-1tb --scale 1000 \
	--out r5 --yes --eta always >"$TMP/eta.out" 2>&1
grep -q 'eta 99420d' "$TMP/eta.out" && ! tr '\r' '\n' <"$TMP/eta.out" | grep -q 'eta 99420d.*ssdq-run' &&
	! grep -q 'eta 99420d[^\r]*\r*ssdq-run' "$TMP/eta.out" &&
	[ "$(grep -c 'eta 99420d.*ssdq-run' "$TMP/eta.out")" = 0 ] &&
	pass "fio's progress line is ended before ssdq-run writes" ||
	fail "fio's progress line runs into ssdq-run's: $(grep 'eta 99420d' "$TMP/eta.out" | od -c | head -5)"
summary
