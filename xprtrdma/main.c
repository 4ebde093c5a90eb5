// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA client transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "xprtrdma.h"

/*
 * Registering the transport class publishes the module: from then on a
 * mount can find the class and take a module reference
 * (try_module_get() succeeds while init is still running), and a failed
 * init frees the module whatever references there are. So nothing that
 * can fail init comes after xprtrdma_register(): our own gauges
 * (xprtrdma_ng) come before it, and the in-tree client's sysctl names
 * (params.c) after it are best effort. Those names wait for the class
 * because the kernel's rpcrdma.ko holds them too: registering them
 * beside it would log errors of its own, while -EEXIST from the class
 * says in one line that this module is in the way. Without them the
 * module parameters still set the same tunables.
 *
 * -EEXIST means another module holds XPRT_TRANSPORT_RDMA (netids "rdma"
 * and "rdma6"): in practice the kernel's rpcrdma.ko, which cannot be
 * loaded beside this one. Say so in one line, with what to do about it,
 * and fail with -EBUSY: modprobe (libkmod) takes -EEXIST from
 * init_module() for "already loaded" and reports success. A failed load
 * leaves nothing behind; exit undoes init in reverse order.
 */
static int __init xprtrdma_init(void)
{
	int rc;

	rc = xprtrdma_gauges_init();
	if (rc) {
		pr_err("xprtrdma: not loaded: cannot register /proc/sys/sunrpc/xprtrdma_ng (%d)\n",
		       rc);
		return rc;
	}
	rc = xprtrdma_register();
	if (rc) {
		xprtrdma_gauges_exit();
		if (rc == -EEXIST) {
			pr_err("xprtrdma: not loaded: the rdma transport is already registered, most likely by the kernel's rpcrdma module; unmount its RDMA mounts, stop nfsd if it listens on rdma (\"rpc.nfsd 0\"), run \"rmmod rpcrdma\", then load xprtrdma again\n");
			return -EBUSY;
		}
		pr_err("xprtrdma: not loaded: cannot register the rdma transport (%d)\n",
		       rc);
		return rc;
	}
	rc = xprtrdma_sysctl_init();
	if (rc)
		pr_warn("xprtrdma: the sysctls /proc/sys/sunrpc/rdma_* are missing (%d); the module parameters set the same tunables\n",
			rc);
	return 0;
}

static void __exit xprtrdma_exit(void)
{
	xprtrdma_sysctl_exit();
	xprtrdma_unregister();
	xprtrdma_gauges_exit();
}

module_init(xprtrdma_init);
module_exit(xprtrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA client transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
