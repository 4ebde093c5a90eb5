// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA client transport, module init and exit.
 */

#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

#include "xprtrdma.h"

/*
 * Registering the transport class is the only thing init does, so a
 * failure leaves nothing behind. -EEXIST means another module holds
 * XPRT_TRANSPORT_RDMA (netids "rdma" and "rdma6"): in practice the
 * kernel's rpcrdma.ko, which cannot be loaded beside this one. Say so in
 * one line, with what to do about it, and fail with -EBUSY: modprobe
 * (libkmod) takes -EEXIST from init_module() for "already loaded" and
 * reports success.
 */
static int __init xprtrdma_init(void)
{
	int rc;

	rc = xprtrdma_register();
	if (rc == -EEXIST) {
		pr_err("xprtrdma: not loaded: the rdma transport is already registered, most likely by the kernel's rpcrdma module; unmount its RDMA mounts, remove its nfsd rdma listener, run \"rmmod rpcrdma\", then load xprtrdma again\n");
		rc = -EBUSY;
	} else if (rc) {
		pr_err("xprtrdma: not loaded: cannot register the rdma transport (%d)\n",
		       rc);
	}
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
