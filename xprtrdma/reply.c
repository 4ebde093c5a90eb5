// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: matching replies to Calls and rebuilding the RPC reply.
 *
 * A Receive is decoded with the shared codec, matched to its Call by xid
 * and checked against the chunks that Call offered. The reply is then
 * laid out in rq_private_buf the way a stream transport would leave it:
 * bytes in order through head, page list and tail. Data the peer wrote
 * into a Write chunk already sits at the start of the page list, so the
 * inline bytes around it are copied to either side of it.
 *
 * Every malformed reply has one outcome, the one core/codec_err.c gives
 * a Requester: a message too short to trust or an error report we do
 * not understand is dropped and its Receive reposted; anything else we
 * cannot use (a header that does not parse, chunks that do not match
 * what the Call offered) closes the connection, and the Call is sent
 * again on the next one.
 */

#include <linux/highmem.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/* RFC 8166, Section 3.3.1: the grant is at least one and at most asked */
VISIBLE_IF_KUNIT u32 xprtrdma_grant(struct xprtrdma_ep *ep, u32 grant, u32 xid)
{
	u32 credits = clamp(grant, 1U, ep->ep_credits);

	if (credits != grant) {
		xprtrdma_count(ep->ep_rx, st_credit_clamped);
		trace_xprtrdma_credit_clamp(xid, grant, ep->ep_credits);
	}
	return credits;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_grant);

/*
 * @credits: Version 1, the grant; Version 2 (@ep's ep_vers), the open
 * window, to which the Calls still out are added, since a Version 2
 * credit value counts every message the server has taken (v2-07,
 * Section 4.2.1). The Call this Reply answers is no longer out: its
 * share of xprt->cong goes just below. The send path enforces the
 * window itself (v2.c); the congestion window only keeps RPCs from
 * queueing up behind it.
 */
VISIBLE_IF_KUNIT void xprtrdma_update_credits(struct xprtrdma_ep *ep,
					      struct rpc_rqst *rqst, u32 credits)
{
	struct rpc_xprt *xprt = rqst->rq_xprt;
	u32 out;

	spin_lock(&xprt->transport_lock);
	if (ep->ep_vers == RPCRDMA_VERSION_2) {
		out = xprt->cong >> RPC_CWNDSHIFT;
		if (rqst->rq_cong && out)
			out--;
		credits = clamp(credits + out, 1U, ep->ep_credits);
	}
	xprt->cwnd = credits << RPC_CWNDSHIFT;
	/* This Call no longer holds one of the peer's credits */
	xprt_release_rqst_cong(rqst->rq_task);
	spin_unlock(&xprt->transport_lock);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_update_credits);

/*
 * Offered vs. returned segments of a Write or Reply chunk. An empty
 * Write chunk comes back only for an empty one offered (RFC 8166,
 * Section 4.3.2.3), and we never offer one (marshal.c): an empty chunk
 * where ours had segments says the result went inline although we made
 * room for it, a Reply other than the Call asked for.
 */
static int xprtrdma_check_chunk(const struct rpcrdma_write_chunk *got,
				const struct rpcrdma_write_chunk *sent,
				u32 *total)
{
	const struct rpcrdma_segment *g, *s;
	bool partial = false;
	u32 i, sum = 0;

	if (got->wc_nsegs > sent->wc_nsegs ||
	    (!got->wc_nsegs && sent->wc_nsegs))
		return -EPROTO;
	for (i = 0; i < got->wc_nsegs; i++) {
		g = &got->wc_segs[i];
		s = &sent->wc_segs[i];
		/* RFC 8166, Section 3.4.6: lengths say what was written */
		if (g->rs_handle != s->rs_handle || g->rs_length > s->rs_length)
			return -EPROTO;
		/* Segments fill in order; data after a gap we cannot place */
		if (partial && g->rs_length)
			return -EPROTO;
		if (g->rs_length < s->rs_length)
			partial = true;
		sum += g->rs_length;
	}
	*total = sum;
	return 0;
}

