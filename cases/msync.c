/* SPDX-License-Identifier: MIT */
/*
 * msync: one msync(MS_SYNC) of a -l byte mapping per operation.  Each
 * worker maps the file -f shared (default: a scratch file of -l bytes),
 * or anonymous memory with -a, where there is never anything to write
 * back.  -w then rewrites one byte per page with the value it holds after
 * each msync, so every call has dirty pages to write back while the
 * file's contents stay as they were; the write faults are timed too.
 */
#define MAP_FLAGS	"aw"
#include "mapping.h"

typedef struct {
	char	*ts_map;
} tsd_t;

const struct lm_opt lm_options[] = {
	MAP_OPT_FILE(R_OK | W_OK, "a scratch file of -l bytes",
	    "file to map shared"),
	MAP_OPT_LEN("length of the mapping"),
	MAP_OPT_FLAG('w', map_write,
	    "dirty one byte per page after each msync"),
	LM_END
};
const struct lm_col lm_columns[] = { MAP_COL_LEN, MAP_COL_FLAGS, LM_END };

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return map_init();
}

int
benchmark_initrun(void)
{
	return map_open(O_RDWR, map_len);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_map = map_new((size_t)map_len, MAP_SHARED)) == MAP_FAILED) {
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
	tsd_t *ts = tsd;
	long long j;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (msync(ts->ts_map, (size_t)map_len, MS_SYNC) != 0)
			res->re_errors++;
		for (j = 0; map_write && j < map_len; j += map_page)
			rewrite(ts->ts_map + j);
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return munmap(((tsd_t *)tsd)->ts_map, (size_t)map_len);
}
