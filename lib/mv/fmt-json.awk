# SPDX-License-Identifier: MIT
#
# -f json, 4th in the help:
#	all of csv, and the value of each pass
#
# fmt-json.awk - multiview's json renderer: the options, the files and
# their header lines, per benchmark and file the fields of csv and the
# value of each pass, its why (why.awk), its counts (counts.awk), and per compared file its
# counts and notes; the
# layout is in doc/format.md, its version in "schema_version".  Part of
# multiview's program (main.awk says how it is put together).

# The document (main.awk calls render()).  JCTL: the escapes of the
# control bytes.
function render(    i, j, k, r, n, s) {
	JSON_SCHEMA = 1	# the version of the json layout (doc/format.md)
	for (i = 1; i < 32; i++)
		JCTL[sprintf("%c", i)] = sprintf("\\u%04x", i)
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
	if (F_ALONE == 1)
		f = f (f == "" ? "" : ", ") "\"alone\""
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
	if (F_ABS != "")
		printf ", \"difference\": %s", F_ABS
	if (figure_of(i, b) != "")
		printf ", \"figure\": %s", js(figure_of(i, b))
	printf ", \"pass_values\": [%s]", json_passes(i, b)
	if ((b SUBSEP i) in NPAIR)
		printf ", \"pairs\": %d", NPAIR[b SUBSEP i]
	if ((i, b) in FAIL)
		printf ", \"failed\": %s", js(FAIL[i, b])
	if ((i, b) in UNSUP)
		printf ", \"unsupported\": %s", js(UNSUP[i, b])
	if ((b SUBSEP i) in WHY)
		json_why(b SUBSEP i)
	if (i > 1)
		json_counts(b, i)
	printf "}%s\n", (i < NFILE ? "," : "")
}

# The count families of b compared in file i, if any.
function json_counts(b, i,    j, f, s) {
	s = ""
	for (j = 1; j <= CRN[b]; j++) {
		f = CRF[b, j]
		if (!(count_key(b, i, f) in VERD))
			continue
		count_fields(b, i, f)
		s = s (s == "" ? "" : ", ") sprintf("{\"family\": %s, " \
		    "\"ref\": %s, \"cmp\": %s, \"delta\": %s, \"low\": %s, " \
		    "\"high\": %s, \"verdict\": %s}", js(f), jnum(CF_REF),
		    jnum(CF_CMP), jnum(CF_DELTA), jnum(CF_LO), jnum(CF_HI),
		    js(CF_VERD))
	}
	if (s != "")
		printf ", \"counts\": [%s]", s
}

# The why of a compared cell: the pooled samples of each side, the
# difference of the figures and of each function named, in ns/call.
function json_why(key,    j, s) {
	s = ""
	for (j = 1; j <= WHYNF[key]; j++)
		s = s (j > 1 ? ", " : "") sprintf("{\"function\": %s, " \
		    "\"object\": %s, \"ref_ns\": %.6g, \"cmp_ns\": %.6g, " \
		    "\"difference_ns\": %.6g, \"q\": %.4g, \"note\": %s}",
		    js(why_sym(WHYFK[key, j])), js(why_dso(WHYFK[key, j])),
		    WHYFA[key, j], WHYFB[key, j], WHYFD[key, j], WHYFQ[key, j],
		    js(WHYFNOTE[key, j]))
	printf ", \"why\": {\"samples\": [%.0f, %.0f], " \
	    "\"difference_ns\": %.6g, \"note\": %s, \"functions\": [%s]}",
	    WHYNA[key], WHYNB[key], WHYD[key], js(WHYNOTE[key]), s
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
	    "\"median_halfwidth_pct\": %s, \"biggest\": [%s]%s}%s\n",
	    js(FILE[i]), TALLY[i, "faster"], TALLY[i, "slower"],
	    TALLY[i, "small"], TALLY[i, "noise"], TALLY[i, "untested"],
	    TALLY[i, "zero"], TALLY[i, "errors"], TALLY[i, "missing"], g, lo,
	    hi, m, big, (CCOMP[i] > 0 ? sprintf(", \"counts_changed\": %d, " \
	    "\"counts_compared\": %d", CCHANGED[i], CCOMP[i]) : ""),
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
