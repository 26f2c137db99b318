# SPDX-License-Identifier: MIT
#
# multiview.awk - the program of multiview.sh (see there and
# libmicro-multiview(1)): POSIX awk that prints the same bytes under mawk
# and gawk.  Run as awk -f multiview.awk FILE...; the options come in
# the environment (MV_*).
#
# Files are read in BEGIN and the program exits there.
#
# State.  NFILE files, FILE[1] the reference.  NAME[1..NNAME] the
# benchmarks in order of first appearance (the reference first).  Per
# file i and benchmark b: NP[i,b] passes, PV[i,b,k] their usecs/call,
# DEC[i,b] decimals to print, ERR[i,b] set when a pass had errors,
# FAIL[i,b] why a FAILED row failed, WN[i,b] and WT[i,b,j] the distinct
# warnings under its passes; CILO, CIHI, SEM, NS, NO[i,b,k] the engine
# statistics of pass k.  MED, POS, LMEAN, LVAR[i,b]: the median, whether
# every pass is positive, mean and variance of log(pass).  Per
# comparison key = b SUBSEP i: VERD, SUS, RATIO, DELTA, PVAL, QVAL,
# METHOD, LFLOOR.

BEGIN {
	main()
}

function main(    i, r) {
	init()
	for (i = 1; i < ARGC; i++)
		read_file(ARGV[i])
	for (i = 1; i <= NFILE; i++)
		for (r = 1; r <= NNAME; r++)
			summarize(i, NAME[r])
	order_rows()
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++)
			compare(ROW[r], i)
	fdr()
	tally()
	if (FMT == "text")
		text_out()
	else if (FMT == "html")
		html_out()
	else if (FMT == "csv")
		csv_out()
	else
		json_out()
	close(ERRCMD)
	exit 0
}

function init(    i) {
	PROG = "multiview.sh"
	ERRCMD = "cat 1>&2"
	FMT = ENVIRON["MV_FORMAT"]
	ORDER = ENVIRON["MV_ORDER"]
	TITLE = ENVIRON["MV_TITLE"]
	Q = ENVIRON["MV_Q"]
	SPREAD1 = ENVIRON["MV_SPREAD1"]
	FLOORN = ENVIRON["MV_FLOORN"]
	if (FMT !~ /^(text|html|csv|json)$/)
		die("-f " FMT ": unknown format (text, html, csv, json)")
	if (!isdec(Q) || Q + 0 <= 0 || Q + 0 > 1)
		die("-q " Q ": not a rate between 0 and 1")
	if (!isdec(SPREAD1))
		die("-n " SPREAD1 ": not a percentage")
	if (!isdec(FLOORN))
		die("-p " FLOORN ": not a percentage")
	Q += 0
	SPREAD1 += 0
	FLOORN += 0
	# As logs: 5% slower and 5% faster are the same size.
	LRUN1 = log(1 + SPREAD1 / 100)
	LFLOORN = log(1 + FLOORN / 100)
	MAXBAD = 5		# bad-line warnings shown per file
	MINN = 10		# kept samples for a usable confidence interval
	LSPREAD = log(1.10)	# pass-to-pass spread that makes a row suspect
	TINY = 1e-300
	split("name prc thr usecs/call samples errors cnt/samp", COLUMN, " ")
	APOS = sprintf("%c", 39)
	for (i = 1; i < 32; i++)
		JCTL[sprintf("%c", i)] = sprintf("\\u%04x", i)
	for (i = 1; i < 256; i++)
		ORD[sprintf("%c", i)] = i
}

function die(msg) {
	printf "%s: %s\n", PROG, msg | ERRCMD
	close(ERRCMD)
	exit 2
}

function warn(msg) {
	printf "%s: %s\n", PROG, msg | ERRCMD
}

function abs(x) { return x < 0 ? -x : x }
function max(x, y) { return x > y ? x : y }
function isint(s) { return s ~ /^[0-9]+$/ }
function isdec(s) { return s ~ /^([0-9]+\.?[0-9]*|\.[0-9]+)$/ }
function isnum(s) {
	return s ~ /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}

# Trailing blanks are cut by a loop: a regex anchored at the end is
# tried from every blank of a line, which on a long one takes forever.
function trim(s,    n) {
	sub(/^[ \t]+/, "", s)
	n = length(s)
	while (n > 0 && index(" \t", substr(s, n, 1)))
		n--
	return substr(s, 1, n)
}

function rtrim(s,    n) {
	n = length(s)
	while (n > 0 && substr(s, n, 1) == " ")
		n--
	return substr(s, 1, n)
}

# Padding without sprintf, whose buffer mawk limits to 8 kB.
function blanks(k,    s) {
	s = " "
	while (length(s) < k)
		s = s s
	return substr(s, 1, k)
}

function lpad(s, w) { return length(s) >= w ? s : blanks(w - length(s)) s }
function rpad(s, w) { return length(s) >= w ? s : s blanks(w - length(s)) }

# Print a value with the digits its file gave it (at least five, as the
# engine and Sun libMicro do); an exponent gets seven.
function decimals(s,    p) {
	if (s ~ /[eE]/)
		return 7
	p = index(s, ".")
	p = p ? length(s) - p : 0
	return p < 5 ? 5 : (p > 12 ? 12 : p)
}

