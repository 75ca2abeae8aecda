# The engine's progress sidecars read by the killed-run tests (sourced;
# engine/progress.h: "T_ms, KiB/s, ddir, 0, 0" every interval, the first
# line covering one interval). PROGRESS_AVG: the interval, ms (10).

# progress_bytes FILE...: the bytes the sidecars add up to
progress_bytes() {
	awk -F', *' -v a="${PROGRESS_AVG:-10}" 'FNR == 1 { n = 0 }
		NF >= 3 { dt = n++ ? $1 - p : a; b += $2 * 1024 * dt / 1000; p = $1 }
		END { printf "%.0f\n", b }' "$@" 2>/dev/null || echo 0
}
# largest_gap FILE...: the longest time between two lines of a sidecar, ms
largest_gap() {
	awk -F', *' 'FNR == 1 { n = 0 } NF >= 3 { if (n++ && $1 - p > g) g = $1 - p; p = $1 }
		END { printf "%.3f\n", g }' "$@"
}
# last_speed FILE...: the faster of each sidecar's last two lines, summed
# over the jobs, bytes/ms
last_speed() {
	awk -F', *' 'FNR == 1 && NR > 1 { s += p > v ? p : v; p = v = 0 } NF >= 3 { p = v; v = $2 }
		END { s += p > v ? p : v; printf "%.0f\n", s * 1.024 }' "$@"
}
# last_time FILE...: the earliest of the sidecars' last lines, unix ms
last_time() {
	awk -F', *' 'FNR == 1 && NR > 1 { if (m == "" || t < m) m = t } NF >= 3 { t = $1 }
		END { if (m == "" || t < m) m = t; printf "%.3f\n", m }' "$@"
}

# kill_reached NAME CURVE TAKEN T_BEFORE T_AFTER INFLIGHT SLACK VMIN FILE...:
# pass/fail (the caller's) that a killed run's curve (CURVE bytes) reaches
# what the drive took (TAKEN bytes, by its own count after the kill). The
# kill came between clock readings T_BEFORE and T_AFTER (unix ms; on a busy
# host the second may be tens of ms late: the drive may take bytes all that
# time). The sidecars' last line must be at most two intervals (their
# longest gap, at least PROGRESS_AVG) before T_BEFORE: the tick the kill
# cut off was due one interval after the last line, and on a busy host as
# late again as the latest before it (90.6 ms after a largest gap of 85 ms
# seen at load 13); the drive may have
# taken, beyond the curve, what the sidecars' last speed (at least VMIN
# bytes/ms), with a quarter to spare, moves from that line to T_AFTER (one
# interval at least), the INFLIGHT bytes and SLACK; the curve may pass it by
# SLACK (the drive's count's unit).
kill_reached() {
	_n=$1 _c=$2 _m=$3 _kb=$4 _ka=$5 _q=$6 _s=$7 _vmin=$8
	shift 8
	_tl=$(last_time "$@")
	_gap=$(largest_gap "$@")
	_v=$(last_speed "$@")
	_a=${PROGRESS_AVG:-10}
	_d=$(awk -v k="$_kb" -v l="$_tl" 'BEGIN { printf "%.1f", k - l }')
	awk -v k="$_kb" -v l="$_tl" -v g="$_gap" -v a="$_a" 'BEGIN { m = g > a ? g : a; exit !(k - l <= 2 * m + 5) }' &&
		pass "$_n: the progress sidecars' last line is $_d ms before the kill (two intervals: 2 x $_gap ms at most)" ||
		fail "$_n: the progress sidecars end $_d ms before the kill, more than two intervals (2 x $_gap ms)"
	awk -v c="$_c" -v m="$_m" -v k="$_ka" -v l="$_tl" -v a="$_a" -v q="$_q" -v s="$_s" -v v="$_v" -v vmin="$_vmin" \
		'BEGIN { t = k - l; if (t < a) t = a; if (v < vmin) v = vmin;
			 exit !(m - c <= 1.25 * v * t + q + s && c - m <= s) }' &&
		pass "$_n: the curve reaches $_c B, the drive took $_m B (within one interval and the $_q B in flight)" ||
		fail "$_n: the curve ends at $_c B, the drive took $_m B (the kill $(awk -v k="$_ka" -v l="$_tl" 'BEGIN { printf "%.1f", k - l }') ms at most after the sidecars' last line, $_v B/ms)"
}