/* Give NULL entries of a sparse page list pages, where bytes will land */
static int xprtrdma_fill_sparse(struct xdr_buf *buf, u32 offset, u32 len)
{
	u32 hlen = buf->head[0].iov_len, start, end, i;

	if (!(buf->flags & XDRBUF_SPARSE_PAGES) || !buf->page_len)
		return 0;
	start = max(offset, hlen);
	end = min(offset + len, hlen + buf->page_len);
	if (start >= end)
		return 0;
	start = (buf->page_base + start - hlen) >> PAGE_SHIFT;
	end = (buf->page_base + end - hlen - 1) >> PAGE_SHIFT;
	for (i = start; i <= end; i++) {
		if (buf->pages[i])
			continue;
		buf->pages[i] = alloc_page(GFP_NOWAIT | __GFP_NOWARN);
		if (!buf->pages[i])
			return -ENOMEM;
	}
	return 0;
}

static int xprtrdma_copy_in(struct xdr_buf *buf, u32 offset, const void *src,
			    u32 len)
{
	if (!len)
		return 0;
	if (xprtrdma_fill_sparse(buf, offset, len))
		return -ENOMEM;
	if (write_bytes_to_xdr_buf(buf, offset, (void *)src, len))
		return -EMSGSIZE;
	return 0;
}

/*
 * The Write chunk holds @wlen bytes at the start of the page list. The
 * inline bytes before it fill the head; the data's XDR roundup, which
 * the peer does not send (RFC 8166, Section 3.4.6.2), is supplied here,
 * and the inline bytes after the data follow it.
 */
static int xprtrdma_place_write(struct rpc_rqst *rqst, const u8 *src,
				u32 len, u32 wlen)
{
	static const u8 zero[RPCRDMA_XDR_UNIT];
	struct xdr_buf *buf = &rqst->rq_private_buf;
	u32 head = buf->head[0].iov_len, pad, rest;

	if (wlen > buf->page_len)
		return -EMSGSIZE;
	if (len < head) {
		/* Shorter than the upper layer planned: data starts here */
		buf->buflen -= head - len;
		buf->head[0].iov_len = len;
		rqst->rq_rcv_buf.buflen = buf->buflen;
		rqst->rq_rcv_buf.head[0].iov_len = len;
		head = len;
	}
	memcpy(buf->head[0].iov_base, src, head);
	rest = len - head;
	/* The RPC client wants whole XDR units even when nothing follows */
	pad = xdr_pad_size(wlen);
	if (xprtrdma_copy_in(buf, head + wlen, zero, pad) ||
	    xprtrdma_copy_in(buf, head + wlen + pad, src + head, rest))
		return -EMSGSIZE;
	return head + wlen + pad + rest;
}

/*
 * RPC-over-RDMA errors become an RPC reply the RPC client already knows
 * how to fail: ERR_VERS a "RPC version mismatch" (the Call fails with
 * EPROTONOSUPPORT), ERR_CHUNK a "system error" (EIO after the usual
 * garbage retries). Either way the Call ends; nothing waits forever.
 */
static int xprtrdma_reply_error(struct xprtrdma_ep *ep, struct rpc_rqst *rqst,
				const struct rpcrdma_v1_msg *msg)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	u32 xid = msg->m1_prefix.px_xid;
	__be32 rpc[6];

	rpc[0] = rqst->rq_xid;
	rpc[1] = rpc_reply;
	if (msg->m1_error.e1_code == RPCRDMA1_ERR_VERS) {
		xprtrdma_count(rx, st_err_vers);
		trace_xprtrdma_err_vers(xid, msg->m1_error.e1_vers_low,
					msg->m1_error.e1_vers_high);
		pr_warn_ratelimited("xprtrdma: server %s does not speak RPC-over-RDMA version 1 (it supports %u to %u)\n",
				    rx->rx_xprt.servername,
				    msg->m1_error.e1_vers_low,
				    msg->m1_error.e1_vers_high);
		rpc[2] = cpu_to_be32(RPC_MSG_DENIED);
		rpc[3] = rpc_mismatch;
		rpc[4] = cpu_to_be32(RPC_VERSION);
		rpc[5] = cpu_to_be32(RPC_VERSION);
	} else {
		xprtrdma_count(rx, st_err_chunk);
		trace_xprtrdma_err_chunk(xid, msg->m1_error.e1_code);
		rpc[2] = rpc_msg_accepted;
		rpc[3] = rpc_auth_null;
		rpc[4] = xdr_zero;
		rpc[5] = rpc_system_err;
	}
	if (xprtrdma_copy_in(&rqst->rq_private_buf, 0, rpc, sizeof(rpc)))
		return -EMSGSIZE;
	return sizeof(rpc);
}

