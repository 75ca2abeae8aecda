# units.awk: fio's sizes and times, the one parser of ssdq-run and
# ssdq-render (awk -f units.awk -f PROGRAM.awk), and a command of its own:
#   awk -v op=bytes -v v=VALUE [-v cap=BYTES] -f units.awk   VALUE in bytes
#   awk -v op=secs -v v=TIME -f units.awk                    TIME in seconds
# each printing nothing when the value cannot be read.
#
# Sizes as fio's HOWTO ("Parameter types") describes them and fio 3.33's
# get_mult_bytes() reads them: a whole number, decimal or 0x hexadecimal,
# then an optional suffix, any case: k m g t p (with or without a "b") are
# powers of 1024, ki mi gi ti pi (with or without a "b") powers of 1000 under
# fio's default kb_base=1024 (fio's prefixes "opposite from the standards, for
# old scripts": 4k and 4kb are 4096 bytes, 4KiB is 4000); N% is N percent of
# the namespace (size=, offset=). No fractions: fio refuses 1.5k.

BEGIN {
	if (op == "bytes") { _u = fio_size(v, cap); if (_u >= 0) printf "%.0f\n", _u; exit }
	if (op == "secs") { _u = fio_time(v); if (_u >= 0) print _u; exit }
}

# fio_size(V, CAP): V in bytes; -1 when V is not a fio size; -2 when V is a
# percentage and CAP, the capacity in bytes, is unknown ("")
function fio_size(v, cap,  num, u, p, m) {
	v = tolower(v)
	if (v ~ /^[0-9]+(\.[0-9]+)?%$/) {
		if (cap == "") return -2
		return int(cap * (v + 0) / 100)
	}
	if (match(v, /^0x[0-9a-f]+/)) num = fio_hex(substr(v, 3, RLENGTH - 2))
	else if (match(v, /^[0-9]+/)) num = substr(v, 1, RLENGTH) + 0
	else return -1
	u = substr(v, RLENGTH + 1)
	if (u == "" || u == "b") return num
	p = index("kmgtp", substr(u, 1, 1))
	if (p == 0) return -1
	u = substr(u, 2)
	if (u == "" || u == "b") m = 1024
	else if (u == "i" || u == "ib") m = 1000
	else return -1
	while (p-- > 0) num *= m
	return num
}

function fio_hex(h,  i, n) {
	n = 0
	for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return n
}

# fio_time(T): a fio time (60s, 500ms, 6m, 60: a bare number is seconds) in
# seconds, fractions kept; -1 when T is not one
function fio_time(v,  num, u, m) {
	v = tolower(v)
	if (!match(v, /^[0-9]+(\.[0-9]+)?/)) return -1
	num = substr(v, 1, RLENGTH) + 0; u = substr(v, RLENGTH + 1)
	m = u == "" || u == "s" ? 1 : u == "ms" ? 0.001 : u == "us" ? 0.000001 : \
	    u == "m" ? 60 : u == "h" ? 3600 : u == "d" ? 86400 : -1
	return m < 0 ? -1 : num * m
}

# fmt_size(B): B bytes as the shortest fio size: 64g, 512m, 128k, 4096
function fmt_size(b) {
	if (b % 1073741824 == 0) return (b / 1073741824) "g"
	if (b % 1048576 == 0) return (b / 1048576) "m"
	if (b % 1024 == 0) return (b / 1024) "k"
	return b
}
