/* SPDX-License-Identifier: MIT */
/*
 * msync: one msync(MS_SYNC) of a -l byte mapping per operation.  Each
 * worker maps the file -f shared (default: a scratch file of -l bytes),
 * or anonymous memory with -a, where there is never anything to write
 * back.  -w then rewrites one byte per page with the value it holds after
 * each msync, so every call has dirty pages to write back while the
 * file's contents stay as they were; the write faults are timed too.
 */

/* mapping.h gives lm_columns, benchmark_init, benchmark_optswitch (-a),
 * benchmark_initrun and benchmark_finirun. */
#define MAP_FLAGS	"aw"
#define MAP_OPEN	O_RDWR
#include "mapping.h"

LM_TSD(char *);	/* the worker's mapping */

const struct lm_opt lm_options[] = {
	MAP_OPT_FILE(R_OK | W_OK, MAP_SCRATCH, "file to map shared"),
	MAP_OPT_LEN("length of the mapping"),
	MAP_OPT_FLAG('w', map_write,
	    "dirty one byte per page after each msync"),
	LM_END
};

int
benchmark_initworker(void *tsd)
{
	char **map = tsd;

	if ((*map = map_new((size_t)map_len, MAP_SHARED)) == MAP_FAILED) {
		lm_error("mmap of %lld bytes:", map_len);
		return -1;
	}
	return 0;
}

/* A write of the value already there: the page is dirty, not changed. */
static void
rewrite(volatile char *p)
{
	char c = *p;

	*p = c;
}

int
benchmark(void *tsd, result_t *res)
{
	char *map = *(char **)tsd;
	long long j;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (msync(map, (size_t)map_len, MS_SYNC) != 0)
			res->re_errors++;
		for (j = 0; map_write && j < map_len; j += map_page)
			rewrite(map + j);
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return munmap(*(char **)tsd, (size_t)map_len);
}
