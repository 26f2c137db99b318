/* SPDX-License-Identifier: MIT */
/*
 * libmicro.c - the engine: options, clock, workers and barrier.
 * Statistics, the report and the helpers for cases that need no engine
 * state are units in engine/ (see engine/engine.h).  bench.c holds
 * main() and the default hooks; a case holds benchmark() and whatever
 * hooks it needs.
 *
 * Model: the parent forks -P worker processes of -T threads each (with -1
 * the threads run in the parent).  Every sample, all workers meet at a
 * barrier in shared memory; the last to arrive accounts the sample and
 * decides whether the run is over.  The batch size is settled before any
 * hook of the run is called (see "Batch size"), so a case may size its
 * arrays by lm_optB in benchmark_initrun() and benchmark_initworker().
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "engine/engine.h"

/*
 * State
 */

#define LM_PAD		128	/* bytes between workers' slots */
#define LM_TARGET_NS	100000	/* shortest sample calibration aims for */
#define LM_MAXCAP	1000000	/* most samples one run may keep */
#define LM_CALSAMPLES	3	/* timed samples in a sizing round */
#define LM_CALBUDGET_NS	1000000000LL	/* sizing rounds past this: stop */
#define LM_CALMS	200	/* longest a sizing round samples, ms */
#define LM_TSDSLACK	8192	/* bytes after the per-thread data */

int	lm_argc;
char	**lm_argv;
int	lm_opt1, lm_optA, lm_optB, lm_optC, lm_optD, lm_optE, lm_optH;
int	lm_optI, lm_optL, lm_optM, lm_optP, lm_optS, lm_optT, lm_optW;
char	*lm_optN;
static const char *const lm_fignames[] = { "median", "mean", "min", "p5",
    "p10" };
int	lm_def1 = 0, lm_defB = 0, lm_defC = 100, lm_defD = 10, lm_defH = 0;
int	lm_defP = 1, lm_defS = 0, lm_defT = 1;
char	*lm_defN;
int	lm_nsecs_per_op;
char	*lm_procpath;
char	lm_procname[STRSIZE];
char	lm_usage[STRSIZE];
char	lm_optstr[STRSIZE];
char	lm_header[STRSIZE];
size_t	lm_tsdsize;
int	lm_maxB = 1 << 30;
#ifdef LM_SUN_OPERANDS
int	lm_operands = 1;	/* Sun's engine handed every operand on */
#else
int	lm_operands;
#endif
volatile long	lm_sink;

/* One worker's sample, in shared memory, alone on its cache lines. */
struct slot {
	long long	sl_t0, sl_t1;	/* ns */
	long long	sl_count, sl_errors;
	double		sl_user, sl_sys;	/* us of CPU in the batch */
	double		sl_nvcsw, sl_nivcsw, sl_minflt;
	int		sl_failed;
};

/* What only this unit keeps, private to each process. */
static struct {
	int		optXset;
	long long	*calspan;	/* a sizing round's answer (shared) */
	int		checkonly;	/* --check: parse, then exit */
	long		checkline;	/* --check-lines: the line checked */
	int		optBset;	/* -B was given */
	long long	target_ns;	/* sample length calibration aims for */
	struct shared	*sh;
	size_t		shsize;
	int		pindex;		/* in a worker process */
	char		*tsd;		/* this process's T tsd blocks */
	size_t		tsdstride;
	pthread_key_t	key;		/* holds the thread index + 1 */
	pid_t		mainpid;	/* parent of the worker processes */
	pid_t		tmpowner;	/* the process that made tmpdir */
	char		tmpdir[PATH_MAX];
	volatile sig_atomic_t	signo;	/* -1 mode: signal received */
} lm;

/* What other units read too (engine/engine.h). */
struct lmi_state	lmi;

/*
 * Messages
 */

static void
vmsg(const char *fmt, va_list ap)
{
	int saved = errno;
	size_t n = strlen(fmt);

	fprintf(stderr, "%s: ", lm_procname[0] ? lm_procname : "libmicro");
	vfprintf(stderr, fmt, ap);
	if (n > 0 && fmt[n - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
}

void
lm_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

static void lm_cleanup(void);

void
lm_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	lm_cleanup();
	exit(2);
}

/* A runtime failure before workers exist: say so and exit 1. */
LM_NORETURN static void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	lm_cleanup();
	exit(1);
}

/*
 * Options and usage
 */

static const char engine_opts[] = "1AB:C:D:EF:HI:LMN:P:R:ST:VWX:";

static void	table_usage(FILE *fp);

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [engine options] [case options]%s\n"
	    "engine options:\n"
	    "  -1       run the threads in one process (no fork)\n"
	    "  -A       start each sample on a 1 ms clock boundary\n"
	    "  -B n     operations per sample (default: sized by calibration)\n"
	    "  -C n     minimum number of samples (default %d)\n"
	    "  -D ms    minimum duration in milliseconds (default %d)\n"
	    "  -E       echo the benchmark name and duration on stderr\n"
	    "  -F stat  the statistic of the samples reported: median"
	    " (default),\n           mean, min, p5 or p10\n"
	    "  -H       no column header line\n"
	    "  -I ns    expected nanoseconds per operation (batch size hint)\n"
	    "  -L       print the argument line\n"
	    "  -M       report the mean instead of the median (-F mean)\n"
	    "  -N name  benchmark name (default: the program name)\n"
	    "  -P n     worker processes (default %d)\n"
	    "  -R pct   stop once the 99%% confidence interval of the median\n"
	    "           is within +/-pct%% (after -C and -D are met)\n"
	    "  -S       print detailed statistics\n"
	    "  -T n     threads per process (default %d)\n"
	    "  -V       print the version and exit\n"
	    "  -W       print warnings (implies -S)\n"
	    "  -X ms    hard maximum duration of the timed phase"
	    " (default 10000)\n"
	    "  -?       this help (also --help)\n"
	    "  --check  check the options and operands, then exit: 0 if"
	    " the run\n           would start, 2 if not; nothing runs"
	    " (--check-lines: the\n           argument lists on stdin,"
	    " one a line, words separated by tabs)\n"
	    "sizes and counts accept k, m and g suffixes (x1024)\n",
	    lm_procname, lm_operands ? " [operand...]" : "",
	    lm_defC, lm_defD, lm_defP, lm_defT);
	if (lm_usage[0] != '\0' || lm_options[0].lo_kind != LM_NONE)
		fprintf(fp, "case options:\n%s", lm_usage);
	if (lm_usage[0] != '\0' && lm_usage[strlen(lm_usage) - 1] != '\n')
		fputc('\n', fp);
	table_usage(fp);
}

/* A count option: a size in [lo, hi], or a usage error naming it. */
static int
count_arg(int opt, const char *arg, long long lo, long long hi)
{
	long long v = sizetoll(arg);

	if (v < 0)
		lm_usage_error("-%c: not a non-negative number: '%s'", opt, arg);
	if (v < lo || v > hi)
		lm_usage_error("-%c: %s is out of range [%lld, %lld]", opt,
		    arg, lo, hi);
	return (int)v;
}

static double
percent_arg(int opt, const char *arg)
{
	char *end;
	double v;

	if (arg == NULL)
		lm_usage_error("-%c needs a value", opt);
	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v > 0 && v <= 100))
		lm_usage_error("-%c: not a percentage in (0, 100]: '%s'", opt,
		    arg);
	return v;
}

