# SPDX-License-Identifier: MIT
#
# series-csv.awk - multiview's csv renderer of a series (-T): a title
# row, then a row per change of each benchmark (one row for a benchmark
# with none), with the sides it lies between.  Loaded with fmt-csv.awk,
# whose csv() it uses; series.awk has the model.

function series_render(    r, b, s, n) {
	print "benchmark,verdict,p,q,change,from,from_label,to,to_label," \
	    "before,after,delta,delta_lo,delta_hi,ratio,ratio_lo,ratio_hi," \
	    "small,last_file_only"
	for (r = 1; r <= NSROW; r++) {
		b = SROW[r]
		n = nchanges(b)
		for (s = 1; s <= n; s++) {
			sfields(b, s)
			printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s," \
			    "%s,%d,%d\n", csv(b), SVERD[b], sp_text(b),
			    sq_text(b), SF_KIND, csv(SF_FROM == "" ? "" : \
			    FILE[SF_FROM]), csv(SF_FROM == "" ? "" : \
			    SLABEL[SF_FROM]), csv(SF_TO == "" ? "" : FILE[SF_TO]),
			    csv(SF_TO == "" ? "" : SLABEL[SF_TO]), SF_A, SF_B,
			    SF_DELTA, SF_DLO, SF_DHI, SF_RATIO, SF_RLO, SF_RHI,
			    SF_SMALL, SF_LAST
		}
	}
}
