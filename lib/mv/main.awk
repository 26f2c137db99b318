# SPDX-License-Identifier: MIT
#
# main.awk - the program of multiview.sh (see there and
# libmicro-multiview(1)): POSIX awk that prints the same bytes under mawk
# and gawk.  multiview.sh puts it together from the files of lib/mv/:
#
#	awk -f result.awk -f mv/num.awk -f mv/read.awk -f mv/model.awk \
#	    -f mv/noise.awk -f mv/paired.awk -f mv/why.awk -f mv/counts.awk \
#	    -f mv/show.awk -f mv/fmt-FORMAT.awk -f mv/series.awk -f mv/series-FORMAT.awk \
#	    -f mv/main.awk -- FILE...
#
# With -T (SERIES) the sides are a series: series.awk finds where each
# benchmark changed and series-FORMAT.awk's series_render() prints it.
#
# result.awk names the result line's columns (RL_*); num.awk holds the
# numerics, read.awk the reader, model.awk the comparison, paired.awk
# the comparison of the files of one session pair by pair, why.awk why a
# row changed (from the files' profiles), counts.awk the counts of a
# call (getrusage, -K counters) compared as its time is, show.awk what
# the renderers share, and fmt-FORMAT.awk the one renderer asked for
# (-f), which defines render().  This file, last, holds the run from
# start to end, the options, which come in the environment (MV_*), the
# messages, and the helpers on strings the other files use.  Files are
# read in BEGIN and the program exits there.
#
# A format is a file: fmt-NAME.awk makes -f NAME, and multiview.sh finds
# the formats by those files.  Such a file begins with the format's
# entry in the help (see fmt-text.awk) and defines render(), which
# prints the comparison from what read.awk and model.awk left, with the
# helpers of show.awk.
#
# Set here: PROG and ERRCMD (where messages go); COPY, the copies
# multiview.sh made of standard input and pipes; the options ORDER,
# TITLE, Q, SPREAD1, FLOORN, LEVEL, SHOWCI, ONLYREAL, FORESTROW, SERIES,
# SKEY, NOISEREF, SHOWABS, NOWHY, ALLCOUNTS, and from them ALPHA, ZHALF, LRUN1 and
# LFLOORN; the constants MAXBAD, MINN, LSPREAD, MINSEG, WHYMINN, WHYMAX,
# PM and ORD.

BEGIN {
	main()
}

# Read, compare, render: render() is the renderer of the format, the one
# fmt-FORMAT.awk loaded (multiview.sh checked -f against the files).
function main(    i, r, join) {
	init()
	join = 0
	for (i = 1; i < ARGC; i++)
		if (ARGV[i] == "+")
			join = 1
		else {
			read_file(input_name(ARGV[i]), join, input_path(i, ARGV[i]))
			join = 0
		}
	map_reference()
	read_reference()
	side_warnings()
	estimator_warnings()
	counting_warnings()
	pair_setup()
	for (i = 1; i <= NFILE; i++) {
		missing_passes(i)
		for (r = 1; r <= NNAME; r++)
			summarize(i, NAME[r])
	}
	for (r = 1; REFSIDE && r <= NNAME; r++)
		summarize(REFSIDE, NAME[r])
	for (i = REFONE; NREF && i < REFONE + NREF; i++)
		for (r = 1; r <= NNAME; r++)
			summarize(i, NAME[r])
	NSIDES = NREF ? REFONE + NREF - 1 : REFSIDE ? REFSIDE : NFILE
	for (r = 1; r <= NNAME; r++)
		choose_figure(NAME[r])
	for (r = 1; NREF && r <= NNAME; r++)
		ref_between(NAME[r])
	for (r = 1; r <= NNAME; r++)
		pool_spread(NAME[r])
	if (SERIES) {
		series_run()
		close(ERRCMD)
		exit 0
	}
	for (r = 1; r <= NNAME; r++)
		for (i = 2; i <= NFILE; i++)
			compare(NAME[r], i)
	for (i = 2; i <= NFILE; i++) {
		moderate(i)
		between(i)
		if (!PAIRED)
			onepass_fit(i)
	}
	for (r = 1; r <= NTESTED; r++)
		finish(TESTED[r])
	fdr()
	count_all()
	why_all()
	order_rows()
	tally()
	render()
	close(ERRCMD)
	exit 0
}

