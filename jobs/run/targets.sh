# shellcheck shell=sh
# ssdq-run's targets: the targets of a suite run (sh; uses
# ssdq-run's functions): which namespaces a run writes, and how a step runs
# on one of them.
#
# A target is one namespace: a record of TARGET_FIELDS, tab-separated
# (label host port dev power engine capacity: host and port "-" on this
# machine; capacity in bytes, "" unknown, added once by target_sizes). The one --device (or the model's
# DIR/model.state) is one target whose results directory is DIR itself;
# several --device (LOCAL=1), model state files and the namespaces of test
# hosts running `fio --server` (--host/--hosts) are targets with a
# directory each, DIR/LABEL. Each step of the suite runs on every target at
# once, one fio process per target with its results directory as its
# working directory, so each target's logs and sidecars land in its own
# directory. On hosts that is `fio --client=HOST,PORT` (fio names the logs
# <log>.<HOST>; ssdq-run renames them to their usual names; two servers at
# one address never overwrite each other's), and ssdq.so on the server sends
# its sidecars (power, SMART, events, device.json) and its messages over the
# same connection (engine/remote.h). Here it is a plain fio of its own, with
# its own engine and sampler. A target whose step fails (its host gone, a
# refusal, an error) drops out of the later steps, said by name; the others
# go on; the same command resumes it later (its ssdq-run.state).
# ssdq-run's main flow, plan, checks, step loop (run_steps, run_step), resume,
# refusals, traps and report are one code for every target; what is here:
# the targets (from --device, --host, --hosts), what is known of each, and
# the three things a step does on one (target_job, target_start,
# target_collect), the only place a local namespace and a host's differ;
# and how a host's server is reached (docs/hosts.md): through the user's
# own OpenSSH by default (a tunnel per target for the run, ssh -L from a
# socket of this run's own 0700 directory to the server's loopback port or
# unix socket there), by direct TCP only with --open-tcp (or a server on
# this machine's loopback: 127.x, localhost).

# Sourced by jobs/ssdq-run; the run's variables: jobs/run/state.sh; a step on a
# target: jobs/run/target_step.sh; a host's server: jobs/run/hosts.sh.
# shellcheck source=jobs/run/state.sh
. "$JOBS/run/state.sh"


# spec_error ORIGIN MSG: a bad --host or hosts-file line, named
spec_error() { param_error "$1: $2"; }

