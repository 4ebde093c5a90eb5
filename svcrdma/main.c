// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: RPC-over-RDMA server transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "svcrdma.h"

static int __init svcrdma_init(void)
{
	int ret;

	ret = svcrdma_stats_init();
	if (ret)
		goto out;
	ret = svcrdma_transport_init();
	if (ret)
		goto out_stats;
	ret = svcrdma_bc_init();
	if (ret)
		goto out_transport;
	return 0;

out_transport:
	svcrdma_transport_exit();
out_stats:
	svcrdma_stats_exit();
out:
	return ret;
}

static void __exit svcrdma_exit(void)
{
	svcrdma_bc_exit();
	svcrdma_transport_exit();
	svcrdma_stats_exit();
}

module_init(svcrdma_init);
module_exit(svcrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA server transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
