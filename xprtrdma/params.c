// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: module parameters.
 *
 * Each value is checked against its range when it is set; a transport
 * reads them once, when it is created, so a change applies to mounts
 * made afterwards.
 */

#include <linux/kernel.h>
#include <linux/moduleparam.h>

#include "xprtrdma.h"

unsigned int xprtrdma_inline_send = XPRTRDMA_INLINE_DEF;
unsigned int xprtrdma_inline_recv = XPRTRDMA_INLINE_DEF;
unsigned int xprtrdma_slot_table = XPRTRDMA_SLOTS_DEF;
unsigned int xprtrdma_mr_depth = XPRTRDMA_DEPTH_DEF;
unsigned int xprtrdma_max_version = RPCRDMA_VERSION_2;

struct xprtrdma_range {
	unsigned int	min;
	unsigned int	max;
};

static int xprtrdma_param_set(const char *val, const struct kernel_param *kp,
			      const struct xprtrdma_range *r)
{
	unsigned int n;
	int rc;

	rc = kstrtouint(val, 0, &n);
	if (rc)
		return rc;
	if (n < r->min || n > r->max)
		return -ERANGE;
	*(unsigned int *)kp->arg = n;
	return 0;
}

static const struct xprtrdma_range xprtrdma_inline_range = {
	XPRTRDMA_INLINE_MIN, XPRTRDMA_INLINE_MAX
};

static const struct xprtrdma_range xprtrdma_slots_range = {
	XPRTRDMA_SLOTS_MIN, XPRTRDMA_SLOTS_MAX
};

static const struct xprtrdma_range xprtrdma_depth_range = {
	XPRTRDMA_DEPTH_MIN, XPRTRDMA_DEPTH_MAX
};

static const struct xprtrdma_range xprtrdma_version_range = {
	RPCRDMA_VERSION_1, RPCRDMA_VERSION_2
};

static int xprtrdma_version_set(const char *val,
				const struct kernel_param *kp)
{
	return xprtrdma_param_set(val, kp, &xprtrdma_version_range);
}

static int xprtrdma_inline_set(const char *val, const struct kernel_param *kp)
{
	return xprtrdma_param_set(val, kp, &xprtrdma_inline_range);
}

static int xprtrdma_slots_set(const char *val, const struct kernel_param *kp)
{
	return xprtrdma_param_set(val, kp, &xprtrdma_slots_range);
}

static int xprtrdma_depth_set(const char *val, const struct kernel_param *kp)
{
	return xprtrdma_param_set(val, kp, &xprtrdma_depth_range);
}

static const struct kernel_param_ops xprtrdma_inline_ops = {
	.set = xprtrdma_inline_set,
	.get = param_get_uint,
};

static const struct kernel_param_ops xprtrdma_slots_ops = {
	.set = xprtrdma_slots_set,
	.get = param_get_uint,
};

static const struct kernel_param_ops xprtrdma_depth_ops = {
	.set = xprtrdma_depth_set,
	.get = param_get_uint,
};

static const struct kernel_param_ops xprtrdma_version_ops = {
	.set = xprtrdma_version_set,
	.get = param_get_uint,
};

module_param_cb(inline_send, &xprtrdma_inline_ops, &xprtrdma_inline_send,
		0644);
MODULE_PARM_DESC(inline_send,
		 "Largest Send we offer to post, bytes (1024-65536, default 8192)");
module_param_cb(inline_recv, &xprtrdma_inline_ops, &xprtrdma_inline_recv,
		0644);
MODULE_PARM_DESC(inline_recv,
		 "Receive buffer size we advertise, bytes (1024-65536, default 8192)");
module_param_cb(slot_table, &xprtrdma_slots_ops, &xprtrdma_slot_table, 0644);
MODULE_PARM_DESC(slot_table,
		 "RPC slots and credits asked for per transport (4-1024, default 128)");
module_param_cb(mr_depth, &xprtrdma_depth_ops, &xprtrdma_mr_depth, 0644);
MODULE_PARM_DESC(mr_depth,
		 "Most pages one memory registration covers (4-1024, default 256)");
module_param_cb(max_version, &xprtrdma_version_ops, &xprtrdma_max_version,
		0644);
MODULE_PARM_DESC(max_version,
		 "Highest RPC-over-RDMA version offered to servers (1-2, default 2)");
