# suite.awk: a suite file read into the runner's plan (with units.awk).
#
#   awk -v vals=... -v kinds=... [-v cap=BYTES] [-v r=MBPS] [-v w=MBPS]
#       -v top=JOBS/ -f units.awk -f suite.awk SUITE-FILE...
#
# A suite file (jobs/suites/*.suite) lists its tests in the order they run,
# a line each: "JOBFILE WHAT NAME=VALUE...": the job file under jobs/, what
# the test is, then what the runner must know of it:
#   time=EXPR    how long it may take, in seconds (the plan's estimate)
#   writes=EXPR  bytes it writes; reads=EXPR bytes it reads
#   span=PARAM   the parameter whose bytes of LBAs it touches: must fit the namespace
#   within=PARAM its reads stay in the first PARAM bytes (written by a test before)
#   erases=yes   it erases the namespace first (ssdq_erase in its job file)
#   log=PARAM    the log interval it logs at (ms; default SSDQ_LOG_MSEC), or io: every I/O
#   needs=TEST,… the tests that must have run before it (earlier in the suite)
#   rounds=N     it runs in rounds, each a fio run of the job file of its own
#                (TEST-1, TEST-2, ...), until the steady-state rule holds for
#                its track= variables or N rounds ran (the SNIA PTS: 25);
#                time=, writes= and reads= are a round's
#   track=JOB:DIR:FIGURE,…  what the rule follows (ssdq-pts steady --track):
#                a job of the file, read or write, iops, mbps or lat
#   picks=TEST   its points come from the last round of TEST, a demand-
#                intensity ladder in rounds (needs= it): ssdq-pts picks
#                gives their SSDQ_PTS_DI_* parameters
# An EXPR is numbers, parameters (sizes in bytes, times in seconds, counts),
# R and W (the read and write rates the estimate assumes, bytes/s), ERASE
# (30 s for an erase), SECTIONS (the job file's [bs...] sections), CAPACITY
# (the namespace's bytes; unknown when it is), + - * /,
# parentheses, min(a,b) and max(a,b). A parameter whose value cannot be read
# (a percentage of an unknown capacity) makes the figure unknown (-1).
#
# vals: NAME='VALUE' lines (sh's `set`, or ssdq-render --values); kinds: NAME
# KIND lines (ssdq-render --kinds). Prints one tab-separated line a test:
#   NAME FILE TIME ERASES WRITES READS SPAN SPAN_BYTES WITHIN WITHIN_BYTES LOG NEEDS WHAT ROUNDS TRACK PICKS
# (figures -1 unknown, parameters - none, ROUNDS 0 none); exits 2 naming the file and line
# of a line it cannot read.

