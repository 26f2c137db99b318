/* SPDX-License-Identifier: MIT */
/*
 * strcasecmp: one strcasecmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call folds and compares
 * every byte (in the C locale).
 */
#include <strings.h>

#define STRBUF_CMP	strcasecmp
#include "strbuf.h"
