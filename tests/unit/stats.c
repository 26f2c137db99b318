/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the engine's statistics on fixed data.  The expected
 * values were computed independently (Python's statistics module and
 * textbook formulas: sample stddev, population-moment skew and excess
 * kurtosis, R type-7 percentiles).  Built with the statistics unit
 * (engine/stats.c) and the stand-alone helpers (engine/util.c) only.
 */
#include <math.h>
#include <stdio.h>

#include "../../engine/engine.h"

static int ntest, nfail;

static void
near(const char *what, double got, double want)
{
	int good = fabs(got - want) <= 1e-9 * (fabs(want) > 1 ? fabs(want) : 1);

	ntest++;
	if (!good)
		nfail++;
	printf("%sok %d - %s = %.12g (want %.12g)\n", good ? "" : "not ",
	    ntest, what, got, want);
}

int
main(void)
{
	double a[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	double b[] = { 3.1, 2.7, 8.4, 1.0, 5.5, 6.25, 0.5, 9.75, 4.0, 7.125,
	    2.2 };
	double c[] = { 10, 11, 10.5, 10.2, 10.8, 10.1, 10.4, 100, 10.3, 10.6 };
	double up[10], down[10], hundred[100], flat[6] = { 3, 3, 3, 3, 3, 3 };
	double scratch[100], kept[100];
	struct stats st;
	int i, m;

	lmi_st_compute(a, 8, scratch, &st);
	near("a mean", st.st_mean, 5);
	near("a stddev", st.st_stddev, 2.138089935299395);
	near("a median", st.st_median, 4.5);
	near("a skew", st.st_skew, 0.65625);
	near("a kurtosis", st.st_kurt, -0.21875);
	near("a p5", st.st_p05, 2.7);
	near("a p10", st.st_p10, 3.4);
	near("a p90", st.st_p90, 7.6);
	near("a p95", st.st_p95, 8.3);
	near("a p99", st.st_p99, 8.86);
	near("a cv", st.st_cv, 0.427617987059879);
	near("a time correlation", st.st_timecorr, 0.9274260335029677);
	near("a stderr", st.st_stderr, 2.138089935299395 / sqrt(8));
	near("a 99% conf", st.st_99conf, 2.5758293035489 *
	    2.138089935299395 / sqrt(8));
	near("a min", st.st_min, 2);
	near("a max", st.st_max, 9);

	lmi_st_compute(b, 11, scratch, &st);
	near("b mean", st.st_mean, 4.593181818181819);
	near("b stddev", st.st_stddev, 3.0433552805475017);
	near("b median", st.st_median, 4.0);
	near("b skew", st.st_skew, 0.2784137433746948);
	near("b kurtosis", st.st_kurt, -1.121940687666112);
	near("b p5", st.st_p05, 0.75);
	near("b p10", st.st_p10, 1.0);
	near("b p95", st.st_p95, 9.075);
	near("b p99", st.st_p99, 9.615);
	near("b time correlation", st.st_timecorr, 0.12384002062828561);
	near("b median ci low (rank 1 of 11)", st.st_cilo, 0.5);
	near("b median ci high (rank 11 of 11)", st.st_cihi, 9.75);

	for (i = 0; i < 10; i++) {
		up[i] = i;
		down[i] = 10 - i;
	}
	lmi_st_compute(up, 10, scratch, &st);
	near("rising series correlates +1", st.st_timecorr, 1);
	lmi_st_compute(down, 10, scratch, &st);
	near("falling series correlates -1", st.st_timecorr, -1);
	lmi_st_compute(flat, 6, scratch, &st);
	near("flat series correlates 0", st.st_timecorr, 0);

	/* 1..100 in a scrambled order: 99% CI of the median is ranks 37, 64 */
	for (i = 0; i < 100; i++)
		hundred[i] = (i * 37) % 100 + 1;
	lmi_st_compute(hundred, 100, scratch, &st);
	near("1..100 median", st.st_median, 50.5);
	near("1..100 median ci low", st.st_cilo, 37);
	near("1..100 median ci high", st.st_cihi, 64);
	near("1..100 precision (%)", lmi_st_precision(hundred, 100, scratch),
	    100 * (64 - 37) / 2.0 / 50.5);

	/* Tukey far fences for c are [8.65, 12.325]: only 100 goes. */
	m = lmi_st_remove_outliers(c, 10, scratch, kept);
	near("c keeps 9 of 10", m, 9);
	near("c keeps time order (7th kept is 10.3)", kept[7], 10.3);
	m = lmi_st_remove_outliers(flat, 6, scratch, kept);
	near("IQR 0 removes nothing", m, 6);

	lmi_st_compute(flat, 6, scratch, &st);
	near("flat stddev", st.st_stddev, 0);
	near("flat skew defined as 0", st.st_skew, 0);
	near("flat kurtosis defined as 0", st.st_kurt, 0);
	lmi_st_compute(a, 1, scratch, &st);
	near("one sample: stddev 0", st.st_stddev, 0);
	near("one sample: median", st.st_median, 2);

	near("sizetoll 4k", (double)sizetoll("4k"), 4096);
	near("sizetoll 10m", (double)sizetoll("10m"), 10485760);
	near("sizetoll 1g", (double)sizetoll("1g"), 1073741824);
	near("sizetoll junk", (double)sizetoll("4q"), -1);
	near("sizetoll negative", (double)sizetoll("-4"), -1);
	near("sizetoll empty", (double)sizetoll(""), -1);
	near("sizetoll overflow", (double)sizetoll("99999999999999999g"), -1);
	near("sizetoint too big", (double)sizetoint("4g"), -1);
	return nfail != 0;
}
