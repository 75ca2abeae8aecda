#!/bin/sh
# Provenance in every output: device.json (the engine's, ssdq-sample's) says
# which ssdq, fio, kernel and host made a result and when; ssdq-report puts
# that and the drive's model, serial, firmware and capacity in CSV columns,
# JSON keys, the text header and the HTML header. Run from the top of the
# tree (env SSDQ_REPORT, SSDQ_SO).
. test/lib.sh
R=${SSDQ_REPORT:-build/ssdq-report}
SO=${SSDQ_SO:-$PWD/build/ssdq.so}
[ -x "$R" ] || { echo "SKIP: no $R (make)"; exit 77; }
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
T_OUT=$TMP/out
trap 'rm -rf "$TMP"' EXIT

# the engine writes them: a 8 MB write on the drive model
if command -v fio >/dev/null && [ -f "$SO" ]; then
	mkdir "$TMP/run"
	(cd "$TMP/run" && fio --ioengine=external:"$SO" --ssdq_model=qlc-1tb --ssdq_model_scale=1000 \
		--filename="$TMP/run/m.state" --name=w --rw=write --bs=128k --size=8m \
		--output-format=json+ --output=w.json) >"$T_OUT" 2>&1
	expect_rc 0 "device.json of a model run: host, ssdq_version, kernel, fio_version, time_us" python3 -c '
import json, os, sys
d = json.load(open(sys.argv[1]))
assert d["host"] == os.uname().nodename, d["host"]
assert d["ssdq_version"] and d["kernel"] == os.uname().release and d["fio_version"].startswith("fio-")
assert d["time_us"] > 1.5e15
' "$TMP/run/device.json"
else
	echo "(no fio or engine: the engine's device.json not checked)"
fi

cp -R test/fixtures/ssdq-model/tlc "$TMP/tlc"
python3 -c '
import json, sys
p = sys.argv[1]
d = json.load(open(p))
d.update(host="bench-1", ssdq_version="v1.2-3-gabcdef0", time_us=1795994970113293)
json.dump(d, open(p, "w"))
' "$TMP/tlc/device.json"
"$R" --format csv "$TMP/tlc" >"$TMP/r.csv"
expect_rc 0 "csv: model, serial, firmware, capacity, versions, kernel, host, date columns" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and list(rows[0])[-1] == "notes"
for r in rows:
    assert r["model"].startswith("DRAM-less 4-channel TLC") and r["serial"] == "ssdq-model", r
    assert r["firmware"] == "ssdq" and r["capacity_bytes"] == "999292928000", r["capacity_bytes"]
    assert r["ssdq_version"] == "v1.2-3-gabcdef0" and r["fio_version"] == "fio-3.33"
    assert r["kernel"] == "6.18.44-fc-v669" and r["host"] == "bench-1"
    assert r["date"] == "2026-11-29T23:29:30Z", r["date"]
' "$TMP/r.csv"
"$R" --format json "$TMP/tlc" >"$TMP/r.json"
expect_rc 0 "json: the device object's provenance keys, per test and per drive" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for dev in [t["device"] for t in d["tests"]] + [x["device"] for x in d["drives"]]:
    assert dev["ssdq_version"] == "v1.2-3-gabcdef0" and dev["host"] == "bench-1", dev
    assert dev["fio_version"] == "fio-3.33" and dev["kernel"] == "6.18.44-fc-v669"
    assert dev["date"] == "2026-11-29T23:29:30Z" and dev["serial"] == "ssdq-model"
' "$TMP/r.json"
expect_rc 0 "text report" "$R" "$TMP/tlc"
expect_out '^  run: 2026-11-29T23:29:30Z, host bench-1, Linux 6\.18\.44-fc-v669, fio-3\.33, ssdq v1\.2-3-gabcdef0$' \
	"text: the run's provenance under the drive"
"$R" --html "$TMP/r.html" "$TMP/tlc" >/dev/null
expect_rc 0 "html: the drive's header has its identity and the run's provenance" python3 -c '
import sys
s = open(sys.argv[1], encoding="utf-8").read()
assert "<p class=\"prov\">DRAM-less 4-channel TLC NVMe" in s
assert "serial ssdq-model · firmware ssdq · 999.29 GB" in s
assert "run: 2026-11-29T23:29:30Z, host bench-1, Linux 6.18.44-fc-v669, fio-3.33, ssdq v1.2-3-gabcdef0" in s
' "$TMP/r.html"
# an older device.json without them: null, not made up
"$R" --format json test/fixtures/ssdq-model/qlc >"$TMP/old.json"
expect_rc 0 "json: an older device.json: host and ssdq_version null" python3 -c '
import json, sys
dev = json.load(open(sys.argv[1]))["drives"][0]["device"]
assert dev["host"] is None and dev["ssdq_version"] is None and dev["fio_version"] == "fio-3.33", dev
' "$TMP/old.json"
summary
