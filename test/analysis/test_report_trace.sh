#!/bin/sh
# Trace replay (jobs/consumer/trace-replay.fio): the shipped synthetic office
# trace replayed by plain fio through read_iolog on the drive model (two
# presets, 1/1000), after the prefill, and reported by ssdq-report. Truth:
# the trace itself (its I/Os, bytes and compressed gaps), fio's own JSON
# (bytes, runtime, latency of the "mixed" total) and the model's own account
# (model_regime: the bytes the model served each way; model_energy: the
# joules it spent, which the report's energy must match without the scaled
# model's full-drive factor: a trace is replayed as recorded). The engine
# replays onto --filename only: replay_redirect= set to it by the engine, and
# refused naming the option when it points elsewhere (a file that must stay
# untouched). About 15 s.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds.
. test/lib.sh

need_model_run
TOP=$(pwd)
JOBS=$TOP/jobs
LIB=$TOP/test/lib
TMP=$(mktemp -d)
trap '[ -n "$KEEP" ] || rm -rf "$TMP"; rm -f "$T_OUT"' EXIT

# run DIR PRESET TEST: one job file of jobs/consumer at 1/1000, plain fio, json+
run() {
	mkdir -p "$1/jobs"
	sh "$JOBS/ssdq-render" --scale 1000 --set SSDQ_LOG_MSEC=100 --set SSDQ_HIST_MSEC=100 \
		--set SSDQ_POWER_RATE=1000 --out "$1/jobs/$3.fio" "$JOBS/consumer/$3.fio" ||
		{ fail "render $3"; return; }
	(cd "$1" && fio_rt --ioengine=external:"$SO" --filename="$1/model.state" \
		--ssdq_model="$2" --ssdq_model_scale=1000 --output-format=json+ \
		--output="$3.json" "jobs/$3.fio" >>fio.out 2>&1) ||
		fail "fio $3 on $2 (see $1/fio.out)"
}
for p in tlc-dramless-1tb qlc-1tb; do
	run "$TMP/$p" "$p" prefill
	run "$TMP/$p" "$p" trace-replay
	rm -f "$TMP/$p/prefill.json"
done
D=$TMP/tlc-dramless-1tb

# ---- the engine: the trace onto --filename only ---------------------------------------
# the trace names "office": never opened, in fio's working directory or elsewhere
[ ! -e "$D/office" ] && [ ! -e "$TOP/office" ] && pass "the trace's own file name was not opened" ||
	fail "a file named office was made"
: >"$TMP/keep"
mkdir -p "$TMP/refuse"
(cd "$TMP/refuse" && fio --ioengine=external:"$SO" --filename="$TMP/refuse/model.state" \
	--ssdq_model=tlc-dramless-1tb --ssdq_model_scale=1000 --replay_redirect="$TMP/keep" \
	--output-format=json --output=refused.json "$D/jobs/trace-replay.fio") >"$T_OUT" 2>&1
expect_out "replay_redirect=$TMP/keep: ssdq replays a trace onto the job's filename=" \
	"replay_redirect= elsewhere: refused, naming the option"
[ ! -s "$TMP/keep" ] && pass "the file replay_redirect= named is untouched" || fail "$TMP/keep was written"
expect_rc 0 "fio's JSON: the replay ran on the model's state file (the engine's replay_redirect)" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
j, = d["jobs"]
assert j["error"] == 0, j["error"]
assert d["global options"]["read_iolog"].endswith("/jobs/traces/office.iolog")
' "$D/trace-replay.json"

# replay_scale= divides a trace's offsets, replay_align= aligns them (fio's own
# per-I/O log with offsets: what the engine was given); the device the trace
# names is not made
A=$TMP/align
mkdir -p "$A"
printf 'fio version 3 iolog\n0 %s add\n0 %s open\n100 %s read 1536 4096\n200 %s write 1049088 8192\n300 %s read 2097152 4096\n400 %s close\n' \
	"$A/recorded" "$A/recorded" "$A/recorded" "$A/recorded" "$A/recorded" "$A/recorded" >"$A/t.iolog"
(cd "$A" && fio_rt --ioengine=external:"$SO" --filename="$A/model.state" --ssdq_model=qlc-1tb \
	--ssdq_model_scale=1000 --name=t --read_iolog=t.iolog --replay_align=4k --replay_scale=2 \
	--write_lat_log=t --log_offset=1 --output-format=json --output=t.json) >"$T_OUT" 2>&1 ||
	fail "fio replay_scale/replay_align: $(tail -3 "$T_OUT")"
[ "$(awk -F', ' '{ printf "%s:%s:%s ", $3, $4, $5 }' "$A/t_clat.1.log")" = "0:4096:0 1:8192:524288 0:4096:1048576 " ] &&
	pass "replay_scale=2 replay_align=4k: offsets halved, then aligned down to 4 KiB" ||
	fail "replay_scale/replay_align: $(cat "$A/t_clat.1.log" | tr '\n' ' ')"
[ ! -e "$A/recorded" ] && pass "the device the trace names was not made" || fail "$A/recorded was made"

# ---- the report against the trace, fio's JSON and the model's account ----------------
"$R" --format json "$TMP/tlc-dramless-1tb" "$TMP/qlc-1tb" >"$TMP/r.json" 2>"$TMP/r.err" ||
	fail "ssdq-report --format json: $(head -3 "$TMP/r.err")"
for p in tlc-dramless-1tb qlc-1tb; do
	expect_rc 0 "$p: trace section = fio's mixed totals, the trace's bytes and gaps, the model's energy" python3 -c '
