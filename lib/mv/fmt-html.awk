# SPDX-License-Identifier: MIT
#
# -f html, 2nd in the help:
#	a page: the table, a forest plot of the intervals, a
#	histogram of the deltas
#
# fmt-html.awk - multiview's html renderer: one page, with no script and
# nothing from outside, that holds first the answer (the files, each
# compared file's rows by verdict, geometric mean, median interval and
# biggest changes, the header lines), then a forest plot of the deltas
# and their intervals as wide as the page, a histogram of the deltas,
# the results with a strip of the passes per row, the counts of a call
# that changed (counts.awk; all with -C) and its whys (why.awk) in rows
# under it, and the legend.  The forest plot draws the counts the table
# shows under their row, smaller; the histogram is of the times only.
# Every text from the files goes through h().  Part of multiview's
# program (main.awk says how it is put together).

# The page's start, up to the styles both the table and the series
# pages share; each adds its own styles after.
function html_head() {
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
}

# The page (main.awk calls render()).  STRIPC: the colours the
# compared files take in turn, in the strips and the histogram.
function render() {
	APOS = sprintf("%c", 39)
	split("#1f5fbf #8a2be2 #b8860b #2e8b57", STRIPC, " ")
	html_head()
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
	print "div.top p { margin: 0 0 0.5em 0; }"
	print "p.verdict { font-size: 14px; }"
	print "svg.forest { display: block; margin: 0 0 1em 0; }"
	if (WHYANY || CANY)
		print "ul.why { margin: 0; padding-left: 1.5em; }"
	print "</style>"
	print "</head>"
	print "<body>"
	print "<h1>" h(TITLE) "</h1>"
	html_top()
	svg_forest()
	svg_histogram()
	html_results()
	html_legend()
	print "</body>"
	print "</html>"
}

# s as html text, or as an attribute's value in double quotes.
function h(s) {
	s = utf8(s)
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(APOS, "\\&#39;", s)
	return s
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
# would push the plot off the first screen.
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
		html_counts(b)
		html_why(b)
	}
	print "</table>"
}

# The count families of b shown (those that changed; all with -C), as a
# list in a row of their own across the table, as the whys are.
function html_counts(b,    i, j, f, s) {
	s = ""
	for (j = 1; j <= CRN[b]; j++) {
		if (!count_shown(b, j))
			continue
		f = CRF[b, j]
		for (i = 2; i <= NFILE; i++)
			if (count_file_shown(b, i, f))
				s = s "<li>" h(f " (" FILE[i] "): " \
				    count_value(1, b, f) " -> " count_value(i, b, f) \
				    " " count_note(b, i, f, 1)) "</li>\n"
	}
	if (s != "")
		printf "<tr class=\"counts\"><td colspan=\"%d\">" \
		    "<ul class=\"why\">\n%s</ul></td></tr>\n", 2 * NFILE + 1, s
}

# The whys of b, as a list in a row of their own across the table.
function html_why(b,    i, j, key, s) {
	s = ""
	for (i = 2; i <= NFILE; i++) {
		key = b SUBSEP i
		if (!(key in WHY))
			continue
		s = s "<li>why (" h(FILE[i]) "): " h(why_head(key))
		if (WHYNF[key] > 0) {
			s = s "\n<ul>"
			for (j = 1; j <= WHYNF[key]; j++)
				s = s "<li>" h(why_fn_text(key, j)) "</li>"
			s = s "</ul>"
		}
		s = s "</li>\n"
	}
	if (s != "")
		printf "<tr class=\"why\"><td colspan=\"%d\"><ul class=\"why\">" \
		    "\n%s</ul></td></tr>\n", 2 * NFILE + 1, s
}

# An ERRORS cell carries the FAILED reason and warnings as its title.
function html_value(i, b,    s, w, c) {
	s = value_text(i, b)
	if (s != "missing" && s != "ERRORS" && s != "unsupported")
		return "<td class=\"num\">" s "</td>"
	c = s == "ERRORS" ? "na err" : "na"
	w = s == "ERRORS" ? all_warnings(i, b) : \
	    s == "unsupported" ? UNSUP[i, b] : ""
	if (w != "")
		return "<td class=\"" c "\" title=\"" h(w) "\">" s "</td>"
	return "<td class=\"" c "\">" s "</td>"
}

