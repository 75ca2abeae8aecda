# shellcheck shell=sh
# ssdq-run's device checks: the namespace's node, what holds it, the
# signatures on it; the drive model's presets and size.
# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"

# ---- the namespace and what is on it ----------------------------------------
# the system's files, which the tests point at a fake tree
: "${SSDQ_SYSFS:=/sys}" "${SSDQ_DEVDIR:=/dev}"
: "${SSDQ_MOUNTINFO:=/proc/self/mountinfo}" "${SSDQ_SWAPS:=/proc/swaps}"

# ng_block NODE: the block device name (nvmeXnY) of a generic node ngXnY.
# The kernel names both after the same controller (or subsystem) and
# namespace instance numbers.
ng_block() {
	_b=${1##*/}
	case $_b in
	ng[0-9]*n[0-9]*)
		_r=${_b#ng}
		case $_r in *[!0-9n]*|*n*n*) return 1 ;; esac
		echo "nvme$_r" ;;
	*) return 1 ;;
	esac
}

# check_node DEV WHERE [ORIGIN]: dies (2), naming DEV (and ORIGIN: the
# option or hosts-file line that gave it), unless DEV is an NVMe generic
# namespace node /dev/ngXnY, and, WHERE "here" (not "remote"), one of this
# machine
check_node() {
	_or=${3:+$3: }
	case ${1##*/} in
	nvme[0-9]*n[0-9]*)
		_r=${1##*/nvme}; _r=${_r%%p*}
		param_error "$_or$1 is a block node: ssdq drives namespaces through the generic node /dev/ng$_r" ;;
	esac
	ng_block "$1" >/dev/null || param_error "$_or$1 is not an NVMe generic namespace node (/dev/ngXnY)"
	[ "$2" != here ] || [ -c "$1" ] ||
		param_error "$_or$1 is not a character device (is the NVMe namespace there? ls /dev/ng*)"
}

# block_nodes BLK: the block device BLK and its partitions, one name a line
block_nodes() {
	echo "$1"
	for _p in "$SSDQ_SYSFS/block/$1/$1"p*; do
		[ -e "$_p/dev" ] && echo "${_p##*/}"
	done
	return 0
}

# blk_in_use BLK: prints why BLK or a partition is in use (mounted, swap, held
# by device-mapper or md); returns 0 when it is, 1 when not
blk_in_use() {
	_found=1
	for _n in $(block_nodes "$1"); do
		_sys=$SSDQ_SYSFS/block/$1
		[ "$_n" = "$1" ] || _sys=$_sys/$_n
		_dev=$(cat "$_sys/dev" 2>/dev/null) || _dev=
		if [ -r "$SSDQ_MOUNTINFO" ]; then
			# field 3 is major:minor; after " - " come the type and the source
			_m=$(awk -v d="$_dev" -v p="/dev/$_n" '{
				src = ""
				for (i = 7; i <= NF; i++) if ($i == "-") { src = $(i + 2); break }
				if ((d != "" && $3 == d) || src == p) { print $5; exit }
			}' "$SSDQ_MOUNTINFO")
			[ -n "$_m" ] && { echo "/dev/$_n is mounted on $_m"; _found=0; }
		fi
		if [ -r "$SSDQ_SWAPS" ] && awk -v p="/dev/$_n" '$1 == p { f = 1 } END { exit !f }' "$SSDQ_SWAPS"; then
			echo "/dev/$_n is in use as swap"; _found=0
		fi
		for _h in "$_sys"/holders/*; do
			[ -e "$_h" ] || continue
			echo "/dev/$_n is held by ${_h##*/} (device-mapper, LVM, md or similar)"; _found=0
		done
	done
	return $_found
}

# sig_tool: which tool lists signatures here: wipefs, blkid (util-linux's, not
# busybox's) or nothing
sig_tool() {
	if command -v wipefs >/dev/null 2>&1 && wipefs --version 2>/dev/null | grep -q util-linux; then
		echo wipefs
	elif command -v blkid >/dev/null 2>&1 && blkid -V 2>/dev/null | grep -q util-linux; then
		echo blkid
	fi
}

