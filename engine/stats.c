/* SPDX-License-Identifier: MIT */
/*
 * stats.c - statistics: pure functions on double[], which read nothing
 * else of the engine.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define LM_Z99		2.5758293035489	/* two-sided 99% normal quantile */

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
st_mean(const double *x, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += x[i];
	return n > 0 ? s / n : 0;
}

/* Sample standard deviation (n - 1). */
static double
st_stddev(const double *x, int n, double mean)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += (x[i] - mean) * (x[i] - mean);
	return n > 1 ? sqrt(s / (n - 1)) : 0;
}

/* k-th central moment about mean, population form. */
static double
st_moment(const double *x, int n, double mean, int k)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += pow(x[i] - mean, k);
	return n > 0 ? s / n : 0;
}

static double
st_skew(const double *x, int n, double mean)
{
	double m2 = st_moment(x, n, mean, 2);

	return m2 > 0 ? st_moment(x, n, mean, 3) / pow(m2, 1.5) : 0;
}

/* Excess kurtosis: 0 for a normal distribution. */
static double
st_kurtosis(const double *x, int n, double mean)
{
	double m2 = st_moment(x, n, mean, 2);

	return m2 > 0 ? st_moment(x, n, mean, 4) / (m2 * m2) - 3 : 0;
}

