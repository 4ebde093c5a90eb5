// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the reverse direction (RFC 8167), for NFSv4.1 callbacks.
 *
 * The NFS client asks for backchannel requests when it creates a
 * session (bc_setup) and learns from us how many it may offer the
 * server (bc_num_slots) and how large they may be (bc_maxpayload); the
 * server then sends CB_COMPOUND Calls on the connection the client
 * opened, and the Replies go back on it.
 *
 * Operation:
 *   - a Receive whose RPC msg_type is CALL is a reverse-direction Call
 *     (RFC 8167, Sections 5.1 and 5.2). It is checked (core/
 *     codec_reverse.c), copied into an idle backchannel request and
 *     queued to the callback service, which runs it in one of its
 *     threads (svc_process_bc());
 *   - the service sends the Reply through xprt_transmit() and our
 *     send_request, which recognises a backchannel request by
 *     bc_prealloc(): an RDMA_MSG with no chunks, copied into the
 *     request's own Send buffer, mapped for the duration of the Send;
 *   - when the service is done with the request (bc_free_rqst) we wait
 *     for its Send to complete and put it back in the pool.
 *
 * Resources: every backchannel request owns two pages (the Call and
 * the Reply; the server-side XDR code expects a page for each) and a
 * Send buffer. The Receive ring holds XPRTRDMA_BC_SLOTS Receives beyond
 * the forward credits, because reverse-direction Calls consume our
 * Receives too (RFC 8167, Section 4.3.1). The reverse-direction credits
 * we grant in each Reply are the requests in the pool (Section 4.1).
 *
 * Chunks are not supported in the reverse direction (RFC 8167, Section
 * 5.3): a Call that carries them is answered with ERR_CHUNK, as that
 * section requires. Every other malformed Call, and a Call we have no
 * room or no service for, is dropped and counted; the server's callback
 * times out and it retries or marks the channel down.
 */

#include <linux/slab.h>
#include <linux/sunrpc/bc_xprt.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xdr.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/reverse.h>

#include "xprtrdma.h"
#include "trace.h"

static void xprtrdma_bc_req_free(struct xprtrdma_bc_req *req)
{
	if (req->bc_call_page)
		__free_page(req->bc_call_page);
	if (req->bc_reply_page)
		__free_page(req->bc_reply_page);
	kfree(req->bc_sendbuf);
	kfree(req);
	xprtrdma_live_add(XPRTRDMA_LIVE_BC_REQS, -1);
}

/* A request as the callback service expects to find it */
static void xprtrdma_bc_req_reset(struct xprtrdma_bc_req *req)
{
	struct rpc_rqst *rqst = &req->bc_rqst;

	memset(rqst, 0, sizeof(*rqst));
	rqst->rq_xprt = &req->bc_rx->rx_xprt;
	INIT_LIST_HEAD(&rqst->rq_bc_pa_list);
	xdr_buf_init(&rqst->rq_rcv_buf, page_address(req->bc_call_page),
		     PAGE_SIZE);
	xdr_buf_init(&rqst->rq_snd_buf, page_address(req->bc_reply_page),
		     PAGE_SIZE);
}

static struct xprtrdma_bc_req *xprtrdma_bc_req_alloc(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_bc_req *req;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	if (!req)
		return NULL;
	xprtrdma_live_add(XPRTRDMA_LIVE_BC_REQS, 1);
	req->bc_rx = rx;
	req->bc_send_cid = xprtrdma_new_cid();
	INIT_LIST_HEAD(&req->bc_free);
	req->bc_call_page = alloc_page(GFP_KERNEL);
	req->bc_reply_page = alloc_page(GFP_KERNEL);
	req->bc_sendbuf = kmalloc(rx->rx_inline_send, GFP_KERNEL);
	if (!req->bc_call_page || !req->bc_reply_page || !req->bc_sendbuf) {
		xprtrdma_bc_req_free(req);
		return NULL;
	}
	xprtrdma_bc_req_reset(req);
	return req;
}

/**
 * xprtrdma_bc_setup - xprt op: add backchannel requests for a session
 * @xprt: the transport
 * @reqs: how many the session needs
 *
 * The pool never grows past XPRTRDMA_BC_SLOTS, the Receives we keep
 * for reverse-direction Calls.
 *
 * Return: 0 or -ENOMEM.
 */
