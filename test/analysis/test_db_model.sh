#!/bin/sh
# ssdq-db (docs/db.md) on the drive model's own runs, each held figure by
# figure to ssdq-report's JSON of the same directory (db_check.py same):
# - a trace replay (jobs/consumer/trace-replay.fio after the prefill,
#   qlc-1tb at 1/1000): its trace section (MB/s, mean and p99 latency,
#   joules, the idle cut, the reads' share), its rw "replay", its trace file
#   and format, and the drive's own power measurement (the model's
#   drive_power event: drive_power_w, drive_max_w, ... and its source);
# - SNIA PTS-E on tlc-enterprise-4tb at 1/1000 (cells of 100 ms): DIRTH's
#   purge, one round and its demand-intensity ladder (every point, the
#   operating points max, optimal with its ceiling, mid, min), host idle
#   recovery's purge, one round and its ten phases (8 segments each; their
#   IOPS and idle); cross-stimulus recovery at 1/4000 with 4-minute periods
#   (60 ms of the run) as test_report_recovery.sh runs it: its three access
#   groups, steady levels and recovery times.
# Then what ssdq-db says of them: show lists them by part, compare holds a
# run against itself (nothing regressed), export names a ladder's picks.
# What is checked is the report's figures against the library's, never a
# speed: a busy host changes both alike. About a minute.
# Run from the top of the tree; SSDQ_REPORT, SSDQ_PTS, SSDQ_SO, SSDQ_DB_TOOL
# override; KEEP=DIR keeps the runs, reports and library there.
. test/lib.sh

. test/lib/pts_model.sh
trap '[ -z "${KEEP:-}" ] || cp -r "$TMP/." "$KEEP"; rm -rf "$TMP" "$T_OUT"' EXIT
DB=${SSDQ_DB_TOOL:-build/ssdq-db}
[ -x "$DB" ] || { echo "SKIP: no $DB (make)"; exit 77; }
python3 -c 'import sqlite3' 2>/dev/null || { echo "SKIP: python3 without sqlite3"; exit 77; }
CHECK="python3 $top/test/analysis/db_check.py"
TR=$TMP/trace X=$TMP/xsr L=$TMP/lib.sqlite
mkdir -p "$TR/jobs" "$X"

