// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC-over-RDMA Version 2 (draft-ietf-nfsv4-rpcrdma-version-two-07,
 * "v2-07" below) on the client side.
 *
 * Negotiation (v2-07, Section 4.3). A new connection starts with one
 * message from us in Version 2: RDMA2_CONNPROP_FINAL with our transport
 * properties (Section 6.3.4 has each peer send one after the connection
 * is established; ours fits the 1024 octets Section 4.3 allows). The
 * connect worker, which holds XPRT_LOCKED so no Call can go out, waits
 * for the answer:
 *   - a Version 2 message (the server's CONNPROP_FINAL): Version 2, with
 *     the server's properties applied before the first Call;
 *   - ERR_VERS (RDMA2_ERROR or Version 1 RDMA_ERROR, core/codec_v2_map.c
 *     reads both): Version 1 on this same connection (Section 4.3.2);
 *   - nothing within XPRTRDMA_V2_ANSWER_MS: the same, Section 4.3.2
 *     counts a lost or dropped first message as a refusal.
 * The last two are remembered for the transport (rx_v1_only), so later
 * connections to that server start in Version 1: no negotiation loop.
 * A Version 2 message that reaches a connection that settled on Version
 * 1 (a late answer) closes it; the next one stays in Version 1.
 *
 * Flow control (Section 4.2.1, read as core/codec_v2_map.c explains):
 * every message we post takes one credit from the window the server's
 * latest rdma_credit opens; a Call that finds none makes the transport
 * wait for buffer space, and each Receive that moves the window wakes
 * it. Every message we send carries received + advertised, where we
 * advertise all Receives but the one being processed and the extra one
 * Section 4.2.1.1 keeps for an RDMA2_GRANT. When the server has used
 * more than half of what we last advertised and we have sent nothing
 * since, we send RDMA2_GRANT; a GRANT may use the server's extra
 * Receive when the window is closed.
 *
 * Control messages (CONNPROP_FINAL, GRANT, RDMA2_ERROR) share one small
 * mapped buffer per connection, one Send at a time; one that finds the
 * buffer busy or no credit is dropped and counted (a later message
 * refreshes credits; an error answer is a courtesy).
 *
 * The Receive path (the answer to our first message, the server's
 * rdma_credit and control messages, RDMA2_ERROR, continued Replies,
 * reverse-direction Calls) is in recv_v2.c.
 */

#include <linux/random.h>
#include <linux/slab.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/* ep_ctl_busy bit */
#define XPRTRDMA_CTL_BUSY	0

/**
 * xprtrdma_v2_init - prepare a connection that will offer Version 2
 * @ep: the connection; its PD exists
 *
 * Return: 0 or -ENOMEM/-EIO.
 */
int xprtrdma_v2_init(struct xprtrdma_ep *ep)
{
	struct ib_device *dev = ep->ep_id->device;

	init_completion(&ep->ep_neg_done);
	atomic_set(&ep->ep_v2_sent, 0);
	ep->ep_v2_limit = RPCRDMA2_INITIAL_CREDITS;
	/* All but the Receive being processed and the GRANT's one */
	ep->ep_v2_adv = ep->ep_nreps - 2;
	spin_lock_init(&ep->ep_post_lock);
	ep->ep_v2_msg = kmalloc(sizeof(*ep->ep_v2_msg), GFP_KERNEL);
	ep->ep_ctl_buf = kmalloc(XPRTRDMA_CTL_SIZE, GFP_KERNEL);
	if (!ep->ep_v2_msg || !ep->ep_ctl_buf)
		return -ENOMEM;
	ep->ep_ctl_dma = ib_dma_map_single(dev, ep->ep_ctl_buf,
					   XPRTRDMA_CTL_SIZE, DMA_TO_DEVICE);
	if (ib_dma_mapping_error(dev, ep->ep_ctl_dma)) {
		kfree(ep->ep_ctl_buf);
		ep->ep_ctl_buf = NULL;
		return -EIO;
	}
	/* Continued Calls are an optimisation: without the buffer, chunks */
	ep->ep_ccall_buf = kmalloc(XPRTRDMA_CCALL_PARTS *
				   ep->ep_rx->rx_inline_send, GFP_KERNEL);
	if (ep->ep_ccall_buf) {
		ep->ep_ccall_dma = ib_dma_map_single(dev, ep->ep_ccall_buf,
						     XPRTRDMA_CCALL_PARTS *
						     ep->ep_rx->rx_inline_send,
						     DMA_TO_DEVICE);
		if (ib_dma_mapping_error(dev, ep->ep_ccall_dma)) {
			kfree(ep->ep_ccall_buf);
			ep->ep_ccall_buf = NULL;
		}
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_init);

/**
 * xprtrdma_v2_release - free what xprtrdma_v2_init() set up
 * @ep: the connection, its Send Queue drained
 */
void xprtrdma_v2_release(struct xprtrdma_ep *ep)
{
	if (ep->ep_ctl_buf) {
		ib_dma_unmap_single(ep->ep_id->device, ep->ep_ctl_dma,
				    XPRTRDMA_CTL_SIZE, DMA_TO_DEVICE);
		kfree(ep->ep_ctl_buf);
		ep->ep_ctl_buf = NULL;
	}
	if (ep->ep_ccall_buf) {
		ib_dma_unmap_single(ep->ep_id->device, ep->ep_ccall_dma,
				    XPRTRDMA_CCALL_PARTS *
				    ep->ep_rx->rx_inline_send, DMA_TO_DEVICE);
		kfree(ep->ep_ccall_buf);
		ep->ep_ccall_buf = NULL;
	}
	kfree(ep->ep_v2_msg);
	ep->ep_v2_msg = NULL;
	kvfree(ep->ep_cont_buf);
	ep->ep_cont_buf = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_release);

/**
 * xprtrdma_v2_take - take one of the server's credits for a Send
 * @ep: a Version 2 connection
 *
 * Return: false when the window is closed.
 */
bool xprtrdma_v2_take(struct xprtrdma_ep *ep)
{
	int sent = atomic_read(&ep->ep_v2_sent);

	do {
		if (!rpcrdma_v2_window(sent, READ_ONCE(ep->ep_v2_limit)))
			return false;
	} while (!atomic_try_cmpxchg(&ep->ep_v2_sent, &sent, sent + 1));
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_take);

/**
 * xprtrdma_v2_untake - give back a credit whose Send was never posted
 * @ep: the connection
 */
void xprtrdma_v2_untake(struct xprtrdma_ep *ep)
{
	atomic_dec(&ep->ep_v2_sent);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_untake);

/**
 * xprtrdma_v2_watch_start - a sender found the window closed
 * @ep: a Version 2 connection
 * @timeout: the waiting Call's retransmit timeout (rq_timeout), 0 if none
 *
 * Section 4.2.1 lets the server grant nothing and refresh the credit
 * later, so the sender waits; the watch bounds that wait. It runs once
 * the longer of the Call's timeout and XPRTRDMA_STALL_TIMEOUT has
 * passed, so it never closes the connection sooner than an unanswered
 * Call's own timer would (xprtrdma_timer()). One watch at a time: a
 * sender that finds one queued leaves it be.
 */
void xprtrdma_v2_watch_start(struct xprtrdma_ep *ep, unsigned long timeout)
{
	if (test_and_set_bit(XPRTRDMA_EP_V2_WATCH, &ep->ep_flags))
		return;
	ep->ep_v2_watch_limit = READ_ONCE(ep->ep_v2_limit);
	ep->ep_v2_watch_delay = max(timeout, XPRTRDMA_STALL_TIMEOUT);
	queue_delayed_work(system_wq, &ep->ep_v2_watch, ep->ep_v2_watch_delay);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_watch_start);

/**
 * xprtrdma_v2_watch - close a connection whose window stayed shut
 * @work: ep_v2_watch of the connection
 *
 * Nothing to do when no sender waits for space (XPRT_WRITE_SPACE clear)
 * or the window is open (the credit value that opened it woke them). A
 * value that moved the limit but left the window closed woke them too,
 * and a sender that then found it closed left this watch be: it is
 * queued again, for the new limit. A limit that did not move, with the
 * window still closed and a sender waiting, means the server kept it
 * shut for the whole wait (a server resending the same value included):
 * the connection is closed, and the Calls go out again on the next
 * one, whose window starts afresh.
 *
 * Context: a work item, cancelled when the connection is torn down.
 */
void xprtrdma_v2_watch(struct work_struct *work)
{
	struct xprtrdma_ep *ep = container_of(to_delayed_work(work),
					      struct xprtrdma_ep,
					      ep_v2_watch);
	struct rpc_xprt *xprt = &ep->ep_rx->rx_xprt;
	u32 armed = ep->ep_v2_watch_limit, limit;
	int sent;

	/*
	 * From here on a sender that finds the window closed queues the
	 * watch itself; one that found it closed before is seen below.
	 */
	clear_bit(XPRTRDMA_EP_V2_WATCH, &ep->ep_flags);
	/* The clearing before the reads, as xprtrdma_space_wait() orders */
	smp_mb__after_atomic();
	limit = READ_ONCE(ep->ep_v2_limit);
	sent = atomic_read(&ep->ep_v2_sent);
	if (!test_bit(XPRT_WRITE_SPACE, &xprt->state) ||
	    rpcrdma_v2_window(sent, limit))
		return;
	if (limit != armed) {
		xprtrdma_v2_watch_start(ep, ep->ep_v2_watch_delay);
		return;
	}
	xprtrdma_count(ep->ep_rx, st_v2_credit_stalls);
	trace_xprtrdma_v2_stall(ep->ep_rx->rx_xprt.id, sent, limit);
	xprtrdma_ep_fail(ep);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_watch);

/* RDMA2_GRANT may also use the extra Receive (Section 4.2.1.1) */
VISIBLE_IF_KUNIT bool xprtrdma_v2_take_grant(struct xprtrdma_ep *ep)
{
	int sent;

	if (xprtrdma_v2_take(ep))
		return true;
	sent = atomic_read(&ep->ep_v2_sent);
	return (u32)sent == READ_ONCE(ep->ep_v2_limit) &&
	       atomic_try_cmpxchg(&ep->ep_v2_sent, &sent, sent + 1);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_take_grant);

/**
 * xprtrdma_v2_credit_value - rdma_credit for a message we send
 * @ep: a Version 2 connection
 *
 * The value a header is built with; xprtrdma_v2_stamp() replaces it
 * when the message is posted.
 *
 * Return: Receives completed so far plus the credits we advertise.
 */
u32 xprtrdma_v2_credit_value(struct xprtrdma_ep *ep)
{
	return READ_ONCE(ep->ep_v2_recvd) + ep->ep_v2_adv;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_credit_value);

/**
 * xprtrdma_v2_stamp - write a message's rdma_credit as it is posted
 * @ep: a Version 2 connection
 * @hdr: the message's transport header
 * @dma: its DMA address (the word written is synced for the device)
 *
 * The server takes the rdma_credit of the latest message it receives
 * (v2-07, Section 4.2.1), so the values must not go backwards in the
 * order our Sends are posted: Calls, control messages and reverse
 * Replies are built in different contexts. Each is stamped right
 * before ib_post_send() under ep_post_lock, never below the last value
 * stamped; a value once sent stays safe, since Receives completed plus
 * Receives posted never decreases.
 *
 * Context: ep_post_lock held.
 */
void xprtrdma_v2_stamp(struct xprtrdma_ep *ep, void *hdr, u64 dma)
{
	u32 v = xprtrdma_v2_credit_value(ep);
	__be32 *p = hdr;

	lockdep_assert_held(&ep->ep_post_lock);
	if ((s32)(v - ep->ep_v2_granted) < 0)
		v = ep->ep_v2_granted;
	WRITE_ONCE(ep->ep_v2_granted, v);
	p[2] = cpu_to_be32(v);
	ib_dma_sync_single_for_device(ep->ep_id->device, dma,
				      RPCRDMA_PREFIX_SIZE, DMA_TO_DEVICE);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_stamp);

/**
 * xprtrdma_v2_post_call - post a Call's chain on a Version 2 connection
 * @ep: the connection
 * @req: the Call; its CALL_MIDDLE parts (if any) are in the chain
 * @chain: the first WR
 *
 * Every Send of the chain is stamped (xprtrdma_v2_stamp()), and the
 * chain is posted under ep_post_lock, so nothing else lands between the
 * parts of a continued Call (Section 4.1).
 *
 * Return: ib_post_send()'s.
 */
int xprtrdma_v2_post_call(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			  const struct ib_send_wr *chain)
{
	u32 stride = ep->ep_rx->rx_inline_send;
	unsigned int i;
	int rc;

	spin_lock(&ep->ep_post_lock);
	for (i = 0; i < req->req_nmid; i++)
		xprtrdma_v2_stamp(ep, ep->ep_ccall_buf + i * stride,
				  ep->ep_ccall_dma + i * stride);
	xprtrdma_v2_stamp(ep, req->req_sendbuf, req->req_send_dma);
	rc = ib_post_send(ep->ep_id->qp, chain, NULL);
	spin_unlock(&ep->ep_post_lock);
	return rc;
}

/**
 * xprtrdma_v2_cwnd - messages the server's latest credit value allows
 * @ep: a Version 2 connection
 *
 * Return: the open window (may be 0).
 */
u32 xprtrdma_v2_cwnd(struct xprtrdma_ep *ep)
{
	return rpcrdma_v2_window(atomic_read(&ep->ep_v2_sent),
				 READ_ONCE(ep->ep_v2_limit));
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_cwnd);

static void xprtrdma_ctl_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_ep *ep = container_of(wc->wr_cqe, struct xprtrdma_ep,
					      ep_ctl_cqe);

	trace_xprtrdma_wc_send(ep->ep_scq_id, ep->ep_ctl_cid, wc);
	xprtrdma_sq_release(ep, 1);
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);
	clear_bit_unlock(XPRTRDMA_CTL_BUSY, &ep->ep_ctl_busy);
}

