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

function series_text_legend() {
	printf "a change is tested over the whole series (Benjamini-Hochberg" \
	    " q <= %g over %d tests); A -> B at F: the means before and" \
	    " after, a step between F and the file before it\n", Q, SNTEST
	printf "* beyond the floor (%g%%), = within it; %sx half-width of" \
	    " the %g%% interval of the step, in percent\n", FLOORN, PM, LEVEL
	print "~ no change found: the median of the files"
}
