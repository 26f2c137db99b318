# SPDX-License-Identifier: MIT
#
# paired.awk - multiview's paired comparison, for the files of one
# session of wrapper.sh -V: every run of a variant ran back to back with
# the same run of the others, so per benchmark the log ratio of each
# pair cancels the machine's drift, which two separate runs leave in.
# Part of multiview's program (main.awk says how it is put together):
# read.awk hands it the "# pair: KEY" lines, model.awk's compare() the
# rows of a paired table, show.awk its legend line.
#
# PAIRED is set when the sides are single files of one !Session (or -P
# asks for it, and then anything else is fatal). Per side i, benchmark
# b and pass k: PKEY[i,b,k] the pairing key of the pass, PAIRK[i,b,key]
# the pass of a key.  Per comparison key: NPAIR the pairs behind it.
# PAIRMIN, PAIRMAX: the fewest and most pairs of a row that has some.
#
# The estimate is Hodges-Lehmann's, the median of the Walsh averages
# (d_j + d_k) / 2, j <= k, of the n log ratios.  Its interval runs from
# the c-th smallest to the c-th largest Walsh average, c from the exact
# distribution of the signed-rank statistic for n untied pairs
# (Tukey's), widened on each side by the quantization of both values.
# The p-value is the larger of two: Wilcoxon's signed-rank test with
# Pratt's rule (zero ratios ranked with the others, their ranks then
# dropped; ties given their mean rank; the null distribution of those
# ranks exact by counting, up to 50 pairs, normal above), and the
# least level at which the widened interval leaves out 0, so that
# quantized figures cannot make a change out of a clock step.  The
# interval needs 2 / 2^n <= 1 - level: fewer than 6 pairs cannot give a
# 95% one, and such a row is untested, marked "pairs".

# ---- reading ----

# "# pair: KEY POS ORDER", the line before a run's rows.
function pair_line(t,    w) {
	split(t, w)
	PENDPAIR = w[2]
}

# The result line just read, pass k of b, takes the pending key.
function pair_take(b, k) {
	if (PENDPAIR == "")
		return
	PKEY[NFILE, b, k] = PENDPAIR
	PAIRK[NFILE, b, PENDPAIR] = k
	PENDPAIR = ""
}

# PAIRED: every side one file, all of one session, each another variant.
function pair_setup(    i, s, why, mode) {
	mode = ENVIRON["MV_PAIRED"]
	TAGTEXT["pairs"] = "fewer than 6 pairs: no 95% signed-rank interval"
	sub(/6/, pairs_needed(), TAGTEXT["pairs"])
	sub(/95/, LEVEL, TAGTEXT["pairs"])
	PAIRED = 0
	if (mode == "no")
		return
	why = ""
	if (NPHYS != NFILE)
		why = "a side joins files with +"
	s = HDR[1, "Session"]
	for (i = 1; i <= NFILE && why == ""; i++)
		if (!((i, "Session") in HDR))
			why = FILE[i] " names no session (!Session)"
		else if (HDR[i, "Session"] != s)
			why = "files of two different sessions: " FILE[1] \
			    " and " FILE[i]
		else if (i > 1 && HDR[i, "Variant"] == HDR[1, "Variant"])
			why = FILE[1] " and " FILE[i] " are the same variant"
	if (why == "")
		PAIRED = 1
	else if (mode == "yes")
		die("-P: " why)
}

# The fewest pairs that can give an interval at the level.
function pairs_needed(    n) {
	for (n = 1; n < 60 && 2 / 2 ^ n > ALPHA; n++)
		;
	return n
}

# ---- comparing ----

# The row b of file i against the reference, pair by pair; a pair
# whose run failed (errors, no positive figure) is left out.
function paired_compare(b, i, key,    k, j, n, d, w, nw, a, c, qv, m, kk) {
	n = 0
	for (k = 1; k <= NPASS[i, b]; k++) {
		if (!((i, b, k) in PKEY) || !((1, b, PKEY[i, b, k]) in PAIRK))
			continue
		j = PAIRK[1, b, PKEY[i, b, k]]
		if (PASSV[i, b, k] <= 0 || PASSV[1, b, j] <= 0 ||
		    BATCH[i, b, k] == 0 || BATCH[1, b, j] == 0)
			continue
		d[++n] = log(PASSV[i, b, k]) - log(PASSV[1, b, j])
	}
	NPAIR[key] = n
	if (n == 0) {
		VERD[key] = ERR[1, b] || ERR[i, b] ? "errors" : "untested"
		if (VERD[key] == "untested" && MED[1, b] > 0 && MED[i, b] > 0) {
			RATIO[key] = MED[i, b] / MED[1, b]
			DELTA[key] = delta(MED[1, b], MED[i, b])
		}
		return
	}
	sortnum(d, n)
	nw = 0
	for (j = 1; j <= n; j++)
		for (k = j; k <= n; k++)
			w[++nw] = (d[j] + d[k]) / 2
	sortnum(w, nw)
	EST[key] = nw % 2 ? w[(nw + 1) / 2] : (w[nw / 2] + w[nw / 2 + 1]) / 2
	RATIO[key] = exp(EST[key])
	DELTA[key] = delta(1, RATIO[key])
	if (PAIRMIN == "" || n < PAIRMIN)
		PAIRMIN = n
	if (n > PAIRMAX)
		PAIRMAX = n
	sr_table(n)
	for (kk = 0; 2 * SRCDF[kk] <= ALPHA; kk++)
		;
	if (kk < 1) {
		VERD[key] = "untested"
		SUSPECT[key] = 1
		REASONS[key] = REASONS[key] (REASONS[key] == "" ? "" : ",") \
		    "pairs"
		return
	}
	qv = QVAR[1, b] + QVAR[i, b]
	m = qv > 0 ? ZHALF * sqrt(qv) : 0
	LLO[key] = max(w[kk] - m, -690)
	LHI[key] = min(w[nw + 1 - kk] + m, 690)
	PVAL[key] = max(pratt_p(d, n), sr_inv_p(w, nw, qv))
	METHOD[key] = "paired"
	NMETH["paired"]++
	DLO[key] = delta(1, exp(LHI[key]))
	DHI[key] = delta(1, exp(LLO[key]))
	HALF[key] = (DHI[key] - DLO[key]) / 2
	EXCL[key] = max(abs(DLO[key]), abs(DHI[key]))
	TESTED[++NTESTED] = key
	VERD[key] = "tested"
}

