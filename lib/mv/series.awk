# SPDX-License-Identifier: MIT
#
# series.awk - multiview's series model (-T): the sides are a series in
# time order, and for each benchmark it finds where the series changed.
# Part of multiview's program (main.awk says how it is put together);
# the renderers of a series are series_render() in series-FORMAT.awk.
#
# The unit of a series is the side (a file, or files joined by +): the
# passes of one run share that run's offset, so a side is one
# observation, the log of its median, and the scatter between the sides
# measures the run-to-run spread that passes cannot see.  Per benchmark:
#   1. one test of "no change anywhere": the largest two-sample t over
#      the places the series could split (each side at least MINSEG
#      files, except that the last file may stand alone) and over the
#      runs of files that differ from the files around them (a change
#      and its return, as circular binary segmentation tests), and the t
#      of a linear trend; their least p times the number of them
#      (Bonferroni: the candidates overlap, so this is conservative);
#   2. Benjamini-Hochberg over the benchmarks at -q;
#   3. for those selected, binary segmentation: the best change first,
#      then within each segment the best further change while its
#      Bonferroni p over that segment's candidates is at most -q; each
#      t uses the residual spread of the whole segmentation (never less
#      than the passes' own spread of a side's median), so a step
#      elsewhere does not hide one;
#   4. a linear trend replaces the steps when it fits as well for fewer
#      parameters (BIC): a slow drift is one drift, not a staircase.
# A step or drift within the floor (-p) is small, not a change.
#
# Per benchmark b: SM[b] its usable sides, SIDX[b,j] their side numbers
# in order, SY[b,j] log value; SVERD[b]: changed, small, none (no change
# found) or untested (fewer than three sides); SP[b], SQ[b] the p and
# BH q of step 1; SKIND[b] "steps" or "drift"; NSTEP[b] steps, per step
# s: STJ[b,s] the position (in 1..SM) of its first side, STEST, STLO,
# STHI[b,s] log size and interval, STA, STB the values before and after
# (geometric means of the segments), STSMALL, STLAST[b,s]; a drift:
# DEST, DLO, DHI (log change over the series), DA, DB (fitted values at
# its ends), DPER (log change a side).  SROW[1..NSROW] the rows shown;
# STEPAT[i] rows with a step (beyond the floor) at side i; SCOUNT[v]
# rows per verdict; SNTEST tests; SLABEL[i] a side's label (-k).

function series_run(    r, b) {
	if (NFILE < 3)
		die("-T: a series needs at least three files (see -h)")
	series_labels()
	for (r = 1; r <= NNAME; r++)
		series_missing(NAME[r])
	for (r = 1; r <= NNAME; r++)
		series_test(NAME[r])
	series_fdr()
	for (r = 1; r <= NNAME; r++)
		if (SVERD[NAME[r]] == "selected")
			segment(NAME[r])
	series_order()
	series_render()
}

# SLABEL[i]: the value of header -k KEY in side i, else its file name.
function series_labels(    i) {
	for (i = 1; i <= NFILE; i++) {
		# Set, not left to be made by reading: gawk 5.2 can print
		# another argument's value for an unset element given to printf.
		STEPAT[i] = 0
		SLABEL[i] = FILE[i]
		if (SKEY == "")
			continue
		if ((i, SKEY) in HDR && HDR[i, SKEY] != "")
			SLABEL[i] = HDR[i, SKEY]
		else
			warn(FILE[i] ": no !" SKEY " header; labelled by" \
			    " its name")
	}
}

# Files of another suite lack benchmarks: say so once a file.
function series_missing(b,    i) {
	for (i = 1; i <= NFILE; i++)
		if (!have(i, b))
			SLACK[i]++
	if (b == NAME[NNAME])
		for (i = 1; i <= NFILE; i++)
			if (SLACK[i] > 0)
				warn(FILE[i] ": lacks " SLACK[i] " of the " NNAME \
				    " benchmarks (another suite?); the series of" \
				    " those skips it")
}

