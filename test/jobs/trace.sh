#!/bin/sh
# jobs/util/ssdq-trace: the synthetic office trace is the same from every awk
# and is the trace the library ships (jobs/traces/office.iolog, compressed);
# compress cuts every idle gap above the limit to it and keeps every I/O and
# every shorter gap as it was (checked against the input's own times, in
# python), reads an iolog v2's waits, and refuses what is no iolog naming the
# file and line. Plain fio parses the office trace (--parse-only with it as
# read_iolog). Touches no device; under a second.
# usage: sh test/jobs/trace.sh      (env SSDQ_SO: the engine, default build/ssdq.so)
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/lib.sh"
T=$top/jobs/util/ssdq-trace
SO=${SSDQ_SO:-$top/build/ssdq.so}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ssdq-trace.XXXXXX")
trap 'rm -rf "$TMP" "$T_OUT"' EXIT

# ---- the office trace: one trace from every awk, the one shipped ---------------------
expect_rc 0 "office: generates" sh "$T" office
cp "$T_OUT" "$TMP/raw.iolog"
for a in mawk gawk "busybox awk" "original-awk"; do
	command -v "${a%% *}" >/dev/null 2>&1 || continue
	mkdir -p "$TMP/bin.$$"; printf '#!/bin/sh\nexec %s "$@"\n' "$a" >"$TMP/bin.$$/awk"; chmod +x "$TMP/bin.$$/awk"
	PATH="$TMP/bin.$$:$PATH" sh "$T" office >"$TMP/other.iolog" 2>&1
	cmp -s "$TMP/raw.iolog" "$TMP/other.iolog" && pass "office: $a writes the same trace" ||
		fail "office: $a writes another trace: $(diff "$TMP/raw.iolog" "$TMP/other.iolog" | head -n 3 | tr '\n' ' ')"
	rm -rf "$TMP/bin.$$"
done
sh "$T" compress "$TMP/raw.iolog" >"$TMP/c.iolog"
cmp -s "$TMP/c.iolog" "$top/jobs/traces/office.iolog" &&
	pass "jobs/traces/office.iolog is the office trace, idle cut to 25 ms" ||
	fail "jobs/traces/office.iolog differs from 'ssdq-trace office | ssdq-trace compress -'"
expect_rc 0 "office: a light desktop mix with idle gaps (its I/Os, sizes, span, gaps)" python3 -c '
import sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[0] == "fio version 3 iolog"
ios = [l.split() for l in lines[1:] if len(l.split()) == 5]
assert len(ios) == 2400, len(ios)
reads = [x for x in ios if x[2] == "read"]; writes = [x for x in ios if x[2] == "write"]
assert 0.6 <= len(reads) / len(ios) <= 0.9, len(reads)
for t, f, a, off, ln in ios:
    off, ln = int(off), int(ln)
    assert f == "office" and off % 4096 == 0 and ln % 4096 == 0 and 4096 <= ln <= 131072
    assert off + ln <= 256 << 20, (off, ln)
ts = [int(x[0]) for x in ios]
assert ts == sorted(ts)
gaps = [b - a for a, b in zip(ts, ts[1:])]
assert sum(1 for g in gaps if g > 25000) >= 30, "few idle gaps"
assert max(gaps) <= 8000 * 1000 + 2000 * 1000
print("%d I/Os, %d reads, %.1f MiB read, %.1f MiB written, %.1f s, %d gaps over 25 ms" % (
    len(ios), len(reads), sum(int(x[4]) for x in reads) / 2**20,
    sum(int(x[4]) for x in writes) / 2**20, ts[-1] / 1e6, sum(1 for g in gaps if g > 25000)))
' "$TMP/raw.iolog"
cat "$T_OUT"
expect_rc 0 "office --seed 7 --ios 100: another trace of 100 I/Os" sh "$T" office --seed 7 --ios 100
[ "$(awk 'NF == 5' "$T_OUT" | wc -l)" -eq 100 ] && ! cmp -s "$T_OUT" "$TMP/raw.iolog" &&
	pass "office --ios 100: 100 I/Os" || fail "office --ios 100: $(awk 'NF == 5' "$T_OUT" | wc -l) I/Os"