# SRCDF[0..M]: P(T <= t) of the signed-rank statistic of n untied,
# nonzero pairs, by counting the subsets of 1..n with each sum.
function sr_table(n,    c, j, s, m, tot) {
	if (n == SRN)
		return
	SRN = n
	m = n * (n + 1) / 2
	for (s = 0; s <= m; s++)
		c[s] = 0
	c[0] = 1
	for (j = 1; j <= n; j++)
		for (s = j * (j + 1) / 2; s >= j; s--)
			c[s] += c[s - j]
	tot = 2 ^ n
	s = 0
	for (j = 0; j <= m; j++) {
		s += c[j]
		SRCDF[j] = s / tot
	}
	SRCDF[m + 1] = 1
}

# The least two-sided level at which the Walsh interval, widened by the
# quantization qv, leaves out 0.
function sr_inv_p(w, nw, qv,    k, a, m) {
	for (k = 1; 2 * k <= nw + 1; k++) {
		if (w[k] <= 0 && w[nw + 1 - k] >= 0)
			continue
		a = 2 * SRCDF[k - 1]
		if (a >= 1)
			return 1
		m = qv > 0 ? zquant(1 - a / 2) * sqrt(qv) : 0
		if (w[k] - m > 0 || w[nw + 1 - k] + m < 0)
			return a
	}
	return 1
}

# Wilcoxon's signed-rank test of d[1..n] (sorted), two-sided, with
# Pratt's rule: |d| ranked with the zeros, ties at their mean rank, the
# zeros' ranks then dropped; the statistic is the sum of the positive
# ranks.  Exact (counting sums of doubled ranks) up to 50 pairs,
# else normal with the variance the tied ranks give.
function pratt_p(d, n,    a, idx, j, k, r, t, s, v, m, c, x, tot, lo, hi) {
	for (j = 1; j <= n; j++) {
		a[j] = abs(d[j])
		idx[j] = j
	}
	sortby(idx, a, n)
	for (j = 1; j <= n; j = k) {
		for (k = j + 1; k <= n && a[idx[k]] == a[idx[j]]; k++)
			;
		# ranks j..k-1 share their mean, doubled: j + k - 1
		for (x = j; x < k; x++)
			r[idx[x]] = j + k - 1
	}
	t = s = v = m = 0
	for (j = 1; j <= n; j++) {
		if (d[j] == 0)
			continue
		m++
		s += r[j]
		v += r[j] * r[j]
		if (d[j] > 0)
			t += r[j]
	}
	if (m == 0)
		return 1
	if (n > 50) {
		v = v / 4
		return v > 0 ? normal_p((t - s / 2) / sqrt(v)) : 1
	}
	for (x = 0; x <= s; x++)
		c[x] = 0
	c[0] = 1
	for (j = 1; j <= n; j++)
		if (d[j] != 0)
			for (x = s; x >= r[j]; x--)
				c[x] += c[x - r[j]]
	tot = 2 ^ m
	lo = hi = 0
	for (x = 0; x <= s; x++) {
		if (x <= t)
			lo += c[x]
		if (x >= t)
			hi += c[x]
	}
	return min(1, 2 * min(lo, hi) / tot)
}

# ---- showing ----

# "paired, N pairs a row; " before a compared file's counts, or "".
function pair_note(i) {
	if (!PAIRED || PAIRMIN == "")
		return ""
	return "paired, " PAIRMIN (PAIRMAX > PAIRMIN ? " to " PAIRMAX : "") \
	    " pairs a row; "
}

# The legend's line for the paired rows.
function pair_method_line() {
	return "paired (one session, the variants run side by side):" \
	    " Hodges-Lehmann estimate of the pairs' log ratios (median of" \
	    " Walsh averages), Wilcoxon signed-rank interval (Pratt's rule" \
	    " for zeros, mean ranks for ties) widened by quantization; no" \
	    " floor and no between-run term: pairing cancels the drift" \
	    " between runs they stand for"
}
