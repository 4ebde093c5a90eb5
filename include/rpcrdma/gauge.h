/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Gauges: how many objects of one kind a module holds right now, that
 * is, allocated (or referenced) and not yet freed. Each module shows its
 * own read-only in its directory under /proc/sys/sunrpc/; once every
 * mount and every rdma listener is gone, each one reads 0. A negative
 * value means an object was released twice.
 */
#ifndef _RPCRDMA_GAUGE_H
#define _RPCRDMA_GAUGE_H

#include <linux/atomic.h>
#include <linux/sysctl.h>

#include <rpcrdma/compat.h>

/* core/gauge.c */
int rpcrdma_ctl_gauge(RPCRDMA_CTL_CONST struct ctl_table *table, int write,
		      void *buffer, size_t *lenp, loff_t *ppos);

/* A read-only sysctl that shows the atomic_t at @_gauge */
#define RPCRDMA_CTL_GAUGE(_name, _gauge) {				\
	.procname	= _name,					\
	.mode		= 0444,						\
	.proc_handler	= rpcrdma_ctl_gauge,				\
	.extra1		= _gauge,					\
}

#endif /* _RPCRDMA_GAUGE_H */