# add_spec ORIGIN SPEC: "HOST PORT DEV POWER ENGINE" lines (tab-separated)
# of one --host value or hosts-file line: HOST[:PORT][=DEV] [power=SPEC]
# [engine=PATH]; without =DEV one line per --device (the model: one, its
# state file named later). With LOCAL=1 SPEC is one --device value, DEV
# [power=SPEC]: "- - DEV POWER" (a model's state file made absolute).
add_spec() {
	_o=$1 _s=$2
	_first=${_s%%[ 	]*}
	_rest=
	[ "$_first" = "$_s" ] || _rest=${_s#"$_first"}
	_pw='' _en=''
	# attributes: power= takes the rest of the line (a command may hold spaces)
	_rest=$(printf '%s' "$_rest" | sed 's/^[ 	]*//')
	while [ -n "$_rest" ]; do
		case $_rest in
		power=*) _pw=${_rest#power=}; _rest= ;;
		engine=*)
			[ "$LOCAL" = 0 ] || spec_error "$_o" "engine= is for test hosts: on this machine every namespace runs SSDQ_SO"
			_en=${_rest%%[ 	]*}; _en=${_en#engine=}
			_rest=${_rest#engine="$_en"}; _rest=$(printf '%s' "$_rest" | sed 's/^[ 	]*//') ;;
		*) [ "$LOCAL" = 0 ] || spec_error "$_o" "'${_rest%%[ 	]*}': a namespace's attribute is power=SPEC"
		   spec_error "$_o" "'${_rest%%[ 	]*}': a host's attributes are power=SPEC and engine=PATH" ;;
		esac
	done
	case $_pw in *[\;\#]*)
		spec_error "$_o" "power=$_pw: a job file cannot hold ';' or '#' (fio cuts the line there): one power source per namespace" ;;
	esac
	if [ "$LOCAL" = 1 ]; then
		_d=$_first
		case $_d in ''|-*) spec_error "$_o" "'$_d' is not a namespace" ;; esac
		if [ -n "$model" ]; then
			case $_d in /*) ;; *) _d=$PWD/$_d ;; esac
		else
			check_node "$_d" here "$_o"
		fi
		printf -- '-\t-\t%s\t%s\t\n' "$_d" "$_pw"
		return 0
	fi
	_dev=
	case $_first in *=*) _dev=${_first#*=}; _first=${_first%%=*} ;; esac
	_h=$_first _p=8765
	case $_first in
	*:/*) _h=${_first%%:*}; _p=${_first#*:} ;;
	*:*:*) spec_error "$_o" "'$_first': give HOST, HOST:PORT or HOST:/SOCKET (an IPv6 address: its host name)" ;;
	*:*|*,*) _h=${_first%[:,]*}; _p=${_first##*[:,]} ;;
	esac
	case $_h in
	*@*) case ${_h%@*} in
		''|*[!A-Za-z0-9._-]*|-*) spec_error "$_o" "'${_h%@*}' is not a user name" ;;
		esac ;;
	esac
	case ${_h#*@} in
	''|*[!A-Za-z0-9._-]*|-*) spec_error "$_o" "'${_h#*@}' is not a host name or address" ;;
	esac
	case $_p in
	/*) case $_p in *[!A-Za-z0-9._/-]*)
		spec_error "$_o" "socket '$_p': a path of letters, digits, . _ - and /" ;; esac ;;
	''|*[!0-9]*) spec_error "$_o" "port '$_p' is not a number" ;;
	*) [ "$_p" -ge 1 ] && [ "$_p" -le 65535 ] || spec_error "$_o" "port $_p is outside 1-65535" ;;
	esac
	if [ "$OPEN_TCP" = 1 ]; then
		case $_h:$_p in
		*@*) spec_error "$_o" "'$_h': a user is for SSH, which --open-tcp leaves out" ;;
		*:/*) spec_error "$_o" "'$_p': a server's unix socket is reached through SSH, which --open-tcp leaves out" ;;
		esac
	fi
	if [ -n "$_dev" ]; then
		_devs=$_dev
	elif [ -n "$DEVICES" ]; then
		_devs=$DEVICES
	elif [ -n "$model" ]; then
		_devs=-
	else
		spec_error "$_o" "no namespace for $_h: give $_first=/dev/ngXnY or --device /dev/ngXnY"
	fi
	for _d in $_devs; do
		[ -n "$model" ] || check_node "$_d" remote "$_o"
		printf '%s\t%s\t%s\t%s\t%s\n' "$_h" "$_p" "$_d" "$_pw" "$_en"
	done
}

# targets_of POWER SPECS: the targets "LABEL HOST PORT DEV POWER ENGINE" of
# the spec lines (each "ORIGIN<TAB>SPEC"); dies on a namespace listed twice or
# a power source shared by two namespaces (POWER: the one --set gave all)
targets_of() {
	_raw=$(printf '%s\n' "$2" | while IFS='	' read -r _o _s; do
		[ -n "$_o" ] || continue
		add_spec "$_o" "$_s" || exit 2
	done) || exit 2
	printf '%s\n' "$_raw" | cut -f 1,2 | sort -u | while IFS='	' read -r _h _p; do
		[ "$_h" = - ] || [ "$(host_via "$_h" "$_p")" = ssh ] ||
			case $_h in 127.*|localhost) ;; *) open_tcp_warning "$_h" "$_p" ;; esac
	done
	printf '%s\n' "$_raw" | awk -F '\t' -v model="$model" -v gpw="$1" -v OFS='\t' '
	# a host: its name (no user), and its port off 8765 (a socket: none)
	function label(h, p) { sub(/^[^@]*@/, "", h); return h == "-" ? "" : p == 8765 || p ~ /^\// ? h : h "-" p }
	function who(i) { return H[i] == "-" ? D[i] : H[i] ":" P[i] " " D[i] }
	{ n++; H[n] = $1; P[n] = $2; D[n] = $3; W[n] = $4; E[n] = $5; per[label($1, $2)]++ }
	END {
		for (i = 1; i <= n; i++) {
			l = label(H[i], P[i])
			if (D[i] == "-") D[i] = "ssdq-model-" l ".state"
			# several namespaces of a host (or of this machine): a directory
			# each, named by the namespace (its node, or its state file)
			if (per[l] > 1 || l == "") { b = D[i]; sub(/.*\//, "", b); sub(/\.state$/, "", b); l = l == "" ? b : l "-" b }
			if (l !~ /^[A-Za-z0-9._-]+$/) { printf "ssdq-run: %s: its results directory would be named \"%s\": name the state file with letters, digits, . _ and - only\n", who(i), l > "/dev/stderr"; exit 2 }
			if (l in seen && dev[l] == D[i]) { printf "ssdq-run: %s is listed twice\n", who(i) > "/dev/stderr"; exit 2 }
			if (l in seen) { printf "ssdq-run: %s and %s would share the results directory %s: give the state files different names\n", dev[l], D[i], l > "/dev/stderr"; exit 2 }
			seen[l] = 1; dev[l] = D[i]
			# one meter channel measures one drive: the same source on one
			# host, or the same network meter anywhere, is refused (a source
			# given with --set SSDQ_POWER is every namespace\047s)
			w = W[i] != "" ? W[i] : gpw
			if (w != "" && w != "nvme-ps" && w !~ /^model/) {
				hh = H[i]; sub(/^[^@]*@/, "", hh)
				k = (w ~ /^qis:/) ? w : hh " " w
				if (k in pw) { printf "ssdq-run: %s and %s name the same power source %s%s: one meter channel measures one drive; give each namespace its own (power=SPEC with its %s)\n", pw[k], who(i), w, W[i] == "" ? " (--set SSDQ_POWER is every namespace\047s)" : "", H[i] == "-" ? "--device" : "--host" > "/dev/stderr"; exit 2 }
				pw[k] = who(i)
			}
			print l, H[i], P[i], D[i], W[i], E[i]
		}
	}'
}

# hosts_file FILE: its spec lines as "FILE:LINE<TAB>SPEC"
hosts_file() {
	[ -r "$1" ] || param_error "--hosts $1: cannot be read"
	awk -v f="$1" '{ sub(/\r$/, ""); l = $0; sub(/^[ \t]+/, "", l); sub(/[ \t]+$/, "", l)
		if (l == "" || l ~ /^#/) next
		printf "%s:%d\t%s\n", f, NR, l }' "$1"
}

# one_target: the target line of the one namespace (--device DEV, or the
# model's DIR/model.state), labelled by its node or "model"; its results
# directory is DIR itself (tdir)
one_target() {
	if [ -n "$model" ]; then printf 'model\t-\t-\t%s\t\t\n' "$OUT/model.state"
	else printf '%s\t-\t-\t%s\t\t\n' "${device##*/}" "$device"; fi
}