/* Post @len octets of the control buffer; its credit is already taken */
static int xprtrdma_ctl_post(struct xprtrdma_ep *ep, u32 len)
{
	int rc;

	if (!xprtrdma_sq_reserve(ep, 1))
		return -EAGAIN;
	ib_dma_sync_single_for_device(ep->ep_id->device, ep->ep_ctl_dma, len,
				      DMA_TO_DEVICE);
	ep->ep_ctl_cqe.done = xprtrdma_ctl_done;
	xprtrdma_init_send(ep, &ep->ep_ctl_wr, &ep->ep_ctl_sge,
			   &ep->ep_ctl_cqe, ep->ep_ctl_dma, len);
	/* Never inside a continued Call (Section 4.1) */
	spin_lock(&ep->ep_post_lock);
	xprtrdma_v2_stamp(ep, ep->ep_ctl_buf, ep->ep_ctl_dma);
	rc = ib_post_send(ep->ep_id->qp, &ep->ep_ctl_wr, NULL);
	spin_unlock(&ep->ep_post_lock);
	if (rc) {
		trace_xprtrdma_post_send_err(ep->ep_rx->rx_xprt.id, rc);
		xprtrdma_sq_release(ep, 1);
		xprtrdma_ep_fail(ep);
	}
	return rc;
}

