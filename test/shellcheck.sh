#!/bin/sh
# Runs shellcheck over every shell script of the project (POSIX sh, as they run
# under dash and busybox). One check per script. Skips (77) without shellcheck.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/test/lib.sh"
command -v shellcheck >/dev/null || { echo "SKIP: shellcheck is not installed (make deps)"; exit 77; }
cd "$top" || exit 1
for f in $(git ls-files 2>/dev/null | grep -E '\.sh$|^jobs/ssdq-(run|render|run-hosts)$|^jobs/util/ssdq-trace$|^scripts/ssdq-fio-server$|^\.ci/run$' ||
	find . -name '*.sh' ! -path './build/*' | sed 's|^\./||'); do
	[ -f "$f" ] || continue
	if shellcheck -s sh -S warning -x "$f" >"$T_OUT" 2>&1; then
		pass "shellcheck $f"
	else
		fail "shellcheck $f"; sed 's/^/    /' "$T_OUT" | head -30
	fi
done
summary
