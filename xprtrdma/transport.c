// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the RPC transport class and its operations.
 *
 * The class registers XPRT_TRANSPORT_RDMA for the netids "rdma" and
 * "rdma6", which is what "mount -o proto=rdma" asks the RPC client for.
 * The kernel's own rpcrdma.ko registers the same identifier, so only
 * one of the two can be loaded; see Documentation/xprtrdma.rst.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/addr.h>
#include <linux/sunrpc/clnt.h>
#include <linux/sunrpc/sched.h>

#include "xprtrdma.h"
#include "trace.h"

#define XPRTRDMA_BIND_TO	(60U * HZ)
#define XPRTRDMA_INIT_REEST_TO	(5U * HZ)
#define XPRTRDMA_MAX_REEST_TO	(30U * HZ)
#define XPRTRDMA_IDLE_DISC_TO	(5U * 60U * HZ)

static const struct rpc_timeout xprtrdma_default_timeout = {
	.to_initval = 60 * HZ,
	.to_maxval = 60 * HZ,
};

static const struct rpc_xprt_ops xprtrdma_ops;
static struct xprt_class xprtrdma_class;

static void xprtrdma_free_addresses(struct rpc_xprt *xprt)
{
	unsigned int i;

	for (i = 0; i < RPC_DISPLAY_MAX; i++) {
		kfree(xprt->address_strings[i]);
		xprt->address_strings[i] = NULL;
	}
}

static void xprtrdma_format_port(struct rpc_xprt *xprt)
{
	struct sockaddr *sap = (struct sockaddr *)&xprt->addr;
	char buf[8];

	kfree(xprt->address_strings[RPC_DISPLAY_PORT]);
	kfree(xprt->address_strings[RPC_DISPLAY_HEX_PORT]);
	snprintf(buf, sizeof(buf), "%u", rpc_get_port(sap));
	xprt->address_strings[RPC_DISPLAY_PORT] = kstrdup(buf, GFP_KERNEL);
	snprintf(buf, sizeof(buf), "%4hx", rpc_get_port(sap));
	xprt->address_strings[RPC_DISPLAY_HEX_PORT] = kstrdup(buf, GFP_KERNEL);
}

static void xprtrdma_format_addresses(struct rpc_xprt *xprt)
{
	struct sockaddr *sap = (struct sockaddr *)&xprt->addr;
	char buf[64];

	rpc_ntop(sap, buf, sizeof(buf));
	xprt->address_strings[RPC_DISPLAY_ADDR] = kstrdup(buf, GFP_KERNEL);
	if (sap->sa_family == AF_INET6) {
		snprintf(buf, sizeof(buf), "%pi6",
			 &((struct sockaddr_in6 *)sap)->sin6_addr);
		xprt->address_strings[RPC_DISPLAY_NETID] =
			kstrdup(RPCBIND_NETID_RDMA6, GFP_KERNEL);
	} else {
		snprintf(buf, sizeof(buf), "%08x",
			 ntohl(((struct sockaddr_in *)sap)->sin_addr.s_addr));
		xprt->address_strings[RPC_DISPLAY_NETID] =
			kstrdup(RPCBIND_NETID_RDMA, GFP_KERNEL);
	}
	xprt->address_strings[RPC_DISPLAY_HEX_ADDR] = kstrdup(buf, GFP_KERNEL);
	xprt->address_strings[RPC_DISPLAY_PROTO] = kstrdup("rdma", GFP_KERNEL);
	xprtrdma_format_port(xprt);
}

static void xprtrdma_set_port(struct rpc_xprt *xprt, unsigned short port)
{
	rpc_set_port((struct sockaddr *)&xprt->addr, port);
	xprtrdma_format_port(xprt);
}

static void xprtrdma_settings(struct xprtrdma_xprt *rx)
{
	rx->rx_inline_send = clamp(READ_ONCE(xprtrdma_inline_send),
				   XPRTRDMA_INLINE_MIN, XPRTRDMA_INLINE_MAX);
	rx->rx_inline_recv = clamp(READ_ONCE(xprtrdma_inline_recv),
				   XPRTRDMA_INLINE_MIN, XPRTRDMA_INLINE_MAX);
	rx->rx_depth_want = clamp(READ_ONCE(xprtrdma_mr_depth),
				  XPRTRDMA_DEPTH_MIN, XPRTRDMA_DEPTH_MAX);
	rx->rx_max_vers = clamp(READ_ONCE(xprtrdma_max_version),
				RPCRDMA_VERSION_1, RPCRDMA_VERSION_2);
	xprtrdma_bc_set_payload(rx, rx->rx_inline_send, rx->rx_inline_recv);
}

