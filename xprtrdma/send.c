// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: posting Calls, and the Send Queue space each one holds
 * (the accounting itself is in sq.c).
 *
 * Every Call is one chain: REG_MR for each MR, then its Send. Before
 * posting we reserve Send Queue slots for the chain and for the
 * LOCAL_INV each MR may need later, so that invalidation, which runs
 * from completion handlers and cannot wait, always finds room.
 *
 * Most Call Sends are not signaled. Each posted Call Send gets a record
 * in a ring (struct xprtrdma_sendrec); a Send Queue completes in posting
 * order, so the completion of a signaled Send retires its record and all
 * records before it, giving back the slots of their chains. One Send in
 * ep_signal_every is signaled, and every one while the Send Queue runs
 * low, so a Call that has to wait for slots always has a completion on
 * the way that frees them.
 *
 * An RPC does not wait for its Send: a Reply means the server received
 * the Call, so the adapter is done with the Send buffer (a retransmitted
 * copy of it would be a duplicate the server drops), and the Reply clears
 * XPRTRDMA_REQ_SEND_BUSY. An RPC that ends with no Reply leaves the bit
 * set; its slot is parked, not reused, until a completion retires its
 * Send (xprtrdma_send_park()), or the connection's teardown does.
 */

#include <linux/log2.h>
#include <linux/slab.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/**
 * xprtrdma_reply_done - hand a finished reply to the RPC client
 * @req: an RPC whose reply is placed and MRs invalidated
 *
 * Drops the pin the reply handler took.
 */
void xprtrdma_reply_done(struct xprtrdma_req *req)
{
	struct rpc_rqst *rqst = &req->req_rqst;
	struct rpc_xprt *xprt = rqst->rq_xprt;

	spin_lock(&xprt->queue_lock);
	xprt_complete_rqst(rqst->rq_task, req->req_reply_len);
	xprt_unpin_rqst(rqst);
	spin_unlock(&xprt->queue_lock);
}

/**
 * xprtrdma_sends_init - allocate a connection's ring of Send records
 * @ep: the connection, sized (ep_sq_depth, ep_credits)
 *
 * Every record not yet retired holds at least the slot of its Send, so
 * no more than ep_sq_depth are ever live: a ring that large never wraps
 * onto a live record.
 *
 * Return: 0 or -ENOMEM.
 */
int xprtrdma_sends_init(struct xprtrdma_ep *ep)
{
	u32 n = roundup_pow_of_two(ep->ep_sq_depth);

	ep->ep_recs = kvcalloc(n, sizeof(*ep->ep_recs), GFP_KERNEL);
	if (!ep->ep_recs)
		return -ENOMEM;
	ep->ep_recs_mask = n - 1;
	ep->ep_signal_every = clamp(ep->ep_credits / 4, 1U,
				    XPRTRDMA_SIGNAL_EVERY);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_sends_init);

/**
 * xprtrdma_sends_free - free the ring of Send records
 * @ep: the connection, drained
 */
void xprtrdma_sends_free(struct xprtrdma_ep *ep)
{
	kvfree(ep->ep_recs);
	ep->ep_recs = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_sends_free);

/**
 * xprtrdma_send_consumed - a Reply answered this RPC's Call
 * @req: the RPC, matched and pinned
 *
 * The server has the Call, so the Send buffer may be reused; its record
 * still holds the Send Queue slots until a completion retires it.
 */
void xprtrdma_send_consumed(struct xprtrdma_req *req)
{
	spin_lock(&req->req_lock);
	clear_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
	spin_unlock(&req->req_lock);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_send_consumed);

/**
 * xprtrdma_send_park - keep a slot whose Send may still be read
 * @req: the RPC slot being freed
 *
 * Return: true if the slot is parked: the completion that retires its
 * Send, or the connection's teardown, gives it back.
 */
bool xprtrdma_send_park(struct xprtrdma_req *req)
{
	bool parked = false;

	spin_lock(&req->req_lock);
	if (test_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags)) {
		set_bit(XPRTRDMA_REQ_PARKED, &req->req_flags);
		parked = true;
	}
	spin_unlock(&req->req_lock);
	return parked;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_send_park);

/* @rec is retired: end its request's SEND_BUSY if it is that Send's */
static void xprtrdma_send_release(struct xprtrdma_sendrec *rec)
{
	struct xprtrdma_req *req = rec->sr_req;
	bool unpark = false;

	spin_lock(&req->req_lock);
	if (req->req_send_seq == rec->sr_seq &&
	    test_and_clear_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags))
		unpark = test_and_clear_bit(XPRTRDMA_REQ_PARKED,
					    &req->req_flags);
	spin_unlock(&req->req_lock);
	if (unpark)
		xprtrdma_slot_put(req->req_rx, req);
}

