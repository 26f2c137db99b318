/* SPDX-License-Identifier: MIT */
/*
 * report.c - what a run prints: the result line, with -S the statistics
 * and the distribution, with -W the warnings, each saying what is wrong
 * and what to do about it.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

#define LM_HISTO	20	/* rows of the distribution */
#define LM_MINTICKS	10	/* fewest ticks for a user/system split */

static void
print_usecs(double v)
{
	printf(v < 0.01 ? "%12.7f" : "%12.5f", v);
}

/* The figure a run reports, by -F (or -M). */
double
lmi_figure(const struct stats *c)
{
	switch (lmi.optF) {
	case LM_FIG_MEAN: return c->st_mean;
	case LM_FIG_MIN: return c->st_min;
	case LM_FIG_P5: return c->st_p05;
	case LM_FIG_P10: return c->st_p10;
	default: return c->st_median;
	}
}

static void
stat_line(const char *label, double raw, double clean)
{
	printf("# %22s %13.5f %13.5f\n", label, raw, clean);
}

static void
print_stats(const struct stats *r, const struct stats *c)
{
	printf("#\n# %-22s %-17s %s\n", "STATISTICS", "usecs/call (raw)",
	    "usecs/call (outliers removed)");
	stat_line("min", r->st_min, c->st_min);
	stat_line("max", r->st_max, c->st_max);
	stat_line("mean", r->st_mean, c->st_mean);
	stat_line("median", r->st_median, c->st_median);
	stat_line("stddev", r->st_stddev, c->st_stddev);
	stat_line("standard error", r->st_stderr, c->st_stderr);
	stat_line("99% confidence level", r->st_99conf, c->st_99conf);
	stat_line("median 99% ci low", r->st_cilo, c->st_cilo);
	stat_line("median 99% ci high", r->st_cihi, c->st_cihi);
	stat_line("skew", r->st_skew, c->st_skew);
	stat_line("kurtosis", r->st_kurt, c->st_kurt);
	stat_line("time correlation", r->st_timecorr, c->st_timecorr);
	stat_line("p5", r->st_p05, c->st_p05);
	stat_line("p10", r->st_p10, c->st_p10);
	stat_line("p50", r->st_median, c->st_median);
	stat_line("p90", r->st_p90, c->st_p90);
	stat_line("p95", r->st_p95, c->st_p95);
	stat_line("p99", r->st_p99, c->st_p99);
	stat_line("coeff of variation", r->st_cv, c->st_cv);
}

/*
 * Many kernels charge user and system time by sampling the mode at each
 * clock tick, so their split rests on (user + system) / tick samples;
 * below LM_MINTICKS it says little.  The tick is taken as 1/CLK_TCK, the
 * coarsest a kernel uses, so the count is a lower bound.
 */
static double
cpu_ticks(double cpu_us)
{
	long hz = sysconf(_SC_CLK_TCK);

	return floor(cpu_us * (double)(hz > 0 ? hz : 100) / 1e6);
}

/* The distribution of the kept samples, in LM_HISTO equal buckets. */
static void
print_histogram(const double *x, int n, const struct stats *st)
{
	int count[LM_HISTO] = { 0 }, i, b, most = 1;
	double sum[LM_HISTO] = { 0 }, width;

	width = (st->st_max - st->st_min) / LM_HISTO;
	for (i = 0; i < n; i++) {
		b = width > 0 ? (int)((x[i] - st->st_min) / width) : 0;
		b = b >= LM_HISTO ? LM_HISTO - 1 : b;
		count[b]++;
		sum[b] += x[i];
	}
	for (b = 0; b < LM_HISTO; b++)
		most = count[b] > most ? count[b] : most;
	printf("#\n# DISTRIBUTION\n#%19s %12s %-40s %s\n", "counts",
	    "usecs/call", "", "means");
	for (b = 0; b < LM_HISTO; b++) {
		char bar[41];
		int len = (count[b] * 40 + most - 1) / most;

		if (count[b] == 0)
			continue;
		memset(bar, '*', (size_t)len);
		bar[len] = '\0';
		printf("# %18d %12.5f |%-40s %12.5f\n", count[b],
		    st->st_min + b * width, bar, sum[b] / count[b]);
	}
}

struct report {
	struct stats	rp_raw, rp_clean;
	double		*rp_x;		/* kept samples, outliers removed */
	int		rp_n;		/* samples kept */
	double		rp_span;	/* typical sample length, ns */
	double		rp_calls;	/* operations over kept samples */
	double		*rp_sorted;	/* the kept samples, sorted */
	double		rp_ticks;	/* clock ticks the CPU split rests on */
	int		rp_nwarn;
	char		rp_warn[10][200];
};

