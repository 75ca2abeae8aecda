#!/bin/sh
# Engine options and job files parse in fio with ssdq.so loaded.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
SO=${SSDQ_SO:-$top/build/ssdq.so}
E="--ioengine=external:$SO --filename=/dev/ng0n1"

expect_rc 0 "fio --enghelp lists the engine options" fio --enghelp="$SO"
for o in ssdq_sync ssdq_fixedbufs ssdq_sqpoll ssdq_sqpoll_idle ssdq_max_xfer; do
	expect_out "^$o +: [A-Z]" "--enghelp documents $o"
done
expect_rc 0 "valid engine options parse" \
	fio --name=t $E --ssdq_sync=1 --ssdq_fixedbufs=1 --ssdq_max_xfer=128k --parse-only
# fio's own parser handles a boolean: 3.33 refuses a bad value (exit 1);
# fio 3.28 was seen to crash on it (fio's bug, not the engine's: expected there)
fio_rel=$(fio --version | sed -n 's/^fio-\([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | awk '{ printf "%d%02d", $1, $2 }')
fio --name=t $E --ssdq_sync=maybe --parse-only >"$T_OUT" 2>&1
rc=$?
if [ "$rc" -gt 128 ] && [ "${fio_rel:-0}" -lt 333 ]; then
	pass "a bad boolean: $(fio --version) dies of signal $((rc - 128)) in its own parser (fio's bug before 3.33)"
else
	[ "$rc" = 1 ] && pass "a bad boolean is refused" ||
		{ fail "a bad boolean is refused (exit $rc, wanted 1)"; sed 's/^/    /' "$T_OUT" | head; }
	expect_out "ssdq_sync=maybe" "the refusal names the option"
fi
expect_rc 1 "a bad number is refused" fio --name=t $E --ssdq_sqpoll_idle=abc --parse-only
expect_out "ssdq_sqpoll_idle=abc" "the refusal names the option"

# fio 3.33 prints "min value out of range" for a negative integer option and
# runs the job on the default (ssdq_duty=-5: no idles; ssdq_model_scale=-5:
# the full-size drive), exit 0: the engine parses these itself, before any file
ST=$(mktemp -u)
for ov in ssdq_duty=-5:"out of range; give a whole number from 1 to 100" \
	ssdq_duty=0:"out of range" ssdq_duty=101:"out of range" ssdq_duty=1e9:"out of range" \
	ssdq_duty=20.5:"not a whole number" ssdq_duty=abc:"not a whole number" \
	ssdq_model_scale=-5:"out of range; give a whole number from 1 to 1000000000" \
	ssdq_model_scale=0:"out of range" ssdq_model_scale=2.5:"not a whole number"; do
	o=${ov%%:*}
	expect_rc 1 "$o fails the job" fio --name=neg --ioengine=external:"$SO" --ssdq_model=qlc-1tb \
		--ssdq_model_scale=1000 --filename="$ST" --rw=write --bs=128k --size=1m --ssdq_burst=1m \
		--ssdq_smart_interval=0 --"$o"
	expect_out "^ssdq: neg: $o: ${ov#*:}" "the refusal names $o and the range"
	[ ! -e "$ST" ] && pass "$o: refused before the model's state file was made" ||
		{ fail "$o: $ST was created"; rm -f "$ST"; }
done
# the model's SMART is its own state: read down to every 10 ms (a scaled
# model's short tests, ssdq-run), never more often
SM=$(mktemp -d)
expect_rc 1 "ssdq_smart_interval=5ms on the model fails the job" sh -c 'cd "$1" && fio --name=sm \
	--ioengine=external:"$2" --ssdq_model=qlc-1tb --ssdq_model_scale=1000 --filename="$1/m.state" \
	--rw=read --bs=128k --size=1m --ssdq_smart_interval=5ms' sh "$SM" "$SO"
expect_out "^ssdq: sm: ssdq_smart_interval=5ms is below the 10ms the model's SMART allows" \
	"the refusal names the option and the model's floor"
expect_rc 0 "ssdq_smart_interval=10ms on the model runs" sh -c 'cd "$1" && fio --name=sm \
	--ioengine=external:"$2" --ssdq_model=qlc-1tb --ssdq_model_scale=1000 --filename="$1/m.state" \
	--rw=read --bs=128k --time_based --runtime=300ms --ssdq_smart_interval=10ms' sh "$SM" "$SO"
n=$(cat "$SM"/sm_smart.1.jsonl 2>/dev/null | wc -l)
[ "$n" -ge 3 ] && pass "a job of 0.3 s reads SMART every 10 ms: $n samples (one a second gave one)" ||
	fail "a job of 0.3 s with ssdq_smart_interval=10ms: $n SMART samples"
rm -rf "$SM"

undef=$(nm -D --undefined-only "$SO" | awk '$2 ~ /^ssdq_/ {print $2}')
[ -z "$undef" ] && pass "the engine leaves none of its own symbols undefined" ||
	fail "undefined in ssdq.so: $undef"
exported=$(nm -D --defined-only "$SO" | awk '{print $3}' | tr '\n' ' ')
[ "$exported" = "ioengine " ] && pass "the engine exports only ioengine" ||
	fail "ssdq.so exports: $exported"

MIS=$top/build/test/ssdq-mismatch.so
if [ -f "$MIS" ]; then
	expect_rc 1 "an engine built for another fio refuses to run" \
		fio --name=t --ioengine=external:$MIS --filename=/dev/null --size=1m
	expect_out "built against fio-0.0-ssdq-test but is loaded by $(fio --version)" \
		"the refusal names both fio versions"
	expect_out "rebuild it against $(fio --version)" "the refusal says what to rebuild against"
else
	fail "build/test/ssdq-mismatch.so is missing (make check builds it)"
fi
expect_rc 1 "a regular file is refused" \
	fio --name=t --ioengine=external:$SO --filename="$T_OUT" --size=1m
expect_out "is not a char device.*/dev/ngXnY" "the refusal names the /dev/ng node to use"
expect_rc 1 "a char device that is not NVMe is refused" \
	fio --name=t --ioengine=external:$SO --filename=/dev/null --size=1m
expect_out "/dev/null is not an NVMe namespace node" "the refusal names the node"

summary