static int
name_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > 64 || s[0] == '-')
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] <= ' ' || s[i] == 0x7f)
			return 0;
	return 1;
}

static int
figure_arg(const char *arg)
{
	size_t i;

	for (i = 0; i < sizeof(lm_fignames) / sizeof(lm_fignames[0]); i++)
		if (strcmp(arg, lm_fignames[i]) == 0)
			return (int)i;
	lm_usage_error("-F: '%s' is not one of median, mean, min, p5, p10",
	    arg);
}

static void
engine_opt(int c, char *arg)
{
	switch (c) {
	case '1': lm_opt1 = 1; break;
	case 'A': lm_optA = 1; break;
	case 'B':
		lm_optB = count_arg(c, arg, 0, 1 << 30);
		lm.optBset = 1;
		break;
	case 'C': lm_optC = count_arg(c, arg, 1, LM_MAXCAP); break;
	case 'D': lm_optD = count_arg(c, arg, 0, 86400000); break;
	case 'E': lm_optE = 1; break;
	case 'H': lm_optH = 1; break;
	case 'I': lm_optI = count_arg(c, arg, 1, INT_MAX); break;
	case 'L': lm_optL = 1; break;
	case 'F': lmi.optF = figure_arg(arg); break;
	case 'M': lmi.optF = LM_FIG_MEAN; lm_optM = 1; break;
	case 'N':
		if (!name_ok(arg))
			lm_usage_error("-N: a name is 1 to 64 characters,"
			    " no blanks, not starting with '-': '%s'", arg);
		lm_optN = arg;
		break;
	case 'P': lm_optP = count_arg(c, arg, 1, 4096); break;
	case 'R': lmi.optR = percent_arg(c, arg); break;
	case 'S': lm_optS = 1; break;
	case 'T': lm_optT = count_arg(c, arg, 1, 4096); break;
	case 'V': printf("%s\n", LIBMICRO_VERSION); exit(0);
	case 'W': lm_optW = lm_optS = 1; break;
	case 'X':
		lmi.optX = count_arg(c, arg, 1, 86400000);
		lm.optXset = 1;
		break;
	default: break;
	}
}

char *
lm_optfile(int opt, char *path, int amode)
{
	if (path == NULL || path[0] == '\0')
		lm_usage_error("-%c needs a file name", opt);
	if (access(path, amode) != 0)
		lm_usage_error("-%c %s:", opt, path);
	return path;
}

/*
 * Declared options and columns
 */

static const struct lm_opt *
table_find(int c)
{
	const struct lm_opt *o;

	for (o = lm_options; o->lo_kind != LM_NONE; o++)
		if (o->lo_letter == c)
			return o;
	return NULL;
}

/* The index of arg among the '|'-separated names, or -1. */
static int
enum_index(const char *names, const char *arg)
{
	size_t n = strlen(arg);
	int i = 0;

	for (; names != NULL; i++) {
		const char *bar = strchr(names, '|');
		size_t len = bar ? (size_t)(bar - names) : strlen(names);

		if (len == n && strncmp(names, arg, n) == 0)
			return i;
		names = bar ? bar + 1 : NULL;
	}
	return -1;
}

/* A number with an optional k, m or g suffix, in [lo, hi]. */
static long long
number_arg(int c, const char *arg, const char *what, long long lo,
    long long hi)
{
	int neg = arg[0] == '-' && lo < 0;
	long long v = sizetoll(arg + neg);

	if (v < 0)
		lm_usage_error("-%c: not %s: '%s'", c, what, arg);
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		lm_usage_error("-%c: %s is out of range [%lld, %lld]", c, arg,
		    lo, hi);
	return v;
}

static void
table_set(const struct lm_opt *o, char *arg)
{
	int c = (unsigned char)o->lo_letter, i;

	switch (o->lo_kind) {
	case LM_SIZE:
		*(long long *)o->lo_var = number_arg(c, arg, "a size",
		    o->lo_min, o->lo_max);
		break;
	case LM_COUNT:
		*(long long *)o->lo_var = number_arg(c, arg, "a number",
		    o->lo_min, o->lo_max);
		break;
	case LM_ENUM:
		if ((i = enum_index(o->lo_names, arg)) < 0)
			lm_usage_error("-%c: '%s' is not one of %s", c, arg,
			    o->lo_names);
		*(int *)o->lo_var = i;
		break;
	case LM_PATH:
		*(char **)o->lo_var = lm_optfile(c, arg, (int)o->lo_min);
		break;
	case LM_FLAG:
		*(int *)o->lo_var = 1;
		break;
	case LM_TEXT:
		if (arg[0] == '\0')
			lm_usage_error("-%c: the text may not be empty", c);
		*(const char **)o->lo_var = arg;
		break;
	default:
		break;
	}
}

/* The letters for getopt and the defaults, before argv is parsed. */
static void
table_init(void)
{
	const struct lm_opt *o;
	size_t n = strlen(lm_optstr);

	for (o = lm_options; o->lo_kind != LM_NONE; o++) {
		if (strchr(engine_opts, o->lo_letter) != NULL ||
		    strchr(lm_optstr, o->lo_letter) != NULL)
			die("-%c is declared twice", o->lo_letter);
		if (n + 3 > sizeof(lm_optstr))
			die("too many case options");
		lm_optstr[n++] = o->lo_letter;
		if (o->lo_kind != LM_FLAG)
			lm_optstr[n++] = ':';
		lm_optstr[n] = '\0';
		if (o->lo_kind == LM_TEXT)
			*(const char **)o->lo_var = o->lo_def;
		else if (o->lo_def != NULL && o->lo_kind != LM_PATH &&
		    o->lo_kind != LM_FLAG) {
			char def[64];

			snprintf(def, sizeof(def), "%s", o->lo_def);
			table_set(o, def);
		}
	}
}

static void
table_usage(FILE *fp)
{
	const struct lm_opt *o;

	for (o = lm_options; o->lo_kind != LM_NONE; o++) {
		fprintf(fp, "  -%c %-5s %s", o->lo_letter,
		    o->lo_kind == LM_FLAG ? "" : o->lo_arg, o->lo_help);
		if (o->lo_kind == LM_ENUM)
			fprintf(fp, " (%s)", o->lo_names);
		if (o->lo_def != NULL && o->lo_kind == LM_PATH)
			fprintf(fp, " (default: %s)", o->lo_def);
		else if (o->lo_def != NULL && o->lo_kind == LM_TEXT)
			fprintf(fp, " (default \"%s\")", o->lo_def);
		else if (o->lo_def != NULL)
			fprintf(fp, " (default %s)", o->lo_def);
		fputc('\n', fp);
	}
}

/* The columns' titles, or their values, each after one blank. */
void
lmi_table_columns(FILE *fp, int titles)
{
	const struct lm_col *l;

	for (l = lm_columns; l->lc_kind != LM_NONE; l++) {
		int w = l->lc_width;

		if (titles)
			fprintf(fp, " %*s", w, l->lc_title);
		else if (l->lc_kind == LM_LL)
			fprintf(fp, " %*lld", w, *(const long long *)l->lc_var);
		else if (l->lc_kind == LM_INT)
			fprintf(fp, " %*d", w, *(const int *)l->lc_var);
		else if (l->lc_kind == LM_STR)
			fprintf(fp, " %*s", w, *(const char *const *)l->lc_var);
		else if (l->lc_kind == LM_FN)
			fprintf(fp, " %*s", w, l->lc_fn());
	}
}