# ---- reading ----

function read_file(path,    line, rc, nres, j, src) {
	# getline would take a lone "-" for standard input.
	src = path == "-" ? "./-" : path
	NFILE++
	FILE[NFILE] = path
	NBAD = 0
	CUR = ""
	INWARN = 0
	LNO = 0
	nres = 0
	for (;;) {
		rc = (getline line < src)
		if (rc <= 0)
			break
		LNO++
		sub(/\r$/, "", line)
		nres += parse_line(line)
	}
	close(src)
	if (rc < 0)
		die(path ": cannot read")
	if (nres == 0)
		die(path ": no result lines")
	for (j = 1; j <= NBAD && j <= MAXBAD; j++)
		warn(BADMSG[j])
	if (NBAD > MAXBAD)
		warn(path ": " (NBAD - MAXBAD) " more bad lines skipped")
}

# Returns 1 for a result line taken.
function parse_line(s,    c, f, n) {
	c = substr(s, 1, 1)
	if (c == "!") {
		parse_header(substr(s, 2))
		return 0
	}
	if (c == "#") {
		parse_comment(substr(s, 2))
		return 0
	}
	n = split(s, f)
	if (n == 0)
		return 0
	if (f[1] == "prc") {
		CUR = ""
		return 0
	}
	return parse_result(f, n)
}

# "!Key: value"; a key may hold blanks and punctuation (!Compiler Ver.:).
# A key repeated in one file keeps its first value.
function parse_header(s,    p, key, val) {
	p = index(s, ":")
	key = trim(p ? substr(s, 1, p - 1) : s)
	val = p ? trim(substr(s, p + 1)) : ""
	if (key == "" || ((NFILE, key) in HDR))
		return
	HDR[NFILE, key] = val
	if (!(key in HSEEN)) {
		HSEEN[key] = 1
		HKEY[++NHKEY] = key
	}
}

function parse_result(f, n,    b, k, why, d) {
	CUR = ""
	INWARN = 0
	why = bad_result(f, n)
	if (why != "") {
		if (++NBAD <= MAXBAD)
			BADMSG[NBAD] = FILE[NFILE] ":" LNO ": " why \
			    ", line skipped"
		return 0
	}
	b = f[1] ""
	if (!(b in SEEN)) {
		SEEN[b] = 1
		NAME[++NNAME] = b
	}
	k = ++NP[NFILE, b]
	PV[NFILE, b, k] = f[4] + 0
	d = decimals(f[4])
	if (d > DEC[NFILE, b])
		DEC[NFILE, b] = d
	if (f[6] + 0 > 0)
		ERR[NFILE, b] = 1
	CUR = b
	CURK = k
	return 1
}

function bad_result(f, n,    v, k) {
	if (n < 7)
		return "not a result line"
	# Quote the field only when it is printable and short.
	v = f[4] ~ /^[!-~]+$/ && length(f[4]) <= 20 ? " " f[4] : ""
	if (substr(f[4], 1, 1) == "-" && isnum(substr(f[4], 2)))
		return "negative usecs/call" v
	if (!isnum(f[4]))
		return "usecs/call" v " is not a number"
	# Beyond these bounds a ratio of two values could overflow.
	if (f[4] + 0 > 1e15 || (f[4] + 0 > 0 && f[4] + 0 < 1e-15))
		return "usecs/call" v " is out of range"
	for (k = 2; k <= 7; k++)
		if (k != 4 && !isint(f[k]))
			return COLUMN[k] " is not a count"
	return ""
}

