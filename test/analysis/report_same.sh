#!/bin/sh
# usage: test/analysis/report_same.sh BEFORE AFTER [DIR]...
# Two ssdq-report builds over the same inputs: every directory and file of
# the real-fio corpus (SSDQ_CORPUS, else ../shared/corpus/fio-real), every
# fixture directory, each DIR given (a demo's drives, say) and the DIRs
# together as one comparison; in text, CSV and JSON, each with its exit
# status and standard error, and the HTML page. Prints each output that
# differs and exits 1 if any did. JSON is compared as written, except the
# keys named in SAME_JSON_IGNORE (space separated; KEY at any depth, /KEY
# at the top only): a key this change adds on purpose. KEEP=DIR keeps both sides' outputs there.
# Run from the top of the tree (make report-same BEFORE=path).
set -u
B=${1:?usage: report_same.sh BEFORE AFTER [DIR]...}
A=${2:?usage: report_same.sh BEFORE AFTER [DIR]...}
shift 2
C=${SSDQ_CORPUS:-../shared/corpus/fio-real}
for r in "$B" "$A"; do
	[ -x "$r" ] || { echo "report_same.sh: $r is not an executable ssdq-report" >&2; exit 2; }
done
T=${KEEP:-$(mktemp -d)}
mkdir -p "$T/before" "$T/after"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT

inputs() {
	if [ -d "$C" ]; then
		find "$C" -mindepth 1 -maxdepth 1 -type d | sort
		find "$C" -mindepth 2 -type f -name '*.json' | sort
	else
		echo "note: no corpus at $C (set SSDQ_CORPUS)" >&2
	fi
	find test/fixtures -mindepth 1 -type d | sort
	find test/fixtures -type f -name '*.json' | sort
}

# run REPORT SIDE KEY ARGS...: each format of REPORT over ARGS into SIDE/KEY.*
run() {
	r=$1 s=$2 k=$3
	shift 3
	for f in text csv json; do
		(cd "$T/$s" && "$r" --format $f "$@" >"$k.$f" 2>"$k.$f.err"; echo $? >"$k.$f.rc")
	done
	(cd "$T/$s" && "$r" --html "$k.html" "$@" >/dev/null 2>&1)
	sed -i "s#$T/$s#T#g; s#$r#ssdq-report#g" "$T/$s/$k".* 2>/dev/null
}

# normal FILE: FILE's JSON without the SAME_JSON_IGNORE keys
normal() {
	python3 -c '
import json, sys
drop = set(k for k in sys.argv[2].split() if not k.startswith("/"))
top = set(k[1:] for k in sys.argv[2].split() if k.startswith("/"))
def strip(o, depth=0):
    if isinstance(o, dict):
        return {k: strip(v, depth + 1) for k, v in o.items()
                if k not in drop and not (depth == 0 and k in top)}
    if isinstance(o, list):
        return [strip(v, depth + 1) for v in o]
    return o
try:
    print(json.dumps(strip(json.load(open(sys.argv[1]))), indent=1))
except ValueError:
    print(open(sys.argv[1]).read())
' "$1" "${SAME_JSON_IGNORE:-}"
}

case $B in /*) ;; *) B=$PWD/$B ;; esac
case $A in /*) ;; *) A=$PWD/$A ;; esac
n=0 bad=0
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
set_inputs=$(inputs)
for d in "$@"; do set_inputs="$set_inputs
$d"; done
while IFS= read -r in; do
	[ -n "$in" ] || continue
	n=$((n + 1))
	p=$(abs "$in")
	run "$B" before "$n" "$p"
	run "$A" after "$n" "$p"
	echo "$in" >"$T/name.$n"
done <<EOF
$set_inputs
EOF
if [ $# -gt 1 ]; then
	n=$((n + 1))
	# shellcheck disable=SC2046 # the directories, one argument each
	run "$B" before "$n" $(for d in "$@"; do abs "$d"; done)
	# shellcheck disable=SC2046
	run "$A" after "$n" $(for d in "$@"; do abs "$d"; done)
	echo "$* (compared)" >"$T/name.$n"
fi
i=1
while [ $i -le $n ]; do
	for f in text csv json text.err csv.err json.err text.rc csv.rc json.rc html; do
		b=$T/before/$i.$f a=$T/after/$i.$f
		if [ "$f" = json ] && [ -n "${SAME_JSON_IGNORE:-}" ]; then
			normal "$b" >"$b.n"
			normal "$a" >"$a.n"
			b=$b.n a=$a.n
		fi
		if ! cmp -s "$b" "$a"; then
			bad=$((bad + 1))
			echo "DIFFERS: $(cat "$T/name.$i") ($f)"
			diff "$b" "$a" | head -10
		fi
	done
	i=$((i + 1))
done
echo "report_same: $n inputs, 10 outputs each, $bad differ"
[ $bad -eq 0 ]