/*
 * Continued Calls (v2-07, Sections 4.1 and 6.6.2). A Call larger than
 * one Send goes as CALL_MIDDLE parts and a final CALL_INLINE, which
 * carries the Call's chunk lists and rdma_inv_handle and comes from the
 * request's own Send buffer. The parts come from ep_ccall_buf, one
 * slot of rx_inline_send octets each; each takes a credit and a Send
 * Queue slot, all of them reserved before anything is built, so a
 * continued Call never waits halfway. The whole sequence is posted in
 * one chain under ep_post_lock, which every other Send that does not
 * hold XPRT_LOCKED (control messages, reverse-direction Replies) takes
 * as well: nothing else lands between the parts. The Send of the last
 * CALL_MIDDLE frees the buffer (Sends complete in order).
 */

/* Octets of the Call in the next part when @left remain: each part,
 * and the final CALL_INLINE, carries at least rdma_rpc_first_word
 */
static u32 xprtrdma_ccall_take(u32 left, u32 mid)
{
	return min(mid, left - RPCRDMA_XDR_UNIT);
}

static u32 xprtrdma_ccall_mid(const struct xprtrdma_ep *ep)
{
	return round_down(ep->ep_inline_send - RPCRDMA2_MIDDLE_HDR_SIZE,
			  RPCRDMA_XDR_UNIT);
}

