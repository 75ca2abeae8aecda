#!/bin/sh
# The published schemas (docs/schema/): report.schema.json holds
# ssdq-report --format json of the fixtures (one drive, two compared, every
# fio release's, a run from logs alone) and of the real-fio corpus;
# device.schema.json every device.json of the fixtures. Each schema is a
# valid JSON Schema (draft 2020-12), rejects a document broken on purpose,
# and names every job and fill figure of the figure catalogue (read back
# from an ssdq-db library, whose catalogue table is catalogue.c's). Needs
# python3's jsonschema (Debian: python3-jsonschema). Run from the top of the tree.
. test/lib.sh

R=${SSDQ_REPORT:-build/ssdq-report}
DB=${SSDQ_DB_TOOL:-build/ssdq-db}
MD=test/fixtures/ssdq-model
CORPUS=${FIO_REAL:-../shared/corpus/fio-real}
if [ ! -x "$R" ] || [ ! -x "$DB" ]; then echo "SKIP: no $R or $DB (build them first)"; exit 77; fi
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "SKIP: python3 without jsonschema (Debian: apt-get install python3-jsonschema)"; exit 77; fi
TMP=$(mktemp -d)
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

n=0
for d in "$MD/qlc" "$MD/tlc" test/fixtures/releases/* test/fixtures/from-logs/*; do
	[ -d "$d" ] || continue
	n=$((n + 1))
	"$R" --format json "$d" >"$TMP/r$n.json" 2>/dev/null
done
"$R" --format json "$MD/qlc" "$MD/tlc" >"$TMP/compared.json" 2>/dev/null
if [ -d "$CORPUS" ]; then
	for d in "$CORPUS"/*/; do
		n=$((n + 1))
		"$R" --format json "$d" >"$TMP/c$n.json" 2>/dev/null || true
		# a directory the report cannot read prints nothing to check
		[ -s "$TMP/c$n.json" ] || rm -f "$TMP/c$n.json"
	done
fi
"$DB" --db "$TMP/lib.sqlite" import "$MD/tlc" >/dev/null
python3 -c 'import sqlite3, sys
for of, key in sqlite3.connect(sys.argv[1]).execute("SELECT of, key FROM catalogue WHERE of IN (\"job\", \"fill\")"):
    print(of, key)' "$TMP/lib.sqlite" >"$TMP/catalogue"

expect_rc 0 "the schemas hold every report and device.json, and refuse broken ones" python3 - "$TMP" <<'PY'
import copy, glob, json, sys
import jsonschema

tmp = sys.argv[1]
rep = json.load(open("docs/schema/report.schema.json"))
dev = json.load(open("docs/schema/device.schema.json"))
for s in (rep, dev):
    jsonschema.Draft202012Validator.check_schema(s)
vr, vd = jsonschema.Draft202012Validator(rep), jsonschema.Draft202012Validator(dev)
bad = 0
reports = sorted(glob.glob(tmp + "/*.json"))
jobs = 0
for f in reports:
    d = json.load(open(f))
    jobs += sum(len(t["jobs"]) for t in d["tests"])
    for e in vr.iter_errors(d):
        bad += 1
        print("%s: %s at %s" % (f, e.message[:160], "/".join(map(str, e.absolute_path))))
devices = sorted(glob.glob("test/fixtures/**/device.json", recursive=True))
for f in devices:
    for e in vd.iter_errors(json.load(open(f))):
        bad += 1
        print("%s: %s" % (f, e.message[:160]))
print("%d reports (%d jobs), %d device.json files: %d errors" % (len(reports), jobs, len(devices), bad))
assert len(reports) >= 10 and jobs >= 50 and len(devices) >= 5 and not bad

# broken on purpose: each must be refused
d = json.load(open(tmp + "/compared.json"))
assert d["comparison"], "no comparison in compared.json"
def refused(v, doc, what):
    if v.is_valid(doc):
        print("not refused:", what)
        return 0
    return 1
cases = 0
x = copy.deepcopy(d); x["tests"][0]["jobs"][0]["mbps"] = "fast"; cases += refused(vr, x, "a figure as a string")
x = copy.deepcopy(d); del x["tests"][0]["jobs"][0]["null_reasons"]; cases += refused(vr, x, "no null_reasons")
x = copy.deepcopy(d); x["tests"][0]["jobs"][0]["null_reasons"] = {"mbps": 0}; cases += refused(vr, x, "a reason not a string")
x = copy.deepcopy(d); x["tests"][0]["jobs"][0]["stop"] = "finished"; cases += refused(vr, x, "an unknown stop")
x = copy.deepcopy(d); del x["drives"]; cases += refused(vr, x, "no drives")
fills = [j for t in x["tests"] for j in t["jobs"] if j["fill"]]
x = copy.deepcopy(d); [j for t in x["tests"] for j in t["jobs"] if j["fill"]][0]["fill"]["slc_cache_range_gb"] = [1]
cases += refused(vr, x, "a range of one bound")
x = json.load(open(devices[0])); x["format"] = "fio"; cases += refused(vd, x, "another format")
x = json.load(open(devices[0])); del x["model"]; cases += refused(vd, x, "no model")
x = json.load(open(devices[0])); x["power_states"][0]["ps"] = 40; cases += refused(vd, x, "power state 40")
assert cases == 9, cases

# every job and fill figure of the catalogue is in the schema, as a figure
props = {"job": rep["$defs"]["job"]["properties"], "fill": rep["$defs"]["fill"]["properties"]}
missing = []
for line in open(tmp + "/catalogue"):
    of, key = line.split()
    if props[of].get(key) != {"$ref": "#/$defs/figure"}:
        missing.append(of + ":" + key)
assert not missing, "catalogue figures not in the schema as figures: %s" % missing
print("9 broken documents refused; the catalogue's job and fill figures are the schema's")
PY
expect_out '^[0-9]+ reports \([0-9]+ jobs\), [0-9]+ device.json files: 0 errors' "counted"
sed -n 1p "$T_OUT"

echo "$T_PASS passed, $T_FAIL failed"
[ "$T_FAIL" = 0 ]
