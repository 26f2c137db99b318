# SPDX-License-Identifier: MIT
#
# model.awk - multiview's comparison model: per side the median of the
# passes and their spread on a log scale; per benchmark and compared
# side the delta, its interval, its p-value and its verdict, and whether
# the row is suspect; over the table the false discovery rate, the order
# of the rows and the tallies.  A renderer prints what this file and the
# reader left and computes nothing statistical.  Part of multiview's
# program (main.awk says how it is put together).
#
# Per side i and benchmark b: MED, POS, LMEAN, LVAR, QVAR[i,b]: the
# median, whether every pass is positive, mean and variance of
# log(pass), variance of the log value from quantization; LPASS[i,b,k]
# the log of pass k.  SPREADV, SPREADDF[b]: the pass-to-pass variance of
# log(pass) pooled over the sides, and its degrees of freedom.  Per
# comparison key = b SUBSEP i: VERD, SUSPECT, REASONS, METHOD, MEASURED,
# EST (log shift), LLO and LHI (its interval), RATIO, DELTA, DLO, DHI,
# HALF (the same in percent), EXCL (the change the data excludes, in
# percent), PVAL, QVAL; TESTED[1..NTESTED] the keys that were tested,
# NMETH[method] how many each method judged.  ROW[1..NROW] the rows to
# print, in order.  Per side i: TALLY[i,verdict] its rows of each
# verdict; GMEAN, GEOLO and GEOHI[i] the geometric mean ratio and its
# interval (as logs), over GCOUNT[i] ratios; MEDHALF[i] the median
# half-width of its intervals; BIG[i,1..NBIG[i]] the keys of its
# largest changes.  TAGKIND[tag] the kind of warning a reason stands for.

# ---- per side: the median of the passes, their spread on a log scale ----

function summarize(i, b,    n, k, x, idx, s, m, d, hw) {
	if (!have(i, b))
		return
	n = NPASS[i, b]
	for (k = 1; k <= n; k++) {
		x[k] = PASSV[i, b, k]
		idx[k] = k
	}
	sortby(idx, x, n)
	MED[i, b] = n % 2 ? x[idx[(n + 1) / 2]] : \
	    (x[idx[n / 2]] + x[idx[n / 2 + 1]]) / 2
	POS[i, b] = x[idx[1]] > 0
	if (MED[i, b] > 0)
		quantization(i, b)
	if (!POS[i, b])
		return
	s = 0
	for (k = 1; k <= n; k++)
		s += LPASS[i, b, k] = log(PASSV[i, b, k])
	if (n < 2)
		return
	m = s / n
	s = 0
	for (k = 1; k <= n; k++) {
		d = LPASS[i, b, k] - m
		s += d * d
	}
	LMEAN[i, b] = m
	LVAR[i, b] = s / (n - 1)
	low_window(i, b, n)
	two_states(i, b, n)
	# Passes more than 10% apart (standard deviation of the logs): the
	# luck of each process (CPU placement, page layout) decides the
	# figure.  Enough such passes still pin it: the warning waits until
	# their 95% Student interval is wider than 10% either way too.
	if (LVAR[i, b] > LSPREAD * LSPREAD) {
		hw = tquant(0.05, n - 1) * sqrt(LVAR[i, b] / n)
		if (hw > LSPREAD)
			add_warning(i, b, 0, sprintf("Passes disagree: %d" \
			    " passes from %.6g to %.6g usecs/call, their" \
			    " figure within +/-%.0f%% (95%%)", n, x[idx[1]],
			    x[idx[n]], 100 * (exp(hw) - 1)))
	}
}

# Passes that fall in two groups, each of three passes or more, with a
# gap between them over 20% and over ten times the spread within the
# groups (a pass-to-pass spread of 12% alone makes gaps of 10%): which state a run lands in decides its figure, and two runs
# can land in different ones.  Needs six passes or more.
function two_states(i, b, n,    x, k, j, g, best, s, m1, m2, d) {
	if (n < 6)
		return
	for (k = 1; k <= n; k++)
		x[k] = LPASS[i, b, k]
	sortnum(x, n)
	best = 0
	for (k = 3; k <= n - 3; k++) {
		g = x[k + 1] - x[k]
		m1 = m2 = s = 0
		for (j = 1; j <= k; j++)
			m1 += x[j] / k
		for (j = k + 1; j <= n; j++)
			m2 += x[j] / (n - k)
		for (j = 1; j <= n; j++) {
			d = x[j] - (j <= k ? m1 : m2)
			s += d * d
		}
		s = sqrt(s / (n - 2))
		if (g > log(1.20) && g > 10 * s && g > best) {
			best = g
			STATEK[i, b] = k
		}
	}
	if (best > 0)
		add_warning(i, b, 0, sprintf("Two states: %d passes from %.6g" \
		    " to %.6g usecs/call, %d from %.6g to %.6g", STATEK[i, b],
		    exp(x[1]), exp(x[STATEK[i, b]]), n - STATEK[i, b],
		    exp(x[STATEK[i, b] + 1]), exp(x[n])))
}

