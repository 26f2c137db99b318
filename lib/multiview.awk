# SPDX-License-Identifier: MIT
#
# multiview.awk - the program of multiview.sh (see there and
# libmicro-multiview(1)): POSIX awk that prints the same bytes under mawk
# and gawk.  Run as awk -f result.awk -f multiview.awk FILE... (the
# result line's columns, RL_*, come from result.awk); the options come
# in the environment (MV_*).
#
# Files are read in BEGIN and the program exits there.
#
# State.  NFILE sides, FILE[1] the reference; a side is one file or
# several joined by "+" operands, their passes pooled.  NAME[1..NNAME]
# the benchmarks in order of first appearance (the reference first).
# Per side i and benchmark b: NPASS[i,b] passes, PASSV[i,b,k] their
# usecs/call and LPASS[i,b,k] its log, BATCH and RESNS[i,b,k] the batch
# size and the clock step (ns) behind it, DEC[i,b] decimals to print,
# ERR[i,b] set when a pass had errors, FAIL[i,b] why a FAILED row
# failed, KINDTEXT and KINDPASSES[i,b,kind] the warnings under its
# passes, one per kind; CILO, CIHI, SEM, NSAMPLES, NOUTLIERS[i,b,k] the
# engine statistics of pass k.
# MED, POS, LMEAN, LVAR, QVAR[i,b]: the median, whether every pass is
# positive, mean and variance of log(pass), variance of the log value
# from quantization.  SPREADV, SPREADDF[b]: the pass-to-pass variance of
# log(pass) pooled over the sides, and its degrees of freedom.  Per
# comparison key = b SUBSEP i: VERD, SUSPECT, METHOD, EST (log shift),
# LLO and LHI (its interval), RATIO, DELTA, DLO, DHI, HALF (the same in
# percent), PVAL, QVAL; TESTED[1..NTESTED] the keys that were tested.
# Per side i: TALLY[i,verdict] its rows of each verdict, GEOLO and
# GEOHI[i] the interval of its geometric mean ratio (as logs).

BEGIN {
	main()
}

function main(    i, r, join) {
	init()
	join = 0
	for (i = 1; i < ARGC; i++)
		if (ARGV[i] == "+")
			join = 1
		else {
			read_file(ARGV[i], join)
			join = 0
		}
	side_warnings()
	estimator_warnings()
	for (i = 1; i <= NFILE; i++)
		for (r = 1; r <= NNAME; r++)
			summarize(i, NAME[r])
	for (r = 1; r <= NNAME; r++)
		pool_spread(NAME[r])
	for (r = 1; r <= NNAME; r++)
		for (i = 2; i <= NFILE; i++)
			compare(NAME[r], i)
	fdr()
	order_rows()
	tally()
	render(FMT)
	close(ERRCMD)
	exit 0
}

# Every name in MV_FORMATS (multiview.sh's list of formats) has its
# branch here.
function render(f) {
	if (f == "text")
		text_out()
	else if (f == "html")
		html_out()
	else if (f == "csv")
		csv_out()
	else if (f == "json")
		json_out()
	else if (f == "markdown")
		md_out()
	else
		die("-f " f ": no renderer for this format")
}