# A target record: one namespace, a tab-separated line of these fields in
# this order (capacity added by target_sizes). Read them by name: tget,
# tsplit, fields_awk.
TARGET_FIELDS='label host port dev power engine capacity'

# tget FIELD T: field FIELD (TARGET_FIELDS) of target record T
tget() { record_get "$TARGET_FIELDS" "$1" "$2"; }
# tsplit T: _lab _h _p _d _pw _en from target record T (its label, host,
# port, dev, power and engine; read would merge empty fields: tab is white
# space to IFS)
tsplit() {
	_lab=$(tget label "$1") _h=$(tget host "$1") _p=$(tget port "$1") _d=$(tget dev "$1")
	_pw=$(tget power "$1") _en=$(tget engine "$1")
}
# targets_col FIELD: field FIELD of every target record (TARGETS), a line each
targets_col() { printf '%s\n' "$TARGETS" | awk -F '\t' -v want="$1" "$(fields_awk "$TARGET_FIELDS")"'{ print $F[want] }'; }
# twho T: how messages name target T: its label among several, nothing for
# the one namespace
twho() { [ "$MULTI" = 0 ] || tget label "$1"; }

# target_capacity T: the bytes of target T's namespace, "" unknown: the
# model's from its preset at this scale, a namespace of this machine from
# sysfs, a host's from the device.json a step there left in its directory.
# Asked once a run (target_sizes); every later look reads its capacity field
target_capacity() {
	tsplit "$1"
	if [ -n "$model" ]; then model_capacity "$model" "$scale"; return 0; fi
	if [ "$_h" = - ] && _b=$(ng_block "$_d"); then
		awk '{ printf "%.0f\n", $1 * 512 }' "$SSDQ_SYSFS/block/$_b/size" 2>/dev/null
		return 0
	fi
	sed -n 's/^[[:space:]]*"capacity_bytes"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' \
		"$(tdir "$_lab")/device.json" 2>/dev/null | head -n 1
}

