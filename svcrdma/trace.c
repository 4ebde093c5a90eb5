// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the one place the tracepoints are instantiated.
 */

#define CREATE_TRACE_POINTS
#include "trace.h"

/* Never reused while the module is loaded; 0 is never handed out */
atomic_t svcrdma_conn_ids = ATOMIC_INIT(0);
atomic_t svcrdma_cq_ids = ATOMIC_INIT(0);
atomic_t svcrdma_cids = ATOMIC_INIT(0);
