// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the tunables an administrator sets, with their module
 * parameters and the bounds of the sysctls that set them.
 *
 * Those sysctls are entries of stats.c's two sysctl directories,
 * /proc/sys/sunrpc/svcrdma_ng/ and the in-tree server's names under
 * /proc/sys/sunrpc/svc_rdma/, beside the counters there: one table per
 * directory. Each tunable is read with READ_ONCE() where it is used:
 * most when a connection is accepted, so that a change applies to
 * connections accepted afterwards, whichever directory it is set
 * through; keepalive at each probe interval, reply_chunk_always at each
 * Reply.
 */

#include <linux/kernel.h>
#include <linux/moduleparam.h>

#include "svcrdma.h"

unsigned int svcrdma_max_requests = SVCRDMA_REQS_DEF;
unsigned int svcrdma_inline_size = SVCRDMA_INLINE_DEF;
unsigned int svcrdma_keepalive = SVCRDMA_KEEPALIVE_DEF;
unsigned int svcrdma_max_version = SVCRDMA_VERSION_DEF;
unsigned int svcrdma_max_ord = SVCRDMA_ORD_DEF;
bool svcrdma_reply_chunk_always;
unsigned int svcrdma_ack_timeout;

/*
 * max_version is a module parameter, so that it can be set before the
 * first connection (modprobe svcrdma max_version=1); it can be changed
 * later through /sys/module/svcrdma/parameters/ and, like the sysctls,
 * applies to connections accepted afterwards. Out of range is refused.
 */
static int svcrdma_param_set_range(const char *val,
				   const struct kernel_param *kp,
				   unsigned int min, unsigned int max)
{
	unsigned int n;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	if (n < min || n > max)
		return -ERANGE;
	WRITE_ONCE(*(unsigned int *)kp->arg, n);
	return 0;
}

static int svcrdma_version_set(const char *val, const struct kernel_param *kp)
{
	return svcrdma_param_set_range(val, kp, SVCRDMA_VERSION_MIN,
				       SVCRDMA_VERSION_MAX);
}

static const struct kernel_param_ops svcrdma_version_ops = {
	.set = svcrdma_version_set,
	.get = param_get_uint,
};

module_param_cb(max_version, &svcrdma_version_ops, &svcrdma_max_version, 0644);
MODULE_PARM_DESC(max_version,
		 "Highest RPC-over-RDMA version offered to new connections (1 or 2, default 2)");

/*
 * ack_timeout: the Local ACK Timeout of connections accepted afterwards
 * (IB's 5-bit exponent, 4.096 us << N), how long their QP waits for an
 * ACK before it retransmits; 0 keeps what the RDMA CM computes.
 */
static int svcrdma_ack_set(const char *val, const struct kernel_param *kp)
{
	return svcrdma_param_set_range(val, kp, 0, 31);
}

static const struct kernel_param_ops svcrdma_ack_ops = {
	.set = svcrdma_ack_set,
	.get = param_get_uint,
};

module_param_cb(ack_timeout, &svcrdma_ack_ops, &svcrdma_ack_timeout, 0644);
MODULE_PARM_DESC(ack_timeout,
		 "Local ACK Timeout of new connections, 4.096 us << N (1-31; default 0, the RDMA CM's)");

/*
 * reply_chunk_always: when a Call offers a Reply chunk, write the Reply
 * into it even when it would fit inline (as the kernel's server does).
 * Off by default; read at each Reply. See Documentation/svcrdma.rst,
 * "Reply path".
 */
module_param_named(reply_chunk_always, svcrdma_reply_chunk_always, bool, 0644);
MODULE_PARM_DESC(reply_chunk_always,
		 "Use an offered Reply chunk even for a Reply that fits inline (default N)");

/*
 * The bounds of the sysctls (the limits in svcrdma.h; the inline size
 * is at least RFC 8166's default), where proc_douintvec_minmax() can
 * point to them. The entries of both directories point here, so that a
 * tunable has one range whichever directory it is set through.
 */
unsigned int svcrdma_reqs_min = SVCRDMA_REQS_MIN;
unsigned int svcrdma_reqs_max = SVCRDMA_REQS_MAX;
unsigned int svcrdma_inline_min = RPCRDMA1_DEFAULT_INLINE;
unsigned int svcrdma_inline_max = SVCRDMA_INLINE_MAX;
unsigned int svcrdma_keepalive_max = SVCRDMA_KEEPALIVE_MAX;
unsigned int svcrdma_ord_min = SVCRDMA_ORD_MIN;
unsigned int svcrdma_ord_max = SVCRDMA_ORD_MAX;
