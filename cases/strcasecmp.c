/* SPDX-License-Identifier: MIT */
/*
 * strcasecmp: one strcasecmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call folds and compares
 * every byte (in the C locale).
 */
#include <strings.h>

/* strbuf.h and its membuf.h give lm_options (-s), lm_tsd,
 * benchmark_initworker, benchmark_finiworker, and benchmark() itself,
 * which calls STRBUF_CMP. */
#define STRBUF_CMP	strcasecmp
#include "strbuf.h"
