#!/bin/sh
# ssdq-pts (docs/snia.md): the SNIA PTS steady-state rule over rounds' fio
# JSON. Rounds made from a real fio 3.33 JSON with the tracking cell's IOPS
# set to series worked by hand (test/unit/test_report_pts_steady.c): steady
# at rounds 3-7 (exit 0), never (exit 1), fewer than five rounds (exit 1);
# the JSON's window, average and fitted line against an independent
# least-squares fit; bad input named (exit 2). Then five real rounds of the
# IOPS test's tracking cell on the drive model: the values ssdq-pts reads
# are fio's own. A few seconds. No device.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
PTS=${SSDQ_PTS:-$top/build/ssdq-pts}
SO=${SSDQ_SO:-$top/build/ssdq.so}
W=$(mktemp -d)
trap 'rm -rf "$W"; rm -f "$T_OUT"' EXIT
[ -x "$PTS" ] || { echo "SKIP: $PTS is not built"; exit 77; }

# rounds NAME VALUE...: round files NAME-1.json ... from a real fio JSON,
# job r0-4k writing VALUE IOPS
rounds() {
	_n=$1; shift
	python3 - "$top/test/fixtures/fio-3.33/randread-2jobs.json" "$W/$_n" "$@" <<'PY'
import json, sys
src, out, vals = sys.argv[1], sys.argv[2], [float(v) for v in sys.argv[3:]]
text = open(src).read()
doc = json.loads(text[text.index("{"):])  # fio printed notes before it
for i, v in enumerate(vals, 1):
    d = json.loads(json.dumps(doc))
    j = d["jobs"][0]
    j["jobname"] = "r0-4k"
    j["write"]["iops"] = v
    j["write"]["total_ios"] = int(v * 60)       # 0: a round that did no I/O
    j["write"]["bw_bytes"] = int(v * 4096)
    j["read"].update(iops=0, total_ios=0, bw_bytes=0)   # a write cell
    json.dump(d, open(f"{out}-{i}.json", "w"))
PY
}
files() { _f=; _i=1; while [ $_i -le "$2" ]; do _f="$_f $W/$1-$_i.json"; _i=$((_i + 1)); done; echo "$_f"; }

rounds conv 90e3 70e3 52e3 50e3 51e3 49e3 50e3
# shellcheck disable=SC2046 # the round files
expect_rc 0 "rounds converging at round 7: steady (exit 0)" "$PTS" steady --track r0-4k:write:iops $(files conv 7)
expect_out "steady state: rounds 3-7" "the window is rounds 3-7"
expect_out "average 50400, range 6.0 %" "its average and range as worked by hand"
# shellcheck disable=SC2046
expect_rc 1 "the same one round short: not steady (exit 1)" "$PTS" steady --track r0-4k:write:iops $(files conv 6)
expect_out "not at steady state after 6 rounds" "it says so"
# shellcheck disable=SC2046
expect_rc 1 "four rounds: no window yet (exit 1)" "$PTS" steady --track r0-4k:write:iops $(files conv 4)
expect_out "4 rounds of the 5 a window needs" "it says how many a window needs"

set --
v=100000; i=0
while [ $i -lt 25 ]; do set -- "$@" "$v"; v=$(awk -v v="$v" 'BEGIN { printf "%.6f", v * 0.96 }'); i=$((i + 1)); done
rounds fall "$@"
# shellcheck disable=SC2046
expect_rc 1 "4 % less every round for 25 rounds: never steady (exit 1)" "$PTS" steady --track r0-4k:write:iops $(files fall 25)
expect_out "not at steady state after 25 rounds \(the PTS stops at 25\)" "it names the PTS's last round"
expect_out "last window rounds 21-25" "and reports the last five"

