/* SPDX-License-Identifier: MIT */
/*
 * libmicro.h - everything a case sees.
 *
 * A case defines benchmark() and any of the optional hooks below; bench.c
 * supplies do-nothing defaults for the rest.  The hook names, signatures
 * and lm_* globals are those of Sun libMicro 0.4.1, so its cases compile
 * unchanged; everything after "extensions" is new.
 */
#ifndef LIBMICRO_H
#define LIBMICRO_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/file.h>	/* flock(), which 0.4.1 cases call with only <fcntl.h> */

#define LIBMICRO_VERSION	"0.1.0"
#define STRSIZE			1024

typedef struct {
	long long	re_count;	/* operations done in this batch */
	long long	re_errors;	/* operations that failed */
	long long	re_t0;		/* set by the engine */
	long long	re_t1;		/* set by the engine */
} result_t;

/*
 * Hooks: each returns 0 on success, -1 (any negative value) to stop the
 * run with an error.  The per-worker hooks (initworker, initbatch,
 * finibatch, finiworker) may also return a positive count of failed
 * operations: it is added to the errors column and the run goes on.
 */
int	benchmark_init(void);		/* once, before option parsing */
int	benchmark_optswitch(int opt, char *optarg);
int	benchmark_initrun(void);	/* once, after option parsing */
int	benchmark_initworker(void *tsd); /* per worker thread */
int	benchmark_initbatch(void *tsd);	/* before each timed batch */
int	benchmark(void *tsd, result_t *res);	/* the timed batch */
int	benchmark_finibatch(void *tsd);
int	benchmark_finiworker(void *tsd);
int	benchmark_finirun(void);
int	benchmark_fini(void);
char	*benchmark_result(void);	/* text appended to the result line */

/* Options as parsed; a case may set the lm_def* in benchmark_init(). */
extern int	lm_argc;
extern char	**lm_argv;

extern int	lm_opt1;	/* -1: single process */
extern int	lm_optA;	/* -A: align samples with clock ticks */
extern int	lm_optB;	/* -B: operations per batch */
extern int	lm_optC;	/* -C: minimum samples */
extern int	lm_optD;	/* -D: minimum duration, ms */
extern int	lm_optE;	/* -E: progress on stderr */
extern int	lm_optH;	/* -H: no column header */
extern int	lm_optI;	/* -I: expected ns per operation */
extern int	lm_optL;	/* -L: print the argument line */
extern int	lm_optM;	/* -M: report the mean, not the median */
extern char	*lm_optN;	/* -N: benchmark name */
extern int	lm_optP;	/* -P: processes */
extern int	lm_optS;	/* -S: statistics */
extern int	lm_optT;	/* -T: threads per process */
extern int	lm_optW;	/* -W: warnings */

extern int	lm_def1;
extern int	lm_defB;	/* batch size; 0 = size it by calibration */
extern int	lm_defC;
extern int	lm_defD;
extern int	lm_defH;
extern char	*lm_defN;
extern int	lm_defP;
extern int	lm_defS;
extern int	lm_defT;
extern int	lm_nsecs_per_op; /* -I, or the case's own guess; 0 if none */

extern char	*lm_procpath;		/* directory of the case binary */
extern char	lm_procname[STRSIZE];	/* basename of the case binary */
extern char	lm_usage[STRSIZE];	/* the case's own usage text */
extern char	lm_optstr[STRSIZE];	/* the case's own getopt letters */
extern char	lm_header[STRSIZE];	/* column title for benchmark_result */
extern size_t	lm_tsdsize;		/* bytes of per-thread data */

/* Helpers. */
int		getpindex(void);	/* this worker's process index */
int		gettindex(void);	/* this worker's thread index */
void		*gettsd(int p, int t);	/* that worker's data (own process) */
long long	getusecs(void);		/* monotonic clock, us */
long long	getnsecs(void);		/* monotonic clock, ns */
int		setfdlimit(int limit);	/* raise RLIMIT_NOFILE to limit */
long long	sizetoll(const char *s);	/* "4k" -> 4096; -1 if bad */
int		sizetoint(const char *s);
long long	get_nsecs_resolution(void);
/* Least squares y = a + b x over count points; -1 if x is constant. */
int		fit_line(double *x, double *y, int count, double *a, double *b);

