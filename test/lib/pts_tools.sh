# The PTS report tests' tools (sourced after test/lib.sh, from the top of the
# tree): sets R, PTS and SO (SSDQ_REPORT, SSDQ_PTS, SSDQ_SO override; exit 77
# without them, fio or python3), top (the tree) and TMP (a scratch directory:
# the caller sets its trap).
# shellcheck disable=SC2034 # top and TMP are the sourcing test's
need_model_run
PTS=${SSDQ_PTS:-build/ssdq-pts}
[ -x "$PTS" ] || { echo "SKIP: no $PTS (make)"; exit 77; }
top=$PWD
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
