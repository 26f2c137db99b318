# SPDX-License-Identifier: MIT
#
# series-json.awk - multiview's json renderer of a series (-T): the
# options, the files with their labels and the rows that stepped at
# each, and per benchmark its verdict, the p and q of its test and its
# changes, each with the files it lies between (series_version 1).
# Loaded with fmt-json.awk, whose js() and jnum() it uses; series.awk
# has the model.

function series_render(    i, r, b, s, n) {
	for (i = 1; i < 32; i++)
		JCTL[sprintf("%c", i)] = sprintf("\\u%04x", i)
	print "{"
	print "  \"series_version\": 1,"
	printf "  \"q\": %g,\n  \"confidence_pct\": %g,\n", Q, LEVEL
	printf "  \"noise_floor_pct\": %g,\n", FLOORN
	printf "  \"min_segment\": %d,\n", MINSEG
	print "  \"files\": ["
	for (i = 1; i <= NFILE; i++)
		printf "    {\"name\": %s, \"label\": %s, \"steps\": %d}%s\n",
		    js(FILE[i]), js(SLABEL[i]), STEPAT[i], \
		    (i < NFILE ? "," : "")
	print "  ],"
	print "  \"benchmarks\": ["
	for (r = 1; r <= NSROW; r++) {
		b = SROW[r]
		printf "    {\"name\": %s, \"verdict\": %s, \"p\": %s, " \
		    "\"q\": %s, \"files_used\": %d, \"changes\": [", js(b),
		    js(SVERD[b]), jnum(sp_text(b)), jnum(sq_text(b)), SM[b]
		n = SKIND[b] == "" || (SKIND[b] == "steps" && !NSTEP[b]) ? \
		    0 : nchanges(b)
		for (s = 1; s <= n; s++) {
			sfields(b, s)
			printf "%s\n      {\"kind\": %s, \"from\": %s, " \
			    "\"to\": %s, \"before\": %s, \"after\": %s, " \
			    "\"delta\": %s, \"delta_lo\": %s, \"delta_hi\": %s, " \
			    "\"ratio\": %s, \"ratio_lo\": %s, \"ratio_hi\": %s, " \
			    "\"small\": %s, \"last_file_only\": %s}",
			    (s > 1 ? "," : ""), js(SF_KIND), js(FILE[SF_FROM]),
			    js(FILE[SF_TO]), SF_A, SF_B, SF_DELTA, SF_DLO,
			    SF_DHI, SF_RATIO, SF_RLO, SF_RHI,
			    (SF_SMALL ? "true" : "false"),
			    (SF_LAST ? "true" : "false")
		}
		printf "%s]}%s\n", (n ? "\n    " : ""), (r < NSROW ? "," : "")
	}
	print "  ]"
	print "}"
}
