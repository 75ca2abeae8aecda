#!/bin/sh
# ssdq-db, the results library (docs/db.md): import of the drive model's
# fixtures (test/fixtures/ssdq-model) holds every figure ssdq-report prints,
# with its null reasons, of SNIA PTS rounds every cell's, of a host sidecar
# the host verdict's; the same inputs twice are one run, a changed input
# another; the library's file by --db, SSDQ_DB, XDG_DATA_HOME; a schema-1
# library migrated with its runs kept, a schema-2 one with its PTS cell kept
# as a steady-state window's (schema 3's parts); a newer schema, a foreign file, an
# SQLite file of another program and a damaged one refused by name and left
# as they were; kill -9 during an import leaves the library whole with the
# run whole or absent; two imports at once both land; list, show, compare
# (a regression flagged, exit 3), export (CSV, JSON), the page (landscape,
# rank, baseline, repeated runs) and ssdq-db cv. Run from the top of the tree.
. test/lib.sh

DB=${SSDQ_DB_TOOL:-build/ssdq-db}
R=${SSDQ_REPORT:-build/ssdq-report}
MD=test/fixtures/ssdq-model
CHECK="python3 test/analysis/db_check.py"
if [ ! -x "$DB" ] || [ ! -x "$R" ]; then echo "SKIP: no $DB or $R (build them first)"; exit 77; fi
if ! python3 -c 'import sqlite3' 2>/dev/null; then echo "SKIP: python3 without sqlite3"; exit 77; fi
TMP=$(mktemp -d)
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT
unset SSDQ_DB
L=$TMP/lib.sqlite

expect_rc 0 "import two drives" "$DB" --db "$L" import "$MD/tlc" "$MD/qlc"
expect_out '/tlc: run 1 of DRAM-less .*: 5 tests, [0-9]+ figures' "the run, its drive and tests said"
"$R" --format json "$MD/tlc" >"$TMP/tlc.json" 2>/dev/null
"$R" --format json "$MD/qlc" >"$TMP/qlc.json" 2>/dev/null
expect_rc 0 "every job, fill and burst figure of ssdq-report's JSON is the library's (tlc)" \
	$CHECK same "$L" "$TMP/tlc.json" 1
expect_rc 0 "... and of qlc" $CHECK same "$L" "$TMP/qlc.json" 2
expect_out '^[1-9][0-9]+ figures compared, 0 differ' "figures were compared"
# SNIA PTS rounds (made from a real fio JSON as test_pts_steady.sh makes them): the cells' figures
mkdir "$TMP/pts"
python3 - test/fixtures/fio-3.33/randread-2jobs.json "$TMP/pts/iops-round" 90e3 70e3 52e3 50e3 51e3 49e3 50e3 <<'PY'
import json, sys
src, out, vals = sys.argv[1], sys.argv[2], [float(v) for v in sys.argv[3:]]
text = open(src).read()
doc = json.loads(text[text.index("{"):])
for i, v in enumerate(vals, 1):
    d = json.loads(json.dumps(doc))
    j = d["jobs"][0]
    j["jobname"] = "r0-4k"
    j["job options"]["rw"] = "randwrite"
    # the read side's figures as the write's (a 4 KiB random write cell)
    j["write"], j["read"] = j["read"], j["write"]
    j["write"].update(iops=v, total_ios=int(v * 60), bw_bytes=int(v * 4096), io_bytes=int(v * 60 * 4096))
    json.dump(d, open("%s-%d.json" % (out, i), "w"))
PY
cp "$MD/tlc/device.json" "$TMP/pts/"
expect_rc 0 "PTS rounds: import" "$DB" --db "$TMP/pts.sqlite" import "$TMP/pts"
"$R" --format json "$TMP/pts" >"$TMP/pts.json" 2>/dev/null
expect_rc 0 "... every PTS cell's figure is the report's" $CHECK same "$TMP/pts.sqlite" "$TMP/pts.json" 1
n=$($CHECK count "$TMP/pts.sqlite" "SELECT test || ' ' || cell || ' ' || steady FROM pts_cells")
[ "$n" = "iops r0-4k 1" ] && pass "the IOPS test's cell, steady" || fail "pts_cells: $n"
# a host sidecar (as test_report_host_fixture.sh writes them): the job's host figures
cp -R "$MD/tlc" "$TMP/host"
python3 - "$TMP/host" <<'PY'
import json, sys
d, test = sys.argv[1], "qd1-rand-read-bs"
ev = [json.loads(l) for l in open("%s/%s_events.1.jsonl" % (d, test))]
t0 = [e["time_us"] for e in ev if e["event"] == "job_start"][0]
step = ([e["time_us"] for e in ev if e["event"] == "job_end"][-1] - t0) // 4
lines = [json.dumps({"version": 1, "kind": "host_start", "time_us": t0, "tid": 99, "source": "schedstat",
                     "ncpu": 2, "cpus_allowed": 1, "model": True, "interval_ms": step / 1000})]
