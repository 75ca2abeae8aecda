#!/bin/sh
# ssdq-run --suite snia's rounds (issue 25): a suite line's rounds=N track=...
# runs the test in rounds, each its own fio run (TEST-K.json, its logs named
# TEST-K), until ssdq-pts steady says the rule holds or N rounds ran. Every
# stop is held against ssdq-pts's own verdict on the rounds' files, run here
# round by round, never against a round number written into the test. On the
# drive model with real fio and ssdq.so (cells cut to 300 ms): the 128 KiB
# throughput test from its own purge and WIPC (at 128 KiB), the write cache
# off in every round (PTS-E) and back on after them, as it was; on in every
# round of the client class (PTS-C). With a stand-in fio whose JSON gives each
# round a chosen figure: a series that never settles runs to the line's 25
# rounds, one that settles stops where ssdq-pts says, two namespaces each stop
# at their own round, a round killed by SIGTERM runs again on resume (its
# attempt kept). A line with picks= (the ECW and DIRTH histogram runs) runs
# at the points ssdq-pts picks gives from the last round of its ladder, and
# fails, said, when that round is no ladder. The rounds on a test host go through SSH (test/ssh-lib.sh:
# this machine's sshd for the test) where sshd is installed. --pts-class sets the client's conditions; bad suite lines,
# a bad class and a missing ssdq-pts are refused before anything runs.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
. "$top/test/ssh-lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
PTS=$top/build/ssdq-pts
[ -f "$SO" ] && [ -x "$PTS" ] || { echo "SKIP: no $SO or $PTS (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: no fio"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-snia.XXXXXX")
SERVERS=''
# shellcheck disable=SC2154 # p is the trap's own loop variable
trap 'for p in $SERVERS ${SSHD_PID:-}; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$W" "$T_OUT"' EXIT
export SSDQ_SO="$SO" SSDQ_SERVER_SO="$SO" SSDQ_REPORT=none SSDQ_PTS="$PTS"
unset SSDQ_FIO SSDQ_SPAN SSDQ_SYSFS SSDQ_DEVDIR SSDQ_MOUNTINFO SSDQ_SWAPS
cd "$W" || exit 1
cp -R "$top/jobs" lib
RUN=lib/ssdq-run
T=throughput-128k-round

# first_steady DIR TEST MOST TRACK...: the round at which ssdq-pts first says
# TEST's rounds in DIR are steady, else MOST (ssdq-pts's verdict, round by
# round; a host's client_stats read as jobs, which ssdq-pts reads)
first_steady() {
	_d=$1 _t=$2 _m=$3; shift 3
	_a=''
	for _k; do _a="$_a --track $_k"; done
	_k=1 _f=''
	while [ $_k -le "$_m" ] && [ -f "$_d/$_t-$_k.json" ]; do
		# fio --client's JSON (a test host's) holds the cells as client_stats
		sed 's/^\( *\)"client_stats" *:/\1"jobs" :/' "$_d/$_t-$_k.json" >"$W/view-$_k.json"
		_f="$_f $W/view-$_k.json"
		# shellcheck disable=SC2086 # one option or file a word
		"$PTS" steady $_a $_f >/dev/null 2>&1 && { echo "$_k"; return 0; }
		_k=$((_k + 1))
	done
	echo "$_m"
}
# rounds_in DIR TEST: how many rounds' JSON DIR holds
rounds_in() { ls "$1/$2"-[0-9]*.json 2>/dev/null | wc -l | tr -d ' '; }

# ---- the suite file and the options ---------------------------------------------
expect_rc 0 "--suite snia: a dry run on the model" sh "$RUN" --suite snia --model tlc-enterprise-4tb \
	--scale 1000 --out d0 --dry-run
expect_out "^ +1 +iops-prep +.*IOPS: purge, WIPC 128 KiB" "the IOPS test's own purge and WIPC first"
expect_out "^ +2 +iops-round +.*rounds until steady \(at most 25\)" "the plan gives the IOPS test its rounds"
expect_out "^ +5 +throughput-1024k-prep +.*WIPC 1024 KiB" "the 1024 KiB test preconditioned at 1024 KiB"
expect_out "^ +7 +latency-prep " "a purge and WIPC before the latency test"
expect_out "^ +8 +latency-round " "then the latency test"
expect_out "^ +9 +wsat +.*write saturation" "and the write saturation test, from a purge of its own"
expect_out "^ +[0-9]+ +ecw-prep +.*ECW: purge, WIPC 128 KiB" "ECW from its own purge and WIPC"
expect_out "^ +[0-9]+ +ecw-round +.*rounds until steady \(at most 25\)" "ECW's rounds at T32Q32 until steady"
expect_out "^ +[0-9]+ +ecw-di +.*ECW demand intensity, pre-writes.*rounds until steady \(at most 25\)" \
	"then ECW's demand-intensity ladder, in rounds after pre-writes"
expect_out "^ +[0-9]+ +ecw-hist +.*ECW response-time histograms at MaxIOPS, MidIOPS, MinIOPS" \
	"then ECW's histogram runs"
expect_out "^ +[0-9]+ +dirth-round +.*rounds until steady \(at most 25\)" "DIRTH's rounds until steady"
expect_out "^ +[0-9]+ +dirth-di +.*DIRTH demand intensity and histograms.*rounds until steady" \
	"then DIRTH's ladder in rounds"
expect_out "^ +[0-9]+ +dirth-hist +.*DIRTH response-time histograms" "then DIRTH's histogram runs"
_o=$(grep -E '^ +[0-9]+ +(ecw|dirth)-(prep|round|di|hist) ' "$T_OUT" | awk '{ print $2 }' | tr '\n' ' ')
[ "$_o" = "ecw-prep ecw-round ecw-di ecw-hist dirth-prep dirth-round dirth-di dirth-hist " ] &&
	pass "ECW and DIRTH each: prep, rounds, ladder, histogram runs" || fail "ECW and DIRTH steps: $_o"
expect_out "^ +[0-9]+ +hir-prep +.*host idle recovery: purge" "host idle recovery from a purge of its own"
expect_out "^ +[0-9]+ +hir-round +.*4 KiB random writes to steady state, rounds until steady" \
	"HIR preconditioned in rounds to steady state"
expect_out "^ +[0-9]+ +hir +.*wait states of 5-50 s" "then HIR's wait states"
expect_out "^ +[0-9]+ +xsr +.*SEQ 1024 KiB, RND 8 KiB, SEQ 1024 KiB" "cross-stimulus recovery"
_o=$(grep -E '^ +[0-9]+ +(hir-prep|hir-round|hir) ' "$T_OUT" | awk '{ print $2 }' | tr '\n' ' ')
[ "$_o" = "hir-prep hir-round hir " ] && pass "HIR's purge, preconditioning and wait states in that order" ||
	fail "HIR's steps in the order: $_o"
expect_out "SSDQ_PTS_PURGE +purge" "a PTS purge (Sanitize or Format) by default"
expect_out "SSDQ_PTS_WRITE_CACHE +off" "enterprise: the write cache off"
expect_out "SSDQ_PTS_THREADS +4" "enterprise's threads by default"
expect_rc 0 "--pts-class client" sh "$RUN" --suite snia --pts-class client --model tlc-enterprise-4tb \
	--scale 1000 --out d0 --dry-run
expect_out "SSDQ_PTS_THREADS +2" "client: 2 threads"
expect_out "SSDQ_PTS_QD +16" "client: queue depth 16"
expect_out "SSDQ_PTS_RANGE +75%" "client: 75 % of the LBAs"
expect_out "SSDQ_PTS_WRITE_CACHE +on" "client: the write cache on"
expect_rc 0 "--pts-class client with a value given" sh "$RUN" --suite snia --pts-class=client \
	--set SSDQ_PTS_QD=8 --model tlc-enterprise-4tb --scale 1000 --out d0 --dry-run
expect_out "SSDQ_PTS_QD +8$" "the value given stands"
expect_rc 2 "--pts-class server" sh "$RUN" --suite snia --pts-class server --model qlc-1tb --out d0
expect_out "--pts-class must be enterprise or client, not 'server'" "names the option and its values"
expect_rc 2 "--pts-class with a suite of no PTS test" sh "$RUN" --suite pslc --pts-class client --model qlc-1tb --out d0
expect_out "--pts-class: for a suite of SNIA PTS tests" "says what it is for"
expect_rc 2 "an unknown suite" sh "$RUN" --suite nope --model qlc-1tb --out d0
expect_out "consumer, enterprise, pslc or all, not 'nope' \(or (power, )?snia, which all leaves out\)" \
	"snia is offered, and all leaves it out"
expect_rc 0 "--suite all: a dry run" sh "$RUN" --suite all --model qlc-1tb --scale 64 --out d0 --dry-run
grep -Eq '(iops|throughput-[0-9]+k|latency|hir)-(prep|round)|wsat|xsr' "$T_OUT" && fail "--suite all runs a PTS test" || pass "--suite all runs no PTS test"
[ ! -e d0 ] && pass "no results directory from the dry runs and refusals" || fail "d0 was made"

cp lib/suites/snia.suite snia.keep
suite_line() { printf '# a test\n%s\n' "$1" >lib/suites/bad.suite; }
suite_line "snia/$T.fio  tp  rounds=many track=seq-read-128k:read:mbps"
expect_rc 2 "rounds= not a number" sh "$RUN" --suite bad --model qlc-1tb --out d0 --dry-run
expect_out "bad.suite:2: 'rounds=many': rounds= wants the most rounds" "named by file and line"
suite_line "snia/$T.fio  tp  rounds=5 track=r0-4k:write:iops"
expect_rc 2 "a tracked job the file lacks" sh "$RUN" --suite bad --model qlc-1tb --out d0 --dry-run
expect_out "bad.suite:2: track=r0-4k:write:iops: snia/$T.fio has no job \[r0-4k\]" "names the job and the file"
suite_line "snia/$T.fio  tp  rounds=5 track=seq-read-128k:up:mbps"
expect_rc 2 "a tracking variable of no direction" sh "$RUN" --suite bad --model qlc-1tb --out d0 --dry-run
expect_out "bad.suite:2: 'seq-read-128k:up:mbps': a tracking variable is JOB:DIR:FIGURE" "says what it wants"
suite_line "snia/$T.fio  tp  rounds=5"
expect_rc 2 "rounds without track" sh "$RUN" --suite bad --model qlc-1tb --out d0 --dry-run
expect_out "bad.suite:2: rounds= and track= go together" "named by file and line"
suite_line "snia/dirth-hist.fio  hist  picks=dirth-di"
expect_rc 2 "picks= of a test that does not run in rounds before it" sh "$RUN" --suite bad --model qlc-1tb \
	--out d0 --dry-run
expect_out "bad.suite:2: picks=dirth-di: no test dirth-di in rounds runs before it" "named by file and line"
rm -f lib/suites/bad.suite
# (the copy of the library has no build/ beside it; ssdq-pts is not installed here)
if ! command -v ssdq-pts >/dev/null 2>&1; then
	expect_rc 2 "no ssdq-pts" env SSDQ_PTS= sh "$RUN" --suite snia --model qlc-1tb --out d0 --dry-run
	expect_out "no ssdq-pts \(make builds build/ssdq-pts" "names what is missing"
fi
expect_rc 2 "an SSDQ_PTS that is not there" env SSDQ_PTS="$W/none" sh "$RUN" --suite snia --model qlc-1tb \
	--out d0 --dry-run
expect_out "SSDQ_PTS=$W/none: no such program" "names it"

# ---- on the drive model: purge, WIPC, the 128 KiB throughput test in rounds -----------
P=throughput-128k-prep
grep -e "^snia/$P" -e "^snia/$T" snia.keep >lib/suites/pts.suite
expect_rc 0 "the 128 KiB throughput test in rounds on the model" sh "$RUN" --suite pts \
	--model tlc-enterprise-4tb --scale 1000 --set SSDQ_PTS_CELL_RUNTIME=300ms --out m --yes --eta never
cp "$T_OUT" m.out
k=$(rounds_in m "$T")
want=$(first_steady m "$T" 25 seq-read-128k:read:mbps seq-write-128k:write:mbps)
[ "$k" = "$want" ] && pass "its rounds stop at round $k, where ssdq-pts first says steady (or at 25)" ||
	fail "$k rounds ran; ssdq-pts says round $want"
if [ "$want" -lt 25 ]; then
	expect_out "$T: steady at round $k \(ssdq-pts" "the runner says it was steady, and when"
else
	expect_out "$T: NOT steady after 25 rounds" "the runner says it never was"
fi
grep -qx "$T" m/ssdq-run.state && grep -qx "$T-$k" m/ssdq-run.state && pass "the state holds the test and its rounds" ||
	fail "state: $(tr '\n' ' ' <m/ssdq-run.state)"
grep -q 'steady' "m/$T.steady" && pass "ssdq-pts's account is kept in $T.steady" || fail "no $T.steady"
miss=''
i=1
while [ $i -le "$k" ]; do
	grep -q '"jobname" : "seq-write-128k"' "m/$T-$i.json" || miss="$miss $T-$i.json"
	for f in bw.1.log events.1.jsonl power.1.log; do [ -f "m/$T-${i}_$f" ] || miss="$miss $T-${i}_$f"; done
	grep -q "^write_bw_log=$T-$i\b" "m/jobs/$T-$i.fio" || miss="$miss jobs/$T-$i.fio"
	i=$((i + 1))
done
[ -z "$miss" ] && pass "each round's JSON, logs and sidecars are its own ($T-K...)" || fail "missing:$miss"
# its purge and WIPC: the erase, then the 128 KiB sequential writes of twice the capacity
python3 - "m/${P}_events.1.jsonl" "m/$P.json" >"$T_OUT" 2>&1 <<'PY'
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
erase = [e["method"] for e in ev if e["event"] == "erase_end"]
w = [j for j in json.load(open(sys.argv[2]))["jobs"] if j["jobname"] == "wipc"][0]
opt = w["job options"]
print(f"erase {erase}, wipc bs {opt.get('bs')} {w['write']['io_bytes']} bytes")
cap = 4e12 / 1000     # tlc-enterprise-4tb at scale 1000
sys.exit(0 if erase == ["model"] and opt.get("bs") == "128k" and
         abs(w["write"]["io_bytes"] - 2 * cap) < 0.001 * cap else 1)
PY
[ $? = 0 ] && pass "$P: the model purged, then WIPC in 128 KiB writes ($(cat "$T_OUT"))" ||
	fail "$P: $(cat "$T_OUT")"
# the write cache: off in the prep and every round (PTS-E), as the model says
off=$(cat "m/${P}_events.1.jsonl" m/"$T"-*_events.*.jsonl | grep -c '"event":"write_cache","job":"[^"]*","present":true,"enabled":false,"asked":"off"')
all=$(cat "m/${P}_events.1.jsonl" m/"$T"-*_events.*.jsonl | grep -c '"event":"write_cache"')
[ "$off" -gt "$k" ] && [ "$off" = "$all" ] && pass "the write cache off in all $all jobs of the prep and the $k rounds" ||
	fail "write cache off in $off of $all jobs"
grep -q '"volatile_write_cache": {"present": true, "enabled": false}' m/device.json &&
	pass "device.json: the write cache present, off during the run" || fail "device.json: $(grep volatile m/device.json)"
# and after them back on, as the drive had it: a job that keeps it reads it
printf '[k]\nrw=read\nsize=4k\nwrite_bw_log=keep\nssdq_write_cache=keep\n' >keep.fio
fio --ioengine=external:"$SO" --filename=m/model.state --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=1000 --output=keep.json keep.fio >/dev/null 2>&1
grep -q '"event":"write_cache","job":"k","present":true,"enabled":true,"asked":"keep","was":null' \
	keep_events.1.jsonl 2>/dev/null && pass "after the run the write cache is back on, as it was" ||
	fail "after the run: $(grep write_cache keep_events.1.jsonl 2>&1)"

# PTS-C: the write cache on in the prep and every round (asked on, found on)
expect_rc 0 "the same test in the client class" sh "$RUN" --suite pts --pts-class client \
	--model tlc-enterprise-4tb --scale 1000 --set SSDQ_PTS_CELL_RUNTIME=300ms --out c --yes --eta never
on=$(cat c/"${P}"_events.*.jsonl c/"$T"-*_events.*.jsonl | grep -c '"event":"write_cache","job":"[^"]*","present":true,"enabled":true,"asked":"on"')
all=$(cat c/"${P}"_events.*.jsonl c/"$T"-*_events.*.jsonl | grep -c '"event":"write_cache"')
[ "$on" -gt 2 ] && [ "$on" = "$all" ] && pass "PTS-C: the write cache on in all $all jobs of the prep and the rounds" ||
	fail "PTS-C: write cache on in $on of $all jobs"

# ---- picks=: the histogram runs at the points ssdq-pts gives from the ladder's last round ----
# a ladder of two points in rounds (at most 2), then DIRTH's histogram runs
{
	printf '[global]\ninclude ../include/common.fio\ninclude ../include/snia.fio\n'
	printf 'include ../include/snia-dirth.fio\nwrite_bw_log=tiny-di\n'
	printf '[t2q2]\nstonewall\nnumjobs=2\niodepth=2\n[t1q1]\nstonewall\nnumjobs=1\niodepth=1\n'
} >lib/snia/tiny-di.fio
printf '%s\n' "snia/tiny-di.fio  a ladder of two points  rounds=2 track=t2q2:write:iops" \
	"snia/dirth-hist.fio  histograms  needs=tiny-di picks=tiny-di" >lib/suites/hist.suite
expect_rc 0 "a ladder in rounds, then histogram runs at its points (picks=)" sh "$RUN" --suite hist \
	--model tlc-enterprise-4tb --scale 1000 --set SSDQ_PTS_CELL_RUNTIME=100ms \
	--set SSDQ_PTS_DI_HIST_PREWRITE=100ms --set SSDQ_PTS_DI_HIST_RUNTIME=100ms --out hp --yes --eta never
want=$("$PTS" picks hp/tiny-di-2.json 2>/dev/null)
got=$(grep -o 'SSDQ_PTS_DI_[A-Z]*_[TQ][CD]=[0-9]*' hp/ssdq-run.log | tr '\n' ' ')
[ -n "$want" ] && [ "$got" = "$(printf '%s\n' "$want" | tr '\n' ' ')" ] && [ -s hp/dirth-hist.picks ] &&
	pass "the points of the last round, tiny-di-2, as ssdq-pts picks gives them: $got (logged, dirth-hist.picks)" ||
	fail "the log's points: $got; ssdq-pts picks tiny-di-2.json: $want"
python3 - hp/dirth-hist.json "$want" >"$T_OUT" 2>&1 <<'PY'
import json, sys
v = dict(l.split("=") for l in sys.argv[2].split())
jobs = {j["jobname"]: j["job options"] for j in json.load(open(sys.argv[1]))["jobs"]}
bad = []
for run, k in (("maxiops", "MAX"), ("midiops", "MID"), ("miniops", "MIN")):
    for j in (run + "-prewrite", run):
        o = jobs.get(j, {})
        if (o.get("numjobs"), o.get("iodepth")) != (v[f"SSDQ_PTS_DI_{k}_TC"], v[f"SSDQ_PTS_DI_{k}_QD"]):
            bad.append(f"{j}: numjobs {o.get('numjobs')} iodepth {o.get('iodepth')}")
print("; ".join(bad) or "every job at its point's TC x QD")
sys.exit(1 if bad else 0)
PY
[ $? = 0 ] && pass "the histogram runs ran there: $(cat "$T_OUT")" || fail "dirth-hist.json: $(cat "$T_OUT")"
# a "ladder" of one point (DIRTH's preconditioning rounds) gives no points: the step fails, said
printf '%s\n' "snia/dirth-round.fio  one point  rounds=1 track=t32q32:write:iops" \
	"snia/dirth-hist.fio  histograms  needs=dirth-round picks=dirth-round" >lib/suites/hist.suite
expect_rc 2 "picks= of rounds that are no ladder: the step cannot run" sh "$RUN" --suite hist \
	--model tlc-enterprise-4tb --scale 1000 --set SSDQ_PTS_CELL_RUNTIME=100ms \
	--set SSDQ_PTS_DI_ROUND_REST=100ms --out hp2 --yes --eta never
expect_out "dirth-hist: ssdq-pts picks .*dirth-round-1.json failed" "names the step and the round"
expect_out "no ladder: fewer than two points with I/O" "and why"
[ ! -e hp2/dirth-hist.json ] && pass "no histogram run ran" || fail "hp2/dirth-hist.json was written"
rm -f lib/suites/hist.suite lib/snia/tiny-di.fio

# ---- on a test host (fio --server on 127.0.0.1, through SSH): the same rounds ---------
P=$(free_port)
start_server h "$P"
H=127.0.0.1 how="directly (no sshd here: apt-get install openssh-server)"
mkdir -p ssh
if ssh_client "$W/ssh" && ssh_sshd "$W/ssh"; then
	ssh_alias "$W/ssh" lab "$SSHD_PORT" "$SSHD_KEY"
	H=lab how="through SSH"
fi
expect_rc 0 "the test in rounds on a test host, $how" sh "$RUN" --suite pts --model tlc-enterprise-4tb \
	--scale 1000 --set SSDQ_PTS_CELL_RUNTIME=300ms --host "$H:$P" --out h --yes --eta never
L=$H-$P
k=$(rounds_in "h/$L" "$T")
want=$(first_steady "h/$L" "$T" 25 seq-read-128k:read:mbps seq-write-128k:write:mbps)
[ "$k" -ge 1 ] && [ "$k" = "$want" ] && pass "the host's rounds stop at round $k, where ssdq-pts says" ||
	fail "$k rounds ran on the host; ssdq-pts says $want"
[ -f "h/$L/$T-${k}_bw.1.log" ] && [ -f "h/$L/$T-${k}_events.1.jsonl" ] &&
	pass "the host's last round's logs and sidecars came back under its name" ||
	fail "h/$L: $(ls "h/$L" | tr '\n' ' ')"

# ---- a stand-in fio: the rounds' figures chosen ------------------------------------
mkdir -p bin
cat >bin/fio <<'EOF'
#!/bin/sh
# stand-in fio: each round's JSON gives the tracked jobs the MB/s of
# FAKE_SERIES_<dir> (a word a round, the last repeated); hangs in FAKE_HANG
# until its trigger file appears
case $1 in --version) echo fio-3.33; exit 0 ;; --enghelp*) exit 0 ;; esac
out='' trigger=''
for a; do
	case $a in --output=*) out=${a#--output=} ;; --trigger-file=*) trigger=${a#--trigger-file=} ;; esac
done
name=$(basename "$out" .json)
echo "$name $PWD" >>"$FAKE_CALLS"
if [ "$name" = "${FAKE_HANG:-}" ]; then
	echo hanging >"$FAKE_CALLS.hang"
	while [ ! -e "$trigger" ]; do sleep 0.1; done
	rm -f "$trigger"
	exit 0
fi
k=${name##*-}
case $k in *[!0-9]*|'') k=1 ;; esac
eval "series=\${FAKE_SERIES_$(basename "$PWD" | tr -c 'a-z0-9\n' _):-\$FAKE_SERIES}"
set -- $series
[ "$k" -le $# ] || k=$#
eval "v=\${$k}"
bw=$((v * 1000000))
job() { printf '{"jobname": "%s", "error": 0, "read": {"iops": %d, "bw_bytes": %d, "total_ios": 1000}, "write": {"iops": %d, "bw_bytes": %d, "total_ios": 1000}}' "$1" "$v" "$bw" "$v" "$bw"; }
printf '{"fio version": "fio-3.33", "jobs": [%s, %s]}\n' "$(job seq-read-128k)" "$(job seq-write-128k)" >"$out"
EOF
chmod +x bin/fio
export SSDQ_FIO="$W/bin/fio" FAKE_CALLS="$W/calls"
grep -e "^snia/$T" snia.keep | sed 's/needs=[a-z0-9-]*//' >lib/suites/tp.suite
fake() { sh "$RUN" --suite tp --model tlc-enterprise-4tb --scale 1000 --yes --eta never "$@"; }

# never steady: 100 and 300 MB/s in turn, 30 rounds of it
alt=$(i=0; while [ $i -lt 15 ]; do printf '100 300 '; i=$((i + 1)); done)
FAKE_SERIES=$alt expect_rc 0 "a series that never settles" fake --out n
k=$(rounds_in n "$T")
want=$(first_steady n "$T" 25 seq-read-128k:read:mbps)
[ "$want" = 25 ] && [ "$k" = 25 ] && pass "ssdq-pts never says steady: the rounds stop at the line's 25" ||
	fail "$k rounds ran; ssdq-pts: $want"
expect_out "$T: NOT steady after 25 rounds" "the runner says so"
grep -qx "$T" n/ssdq-run.state && pass "the test is finished after its most rounds" || fail "state: $(cat n/ssdq-run.state)"

# settles after a fall: 900 800 700 then 500 a round
rm -f calls
FAKE_SERIES="900 800 700 500" expect_rc 0 "a series that settles" fake --out s
k=$(rounds_in s "$T")
want=$(first_steady s "$T" 25 seq-read-128k:read:mbps)
[ "$k" = "$want" ] && [ "$k" -lt 25 ] && pass "the rounds stop at round $k, where ssdq-pts first says steady" ||
	fail "$k rounds ran; ssdq-pts says $want"
[ "$(grep -c . calls)" = "$k" ] && pass "fio ran once a round ($k)" || fail "fio ran $(grep -c . calls) times"

# two namespaces, each its own series: each stops at its own round
FAKE_SERIES_a="500" FAKE_SERIES_b="900 800 700 600 500 400 300 250 250 250 250 250" \
	expect_rc 0 "two model drives in rounds" fake --device a.state --device b.state --out two
ka=$(rounds_in two/a "$T") kb=$(rounds_in two/b "$T")
wa=$(first_steady two/a "$T" 25 seq-read-128k:read:mbps) wb=$(first_steady two/b "$T" 25 seq-read-128k:read:mbps)
[ "$ka" = "$wa" ] && [ "$kb" = "$wb" ] && [ "$ka" != "$kb" ] &&
	pass "a stops at round $ka and b at round $kb, each where ssdq-pts says" ||
	fail "a: $ka rounds (ssdq-pts $wa), b: $kb rounds (ssdq-pts $wb)"
expect_out "\[a\] $T: steady at round $ka" "names the namespace that is steady"

# SIGTERM during round 3: the same command runs round 3 again
rm -f calls calls.hang
FAKE_SERIES=500 FAKE_HANG=$T-3 sh "$RUN" --suite tp --model tlc-enterprise-4tb --scale 1000 --yes \
	--eta never --out r >r.out 2>&1 &
pid=$!
wait_for calls.hang hanging
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 130 ] && pass "SIGTERM during round 3: exit 130" || fail "exit $rc"
[ "$(tr '\n' ' ' <r/ssdq-run.state)" = "$T-1 $T-2 " ] && pass "rounds 1 and 2 are recorded, round 3 is not" ||
	fail "state: $(tr '\n' ' ' <r/ssdq-run.state)"
rm -f calls
FAKE_SERIES=500 expect_rc 0 "the same command resumes" fake --out r
[ "$(head -n 1 calls | cut -d' ' -f1)" = "$T-3" ] && pass "it resumes at round 3" ||
	fail "fio ran: $(cut -d' ' -f1 calls | tr '\n' ' ')"
[ -d "r/attempts/$T-3.1" ] && pass "the killed round's attempt is kept in attempts/$T-3.1" || fail "no attempts/$T-3.1"
k=$(rounds_in r "$T")
[ "$k" = "$(first_steady r "$T" 25 seq-read-128k:read:mbps)" ] && pass "and stops where ssdq-pts says (round $k)" ||
	fail "$k rounds"
summary