/* "-C", "--x", "-?": a word that getopt would take for an option. */
static int
looks_like_option(const char *s)
{
	return s[0] == '-' && (isalpha((unsigned char)s[1]) || s[1] == '-' ||
	    s[1] == '?');
}

static void apply_defaults(void);
static void parse_argv(int argc, char **argv);

/* One line of --check-lines, in a child: exits 0 or 2 (1 if it failed). */
LM_NORETURN static void
check_child(char *line, char *argv0, long lineno)
{
	char **args, *p;
	int n = 2;

	for (p = line; *p != '\0'; p++)
		n += *p == '\t';
	if ((args = calloc((size_t)n + 1, sizeof(*args))) == NULL)
		die("out of memory");
	n = 0;
	args[n++] = argv0;
	while (*line != '\0') {
		p = line + strcspn(line, "\t");
		if (*p == '\t')
			*p++ = '\0';
		args[n++] = line;
		line = p;
	}
	args[n] = NULL;
	lm_argc = n;
	lm_argv = args;
	apply_defaults();
	lm.checkonly = 1;
	lm.checkline = lineno;
	parse_argv(n, args);
	exit(0);
}

/*
 * --check-lines: each line of standard input is an argument list, its
 * words separated by tabs, checked as --check would check it, each in a
 * child of its own so that no line sees another's options.  Stops at the
 * first line that fails: its message is on stderr, its number on stdout.
 * The input is read whole first: a child's exit would otherwise move the
 * offset of the descriptor it shares with the parent.
 */
static int
check_lines(char *argv0)
{
	char *text = NULL, *line, *next;
	size_t len = 0;
	long n = 0;
	int status;
	FILE *fp;
	pid_t pid;

	if ((fp = open_memstream(&text, &len)) == NULL)
		die("open_memstream:");
	while ((status = getchar()) != EOF)
		(void) putc(status, fp);
	if (ferror(stdin) || fclose(fp) != 0)
		die("reading standard input:");
	(void) fclose(stdin);
	for (line = text; len > 0 && *line != '\0'; line = next) {
		n++;
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		fflush(stdout);
		fflush(stderr);
		if ((pid = fork()) < 0)
			die("fork:");
		if (pid == 0)
			check_child(line, argv0, n);
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				die("waitpid:");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			printf("%ld\n", n);
			free(text);
			return WIFEXITED(status) && WEXITSTATUS(status) == 2 ?
			    2 : 1;
		}
	}
	free(text);
	return 0;
}

/*
 * The long options, before any "--": --help prints the usage and exits;
 * --check is taken out of argv (the case never sees it), and the count
 * of what is left is returned.  Any other is an unknown option.
 */
static int
long_options(int argc, char **argv)
{
	int i, j;

	for (i = 1, j = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				argv[j++] = argv[i++];
			break;
		}
		if (strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (strcmp(argv[i], "--check") == 0) {
			lm.checkonly = 1;
			continue;
		}
		if (strcmp(argv[i], "--check-lines") == 0)
			lm_usage_error("--check-lines takes no other"
			    " argument");
		if (argv[i][0] == '-' && argv[i][1] == '-')
			lm_usage_error("unknown option: %s (try --help)",
			    argv[i]);
		argv[j++] = argv[i];
	}
	argv[j] = NULL;
	return j;
}

/*
 * A value that is the next word and looks like an option is a value
 * forgotten: "-N -C 5" would name the run "-C" and drop the 5.  Glued
 * ("-s-1"), a value may start with '-'; a negative number ("-s -1")
 * may be the next word.
 */
static void
check_optarg(int c, char **argv)
{
	if (optarg != NULL && optind > 1 && optarg == argv[optind - 1] &&
	    looks_like_option(optarg))
		lm_usage_error("-%c needs a value, not the option %s", c,
		    optarg);
}

/*
 * What getopt left: operands.  A case takes them only if it set
 * lm_operands; either way an option after an operand is refused, since
 * getopt stops at the first operand and would pass it over in silence.
 * After "--" every word is an operand.
 */
static void
check_operands(int argc, char **argv)
{
	int i;

	if (optind >= argc)
		return;
	if (!lm_operands)
		lm_usage_error("unexpected operand '%s': this case takes"
		    " none (options come first; try --help)", argv[optind]);
	if (strcmp(argv[optind - 1], "--") == 0)
		return;
	for (i = optind + 1; i < argc; i++)
		if (looks_like_option(argv[i]) || strcmp(argv[i], "--") == 0)
			lm_usage_error("option %s after the operand '%s':"
			    " options come first", argv[i], argv[optind]);
}

/*
 * A line --check-lines passed: its number and the options as this
 * engine settled them, defaults, the case's own defaults and the last
 * of repeated options included, for the wrapper to read instead of
 * parsing options itself.  B=0 means the batch is calibrated.
 */
static void
settled_line(void)
{
	printf("%ld N=%s B=%d Bgiven=%d D=%d P=%d T=%d C=%d\n",
	    lm.checkline, lm_optN, lm_optB, lm.optBset, lm_optD, lm_optP,
	    lm_optT, lm_optC);
	fflush(stdout);
}

static void
parse_argv(int argc, char **argv)
{
	char optstr[2 * STRSIZE];
	int c;

	lm_argc = argc = long_options(argc, argv);
	/* Stop at the first operand, as POSIX getopt does; glibc needs +. */
	snprintf(optstr, sizeof(optstr), "%s:%s%s",
#ifdef __GLIBC__
	    "+",
#else
	    "",
#endif
	    engine_opts, lm_optstr);
	opterr = 0;
	while ((c = getopt(argc, argv, optstr)) != -1) {
		if (c == '?' && optopt == '?') {
			usage(stdout);
			exit(0);
		}
		if (c == '?')
			lm_usage_error("unknown option: -%c (try --help)",
			    optopt);
		if (c == ':')
			lm_usage_error("-%c needs a value", optopt);
		check_optarg(c, argv);
		if (strchr(engine_opts, c) != NULL)
			engine_opt(c, optarg);
		else if (table_find(c) != NULL)
			table_set(table_find(c), optarg);
		else if (benchmark_optswitch(c, optarg) != 0)
			lm_usage_error("-%c: bad value '%s'", c,
			    optarg ? optarg : "");
	}
	if (benchmark_optcheck() != 0)
		lm_usage_error("the options do not go together");
	if ((long long)lm_optP * lm_optT > 8192)
		lm_usage_error("-P %d x -T %d: more than 8192 workers",
		    lm_optP, lm_optT);
	if (lm_optB > lm_maxB)
		lm_usage_error("-B %d is more than this case allows (%d)",
		    lm_optB, lm_maxB);
	if (!lm.optXset && lmi.optX < lm_optD)
		lmi.optX = lm_optD;
	if (lmi.optX < lm_optD)
		lm_usage_error("-D %d is longer than -X %d", lm_optD, lmi.optX);
	check_operands(argc, argv);
	if (lm.checkonly) {
		if (lm.checkline > 0)
			settled_line();
		lm_cleanup();
		exit(0);
	}
}

