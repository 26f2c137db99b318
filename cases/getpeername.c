/* SPDX-License-Identifier: MIT */
/*
 * getpeername: one getpeername() per operation on the accepted end of a
 * TCP connection over 127.0.0.1.
 */
#define LO_WORKER	LO_PAIR
#define LO_NAME		getpeername	/* the call timed */
#include "loopback.h"

LM_TSD(lo_worker_t);