BEGIN {
	n = split(vals, vl, "\n")
	for (i = 1; i <= n; i++) {
		e = index(vl[i], "=")
		if (e == 0) continue
		v = substr(vl[i], e + 1)
		if (v ~ /^'.*'$/) v = substr(v, 2, length(v) - 2)
		gsub(/'\\''/, "'", v)
		val[substr(vl[i], 1, e - 1)] = v
	}
	n = split(kinds, vl, "\n")
	for (i = 1; i <= n; i++) { split(vl[i], f, " "); kind[f[1]] = f[2] }
	R = (r == "" ? 2000 : r) * 1e6; W = (w == "" ? 500 : w) * 1e6
	KEYS = " time writes reads span within erases log needs rounds track picks "
}

function fail(msg) { printf "ssdq-run: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1 }

# param(NAME): the parameter's value as a number (bytes, seconds), -1 unknown
function param(nm,  v, k, b) {
	if (!(nm in kind)) { perr = nm " is not a parameter (ssdq-render --list)"; return -1 }
	v = val[nm]; k = kind[nm]
	if (v == "") return -1
	if (k == "time") return fio_time(v)
	if (k == "count" || k == "msec" || (k == "fixed" && v ~ /^[0-9]+(\.[0-9]+)?$/)) return v + 0
	b = fio_size(v, cap)
	return b < 0 ? -1 : b
}

# a small recursive-descent evaluator over the tokens tok[1..nt]; unknown
# (a parameter of no value) propagates as the flag unk
function lex(s,  c, t) {
	nt = 0
	while (s != "") {
		if (match(s, /^[ \t]+/)) { s = substr(s, RLENGTH + 1); continue }
		if (match(s, /^[0-9]+(\.[0-9]+)?/) || match(s, /^[A-Za-z_][A-Za-z_0-9]*/) || match(s, /^[-+*\/(),]/)) {
			tok[++nt] = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1); continue
		}
		perr = "cannot read '" s "'"; return 0
	}
	return 1
}
function expr(  v) {
	v = term()
	while (pos <= nt && (tok[pos] == "+" || tok[pos] == "-"))
		if (tok[pos++] == "+") v += term(); else v -= term()
	return v
}
function term(  v, d) {
	v = factor()
	while (pos <= nt && (tok[pos] == "*" || tok[pos] == "/")) {
		if (tok[pos++] == "*") v *= factor()
		else { d = factor(); if (d == 0) { unk = 1; d = 1 } v /= d }
	}
	return v
}
function factor(  t, a, b) {
	if (pos > nt) { perr = "an expression ends too soon"; return 0 }
	t = tok[pos++]
	if (t == "(") { a = expr(); want(")"); return a }
	if (t == "-") return -factor()
	if (t ~ /^[0-9]/) return t + 0
	if (t == "min" || t == "max") {
		want("("); a = expr(); want(","); b = expr(); want(")")
		return t == "min" ? (a < b ? a : b) : (a > b ? a : b)
	}
	if (t == "R") return R
	if (t == "W") return W
	if (t == "ERASE") return 30
	if (t == "SECTIONS") return sections
	if (t == "CAPACITY") { if (cap == "") unk = 1; return cap == "" ? -1 : cap + 0 }
	a = param(t)
	if (a < 0) unk = 1
	return a
}
function want(t) { if (tok[pos] != t) perr = "'" t "' expected"; else pos++ }
# eval(EXPR): its value, -1 unknown; sets perr when it cannot be read
function eval(s,  v) {
	perr = ""; unk = 0; pos = 1
	if (!lex(s)) return -1
	v = expr()
	if (perr == "" && pos <= nt) perr = "'" tok[pos] "' unexpected"
	return unk ? -1 : v
}

function flush(  name, t, sp, wi) {
	if (file == "") return
	name = file; sub(/.*\//, "", name); sub(/\.fio$/, "", name)
	sections = 0
	while ((getline l < (top file)) > 0) if (l ~ /^\[bs/) sections++
	close(top file)
	t = "time" in a ? ev("time") : -1
	sp = a["span"] == "" ? "-" : a["span"]; wi = a["within"] == "" ? "-" : a["within"]
	if (("track" in a) != ("rounds" in a)) {
		printf "ssdq-run: %s:%d: rounds= and track= go together\n", at_file, at_line > "/dev/stderr"; bad = 1
	}
	# a plan record: the fields of PLAN_FIELDS (jobs/run/plan.sh), in its order
	printf "%s\t%s\t%.3f\t%d\t%.0f\t%.0f\t%s\t%.0f\t%s\t%.0f\t%s\t%s\t%s\t%d\t%s\t%s\n", name, file, t,
		a["erases"] == "yes", "writes" in a ? ev("writes") : 0, "reads" in a ? ev("reads") : 0,
		sp, sp == "-" ? -1 : param(sp), wi, wi == "-" ? -1 : param(wi),
		a["log"] == "" ? "SSDQ_LOG_MSEC" : a["log"], a["needs"] == "" ? "-" : a["needs"], what,
		a["rounds"] + 0, a["track"] == "" ? "-" : a["track"], a["picks"] == "" ? "-" : a["picks"]
	seen[name] = 1
	if (a["rounds"] + 0 > 0) in_rounds[name] = 1
	file = ""; split("", a)
}
function ev(k,  v) {
	v = eval(a[k])
	if (perr != "") { printf "ssdq-run: %s:%d: %s=%s: %s\n", at_file, at_line, k, a[k], perr > "/dev/stderr"; bad = 1 }
	return v
}

/^[ \t]*(#|$)/ { next }
{
	flush()
	file = $1; at_file = FILENAME; at_line = FNR
	# the trailing NAME=VALUE words are the attributes, the words between the description
	for (last = NF; last > 1 && $last ~ /^[a-z]+=/; last--) ;
	what = ""
	for (i = 2; i <= last; i++) what = what (i > 2 ? " " : "") $i
	for (i = last + 1; i <= NF; i++) attr($i)
	nm = file; sub(/.*\//, "", nm); sub(/\.fio$/, "", nm)
	if (nm in seen) fail(nm " is in the suite twice")
	if ((getline l < (top file)) < 0) fail("no job file " top file)
	close(top file)
}
END { flush(); exit bad ? 2 : 0 }

# has_section(FILE, NAME): whether job file FILE has a section [NAME]
function has_section(f, nm,  l, found) {
	found = 0
	while ((getline l < f) > 0) if (l == "[" nm "]") found = 1
	close(f)
	return found
}

function attr(w,  e, k, m, j, nd, sec) {
	e = index(w, "=")
	k = substr(w, 1, e - 1)
	if (index(KEYS, " " k " ") == 0) { fail("'" w "': a test's attributes are" KEYS "(NAME=VALUE)"); return }
	a[k] = substr(w, e + 1)
	if (k == "erases" && a[k] != "yes") fail("erases=yes or nothing, not '" w "'")
	if ((k == "span" || k == "within" || (k == "log" && a[k] != "io")) && !(a[k] in kind))
		fail("'" w "': " a[k] " is not a parameter (ssdq-render --list)")
	if (k == "rounds" && a[k] !~ /^[1-9][0-9]*$/) fail("'" w "': rounds= wants the most rounds, a whole number")
	if (k == "track") {
		m = split(a[k], nd, ",")
		for (j = 1; j <= m; j++) {
			if (nd[j] !~ /^[^:]+:(read|write):(iops|mbps|lat)$/) {
				fail("'" nd[j] "': a tracking variable is JOB:DIR:FIGURE, DIR read or write, FIGURE iops, mbps or lat")
				continue
			}
			sec = nd[j]; sub(/:.*/, "", sec)
			if (!has_section(top file, sec)) fail("track=" nd[j] ": " file " has no job [" sec "]")
		}
	}
	if (k == "picks" && !(a[k] in in_rounds))
		fail("picks=" a[k] ": no test " a[k] " in rounds runs before it")
	if (k == "needs") {
		m = split(a[k], nd, ",")
		for (j = 1; j <= m; j++) if (!(nd[j] in seen)) fail("needs=" nd[j] ": no test " nd[j] " runs before it")
	}
}
