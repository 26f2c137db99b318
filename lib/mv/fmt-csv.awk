# SPDX-License-Identifier: MIT
#
# -f csv, 3rd in the help:
#	a row per benchmark and compared file, for spreadsheets
#
# fmt-csv.awk - multiview's csv renderer: a title row, then a row per
# benchmark and file (the reference too) with the fields of show.awk's
# fields(); after a blank line, when the files carry profiles, a second
# table of the whys (why.awk); after another, when the files carry
# counts, a table of the counts (counts.awk).  Part of multiview's program (main.awk says how it is put
# together).

# The table (main.awk calls render()).
function render(    r, b, i) {
	print "benchmark,file,value,passes,delta,delta_lo,delta_hi,ratio," \
	    "ratio_lo,ratio_hi,p,q,method,verdict,excludes,suspect,reasons," \
	    "warnings,difference,alone"
	for (r = 1; r <= NROW; r++)
		for (i = 1; i <= NFILE; i++) {
			b = ROW[r]
			fields(b, i)
			printf "%s,%s,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s," \
			    "%d,%s,%s,%s,%s\n", csv(b), csv(FILE[i]), F_VALUE,
			    npasses(i, b), F_DELTA, F_DLO, F_DHI, F_RATIO,
			    F_RLO, F_RHI, F_P, F_Q, F_METHOD, F_VERD, F_EXCL,
			    suspect(b, i), csv(F_WHY), csv(all_warnings(i, b)),
			    F_ABS, F_ALONE
		}
	if (WHYANY)
		csv_why()
	if (CANY)
		csv_counts()
}

# A line per row, count family and compared file where it was compared.
function csv_counts(    r, b, i, j, f) {
	print ""
	print "name,family,file,ref,cmp,delta,low,high,verdict"
	for (r = 1; r <= NROW; r++)
		for (j = 1; j <= CRN[b = ROW[r]]; j++)
			for (i = 2; i <= NFILE; i++) {
				f = CRF[b, j]
				if (!(count_key(b, i, f) in VERD))
					continue
				count_fields(b, i, f)
				printf "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", csv(b),
				    csv(f), csv(FILE[i]), CF_REF, CF_CMP,
				    CF_DELTA, CF_LO, CF_HI, CF_VERD
			}
}

# A line per function a why names, or one with the why's note where it
# names none: the ns/call of each file and their difference, and q.
function csv_why(    r, b, i, key, j) {
	print ""
	print "name,file,function,object,ref_ns,cmp_ns,difference_ns,q,note"
	for (r = 1; r <= NROW; r++)
		for (i = 2; i <= NFILE; i++) {
			b = ROW[r]
			key = b SUBSEP i
			if (!(key in WHY))
				continue
			if (WHYNF[key] == 0)
				printf "%s,%s,,,,,,,%s\n", csv(b), csv(FILE[i]),
				    csv(WHYNOTE[key])
			for (j = 1; j <= WHYNF[key]; j++)
				printf "%s,%s,%s,%s,%.6g,%.6g,%.6g,%.4g,%s\n",
				    csv(b), csv(FILE[i]), csv(why_sym(WHYFK[key, j])),
				    csv(why_dso(WHYFK[key, j])), WHYFA[key, j],
				    WHYFB[key, j], WHYFD[key, j], WHYFQ[key, j],
				    WHYFNOTE[key, j]
		}
}

function csv(s) {
	if (s ~ /[",\n]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		s = "\"" s "\""
	}
	return s
}