int xprtrdma_bc_setup(struct rpc_xprt *xprt, unsigned int reqs)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	struct xprtrdma_bc_req *req, *next;
	unsigned int i, n;
	LIST_HEAD(fresh);

	spin_lock(&rx->rx_bc_lock);
	n = min(reqs, XPRTRDMA_BC_SLOTS - rx->rx_bc_max);
	rx->rx_bc_max += n;
	spin_unlock(&rx->rx_bc_lock);

	for (i = 0; i < n; i++) {
		req = xprtrdma_bc_req_alloc(rx);
		if (!req)
			goto out_nomem;
		list_add(&req->bc_free, &fresh);
	}
	spin_lock(&rx->rx_bc_lock);
	list_splice(&fresh, &rx->rx_bc_free);
	rx->rx_bc_count += n;
	spin_unlock(&rx->rx_bc_lock);
	trace_xprtrdma_bc_setup(xprt->id, reqs, n);
	return 0;

out_nomem:
	list_for_each_entry_safe(req, next, &fresh, bc_free)
		xprtrdma_bc_req_free(req);
	spin_lock(&rx->rx_bc_lock);
	rx->rx_bc_max -= n;
	spin_unlock(&rx->rx_bc_lock);
	return -ENOMEM;
}

/**
 * xprtrdma_bc_destroy - xprt op: give back backchannel requests
 * @xprt: the transport
 * @reqs: how many the ending session had (UINT_MAX: all)
 *
 * Idle requests are freed now; one still in use is freed when the
 * callback service returns it.
 */
void xprtrdma_bc_destroy(struct rpc_xprt *xprt, unsigned int reqs)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	struct xprtrdma_bc_req *req, *next;
	LIST_HEAD(gone);

	spin_lock(&rx->rx_bc_lock);
	rx->rx_bc_max -= min(reqs, rx->rx_bc_max);
	list_for_each_entry_safe(req, next, &rx->rx_bc_free, bc_free) {
		if (rx->rx_bc_count <= rx->rx_bc_max)
			break;
		list_move(&req->bc_free, &gone);
		rx->rx_bc_count--;
	}
	spin_unlock(&rx->rx_bc_lock);

	list_for_each_entry_safe(req, next, &gone, bc_free)
		xprtrdma_bc_req_free(req);
}

/* Back to the pool, or freed if the pool shrank meanwhile */
static void xprtrdma_bc_req_put(struct xprtrdma_bc_req *req)
{
	struct xprtrdma_xprt *rx = req->bc_rx;
	bool surplus;

	xprtrdma_bc_req_reset(req);
	spin_lock(&rx->rx_bc_lock);
	surplus = rx->rx_bc_count > rx->rx_bc_max;
	if (surplus)
		rx->rx_bc_count--;
	else
		list_add(&req->bc_free, &rx->rx_bc_free);
	spin_unlock(&rx->rx_bc_lock);
	if (surplus)
		xprtrdma_bc_req_free(req);
}

static struct xprtrdma_bc_req *xprtrdma_bc_req_get(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_bc_req *req;

	spin_lock(&rx->rx_bc_lock);
	req = list_first_entry_or_null(&rx->rx_bc_free, struct xprtrdma_bc_req,
				       bc_free);
	if (req)
		list_del_init(&req->bc_free);
	spin_unlock(&rx->rx_bc_lock);
	return req;
}

/**
 * xprtrdma_bc_free_rqst - xprt op: the callback service is done with a request
 * @rqst: a backchannel request
 *
 * Context: process context; sleeps until the request's Send, if any,
 * has completed, so the adapter never reads a buffer being reused.
 */
void xprtrdma_bc_free_rqst(struct rpc_rqst *rqst)
{
	struct xprtrdma_bc_req *req = xprtrdma_bc_req(rqst);
	struct rpc_xprt *xprt = rqst->rq_xprt;

	xprtrdma_stall_wait(xprtrdma_rx(xprt), &req->bc_flags,
			    XPRTRDMA_BC_SEND_BUSY);
	xprtrdma_bc_req_put(req);
	/* The reference taken when the Call was queued */
	xprt_put(xprt);
}

/**
 * xprtrdma_bc_maxpayload - xprt op: largest backchannel Call or Reply
 * @xprt: the transport
 *
 * What the NFS client offers as ca_maxrequestsize and
 * ca_maxresponsesize: what fits inline both ways behind a chunk-less
 * header (RFC 8167, Section 4.2), and a page, the size of the buffers.
 *
 * Return: octets.
 */
size_t xprtrdma_bc_maxpayload(struct rpc_xprt *xprt)
{
	/* rpc_max_bc_payload() calls us under rcu_read_lock(): no sleeping */
	return READ_ONCE(xprtrdma_rx(xprt)->rx_bc_payload);
}