# The low window of side i's passes of b: the mean of their logs from
# the QLO to the QHI quantile (the 2nd to the 5th fastest of ten),
# LOWL[i, b], over LOWH[i, b] passes, and its variance LOWV[i, b] by
# Yuen's rule: the passes winsorized at the window's ends, their sum of
# squares over h (h - 1).  Needs MINLOW passes: fewer leave the window
# one or two, and its variance next to no degrees of freedom.
function low_window(i, b, n,    x, k, lo, hi, h, s) {
	if (n < MINLOW)
		return
	for (k = 1; k <= n; k++)
		x[k] = LPASS[i, b, k]
	sortnum(x, n)
	for (k = 1; k <= n; k++)
		LSORT[i, b, k] = x[k]
	window_of(n)
	lo = LO_
	hi = HI_
	h = hi - lo + 1
	s = 0
	for (k = lo; k <= hi; k++)
		s += x[k] * window_weight(k, n)
	LOWL[i, b] = s
	LOWH[i, b] = h
	LOWGAP[i, b] = 0
	for (k = 1; k < n && k <= n / 2; k++)
		LOWGAP[i, b] = max(LOWGAP[i, b], x[k + 1] - x[k])
	LOWV[i, b] = yuen_var(i, b, lo, hi)
}

# Yuen's variance of the mean of side i's sorted log passes lo to hi of
# b: every pass winsorized at those two, their sum of squares over
# h (h - 1), h = hi - lo + 1.
function yuen_var(i, b, lo, hi,    n, k, s, w, wm, h) {
	n = NPASS[i, b]
	s = 0
	for (k = 1; k <= n; k++)
		s += w[k] = min(max(LSORT[i, b, k], LSORT[i, b, lo]),
		    LSORT[i, b, hi])
	wm = s / n
	s = 0
	for (k = 1; k <= n; k++)
		s += (w[k] - wm) ^ 2
	h = hi - lo + 1
	return s / (h * (h - 1))
}

# The passes of the low window for n passes: LO_ and HI_ (set here).
function window_of(n) {
	LO_ = int(n * QLO) + 1
	HI_ = ceil(n * QHI)
	if (HI_ <= LO_)
		HI_ = LO_ + 1
}

function ceil(x) { return x > int(x) ? int(x) + 1 : int(x) }

# The low window of side i's passes of b as m passes would give it (m
# at most its own count n): the mean over every m of its n passes, each
# pass weighed by the chance that it is the k-th fastest of m for each
# k of the window, C(j - 1, k - 1) C(n - j, m - k) / C(n, m).  A tail
# window of fewer passes reads higher (the fastest of five is slower
# than the fastest of ten), so two sides of different counts are
# compared at the smaller one.
function low_at(i, b, m,    n, j, k, s, w, c) {
	n = NPASS[i, b]
	if (m >= n)
		return LOWL[i, b]
	window_of(m)
	c = lchoose(n, m)
	s = 0
	for (j = 1; j <= n; j++) {
		w = 0
		for (k = LO_; k <= HI_; k++)
			if (k <= j && m - k <= n - j)
				w += window_weight(k, m) * \
				    exp(lchoose(j - 1, k - 1) + \
				    lchoose(n - j, m - k) - c)
		s += w * LSORT[i, b, j]
	}
	return s
}

# The weight of the k-th fastest of n passes in the low window: the share
# of the window from the QLO to the QHI quantile that it stands for, the
# k-th of n standing for the quantiles from (k - 1) / n to k / n; so the
# window is the same stretch of the passes' distribution at any count
# (the fastest of five weighs 2/3, the second 1/3; from MINLOW passes on
# it spans two at least).
function window_weight(k, n,    w) {
	w = min(k / n, QHI) - max((k - 1) / n, QLO)
	return w > 0 ? w / (QHI - QLO) : 0
}

