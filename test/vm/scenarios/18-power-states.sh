# Expect: QEMU 7.2's controller states one power state (NPSS 0: PS0) and no
# APST (APSTA clear), answers Get Features 02h (PS0) and refuses Set
# Features 02h (Feature Not Changeable, nvme-cli's own too). A job with
# ssdq_power_state=0 finds the drive in PS0, so sets nothing, and records
# the settings (power_settings: ps 0, npss 1, apst null, was ps 0);
# device.json has the one descriptor and APST unsupported;
# ssdq_power_state=1 is refused naming the table, ssdq_apst=on naming the
# missing APST, both before any I/O. Reads only.
. /guest-lib.sh
cd "$RESULTS" || exit 1
pick 4K
nvme get-feature "$ctrl" -f 2 >ps-before.out 2>&1
nvme set-feature "$ctrl" -f 2 -v 0 >ps-set.out 2>&1
ssdq ps0 --filename="$ng" --rw=read --bs=4k --size=1M --write_bw_log=ps0 \
	--ssdq_smart_interval=1s --ssdq_power_state=0
cp device.json ps0.device.json 2>/dev/null
ssdq ps1 --filename="$ng" --rw=read --bs=4k --size=1M --write_bw_log=ps1 --ssdq_power_state=1
ssdq apst --filename="$ng" --rw=read --bs=4k --size=1M --write_bw_log=apst --ssdq_apst=on
nvme get-feature "$ctrl" -f 2 >ps-after.out 2>&1
