#!/bin/sh
# Boots the test VM once (QEMU TCG, Debian cloud kernel, emulated NVMe) and
# extracts the guest's /results into DIR.
# usage: test/vm/boot.sh [--scenarios a,b] [--out DIR] [--timeout SECS]
#                        [--scenario-timeout SECS] [--quiet SECS] [--keep-images]
#        test/vm/boot.sh --server PORT --ssh-key KEY.pub [--fio socket]
#                        [--fio-port PORT] [--images DIR] [--serial S]
#                        [--namespaces N] [--ns-size SIZE] [--out DIR] ...
# Limits catch a hang, not a busy host (under TCG a loaded 2-core host runs
# the guest ten times slower): the guest stops a scenario after
# --scenario-timeout s (default 300) and says so on the console; QEMU is
# stopped when its console stays silent for --quiet s (default that limit
# plus 300: the guest itself hangs), or after --timeout s in all (default: every
# scenario's limit plus 60 s each, plus 600).
# --server PORT boots a test host instead (test/vm/hosts.sh): the guest runs
# the fio server as the installed unit does (on its loopback port 8765, or
# with --fio socket on /run/ssdq/fio.sock) and sshd, reached at
# 127.0.0.1:PORT of this machine (QEMU's user-mode network,
# virtio-net-pci), root's one authorized key the public key KEY.pub, its host
# key made at boot and printed on the console ("ssh host key: TYPE BASE64");
# --fio-port P also forwards 127.0.0.1:P to the guest's port 8765 (where the
# server must refuse it); until QEMU is stopped (QMP
# quit on OUT/qmp.sock) or --timeout (default 3600); one NVMe controller
# with serial S (default ssdqserver) and N namespaces (default 1) of SIZE
# (default 1G), whose images are DIR/ns1.img... (made when missing, kept: a
# guest booted again on them finds the data it left), else fresh ones. No
# results come back; exit 0 when QEMU ended normally. The guest prints
# "server ready" on its console (OUT/console.log) once fio listens, then a
# line a minute for the watchdog.
# env: SSDQ_SO (engine), SSDQ_VM_APPEND (more kernel command line), SSDQ_VM_QEMU
# (more QEMU options, e.g. "-trace events=F -D LOG": test/vm/bench-qd1.sh --trace)
set -eu
. "$(dirname "$0")/host-lib.sh"
scen=all out=$VMDIR/results hard=0 per=300 quiet=0 keep=0
port='' images='' serial=ssdqserver nns=1 nssize=1G sshkey='' fiomode=tcp fioport=''

while [ $# -gt 0 ]; do
	case $1 in
	--scenarios) scen=${2:?--scenarios needs a value}; shift 2 ;;
	--out) out=${2:?--out needs a value}; shift 2 ;;
	--timeout) hard=${2:?--timeout needs a value}; shift 2 ;;
	--scenario-timeout) per=${2:?--scenario-timeout needs a value}; shift 2 ;;
	--quiet) quiet=${2:?--quiet needs a value}; shift 2 ;;
	--keep-images) keep=1; shift ;;
	--server) port=${2:?--server needs a port}; shift 2 ;;
	--images) images=${2:?--images needs a directory}; shift 2 ;;
	--serial) serial=${2:?--serial needs a value}; shift 2 ;;
	--namespaces) nns=${2:?--namespaces needs a number}; shift 2 ;;
	--ns-size) nssize=${2:?--ns-size needs a size}; shift 2 ;;
	--ssh-key) sshkey=${2:?--ssh-key needs a public key file}; shift 2 ;;
	--fio) fiomode=${2:?--fio needs tcp or socket}; shift 2 ;;
	--fio-port) fioport=${2:?--fio-port needs a port}; shift 2 ;;
	*) die "boot.sh: unknown option $1 (see the usage line in $0)" ;;
	esac
done
if [ -n "$port" ]; then
	case $port in *[!0-9]*) die "--server wants a TCP port number, not '$port'" ;; esac
	case $nns in [1-8]) ;; *) die "--namespaces wants 1 to 8, not '$nns'" ;; esac
	case $serial in *[!A-Za-z0-9_-]*) die "--serial wants letters, digits, - and _, not '$serial'" ;; esac
	[ -r "$sshkey" ] || die "--server wants --ssh-key KEY.pub (root's authorized key in the guest)"
	case $fiomode in tcp|socket) ;; *) die "--fio wants tcp or socket, not '$fiomode'" ;; esac
	case $fioport in *[!0-9]*) die "--fio-port wants a TCP port number, not '$fioport'" ;; esac
	[ "$hard" != 0 ] || hard=3600
	scen=server
elif [ -n "$images" ]; then
	die "--images is for --server"
