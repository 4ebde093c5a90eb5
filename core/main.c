// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpcrdma_core: module glue for the code below the RPC-over-RDMA client
 * (xprtrdma.ko) and server (svcrdma.ko). Both use the wire codec
 * (codec_*.c, including the reverse-direction checks of RFC 8167, and
 * cm_private.c); the FRWR pool (frwr.c) serves the client only.
 * Everything here is exported in the RPCRDMA symbol namespace.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>
#include <rpcrdma/frwr.h>
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

/*
 * One step, so nothing to unwind. Nothing can use the exports before
 * this has succeeded: the load of a module that imports them waits
 * until this init is over (resolve_symbol_wait()), and fails if it did.
 */
static int __init rpcrdma_core_init(void)
{
	return frwr_sysctl_init();
}

static void __exit rpcrdma_core_exit(void)
{
	frwr_sysctl_exit();
}

module_init(rpcrdma_core_init);
module_exit(rpcrdma_core_exit);

MODULE_DESCRIPTION("RPC-over-RDMA core: wire codec, and the client's FRWR pool");
MODULE_LICENSE("GPL");
