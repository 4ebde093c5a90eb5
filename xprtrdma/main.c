// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA client transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "xprtrdma.h"

/*
 * Init registers the transport class, then the in-tree client's sysctl
 * names (params.c). -EEXIST from the first means another module holds
 * XPRT_TRANSPORT_RDMA (netids "rdma" and "rdma6"): in practice the
 * kernel's rpcrdma.ko, which cannot be loaded beside this one. Say so in
 * one line, with what to do about it, and fail with -EBUSY: modprobe
 * (libkmod) takes -EEXIST from init_module() for "already loaded" and
 * reports success. The class goes first because the kernel's module
 * holds the same sysctl names: registering them beside it would fail
 * with a warning of its own. Our own gauges (xprtrdma_ng) come last. A
 * failure of a later step undoes the earlier ones, so a failed load
 * leaves nothing behind.
 */
static int __init xprtrdma_init(void)
{
	int rc;

	rc = xprtrdma_register();
	if (rc == -EEXIST) {
		pr_err("xprtrdma: not loaded: the rdma transport is already registered, most likely by the kernel's rpcrdma module; unmount its RDMA mounts, remove its nfsd rdma listener, run \"rmmod rpcrdma\", then load xprtrdma again\n");
		return -EBUSY;
	}
	if (rc) {
		pr_err("xprtrdma: not loaded: cannot register the rdma transport (%d)\n",
		       rc);
		return rc;
	}
	rc = xprtrdma_sysctl_init();
	if (rc)
		goto out_unregister;
	rc = xprtrdma_gauges_init();
	if (rc)
		goto out_sysctl;
	return 0;

out_sysctl:
	xprtrdma_sysctl_exit();
out_unregister:
	xprtrdma_unregister();
	pr_err("xprtrdma: not loaded: cannot register the sunrpc sysctls (%d)\n",
	       rc);
	return rc;
}

static void __exit xprtrdma_exit(void)
{
	xprtrdma_gauges_exit();
	xprtrdma_sysctl_exit();
	xprtrdma_unregister();
}

module_init(xprtrdma_init);
module_exit(xprtrdma_exit);

MODULE_DESCRIPTION("RPC-over-RDMA client transport");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