# Only faster and slower are coloured; the interval follows the mark.
function html_delta(b, i,    key, v, cls, s, ci) {
	key = b SUBSEP i
	v = VERD[key]
	if (v == "missing" || v == "errors" || v == "unsupported")
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
	    (sigmark(v, key) == " " ? "" : " " sigmark(v, key)) ci \
	    "<span class=\"ci\"> " h(abs_text(key)) "us</span>" s "</td>"
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
	if (any_alone())
		print "<tr><td colspan=\"3\">? " h(alone_text()) "</td></tr>"
	print "<tr><td colspan=\"3\">+Nus: the difference per call," \
	    " compared minus reference, in usecs</td></tr>"
	if (CANY)
		print "<tr><td colspan=\"3\">" h(count_legend()) "</td></tr>"
	if (WHYANY)
		print "<tr><td colspan=\"3\">" h(why_legend()) "</td></tr>"
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

# The answer, above the plot so that a window's first screen holds it:
# the files, then for each compared file what the text's last lines
# say (its rows by verdict; the geometric mean of its ratios and its
# interval; the median interval, the noise between runs and the
# biggest changes; its counts), then the header lines.
function html_top(    i, s) {
	print "<div class=\"top\">"
	s = ""
	for (i = 1; i <= NFILE; i++)
		s = s (i > 1 ? " | " : "") FILE[i]
	print "<p>files: " h(s) "</p>"
	for (i = 2; i <= NFILE; i++) {
		printf "<p class=\"verdict\"><strong>%s</strong>: %s<br>\n%s<br>\n" \
		    "%s</p>\n",
		    h(FILE[i]), h(pair_note(i) counts_note(i)), h(ratio_note(i)),
		    h(resolve_note(i))
		if (CCOMP[i] > 0)
			print "<p>" h(FILE[i] ": counts: " count_summary(i)) "</p>"
	}
	html_headers()
	print "</div>"
}

# ---- svg figures of the html page ----
#
# Inline svg written here, no script, no font or link from outside: it
# prints, and a mail client that shows html shows it.  x is the log of
# reference over value (faster to the right), labelled in percent as
# the deltas are; every coordinate is clamped into the plot area, and
# what that cuts has an arrow just outside it.

function svg_colour(key) {
	if (SUSPECT[key])
		return "#d07000"
	if (VERD[key] == "faster")
		return "#1a8a1a"
	if (VERD[key] == "slower")
		return "#c81e1e"
	return VERD[key] == "small" ? "#707070" : "#a8a8a8"
}

# Where the plot puts a delta: the log estimate of a tested row, the log
# of the plain ratio of one that was not tested.
function plot_est(key) {
	if (tested(VERD[key]))
		return EST[key]
	return RATIO[key] + 0 > 0 ? log(RATIO[key]) : 0
}

# The axis's half range, a log shift, and SRANGEP, its end in percent:
# the first of the ticks 5 10 25 50 100 200 400 900% that holds the
# times' deltas but their largest 5% (none with fewer than 20), the
# outer ends of half of their intervals, and the floor.  The changes
# set it: neither the widest intervals (a two-state row's), nor a few
# far deltas, nor any count (one resting on few events) may squash the
# rest into a few pixels about 0.  What it cuts ends in an arrow at its
# edge, and its row says so on hover.
function svg_scale(    r, i, key, e, ne, o, no, m, t, n, j) {
	ne = no = 0
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++) {
			key = ROW[r] SUBSEP i
			if (!hasratio(VERD[key]))
				continue
			e[++ne] = abs(plot_est(key))
			if (tested(VERD[key]))
				o[++no] = max(abs(LLO[key]), abs(LHI[key]))
		}
	sortnum(e, ne)
	sortnum(o, no)
	m = LFLOORN
	if (ne > 0)
		m = max(m, e[ne - int(ne / 20)])
	if (no > 0)
		m = max(m, o[int((no + 1) / 2)])
	n = split("5 10 25 50 100 200 400 900", t, " ")
	for (j = 1; j < n && log(1 + t[j] / 100) < m; j++)
		;
	SRANGEP = t[j] + 0
	return log(1 + t[j] / 100)
}

