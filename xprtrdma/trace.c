// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the one place where the tracepoints are instantiated.
 */

#include "xprtrdma.h"

#define CREATE_TRACE_POINTS
#include "trace.h"

/* Never reused while the module is loaded; 0 is never handed out */
atomic_t xprtrdma_cq_ids = ATOMIC_INIT(0);
atomic_t xprtrdma_cids = ATOMIC_INIT(0);