# The variance of low_at(i, b, m), and in LOWH_ its passes: Yuen's over
# the stretch of side i's passes that a window of m spans (the fastest
# 2 of 5 stand for the fastest 40%: 4 passes of 10), so that a side
# whose slower passes would enter the window of fewer passes says so.
function low_var_at(i, b, m,    n, lo, hi) {
	n = NPASS[i, b]
	LOWH_ = LOWH[i, b]
	if (m >= n)
		return LOWV[i, b]
	window_of(m)
	lo = int(n * (LO_ - 1) / m) + 1
	hi = ceil(n * HI_ / m)
	LOWH_ = hi - lo + 1
	return yuen_var(i, b, lo, hi)
}

# The variance of the low window of m passes drawn from side i's n
# passes of b, over every such draw: E[T^2] - E[T]^2, T the weighed
# sum of the draw's fastest, from the chances that the j-th and the
# j2-th fastest of n are the k-th and the k2-th of the draw.
function subset_var(i, b, m,    n, c, j, j2, k, k2, w, e1, e2, p) {
	n = NPASS[i, b]
	window_of(m)
	c = lchoose(n, m)
	e1 = e2 = 0
	for (j = 1; j <= n; j++)
		for (k = LO_; k <= HI_ && k <= j; k++) {
			if (m - k > n - j)
				continue
			w = window_weight(k, m)
			p = exp(lchoose(j - 1, k - 1) + lchoose(n - j, m - k) - c)
			e1 += w * p * LSORT[i, b, j]
			e2 += w * w * p * LSORT[i, b, j] ^ 2
			# The pairs: j the k-th, j2 > j the k2-th (k2 > k).
			for (j2 = j + 1; j2 <= n; j2++)
				for (k2 = k + 1; k2 <= HI_; k2++) {
					if (k2 - k - 1 > j2 - j - 1 || \
					    m - k2 > n - j2)
						continue
					p = exp(lchoose(j - 1, k - 1) + \
					    lchoose(j2 - j - 1, k2 - k - 1) + \
					    lchoose(n - j2, m - k2) - c)
					e2 += 2 * w * window_weight(k2, m) * p * \
					    LSORT[i, b, j] * LSORT[i, b, j2]
				}
		}
	return max(0, e2 - e1 * e1)
}

function lchoose(n, k) {
	return lgam(n + 1) - lgam(k + 1) - lgam(n - k + 1)
}

# FIGK[b], the figure of b in every file of the comparison, and FIG[i, b]
# its value: the low window ("low"), or the median of the passes
# ("median") where a compared file has fewer than MINLOW passes (fewer
# than 10 in a table of fewer than MINFIT rows, whose windows' variances
# cannot be moderated: the window of 6 passes is 2, on 1 degree of
# freedom, and the rank interval of the median separates far better
# what differs in every pass), or where
# its faster half falls in states a factor STATEF or more apart: that is
# the row's own work (threads or processes that meet or miss each
# other), not time the machine added, and its fast state can be the
# rare one, in one run and not the next.  The machine's levels are
# closer than that (a quarter to four fifths more, measured here).
# The files of one session (PAIRED) compare pair by pair, by the median,
# unless -F low: there the pairs' ratios cancel what a session shares,
# and an A/A session measured here gave intervals of +/-2.1% by pairs
# against +/-7.8% by the two sides' low windows.
# -F median or -F low sets one figure for every row.
function choose_figure(b,    i, k) {
	k = FIGURE == "median" || (PAIRED && FIGURE == "auto") ? "median" : \
	    "low"
	for (i = 1; k == "low" && i <= NFILE; i++) {
		if (!have(i, b) || ERR[i, b])
			continue
		if (!((i, b) in LOWL) || (FIGURE == "auto" && NNAME < MINFIT &&
		    NPASS[i, b] < 10))
			k = "median"
		else if (FIGURE == "auto" && LOWGAP[i, b] >= log(STATEF))
			k = "median"
	}
	FIGK[b] = k
	NFIGMED += k == "median" && FIGURE == "auto"
	for (i = 1; i <= NSIDES; i++)
		if (have(i, b))
			FIG[i, b] = k == "low" && ((i, b) in LOWL) ? \
			    exp(LOWL[i, b]) : MED[i, b]
}

# The figure of b in side i: the chosen one, else the median.
function fig(i, b) { return (i, b) in FIG ? FIG[i, b] : MED[i, b] }

