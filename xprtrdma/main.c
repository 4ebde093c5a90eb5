// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA client transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

static int __init xprtrdma_init(void)
{
	return 0;
}

static void __exit xprtrdma_exit(void)
{
}

module_init(xprtrdma_init);
module_exit(xprtrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA client transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
