/* SPDX-License-Identifier: MIT */
/*
 * pipe: one round trip of an -s byte message per operation: write it
 * whole, then read it back whole.  -x is the transport: a pipe, an
 * AF_UNIX socketpair, or TCP over 127.0.0.1.  -m is who sends it back:
 * st, nobody (the worker reads its own message at the far end); mt, a
 * thread of the worker; mp, a child process.  The echoing peer is made
 * once per worker and ended with it: the thread by end of file, the
 * child by SIGKILL (or by its parent's death, whichever comes first).
 * -c places the peer: free, where the scheduler likes (libMicro's way);
 * same, worker and peer pinned to one CPU, so a trip is two context
 * switches on it; cross, pinned to two CPUs, so each message wakes the
 * other CPU.  Unpinned, the time depends on whether the two ends share a
 * CPU, which can change from one process to the next.
 */
#include "echo.h"

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "place", &ec_place, "free", 0, 0,
	    "the peer: where the scheduler puts it, pinned with the worker\n"
	    "           to one CPU, or pinned to another",
	    "free|same|cross" },
	{ 'm', LM_ENUM, "mode", &ec_mode, "st", 0, 0,
	    "no peer, a thread or a process echoes", "st|mt|mp" },
	{ 's', LM_SIZE, "size", &ec_size, "1k", 1, 64LL * 1024 * 1024,
	    "message size (at most 64k with -m st)", NULL },
	{ 'x', LM_ENUM, "xprt", &ec_xprt, "pipe", 0, 0,
	    "transport: a pipe, an AF_UNIX socketpair or TCP over\n"
	    "           127.0.0.1", "pipe|sock|tcp" },
	LM_END
};

const struct lm_col lm_columns[] = { EC_COLS, LM_END };

int
benchmark(void *tsd, result_t *res)
{
	echo_t *ts = tsd;
	char *wbuf = ts->ts_buf, *rbuf = ts->ts_buf + ec_size;

	LM_EACH(i, res, write(ts->ts_out, wbuf, (size_t)ec_size) !=
	    (ssize_t)ec_size || ec_readall(ts->ts_in, rbuf) != 0);
	return 0;
}
