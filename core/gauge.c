// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpcrdma_core: the proc_handler behind the gauges of all three modules
 * (include/rpcrdma/gauge.h): each is a read-only sysctl that shows the
 * value of an atomic_t.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/gauge.h>

/* checkpatch knows EXPORT_SYMBOL*() names: keep exports recognisable */
#define EXPORT_SYMBOL_RPCRDMA_CORE(sym)	RPCRDMA_EXPORT(sym)

/**
 * rpcrdma_ctl_gauge - proc_handler of a gauge (RPCRDMA_CTL_GAUGE)
 * @table: the entry; extra1 points to the atomic_t
 * @write: a write is refused
 * @buffer: user buffer
 * @lenp: its length
 * @ppos: file position
 *
 * Return: 0, -EPERM for a write, or proc_dointvec()'s error.
 */
int rpcrdma_ctl_gauge(RPCRDMA_CTL_CONST struct ctl_table *table, int write,
		      void *buffer, size_t *lenp, loff_t *ppos)
{
	struct ctl_table t = *table;
	int val;

	if (write)
		return -EPERM;
	val = atomic_read((atomic_t *)table->extra1);
	t.data = &val;
	t.maxlen = sizeof(val);
	t.extra1 = NULL;
	return proc_dointvec(&t, 0, buffer, lenp, ppos);
}
EXPORT_SYMBOL_RPCRDMA_CORE(rpcrdma_ctl_gauge);