static void
warn(struct report *rp, const char *fmt, ...)
{
	va_list ap;

	if (rp->rp_nwarn >= 10)
		return;
	va_start(ap, fmt);
	vsnprintf(rp->rp_warn[rp->rp_nwarn++], sizeof(rp->rp_warn[0]), fmt,
	    ap);
	va_end(ap);
}

/* Each warning says what is wrong and what to do about it. */
static void
find_warnings(struct report *rp, const struct shared *sh)
{
	const struct stats *c = &rp->rp_clean;
	/* against the span as measured, clock read included: never 0 */
	double quant = 100.0 * ((double)lmi.clk_res + lmi.clk_ovh) /
	    (rp->rp_span + lmi.clk_ovh);
	int n = rp->rp_n, outl = rp->rp_n - c->st_n;
	double move, m1, m2;
	double prec = lmi_st_relhalf(c->st_cilo, c->st_cihi, c->st_median, 0);

	if (sh->sh_errors > 0)
		warn(rp, "Errors: %lld of %.0f operations failed; the time"
		    " includes failed calls", sh->sh_errors, rp->rp_calls);
	if (sh->sh_hookerrors > 0)
		warn(rp, "Errors: the case's set-up or clean-up hooks reported"
		    " %lld failed operations", sh->sh_hookerrors);
	if (quant > 1)
		warn(rp, "Quantization error likely; increase batch size"
		    " (-B option) %.0fX to avoid.", ceil(quant));
	if (n < lm_optC)
		warn(rp, "Few samples: %d of the %d asked for (-C) within the"
		    " -X limit of %d ms; raise -X", n, lm_optC, lmi.optX);
	else if (n < 10)
		warn(rp, "Few samples: only %d; the statistics are rough;"
		    " raise -C", n);
	/*
	 * A straight line through the samples in time order moves by
	 * r * sd / sd(index) * n, and sd(index) is n / sqrt(12): relative
	 * to the mean, sqrt(12) * r * cv over the run.
	 */
	move = sqrt(12.0) * fabs(c->st_timecorr) * c->st_cv;
	if (n >= 20 && fabs(c->st_timecorr) > 0.5 && move > 0.05)
		warn(rp, "Drift: time correlation %.2f, about %.0f%% over the"
		    " run; the figure moved (frequency scaling, background"
		    " load?)", c->st_timecorr, 100 * move);
	if (c->st_cv > 0.10)
		warn(rp, "High spread: coefficient of variation %.0f%%;"
		    " rerun on a quiet machine or raise -C", 100 * c->st_cv);
	/* More than one in five: a second regime, not stray interrupts. */
	if (n >= 20 && outl * 5 > n)
		warn(rp, "Long tail: %d of %d samples were outliers, the worst"
		    " %.1fx the median", outl, n, c->st_median > 0 ?
		    rp->rp_raw.st_max / c->st_median : 0);
	if (lmi_st_twomodes(rp->rp_sorted, c->st_n, &m1, &m2))
		warn(rp, "Bimodal: the samples gather near %.5g and %.5g"
		    " usecs/call with a dip between; they come from two states"
		    " (CPU placement, frequency?)", m1, m2);

	if ((lmi.optR > 0 && prec > lmi.optR) || prec > 5)
		warn(rp, "Imprecise: the median's 99%% confidence interval is"
		    " +/-%.1f%%; raise -C or -D", prec);
}

static void
print_run(const struct report *rp, const struct shared *sh)
{
	double calls = rp->rp_calls > 0 ? rp->rp_calls : 1;

	printf("#\n");
	printf("# %22s %13.5f\n", "elapsed time",
	    (double)(sh->sh_tend - sh->sh_tstart) / 1e9);
	printf("# %22s %13d\n", "number of samples", rp->rp_n);
	printf("# %22s %13d\n", "number of outliers",
	    rp->rp_n - rp->rp_clean.st_n);
	printf("# %22s %13.0f\n", "getnsecs overhead", lmi.clk_ovh);
	printf("# %22s %13lld\n", "clock resolution (ns)", lmi.clk_res);
	printf("# %22s %13.5f\n", "sample length (us)", rp->rp_span / 1000);
	printf("# %22s %13d\n", "batch sizing rounds", lmi.calrounds);
	printf("# %22s %13.3f\n", "batch sizing (ms)", (double)lmi.calns / 1e6);
	printf("# %22s %13.5f\n", "cpu usecs/call",
	    (sh->sh_user + sh->sh_sys) / calls);
	if (rp->rp_ticks >= LM_MINTICKS) {
		printf("# %22s %13.5f\n", "user usecs/call",
		    sh->sh_user / calls);
		printf("# %22s %13.5f\n", "system usecs/call",
		    sh->sh_sys / calls);
	} else {
		printf("# %22s %13s\n", "user usecs/call", "unresolved");
		printf("# %22s %13s\n", "system usecs/call", "unresolved");
	}
	printf("# %22s %13.0f\n", "cpu split ticks", rp->rp_ticks);
	printf("# %22s %13.5f\n", "vol ctx sw/call", sh->sh_nvcsw / calls);
	printf("# %22s %13.5f\n", "invol ctx sw/call", sh->sh_nivcsw / calls);
	printf("# %22s %13.5f\n", "minor faults/call", sh->sh_minflt / calls);
}

