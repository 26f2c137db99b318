/* SPDX-License-Identifier: MIT */
/*
 * getrandom: one getrandom() of -s bytes (default 16) per operation,
 * flags 0: the urandom source, which blocks only until the kernel's pool
 * is first initialised at boot.
 */
#include <stdio.h>
#include <sys/random.h>

#include "libmicro.h"

#define MAXS	256	/* up to this, a read of the pool is never short */

static int	opts = 16;

/* Linux-only: getrandom(2), through glibc's wrapper. */
static int
random_bytes(unsigned char *buf, int len)
{
	return getrandom(buf, (size_t)len, 0) == len ? 0 : -1;
}

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s n     bytes per call, 1 to %d (default 16)\n", MAXS);
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 's' || (opts = sizetoint(optarg)) < 1 || opts > MAXS)
		return -1;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	unsigned char buf[MAXS] = { 0 };
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (random_bytes(buf, opts) != 0)
			res->re_errors++;
		sum += buf[0];
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