/*
 * A barrier for the processes and threads of a case (fork and exit cases
 * make their children meet their parent).  barrier_create(hwm, datasize)
 * makes one in anonymous shared memory, inherited across fork(), that
 * releases its callers hwm at a time; barrier_queue(bar, res) waits for
 * the phase to fill and, with res, adds that result to the barrier's
 * totals and, while there is room for datasize of them, the phase's ns
 * per operation to ba_data.  barrier_queue returns -1 if the run is being
 * stopped.  The memory goes away with the last process that maps it, so
 * nothing outlives the run however it ends.
 */
typedef struct {
	pthread_mutex_t	ba_lock;
	pthread_cond_t	ba_cv;
	int		ba_hwm;		/* callers per phase */
	int		ba_waiters;	/* arrived in this phase */
	int		ba_phase;	/* phases completed */
	int		ba_results;	/* results queued in this phase */
	int		ba_batches;	/* phases with results */
	int		ba_datasize;	/* room in ba_data */
	long long	ba_count;	/* re_count summed over all results */
	long long	ba_errors;	/* re_errors summed over all results */
	long long	ba_count0;	/* re_count summed in this phase */
	long long	ba_t0, ba_t1;	/* this phase: first start, last end */
	size_t		ba_size;	/* bytes mapped */
	double		ba_data[1];	/* ns per operation, one per phase */
} barrier_t;

barrier_t	*barrier_create(int hwm, int datasize);
int		barrier_queue(barrier_t *bar, result_t *res);
int		barrier_destroy(barrier_t *bar);

/*
 * Extensions.
 */

/* Upper bound for a batch sized by calibration (for cases whose batch
 * setup holds one resource per operation, such as descriptors). */
extern int	lm_maxB;

/* A case that reads operands (lm_argv[optind] on, in benchmark_initrun)
 * sets this in benchmark_init(); for any other, an operand is a usage
 * error. */
extern int	lm_operands;

/* Results of pure computations go here so the compiler keeps them. */
extern volatile long	lm_sink;

/* Make the compiler forget what it knows about *p (inputs it could
 * otherwise fold or hoist out of the timed loop). */
#if defined(__GNUC__) || defined(__clang__)
#define LM_OPAQUE(p)	__asm__ __volatile__("" : : "r"(p) : "memory")
#else
void	lm_opaque(const void *p);
#define LM_OPAQUE(p)	lm_opaque(p)
#endif

/* A private directory made with mkdtemp on first use, removed with its
 * contents when the run ends (also on SIGINT, SIGTERM, SIGHUP). */
const char	*lm_tmpdir(void);
/* Writes into buf the path of name inside lm_tmpdir(); NULL on error. */
char		*lm_tmppath(char *buf, size_t len, const char *name);
/* Creates or rewrites path as size bytes of real (non-sparse) data. */
int		lm_fillfile(const char *path, long long size);
/* The default data file of a file option: if *path is NULL, points it at
 * name in lm_tmpdir(), made size bytes long (once per case: the path is
 * held in one static buffer); 0 on success. */
int		lm_datafile(char **path, const char *name, long long size);

#if defined(__GNUC__) || defined(__clang__)
#define LM_NORETURN	__attribute__((noreturn))
#else
#define LM_NORETURN
#endif

/* A usage error in benchmark_optswitch: print "name: msg" and exit 2. */
LM_NORETURN void	lm_usage_error(const char *fmt, ...);
/* For a file option in benchmark_optswitch: path if access(path, amode)
 * allows it (amode F_OK, or R_OK and W_OK or'ed), else a usage error
 * naming opt and the reason. */