# ---- compress: gaps above the limit cut to it, the rest as it was --------------------
expect_rc 0 "compress: each gap min(gap, 25 ms), every I/O in order" python3 -c '
import sys
def rows(p):
    return [l.split() for l in open(p).read().split("\n")[1:] if l.strip()]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
assert [x[1:] for x in a] == [x[1:] for x in b]
ta = [int(x[0]) for x in a]; tb = [int(x[0]) for x in b]
assert tb[0] == 0
for i in range(1, len(ta)):
    assert tb[i] - tb[i - 1] == min(ta[i] - ta[i - 1], 25000), i
print("%.1f s of use in %.2f s" % (ta[-1] / 1e6, tb[-1] / 1e6))
' "$TMP/raw.iolog" "$TMP/c.iolog"
cat "$T_OUT"
printf 'fio version 3 iolog\n0 d add\n0 d open\n1000 d read 0 4096\n901000 d write 4096 4096\n901500 d read 8192 4096\n1000000 d close\n' >"$TMP/v3"
expect_rc 0 "compress --max-idle 100 (v3)" sh "$T" compress --max-idle 100 "$TMP/v3"
[ "$(awk 'NR > 1 { printf "%s ", $1 }' "$T_OUT")" = "0 0 1000 101000 101500 200000 " ] &&
	pass "v3: 900 ms cut to 100, 500 us kept" || fail "v3: times $(awk 'NR > 1 { printf "%s ", $1 }' "$T_OUT")"
printf 'fio version 2 iolog\nd add\nd open\nd read 0 4096\nd wait 2000 0\nd write 4096 4096\nd wait 2010 0\nd read 8192 4096\nd close\n' >"$TMP/v2"
expect_rc 0 "compress an iolog v2 (its waits: ms since the start)" sh "$T" compress "$TMP/v2"
expect_out "^fio version 3 iolog\$" "v2: written as v3"
[ "$(awk 'NR > 1 { printf "%s ", $1 }' "$T_OUT")" = "0 0 0 25000 35000 35000 " ] &&
	pass "v2: 2 s to the write cut to 25 ms, 10 ms kept" || fail "v2: times $(awk 'NR > 1 { printf "%s ", $1 }' "$T_OUT")"
expect_rc 0 "compress reads stdin (-)" sh -c 'sh "$1" compress - <"$2"' sh "$T" "$TMP/v3"

# ---- refusals: the file and line ------------------------------------------------------
printf 'not a trace\n' >"$TMP/bad1"
expect_rc 2 "compress: no iolog" sh "$T" compress "$TMP/bad1"
expect_out "$TMP/bad1:1: not an iolog v2 or v3" "no iolog: names the file and line"
printf 'fio version 3 iolog\n0 d add\nx d read 0 4096\n' >"$TMP/bad2"
expect_rc 2 "compress: a line without a time" sh "$T" compress "$TMP/bad2"
expect_out "$TMP/bad2:3: expected TIME FILE ACTION" "a bad line: names the file and line"
expect_rc 2 "compress: a file that is not there" sh "$T" compress "$TMP/none"
expect_out "$TMP/none: cannot read it" "a missing file: named"
expect_rc 2 "compress --max-idle 1.5" sh "$T" compress --max-idle 1.5 "$TMP/v3"
expect_out "give whole milliseconds" "--max-idle: whole milliseconds"
expect_rc 2 "office --ios x" sh "$T" office --ios x
expect_rc 2 "an unknown command" sh "$T" replay
expect_rc 0 "--help" sh "$T" --help
expect_out "SYNTHETIC" "--help says the trace is synthetic"

# ---- plain fio reads the shipped trace ------------------------------------------------
if [ -f "$SO" ] && command -v fio >/dev/null 2>&1; then
	expect_rc 0 "plain fio parses trace-replay.fio with the office trace" sh -c '
		cd "$1" && env -i PATH="$PATH" fio --ioengine="external:$2" --filename=/dev/ng0n1 --parse-only \
			jobs/consumer/trace-replay.fio' sh "$top" "$SO"
fi
summary
