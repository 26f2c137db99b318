/* SPDX-License-Identifier: MIT */
/*
 * getpeername: one getpeername() per operation on the accepted end of a
 * TCP connection over 127.0.0.1.
 */

/* loopback.h gives benchmark_initworker and benchmark_finiworker (the
 * socket), and benchmark() itself, which times LO_NAME. */
#define LO_WORKER	LO_PAIR
#define LO_NAME		getpeername	/* the call timed */
#include "loopback.h"

LM_TSD(lo_worker_t);
