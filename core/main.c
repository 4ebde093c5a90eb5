// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpcrdma_core: module glue for the code below the RPC-over-RDMA client
 * (xprtrdma.ko) and server (svcrdma.ko). Both use the wire codec
 * (codec_*.c, including the reverse-direction checks of RFC 8167, and
 * cm_private.c); the FRWR pool (frwr.c) serves the client only, and
 * gauge.c shows the gauges of all three modules. Everything the module
 * offers is exported in the RPCRDMA symbol namespace.
 */

#include <linux/module.h>

#include <rpcrdma/core.h>
#include <rpcrdma/frwr.h>

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