static void
set_defaults(int argc, char **argv)
{
	const char *argv0 = argc > 0 && argv[0][0] != '\0' ? argv[0] : "case";
	const char *slash = strrchr(argv0, '/');
	size_t dirlen = slash != NULL ? (size_t)(slash - argv0) : 0;

	lm_argc = argc;
	lm_argv = argv;
	snprintf(lm_procname, sizeof(lm_procname), "%s",
	    slash ? slash + 1 : argv0);
	lm_procpath = malloc(dirlen + 2);
	if (lm_procpath == NULL)
		die("out of memory");
	if (slash != NULL)
		snprintf(lm_procpath, dirlen + 2, "%.*s", (int)dirlen, argv0);
	else
		snprintf(lm_procpath, dirlen + 2, ".");
	lmi.optX = 10000;
	lm.mainpid = getpid();
}

static void
apply_defaults(void)
{
	lm_opt1 = lm_def1;
	lm_optB = lm_defB;
	lm_optC = lm_defC;
	lm_optD = lm_defD;
	lm_optH = lm_defH;
	lm_optN = lm_defN ? lm_defN : lm_procname;
	lm_optP = lm_defP;
	lm_optS = lm_defS;
	lm_optT = lm_defT;
}

/* The options; --check-lines, alone, checks the lines of stdin instead. */
static void
parse_options(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--check-lines") == 0) {
		int rc = check_lines(argv[0]);
		lm_cleanup();
		exit(rc);
	}
	parse_argv(argc, argv);
}

/*
 * Clock and calibration
 */

long long
getnsecs(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long
getusecs(void)
{
	return getnsecs() / 1000;
}

long long
get_nsecs_resolution(void)
{
	return lmi.clk_res;
}

/*
 * Cost of one read: the best of several runs of back-to-back reads.
 * Resolution: the smallest non-zero step between two reads actually seen
 * (the clock may advance in coarser steps than clock_getres claims).
 */
static void
calibrate_clock(void)
{
	enum { NREAD = 2000, ROUNDS = 5 };
	long long best = LLONG_MAX, res = LLONG_MAX;
	int r, i;

	for (r = 0; r < ROUNDS; r++) {
		long long first = getnsecs(), prev = first, t = first;

		for (i = 0; i < NREAD; i++) {
			t = getnsecs();
			if (t != prev && t - prev < res)
				res = t - prev;
			prev = t;
		}
		if (t - first < best)
			best = t - first;
	}
	lmi.clk_ovh = (double)best / NREAD;
	lmi.clk_res = res == LLONG_MAX ? 1000000 : res;
	/* Clock granularity and overhead must be <1% of a sample. */
	lm.target_ns = 100 * (lmi.clk_res + (long long)ceil(lmi.clk_ovh));
	if (lm.target_ns < LM_TARGET_NS)
		lm.target_ns = LM_TARGET_NS;
}

/*
 * Barrier, in shared memory, for threads of all processes.  The mutex is
 * robust so that a worker dying while holding it cannot wedge the rest.
 */

static struct slot *
slot_of(int w)
{
	return (struct slot *)(void *)(lm.sh->sh_slots + (size_t)w * LM_PAD);
}

static int
sh_lock(struct shared *sh)
{
	int e = pthread_mutex_lock(&sh->sh_lock);

	if (e == EOWNERDEAD) {
		(void) pthread_mutex_consistent(&sh->sh_lock);
		sh->sh_abort = 1;
		if (sh->sh_msg[0] == '\0')
			snprintf(sh->sh_msg, sizeof(sh->sh_msg),
			    "a worker died holding the barrier");
		e = 0;
	}
	return e;
}

static void
sh_fail(const char *what)
{
	struct shared *sh = lm.sh;

	if (sh_lock(sh) != 0)
		return;
	if (sh->sh_msg[0] == '\0')
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", what);
	(void) pthread_mutex_unlock(&sh->sh_lock);
}

/* Make everyone leave: used by a worker whose threads cannot start. */
static void
sh_abort(const char *why)
{
	struct shared *sh = lm.sh;

	if (sh_lock(sh) != 0)
		return;
	sh->sh_abort = 1;
	if (sh->sh_msg[0] == '\0' && why != NULL)
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", why);
	(void) pthread_cond_broadcast(&sh->sh_cv);
	(void) pthread_mutex_unlock(&sh->sh_lock);
}

/*
 * A lock and a condition variable in memory that processes share: the
 * lock is robust, so that a holder dying cannot wedge the rest, and a
 * timed wait counts on CLOCK_MONOTONIC.  0, or pthread's error number.
 */
static int
sync_init(pthread_mutex_t *lock, pthread_cond_t *cv)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	int e;

	(void) pthread_mutexattr_init(&ma);
	(void) pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	(void) pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	(void) pthread_condattr_init(&ca);
	(void) pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	(void) pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	if ((e = pthread_mutex_init(lock, &ma)) == 0)
		e = pthread_cond_init(cv, &ca);
	(void) pthread_mutexattr_destroy(&ma);
	(void) pthread_condattr_destroy(&ca);
	return e;
}

static struct shared *
sh_create(int nworkers, int cap)
{
	struct shared *sh;
	size_t hdr = (sizeof(*sh) + LM_PAD - 1) / LM_PAD * LM_PAD;
	size_t size = hdr + (size_t)nworkers * LM_PAD + (size_t)cap *
	    sizeof(double);
	void *p;

	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		die("mmap of %zu shared bytes:", size);
	sh = p;
	sh->sh_slots = (unsigned char *)p + hdr;
	sh->sh_data = (double *)(void *)(sh->sh_slots +
	    (size_t)nworkers * LM_PAD);
	sh->sh_nworkers = nworkers;
	sh->sh_cap = cap;
	if (sync_init(&sh->sh_lock, &sh->sh_cv) != 0)
		die("cannot make a process-shared barrier");
	lm.shsize = size;
	return sh;
}

/* Wait for all workers; the last one in runs fn (under the lock). */
static int
barrier_wait(void (*fn)(struct shared *))
{
	struct shared *sh = lm.sh;
	unsigned gen;

	if (sh_lock(sh) != 0)
		return -1;
	gen = sh->sh_gen;
	if (!sh->sh_abort && ++sh->sh_waiting == sh->sh_nworkers) {
		sh->sh_waiting = 0;
		fn(sh);
		sh->sh_gen++;
		(void) pthread_cond_broadcast(&sh->sh_cv);
	} else {
		while (gen == sh->sh_gen && !sh->sh_abort)
			if (pthread_cond_wait(&sh->sh_cv, &sh->sh_lock) ==
			    EOWNERDEAD) {
				(void) pthread_mutex_consistent(&sh->sh_lock);
				sh->sh_abort = 1;
			}
	}
	gen = sh->sh_abort;
	(void) pthread_mutex_unlock(&sh->sh_lock);
	return gen ? -1 : 0;
}

/*
 * Sample accounting, by the last worker to reach the barrier.
 */

