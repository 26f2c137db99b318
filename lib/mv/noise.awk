# SPDX-License-Identifier: MIT
#
# noise.awk - the noise between two runs of the suite, which no run can
# see in itself.  Part of multiview's program (main.awk says how it is
# put together).
#
# A delta's interval from the passes says how far the figure of this
# run could move.  Two runs minutes apart differ by more: the machine's
# state (its other load, its frequency, the host of a VM) moves every
# benchmark of a run a little, and differently from one run to the
# next.  Most rows of a comparison do not change, so the table itself
# measures that noise: the rows' log ratios, around their median, are
# the noise between runs plus what each row's own interval already
# holds.  For each compared file this finds the between-run standard
# deviation TAU that gives the rows' standardized log ratios (each over
# the root of its own variance plus TAU squared) the median absolute
# deviation of a standard normal, 0.6745: the median passes over up to
# half the rows, so real changes and a shift of the whole table (every
# row 2% slower) do not inflate it, and each row is still judged
# against 0.  Rows whose own intervals are wide are noisier from run to
# run too: the rows are fitted in groups of similar interval width
# (NGROUPROWS rows a group at the least, MAXGROUPS groups at the most).
# TAU is added to each row's interval in quadrature, and its p-value is
# the normal one of the widened interval, so the two always agree.
#
# Only rows with passes on both sides are fitted.  A one-pass side has
# no interval of its own for the noise between runs: its run-to-run
# spread comes from passes (of the noise reference -R, or of another
# file of the comparison), else from -n; NOISESRC[i] says which.  On
# this machine one-pass runs differ with tails far heavier than a
# normal's, and half the rows of a table cannot tell which rows are the
# noisy ones (libmicro-multiview(1) has the measurement).
#
# Set here, per compared file i: NFIT[i] rows fitted, NGROUP[i] groups,
# TAUMED[i] the between-run standard deviation (as a log) of the middle
# group; per key GROUP[key] and TAU[key] (its group's).  A key
# in PAIRED (runs side by side in one session) gets no between-run term,
# nor do the rows of a table with fewer than MINFIT fitted rows.

# The rows of file i with passes on both sides that were tested,
# keys[idx[1..n]] in the order of the standard errors of their own
# intervals; returns n.
function fit_rows(i, keys, se, idx,    j, key, n) {
	n = 0
	for (j = 1; j <= NTESTED; j++) {
		key = TESTED[j]
		if (substr(key, index(key, SUBSEP) + 1) + 0 != i || \
		    !(METHOD[key] ~ /^(hl|low)$/ || MEASURED[key]))
			continue
		keys[++n] = key
		se[n] = (LHI[key] - LLO[key]) / (2 * crit_of(key))
		idx[n] = n
	}
	sortby(idx, se, n)
	return n
}

# The critical value of key's own interval: Student's t where its
# variance rests on few passes (KEYDF), else the normal's.
function crit_of(key) {
	return KEYDF[key] > 0 ? tquant(ALPHA, KEYDF[key]) : ZHALF
}

# The between-run term of file i, fitted group by group; with a noise
# reference of several runs, each row's own term where it is larger.
function between(i,    keys, se, idx, n, j, x, tau) {
	n = fit_rows(i, keys, se, idx)
	NFIT[i] = n
	for (j = 1; j <= n; j++)
		x[j] = EST[keys[j]]
	if (n > 0)
		FITSHIFT[i] = median_of(x, n)
	NGROUP[i] = 0
	if (n < MINFIT) {
		for (j = 1; NREF && !PAIRED && j <= n; j++)
			widen(keys[j], 0)
		return
	}
	NGROUP[i] = fit_groups(keys, se, idx, n, tau)
	TAUMED[i] = tau[int((NGROUP[i] + 1) / 2)]
	NBETWEEN++
}

