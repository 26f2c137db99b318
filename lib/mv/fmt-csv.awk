# SPDX-License-Identifier: MIT
#
# -f csv, 3rd in the help:
#	one table, a row per benchmark, figure and file, for spreadsheets
#
# fmt-csv.awk - multiview's csv renderer: one rectangular table, a title
# row and then, per benchmark, a row per file for its time (family
# "time", the fields of show.awk's fields()), a row per file for each
# count family compared (counts.awk: the reference's figure, then each
# compared file's), and a row per function each compared file's why
# names, or one with the why's note (family "why", why.awk).  Every row
# has every column; a field with no value there is empty.  doc/format.md
# gives the columns.  Part of multiview's program (main.awk says how it
# is put together).

# The table (main.awk calls render()).
function render(    r, b) {
	csv_columns()
	for (r = 1; r <= NROW; r++) {
		b = ROW[r]
		csv_times(b)
		csv_counts(b)
		csv_why(b)
	}
}

# The columns, in order: CSVN of them, CSVCOL[name] the place of each.
function csv_columns(    h, k) {
	h = "benchmark,family,file,value,passes,delta,delta_lo,delta_hi," \
	    "ratio,ratio_lo,ratio_hi,p,q,method,verdict,excludes,suspect," \
	    "reasons,warnings,difference,alone,function,object,ref_ns," \
	    "cmp_ns,difference_ns,note,figure"
	CSVN = split(h, CSVNAME, ",")
	for (k = 1; k <= CSVN; k++)
		CSVCOL[CSVNAME[k]] = k
	print h
}

# A new row: every field empty.
function csv_new(    k) {
	for (k = 1; k <= CSVN; k++)
		CSVF[k] = ""
}

function put(name, v) { CSVF[CSVCOL[name]] = v }

function csv_print(    k, s) {
	s = CSVF[1]
	for (k = 2; k <= CSVN; k++)
		s = s "," CSVF[k]
	print s
}

# The time of benchmark b in each file, the reference first.
function csv_times(b,    i) {
	for (i = 1; i <= NFILE; i++) {
		fields(b, i)
		csv_new()
		put("benchmark", csv(b))
		put("family", "time")
		put("file", csv(FILE[i]))
		put("value", F_VALUE)
		put("passes", sprintf("%d", npasses(i, b)))
		put("delta", F_DELTA)
		put("delta_lo", F_DLO)
		put("delta_hi", F_DHI)
		put("ratio", F_RATIO)
		put("ratio_lo", F_RLO)
		put("ratio_hi", F_RHI)
		put("p", F_P)
		put("q", F_Q)
		put("method", F_METHOD)
		put("verdict", F_VERD)
		put("excludes", F_EXCL)
		put("suspect", sprintf("%d", suspect(b, i)))
		put("reasons", csv(F_WHY))
		put("warnings", csv(all_warnings(i, b)))
		put("difference", F_ABS)
		put("alone", F_ALONE)
		put("figure", figure_of(i, b))
		csv_print()
	}
}

# Each count family of b compared in some file: the reference's figure,
# then each compared file's where it was compared.
function csv_counts(b,    j, f, i) {
	for (j = 1; j <= CRN[b]; j++) {
		f = CRF[b, j]
		csv_new()
		put("benchmark", csv(b))
		put("family", csv(f))
		put("file", csv(FILE[1]))
		put("value", count_value(1, b, f) == "-" ? "" : \
		    count_value(1, b, f))
		put("verdict", "reference")
		put("figure", count_value(1, b, f) == "-" ? "" : "median")
		csv_print()
		for (i = 2; i <= NFILE; i++) {
			if (!(count_key(b, i, f) in VERD))
				continue
			count_fields(b, i, f)
			csv_new()
			put("benchmark", csv(b))
			put("family", csv(f))
			put("file", csv(FILE[i]))
			put("value", CF_CMP == "-" ? "" : CF_CMP)
			put("figure", CF_CMP == "-" ? "" : "median")
			put("delta", CF_DELTA)
			put("delta_lo", CF_LO)
			put("delta_hi", CF_HI)
			put("verdict", CF_VERD)
			csv_print()
		}
	}
}

# Each function the why of b in a compared file names, with the ns/call
# of each file, their difference and q; or one row with the why's note
# where it names none.
function csv_why(b,    i, key, j) {
	for (i = 2; i <= NFILE; i++) {
		key = b SUBSEP i
		if (!(key in WHY))
			continue
		for (j = 0; j <= WHYNF[key]; j++) {
			if (j == 0 && WHYNF[key] > 0)
				continue
			csv_new()
			put("benchmark", csv(b))
			put("family", "why")
			put("file", csv(FILE[i]))
			if (j == 0) {
				put("note", csv(WHYNOTE[key]))
				csv_print()
				continue
			}
			put("function", csv(why_sym(WHYFK[key, j])))
			put("object", csv(why_dso(WHYFK[key, j])))
			put("ref_ns", sprintf("%.6g", WHYFA[key, j]))
			put("cmp_ns", sprintf("%.6g", WHYFB[key, j]))
			put("difference_ns", sprintf("%.6g", WHYFD[key, j]))
			put("q", sprintf("%.4g", WHYFQ[key, j]))
			put("note", csv(WHYFNOTE[key, j]))
			csv_print()
		}
	}
}

function csv(s) {
	if (s ~ /[",\n]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		s = "\"" s "\""
	}
	return s
}
