# render-resolve.awk: every parameter's value for one run (with units.awk and
# render-scale.awk). Input: the parameters table (NAME KIND MEANING); -v defs:
# "NAME VALUE FILE:LINE" lines (render-defaults.awk), -v sets: NAME=VALUE
# lines (--set), -v n: the scale. Prints NAME KIND SOURCE VALUE DEFAULT
# separated by \037 (a value may hold spaces or tabs); SOURCE is set,
# default or none.

BEGIN {
	k = split(defs, d, "\n"); for (i = 1; i <= k; i++) { split(d[i], f, " "); def[f[1]] = f[2] }
	k = split(sets, s, "\n")
	for (i = 1; i <= k; i++) if (s[i] != "") { e = index(s[i], "="); set[substr(s[i], 1, e - 1)] = substr(s[i], e + 1) }
}
{ name[++m] = $1; kind[m] = $2 }
END {
	for (i = 1; i <= m; i++) {
		nm = name[i]; dv = nm in def ? def[nm] : "-"
		if (nm in set) { src = "set"; v = set[nm] }
		else if (nm in def) { src = "default"; v = scale(kind[i], def[nm], n) }
		else { src = "none"; v = "" }
		val[nm] = v; srcof[nm] = src; defof[nm] = dv
	}
	# 8 bursts: a total not set follows the burst size
	if (srcof["SSDQ_BURSTS_TOTAL"] != "set" && fio_size(val["SSDQ_BURST"], "") > 0)
		val["SSDQ_BURSTS_TOTAL"] = fmt_size(8 * fio_size(val["SSDQ_BURST"], ""))
	for (i = 1; i <= m; i++)
		printf "%s\037%s\037%s\037%s\037%s\n", name[i], kind[i], srcof[name[i]], val[name[i]], defof[name[i]]
}
