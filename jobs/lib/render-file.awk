# render-file.awk: one job file of the library as a run uses it (with
# units.awk). Input: the resolved parameters (render-resolve.awk); -v src:
# the job file, -v top: JOBS/, -v lba: the namespace's LBA size (0 unknown),
# -v notes: lines for the head, -v n: the scale. Writes the file with its
# includes written in, each parameter's value replaced, the engine
# parameters that are set at the end of [global], the jobs whose block size
# is below the LBA size left out, and a bssplit's sizes that are not
# whole LBAs moved up to the next that is (their shares added); exits 2 naming the file and line of an
# include it cannot read or a parameter it does not know.
function where(f, l,  w) { w = f; sub("^" top, "jobs/", w); return w ":" l }
function dirof(f) { return f ~ /\// ? substr(f, 1, match(f, /\/[^\/]*$/)) : "./" }
function fail(msg) { print "ssdq-render: " msg > "/dev/stderr"; bad = 1 }
# read FILE into line[], includes written in
function slurp(f, depth,  l, r, inc, ln) {
	if (depth > 8) { fail(where(f, 0) ": includes nested too deep"); return }
	ln = 0
	while ((r = getline l < f) > 0) {
		ln++
		if (l ~ /^include[ \t]/) {
			inc = l; sub(/^include[ \t]+/, "", inc); sub(/[ \t]*([#;].*)?$/, "", inc)
			if (inc !~ /^\//) inc = dirof(f) inc
			line[++nl] = "# " l " (written in below)"; at[nl] = where(f, ln)
			if ((getline l2 < inc) < 0) { fail(where(f, ln) ": cannot read " inc); continue }
			close(inc)
			slurp(inc, depth + 1)
			continue
		}
		line[++nl] = l; at[nl] = where(f, ln)
	}
	if (r < 0) fail(where(f, 0) ": cannot read it")
	close(f)
}
function bytes_of(v) { v = fio_size(v, ""); return v < 0 ? 0 : v }
# bssplit=SIZE/PCT:... with every size a multiple of lba: the others' shares
# go to the next multiple (0.5 KiB to 3.5 KiB all to 4 KiB on 4 KiB LBAs)
function whole_lbas(l,  v, rest, k, e, i, m, b, sz, pc, key, outs, nk) {
	v = l; sub(/^bssplit=/, "", v); rest = ""
	if (match(v, /[ \t]*[#;].*$/)) { rest = substr(v, RSTART); v = substr(v, 1, RSTART - 1) }
	if (v ~ /,/) return l
	k = split(v, e, ":"); nk = 0
	for (i = 1; i <= k; i++) {
		m = index(e[i], "/"); sz = m ? substr(e[i], 1, m - 1) : e[i]; pc = m ? substr(e[i], m + 1) : ""
		b = bytes_of(sz)
		if (b > 0 && b % lba) { b = (int(b / lba) + 1) * lba; sz = b / 1024 "k"; folded = folded " " e[i] }
		if (!(sz in share)) { keys[++nk] = sz; share[sz] = 0 }
		share[sz] += pc + 0
	}
	outs = ""
	for (i = 1; i <= nk; i++) { outs = outs (i > 1 ? ":" : "") keys[i] "/" share[keys[i]]; delete share[keys[i]] }
	return "bssplit=" outs rest
}
{ split($0, p, "\037"); pn[++np] = p[1]; val[p[1]] = p[4]; src_of[p[1]] = p[3]; kind_of[p[1]] = p[2] }
END {
	slurp(src, 0)
	if (bad) exit 2
	# sections, and the block size of each (a job without bs= has the global one)
	for (i = 1; i <= nl; i++) {
		if (line[i] ~ /^\[/) { sec = substr(line[i], 2, index(line[i], "]") - 2); secof[i] = sec
			if (sec != "global") order[++ns] = sec; continue }
		secof[i] = sec
		if (line[i] ~ /^bs=/) { b = line[i]; sub(/^bs=/, "", b); sub(/[ \t]*[#;].*$/, "", b)
			if (sec == "" || sec == "global") gbs = bytes_of(b); else bs[sec] = bytes_of(b) }
	}
	# the engine parameters go after the last line of [global] that is not blank
	for (i = 1; i <= nl; i++)
		if ((secof[i] == "" || secof[i] == "global") && line[i] !~ /^[ \t]*$/) lastg = i
	for (j = 1; j <= ns; j++) {
		b = order[j] in bs ? bs[order[j]] : gbs
		if (lba > 0 && b != "" && b > 0 && b < lba) { drop[order[j]] = 1; dropped = dropped " " order[j] }
	}
	# the engine parameters that are set, for the end of [global]
	extra = ""
	if (src_of["SSDQ_POWER"] == "set") {
		if (val["SSDQ_POWER"] ~ /[;#]/)
			extra = extra "# ssdq_power is given on the fio command line: a job file line ends at ; or #\n"
		else extra = extra "ssdq_power=" val["SSDQ_POWER"] "\t# SSDQ_POWER\n"
	}
	if (src_of["SSDQ_POWER_RATE"] == "set") extra = extra "ssdq_power_rate=" val["SSDQ_POWER_RATE"] "\t# SSDQ_POWER_RATE\n"
	if (src_of["SSDQ_SMART_INTERVAL"] == "set") extra = extra "ssdq_smart_interval=" val["SSDQ_SMART_INTERVAL"] "\t# SSDQ_SMART_INTERVAL\n"

	w = src; sub("^" top, "jobs/", w)
	printf "# Rendered by ssdq-render from %s", w
	printf "%s", (n > 1 ? ", sizes and times scaled 1/" n : ", published values")
	sl = ""
	for (j = 1; j <= np; j++) if (src_of[pn[j]] == "set") sl = sl " " pn[j] "=" val[pn[j]]
	if (sl != "") printf ";\n# set:%s", sl
	printf ".\n"
	if (dropped != "") printf "# Left out, block size below the %d-byte LBA size:%s\n", lba, dropped
	for (i = 1; i <= nl; i++) {
		l = line[i]
		if (l ~ /^[ \t]*[a-z_0-9]+[ \t]*=/ && match(l, /#[ \t]*SSDQ_[A-Z_]*/)) {
			nm = substr(l, RSTART, RLENGTH); sub(/^#[ \t]*/, "", nm)
			if (!(nm in val)) { fail(at[i] ": " nm " is not a parameter (ssdq-render --list)"); continue }
			key = l; sub(/=.*$/, "", key)
			cm = substr(l, RSTART)
			v = val[nm]
			# a path of the library is from the tree's top (the folder holding jobs/)
			if (kind_of[nm] == "path" && v !~ /^\//) v = dirof(substr(top, 1, length(top) - 1)) v
			line[i] = key "=" v "\t" cm
		}
		if (lba > 0 && line[i] ~ /^bssplit=/ && !(secof[i] in drop)) line[i] = whole_lbas(line[i])
	}
	if (folded != "") printf "# bssplit sizes not whole %d-byte LBAs, moved up to the next that is:%s\n", lba, folded
	k = split(notes, nt, "\n")
	for (j = 1; j <= k; j++) if (nt[j] != "") print "# " nt[j]
	print "#"
	for (i = 1; i <= nl; i++) {
		l = line[i]
		if (secof[i] in drop) continue
		# the library's own "Run:" line: the rendered file runs as its head says
		if (at[i] ~ /^[^:]*:[0-9]+$/ && index(at[i], w ":") == 1 && l ~ /^# Run: /) continue
		print l
		if (i == lastg) printf "%s", extra
	}
	exit bad ? 2 : 0
}