# the cap is ssdq-pts's own: 28 rounds in, 4 % less once more then flat
# (rounds 24-28 would pass the rule: 8 % range, line 8.2 %), are not
# steady, over rounds 21-25
set -- "$@" "$v" "$v" "$v"
rounds cap "$@"
# shellcheck disable=SC2046
expect_rc 1 "28 rounds, flat after 25: not steady (exit 1)" "$PTS" steady --track r0-4k:write:iops $(files cap 28)
expect_out "not at steady state after 25 rounds \(the PTS stops there: rounds 26-28 not looked at\)" "rounds past 25 are not the PTS's"
expect_out "last window rounds 21-25" "its window is rounds 21-25, not 24-28"

# a round at zero (the cell did no I/O) fails only the windows it falls in
rounds idle 50e3 50e3 0 50e3 51e3 49e3 50e3 50e3
# shellcheck disable=SC2046
expect_rc 1 "round 3 at zero, 7 rounds: not steady (exit 1), not refused" "$PTS" steady --track r0-4k:write:iops $(files idle 7)
expect_out "round 3 did no I/O" "the zero round is named"
# shellcheck disable=SC2046
expect_rc 0 "round 3 at zero, 8 rounds: steady over rounds 4-8 (exit 0)" "$PTS" steady --track r0-4k:write:iops $(files idle 8)
expect_out "steady state: rounds 4-8" "the first window without it"

# the JSON against an independent least-squares fit
# shellcheck disable=SC2046
"$PTS" steady --json --track r0-4k:write:iops $(files conv 7) >"$W/conv.json" 2>&1
python3 - "$W/conv.json" <<'PY' >"$T_OUT" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
t = d["tracks"][0]
y = t["rounds"][t["window"][0] - 1:t["window"][1]]
n = len(y); xs = range(n); mx = sum(xs) / n; my = sum(y) / n
b = sum((x - mx) * (v - my) for x, v in zip(xs, y)) / sum((x - mx) ** 2 for x in xs)
ok = (d["steady"] and t["window"] == [3, 7] and abs(t["average"] - my) < 1e-6 and
      abs(t["slope"] - b) < 1e-6 and abs(t["intercept"] - (my - b * mx)) < 1e-6 and
      abs(t["data_excursion"] - (max(y) - min(y)) / my) < 1e-12 and
      abs(t["slope_excursion"] - abs(b) * (n - 1) / my) < 1e-12)
print(f"window {t['window']} average {t['average']} slope {t['slope']} (fit {b})")
sys.exit(0 if ok else 1)
PY
[ $? = 0 ] && pass "--json: window, average, fitted line and excursions as an independent fit gives ($(cat "$T_OUT"))" ||
	fail "--json against the fit: $(cat "$T_OUT")"

# bad input, named
expect_rc 2 "a --track without its direction is refused" "$PTS" steady --track r0-4k:iops "$W/conv-1.json"
expect_out "--track r0-4k:iops: give JOB:DIR:FIGURE" "the refusal names the option"
expect_rc 2 "a job the round does not hold is refused" "$PTS" steady --track r9-4k:write:iops "$W/conv-1.json"
expect_out "conv-1.json: no job r9-4k" "the refusal names the file and the job"
expect_rc 2 "a direction the cell did not do is refused" "$PTS" steady --track r0-4k:read:iops "$W/conv-1.json"
expect_out "conv-1.json: job r0-4k did no read I/O" "the refusal names the file, job and direction"
echo '{"x": 1}' >"$W/notfio.json"
expect_rc 2 "a JSON that is not fio's is refused" "$PTS" steady --track r0-4k:write:iops "$W/notfio.json"
expect_out "notfio.json: neither \"jobs\" nor \"client_stats\": not fio output" "the refusal names the file"
expect_rc 2 "no command" "$PTS" --track r0-4k:write:iops
expect_rc 2 "an unknown command" "$PTS" stable --track r0-4k:write:iops "$W/conv-1.json"

