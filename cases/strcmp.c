/* SPDX-License-Identifier: MIT */
/*
 * strcmp: one strcmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call compares every byte.
 */
#include <string.h>

/* strbuf.h and its membuf.h give lm_options (-s), lm_tsd,
 * benchmark_initworker, benchmark_finiworker, and benchmark() itself,
 * which calls STRBUF_CMP. */
#define STRBUF_CMP	strcmp
#include "strbuf.h"