# The between-run term of the n rows keys[idx[1..n]] (in the order of
# their standard errors se), fitted by groups of similar se, each
# group's rows widened by it: tau[1..G]; returns G.
function fit_groups(keys, se, idx, n, tau,    ng, g, lo, hi, j) {
	ng = min(max(int(n / NGROUPROWS), 1), MAXGROUPS)
	for (g = 1; g <= ng; g++) {
		lo = int((g - 1) * n / ng) + 1
		hi = int(g * n / ng)
		tau[g] = fit_tau(keys, se, idx, lo, hi)
		for (j = lo; j <= hi; j++) {
			GROUP[keys[idx[j]]] = g
			widen(keys[idx[j]], tau[g])
		}
	}
	return ng
}

# The low windows' variances of file i, moderated (Smyth's empirical
# Bayes, as limma moderates the variances of many genes): a window of
# three passes gives its variance on about four degrees of freedom, too
# few to trust one row's alone.  Each row's is set against what its
# passes' whole spread (their median absolute deviation, LOWCOV) leads
# one to expect, times a factor s0 common to the table; the rows' log
# ratios of the two give s0 and the prior's degrees of freedom d0 (the
# scatter of those logs beyond what their own degrees of freedom
# explain).  A row's variance becomes (d0 s0 cov + d v) / (d0 + d), on
# d0 + d degrees of freedom.  Needs MINFIT rows.
function moderate(i,    j, key, n, keys, e, d, em, ev, tm, x, d0, s0, v) {
	em = ev = tm = 0
	n = 0
	for (j = 1; j <= NTESTED; j++) {
		key = TESTED[j]
		if (substr(key, index(key, SUBSEP) + 1) + 0 != i || \
		    METHOD[key] != "low" || !(LOWVAR[key] > 0) || \
		    !(LOWCOV[key] > 0) || !(KEYDF[key] > 0))
			continue
		keys[++n] = key
		d = KEYDF[key]
		e[n] = log(LOWVAR[key] / LOWCOV[key]) - digamma(d / 2) + \
		    log(d / 2)
		em += e[n]
		tm += trigamma(d / 2)
	}
	if (n < MINFIT)
		return
	em /= n
	tm /= n
	for (j = 1; j <= n; j++)
		ev += (e[j] - em) ^ 2 / (n - 1)
	x = ev - tm
	d0 = x > 0 ? 2 * trigamma_inverse(x) : 1000
	d0 = min(d0, 1000)
	s0 = exp(em + digamma(d0 / 2) - log(d0 / 2))
	MODD0[i] = d0
	for (j = 1; j <= n; j++) {
		key = keys[j]
		d = KEYDF[key]
		v = (d0 * s0 * LOWCOV[key] + d * LOWVAR[key]) / (d0 + d)
		model_interval(key, EST[key], v + LOWQ[key], d0 + d)
		KEYDF[key] = d0 + d
	}
}

# One pass a side, and no passes anywhere to say how far runs move: the
# table says it.  The rows' log ratios scatter by the noise between the
# two runs plus each run's own (the engine's interval); the between-run
# term is fitted as between() fits it, by groups of rows of similar own
# width, but around 0 rather than around the rows' median: one pass a
# side cannot tell a shift of the whole file from the noise of that run,
# so such a shift widens every interval, and the summary gives its size
# (ONESHIFT[i], the median log ratio).  With fewer than MINFIT such
# rows, the -n spread stays.
function onepass_fit(i,    j, key, keys, se, idx, n, x, tau) {
	n = 0
	for (j = 1; j <= NTESTED; j++) {
		key = TESTED[j]
		if (substr(key, index(key, SUBSEP) + 1) + 0 != i || \
		    !(key in ONEOWN))
			continue
		keys[++n] = key
		se[n] = sqrt(ONEOWN[key])
		idx[n] = n
		x[n] = EST[key]
	}
	if (n < MINFIT)
		return
	NONEFIT[i] = n
	ONESHIFT[i] = median_of(x, n)
	for (j = 1; j <= n; j++) {
		key = keys[j]
		LLO[key] = EST[key] - ZHALF * se[j]
		LHI[key] = EST[key] + ZHALF * se[j]
		PVAL[key] = se[j] > 0 ? normal_p(EST[key] / se[j]) : \
		    (EST[key] == 0 ? 1 : 0)
	}
	sortby(idx, se, n)
	FITZERO = 1
	NONEGROUP[i] = fit_groups(keys, se, idx, n, tau)
	FITZERO = 0
	ONETAUMED[i] = tau[int((NONEGROUP[i] + 1) / 2)]
}

