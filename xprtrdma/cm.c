// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: connection management with the RDMA connection manager.
 *
 * The connect worker resolves the server's address and route, sizes the
 * QP and CQs from the device's limits, posts the Receive ring, and
 * connects with RFC 8797 private data. Each connection gets its own PD,
 * CQs, QP and MR pool; a teardown drains the QP and then frees all of
 * it, so nothing registered on a dead connection survives it.
 *
 * Disconnects, ADDR_CHANGE and DEVICE_REMOVAL all ask the RPC client to
 * close the transport; the close runs in process context holding
 * XPRT_LOCKED and destroys the cm_id last, which is what lets the RDMA
 * core finish removing a device.
 */

#include <linux/slab.h>
#include <linux/sched/mm.h>
#include <linux/sunrpc/addr.h>
#include <linux/sunrpc/sched.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/* Address and route resolution timeout, ms */
#define XPRTRDMA_RESOLVE_MS	5000
/*
 * Send Queue sizing. Nothing here bounds correctness: every post first
 * reserves its slots from ep_sq_avail (xprtrdma_sq_reserve()), and a
 * Call that finds too few waits for write space, so these numbers only
 * decide how many Calls can be in flight before one has to wait.
 *
 * XPRTRDMA_SQ_PER_CREDIT: a posted Call holds one slot per MR for its
 * REG_MR and one for its Send until the Send completes, and one per MR
 * for the LOCAL_INV until the MR is invalidated (xprtrdma_send_commit()):
 * 2 * MRs + 1. A credit whose Call uses XPRTRDMA_MRS_PER_CREDIT (3) MRs
 * thus holds 7 slots; 8 lets every credit do so at once, with one spare.
 *
 * XPRTRDMA_SQ_SLACK: what is reserved beyond the credits' share at the
 * worst moment: the full XPRTRDMA_SQ_PER_CALL (33: two chunks of
 * XPRTRDMA_MAX_CHUNK_MRS MRs, each MR with its REG_MR and LOCAL_INV,
 * and the Send) of the one Call being marshalled (the caller holds
 * XPRT_LOCKED), the Replies of the XPRTRDMA_BC_SLOTS (8) backchannel
 * requests, the XPRTRDMA_CCALL_PARTS (4) CALL_MIDDLE Sends of a
 * continued Call and one control message (RDMA2_GRANT, CONNPROP or an
 * error answer, which does not wait for room): 46, rounded up to 64,
 * which also absorbs Calls holding more than three MRs. A device with
 * fewer than 4 * XPRTRDMA_SQ_SLACK (256) queue entries is refused: the
 * slack would take a quarter of its queue or more (at 256, 23 credits
 * are left).
 *
 * XPRTRDMA_MRS_PER_CREDIT: MRs one Call uses in the common cases: a
 * chunk over the head, the page list and the tail of an xdr_buf (a
 * Reply chunk, a Long Call), or a page list that starts inside a page
 * and spans one MR more than its pages need. The pool adds
 * 2 * XPRTRDMA_MAX_CHUNK_MRS so that a Call with two chunks of the most
 * MRs a chunk may have still gets them while every other credit holds
 * three; a Call that finds the pool empty waits for MRs to come back.
 */
#define XPRTRDMA_SQ_PER_CREDIT	8U
#define XPRTRDMA_SQ_SLACK	64U
#define XPRTRDMA_MRS_PER_CREDIT	3U

static void xprtrdma_cm_complete(struct xprtrdma_ep *ep, int status)
{
	ep->ep_cm_status = status;
	complete(&ep->ep_cm_done);
}

/* The RDMA CM port this connection was bound to */
static u16 xprtrdma_ep_srcport(const struct xprtrdma_ep *ep)
{
	return rpc_get_port((const struct sockaddr *)
			    &ep->ep_id->route.addr.src_addr);
}

