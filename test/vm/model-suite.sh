#!/bin/sh
# The consumer suite on the drive model (tlc-dramless-1tb at 1/256, as
# scenarios/40-suites.sh runs it on QEMU's namespace), for checks/40-suites.sh
# to compare the shape of its results directory with the guest's: DIR/model
# the results, DIR/run.log ssdq-run's output, DIR/rc its exit status.
# test/vm/run.sh runs it while the guest runs (SSDQ_VM_MODEL_RUN=DIR for the
# check), the check itself when run by hand.
# usage: sh test/vm/model-suite.sh DIR   (env SSDQ_SO: the engine)
dir=${1:?usage: $0 DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir" || exit 1
SSDQ_SO=${SSDQ_SO:-$root/build/ssdq.so} SSDQ_REPORT=none sh "$root/jobs/ssdq-run" --suite consumer \
	--model tlc-dramless-1tb --scale 256 --out "$dir/model" --yes >"$dir/run.log" 2>&1
rc=$?
echo $rc >"$dir/rc"
exit $rc
