# SPDX-License-Identifier: MIT
#
# num.awk - multiview's numerics: Student's t and the standard normal
# (two-sided p-values and quantiles), the regularized incomplete beta and
# log gamma behind them, the null distribution of the Mann-Whitney U, a
# numeric sort, the Benjamini-Hochberg adjustment.  POSIX awk that gives the same digits under mawk and gawk.
#
# The file stands alone: it needs no other file and no global set
# elsewhere, and has no BEGIN, so any awk program may load it, in any
# place among its -f files, and call, say, tquant(0.05, df), the t of a
# 95% two-sided interval with df degrees of freedom:
#
#	awk -f lib/mv/num.awk -f prog.awk
#
# It defines the functions abs, sortnum, bh_adjust, student_p, tquant,
# zquant, normal_p, lgam, betai, betacf, lentz, nonzero, mw_null, mw_cdf
# and mw_table, and keeps its state in the globals TQUANT (what tquant
# computed), LENTZC and LENTZD (betacf's), MWDONE and MWCDF (the exact
# tables), MW_N1, MW_N2, MW_EXACT, MW_MEAN and MW_SD (the distribution
# mw_null set up, which mw_cdf reads); a program that loads it leaves
# those names alone.

# ---- helpers ----

function abs(x) { return x < 0 ? -x : x }

# Benjamini-Hochberg: for keys[1..m] with p-values p[key], q[key] is
# the least of p(k) * m / k over k >= j, for the j-th smallest p.
function bh_adjust(keys, m, p, q,    j, k, t, gap, idx, run, qv) {
	for (j = 1; j <= m; j++)
		idx[j] = keys[j]
	for (gap = int(m / 2); gap > 0; gap = int(gap / 2))
		for (j = gap + 1; j <= m; j++) {
			t = idx[j]
			for (k = j; k > gap && p[idx[k - gap]] > p[t]; k -= gap)
				idx[k] = idx[k - gap]
			idx[k] = t
		}
	run = 1
	for (j = m; j >= 1; j--) {
		qv = p[idx[j]] * m / j
		if (qv < run)
			run = qv
		q[idx[j]] = run
	}
}

# Shell sort of a[1..n], numbers.
function sortnum(a, n,    gap, j, k, t) {
	for (gap = int(n / 2); gap > 0; gap = int(gap / 2))
		for (j = gap + 1; j <= n; j++) {
			t = a[j]
			for (k = j; k > gap && a[k - gap] > t; k -= gap)
				a[k] = a[k - gap]
			a[k] = t
		}
}

# ---- distributions ----

# Two-sided p of Student t with df degrees of freedom.
function student_p(t, df) {
	return betai(df / 2, 0.5, df / (df + t * t))
}

# The t whose two-sided p with df degrees of freedom is a, by bisection
# (student_p falls as t rises); kept in TQUANT, as every row asks again.
function tquant(a, df,    lo, hi, mid, k) {
	if ((a, df) in TQUANT)
		return TQUANT[a, df]
	lo = 0
	hi = 1
	while (student_p(hi, df) > a && hi < 1e6)
		hi *= 2
	for (k = 0; k < 60; k++) {
		mid = (lo + hi) / 2
		if (student_p(mid, df) > a)
			lo = mid
		else
			hi = mid
	}
	return TQUANT[a, df] = hi
}

# The standard normal quantile of p, 0 < p < 1 (Acklam's rational
# approximation, relative error below 1.2e-9).
function zquant(p,    q, r) {
	if (p <= 0)
		return -40
	if (p >= 1)
		return 40
	if (p < 0.02425) {
		q = sqrt(-2 * log(p))
		return (((((-7.784894002430293e-03 * q - 3.223964580411365e-01) * \
		    q - 2.400758277161838) * q - 2.549732539343734) * q + \
		    4.374664141464968) * q + 2.938163982698783) / \
		    ((((7.784695709041462e-03 * q + 3.224671290700398e-01) * q + \
		    2.445134137142996) * q + 3.754408661907416) * q + 1)
	}
	if (p > 0.97575)
		return -zquant(1 - p)
	q = p - 0.5
	r = q * q
	return (((((-3.969683028665376e+01 * r + 2.209460984245205e+02) * r - \
	    2.759285104469687e+02) * r + 1.383577518672690e+02) * r - \
	    3.066479806614716e+01) * r + 2.506628277459239) * q / \
	    (((((-5.447609879822406e+01 * r + 1.615858368580409e+02) * r - \
	    1.556989798598866e+02) * r + 6.680131188771972e+01) * r - \
	    1.328068155288572e+01) * r + 1)
}

# Two-sided p of a standard normal z: a power series in the middle, and
# where it would lose digits, the continued fraction of the tail.
function normal_p(z,    pdf, s, term, k, x2, t) {
	z = abs(z)
	if (z > 38)
		return 0
	pdf = exp(-z * z / 2) / 2.50662827463100050
	if (z < 3) {
		s = term = z
		x2 = z * z
		for (k = 1; k < 300 && term > 1e-17 * s; k++) {
			term = term * x2 / (2 * k + 1)
			s += term
		}
		return 1 - 2 * pdf * s
	}
	t = z
	for (k = 300; k >= 1; k--)
		t = z + k / t
	return 2 * pdf / t
}

# log Gamma(x), x > 0: shift x up past 8, then Stirling series.
function lgam(x,    s) {
	s = 0
	while (x < 8) {
		s -= log(x)
		x++
	}
	return s + (x - 0.5) * log(x) - x + 0.918938533204672742 + \
	    1 / (12 * x) - 1 / (360 * x * x * x) + 1 / (1260 * x ^ 5) - \
	    1 / (1680 * x ^ 7)
}

