# Test namespaces: 512 B and 4 KiB LBA formats, 1 GiB each, nodes present.
. "$(dirname "$0")/../check-lib.sh"
scenario_ran
for d in 512:9 4K:12; do
	n=${d%:*} ds=${d#*:}
	f=$R/id-ns-$n.out
	if ! jq -e . "$f" >/dev/null 2>&1; then fail "nvme id-ns -o json for $n gave no JSON"; continue; fi
	got=$(jq -r '.lbafs[.flbas % 16].ds' "$f")
	[ "$got" = "$ds" ]; ok $? "$n namespace: in-use LBA format has ds=$ds" "ds=$got"
	nsze=$(jq -r '.nsze' "$f")
	[ "$((nsze << got))" = 1073741824 ]; ok $? "$n namespace: nsze << ds = 1 GiB" "nsze=$nsze"
	[ "$(cat "$R/lbs-$n")" = "$((1 << ds))" ]; ok $? "$n namespace: block layer logical_block_size $((1 << ds))"
	[ -f "$R/ng-is-char-$n" ]; ok $? "$n namespace: $(cut -d' ' -f1 "$R/dev-$n") is a char device"
	[ -f "$R/ns-is-block-$n" ]; ok $? "$n namespace: $(cut -d' ' -f2 "$R/dev-$n") is a block device"
	sn=$(jq -r '.sn' "$R/id-ctrl-$n.out" 2>/dev/null | tr -d ' ')
	want=ssdq$(echo "$n" | tr K k)
	[ "$sn" = "$want" ]; ok $? "$n namespace: found by serial $want" "serial '$sn'"
done