static void xprtrdma_ccall_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_ep *ep = cq->cq_context;
	unsigned int part = wc->wr_cqe - ep->ep_ccall_cqe;

	trace_xprtrdma_wc_send(ep->ep_scq_id,
			       part < XPRTRDMA_CCALL_PARTS ?
			       ep->ep_ccall_cid[part] : 0, wc);
	xprtrdma_sq_release(ep, 1);
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);
	if (wc->wr_cqe == &ep->ep_ccall_cqe[ep->ep_ccall_nmid - 1])
		clear_bit_unlock(XPRTRDMA_CTL_BUSY, &ep->ep_ccall_busy);
	xprtrdma_space_wake(ep->ep_rx);
}

/**
 * xprtrdma_v2_ccall_reserve - may a Call go as a continued Call?
 * @ep: a Version 2 connection
 * @len: octets of the RPC Call
 * @fin: octets of it the final CALL_INLINE can carry after its header
 *
 * Reserves the part buffer, a Send Queue slot and a credit for each
 * CALL_MIDDLE; the final part's were taken with the Call's.
 *
 * Return: the number of CALL_MIDDLE parts, or 0 when the Call goes
 * with a chunk instead (too large, buffer in use, no credit or slot).
 */
unsigned int xprtrdma_v2_ccall_reserve(struct xprtrdma_ep *ep, u32 len,
				       u32 fin)
{
	unsigned int n = 0, i;
	u32 mid, left = len;

	if (!ep->ep_ccall_buf || len % RPCRDMA_XDR_UNIT ||
	    fin < RPCRDMA_XDR_UNIT ||
	    ep->ep_inline_send < RPCRDMA2_MIDDLE_HDR_SIZE + RPCRDMA_XDR_UNIT)
		return 0;
	mid = xprtrdma_ccall_mid(ep);
	while (left > fin) {
		if (++n > XPRTRDMA_CCALL_PARTS)
			return 0;
		left -= xprtrdma_ccall_take(left, mid);
	}
	if (!n || test_and_set_bit_lock(XPRTRDMA_CTL_BUSY, &ep->ep_ccall_busy))
		return 0;
	if (!xprtrdma_sq_reserve(ep, n))
		goto out_busy;
	for (i = 0; i < n; i++) {
		if (!xprtrdma_v2_take(ep))
			goto out_credits;
	}
	ep->ep_ccall_nmid = n;
	return n;

out_credits:
	while (i--)
		xprtrdma_v2_untake(ep);
	xprtrdma_sq_release(ep, n);
out_busy:
	clear_bit_unlock(XPRTRDMA_CTL_BUSY, &ep->ep_ccall_busy);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_ccall_reserve);