/**
 * xprtrdma_bc_set_payload - record what bc_maxpayload reports
 * @rx: the transport
 * @send: largest Send to the peer
 * @recv: largest Send the peer may make to us
 *
 * Called with the configured sizes when the transport is created and
 * with the negotiated ones when a connection is established.
 */
void xprtrdma_bc_set_payload(struct xprtrdma_xprt *rx, u32 send, u32 recv)
{
	WRITE_ONCE(rx->rx_bc_payload,
		   min_t(u32, PAGE_SIZE,
			 rpcrdma_reverse_max_payload(send, recv)));
}

/**
 * xprtrdma_bc_num_slots - xprt op: most backchannel requests a session may use
 * @xprt: the transport
 *
 * Return: XPRTRDMA_BC_SLOTS, the Receives kept for reverse Calls.
 */
unsigned int xprtrdma_bc_num_slots(struct rpc_xprt *xprt)
{
	return XPRTRDMA_BC_SLOTS;
}

/* RFC 8167, Section 4.1: the reverse-direction Calls we can take at once */
static u32 xprtrdma_bc_credits(struct xprtrdma_xprt *rx)
{
	return max(READ_ONCE(rx->rx_bc_max), 1U);
}

static void xprtrdma_bc_drop(struct xprtrdma_xprt *rx, u32 xid,
			     enum rpcrdma_drop_reason why)
{
	xprtrdma_count(rx, st_calls_dropped);
	trace_xprtrdma_bc_drop(rx->rx_xprt.id, xid, why);
}

static void xprtrdma_bc_send_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_bc_req *req = container_of(wc->wr_cqe,
						   struct xprtrdma_bc_req,
						   bc_send_cqe);
	struct xprtrdma_ep *ep = cq->cq_context;
	bool err_reply = test_bit(XPRTRDMA_BC_ERR_REPLY, &req->bc_flags);

	trace_xprtrdma_wc_send(ep->ep_scq_id, req->bc_send_cid, wc);
	ib_dma_unmap_single(ep->ep_id->device, req->bc_send_dma,
			    req->bc_send_sge.length, DMA_TO_DEVICE);
	xprtrdma_sq_release(ep, 1);
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);

	if (err_reply) {
		/* No callback service involved: straight back to the pool */
		clear_bit(XPRTRDMA_BC_ERR_REPLY, &req->bc_flags);
		clear_bit(XPRTRDMA_BC_SEND_BUSY, &req->bc_flags);
		xprtrdma_bc_req_put(req);
	} else {
		/* After this the request may be reused: touch nothing of it */
		clear_bit_unlock(XPRTRDMA_BC_SEND_BUSY, &req->bc_flags);
		/* Order the clear before wake_up_bit()'s waitqueue check */
		smp_mb__after_atomic();
		wake_up_bit(&req->bc_flags, XPRTRDMA_BC_SEND_BUSY);
	}
	xprtrdma_space_wake(ep->ep_rx);
}

/*
 * Map and post @len octets of the request's Send buffer.
 * Return: 0, -ENOBUFS (mapping failed, try later) or -ENOTCONN.
 */
static int xprtrdma_bc_post(struct xprtrdma_ep *ep,
			    struct xprtrdma_bc_req *req, u32 len)
{
	struct ib_device *dev = ep->ep_id->device;
	int rc;

	req->bc_send_dma = ib_dma_map_single(dev, req->bc_sendbuf, len,
					     DMA_TO_DEVICE);
	if (ib_dma_mapping_error(dev, req->bc_send_dma))
		return -ENOBUFS;
	req->bc_send_cqe.done = xprtrdma_bc_send_done;
	xprtrdma_init_send(ep, &req->bc_send_wr, &req->bc_send_sge,
			   &req->bc_send_cqe, req->bc_send_dma, len);

	set_bit(XPRTRDMA_BC_SEND_BUSY, &req->bc_flags);
	if (ep->ep_vers == RPCRDMA_VERSION_2) {
		/* Never inside a continued Call (v2.c) */
		spin_lock(&ep->ep_post_lock);
		xprtrdma_v2_stamp(ep, req->bc_sendbuf, req->bc_send_dma);
		rc = ib_post_send(ep->ep_id->qp, &req->bc_send_wr, NULL);
		spin_unlock(&ep->ep_post_lock);
	} else {
		rc = ib_post_send(ep->ep_id->qp, &req->bc_send_wr, NULL);
	}
	if (rc) {
		trace_xprtrdma_post_send_err(ep->ep_rx->rx_xprt.id, rc);
		clear_bit(XPRTRDMA_BC_SEND_BUSY, &req->bc_flags);
		ib_dma_unmap_single(dev, req->bc_send_dma, len, DMA_TO_DEVICE);
		xprtrdma_ep_fail(ep);
		return -ENOTCONN;
	}
	return 0;
}