/*
 * A Long Reply's RPC message arrived in the Reply chunk, where the codec
 * could not compare its xid with rdma_xid as it does for inline ones:
 * the two must match (RFC 8166, Section 4.2.1), and the RPC client does
 * not look at the xid again.
 */
static int xprtrdma_check_long(struct rpc_rqst *rqst, u32 rlen)
{
	const struct kvec *head = &rqst->rq_rcv_buf.head[0];

	if (rpcrdma_check_xid(be32_to_cpu(rqst->rq_xid), head->iov_base,
			      min_t(size_t, head->iov_len, rlen)) !=
	    RPCRDMA_CE_OK)
		return -EPROTO;
	return rlen;
}

/*
 * Both forms of a Reply to a Call that offered a Reply chunk are
 * accepted: RDMA_MSG with the chunk unused (absent, or returned with
 * zero lengths), and RDMA_NOMSG with the whole RPC message in it. A
 * server writes the chunk only when the Reply would not fit inline
 * (v2-07, Section 6.6.3); otherwise it may do either (Documentation/
 * xprtrdma.rst, "Replies").
 */
VISIBLE_IF_KUNIT int xprtrdma_reply_place(struct xprtrdma_ep *ep,
					  struct xprtrdma_req *req,
					  struct xprtrdma_rep *rep,
					  const u8 *src)
{
	const struct rpcrdma_chunks *sent = &req->req_msg.m1_chunks;
	const struct rpcrdma_v1_msg *msg = &rep->rep_msg;
	const struct rpcrdma_chunks *got = &msg->m1_chunks;
	struct rpc_rqst *rqst = &req->req_rqst;
	u32 wlen = 0, rlen = 0;

	/* Every path below reads or writes memory the chunks map */
	xprtrdma_mrs_sync_for_cpu(req);
	if (msg->m1_prefix.px_proc == RPCRDMA1_ERROR)
		return xprtrdma_reply_error(ep, rqst, msg);

	if (got->ch_writes.wl_nchunks > sent->ch_writes.wl_nchunks)
		return -EPROTO;
	if (got->ch_writes.wl_nchunks &&
	    xprtrdma_check_chunk(&got->ch_writes.wl_chunks[0],
				 &sent->ch_writes.wl_chunks[0], &wlen))
		return -EPROTO;
	if (got->ch_has_reply &&
	    (!sent->ch_has_reply ||
	     xprtrdma_check_chunk(&got->ch_reply, &sent->ch_reply, &rlen)))
		return -EPROTO;
	xprtrdma_count_add(ep->ep_rx, st_write_bytes, wlen + rlen);

	/* RFC 8166, Section 3.5.3: a Long Reply is all in the Reply chunk */
	if (msg->m1_prefix.px_proc == RPCRDMA1_NOMSG)
		return rlen && !wlen ? xprtrdma_check_long(rqst, rlen) : -EPROTO;
	if (rlen)
		return -EPROTO;

	xprtrdma_count_add(ep->ep_rx, st_recv_copy, msg->m1_msg_len);
	if (wlen)
		return xprtrdma_place_write(rqst, src, msg->m1_msg_len, wlen);
	if (xprtrdma_copy_in(&rqst->rq_private_buf, 0, src, msg->m1_msg_len))
		return -EMSGSIZE;
	return msg->m1_msg_len;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_reply_place);