/* RFC 8797, Section 4.2: honour the server's inline sizes (or defaults) */
static void xprtrdma_cm_established(struct xprtrdma_ep *ep,
				    const struct rdma_conn_param *param)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct rpcrdma_cm_private cp;
	bool have;

	have = rpcrdma_cm_private_decode(param->private_data,
					 param->private_data_len,
					 &cp) == RPCRDMA_CE_OK;
	/* Without private data both are 1024 (RFC 8166, Section 3.3.3) */
	ep->ep_inline_send = min(rx->rx_inline_send, cp.cp_recv_size);
	ep->ep_inline_recv = min(rx->rx_inline_recv, cp.cp_send_size);
	ep->ep_remote_inv = cp.cp_remote_inv;
	xprtrdma_bc_set_payload(rx, ep->ep_inline_send, ep->ep_inline_recv);
	trace_xprtrdma_connected(rx->rx_xprt.id, xprtrdma_ep_srcport(ep),
				 ep->ep_scq_id, ep->ep_rcq_id, ep->ep_credits,
				 ep->ep_inline_send, ep->ep_inline_recv,
				 ep->ep_remote_inv, have);
	set_bit(XPRTRDMA_EP_DISCONNECT, &ep->ep_flags);
	set_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
}

static int xprtrdma_cm_handler(struct rdma_cm_id *id,
			       struct rdma_cm_event *event)
{
	struct xprtrdma_ep *ep = id->context;

	trace_xprtrdma_cm_event(ep->ep_rx->rx_xprt.id, event->event,
				event->status);
	switch (event->event) {
	case RDMA_CM_EVENT_ADDR_RESOLVED:
	case RDMA_CM_EVENT_ROUTE_RESOLVED:
		xprtrdma_cm_complete(ep, 0);
		break;
	case RDMA_CM_EVENT_ADDR_ERROR:
	case RDMA_CM_EVENT_UNREACHABLE:
		xprtrdma_cm_complete(ep, -EHOSTUNREACH);
		break;
	case RDMA_CM_EVENT_ROUTE_ERROR:
		xprtrdma_cm_complete(ep, -ENETUNREACH);
		break;
	case RDMA_CM_EVENT_REJECTED:
		xprtrdma_cm_complete(ep, -ECONNREFUSED);
		break;
	case RDMA_CM_EVENT_CONNECT_ERROR:
		xprtrdma_cm_complete(ep, -ENOTCONN);
		break;
	case RDMA_CM_EVENT_ESTABLISHED:
		xprtrdma_cm_established(ep, &event->param.conn);
		xprtrdma_cm_complete(ep, 0);
		break;
	case RDMA_CM_EVENT_DEVICE_REMOVAL:
		set_bit(XPRTRDMA_EP_REMOVED, &ep->ep_flags);
		fallthrough;
	case RDMA_CM_EVENT_DISCONNECTED:
	case RDMA_CM_EVENT_ADDR_CHANGE:
		xprtrdma_cm_complete(ep, -ECONNABORTED);
		xprtrdma_ep_fail(ep);
		break;
	default:
		break;
	}
	return 0;
}

/*
 * Re-arm ep_cm_done before the next step. A DEVICE_REMOVAL that came
 * before the re-arm completed the old wait and would be lost: the step
 * would then wait its whole timeout on a device going away, and the
 * removal with it.
 */
static int xprtrdma_cm_arm(struct xprtrdma_ep *ep)
{
	reinit_completion(&ep->ep_cm_done);
	if (test_bit(XPRTRDMA_EP_REMOVED, &ep->ep_flags))
		return -ENODEV;
	return 0;
}

static int xprtrdma_cm_wait(struct xprtrdma_ep *ep, unsigned long timeout)
{
	if (!wait_for_completion_timeout(&ep->ep_cm_done, timeout))
		return -ETIMEDOUT;
	return ep->ep_cm_status;
}

