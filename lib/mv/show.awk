# SPDX-License-Identifier: MIT
#
# show.awk - what multiview's renderers share: a value and a delta as
# text, the mark of a verdict, the notes about a compared file (headers
# that differ, the rows by verdict, the geometric mean, what the table
# could see, how the deltas were judged), the warnings of a row and what
# a reason stands for, the fields of a csv row or json cell, and text
# made valid UTF-8.
# Part of multiview's program (main.awk says how it is put together).
#
# Set here: TAGS[1..NTAGS] the reasons shown, in order, for the legend
# (TAGSHOWN their set); F_VALUE ... F_VERD, by fields().

# The value of b in side i as its file printed it, or why there is none.
function value_text(i, b) {
	if (!have(i, b))
		return (i, b) in UNSUP ? "unsupported" : "missing"
	if (ERR[i, b])
		return "ERRORS"
	return sprintf("%." DEC[i, b] "f", fig(i, b))
}

# The delta in brackets: [%5s%] when it fits, else [%7s%].
function bracket(d,    s) {
	s = sprintf("%+.1f", d)
	return "[" lpad(s, length(s) <= 5 ? 5 : 7) "%]"
}

# The mark after a delta: * significant, = small, ~ within noise, ?
# within noise across the table though its own interval leaves out 0.
function sigmark(v, key) {
	if (v == "faster" || v == "slower")
		return "*"
	if (v == "noise" && ALONE[key])
		return "?"
	return v == "small" ? "=" : (v == "noise" ? "~" : " ")
}

# The legend's words for ?, once for every format.
function alone_text() {
	return "significant alone, not across the table: its own interval" \
	    " leaves out 0, but among all the table's tests" \
	    " (Benjamini-Hochberg) it is within what chance gives"
}

function any_alone(    j) {
	for (j = 1; j <= NTESTED; j++)
		if (VERD[TESTED[j]] == "noise" && ALONE[TESTED[j]])
			return 1
	return 0
}

# The difference of the figures, compared minus reference, in usecs/call.
function abs_text(key) {
	return sprintf("%+.4g", ABSD[key])
}

# A percentage of an interval: one decimal, none from 1000 up.
function pct(x) { return sprintf(abs(x) < 1000 ? "%.1f" : "%.0f", x) }

# Header k of side i, or "(none)".
function header_value(i, k) {
	return (i, k) in HDR ? HDR[i, k] : "(none)"
}

# Whether header k differs between the reference and a compared file;
# never for those that differ between any two runs (ignored_key).
function key_differs(k,    i) {
	if (ignored_key(k))
		return 0
	for (i = 2; i <= NFILE; i++)
		if (!same_value(k, header_value(i, k), header_value(1, k)))
			return 1
	return 0
}

# The rows of file i by verdict: "3 faster, 1 slower, 20 within noise,
# 0 errors, 0 missing", the other verdicts where there are some.
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
	s = s sprintf(", %d errors, %d missing", TALLY[i, "errors"],
	    TALLY[i, "missing"])
	if (TALLY[i, "unsupported"] > 0)
		s = s sprintf(", %d unsupported", TALLY[i, "unsupported"])
	return s
}

