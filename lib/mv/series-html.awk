# SPDX-License-Identifier: MIT
#
# series-html.awk - multiview's html renderer of a series (-T): one page,
# with no script and nothing from outside: a strip of how many rows
# stepped at each file, then for each benchmark that changed, the
# largest change first, a small plot of its series (every pass a dot,
# each segment's mean a line, each change point a dashed mark, a drift
# its fitted line), with its changes in words; then the files, and every
# row with what it did.  Loaded with fmt-html.awk (h(), the header
# tables) and fmt-text.awk's words through series.awk's fields.

function series_render(    r, b, n, idx, size, j) {
	APOS = sprintf("%c", 39)
	html_head()
	print "tr.diff th, tr.diff td { background: #ffc; font-weight: bold; }"
	print "details { margin: -1em 0 1.5em 0; }"
	print ".plot { display: inline-block; margin: 0 1em 1em 0;" \
	    " vertical-align: top; }"
	print "</style>"
	print "</head>"
	print "<body>"
	print "<h1>" h(TITLE) "</h1>"
	series_strip()
	n = 0
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		if (SVERD[b] != "changed")
			continue
		idx[++n] = b
		size[b] = sprintf("%09.4f", 9999 - min(series_size(b), 9.999) * \
		    1000) b
	}
	sortby(idx, size, n)
	printf "<h2>%d of %d benchmarks changed</h2>\n", n, NNAME
	for (j = 1; j <= n; j++)
		series_plot(idx[j])
	print "<h2>Files</h2>"
	html_headers()
	series_table()
	printf "<p>A change is tested over the whole series (Benjamini-" \
	    "Hochberg q &le; %g over %d tests); a step at F lies between F" \
	    " and the file before it; its size is the change between the" \
	    " means of the segments around it, with its %g%% interval; * beyond" \
	    " the floor (%g%%), = within it.</p>\n", Q, SNTEST, LEVEL, FLOORN
	print "</body>"
	print "</html>"
}

# Bars of STEPAT over the files, each labelled by its F number.
function series_strip(    i, m, W, H, bw, x, hh) {
	m = 1
	for (i = 2; i <= NFILE; i++)
		m = max(m, STEPAT[i])
	bw = 24
	W = bw * NFILE + 40
	H = 80
	print "<h2>Rows that stepped at each file</h2>"
	printf "<svg width=\"%d\" height=\"%d\" role=\"img\">\n", W, H + 30
	for (i = 1; i <= NFILE; i++) {
		x = 20 + (i - 1) * bw
		hh = int(H * (STEPAT[i] + 0) / m + 0.5)
		if (i > 1)
			printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"" \
			    " fill=\"#1f5fbf\"><title>%s: %d</title></rect>\n",
			    x + 2, H - hh + 10, bw - 4, hh, h(SLABEL[i]),
			    STEPAT[i]
		printf "<text x=\"%d\" y=\"%d\" font-size=\"10\"" \
		    " text-anchor=\"middle\">%s</text>\n", x + bw / 2, H + 24,
		    sname(i)
		if (i > 1 && STEPAT[i] > 0)
			printf "<text x=\"%d\" y=\"%d\" font-size=\"10\"" \
			    " text-anchor=\"middle\">%d</text>\n", x + bw / 2,
			    H - hh + 8, STEPAT[i]
	}
	print "</svg>"
}

# The plot of b: x the sides, y the log of usecs/call.
function series_plot(b,    W, H, lo, hi, i, j, k, y, s, a, e, x0, x1, st) {
	W = 36 * NFILE + 60
	H = 140
	lo = 1e300
	hi = -1e300
	for (j = 1; j <= SM[b]; j++) {
		i = SIDX[b, j]
		for (k = 1; k <= NPASS[i, b]; k++) {
			y = log(PASSV[i, b, k])
			lo = min(lo, y)
			hi = max(hi, y)
		}
	}
	if (hi - lo < 1e-9) {
		hi += 0.01
		lo -= 0.01
	}
	PL_LO = lo
	PL_HI = hi
	PL_H = H
	printf "<div class=\"plot\"><b>%s</b><br>\n", h(b)
	printf "<svg width=\"%d\" height=\"%d\" role=\"img\">\n", W, H + 20
	printf "<text x=\"2\" y=\"12\" font-size=\"10\">%.4g</text>\n",
	    exp(hi)
	printf "<text x=\"2\" y=\"%d\" font-size=\"10\">%.4g</text>\n", H,
	    exp(lo)
	for (j = 1; j <= SM[b]; j++) {
		i = SIDX[b, j]
		for (k = 1; k <= NPASS[i, b]; k++)
			printf "<circle cx=\"%d\" cy=\"%.1f\" r=\"2\"" \
			    " fill=\"#555\"/>\n", px(i), py(log(PASSV[i, b, k]))
		printf "<text x=\"%d\" y=\"%d\" font-size=\"9\"" \
		    " text-anchor=\"middle\">%s</text>\n", px(i), H + 16,
		    sname(i)
	}
	if (SKIND[b] == "drift")
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"" \
		    " stroke=\"#c00\" stroke-width=\"2\"/>\n", px(SIDX[b, 1]),
		    py(log(DA[b])), px(SIDX[b, SM[b]]), py(log(DB[b]))
	for (s = 0; SKIND[b] == "steps" && s <= NSTEP[b]; s++) {
		a = s == 0 ? 1 : STJ[b, s]
		e = s == NSTEP[b] ? SM[b] : STJ[b, s + 1] - 1
		x0 = px(SIDX[b, a]) - 8
		x1 = px(SIDX[b, e]) + 8
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"" \
		    " stroke=\"#c00\" stroke-width=\"2\"/>\n", x0,
		    py(segmean(b, a, e)), x1, py(segmean(b, a, e))
		if (s > 0) {
			st = (px(step_before(b, s)) + px(step_at(b, s))) / 2
			printf "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\"" \
			    " stroke=\"#1f5fbf\" stroke-dasharray=\"4 3\">" \
			    "<title>%s</title></line>\n", st, st, H,
			    h(series_changes_one(b, s))
		}
	}
	print "</svg>"
	printf "<br>%s</div>\n", h(series_changes(b))
}

function px(i) { return 50 + (i - 1) * 36 }
function py(y) { return 6 + (PL_H - 12) * (PL_HI - y) / (PL_HI - PL_LO) }

# Change s of b in words, for a title.
function series_changes_one(b, s,    i) {
	i = step_at(b, s)
	return sval(b, step_before(b, s), STA[b, s]) " -> " \
	    sval(b, i, STB[b, s]) " at " sname(i) " " \
	    bracket(sdelta(STEST[b, s]))
}

function series_table(    r, b, i) {
	print "<table class=\"files\">"
	for (i = 1; i <= NFILE; i++)
		printf "<tr><th>%s</th><td>%s</td><td>%s</td></tr>\n",
		    sname(i), h(FILE[i]), h(SLABEL[i])
	print "</table>"
	print "<table class=\"results\">"
	print "<tr><th>BENCHMARK</th><th>changes</th></tr>"
	for (r = 1; r <= NSROW; r++) {
		b = SROW[r]
		printf "<tr><td>%s</td><td>%s</td></tr>\n", h(b),
		    h(series_changes(b))
	}
	print "</table>"
}