static void xprtrdma_qp_event(struct ib_event *event, void *context)
{
	struct xprtrdma_ep *ep = context;

	trace_xprtrdma_qp_event(ep->ep_rx->rx_xprt.id, event->event);
	switch (event->event) {
	case IB_EVENT_COMM_EST:
	case IB_EVENT_SQ_DRAINED:
	case IB_EVENT_QP_LAST_WQE_REACHED:
		break;
	default:
		xprtrdma_ep_fail(ep);
	}
}

/*
 * Stop using a connection and, if it was ever established, disconnect
 * it: exactly once, whether or not it failed first. xprtrdma_ep_fail()
 * clears only XPRTRDMA_EP_CONNECTED, so a failed connection still gets
 * here with XPRTRDMA_EP_DISCONNECT set. rdma_disconnect() moves the QP
 * to error and sends the peer a DREQ (or the DREP answering the peer's
 * own DREQ), so the peer learns of the close at once rather than when
 * its CM or its RPCs time out. EP_CONNECTED is cleared first, so that
 * the flushes that follow are not taken for a QP that failed by itself
 * (xprtrdma_wc_failed()); test_and_clear_bit() lets only one caller
 * through.
 */
static void xprtrdma_ep_disconnect(struct xprtrdma_ep *ep)
{
	clear_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
	if (test_and_clear_bit(XPRTRDMA_EP_DISCONNECT, &ep->ep_flags))
		rdma_disconnect(ep->ep_id);
}

static void xprtrdma_ep_destroy(struct xprtrdma_ep *ep)
{
	struct xprtrdma_stats *st = &ep->ep_rx->rx_stats;

	if (ep->ep_qp) {
		ib_drain_rq(ep->ep_id->qp);
		ib_drain_sq(ep->ep_id->qp);
	}
	/* Drained: no Reply can queue it again, and no chain is left */
	cancel_delayed_work_sync(&ep->ep_inv_watch);
	cancel_delayed_work_sync(&ep->ep_v2_watch);
	/* Teardown retired every Send; a failed open posted none */
	xprtrdma_sends_free(ep);
	xprtrdma_sendbufs_unmap(ep);
	xprtrdma_v2_release(ep);
	xprtrdma_reps_destroy(ep);
	if (ep->ep_mrs.fp_pd) {
		st->st_mrs_recovered += ep->ep_mrs.fp_recovered;
		st->st_mrs_orphaned += ep->ep_mrs.fp_orphaned;
		frwr_pool_destroy(&ep->ep_mrs);
	}
	if (ep->ep_qp)
		rdma_destroy_qp(ep->ep_id);
	if (ep->ep_rcq)
		ib_free_cq(ep->ep_rcq);
	if (ep->ep_scq)
		ib_free_cq(ep->ep_scq);
	if (ep->ep_pd)
		ib_dealloc_pd(ep->ep_pd);
	rdma_destroy_id(ep->ep_id);
	kfree(ep);
	xprtrdma_live_add(XPRTRDMA_LIVE_CONNS, -1);
}

/* Queue sizes from the device's limits (RFC 8166, Section 3.3.1) */
VISIBLE_IF_KUNIT int xprtrdma_ep_size(struct xprtrdma_ep *ep)
{
	const struct ib_device_attr *a = &ep->ep_id->device->attrs;
	unsigned int credits = ep->ep_rx->rx_xprt.max_reqs;
	unsigned int maxwr = min(a->max_qp_wr, a->max_cqe);

	ep->ep_depth = frwr_device_depth(ep->ep_id->device,
					 ep->ep_rx->rx_depth_want);
	if (!ep->ep_depth)
		return -EOPNOTSUPP;
	/* A device with short MRs carries less per chunk: rsize/wsize shrink */
	ep->ep_max_segs = XPRTRDMA_MAX_CHUNK_MRS;
	WRITE_ONCE(ep->ep_rx->rx_xprt.max_payload,
		   xprtrdma_payload_limit(ep->ep_depth, ep->ep_max_segs));
	if (maxwr < 4 * XPRTRDMA_SQ_SLACK)
		return -ENOMEM;
	/*
	 * One Receive per credit, one per backchannel request (RFC 8167,
	 * Section 4.3.1), the extras, and ib_drain_rq()'s
	 */
	credits = min(credits, maxwr - XPRTRDMA_BC_SLOTS -
			       XPRTRDMA_EXTRA_RECVS - 1);
	/* Send Queue: the credits' share, the slack and ib_drain_sq()'s */
	credits = min(credits, (maxwr - XPRTRDMA_SQ_SLACK - 1) /
			       XPRTRDMA_SQ_PER_CREDIT);
	ep->ep_credits = credits;
	ep->ep_nreps = credits + XPRTRDMA_BC_SLOTS + XPRTRDMA_EXTRA_RECVS;
	ep->ep_sq_depth = credits * XPRTRDMA_SQ_PER_CREDIT + XPRTRDMA_SQ_SLACK;
	atomic_set(&ep->ep_sq_avail, ep->ep_sq_depth);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_ep_size);

