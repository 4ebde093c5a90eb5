// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: posting Calls, and the Send Queue space each one holds
 * (the accounting itself is in sq.c).
 *
 * Every Call is one chain: REG_MR for each MR, then a signaled Send.
 * Before posting we reserve Send Queue slots for the chain and for the
 * LOCAL_INV each MR may need later, so that invalidation, which runs
 * from completion handlers and cannot wait, always finds room. The
 * Send completion gives back the slots of the chain; each MR gives back
 * its slot when it returns to the pool.
 *
 * An RPC completes only when both its reply has been processed and its
 * Send has completed (req_finish counts down from two), so a slot is
 * never reused while the adapter may still read its Send buffer.
 */

#include "xprtrdma.h"
#include "trace.h"

/* Most Send Queue slots one Call can need: MRs, their LOCAL_INVs, Send */
#define XPRTRDMA_SQ_PER_CALL	(4 * XPRTRDMA_MAX_CHUNK_MRS + 1)

/**
 * xprtrdma_reply_done - hand a finished reply to the RPC client
 * @req: an RPC whose reply is placed, MRs invalidated and Send completed
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

static void xprtrdma_send_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_req *req = container_of(wc->wr_cqe,
						struct xprtrdma_req,
						req_send_cqe);
	struct xprtrdma_ep *ep = cq->cq_context;

	trace_xprtrdma_wc_send(ep->ep_scq_id, req->req_send_cid, wc);
	xprtrdma_sq_release(ep, req->req_sq_held);
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);

	if (atomic_dec_and_test(&req->req_finish))
		xprtrdma_reply_done(req);

	/* After this the slot may be reused: touch nothing of it below. */
	clear_bit_unlock(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
	/* Order the clear before wake_up_bit()'s waitqueue check */
	smp_mb__after_atomic();
	wake_up_bit(&req->req_flags, XPRTRDMA_REQ_SEND_BUSY);
	xprtrdma_space_wake(ep->ep_rx);
}

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
	if (test_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags)) {
		xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL);
		xprtrdma_space_wait(rx);
		if (test_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags))
			return -EAGAIN;
		if (!xprtrdma_sq_reserve(ep, XPRTRDMA_SQ_PER_CALL))
			return -EAGAIN;
	}
	/* Version 2: one of the server's credits (v2-07, Section 4.2.1) */
	if (ep->ep_vers == RPCRDMA_VERSION_2 && !xprtrdma_v2_take(ep)) {
		xprtrdma_space_wait(rx);
		xprtrdma_count(rx, st_v2_credit_waits);
		if (!xprtrdma_v2_take(ep)) {
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
	unsigned int nmrs = 0;
	struct frwr_mr *mr;

	list_for_each_entry(mr, mrs, fm_list) {
		frwr_mark_posted(mr);
		nmrs++;
	}
	/* Keep one slot per MR for its LOCAL_INV; the chain's until done */
	xprtrdma_sq_release(ep, XPRTRDMA_SQ_PER_CALL - (2 * nmrs + 1));
	req->req_sq_held = nmrs + 1;
	xprtrdma_count_add(ep->ep_rx, st_mrs_registered, nmrs);

	spin_lock(&req->req_lock);
	list_splice_tail_init(mrs, &req->req_mrs);
	spin_unlock(&req->req_lock);

	req->req_ep = ep;
	atomic_set(&req->req_finish, 2);
	set_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
	set_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
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
	req->req_send_cqe.done = xprtrdma_send_done;
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
		/* The Send is last in the chain, so it was not posted. */
		trace_xprtrdma_post_send_err(ep->ep_rx->rx_xprt.id, rc);
		clear_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
		atomic_set(&req->req_finish, 1);
		clear_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
		xprtrdma_ep_fail(ep);
		return -ENOTCONN;
	}
	return 0;
}