/* Linear interpolation between order statistics (R's type 7). */
static double
st_percentile(const double *sorted, int n, double p)
{
	double h;
	int lo;

	if (n <= 0)
		return 0;
	h = (n - 1) * p;
	lo = (int)floor(h);
	if (lo >= n - 1)
		return sorted[n - 1];
	return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

/* Pearson correlation of the samples with their order: drift. */
static double
st_timecorr(const double *x, int n)
{
	double mx = (n - 1) / 2.0, my = st_mean(x, n);
	double sxy = 0, sxx = 0, syy = 0;
	int i;

	for (i = 0; i < n; i++) {
		sxy += (i - mx) * (x[i] - my);
		sxx += (i - mx) * (i - mx);
		syy += (x[i] - my) * (x[i] - my);
	}
	return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

/*
 * Distribution-free confidence interval of the median: the order
 * statistics n/2 -/+ z sqrt(n)/2 (1-based), clamped to the data.
 */
static void
st_median_ci(const double *sorted, int n, double *lo, double *hi)
{
	double half = LM_Z99 * sqrt((double)n) / 2;
	int j = (int)floor(n / 2.0 - half), k = (int)ceil(n / 2.0 + half) + 1;

	if (n <= 0) {
		*lo = *hi = 0;
		return;
	}
	j = j < 1 ? 1 : j;
	k = k > n ? n : k;
	*lo = sorted[j - 1];
	*hi = sorted[k - 1];
}

/* x in time order; sorted is scratch of n doubles. */
void
lmi_st_compute(const double *x, int n, double *sorted, struct stats *st)
{
	memset(st, 0, sizeof(*st));
	st->st_n = n;
	if (n <= 0)
		return;
	memcpy(sorted, x, (size_t)n * sizeof(*x));
	qsort(sorted, (size_t)n, sizeof(*x), cmp_double);
	st->st_min = sorted[0];
	st->st_max = sorted[n - 1];
	st->st_mean = st_mean(x, n);
	st->st_median = st_percentile(sorted, n, 0.5);
	st->st_stddev = st_stddev(x, n, st->st_mean);
	st->st_stderr = st->st_stddev / sqrt((double)n);
	st->st_99conf = LM_Z99 * st->st_stderr;
	st_median_ci(sorted, n, &st->st_cilo, &st->st_cihi);
	st->st_skew = st_skew(x, n, st->st_mean);
	st->st_kurt = st_kurtosis(x, n, st->st_mean);
	st->st_timecorr = st_timecorr(x, n);
	st->st_p05 = st_percentile(sorted, n, 0.05);
	st->st_p10 = st_percentile(sorted, n, 0.10);
	st->st_p90 = st_percentile(sorted, n, 0.90);
	st->st_p95 = st_percentile(sorted, n, 0.95);
	st->st_p99 = st_percentile(sorted, n, 0.99);
	st->st_cv = st->st_mean > 0 ? st->st_stddev / st->st_mean : 0;
}

/*
 * Outliers: outside Tukey's far fences [Q1 - 3 IQR, Q3 + 3 IQR].  Copies
 * the kept samples, in time order, to out; returns how many.  With an
 * IQR of 0 (a quantized or perfectly steady run) nothing is removed.
 */
int
lmi_st_remove_outliers(const double *x, int n, double *sorted, double *out)
{
	double q1, q3, lo, hi;
	int i, m = 0;

	memcpy(sorted, x, (size_t)n * sizeof(*x));
	qsort(sorted, (size_t)n, sizeof(*x), cmp_double);
	q1 = st_percentile(sorted, n, 0.25);
	q3 = st_percentile(sorted, n, 0.75);
	lo = q1 - 3 * (q3 - q1);
	hi = q3 + 3 * (q3 - q1);
	for (i = 0; i < n; i++)
		if (q3 == q1 || (x[i] >= lo && x[i] <= hi))
			out[m++] = x[i];
	return m;
}

/*
 * How precisely the median med is known: the half-width of its 99% CI
 * [lo, hi] relative to it, in percent; none if med is not positive, when
 * there is no relative width.
 */
double
lmi_st_relhalf(double lo, double hi, double med, double none)
{
	return med > 0 ? 100 * (hi - lo) / 2 / med : none;
}

/* The precision of x's median (st_relhalf); 100 if it has none. */
double
lmi_st_precision(const double *x, int n, double *sorted)
{
	double lo, hi, med;

	memcpy(sorted, x, (size_t)n * sizeof(*x));
	qsort(sorted, (size_t)n, sizeof(*x), cmp_double);
	med = st_percentile(sorted, n, 0.5);
	st_median_ci(sorted, n, &lo, &hi);
	return lmi_st_relhalf(lo, hi, med, 100);
}

/*
 * Two modes: a histogram of the sorted samples (Rice's 2 n^(1/3) bins,
 * 8 to 40 of them, over their range) holds two peaks with a dip between
 * them that counting noise cannot explain: from the smaller peak h down
 * to the lowest bin v between the two, h - v > 3 sqrt(h + v) (three
 * standard deviations of Poisson counts) and v <= h / 2.  A single peak
 * with a long right tail (1 + 0.3 Exp(1), say, whose bimodality
 * coefficient of 0.61 passes the usual 5/9) has no such dip.  Returns 1
 * with the two modes' centres in *m1 < *m2, else 0.
 */
#define LM_DIPBINS	40

int
lmi_st_twomodes(const double *sorted, int n, double *m1, double *m2)
{
	int h[LM_DIPBINS] = { 0 }, k, i, top = 0, best = -1, bv = 0;
	double lo = n > 0 ? sorted[0] : 0, width, depth = 0;

	if (n < 30 || sorted[n - 1] <= lo)
		return 0;
	k = (int)ceil(2 * cbrt((double)n));
	k = k < 8 ? 8 : k > LM_DIPBINS ? LM_DIPBINS : k;
	width = (sorted[n - 1] - lo) / k;
	for (i = 0; i < n; i++) {
		int b = (int)((sorted[i] - lo) / width);

		h[b >= k ? k - 1 : b]++;
	}
	for (i = 1; i < k; i++)
		top = h[i] > h[top] ? i : top;
	for (i = 0; i < k; i++) {
		int a = i < top ? i : top, z = i < top ? top : i, v = h[a], j;

		for (j = a; j <= z; j++)
			v = h[j] < v ? h[j] : v;
		if (h[i] - v > 3 * sqrt((double)(h[i] + v)) &&
		    2 * v <= h[i] && h[i] - v > depth) {
			depth = h[i] - v;
			best = i;
			bv = v;
		}
	}
	(void) bv;
	if (best < 0)
		return 0;
	*m1 = lo + ((best < top ? best : top) + 0.5) * width;
	*m2 = lo + ((best < top ? top : best) + 0.5) * width;
	return 1;
}