/**
 * xprtrdma_sends_retire - retire Call Sends up to a sequence number
 * @ep: the connection
 * @end: one past the last Send to retire
 *
 * A value of @end outside the posted and not yet retired range (the
 * completion of a record already retired) retires nothing.
 *
 * Context: the send CQ's work item, or the teardown once the QP is
 * drained; never both at once.
 */
VISIBLE_IF_KUNIT void xprtrdma_sends_retire(struct xprtrdma_ep *ep, u32 end)
{
	u32 tail = ep->ep_send_tail;
	/* Pairs with xprtrdma_send_record(): the records up to head are set */
	u32 head = smp_load_acquire(&ep->ep_send_head);
	struct xprtrdma_sendrec *rec;
	unsigned int held = 0;
	u32 last_cid;

	if (end - tail > head - tail)
		return;
	last_cid = ep->ep_recs[(end - 1) & ep->ep_recs_mask].sr_cid;
	for (; tail != end; tail++) {
		rec = &ep->ep_recs[tail & ep->ep_recs_mask];
		held += rec->sr_held;
		if (tail + 1 != end)
			trace_xprtrdma_send_retired(ep->ep_scq_id, rec->sr_cid,
						    last_cid);
		xprtrdma_send_release(rec);
	}
	/* Pairs with the prepare's check: these records may now be reused */
	smp_store_release(&ep->ep_send_tail, tail);
	xprtrdma_sq_release(ep, held);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_sends_retire);

/**
 * xprtrdma_sends_retire_all - retire every Call Send of a drained QP
 * @ep: the connection
 *
 * Context: teardown, after the Send Queue is drained.
 */
void xprtrdma_sends_retire_all(struct xprtrdma_ep *ep)
{
	if (ep->ep_recs)
		xprtrdma_sends_retire(ep, READ_ONCE(ep->ep_send_head));
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_sends_retire_all);

static void xprtrdma_send_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_sendrec *rec = container_of(wc->wr_cqe,
						    struct xprtrdma_sendrec,
						    sr_cqe);
	struct xprtrdma_ep *ep = cq->cq_context;

	trace_xprtrdma_wc_send(ep->ep_scq_id, rec->sr_cid, wc);
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);
	xprtrdma_sends_retire(ep, rec->sr_seq + 1);
	xprtrdma_space_wake(ep->ep_rx);
}

/**
 * xprtrdma_send_signal - whether the next Call Send is signaled
 * @ep: the connection
 *
 * Context: the caller holds XPRT_LOCKED.
 * Return: true for one Send in ep_signal_every, and for every Send while
 * fewer than XPRTRDMA_SQ_LOW Send Queue slots are free.
 */
VISIBLE_IF_KUNIT bool xprtrdma_send_signal(struct xprtrdma_ep *ep)
{
	if (++ep->ep_unsignaled < ep->ep_signal_every &&
	    atomic_read(&ep->ep_sq_avail) >= XPRTRDMA_SQ_LOW)
		return false;
	ep->ep_unsignaled = 0;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_send_signal);

/**
 * xprtrdma_send_record - the record of a Call Send about to be posted
 * @ep: the connection
 * @req: the Call
 * @held: Send Queue slots its chain holds until it is retired
 *
 * Marks @req's Send busy and publishes the record, so that a completion
 * that retires it can find it.
 *
 * Context: the caller holds XPRT_LOCKED.
 * Return: the record.
 */
VISIBLE_IF_KUNIT struct xprtrdma_sendrec *
xprtrdma_send_record(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
		     unsigned int held)
{
	u32 seq = ep->ep_send_head;
	struct xprtrdma_sendrec *rec = &ep->ep_recs[seq & ep->ep_recs_mask];

	rec->sr_req = req;
	rec->sr_seq = seq;
	rec->sr_cid = req->req_send_cid;
	rec->sr_held = held;
	rec->sr_cqe.done = xprtrdma_send_done;
	spin_lock(&req->req_lock);
	req->req_send_seq = seq;
	set_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
	spin_unlock(&req->req_lock);
	/* The record is complete before a retirement can see it */
	smp_store_release(&ep->ep_send_head, seq + 1);
	return rec;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_send_record);

/* Give back MRs that were never posted, and what they had reserved */
static void xprtrdma_send_undo(struct xprtrdma_ep *ep, struct list_head *mrs)
{
	struct frwr_mr *mr, *next;

	list_for_each_entry_safe(mr, next, mrs, fm_list) {
		list_del_init(&mr->fm_list);
		frwr_put(mr);
	}
}

