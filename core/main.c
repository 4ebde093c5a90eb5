// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpcrdma_core: module glue for the code that the RPC-over-RDMA client
 * (xprtrdma.ko) and server (svcrdma.ko) share. Everything here is
 * exported in the RPCRDMA symbol namespace; the wire codec lives in
 * codec_*.c and cm_private.c.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

static int __init rpcrdma_core_init(void)
{
	return 0;
}

static void __exit rpcrdma_core_exit(void)
{
}

module_init(rpcrdma_core_init);
module_exit(rpcrdma_core_exit);

MODULE_DESCRIPTION("RPC-over-RDMA shared core: wire codec, FRWR, backchannel");
MODULE_LICENSE("GPL");
