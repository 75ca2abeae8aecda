# render-defaults.awk: the published value of each parameter, from the
# library's job files (awk -v known=" NAME ..." -v top=JOBS/ -f this FILE...).
# Prints "NAME VALUE FILE:LINE" once a parameter, in the order met; exits 2,
# naming the file and line, when a file names an unknown parameter or two
# files give one different values.

/^[ \t]*[a-z_0-9]+[ \t]*=/ && match($0, /#[ \t]*SSDQ_[A-Z_]*/) {
	name = substr($0, RSTART, RLENGTH); sub(/^#[ \t]*/, "", name)
	where = FILENAME; sub("^" top, "jobs/", where); where = where ":" FNR
	if (index(known, " " name " ") == 0) {
		print where ": " name " is not a parameter (ssdq-render --list)" > "/dev/stderr"; bad = 1; next
	}
	v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*#.*$/, "", v)
	if (name in val && val[name] != v) {
		print where ": " name "=" v ", but " at[name] " gives " val[name] > "/dev/stderr"; bad = 1; next
	}
	if (!(name in val)) { val[name] = v; at[name] = where; order[++n] = name }
}
END { for (i = 1; i <= n; i++) print order[i], val[order[i]], at[order[i]]; exit bad ? 2 : 0 }