# The variance of the log of side i's figure that its passes and clock
# show (model.awk's side_var without the run-to-run spread's default).
# From five passes on, the passes' spread is their median absolute
# deviation's (robust_var): one slow pass in ten would otherwise make
# the median of the rest look as uncertain as the slow pass is far.
# (Over normal passes its square averages 86-95% of the variance at 5
# to 10 passes; at 3, one deviation from the median is always 0.)
# The low window's figure: its own variance (model.awk's low_window).
function within_var(i, b,    n, e) {
	n = NPASS[i, b]
	if (FIGK[b] == "low" && ((i, b) in LOWV))
		return LOWV[i, b] + QVAR[i, b]
	if (n >= 5)
		return robust_var(i, b, n) * 1.5707963 / n + QVAR[i, b]
	if (n >= 2)
		return LVAR[i, b] * (n >= 3 ? 1.5707963 : 1) / n + QVAR[i, b]
	e = se_log(i, b)
	return (e > 0 ? e * e : 0) + QVAR[i, b]
}

# The variance of the log of side i's passes of b, from their median
# absolute deviation (1.4826 times it for a normal scatter, squared).
function robust_var(i, b, n,    k, x, m, d) {
	for (k = 1; k <= n; k++)
		x[k] = LPASS[i, b, k]
	m = median_of(x, n)
	for (k = 1; k <= n; k++)
		d[k] = abs(x[k] - m)
	return (1.4826 * median_of(d, n)) ^ 2
}

# Step 1 for b: SP[b], and what the segmentation starts from.
function series_test(b,    i, m, wv, k, c, p, pt) {
	m = 0
	wv = 0
	for (i = 1; i <= NFILE; i++)
		if (have(i, b) && !ERR[i, b] && POS[i, b] && fig(i, b) > 0) {
			SIDX[b, ++m] = i
			SY[b, m] = log(fig(i, b))
			wv += within_var(i, b)
		}
	SM[b] = m
	if (m < 3) {
		SVERD[b] = "untested"
		return
	}
	SWV[b] = wv / m
	cumsums(b)
	SNSEG[b] = 1
	SRSS[b] = ss(b, 1, m)
	c = best_split(b, 1, m)
	p = c > 0 ? BS_P : 1
	pt = trend(b)
	SP[b] = min(1, (c + 1) * min(p, pt))
	STESTED[++SNTEST] = b
	SVERD[b] = "tested"
}

# SC1, SC2[b, j]: running sums of the log values and their squares.
function cumsums(b,    j) {
	SC1[b, 0] = SC2[b, 0] = 0
	for (j = 1; j <= SM[b]; j++) {
		SC1[b, j] = SC1[b, j - 1] + SY[b, j]
		SC2[b, j] = SC2[b, j - 1] + SY[b, j] * SY[b, j]
	}
}

function segmean(b, a, e) { return (SC1[b, e] - SC1[b, a - 1]) / (e - a + 1) }

# The squares of the log values of positions a..e about their mean.
function ss(b, a, e,    s) {
	s = SC1[b, e] - SC1[b, a - 1]
	return max(0, SC2[b, e] - SC2[b, a - 1] - s * s / (e - a + 1))
}