/**
 * xprtrdma_v2_ccall_undo - give back what xprtrdma_v2_ccall_reserve() took
 * @ep: the connection
 * @nmid: its return value; nothing was posted
 */
void xprtrdma_v2_ccall_undo(struct xprtrdma_ep *ep, unsigned int nmid)
{
	unsigned int i;

	for (i = 0; i < nmid; i++)
		xprtrdma_v2_untake(ep);
	xprtrdma_sq_release(ep, nmid);
	clear_bit_unlock(XPRTRDMA_CTL_BUSY, &ep->ep_ccall_busy);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_ccall_undo);

/**
 * xprtrdma_v2_ccall_build - fill the CALL_MIDDLE parts of a Call
 * @ep: the connection, parts reserved
 * @req: the Call
 * @nmid: parts reserved
 * @tail: where the first part's WR links; left at the last one's next
 *
 * Return: octets of the Call the parts carry (the final CALL_INLINE
 * carries the rest), or -EMSGSIZE.
 */
int xprtrdma_v2_ccall_build(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			    unsigned int nmid, struct ib_send_wr ***tail)
{
	const struct xdr_buf *snd = &req->req_rqst.rq_snd_buf;
	u32 stride = ep->ep_rx->rx_inline_send, mid = xprtrdma_ccall_mid(ep);
	u32 xid = req->req_msg.m1_prefix.px_xid, off = 0, n;
	unsigned int i;
	size_t hlen;
	u8 *p;

	for (i = 0; i < nmid; i++) {
		p = ep->ep_ccall_buf + i * stride;
		n = xprtrdma_ccall_take(snd->len - off, mid);
		if (rpcrdma_v2_encode_middle(xid, xprtrdma_v2_credit_value(ep),
					     RPCRDMA2_CALL_MIDDLE,
					     snd->len - off - n, p, stride,
					     &hlen) != RPCRDMA_CE_OK ||
		    hlen + n > ep->ep_inline_send ||
		    read_bytes_from_xdr_buf(snd, off, p + hlen, n))
			return -EMSGSIZE;
		ib_dma_sync_single_for_device(ep->ep_id->device,
					      ep->ep_ccall_dma + i * stride,
					      hlen + n, DMA_TO_DEVICE);
		ep->ep_ccall_cqe[i].done = xprtrdma_ccall_done;
		xprtrdma_init_send(ep, &ep->ep_ccall_wr[i], &ep->ep_ccall_sge[i],
				   &ep->ep_ccall_cqe[i],
				   ep->ep_ccall_dma + i * stride, hlen + n);
		**tail = &ep->ep_ccall_wr[i];
		*tail = &ep->ep_ccall_wr[i].next;
		off += n;
	}
	xprtrdma_count(ep->ep_rx, st_v2_cont_sent);
	return off;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_ccall_build);