fi
if [ "$hard" = 0 ]; then
	nscen=$(if [ "$scen" = all ]; then ls "$VM"/scenarios/*.sh | wc -l; else echo "$scen" | tr ',' '\n' | grep -c .; fi)
	hard=$((nscen * (per + 60) + 600))
fi
[ "$quiet" != 0 ] || quiet=$((per + 300))
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (run: sh scripts/deps.sh vm)"

mkdir -p "$VMDIR"
kernel=$(kernel_path)

# initramfs: rebuild when an input is newer, the engine appeared/vanished or
# SSDQ_VM_EXTRA names other files; under a lock, as make check boots the
# test bed's guests from two programs at once (initramfs.sh renames the new
# file into place, so a QEMU reading the old one keeps it)
exec 9>"$VMDIR/initramfs.lock"
flock 9 || die "cannot lock $VMDIR/initramfs.lock"
so=${SSDQ_SO:-$ROOT/build/ssdq.so}
initrd=$VMDIR/initramfs.cpio
state=absent; [ -f "$so" ] && state="$so $(stat -c %Y "$so")"
state="$state extra:${SSDQ_VM_EXTRA:-}"
if [ ! -f "$initrd" ] || [ "$(cat "$initrd.engine" 2>/dev/null)" != "$state" ] ||
	[ -n "$(find "$VM" "$ROOT/jobs" "$ROOT/scripts/ssdq-fio-server" "$ROOT/scripts/ssdq-fio-server.service" "$ROOT/test/power/meter.c" \
		"$so" ${SSDQ_VM_EXTRA:-} /usr/bin/fio /usr/sbin/nvme /usr/sbin/sshd /bin/busybox -newer "$initrd" \
		-type f 2>/dev/null | head -n 1)" ]; then
	note "building $initrd"
	sh "$VM/initramfs.sh" "$initrd"
	echo "$state" >"$initrd.engine"
fi
exec 9>&-

# the results dir is ours to empty only if we made it
case $out in /*) ;; *) out=$PWD/$out ;; esac
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/.ssdq-vm" ]; then
	die "--out $out exists, is not empty and was not made by boot.sh"
fi
rm -rf "$out" && mkdir -p "$out" && : >"$out/.ssdq-vm"

img=$VMDIR/img.$$
if [ -n "$images" ]; then
	mkdir -p "$images" || die "cannot make $images"
	img=$(cd "$images" && pwd)
	keep=1
fi
mkdir -p "$img"
stop_hooks() { for p in ${hpids:-}; do kill "$p" 2>/dev/null || true; done; hpids=; }
cleanup() { [ $keep = 1 ] || rm -rf "$img"; [ -z "${wpid:-}" ] || kill "$wpid" 2>/dev/null || true; stop_hooks; }
trap cleanup EXIT
trap 'exit 130' INT TERM
# SSDQ_VM_DRIVE_OPTS: extra -drive options for the test namespaces (experiments)
drive() { echo "-drive file=$img/$1.img,if=none,id=$1,format=raw,${SSDQ_VM_DRIVE_OPTS:-discard=unmap}"; }
if [ -n "$port" ]; then
	# a test host: its controller and namespaces (images kept with --images),
	# its network
	devs="-device nvme,id=nvmesrv,serial=$serial"
	i=1
	while [ $i -le "$nns" ]; do
		[ -f "$img/ns$i.img" ] || truncate -s "$nssize" "$img/ns$i.img" || die "cannot make $img/ns$i.img"
		devs="$devs $(drive "ns$i") -device nvme-ns,drive=ns$i,bus=nvmesrv,nsid=$i"
		i=$((i + 1))
	done
	fwd=hostfwd=tcp:127.0.0.1:$port-:22
	[ -z "$fioport" ] || fwd="$fwd,hostfwd=tcp:127.0.0.1:$fioport-:8765"
	devs="$devs -netdev user,id=net0,$fwd -device virtio-net-pci,netdev=net0"
	key=$(cut -d' ' -f1,2 "$sshkey" | tr ' ' :)
	append="ssdq.server=1 ssdq.namespaces=$nns ssdq.hostname=$serial ssdq.sshkey=$key ssdq.fio=$fiomode"
else
	for d in d512 d4k res; do
		truncate -s 1G "$img/$d.img"
	done
	truncate -s 64M "$img/res.img"
	devs="$(drive d512) -device nvme,id=nvme512,serial=ssdq512
	-device nvme-ns,drive=d512,bus=nvme512,nsid=1
	$(drive d4k) -device nvme,id=nvme4k,serial=ssdq4k
	-device nvme-ns,drive=d4k,bus=nvme4k,nsid=1,logical_block_size=4096,physical_block_size=4096
	$(drive res) -device nvme,id=nvmeres,serial=ssdqresults
	-device nvme-ns,drive=res,bus=nvmeres,nsid=1
	-blockdev driver=null-co,node-name=slow,size=1073741824,latency-ns=500000000,read-zeroes=on
	-device nvme,id=nvmeslow,serial=ssdqslow -device nvme-ns,drive=slow,bus=nvmeslow,nsid=1
	-blockdev driver=null-co,node-name=nopoll,size=67108864,read-zeroes=on
	-device nvme,id=nvmenopoll,serial=ssdqnopoll,max_ioqpairs=1
	-device nvme-ns,drive=nopoll,bus=nvmenopoll,nsid=1"
	append="ssdq.scenarios=$scen ssdq.timeout=$per"
fi
t0=$(date +%s.%N)
(
	while ! grep -qs 'first scenario at uptime' "$out/console.log"; do sleep 0.2; done
	date +%s.%N >"$out/.marker-time"
) &
wpid=$!

# hooks: each test/vm/hooks/*.sh runs in the background with OUT while QEMU runs
hpids=
for h in "$VM"/hooks/*.sh; do
	[ -f "$h" ] || continue
	sh "$h" "$out" </dev/null >>"$out/hooks.log" 2>&1 &
	hpids="$hpids $!"
done
note "booting ($scen); console: $out/console.log"
rc=0
# no_timer_check: a vCPU thread starved by a busy host (make check runs two
# programs at a time beside other work) failed the kernel's early check of
# the IO-APIC timer ("Kernel panic - not syncing: IO-APIC + timer doesn't
# work!", at load 10); the timer works, the check's wait was too short
# shellcheck disable=SC2086 # devs, SSDQ_VM_QEMU: options and values, a word each
timeout --signal=TERM --kill-after=10 "$hard" qemu-system-x86_64 \
	-accel tcg -cpu max -m 2G -smp 2 -nodefaults -display none -no-reboot \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 quiet panic=-1 no_timer_check $append nvme.poll_queues=1 ${SSDQ_VM_APPEND:-}" \
	-serial "file:$out/console.log" \
	-qmp "unix:$out/qmp.sock,server=on,wait=off" \
	$devs ${SSDQ_VM_QEMU:-} &
qpid=$!
# the hang watchdog: the console's size, every 10 s
(
	last=-1 since=$(date +%s)
	while kill -0 $qpid 2>/dev/null; do
		sleep 10
		size=$(stat -c %s "$out/console.log" 2>/dev/null || echo 0)
		now=$(date +%s)
		# booting (quiet kernel, slow under load): at least 600 s
		lim=$quiet
		grep -qs -e 'first scenario at uptime' -e 'server ready' "$out/console.log" || [ "$lim" -ge 600 ] || lim=600
		if [ "$size" != "$last" ]; then last=$size since=$now
		elif [ $((now - since)) -ge "$lim" ]; then
			{ grep -o '[0-9A-Za-z_-]*: start' "$out/console.log" 2>/dev/null | tail -n 1 |
				sed 's/: start$//' | grep . || echo "none, booting"; } >"$out/.hung"
			echo "$lim" >"$out/.hung-after"
			kill -TERM $qpid 2>/dev/null
			exit 0
		fi
	done
) &
dpid=$!
wait $qpid || rc=$?
kill "$dpid" 2>/dev/null || true
t1=$(date +%s.%N)
kill "$wpid" 2>/dev/null || true
wpid=
stop_hooks

if [ -f "$out/.hung" ]; then
	note "QEMU stopped: its console was silent for $(cat "$out/.hung-after") s (the guest hangs; last scenario started: $(cat "$out/.hung"))"
elif [ $rc = 124 ]; then
	note "QEMU killed after the hard timeout of $hard s (--timeout)"
fi
[ $rc = 0 ] || [ $rc = 124 ] || [ -f "$out/.hung" ] || note "qemu-system-x86_64 exited with $rc"
if [ -n "$port" ]; then
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "ssdq-vm: server VM ran %.1f s\n", b - a }' >&2
	[ $rc = 0 ] && [ ! -f "$out/.hung" ] && exit 0
	tail -n 10 "$out/console.log" >&2 || true
	exit 1
fi
if ! tar xf "$img/res.img" -C "$out" 2>/dev/null || [ ! -f "$out/summary" ]; then
	note "no results came back; last console lines ($out/console.log):"
	tail -n 30 "$out/console.log" >&2 || true
	exit 1
fi

awk -v a="$t0" -v b="$t1" 'BEGIN { printf "ssdq-vm: VM ran %.1f s\n", b - a }' >&2
if [ -f "$out/.marker-time" ]; then
	awk -v a="$t0" -v b="$(cat "$out/.marker-time")" -v u="$(cat "$out/boot-uptime")" \
		'BEGIN { printf "ssdq-vm: boot to first scenario: %.1f s (guest uptime %.1f s)\n", b - a, u }' >&2
fi
while read -r name code secs; do
	printf 'ssdq-vm:   %-24s exit %-3s %6s s\n' "$name" "$code" "$secs" >&2
done <"$out/summary"
