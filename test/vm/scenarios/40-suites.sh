# Expect: jobs/ssdq-run refuses a namespace holding a filesystem (exit 3);
# each suite then runs end to end at --scale 256 (consumer and pslc on the
# 512-byte namespace, enterprise on the 4 KiB one, sub-4 KiB sweep jobs left
# out of the rendered files), every test leaving its rendered job file in
# DIR/jobs, fio json+, its logs, ssdq's sidecars and device.json; two steps
# rerun by hand with plain fio from their rendered files (the command in each
# file's head, in a directory of their own) move the same bytes and stop for
# the same reason as in the suite; util/erase.fio under plain fio leaves the
# namespace reading zeroes (QEMU has no Sanitize: the fallback runs); the
# enterprise suite on the 512-byte namespace, killed with SIGTERM after two
# tests, exits 130 within seconds (fio stopped through its trigger file, not
# killed after 30 s) and resumes where it stopped.
#
# Needs in the initramfs (test/vm/initramfs.sh): jobs/ at /opt/ssdq/jobs (or
# SSDQ_JOBS=...); util-linux wipefs (or blkid) for ssdq-run's signature check
# and mkfs.ext4 (without them the refusal case is skipped and the suites run
# with --destroy-data). About 3 minutes of TCG time.
. /guest-lib.sh
JOBS=${SSDQ_JOBS:-/opt/ssdq/jobs}
RUN=$JOBS/ssdq-run
SCALE=256
if [ ! -x "$RUN" ]; then
	echo "$RUN is not in the initramfs" >no-jobs
	exit 1
fi

# signatures can be checked only with util-linux's tools
destroy=--destroy-data
if command -v wipefs >/dev/null 2>&1 || blkid -V 2>/dev/null | grep -q util-linux; then
	destroy=
fi

# 1. a namespace holding a filesystem is refused, and nothing is written to it
mkfs=
if command -v mkfs.ext4 >/dev/null 2>&1; then mkfs="mkfs.ext4 -q -F"
elif command -v mke2fs >/dev/null 2>&1; then mkfs="mke2fs -q"
fi
if [ -z "$destroy" ] && [ -n "$mkfs" ]; then
	$mkfs "$NS512" >mkfs.out 2>&1
	sync
	dd if="$NS512" bs=1M count=4 iflag=direct 2>/dev/null | md5sum >refuse.head-before
	run refuse "$RUN" --suite pslc --device "$NG512" --out "$RESULTS/refuse" --scale $SCALE --yes
	dd if="$NS512" bs=1M count=4 iflag=direct 2>/dev/null | md5sum >refuse.head-after
	dd if=/dev/zero of="$NS512" bs=1M count=4 oflag=direct 2>/dev/null
	sync
else
	echo "no util-linux wipefs/blkid or no mkfs in the initramfs" >refuse.skip
fi

# 2. the suites
run consumer "$RUN" --suite consumer --device "$NG512" --out "$RESULTS/consumer" \
	--scale $SCALE --set SSDQ_BURST=4m --yes $destroy
run pslc "$RUN" --suite pslc --device "$NG512" --out "$RESULTS/pslc" --scale $SCALE --yes $destroy
run enterprise-4k "$RUN" --suite enterprise --device "$NG4K" --out "$RESULTS/enterprise-4k" \
	--scale $SCALE --yes $destroy

# 3. rerun by hand: the command in the head of a rendered file, in a directory
# of its own holding a copy of the file (so the suite's results stay)
rerun() { # NAME SUITE-DIR TEST
	mkdir -p "$RESULTS/rerun-$1/jobs"
	cp "$RESULTS/$2/jobs/$3.fio" "$RESULTS/rerun-$1/jobs/"
	sed -n 's/^#   \(fio .*\)$/\1/p' "$RESULTS/$2/jobs/$3.fio" | head -n 1 >"rerun-$1.cmd"
	run "rerun-$1" sh -c 'cd "$1" && eval "$(cat "$2")"' sh "$RESULTS/rerun-$1" "$RESULTS/rerun-$1.cmd"
}
rerun burst consumer burst-seq-write
rerun qd1 enterprise-4k qd1-rand-read-4k

# 4. erase with plain fio: the namespace reads zeroes afterwards
run erase fio --ioengine="external:$SSDQ_SO" --filename="$NG512" --output-format=json \
	--output="$RESULTS/erase.json" "$JOBS/util/erase.fio"
# (1 MiB reads: guest-lib's nonzero reads LBA by LBA, minutes for 1 GiB under TCG)
dd if="$NS512" bs=1M iflag=direct 2>/dev/null | tr -d '\000' | wc -c >erase.nonzero

# 5. interrupted after two tests, then resumed
out=$RESULTS/enterprise-512
"$RUN" --suite enterprise --device "$NG512" --out "$out" --scale $SCALE --yes $destroy \
	>resume-1.out 2>resume-1.err &
pid=$!
i=0
while [ $i -lt 1200 ] && kill -0 $pid 2>/dev/null; do
	[ "$(wc -l <"$out/ssdq-run.state" 2>/dev/null || echo 0)" -ge 2 ] && break
	sleep 0.1
	i=$((i + 1))
done
sleep 0.5
t0=$(cut -d' ' -f1 /proc/uptime)
kill -TERM $pid 2>/dev/null
wait $pid
echo $? >resume-1.rc
echo "$t0 $(cut -d' ' -f1 /proc/uptime)" | awk '{ printf "%.1f\n", $2 - $1 }' >resume-1.stop-secs
ls "$out" >resume-1.files 2>/dev/null
cp "$out/ssdq-run.state" resume-1.state 2>/dev/null
md5sum "$out/precondition.json" >resume-1.md5 2>/dev/null
run resume-2 "$RUN" --suite enterprise --device "$NG512" --out "$out" --scale $SCALE --yes $destroy
md5sum "$out/precondition.json" >resume-2.md5 2>/dev/null