# ---- the runs ---------------------------------------------------------------------------
for t in prefill trace-replay; do
	sh "$top/jobs/ssdq-render" --scale 1000 --set SSDQ_LOG_MSEC=100 --set SSDQ_HIST_MSEC=100 \
		--set SSDQ_POWER_RATE=1000 --out "$TR/jobs/$t.fio" "$top/jobs/consumer/$t.fio" ||
		{ fail "render $t"; summary; exit 1; }
	(cd "$TR" && fio_rt --ioengine=external:"$SO" --filename="$TR/model.state" \
		--ssdq_model=qlc-1tb --ssdq_model_scale=1000 --output-format=json+ \
		--output="$t.json" "jobs/$t.fio") >"$TMP/fio.out" 2>&1 ||
		{ fail "fio $t: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
done
rm -f "$TR/prefill.json"
for t in dirth-prep dirth-round dirth-di hir-prep hir-round; do
	pts_render "$t" || { fail "ssdq-render snia/$t.fio"; summary; exit 1; }
done
pts_render hir --set SSDQ_PTS_HIR_SEGMENTS=8 || { fail "ssdq-render snia/hir.fio"; summary; exit 1; }
pts_prep_rounds dirth 1
pts_fio --output-format=json+ --output=dirth-di.json dirth-di.fio ||
	{ fail "DIRTH's ladder: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
pts_prep_rounds hir 1
pts_fio --output-format=json+ --output=hir.json hir.fio ||
	{ fail "HIR's wait states: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
sh "$top/jobs/ssdq-render" --scale 4000 --set SSDQ_PTS_XSR_PERIOD_MSEC=60 --out "$X/xsr.fio" \
	"$top/jobs/snia/xsr.fio" || { fail "ssdq-render snia/xsr.fio"; summary; exit 1; }
(cd "$X" && fio --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb --ssdq_model_scale=4000 \
	--filename="$X/m.state" --output-format=json+ --output=xsr.json xsr.fio) >"$TMP/fio.out" 2>&1 ||
	{ fail "XSR: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
pass "on the model: a trace replay; DIRTH (a round, the ladder) and HIR (a round, 10 phases); XSR"

# ---- the library against the report, figure by figure ----------------------------------
expect_rc 0 "import the three results directories" "$DB" --db "$L" import "$TR" "$D" "$X"
run=0
for d in "$TR" "$D" "$X"; do
	run=$((run + 1))
	"$R" --format json "$d" >"$TMP/r$run.json" 2>/dev/null
	expect_rc 0 "run $run ($(basename "$d")): every figure of the report's JSON is the library's" \
		$CHECK same "$L" "$TMP/r$run.json" $run
	expect_out '^[1-9][0-9]+ figures compared, 0 differ' "... compared"
done
q() { $CHECK count "$L" "$1"; }
fig() { echo "SELECT count(*) FROM figures f JOIN catalogue c ON c.id = f.cat_id $1"; }
n=$(q "SELECT j.rw || ' ' || j.trace_format || ' ' || j.drive_source FROM jobs j JOIN tests t ON t.id = j.test_id WHERE t.name = 'trace-replay'")
[ "$n" = "replay iolog v3 model-pm" ] && pass "the replay's job: rw replay, an iolog v3, the drive's own measurement by model-pm" ||
	fail "the replay's job: '$n'"
n=$(q "$(fig "WHERE c.of = 'trace' AND f.value IS NOT NULL")")
[ "$n" = 6 ] && pass "its six trace figures kept with a value (the model's joules among them)" || fail "trace figures with a value: $n"
n=$(q "$(fig "JOIN jobs j ON j.id = f.job_id WHERE j.name = 'trace-replay' AND c.key IN ('drive_power_w', 'drive_max_w', 'drive_energy_j') AND f.value > 0")")
[ "$n" = 3 ] && pass "its drive_power figures (mean W, largest interval W, J) kept" || fail "drive_power figures: $n"
# each wait state's idle (5 to 50 s of the full drive) above every baseline's (the gaps between
# segments without idle)
idle="SELECT p.cell, f.value FROM figures f JOIN pts_cells p ON p.id = f.cell_id JOIN catalogue c ON c.id = f.cat_id WHERE c.of = 'hir' AND p.part = 'phase' AND p.run_id = 2"
n=$(q "SELECT count(*) || ' ' || ((SELECT min(value) FROM ($idle) WHERE cell LIKE 'wait%') > (SELECT max(value) FROM ($idle) WHERE cell LIKE 'baseline%')) FROM ($idle)")
[ "$n" = "10 1" ] && pass "HIR: 10 phases, each wait state's idle above every baseline's" || fail "HIR phases, wait above baseline: '$n'"
n=$(q "$(fig "JOIN pts_cells p ON p.id = f.cell_id WHERE p.part = 'phase' AND c.key = 'iops' AND f.value > 0")")
[ "$n" = 10 ] && pass "HIR: each phase's IOPS" || fail "HIR phases' IOPS: $n"
n=$(q "SELECT group_concat(p.cell || '=' || coalesce(f.why, 'value'), ' ') FROM pts_cells p JOIN figures f ON f.cell_id = p.id JOIN catalogue c ON c.id = f.cat_id WHERE p.part = 'group' AND c.key = 'recovery_min' ORDER BY p.id")
case $n in
"ag1-seq-1024k=the first access group: no stimulus before it ag2-rnd-8k="*" ag3-seq-1024k="*)
	pass "XSR: 3 access groups, the first without a recovery time, said why ($n)" ;;
*) fail "XSR recovery times: '$n'" ;;
esac
n=$(q "$(fig "JOIN pts_cells p ON p.id = f.cell_id WHERE p.part = 'group' AND c.key = 'level_mbps' AND f.value > 0")")
[ "$n" = 3 ] && pass "XSR: each group's steady level" || fail "XSR levels: $n"
np=$(python3 -c 'import json, sys
print(len([p for d in json.load(open(sys.argv[1]))["drives"] for t in d["pts"]["tests"] if t.get("di") for p in t["di"]["points"]]))' "$TMP/r2.json")
n=$(q "SELECT count(*) FROM pts_cells WHERE part = 'point' AND test = 'dirth'")
[ "$n" = "$np" ] && [ "$n" -gt 10 ] && pass "DIRTH's ladder: its $n points" || fail "ladder points: $n, the report $np"
n=$(q "SELECT group_concat(k.pick, ' ') FROM (SELECT pick FROM pts_picks ORDER BY pick) k")
case $n in
"max mid min optimal"|"max mid min") pass "DIRTH's operating points: $n" ;;
*) fail "operating points: '$n'" ;;
esac

# ---- what ssdq-db says of them ----------------------------------------------------------
expect_rc 0 "show the PTS-E run" "$DB" --db "$L" show run:2
expect_out '^dirth pick / max$' "a ladder's operating point, by its pick"
expect_out '^hir phase / wait1$' "a HIR phase"
expect_out '^    idle_s +[0-9.]+ s$' "its idle"
expect_rc 0 "show the XSR run" "$DB" --db "$L" show run:3
expect_out '^xsr group / ag2-rnd-8k$' "an XSR access group"
expect_out '^    recovery_min ' "its recovery time"
expect_rc 0 "compare the PTS-E run with itself" "$DB" --db "$L" compare run:2 --baseline run:2
expect_out '^same +dirth pick / optimal +iops: ' "the optimal point's IOPS compared"
expect_out '^0 regressions' "nothing regressed"
expect_rc 0 "compare the trace run with itself" "$DB" --db "$L" compare run:1 --baseline run:1
expect_out '^same +trace-replay / trace-replay mixed +trace_lat_p99_us: ' "the trace's p99 compared"
expect_out '^same +trace-replay / trace-replay mixed +drive_max_w: ' "the drive's own largest W compared"
expect_rc 0 "export CSV of the ladder" "$DB" --db "$L" export --test dirth-di
expect_out ',"?dirth point t[0-9]+q[0-9]+ \(([a-z]+, )*max(, [a-z]+)*\)"?,' "a point's rows name its picks"
summary