# The "#" lines after a result line, up to the next result line or -L
# argument line, belong to it: its statistics, warnings, FAILED reason.
# Labels are matched word by word: most comment lines are histogram
# bars, and trimming each one costs more than splitting it.
function parse_comment(t,    w, n, v) {
	if (CUR == "")
		return
	if (INWARN) {
		if (t ~ /^  +[^ \t]/) {
			add_warning(NFILE, CUR, CURK, trim(t))
			return
		}
		INWARN = 0
	}
	n = split(t, w)
	if (n == 0)
		return
	if (n == 1 && w[1] == "WARNINGS")
		INWARN = 1
	else if (w[1] == "FAILED:")
		failed(trim(t))
	else if (w[1] ~ /\//)
		CUR = ""
	else if (n >= 3 && isnum(w[n]) && w[n] + 0 <= 1e15)
		statistic(w, n, w[n] + 0)
}

function failed(t) {
	t = trim(substr(t, 8))
	if (index(t, CUR ":") == 1)
		t = trim(substr(t, length(CUR) + 2))
	FAIL[NFILE, CUR] = t
}

# "LABEL RAW CLEAN" or "LABEL VALUE": the last number is the one kept.
function statistic(w, n, v,    label, k) {
	label = w[1]
	for (k = 2; k < n && !isnum(w[k]); k++)
		label = label " " w[k]
	if (label == "median 99% ci low")
		CILO[NFILE, CUR, CURK] = v
	else if (label == "median 99% ci high")
		CIHI[NFILE, CUR, CURK] = v
	else if (label == "number of samples")
		NS[NFILE, CUR, CURK] = v
	else if (label == "number of outliers")
		NO[NFILE, CUR, CURK] = v
	else if (w[1] == "standard" && w[2] == "error")
		SEM[NFILE, CUR, CURK] = v
}

# The kind of a warning is its text up to the colon ("High spread"); WK
# counts the passes that printed each kind.
function add_warning(i, b, k, s,    j, n, kind) {
	kind = index(s, ":") ? substr(s, 1, index(s, ":") - 1) : s
	if (!((i, b, kind, k) in WKP)) {
		WKP[i, b, kind, k] = 1
		if (++WK[i, b, kind] == 1)
			WKIND[i, b, ++NWK[i, b]] = kind
	}
	n = WN[i, b] + 0
	for (j = 1; j <= n; j++)
		if (WT[i, b, j] == s)
			return
	WN[i, b] = ++n
	WT[i, b, n] = s
}

# Is b in file i suspect?  When a kind of warning came from more than
# half of its passes (so from the one pass there is), or the passes
# disagree: a warning in one pass of five is a passing disturbance,
# which the passes themselves outvote.
function side_suspect(i, b,    j) {
	if (PASSBAD[i, b])
		return 1
	for (j = 1; j <= NWK[i, b]; j++)
		if (2 * WK[i, b, WKIND[i, b, j]] > NP[i, b])
			return 1
	return 0
}

# ---- per file: median of the passes, and their spread on a log scale ----

function have(i, b) { return (i, b) in NP }
function npasses(i, b) { return have(i, b) ? NP[i, b] : 0 }

function summarize(i, b,    n, k, x, idx, s, m, d) {
	if (!have(i, b))
		return
	n = NP[i, b]
	for (k = 1; k <= n; k++) {
		x[k] = PV[i, b, k]
		idx[k] = k
	}
	sortby(idx, x, n)
	MED[i, b] = n % 2 ? x[idx[(n + 1) / 2]] : \
	    (x[idx[n / 2]] + x[idx[n / 2 + 1]]) / 2
	POS[i, b] = x[idx[1]] > 0
	if (!POS[i, b] || n < 2)
		return
	s = 0
	for (k = 1; k <= n; k++)
		s += log(PV[i, b, k])
	m = s / n
	s = 0
	for (k = 1; k <= n; k++) {
		d = log(PV[i, b, k]) - m
		s += d * d
	}
	LMEAN[i, b] = m
	LVAR[i, b] = s / (n - 1)
	# Passes more than 10% apart (standard deviation of the logs): the
	# luck of each process (CPU placement, page layout) decides the
	# figure.
	if (LVAR[i, b] > LSPREAD * LSPREAD) {
		add_warning(i, b, 0, sprintf("Passes disagree: %d passes" \
		    " from %.6g to %.6g usecs/call", n, x[idx[1]], x[idx[n]]))
		PASSBAD[i, b] = 1
	}
}

# Shell sort of idx[1..n] by val[idx[j]]: numbers compare as numbers,
# strings byte by byte (LC_ALL=C), the same in every awk.
function sortby(idx, val, n,    gap, j, k, t) {
	for (gap = int(n / 2); gap > 0; gap = int(gap / 2))
		for (j = gap + 1; j <= n; j++) {
			t = idx[j]
			for (k = j; k > gap && val[idx[k - gap]] > val[t]; \
			    k -= gap)
				idx[k] = idx[k - gap]
			idx[k] = t
		}
}

function order_rows(    j, idx) {
	NROW = NNAME
	for (j = 1; j <= NNAME; j++)
		idx[j] = j
	if (ORDER != "ref")
		sortby(idx, NAME, NNAME)
	for (j = 1; j <= NROW; j++)
		ROW[j] = NAME[idx[j]]
}

# ---- comparing ----

# The delta of SPEC.md: symmetric in speed, 2x either way is 100%.
function delta(a, b,    f) {
	f = b / a
	return f > 1 ? -(f * 100 - 100) : 100 / f - 100
}

function compare(b, i,    key, a, v, p) {
	key = b SUBSEP i
	if (!have(1, b) || !have(i, b)) {
		VERD[key] = "missing"
		return
	}
	SUS[key] = side_suspect(1, b) || side_suspect(i, b)
	if (ERR[1, b] || ERR[i, b]) {
		VERD[key] = "errors"
		return
	}
	a = MED[1, b]
	v = MED[i, b]
	if (a <= 0 || v <= 0) {
		VERD[key] = "zero"
		return
	}
	RATIO[key] = v / a
	DELTA[key] = delta(a, v)
	p = pvalue(b, i, key)
	if (p < 0) {
		VERD[key] = "untested"
		return
	}
	PVAL[key] = p
	LFLOOR[key] = METHOD[key] == "welch" ? LFLOORN : 0
	TKEY[++NT] = key
	VERD[key] = "tested"
}

# Two-sided p of "b is as fast in file i as in the reference", or -1
# when nothing tells the spread.
function pvalue(b, i, key,    n1, n2, s1, s2, d) {
	n1 = NP[1, b]
	n2 = NP[i, b]
	if (n1 >= 2 && n2 >= 2) {
		if (!POS[1, b] || !POS[i, b])
			return -1
		METHOD[key] = "welch"
		NMETH["welch"]++
		return welch(LMEAN[1, b], LVAR[1, b], n1, LMEAN[i, b], \
		    LVAR[i, b], n2)
	}
	s1 = se_log(1, b)
	s2 = se_log(i, b)
	if (s1 < 0 || s2 < 0)
		return -1
	METHOD[key] = "ci"
	NMETH["ci"]++
	d = log(MED[i, b] / MED[1, b])
	# A side resting on one run also carries the luck of that run.
	s1 = s1 * s1 + (n1 < 2 ? LRUN1 * LRUN1 : 0)
	s2 = s2 * s2 + (n2 < 2 ? LRUN1 * LRUN1 : 0)
	if (s1 == 0 && s2 == 0)
		return d == 0 ? 1 : 0
	return normal_p(d / sqrt(s1 + s2))
}

# Standard error of log(value) of b in file i, or -1 when unknown.  The
# engine bounds the median by a distribution-free 99% interval; its
# half-width is 2.576 standard errors.  A Sun file gives the standard
# error of the mean; the median of normal data has sqrt(pi/2) times it.
function se_log(i, b,    v, n) {
	n = NP[i, b]
	if (n >= 2)
		return POS[i, b] ? sqrt(LVAR[i, b] / n) : -1
	v = PV[i, b, 1]
	if (v <= 0)
		return -1
	if (((i, b, 1) in CILO) && ((i, b, 1) in CIHI)) {
		if (CIHI[i, b, 1] < CILO[i, b, 1] || kept(i, b) < MINN)
			return -1
		return (CIHI[i, b, 1] - CILO[i, b, 1]) / (2 * 2.576) / v
	}
	if ((i, b, 1) in SEM)
		return 1.2533 * SEM[i, b, 1] / v
	return -1
}

# Samples behind the interval (outliers removed); unknown counts pass.
function kept(i, b,    n) {
	if (!((i, b, 1) in NS))
		return MINN
	n = NS[i, b, 1]
	if ((i, b, 1) in NO)
		n -= NO[i, b, 1]
	return n
}

function welch(m1, v1, n1, m2, v2, n2,    e1, e2, s, den, df) {
	e1 = v1 / n1
	e2 = v2 / n2
	s = e1 + e2
	if (s == 0)
		return m1 == m2 ? 1 : 0
	den = e1 * e1 / (n1 - 1) + e2 * e2 / (n2 - 1)
	df = den > 0 ? s * s / den : n1 + n2 - 2
	return student_p((m2 - m1) / sqrt(s), df)
}

# Benjamini-Hochberg over every tested delta of the table: q of the
# j-th smallest of m p-values is min over k >= j of p(k) * m / k.
function fdr(    j, m, idx, p, run, key, qv) {
	m = NT
	for (j = 1; j <= m; j++) {
		idx[j] = j
		p[j] = PVAL[TKEY[j]]
	}
	sortby(idx, p, m)
	run = 1
	for (j = m; j >= 1; j--) {
		qv = p[idx[j]] * m / j
		if (qv < run)
			run = qv
		QVAL[TKEY[idx[j]]] = run
	}
	for (j = 1; j <= m; j++) {
		key = TKEY[j]
		if (QVAL[key] <= Q && RATIO[key] != 1 && \
		    abs(log(RATIO[key])) >= LFLOOR[key])
			VERD[key] = RATIO[key] > 1 ? "slower" : "faster"
		else
			VERD[key] = "noise"
	}
}

function hasratio(v) { return v ~ /^(faster|slower|noise|untested)$/ }

# Counts per verdict and the geometric mean of the ratios, per file.
function tally(    i, r, key) {
	for (i = 2; i <= NFILE; i++)
		for (r = 1; r <= NROW; r++) {
			key = ROW[r] SUBSEP i
			CNT[i, VERD[key]]++
			if (hasratio(VERD[key])) {
				GSUM[i] += log(RATIO[key])
				GN[i]++
			}
		}
}

# ---- distributions ----

# Two-sided p of Student t with df degrees of freedom.
function student_p(t, df) {
	return betai(df / 2, 0.5, df / (df + t * t))
}

# Two-sided p of a standard normal z: a power series in the middle, and
# where it would lose digits, the continued fraction of the tail.
function normal_p(z,    pdf, s, term, k, x2, t) {
	z = abs(z)
	if (z > 38)
		return 0
	pdf = exp(-z * z / 2) / 2.50662827463100050
	if (z < 3) {
		s = term = z
		x2 = z * z
		for (k = 1; k < 300 && term > 1e-17 * s; k++) {
			term = term * x2 / (2 * k + 1)
			s += term
		}
		return 1 - 2 * pdf * s
	}
	t = z
	for (k = 300; k >= 1; k--)
		t = z + k / t
	return 2 * pdf / t
}

# log Gamma(x), x > 0: shift x up past 8, then Stirling series.
function lgam(x,    s) {
	s = 0
	while (x < 8) {
		s -= log(x)
		x++
	}
	return s + (x - 0.5) * log(x) - x + 0.918938533204672742 + \
	    1 / (12 * x) - 1 / (360 * x * x * x) + 1 / (1260 * x ^ 5) - \
	    1 / (1680 * x ^ 7)
}

# Regularized incomplete beta I_x(a, b), by its continued fraction on
# the side of x where the fraction converges quickly.
function betai(a, b, x,    front) {
	if (x <= 0)
		return 0
	if (x >= 1)
		return 1
	front = exp(lgam(a + b) - lgam(a) - lgam(b) + a * log(x) + \
	    b * log(1 - x))
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a
	return 1 - front * betacf(b, a, 1 - x) / b
}

# 1 / (1 + d1 / (1 + d2 / (1 + ...))), the fraction of I_x(a, b), with
# d(2m) = m (b - m) x / ((a + 2m - 1)(a + 2m)) and
# d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)),
# evaluated forwards by the modified Lentz method (LC, LD, in lentz()).
function betacf(a, b, x,    m, step, f) {
	LC = 1
	LD = 1 / nonzero(1 - (a + b) * x / (a + 1))
	f = LD
	for (m = 1; m <= 300; m++) {
		f *= lentz(m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)))
		step = lentz(-(a + m) * (a + b + m) * x / \
		    ((a + 2 * m) * (a + 2 * m + 1)))
		f *= step
		if (abs(step - 1) < 1e-15)
			break
	}
	return f
}

