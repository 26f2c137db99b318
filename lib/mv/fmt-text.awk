# SPDX-License-Identifier: MIT
#
# -f text, 1st in the help:
#	columns, each delta with its interval (the default)
#
# fmt-text.awk - multiview's text renderer: the files, the header lines
# that differ, a column of values per file with each delta, its interval
# (not with -i: libMicro's multiview layout) and its marks, the legend
# of the marks used, and a line of counts and notes per compared file.
# Under a row, its counts that changed (all with -C; counts.awk), then
# its whys (why.awk), but with -i.  Part of multiview's program (main.awk says how it is put together).

# The text (main.awk calls render()): the files, the header lines that
# differ, the table, its legend, a line per compared file.
function render(    i, r, b, nw, vw, bw, line, s, j, f) {
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
		for (j = 1; SHOWCI && j <= CRN[b]; j++)
			if (count_shown(b, j)) {
				f = CRF[b, j]
				nw = max(nw, 4 + length(f))
				for (i = 1; i <= NFILE; i++)
					vw = max(vw, length(count_value(i, b, f)) + 1)
				for (i = 2; i <= NFILE; i++)
					bw = max(bw, dlen(count_note(b, i, f, 1)))
			}
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
		print rtrim(line) (SHOWCI ? figure_note(b) : "")
		for (j = 1; SHOWCI && j <= CRN[b]; j++)
			if (count_shown(b, j))
				text_count(b, CRF[b, j], nw, vw, bw)
		for (i = 2; SHOWCI && i <= NFILE; i++)
			if ((b SUBSEP i) in WHY)
				text_why(b SUBSEP i, i)
	}
	print ""
	if (ONLYREAL)
		printf "(%d of %d rows within noise everywhere not shown)\n",
		    NNAME - NROW, NNAME
	text_legend()
	print ""
	for (i = 2; i <= NFILE; i++) {
		print FILE[i] ": " pair_note(i) counts_note(i) "; " \
		    ratio_note(i) "; " \
		    resolve_note(i)
		if (CCOMP[i] > 0)
			print "  counts: " count_summary(i)
	}
}

# Family f of row b, 4 blanks in, in the table's columns.
function text_count(b, f, nw, vw, bw,    i, line) {
	line = rpad("    " f, nw) lpad(count_value(1, b, f), vw)
	for (i = 2; i <= NFILE; i++)
		line = line dpad(lpad(count_value(i, b, f), vw + 1) \
		    count_note(b, i, f, 1), vw + 1 + bw)
	print rtrim(line)
	COUNTSHOWN = 1
}

# The why of key, 4 blanks in: its first line, then a line a function,
# in columns: name, object, ns/call in each file, the difference.
function text_why(key, i,    j, n, w, k, c, line) {
	print "    why (" FILE[i] "): " why_head(key)
	n = WHYNF[key]
	for (j = 1; j <= n; j++) {
		c[j, 1] = why_sym(WHYFK[key, j])
		c[j, 2] = why_dso(WHYFK[key, j])
		c[j, 3] = why_side(key, j, "A")
		c[j, 4] = why_side(key, j, "B")
		c[j, 5] = why_sns(WHYFD[key, j])
		for (k = 1; k <= 5; k++)
			w[k] = max(w[k], length(c[j, k]))
	}
	for (j = 1; j <= n; j++) {
		line = "    " rpad(c[j, 1], w[1]) " " rpad(c[j, 2], w[2]) "  " \
		    lpad(c[j, 3], w[3]) " -> " lpad(c[j, 4], w[4]) "  " \
		    lpad(c[j, 5], w[5]) " ns/call" (WHYFNOTE[key, j] == "" ? \
		    "" : " (" WHYFNOTE[key, j] ")")
		print line
	}
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

function cmp_note(b, i,    key, v, s) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors" || v == "unsupported")
		return ""
	s = v == "zero" ? "[zero]" : bracket(DELTA[key])
	if (SHOWCI && tested(v))
		s = s PM pct(HALF[key])
	return s sigmark(v, key) (SHOWABS && hasratio(v) ? " " abs_text(key) \
	    "us" : "") (SUSPECT[key] ? "!" shown(REASONS[key]) : "")
}

# The width of s on a terminal: the plus-minus sign is two bytes.
function dlen(s) { return length(s) - (index(s, PM) > 0) }
function dpad(s, w) { return dlen(s) >= w ? s : s blanks(w - dlen(s)) }

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
	if (any_alone())
		print "? " alone_text()
	if (SHOWABS)
		print "+Nus the difference per call, compared minus reference," \
		    " in usecs"
	if (COUNTSHOWN)
		print count_legend()
	if (WHYANY && SHOWCI)
		print why_legend()
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
