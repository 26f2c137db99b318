# SPDX-License-Identifier: MIT
#
# counts.awk - the counts of a call compared as its time is: the
# getrusage lines of the statistics block (-S) and the events of the
# counters block (-K, see doc/format.md), each a family of its own under
# the row.  Part of multiview's program (main.awk says how it is put
# together): read.awk hands it the count lines, main.awk calls
# count_all() once the times' verdicts are in, and the renderers print
# what it leaves with count_lines(), count_value(), count_note() and
# count_est().
#
# Families: rusage:cpu-usecs, rusage:vol-ctx-sw, rusage:invol-ctx-sw and
# rusage:minor-faults from the statistics block ("unresolved" lines add
# nothing), and each -K event by its name (page-faults, task-clock,
# instructions:u), its statistic column (the median by default); an
# "unavailable" event adds nothing.  An event and a getrusage line that
# measure the same thing are two sources, two families.  A value below
# 0 (an empty sample's counts subtracted from a quiet one) counts 0.
# Not read with -T, nor from the noise reference (-R).
#
# The step.  A count is an integer: a -K figure is a count over a batch
# of cnt/samp calls, so it steps by one over the batch; a getrusage one
# is a count over the whole run, one over the batch times the samples.
#
# The comparison is model.awk's, on a row of its own per family (the
# row's name, a \035 byte and the family's): the Hodges-Lehmann shift of
# the log values with its Mann-Whitney interval, else the noise model,
# each widened by the step as a clock step widens a time.  Zero has no
# log: where a pass of the family is 0 on any side, every value of it is
# compared as value + e, e the largest step of its passes (one count
# over the batch), which keeps the ratio of large counts and gives 0
# against a few counts a finite one.  0 in every pass of both sides is
# "same": no delta.  The interval is never narrower than one step either
# way, relative to the smaller figure.  Counts have their own
# Benjamini-Hochberg family at -q, apart from the times'; they have the
# floor (-p) and no between-run term (noise.awk), and stay out of the
# times' tallies, geometric mean and biggest changes.  Verdicts: more,
# fewer (significant), small, noise, untested, same.
#
# Per side i, row b, family f: CN[i,b,f] passes, CV and CSTEP[i,b,f,k]
# their values and steps, CDEC[i,b,f] decimals to print, CFL[i,b,
# 1..CFN[i,b]] its families in order.  Per row b: CRF[b,1..CRN[b]] the
# families compared in some file; CRAW[i,b,f] the median of the values;
# VERD and the other arrays of model.awk under the key count_key(b, i,
# f).  Per compared file i: CCOMP[i] families compared, CCHANGED[i]
# more or fewer.  NCTESTED, CTESTED[1..] the keys tested; CANY when some
# family was compared.

# The getrusage lines of the statistics block, by label.
function count_init() {
	CLABEL["cpu usecs/call"] = "rusage:cpu-usecs"
	CLABEL["vol ctx sw/call"] = "rusage:vol-ctx-sw"
	CLABEL["invol ctx sw/call"] = "rusage:invol-ctx-sw"
	CLABEL["minor faults/call"] = "rusage:minor-faults"
	CSEP = "\035"
}

# ---- reading ----

# "counter EVENT STAT MEAN EMPTY SAMPLES SCALED LOST [user-mode-only]"
# or "counter EVENT unavailable REASON...": w the words after "#".
function counter_line(w, n,    v) {
	if (n < 8 || w[3] == "unavailable")
		return
	v = w[3]
	if (substr(v, 1, 1) == "-" && isnum(substr(v, 2)))
		v = "0"
	if (!isnum(v))
		return
	count_add(w[2], v, 1 / count_batch())
}

# A getrusage line: one count over all the calls of the run.
function rusage_line(label, v,    s) {
	s = (NFILE, CUR, CURK) in NSAMPLES ? NSAMPLES[NFILE, CUR, CURK] : 1
	count_add(CLABEL[label], v, 1 / (count_batch() * (s > 0 ? s : 1)))
}

function count_batch(    c) {
	c = BATCH[NFILE, CUR, CURK]
	return c > 0 ? c : 1
}

# Value text v of family f for the current pass of the current row; the
# first line of a family in a pass is the one kept.
function count_add(f, v, step,    b, n, d) {
	if (SERIES || READINGREF)
		return
	b = CUR
	if ((NFILE, b, f, CURK) in CSEEN)
		return
	CSEEN[NFILE, b, f, CURK] = 1
	if (!((NFILE, b, f) in CN))
		CFL[NFILE, b, ++CFN[NFILE, b]] = f
	n = ++CN[NFILE, b, f]
	CV[NFILE, b, f, n] = v + 0
	CSTEP[NFILE, b, f, n] = step
	d = decimals(v)
	if (d > CDEC[NFILE, b, f])
		CDEC[NFILE, b, f] = d
}

