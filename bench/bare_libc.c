/* SPDX-License-Identifier: MIT */
/*
 * bare_libc: the string and math calls of the libc suite timed by plain
 * loops, without the harness, for bench/libc-vs-bare.sh.  Each loop uses
 * the inputs of its case, hides them from the optimiser with an empty asm
 * (as LM_OPAQUE does) and stores each result into a volatile sink.  Each
 * run is sized to take at least 200 us, repeated REPS times, and printed
 * as "name median min": microseconds per call, the median and the fastest
 * repetition (which other load on the machine can only slow down).
 * Usage: bare_libc [run...]   (default: every run)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define REPS	51
#define NX	256
#define OPAQUE(p)	__asm__ __volatile__("" : : "r"(p) : "memory")

static const char	text[] = "The quick brown fox jumps over the lazy dog.";
static volatile long	sink;
static volatile double	dsink;
static char		*sa, *sb;
static double		xs[NX];
static char		nums[10][11];

static void
loop_strcpy(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(sb);
		(void) strcpy(sa, sb);	/* NOLINT: the call measured */
		OPAQUE(sa);
	}
}

static void
loop_strlen(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(sa);
		sink = (long)strlen(sa);
	}
}

static void
loop_strchr(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(sa);
		sink = strchr(sa, 'X') != NULL;
	}
}

static void
loop_strcmp(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(sa);
		OPAQUE(sb);
		sink = strcmp(sa, sb);
	}
}

static void
loop_strcasecmp(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(sa);
		OPAQUE(sb);
		sink = strcasecmp(sa, sb);
	}
}

static void
loop_strtol(long n)
{
	char *end;

	for (long i = 0, k = 0; i < n; i++) {
		OPAQUE(nums);
		sink = strtol(nums[k], &end, 10);
		if (++k == 10)
			k = 0;
	}
}

static void
loop_log(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(xs);
		dsink = log(xs[i % NX]);
	}
}

static void
loop_exp(long n)
{
	for (long i = 0; i < n; i++) {
		OPAQUE(xs);
		dsink = exp(xs[i % NX]);
	}
}

static void
loop_lrand48(long n)
{
	for (long i = 0; i < n; i++)
		sink = lrand48();
}

static const struct run {
	const char	*name;
	void		(*loop)(long);
	size_t		size;
} runs[] = {
	{ "strcpy_10", loop_strcpy, 10 }, { "strcpy_1k", loop_strcpy, 1024 },
	{ "strlen_10", loop_strlen, 10 }, { "strlen_1k", loop_strlen, 1024 },
	{ "strchr_10", loop_strchr, 10 }, { "strchr_1k", loop_strchr, 1024 },
	{ "strcmp_10", loop_strcmp, 10 }, { "strcmp_1k", loop_strcmp, 1024 },
	{ "scasecmp_10", loop_strcasecmp, 10 },
	{ "scasecmp_1k", loop_strcasecmp, 1024 },
	{ "strtol", loop_strtol, 0 }, { "log", loop_log, 0 },
	{ "exp", loop_exp, 0 }, { "lrand48", loop_lrand48, 0 },
};

static double
now_ns(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Two equal strings of the case's size, the inputs of every run. */
static int
setup(size_t size)
{
	free(sa);
	free(sb);
	if ((sa = malloc(size + 1)) == NULL || (sb = malloc(size + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < size; i++)
		sa[i] = sb[i] = text[i % (sizeof(text) - 1)];
	sa[size] = sb[size] = '\0';
	for (int k = 0; k < NX; k++)
		xs[k] = 1.0 / (k + 0.01);
	for (int k = 0; k < 10; k++) {
		for (int d = 0; d <= k; d++)
			nums[k][d] = (char)('0' + (d + 1) % 10);
		nums[k][k + 1] = '\0';
	}
	srand48(1);
	return 0;
}

/* Microseconds per call of r's loop: the median and the minimum. */
static void
measure(const struct run *r, double *median, double *min)
{
	double t[REPS], t0;
	long n = 1;

	for (;;) {
		t0 = now_ns();
		r->loop(n);
		if (now_ns() - t0 >= 200e3 || n >= 1L << 40)
			break;
		n *= 2;
	}
	for (int i = 0; i < REPS; i++) {
		t0 = now_ns();
		r->loop(n);
		t[i] = (now_ns() - t0) / 1e3 / (double)n;
	}
	qsort(t, REPS, sizeof(t[0]), cmp);
	*median = t[REPS / 2];
	*min = t[0];
}

/* The run named name, or NULL. */
static const struct run *
find(const char *name)
{
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		if (strcmp(name, runs[i].name) == 0)
			return &runs[i];
	return NULL;
}

static int
report(const struct run *r)
{
	double median, min;

	if (setup(r->size) != 0) {
		fprintf(stderr, "bare_libc: out of memory\n");
		return -1;
	}
	measure(r, &median, &min);
	printf("%-12s %.7f %.7f\n", r->name, median, min);
	return 0;
}

int
main(int argc, char **argv)
{
	int a;

	for (a = 1; a < argc; a++)
		if (find(argv[a]) == NULL) {
			fprintf(stderr, "bare_libc: unknown run: %s\n",
			    argv[a]);
			return 2;
		}
	if (argc == 1) {
		for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
			if (report(&runs[i]) != 0)
				return 1;
	}
	for (a = 1; a < argc; a++)
		if (report(find(argv[a])) != 0)
			return 1;
	return 0;
}
