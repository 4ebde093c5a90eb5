// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA client transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "xprtrdma.h"

static int __init xprtrdma_init(void)
{
	int rc;

	rc = xprtrdma_register();
	if (rc)
		goto out_register;
	return 0;

out_register:
	pr_err("xprtrdma: cannot register the rdma transport (%d); is rpcrdma.ko loaded?\n",
	       rc);
	return rc;
}

static void __exit xprtrdma_exit(void)
{
	xprtrdma_unregister();
}

module_init(xprtrdma_init);
module_exit(xprtrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA client transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