char		*lm_optfile(int opt, char *path, int amode);
/* A runtime failure: print "name: msg" (": strerror" if fmt ends in ':'). */
void		lm_error(const char *fmt, ...);
/*
 * The system lacks what the case measures (ENOSYS, a call forbidden by
 * a sysctl or seccomp, a feature turned off, too few CPUs): records the
 * reason (": strerror" if fmt ends in ':') and returns -1, for
 * benchmark_optcheck or benchmark_initrun to return.  The run then
 * prints the row "NAME 0 0 0.00000 0 0 0 unsupported: REASON" and exits
 * 0; it is neither a failure nor an error.  Only from benchmark_init,
 * benchmark_optcheck and benchmark_initrun (the parent, before any
 * worker); optcheck is the cheaper place, as initrun also runs in each
 * batch-sizing child.
 */
int		lm_unsupported(const char *fmt, ...);

/*
 * Declared options and result columns.  A case that defines lm_options[]
 * and lm_columns[] (each ended by LM_END) needs no benchmark_optswitch,
 * benchmark_result, lm_optstr, lm_usage or lm_header: the engine builds
 * the getopt letters, the usage lines and the column titles from the
 * tables, parses each value strictly into its variable (one error line,
 * exit 2) and prints the columns after the seven of the result line.
 * bench.c gives empty tables, so a case with its own hooks is unchanged;
 * a letter not in lm_options[] still goes to benchmark_optswitch.
 */
enum lm_kind {
	LM_NONE,	/* ends a table */
	LM_SIZE,	/* long long: a size >= 0, may end in k, m or g */
	LM_COUNT,	/* long long: a number, may end in k, m or g */
	LM_ENUM,	/* int: the index of the value in lo_names */
	LM_PATH,	/* char *: a file that access(2) allows (lo_min) */
	LM_FLAG,	/* int: 1 if the option is given */
	LM_TEXT,	/* const char *: any non-empty text, as given */
	LM_LL,		/* column: a long long */
	LM_INT,		/* column: an int */
	LM_STR,		/* column: a const char * */
	LM_FN		/* column: the text lc_fn() returns */
};

struct lm_opt {
	char		lo_letter;
	enum lm_kind	lo_kind;
	const char	*lo_arg;	/* name of the value in the usage text */
	void		*lo_var;	/* where the value goes */
	const char	*lo_def;	/* default, as typed; parsed before argv
					 * (for LM_PATH only shown) */
	long long	lo_min, lo_max;	/* range; LM_PATH: lo_min is the amode */
	const char	*lo_help;	/* usage text, without the default */
	const char	*lo_names;	/* LM_ENUM: the values, separated by '|' */
};

struct lm_col {
	const char	*lc_title;
	int		lc_width;	/* right-aligned in this many columns */
	enum lm_kind	lc_kind;	/* LM_LL, LM_INT, LM_STR or LM_FN */
	const void	*lc_var;	/* the value (LM_LL, LM_INT, LM_STR) */
	const char	*(*lc_fn)(void);	/* LM_FN */
};

#define LM_END	{ 0 }

extern const struct lm_opt	lm_options[];
extern const struct lm_col	lm_columns[];

/* Checks between options, once all are parsed and before the engine
 * checks -B against lm_maxB (so it may raise lm_maxB); it returns 0 or
 * calls lm_usage_error.  Also run under --check.  bench.c's does
 * nothing. */
int		benchmark_optcheck(void);

/*
 * Shorthands for the common shapes.  LM_TSD(type) sizes the per-worker
 * data, for a case whose benchmark_init would do nothing else (the
 * larger of lm_tsdsize and it is used).  LM_EACH(i, res, failed) is the
 * timed loop of most cases: lm_optB operations, i counting them, each
 * that makes failed true counted as an error.
 */
#define LM_TSD(type)	const size_t lm_tsd = sizeof(type)
extern const size_t	lm_tsd;

#define LM_EACH(i, res, failed) do {					\
	int i;								\
	for (i = 0; i < lm_optB; i++)					\
		if (failed)						\
			(res)->re_errors++;				\
	(res)->re_count = lm_optB;					\
} while (0)

/* The engine's entry point; bench.c's main() calls it. */
int		lm_main(int argc, char **argv);

#endif /* LIBMICRO_H */