/* The control buffer, or false if a control message is still out */
static bool xprtrdma_ctl_get(struct xprtrdma_ep *ep)
{
	return ep->ep_ctl_buf &&
	       !test_and_set_bit_lock(XPRTRDMA_CTL_BUSY, &ep->ep_ctl_busy);
}

static void xprtrdma_ctl_put(struct xprtrdma_ep *ep)
{
	clear_bit_unlock(XPRTRDMA_CTL_BUSY, &ep->ep_ctl_busy);
}

/* Our transport properties (v2-07, Section 5.2) */
static void xprtrdma_v2_props_ours(struct xprtrdma_ep *ep,
				   struct rpcrdma_v2_props *pr)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;

	memset(pr, 0, sizeof(*pr));
	pr->pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_SBSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RSSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RCSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_BRS);
	/* No Send of ours is larger; our Receive buffers are this large */
	pr->pr_sbsiz = rx->rx_inline_send;
	pr->pr_rbsiz = rx->rx_inline_recv;
	/* One segment is one MR; a chunk has at most this many of them */
	pr->pr_rssiz = ep->ep_depth << PAGE_SHIFT;
	pr->pr_rcsiz = XPRTRDMA_MAX_CHUNK_MRS;
	/* Reverse direction: Simple format, no chunks (see recv_v2.c) */
	pr->pr_brs = RPCRDMA2_RVRSDIR_SIMPLE;
}

/**
 * xprtrdma_v2_settle - settle the version of a negotiating connection
 * @ep: the connection
 * @vers: the version it speaks from now on
 * @answer: what the server's first answer was (or none)
 *
 * Settle the version once; the first of answer (recv_v2.c) and timeout
 * (xprtrdma_v2_negotiate()) wins.
 *
 * Return: true if this call settled it.
 */
bool xprtrdma_v2_settle(struct xprtrdma_ep *ep, unsigned int vers,
			enum rpcrdma_vers_answer answer)
{
	if (cmpxchg(&ep->ep_vers, 0, vers) != 0)
		return false;
	WRITE_ONCE(ep->ep_neg_answer, answer);
	complete(&ep->ep_neg_done);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_settle);

/**
 * xprtrdma_v2_negotiate - send the Version 2 first message and wait
 * @ep: a connection just established, not yet published
 *
 * Context: the connect worker, holding XPRT_LOCKED.
 * Return: 0 with ep_vers set to 1 or 2; a negative errno if the first
 * message could not be sent.
 */
