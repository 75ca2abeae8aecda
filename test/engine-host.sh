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
expect_rc 1 "a bad boolean is refused" fio --name=t $E --ssdq_sync=maybe --parse-only
expect_out "ssdq_sync=maybe" "the refusal names the option"
expect_rc 1 "a bad number is refused" fio --name=t $E --ssdq_sqpoll_idle=abc --parse-only
expect_out "ssdq_sqpoll_idle=abc" "the refusal names the option"

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