# The options, from multiview.sh; each bad one is fatal, in this order.
function init() {
	PROG = ENVIRON["MV_PROG"]
	ERRCMD = "cat 1>&2"
	ORDER = ENVIRON["MV_ORDER"]
	TITLE = ENVIRON["MV_TITLE"]
	Q = ENVIRON["MV_Q"]
	SPREAD1 = ENVIRON["MV_SPREAD1"]
	# -n table: a one-pass side's spread from the table (noise.awk)
	ONETABLE = SPREAD1 == "table"
	if (ONETABLE)
		SPREAD1 = 10
	FLOORN = ENVIRON["MV_FLOORN"]
	LEVEL = ENVIRON["MV_LEVEL"]
	SHOWCI = ENVIRON["MV_INTERVALS"] == "yes"
	ONLYREAL = ENVIRON["MV_ONLYREAL"] == "yes"
	FORESTROW = ENVIRON["MV_FORESTROW"] == "yes"
	SERIES = ENVIRON["MV_SERIES"] == "yes"
	SKEY = ENVIRON["MV_KEY"]
	NOISEREF = ENVIRON["MV_NOISEREF"]
	MAPS = ENVIRON["MV_MAP"]
	map_names()
	SHOWABS = ENVIRON["MV_ABS"] == "yes"
	NOWHY = ENVIRON["MV_WHY"] == "no"
	ALLCOUNTS = ENVIRON["MV_COUNTS"] == "all"
	FIGURE = ENVIRON["MV_FIGURE"]
	if (FIGURE == "")
		FIGURE = "auto"
	copies()
	count_init()
	if (!isdec(Q) || Q + 0 <= 0 || Q + 0 > 1)
		die("-q " Q ": not a rate between 0 and 1")
	if (!isdec(SPREAD1))
		die("-n " SPREAD1 ": not a percentage")
	if (!isdec(FLOORN))
		die("-p " FLOORN ": not a percentage")
	if (!isdec(LEVEL) || LEVEL + 0 < 50 || LEVEL + 0 >= 100)
		die("-c " LEVEL ": not a confidence level from 50 to below 100")
	if (FIGURE !~ /^(auto|low|median)$/)
		die("-F " FIGURE ": unknown figure (auto, low, median)")
	if (ORDER !~ /^(name|ref|delta)$/)
		die("-s " ORDER ": unknown order (name, ref, delta)")
	constants()
}

# What the options give, and the constants of the reader, the model and
# the renderers.
function constants(    i) {
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
	MINSEG = 2		# files in a segment of a series, but the last
	MINFIT = 20		# rows to measure the noise between runs
	MINREF = 3		# -R files for a row's own between-run term
	NGROUPROWS = 50		# rows a group of that fit, at the least
	MAXGROUPS = 4
	MADZ = 0.6744898	# median of |z|, z standard normal
	TRIMZ = 2.5		# a row this far out changed: not in the fit
	# The low window: from the QLO to the QHI quantile of the passes
	# (MV_QLO, MV_QHI: for bench/figure.sh's studies of other windows).
	QLO = ENVIRON["MV_QLO"] != "" ? ENVIRON["MV_QLO"] + 0 : 0
	QHI = ENVIRON["MV_QHI"] != "" ? ENVIRON["MV_QHI"] + 0 : 0.3
	STATEF = 2		# two states this far apart: the median
	MINLOW = 5		# passes a side for the low window
	WHYMINN = 1000		# profile samples a side to say why
	WHYMAX = 5		# functions named in a why
	PM = "\302\261"	# the plus-minus sign, in UTF-8
	for (i = 1; i < 256; i++)
		ORD[sprintf("%c", i)] = i
}

# COPY[KEY] for each KEY=NAME of MV_COPIES: the input KEY (an operand's
# place, rJ for the J-th -R file) is read from the copy NAME in MV_TMP,
# which multiview.sh made of standard input or a pipe.
function copies(    w, n, j, k) {
	n = split(ENVIRON["MV_COPIES"], w, " ")
	for (j = 1; j <= n; j++) {
		k = index(w[j], "=")
		COPY[substr(w[j], 1, k - 1)] = ENVIRON["MV_TMP"] "/" \
		    substr(w[j], k + 1)
	}
}

# The path to read input key of the given path, and the name to show.
function input_path(key, path) { return key in COPY ? COPY[key] : path }
function input_name(path) { return path == "-" ? "stdin" : path }

# MAPNEW[NEW] for each -m NEW=OLD, so that the reader sets the
# reference's own NEW aside.
function map_names(    w, n, j) {
	n = split(MAPS, w, "\n")
	for (j = 1; j <= n; j++)
		if (index(w[j], "=") > 1)
			MAPNEW[substr(w[j], 1, index(w[j], "=") - 1)] = 1
}

# ---- messages and strings ----

# "PROG: msg" on standard error; die then ends the run, status 2 (128
# under -J, where 1 to 127 are verdicts: judge.awk).
function die(msg) {
	printf "%s: %s\n", PROG, msg | ERRCMD
	close(ERRCMD)
	exit (ENVIRON["MV_JUDGE"] == "" ? 2 : 128)
}

function warn(msg) {
	printf "%s: %s\n", PROG, msg | ERRCMD
}

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