# ssdq-report on the same rounds named as ssdq-run --suite snia names them
# (a PTS results directory): its IOPS page's window and tracking values are
# ssdq-pts's (the cells' figures, from the report's own reading of each
# job, are held to fio's on the model: test_report_pts.sh)
R=${SSDQ_REPORT:-$top/build/ssdq-report}
if [ -x "$R" ]; then
	mkdir -p "$W/dir"
	i=1
	while [ $i -le 7 ]; do cp "$W/conv-$i.json" "$W/dir/iops-round-$i.json"; i=$((i + 1)); done
	"$R" --format json "$W/dir" >"$W/rep.json" 2>"$T_OUT"
	got=$(jq -c '.drives[0].pts.tests[0] | [.test, .steady, .window, .tracks[0].rounds, .tracks[0].average]' "$W/rep.json" 2>/dev/null)
	[ "$got" = '["iops",true,[3,7],[90000,70000,52000,50000,51000,49000,50000],50400]' ] &&
		pass "ssdq-report: the IOPS page's rounds, its window 3-7, steady, averaging 50400 IOPS ($got)" ||
		fail "ssdq-report's PTS page: $got ($(head -c 300 "$T_OUT"))"
	"$R" "$W/dir" >"$W/rep.txt" 2>&1
	grep -q "SNIA PTS IOPS (iops): steady state: rounds 3-7 of 7" "$W/rep.txt" &&
		pass "ssdq-report's text says the window" || fail "text: $(grep -A2 'SNIA' "$W/rep.txt" | head -3)"
	cp -r "$W/dir" "$W/dir2"
	"$R" --html "$W/two.html" "$W/dir" "$W/dir2" >/dev/null 2>&1
	[ "$(grep -c 'SNIA PTS: the drives compared' "$W/two.html")" = 1 ] &&
		grep -q '<caption>iops: IOPS and IOPS/W per cell' "$W/two.html" &&
		pass "ssdq-report: two PTS drives compared, each test's cells side by side" ||
		fail "two PTS drives: no comparison in the page"
	rm "$W/dir/iops-round-5.json"
	"$R" "$W/dir" >"$W/rep.txt" 2>&1
	grep -q "SNIA PTS IOPS (iops): rounds 1-4 of 4 averaged; round 5 is missing: rounds 5 to 7 left out" "$W/rep.txt" &&
		pass "ssdq-report: a missing round ends the test there, named" ||
		fail "a missing round: $(grep -A2 'SNIA' "$W/rep.txt" | head -3)"
else
	echo "SKIP: the report's PTS page (no $R)"
fi

# five real rounds of the IOPS test's tracking cell on the drive model
if command -v fio >/dev/null && [ -f "$SO" ]; then
	# the job file's runtime= wins over fio's command line: rendered with 200 ms cells
	"$top/jobs/ssdq-render" --set SSDQ_PTS_CELL_RUNTIME=200ms --out "$W/round.fio" \
		"$top/jobs/snia/iops-round.fio" || fail "ssdq-render of snia/iops-round.fio failed"
	i=1
	while [ $i -le 5 ]; do
		(cd "$W" && fio --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
			--ssdq_model_scale=1000 --filename="$W/m.state" --section=r0-4k \
			--output-format=json --output="$W/model-$i.json" round.fio) >"$W/fio.out" 2>&1 ||
			{ fail "model round $i: fio exit $?"; sed 's/^/    /' "$W/fio.out" | head; }
		i=$((i + 1))
	done
	# shellcheck disable=SC2046
	"$PTS" steady --json --track r0-4k:write:iops $(files model 5) >"$W/model.json" 2>"$T_OUT"
	got=$(jq -c '[.tracks[0].rounds[] | floor]' "$W/model.json" 2>/dev/null)
	# shellcheck disable=SC2046
	want=$(jq -s -c '[.[] | .jobs[] | select(.jobname == "r0-4k") | .write.iops | floor]' $(files model 5))
	[ -n "$got" ] && [ "$got" = "$want" ] &&
		pass "on the model: ssdq-pts reads each round's r0-4k write IOPS as fio gave it ($got)" ||
		fail "on the model: ssdq-pts read $got, fio's JSON holds $want ($(head -c 300 "$T_OUT"))"
else
	echo "SKIP: the model rounds (no fio or $SO)"
fi
summary