# QVAR[i, b]: the variance of log(value) that the clock's step and the
# printed digits leave.  One step (TimerRes, or the run's own clock
# resolution) over the batch either way, or QSTEP[i, b, k] where a pass
# gives its step in the value's unit (a count's, counts.awk), uniformly: a median of samples
# that all read the same tick can be off by a whole tick.  Half a unit of
# the last digit printed, uniformly.  A step over 5% of the value makes
# the row suspect.
function quantization(i, b,    k, step, st, v, u, l) {
	step = 0
	for (k = 1; k <= NPASS[i, b]; k++) {
		st = (i, b, k) in QSTEP ? QSTEP[i, b, k] : \
		    RESNS[i, b, k] / 1000 / (BATCH[i, b, k] > 0 ? \
		    BATCH[i, b, k] : 1)
		if (st > step)
			step = st
	}
	v = MED[i, b]
	u = 10 ^ -DEC[i, b]
	l = log(1 + step / v)
	QVAR[i, b] = l * l / 3 + (u / v) * (u / v) / 12
	if (step > 0.05 * v) {
		add_warning(i, b, 0, sprintf("Coarse timer: one clock step" \
		    " over the batch is %.0f%% of the value", 100 * step / v))
	}
}

# The run-to-run spread of b: the pooled variance of log pass values
# over every file where b has passes, and its degrees of freedom.
function pool_spread(b,    i, n) {
	for (i = 1; i <= NFILE || (i == NFILE + 1 && REFSIDE); i++) {
		n = npasses(i, b)
		if (n >= 2 && POS[i, b]) {
			SPREADV[b] += LVAR[i, b] * (n - 1)
			SPREADDF[b] += n - 1
		}
	}
	if (SPREADDF[b] > 0)
		SPREADV[b] /= SPREADDF[b]
}

# A side whose row has fewer passes than most of its rows lost some (a
# pass failed, or a file of the side lacks the row): its figure rests
# on what is left.  Adaptive passes (-w) stop rows early on purpose.
function missing_passes(i,    r, b, n, cnt, best, mode) {
	if ((i, "Adaptive_passes") in HDR)
		return
	for (r = 1; r <= NNAME; r++)
		if (npasses(i, NAME[r]) > 0)
			cnt[npasses(i, NAME[r])]++
	best = 0
	for (n in cnt)
		if (cnt[n] > best || (cnt[n] == best && n + 0 > mode)) {
			best = cnt[n]
			mode = n + 0
		}
	for (r = 1; r <= NNAME && mode >= 2; r++) {
		b = NAME[r]
		n = npasses(i, b)
		if (n > 0 && n < mode)
			add_warning(i, b, 0, sprintf("Missing passes: %d of" \
			    " the file's %d", n, mode))
	}
}

# ---- comparing ----

# The delta of SPEC.md: symmetric in speed, 2x either way is 100%.
function delta(a, b,    f) {
	f = b / a
	return f > 1 ? -(f * 100 - 100) : 100 / f - 100
}

# One estimator gives the shift, its interval and its p-value, all of
# log(usecs/call): with enough passes on both sides the Hodges-Lehmann
# shift with its Mann-Whitney interval (method "hl"), else the noise
# model of measured spread and quantization (method "model"); for the
# files of one session, paired.awk's (method "paired").
function compare(b, i,    key, a, v) {
	key = b SUBSEP i
	if (!have(1, b) || !have(i, b)) {
		VERD[key] = (1, b) in UNSUP || (i, b) in UNSUP ? \
		    "unsupported" : "missing"
		return
	}
	SUSPECT[key] = side_suspect(1, b) || side_suspect(i, b)
	if (SUSPECT[key])
		REASONS[key] = reasons(b, i)
	if (estimator(i) != estimator(1)) {
		SUSPECT[key] = 1
		REASONS[key] = REASONS[key] (REASONS[key] == "" ? "" : ",") \
		    "statistic"
	}
	# The files of one session: pair by pair (paired.awk), unless -F low
	# asked for each side's low window.
	if (PAIRED && FIGK[b] != "low") {
		paired_compare(b, i, key)
		return
	}
	if (ERR[1, b] || ERR[i, b]) {
		VERD[key] = "errors"
		return
	}
	a = fig(1, b)
	v = fig(i, b)
	if (a <= 0 || v <= 0) {
		VERD[key] = "zero"
		return
	}
	if (!(FIGK[b] == "low" && low_compare(b, i, key)) && \
	    !(FIGK[b] != "low" && POS[1, b] && POS[i, b] && \
	    NPASS[1, b] >= 2 && NPASS[i, b] >= 2 && hl_compare(b, i, key)) && \
	    !model_compare(b, i, key)) {
		RATIO[key] = v / a
		DELTA[key] = delta(a, v)
		ABSD[key] = v - a
		VERD[key] = "untested"
		return
	}
	NMETH[METHOD[key]]++
	if (METHOD[key] == "model")
		NMODEL[NPASS[1, b] == 1 || NPASS[i, b] == 1 ? "one" : "few"]++
	TESTED[++NTESTED] = key
	VERD[key] = "tested"
}