/*
 * Is this Receive a reverse-direction Call (RFC 8167)? The RPC msg_type
 * says, not the transport header. Replies are the common case, so they
 * are decoded first and looked at again only when they might be a Call:
 * an RDMA_MSG whose RPC message says CALL, or a header the Reply decoder
 * refused for a Read list (which only Calls carry) or an xid mismatch
 * (which the reverse decoder reports for Calls).
 */
static enum rpcrdma_reverse_class xprtrdma_classify(struct xprtrdma_rep *rep,
						    u32 len,
						    enum rpcrdma_codec_err err)
{
	const struct rpcrdma_v1_msg *msg = &rep->rep_msg;
	const __be32 *p = rep->rep_buf + msg->m1_hdr_len;

	switch (err) {
	case RPCRDMA_CE_OK:
		if (msg->m1_prefix.px_proc != RPCRDMA1_MSG ||
		    msg->m1_msg_len < 2 * RPCRDMA_XDR_UNIT || p[1] != rpc_call)
			return RPCRDMA_REV_FORWARD;
		fallthrough;
	case RPCRDMA_CE_READS_IN_REPLY:
	case RPCRDMA_CE_XID:
		return rpcrdma_v1_decode_reverse(rep->rep_buf, len,
						 RPCRDMA_RPC_CALL,
						 &rep->rep_msg);
	default:
		return RPCRDMA_REV_FORWARD;
	}
}

/* Find the Call a reply answers and pin it; NULL if there is none. */
static struct xprtrdma_req *xprtrdma_reply_match(struct xprtrdma_ep *ep,
						 u32 xid)
{
	struct rpc_xprt *xprt = &ep->ep_rx->rx_xprt;
	struct xprtrdma_req *req = NULL;
	struct rpc_rqst *rqst;

	spin_lock(&xprt->queue_lock);
	rqst = xprt_lookup_rqst(xprt, cpu_to_be32(xid));
	if (rqst) {
		req = xprtrdma_req(rqst);
		/* Only one reply per Send, and only on its connection */
		if (req->req_ep == ep &&
		    test_and_clear_bit(XPRTRDMA_REQ_AWAIT_REPLY,
				       &req->req_flags)) {
			xprt_pin_rqst(rqst);
		} else {
			/* As unknown xids are: xprt_lookup_rqst() counts them */
			xprt->stat.bad_xids++;
			req = NULL;
		}
	}
	spin_unlock(&xprt->queue_lock);
	return req;
}

/*
 * A Reply (or an error answering a Call) in rep->rep_msg, decoded and
 * checked; its inline RPC message is at @src. Match it to its Call,
 * apply the credits, place the reply and start invalidation.
 */