# Regularized incomplete beta I_x(a, b), by its continued fraction on
# the side of x where the fraction converges quickly.
function betai(a, b, x,    front) {
	if (x <= 0)
		return 0
	if (x >= 1)
		return 1
	front = exp(lgam(a + b) - lgam(a) - lgam(b) + a * log(x) + \
	    b * log(1 - x))
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a
	return 1 - front * betacf(b, a, 1 - x) / b
}

# 1 / (1 + d1 / (1 + d2 / (1 + ...))), the fraction of I_x(a, b), with
# d(2m) = m (b - m) x / ((a + 2m - 1)(a + 2m)) and
# d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)),
# evaluated forwards by the modified Lentz method (LENTZC, LENTZD, in lentz()).
function betacf(a, b, x,    m, step, f) {
	LENTZC = 1
	LENTZD = 1 / nonzero(1 - (a + b) * x / (a + 1))
	f = LENTZD
	for (m = 1; m <= 300; m++) {
		f *= lentz(m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)))
		step = lentz(-(a + m) * (a + b + m) * x / \
		    ((a + 2 * m) * (a + 2 * m + 1)))
		f *= step
		if (abs(step - 1) < 1e-15)
			break
	}
	return f
}

function lentz(d) {
	LENTZD = 1 / nonzero(1 + d * LENTZD)
	LENTZC = nonzero(1 + d / LENTZC)
	return LENTZC * LENTZD
}

# x, or 1e-300 when it is nearer zero: the fraction divides by it.
function nonzero(x) { return abs(x) < 1e-300 ? 1e-300 : x }

# ---- the Mann-Whitney U ----

# mw_null(x, n1, n2): the null distribution of the Mann-Whitney U for
# samples of n1 and n2 values, x[1..n1 + n2] the two pooled and sorted:
# exact (counted once per pair of sizes) when there are no ties and both
# have at most 20, else normal with the tie correction and a continuity
# half.  0 when every value is the same, else 1.
function mw_null(x, n1, n2,    n, k, t, r, tie) {
	n = n1 + n2
	tie = 0
	for (k = 1; k <= n; k = r) {
		for (r = k + 1; r <= n && x[r] == x[k]; r++)
			;
		t = r - k
		tie += t * t * t - t
	}
	MW_N1 = n1
	MW_N2 = n2
	MW_EXACT = tie == 0 && n1 <= 20 && n2 <= 20
	if (MW_EXACT) {
		mw_table(n1, n2)
		return 1
	}
	MW_MEAN = n1 * n2 / 2
	MW_SD = sqrt(n1 * n2 / 12 * ((n + 1) - tie / (n * (n - 1))))
	return MW_SD > 0
}

# P(U <= u) under no change, for the sizes mw_null was given.
function mw_cdf(u,    z) {
	if (u < 0)
		return 0
	if (MW_EXACT)
		return u >= MW_N1 * MW_N2 ? 1 : MWCDF[MW_N1, MW_N2, u]
	z = (u + 0.5 - MW_MEAN) / MW_SD
	return z < 0 ? normal_p(z) / 2 : 1 - normal_p(z) / 2
}

# MWCDF[n1, n2, u] from the counts of arrangements: c(m, n, u) =
# c(m - 1, n, u - n) + c(m, n - 1, u), over C(n1 + n2, n1) in all.
function mw_table(n1, n2,    c, m, n, u, tot, s) {
	if ((n1, n2) in MWDONE)
		return
	MWDONE[n1, n2] = 1
	for (m = 0; m <= n1; m++)
		for (n = 0; n <= n2; n++)
			for (u = 0; u <= m * n; u++)
				c[m, n, u] = m == 0 || n == 0 ? (u == 0) : \
				    (u >= n && u - n <= (m - 1) * n ? \
				    c[m - 1, n, u - n] : 0) + \
				    (u <= m * (n - 1) ? c[m, n - 1, u] : 0)
	tot = 0
	for (u = 0; u <= n1 * n2; u++)
		tot += c[n1, n2, u]
	s = 0
	for (u = 0; u <= n1 * n2; u++) {
		s += c[n1, n2, u]
		MWCDF[n1, n2, u] = s / tot
	}
}

# The digamma, trigamma and tetragamma functions: the recurrence up to
# 6, then their asymptotic series.
function digamma(x,    s) {
	s = 0
	for (; x < 6; x++)
		s -= 1 / x
	return s + log(x) - 1 / (2 * x) - 1 / (12 * x ^ 2) + \
	    1 / (120 * x ^ 4) - 1 / (252 * x ^ 6)
}

function trigamma(x,    s) {
	s = 0
	for (; x < 6; x++)
		s += 1 / (x * x)
	return s + 1 / x + 1 / (2 * x ^ 2) + 1 / (6 * x ^ 3) - \
	    1 / (30 * x ^ 5) + 1 / (42 * x ^ 7) - 1 / (30 * x ^ 9)
}

function tetragamma(x,    s) {
	s = 0
	for (; x < 6; x++)
		s -= 2 / x ^ 3
	return s - 1 / x ^ 2 - 1 / x ^ 3 - 1 / (2 * x ^ 4) + \
	    1 / (6 * x ^ 6) - 1 / (6 * x ^ 8) + 3 / (10 * x ^ 10)
}

# The x whose trigamma is y, by Newton's method from 1/2 + 1/y.
function trigamma_inverse(y,    x, k, t, d) {
	if (y > 1e7)
		return 1 / sqrt(y)
	if (y < 1e-6)
		return 1 / y
	x = 0.5 + 1 / y
	for (k = 0; k < 50; k++) {
		t = trigamma(x)
		d = t * (1 - t / y) / tetragamma(x)
		x += d
		if (-d / x < 1e-8)
			break
	}
	return x
}