function lentz(d) {
	LD = 1 / nonzero(1 + d * LD)
	LC = nonzero(1 + d / LC)
	return LC * LD
}

function nonzero(x) { return abs(x) < TINY ? TINY : x }

# ---- shared formatting ----

function value_text(i, b) {
	if (!have(i, b))
		return "missing"
	if (ERR[i, b])
		return "ERRORS"
	return sprintf("%." DEC[i, b] "f", MED[i, b])
}

# As the seed tables print it: [%5s%] when it fits, else [%7s%].
function bracket(d,    s) {
	s = sprintf("%+.1f", d)
	return "[" lpad(s, length(s) <= 5 ? 5 : 7) "%]"
}

function sigmark(v) {
	return v == "faster" || v == "slower" ? "*" : (v == "noise" ? "~" : " ")
}

function ignored_key(k) {
	k = tolower(k)
	return k ~ /^(date|time|uptime)$/ || k ~ /^load/
}

function header_value(i, k) {
	return (i, k) in HDR ? HDR[i, k] : "(none)"
}

function key_differs(k,    i) {
	if (ignored_key(k))
		return 0
	for (i = 2; i <= NFILE; i++)
		if (header_value(i, k) != header_value(1, k))
			return 1
	return 0
}

function ratio_note(i,    g) {
	if (GN[i] == 0)
		return "no ratios"
	g = exp(GSUM[i] / GN[i])
	return sprintf("geometric mean of ratios %.3f ", g) bracket(delta(1, g))
}