static void xprtrdma_xprt_init(struct rpc_xprt *xprt, struct xprt_create *args)
{
	xprt->timeout = &xprtrdma_default_timeout;
	xprt->connect_timeout = xprt->timeout->to_initval;
	xprt->max_reconnect_timeout = XPRTRDMA_MAX_REEST_TO;
	xprt->bind_timeout = XPRTRDMA_BIND_TO;
	xprt->reestablish_timeout = XPRTRDMA_INIT_REEST_TO;
	xprt->idle_timeout = XPRTRDMA_IDLE_DISC_TO;
	xprt->resvport = 0;
	xprt->ops = &xprtrdma_ops;
	xprt->xprt_class = &xprtrdma_class;
	/* Upper layers that look at the protocol see a stream transport */
	xprt->prot = IPPROTO_TCP;
	xprt->addrlen = args->addrlen;
	memcpy(&xprt->addr, args->dstaddr, args->addrlen);
	if (rpc_get_port(args->dstaddr))
		xprt_set_bound(xprt);
}

static struct rpc_xprt *xprtrdma_setup(struct xprt_create *args)
{
	struct xprtrdma_xprt *rx;
	struct rpc_xprt *xprt;
	int rc;

	if (args->addrlen > sizeof(xprt->addr))
		return ERR_PTR(-EBADF);
	if (args->dstaddr->sa_family != AF_INET &&
	    args->dstaddr->sa_family != AF_INET6)
		return ERR_PTR(-EAFNOSUPPORT);
	if (!try_module_get(THIS_MODULE))
		return ERR_PTR(-EIO);

	xprt = xprt_alloc(args->net, sizeof(*rx), 0,
			  clamp(READ_ONCE(xprtrdma_slot_table),
				XPRTRDMA_SLOTS_MIN, XPRTRDMA_SLOTS_MAX));
	if (!xprt) {
		module_put(THIS_MODULE);
		return ERR_PTR(-ENOMEM);
	}
	rx = xprtrdma_rx(xprt);
	init_rwsem(&rx->rx_ep_rwsem);
	spin_lock_init(&rx->rx_bc_lock);
	INIT_LIST_HEAD(&rx->rx_bc_free);
	INIT_DELAYED_WORK(&rx->rx_connect_work, xprtrdma_connect_worker);
	xprtrdma_settings(rx);
	xprtrdma_xprt_init(xprt, args);
	/* Until a device is known; each connect lowers it to the device's */
	xprt->max_payload = xprtrdma_payload_limit(rx->rx_depth_want,
						   XPRTRDMA_MAX_CHUNK_MRS);

	rc = xprtrdma_reqs_create(rx);
	if (rc) {
		xprt_free(xprt);
		module_put(THIS_MODULE);
		return ERR_PTR(rc);
	}
	xprtrdma_format_addresses(xprt);
	xprtrdma_live_add(XPRTRDMA_LIVE_XPRTS, 1);
	return xprt;
}

static void xprtrdma_connect(struct rpc_xprt *xprt, struct rpc_task *task)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	unsigned long delay = 0;

	WARN_ON_ONCE(!xprt_lock_connect(xprt, task, rx));
	if (rx->rx_tried) {
		delay = xprt_reconnect_delay(xprt);
		xprt_reconnect_backoff(xprt, XPRTRDMA_INIT_REEST_TO);
	}
	queue_delayed_work(xprtiod_workqueue, &rx->rx_connect_work, delay);
}

static void xprtrdma_close(struct rpc_xprt *xprt)
{
	xprtrdma_ep_teardown(xprtrdma_rx(xprt));
	xprt_disconnect_done(xprt);
}

static void xprtrdma_destroy(struct rpc_xprt *xprt)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);

	cancel_delayed_work_sync(&rx->rx_connect_work);
	xprtrdma_ep_teardown(rx);
	xprtrdma_reqs_destroy(rx);
	/* Every backchannel request is idle: each in use holds the xprt */
	xprtrdma_bc_destroy(xprt, UINT_MAX);
	xprtrdma_free_addresses(xprt);
	xprt_free(xprt);
	xprtrdma_live_add(XPRTRDMA_LIVE_XPRTS, -1);
	module_put(THIS_MODULE);
}

/*
 * An RPC timed out: close the connection; the Call is sent again on the
 * next one. Retransmitting on the same connection would be allowed by
 * RFC 8166 (Section 3.3.1) only with a credit of its own, since the
 * first Send already used one of the responder's Receives, but it is the
 * wrong answer here:
 *  - an RC connection does not lose messages, so a missing reply means
 *    the responder dropped the Call or the path is dead, and with no
 *    keepalive on an RDMA connection a timeout is the only way to find
 *    out the latter;
 *  - NFSv4 forbids retrying a request on a connection that has not been
 *    broken (RFC 7530, Section 3.1.1; RFC 8881, Section 2.9.2), and the
 *    RPC client re-sends NFSv4 Calls only after a disconnect;
 *  - the chunks of the first transmission stay registered until its
 *    reply, and the responder may still be reading or writing them:
 *    they can be invalidated safely only once the QP is flushed.
 * A close flushes the QP, recovers every MR and starts afresh with one
 * credit (xprtrdma_connect_worker()).
 */
static void xprtrdma_timer(struct rpc_xprt *xprt, struct rpc_task *task)
{
	xprt_force_disconnect(xprt);
}