static int xprtrdma_ep_qp(struct xprtrdma_ep *ep)
{
	struct ib_device *dev = ep->ep_id->device;
	struct ib_qp_init_attr qpa = {};
	int rc;

	ep->ep_pd = ib_alloc_pd(dev, 0);
	if (IS_ERR(ep->ep_pd)) {
		rc = PTR_ERR(ep->ep_pd);
		ep->ep_pd = NULL;
		return rc;
	}
	ep->ep_scq = ib_alloc_cq_any(dev, ep, ep->ep_sq_depth + 1,
				     IB_POLL_WORKQUEUE);
	if (IS_ERR(ep->ep_scq)) {
		rc = PTR_ERR(ep->ep_scq);
		ep->ep_scq = NULL;
		return rc;
	}
	ep->ep_scq_id = xprtrdma_new_cq_id();
	ep->ep_rcq = ib_alloc_cq_any(dev, ep, ep->ep_nreps + 1,
				     IB_POLL_WORKQUEUE);
	if (IS_ERR(ep->ep_rcq)) {
		rc = PTR_ERR(ep->ep_rcq);
		ep->ep_rcq = NULL;
		return rc;
	}
	ep->ep_rcq_id = xprtrdma_new_cq_id();

	qpa.event_handler = xprtrdma_qp_event;
	qpa.qp_context = ep;
	qpa.send_cq = ep->ep_scq;
	qpa.recv_cq = ep->ep_rcq;
	qpa.cap.max_send_wr = ep->ep_sq_depth + 1;
	qpa.cap.max_recv_wr = ep->ep_nreps + 1;
	qpa.cap.max_send_sge = 1;
	qpa.cap.max_recv_sge = 1;
	qpa.sq_sig_type = IB_SIGNAL_REQ_WR;
	qpa.qp_type = IB_QPT_RC;
	rc = rdma_create_qp(ep->ep_id, ep->ep_pd, &qpa);
	if (rc)
		return rc;
	ep->ep_qp = true;
	return 0;
}

static int xprtrdma_ep_resources(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct rpcrdma_cm_private cp = {
		.cp_version = RPCRDMA_CM_PRIV_VERSION,
		.cp_remote_inv = true,
		.cp_send_size = rx->rx_inline_send,
		.cp_recv_size = rx->rx_inline_recv,
	};
	unsigned int nmrs;
	size_t len;
	int rc;

	rc = xprtrdma_ep_size(ep);
	if (rc)
		return rc;
	rc = xprtrdma_sends_init(ep);
	if (rc)
		return rc;
	rc = xprtrdma_ep_qp(ep);
	if (rc)
		return rc;
	nmrs = min_t(unsigned int, ep->ep_credits * XPRTRDMA_MRS_PER_CREDIT +
		     2 * XPRTRDMA_MAX_CHUNK_MRS,
		     ep->ep_id->device->attrs.max_mr);
	rc = frwr_pool_init(&ep->ep_mrs, ep->ep_pd, nmrs, ep->ep_depth);
	if (rc)
		return rc;
	xprtrdma_count_add(ep->ep_rx, st_mrs_allocated, ep->ep_mrs.fp_size);
	rc = xprtrdma_reps_create(ep);
	if (rc)
		return rc;
	rc = xprtrdma_sendbufs_map(ep);
	if (rc)
		return rc;
	if (!ep->ep_vers) {
		rc = xprtrdma_v2_init(ep);
		if (rc)
			return rc;
	}
	rc = xprtrdma_reps_post_all(ep);
	if (rc)
		return rc;
	/* RFC 8797, Section 4: what we can send and receive inline */
	if (rpcrdma_cm_private_encode(&cp, ep->ep_priv, sizeof(ep->ep_priv),
				      &len) != RPCRDMA_CE_OK)
		return -EINVAL;
	return 0;
}