# The best change within segment a..e, given the segmentation so far
# (SNSEG segments, SRSS their residual squares): a split after position
# BS_K (BS_K2 0), or a run BS_K + 1..BS_K2 that differs from the parts
# of the segment around it (a change and its return, which one split
# would miss); BS_P the two-sided p of its t, BS_RED the squares its one
# more mean removes.  Returns how many changes were candidates (0:
# none).
function best_split(b, a, e,    m, k, j, c, red, best, df, v, s1, s2, n) {
	m = SM[b]
	c = 0
	best = -1
	for (k = a; k < e; k++) {
		if (k - a + 1 < MINSEG || (e - k < MINSEG && !(e == m && \
		    k == m - 1)))
			continue
		c++
		red = ss(b, a, e) - ss(b, a, k) - ss(b, k + 1, e)
		if (red > best) {
			best = red
			BS_K = k
			BS_K2 = 0
		}
	}
	for (k = a + MINSEG - 1; k < e; k++)
		for (j = k + MINSEG; j <= e - MINSEG; j++) {
			c++
			s1 = SC1[b, k] - SC1[b, a - 1] + SC1[b, e] - SC1[b, j]
			s2 = SC2[b, k] - SC2[b, a - 1] + SC2[b, e] - SC2[b, j]
			n = e - a + 1 - (j - k)
			red = ss(b, a, e) - ss(b, k + 1, j) - \
			    max(0, s2 - s1 * s1 / n)
			if (red > best) {
				best = red
				BS_K = k
				BS_K2 = j
			}
		}
	if (c == 0)
		return 0
	BS_RED = best
	df = m - SNSEG[b] - 1
	BS_P = 1
	if (df < 1)
		return c
	v = resvar(b, SRSS[b] - best, df)
	if (best <= 0)	# nothing gained, or rounding below 0
		BS_P = 1
	else
		BS_P = v > 0 ? student_p(sqrt(best / v), df) : 0
	return c
}

# The residual variance of a segmentation: its squares over its degrees
# of freedom, never below the mean variance of a side from its passes.
function resvar(b, rss, df) { return max(rss / df, SWV[b]) }

# A linear trend over the positions: TR_SLOPE, TR_SE, TR_RSS; its p.
function trend(b,    m, j, sxx, sxy, xm, ym, d, v) {
	m = SM[b]
	xm = (m + 1) / 2
	ym = SC1[b, m] / m
	sxx = sxy = 0
	for (j = 1; j <= m; j++) {
		d = j - xm
		sxx += d * d
		sxy += d * (SY[b, j] - ym)
	}
	TR_SLOPE[b] = sxy / sxx
	TR_RSS[b] = max(0, SRSS[b] - sxy * sxy / sxx)
	v = resvar(b, TR_RSS[b], m - 2)
	TR_SE[b] = sqrt(v / sxx)
	if (TR_SE[b] <= 0)
		return TR_SLOPE[b] == 0 ? 1 : 0
	return student_p(TR_SLOPE[b] / TR_SE[b], m - 2)
}

# Benjamini-Hochberg over the tests of step 1, as model.awk's fdr().
function series_fdr(    j, m, b) {
	m = SNTEST
	bh_adjust(STESTED, m, SP, SQ)
	for (j = 1; j <= m; j++) {
		b = STESTED[j]
		SVERD[b] = SQ[b] <= Q ? "selected" : "none"
	}
}

# Steps 3 and 4 for a selected benchmark: bnd[1..nb] the first
# positions of the segments after the first, in order.
function segment(b,    m, nb, bnd, s, a, e, bestp, k1, k2, c, p) {
	m = SM[b]
	nb = 0
	for (;;) {
		bestp = 2
		for (s = 0; s <= nb; s++) {
			a = s == 0 ? 1 : bnd[s]
			e = s == nb ? m : bnd[s + 1] - 1
			c = best_split(b, a, e)
			if (c == 0)
				continue
			# The first change is the one step 1 selected.
			p = nb == 0 ? 0 : min(1, c * BS_P)
			if (p < bestp) {
				bestp = p
				k1 = BS_K
				k2 = BS_K2
			}
		}
		if (bestp > Q)
			break
		insert_bound(bnd, ++nb, k1 + 1)
		if (k2 > 0)
			insert_bound(bnd, ++nb, k2 + 1)
		SNSEG[b] = nb + 1
		SRSS[b] = seg_rss(b, bnd, nb)
	}
	if (nb > 0 && drift_fits(b, nb))
		drift(b)
	else
		steps(b, bnd, nb)
}

function insert_bound(bnd, n, x,    k) {
	for (k = n; k > 1 && bnd[k - 1] > x; k--)
		bnd[k] = bnd[k - 1]
	bnd[k] = x
}