int xprtrdma_v2_negotiate(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	enum rpcrdma_vers_answer answer;
	struct rpcrdma_v2_props pr;
	size_t len;
	int rc;

	xprtrdma_v2_props_ours(ep, &pr);
	ep->ep_neg_xid = get_random_u32() | 1;
	if (!xprtrdma_ctl_get(ep))
		return -EIO;
	if (rpcrdma_v2_encode_connprop(ep->ep_neg_xid,
				       xprtrdma_v2_credit_value(ep), &pr,
				       ep->ep_ctl_buf, XPRTRDMA_CTL_SIZE,
				       &len) != RPCRDMA_CE_OK ||
	    !xprtrdma_v2_take(ep)) {
		xprtrdma_ctl_put(ep);
		return -EIO;
	}
	rc = xprtrdma_ctl_post(ep, len);
	if (rc) {
		xprtrdma_ctl_put(ep);
		return rc == -EAGAIN ? -ENOBUFS : -ENOTCONN;
	}
	xprtrdma_count(rx, st_v2_offered);

	if (!wait_for_completion_timeout(&ep->ep_neg_done,
					 msecs_to_jiffies(XPRTRDMA_V2_ANSWER_MS)))
		xprtrdma_v2_settle(ep, RPCRDMA_VERSION_1, RPCRDMA_ANSWER_NONE);
	answer = READ_ONCE(ep->ep_neg_answer);
	switch (answer) {
	case RPCRDMA_ANSWER_V2:
		xprtrdma_count(rx, st_v2_accepted);
		break;
	case RPCRDMA_ANSWER_NONE:
		xprtrdma_count(rx, st_v2_silent);
		rx->rx_v1_only = true;
		break;
	default:
		xprtrdma_count(rx, st_v2_refused);
		rx->rx_v1_only = true;
		break;
	}
	trace_xprtrdma_v2_negotiated(rx->rx_xprt.id, ep->ep_vers, answer);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_negotiate);

/**
 * xprtrdma_v2_maybe_grant - keep the server supplied with credits
 * @ep: a Version 2 connection
 *
 * Send RDMA2_GRANT if the server is running short of our credits.
 * Context: the Receive CQ's work item, after each Version 2 message.
 */
void xprtrdma_v2_maybe_grant(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	u32 left = READ_ONCE(ep->ep_v2_granted) - ep->ep_v2_recvd;
	size_t len;
	u32 credit;

	if (left >= ep->ep_v2_adv / 2 && left <= RPCRDMA2_CREDIT_MAX)
		return;
	if (!xprtrdma_ctl_get(ep))
		return;
	if (!xprtrdma_v2_take_grant(ep)) {
		xprtrdma_ctl_put(ep);
		return;
	}
	credit = xprtrdma_v2_credit_value(ep);
	if (rpcrdma_v2_encode_grant(credit, ep->ep_ctl_buf, XPRTRDMA_CTL_SIZE,
				    &len) != RPCRDMA_CE_OK ||
	    xprtrdma_ctl_post(ep, len)) {
		xprtrdma_v2_untake(ep);
		xprtrdma_ctl_put(ep);
		return;
	}
	xprtrdma_count(rx, st_v2_grants_sent);
	trace_xprtrdma_v2_grant(rx->rx_xprt.id, credit, left);
}

/**
 * xprtrdma_v2_send_error - answer a request of the server with RDMA2_ERROR
 * @ep: a Version 2 connection
 * @xid: rdma_xid of the request
 * @e: the error
 *
 * Context: the Receive CQ's work item. Dropped if the control buffer
 * is busy or no credit is left; the server then times the request out.
 */
void xprtrdma_v2_send_error(struct xprtrdma_ep *ep, u32 xid,
			    const struct rpcrdma_v2_error *e)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	size_t len;

	trace_xprtrdma_v2_error_sent(xid, e->e2_code);
	if (!xprtrdma_ctl_get(ep))
		return;
	if (!xprtrdma_v2_take(ep)) {
		xprtrdma_ctl_put(ep);
		return;
	}
	if (rpcrdma_v2_encode_error(xid, RPCRDMA_VERSION_2,
				    xprtrdma_v2_credit_value(ep), e,
				    ep->ep_ctl_buf, XPRTRDMA_CTL_SIZE,
				    &len) != RPCRDMA_CE_OK ||
	    xprtrdma_ctl_post(ep, len)) {
		xprtrdma_v2_untake(ep);
		xprtrdma_ctl_put(ep);
		return;
	}
	xprtrdma_count(rx, st_v2_errors_sent);
}