/*
 * RFC 8167, Section 5.3: a reverse-direction Call with chunks we cannot
 * handle is answered with ERR_CHUNK. The answer borrows an idle
 * request's Send buffer and gives it back when the Send completes.
 */
static void xprtrdma_bc_err_chunk(struct xprtrdma_ep *ep, u32 xid)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct xprtrdma_bc_req *req;
	struct rpcrdma_v1_msg *msg;
	size_t len;

	req = xprtrdma_bc_req_get(rx);
	if (!req) {
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_NO_SLOT);
		return;
	}
	msg = &req->bc_msg;
	memset(msg, 0, sizeof(*msg));
	msg->m1_prefix.px_xid = xid;
	msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	msg->m1_prefix.px_credits = xprtrdma_bc_credits(rx);
	msg->m1_prefix.px_proc = RPCRDMA1_ERROR;
	msg->m1_error.e1_code = RPCRDMA1_ERR_CHUNK;
	if (rpcrdma_v1_encode(msg, req->bc_sendbuf, ep->ep_inline_send,
			      &len) != RPCRDMA_CE_OK ||
	    !xprtrdma_sq_reserve(ep, 1))
		goto out_drop;
	set_bit(XPRTRDMA_BC_ERR_REPLY, &req->bc_flags);
	if (xprtrdma_bc_post(ep, req, len)) {
		clear_bit(XPRTRDMA_BC_ERR_REPLY, &req->bc_flags);
		xprtrdma_sq_release(ep, 1);
		goto out_drop;
	}
	xprtrdma_count(rx, st_bc_err_chunk);
	trace_xprtrdma_bc_drop(rx->rx_xprt.id, xid, RPCRDMA_DROP_CHUNKS);
	return;

out_drop:
	xprtrdma_bc_req_put(req);
	xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_CHUNKS);
}

/**
 * xprtrdma_bc_receive - hand a reverse-direction Call to the callback service
 * @ep: the connection it came on
 * @rep: the Receive; rep_msg holds its decoded header
 * @rc: what rpcrdma_v1_decode_reverse() made of it
 *
 * Everything needed is copied out of the Receive buffer before this
 * returns, so the caller can repost it at once.
 * Context: the Receive CQ's work item.
 */
void xprtrdma_bc_receive(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			 enum rpcrdma_reverse_class rc)
{
	const struct rpcrdma_v1_msg *msg = &rep->rep_msg;
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct rpc_xprt *xprt = &rx->rx_xprt;
	u32 xid = msg->m1_prefix.px_xid;
	struct xprtrdma_bc_req *req;
	struct svc_serv *serv;
	struct rpc_rqst *rqst;

	if (rc == RPCRDMA_REV_CHUNKS) {
		xprtrdma_bc_err_chunk(ep, xid);
		return;
	}
	if (rc != RPCRDMA_REV_OK) {
		xprtrdma_bc_drop(rx, xid, rpcrdma_reverse_drop_reason(rc));
		return;
	}
	/* The server's session asked for no more than bc_maxpayload */
	if (msg->m1_msg_len > PAGE_SIZE) {
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_TOO_LONG);
		return;
	}
	serv = READ_ONCE(xprt->bc_serv);
	if (!serv) {
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_NO_SERVICE);
		return;
	}
	/* RFC 8167, Section 4.1: more Calls than the credits we granted */
	req = xprtrdma_bc_req_get(rx);
	if (!req) {
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_NO_SLOT);
		return;
	}

	/* Dropped by xprtrdma_bc_free_rqst(); none left: being destroyed */
	if (!xprt_get(xprt)) {
		xprtrdma_bc_req_put(req);
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_NO_SERVICE);
		return;
	}
	rqst = &req->bc_rqst;
	memcpy(rqst->rq_rcv_buf.head[0].iov_base, rep->rep_buf + msg->m1_hdr_len,
	       msg->m1_msg_len);
	xprtrdma_count_add(rx, st_recv_copy, msg->m1_msg_len);
	rqst->rq_xid = cpu_to_be32(xid);
	req->bc_ep_gen = ep->ep_gen;
	rqst->rq_private_buf = rqst->rq_rcv_buf;
	rqst->rq_private_buf.len = msg->m1_msg_len;
	set_bit(RPC_BC_PA_IN_USE, &rqst->rq_bc_pa_state);
	xprtrdma_count(rx, st_bc_calls);
	trace_xprtrdma_bc_call(xprt->id, xid, msg->m1_msg_len,
			       msg->m1_prefix.px_credits);

	/* svc_process_bc() takes one off when it is done */
	atomic_inc(&xprt->bc_slot_count);
	rpcrdma_bc_queue_call(serv, rqst);
}

