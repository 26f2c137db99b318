# SPDX-License-Identifier: MIT
#
# series-text.awk - multiview's text renderer of a series (-T): the
# files with their labels, the header lines that differ, a line per
# benchmark with its steps or drift (or its median and no change), the
# steps at each file, the counts.  Loaded with fmt-text.awk, whose
# helpers it uses; series.awk has the model.

# The text (series.awk's series_run() calls series_render()).
function series_render(    i, r, b, nw, s) {
	print "series: " NFILE " files in time order"
	for (i = 1; i <= NFILE; i++)
		print "  " rpad(sname(i), 4) FILE[i] (SLABEL[i] != FILE[i] ? \
		    " (" SLABEL[i] ")" : "")
	text_headers()
	nw = 12
	for (r = 1; r <= NSROW; r++)
		nw = max(nw, length(SROW[r]))
	print ""
	print rpad("BENCHMARK", nw) "  CHANGES"
	for (r = 1; r <= NSROW; r++) {
		b = SROW[r]
		print rtrim(rpad(b, nw) "  " series_changes(b))
	}
	print ""
	if (ONLYREAL)
		printf "(%d of %d rows with no change not shown)\n",
		    NNAME - NSROW, NNAME
	series_text_legend()
	print ""
	print "steps at each file (rows that stepped there, beyond the floor):"
	s = 0
	for (i = 2; i <= NFILE; i++)
		s = max(s, length(FILE[i] (SLABEL[i] != FILE[i] ? \
		    " (" SLABEL[i] ")" : "")))
	for (i = 2; i <= NFILE; i++)
		print "  " rpad(sname(i), 4) rpad(FILE[i] (SLABEL[i] != FILE[i] ? \
		    " (" SLABEL[i] ")" : ""), s) lpad(STEPAT[i] + 0, 6)
	printf "%d changed (%d by a drift), %d small, %d no change, %d" \
	    " untested, of %d rows\n", SCOUNT["changed"], series_drifts(),
	    SCOUNT["small"], SCOUNT["none"], SCOUNT["untested"], NNAME
}

# What b did: its steps in order, or its drift, or its median.
function series_changes(b,    s, t, j, i) {
	if (SVERD[b] == "untested")
		return "untested (" SM[b] " usable files)"
	if (SKIND[b] == "drift")
		return sval(b, SIDX[b, 1], DA[b]) " -> " \
		    sval(b, SIDX[b, SM[b]], DB[b]) " drift from " \
		    sname(SIDX[b, 1]) " to " sname(SIDX[b, SM[b]]) " " \
		    bracket(sdelta(DEST[b])) PM pct(shalf(DLO[b], DHI[b])) \
		    smark(SVERD[b] == "small") \
		    sprintf(" (%s%% a file)", pct(sdelta(DPER[b])))
	if (NSTEP[b] == 0) {
		j = SIDX[b, 1]
		return sval(b, j, smedian(b)) " ~"
	}
	s = ""
	for (j = 1; j <= NSTEP[b]; j++) {
		i = step_at(b, j)
		t = sval(b, step_before(b, j), STA[b, j]) " -> " \
		    sval(b, i, STB[b, j]) " at " sname(i) \
		    (SLABEL[i] != FILE[i] ? " (" SLABEL[i] ")" : "") " " \
		    bracket(sdelta(STEST[b, j])) \
		    PM pct(shalf(STLO[b, j], STHI[b, j])) smark(STSMALL[b, j])
		if (STLAST[b, j])
			t = t " " lastnote()
		s = s (j > 1 ? "; " : "") t
	}
	return s
}

function series_drifts(    r, n) {
	n = 0
	for (r = 1; r <= NNAME; r++)
		if (SKIND[NAME[r]] == "drift" && SVERD[NAME[r]] == "changed")
			n++
	return n
}

function series_text_legend() {
	printf "a change is tested over the whole series (Benjamini-Hochberg" \
	    " q <= %g over %d tests); A -> B at F: the means before and" \
	    " after, a step between F and the file before it\n", Q, SNTEST
	printf "* beyond the floor (%g%%), = within it; %sx half-width of" \
	    " the %g%% interval of the step, in percent\n", FLOORN, PM, LEVEL
	print "~ no change found: the median of the files"
}