# How the tested deltas were judged, for the legend: "; ..." or "".
function method_note(    s) {
	if (NMETH["welch"] > 0)
		s = "passes: Welch" (FLOORN > 0 ? \
		    sprintf(", beyond %g%%", FLOORN) : "")
	if (NMETH["ci"] > 0)
		s = s (s == "" ? "" : "; ") \
		    sprintf("one pass: %g%% run-to-run spread assumed", SPREAD1)
	return s == "" ? "" : "; " s
}

# The FAILED reason and the warnings of b in file i, on one line.
function all_warnings(i, b,    j, s) {
	s = (i, b) in FAIL ? "FAILED: " FAIL[i, b] : ""
	for (j = 1; j <= WN[i, b]; j++)
		s = s (s == "" ? "" : "; ") WT[i, b, j]
	return s
}

# ---- text ----

function cmp_note(b, i,    key, v) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors")
		return ""
	return (v == "zero" ? "[zero]" : bracket(DELTA[key])) sigmark(v) \
	    (SUS[key] ? "!" : "")
}

function text_out(    i, r, b, nw, vw, bw, line, s) {
	s = ""
	for (i = 1; i <= NFILE; i++)
		s = s (i > 1 ? " | " : "") FILE[i]
	print "files: " s
	text_headers()
	nw = 12
	vw = 12
	bw = 13
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		nw = max(nw, length(b))
		for (i = 1; i <= NFILE; i++)
			vw = max(vw, length(value_text(i, b)) + 1)
		for (i = 2; i <= NFILE; i++)
			bw = max(bw, length(cmp_note(b, i)))
	}
	print ""
	line = rpad("BENCHMARK", nw) lpad("USECS", vw)
	for (i = 2; i <= NFILE; i++)
		line = line rpad(lpad("USECS", vw + 1) " [percentage]", \
		    vw + 1 + bw)
	print rtrim(line)
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		line = rpad(b, nw) lpad(value_text(1, b), vw)
		for (i = 2; i <= NFILE; i++)
			line = line rpad(lpad(value_text(i, b), vw + 1) \
			    cmp_note(b, i), vw + 1 + bw)
		print rtrim(line)
	}
	print ""
	text_legend()
	print ""
	for (i = 2; i <= NFILE; i++)
		print FILE[i] ": " counts_note(i) "; " ratio_note(i)
}

function text_headers(    j, k, i, s, n) {
	n = 0
	for (j = 1; j <= NHKEY; j++) {
		k = HKEY[j]
		if (!key_differs(k))
			continue
		if (n++ == 0)
			print "headers that differ:"
		s = ""
		for (i = 1; i <= NFILE; i++)
			s = s (i > 1 ? " | " : "") header_value(i, k)
		print "  " k ": " s
	}
	if (n == 0)
		print "headers that differ: none"
}