# The interval of a tested delta in percent, once noise.awk has added
# the noise between runs to it.
function finish(key) {
	# A clock step far beyond the value can make the ends overflow exp.
	LLO[key] = max(LLO[key], -690)
	LHI[key] = min(LHI[key], 690)
	RATIO[key] = exp(EST[key])
	DELTA[key] = delta(1, RATIO[key])
	ABSD[key] = fig(1, substr(key, 1, index(key, SUBSEP) - 1)) * \
	    (RATIO[key] - 1)
	# delta falls as the ratio rises: DLO is the slower end.
	DLO[key] = delta(1, exp(LHI[key]))
	DHI[key] = delta(1, exp(LLO[key]))
	HALF[key] = (DHI[key] - DLO[key]) / 2
	EXCL[key] = max(abs(DLO[key]), abs(DHI[key]))
	# The plain interval leaves out 0, the table's test does not.
	ALONE[key] = LLO[key] > 0 || LHI[key] < 0
}

# The low windows of the two sides: the difference of their means, with
# Student's interval on Welch's degrees of freedom from the windows'
# variances (Yuen's test), the quantization of both sides added.
function low_compare(b, i, key,    v1, v2, h1, h2, v, df, m) {
	if (!((1, b) in LOWL) || !((i, b) in LOWL))
		return 0
	m = min(NPASS[1, b], NPASS[i, b])
	v1 = low_var_at(1, b, m)
	h1 = LOWH_
	v2 = low_var_at(i, b, m)
	h2 = LOWH_
	# The side of fewer passes is as uncertain as that many passes of
	# the other side show, where that is more than its own passes say:
	# five passes with none slowed cannot tell that two in five could
	# have been.
	if (NPASS[1, b] > m)
		v2 = max(v2, subset_var(1, b, m))
	else if (NPASS[i, b] > m)
		v1 = max(v1, subset_var(i, b, m))
	v = v1 + v2
	df = v > 0 ? v * v / (v1 * v1 / (h1 - 1) + v2 * v2 / (h2 - 1)) : 0
	model_interval(key, low_at(i, b, m) - low_at(1, b, m),
	    v + QVAR[1, b] + QVAR[i, b], df)
	METHOD[key] = "low"
	KEYDF[key] = df
	LOWVAR[key] = v
	LOWQ[key] = QVAR[1, b] + QVAR[i, b]
	LOWCOV[key] = robust_var(1, b, NPASS[1, b]) / NPASS[1, b] + \
	    robust_var(i, b, NPASS[i, b]) / NPASS[i, b]
	return 1
}

# Hodges-Lehmann: the median of the n1 x n2 differences of log passes,
# which one disturbed pass moves by one place out of n1 x n2, and the
# interval between the k-th smallest and k-th largest of them, with k
# from the distribution of the Mann-Whitney U.  A side's quantization
# widens both ends, so identical passes still leave room for a clock
# step.  0 when the passes are too few for the confidence level.
function hl_compare(b, i, key,    n1, n2, j, k, nd, d, kk, qv, m) {
	n1 = NPASS[1, b]
	n2 = NPASS[i, b]
	if (!mw_setup(b, i, n1, n2))
		return 0
	for (kk = 0; 2 * mw_cdf(kk) <= ALPHA; kk++)
		;
	if (kk < 1)
		return 0
	nd = 0
	for (j = 1; j <= n1; j++)
		for (k = 1; k <= n2; k++)
			d[++nd] = LPASS[i, b, k] - LPASS[1, b, j]
	sortnum(d, nd)
	qv = QVAR[1, b] + QVAR[i, b]
	m = qv > 0 ? ZHALF * sqrt(qv) : 0
	EST[key] = nd % 2 ? d[(nd + 1) / 2] : (d[nd / 2] + d[nd / 2 + 1]) / 2
	LLO[key] = d[kk] - m
	LHI[key] = d[nd + 1 - kk] + m
	PVAL[key] = hl_p(d, nd, qv)
	METHOD[key] = "hl"
	return 1
}