function init(    i, nf, fmts) {
	PROG = ENVIRON["MV_PROG"]
	ERRCMD = "cat 1>&2"
	FMT = ENVIRON["MV_FORMAT"]
	ORDER = ENVIRON["MV_ORDER"]
	TITLE = ENVIRON["MV_TITLE"]
	Q = ENVIRON["MV_Q"]
	SPREAD1 = ENVIRON["MV_SPREAD1"]
	FLOORN = ENVIRON["MV_FLOORN"]
	LEVEL = ENVIRON["MV_LEVEL"]
	SHOWCI = ENVIRON["MV_INTERVALS"] == "yes"
	ONLYREAL = ENVIRON["MV_ONLYREAL"] == "yes"
	FORESTROW = ENVIRON["MV_FORESTROW"] == "yes"
	nf = split(ENVIRON["MV_FORMATS"], fmts, " ")
	for (i = 1; i <= nf && fmts[i] != FMT; i++)
		;
	if (i > nf) {
		for (i = 2; i <= nf; i++)
			fmts[1] = fmts[1] ", " fmts[i]
		die("-f " FMT ": unknown format (" fmts[1] ")")
	}
	if (!isdec(Q) || Q + 0 <= 0 || Q + 0 > 1)
		die("-q " Q ": not a rate between 0 and 1")
	if (!isdec(SPREAD1))
		die("-n " SPREAD1 ": not a percentage")
	if (!isdec(FLOORN))
		die("-p " FLOORN ": not a percentage")
	if (!isdec(LEVEL) || LEVEL + 0 < 50 || LEVEL + 0 >= 100)
		die("-c " LEVEL ": not a confidence level from 50 to below 100")
	if (ORDER !~ /^(name|ref|delta)$/)
		die("-s " ORDER ": unknown order (name, ref, delta)")
	LEVEL += 0
	ALPHA = 1 - LEVEL / 100
	ZHALF = zquant(1 - ALPHA / 2)
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
	APOS = sprintf("%c", 39)
	BQ = sprintf("%c", 96)	# the backquote
	PM = "\302\261"	# the plus-minus sign, in UTF-8
	split("#1f5fbf #8a2be2 #b8860b #2e8b57", STRIPC, " ")
	JSON_SCHEMA = 1	# the version of the json layout (doc/format.md)
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
function min(x, y) { return x < y ? x : y }
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

# A file joined to the side before it ("+") adds its passes to that side.
function read_file(path, join,    line, rc, nres, j, src) {
	# getline would take a lone "-" for standard input.
	src = path == "-" ? "./-" : path
	if (join)
		FILE[NFILE] = FILE[NFILE] "+" path
	else
		FILE[++NFILE] = path
	PATH = path
	NPHYS++
	NREPEAT = 0
	TIMERNS = 0
	NBAD = 0
	CUR = ""
	INWARN = 0
	LINENO = 0
	nres = 0
	for (;;) {
		rc = (getline line < src)
		if (rc <= 0)
			break
		LINENO++
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
	if (NREPEAT > 0)
		warn(path ": header " REPEATED " repeated with another value:" \
		    " several files in one? their results are pooled as passes")
}

# Keys whose values differ between the files of one side, once a side.
function side_warnings(    i) {
	for (i = 1; i <= NFILE; i++)
		if (SIDEDIFF[i] != "")
			warn(FILE[i] ": its files differ in " SIDEDIFF[i] \
			    "; their results are pooled as passes")
}

# The statistic of the samples a file's figures are: its !Estimator
# header, or for files without one the mean under -M, else the median.
function estimator(i,    o) {
	if ((i, "Estimator") in HDR)
		return HDR[i, "Estimator"]
	o = (i, "Options") in HDR ? " " HDR[i, "Options"] " " : ""
	return o ~ / -M / ? "mean" : "median"
}

# Figures of different statistics differ by the statistic too: say so.
function estimator_warnings(    i) {
	for (i = 2; i <= NFILE; i++)
		if (estimator(i) != estimator(1))
			warn(FILE[i] " holds the " estimator(i) " of each run's" \
			    " samples, " FILE[1] " the " estimator(1) \
			    ": their figures differ by the statistic too")
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
	if (f[1] == RL_TITLE[RL_PRC]) {
		CUR = ""
		return 0
	}
	return parse_result(f, n)
}

# "!Key: value"; a key may hold blanks and punctuation (!Compiler Ver.:).
# A side keeps a key's first value.  A key that comes back with another
# value in one file (files concatenated), or in another file of the same
# side, is noted for a warning.
function parse_header(s,    p, key, val) {
	p = index(s, ":")
	key = trim(p ? substr(s, 1, p - 1) : s)
	val = p ? trim(substr(s, p + 1)) : ""
	if (key == "")
		return
	if ((NPHYS, key) in PHDR) {
		if (PHDR[NPHYS, key] != val && !((NPHYS, key) in REPEAT)) {
			REPEAT[NPHYS, key] = 1
			REPEATED = (NREPEAT++ ? REPEATED ", " : "") key
		}
	} else
		PHDR[NPHYS, key] = val
	if (key == "TimerRes" && TIMERNS == 0)
		TIMERNS = timer_ns(val)
	if ((NFILE, key) in HDR) {
		if (!((NPHYS, key) in REPEAT) && !ignored_key(key) && \
		    !same_value(key, HDR[NFILE, key], val) && \
		    !((NFILE, key) in SIDEKEY)) {
			SIDEKEY[NFILE, key] = 1
			SIDEDIFF[NFILE] = SIDEDIFF[NFILE] \
			    (SIDEDIFF[NFILE] == "" ? "" : ", ") key
		}
		return
	}
	HDR[NFILE, key] = val
	if (!(key in HSEEN)) {
		HSEEN[key] = 1
		HKEY[++NHKEY] = key
	}
}

# "20 nsecs", "1 usecs": the clock step in ns, or 0.
function timer_ns(v,    w, n) {
	n = split(v, w)
	if (n < 1 || !isnum(w[1]))
		return 0
	if (w[2] ~ /^(us|usecs?|microseconds?)$/)
		return w[1] * 1000
	if (w[2] ~ /^(ms|msecs?|milliseconds?)$/)
		return w[1] * 1000000
	return w[1] + 0
}

function parse_result(f, n,    b, k, why, d) {
	CUR = ""
	INWARN = 0
	why = bad_result(f, n)
	if (why != "") {
		if (++NBAD <= MAXBAD)
			BADMSG[NBAD] = PATH ":" LINENO ": " why \
			    ", line skipped"
		return 0
	}
	b = f[RL_NAME] ""
	if (!(b in SEEN)) {
		SEEN[b] = 1
		NAME[++NNAME] = b
	}
	k = ++NPASS[NFILE, b]
	PASSV[NFILE, b, k] = f[RL_USECS] + 0
	BATCH[NFILE, b, k] = f[RL_CNT] + 0
	RESNS[NFILE, b, k] = TIMERNS
	d = decimals(f[RL_USECS])
	if (d > DEC[NFILE, b])
		DEC[NFILE, b] = d
	if (f[RL_ERRORS] + 0 > 0)
		ERR[NFILE, b] = 1
	CUR = b
	CURK = k
	return 1
}

function bad_result(f, n,    u, v, k) {
	if (n < RL_NCOL)
		return "not a result line"
	u = f[RL_USECS]
	# Quote the field only when it is printable and short.
	v = u ~ /^[!-~]+$/ && length(u) <= 20 ? " " u : ""
	if (substr(u, 1, 1) == "-" && isnum(substr(u, 2)))
		return "negative " RL_TITLE[RL_USECS] v
	if (!isnum(u))
		return RL_TITLE[RL_USECS] v " is not a number"
	# Beyond these bounds a ratio of two values could overflow.
	if (u + 0 > 1e15 || (u + 0 > 0 && u + 0 < 1e-15))
		return RL_TITLE[RL_USECS] v " is out of range"
	for (k = RL_PRC; k <= RL_NCOL; k++)
		if (k != RL_USECS && !isint(f[k]))
			return RL_TITLE[k] " is not a count"
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
		# The wrapper's run wall time line follows the warnings at
		# the same indent: it is a figure, not a warning.
		if (t ~ /^  +[^ \t]/ &&
		    t !~ /^ +run wall time \(s\) +[0-9.]+$/) {
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
		NSAMPLES[NFILE, CUR, CURK] = v
	else if (label == "number of outliers")
		NOUTLIERS[NFILE, CUR, CURK] = v
	else if (label == "clock resolution (ns)")
		RESNS[NFILE, CUR, CURK] = v
	else if (w[1] == "standard" && w[2] == "error")
		SEM[NFILE, CUR, CURK] = v
}

# The kind of a warning is its text up to the colon ("High spread").
# KINDTEXT keeps the first text of each kind, KINDPASSES counts the
# passes that printed it; pass 0 is the side as a whole (its passes
# disagree, its timer is coarse), SIDEKIND.
function add_warning(i, b, k, s,    kind) {
	kind = index(s, ":") ? substr(s, 1, index(s, ":") - 1) : s
	if (!((i, b, kind) in KINDTEXT)) {
		KINDTEXT[i, b, kind] = s
		KINDS[i, b, ++NKINDS[i, b]] = kind
	}
	if (k == 0)
		SIDEKIND[i, b, kind] = 1
	else if (!((i, b, kind, k) in KINDSEEN)) {
		KINDSEEN[i, b, kind, k] = 1
		KINDPASSES[i, b, kind]++
	}
}

# Does this kind of warning make b in file i suspect?  When it came from
# more than half of its passes (so from the one pass there is), or it is
# about the side as a whole: a warning in one pass of five is a passing
# disturbance, which the passes themselves outvote.
function kind_counts(i, b, kind) {
	return ((i, b, kind) in SIDEKIND) || \
	    2 * KINDPASSES[i, b, kind] > NPASS[i, b]
}

function side_suspect(i, b,    j) {
	for (j = 1; j <= NKINDS[i, b]; j++)
		if (kind_counts(i, b, KINDS[i, b, j]))
			return 1
	return 0
}

# The short name of a kind of warning, as the text shows it after "!".
function reason_tag(kind,    k) {
	k = tolower(kind)
	if (k ~ /^high spread/)
		return "spread"
	if (k ~ /^passes disagree/)
		return "passes"
	if (k ~ /^quantization/)
		return "quant"
	if (k ~ /^coarse timer/)
		return "timer"
	if (k ~ /^few samples/)
		return "few"
	if (k ~ /^long tail/)
		return "tail"
	sub(/[^a-z].*/, "", k)
	return k == "" ? "warn" : k
}

# The reasons b is suspect in the comparison of file i: "spread,passes".
function reasons(b, i,    s, seen, side, j, kind, t) {
	s = ""
	for (side = 1; side <= 2; side++)
		for (j = 1; j <= NKINDS[side == 1 ? 1 : i, b]; j++) {
			kind = KINDS[side == 1 ? 1 : i, b, j]
			if (!kind_counts(side == 1 ? 1 : i, b, kind))
				continue
			t = reason_tag(kind)
			if (!(t in seen)) {
				seen[t] = 1
				s = s (s == "" ? "" : ",") t
				if (!(t in TAGKIND))
					TAGKIND[t] = kind
			}
		}
	return s
}

# The reasons "a,b" are shown: the legend explains each, once.
function shown(why,    w, n, j) {
	n = split(why, w, ",")
	for (j = 1; j <= n; j++)
		if (!(w[j] in TAGSHOWN)) {
			TAGSHOWN[w[j]] = 1
			TAGS[++NTAGS] = w[j]
		}
	return why
}

# ---- per file: median of the passes, and their spread on a log scale ----

function have(i, b) { return (i, b) in NPASS }
function npasses(i, b) { return have(i, b) ? NPASS[i, b] : 0 }

function summarize(i, b,    n, k, x, idx, s, m, d, h) {
	if (!have(i, b))
		return
	n = NPASS[i, b]
	for (k = 1; k <= n; k++) {
		x[k] = PASSV[i, b, k]
		idx[k] = k
	}
	sortby(idx, x, n)
	MED[i, b] = n % 2 ? x[idx[(n + 1) / 2]] : \
	    (x[idx[n / 2]] + x[idx[n / 2 + 1]]) / 2
	POS[i, b] = x[idx[1]] > 0
	if (MED[i, b] > 0)
		quantization(i, b)
	if (!POS[i, b])
		return
	s = 0
	for (k = 1; k <= n; k++)
		s += LPASS[i, b, k] = log(PASSV[i, b, k])
	if (n < 2)
		return
	m = s / n
	s = 0
	for (k = 1; k <= n; k++) {
		d = LPASS[i, b, k] - m
		s += d * d
	}
	LMEAN[i, b] = m
	LVAR[i, b] = s / (n - 1)
	# Passes more than 10% apart (standard deviation of the logs): the
	# luck of each process (CPU placement, page layout) decides the
	# figure.  Enough such passes still pin it: the warning waits until
	# their 95% Student interval is wider than 10% either way too.
	if (LVAR[i, b] > LSPREAD * LSPREAD) {
		h = tquant(0.05, n - 1) * sqrt(LVAR[i, b] / n)
		if (h > LSPREAD)
			add_warning(i, b, 0, sprintf("Passes disagree: %d" \
			    " passes from %.6g to %.6g usecs/call, their" \
			    " figure within +/-%.0f%% (95%%)", n, x[idx[1]],
			    x[idx[n]], 100 * (exp(h) - 1)))
	}
}

# QVAR[i, b]: the variance of log(value) that the clock's step and the
# printed digits leave.  One step (TimerRes, or the run's own clock
# resolution) over the batch either way, uniformly: a median of samples
# that all read the same tick can be off by a whole tick.  Half a unit of
# the last digit printed, uniformly.  A step over 5% of the value makes
# the row suspect.
function quantization(i, b,    k, step, st, v, u, l) {
	step = 0
	for (k = 1; k <= NPASS[i, b]; k++) {
		st = RESNS[i, b, k] / 1000 / (BATCH[i, b, k] > 0 ? \
		    BATCH[i, b, k] : 1)
		if (st > step)
			step = st
	}
	v = MED[i, b]
	u = 10 ^ -DEC[i, b]
	l = log(1 + step / v)
	QVAR[i, b] = l * l / 3 + (u / v) * (u / v) / 12
	if (step > 0.05 * v) {
		add_warning(i, b, 0, sprintf("Coarse timer: one clock step" \
		    " over the batch is %.0f%% of the value", 100 * step / v))
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

# By name, in the reference's order, or by the size of the change in
# the first compared file (the largest first, rows with no ratio last,
# by name); with -x only the rows with a verdict other than noise.
function order_rows(    j, idx, size, key, v) {
	for (j = 1; j <= NNAME; j++) {
		idx[j] = j
		key = NAME[j] SUBSEP 2
		v = VERD[key]
		size[j] = (hasratio(v) ? 0 : 1) "" \
		    sprintf("%09.4f", 9999 - min(abs(log(RATIO[key] + 0 > 0 ? \
		    RATIO[key] : 1)), 9.999) * 1000) NAME[j]
	}
	if (ORDER == "name")
		sortby(idx, NAME, NNAME)
	else if (ORDER == "delta")
		sortby(idx, size, NNAME)
	NROW = 0
	for (j = 1; j <= NNAME; j++)
		if (!ONLYREAL || !all_noise(NAME[idx[j]]))
			ROW[++NROW] = NAME[idx[j]]
}

function all_noise(b,    i) {
	for (i = 2; i <= NFILE; i++)
		if (VERD[b SUBSEP i] != "noise")
			return 0
	return 1
}

# ---- comparing ----

# The delta of SPEC.md: symmetric in speed, 2x either way is 100%.
function delta(a, b,    f) {
	f = b / a
	return f > 1 ? -(f * 100 - 100) : 100 / f - 100
}

# One estimator gives the shift, its interval and its p-value, all of
# log(usecs/call): with enough passes on both sides the Hodges-Lehmann
# shift with its Mann-Whitney interval (method "hl"), else the noise
# model of measured spread and quantization (method "model").
function compare(b, i,    key, a, v) {
	key = b SUBSEP i
	if (!have(1, b) || !have(i, b)) {
		VERD[key] = "missing"
		return
	}
	SUSPECT[key] = side_suspect(1, b) || side_suspect(i, b)
	if (SUSPECT[key])
		REASONS[key] = reasons(b, i)
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
	if (!(POS[1, b] && POS[i, b] && NPASS[1, b] >= 2 && \
	    NPASS[i, b] >= 2 && hl_compare(b, i, key)) && \
	    !model_compare(b, i, key)) {
		RATIO[key] = v / a
		DELTA[key] = delta(a, v)
		VERD[key] = "untested"
		return
	}
	NMETH[METHOD[key]]++
	# A clock step far beyond the value can make the ends overflow exp.
	LLO[key] = max(LLO[key], -690)
	LHI[key] = min(LHI[key], 690)
	RATIO[key] = exp(EST[key])
	DELTA[key] = delta(1, RATIO[key])
	# delta falls as the ratio rises: DLO is the slower end.
	DLO[key] = delta(1, exp(LHI[key]))
	DHI[key] = delta(1, exp(LLO[key]))
	HALF[key] = (DHI[key] - DLO[key]) / 2
	TESTED[++NTESTED] = key
	VERD[key] = "tested"
}

# Hodges-Lehmann: the median of the n1 x n2 differences of log passes,
# which one disturbed pass moves by one place out of n1 x n2, and the
# interval between the k-th smallest and k-th largest of them, with k
# from the distribution of the Mann-Whitney U.  A side's quantization
# widens both ends, so identical passes still leave room for a clock
# step.  0 when the passes are too few for the confidence level.
function hl_compare(b, i, key,    n1, n2, j, k, nd, d, kk, qv, m) {
	n1 = NPASS[1, b]
	n2 = NPASS[i, b]
	if (!mw_setup(b, i, n1, n2))
		return 0
	for (kk = 0; 2 * mw_cdf(kk) <= ALPHA; kk++)
		;
	if (kk < 1)
		return 0
	nd = 0
	for (j = 1; j <= n1; j++)
		for (k = 1; k <= n2; k++)
			d[++nd] = LPASS[i, b, k] - LPASS[1, b, j]
	sortnum(d, nd)
	qv = QVAR[1, b] + QVAR[i, b]
	m = qv > 0 ? ZHALF * sqrt(qv) : 0
	EST[key] = nd % 2 ? d[(nd + 1) / 2] : (d[nd / 2] + d[nd / 2 + 1]) / 2
	LLO[key] = d[kk] - m
	LHI[key] = d[nd + 1 - kk] + m
	PVAL[key] = hl_p(d, nd, qv)
	METHOD[key] = "hl"
	return 1
}

# The least two-sided level at which the interval leaves out 0: with no
# quantization, the Mann-Whitney p (ties counted against the change).
function hl_p(d, nd, qv,    k, a, m) {
	for (k = 1; 2 * k <= nd + 1; k++) {
		# Sorted: while d[k] <= 0 <= d[nd + 1 - k], 0 stays inside.
		if (d[k] <= 0 && d[nd + 1 - k] >= 0)
			continue
		a = 2 * mw_cdf(k - 1)
		if (a >= 1)
			return 1
		m = qv > 0 ? zquant(1 - a / 2) * sqrt(qv) : 0
		if (d[k] - m > 0 || d[nd + 1 - k] + m < 0)
			return a
	}
	return 1
}

# The null distribution of U for n1 and n2 passes: exact (counted once
# per pair of sizes) when there are no ties and both have at most 20,
# else normal with the tie correction and a continuity half.  0 when
# every pass of both sides is the same value.
function mw_setup(b, i, n1, n2,    x, n, k, t, r, tie) {
	n = 0
	for (k = 1; k <= n1; k++)
		x[++n] = LPASS[1, b, k]
	for (k = 1; k <= n2; k++)
		x[++n] = LPASS[i, b, k]
	sortnum(x, n)
	tie = 0
	for (k = 1; k <= n; k = r) {
		for (r = k + 1; r <= n && x[r] == x[k]; r++)
			;
		t = r - k
		tie += t * t * t - t
	}
	MW_N1 = n1
	MW_N2 = n2
	MW_EXACT = tie == 0 && n1 <= 20 && n2 <= 20
	if (MW_EXACT) {
		mw_table(n1, n2)
		return 1
	}
	MW_MEAN = n1 * n2 / 2
	MW_SD = sqrt(n1 * n2 / 12 * ((n + 1) - tie / (n * (n - 1))))
	return MW_SD > 0
}

# P(U <= u) under no change, for the sizes mw_setup was given.
function mw_cdf(u,    z) {
	if (u < 0)
		return 0
	if (MW_EXACT)
		return u >= MW_N1 * MW_N2 ? 1 : MWCDF[MW_N1, MW_N2, u]
	z = (u + 0.5 - MW_MEAN) / MW_SD
	return z < 0 ? normal_p(z) / 2 : 1 - normal_p(z) / 2
}

# MWCDF[n1, n2, u] from the counts of arrangements: c(m, n, u) =
# c(m - 1, n, u - n) + c(m, n - 1, u), over C(n1 + n2, n1) in all.
function mw_table(n1, n2,    c, m, n, u, tot, s) {
	if ((n1, n2) in MWDONE)
		return
	MWDONE[n1, n2] = 1
	for (m = 0; m <= n1; m++)
		for (n = 0; n <= n2; n++)
			for (u = 0; u <= m * n; u++)
				c[m, n, u] = m == 0 || n == 0 ? (u == 0) : \
				    (u >= n && u - n <= (m - 1) * n ? \
				    c[m - 1, n, u - n] : 0) + \
				    (u <= m * (n - 1) ? c[m, n - 1, u] : 0)
	tot = 0
	for (u = 0; u <= n1 * n2; u++)
		tot += c[n1, n2, u]
	s = 0
	for (u = 0; u <= n1 * n2; u++) {
		s += c[n1, n2, u]
		MWCDF[n1, n2, u] = s / tot
	}
}

# The noise model, for a side with one pass (or too few for the level):
# the variance of a side's log value is the run-to-run spread over its
# passes (times pi/2 for a median of three or more), its quantization,
# and for one pass the engine's own standard error.  The spread is the
# one measured from the passes of b in every file of the comparison
# (with Student's t on its degrees of freedom), else the -n default.
# 0, untested, when nothing was measured: no passes and, on a side with
# one pass, no statistics.
function model_compare(b, i, key,    n1, n2, e1, e2, sv, df, v, crit, d) {
	n1 = NPASS[1, b]
	n2 = NPASS[i, b]
	e1 = n1 == 1 ? se_log(1, b) : 0
	e2 = n2 == 1 ? se_log(i, b) : 0
	df = SPREADDF[b] >= 2 ? SPREADDF[b] : 0
	if (!df && (e1 < 0 || e2 < 0))
		return 0
	sv = df ? SPREADV[b] : LRUN1 * LRUN1
	v = side_var(1, b, sv, max(e1, 0)) + side_var(i, b, sv, max(e2, 0))
	d = log(MED[i, b] / MED[1, b])
	crit = df ? tquant(ALPHA, df) : ZHALF
	EST[key] = d
	LLO[key] = d - crit * sqrt(v)
	LHI[key] = d + crit * sqrt(v)
	if (v == 0)
		PVAL[key] = d == 0 ? 1 : 0
	else
		PVAL[key] = df ? student_p(d / sqrt(v), df) : normal_p(d / sqrt(v))
	METHOD[key] = "model"
	MEASURED[key] = df > 0
	return 1
}

function side_var(i, b, sv, e,    n) {
	n = NPASS[i, b]
	return sv * (n >= 3 ? 1.5707963 : 1) / n + QVAR[i, b] + e * e
}

# Standard error of log(value) of a one-pass side, or -1 when unknown.
# The engine bounds the median by a distribution-free 99% interval; its
# half-width is 2.576 standard errors.  A Sun file gives the standard
# error of the mean; the median of normal data has sqrt(pi/2) times it.
function se_log(i, b,    v) {
	v = PASSV[i, b, 1]
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
	if (!((i, b, 1) in NSAMPLES))
		return MINN
	n = NSAMPLES[i, b, 1]
	if ((i, b, 1) in NOUTLIERS)
		n -= NOUTLIERS[i, b, 1]
	return n
}

# The run-to-run spread of b: the pooled variance of log pass values
# over every file where b has passes, and its degrees of freedom.
function pool_spread(b,    i, n) {
	for (i = 1; i <= NFILE; i++) {
		n = npasses(i, b)
		if (n >= 2 && POS[i, b]) {
			SPREADV[b] += LVAR[i, b] * (n - 1)
			SPREADDF[b] += n - 1
		}
	}
	if (SPREADDF[b] > 0)
		SPREADV[b] /= SPREADDF[b]
}

# Benjamini-Hochberg over every tested delta of the table: q of the
# j-th smallest of m p-values is min over k >= j of p(k) * m / k.
# Significant and beyond the floor is faster or slower; significant
# within it, small.
function fdr(    j, m, idx, p, run, key, qv) {
	m = NTESTED
	for (j = 1; j <= m; j++) {
		idx[j] = j
		p[j] = PVAL[TESTED[j]]
	}
	sortby(idx, p, m)
	run = 1
	for (j = m; j >= 1; j--) {
		qv = p[idx[j]] * m / j
		if (qv < run)
			run = qv
		QVAL[TESTED[idx[j]]] = run
	}
	for (j = 1; j <= m; j++) {
		key = TESTED[j]
		if (QVAL[key] > Q || EST[key] == 0)
			VERD[key] = "noise"
		else if (abs(EST[key]) < floor_of(key))
			VERD[key] = "small"
		else
			VERD[key] = EST[key] > 0 ? "slower" : "faster"
	}
}

# Passes show a run's spread within one run of the suite, not the
# machine's drift between two runs: that is the floor's.
function floor_of(key) {
	return METHOD[key] == "hl" || MEASURED[key] ? LFLOORN : 0
}

function hasratio(v) { return v ~ /^(faster|slower|small|noise|untested)$/ }
function tested(v) { return v ~ /^(faster|slower|small|noise)$/ }

# Per file: counts per verdict; the log ratios for their geometric mean;
# the half-widths for their median.
function tally(    i, r, key, n, x, idx, m, s, d, j) {
	for (i = 2; i <= NFILE; i++) {
		n = 0
		GCOUNT[i] = 0
		for (r = 1; r <= NROW; r++) {
			key = ROW[r] SUBSEP i
			TALLY[i, VERD[key]]++
			if (hasratio(VERD[key]))
				GLOG[i, ++GCOUNT[i]] = log(RATIO[key])
			if (tested(VERD[key])) {
				x[++n] = HALF[key]
				idx[n] = n
			}
		}
		if (n > 0) {
			sortby(idx, x, n)
			MEDHALF[i] = n % 2 ? x[idx[(n + 1) / 2]] : \
			    (x[idx[n / 2]] + x[idx[n / 2 + 1]]) / 2
		}
		m = s = 0
		for (j = 1; j <= GCOUNT[i]; j++)
			m += GLOG[i, j]
		if (GCOUNT[i] > 0)
			GMEAN[i] = m /= GCOUNT[i]
		for (j = 1; j <= GCOUNT[i]; j++) {
			d = GLOG[i, j] - m
			s += d * d
		}
		# Over the benchmarks: how far the suite as a whole moved.
		if (GCOUNT[i] >= 2) {
			s = tquant(ALPHA, GCOUNT[i] - 1) * \
			    sqrt(s / (GCOUNT[i] - 1) / GCOUNT[i])
			GEOLO[i] = m - s
			GEOHI[i] = m + s
		}
		biggest(i)
	}
}

# BIG[i, 1..NBIG[i]]: the keys of the three largest significant
# changes of file i.
function biggest(i,    r, key, n, idx, size, j) {
	n = 0
	for (r = 1; r <= NROW; r++) {
		key = ROW[r] SUBSEP i
		if (VERD[key] == "faster" || VERD[key] == "slower") {
			idx[++n] = key
			size[key] = -abs(EST[key])
		}
	}
	sortby(idx, size, n)
	NBIG[i] = n < 3 ? n : 3
	for (j = 1; j <= NBIG[i]; j++)
		BIG[i, j] = idx[j]
}

# Shell sort of a[1..n], numbers.
function sortnum(a, n,    gap, j, k, t) {
	for (gap = int(n / 2); gap > 0; gap = int(gap / 2))
		for (j = gap + 1; j <= n; j++) {
			t = a[j]
			for (k = j; k > gap && a[k - gap] > t; k -= gap)
				a[k] = a[k - gap]
			a[k] = t
		}
}

# ---- distributions ----

# Two-sided p of Student t with df degrees of freedom.
function student_p(t, df) {
	return betai(df / 2, 0.5, df / (df + t * t))
}

# The t whose two-sided p with df degrees of freedom is a, by bisection
# (student_p falls as t rises); kept in TQUANT, as every row asks again.
function tquant(a, df,    lo, hi, mid, k) {
	if ((a, df) in TQUANT)
		return TQUANT[a, df]
	lo = 0
	hi = 1
	while (student_p(hi, df) > a && hi < 1e6)
		hi *= 2
	for (k = 0; k < 60; k++) {
		mid = (lo + hi) / 2
		if (student_p(mid, df) > a)
			lo = mid
		else
			hi = mid
	}
	return TQUANT[a, df] = hi
}

# The standard normal quantile of p, 0 < p < 1 (Acklam's rational
# approximation, relative error below 1.2e-9).
function zquant(p,    q, r) {
	if (p <= 0)
		return -40
	if (p >= 1)
		return 40
	if (p < 0.02425) {
		q = sqrt(-2 * log(p))
		return (((((-7.784894002430293e-03 * q - 3.223964580411365e-01) * \
		    q - 2.400758277161838) * q - 2.549732539343734) * q + \
		    4.374664141464968) * q + 2.938163982698783) / \
		    ((((7.784695709041462e-03 * q + 3.224671290700398e-01) * q + \
		    2.445134137142996) * q + 3.754408661907416) * q + 1)
	}
	if (p > 0.97575)
		return -zquant(1 - p)
	q = p - 0.5
	r = q * q
	return (((((-3.969683028665376e+01 * r + 2.209460984245205e+02) * r - \
	    2.759285104469687e+02) * r + 1.383577518672690e+02) * r - \
	    3.066479806614716e+01) * r + 2.506628277459239) * q / \
	    (((((-5.447609879822406e+01 * r + 1.615858368580409e+02) * r - \
	    1.556989798598866e+02) * r + 6.680131188771972e+01) * r - \
	    1.328068155288572e+01) * r + 1)
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
# evaluated forwards by the modified Lentz method (LENTZC, LENTZD, in lentz()).
function betacf(a, b, x,    m, step, f) {
	LENTZC = 1
	LENTZD = 1 / nonzero(1 - (a + b) * x / (a + 1))
	f = LENTZD
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
	LENTZD = 1 / nonzero(1 + d * LENTZD)
	LENTZC = nonzero(1 + d / LENTZC)
	return LENTZC * LENTZD
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

# The delta in brackets: [%5s%] when it fits, else [%7s%].
function bracket(d,    s) {
	s = sprintf("%+.1f", d)
	return "[" lpad(s, length(s) <= 5 ? 5 : 7) "%]"
}

function sigmark(v) {
	if (v == "faster" || v == "slower")
		return "*"
	return v == "small" ? "=" : (v == "noise" ? "~" : " ")
}

# A percentage of an interval: one decimal, none from 1000 up.
function pct(x) { return sprintf(abs(x) < 1000 ? "%.1f" : "%.0f", x) }

# The keys that differ between any two runs: when, how long, the command
# line, how the runs ended, and the clock overhead's jitter of a few ns.
function ignored_key(k) {
	k = tolower(k)
	return k ~ /^(date|time|uptime|command|elapsed|runs)$/ || k ~ /^load/
}

function same_value(k, a, b,    x, y) {
	if (tolower(k) != "clock_overhead")
		return a == b
	split(a, x)
	split(b, y)
	return isnum(x[1]) && isnum(y[1]) && x[2] == y[2] && \
	    abs(x[1] - y[1]) <= 5
}

function header_value(i, k) {
	return (i, k) in HDR ? HDR[i, k] : "(none)"
}

function key_differs(k,    i) {
	if (ignored_key(k))
		return 0
	for (i = 2; i <= NFILE; i++)
		if (!same_value(k, header_value(i, k), header_value(1, k)))
			return 1
	return 0
}

function ratio_note(i,    g) {
	if (GCOUNT[i] == 0)
		return "no ratios"
	g = exp(GMEAN[i])
	return sprintf("geometric mean of ratios %.3f ", g) \
	    bracket(delta(1, g)) (GCOUNT[i] >= 2 ? \
	    sprintf(", %g%% interval %.3f to %.3f", LEVEL, exp(GEOLO[i]),
	    exp(GEOHI[i])) : "")
}

# What the table could see: the median half-width of the intervals, and
# the largest changes.
function resolve_note(i,    s, j, key) {
	s = TALLY[i, "faster"] + TALLY[i, "slower"] + TALLY[i, "small"] + \
	    TALLY[i, "noise"] == 0 ? "no interval" : "median interval " PM \
	    pct(MEDHALF[i]) "%"
	if (NBIG[i] == 0)
		return s
	s = s "; biggest changes:"
	for (j = 1; j <= NBIG[i]; j++) {
		key = BIG[i, j]
		s = s (j > 1 ? "," : "") " " substr(key, 1, \
		    index(key, SUBSEP) - 1) " " bracket(DELTA[key])
	}
	return s
}

# How the tested deltas were judged, for the legend, one line each.
function method_lines(    s) {
	s = ""
	if (NMETH["hl"] > 0)
		s = "passes on both sides: Hodges-Lehmann shift of log" \
		    " values, Mann-Whitney interval" (FLOORN > 0 ? \
		    sprintf("; floor %g%%", FLOORN) : "")
	if (NMETH["model"] > 0)
		s = s (s == "" ? "" : "\n") "one pass on a side: noise model," \
		    " spread measured from passes where there are some, else " \
		    sprintf("%g%%", SPREAD1) ", plus quantization"
	return s
}

# The FAILED reason and the warnings of b in file i, one per kind, on
# one line; with passes, how many printed it.
function all_warnings(i, b,    j, s, kind, n) {
	s = (i, b) in FAIL ? "FAILED: " FAIL[i, b] : ""
	for (j = 1; j <= NKINDS[i, b]; j++) {
		kind = KINDS[i, b, j]
		n = KINDPASSES[i, b, kind]
		s = s (s == "" ? "" : "; ") KINDTEXT[i, b, kind] \
		    (NPASS[i, b] > 1 && n > 0 ? \
		    " (" n " of " NPASS[i, b] " passes)" : "")
	}
	return s
}

# ---- text ----

function cmp_note(b, i,    key, v, s) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors")
		return ""
	s = v == "zero" ? "[zero]" : bracket(DELTA[key])
	if (SHOWCI && tested(v))
		s = s PM pct(HALF[key])
	return s sigmark(v) (SUSPECT[key] ? "!" shown(REASONS[key]) : "")
}

# The width of s on a terminal: the plus-minus sign is two bytes.
function dlen(s) { return length(s) - (index(s, PM) > 0) }
function dpad(s, w) { return dlen(s) >= w ? s : s blanks(w - dlen(s)) }

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
			bw = max(bw, dlen(cmp_note(b, i)))
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
			line = line dpad(lpad(value_text(i, b), vw + 1) \
			    cmp_note(b, i), vw + 1 + bw)
		print rtrim(line)
	}
	print ""
	if (ONLYREAL)
		printf "(%d of %d rows within noise everywhere not shown)\n",
		    NNAME - NROW, NNAME
	text_legend()
	print ""
	for (i = 2; i <= NFILE; i++)
		print FILE[i] ": " counts_note(i) "; " ratio_note(i) "; " \
		    resolve_note(i)
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
		if (TALLY[i, v] > 0)
			return 1
	return 0
}

function text_legend(    j, s) {
	printf "* significant (Benjamini-Hochberg q <= %g over %d tests)," \
	    " faster or slower\n", Q, NTESTED
	if (any_verdict("small"))
		print "= significant but within the floor: small"
	print "~ within noise: the interval holds 0"
	if (SHOWCI)
		printf "%sx half-width of the %g%% interval of the delta, in" \
		    " percent\n", PM, LEVEL
	for (j = 1; j <= NTAGS; j++)
		print "!" TAGS[j] " suspect: " tag_text(TAGS[j])
	if (any_verdict("untested"))
		print "no mark: not tested (no -S statistics, no passes)"
	if (any_verdict("zero"))
		print "[zero] a value is 0: no ratio"
	s = method_lines()
	if (s != "")
		print s
}

# What a reason after "!" stands for.
function tag_text(t) {
	if (t == "passes")
		return "passes over 10% apart"
	if (t == "timer")
		return "a clock step over the batch is over 5% of the value"
	t = TAGKIND[t]
	sub(/[;.].*/, "", t)
	return "\"" t "\" warnings from most passes"
}

function counts_note(i,    s) {
	s = sprintf("%d faster, %d slower, ", TALLY[i, "faster"],
	    TALLY[i, "slower"])
	if (TALLY[i, "small"] > 0)
		s = s sprintf("%d small, ", TALLY[i, "small"])
	s = s sprintf("%d within noise", TALLY[i, "noise"])
	if (TALLY[i, "untested"] > 0)
		s = s sprintf(", %d untested", TALLY[i, "untested"])
	if (TALLY[i, "zero"] > 0)
		s = s sprintf(", %d zero", TALLY[i, "zero"])
	return s sprintf(", %d errors, %d missing", TALLY[i, "errors"],
	    TALLY[i, "missing"])
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
	svg_forest()
	svg_histogram()
	html_headers()
	html_results()
	html_legend()
	html_summary()
	print "</body>"
	print "</html>"
}

function html_files_row(first, what, extra,    i) {
	printf "<tr><th>%s</th>", first
	for (i = 1; i <= NFILE; i++)
		printf "<th%s>%s%s</th>", (i > 1 && what != "" ? \
		    " colspan=\"2\"" : ""), h(FILE[i]), \
		    (what == "" ? "" : \
		    "<br>" (i > 1 ? what " [percentage]" : what))
	print extra "</tr>"
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
	html_files_row("BENCHMARK", "USECS", "<th>passes</th>")
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		printf "<tr><td>%s</td>%s", h(b), html_value(1, b)
		for (i = 2; i <= NFILE; i++)
			printf "%s%s", html_value(i, b), html_delta(b, i)
		print svg_strip(b) "</tr>"
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

# Only faster and slower are coloured; the interval follows the mark.
function html_delta(b, i,    key, v, cls, s, ci) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors")
		return "<td class=\"na\"></td>"
	s = SUSPECT[key] ? " <span class=\"warn\" title=\"" \
	    h(shown(REASONS[key]) ": " suspect_note(b, i)) "\">!</span>" : ""
	if (v == "zero")
		return "<td class=\"na\">zero" s "</td>"
	cls = v == "faster" || v == "slower" ? shade(DELTA[key]) : \
	    (v == "untested" ? "" : "noise")
	ci = tested(v) ? "<span class=\"ci\"> &plusmn;" pct(HALF[key]) \
	    "</span>" : ""
	return "<td class=\"num" (cls == "" ? "" : " " cls) "\">" \
	    sprintf("%+.1f%%", DELTA[key]) \
	    (sigmark(v) == " " ? "" : " " sigmark(v)) ci s "</td>"
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

function html_legend(    j, m) {
	print "<table class=\"legend\">"
	print "<tr><td class=\"f1\">+10% to +25%</td>" \
	    "<td class=\"f2\">+25% to +100%</td>" \
	    "<td class=\"f3\">over +100% (2x faster)</td></tr>"
	print "<tr><td class=\"s1\">-10% to -25%</td>" \
	    "<td class=\"s2\">-25% to -100%</td>" \
	    "<td class=\"s3\">over -100% (2x slower)</td></tr>"
	print "<tr><td>white: within +/-10%</td>" \
	    "<td class=\"noise\">grey: within noise (~) or small (=)</td>" \
	    "<td>* significant</td></tr>"
	print "<tr><td colspan=\"3\">" h(sprintf("significant: " \
	    "Benjamini-Hochberg q <= %g over %d tests; small (=): " \
	    "significant but within the floor; %sx: half-width of the " \
	    "%g%% interval, in percent", Q, NTESTED, PM, LEVEL)) "</td></tr>"
	m = method_lines()
	gsub(/\n/, "; ", m)
	if (m != "")
		print "<tr><td colspan=\"3\">" h(m) "</td></tr>"
	for (j = 1; j <= NTAGS; j++)
		print "<tr><td colspan=\"3\"><span class=\"warn\">!</span> " \
		    h("suspect, " TAGS[j] ": " tag_text(TAGS[j])) \
		    " (hover for them)</td></tr>"
	print "<tr><td colspan=\"3\"><span class=\"warn\">!</span> " \
	    "suspect: hover for the warnings; " \
	    "no mark: not tested (no -S statistics, no passes)</td></tr>"
	print "<tr><td colspan=\"3\"><span class=\"err\">ERRORS</span>: " \
	    "the run reported errors or failed (hover for the reason); " \
	    "<span class=\"na\">missing</span>: not in that file</td></tr>"
	print "</table>"
}

function html_summary(    i) {
	print "<table class=\"summary\">"
	print "<tr><th>file</th><th>faster</th><th>slower</th>" \
	    "<th>small</th><th>within noise</th><th>untested</th>" \
	    "<th>zero</th><th>errors</th><th>missing</th>" \
	    "<th>geometric mean</th><th>could see</th></tr>"
	for (i = 2; i <= NFILE; i++)
		printf "<tr><td>%s</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td class=\"num\">%d</td>" \
		    "<td class=\"num\">%d</td><td>%s</td><td>%s</td></tr>\n",
		    h(FILE[i]), TALLY[i, "faster"], TALLY[i, "slower"],
		    TALLY[i, "small"], TALLY[i, "noise"], TALLY[i, "untested"],
		    TALLY[i, "zero"], TALLY[i, "errors"], TALLY[i, "missing"],
		    h(ratio_note(i)), h(resolve_note(i))
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

# The fields of file i for benchmark b, as strings ready to print ("" when
# none): F_VALUE, F_DELTA with F_DLO and F_DHI, F_RATIO with F_RLO and
# F_RHI, F_P, F_Q, F_METHOD, F_EXCL (no change beyond it in either
# direction, in percent), F_WHY (the reasons it is suspect), F_VERD.
function fields(b, i,    key, v) {
	F_VALUE = F_DELTA = F_DLO = F_DHI = F_RATIO = F_RLO = F_RHI = ""
	F_P = F_Q = F_METHOD = F_EXCL = F_WHY = ""
	if (have(i, b) && !ERR[i, b])
		F_VALUE = value_text(i, b)
	if (i == 1) {
		F_VERD = !have(1, b) ? "missing" : \
		    (ERR[1, b] ? "errors" : "reference")
		if (side_suspect(1, b))
			F_WHY = side_reasons(1, b)
		return
	}
	key = b SUBSEP i
	v = F_VERD = VERD[key]
	F_WHY = REASONS[key]
	if (!hasratio(v))
		return
	F_DELTA = sprintf("%.1f", DELTA[key])
	F_RATIO = sprintf("%.6g", RATIO[key])
	if (v == "untested")
		return
	F_DLO = sprintf("%.1f", DLO[key])
	F_DHI = sprintf("%.1f", DHI[key])
	F_RLO = sprintf("%.6g", exp(LLO[key]))
	F_RHI = sprintf("%.6g", exp(LHI[key]))
	F_EXCL = sprintf("%.1f", max(abs(DLO[key]), abs(DHI[key])))
	F_P = sprintf("%.4g", PVAL[key])
	F_Q = sprintf("%.4g", QVAL[key])
	F_METHOD = METHOD[key]
}

function side_reasons(i, b,    j, s, t, seen) {
	s = ""
	for (j = 1; j <= NKINDS[i, b]; j++)
		if (kind_counts(i, b, KINDS[i, b, j])) {
			t = reason_tag(KINDS[i, b, j])
			if (!(t in seen)) {
				seen[t] = 1
				s = s (s == "" ? "" : ",") t
			}
		}
	return s
}

function suspect(b, i) {
	return i == 1 ? side_suspect(1, b) : SUSPECT[b SUBSEP i] + 0
}

function csv_out(    r, b, i) {
	print "benchmark,file,value,passes,delta,delta_lo,delta_hi,ratio," \
	    "ratio_lo,ratio_hi,p,q,method,verdict,excludes,suspect,reasons," \
	    "warnings"
	for (r = 1; r <= NROW; r++)
		for (i = 1; i <= NFILE; i++) {
			b = ROW[r]
			fields(b, i)
			printf "%s,%s,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s," \
			    "%d,%s,%s\n", csv(b), csv(FILE[i]), F_VALUE,
			    npasses(i, b), F_DELTA, F_DLO, F_DHI, F_RATIO,
			    F_RLO, F_RHI, F_P, F_Q, F_METHOD, F_VERD, F_EXCL,
			    suspect(b, i), csv(F_WHY), csv(all_warnings(i, b))
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
	printf "  \"schema_version\": %d,\n", JSON_SCHEMA
	printf "  \"q\": %g,\n  \"confidence_pct\": %g,\n", Q, LEVEL
	printf "  \"run_spread_pct\": %g,\n", SPREAD1
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

# A list of json strings from "a,b" (the reasons).
function jlist(s,    w, n, j, out) {
	n = split(s, w, ",")
	out = ""
	for (j = 1; j <= n; j++)
		out = out (j > 1 ? ", " : "") js(w[j])
	return out
}

function json_cell(b, i,    j, w, f, kind, n) {
	fields(b, i)
	w = ""
	for (j = 1; j <= NKINDS[i, b]; j++) {
		kind = KINDS[i, b, j]
		n = KINDPASSES[i, b, kind] + 0
		w = w (j > 1 ? ", " : "") "{\"text\": " \
		    js(KINDTEXT[i, b, kind]) ", \"passes\": " n "}"
	}
	f = suspect(b, i) ? "\"suspect\"" : ""
	if ((i, b) in FAIL)
		f = f (f == "" ? "" : ", ") "\"failed\""
	printf "      {\"file\": %s, \"value\": %s, \"passes\": %d, " \
	    "\"delta\": %s, \"delta_lo\": %s, \"delta_hi\": %s, " \
	    "\"ratio\": %s, \"ratio_lo\": %s, \"ratio_hi\": %s, " \
	    "\"p\": %s, \"q\": %s, \"method\": %s, \"verdict\": %s, " \
	    "\"excludes_pct\": %s, \"flags\": [%s], \"reasons\": [%s], " \
	    "\"warnings\": [%s]", js(FILE[i]), jnum(F_VALUE), npasses(i, b),
	    jnum(F_DELTA), jnum(F_DLO), jnum(F_DHI), jnum(F_RATIO),
	    jnum(F_RLO), jnum(F_RHI), jnum(F_P), jnum(F_Q),
	    (F_METHOD == "" ? "null" : js(F_METHOD)), js(F_VERD),
	    jnum(F_EXCL), f, jlist(F_WHY), w
	printf ", \"pass_values\": [%s]", json_passes(i, b)
	if ((i, b) in FAIL)
		printf ", \"failed\": %s", js(FAIL[i, b])
	printf "}%s\n", (i < NFILE ? "," : "")
}

function json_summary(i,    g, lo, hi, m, j, big) {
	g = lo = hi = m = "null"
	if (GCOUNT[i] > 0)
		g = sprintf("%.6g", exp(GMEAN[i]))
	if (GCOUNT[i] >= 2) {
		lo = sprintf("%.6g", exp(GEOLO[i]))
		hi = sprintf("%.6g", exp(GEOHI[i]))
	}
	if (TALLY[i, "faster"] + TALLY[i, "slower"] + TALLY[i, "small"] + \
	    TALLY[i, "noise"] > 0)
		m = sprintf("%.1f", MEDHALF[i])
	big = ""
	for (j = 1; j <= NBIG[i]; j++)
		big = big (j > 1 ? ", " : "") \
		    js(substr(BIG[i, j], 1, index(BIG[i, j], SUBSEP) - 1))
	printf "    {\"file\": %s, \"faster\": %d, \"slower\": %d, " \
	    "\"small\": %d, \"noise\": %d, \"untested\": %d, \"zero\": %d, " \
	    "\"errors\": %d, \"missing\": %d, \"geomean_ratio\": %s, " \
	    "\"geomean_ratio_lo\": %s, \"geomean_ratio_hi\": %s, " \
	    "\"median_halfwidth_pct\": %s, \"biggest\": [%s]}%s\n",
	    js(FILE[i]), TALLY[i, "faster"], TALLY[i, "slower"],
	    TALLY[i, "small"], TALLY[i, "noise"], TALLY[i, "untested"],
	    TALLY[i, "zero"], TALLY[i, "errors"], TALLY[i, "missing"], g, lo,
	    hi, m, big,
	    (i < NFILE ? "," : "")
}

# The pass values of side i for benchmark b in file order, as a json
# list of numbers (usecs/call); one a pass, even where a pass had errors.
function json_passes(i, b,    k, n, s, x) {
	n = npasses(i, b)
	s = ""
	for (k = 1; k <= n; k++) {
		x = PASSV[i, b, k]
		s = s (k > 1 ? ", " : "") \
		    (x == x && x < 1e308 ? sprintf("%.10g", x) : "null")
	}
	return s
}

# ---- markdown ----

# s safe in a GitHub table cell: markdown punctuation backslashed, the
# characters of html as entities, so a name can neither end the cell
# nor start a link, a tag or emphasis.
function md(s,    out, j, n, c) {
	s = utf8(s)
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		c = substr(s, j, 1)
		if (c == "&")
			c = "&amp;"
		else if (c == "<")
			c = "&lt;"
		else if (c == ">")
			c = "&gt;"
		else if (c < " ")
			c = " "
		else if (index("\\*_[]|~" BQ, c))
			c = "\\" c
		out = out c
	}
	return out
}

function md_out(    i, r, b, s, t) {
	print "## " md(TITLE)
	print ""
	s = ""
	for (i = 2; i <= NFILE; i++)
		s = s (i > 2 ? ", " : "") md(FILE[i])
	print "Reference " md(FILE[1]) "; compared: " s "."
	print ""
	md_summary()
	md_headers()
	print "### Results"
	print ""
	s = "| benchmark | " md(FILE[1]) " usecs"
	t = "|:--|--:"
	for (i = 2; i <= NFILE; i++) {
		s = s " | " md(FILE[i]) " usecs | delta | interval | verdict"
		t = t "|--:|--:|:-:|:--"
	}
	print s " |"
	print t "|"
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		s = "| " md(b) " | " value_text(1, b)
		for (i = 2; i <= NFILE; i++)
			s = s " | " value_text(i, b) " | " md_delta(b, i)
		print s " |"
	}
	print ""
	if (ONLYREAL)
		printf "%d of %d rows within noise everywhere not shown.\n\n",
		    NNAME - NROW, NNAME
	md_legend()
}

# delta | interval | verdict of file i for b.
function md_delta(b, i,    key, v, s) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors" || v == "zero")
		return " |  | " v
	s = SUSPECT[key] ? " **!** " md(shown(REASONS[key])) : ""
	return md(sprintf("%+.1f%%", DELTA[key])) " | " \
	    (tested(v) ? md(spct(DLO[key]) "% to " spct(DHI[key]) "%") : "") \
	    " | " (v == "faster" || v == "slower" ? "**" v "**" : v) s
}

function md_summary(    i) {
	print "| file | faster | slower | small | within noise | untested |" \
	    " zero | errors | missing | geometric mean |"
	print "|:--|--:|--:|--:|--:|--:|--:|--:|--:|:--|"
	for (i = 2; i <= NFILE; i++)
		printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n",
		    md(FILE[i]), TALLY[i, "faster"], TALLY[i, "slower"],
		    TALLY[i, "small"], TALLY[i, "noise"], TALLY[i, "untested"],
		    TALLY[i, "zero"], TALLY[i, "errors"], TALLY[i, "missing"],
		    md(ratio_note(i))
	print ""
}

function md_headers(    j, k, i, s, n) {
	n = 0
	for (j = 1; j <= NHKEY; j++) {
		k = HKEY[j]
		if (!key_differs(k))
			continue
		if (n++ == 0) {
			print "### Headers that differ"
			print ""
			s = "| header"
			for (i = 1; i <= NFILE; i++)
				s = s " | " md(FILE[i])
			print s " |"
			s = "|:--"
			for (i = 1; i <= NFILE; i++)
				s = s "|:--"
			print s "|"
		}
		s = "| " md(k)
		for (i = 1; i <= NFILE; i++)
			s = s " | " md(header_value(i, k))
		print s " |"
	}
	if (n == 0)
		print "No header line differs."
	print ""
}

function md_legend(    j, m) {
	printf "Delta: positive is faster, in percent of the reference; " \
	    "interval: its %g%% interval; **faster**, **slower**: " \
	    "significant (Benjamini-Hochberg q <= %g over %d tests); " \
	    "small: significant but within the floor; noise: the " \
	    "interval holds 0; untested: no -S statistics, no passes.\n",
	    LEVEL, Q, NTESTED
	m = method_lines()
	gsub(/\n/, "; ", m)
	if (m != "")
		print "\nMethod: " md(m) "."
	for (j = 1; j <= NTAGS; j++)
		print "\n**!** " md(TAGS[j]) ": suspect, " md(tag_text(TAGS[j])) \
		    "."
}

function spct(x) { return (x > 0 ? "+" : "") pct(x) }

# ---- svg figures of the html page ----
#
# Inline svg written here, no script, no font or link from outside: it
# prints, and a mail client that shows html shows it.  x is the log of
# reference over value (faster to the right), labelled in percent as
# the deltas are; every coordinate is clamped into the plot area.

function svg_colour(key) {
	if (SUSPECT[key])
		return "#d07000"
	if (VERD[key] == "faster")
		return "#1a8a1a"
	if (VERD[key] == "slower")
		return "#c81e1e"
	return VERD[key] == "small" ? "#707070" : "#a8a8a8"
}

# The delta of a log shift x, in percent: symmetric, 2x either way 100%.
function xpct(x) { return (x < 0 ? -1 : 1) * (exp(abs(x)) - 1) * 100 }

# The axis's half range: the largest interval end of any tested row,
# at least twice the floor and 10%, at most 10x either way.
function svg_range(    r, i, key, m) {
	m = max(2 * LFLOORN, log(1.10))
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++) {
			key = ROW[r] SUBSEP i
			if (!hasratio(VERD[key]))
				continue
			m = max(m, abs(EST[key]))
			if (tested(VERD[key]))
				m = max(m, max(abs(LLO[key]), abs(LHI[key])))
		}
	return min(m * 1.05, log(10))
}

function sx(x) {
	x = PLOTX0 + (x / SRANGE + 1) / 2 * (PLOTX1 - PLOTX0)
	return sprintf("%.1f", max(PLOTX0, min(PLOTX1, x)))
}

# The ticks and their percent labels, under a plot from y0 to y1.
function svg_axis(y0, y1,    p, n, j, t, x, last, s) {
	n = split("0 1 2 5 10 25 50 100 200 400 900", p, " ")
	s = sprintf("<rect x=\"%s\" y=\"%d\" width=\"%.1f\" height=\"%d\" " \
	    "fill=\"#e8e8e8\"/>\n", sx(-LFLOORN), y0, sx(LFLOORN) - sx(-LFLOORN),
	    y1 - y0)
	last = -1000
	for (j = 1; j <= n; j++) {
		t = log(1 + p[j] / 100)
		if (t > SRANGE || (sx(t) - last < 34 && p[j] > 0))
			continue
		last = sx(t)
		x = sx(t)
		s = s svg_tick(x, y0, y1, p[j] == 0 ? "0%" : "+" p[j] "%")
		if (p[j] > 0)
			s = s svg_tick(sx(-t), y0, y1, "-" p[j] "%")
	}
	return s sprintf("<text class=\"ax\" x=\"%s\" y=\"%d\" " \
	    "text-anchor=\"start\">&#8592; slower</text>\n<text class=\"ax\" " \
	    "x=\"%s\" y=\"%d\" text-anchor=\"end\">faster &#8594;</text>\n",
	    PLOTX0, y0 - 16, PLOTX1, y0 - 16)
}

function svg_tick(x, y0, y1, label) {
	return sprintf("<line x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\" " \
	    "stroke=\"%s\" stroke-width=\"%s\"/>\n<text class=\"ax\" " \
	    "x=\"%s\" y=\"%d\" text-anchor=\"middle\">%s</text>\n" \
	    "<text class=\"ax\" x=\"%s\" y=\"%d\" " \
	    "text-anchor=\"middle\">%s</text>\n", x, y0, x, y1, \
	    label == "0%" ? "#000" : "#d0d0d0", label == "0%" ? "1" : "0.5",
	    x, y0 - 4, label, x, y1 + 12, label)
}

# One mark of file i: a circle, a square, a diamond, a triangle.
function svg_mark(i, x, y, c, cls,    s, t) {
	s = (i - 2) % 4
	t = "class=\"" cls "\" fill=\"" c "\""
	if (s == 0)
		return sprintf("<circle %s cx=\"%s\" cy=\"%.1f\" r=\"3.5\"/>",
		    t, x, y)
	if (s == 1)
		return sprintf("<rect %s x=\"%.1f\" y=\"%.1f\" width=\"6\" " \
		    "height=\"6\"/>", t, x - 3, y - 3)
	if (s == 2)
		return sprintf("<path %s d=\"M%.1f %.1fl4 4l-4 4l-4 -4z\"/>",
		    t, x, y - 4)
	return sprintf("<path %s d=\"M%.1f %.1fl4 7h-8z\"/>", t, x, y - 4)
}

# The forest plot: a line per benchmark, by the size of its largest
# change (-g: in the table's order), each compared file's delta as a
# mark and its interval as a bar, the floor band shaded.
function svg_forest(    r, i, n, idx, size, key, b, y, W, LW, RH, top, \
    off, c, m, s, nm) {
	n = 0
	for (r = 1; r <= NROW; r++) {
		idx[++n] = r
		m = -1
		for (i = 2; i <= NFILE; i++) {
			key = ROW[r] SUBSEP i
			if (hasratio(VERD[key]))
				m = max(m, abs(EST[key]))
		}
		size[r] = sprintf("%012.6f", 9999 - m) sprintf("%06d", r)
	}
	if (n == 0)
		return
	if (!FORESTROW)
		sortby(idx, size, n)
	W = 760
	LW = 210
	RH = 13 + 3 * (NFILE - 2)
	top = 40
	PLOTX0 = LW + 10
	PLOTX1 = W - 20
	SRANGE = svg_range()
	y = top + n * RH + (NFILE > 2 ? 50 : 32)
	printf "<svg class=\"forest\" xmlns=\"http://www.w3.org/2000/svg\" " \
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" " \
	    "font-family=\"sans-serif\" font-size=\"10\">\n", W, y, W, y
	print "<title>" h("the delta of each benchmark and its " LEVEL \
	    "% interval, faster to the right") "</title>"
	printf "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" " \
	    "height=\"%d\" fill=\"none\" stroke=\"#d0d0d0\"/>\n", PLOTX0, top,
	    PLOTX1 - PLOTX0, n * RH
	printf "%s", svg_axis(top, top + n * RH)
	for (r = 1; r <= n; r++) {
		b = ROW[idx[r]]
		y = top + (r - 0.5) * RH
		nm = length(b) > 34 ? substr(b, 1, 33) "~" : b
		s = sprintf("<text class=\"nm\" x=\"%d\" y=\"%.1f\" " \
		    "text-anchor=\"end\">%s</text>",
		    LW, y + 3.5, h(nm))
		for (i = 2; i <= NFILE; i++) {
			key = b SUBSEP i
			if (!hasratio(VERD[key]))
				continue
			off = (NFILE > 2) ? (i - 2 - (NFILE - 2) / 2) * 3 : 0
			c = svg_colour(key)
			if (tested(VERD[key]))
				s = s sprintf("<line class=\"bar\" x1=\"%s\" " \
				    "y1=\"%.1f\" x2=\"%s\" y2=\"%.1f\" " \
				    "stroke=\"%s\" stroke-width=\"2\"/>",
				    sx(-LHI[key]), y + off, sx(-LLO[key]),
				    y + off, c)
			s = s svg_mark(i, sx(-EST[key]), y + off, c, "mark")
		}
		print s
	}
	svg_forest_key(top + n * RH + 24)
	print "</svg>"
}

# Under the plot: the colours, and with three or more files the shapes.
function svg_forest_key(y,    x, i, s) {
	s = sprintf("<text class=\"ax\" x=\"%d\" y=\"%d\" " \
	    "text-anchor=\"start\">", 10, y)
	s = s "<tspan fill=\"#1a8a1a\">&#9679; faster</tspan>  " \
	    "<tspan fill=\"#c81e1e\">&#9679; slower</tspan>  " \
	    "<tspan fill=\"#707070\">&#9679; small</tspan>  " \
	    "<tspan fill=\"#a8a8a8\">&#9679; noise</tspan>  " \
	    "<tspan fill=\"#d07000\">&#9679; suspect</tspan>  " \
	    h(sprintf("shaded: the +/-%g%% floor", FLOORN)) "</text>"
	print s
	if (NFILE <= 2)
		return
	x = 10
	for (i = 2; i <= NFILE; i++) {
		printf "%s<text class=\"ax\" x=\"%d\" y=\"%d\" " \
		    "text-anchor=\"start\">%s</text>\n", svg_mark(i, x + 4,
		    y + 14, "#444", "key"), x + 12, y + 18,
		    h(length(FILE[i]) > 30 ? substr(FILE[i], 1, 29) "~" : FILE[i])
		x += 190
	}
}

# The passes of b, a dot each, one line per file (the reference on
# top) on a log axis shared by the files and labelled with its ends: a
# drifting pass, two states or one disturbed pass show at a glance.
function svg_strip(b,    i, k, n, lo, hi, x, s, W, y, c) {
	lo = hi = ""
	for (i = 1; i <= NFILE; i++)
		for (k = 1; k <= npasses(i, b); k++) {
			x = PASSV[i, b, k]
			if (x > 0 && (lo == "" || x < lo))
				lo = x
			if (x > 0 && (hi == "" || x > hi))
				hi = x
		}
	if (lo == "")
		return "<td class=\"strip\"></td>"
	W = 120
	lo = log(lo)
	hi = log(hi)
	if (hi - lo < 1e-9) {
		lo -= 0.01
		hi += 0.01
	}
	s = sprintf("<td class=\"strip\"><svg class=\"strip\" " \
	    "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" " \
	    "height=\"%d\">", W, 5 * NFILE + 2)
	for (i = 1; i <= NFILE; i++) {
		n = npasses(i, b)
		if (n == 0)
			continue
		c = i == 1 ? "#000" : STRIPC[(i - 2) % 4 + 1]
		y = 5 * i - 1
		s = s "<g fill=\"" c "\">"
		for (k = 1; k <= n; k++) {
			x = PASSV[i, b, k]
			if (x > 0)
				s = s sprintf("<circle class=\"pass\" " \
				    "cx=\"%.1f\" cy=\"%d\" r=\"1.8\"/>", 4 + \
				    (log(x) - lo) / (hi - lo) * (W - 8), y)
		}
		s = s "</g>"
	}
	return s "</svg></td>"
}

# How many rows moved how far: the deltas of each compared file counted
# in bins of percent either way (edges 1 2 5 10 25 50 100), a bar per
# file in each bin, its count above it.
function svg_histogram(    e, ne, nb, j, i, r, key, d, cnt, top, m, W, H, \
    bw, gw, x, y, hh, lab, k) {
	ne = split("1 2 5 10 25 50 100", e, " ")
	nb = 2 * ne + 2
	m = 0
	for (i = 2; i <= NFILE; i++)
		for (r = 1; r <= NROW; r++) {
			key = ROW[r] SUBSEP i
			if (!hasratio(VERD[key]))
				continue
			d = DELTA[key]
			for (k = 1; k <= ne && abs(d) >= e[k]; k++)
				;
			# bins 1..ne+1 slower (the largest first), then faster
			j = d < 0 ? ne + 2 - k : ne + 1 + k
			m = max(m, ++cnt[i, j])
		}
	if (m == 0)
		return
	W = 760
	H = 120
	top = 30
	gw = (W - 40) / nb
	bw = (gw - 4) / (NFILE - 1)
	printf "<svg class=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" " \
	    "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" " \
	    "font-size=\"10\" role=\"img\">\n", W, top + H + 40
	print "<title>how many rows moved how far</title>"
	printf "<text x=\"%d\" y=\"12\">rows by delta, slower left, faster " \
	    "right; each bar from its label out to the next</text>\n", 20
	for (j = 1; j <= nb; j++) {
		x = 20 + (j - 1) * gw
		for (i = 2; i <= NFILE; i++) {
			hh = cnt[i, j] / m * H
			y = top + H - hh
			printf "<rect class=\"bin\" x=\"%.1f\" y=\"%.1f\" " \
			    "width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>",
			    x + 2 + (i - 2) * bw, y, bw, hh,
			    STRIPC[(i - 2) % 4 + 1]
			if (cnt[i, j] > 0)
				printf "<text x=\"%.1f\" y=\"%.1f\" text-anchor=" \
				    "\"middle\">%d</text>", x + 2 + (i - 1.5) * bw,
				    y - 2, cnt[i, j]
		}
		k = j <= ne + 1 ? ne + 2 - j : j - ne - 1
		lab = j <= ne + 1 ? (k > ne ? "<-" e[ne] : "-" e[k - 1]) : \
		    (k > ne ? ">+" e[ne] : "+" e[k - 1])
		if (j == ne + 1 || j == ne + 2)
			lab = j == ne + 1 ? "-1..0" : "0..+1"
		printf "\n<text class=\"ax\" x=\"%.1f\" y=\"%d\" " \
		    "text-anchor=\"middle\">%s%%</text>\n", x + gw / 2,
		    top + H + 12, h(lab)
	}
	printf "<line x1=\"20\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n",
	    top + H, W - 20, top + H
	x = 20
	for (i = 2; i <= NFILE; i++) {
		printf "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"8\" " \
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n", x,
		    top + H + 22, STRIPC[(i - 2) % 4 + 1], x + 11, top + H + 30,
		    h(length(FILE[i]) > 30 ? substr(FILE[i], 1, 29) "~" : FILE[i])
		x += 190
	}
	print "</svg>"
}
