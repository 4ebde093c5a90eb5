// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: RPC-over-RDMA server transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "svcrdma.h"

/*
 * One log line on a failed load. -EEXIST becomes -EBUSY: modprobe
 * (libkmod) takes -EEXIST from init_module() for "already loaded" and
 * would report success.
 */
static int __init svcrdma_init_failed(int ret)
{
	if (ret == -EEXIST) {
		pr_err("svcrdma: not loaded: the rdma server transport is already registered, most likely by the kernel's rpcrdma module; remove nfsd's rdma listener (echo \"-rdma 20049\" > /proc/fs/nfsd/portlist), unmount RDMA mounts, run \"rmmod rpcrdma\", then load svcrdma again\n");
		return -EBUSY;
	}
	pr_err("svcrdma: not loaded: initialisation failed (%d)\n", ret);
	return ret;
}

/*
 * The svc class "rdma", the backchannel's XPRT_TRANSPORT_BC_RDMA and the
 * sysctl directory sunrpc/svc_rdma are all registered by the kernel's
 * rpcrdma.ko as well; the class taken fails init. The directory comes
 * last, once the class has shown that module is not loaded: beside it,
 * registering the directory would fail with a warning of its own.
 * Every step is undone in reverse order, so a failed load leaves no
 * sysctl directory, workqueue or class behind, and one log line says
 * why.
 */
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
	ret = svcrdma_compat_init();
	if (ret)
		goto out_bc;
	return 0;

out_bc:
	svcrdma_bc_exit();
out_transport:
	svcrdma_transport_exit();
out_stats:
	svcrdma_stats_exit();
out:
	return svcrdma_init_failed(ret);
}

static void __exit svcrdma_exit(void)
{
	svcrdma_compat_exit();
	svcrdma_bc_exit();
	svcrdma_transport_exit();
	svcrdma_stats_exit();
}

module_init(svcrdma_init);
module_exit(svcrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA server transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