/*
 * nfsd's duplicate reply cache tells a retransmission from a new
 * request by the client's address and port as well as by its xid, so a
 * Call whose Reply was lost with its connection must come again from
 * the same port, or a non-idempotent procedure (an NFSv3 RENAME, REMOVE,
 * LINK, exclusive CREATE) is executed a second time and fails. (nfsd
 * caches no NFSv4 COMPOUND there; NFSv4.1 sessions have their own.)
 * The socket transports keep their source port across reconnects for
 * this reason. A connection binds the port the previous one had, on any
 * local address (the route may have changed), with address reuse set on
 * every connection of ours so a lingering cm_id of our own does not
 * hold the port. When something else took the port meanwhile the
 * connection takes a new one, as the first one did.
 */
static int xprtrdma_ep_resolve_addr(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct sockaddr *dst = (struct sockaddr *)&rx->rx_xprt.addr;
	struct sockaddr_storage src = { .ss_family = dst->sa_family };
	u16 port = rx->rx_srcport;
	int rc;

	rc = rdma_set_reuseaddr(ep->ep_id, 1);
	if (rc)
		return rc;
	if (port) {
		rpc_set_port((struct sockaddr *)&src, port);
		rc = rdma_resolve_addr(ep->ep_id, (struct sockaddr *)&src,
				       dst, XPRTRDMA_RESOLVE_MS);
		if (rc != -EADDRINUSE && rc != -EADDRNOTAVAIL)
			return rc;
		trace_xprtrdma_srcport_busy(rx->rx_xprt.id, port, rc);
	}
	return rdma_resolve_addr(ep->ep_id, NULL, dst, XPRTRDMA_RESOLVE_MS);
}

static int xprtrdma_ep_resolve(struct xprtrdma_ep *ep)
{
	unsigned long tmo = msecs_to_jiffies(XPRTRDMA_RESOLVE_MS) + HZ;
	int rc;

	rc = xprtrdma_cm_arm(ep);
	if (rc)
		return rc;
	rc = xprtrdma_ep_resolve_addr(ep);
	if (!rc)
		rc = xprtrdma_cm_wait(ep, tmo);
	if (rc)
		return rc;
	rc = xprtrdma_cm_arm(ep);
	if (rc)
		return rc;
	rc = rdma_resolve_route(ep->ep_id, XPRTRDMA_RESOLVE_MS);
	if (!rc)
		rc = xprtrdma_cm_wait(ep, tmo);
	return rc;
}

static int xprtrdma_ep_connect(struct xprtrdma_ep *ep)
{
	struct rpc_xprt *xprt = &ep->ep_rx->rx_xprt;
	struct rdma_conn_param param = {
		.private_data = ep->ep_priv,
		.private_data_len = sizeof(ep->ep_priv),
		/* The server RDMA Reads our Read chunks */
		.responder_resources =
			min_t(int, U8_MAX, ep->ep_id->device->attrs.max_qp_rd_atom),
		.initiator_depth = 0,
		.flow_control = 1,
		.retry_count = 6,
		.rnr_retry_count = 7,
	};
	unsigned int ack = READ_ONCE(xprtrdma_ack_timeout);
	int rc;

	/* How long the QP waits for an ACK before it retransmits */
	if (ack) {
		rc = rdma_set_ack_timeout(ep->ep_id, ack);
		if (rc)
			return rc;
	}
	rc = xprtrdma_cm_arm(ep);
	if (rc)
		return rc;
	rc = rdma_connect(ep->ep_id, &param);
	if (rc)
		return rc;
	return xprtrdma_cm_wait(ep, xprt->connect_timeout);
}