function any_verdict(v,    i) {
	for (i = 2; i <= NFILE; i++)
		if (CNT[i, v] > 0)
			return 1
	return 0
}

function text_legend() {
	printf "* significant (Benjamini-Hochberg q <= %g over %d tests%s)\n",
	    Q, NT, method_note()
	print "~ within noise"
	print "! suspect: warnings from most passes, or passes over 10% apart"
	if (any_verdict("untested"))
		print "no mark: not tested (no -S statistics, no passes)"
	if (any_verdict("zero"))
		print "[zero] a value is 0: no ratio"
}

function counts_note(i,    s) {
	s = sprintf("%d faster, %d slower, %d within noise", CNT[i, "faster"],
	    CNT[i, "slower"], CNT[i, "noise"])
	if (CNT[i, "untested"] > 0)
		s = s sprintf(", %d untested", CNT[i, "untested"])
	if (CNT[i, "zero"] > 0)
		s = s sprintf(", %d zero", CNT[i, "zero"])
	return s sprintf(", %d errors, %d missing", CNT[i, "errors"],
	    CNT[i, "missing"])
}

# ---- html ----

# s with every byte that is not part of a valid UTF-8 sequence replaced
# by U+FFFD: json must be UTF-8, and the page says it is.
function utf8(s,    out, j, n, b, c, k, need, lo, hi, ok) {
	if (s !~ /[\200-\377]/)
		return s
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		b = ORD[substr(s, j, 1)]
		if (b < 128) {
			out = out substr(s, j, 1)
			continue
		}
		need = b >= 194 && b <= 223 ? 1 : \
		    (b >= 224 && b <= 239 ? 2 : (b >= 240 && b <= 244 ? 3 : 0))
		# No overlong forms, no surrogates, nothing past U+10FFFF.
		lo = b == 224 ? 160 : (b == 240 ? 144 : 128)
		hi = b == 237 ? 159 : (b == 244 ? 143 : 191)
		ok = need > 0 && j + need <= n
		for (k = 1; ok && k <= need; k++) {
			c = ORD[substr(s, j + k, 1)]
			if (c < (k == 1 ? lo : 128) || c > (k == 1 ? hi : 191))
				ok = 0
		}
		if (ok) {
			out = out substr(s, j, need + 1)
			j += need
		} else
			out = out "\357\277\275"
	}
	return out
}

function h(s) {
	s = utf8(s)
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(APOS, "\\&#39;", s)
	return s
}

function html_out() {
	print "<!DOCTYPE html>"
	print "<html lang=\"en\">"
	print "<head>"
	print "<meta charset=\"utf-8\">"
	print "<title>" h(TITLE) "</title>"
	print "<style>"
	print "body { font-family: sans-serif; font-size: 13px; }"
	print "table { border-collapse: collapse; margin: 0 0 1.5em 0; }"
	print "th, td { border: 1px solid #ccc; padding: 2px 6px; }"
	print "th { background: #eee; text-align: left; }"
	print "td.num { text-align: right; font-family: monospace; }"
	print ".na { color: #888; font-style: italic; }"
	print ".err { color: #b00000; font-weight: bold; font-style: normal; }"
	print "tr.diff th, tr.diff td { background: #ffc; font-weight: bold; }"
	print "details { margin: -1em 0 1.5em 0; }"
	print "summary { cursor: pointer; margin: 0 0 0.5em 0; }"
	print ".f1 { background: #dcf5d3; } .f2 { background: #aee59e; }"
	print ".f3 { background: #6fcf5a; }"
	print ".s1 { background: #fbdcd7; } .s2 { background: #f4aa9f; }"
	print ".s3 { background: #e56b5b; }"
	print ".noise { color: #6e6e6e; background: #fff; }"
	print ".warn { color: #c00; font-weight: bold; cursor: help; }"
	print "</style>"
	print "</head>"
	print "<body>"
	print "<h1>" h(TITLE) "</h1>"
	html_headers()
	html_results()
	html_legend()
	html_summary()
	print "</body>"
	print "</html>"
}

function html_files_row(first, what,    i) {
	printf "<tr><th>%s</th>", first
	for (i = 1; i <= NFILE; i++)
		printf "<th%s>%s%s</th>", (i > 1 && what != "" ? \
		    " colspan=\"2\"" : ""), h(FILE[i]), \
		    (what == "" ? "" : \
		    "<br>" (i > 1 ? what " [percentage]" : what))
	print "</tr>"
}

# The header lines side by side: those that differ, highlighted, then
# the others folded away, since a wrapper file has some seventy and they
# would push the results off the first screen.
function html_headers(    j, nd) {
	print "<table class=\"headers\">"
	html_files_row("", "")
	nd = 0
	for (j = 1; j <= NHKEY; j++)
		if (key_differs(HKEY[j])) {
			html_header_row(HKEY[j], " class=\"diff\"")
			nd++
		}
	if (nd == 0 && NHKEY > 0)
		printf "<tr><td colspan=\"%d\">no header line differs</td>" \
		    "</tr>\n", NFILE + 1
	print "</table>"
	if (nd == NHKEY)
		return
	printf "<details><summary>%s</summary>\n", NHKEY - nd == 1 ? \
	    "the other header line" : "the other " (NHKEY - nd) " header lines"
	print "<table class=\"headers\">"
	html_files_row("", "")
	for (j = 1; j <= NHKEY; j++)
		if (!key_differs(HKEY[j]))
			html_header_row(HKEY[j], "")
	print "</table>"
	print "</details>"
}