/* Decide whether the run is over, after sample n was kept. */
static int
run_done(struct shared *sh, long long now)
{
	long long elapsed = now - sh->sh_tstart;
	int n = sh->sh_nsamples;

	if (n >= sh->sh_cap || elapsed >= (long long)lmi.optX * 1000000)
		return 1;
	if (n < lm_optC || elapsed < (long long)lm_optD * 1000000)
		return 0;
	if (lmi.optR <= 0)
		return 1;
	if (n < sh->sh_nextcheck)
		return 0;
	sh->sh_nextcheck = n + n / 10 + 1;
	/* The tail of the data array is free: use it as scratch. */
	if (2 * n > sh->sh_cap)
		return 1;
	return lmi_st_precision(sh->sh_data, n, sh->sh_data + n) <= lmi.optR;
}

/* First barrier: stop at once if any worker failed to start. */
static void
check_start(struct shared *sh)
{
	int w;

	for (w = 0; w < sh->sh_nworkers; w++)
		if (slot_of(w)->sl_failed)
			sh->sh_stop = 1;
}

static void
account(struct shared *sh)
{
	long long span = 0, count = 0, errors = 0, now = getnsecs();
	int w, failed = 0, nw = sh->sh_nworkers;
	double ns;

	for (w = 0; w < nw; w++) {
		struct slot *s = slot_of(w);

		if (s->sl_t1 - s->sl_t0 > span)
			span = s->sl_t1 - s->sl_t0;
		count += s->sl_count;
		errors += s->sl_errors;
		failed |= s->sl_failed;
	}
	if (failed || lm.signo != 0) {
		sh->sh_stop = 1;
		return;
	}
	if (sh->sh_calibrating) {
		/* A warm-up sample: cold caches, first touches; not kept. */
		sh->sh_calibrating = 0;
		sh->sh_tstart = sh->sh_tend = now;
		return;
	}
	if (sh->sh_minspan == 0 || span < sh->sh_minspan)
		sh->sh_minspan = span;
	ns = (double)span - lmi.clk_ovh;
	if (ns < 0)
		ns = 0;
	sh->sh_data[sh->sh_nsamples++] = count > 0 ?
	    ns / 1000.0 / (double)count * nw : 0;
	sh->sh_count += count;
	sh->sh_errors += errors;
	for (w = 0; w < nw; w++) {
		struct slot *s = slot_of(w);

		sh->sh_user += s->sl_user;
		sh->sh_sys += s->sl_sys;
		sh->sh_nvcsw += s->sl_nvcsw;
		sh->sh_nivcsw += s->sl_nivcsw;
		sh->sh_minflt += s->sl_minflt;
	}
	sh->sh_tend = now;
	if (count == 0 || run_done(sh, now))
		sh->sh_stop = 1;
}

/*
 * Workers
 */

struct usage {
	double	us_user, us_sys, us_nvcsw, us_nivcsw, us_minflt;
};

static void
add_rusage(struct usage *u, int who, double sign)
{
	struct rusage ru;

	if (getrusage(who, &ru) != 0)
		return;
	u->us_user += sign * (ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec);
	u->us_sys += sign * (ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec);
	u->us_nvcsw += sign * ru.ru_nvcsw;
	u->us_nivcsw += sign * ru.ru_nivcsw;
	u->us_minflt += sign * ru.ru_minflt;
}

/*
 * CPU used by this thread, plus, for thread 0, by the children its
 * process reaped (fork and exec cases).  RUSAGE_THREAD is Linux's; where
 * it is missing the whole process is charged to thread 0.
 */
#ifdef RUSAGE_THREAD
#define LM_RUSAGE_OWN	RUSAGE_THREAD
#define LM_PER_THREAD	1
#else
#define LM_RUSAGE_OWN	RUSAGE_SELF
#define LM_PER_THREAD	0
#endif

static void
cpu_usage(struct usage *u, int tindex, double sign)
{
	if (LM_PER_THREAD || tindex == 0)
		add_rusage(u, LM_RUSAGE_OWN, sign);
	if (tindex == 0)
		add_rusage(u, RUSAGE_CHILDREN, sign);
}

/* Spin to the next millisecond boundary (-A). */
static void
align_clock(void)
{
	long long ms = getnsecs() / 1000000;

	while (getnsecs() / 1000000 == ms)
		;
}

/*
 * What a per-worker hook returned: 0 fine, negative a failure that stops
 * the run, positive that many failed operations (libMicro's convention),
 * which the errors column shows.
 */
static int
hook_result(int rc, const char *name, struct slot *s)
{
	char msg[64];

	if (rc > 0 && sh_lock(lm.sh) == 0) {
		lm.sh->sh_hookerrors += rc;
		(void) pthread_mutex_unlock(&lm.sh->sh_lock);
	}
	if (rc >= 0)
		return 0;
	snprintf(msg, sizeof(msg), "%s failed", name);
	sh_fail(msg);
	s->sl_failed = 1;
	return -1;
}

/* One timed batch; fills this worker's slot. */
static void
run_batch(void *tsd, struct slot *s, int tindex)
{
	struct usage u;
	result_t res;

	memset(&u, 0, sizeof(u));
	memset(&res, 0, sizeof(res));
	s->sl_count = s->sl_errors = 0;
	s->sl_t0 = s->sl_t1 = 0;
	(void) hook_result(benchmark_initbatch(tsd), "benchmark_initbatch", s);
	/* Workers start timing together, each with its batch set up. */
	if (lm.sh->sh_nworkers > 1 && (barrier_wait(check_start) != 0 ||
	    lm.sh->sh_stop))
		return;
	if (s->sl_failed)
		return;
	if (lm_optA)
		align_clock();
	cpu_usage(&u, tindex, -1);
	res.re_t0 = getnsecs();
	if (benchmark(tsd, &res) != 0) {
		sh_fail("benchmark failed");
		s->sl_failed = 1;
	}
	res.re_t1 = getnsecs();
	cpu_usage(&u, tindex, 1);
	(void) hook_result(benchmark_finibatch(tsd), "benchmark_finibatch", s);
	s->sl_t0 = res.re_t0;
	s->sl_t1 = res.re_t1;
	s->sl_count = res.re_count;
	s->sl_errors = res.re_errors;
	s->sl_user = u.us_user;
	s->sl_sys = u.us_sys;
	s->sl_nvcsw = u.us_nvcsw;
	s->sl_nivcsw = u.us_nivcsw;
	s->sl_minflt = u.us_minflt;
}

static void *
worker(void *arg)
{
	int tindex = (int)(long)arg, ready;
	int w = lm.pindex * lm_optT + tindex;
	struct slot *s = slot_of(w);
	void *tsd = lm.tsd + (size_t)tindex * lm.tsdstride;

	(void) pthread_setspecific(lm.key, (void *)(long)(tindex + 1));
	ready = hook_result(benchmark_initworker(tsd), "benchmark_initworker",
	    s) == 0;
	if (barrier_wait(check_start) == 0 && !lm.sh->sh_stop) {
		do
			run_batch(tsd, s, tindex);
		while (barrier_wait(account) == 0 && !lm.sh->sh_stop);
	}
	if (ready)
		(void) hook_result(benchmark_finiworker(tsd),
		    "benchmark_finiworker", s);
	return NULL;
}

