/* SPDX-License-Identifier: MIT */
/*
 * mprotect: one mprotect() of a -l byte chunk per operation, which flips
 * the chunk between read-write and PROT_NONE.  Operation i works on chunk
 * i of a private mapping of -f (default /dev/zero) or of anonymous memory
 * (-a) that starts as a checkerboard of the two, as libMicro's did, so
 * each call splits and merges areas among many.  -w writes one byte per
 * page in the setup, so the chunks have pages behind them; -t reads one
 * byte per page of a chunk just before taking its access away, so
 * re-entering pages that were PROT_NONE (and any fault) is timed too.
 */

/* mapping.h gives lm_columns, benchmark_init, benchmark_optswitch (-a),
 * benchmark_initrun and benchmark_finirun. */
#define MAP_FLAGS	"awt"
#define MAP_DEFAULT	"/dev/zero"
#define MAP_MAXB	2048
#include "mapping.h"

typedef struct {
	char	*ts_seg;	/* ts_n chunks of map_len bytes */
	char	*ts_none;	/* chunk i is PROT_NONE now */
	int	ts_n;
} tsd_t;

LM_TSD(tsd_t);

const struct lm_opt lm_options[] = {
	MAP_OPT_LEN("length of each chunk, in whole pages"),
	MAP_OPT_FILE(R_OK, MAP_DEFAULT, "file to map"),
	MAP_OPT_FLAG('w', map_write,
	    "write one byte per page of each chunk in the setup"),
	MAP_OPT_FLAG('t', map_touch,
	    "read one byte per page before each PROT_NONE"),
	LM_END
};

int
benchmark_optcheck(void)
{
	if (map_len % map_page != 0)
		lm_usage_error("-l %lld: not a whole number of pages", map_len);
	return 0;
}

/* Unmaps the chunks; initbatch calls it too, before it makes more. */
int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	if (ts->ts_seg != NULL)
		(void) munmap(ts->ts_seg, (size_t)ts->ts_n * (size_t)map_len);
	free(ts->ts_none);
	ts->ts_seg = ts->ts_none = NULL;
	ts->ts_n = 0;
	return 0;
}

/* A batch longer than the mapping gets a new one of lm_optB chunks,
 * written if -w, a checkerboard of read-write and PROT_NONE. */
int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int n = lm_optB, i;
	size_t len = (size_t)n * (size_t)map_len, j;

	if (n <= ts->ts_n)
		return 0;
	(void) benchmark_finiworker(ts);
	if (map_fsize > 0 && (long long)len > map_fsize) {
		lm_error("%s: too short for %d chunks of %lld", map_file, n,
		    map_len);
		return -1;
	}
	if ((ts->ts_none = calloc((size_t)n, 1)) == NULL)
		return -1;
	if ((ts->ts_seg = map_new(len, MAP_PRIVATE)) == MAP_FAILED) {
		lm_error("mmap of %zu bytes:", len);
		ts->ts_seg = NULL;
		return -1;
	}
	for (j = 0; map_write && j < len; j += (size_t)map_page)
		ts->ts_seg[j] = 1;
	for (i = 1; i < n; i += 2)
		if (mprotect(ts->ts_seg + (size_t)i * map_len, (size_t)map_len,
		    PROT_NONE) == 0)
			ts->ts_none[i] = 1;
	ts->ts_n = n;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long long j;
	long sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		volatile char *p = ts->ts_seg + (size_t)i * map_len;
		int prot = PROT_READ | PROT_WRITE;

		if (!ts->ts_none[i]) {
			for (j = 0; map_touch && j < map_len; j += map_page)
				sum += p[j];
			prot = PROT_NONE;
		}
		if (mprotect((void *)p, (size_t)map_len, prot) != 0)
			res->re_errors++;
		else
			ts->ts_none[i] = !ts->ts_none[i];
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