# The least two-sided level at which the interval leaves out 0: with no
# quantization, the Mann-Whitney p (ties counted against the change).
function hl_p(d, nd, qv,    k, a, m) {
	for (k = 1; 2 * k <= nd + 1; k++) {
		# Sorted: while d[k] <= 0 <= d[nd + 1 - k], 0 stays inside.
		if (d[k] <= 0 && d[nd + 1 - k] >= 0)
			continue
		a = 2 * mw_cdf(k - 1)
		if (a >= 1)
			return 1
		m = qv > 0 ? zquant(1 - a / 2) * sqrt(qv) : 0
		if (d[k] - m > 0 || d[nd + 1 - k] + m < 0)
			return a
	}
	return 1
}

# The null distribution of U for the passes of b in files 1 and i, by
# num.awk's mw_null: 0 when every pass of both sides is the same value.
function mw_setup(b, i, n1, n2,    x, n, k) {
	n = 0
	for (k = 1; k <= n1; k++)
		x[++n] = LPASS[1, b, k]
	for (k = 1; k <= n2; k++)
		x[++n] = LPASS[i, b, k]
	sortnum(x, n)
	return mw_null(x, n1, n2)
}

# The noise model, for a side with one pass (or too few for the level):
# the variance of a side's log value is the run-to-run spread over its
# passes (times pi/2 for a median of three or more), its quantization,
# and for one pass the engine's own standard error.  The spread is the
# one measured from the passes of b in every file of the comparison
# (with Student's t on its degrees of freedom), else the -n default.
# 0, untested, when nothing was measured: no passes and, on a side with
# one pass, no statistics.
function model_compare(b, i, key,    n1, n2, e1, e2, sv, df, v, d) {
	n1 = NPASS[1, b]
	n2 = NPASS[i, b]
	e1 = n1 == 1 ? se_log(1, b) : 0
	e2 = n2 == 1 ? se_log(i, b) : 0
	df = SPREADDF[b] >= 2 ? SPREADDF[b] : 0
	if (!df && (e1 < 0 || e2 < 0))
		return 0
	sv = df ? SPREADV[b] : LRUN1 * LRUN1
	v = side_var(1, b, sv, max(e1, 0)) + side_var(i, b, sv, max(e2, 0))
	d = log(MED[i, b] / MED[1, b])
	# Nothing measured how far runs move: with -n table, noise.awk's
	# onepass_fit() takes that from the table when it has rows enough.
	if (!df && ONETABLE)
		ONEOWN[key] = side_var(1, b, 0, e1) + side_var(i, b, 0, e2)
	model_interval(key, d, v, df)
	METHOD[key] = "model"
	MEASURED[key] = df > 0
	if (n1 == 1 || n2 == 1)
		noise_source(i, b, df)
	return 1
}

# Where the one-pass rows of file i took their spread, for the summary:
# "passes of the noise reference", "passes", "-n 10%", or a mix.
function noise_source(i, b, df,    s) {
	s = !df ? sprintf("-n %g%%", SPREAD1) : npasses(REFSIDE, b) >= 2 ? \
	    "passes of the noise reference" : "passes"
	if (index(NOISESRC[i], s) == 0)
		NOISESRC[i] = NOISESRC[i] (NOISESRC[i] == "" ? "" : ", ") s
}

# The interval and p of a log shift d of variance v: Student's t on df
# degrees of freedom, or normal when df is 0.
function model_interval(key, d, v, df,    crit) {
	crit = df ? tquant(ALPHA, df) : ZHALF
	EST[key] = d
	LLO[key] = d - crit * sqrt(v)
	LHI[key] = d + crit * sqrt(v)
	if (v == 0)
		PVAL[key] = d == 0 ? 1 : 0
	else
		PVAL[key] = df ? student_p(d / sqrt(v), df) : normal_p(d / sqrt(v))
}

function side_var(i, b, sv, e,    n) {
	n = NPASS[i, b]
	return sv * (n >= 3 ? 1.5707963 : 1) / n + QVAR[i, b] + e * e
}