/* Run this process's -T workers; the main thread is worker 0. */
static void
run_threads(void)
{
	pthread_t *tids = NULL;
	int t, made = 1;

	lm.tsdstride = (lm_tsdsize + LM_PAD - 1) / LM_PAD * LM_PAD;
	if (lm.tsdstride == 0)
		lm.tsdstride = LM_PAD;
	/* Slack after the last block, as libMicro had, for cases that
	 * set lm_tsdsize smaller than what they store there. */
	if (posix_memalign((void **)&lm.tsd, LM_PAD,
	    lm.tsdstride * (size_t)lm_optT + LM_TSDSLACK) != 0) {
		sh_abort("out of memory for per-thread data");
		return;
	}
	memset(lm.tsd, 0, lm.tsdstride * (size_t)lm_optT + LM_TSDSLACK);
	if (lm_optT > 1) {
		tids = calloc((size_t)lm_optT, sizeof(*tids));
		if (tids == NULL) {
			sh_abort("out of memory for threads");
			return;
		}
	}
	for (t = 1; t < lm_optT; t++, made++)
		if ((errno = pthread_create(&tids[t], NULL, worker,
		    (void *)(long)t)) != 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "thread %d of %d: %s", t + 1,
			    lm_optT, strerror(errno));
			sh_abort(msg);
			break;
		}
	if (t == lm_optT)
		(void) worker((void *)0);
	for (t = 1; t < made; t++)
		(void) pthread_join(tids[t], NULL);
	free(tids);
}

/* A worker process: never returns. */
LM_NORETURN static void
child_main(int p, const sigset_t *oldmask)
{
#ifdef __linux__
	/* If the parent is killed outright, do not linger. */
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (getppid() != lm.mainpid)
		_exit(1);
	(void) sigprocmask(SIG_SETMASK, oldmask, NULL);
	lm.pindex = p;
	run_threads();
	_exit(0);
}

static void
kill_all(const pid_t *pids, int n, int sig)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			(void) kill(pids[i], sig);
}

/*
 * The parent stops the run: it notes why and kills every worker.  It
 * never waits on the barrier: once a waiter has been killed inside
 * pthread_cond_wait, glibc's pthread_cond_broadcast blocks for good, and
 * the worker that called it keeps the lock.  So the lock is only tried;
 * without it the flag and the reason are written all the same, as every
 * worker is killed next.
 */
static void
stop_workers(const pid_t *pids, int n, const char *why)
{
	struct shared *sh = lm.sh;
	int e = pthread_mutex_trylock(&sh->sh_lock);

	if (e == EOWNERDEAD)
		e = pthread_mutex_consistent(&sh->sh_lock);
	sh->sh_abort = 1;
	if (sh->sh_msg[0] == '\0')
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", why);
	if (e == 0)
		(void) pthread_mutex_unlock(&sh->sh_lock);
	kill_all(pids, n, SIGKILL);
}

/* Reap finished workers; note any that did not end cleanly. */
static int
reap(pid_t *pids, int n)
{
	int i, status, gone = 0;
	char msg[160];

	for (i = 0; i < n; i++) {
		if (pids[i] <= 0 || waitpid(pids[i], &status, WNOHANG) !=
		    pids[i])
			continue;
		pids[i] = 0;
		gone++;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			continue;
		if (WIFSIGNALED(status))
			snprintf(msg, sizeof(msg), "worker process %d died:"
			    " signal %d (%s)", i, WTERMSIG(status),
			    strsignal(WTERMSIG(status)));
		else
			snprintf(msg, sizeof(msg), "worker process %d exited"
			    " with status %d", i, WEXITSTATUS(status));
		stop_workers(pids, n, msg);
	}
	return gone;
}

/*
 * The parent's watch over its workers: reap them, pass on signals, and
 * enforce the hard limit if a case never returns.
 */
static void
watch(pid_t *pids, int n, const sigset_t *set)
{
	long long now = getnsecs(), killat = 0;
	long long deadline = now + (2LL * lmi.optX + 30000) * 1000000;
	struct timespec tick = { 0, 100000000 };
	int alive = n;

	while (alive > 0) {
		int sig = sigtimedwait(set, NULL, &tick);

		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
			lm.signo = sig;
			stop_workers(pids, n, "interrupted");
		}
		alive -= reap(pids, n);
		now = getnsecs();
		if (now > deadline && killat == 0) {
			stop_workers(pids, n, "timed out: a batch did not return");
			killat = now;
		}
		if (lm.sh->sh_abort && killat == 0)
			killat = now + 2000000000LL;	/* grace to leave */
		if (killat != 0 && now >= killat)
			kill_all(pids, n, SIGKILL);
	}
}

/*
 * Children of workers killed mid-batch (fork and exit cases) would be
 * handed to init; as their subreaper the engine reaps them itself.
 */
static void
become_subreaper(void)
{
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	(void) prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

/* Reap whatever descendants are left, waiting at most a second. */
static void
reap_orphans(void)
{
	struct timespec pause = { 0, 10000000 };
	int i;

	for (i = 0; i < 100;) {
		pid_t pid = waitpid(-1, NULL, WNOHANG);

		if (pid < 0)
			return;		/* ECHILD: none left */
		if (pid == 0) {
			(void) nanosleep(&pause, NULL);
			i++;
		}
	}
}

static void
run_processes(const sigset_t *set, const sigset_t *oldmask)
{
	pid_t *pids = calloc((size_t)lm_optP, sizeof(*pids));
	int p;

	if (pids == NULL)
		die("out of memory");
	become_subreaper();
	for (p = 0; p < lm_optP; p++) {
		(void) fflush(NULL);
		pids[p] = fork();
		if (pids[p] == 0)
			child_main(p, oldmask);
		if (pids[p] < 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "fork of worker %d of %d:"
			    " %s", p + 1, lm_optP, strerror(errno));
			pids[p] = 0;
			stop_workers(pids, lm_optP, msg);
			break;
		}
	}
	watch(pids, lm_optP, set);
	free(pids);
}

static void
on_signal(int sig)
{
	lm.signo = sig;
}

/*
 * Helpers for cases
 */

int
getpindex(void)
{
	return lm.pindex;
}

int
gettindex(void)
{
	return (int)(long)pthread_getspecific(lm.key) - 1;
}

void *
gettsd(int p, int t)
{
	if (p != lm.pindex || t < 0 || t >= lm_optT || lm.tsd == NULL)
		return NULL;
	return lm.tsd + (size_t)t * lm.tsdstride;
}

/*
 * The case-level barrier (libmicro.h).  Its lock is robust, so a caller
 * dying inside cannot wedge the rest, and its waits wake every 100 ms to
 * leave when the engine is stopping the run.
 */
barrier_t *
barrier_create(int hwm, int datasize)
{
	barrier_t *bar;
	size_t size;
	void *p;

	if (hwm < 1 || datasize < 0) {
		errno = EINVAL;
		return NULL;
	}
	size = sizeof(*bar) + (size_t)(datasize > 1 ? datasize - 1 : 0) *
	    sizeof(double);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	bar = p;
	bar->ba_hwm = hwm;
	bar->ba_datasize = datasize;
	bar->ba_size = size;
	if (sync_init(&bar->ba_lock, &bar->ba_cv) != 0) {
		(void) munmap(p, size);
		errno = ENOMEM;
		bar = NULL;
	}
	return bar;
}

static int
ba_lock(barrier_t *bar, int e)
{
	if (e == EOWNERDEAD)
		e = pthread_mutex_consistent(&bar->ba_lock);
	return e;
}

