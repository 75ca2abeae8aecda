# A SNIA PTS run on the drive model, for the report's PTS tests (sourced
# after test/lib.sh, from the top of the tree). Sets R, PTS and SO (the
# tools: SSDQ_REPORT, SSDQ_PTS, SSDQ_SO override; exit 77 without them, fio
# or python3), top (the tree), TMP (a scratch directory, removed at exit
# with T_OUT) and D (the results directory in it), and gives:
#   pts_fio ARG...: fio on the model in D (tlc-enterprise-4tb scaled 1/1000,
#       its state D/m.state), its output in TMP/fio.out
#   pts_render TEST [OPTION...]: jobs/snia/TEST.fio into D/TEST.fio as a run
#       on the model renders it (1/1000, 4 KiB LBAs), cells of 100 ms;
#       OPTIONs go to ssdq-render (--set NAME=VALUE)
R=${SSDQ_REPORT:-build/ssdq-report}
PTS=${SSDQ_PTS:-build/ssdq-pts}
SO=$(cd "$(dirname "${SSDQ_SO:-build/ssdq.so}")" 2>/dev/null && pwd)/$(basename "${SSDQ_SO:-build/ssdq.so}")
for t in "$R" "$PTS"; do [ -x "$t" ] || { echo "SKIP: no $t (make)"; exit 77; }; done
[ -f "$SO" ] || { echo "SKIP: no $SO (make)"; exit 77; }
command -v fio >/dev/null || { echo "SKIP: fio is not installed"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
top=$PWD
TMP=$(mktemp -d) || { echo "FAIL: mktemp -d (TMPDIR=${TMPDIR:-unset})"; exit 1; }
D=$TMP/pts
trap 'rm -rf "$TMP" "$T_OUT"' EXIT
mkdir -p "$D"

pts_fio() { (cd "$D" && fio --ioengine=external:"$SO" --ssdq_model=tlc-enterprise-4tb \
	--ssdq_model_scale=1000 --filename="$D/m.state" "$@") >"$TMP/fio.out" 2>&1; }
pts_render() {
	_pt=$1; shift
	sh "$top/jobs/ssdq-render" --scale 1000 --lba 4096 --set SSDQ_PTS_CELL_RUNTIME=100ms \
		"$@" --out "$D/$_pt.fio" "$top/jobs/snia/$_pt.fio"
}
