// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the one place the tracepoints are instantiated.
 */

#define CREATE_TRACE_POINTS
#include "trace.h"
