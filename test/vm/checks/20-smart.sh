# SMART sampling at 200 ms on QEMU's controller, on fio's clock; a critical
# warning raised mid-run through QMP; device.json against nvme-cli; nvme-ps.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine

S=$R/w20_smart.1.jsonl P=$R/w20_power.1.log E=$R/w20_events.1.jsonl
W=12582912 BS=65536
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# has FILE COND: some JSON object in FILE (one a line) satisfies the jq COND
has() { jq -s -e "any(.[]; $2)" "$1" >/dev/null 2>&1; }

fio_ok smart "the rate-limited 12 MiB write with SMART every 200 ms ran without error"
b=$(bytes smart write)
[ "$b" = $W ]; ok $? "fio wrote 12 MiB" "wrote $b"

# --- fio's own interval: timestamp_ms is taken when the JSON is written (after
# every job ended); elapsed is whole seconds since fio started, rounded up
ts=$(json smart '.timestamp_ms') el=$(json smart '.jobs[0].elapsed') rt=$(json smart '.jobs[0].job_runtime')
case "$ts$el$rt" in *[!0-9]*|'') fail "fio JSON has timestamp_ms, elapsed and job_runtime" \
	"timestamp_ms=$ts elapsed=$el job_runtime=$rt"; ts=0 el=0 rt=0 ;; esac
lo=$((ts - el * 1000)) hi=$ts

# --- the events sidecar
if [ -s "$E" ]; then
	jq -R -c 'fromjson? // empty' "$E" >"$tmp/ev"
	bad=$(($(wc -l <"$E") - $(wc -l <"$tmp/ev")))
	[ $bad = 0 ]; ok $? "every line of the events sidecar is a JSON object" \
		"$bad bad lines, e.g. $(jq -R -r 'select((fromjson? // null) == null)' "$E" | head -n 1 | cut -c1-80)"
else
	fail "the events sidecar w20_events.1.jsonl exists"; : >"$tmp/ev"
fi
js=$(jq -r 'select(.event == "job_start") | .time_us' "$tmp/ev" | head -n 1)
je=$(jq -r 'select(.event == "job_end") | .time_us' "$tmp/ev" | tail -n 1)
if [ -n "$js" ] && [ -n "$je" ]; then
	[ $((js / 1000)) -ge "$lo" ] && [ $((je / 1000)) -le "$hi" ] && [ "$js" -lt "$je" ]
	ok $? "events job_start..job_end lie inside fio's run (timestamp_ms - elapsed .. timestamp_ms)" \
		"job $js..$je us, fio $lo..$hi ms"
else
	fail "the events sidecar has job_start and job_end" "$(head -c 300 "$E" 2>/dev/null)"
	js=$((lo * 1000)) je=$((hi * 1000))
fi

# --- SMART samples
if [ ! -s "$S" ]; then
	fail "the SMART log w20_smart.1.jsonl exists and is not empty" "$(first_err smart)"
	: >"$S.none"; S=$S.none
fi
jq -R -c 'fromjson? // empty' "$S" >"$tmp/smart"
n=$(wc -l <"$tmp/smart") nall=$(wc -l <"$S")
# how many samples 7 s give, and how far apart, is the guest's timing (a
# late tick is taken at once, the next stays on the 200 ms grid): what the
# sampler says it did, and that it never sampled ahead of its schedule
m=$(jq -r 'select(.event == "sampler_stop") | .msg' "$tmp/ev" | head -n 1)
[ "$n" = "$nall" ] && [ "$n" -ge 2 ] && case " $m " in *" smart_lines=$n "*) true ;; *) false ;; esac
ok $? "the SMART log's $n samples are all JSON, as many as sampler_stop counts" \
	"$n JSON lines of $nall; sampler_stop: $m"