# The geometric mean of the ratios of file i, and its interval.
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
	if (noise_note(i) != "")
		s = s "; " noise_note(i)
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
function method_lines(    s, r, m) {
	s = ""
	if (NMETH["low"] > 0)
		s = "passes on both sides: the low window, the mean of each" \
		    " side's fastest " sprintf("%g%%", 100 * QHI) " of passes" \
		    " (log values; the machine only adds time), at the smaller" \
		    " side's count; Yuen's interval" (FLOORN > 0 ? \
		    sprintf("; floor %g%%", FLOORN) : "")
	if (NFIGMED > 0 && NMETH["low"] > 0)
		s = s "\n(median) the row's figure is the median of its passes:" \
		    " in a file, its faster passes fall in states a factor " \
		    STATEF " or more apart, so the fast state may be the rare one"
	if (NMETH["hl"] > 0)
		s = s (s == "" ? "" : "\n") \
		    "passes on both sides: Hodges-Lehmann shift of log" \
		    " values, Mann-Whitney interval" (FLOORN > 0 ? \
		    sprintf("; floor %g%%", FLOORN) : "")
	if (NMETH["paired"] > 0)
		s = s (s == "" ? "" : "\n") pair_method_line()
	if (NMETH["model"] > 0)
		s = s (s == "" ? "" : "\n") model_words() ": noise model," \
		    " spread measured from passes where there are some, else " \
		    sprintf("%g%%", SPREAD1) ", plus quantization"
	if (NBETWEEN > 0)
		s = s (s == "" ? "" : "\n") "between separate runs: the" \
		    " noise the table's rows show beyond their own intervals" \
		    " is added to each interval"
	for (r = 1; r <= NNAME; r++)
		if (NAME[r] in MAPPED)
			m = m (m == "" ? "" : ", ") NAME[r] " against " \
			    MAPPED[NAME[r]]
	if (m != "")
		s = s (s == "" ? "" : "\n") "rows against another row of the" \
		    " reference (-m): " m
	if (FLOORN > 0 && NFLOORED > 0)
		s = s (s == "" ? "" : "\n") sprintf("a change clears the" \
		    " floor of %g%% when its estimate is beyond it", FLOORN)
	return s
}

# Why the noise model judged rows: one pass on a side, or passes too
# few for the rank interval at this level (fewer than 4 a side at 95%).
function model_words() {
	if (NMODEL["one"] > 0 && NMODEL["few"] > 0)
		return "one pass on a side, or too few passes for the rank" \
		    " interval"
	return NMODEL["one"] > 0 ? "one pass on a side" : \
	    "too few passes for the rank interval (fewer than 4 a side at" \
	    " 95%)"
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

# What a reason after "!" stands for.
function tag_text(t) {
	if (t in TAGTEXT)
		return TAGTEXT[t]
	if (t == "passes")
		return "passes over 10% apart"
	if (t == "timer")
		return "a clock step over the batch is over 5% of the value"
	if (t == "states")
		return "the passes fall in two groups"
	if (t == "missing")
		return "fewer passes than the file's other rows"
	if (t == "statistic")
		return "the files hold different statistics of the samples"
	t = TAGKIND[t]
	sub(/[;.].*/, "", t)
	return "\"" t "\" warnings from most passes"
}

# The fields of file i for benchmark b, as strings ready to print ("" when
# none): F_VALUE, F_DELTA with F_DLO and F_DHI, F_RATIO with F_RLO and
# F_RHI, F_P, F_Q, F_METHOD, F_EXCL (no change beyond it in either
# direction, in percent), F_WHY (the reasons it is suspect), F_VERD.
function fields(b, i,    key, v) {
	F_VALUE = F_DELTA = F_DLO = F_DHI = F_RATIO = F_RLO = F_RHI = ""
	F_P = F_Q = F_METHOD = F_EXCL = F_WHY = F_ABS = F_ALONE = ""
	if (have(i, b) && !ERR[i, b])
		F_VALUE = value_text(i, b)
	if (i == 1) {
		F_VERD = !have(1, b) ? ((1, b) in UNSUP ? "unsupported" : \
		    "missing") : \
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
	F_ABS = sprintf("%.6g", ABSD[key])
	if (v == "untested")
		return
	F_DLO = sprintf("%.1f", DLO[key])
	F_DHI = sprintf("%.1f", DHI[key])
	F_RLO = sprintf("%.6g", exp(LLO[key]))
	F_RHI = sprintf("%.6g", exp(LHI[key]))
	F_EXCL = sprintf("%.1f", EXCL[key])
	F_P = sprintf("%.4g", PVAL[key])
	F_Q = sprintf("%.4g", QVAL[key])
	F_METHOD = METHOD[key]
	F_ALONE = v == "noise" && ALONE[key] ? 1 : 0
}

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

# " (median)" after a row whose figure is the median where others'
# is the low window, else "".
function figure_note(b) {
	return FIGURE == "auto" && FIGK[b] == "median" && NMETH["low"] > 0 ? \
	    " (median)" : ""
}

# The figure over passes that side i's value of b is: "low" (the low
# window), "median", or "" where it has no value.
function figure_of(i, b) {
	if (!have(i, b) || ERR[i, b])
		return ""
	return FIGK[b] == "low" && ((i, b) in LOWL) ? "low" : "median"
}