function html_header_row(k, attr,    i) {
	printf "<tr%s><th>%s</th>", attr, h(k)
	for (i = 1; i <= NFILE; i++)
		printf "<td>%s</td>", h(header_value(i, k))
	print "</tr>"
}

function html_results(    r, b, i) {
	print "<table class=\"results\">"
	html_files_row("BENCHMARK", "USECS")
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		printf "<tr><td>%s</td>%s", h(b), html_value(1, b)
		for (i = 2; i <= NFILE; i++)
			printf "%s%s", html_value(i, b), html_delta(b, i)
		print "</tr>"
	}
	print "</table>"
}

# An ERRORS cell carries the FAILED reason and warnings as its title.
function html_value(i, b,    s, w, c) {
	s = value_text(i, b)
	if (s != "missing" && s != "ERRORS")
		return "<td class=\"num\">" s "</td>"
	c = s == "ERRORS" ? "na err" : "na"
	w = s == "ERRORS" ? all_warnings(i, b) : ""
	if (w != "")
		return "<td class=\"" c "\" title=\"" h(w) "\">" s "</td>"
	return "<td class=\"" c "\">" s "</td>"
}

function html_delta(b, i,    key, v, cls, s) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors")
		return "<td class=\"na\"></td>"
	s = SUS[key] ? " <span class=\"warn\" title=\"" h(suspect_note(b, i)) \
	    "\">!</span>" : ""
	if (v == "zero")
		return "<td class=\"na\">zero" s "</td>"
	cls = v == "noise" ? "noise" : shade(DELTA[key])
	return "<td class=\"num" (cls == "" ? "" : " " cls) "\">" \
	    sprintf("%+.1f%%", DELTA[key]) \
	    (sigmark(v) == " " ? "" : " " sigmark(v)) s "</td>"
}

# Deeper colour for a bigger change: 10%, 25%, 100% (2x).
function shade(d,    m) {
	m = abs(d)
	if (m < 10)
		return ""
	return (d > 0 ? "f" : "s") (m < 25 ? 1 : (m < 100 ? 2 : 3))
}

function suspect_note(b, i,    s, t) {
	s = all_warnings(1, b)
	t = all_warnings(i, b)
	s = s == "" ? "" : FILE[1] ": " s
	if (t != "")
		s = s (s == "" ? "" : "; ") FILE[i] ": " t
	return s
}

function html_legend() {
	print "<table class=\"legend\">"
	print "<tr><td class=\"f1\">+10% to +25%</td>" \
	    "<td class=\"f2\">+25% to +100%</td>" \
	    "<td class=\"f3\">over +100% (2x faster)</td></tr>"
	print "<tr><td class=\"s1\">-10% to -25%</td>" \
	    "<td class=\"s2\">-25% to -100%</td>" \
	    "<td class=\"s3\">over -100% (2x slower)</td></tr>"
	print "<tr><td>white: within +/-10%</td>" \
	    "<td class=\"noise\">grey: within noise (~)</td>" \
	    "<td>* significant</td></tr>"
	print "<tr><td colspan=\"3\">" h(sprintf("significant: " \
	    "Benjamini-Hochberg q <= %g over %d tests%s", Q, NT, \
	    method_note())) "</td></tr>"
	print "<tr><td colspan=\"3\"><span class=\"warn\">!</span> " \
	    "suspect: warnings from most passes, or passes over 10% apart" \
	    " (hover for them); " \
	    "no mark: not tested (no -S statistics, no passes)</td></tr>"
	print "<tr><td colspan=\"3\"><span class=\"err\">ERRORS</span>: " \
	    "the run reported errors or failed (hover for the reason); " \
	    "<span class=\"na\">missing</span>: not in that file</td></tr>"
	print "</table>"
}

function html_summary(    i) {
	print "<table class=\"summary\">"
	print "<tr><th>file</th><th>faster</th><th>slower</th>" \
	    "<th>within noise</th><th>untested</th><th>zero</th>" \
	    "<th>errors</th><th>missing</th><th>geometric mean</th></tr>"
	for (i = 2; i <= NFILE; i++)
		printf "<tr><td>%s</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td>%s</td></tr>\n", h(FILE[i]), CNT[i, "faster"],
		    CNT[i, "slower"], CNT[i, "noise"], CNT[i, "untested"],
		    CNT[i, "zero"], CNT[i, "errors"], CNT[i, "missing"],
		    h(ratio_note(i))
	print "</table>"
}

# ---- csv and json ----

