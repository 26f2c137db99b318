# SPDX-License-Identifier: MIT
#
# -f markdown, 5th in the help:
#	GitHub tables, for pull requests and mail
#
# fmt-markdown.awk - multiview's markdown renderer: GitHub tables of the
# counts, the header lines that differ and the results, the counts of a
# call that changed (counts.awk; all with -C) and the whys (why.awk),
# each in a section of their own, then the legend.
# Every text from the files goes through md(), so that none can end a
# cell or start a link, a tag or emphasis.  Part of multiview's program
# (main.awk says how it is put together).

# The tables (main.awk calls render()).
function render(    i, r, b, s, t) {
	BQ = sprintf("%c", 96)	# the backquote
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
		s = s " | " md(FILE[i]) " usecs | delta | interval |" \
		    " difference | verdict"
		t = t "|--:|--:|:-:|--:|:--"
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
	if (CANY)
		md_counts()
	if (WHYANY)
		md_why()
	md_legend()
}

# The count families shown (those that changed; all with -C), an item a
# row and file, a family a nested item; the summary of each file after.
function md_counts(    r, b, i, j, f, s) {
	print "### Counts"
	print ""
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++) {
			b = ROW[r]
			s = ""
			for (j = 1; j <= CRN[b]; j++) {
				f = CRF[b, j]
				if (!count_file_shown(b, i, f))
					continue
				s = s "  - " md(f ": " count_value(1, b, f) " -> " \
				    count_value(i, b, f) " " count_note(b, i, f, 1)) \
				    "\n"
			}
			if (s != "")
				printf "- **%s**, %s:\n%s", md(b), md(FILE[i]), s
		}
	for (i = 2; i <= NFILE; i++)
		if (CCOMP[i] > 0)
			print "- " md(FILE[i]) ": " md(count_summary(i))
	print ""
	print md(count_legend()) "."
	print ""
}

# A table row holds no list: the whys go in a section after the table,
# an item a row and file, the functions nested under it.
function md_why(    r, b, i, key, j) {
	print "### Why"
	print ""
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++) {
			b = ROW[r]
			key = b SUBSEP i
			if (!(key in WHY))
				continue
			print "- **" md(b) "**, " md(FILE[i]) ": " \
			    md(why_head(key))
			for (j = 1; j <= WHYNF[key]; j++)
				print "  - " md(why_fn_text(key, j))
		}
	print ""
	print md(why_legend()) "."
	print ""
}

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

# delta | interval | difference | verdict of file i for b.
function md_delta(b, i,    key, v, s) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors" || v == "zero" ||
	    v == "unsupported")
		return " |  |  | " v
	s = SUSPECT[key] ? " **!** " md(shown(REASONS[key])) : ""
	return md(sprintf("%+.1f%%", DELTA[key])) " | " \
	    (tested(v) ? md(spct(DLO[key]) "% to " spct(DHI[key]) "%") : "") \
	    " | " md(abs_text(key)) " | " \
	    (v == "faster" || v == "slower" ? "**" v "**" : \
	    v == "noise" && ALONE[key] ? "noise (alone)" : v) s
}

function spct(x) { return (x > 0 ? "+" : "") pct(x) }

function md_summary(    i) {
	print "| file | faster | slower | small | within noise | untested |" \
	    " zero | errors | missing | geometric mean |"
	print "|:--|--:|--:|--:|--:|--:|--:|--:|--:|:--|"
	for (i = 2; i <= NFILE; i++)
		printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n",
		    md(FILE[i]), TALLY[i, "faster"], TALLY[i, "slower"],
		    TALLY[i, "small"], TALLY[i, "noise"], TALLY[i, "untested"],
		    TALLY[i, "zero"], TALLY[i, "errors"], TALLY[i, "missing"],
		    md(pair_note(i) ratio_note(i))
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
	if (any_alone())
		print "\nnoise (alone): " md(alone_text()) "."
	for (j = 1; j <= NTAGS; j++)
		print "\n**!** " md(TAGS[j]) ": suspect, " md(tag_text(TAGS[j])) \
		    "."
}