# The TAU that gives the standardized log ratios of keys[idx[lo..hi]],
# around their median, a median absolute value of 0.6745.  Rows that
# changed would inflate it (a quarter of the rows 10% slower, against a
# noise of 2%, by half): after a first fit, the rows more than TRIMZ
# from the median are set aside and the rest fitted again to the median
# a normal cut there has, until the rows kept stay the same.  0 unless
# the rows kept are more spread than their own intervals say beyond
# chance: more than half of them beyond that median with no between-run
# term, by two standard errors of a share.
function fit_tau(keys, se, idx, lo, hi,    use, j, k, tau, target, n, last) {
	tau = 0
	target = MADZ
	last = -1
	for (k = 0; k < 10; k++) {
		n = 0
		for (j = lo; j <= hi; j++)
			n += use[j] = k == 0 || \
			    zrow(keys, se, idx, j, MID, tau) <= TRIMZ
		if (n == last)
			break
		last = n
		MID = mid_est(keys, idx, lo, hi, use)
		tau = bisect_tau(keys, se, idx, lo, hi, use, target)
		target = zquant(0.75 - normal_p(TRIMZ) / 4)
	}
	return spread_beyond(keys, se, idx, lo, hi, use, target) ? tau : 0
}

# Is more than half of the kept rows' |z| beyond target with no
# between-run term, by more than two standard errors of a share?
function spread_beyond(keys, se, idx, lo, hi, use, target,    j, n, c) {
	n = c = 0
	for (j = lo; j <= hi; j++)
		if (use[j]) {
			n++
			c += zrow(keys, se, idx, j, MID, 0) > target
		}
	return n > 0 && c / n > 0.5 + 2 * sqrt(0.25 / n)
}

# The median of EST over the rows in use (0 when the fit is around 0).
function mid_est(keys, idx, lo, hi, use,    x, n, j) {
	if (FITZERO)
		return 0
	n = 0
	for (j = lo; j <= hi; j++)
		if (use[j])
			x[++n] = EST[keys[idx[j]]]
	return median_of(x, n)
}

# The TAU at which the median |z| of the rows in use is target, by
# bisection: it falls as TAU rises.
function bisect_tau(keys, se, idx, lo, hi, use, target,    t0, t1, t, k) {
	if (mad_z(keys, se, idx, lo, hi, use, 0) <= target)
		return 0
	t0 = 0
	t1 = 0.01
	while (mad_z(keys, se, idx, lo, hi, use, t1) > target && t1 < 100)
		t1 *= 2
	for (k = 0; k < 50; k++) {
		t = (t0 + t1) / 2
		if (mad_z(keys, se, idx, lo, hi, use, t) > target)
			t0 = t
		else
			t1 = t
	}
	return t1
}

function mad_z(keys, se, idx, lo, hi, use, tau,    z, n, j) {
	n = 0
	for (j = lo; j <= hi; j++)
		if (use[j])
			z[++n] = zrow(keys, se, idx, j, MID, tau)
	return median_of(z, n)
}

# |EST - m| / sqrt(se^2 + tau^2) of the j-th row.
function zrow(keys, se, idx, j, m, tau,    v, d) {
	v = se[idx[j]] * se[idx[j]] + tau * tau
	d = abs(EST[keys[idx[j]]] - m)
	return v > 0 ? d / sqrt(v) : (d == 0 ? 0 : 1e300)
}

function median_of(x, n) {
	sortnum(x, n)
	return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
}

# REFTAU2[b]: the variance between runs of the log of b's figure that
# the NREF runs of the noise reference show beyond their passes: the
# variance of their medians less the mean variance their passes give a
# median (series.awk's within_var), at least 0; set where MINREF of the
# runs have a figure of b.
function ref_between(b,    j, i, n, s, s2, w, y) {
	n = s = s2 = w = 0
	for (j = 0; j < NREF; j++) {
		i = REFONE + j
		if (!have(i, b) || ERR[i, b] || !POS[i, b] || fig(i, b) <= 0)
			continue
		y = log(fig(i, b))
		n++
		s += y
		s2 += y * y
		w += within_var(i, b)
	}
	if (n >= MINREF)
		REFTAU2[b] = max(0, (s2 - s * s / n) / (n - 1) - w / n)
}

