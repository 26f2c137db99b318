/* SPDX-License-Identifier: MIT */
/*
 * getrandom: one getrandom() of -s bytes (default 16) per operation,
 * flags 0: the urandom source, which blocks only until the kernel's pool
 * is first initialised at boot.
 */
#include <sys/random.h>

#include "libmicro.h"

#define MAXS	256	/* up to this, a read of the pool is never short */

static long long	opts;

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "n", &opts, "16", 1, MAXS,
	    "bytes per call, 1 to 256", NULL },
	LM_END
};

/* Linux-only: getrandom(2), through glibc's wrapper. */
static int
random_bytes(unsigned char *buf, int len)
{
	return getrandom(buf, (size_t)len, 0) == len ? 0 : -1;
}

int
benchmark(void *tsd, result_t *res)
{
	unsigned char buf[MAXS] = { 0 };
	int len = (int)opts, i;
	long sum = 0;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (random_bytes(buf, len) != 0)
			res->re_errors++;
		sum += buf[0];
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
