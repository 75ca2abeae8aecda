#!/bin/sh
# /init of the ssdq test VM (busybox ash). Runs the selected scenarios, then
# writes /results as a tar onto the NVMe namespace with serial "ssdqresults";
# or, with ssdq.server=1 on the kernel command line, runs fio --server.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
exec </dev/null >/dev/console 2>&1

say() { echo "ssdq-vm: $*"; }
halt_now() { sync; poweroff -f; sleep 5; echo o >/proc/sysrq-trigger; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }

arg() {
	for w in $(cat /proc/cmdline); do
		case $w in "$1"=*) echo "${w#*=}"; return ;; esac
	done
	echo "$2"
}
sel=$(arg ssdq.scenarios all)
tmo=$(arg ssdq.timeout 300)

# trim: QEMU pads serials with spaces
serial_of() { read -r s <"$1/serial"; echo $s; }
# ctrl_by_serial SERIAL: prints nvmeX of the controller with that serial
ctrl_by_serial() {
	for c in /sys/class/nvme/nvme*; do
		[ -e "$c/serial" ] || continue
		[ "$(serial_of "$c")" = "$1" ] && { echo "${c##*/}"; return 0; }
	done
	return 1
}
# ns_of CTRL: prints the first namespace block device nvmeAnB under it
ns_of() {
	for n in /sys/class/nvme/"$1"/nvme*n*; do
		[ -e "$n" ] || continue
		case ${n##*/} in *c*) continue ;; esac
		echo "${n##*/}"; return 0
	done
	return 1
}

# server mode (ssdq.server=1; test/vm/hosts.sh): a test host as installed
# (docs/hosts.md): the network (QEMU's user mode: 10.0.2.15/24, gateway
# 10.0.2.2), sshd on port 22 (its host key made now and printed on the
# console, for the host to pin; root's one authorized key from
# ssdq.sshkey=TYPE:BASE64), and the fio server as the installed unit runs it
# (/etc/systemd/system/ssdq-fio-server.service's ExecStart, its environment
# and directories; ssdq.fio=socket: its unix-socket line instead), until
# the guest is stopped from the host (QMP quit) or the server ends; no
# scenarios, no results disk. ssdq.namespaces=N: wait for N namespaces
# first; ssdq.hostname: the name fio's messages carry. The console gets the
# TCP listeners ("listen: ADDR:PORT"). A line a minute keeps boot.sh's
# watchdog, which takes a silent console for a hung guest, from stopping an
# idle server.
start_sshd() {
	key=$(arg ssdq.sshkey '')
	[ -n "$key" ] || { say "no ssdq.sshkey: no sshd"; return 1; }
	mkdir -p /etc/ssh /run/sshd /root/.ssh && chmod 0700 /root /root/.ssh && chmod 0755 /run/sshd
	echo "${key%%:*} ${key#*:} ssdq-test-client" >/root/.ssh/authorized_keys
	chmod 0600 /root/.ssh/authorized_keys
	ssh-keygen -q -t ed25519 -N '' -C "$(hostname)" -f /etc/ssh/ssh_host_ed25519_key </dev/null ||
		{ say "ssh-keygen failed"; return 1; }
	printf 'Port 22\nHostKey /etc/ssh/ssh_host_ed25519_key\nInclude /etc/ssh/sshd_config.d/ssdq.conf\n' \
		>/etc/ssh/sshd_config
	/usr/sbin/sshd -e -f /etc/ssh/sshd_config || { say "sshd failed"; return 1; }
	say "ssh host key: $(cut -d' ' -f1,2 /etc/ssh/ssh_host_ed25519_key.pub)"
}
# unit_exec: the installed unit's command (ssdq.fio=socket: its unix-socket line)
unit_exec() {
	u=/etc/systemd/system/ssdq-fio-server.service
	if [ "$(arg ssdq.fio tcp)" = socket ]; then sed -n 's/^#ExecStart=\(.*--socket .*\)/\1/p' $u
	else sed -n 's/^ExecStart=//p' $u; fi
}
server_mode() {
	for m in $(cat /lib/modules/net/order 2>/dev/null); do
		insmod "/lib/modules/net/$m.ko" || say "insmod $m failed"
	done
	hostname "$(arg ssdq.hostname ssdq-vm)"
	ip link set lo up
	nic=
	i=0
	while [ -z "$nic" ] && [ $i -lt 300 ]; do
		for n in /sys/class/net/*; do
			[ "${n##*/}" = lo ] || [ ! -e "$n" ] || { nic=${n##*/}; break; }
		done
		[ -n "$nic" ] || { sleep 0.1; i=$((i + 1)); }
	done
	if [ -z "$nic" ]; then
		say "no network interface (network modules: $(cat /lib/modules/net/order 2>/dev/null || echo none))"
		halt_now
	fi
	ip addr add 10.0.2.15/24 dev "$nic" && ip link set "$nic" up &&
		ip route add default via 10.0.2.2 || say "configuring $nic failed"
	want=$(arg ssdq.namespaces 1)
	i=0
	while [ "$(ls /dev/ng*n* 2>/dev/null | wc -l)" -lt "$want" ] && [ $i -lt 300 ]; do
		sleep 0.1; i=$((i + 1))
	done
	for c in /sys/class/nvme/nvme*; do
		[ -e "$c/serial" ] && say "serial $(serial_of "$c"): ${c##*/}, namespaces: $(cd /dev && ls -d ng"${c##*/nvme}"n* 2>/dev/null | tr '\n' ' ')"
	done
	start_sshd || halt_now
	# the unit's directories and environment
	mkdir -p /var/lib/ssdq /run/ssdq && chmod 0700 /run/ssdq && cd /var/lib/ssdq || halt_now
	cmd=$(unit_exec)
	say "fio server as the unit runs it: $cmd"
	eval "export $(sed -n 's/^Environment=//p' /etc/systemd/system/ssdq-fio-server.service)"
	$cmd </dev/null &
	fpid=$!
	i=0
	while ! { netstat -ltn 2>/dev/null | grep -q ':8765 ' || [ -S /run/ssdq/fio.sock ]; } &&
		[ $i -lt 300 ] && kill -0 $fpid 2>/dev/null; do
		sleep 0.1; i=$((i + 1))
	done
	netstat -ltn 2>/dev/null | awk '$6 == "LISTEN" { print "ssdq-vm: listen: " $4 }'
	[ ! -S /run/ssdq/fio.sock ] || say "socket: $(ls -ld /run/ssdq | cut -d' ' -f1) /run/ssdq, $(ls -l /run/ssdq/fio.sock | cut -d' ' -f1) fio.sock"
	say "server ready: fio --server ($cmd) and sshd on $nic 10.0.2.15 port 22 at uptime $(uptime_s) s"
	(while :; do sleep 60; say "server up at uptime $(uptime_s) s"; done) &
	beat=$!
	wait $fpid
	say "fio --server exited with $?"
	kill $beat
	say "done"
	halt_now
}
[ "$(arg ssdq.server 0)" = 1 ] && server_mode

mkdir -p /results
i=0
while :; do
	ok=1
	for s in ssdq512 ssdq4k ssdqresults; do
		c=$(ctrl_by_serial $s) && n=$(ns_of "$c") && [ -c "/dev/ng${n#nvme}" ] && [ -b "/dev/$n" ] || ok=0
	done
	[ $ok = 1 ] && break
	i=$((i + 1))
	[ $i -ge 300 ] && { say "NVMe devices did not appear in 30 s"; ls -l /dev/nvme* /dev/ng* 2>&1; break; }
	sleep 0.1
done

export_dev() {
	c=$(ctrl_by_serial "$2") || { say "no controller with serial $2"; return 1; }
	n=$(ns_of "$c") || { say "no namespace on $c ($2)"; return 1; }
	export "CTRL$1=/dev/$c" "NS$1=/dev/$n" "NG$1=/dev/ng${n#nvme}"
	say "serial $2: CTRL$1=/dev/$c NS$1=/dev/$n NG$1=/dev/ng${n#nvme}"
}
export_dev 512 ssdq512
export_dev 4K ssdq4k
export_dev RES ssdqresults
export SSDQ_SO=/opt/ssdq/ssdq.so
[ -f $SSDQ_SO ] && echo present >/results/engine || echo absent >/results/engine

if [ "$sel" = all ]; then
	list=$(cd /scenarios && ls *.sh 2>/dev/null | sed 's/\.sh$//')
else
	list=$(echo "$sel" | tr ',' ' ')
fi

t0=$(uptime_s)
say "first scenario at uptime $t0 s"
echo "$t0" >/results/boot-uptime
: >/results/summary
for name in $list; do
	script=/scenarios/$name.sh
	[ -f "$script" ] || script=/bench/$name.sh
	out=/results/$name
	mkdir -p "$out"
	if [ ! -f "$script" ]; then
		say "$name: no such scenario"; echo "$name 127 0" >>/results/summary; continue
	fi
	start=$(uptime_s)
	say "$name: start"
	RESULTS=$out SCENARIO=$name setsid sh "$script" >"$out/stdout" 2>"$out/stderr" &
	pid=$!
	(
		n=0
		while [ $n -lt "$tmo" ] && kill -0 $pid 2>/dev/null; do sleep 1; n=$((n + 1)); done
		kill -0 $pid 2>/dev/null && { echo timeout >"$out/timeout"; kill -KILL -$pid; }
	) &
	watch=$!
	wait $pid
	rc=$?
	kill $watch 2>/dev/null
	wait $watch 2>/dev/null
	end=$(uptime_s)
	secs=$(echo "$start $end" | awk '{printf "%.1f", $2 - $1}')
	echo "$rc" >"$out/exit-code"
	echo "$name $rc $secs" >>/results/summary
	say "$name: exit $rc in $secs s"
done

dmesg >/results/dmesg.txt
uname -a >/results/uname.txt
if [ -n "${NSRES:-}" ]; then
	if tar cf "$NSRES" -C /results . && sync; then say "results written to $NSRES"
	else say "writing the results tar to $NSRES failed (more than its 64 MiB?)"; fi
else
	say "no results disk; results are lost"
fi
say "done"
halt_now