function csv(s) {
	if (s ~ /[",\n]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		s = "\"" s "\""
	}
	return s
}

# The fields of file i for benchmark b, as strings ready to print:
# F_VALUE, F_DELTA, F_RATIO, F_P, F_Q ("" when none) and F_VERD.
function fields(b, i,    key, v) {
	F_VALUE = F_DELTA = F_RATIO = F_P = F_Q = ""
	if (have(i, b) && !ERR[i, b])
		F_VALUE = value_text(i, b)
	if (i == 1) {
		F_VERD = !have(1, b) ? "missing" : \
		    (ERR[1, b] ? "errors" : "reference")
		return
	}
	key = b SUBSEP i
	v = F_VERD = VERD[key]
	if (!hasratio(v))
		return
	F_DELTA = sprintf("%.1f", DELTA[key])
	F_RATIO = sprintf("%.6g", RATIO[key])
	if (v != "untested") {
		F_P = sprintf("%.4g", PVAL[key])
		F_Q = sprintf("%.4g", QVAL[key])
	}
}

function suspect(b, i) {
	return i == 1 ? side_suspect(1, b) : SUS[b SUBSEP i] + 0
}

function csv_out(    r, b, i) {
	print "benchmark,file,value,passes,delta,ratio,p,q,verdict,suspect," \
	    "warnings"
	for (r = 1; r <= NROW; r++)
		for (i = 1; i <= NFILE; i++) {
			b = ROW[r]
			fields(b, i)
			printf "%s,%s,%s,%d,%s,%s,%s,%s,%s,%d,%s\n", csv(b),
			    csv(FILE[i]), F_VALUE, npasses(i, b), F_DELTA,
			    F_RATIO, F_P, F_Q, F_VERD, suspect(b, i),
			    csv(all_warnings(i, b))
		}
}

function js(s,    out, j, n, c) {
	s = utf8(s)
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		c = substr(s, j, 1)
		if (c == "\\" || c == "\"")
			out = out "\\" c
		else if (c in JCTL)
			out = out JCTL[c]
		else if (c < " ")	# NUL, the one control byte not in JCTL
			out = out "\\u0000"
		else
			out = out c
	}
	return "\"" out "\""
}

function jnum(s) { return s == "" ? "null" : s }

function json_out(    i, j, k, r, n, s) {
	print "{"
	printf "  \"q\": %g,\n  \"run_spread_pct\": %g,\n", Q, SPREAD1
	printf "  \"noise_floor_passes_pct\": %g,\n", FLOORN
	print "  \"files\": ["
	for (i = 1; i <= NFILE; i++) {
		printf "    {\"name\": %s, \"reference\": %s, \"headers\": {",
		    js(FILE[i]), (i == 1 ? "true" : "false")
		n = 0
		for (j = 1; j <= NHKEY; j++)
			if ((i, HKEY[j]) in HDR)
				printf "%s%s: %s", (n++ ? ", " : ""),
				    js(HKEY[j]), js(HDR[i, HKEY[j]])
		printf "}}%s\n", (i < NFILE ? "," : "")
	}
	print "  ],"
	s = ""
	for (j = 1; j <= NHKEY; j++)
		if (key_differs(HKEY[j]))
			s = s (s == "" ? "" : ", ") js(HKEY[j])
	print "  \"differing_headers\": [" s "],"
	print "  \"benchmarks\": ["
	for (r = 1; r <= NROW; r++) {
		printf "    {\"name\": %s, \"files\": [\n", js(ROW[r])
		for (i = 1; i <= NFILE; i++)
			json_cell(ROW[r], i)
		printf "    ]}%s\n", (r < NROW ? "," : "")
	}
	print "  ],"
	print "  \"summary\": ["
	for (i = 2; i <= NFILE; i++)
		json_summary(i)
	print "  ]"
	print "}"
}

function json_cell(b, i,    j, w, f) {
	fields(b, i)
	w = ""
	for (j = 1; j <= WN[i, b]; j++)
		w = w (j > 1 ? ", " : "") js(WT[i, b, j])
	f = suspect(b, i) ? "\"suspect\"" : ""
	if ((i, b) in FAIL)
		f = f (f == "" ? "" : ", ") "\"failed\""
	printf "      {\"file\": %s, \"value\": %s, \"passes\": %d, " \
	    "\"delta\": %s, \"ratio\": %s, \"p\": %s, \"q\": %s, " \
	    "\"method\": %s, \"verdict\": %s, \"flags\": [%s], " \
	    "\"warnings\": [%s]", js(FILE[i]), jnum(F_VALUE), npasses(i, b),
	    jnum(F_DELTA), jnum(F_RATIO), jnum(F_P), jnum(F_Q),
	    (i > 1 && ((b, i) in METHOD) ? js(METHOD[b, i]) : "null"),
	    js(F_VERD), f, w
	if ((i, b) in FAIL)
		printf ", \"failed\": %s", js(FAIL[i, b])
	printf "}%s\n", (i < NFILE ? "," : "")
}

function json_summary(i,    g) {
	g = GN[i] > 0 ? sprintf("%.6g", exp(GSUM[i] / GN[i])) : "null"
	printf "    {\"file\": %s, \"faster\": %d, \"slower\": %d, " \
	    "\"noise\": %d, \"untested\": %d, \"zero\": %d, \"errors\": %d, " \
	    "\"missing\": %d, \"geomean_ratio\": %s}%s\n", js(FILE[i]),
	    CNT[i, "faster"], CNT[i, "slower"], CNT[i, "noise"],
	    CNT[i, "untested"], CNT[i, "zero"], CNT[i, "errors"],
	    CNT[i, "missing"], g, (i < NFILE ? "," : "")
}
