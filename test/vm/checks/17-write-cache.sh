# ssdq_write_cache: set through Set Features 06h for the run, put back after it.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran; need_engine
on() { grep -qi 'Current value: *0x0*1$' "$R/$1"; }
on wc-before.out; ok $? "QEMU's volatile write cache is on before the run" "$(cat "$R/wc-before.out")"
fio_ok wc-off "a job with ssdq_write_cache=off ran"
grep -q '"event":"write_cache","job":"wc-off","present":true,"enabled":false,"asked":"off","was":true' \
	"$R"/wc-off_events.*.jsonl 2>/dev/null
ok $? "the job found it off, on before the run (write_cache event)" \
	"$(grep -h write_cache "$R"/wc-off_events.*.jsonl 2>&1)"
grep -q '"volatile_write_cache": {"present": true, "enabled": false}' "$R/wc-off.device.json" 2>/dev/null
ok $? "device.json: the write cache present, off during the run" \
	"$(grep volatile "$R/wc-off.device.json" 2>&1)"
on wc-after.out; ok $? "after the run it is back on, as it was" "$(cat "$R/wc-after.out")"
fio_ok wc-keep "a job with ssdq_write_cache=keep ran"
grep -q '"event":"write_cache","job":"wc-keep","present":true,"enabled":true,"asked":"keep","was":null' \
	"$R"/wc-keep_events.*.jsonl 2>/dev/null
ok $? "keep: recorded on, nothing set" "$(grep -h write_cache "$R"/wc-keep_events.*.jsonl 2>&1)"
on wc-kept.out; ok $? "keep leaves it on" "$(cat "$R/wc-kept.out")"