/* Account a result in the phase; the last caller closes the phase. */
static void
ba_result(barrier_t *bar, const result_t *res)
{
	if (res == NULL)
		return;
	if (bar->ba_results == 0 || res->re_t0 < bar->ba_t0)
		bar->ba_t0 = res->re_t0;
	if (bar->ba_results == 0 || res->re_t1 > bar->ba_t1)
		bar->ba_t1 = res->re_t1;
	bar->ba_results++;
	bar->ba_count0 += res->re_count;
	bar->ba_count += res->re_count;
	bar->ba_errors += res->re_errors;
}

static void
ba_close(barrier_t *bar)
{
	if (bar->ba_results > 0) {
		if (bar->ba_batches < bar->ba_datasize && bar->ba_count0 > 0)
			bar->ba_data[bar->ba_batches] = (double)(bar->ba_t1 -
			    bar->ba_t0) / (double)bar->ba_count0 *
			    bar->ba_results;
		bar->ba_batches++;
	}
	bar->ba_results = 0;
	bar->ba_count0 = 0;
	bar->ba_waiters = 0;
	bar->ba_phase++;
	(void) pthread_cond_broadcast(&bar->ba_cv);
}

int
barrier_queue(barrier_t *bar, result_t *res)
{
	struct timespec until;
	int phase, rc = 0;

	if (bar == NULL || ba_lock(bar, pthread_mutex_lock(&bar->ba_lock)))
		return -1;
	ba_result(bar, res);
	phase = bar->ba_phase;
	if (++bar->ba_waiters >= bar->ba_hwm)
		ba_close(bar);
	while (bar->ba_phase == phase) {
		if (lm.sh != NULL && lm.sh->sh_abort) {
			bar->ba_waiters--;
			rc = -1;
			break;
		}
		(void) clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += 100000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		if (pthread_cond_timedwait(&bar->ba_cv, &bar->ba_lock,
		    &until) == EOWNERDEAD)
			(void) pthread_mutex_consistent(&bar->ba_lock);
	}
	(void) pthread_mutex_unlock(&bar->ba_lock);
	return rc;
}

int
barrier_destroy(barrier_t *bar)
{
	if (bar == NULL) {
		errno = EINVAL;
		return -1;
	}
	return munmap(bar, bar->ba_size);
}

const char *
lm_tmpdir(void)
{
	const char *root = getenv("TMPDIR");

	if (lm.tmpdir[0] != '\0')
		return lm.tmpdir;
	if (root == NULL || *root == '\0')
		root = "/tmp";
	snprintf(lm.tmpdir, sizeof(lm.tmpdir), "%s/libmicro.XXXXXX", root);
	if (mkdtemp(lm.tmpdir) == NULL) {
		lm_error("mkdtemp %s:", lm.tmpdir);
		lm.tmpdir[0] = '\0';
		return NULL;
	}
	lm.tmpowner = getpid();
	return lm.tmpdir;
}

char *
lm_tmppath(char *buf, size_t len, const char *name)
{
	const char *dir = lm_tmpdir();

	if (dir == NULL || (size_t)snprintf(buf, len, "%s/%s", dir, name) >=
	    len)
		return NULL;
	return buf;
}

int
lm_fillfile(const char *path, long long size)
{
	static char block[65536];
	long long done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0) {
		lm_error("%s:", path);
		return -1;
	}
	while (done < size) {
		size_t want = size - done < (long long)sizeof(block) ?
		    (size_t)(size - done) : sizeof(block);
		ssize_t got = write(fd, block, want);

		if (got <= 0) {
			lm_error("write %s:", path);
			(void) close(fd);
			return -1;
		}
		done += got;
	}
	return close(fd);
}

int
lm_datafile(char **path, const char *name, long long size)
{
	static char buf[PATH_MAX];

	if (*path != NULL)
		return 0;
	if ((*path = lm_tmppath(buf, sizeof(buf), name)) == NULL)
		return -1;
	return lm_fillfile(*path, size);
}

static int
rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void) sb;
	(void) flag;
	(void) ftw;
	(void) remove(path);
	return 0;
}