for i in range(4):
    lines.append(json.dumps({"time_us": t0 + (i + 1) * step, "interval_us": step, "run_delay_us": 0,
                             "cpu_us": step // 2, "nivcsw": 3, "nvcsw": 100, "ios": 100000,
                             "intended_us": step - step // 10, "host_added_us": 0,
                             "host_added_max_us": 150, "late_ios": 0, "drive_idle_us": step // 10}))
open("%s/%s_host.1.jsonl" % (d, test), "w").write("\n".join(lines) + "\n")
PY
expect_rc 0 "a run with a host sidecar: import" "$DB" --db "$TMP/host.sqlite" import "$TMP/host"
"$R" --format json "$TMP/host" >"$TMP/host.json" 2>/dev/null
expect_rc 0 "... its host figures are the report's too" $CHECK same "$TMP/host.sqlite" "$TMP/host.json" 1
n=$($CHECK count "$TMP/host.sqlite" "SELECT count(*) FROM figures f JOIN catalogue c ON c.id = f.cat_id WHERE c.of = 'host' AND f.value IS NOT NULL")
[ "$n" -ge 3 ] && pass "the measured job's host figures kept ($n with a value)" || fail "host figures: $n"
n=$($CHECK count "$L" "SELECT count(*) FROM figures WHERE value IS NULL AND why IS NULL")
[ "$n" = 0 ] && pass "no null figure without its reason" || fail "$n null figures without a reason"
n=$($CHECK count "$L" "SELECT count(*) FROM curves c JOIN jobs j ON j.id = c.job_id WHERE c.chart = 'fill' AND j.name = 'pslc-fill'")
[ "$n" -ge 2 ] && pass "the fills' curves are kept for charts ($n)" || fail "fill curves: $n"

expect_rc 0 "the same directory again" "$DB" --db "$L" import "$MD/tlc"
expect_out 'in the library already as run 1' "is the run it was"
cp -R "$MD/tlc" "$TMP/tlc-copy"
expect_rc 0 "a copy elsewhere" "$DB" --db "$L" import "$TMP/tlc-copy"
expect_out 'in the library already as run 1' "is the same run (the inputs' hash, not the path)"
sed -i '1s/^/0, 0, 0, 0, 0\n/' "$TMP/tlc-copy/pslc-fill_bw.1.log"
expect_rc 0 "a copy with one log line more" "$DB" --db "$L" import "$TMP/tlc-copy"
expect_out 'run 3 of DRAM-less' "is another run"
n=$($CHECK count "$L" "SELECT count(*) FROM runs")
[ "$n" = 3 ] && pass "3 runs in the library" || fail "$n runs, wanted 3"

# where the library is
mkdir -p "$TMP/xdg" "$TMP/home"
expect_rc 0 "XDG_DATA_HOME: import makes DIR/ssdq/library.sqlite" \
	env -u SSDQ_DB XDG_DATA_HOME="$TMP/xdg" HOME="$TMP/home" "$DB" import "$MD/qlc"
[ -f "$TMP/xdg/ssdq/library.sqlite" ] && pass "made under XDG_DATA_HOME" || fail "no $TMP/xdg/ssdq/library.sqlite"
expect_rc 0 "HOME: ~/.local/share/ssdq/library.sqlite" env -u SSDQ_DB -u XDG_DATA_HOME HOME="$TMP/home" "$DB" import "$MD/qlc"
[ -f "$TMP/home/.local/share/ssdq/library.sqlite" ] && pass "made under HOME" || fail "nothing under HOME"
expect_rc 0 "SSDQ_DB names it" env SSDQ_DB="$L" "$DB" list
expect_out "^$L: 2 drives, 3 runs" "SSDQ_DB's library listed"
expect_rc 1 "list of a library that is not there" "$DB" --db "$TMP/none.sqlite" list
expect_out "none.sqlite: No such file .*ssdq-db import DIR makes one" "named, and how to make one"
[ ! -e "$TMP/none.sqlite" ] && pass "list made no file" || fail "list made $TMP/none.sqlite"

# usage
expect_rc 2 "no command" "$DB"
expect_rc 2 "an unknown command" "$DB" frobnicate
expect_out 'frobnicate: no such command' "named"
expect_rc 2 "compare without a baseline" "$DB" --db "$L" compare 1
expect_rc 2 "--threshold not a number" "$DB" --db "$L" compare 1 --baseline 2 --threshold x
expect_rc 1 "a drive that is not there" "$DB" --db "$L" show nosuch
expect_out 'nosuch: no drive of that id, name, serial or preset; the drives: 1 "DRAM-less' "named, the drives listed"
expect_rc 1 "a directory with no results" "$DB" --db "$L" import "$TMP/home"
expect_out 'home: no fio JSON files nor ssdq events sidecars' "named"
expect_rc 0 "--version" "$DB" --version
expect_out '^ssdq-db \(ssdq\) ' "says ssdq's version"

# a schema-1 library: migrated, its run kept
expect_rc 0 "a schema-1 library made" $CHECK old "$TMP/v1.sqlite" 1
expect_rc 0 "a schema-1 library: import into it" "$DB" --db "$TMP/v1.sqlite" import "$MD/qlc"
n=$($CHECK count "$TMP/v1.sqlite" "PRAGMA user_version")
[ "$n" = 3 ] && pass "migrated to schema 3" || fail "schema $n after the migration"
n=$($CHECK count "$TMP/v1.sqlite" "SELECT group_concat(hash, ' ') FROM runs WHERE id = 1")
[ "$n" = h1 ] && pass "its old run kept" || fail "old run: '$n'"
n=$($CHECK count "$TMP/v1.sqlite" "SELECT count(*) FROM curves")
[ "$n" -gt 0 ] && pass "the new run has schema 2's curves ($n)" || fail "no curves after migration"

# a schema-2 library with a PTS cell: migrated to 3 by the first command that opens it,
# the cell kept as a steady-state window's, shown and compared as schema 3's cells are
expect_rc 0 "a schema-2 library made, a PTS cell in it" $CHECK old "$TMP/v2.sqlite" 2
expect_rc 0 "a schema-2 library: show its PTS run" "$DB" --db "$TMP/v2.sqlite" show run:1
expect_out '^iops / r0-4k$' "its cell listed"
expect_out '^    iops +50000 IOPS$' "with its figure"
n=$($CHECK count "$TMP/v2.sqlite" "SELECT (SELECT user_version FROM pragma_user_version) || ' ' || group_concat(part || ' ' || test || ' ' || cell || ' ' || steady) FROM pts_cells")
[ "$n" = "3 window iops r0-4k 1" ] && pass "migrated to schema 3, the cell kept as a window's" || fail "after the migration: '$n'"
expect_rc 0 "... and a new run imported into it" "$DB" --db "$TMP/v2.sqlite" import "$MD/qlc"
expect_rc 0 "... checked whole" "$DB" --db "$TMP/v2.sqlite" check

# refused by name, left as they were
cp "$L" "$TMP/new.sqlite"
python3 -c 'import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); d.execute("PRAGMA user_version = 99"); d.commit()' "$TMP/new.sqlite"
sum=$(cksum <"$TMP/new.sqlite")
expect_rc 1 "a library of a newer schema" "$DB" --db "$TMP/new.sqlite" import "$MD/qlc"
expect_out 'new.sqlite: a library of schema 99, newer than this ssdq-db.s 3' "refused, saying so"
[ "$sum" = "$(cksum <"$TMP/new.sqlite")" ] && pass "left as it was" || fail "the newer library changed"
printf 'model,serial\nP1,123\n' >"$TMP/notes.csv"
expect_rc 1 "a text file as the library" "$DB" --db "$TMP/notes.csv" import "$MD/qlc"
expect_out 'notes.csv: not an ssdq library: not an SQLite database' "named"
[ "$(cat "$TMP/notes.csv")" = "$(printf 'model,serial\nP1,123')" ] && pass "left as it was" || fail "the text file changed"
python3 -c 'import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); d.execute("CREATE TABLE t (x)"); d.execute("INSERT INTO t VALUES (1)"); d.commit()' "$TMP/other.sqlite"
expect_rc 1 "an SQLite file of another program" "$DB" --db "$TMP/other.sqlite" import "$MD/qlc"
expect_out 'other.sqlite: not an ssdq library: an SQLite database of another program' "named"
n=$($CHECK count "$TMP/other.sqlite" "SELECT count(*) FROM sqlite_master")
[ "$n" = 1 ] && pass "left as it was" || fail "another program's file has $n tables now"
cp "$L" "$TMP/bad.sqlite"
python3 - "$TMP/bad.sqlite" <<'PY'
import sys
f = open(sys.argv[1], "r+b"); f.seek(0, 2); size = f.tell()
for off in range(8192, size - 4096, 16384):   # a stripe of garbage through the tables' pages
    f.seek(off); f.write(b"\xa5" * 512)
PY
"$DB" --db "$TMP/bad.sqlite" check >"$T_OUT" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q 'bad.sqlite: ' "$T_OUT"; then pass "a damaged library: check names it (exit 1)"; else
	fail "damaged library: check exit $rc"; sed 's/^/    /' "$T_OUT" | head -5; fi
"$DB" --db "$TMP/bad.sqlite" export >/dev/null 2>"$T_OUT"; rc=$?
if [ $rc -le 1 ]; then pass "a damaged library: export ends (exit $rc), no crash"; else fail "damaged export: exit $rc"; fi
cp -R "$MD/qlc" "$TMP/qlc-new"
sed -i '1s/^/0, 0, 0, 0, 0\n/' "$TMP/qlc-new/pslc-fill_bw.1.log"
"$DB" --db "$TMP/bad.sqlite" import "$TMP/qlc-new" >/dev/null 2>"$T_OUT"; rc=$?
if [ $rc = 0 ] || { [ $rc = 1 ] && grep -q 'bad.sqlite: .*malformed' "$T_OUT"; }; then
	pass "a damaged library: a new run's import ends (exit $rc$([ $rc = 1 ] && echo ', the file named: malformed')), no crash"
else fail "damaged import: exit $rc"; sed 's/^/    /' "$T_OUT" | head -3; fi
expect_rc 0 "check of a sound library" "$DB" --db "$L" check
expect_out 'lib.sqlite: ok' "ok"

# kill -9 during imports: the library whole, each run whole or absent
i=0 killed=0 absent=0
while [ $i -lt 12 ]; do
	i=$((i + 1))
	rm -f "$TMP/k.sqlite"*
	"$DB" --db "$TMP/k.sqlite" import "$MD/tlc" >/dev/null 2>&1 &
	pid=$!
	sleep "0.0$((i * 7 % 10))"
	kill -9 $pid 2>/dev/null && killed=$((killed + 1))
	wait $pid 2>/dev/null
	if ! $CHECK whole "$TMP/k.sqlite" 5 >"$T_OUT" 2>&1 && [ -s "$TMP/k.sqlite" ]; then
		fail "kill -9 at try $i:"; sed 's/^/    /' "$T_OUT"; break
	fi
	grep -q '^ok: 0 run' "$T_OUT" && absent=$((absent + 1))
	"$DB" --db "$TMP/k.sqlite" import "$MD/tlc" >/dev/null 2>&1 || { fail "import after kill -9 at try $i"; break; }
	n=$($CHECK count "$TMP/k.sqlite" "SELECT count(*) FROM runs")
	[ "$n" = 1 ] || { fail "after kill -9 at try $i and an import: $n runs"; break; }
done
[ $i = 12 ] && pass "kill -9 during 12 imports ($killed killed before their end, $absent with the run absent): whole each time, the next import lands once"

# two imports at once into a new file, eight times
i=0
while [ $i -lt 8 ]; do
	i=$((i + 1))
	rm -f "$TMP/c.sqlite"*
	"$DB" --db "$TMP/c.sqlite" import "$MD/tlc" >"$TMP/c1" 2>&1 &
	p1=$!
	"$DB" --db "$TMP/c.sqlite" import "$MD/qlc" >"$TMP/c2" 2>&1 &
	p2=$!
	wait $p1; r1=$?
	wait $p2; r2=$?
	n=$($CHECK count "$TMP/c.sqlite" "SELECT count(*) FROM runs")
	[ $r1 = 0 ] && [ $r2 = 0 ] && [ "$n" = 2 ] || { fail "imports at once, try $i: exit $r1 $r2, $n runs"; cat "$TMP/c1" "$TMP/c2"; break; }
done
[ $i = 8 ] && pass "two imports at once into a new library land both, 8 times"

# a drive with two runs, another drive: repeats, regressions
expect_rc 0 "show a drive" "$DB" --db "$L" show 1
expect_out '^pslc-fill / pslc-fill write' "its tests and jobs"
expect_out 'slc_cache_gb +[0-9.]+ ± [0-9.]+ \(n 2, CV [0-9.]+ %\) GB' "two runs: mean ± 95 % CI, CV"
expect_rc 3 "compare the QLC drive against the TLC one: regressions, exit 3" "$DB" --db "$L" compare 2 --baseline 1
expect_out '^REGRESSION +pslc-fill / pslc-fill write +post_cache_mbps: ' "a regression flagged"
expect_out 'regressions?, [0-9]+ improvements?' "counted"
expect_rc 0 "compare run 1 against run 3 (one log line more)" "$DB" --db "$L" compare run:1 --baseline run:3
expect_out '^0 regressions' "no regression"
expect_rc 0 "export CSV" "$DB" --db "$L" export --drive 1
expect_out '^run,drive_id,drive,model,serial,firmware,date,test,repeat_of,job,ddir,rw,bs,iodepth,section,figure,unit,value,null_reason,marks$' "the header"
expect_out '^1,1,"DRAM-less 4-channel TLC NVMe, 1 TB, 88 GB static pSLC",.*,pslc-fill,,pslc-fill,write,write,.*,fill,slc_cache_gb,GB,[0-9.]+,,0$' "a fill figure's row"
"$DB" --db "$L" export --format json --test pslc-fill >"$TMP/e.json"
expect_rc 0 "export JSON: a document, one test" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "ssdq-db-export" and d["figures"]
assert {f["test"] for f in d["figures"]} == {"pslc-fill"}
assert any(f["value"] is None and f["null_reason"] for f in d["figures"])
' "$TMP/e.json"
expect_rc 0 "the page of drive 2 against drive 1" "$DB" --db "$L" html "$TMP/p.html" --drive 2 --baseline 1
expect_rc 0 "the page: landscape, fill curves of both, rank, baseline, repeats" python3 -c '
import re, sys
p = open(sys.argv[1]).read()
assert "id=\"landscape\"" in p and "id=\"rank\"" in p and "id=\"baseline\"" in p and "id=\"repeats\"" in p
svgs = re.findall(r"<svg.*?</svg>", p, re.S)
assert len(svgs) >= 4, len(svgs)
assert any("this drive" in s for s in svgs)
assert re.search(r"<tr class=\"reg\"><td>pslc-fill", p)
assert re.search(r"<td>[0-9]+ of 2</td>", p)
f = p[p.index("id=\"fill\""):p.index("id=\"rank\"")]
assert "pslc-fill: write speed per GB written" in f and "stroke-dasharray=\"6 3\"" in f, "no fill curves of both"
' "$TMP/p.html"
"$DB" --db "$L" html "$TMP/p1.html" --drive 1 >/dev/null 2>&1
expect_rc 0 "drive 1's page: its repeated runs as mean ± CI and CV" python3 -c '
import re, sys
p = open(sys.argv[1]).read()
assert re.search(r"<td>[0-9.]+ ± [0-9.]+</td><td>[0-9.]+ %</td><td>2</td>", p), "no repeated row"
' "$TMP/p1.html"

# ssdq-db cv: runs of a test under the bound or not
expect_rc 0 "cv: one test's runs alike, under 5 %" "$DB" cv --min 2 "$MD/tlc/pslc-fill.json" "$TMP/tlc-copy/pslc-fill.json"
expect_out '^cv: pslc-fill mbps 0.00 % over 2 runs' "said per job"
expect_rc 3 "cv: fewer runs than --min" "$DB" cv --min 3 "$MD/tlc/pslc-fill.json" "$TMP/tlc-copy/pslc-fill.json"
expect_rc 3 "cv: two different drives' runs vary more" "$DB" cv --min 2 "$MD/tlc/pslc-fill.json" "$MD/qlc/pslc-fill.json"
expect_rc 1 "cv: a file that is not there" "$DB" cv "$TMP/none.json" "$TMP/none.json"

echo "$T_PASS passed, $T_FAIL failed"
[ "$T_FAIL" = 0 ]
