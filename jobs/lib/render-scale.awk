# render-scale.awk: how ssdq-render scales a published value by 1/N (with
# units.awk). KIND: size, total, time, count and msec scale; others do not.

BEGIN { MSEC_FLOOR = 10 }

# scale(KIND, VALUE, N): VALUE divided by N as its kind scales
function scale(kind, v, n,  b, ms, c) {
	if (n == 1 || (kind != "size" && kind != "total" && kind != "time" && kind != "count" && kind != "msec"))
		return v
	if (kind == "count") { c = int(v / n); return c < 1 ? 1 : c }
	# fio's averaged logs lose samples below about 10 ms (a fill logged every
	# 1 ms accounted for 750 of its 1000 GB): 10 ms at least, unless published less
	if (kind == "msec") {
		if (v + 0 < MSEC_FLOOR) return v
		c = int(v / n); return c < MSEC_FLOOR ? MSEC_FLOOR : c
	}
	# sizes: a multiple of 128 KiB, at least 128 KiB; a percentage stays
	if (kind == "size" || kind == "total") {
		b = fio_size(v, "")
		if (b <= 0) return v
		b = int(b / n / 131072) * 131072
		return fmt_size(b < 131072 ? 131072 : b)
	}
	# times: to a millisecond, at least 1 ms (fio reads a bare number as seconds)
	if (fio_time(v) < 0) return v
	ms = int(fio_time(v) * 1000 / n + 1e-9)
	if (ms < 1) ms = 1
	return ms % 1000 == 0 ? (ms / 1000) "s" : ms "ms"
}