# The residual squares of the segmentation bnd[1..nb].
function seg_rss(b, bnd, nb,    s, r) {
	r = 0
	for (s = 0; s <= nb; s++)
		r += ss(b, s == 0 ? 1 : bnd[s], s == nb ? SM[b] : bnd[s + 1] - 1)
	return r
}

# Does a line fit the series as well as nb steps, for fewer parameters?
# BIC, with the variance the passes show as a floor under both fits.
function drift_fits(b, nb,    m, fl, bs, bt) {
	m = SM[b]
	fl = m * SWV[b] + 1e-300
	bs = m * log((SRSS[b] + fl) / m) + (nb + 1) * log(m)
	bt = m * log((TR_RSS[b] + fl) / m) + 2 * log(m)
	return bt <= bs
}

function drift(b,    m, crit) {
	m = SM[b]
	SKIND[b] = "drift"
	DPER[b] = TR_SLOPE[b]
	DEST[b] = TR_SLOPE[b] * (m - 1)
	crit = tquant(ALPHA, m - 2)
	DLO[b] = DEST[b] - crit * TR_SE[b] * (m - 1)
	DHI[b] = DEST[b] + crit * TR_SE[b] * (m - 1)
	DA[b] = exp(SC1[b, m] / m - TR_SLOPE[b] * (m - 1) / 2)
	DB[b] = exp(SC1[b, m] / m + TR_SLOPE[b] * (m - 1) / 2)
	SVERD[b] = abs(DEST[b]) < LFLOORN ? "small" : "changed"
}

# Each boundary's step: the difference of the means of the segments on
# either side of it, with the residual spread of the segmentation.
function steps(b, bnd, nb,    m, s, a, e, f, df, v, se, crit, real, i) {
	m = SM[b]
	SKIND[b] = "steps"
	NSTEP[b] = nb
	df = m - nb - 1
	v = resvar(b, SRSS[b], max(df, 1))
	crit = tquant(ALPHA, max(df, 1))
	real = 0
	for (s = 1; s <= nb; s++) {
		a = s == 1 ? 1 : bnd[s - 1]
		f = s == nb ? m : bnd[s + 1] - 1
		e = bnd[s]
		STJ[b, s] = e
		STA[b, s] = exp(segmean(b, a, e - 1))
		STB[b, s] = exp(segmean(b, e, f))
		STEST[b, s] = segmean(b, e, f) - segmean(b, a, e - 1)
		se = sqrt(v * (1 / (e - a) + 1 / (f - e + 1)))
		STLO[b, s] = STEST[b, s] - crit * se
		STHI[b, s] = STEST[b, s] + crit * se
		STSMALL[b, s] = abs(STEST[b, s]) < LFLOORN
		STLAST[b, s] = e == m && f == m
		if (!STSMALL[b, s]) {
			real++
			i = SIDX[b, e]
			STEPAT[i]++
		}
	}
	SVERD[b] = real ? "changed" : (nb ? "small" : "none")
}

# The rows to show, by name, in the reference's order, or by the
# largest change first (-s delta); with -x only the changed ones.
function series_order(    r, b, idx, size, n) {
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		idx[r] = r
		size[r] = sprintf("%09.4f", 9999 - min(series_size(b), 9.999) * \
		    1000) b
		SCOUNT[SVERD[b]]++
	}
	if (ORDER == "name")
		sortby(idx, NAME, NNAME)
	else if (ORDER == "delta")
		sortby(idx, size, NNAME)
	NSROW = 0
	for (r = 1; r <= NNAME; r++) {
		b = NAME[idx[r]]
		if (!ONLYREAL || SVERD[b] == "changed")
			SROW[++NSROW] = b
	}
}

# The largest change of b, as the absolute log of a ratio, 0 for none.
function series_size(b,    s, x) {
	x = 0
	if (SKIND[b] == "drift")
		return abs(DEST[b])
	for (s = 1; s <= NSTEP[b]; s++)
		x = max(x, abs(STEST[b, s]))
	return x
}