# The between-run standard deviation of the log ratio of key's two runs
# that the noise reference shows (two runs, each REFTAU2 from the truth),
# or 0.
function ref_tau(key,    b) {
	b = substr(key, 1, index(key, SUBSEP) - 1)
	return (b in REFTAU2) ? sqrt(2 * REFTAU2[b]) : 0
}

# Adds a between-run standard deviation tau (of the log shift), or the
# noise reference's for the row where that is larger, to the interval
# of key in quadrature, each end on its own, and takes the p-value from
# the widened interval's side of 0, so that the interval leaves out 0
# exactly when p is below the level.
function widen(key, tau,    hl, hh, h0, v, df, c, z) {
	if (!PAIRED && ref_tau(key) > tau) {
		tau = ref_tau(key)
		NREFROW[substr(key, index(key, SUBSEP) + 1) + 0]++
	}
	TAU[key] = tau
	if (tau <= 0)
		return
	# In standard errors: the own interval's, on its side of 0, and the
	# sum's degrees of freedom (Satterthwaite's: tau is fitted on many
	# rows, so it has nearly none to lose).
	c = crit_of(key)
	hl = (EST[key] - LLO[key]) / c
	hh = (LHI[key] - EST[key]) / c
	h0 = EST[key] > 0 ? hl : hh
	v = h0 * h0 + tau * tau
	df = KEYDF[key] > 0 && h0 > 0 ? v * v / (h0 ^ 4 / KEYDF[key]) : 0
	df = df > 0 && df < 1000 ? df : 0
	c = df ? tquant(ALPHA, df) : ZHALF
	LLO[key] = EST[key] - c * sqrt(hl * hl + tau * tau)
	LHI[key] = EST[key] + c * sqrt(hh * hh + tau * tau)
	z = EST[key] / sqrt(v)
	PVAL[key] = df ? student_p(z, df) : normal_p(z)
}

# What the summary says of the noise of file i: the between-run term,
# and where one-pass rows took their run-to-run spread.
function noise_note(i,    s) {
	s = NGROUP[i] > 0 ? sprintf("between runs %s%.1f%% (the middle" \
	    " group's 95%%, fitted on %d rows in %d group%s)", PM,
	    100 * (exp(1.959964 * TAUMED[i]) - 1), NFIT[i], NGROUP[i],
	    NGROUP[i] > 1 ? "s" : "") : NFIT[i] > 0 ? \
	    sprintf("no between-run term (%d rows with passes, %d" \
	    " needed)", NFIT[i], MINFIT) : ""
	# A shift most rows share is judged as a change of each row, but
	# two runs of a busy machine can differ so: say how large it is.
	if (NGROUP[i] > 0 && abs(FITSHIFT[i]) >= log(1.01))
		s = s "; the whole file " shift_words(FITSHIFT[i])
	if (NREF)
		s = s (s == "" ? "" : "; ") sprintf("%d rows' own between-run" \
		    " term, larger, from %d reference runs", NREFROW[i], NREF)
	if (NONEFIT[i] > 0)
		s = s (s == "" ? "" : "; ") sprintf("one pass on a side:" \
		    " between runs %s%.1f%% from the table (the middle" \
		    " group's 95%%, %d rows), the whole file %s", PM,
		    100 * (exp(1.959964 * ONETAUMED[i]) - 1), NONEFIT[i],
		    shift_words(ONESHIFT[i]))
	else if (NOISESRC[i] != "")
		s = s (s == "" ? "" : "; ") "one pass on a side: spread from " \
		    NOISESRC[i]
	return s
}

# "moved 4.1% slower (its median row)", or "unmoved".
function shift_words(l) {
	if (abs(l) < 0.0005)
		return "unmoved (its median row)"
	return sprintf("%.1f%% %s (its median row)", abs(delta(1, exp(l))),
	    l > 0 ? "slower" : "faster")
}