# ---- the comparison ----

function count_key(b, i, f) { return b CSEP f SUBSEP i }

# Every family of every row that the reference and a compared file both
# hold, where the row's time was compared; then the verdicts.
function count_all(    r, b, ra, j, f, i, n, got) {
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		# -m NEW=OLD: the reference's counts are OLD's.
		ra = b in MAPPED ? MAPPED[b] : b
		for (j = 1; j <= CFN[1, ra]; j++) {
			f = CFL[1, ra, j]
			n = 0
			for (i = 2; i <= NFILE; i++)
				n += got[i] = ((i, b, f) in CN) && \
				    VERD[b SUBSEP i] !~ /^(errors|missing|unsupported)$/
			if (n == 0)
				continue
			CRF[b, ++CRN[b]] = f
			count_family(b, ra, f, got)
		}
	}
	count_fdr()
}

# Family f of row b (ra in the reference) against each file i where
# got[i]: its values as a row of model.awk's, pn, on every side.
function count_family(b, ra, f, got,    pn, e, i, ck) {
	pn = b CSEP f
	e = count_shift(b, ra, f, got)
	count_side(1, ra, f, pn, e)
	for (i = 2; i <= NFILE; i++)
		if (got[i])
			count_side(i, b, f, pn, e)
	pool_spread(pn)
	for (i = 2; i <= NFILE; i++) {
		if (!got[i])
			continue
		ck = pn SUBSEP i
		CANY = 1
		CCOMP[i]++
		if (CMAX[1, pn] == 0 && CMAX[i, pn] == 0)
			VERD[ck] = "same"
		else
			count_compare(pn, i, ck)
	}
}

# e: 0, or where a value of the family is 0 on a side compared, the
# largest step of its values there.
function count_shift(b, ra, f, got,    i, k, x, z, st, s) {
	z = st = 0
	for (i = 1; i <= NFILE; i++) {
		if (i > 1 && !got[i])
			continue
		x = i == 1 ? ra : b
		for (k = 1; k <= CN[i, x, f]; k++) {
			z = z || CV[i, x, f, k] == 0
			st = max(st, CSTEP[i, x, f, k])
		}
	}
	return z ? st : 0
}

# Side i's values of family f of its row x as the passes of row pn,
# shifted by e; CRAW its median unshifted, CMAX its largest value.
function count_side(i, x, f, pn, e,    k, n, v) {
	n = CN[i, x, f]
	NPASS[i, pn] = n
	DEC[i, pn] = CDEC[i, x, f]
	CMAX[i, pn] = 0
	for (k = 1; k <= n; k++) {
		PASSV[i, pn, k] = CV[i, x, f, k] + e
		QSTEP[i, pn, k] = CSTEP[i, x, f, k]
		v[k] = CV[i, x, f, k]
		CMAX[i, pn] = max(CMAX[i, pn], v[k])
	}
	CRAW[i, pn] = median_of(v, n)
	summarize(i, pn)
}

# As compare() does for a time, without its tallies: the one-pass rows'
# note on where their spread came from is the times' (NOISESRC).
function count_compare(pn, i, ck,    keep, ok) {
	ok = POS[1, pn] && POS[i, pn] && NPASS[1, pn] >= 2 && \
	    NPASS[i, pn] >= 2 && hl_compare(pn, i, ck)
	if (!ok) {
		keep = NOISESRC[i]
		ok = model_compare(pn, i, ck)
		NOISESRC[i] = keep
	}
	if (!ok) {
		RATIO[ck] = MED[i, pn] / MED[1, pn]
		DELTA[ck] = delta(MED[1, pn], MED[i, pn])
		VERD[ck] = "untested"
		return
	}
	count_step(pn, i, ck)
	finish(ck)
	CTESTED[++NCTESTED] = ck
	VERD[ck] = "tested"
}

# An interval of at least one step either way, relative to the smaller
# figure; widened, its p from the end on 0's side, as noise.awk's
# widen() does.
function count_step(pn, i, ck,    k, st, l, h0) {
	st = 0
	for (k = 1; k <= NPASS[1, pn]; k++)
		st = max(st, QSTEP[1, pn, k])
	for (k = 1; k <= NPASS[i, pn]; k++)
		st = max(st, QSTEP[i, pn, k])
	l = log(1 + st / min(MED[1, pn], MED[i, pn]))
	if (EST[ck] - LLO[ck] >= l && LHI[ck] - EST[ck] >= l)
		return
	LLO[ck] = min(LLO[ck], EST[ck] - l)
	LHI[ck] = max(LHI[ck], EST[ck] + l)
	h0 = EST[ck] > 0 ? EST[ck] - LLO[ck] : LHI[ck] - EST[ck]
	PVAL[ck] = max(PVAL[ck], normal_p(EST[ck] * ZHALF / h0))
}