static void xprtrdma_reply_forward(struct xprtrdma_ep *ep,
				   struct xprtrdma_rep *rep, struct ib_wc *wc,
				   const u8 *src)
{
	struct rpcrdma_v1_msg *msg = &rep->rep_msg;
	struct xprtrdma_xprt *rx = ep->ep_rx;
	u32 xid = msg->m1_prefix.px_xid;
	struct xprtrdma_req *req;
	u32 credits;
	int len;

	req = xprtrdma_reply_match(ep, xid);
	if (!req) {
		trace_xprtrdma_unmatched(rx->rx_xprt.id, ep->ep_rcq_id,
					 rep->rep_cid, xid,
					 RPCRDMA_DROP_NO_CALL);
		return;
	}
	trace_xprtrdma_reply(rx->rx_xprt.id, ep->ep_rcq_id, rep->rep_cid, xid,
			     msg->m1_prefix.px_proc);
	/* The server has the Call: its Send buffer is free (send.c) */
	xprtrdma_send_consumed(req);

	if (wc->wc_flags & IB_WC_WITH_INVALIDATE) {
		trace_xprtrdma_remote_inv(xid, wc->ex.invalidate_rkey);
		xprtrdma_mrs_remote_inv(req, wc->ex.invalidate_rkey);
	}

	len = xprtrdma_reply_place(ep, req, rep, src);
	if (len < 0) {
		/*
		 * The Reply does not fit what the Call offered: the server
		 * does not follow the protocol, so neither its credits nor
		 * the state of our chunks can be trusted any more. Close;
		 * the Call goes out again on the next connection.
		 */
		xprtrdma_count(rx, st_bad_reply);
		trace_xprtrdma_bad_placement(xid, len);
		spin_lock(&rx->rx_xprt.queue_lock);
		xprt_unpin_rqst(&req->req_rqst);
		spin_unlock(&rx->rx_xprt.queue_lock);
		xprtrdma_ep_fail(ep);
		return;
	}
	/*
	 * The connection carries replies: a later reconnect need not wait.
	 * Only one that checked out says so; a server whose every Reply
	 * closes the connection meets the reconnect backoff.
	 */
	if (READ_ONCE(rx->rx_xprt.reestablish_timeout))
		WRITE_ONCE(rx->rx_xprt.reestablish_timeout, 0);
	/* Only a Reply that checked out moves the credits */
	if (ep->ep_vers == RPCRDMA_VERSION_2)
		credits = xprtrdma_v2_cwnd(ep);
	else
		credits = xprtrdma_grant(ep, msg->m1_prefix.px_credits, xid);
	xprtrdma_update_credits(ep, &req->req_rqst, credits);
	req->req_reply_len = len;
	xprtrdma_mrs_invalidate(ep, req);
}

/**
 * xprtrdma_reply_handle - process one received message
 * @ep: the connection
 * @rep: the Receive, its buffer synced for the CPU
 * @wc: its completion
 *
 * Everything needed from the Receive buffer is copied out before this
 * returns, so the caller can repost it at once.
 * Context: the Receive CQ's work item.
 */
void xprtrdma_reply_handle(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			   struct ib_wc *wc)
{
	struct rpcrdma_v1_msg *msg = &rep->rep_msg;
	struct xprtrdma_xprt *rx = ep->ep_rx;
	enum rpcrdma_reverse_class rc;
	enum rpcrdma_codec_err err;
	const u8 *src = NULL;

	if (READ_ONCE(ep->ep_vers) != RPCRDMA_VERSION_1) {
		if (xprtrdma_v2_receive(ep, rep, wc, &src))
			xprtrdma_reply_forward(ep, rep, wc, src);
		return;
	}

	err = rpcrdma_v1_decode_reply(rep->rep_buf, wc->byte_len,
				      XPRTRDMA_MAX_REPLY, msg);
	rc = xprtrdma_classify(rep, wc->byte_len, err);
	if (rc != RPCRDMA_REV_FORWARD) {
		xprtrdma_bc_receive(ep, rep, rc);
		return;
	}
	if (err != RPCRDMA_CE_OK) {
		xprtrdma_count(rx, st_bad_reply);
		trace_xprtrdma_bad_reply(rx->rx_xprt.id, msg->m1_prefix.px_xid,
					 err);
		/*
		 * The codec says what a Requester does about a message it
		 * cannot use (core/codec_err.c): a Reply it cannot parse
		 * leaves the state of credits and chunks unknown, so the
		 * connection closes and the Call is sent again on the next
		 * one rather than wait out its timeout. That includes a
		 * Version 2 answer arriving after this connection settled
		 * on Version 1 (v2.c); the next connection stays in Version 1.
		 */
		if (rpcrdma_codec_action(err, RPCRDMA_ROLE_REQUESTER) ==
		    RPCRDMA_ACT_CLOSE)
			xprtrdma_ep_fail(ep);
		return;
	}
	xprtrdma_reply_forward(ep, rep, wc, rep->rep_buf + msg->m1_hdr_len);
}
