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
#   pts_prep_rounds T N: D/T-prep.fio, then N rounds of D/T-round.fio, each
#       round's logs and sidecars of its own name (T-round-K); on a failure
#       it fails the test, says the summary and exits
. test/lib/pts_tools.sh
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
pts_prep_rounds() {
	_t=$1 _n=$2 _i=1
	pts_fio --output-format=json+ --output="$_t-prep.json" "$_t-prep.fio" ||
		{ fail "$_t: purge and preconditioning: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
	while [ $_i -le "$_n" ]; do
		sed "s/^\(write_[a-z]*_log\)=.*/\1=$_t-round-$_i/" "$D/$_t-round.fio" >"$D/$_t-round-$_i.fio"
		pts_fio --output-format=json+ --output="$_t-round-$_i.json" "$_t-round-$_i.fio" ||
			{ fail "$_t round $_i: $(tail -3 "$TMP/fio.out")"; summary; exit 1; }
		_i=$((_i + 1))
	done
}
