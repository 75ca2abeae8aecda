# The PTS report tests' tools (sourced after test/lib.sh, from the top of the
# tree): sets R, PTS and SO (SSDQ_REPORT, SSDQ_PTS, SSDQ_SO override; exit 77
# without them, fio or python3), top (the tree) and TMP (a scratch directory:
# the caller sets its trap).
# shellcheck disable=SC2034 # top and TMP are the sourcing test's
R=${SSDQ_REPORT:-build/ssdq-report}
PTS=${SSDQ_PTS:-build/ssdq-pts}
SO=$(cd "$(dirname "${SSDQ_SO:-build/ssdq.so}")" 2>/dev/null && pwd)/$(basename "${SSDQ_SO:-build/ssdq.so}")
for t in "$R" "$PTS"; do [ -x "$t" ] || { echo "SKIP: no $t (make)"; exit 77; }; done
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: fio is not installed"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
top=$PWD
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
