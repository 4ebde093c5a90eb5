// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the one place where the tracepoints are instantiated.
 */

#include "xprtrdma.h"

#define CREATE_TRACE_POINTS
#include "trace.h"
