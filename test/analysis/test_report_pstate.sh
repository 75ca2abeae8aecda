#!/bin/sh
# The power suite (jobs/suites/power.suite) on the drive model, through
# ssdq-run, and ssdq-report's power-state figures held against the model's
# own account and fio's JSON:
# - idle-power: each job's state is the one the model says it ended its idle
#   in (model_pstate), its W that state's idle power to the power log's 1 mW;
# - wake-latency: each gap's state is the one the model says its reads woke
#   it from (one wake a gap), the median at least the exit latency the model
#   added, and fio's own p50 of the same latency (its json+ bins);
# - efficiency-per-state: each job ran at the state it set, and its W, the
#   report's and the model's own (model_energy), stays under that state's MP;
# - the suite put PS0 and APST off back; text, CSV, JSON (schema) and HTML
#   carry the figures.
# Fewer wakes and shorter gaps than the published ones (which stay the job
# files', test/jobs/parse.sh): the model's timers are the same at any count.
# Run from the top of the tree; SSDQ_REPORT and SSDQ_SO override the builds.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
if [ ! -x "$R" ]; then echo "SKIP: no $R (build it first)"; exit 77; fi
if ! command -v fio >/dev/null; then echo "SKIP: fio is not installed"; exit 77; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
D=$TMP/run

expect_rc 0 "ssdq-run --suite power on qlc-1tb at 1/1000" \
	jobs/ssdq-run --suite power --model qlc-1tb --scale 1000 --out "$D" --yes \
		--set SSDQ_WAKES=11 --set SSDQ_WAKE_GAP_FIRST=300ms --set SSDQ_WAKE_GAP_DEEPEST=2200ms \
		--set SSDQ_IDLE_ACTIVE=2s --set SSDQ_IDLE_DEEPEST=3s
expect_rc 0 "ssdq-report --format json" sh -c "$R --format json $D >$TMP/r.json"
expect_rc 0 "ssdq-report --format csv" sh -c "$R --format csv $D >$TMP/r.csv"
expect_rc 0 "ssdq-report (text)" sh -c "$R $D >$TMP/r.txt"
expect_rc 0 "ssdq-report --html" sh -c "$R --html $TMP/r.html $D >/dev/null"

python3 - "$D" "$TMP" <<'EOF'
import csv, glob, json, os, sys
d, tmp = sys.argv[1], sys.argv[2]
ok = bad = 0
def check(cond, what):
    global ok, bad
    if cond:
        ok += 1; print("PASS: " + what)
    else:
        bad += 1; print("FAIL: " + what)

def events(test, job):
    out = []
    for f in glob.glob(os.path.join(d, test + "_events.*.jsonl")):
        for l in open(f):
            e = json.loads(l)
            if e.get("job") == job:
                out.append(e)
    return out

def one(evs, name):
    e = [x for x in evs if x["event"] == name]
    return e[-1] if e else None

rep = json.load(open(os.path.join(tmp, "r.json")))
dev = json.load(open(os.path.join(d, "device.json")))
psd = dev["power_states"]
jobs = {(t["test"], j["name"]): j for t in rep["tests"] for j in t["jobs"]}

# idle power: the state the model ended the idle in, and its idle power
for name in ("active-idle", "idle-first", "idle-deepest"):
    j = jobs[("idle-power", name)]
    p = j["pstate"]
    acct = one(events("idle-power", name), "model_pstate")
    st = acct["state"]
    want = acct["active_idle_w"] if not psd[st]["non_operational"] else \
        [s for s in acct["states"] if s["ps"] == st][0]["idle_w"]
    check(p and p["kind"] == "idle" and p["power_state"] == st,
          "%s: PS%s, the state the model's account ends the idle in (PS%d)" % (name, p and p["power_state"], st))
    check(p and p["idle_w"] is not None and abs(p["idle_w"] - want) <= 0.0011,
          "%s: %s W, the model's %.4f W to the power log's 1 mW" % (name, p and p["idle_w"], want))
    check(p and p["exit_latency_us"] == psd[st]["exit_latency_us"] and
          p["max_power_w"] == psd[st]["max_power_w"], "%s: the state's descriptor" % name)