m=$(jq -r 'select(.event == "sampler_start") | .msg' "$tmp/ev" | head -n 1)
[ "$m" = "power_hz=10 smart_ms=200" ]
ok $? "the sampler took ssdq_smart_interval=0.2 and ssdq_power_rate=10 (sampler_start)" "$m"
jq -r '.time_us' "$tmp/smart" >"$tmp/t"
if [ "$n" -ge 2 ]; then
	# sample k (from 0, taken at open) is due k x 200 ms or more after the first
	iv=$(awk 'NR == 1 { f = $1 } NR > 1 && $1 < f + (NR - 1) * 200000 { b++; if (e == "") e = NR - 1 }
		{ p = $1 } END { printf "%d %s %d", b + 0, e == "" ? "-" : e, (p - f) / 1000 }' "$tmp/t")
	set -- $iv
	[ "$1" = 0 ]; ok $? "no SMART sample ahead of its 200 ms schedule (sample k >= first + k x 200 ms)" \
		"$1 ahead, the first sample $2; $n samples in $3 ms"
fi
out=$(awk -v a="$js" -v b="$je" -v lo="$lo" -v hi="$hi" \
	'$1 < a || $1 > b || $1 / 1000 < lo || $1 / 1000 > hi { c++ } END { print c + 0 }' "$tmp/t")
[ "$n" -ge 1 ] && [ "$out" = 0 ]
ok $? "every SMART sample lies inside the job (events) and fio's run (JSON)" "$out of $n outside"
# sampling from the first I/O to the last: fio's bw log (log_unix_epoch=1)
# stamps each completion in ms
if [ -s "$R/w20_bw.1.log" ] && [ "$n" -ge 2 ]; then
	f=$(head -n 1 "$R/w20_bw.1.log" | cut -d, -f1) l=$(tail -n 1 "$R/w20_bw.1.log" | cut -d, -f1)
	s0=$(($(head -n 1 "$tmp/t") / 1000)) s1=$(($(tail -n 1 "$tmp/t") / 1000))
	# the first is taken at open, before fio's clock starts; ssdq_idle=1 keeps
	# sampling for 1 s after the I/O (so this also says the samples span
	# fio's job_runtime, $rt ms)
	[ "$s0" -le "$f" ] && [ "$s1" -ge "$l" ]
	ok $? "SMART samples span the I/O from its first to its last completion (fio's bw log)" \
		"samples $s0..$s1 ms, I/O $f..$l ms"
else
	fail "fio's bw log w20_bw.1.log was written (write_bw_log=w20)"
fi

# --- data units: QEMU 7.2 reports ceil(512-byte sectors / 1000), so a write
# of W bytes moves the counter by floor(W / 512000) or that + 1
du_lo=$((W / 512000)) du_hi=$(((W + 511999) / 512000))
if [ "$n" -ge 2 ]; then
	d=$(($(tail -n 1 "$tmp/smart" | jq .data_units_written) - $(head -n 1 "$tmp/smart" | jq .data_units_written)))
	[ "$d" -ge $du_lo ] && [ "$d" -le $du_hi ]
	ok $? "data_units_written in the SMART log grows by what fio wrote ($du_lo or $du_hi units of 512000 B)" "grew by $d"
	c=$(($(tail -n 1 "$tmp/smart" | jq .host_write_commands) - $(head -n 1 "$tmp/smart" | jq .host_write_commands)))
	[ "$c" = $((W / BS)) ]; ok $? "host_write_commands grows by fio's $((W / BS)) writes" "grew by $c"
fi
if jq -e .data_units_written "$R/smart-before.json" "$R/smart-after.json" >/dev/null 2>&1; then
	# nvme-cli prints the 128-bit counters as strings
	u() { jq -r ".$1 | tonumber" "$2"; }
	d=$(($(u data_units_written "$R/smart-after.json") - $(u data_units_written "$R/smart-before.json")))
	[ "$d" -ge $du_lo ] && [ "$d" -le $du_hi ]
	ok $? "nvme smart-log before and after agrees ($du_lo or $du_hi units)" "grew by $d"
	f=$(u data_units_written "$R/smart-before.json") s=$(head -n 1 "$tmp/smart" | jq .data_units_written)
	[ "$f" = "$s" ]; ok $? "the first SMART sample matches nvme smart-log before the job" "$s vs $f"
	# version 2 speaks nvme-cli's language: every key nvme-cli prints is on the
	# line (the 128-bit counters as numbers), the values that did not move equal
	v=$(head -n 1 "$tmp/smart" | jq -r '.version')
	[ "$v" = 2 ]; ok $? "the SMART sidecar is version 2" "version $v"
	miss=$(jq -r 'keys[]' "$R/smart-before.json" | while read -r k; do
		head -n 1 "$tmp/smart" | jq -e --arg k "$k" 'has($k)' >/dev/null || printf '%s ' "$k"
	done)
	[ -z "$miss" ]; ok $? "every key of nvme smart-log -o json is in the SMART line" "missing: $miss"
	bad=""
	for k in avail_spare spare_thresh percent_used endurance_grp_critical_warning_summary \
		power_cycles unsafe_shutdowns media_errors num_err_log_entries; do
		[ "$(u "$k" "$R/smart-before.json")" = "$(head -n 1 "$tmp/smart" | jq ".$k")" ] ||
			bad="$bad $k"
	done
	[ -z "$bad" ]; ok $? "the first SMART line's values equal nvme smart-log's before the job" \
		"differ:$bad"
	# nothing written on this controller yet (20-smart alone): exactly QEMU's rounding up
	if [ "$f" = 0 ]; then
		[ "$d" = $du_hi ]; ok $? "from 0, QEMU rounds up: $W B = $((W / 512)) sectors give $du_hi units" "$d"
	fi
else
	fail "nvme smart-log -o json before and after the job" "$(head -c 200 "$R/smart-after.json" 2>/dev/null)"
fi

# --- the critical warning raised by the host (test/vm/hooks/qmp-markers.sh)
H=$R/../qmp-hook.log
if grep -q 'critical_warning 2 -> {"return": {}}' "$H" 2>/dev/null; then
	pass "the host hook set smart_critical_warning=2 through QMP"
elif [ -f "$H" ]; then
	fail "the host hook set smart_critical_warning=2 through QMP" "$(tail -n 2 "$H" | tr '\n' ' ')"
else
	fail "the host hook set smart_critical_warning=2 through QMP" \
		"no qmp-hook.log: boot.sh ran no test/vm/hooks/*.sh"
fi
read -r n0 n2 _ n4 2>/dev/null <"$R/marker-lines" || n0=none
if [ "$n0" != none ] && [ "$n2" != none ]; then
	c=$(head -n "$n0" "$S" | grep -vc '"critical_warning":0,')
	[ "$c" = 0 ]; ok $? "SMART lines before the marker show critical_warning 0" "$c do not"
	[ "$n2" -gt "$n0" ]; ok $? "SMART shows critical_warning 2 after the marker (line $n2, marker after $n0)"
	[ "$n4" != none ]; ok $? "SMART shows critical_warning 0 again after it was cleared" "line $n4"
else
	fail "SMART shows critical_warning 2 after the marker" "lines: $(cat "$R/marker-lines" 2>/dev/null)"
fi
has "$tmp/ev" '.event == "critical_warning" and .bytes == 2 and (.msg | test("temperature"))'
ok $? "the events sidecar has a critical_warning event, bytes 2, decoded as temperature" \
	"$(jq -c 'select(.event == "critical_warning")' "$tmp/ev" | head -n 1)"
has "$tmp/ev" '.event == "critical_warning" and .bytes == 0'
ok $? "the events sidecar records the warning cleared (bytes 0)"
err_has smart "^ssdq: .*SMART critical warning 0x02.*temperature"
ok $? "stderr warns \"ssdq: SMART critical warning 0x02 ... temperature\"" "$(first_err smart)"

# --- device.json against nvme-cli
D=$R/device.json C=$R/id-ctrl.json N=$R/id-ns.json
if jq -e . "$D" >/dev/null 2>&1 && jq -e .mn "$C" >/dev/null 2>&1 && jq -e .nsze "$N" >/dev/null 2>&1; then
	trim() { sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }
	for k in model:mn serial:sn firmware:fr; do
		a=$(jq -r ".${k%:*}" "$D" | trim) b=$(jq -r ".${k#*:}" "$C" | trim)
		[ -n "$b" ] && [ "$a" = "$b" ]; ok $? "device.json ${k%:*} is nvme id-ctrl's ${k#*:} \"$b\"" "\"$a\""
	done
	ds=$(jq '.lbafs[.flbas % 16].ds' "$N") nsze=$(jq .nsze "$N")
	a=$(jq .capacity_bytes "$D")
	[ "$a" = $((nsze << ds)) ]; ok $? "device.json capacity_bytes is nsze << ds = $((nsze << ds))" "$a"
	a=$(jq .lba_size "$D")
	[ "$a" = $((1 << ds)) ]; ok $? "device.json lba_size is $((1 << ds))" "$a"
	a=$(jq .lba_format.index "$D") b=$(jq '.flbas % 16' "$N")
	[ "$a" = "$b" ]; ok $? "device.json lba_format.index is flbas' format $b" "$a"
	read -r c g <"$R/dev"
	[ "$(jq -r .controller "$D")" = "$c" ] && [ "$(jq -r .namespace "$D")" = "$g" ]
	ok $? "device.json names $c and $g" "$(jq -c '[.controller, .namespace]' "$D")"
	a=$(jq '.power_states | length' "$D") b=$(jq '.npss + 1' "$C")
	[ "$a" = "$b" ]; ok $? "device.json has the $b power states of id-ctrl" "$a"
	a=$(jq '.power_states[0].max_power_w * 100 | round' "$D") b=$(jq '.psds[0].max_power' "$C")
	[ "$a" = "$b" ]; ok $? "device.json power state 0 max_power_w is id-ctrl's MP ($b x 0.01 W)" "$a"
else
	fail "device.json, nvme id-ctrl -o json and nvme id-ns -o json are all JSON" \
		"$(head -c 200 "$D" 2>/dev/null)"
fi

# --- nvme-ps power: an estimate at MP of the current power state
if [ -s "$P" ]; then
	bad=$(grep -cvE '^[0-9]+, [0-9]+, 0, 0, 0$' "$P")
	[ "$bad" = 0 ]; ok $? "every power line is \"time_ms, mW, 0, 0, 0\" in integers" \
		"$bad not, e.g. $(grep -vE '^[0-9]+, [0-9]+, 0, 0, 0$' "$P" | head -n 1)"
	# nvme-ps is polled: a late poll is skipped, so how many lines 7 s give is
	# the guest's timing; a 100 ms period never gets two
	np=$(wc -l <"$P")
	d=$(awk -F, 'NR > 1 && int($1 / 100) <= int(p / 100) { d++ } { p = $1 } END { print d + 0 }' "$P")
	m=$(jq -r 'select(.event == "sampler_stop") | .msg' "$tmp/ev" | head -n 1)
	[ "$np" -ge 2 ] && [ "$d" = 0 ] && case " $m " in *" power_lines=$np "*) true ;; *) false ;; esac
	ok $? "nvme-ps at 10 Hz: at most one line per 100 ms period, as many as sampler_stop counts" \
		"$np lines, $d sharing a period; sampler_stop: $m"
	want=$(jq '.psds[0].max_power * 10' "$C" 2>/dev/null)
	v=$(cut -d, -f2 "$P" | sort -u | tr -d ' ' | tr '\n' ' ')
	[ "$v" = "$want " ]; ok $? "nvme-ps reads $want mW, MP of power state 0 (QEMU reports neither ACTP nor IDLP)" "$v"
	out=$(awk -F, -v a="$js" -v b="$je" -v lo="$lo" -v hi="$hi" \
		'$1 < int(a / 1000) || $1 > b / 1000 || $1 < lo || $1 > hi { c++ } END { print c + 0 }' "$P")
	[ "$out" = 0 ]; ok $? "every power sample lies inside the job (events) and fio's run (JSON)" "$out outside"
else
	fail "the power log w20_power.1.log exists (ssdq_power=nvme-ps)"
fi
has "$tmp/ev" '.event == "power_source" and (.source | startswith("nvme-ps")) and .estimated == true'
ok $? "the events sidecar labels the nvme-ps source estimated" \
	"$(jq -c 'select(.event == "power_source")' "$tmp/ev" | head -n 1)"


# QEMU has no OCP 0xC0 log: said once, and SMART lines carry no "ocp" object
n=$(jq -c 'select(.event == "ocp_log_absent")' "$tmp/ev" 2>/dev/null | wc -l)
[ "$n" = 1 ]; ok $? "the events sidecar says once that the drive has no OCP 0xC0 log" "$n lines"
# root reads the whole config space: the link comes from libpci
src=$(jq -r '.pcie.source' "$R/device.json" 2>/dev/null)
[ "$src" = libpci ]; ok $? "device.json reads the PCIe link through libpci as root" "source $src"