import json, sys
sys.path.insert(0, sys.argv[4])
from model_truth import Truth
rep = json.load(open(sys.argv[1])); d = sys.argv[2]; trace = sys.argv[3]
t, = [t for t in rep["tests"] if t["test"] == "trace-replay" and t["file"].startswith(d + "/")]
j, = t["jobs"]
tr = j["trace"]
f, = json.load(open(d + "/trace-replay.json"))["jobs"]
m = f["mixed"]
# the trace: its bytes each way, its longest gap
lines = open(trace).read().split("\n")
ios = [l.split() for l in lines[1:] if len(l.split()) == 5]
rb = sum(int(x[4]) for x in ios if x[2] == "read"); wb = sum(int(x[4]) for x in ios if x[2] == "write")
ts = [int(l.split()[0]) for l in lines[1:] if l.strip()]
gap = max(b - a for a, b in zip(ts, ts[1:])) / 1000
assert m["io_bytes"] == rb + wb, (m["io_bytes"], rb, wb)
assert m["total_ios"] == len(ios), m["total_ios"]
assert tr["format"] == "iolog v3" and tr["replay_no_stall"] is False
assert tr["idle_max_ms"] == gap == 25, (tr["idle_max_ms"], gap)
# fio: MB/s = bytes / runtime, latency = the mixed clat
assert abs(tr["mbps"] - m["io_bytes"] / m["runtime"] / 1000) <= 1e-6 * tr["mbps"]
assert abs(tr["lat_mean_us"] - m["clat_ns"]["mean"] / 1000) <= 1e-6 * tr["lat_mean_us"]
p99 = m["clat_ns"]["percentile"]["99.000000"] / 1000
assert abs(tr["lat_p99_us"] - p99) <= 0.02 * p99 + 1, (tr["lat_p99_us"], p99)
assert tr["mbps"] == j["mbps"] and tr["energy_j"] == j["energy_j"]
# rw: a replay, its reads'"'"' share of the trace'"'"'s I/Os
assert j["rw"] == "replay" and abs(tr["read_pct"] - 100 * len([x for x in ios if x[2] == "read"]) / len(ios)) < 1e-8 * tr["read_pct"], (j["rw"], tr["read_pct"])
# the model served the trace: reads and writes, the trace'"'"'s bytes in all
ev = d + "/trace-replay_events.1.jsonl"
rd, wr = Truth(ev, kind="read"), Truth(ev, kind="write")
assert rd.regimes and wr.regimes <= {"cache", "direct", "fold-hi", "fold-lo", "random"}, wr.regimes
assert rd.bytes == rb + wb, (rd.bytes, rb, wb)
# energy: the model'"'"'s own account over the replay, not multiplied by the scale
truth = [json.loads(l) for l in open(ev) if "\"model_energy\"" in l]
assert truth, "no model_energy event"
tj = float(truth[-1]["truth"].split(" J ")[0])
assert 0.8 * tj <= tr["energy_j"] <= 1.2 * tj, (tr["energy_j"], tj)
assert tr["energy_j"] < 100, "scaled to the full drive"
print("%s: %.1f MB/s, mean %.1f us, p99 %.1f us, %.3f J (model %.3f J), idle cut to %g ms" % (
    d.rsplit("/", 1)[1], tr["mbps"], tr["lat_mean_us"], tr["lat_p99_us"], tr["energy_j"], tj,
    tr["idle_max_ms"]))
' "$TMP/r.json" "$TMP/$p" "$JOBS/traces/office.iolog" "$LIB"
	cat "$T_OUT"
done

# ---- every format and the comparison --------------------------------------------------
"$R" "$D" >"$T_OUT" 2>&1
expect_out "^  trace: .*/jobs/traces/office.iolog \\(iolog v3\\): throughput [0-9.]+ MB/s!?, mean latency [0-9.]+ µs!?, p99 latency [0-9.]+ µs!?, energy [0-9.]+ J!?, idle cut to 25.0 ms, reads [0-9.]+ %; replayed as recorded: the run's own bytes, time and energy, not x 1000\$" \
	"text: the trace line (MB/s, mean, p99, J, the idle cut and read share said, not scaled)"
"$R" --format csv "$D" >"$TMP/r.csv" 2>&1
expect_rc 0 "CSV: the trace columns" python3 -c '
import csv, sys
r, = [x for x in csv.DictReader(open(sys.argv[1])) if x["test"] == "trace-replay"]
assert r["trace"].endswith("office.iolog") and r["trace_format"] == "iolog v3"
assert float(r["trace_idle_max_ms"]) == 25 and float(r["trace_mbps"]) == float(r["mbps"])
for k in ("trace_lat_mean_us", "trace_lat_p99_us", "trace_energy_j"):
    assert float(r[k]) > 0, k
' "$TMP/r.csv"
"$R" --html "$TMP/c.html" "$TMP/tlc-dramless-1tb" "$TMP/qlc-1tb" >/dev/null 2>&1
expect_rc 0 "HTML: a trace results table per drive" sh -c '
[ "$(grep -c "<h5>Trace results: trace-replay" "$1")" -eq 2 ] && grep -q "<th>idle max ms</th>" "$1"' sh "$TMP/c.html"
expect_rc 0 "comparison (JSON): the trace test's columns, a row per drive" python3 -c '
import json, sys
rep = json.load(open(sys.argv[1]))
c, = [c for c in rep["comparison"] if c["test"] == "trace-replay"]
keys = [x["key"] for x in c["columns"]]
assert keys == ["trace_mbps", "trace_lat_mean_us", "trace_lat_p99_us", "trace_energy_j",
                "trace_idle_max_ms", "trace_read_pct"], keys
assert len(c["rows"]) == 2 and all(r["values"][4] == 25 for r in c["rows"]), c["rows"]
' "$TMP/r.json"
summary