static void
lm_cleanup(void)
{
	if (lm.tmpdir[0] != '\0' && getpid() == lm.tmpowner) {
		(void) nftw(lm.tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
		lm.tmpdir[0] = '\0';
	}
}

/*
 * The run
 */

/* Room for cap samples (and as much scratch); the first is a warm-up. */
static void
setup_shared(int cap)
{
	struct shared *sh = sh_create(lm_optP * lm_optT, 2 * cap);

	sh->sh_cap = cap;
	sh->sh_calibrating = 1;
	lm.sh = sh;
}

static void
run_workers(const sigset_t *set, const sigset_t *old)
{
	if (lm_opt1)
		run_threads();
	else
		run_processes(set, old);
}

/*
 * Batch size.  libMicro cases size arrays by lm_optB in
 * benchmark_initrun() and benchmark_initworker(), so B is settled before
 * the run's first hook and never changes after it.  Where neither -B nor
 * lm_defB gives it, each candidate B is tried in a throwaway child that
 * runs the whole lifecycle (benchmark_initrun, the workers with all their
 * hooks, benchmark_finirun) for a warm-up and up to LM_CALSAMPLES timed
 * samples, and reports its shortest sample.  A sample costs a fixed part
 * (barrier wake-up skew, cold caches, the call of benchmark() itself)
 * plus B operations, so B grows until a sample is long enough and the
 * time per operation has stopped falling as B grows: the fixed part is
 * then under 10% of the sample.  Returns the next B, or 0 once settled.
 */
static long long
next_batch(long long b, long long span, double *prev, int round)
{
	long long next = b * 4;
	double per = (double)span / (double)b, last = *prev;

	*prev = per;
	if (b >= lm_maxB || round > 30 || span > 50 * lm.target_ns)
		return 0;
	if (span >= lm.target_ns) {
		if (last > 0 && per >= 0.9 * last)
			return 0;
		next = b * 2;
	} else if (span > 100 * lmi.clk_res + 1000) {
		double want = ceil(1.1 * (double)lm.target_ns / per);

		if (want > (double)next)
			next = want > 1000.0 * b ? 1000 * b : (long long)want;
	}
	return next > lm_maxB ? lm_maxB : next;
}

/* The B whose sample would last the target, from one round's span. */
static long long
est_batch(long long b, long long span)
{
	double want = ceil(1.1 * (double)lm.target_ns * (double)b /
	    (double)(span > 0 ? span : 1));

	return want > (double)lm_maxB ? lm_maxB : want < 1.0 ? 1 :
	    (long long)want;
}

/* A sizing round, in the child: never returns. */
LM_NORETURN static void
cal_child(int b, const sigset_t *set, const sigset_t *old)
{
	int fd = open("/dev/null", O_RDWR), rc;

#ifdef __linux__
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	/* The real run says whatever there is to say. */
	if (fd >= 0) {
		(void) dup2(fd, STDOUT_FILENO);
		(void) dup2(fd, STDERR_FILENO);
		if (fd > STDERR_FILENO)
			(void) close(fd);
	}
	lm.mainpid = getpid();
	lm_optB = b;
	lm_optC = LM_CALSAMPLES;
	lm_optD = 0;
	lmi.optR = 0;
	lmi.optX = LM_CALMS;
	if (benchmark_initrun() != 0) {
		lm_cleanup();
		_exit(1);
	}
	setup_shared(4 * LM_CALSAMPLES);
	/* With one process, this child is the worker: one fork less. */
	if (lm_optP == 1)
		run_threads();
	else
		run_workers(set, old);
	rc = lm.signo != 0 || lm.sh->sh_msg[0] != '\0' ||
	    lm.sh->sh_nsamples == 0;
	if (benchmark_finirun() != 0)
		rc = 1;
	if (!lm_opt1 && lm_optP > 1)
		reap_orphans();
	lm_cleanup();
	*lm.calspan = rc ? 0 : lm.sh->sh_minspan;
	_exit(rc);
}

/* Wait for a sizing child, passing on SIGINT, SIGTERM and SIGHUP. */
static int
cal_wait(pid_t pid, const sigset_t *set)
{
	struct timespec tick = { 0, 100000000 };
	long long deadline = getnsecs() + (2LL * lmi.optX + 30000) * 1000000;
	int status, sent = 0;

	for (;;) {
		pid_t r = waitpid(pid, &status, lm_opt1 ? 0 : WNOHANG);
		int sig;

		if (r == pid)
			return WIFEXITED(status) && WEXITSTATUS(status) == 0 ?
			    0 : -1;
		if (r < 0 && errno != EINTR)
			return -1;
		/* -1: the handler sets lm.signo and interrupts waitpid. */
		if (!lm_opt1 && (sig = sigtimedwait(set, NULL, &tick)) > 0 &&
		    sig != SIGCHLD)
			lm.signo = sig;
		if (lm.signo != 0 && !sent) {
			(void) kill(pid, lm.signo);
			sent = 1;
			deadline = getnsecs() + 2000000000LL;
		}
		if (!lm_opt1 && getnsecs() > deadline)
			(void) kill(pid, SIGKILL);
	}
}

/* Try B in a child: its shortest sample in *span, or -1 if it failed. */
static int
cal_round(int b, const sigset_t *set, const sigset_t *old, long long *span)
{
	pid_t pid;

	*lm.calspan = 0;
	(void) fflush(NULL);
	pid = fork();
	if (pid == 0)
		cal_child(b, set, old);
	if (pid < 0 || cal_wait(pid, set) != 0 || *lm.calspan <= 0)
		return -1;
	*span = *lm.calspan;
	return 0;
}

/*
 * Settle lm_optB.  A round that fails (a case that cannot hold that many
 * operations' resources, say) ends the search at the last B that worked;
 * if the first fails the real run meets the same failure and reports it.
 */
static void
choose_batch(const sigset_t *set, const sigset_t *old)
{
	long long start = getnsecs(), b, span, good = 0;
	double prev = 0;
	void *p;

	if (lm_optB > 0)
		return;
	p = mmap(NULL, sizeof(long long), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap:");
	lm.calspan = p;
	b = lm_nsecs_per_op > 0 ? lm.target_ns / lm_nsecs_per_op : 1;
	b = b < 1 ? 1 : b > lm_maxB ? lm_maxB : b;
	for (;;) {
		lmi.calrounds++;
		if (cal_round((int)b, set, old, &span) != 0) {
			if (good > 0)
				b = good;
			break;
		}
		long long next = next_batch(b, span, &prev, lmi.calrounds);

		good = b;
		if (next == 0)
			break;
		/* Setup dominates each round (large buffers, many
		 * resources): take the estimate instead of checking it. */
		if (getnsecs() - start > LM_CALBUDGET_NS) {
			if (span < lm.target_ns)
				b = est_batch(b, span);
			break;
		}
		b = next;
	}
	(void) munmap(p, sizeof(long long));
	lm.calspan = NULL;
	lm_optB = (int)b;
	lmi.calns = getnsecs() - start;
}

/* Leave the way the signal asked, after cleaning up. */
static void
resignal(int sig)
{
	sigset_t set;

	lm_cleanup();
	(void) signal(sig, SIG_DFL);
	(void) sigemptyset(&set);
	(void) sigaddset(&set, sig);
	(void) sigprocmask(SIG_UNBLOCK, &set, NULL);
	(void) raise(sig);
	/* cppcheck-suppress unreachableCode ; raise() can return */
	_exit(128 + sig);
}

static void
setup_signals(sigset_t *set, sigset_t *old)
{
	struct sigaction sa;

	(void) sigemptyset(set);
	(void) sigaddset(set, SIGINT);
	(void) sigaddset(set, SIGTERM);
	(void) sigaddset(set, SIGHUP);
	if (lm_opt1) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		(void) sigaction(SIGINT, &sa, NULL);
		(void) sigaction(SIGTERM, &sa, NULL);
		(void) sigaction(SIGHUP, &sa, NULL);
		(void) sigprocmask(SIG_BLOCK, NULL, old);
		return;
	}
	(void) sigaddset(set, SIGCHLD);
	(void) sigprocmask(SIG_BLOCK, set, old);
}

int
lm_main(int argc, char **argv)
{
	sigset_t set, old;
	struct timespec zero = { 0, 0 };
	int rc = 0, sig;

	set_defaults(argc, argv);
	if (benchmark_init() != 0)
		die("benchmark_init failed");
	if (lm_tsdsize < lm_tsd)
		lm_tsdsize = lm_tsd;
	table_init();
	apply_defaults();
	parse_options(argc, argv);
	/* A case may set lm_nsecs_per_op as its own -I default. */
	if (lm_optI > 0)
		lm_nsecs_per_op = lm_optI;
	if (lm_opt1)
		lm_optP = 1;
	if (pthread_key_create(&lm.key, NULL) != 0)
		die("pthread_key_create failed");
	setup_signals(&set, &old);
	calibrate_clock();
	choose_batch(&set, &old);
	if (lm.signo != 0) {
		(void) benchmark_fini();
		resignal(lm.signo);
	}
	if (benchmark_initrun() != 0)
		die("benchmark_initrun failed");
	setup_shared(lm_optC > 100000 ? lm_optC : 100000);
	if (lm_optE)
		fprintf(stderr, "Running: %20s", lm_optN);
	run_workers(&set, &old);
	if (!lm_opt1 && (sig = sigtimedwait(&set, NULL, &zero)) > 0 &&
	    sig != SIGCHLD)
		lm.signo = sig;
	if (lm_optE)
		fprintf(stderr, " for %12.5f seconds\n",
		    (double)(lm.sh->sh_tend - lm.sh->sh_tstart) / 1e9);
	if (lm.signo == 0 && lm.sh->sh_msg[0] != '\0') {
		lm_error("%s", lm.sh->sh_msg);
		rc = 1;
	} else if (lm.signo == 0 && lmi_report(lm.sh) != 0) {
		lm_error("writing the report:");
		rc = 1;
	}
	if (benchmark_finirun() != 0) {
		lm_error("benchmark_finirun failed");
		rc = 1;
	}
	if (benchmark_fini() != 0) {
		lm_error("benchmark_fini failed");
		rc = 1;
	}
	if (!lm_opt1)
		reap_orphans();
	if (lm.signo != 0)
		resignal(lm.signo);
	lm_cleanup();
	(void) munmap(lm.sh, lm.shsize);
	return rc;
}
