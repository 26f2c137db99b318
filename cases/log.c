/* SPDX-License-Identifier: MIT */
/* log: one log() per operation over 256 inputs (see mathfn.h). */
#define MATHFN	log
#include "mathfn.h"
