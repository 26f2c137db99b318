/* SPDX-License-Identifier: MIT */
/*
 * engine.h - what the engine's translation units share.  A case never
 * includes it: libmicro.h is all a case sees.
 *
 *   libmicro.c	options, clock, barrier, workers, batch sizing, the
 *		report, the case helpers that reach the engine's state,
 *		lm_main()
 *   stats.c	statistics: pure functions on double[]
 *   util.c	the case helpers that need no engine state
 *
 * A name the units share that is neither libMicro's nor an lm_ one begins
 * with lmi_ (libmicro internal), so that no case meets it; everything
 * else is static in its unit.
 */
#ifndef LMI_ENGINE_H
#define LMI_ENGINE_H

#include "../libmicro.h"

/* What lmi_st_compute makes of a set of samples. */
struct stats {
	int	st_n;
	double	st_min, st_max, st_mean, st_median, st_stddev, st_stderr;
	double	st_99conf, st_cilo, st_cihi, st_skew, st_kurt, st_timecorr;
	double	st_p05, st_p10, st_p90, st_p95, st_p99, st_cv;
};

/* stats.c */
void	lmi_st_compute(const double *x, int n, double *sorted,
	    struct stats *st);
int	lmi_st_remove_outliers(const double *x, int n, double *sorted,
	    double *out);
double	lmi_st_relhalf(double lo, double hi, double med, double none);
double	lmi_st_precision(const double *x, int n, double *sorted);
int	lmi_st_twomodes(const double *sorted, int n, double *m1, double *m2);

#endif /* LMI_ENGINE_H */
