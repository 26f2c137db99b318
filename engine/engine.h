/* SPDX-License-Identifier: MIT */
/*
 * engine.h - what the engine's translation units share.  A case never
 * includes it: libmicro.h is all a case sees.
 *
 *   libmicro.c	clock, the engine's barrier, workers, batch sizing,
 *		lm_main()
 *   options.c	the libMicro-named globals, options and usage, --check
 *		and --check-lines
 *   stats.c	statistics: pure functions on double[]
 *   report.c	the result line, -S statistics, -W warnings, --batch
 *   helpers.c	messages; the case helpers that reach the engine's state
 *		(worker data, the case barrier, the temp directory)
 *   util.c	the case helpers that need no engine state
 *   sys.c	the engine's calls that differ between systems
 *   counters.c	-K: perf event counts per operation
 *
 * A name the units share that is neither libMicro's nor an lm_ one begins
 * with lmi_ (libmicro internal), so that no case meets it; everything
 * else is static in its unit.
 */
#ifndef LMI_ENGINE_H
#define LMI_ENGINE_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include "../libmicro.h"

/* The statistic a run reports (-F). */
enum { LM_FIG_MEDIAN, LM_FIG_MEAN, LM_FIG_MIN, LM_FIG_P5, LM_FIG_P10 };

/* The engine's state that several units read, private to each process. */
struct lmi_state {
	int		optF;		/* -F: the statistic reported */
	int		optX;		/* hard maximum duration, ms */
	double		optR;		/* precision target, percent */
	double		clk_ovh;	/* ns per clock read */
	long long	clk_res;	/* smallest step seen, ns */
	int		calrounds;	/* batch sizing: rounds run */
	long long	calns;		/* batch sizing: time taken */
	int		batchonly;	/* --batch: size, print, exit */
	int		pindex;		/* in a worker process */
	char		*tsd;		/* this process's T tsd blocks */
	size_t		tsdstride;
	pthread_key_t	key;		/* holds the thread index + 1 */
	char		unsup[256];	/* why the system cannot run it */
};

extern struct lmi_state	lmi;

/* What all processes share: the barrier and the kept samples. */
struct shared {
	pthread_mutex_t	sh_lock;
	pthread_cond_t	sh_cv;
	int		sh_nworkers;
	int		sh_waiting;
	unsigned	sh_gen;
	int		sh_stop;	/* workers leave after this barrier */
	int		sh_abort;	/* something went wrong: leave now */
	int		sh_calibrating;	/* the next sample is a warm-up */
	long long	sh_minspan;	/* shortest kept sample, ns */
	long long	sh_hookerrors;	/* counted by the per-worker hooks */
	long long	sh_tstart;	/* ns when kept samples began */
	long long	sh_tend;
	long long	sh_count, sh_errors;
	double		sh_user, sh_sys, sh_nvcsw, sh_nivcsw, sh_minflt;
	int		sh_nsamples;
	int		sh_cap;
	int		sh_nextcheck;	/* when to test the precision target */
	char		sh_msg[256];	/* first failure */
	unsigned char	*sh_slots;	/* one slot per worker */
	double		*sh_data;	/* sh_cap per-call times, in us */
};

/* CPU time (us) and counts from getrusage, summed or differenced. */
struct usage {
	double	us_user, us_sys, us_nvcsw, us_nivcsw, us_minflt;
};

/* What lmi_st_compute makes of a set of samples. */
struct stats {
	int	st_n;
	double	st_min, st_max, st_mean, st_median, st_stddev, st_stderr;
	double	st_99conf, st_cilo, st_cihi, st_skew, st_kurt, st_timecorr;
	double	st_p05, st_p10, st_p90, st_p95, st_p99, st_cv;
};

/* libmicro.c */
int	lmi_sync_init(pthread_mutex_t *lock, pthread_cond_t *cv);
int	lmi_stopping(void);

/* options.c */
void	lmi_set_defaults(int argc, char **argv);
void	lmi_parse_options(int argc, char **argv);
void	lmi_table_columns(FILE *fp, int titles);
const char	*lmi_figname(void);

/* stats.c */
void	lmi_st_compute(const double *x, int n, double *sorted,
	    struct stats *st);
int	lmi_st_remove_outliers(const double *x, int n, double *sorted,
	    double *out);
double	lmi_st_relhalf(double lo, double hi, double med, double none);
double	lmi_st_precision(const double *x, int n, double *sorted);
int	lmi_st_twomodes(const double *sorted, int n, double *m1, double *m2);

/* report.c */
int	lmi_report(const struct shared *sh);
LM_NORETURN void	lmi_report_unsupported(void);
LM_NORETURN void	lmi_report_batch(void);
double	lmi_figure(const struct stats *st);

/* counters.c: all do nothing without -K */
struct ctr_thread;
void	lmi_ctr_option(const char *arg);
int	lmi_ctr_count(void);
void	lmi_ctr_probe(void);
void	lmi_ctr_setup(int nworkers, int cap);
struct ctr_thread	*lmi_ctr_open(char *why, size_t len);
void	lmi_ctr_close(struct ctr_thread *ct);
void	lmi_ctr_begin(struct ctr_thread *ct);
void	lmi_ctr_end(struct ctr_thread *ct, int w);
void	lmi_ctr_account(int nworkers, long long count);
int	lmi_ctr_report(double calls);

/* profile.c: nothing without LM_PROFILE_CTL */
void	lmi_prof_open(void);
void	lmi_prof_window(int on);

/* sys.c */
void	lmi_die_with_parent(void);
void	lmi_become_subreaper(void);
void	lmi_cpu_usage(struct usage *u, int tindex, double sign);

/* bench.c: the default benchmark_optswitch, of which that name is a weak
 * alias, so that the engine sees whether a case defined its own. */
int	lmi_optswitch(int opt, char *optarg);

/* helpers.c */
LM_NORETURN void	lmi_die(const char *fmt, ...);
void	lmi_cleanup(void);

#endif /* LMI_ENGINE_H */