# ---- shared by the renderers ----

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

# A side as the renderers name it: "F3".
function sname(i) { return "F" i }

# The delta of a log change and the half-width of its interval.
function sdelta(l) { return delta(1, exp(l)) }
function shalf(lo, hi) { return (sdelta(lo) - sdelta(hi)) / 2 }

# A value with the digits of the side it came from.
function sval(b, i, v) { return sprintf("%." DEC[i, b] "f", v) }

# The mark of a step: * beyond the floor, = within it.
function smark(small) { return small ? "=" : "*" }

# The side a step of b starts at, and the one before it.
function step_at(b, s) { return SIDX[b, STJ[b, s]] }
function step_before(b, s) { return SIDX[b, STJ[b, s] - 1] }

# The median of the sides' figures of b, for a row with no change.
function smedian(b,    j, x, idx, m) {
	m = SM[b]
	for (j = 1; j <= m; j++) {
		x[j] = SY[b, j]
		idx[j] = j
	}
	if (m == 0)
		return ""
	sortby(idx, x, m)
	return exp(m % 2 ? x[idx[(m + 1) / 2]] : \
	    (x[idx[m / 2]] + x[idx[m / 2 + 1]]) / 2)
}

function lastnote() {
	return "last file only: could be one bad run; confirm with another"
}

# The fields of change s of b (0: a drift, or none), as strings ready to
# print ("" when none): SF_KIND (step, drift, none, untested), SF_FROM
# and SF_TO the sides it lies between (a step: the side before and the
# side at it; a drift: the first and the last), SF_A and SF_B the values
# before and after, SF_DELTA with SF_DLO and SF_DHI, SF_RATIO with
# SF_RLO and SF_RHI, SF_SMALL and SF_LAST (0 or 1).
function sfields(b, s,    est, lo, hi, i, j) {
	SF_FROM = SF_TO = SF_A = SF_B = SF_DELTA = SF_DLO = SF_DHI = ""
	SF_RATIO = SF_RLO = SF_RHI = ""
	SF_SMALL = SF_LAST = 0
	SF_KIND = SVERD[b] == "untested" ? "untested" : \
	    (SKIND[b] == "drift" ? "drift" : (NSTEP[b] > 0 ? "step" : "none"))
	if (SF_KIND == "drift") {
		i = SIDX[b, 1]
		j = SIDX[b, SM[b]]
		SF_A = sval(b, i, DA[b])
		SF_B = sval(b, j, DB[b])
		est = DEST[b]
		lo = DLO[b]
		hi = DHI[b]
		SF_SMALL = SVERD[b] == "small"
	} else if (SF_KIND == "step") {
		i = step_before(b, s)
		j = step_at(b, s)
		SF_A = sval(b, i, STA[b, s])
		SF_B = sval(b, j, STB[b, s])
		est = STEST[b, s]
		lo = STLO[b, s]
		hi = STHI[b, s]
		SF_SMALL = STSMALL[b, s]
		SF_LAST = STLAST[b, s]
	} else
		return
	SF_FROM = i
	SF_TO = j
	SF_DELTA = sprintf("%.1f", sdelta(est))
	SF_DLO = sprintf("%.1f", sdelta(hi))
	SF_DHI = sprintf("%.1f", sdelta(lo))
	SF_RATIO = sprintf("%.6g", exp(est))
	SF_RLO = sprintf("%.6g", exp(lo))
	SF_RHI = sprintf("%.6g", exp(hi))
}

# How many records b has: one a step, else one.
function nchanges(b) { return SKIND[b] == "steps" && NSTEP[b] > 0 ? NSTEP[b] : 1 }

# The p and q of step 1 as text, "" when untested.
function sp_text(b) { return SVERD[b] == "untested" ? "" : sprintf("%.4g", SP[b]) }
function sq_text(b) { return SVERD[b] == "untested" ? "" : sprintf("%.4g", SQ[b]) }