# target_sizes: TARGETS with each target's capacity added (its field capacity)
target_sizes() {
	printf '%s\n' "$TARGETS" | while IFS= read -r _t; do
		[ -z "$_t" ] || printf '%s\t%s\n' "$_t" "$(target_capacity "$_t")"
	done
}

# target_lba T: the LBA size of target T's namespace, "" unknown: the
# device.json a step left in its directory, else sysfs (a namespace of this
# machine); the model's and a host's are known after their first step
target_lba() {
	tsplit "$1"
	_l=$(device_lba "$(tdir "$_lab")")
	if [ -z "$_l" ] && [ "$_h" = - ] && [ -z "$model" ] && _b=$(ng_block "$_d"); then
		_l=$(cat "$SSDQ_SYSFS/block/$_b/queue/logical_block_size" 2>/dev/null)
	fi
	echo "$_l"
}

# target_ident T: what target T is, for the plan: the model preset, or a
# namespace of this machine with its model, serial, capacity and LBA size
target_ident() {
	tsplit "$1"
	_c=$(tget capacity "$1")
	if [ -n "$model" ]; then
		echo "drive: ssdq drive model $model, scale $scale${_c:+, $(human_bytes "$_c")}"
		return 0
	fi
	_b=$(ng_block "$_d") _sys=$SSDQ_SYSFS/block/$(ng_block "$_d")
	if [ -e "$_sys" ]; then
		_mn=$(sed 's/ *$//' "$_sys/device/model" 2>/dev/null)
		_sn=$(sed 's/ *$//' "$_sys/device/serial" 2>/dev/null)
		_id="$_b${_mn:+: $_mn}${_sn:+, serial $_sn}"
	else
		_id="no block node $_b (an LBA format the kernel's block layer does not use)"
	fi
	_l=$(target_lba "$1")
	echo "device: $_d ($_id${_c:+, $(human_bytes "$_c")}${_l:+, $_l-byte LBAs})"
}

# device_id DEV: the identity an unfinished run on the one namespace DEV
# must match to resume: its wwid, model:PRESET, else the node
device_id() {
	_i=
	if [ -n "$model" ]; then _i=model:$model
	elif _b=$(ng_block "$1"); then _i=$(cat "$SSDQ_SYSFS/block/$_b/wwid" 2>/dev/null); fi
	echo "${_i:-$1}"
}

# tparams T: target T's parameters (run_params): the one namespace's
# device_id=, or target=[HOST:PORT ]DEV and power= among several (HOST
# without its user: the same host reached as another user is the same)
tparams() {
	tsplit "$1"
	if [ "$MULTI" = 0 ]; then run_params "device_id=$(device_id "$_d")"
	elif [ "$_h" = - ]; then run_params "target=$_d" "$_pw"
	else run_params "target=${_h#*@}:$_p $_d" "$_pw"; fi
}

# target_of LABEL: the target line of LABEL
target_of() { printf '%s\n' "$TARGETS" | awk -F '\t' -v l="$1" '$1 == l'; }