# Benjamini-Hochberg over the count tests of the whole table, as fdr()
# over the times'.
function count_fdr(    j, ck, i) {
	bh_adjust(CTESTED, NCTESTED, PVAL, QVAL)
	for (j = 1; j <= NCTESTED; j++) {
		ck = CTESTED[j]
		if (QVAL[ck] > Q || EST[ck] == 0)
			VERD[ck] = "noise"
		else if (abs(EST[ck]) < floor_of(ck))
			VERD[ck] = "small"
		else {
			VERD[ck] = EST[ck] > 0 ? "more" : "fewer"
			i = substr(ck, index(ck, SUBSEP) + 1) + 0
			CCHANGED[i]++
		}
	}
}

# ---- for the renderers ----

function count_changed(v) { return v == "more" || v == "fewer" }
function count_tested(v) { return v ~ /^(more|fewer|small|noise)$/ }

# Is family j of row b shown: with -C always, else where it changed.
function count_shown(b, j,    i, f) {
	if (ALLCOUNTS)
		return 1
	f = CRF[b, j]
	for (i = 2; i <= NFILE; i++)
		if (count_changed(VERD[count_key(b, i, f)]))
			return 1
	return 0
}

# Is file i's comparison of family f of row b shown, where the family
# is: with -C wherever it was compared, else where it changed.
function count_file_shown(b, i, f,    ck) {
	ck = count_key(b, i, f)
	return (ck in VERD) && (ALLCOUNTS || count_changed(VERD[ck]))
}

# The log shift of family f of row b in file i, as EST is a time's: the
# estimate where it was tested, the log of the ratio of the medians
# where it was not; "" where there is no ratio (same).
function count_est(b, i, f,    ck) {
	ck = count_key(b, i, f)
	if (count_tested(VERD[ck]))
		return EST[ck]
	return VERD[ck] == "untested" && RATIO[ck] > 0 ? log(RATIO[ck]) : ""
}

# How many families of row b are shown.
function count_lines(b,    j, n) {
	n = 0
	for (j = 1; j <= CRN[b]; j++)
		n += count_shown(b, j)
	return n
}

# The figure of family f of row b in side i, as its file printed it.
function count_value(i, b, f,    pn) {
	pn = b CSEP f
	if (!((i, pn) in CRAW) || (i > 1 && !(count_key(b, i, f) in VERD)))
		return "-"
	return sprintf("%." DEC[i, pn] "f", CRAW[i, pn])
}

# The delta, its interval and its mark, as the times' are printed.
function count_note(b, i, f, ci,    ck, v, s) {
	ck = count_key(b, i, f)
	v = VERD[ck]
	if (v == "" || v == "same")
		return ""
	s = bracket(DELTA[ck])
	if (ci && count_tested(v))
		s = s PM pct(HALF[ck])
	return s (count_changed(v) ? "*" : sigmark(v, ck))
}

# The summary of file i: "3 changed of 24 compared (q <= 0.05)".
function count_summary(i) {
	return sprintf("%d changed of %d compared (q <= %g)", CCHANGED[i],
	    CCOMP[i], Q)
}

# The legend's words for the counts, once for every format.
function count_legend() {
	return sprintf("counts: per call, from getrusage (rusage:) and the" \
	    " perf counters (-K); delta and marks as for the times (+ is" \
	    " fewer); Benjamini-Hochberg q <= %g over the %d count tests," \
	    " apart from the times'", Q, NCTESTED)
}

# The fields of family f of row b in file i, as strings ("" when none):
# CF_REF, CF_CMP, CF_DELTA, CF_LO, CF_HI, CF_VERD.
function count_fields(b, i, f,    ck, v) {
	ck = count_key(b, i, f)
	CF_REF = count_value(1, b, f)
	CF_CMP = count_value(i, b, f)
	CF_DELTA = CF_LO = CF_HI = ""
	v = CF_VERD = VERD[ck]
	if (v != "same" && v != "")
		CF_DELTA = sprintf("%.1f", DELTA[ck])
	if (count_tested(v)) {
		CF_LO = sprintf("%.1f", DLO[ck])
		CF_HI = sprintf("%.1f", DHI[ck])
	}
}
