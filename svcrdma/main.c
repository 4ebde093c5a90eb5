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
		pr_err("svcrdma: not loaded: the rdma server transport is already registered, most likely by the kernel's rpcrdma module; stop nfsd (\"rpc.nfsd 0\": nfsd keeps a listener until it stops), unmount RDMA mounts, run \"rmmod rpcrdma\", then load svcrdma again\n");
		return -EBUSY;
	}
	pr_err("svcrdma: not loaded: initialisation failed (%d)\n", ret);
	return ret;
}

/*
 * Registering the svc class "rdma" publishes the module: from then on
 * nfsd can find the class and create a listener, which holds a module
 * reference (try_module_get() succeeds while init is still running),
 * and a failed init frees the module whatever references there are. So
 * nothing that can fail init comes after the class (the last step of
 * svcrdma_transport_init(), after its workqueue). Before it: our own
 * sysctl directory (svcrdma_ng) and the backchannel's
 * XPRT_TRANSPORT_BC_RDMA class, which is inert until then: its setup
 * refuses every connection that is not of our svc class. After it, best
 * effort, the sysctl directory sunrpc/svc_rdma: the kernel's rpcrdma.ko
 * registers it as well, and beside that module registering it would log
 * errors of its own, while -EEXIST from one of our classes says in one
 * line that the module is in the way. Without it svcrdma_ng's tunables
 * and counters are still there. A failed load leaves no sysctl
 * directory, workqueue or class behind; exit undoes init in reverse
 * order.
 */
static int __init svcrdma_init(void)
{
	int ret;

	ret = svcrdma_stats_init();
	if (ret)
		goto out;
	ret = svcrdma_bc_init();
	if (ret)
		goto out_stats;
	ret = svcrdma_transport_init();
	if (ret)
		goto out_bc;
	ret = svcrdma_compat_init();
	if (ret)
		pr_warn("svcrdma: the sysctl directory /proc/sys/sunrpc/svc_rdma is missing (%d); /proc/sys/sunrpc/svcrdma_ng has the same tunables and counters\n",
			ret);
	return 0;

out_bc:
	svcrdma_bc_exit();
out_stats:
	svcrdma_stats_exit();
out:
	return svcrdma_init_failed(ret);
}

static void __exit svcrdma_exit(void)
{
	svcrdma_compat_exit();
	svcrdma_transport_exit();
	svcrdma_bc_exit();
	svcrdma_stats_exit();
}

module_init(svcrdma_init);
module_exit(svcrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA server transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
