# Helpers for scenarios/*.sh (sourced inside the VM; busybox ash).
# Env from /init: RESULTS, SCENARIO, NG512 NS512 CTRL512, NG4K NS4K CTRL4K, SSDQ_SO.
set -u
cd "$RESULTS" || exit 1

# pick 512|4K: sets ng (char node), blk (block node), ctrl for that namespace
# shellcheck disable=SC2034
pick() {
	case $1 in
	512) ng=$NG512 blk=$NS512 ctrl=$CTRL512 ;;
	4K) ng=$NG4K blk=$NS4K ctrl=$CTRL4K ;;
	*) echo "pick: no namespace $1" >&2; return 1 ;;
	esac
}

# run NAME CMD...: stdout to NAME.out, stderr to NAME.err, exit code to NAME.rc,
# wall seconds to NAME.time. Never fails itself.
run() {
	_n=$1; shift
	_t0=$(cut -d' ' -f1 /proc/uptime)
	"$@" >"$RESULTS/$_n.out" 2>"$RESULTS/$_n.err"
	_rc=$?
	_t1=$(cut -d' ' -f1 /proc/uptime)
	echo "$_rc" >"$RESULTS/$_n.rc"
	echo "$_t0 $_t1" | awk '{printf "%.1f\n", $2 - $1}' >"$RESULTS/$_n.time"
	echo "$_n: rc=$_rc $(cat "$RESULTS/$_n.time") s"
	return 0
}

# fio_json NAME ARGS...: fio with JSON output to NAME.json, stderr to NAME.err
fio_json() {
	_n=$1; shift
	run "$_n" fio --name="$_n" --output-format=json --output="$RESULTS/$_n.json" "$@"
}

# ssdq NAME ARGS...: fio_json through the engine (engine options go after).
# fio 3.33 stat()s an external: path relative to the cwd, so the path is absolute.
ssdq() {
	_n=$1; shift
	fio_json "$_n" --ioengine="external:$SSDQ_SO" "$@"
}

# ref NAME ARGS...: fio_json through fio's own io_uring_cmd engine
ref() {
	_n=$1; shift
	fio_json "$_n" --ioengine=io_uring_cmd --cmd_type=nvme "$@"
}

# nonzero BLOCKDEV OFFSET LEN: prints how many bytes in [OFFSET, OFFSET+LEN) are
# not zero, read with O_DIRECT in logical blocks (OFFSET, LEN block-aligned)
nonzero() {
	_lbs=$(cat "/sys/block/${1#/dev/}/queue/logical_block_size")
	dd if="$1" bs="$_lbs" skip=$(($2 / _lbs)) count=$(($3 / _lbs)) iflag=direct 2>/dev/null |
		tr -d '\000' | wc -c
}

# slow_ng: prints the generic node of the ssdqslow namespace (null-co, 0.5 s
# a request), waiting up to 60 s for it: it appears seconds after the others
# (its partition scan); prints nothing when it never does
slow_ng() {
	_i=0
	while [ $_i -lt 600 ]; do
		for _c in /sys/class/nvme/nvme*; do
			read -r _s <"$_c/serial" 2>/dev/null || continue
			[ "$(echo $_s)" = ssdqslow ] || continue
			for _n in "$_c"/nvme*n*; do
				_b=${_n##*/}
				case $_b in *c*) continue ;; esac
				[ -c "/dev/ng${_b#nvme}" ] && { echo "/dev/ng${_b#nvme}"; return 0; }
			done
		done
		sleep 0.1; _i=$((_i + 1))
	done
}