/* Build and connect a new endpoint; publish it in rx->rx_ep on success */
static int xprtrdma_ep_open(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_ep *ep;
	unsigned int i;
	int rc;

	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOBUFS;
	ep->ep_rx = rx;
	ep->ep_ctl_cid = xprtrdma_new_cid();
	for (i = 0; i < XPRTRDMA_CCALL_PARTS; i++)
		ep->ep_ccall_cid[i] = xprtrdma_new_cid();
	/* Tells the Reply to a reverse-direction Call its connection */
	ep->ep_gen = ++rx->rx_ep_gen;
	/* 0: offer Version 2 first (v2.c); a refusal is remembered */
	ep->ep_vers = rx->rx_max_vers >= RPCRDMA_VERSION_2 && !rx->rx_v1_only ?
		      0 : RPCRDMA_VERSION_1;
	init_completion(&ep->ep_cm_done);
	INIT_DELAYED_WORK(&ep->ep_inv_watch, xprtrdma_inv_watch);
	INIT_DELAYED_WORK(&ep->ep_v2_watch, xprtrdma_v2_watch);
	ep->ep_id = rdma_create_id(rx->rx_xprt.xprt_net, xprtrdma_cm_handler,
				   ep, RDMA_PS_TCP, IB_QPT_RC);
	if (IS_ERR(ep->ep_id)) {
		rc = PTR_ERR(ep->ep_id);
		kfree(ep);
		return rc;
	}
	xprtrdma_live_add(XPRTRDMA_LIVE_CONNS, 1);

	rc = xprtrdma_ep_resolve(ep);
	if (!rc)
		rc = xprtrdma_ep_resources(ep);
	if (!rc)
		rc = xprtrdma_ep_connect(ep);
	if (!rc && !test_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags))
		rc = -ENOTCONN;
	if (!rc && !ep->ep_vers)
		rc = xprtrdma_v2_negotiate(ep);
	if (rc) {
		xprtrdma_ep_disconnect(ep);
		xprtrdma_ep_destroy(ep);
		return rc;
	}

	rx->rx_vers = ep->ep_vers;
	/* mountstats reads it locklessly */
	WRITE_ONCE(rx->rx_srcport, xprtrdma_ep_srcport(ep));
	down_write(&rx->rx_ep_rwsem);
	rx->rx_ep = ep;
	up_write(&rx->rx_ep_rwsem);
	return 0;
}

/**
 * xprtrdma_ep_teardown - close and free the current connection, if any
 * @rx: the transport
 *
 * Order matters: first xprtrdma_ep_disconnect(), which calls
 * rdma_disconnect() if the connection was ever established, failed or
 * not, and so moves the QP to error. Then rx_ep_rwsem is taken for
 * write, so buf_free cannot be invalidating at the same time, and under
 * it the Receive and Send Queues are drained (every completion handler
 * has run), the QP is destroyed, the endpoint is unpublished and every
 * RPC forgets its MRs. After the rwsem is released, xprtrdma_ep_destroy()
 * frees the rest: Send buffers, Receive ring, MR pool, CQs, PD and,
 * last, the cm_id.
 *
 * Context: process context, holding XPRT_LOCKED (connect worker, close,
 * destroy).
 */