/* The -L argument line and the column header, as -L and -H ask. */
static void
print_head(void)
{
	if (lm_optL) {
		int i;

		printf("#");
		for (i = 0; i < lm_argc; i++)
			printf(" %s", lm_argv[i]);
		printf("\n");
	}
	if (!lm_optH) {
		printf("%-12s %3s %3s %12s %12s %8s %8s", "", "prc",
		    "thr", "usecs/call", "samples", "errors", "cnt/samp");
		lmi_table_columns(stdout, 1);
		printf("%s%s\n", lm_header[0] ? " " : "", lm_header);
	}
}

static void
print_result(const struct report *rp, const struct shared *sh)
{
	const char *extra = benchmark_result();

	print_head();
	printf("%-12s %3d %3d ", lm_optN, lm_optP, lm_optT);
	print_usecs(lmi_figure(&rp->rp_clean));
	printf(" %12d %8lld %8d", rp->rp_n,
	    sh->sh_errors + sh->sh_hookerrors, lm_optB);
	lmi_table_columns(stdout, 0);
	printf("%s%s\n", extra && *extra ? " " : "", extra ? extra : "");
}

/* The run's report on stdout; -1 if it could not be written. */
int
lmi_report(const struct shared *sh)
{
	struct report rp;
	double *scratch;
	int i, n = sh->sh_nsamples;

	memset(&rp, 0, sizeof(rp));
	scratch = malloc(2 * (size_t)(n > 0 ? n : 1) * sizeof(double));
	if (scratch == NULL)
		return -1;
	rp.rp_x = scratch + n;
	rp.rp_n = n;
	rp.rp_calls = (double)sh->sh_count;
	lmi_st_compute(sh->sh_data, n, scratch, &rp.rp_raw);
	i = lmi_st_remove_outliers(sh->sh_data, n, scratch, rp.rp_x);
	lmi_st_compute(rp.rp_x, i, scratch, &rp.rp_clean);
	rp.rp_sorted = scratch;
	rp.rp_ticks = cpu_ticks(sh->sh_user + sh->sh_sys);
	rp.rp_span = n > 0 ? rp.rp_clean.st_median * 1000 *
	    ((double)sh->sh_count / n) / sh->sh_nworkers : 0;
	find_warnings(&rp, sh);
	print_result(&rp, sh);
	if (lm_optS) {
		print_stats(&rp.rp_raw, &rp.rp_clean);
		print_run(&rp, sh);
		print_histogram(rp.rp_x, rp.rp_clean.st_n, &rp.rp_clean);
	}
	if (lmi_ctr_report(rp.rp_calls) != 0) {
		free(scratch);
		return -1;
	}
	if (lm_optW && rp.rp_nwarn > 0) {
		printf("#\n# WARNINGS\n");
		for (i = 0; i < rp.rp_nwarn; i++)
			printf("#      %s\n", rp.rp_warn[i]);
	}
	free(scratch);
	return fflush(stdout) == 0 ? 0 : -1;
}

/*
 * A run the system cannot do: the FAILED row's shape (no processes, no
 * time, no samples) with no error and the reason, then exit 0.  Old
 * readers see a zero figure; lib/result.awk names the row.
 */
void
lmi_report_unsupported(void)
{
	int rc;

	print_head();
	printf("%-12s %3d %3d %12.5f %12d %8d %8d unsupported: %s\n",
	    lm_optN, 0, 0, 0.0, 0, 0, 0, lmi.unsup);
	rc = fflush(stdout) != 0;
	if (benchmark_fini() != 0)
		rc = 1;
	lmi_cleanup();
	exit(rc);
}

/* --batch: the batch the run would use, and nothing timed. */
void
lmi_report_batch(void)
{
	int rc = 0;

	if (printf("%d\n", lm_optB) < 0 || fflush(stdout) != 0) {
		lm_error("writing the batch:");
		rc = 1;
	}
	if (benchmark_fini() != 0) {
		lm_error("benchmark_fini failed");
		rc = 1;
	}
	lmi_cleanup();
	exit(rc);
}
