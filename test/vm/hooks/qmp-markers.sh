#!/bin/sh
# boot.sh hook (runs in the background while QEMU runs; $1 = boot.sh's --out
# directory): acts on "ssdq-qmp: ..." marker lines the guest prints on the
# serial console, through OUT/qmp.sock (see test/vm/qmp.py). Log:
# OUT/qmp-hook.log. Needs python3 on the host.
out=${1:?usage: $0 OUT}
if ! command -v python3 >/dev/null 2>&1; then
	echo "$(date +%s) error: python3 is missing on the host; markers are ignored" >>"$out/qmp-hook.log"
	exit 1
fi
exec python3 "$(dirname "$0")/../qmp.py" watch "$out"
