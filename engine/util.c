/* SPDX-License-Identifier: MIT */
/*
 * util.c - the helpers for cases that read none of the engine's state:
 * sizes, fit_line, setfdlimit, nop and lm_opaque.  It needs no other
 * unit, so a unit test may link it on its own.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "../libmicro.h"

long long
sizetoll(const char *s)
{
	char *end;
	long long v, mult = 1;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || v < 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': mult = 1024LL; end++; break;
	case 'm': case 'M': mult = 1024LL * 1024; end++; break;
	case 'g': case 'G': mult = 1024LL * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end != '\0' || v > LLONG_MAX / mult)
		return -1;
	return v * mult;
}

int
sizetoint(const char *s)
{
	long long v = sizetoll(s);

	return v < 0 || v > INT_MAX ? -1 : (int)v;
}

int
setfdlimit(int limit)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return -1;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur >= (rlim_t)limit)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < (rlim_t)limit) {
		errno = EMFILE;
		return -1;
	}
	rl.rlim_cur = (rlim_t)limit;
	return setrlimit(RLIMIT_NOFILE, &rl);
}

/*
 * An empty call, libMicro's nop(): defined here, but declared only by
 * the cases that call it, as libMicro did, since several of its cases
 * define a static nop() of their own.
 */
int nop(void);

int
nop(void)
{
	return 1;
}

/* libMicro's signature, so its inputs are not const. */
int
/* cppcheck-suppress constParameter */
fit_line(double *x, double *y, int count, double *a, double *b)
{
	double sx = 0, sy = 0, sxy = 0, sxx = 0, d;
	int i;

	for (i = 0; i < count; i++) {
		sx += x[i];
		sy += y[i];
		sxy += x[i] * y[i];
		sxx += x[i] * x[i];
	}
	d = count * sxx - sx * sx;
	if (count < 2 || d == 0)
		return -1;
	*b = (count * sxy - sx * sy) / d;
	*a = (sy - *b * sx) / count;
	return 0;
}

#if !defined(__GNUC__) && !defined(__clang__)
void
lm_opaque(const void *p)
{
	(void) p;
}
#endif