static int xprtrdma_send_prepare(struct xprtrdma_ep *ep,
				 struct xprtrdma_req *req)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;

	if (!xprtrdma_sq_reserve(ep, XPRTRDMA_SQ_PER_CALL)) {
		xprtrdma_space_wait(rx);
		if (!xprtrdma_sq_reserve(ep, XPRTRDMA_SQ_PER_CALL))
			return -EAGAIN;
	}
	/*
	 * Sent before on this connection and not answered: the earlier
	 * Send may not be retired for a long time (it need not be
	 * signaled). Start afresh; the teardown retires it.
	 */
	if (test_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags)) {
		xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL);
		trace_xprtrdma_retransmit_reset(&req->req_rqst, 1);
		xprt_force_disconnect(&rx->rx_xprt);
		return -ENOTCONN;
	}
	/*
	 * Never more live records than the ring holds (see sends_init);
	 * the acquire pairs with the retirement's release of the tail.
	 */
	if (ep->ep_send_head - smp_load_acquire(&ep->ep_send_tail) >
	    ep->ep_recs_mask) {
		xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL);
		xprtrdma_space_wait(rx);
		return -EAGAIN;
	}
	/* Version 2: one of the server's credits (v2-07, Section 4.2.1) */
	if (ep->ep_vers == RPCRDMA_VERSION_2 && !xprtrdma_v2_take(ep)) {
		xprtrdma_space_wait(rx);
		xprtrdma_count(rx, st_v2_credit_waits);
		if (!xprtrdma_v2_take(ep)) {
			xprtrdma_v2_watch_start(ep, req->req_rqst.rq_timeout);
			xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL);
			return -EAGAIN;
		}
	}
	return 0;
}

static void xprtrdma_send_commit(struct xprtrdma_ep *ep,
				 struct xprtrdma_req *req,
				 struct list_head *mrs)
{
	struct xprtrdma_sendrec *rec;
	unsigned int nmrs = 0;
	struct frwr_mr *mr;

	list_for_each_entry(mr, mrs, fm_list) {
		frwr_mark_posted(mr);
		nmrs++;
	}
	/* Keep one slot per MR for its LOCAL_INV; the chain's until retired */
	xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL - (2 * nmrs + 1));
	xprtrdma_count_add(ep->ep_rx, st_mrs_registered, nmrs);

	spin_lock(&req->req_lock);
	list_splice_tail_init(mrs, &req->req_mrs);
	spin_unlock(&req->req_lock);

	req->req_ep = ep;
	atomic_set(&req->req_finish, 1);
	set_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
	rec = xprtrdma_send_record(ep, req, nmrs + 1);
	req->req_send_wr.wr_cqe = &rec->sr_cqe;
	if (!xprtrdma_send_signal(ep))
		req->req_send_wr.send_flags &= ~IB_SEND_SIGNALED;
	ib_dma_sync_single_for_device(ep->ep_id->device, req->req_send_dma,
				      req->req_send_sge.length, DMA_TO_DEVICE);
}

/**
 * xprtrdma_send - marshal and post one Call
 * @ep: the connection
 * @req: the RPC slot
 *
 * Context: the caller holds XPRT_LOCKED.
 * Return: 0; -EAGAIN when resources are short (the transport waits for
 * them); -ENOTCONN when posting failed; another negative errno when the
 * Call cannot be sent at all.
 */
int xprtrdma_send(struct xprtrdma_ep *ep, struct xprtrdma_req *req)
{
	struct ib_send_wr *chain = NULL;
	LIST_HEAD(mrs);
	int rc;

	rc = xprtrdma_send_prepare(ep, req);
	if (rc)
		return rc;
	rc = xprtrdma_marshal(ep, req, &mrs, &chain);
	if (rc) {
		if (ep->ep_vers == RPCRDMA_VERSION_2)
			xprtrdma_v2_untake(ep);
		xprtrdma_send_undo(ep, &mrs);
		xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL);
		if (rc == -ENOBUFS) {
			xprtrdma_space_wait(ep->ep_rx);
			return -EAGAIN;
		}
		return rc;
	}

	xprtrdma_send_commit(ep, req, &mrs);
	if (ep->ep_vers == RPCRDMA_VERSION_2)
		rc = xprtrdma_v2_post_call(ep, req, chain);
	else
		rc = ib_post_send(ep->ep_id->qp, chain, NULL);
	if (rc) {
		/*
		 * The Send is last in the chain, so it was not posted: its
		 * record goes (no completion can name it). The connection
		 * is closed; the slots it held do not matter any more.
		 */
		trace_xprtrdma_post_send_err(ep->ep_rx->rx_xprt.id, rc);
		clear_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
		/* As in xprtrdma_send_record(), the other way */
		smp_store_release(&ep->ep_send_head, ep->ep_send_head - 1);
		xprtrdma_send_consumed(req);
		xprtrdma_ep_fail(ep);
		return -ENOTCONN;
	}
	return 0;
}