# Standard error of log(value) of a one-pass side, or -1 when unknown.
# The engine bounds the median by a distribution-free 99% interval; its
# half-width is 2.576 standard errors.  A Sun file gives the standard
# error of the mean; the median of normal data has sqrt(pi/2) times it.
function se_log(i, b,    v) {
	v = PASSV[i, b, 1]
	if (v <= 0)
		return -1
	if (((i, b, 1) in CILO) && ((i, b, 1) in CIHI)) {
		if (CIHI[i, b, 1] < CILO[i, b, 1] || kept(i, b) < MINN)
			return -1
		return (CIHI[i, b, 1] - CILO[i, b, 1]) / (2 * 2.576) / v
	}
	if ((i, b, 1) in SEM)
		return 1.2533 * SEM[i, b, 1] / v
	return -1
}

# Samples behind the interval (outliers removed); unknown counts pass.
function kept(i, b,    n) {
	if (!((i, b, 1) in NSAMPLES))
		return MINN
	n = NSAMPLES[i, b, 1]
	if ((i, b, 1) in NOUTLIERS)
		n -= NOUTLIERS[i, b, 1]
	return n
}

# ---- suspect rows ----

# Does this kind of warning make b in file i suspect?  When it came from
# more than half of its passes (so from the one pass there is), or it is
# about the side as a whole: a warning in one pass of five is a passing
# disturbance, which the passes themselves outvote.
# Only a warning that says the interval itself may be wrong counts:
# passes that fall in two groups (states), a figure resting on too few
# samples (few), a side that lost passes (missing), and the warnings
# this program does not know.  A wide spread, an imprecise median, a
# drift, a long tail, samples from two states within a run (bimodal:
# the run's statistic picks one), passes that disagree or a clock step
# large against the value (quant, timer: the quantization is in the
# interval) widen the interval instead.
function kind_counts(i, b, kind) {
	return suspect_kind(kind) && (((i, b, kind) in SIDEKIND) || \
	    2 * KINDPASSES[i, b, kind] > NPASS[i, b])
}

function suspect_kind(kind) {
	return reason_tag(kind) !~ \
	    /^(spread|imprecise|drift|tail|passes|timer|quant|bimodal)$/
}

function side_suspect(i, b,    j) {
	for (j = 1; j <= NKINDS[i, b]; j++)
		if (kind_counts(i, b, KINDS[i, b, j]))
			return 1
	return 0
}

# The short name of a kind of warning, as the text shows it after "!".
function reason_tag(kind,    k) {
	k = tolower(kind)
	if (k ~ /^high spread/)
		return "spread"
	if (k ~ /^passes disagree/)
		return "passes"
	if (k ~ /^quantization/)
		return "quant"
	if (k ~ /^coarse timer/)
		return "timer"
	if (k ~ /^few samples/)
		return "few"
	if (k ~ /^long tail/)
		return "tail"
	if (k ~ /^missing passes/)
		return "missing"
	if (k ~ /^two states/)
		return "states"
	sub(/[^a-z].*/, "", k)
	return k == "" ? "warn" : k
}

# The reasons b is suspect in the comparison of file i: "spread,passes".
function reasons(b, i,    s, seen, side, j, kind, t) {
	s = ""
	for (side = 1; side <= 2; side++)
		for (j = 1; j <= NKINDS[side == 1 ? 1 : i, b]; j++) {
			kind = KINDS[side == 1 ? 1 : i, b, j]
			if (!kind_counts(side == 1 ? 1 : i, b, kind))
				continue
			t = reason_tag(kind)
			if (!(t in seen)) {
				seen[t] = 1
				s = s (s == "" ? "" : ",") t
				if (!(t in TAGKIND))
					TAGKIND[t] = kind
			}
		}
	return s
}

function side_reasons(i, b,    j, s, t, seen) {
	s = ""
	for (j = 1; j <= NKINDS[i, b]; j++)
		if (kind_counts(i, b, KINDS[i, b, j])) {
			t = reason_tag(KINDS[i, b, j])
			if (!(t in seen)) {
				seen[t] = 1
				s = s (s == "" ? "" : ",") t
			}
		}
	return s
}

function suspect(b, i) {
	return i == 1 ? side_suspect(1, b) : SUSPECT[b SUBSEP i] + 0
}

# ---- over the table: verdicts, order, tallies ----

# Benjamini-Hochberg over every tested delta of the table: q of the
# j-th smallest of m p-values is min over k >= j of p(k) * m / k.
# Significant and beyond the floor is faster or slower; significant
# within it, small.
function fdr(    j, m, key) {
	m = NTESTED
	bh_adjust(TESTED, m, PVAL, QVAL)
	for (j = 1; j <= m; j++) {
		key = TESTED[j]
		NFLOORED += floor_of(key) > 0
		if (QVAL[key] > Q || EST[key] == 0)
			VERD[key] = "noise"
		else if (abs(EST[key]) < floor_of(key))
			VERD[key] = "small"
		else
			VERD[key] = EST[key] > 0 ? "slower" : "faster"
	}
}