function sx(x) {
	x = PLOTX0 + (x / SRANGE + 1) / 2 * (PLOTX1 - PLOTX0)
	return sprintf("%.1f", max(PLOTX0, min(PLOTX1, x)))
}

# The floor band, 0, and either way the axis's end and, going in from
# it, those of 1 2 5 10 25 50 100 200 400% that keep 34 units from the
# tick outside them and from 0, each labelled over and under a plot
# from y0 to y1.
function svg_axis(y0, y1,    p, n, j, t, last, s) {
	n = split("1 2 5 10 25 50 100 200 400 900", p, " ")
	s = sprintf("<rect x=\"%s\" y=\"%d\" width=\"%.1f\" height=\"%d\" " \
	    "fill=\"#e8e8e8\"/>\n", sx(-LFLOORN), y0, sx(LFLOORN) - sx(-LFLOORN),
	    y1 - y0)
	s = s svg_tick(sx(0), y0, y1, "0%")
	last = PLOTX1 + 34
	for (j = n; j >= 1; j--) {
		t = log(1 + p[j] / 100)
		if (p[j] > SRANGEP || last - sx(t) < 34 || sx(t) - sx(0) < 34)
			continue
		last = sx(t)
		s = s svg_tick(sx(t), y0, y1, "+" p[j] "%") \
		    svg_tick(sx(-t), y0, y1, "-" p[j] "%")
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

# The forest plot, as wide as the page (its viewBox scales): a line per
# benchmark, by the size of its largest change (-g: in the table's
# order), each compared file's delta as a mark and its interval as a
# bar, the floor band shaded; under a benchmark's line, a lower line per
# count family the table shows under it.
function svg_forest(    n, idx, r, y, W, LW, RH, CH, top, nc, k, b, j, ph) {
	n = forest_order(idx)
	if (n == 0)
		return
	nc = 0
	for (r = 1; r <= n; r++)
		nc += count_lines(ROW[idx[r]])
	W = 1100
	LW = 210
	RH = 13 + 3 * (NFILE - 2)
	CH = 9 + 3 * (NFILE - 2)
	top = 40
	PLOTX0 = LW + 10
	PLOTX1 = W - 20
	SRANGE = svg_scale()
	ph = n * RH + nc * CH
	k = 2 + (NFILE > 2) + (nc > 0)
	y = top + ph + 24 + 16 * (k - 1) + 10
	printf "<svg class=\"forest\" xmlns=\"http://www.w3.org/2000/svg\" " \
	    "width=\"100%%\" viewBox=\"0 0 %d %d\" role=\"img\" " \
	    "font-family=\"sans-serif\" font-size=\"10\">\n", W, y
	print "<title>" h("the delta of each benchmark and its " LEVEL \
	    "% interval, faster to the right" (nc > 0 ? \
	    "; under a benchmark, its counts" : "")) "</title>"
	printf "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" " \
	    "height=\"%d\" fill=\"none\" stroke=\"#d0d0d0\"/>\n", PLOTX0, top,
	    PLOTX1 - PLOTX0, ph
	printf "%s", svg_axis(top, top + ph)
	y = top
	for (r = 1; r <= n; r++) {
		b = ROW[idx[r]]
		svg_forest_row(b, y, RH, LW, W)
		y += RH
		for (j = 1; j <= CRN[b]; j++)
			if (count_shown(b, j)) {
				svg_count_row(b, CRF[b, j], y, CH, LW, W)
				y += CH
			}
	}
	svg_forest_key(top + ph + 24, nc > 0)
	print "</svg>"
}

# The forest plot's rows, idx[1..n] (n returned): by the size of the
# largest change of the row in any compared file, the largest first,
# else (-g) in the table's order.
function forest_order(idx,    r, i, n, m, key, size) {
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
	if (!FORESTROW)
		sortby(idx, size, n)
	return n
}

# The line of b, rh high from y0: its name, ending at x = lw, then the
# mark and the bar of each compared file, a little lower for each file.
function svg_forest_row(b, y0, rh, lw, w,    s, nm, i, key, off, c, y, \
    lo, hi, cut) {
	y = y0 + rh / 2
	nm = length(b) > 34 ? substr(b, 1, 33) "~" : b
	s = sprintf("<text class=\"nm\" x=\"%d\" y=\"%.1f\" " \
	    "text-anchor=\"end\">%s</text>",
	    lw, y + 3.5, h(nm))
	cut = ""
	for (i = 2; i <= NFILE; i++) {
		key = b SUBSEP i
		if (!hasratio(VERD[key]))
			continue
		off = (NFILE > 2) ? (i - 2 - (NFILE - 2) / 2) * 3 : 0
		c = svg_colour(key)
		lo = hi = plot_est(key)
		if (tested(VERD[key])) {
			lo = LLO[key]
			hi = LHI[key]
			s = s sprintf("<line class=\"bar\" x1=\"%s\" " \
			    "y1=\"%.1f\" x2=\"%s\" y2=\"%.1f\" " \
			    "stroke=\"%s\" stroke-width=\"2\"/>",
			    sx(-hi), y + off, sx(-lo), y + off, c)
		}
		s = s svg_cut(lo, hi, y + off, c, 6) \
		    svg_mark(i, sx(-plot_est(key)), y + off, c, "mark")
		if (beyond(lo, hi))
			cut = cut (cut == "" ? "" : "; ") svg_cut_text(key, i,
			    DELTA[key])
	}
	svg_cut_row(b, cut, s, y0, rh, w)
}

# Does the axis cut the log shifts from lo to hi?
function beyond(lo, hi) { return hi > SRANGE || -lo > SRANGE }

# What the axis cut of file i's delta d (key the comparison): the delta
# and its interval, in percent.
function svg_cut_text(key, i, d) {
	return FILE[i] " " sprintf("%+.1f%%", d) (tested(VERD[key]) || \
	    count_tested(VERD[key]) ? sprintf(" (%g%% interval %+.1f%% to " \
	    "%+.1f%%)", LEVEL, DLO[key], DHI[key]) : "")
}

# A line s drawn, from y0 to y0 + rh; where the axis cut some of it
# (cut: what), in a group whose title says so on hover, over a clear
# rectangle the width w of the plot that takes the pointer.
function svg_cut_row(label, cut, s, y0, rh, w) {
	if (cut == "") {
		print s
		return
	}
	printf "<g class=\"cut\"><title>%s</title><rect x=\"0\" y=\"%d\" " \
	    "width=\"%d\" height=\"%d\" fill=\"#fff\" fill-opacity=\"0\"/>\n",
	    h(label ": beyond the axis's +/-" SRANGEP "%: " cut), y0, w, rh
	print s
	print "</g>"
}

# A count line, rh high from y0: family f of row b, lower and smaller
# than a benchmark's line, its label lighter, each shown file's delta a
# hollow diamond in the colour of its verdict (more as slower, fewer as
# faster, the others as noise) and its interval a thinner bar, a little
# lower for each file as the marks above are.  A count is drawn on the
# times' axis, which it does not set.
function svg_count_row(b, f, y0, rh, lw, w,    s, i, ck, e, off, c, y, lo, \
    hi, cut) {
	y = y0 + rh / 2
	s = sprintf("<text class=\"cnm\" x=\"%d\" y=\"%.1f\" " \
	    "text-anchor=\"end\" font-size=\"8\" fill=\"#707070\">%s</text>",
	    lw, y + 2.5, h(svg_count_label(b, f)))
	cut = ""
	for (i = 2; i <= NFILE; i++) {
		e = count_est(b, i, f)
		if (!count_file_shown(b, i, f) || e == "")
			continue
		ck = count_key(b, i, f)
		off = (NFILE > 2) ? (i - 2 - (NFILE - 2) / 2) * 3 : 0
		c = VERD[ck] == "more" ? "#c81e1e" : \
		    (VERD[ck] == "fewer" ? "#1a8a1a" : "#a8a8a8")
		lo = hi = e
		if (count_tested(VERD[ck])) {
			lo = LLO[ck]
			hi = LHI[ck]
			s = s sprintf("<line class=\"cbar\" x1=\"%s\" " \
			    "y1=\"%.1f\" x2=\"%s\" y2=\"%.1f\" stroke=\"%s\" " \
			    "stroke-width=\"1\"/>", sx(-hi), y + off,
			    sx(-lo), y + off, c)
		}
		s = s svg_cut(lo, hi, y + off, c, 4) \
		    svg_count_mark(sx(-e), y + off, c, "cmark")
		if (beyond(lo, hi))
			cut = cut (cut == "" ? "" : "; ") svg_cut_text(ck, i,
			    DELTA[ck])
	}
	svg_cut_row(b " " f, cut, s, y0, rh, w)
}

# "ROW FAMILY" in 40 characters at most, the row's name cut first.
function svg_count_label(b, f,    k) {
	k = 40 - length(f) - 2
	if (length(b) + 1 + length(f) <= 40)
		return b " " f
	if (k >= 4)
		return substr(b, 1, k) "~ " f
	return substr(b " " f, 1, 39) "~"
}

# An arrow z high at height y, just outside each end of the axis that
# cuts the log shifts from lo to hi, pointing out: more (slower) is to
# the left.
function svg_cut(lo, hi, y, c, z,    s) {
	s = ""
	if (hi > SRANGE)
		s = s sprintf("<path class=\"cut\" d=\"M%d %.1fv%dl-%d -%gz\" " \
		    "fill=\"%s\"/>", PLOTX0 - 2, y - z / 2, z, z - 1, z / 2, c)
	if (-lo > SRANGE)
		s = s sprintf("<path class=\"cut\" d=\"M%d %.1fv%dl%d -%gz\" " \
		    "fill=\"%s\"/>", PLOTX1 + 2, y - z / 2, z, z - 1, z / 2, c)
	return s
}

# The mark of a count: a small hollow diamond, unlike every file's mark.
function svg_count_mark(x, y, c, cls) {
	return sprintf("<path class=\"%s\" d=\"M%s %.1fl2.5 2.5l-2.5 2.5" \
	    "l-2.5 -2.5z\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"1.2\"/>",
	    cls, x, y - 2.5, c)
}

# Under the plot, a line each from y: the colours; with three or more
# files the shapes; where counts are drawn (counts) their mark; what
# set the axis and what its arrows mean.
function svg_forest_key(y, counts,    x, i, s) {
	s = sprintf("<text class=\"ax\" x=\"%d\" y=\"%d\" " \
	    "text-anchor=\"start\">", 10, y)
	s = s "<tspan fill=\"#1a8a1a\">&#9679; faster</tspan>  " \
	    "<tspan fill=\"#c81e1e\">&#9679; slower</tspan>  " \
	    "<tspan fill=\"#707070\">&#9679; small</tspan>  " \
	    "<tspan fill=\"#a8a8a8\">&#9679; noise</tspan>  " \
	    "<tspan fill=\"#d07000\">&#9679; suspect</tspan>  " \
	    h(sprintf("shaded: the +/-%g%% floor", FLOORN)) "</text>"
	print s
	if (NFILE > 2) {
		y += 16
		x = 10
		for (i = 2; i <= NFILE; i++) {
			printf "%s<text class=\"ax\" x=\"%d\" y=\"%d\" " \
			    "text-anchor=\"start\">%s</text>\n", svg_mark(i,
			    x + 4, y - 4, "#444", "key"), x + 12, y,
			    h(length(FILE[i]) > 30 ? substr(FILE[i], 1, 29) \
			    "~" : FILE[i])
			x += 190
		}
	}
	if (counts) {
		y += 16
		printf "%s<text class=\"ax\" x=\"%d\" y=\"%d\" " \
		    "text-anchor=\"start\">%s</text>\n", svg_count_mark(14,
		    y - 4, "#444", "key"), 24, y, "a count of the benchmark " \
		    "above, smaller: red more, green fewer, grey neither; on " \
		    "the times' axis, which the counts do not set"
	}
	y += 16
	printf "<text class=\"ax\" x=\"%d\" y=\"%d\" text-anchor=\"start\">" \
	    "%s</text>\n", 10, y, h("the axis, to +/-" SRANGEP "%, holds " \
	    "95% of the deltas or more and half of the intervals whole; an " \
	    "arrow at its end: cut there (hover the line for its figures)")
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
function svg_histogram(    e, ne, nb, cnt, m, j, x, W, H, top, gw, bw) {
	ne = split("1 2 5 10 25 50 100", e, " ")
	nb = 2 * ne + 2
	m = hist_counts(cnt, e, ne)
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
		hist_bars(cnt, j, m, x, bw, top + H, H)
		printf "\n<text class=\"ax\" x=\"%.1f\" y=\"%d\" " \
		    "text-anchor=\"middle\">%s%%</text>\n", x + gw / 2,
		    top + H + 12, h(hist_label(j, e, ne))
	}
	printf "<line x1=\"20\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n",
	    top + H, W - 20, top + H
	hist_key(top + H + 22)
	print "</svg>"
}

# cnt[i, j]: the rows of file i in bin j, the bins 1..ne+1 slower (the
# largest first), then faster; the largest count is returned.
function hist_counts(cnt, e, ne,    m, i, r, key, d, k, j) {
	m = 0
	for (i = 2; i <= NFILE; i++)
		for (r = 1; r <= NROW; r++) {
			key = ROW[r] SUBSEP i
			if (!hasratio(VERD[key]))
				continue
			d = DELTA[key]
			for (k = 1; k <= ne && abs(d) >= e[k]; k++)
				;
			j = d < 0 ? ne + 2 - k : ne + 1 + k
			m = max(m, ++cnt[i, j])
		}
	return m
}

# The bars of bin j, from x, on the base line at y = base; the largest
# count m is H high.
function hist_bars(cnt, j, m, x, bw, base, H,    i, hh, y) {
	for (i = 2; i <= NFILE; i++) {
		hh = cnt[i, j] / m * H
		y = base - hh
		printf "<rect class=\"bin\" x=\"%.1f\" y=\"%.1f\" " \
		    "width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>",
		    x + 2 + (i - 2) * bw, y, bw, hh,
		    STRIPC[(i - 2) % 4 + 1]
		if (cnt[i, j] > 0)
			printf "<text x=\"%.1f\" y=\"%.1f\" text-anchor=" \
			    "\"middle\">%d</text>", x + 2 + (i - 1.5) * bw,
			    y - 2, cnt[i, j]
	}
}

# The label of bin j: the edge it starts from, going out from 0.
function hist_label(j, e, ne,    k) {
	if (j == ne + 1 || j == ne + 2)
		return j == ne + 1 ? "-1..0" : "0..+1"
	k = j <= ne + 1 ? ne + 2 - j : j - ne - 1
	return j <= ne + 1 ? (k > ne ? "<-" e[ne] : "-" e[k - 1]) : \
	    (k > ne ? ">+" e[ne] : "+" e[k - 1])
}

# Under the histogram, at y: the colour of each compared file.
function hist_key(y,    x, i) {
	x = 20
	for (i = 2; i <= NFILE; i++) {
		printf "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"8\" " \
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n", x,
		    y, STRIPC[(i - 2) % 4 + 1], x + 11, y + 8,
		    h(length(FILE[i]) > 30 ? substr(FILE[i], 1, 29) "~" : FILE[i])
		x += 190
	}
}
