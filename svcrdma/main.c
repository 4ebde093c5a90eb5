// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: RPC-over-RDMA server transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

static int __init svcrdma_init(void)
{
	return 0;
}

static void __exit svcrdma_exit(void)
{
}

module_init(svcrdma_init);
module_exit(svcrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA server transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