first = jobs[("idle-power", "idle-first")]["pstate"]["power_state"]
deep = jobs[("idle-power", "idle-deepest")]["pstate"]["power_state"]
check(first == 3 and deep == 4, "APST's first idle state is PS3, the deepest PS4 (qlc-1tb)")

# wake-up: the state each gap woke the drive from, its latency
fio = json.load(open(os.path.join(d, "wake-latency.json")))
fjobs = {j["jobname"]: j for j in fio["jobs"]}
for name in ("gap-active", "gap-first", "gap-deepest"):
    j = jobs[("wake-latency", name)]
    p = j["pstate"]
    acct = one(events("wake-latency", name), "model_pstate")
    n = fjobs[name]["read"]["total_ios"]
    woke = [s for s in acct["states"] if s["wakes"] >= n - 1]
    st = woke[0]["ps"] if woke else acct["ps"]
    check(p and p["kind"] == "wake" and p["power_state"] == st,
          "%s: PS%s, where the model says %d of its %d reads woke it (PS%d)" %
          (name, p and p["power_state"], woke[0]["wakes"] if woke else 0, n, st))
    added = woke[0]["wake_us_mean"] if woke else 0
    check(p and p["wake_p50_us"] >= added, "%s: median %.1f us, at least the %.1f us the model added"
          % (name, p["wake_p50_us"], added))
    lat = fjobs[name]["read"][j["lat_kind"] + "_ns"]
    p50 = lat["percentile"]["50.000000"] / 1000.0
    check(abs(p["wake_p50_us"] - p50) <= 1e-6 * p50,
          "%s: median %.1f us, fio's %s p50 %.1f us" % (name, p["wake_p50_us"], j["lat_kind"], p50))

# efficiency per state: the state set, its cap held
last_mp = None
for k, name in enumerate(("ps0", "ps1", "ps2")):
    j = jobs[("efficiency-per-state", name)]
    p = j["pstate"]
    evs = events("efficiency-per-state", name)
    check(p and p["kind"] == "state" and p["power_state"] == k and
          one(evs, "model_pstate")["ps"] == k, "%s: ran at PS%d (report and model)" % (name, k))
    mp = psd[k]["max_power_w"]
    energy = one(evs, "model_energy")["truth"].split()
    model_w = float(energy[-2])
    check(j["power_w"] is not None and j["power_w"] <= mp * 1.02 and model_w <= mp * 1.001,
          "%s: %.3f W (model %.3f W) under PS%d's MP %.2f W" % (name, j["power_w"], model_w, k, mp))
    check(last_mp is None or mp < last_mp, "%s: each state's MP below the one before" % name)
    last_mp = mp

# put back, and the formats
look = [json.loads(l) for f in glob.glob(os.path.join(d, "efficiency-per-state_events.*.jsonl"))
        for l in open(f)]
was = [e["was"] for e in look if e["event"] == "power_settings"]
check(all(w == {"ps": 0, "apst": False} for w in was),
      "each efficiency job found the drive as the suite found it (PS0, APST off): put back between tests")
rows = list(csv.DictReader(open(os.path.join(tmp, "r.csv"))))
r = [x for x in rows if x["job"] == "idle-deepest"]
check(r and r[0]["pstate_kind"] == "idle" and r[0]["pstate_power_state"] == "4",
      "CSV: pstate columns")
txt = open(os.path.join(tmp, "r.txt")).read()
check("power state (idle): PS4" in txt, "text: the power-state line")
html = open(os.path.join(tmp, "r.html")).read()
check("wake-up latency after each idle gap" in html and "Power states:" in html,
      "HTML: the power-state table and the wake-up CDF")
print("%d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
EOF
[ $? = 0 ] && pass "report against the model's account" || fail "report against the model's account"
python3 -c 'import jsonschema' 2>/dev/null &&
	expect_rc 0 "the JSON holds to docs/schema/report.schema.json" python3 -c '
import json, jsonschema, sys
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open("docs/schema/report.schema.json")))' "$TMP/r.json"
summary
