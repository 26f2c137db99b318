# SPDX-License-Identifier: MIT
#
# series-markdown.awk - multiview's markdown renderer of a series (-T):
# the files with their labels and the rows that stepped at each, then a
# table of the changes, a row each (one for a benchmark with none), and
# the legend.  Loaded with fmt-markdown.awk, whose md() it uses;
# series.awk has the model.

function series_render(    i, r, b, s, n, what) {
	BQ = sprintf("%c", 96)
	print "## " md(TITLE)
	print ""
	print "| file | label | rows that stepped there |"
	print "|:--|:--|--:|"
	for (i = 1; i <= NFILE; i++)
		printf "| %s %s | %s | %s |\n", sname(i), md(FILE[i]),
		    md(SLABEL[i]), (i == 1 ? "" : STEPAT[i] + 0)
	print ""
	print "### Changes"
	print ""
	print "| benchmark | change | between | before | after | delta |" \
	    " interval | note |"
	print "|:--|:--|:--|--:|--:|--:|:-:|:--|"
	for (r = 1; r <= NSROW; r++) {
		b = SROW[r]
		n = nchanges(b)
		for (s = 1; s <= n; s++) {
			sfields(b, s)
			what = SF_KIND == "none" ? "no change" : SF_KIND
			if (SF_KIND == "step" || SF_KIND == "drift")
				what = (SF_SMALL ? "small " : "**") SF_KIND \
				    (SF_SMALL ? "" : "**")
			printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n",
			    md(b), what, (SF_FROM == "" ? "" : \
			    sname(SF_FROM) " " md(SLABEL[SF_FROM]) " to " \
			    sname(SF_TO) " " md(SLABEL[SF_TO])), SF_A, SF_B,
			    (SF_DELTA == "" ? "" : md(SF_DELTA "%")),
			    (SF_DLO == "" ? "" : md(SF_DLO "% to " SF_DHI "%")),
			    (SF_LAST ? md(lastnote()) : "")
		}
	}
	print ""
	if (ONLYREAL)
		printf "%d of %d rows with no change not shown.\n\n",
		    NNAME - NSROW, NNAME
	printf "A change is tested over the whole series (Benjamini-Hochberg" \
	    " q <= %g over %d tests); a step lies between the two files" \
	    " named, its size the change between the means of the" \
	    " segments around it, with its %g%% interval; within the floor" \
	    " (%g%%) it is small.\n", Q, SNTEST, LEVEL, FLOORN
}