static void xprtrdma_inject_disconnect(struct rpc_xprt *xprt)
{
	xprt_force_disconnect(xprt);
}

static void xprtrdma_set_connect_timeout(struct rpc_xprt *xprt,
					 unsigned long connect_timeout,
					 unsigned long reconnect_timeout)
{
	spin_lock(&xprt->transport_lock);
	if (connect_timeout < xprt->connect_timeout)
		xprt->connect_timeout = max(connect_timeout, HZ);
	if (reconnect_timeout < xprt->max_reconnect_timeout)
		xprt->max_reconnect_timeout = max(reconnect_timeout, HZ);
	spin_unlock(&xprt->transport_lock);
}

static int xprtrdma_send_request(struct rpc_rqst *rqst)
{
	struct rpc_xprt *xprt = rqst->rq_xprt;
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	struct xprtrdma_req *req;
	struct xprtrdma_ep *ep = rx->rx_ep;
	int rc;

	/* The Reply to a reverse-direction Call (RFC 8167) */
	if (bc_prealloc(rqst))
		return xprtrdma_bc_send_reply(rqst);
	req = xprtrdma_req(rqst);
	if (!xprt_connected(xprt) || !ep ||
	    !test_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags))
		return -ENOTCONN;
	/*
	 * MRs still registered from an earlier transmission on this
	 * connection: the peer may still use them. Start afresh.
	 */
	if (!list_empty(&req->req_mrs)) {
		trace_xprtrdma_retransmit_reset(rqst, 0);
		xprt_force_disconnect(xprt);
		return -ENOTCONN;
	}
	/* RFC 8166, Section 3.3.1: no more Calls in flight than credits */
	if (!xprt_request_get_cong(xprt, rqst))
		return -EBADSLT;
	/*
	 * For mountstats: the RTT runs from here (the Reply may complete
	 * before the post returns) and the bytes sent are the RPC message.
	 */
	rqst->rq_xtime = ktime_get();
	rc = xprtrdma_send(ep, req);
	if (!rc)
		rqst->rq_xmit_bytes_sent += rqst->rq_snd_buf.len;
	return rc;
}

static void xprtrdma_buf_free(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;
	struct xprtrdma_req *req = xprtrdma_req(rqst);

	/*
	 * With no Reply the Send may still be unretired: the slot is then
	 * parked by free_slot, not reused (send.c).
	 */
	clear_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
	if (!list_empty(&req->req_mrs))
		xprtrdma_mrs_invalidate_sync(req->req_rx, req);
}

static int xprtrdma_enable_swap(struct rpc_xprt *xprt)
{
	return -EINVAL;
}

static void xprtrdma_disable_swap(struct rpc_xprt *xprt)
{
}

static const struct rpc_xprt_ops xprtrdma_ops = {
	.reserve_xprt		= xprt_reserve_xprt_cong,
	.release_xprt		= xprt_release_xprt_cong,
	.alloc_slot		= xprtrdma_alloc_slot,
	.free_slot		= xprtrdma_free_slot,
	.release_request	= xprt_release_rqst_cong,
	.wait_for_reply_request	= xprt_wait_for_reply_request_def,
	.timer			= xprtrdma_timer,
	.rpcbind		= rpcb_getport_async,
	.set_port		= xprtrdma_set_port,
	.connect		= xprtrdma_connect,
	.buf_alloc		= xprtrdma_buf_alloc,
	.buf_free		= xprtrdma_buf_free,
	.send_request		= xprtrdma_send_request,
	.close			= xprtrdma_close,
	.destroy		= xprtrdma_destroy,
	.set_connect_timeout	= xprtrdma_set_connect_timeout,
	.print_stats		= xprtrdma_print_stats,
	.enable_swap		= xprtrdma_enable_swap,
	.disable_swap		= xprtrdma_disable_swap,
	.inject_disconnect	= xprtrdma_inject_disconnect,
	.bc_setup		= xprtrdma_bc_setup,
	.bc_maxpayload		= xprtrdma_bc_maxpayload,
	.bc_num_slots		= xprtrdma_bc_num_slots,
	.bc_free_rqst		= xprtrdma_bc_free_rqst,
	.bc_destroy		= xprtrdma_bc_destroy,
};

static struct xprt_class xprtrdma_class = {
	.list			= LIST_HEAD_INIT(xprtrdma_class.list),
	.name			= "rdma",
	.owner			= THIS_MODULE,
	.ident			= XPRT_TRANSPORT_RDMA,
	.setup			= xprtrdma_setup,
	.netid			= { "rdma", "rdma6", "" },
};

/**
 * xprtrdma_register - make the transport class known to the RPC client
 *
 * Return: 0, or -EEXIST when another RDMA transport (the kernel's
 * rpcrdma.ko) is already registered.
 */
int xprtrdma_register(void)
{
	return xprt_register_transport(&xprtrdma_class);
}

/**
 * xprtrdma_unregister - withdraw the transport class
 */
void xprtrdma_unregister(void)
{
	xprt_unregister_transport(&xprtrdma_class);
}
