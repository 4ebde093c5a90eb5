// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: posting Calls and accounting for Send Queue space.
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
 * xprtrdma_sq_reserve - take Send Queue slots
 * @ep: the connection
 * @n: how many
 *
 * Return: true if they were available.
 */
bool xprtrdma_sq_reserve(struct xprtrdma_ep *ep, unsigned int n)
{
	if (atomic_sub_return(n, &ep->ep_sq_avail) >= 0)
		return true;
	atomic_add(n, &ep->ep_sq_avail);
	return false;
}

/**
 * xprtrdma_sq_release - give back Send Queue slots
 * @ep: the connection
 * @n: how many
 */
void xprtrdma_sq_release(struct xprtrdma_ep *ep, unsigned int n)
{
	atomic_add(n, &ep->ep_sq_avail);
}

/**
 * xprtrdma_space_wait - make the next transmit wait for resources
 * @rx: the transport
 *
 * Sets XPRT_WRITE_SPACE; xprtrdma_space_wake() clears it and lets the
 * next sender in once Send Queue slots or MRs come back.
 */
void xprtrdma_space_wait(struct xprtrdma_xprt *rx)
{
	xprt_wait_for_buffer_space(&rx->rx_xprt);
	/* The caller's second try reads the resource after the bit is set */
	smp_mb__after_atomic();
	xprtrdma_count(rx, st_no_space);
	trace_xprtrdma_no_space(rx->rx_xprt.id);
}

/**
 * xprtrdma_space_wake - resources came back; wake a waiting sender
 * @rx: the transport
 */
void xprtrdma_space_wake(struct xprtrdma_xprt *rx)
{
	xprt_write_space(&rx->rx_xprt);
}

/**
 * xprtrdma_ep_fail - the connection is unusable; close it
 * @ep: the connection
 *
 * Safe in any context that may take a spinlock. Waiting RPCs are woken
 * by the close and retransmit after the next connect. Only
 * XPRTRDMA_EP_CONNECTED is cleared: the close's teardown still calls
 * rdma_disconnect() (XPRTRDMA_EP_DISCONNECT), so the peer hears of it.
 */
void xprtrdma_ep_fail(struct xprtrdma_ep *ep)
{
	struct rpc_xprt *xprt = &ep->ep_rx->rx_xprt;

	trace_xprtrdma_ep_fail(xprt->id);
	clear_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
	xprt_force_disconnect(xprt);
}

/**
 * xprtrdma_stalled - a Send has not completed for too long; close
 * @rx: the transport
 *
 * Context: process context. The close's teardown moves the QP to the
 * error state before it takes rx_ep_rwsem, so what was stuck is flushed
 * even while the caller holds that lock shared.
 */
void xprtrdma_stalled(struct xprtrdma_xprt *rx)
{
	xprtrdma_count(rx, st_send_stalls);
	trace_xprtrdma_send_stall(rx->rx_xprt.id);
	xprt_force_disconnect(&rx->rx_xprt);
}

/**
 * xprtrdma_stall_wait - wait for a Send to be done with its buffer
 * @rx: the transport
 * @word: the flags word holding @bit
 * @bit: set while the Send is posted
 *
 * Waits XPRTRDMA_STALL_TIMEOUT; a Send still posted then is stuck behind
 * a peer that takes nothing, so the connection is closed, and the wait
 * goes on for the flush, which the device ends.
 *
 * Context: process context; sleeps uninterruptibly, because the adapter
 * may still read the buffer.
 */
void xprtrdma_stall_wait(struct xprtrdma_xprt *rx, unsigned long *word,
			 int bit)
{
	if (!wait_on_bit_timeout(word, bit, TASK_UNINTERRUPTIBLE,
				 XPRTRDMA_STALL_TIMEOUT))
		return;
	xprtrdma_stalled(rx);
	wait_on_bit(word, bit, TASK_UNINTERRUPTIBLE);
}

/**
 * xprtrdma_wc_failed - a Work Request of the connection did not succeed
 * @ep: the connection
 * @status: the completion's status (not IB_WC_SUCCESS)
 *
 * A flushed Work Request usually belongs to a teardown we started, and
 * that cleared XPRTRDMA_EP_CONNECTED before moving the QP to error. A
 * flush while the connection still counts as up means the QP entered
 * the error state by itself: rxe, for one, does so on a local transmit
 * error and says so only by flushing what is outstanding, with no error
 * completion, no async event and no RDMA-CM event. Nothing else would
 * notice until an RPC timed out, so the connection is closed now.
 *
 * Context: a completion handler.
 */
void xprtrdma_wc_failed(struct xprtrdma_ep *ep, enum ib_wc_status status)
{
	if (status != IB_WC_WR_FLUSH_ERR ||
	    test_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags)) {
		trace_xprtrdma_wc_failed(ep->ep_rx->rx_xprt.id, status);
		xprtrdma_ep_fail(ep);
	}
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