# run_targets: MULTI and TARGETS from the options: the one --device (or the
# model's state file), several --device (LOCAL=1), or the namespaces of the
# --host and --hosts specs; dies (2) on a bad one
run_targets() {
	if [ -n "$HOST_SPECS$HOSTS_FILES" ] || [ $LOCAL = 1 ]; then
		MULTI=1
		if [ "$LOCAL" = 1 ]; then
			# several --device: the namespaces of this machine ("DEV [power=SPEC]" each)
			SPECS=$(printf '%s' "$DEVICE_SPECS" | sed '/^$/d')
			[ -n "$model" ] || [ -z "$GPW" ] || case $GPW in *[\;\#]*)
				param_error "--set SSDQ_POWER=$GPW: several sources for every namespace cannot go into their job files (fio cuts the line at ';' or '#'): give each --device 'DEV power=SPEC'" ;;
			esac
		else
			[ -z "$device" ] || DEVICES="$DEVICES $device"
			SPECS=$(printf '%s' "$HOST_SPECS" | sed '/^$/d')
			for _f in $HOSTS_FILES; do
				SPECS=$(printf '%s\n%s\n' "$SPECS" "$(hosts_file "$_f")" | sed '/^$/d') || exit 2
			done
			[ -n "$SPECS" ] || param_error "--hosts names no host (one HOST[:PORT][=DEV] a line)"
			case $GPW in *[\;\#]*)
				param_error "--set SSDQ_POWER=$GPW: a job file sent to fio --server cannot hold ';' or '#' (fio cuts the line there): give each host one source (power=SPEC)" ;;
			esac
		fi
		TARGETS=$(targets_of "$GPW" "$SPECS") || exit 2
	else
		MULTI=0
		if [ -n "$model" ]; then
			[ -z "$device" ] || usage_error "--model runs on the drive model: leave out --device (or give several --device STATE-FILE, one model drive each)"
			case $model in
			*[!a-z0-9-]*|'') usage_error "--model wants a preset name such as qlc-1tb, not '$model'" ;;
			esac
		else
			[ -n "$device" ] || usage_error "--device is missing (or --model PRESET)"
			check_node "$device" here
		fi
		TARGETS=$(one_target)
	fi
}

# tdir LABEL: the results directory of target LABEL: DIR for the one
# namespace, DIR/LABEL among several
tdir() { if [ "$MULTI" = 1 ]; then echo "$OUT/$1"; else echo "$OUT"; fi; }

# done_in DIR NAME: whether step NAME finished in DIR (DIR/ssdq-run.state);
# step_done DIR NAME records that it did
done_in() { grep -qx "$2" "$1/ssdq-run.state" 2>/dev/null; }

step_done() { echo "$2" >>"$1/ssdq-run.state"; }

# host_via HOST PORT: how HOST's server is reached: ssh, or tcp (--open-tcp,
# or a server on this machine's loopback with neither user nor socket)
host_via() {
	case $1:$2 in *@*|*:/*) echo ssh; return 0 ;; esac
	[ "${OPEN_TCP:-0}" = 0 ] || { echo tcp; return 0; }
	case $1 in 127.*|localhost) echo tcp ;; *) echo ssh ;; esac
}

# open_tcp_warning HOST PORT: what --open-tcp means, said once a host
open_tcp_warning() {
	warn "WARNING: --open-tcp: fio --server on $1:$2 is reached over the network as it is, with"
	warn "  no authentication and no encryption: anyone who can connect to that port runs any job"
	warn "  there as root, shell commands included. Without --open-tcp ssdq-run goes through SSH."
}

# run_params WHAT [POWER]: a target's parameters as DIR/ssdq-run.params
# records them, which an unfinished run's must match to resume: the suite,
# WHAT it runs on (device_id=ID for the one namespace, target=[HOST:PORT ]DEV
# for one of several, with its POWER source), the model, the scale and every
# parameter's value (VALUES)
run_params() {
	echo "suite=$suite"
	echo "$1"
	[ $# -lt 2 ] || echo "power=$2"
	echo "model=$model"
	echo "scale=$scale"
	[ -z "$REPEAT_CV" ] || echo "repeat=cv $REPEAT_CV %, at most $REPEAT_MAX runs"
	printf '%s\n' "$VALUES"
}