# Passes show a run's spread within one run of the suite, not the
# machine's drift between two runs: that is the floor's.
function floor_of(key) {
	return METHOD[key] ~ /^(hl|low)$/ || MEASURED[key] ? LFLOORN : 0
}

function hasratio(v) { return v ~ /^(faster|slower|small|noise|untested)$/ }
function tested(v) { return v ~ /^(faster|slower|small|noise)$/ }

# By name, in the reference's order, or by the size of the change in
# the first compared file (the largest first, rows with no ratio last,
# by name); with -x only the rows with a verdict other than noise.
function order_rows(    j, idx, size, key, v) {
	for (j = 1; j <= NNAME; j++) {
		idx[j] = j
		key = NAME[j] SUBSEP 2
		v = VERD[key]
		size[j] = (hasratio(v) ? 0 : 1) "" \
		    sprintf("%09.4f", 9999 - min(abs(log(RATIO[key] + 0 > 0 ? \
		    RATIO[key] : 1)), 9.999) * 1000) NAME[j]
	}
	if (ORDER == "name")
		sortby(idx, NAME, NNAME)
	else if (ORDER == "delta")
		sortby(idx, size, NNAME)
	NROW = 0
	for (j = 1; j <= NNAME; j++)
		if (!ONLYREAL || !all_noise(NAME[idx[j]]))
			ROW[++NROW] = NAME[idx[j]]
}

function all_noise(b,    i) {
	for (i = 2; i <= NFILE; i++)
		if (VERD[b SUBSEP i] != "noise")
			return 0
	return 1
}

# Shell sort of idx[1..n] by val[idx[j]]: numbers compare as numbers,
# strings byte by byte (LC_ALL=C), the same in every awk.
function sortby(idx, val, n,    gap, j, k, t) {
	for (gap = int(n / 2); gap > 0; gap = int(gap / 2))
		for (j = gap + 1; j <= n; j++) {
			t = idx[j]
			for (k = j; k > gap && val[idx[k - gap]] > val[t]; \
			    k -= gap)
				idx[k] = idx[k - gap]
			idx[k] = t
		}
}

# Per file: counts per verdict; the log ratios for their geometric mean;
# the half-widths for their median.
function tally(    i, r, key, n, x, idx, m, s, d, j) {
	for (i = 2; i <= NFILE; i++) {
		n = 0
		GCOUNT[i] = 0
		for (r = 1; r <= NROW; r++) {
			key = ROW[r] SUBSEP i
			TALLY[i, VERD[key]]++
			if (hasratio(VERD[key]))
				GLOG[i, ++GCOUNT[i]] = log(RATIO[key])
			if (tested(VERD[key])) {
				x[++n] = HALF[key]
				idx[n] = n
			}
		}
		if (n > 0) {
			sortby(idx, x, n)
			MEDHALF[i] = n % 2 ? x[idx[(n + 1) / 2]] : \
			    (x[idx[n / 2]] + x[idx[n / 2 + 1]]) / 2
		}
		m = s = 0
		for (j = 1; j <= GCOUNT[i]; j++)
			m += GLOG[i, j]
		if (GCOUNT[i] > 0)
			GMEAN[i] = m /= GCOUNT[i]
		for (j = 1; j <= GCOUNT[i]; j++) {
			d = GLOG[i, j] - m
			s += d * d
		}
		# Over the benchmarks: how far the suite as a whole moved.
		if (GCOUNT[i] >= 2) {
			s = tquant(ALPHA, GCOUNT[i] - 1) * \
			    sqrt(s / (GCOUNT[i] - 1) / GCOUNT[i])
			GEOLO[i] = m - s
			GEOHI[i] = m + s
		}
		biggest(i)
	}
}

# BIG[i, 1..NBIG[i]]: the keys of the three largest significant
# changes of file i.
function biggest(i,    r, key, n, idx, size, j) {
	n = 0
	for (r = 1; r <= NROW; r++) {
		key = ROW[r] SUBSEP i
		if (VERD[key] == "faster" || VERD[key] == "slower") {
			idx[++n] = key
			size[key] = -abs(EST[key])
		}
	}
	sortby(idx, size, n)
	NBIG[i] = n < 3 ? n : 3
	for (j = 1; j <= NBIG[i]; j++)
		BIG[i, j] = idx[j]
}