/*
 * The Reply's transport header: RDMA_MSG with no chunks (RFC 8167,
 * Section 5.3) granting reverse-direction credits, or in Version 2
 * RDMA2_REPLY_INLINE with an empty Write list (v2-07, Section 4.6.2)
 * and the connection's credit value.
 */
static enum rpcrdma_codec_err xprtrdma_bc_encode(struct xprtrdma_ep *ep,
						 struct xprtrdma_bc_req *req,
						 u32 xid, size_t *hdrlen)
{
	rpcrdma_v1_reverse_init(&req->bc_msg, xid,
				xprtrdma_bc_credits(ep->ep_rx));
	if (ep->ep_vers != RPCRDMA_VERSION_2)
		return rpcrdma_v1_encode(&req->bc_msg, req->bc_sendbuf,
					 ep->ep_inline_send, hdrlen);
	req->bc_msg.m1_prefix.px_credits = xprtrdma_v2_credit_value(ep);
	return rpcrdma_v2_encode_msg(&req->bc_msg, false, 0, req->bc_sendbuf,
				     ep->ep_inline_send, hdrlen);
}

/**
 * xprtrdma_bc_send_reply - send the Reply to a reverse-direction Call
 * @rqst: the backchannel request; rq_snd_buf holds the RPC Reply
 *
 * The Reply goes on the connection the Call came on; if that one is
 * gone the Reply is dropped and the server retransmits its Call on the
 * new connection (its session slot makes that safe).
 * Context: the caller holds XPRT_LOCKED.
 *
 * Return: 0; -EAGAIN when the Send Queue is full (the transport waits
 * for space); -ENOTCONN when the Reply was dropped; -EMSGSIZE when it
 * cannot go inline; -ENOBUFS when it could not be mapped.
 */
int xprtrdma_bc_send_reply(struct rpc_rqst *rqst)
{
	struct xprtrdma_bc_req *req = xprtrdma_bc_req(rqst);
	struct rpc_xprt *xprt = rqst->rq_xprt;
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	struct xprtrdma_ep *ep = rx->rx_ep;
	u32 xid = be32_to_cpu(rqst->rq_xid), len = rqst->rq_snd_buf.len;
	size_t hdrlen;
	int rc;

	if (!xprt_connected(xprt) || !ep ||
	    !test_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags) ||
	    ep->ep_gen != req->bc_ep_gen) {
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_STALE);
		return -ENOTCONN;
	}
	if (xprtrdma_bc_encode(ep, req, xid, &hdrlen) != RPCRDMA_CE_OK ||
	    len > ep->ep_inline_send - hdrlen ||
	    read_bytes_from_xdr_buf(&rqst->rq_snd_buf, 0,
				    req->bc_sendbuf + hdrlen, len)) {
		xprtrdma_count(rx, st_marshal_fail);
		xprtrdma_bc_drop(rx, xid, RPCRDMA_DROP_TOO_LONG);
		return -EMSGSIZE;
	}
	if (!xprtrdma_sq_reserve(ep, 1)) {
		xprtrdma_space_wait(rx);
		if (!xprtrdma_sq_reserve(ep, 1))
			return -EAGAIN;
	}
	/* Version 2: the Reply takes one of the server's credits */
	if (ep->ep_vers == RPCRDMA_VERSION_2 && !xprtrdma_v2_take(ep)) {
		xprtrdma_space_wait(rx);
		if (!xprtrdma_v2_take(ep)) {
			xprtrdma_v2_watch_start(ep, 0);
			xprtrdma_sq_release(ep, 1);
			return -EAGAIN;
		}
	}
	rc = xprtrdma_bc_post(ep, req, hdrlen + len);
	if (rc) {
		if (ep->ep_vers == RPCRDMA_VERSION_2)
			xprtrdma_v2_untake(ep);
		xprtrdma_sq_release(ep, 1);
		return rc;
	}
	xprtrdma_count(rx, st_bc_replies);
	xprtrdma_count_add(rx, st_send_copy, len);
	trace_xprtrdma_bc_reply(xprt->id, xid, len, xprtrdma_bc_credits(rx));
	return 0;
}