void xprtrdma_ep_teardown(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_ep *ep = rx->rx_ep;

	if (!ep)
		return;
	trace_xprtrdma_disconnect(rx->rx_xprt.id,
				  test_bit(XPRTRDMA_EP_REMOVED, &ep->ep_flags));
	xprtrdma_ep_disconnect(ep);

	down_write(&rx->rx_ep_rwsem);
	if (ep->ep_qp) {
		ib_drain_rq(ep->ep_id->qp);
		ib_drain_sq(ep->ep_id->qp);
		ep->ep_qp = false;
		rdma_destroy_qp(ep->ep_id);
	}
	/* A flush need not complete unsignaled Sends: retire the rest */
	xprtrdma_sends_retire_all(ep);
	rx->rx_ep = NULL;
	xprtrdma_mrs_reclaim(rx);
	up_write(&rx->rx_ep_rwsem);

	xprtrdma_ep_destroy(ep);
}

/* Map connect failures to what call_connect_status() retries on */
static int xprtrdma_connect_status(int rc)
{
	switch (rc) {
	case 0:
	case -ECONNREFUSED:
	case -EHOSTUNREACH:
	case -ENETUNREACH:
	case -ETIMEDOUT:
	case -ENOTCONN:
	case -ENOBUFS:
	case -EOPNOTSUPP:
		return rc;
	case -ENOMEM:
		return -ENOBUFS;
	case -ECONNABORTED:
		return -ENOTCONN;
	default:
		return -ENETUNREACH;
	}
}

/*
 * Credits are granted per connection (RFC 8166, Section 3.3.1): the Calls
 * that held one on the old connection hold none on the new one, where
 * the requester starts with one credit until the responder grants more
 * (Section 3.3.3).
 * Every RPC that goes out again takes a credit afresh. No Call can be in
 * flight here: the old QP is drained and the caller holds XPRT_LOCKED.
 */
VISIBLE_IF_KUNIT void xprtrdma_credits_reset(struct xprtrdma_xprt *rx)
{
	struct rpc_xprt *xprt = &rx->rx_xprt;
	unsigned int i;

	spin_lock(&xprt->transport_lock);
	for (i = 0; i < rx->rx_nreqs; i++)
		if (rx->rx_reqs[i]->req_rqst.rq_cong)
			rx->rx_reqs[i]->req_rqst.rq_cong = 0;
	xprt->cong = 0;
	xprt->cwnd = RPC_CWNDSCALE;
	/* Nothing is in flight, so no sender may wait for the window */
	clear_bit(XPRT_CWND_WAIT, &xprt->state);
	spin_unlock(&xprt->transport_lock);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_credits_reset);

/**
 * xprtrdma_connect_worker - establish a connection for a transport
 * @work: rx_connect_work
 *
 * Runs holding XPRT_LOCKED on behalf of the task that asked to connect
 * (xprt_lock_connect()); wakes every waiting task with the outcome.
 */
void xprtrdma_connect_worker(struct work_struct *work)
{
	struct xprtrdma_xprt *rx = container_of(to_delayed_work(work),
						struct xprtrdma_xprt,
						rx_connect_work);
	struct rpc_xprt *xprt = &rx->rx_xprt;
	unsigned int pflags = memalloc_nofs_save();
	int rc;

	xprtrdma_ep_teardown(rx);
	trace_xprtrdma_connect_start(xprt->id);
	rc = xprtrdma_connect_status(xprtrdma_ep_open(rx));
	if (!rc) {
		xprt->stat.connect_count++;
		xprt->stat.connect_time += (long)jiffies -
					   xprt->stat.connect_start;
		xprtrdma_credits_reset(rx);
		/*
		 * A new connection: RPCs that were sent on an earlier one
		 * compare this cookie to decide whether to send again. The
		 * RPC client re-sends NFSv4 Calls only when it has changed.
		 */
		xprt->connect_cookie++;
		xprt_set_connected(xprt);
		rc = -EAGAIN;
	} else {
		trace_xprtrdma_connect_fail(xprt->id, rc);
	}
	rx->rx_tried = true;
	xprt_clear_connecting(xprt);
	xprt_unlock_connect(xprt, rx);
	xprt_wake_pending_tasks(xprt, rc);
	memalloc_nofs_restore(pflags);
}
