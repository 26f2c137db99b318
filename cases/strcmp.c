/* SPDX-License-Identifier: MIT */
/*
 * strcmp: one strcmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call compares every byte.
 */
#include <string.h>

#define STRBUF_CMP	strcmp
#include "strbuf.h"
