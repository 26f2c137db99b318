/* SPDX-License-Identifier: MIT */
/*
 * options.c - the libMicro-named globals, the engine's options and the
 * case's declared ones, the usage text, --check and --check-lines.
 * Every value is checked as it is parsed: a bad one is one line on
 * stderr and exit 2.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"

#define LM_MAXCAP	1000000	/* most samples one run may keep */

/*
 * State: the engine's only exported variables, the lm_ globals of
 * libmicro.h that a case reads and sets.
 */

int	lm_argc;
char	**lm_argv;
int	lm_opt1, lm_optA, lm_optB, lm_optC, lm_optD, lm_optE, lm_optH;
int	lm_optI, lm_optL, lm_optM, lm_optP, lm_optS, lm_optT, lm_optW;
char	*lm_optN;
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
int	lm_operands;
volatile long	lm_sink;

static const char *const lm_fignames[] = { "median", "mean", "min", "p5",
    "p10" };

/* What only option parsing keeps. */
static struct {
	int		optXset;	/* -X was given */
	int		optBset;	/* -B was given */
	int		checkonly;	/* --check: parse, then exit */
	long		checkline;	/* --check-lines: the line checked */
} lm;

/*
 * Options and usage
 */

static const char engine_opts[] = "1AB:C:D:EF:HI:K:LMN:P:R:ST:VWX:";

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
	    "  -K list  count perf events per operation, comma-separated:"
	    " instructions,\n           cycles, branches, branch-misses,"
	    " cache-misses (:u user or :k\n           kernel mode only),"
	    " task-clock, page-faults, minor-faults,\n           major-faults"
	    " (:u/:k: faults of user/kernel accesses),\n"
	    "           context-switches, cpu-migrations; default: the"
	    " usual ones;\n           software: the six software ones\n"
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
	    "  --batch  settle the batch (-B) as the run would, print it"
	    " and exit;\n           nothing is timed\n"
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
		lm_usage_error("-%c: not a non-negative number: '%s'", opt,
		    arg);
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
	case 'K': lmi_ctr_option(arg); break;
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
			lmi_die("-%c is declared twice", o->lo_letter);
		if (n + 3 > sizeof(lm_optstr))
			lmi_die("too many case options");
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

/* The name of the statistic a run reports (-F). */
const char *
lmi_figname(void)
{
	return lm_fignames[lmi.optF];
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
		lmi_die("out of memory");
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
		lmi_die("open_memstream:");
	while ((status = getchar()) != EOF)
		(void) putc(status, fp);
	if (ferror(stdin) || fclose(fp) != 0)
		lmi_die("reading standard input:");
	(void) fclose(stdin);
	for (line = text; len > 0 && *line != '\0'; line = next) {
		n++;
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		fflush(stdout);
		fflush(stderr);
		if ((pid = fork()) < 0)
			lmi_die("fork:");
		if (pid == 0)
			check_child(line, argv0, n);
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				lmi_die("waitpid:");
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
		if (strcmp(argv[i], "--batch") == 0) {
			lmi.batchonly = 1;
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
	/* A system that lacks the feature is no usage error. */
	if (benchmark_optcheck() != 0 && lmi.unsup[0] == '\0')
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
		lmi_cleanup();
		exit(0);
	}
}

/* The program's name and directory, before benchmark_init() runs. */
void
lmi_set_defaults(int argc, char **argv)
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
		lmi_die("out of memory");
	if (slash != NULL)
		snprintf(lm_procpath, dirlen + 2, "%.*s", (int)dirlen, argv0);
	else
		snprintf(lm_procpath, dirlen + 2, ".");
	lmi.optX = 10000;
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

/*
 * Sun's engine handed every operand to the case (its chdir reads two
 * directories from lm_argv without declaring them).  A case that handles
 * its options Sun's way, by lm_optstr, lm_usage or its own
 * benchmark_optswitch, and declares no option table, is taken for one
 * written for that engine and gets its operands; a case with a table,
 * or with no options at all, keeps refusing what it did not declare.
 * Before table_init, which adds the table's letters to lm_optstr.
 */
static void
sun_operands(void)
{
	if (lm_options[0].lo_kind == LM_NONE && (lm_optstr[0] != '\0' ||
	    lm_usage[0] != '\0' || benchmark_optswitch != lmi_optswitch))
		lm_operands = 1;
}

/*
 * The declared options, the defaults, then argv; --check-lines, alone,
 * checks the lines of stdin instead.
 */
void
lmi_parse_options(int argc, char **argv)
{
	sun_operands();
	table_init();
	apply_defaults();
	if (argc == 2 && strcmp(argv[1], "--check-lines") == 0) {
		int rc = check_lines(argv[0]);
		lmi_cleanup();
		exit(rc);
	}
	parse_argv(argc, argv);
}
