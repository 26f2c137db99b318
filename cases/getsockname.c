/* SPDX-License-Identifier: MIT */
/*
 * getsockname: one getsockname() per operation on a TCP socket bound to
 * 127.0.0.1 (an ephemeral port).
 */

/* loopback.h gives benchmark_initworker and benchmark_finiworker (the
 * socket), and benchmark() itself, which times LO_NAME. */
#define LO_WORKER	LO_BOUND
#define LO_NAME		getsockname	/* the call timed */
#include "loopback.h"

LM_TSD(lo_worker_t);