# signatures PATH: prints "PATH: TYPE" for each filesystem, RAID, swap or
# partition-table signature libblkid finds; returns 0 found, 1 none, 2 cannot
# tell (no util-linux wipefs or blkid, or PATH unreadable)
signatures() {
	[ -r "$1" ] || { echo "$1: cannot be read to look for signatures"; return 2; }
	case $(sig_tool) in
	wipefs)
		_s=$(wipefs --noheadings --output TYPE,OFFSET "$1" 2>/dev/null) || {
			echo "$1: wipefs failed"; return 2; }
		[ -n "$_s" ] || return 1
		printf '%s\n' "$_s" | awk -v p="$1" '{ printf "%s: %s signature at offset %s\n", p, $1, $2 }'
		return 0 ;;
	blkid)
		_s=$(blkid -p -o export "$1" 2>/dev/null)
		case $? in
		0) printf '%s\n' "$_s" | sed -n -e "s|^TYPE=\(.*\)|$1: \1 signature|p" \
			-e "s|^PTTYPE=\(.*\)|$1: \1 partition table|p"; return 0 ;;
		2) return 1 ;;
		*) echo "$1: blkid -p failed"; return 2 ;;
		esac ;;
	*)
		echo "$1: cannot look for signatures: neither util-linux wipefs nor blkid is installed"
		return 2 ;;
	esac
}

# device_refusal PATH: why ssdq-run must not write to PATH, one reason a line.
# For /dev/ngXnY the block node nvmeXnY and its partitions are checked; any
# other path is checked itself (tests use regular files).
# Returns 0 nothing found; 1 signatures, or signatures cannot be checked
# (--destroy-data overrides); 2 mounted or in use (nothing overrides).
device_refusal() {
	_ret=0
	if _blk=$(ng_block "$1"); then
		if [ ! -e "$SSDQ_SYSFS/block/$_blk" ]; then
			# no block device: the kernel could not use the LBA format; nothing to mount
			return 0
		fi
		blk_in_use "$_blk" && _ret=2
		for _n in $(block_nodes "$_blk"); do
			signatures "$SSDQ_DEVDIR/$_n"
			[ $? = 1 ] || [ $_ret = 2 ] || _ret=1
		done
	else
		signatures "$1"
		[ $? = 1 ] || _ret=1
	fi
	return $_ret
}

# model_presets: the drive model's presets, as the engine lists them
# (fio --enghelp); nothing when the engine cannot be loaded here
model_presets() {
	_so=${SSDQ_SO:-$(find_engine)}
	[ -n "$_so" ] || return 0
	"${SSDQ_FIO:-fio}" --enghelp="$_so" 2>/dev/null |
		sed -n 's/^ssdq_model  *:.*(presets: \([^)]*\)).*/\1/p'
}

# check_model: refuse a preset the engine does not have, before anything runs
check_model() {
	[ -n "$model" ] || return 0
	_p=$(model_presets)
	[ -n "$_p" ] || return 0
	case ", $_p, " in *", $model, "*) return 0 ;; esac
	usage_error "--model $model: no such preset; the drive model has $_p"
}

# model_capacity PRESET SCALE: the drive model's bytes: the size in the
# preset's name (qlc-1tb) divided by the scale; nothing when it has none
model_capacity() {
	echo "$1" | awk -F- -v k="$2" '{ s = tolower($NF)
		if (s ~ /^[0-9]+tb$/) printf "%.0f\n", s * 1e12 / k; else if (s ~ /^[0-9]+gb$/) printf "%.0f\n", s * 1e9 / k }'
}

# device_lba DIR: the LBA size in the device.json the engine wrote into DIR
device_lba() {
	sed -n 's/^[[:space:]]*"lba_size"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$1/device.json" 2>/dev/null |
		head -n 1
}
