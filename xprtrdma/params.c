// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: module parameters, and the in-tree client's sysctls under
 * /proc/sys/sunrpc/ that set the same values.
 *
 * Each value is checked against its range when it is set; a transport
 * reads them once, when it is created, so a change applies to mounts
 * made afterwards.
 */

#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/sunrpc/xprtrdma.h>
#include <linux/sysctl.h>

#include <rpcrdma/compat.h>

#include "xprtrdma.h"

unsigned int xprtrdma_inline_send = XPRTRDMA_INLINE_DEF;
unsigned int xprtrdma_inline_recv = XPRTRDMA_INLINE_DEF;
unsigned int xprtrdma_slot_table = XPRTRDMA_SLOTS_DEF;
unsigned int xprtrdma_mr_depth = XPRTRDMA_DEPTH_DEF;
unsigned int xprtrdma_max_version = RPCRDMA_VERSION_2;
unsigned int xprtrdma_ack_timeout;

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

/* IB's Local ACK Timeout is a 5-bit exponent; 0 keeps the CM's own */
static const struct xprtrdma_range xprtrdma_ack_range = { 0, 31 };

static int xprtrdma_ack_set(const char *val, const struct kernel_param *kp)
{
	return xprtrdma_param_set(val, kp, &xprtrdma_ack_range);
}

static const struct kernel_param_ops xprtrdma_ack_ops = {
	.set = xprtrdma_ack_set,
	.get = param_get_uint,
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
module_param_cb(ack_timeout, &xprtrdma_ack_ops, &xprtrdma_ack_timeout, 0644);
MODULE_PARM_DESC(ack_timeout,
		 "Local ACK Timeout of new connections, 4.096 us << N (1-31; default 0, the RDMA CM's)");

/*
 * The sysctls the kernel's own client (rpcrdma.ko) registers in
 * /proc/sys/sunrpc/, so that an administrator's sysctl.conf keeps
 * working: three are views of the module parameters above (one
 * variable, one range, whichever way it is set), three are accepted for
 * compatibility and change nothing, as in the kernel's client. See
 * Documentation/admin-guide.rst.
 */
static unsigned int xprtrdma_ctl_inline_min = XPRTRDMA_INLINE_MIN;
static unsigned int xprtrdma_ctl_inline_max = XPRTRDMA_INLINE_MAX;
static unsigned int xprtrdma_ctl_slots_min = XPRTRDMA_SLOTS_MIN;
static unsigned int xprtrdma_ctl_slots_max = XPRTRDMA_SLOTS_MAX;
/* FRWR is the one memory registration mode there is (enum rpcrdma_memreg) */
static unsigned int xprtrdma_memreg_strategy = RPCRDMA_FRWR;
static unsigned int xprtrdma_ctl_memreg = RPCRDMA_FRWR;
static int xprtrdma_pad_optimize;
static unsigned int xprtrdma_inline_padding;
static unsigned int xprtrdma_ctl_padding_max = PAGE_SIZE;

static struct ctl_table_header *xprtrdma_sysctl;

static struct ctl_table xprtrdma_ctl_table[] = {
	RPCRDMA_CTL_UINT("rdma_slot_table_entries", &xprtrdma_slot_table,
			 &xprtrdma_ctl_slots_min, &xprtrdma_ctl_slots_max),
	/* the largest Reply the server may Send us inline */
	RPCRDMA_CTL_UINT("rdma_max_inline_read", &xprtrdma_inline_recv,
			 &xprtrdma_ctl_inline_min, &xprtrdma_ctl_inline_max),
	/* the largest Call we Send inline */
	RPCRDMA_CTL_UINT("rdma_max_inline_write", &xprtrdma_inline_send,
			 &xprtrdma_ctl_inline_min, &xprtrdma_ctl_inline_max),
	/* no effect, as in the kernel's client */
	RPCRDMA_CTL_UINT("rdma_inline_write_padding", &xprtrdma_inline_padding,
			 SYSCTL_ZERO, &xprtrdma_ctl_padding_max),
	/* only FRWR can be asked for: it is what we do */
	RPCRDMA_CTL_UINT("rdma_memreg_strategy", &xprtrdma_memreg_strategy,
			 &xprtrdma_ctl_memreg, &xprtrdma_ctl_memreg),
	{
		/* no effect, as in the kernel's client */
		.procname	= "rdma_pad_optimize",
		.data		= &xprtrdma_pad_optimize,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
	RPCRDMA_CTL_END
};

/**
 * xprtrdma_sysctl_init - register the in-tree client's sysctl names
 *
 * The kernel's rpcrdma.ko registers the same names: call this only once
 * our transport class is registered, which fails while that module is
 * loaded.
 *
 * Return: 0 or -ENOMEM.
 */
int xprtrdma_sysctl_init(void)
{
	xprtrdma_sysctl = register_sysctl("sunrpc", xprtrdma_ctl_table);
	return xprtrdma_sysctl ? 0 : -ENOMEM;
}

/**
 * xprtrdma_sysctl_exit - remove them, if xprtrdma_sysctl_init() did not fail
 */
void xprtrdma_sysctl_exit(void)
{
	unregister_sysctl_table(xprtrdma_sysctl);
	xprtrdma_sysctl = NULL;
}
