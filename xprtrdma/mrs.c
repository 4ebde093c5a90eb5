// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the MRs registered for one RPC, and their invalidation.
 *
 * RFC 8166, Section 8.1.3: memory exposed for an RPC must no longer be
 * exposed once the RPC is done. When the reply arrives the MRs the peer
 * did not invalidate itself (Send With Invalidate, RFC 8797, Section
 * 4.1)
 * are invalidated with a chain of LOCAL_INVs, and the RPC completes only
 * when that chain has. When an RPC ends without a reply, buf_free
 * invalidates synchronously. A connection teardown deregisters all MRs.
 */

#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/**
 * xprtrdma_mrs_put_list - return MRs of an RPC to the pool
 * @ep: the connection that owns the pool
 * @mrs: MRs whose WRs have all completed; the list is emptied
 *
 * Each MR gives back the Send Queue slot reserved for its LOCAL_INV.
 * Context: process context (an MR may need to be replaced).
 */
void xprtrdma_mrs_put_list(struct xprtrdma_ep *ep, struct list_head *mrs)
{
	struct frwr_mr *mr, *next;
	unsigned int n = 0;

	list_for_each_entry_safe(mr, next, mrs, fm_list) {
		list_del_init(&mr->fm_list);
		frwr_put(mr);
		n++;
	}
	if (n) {
		xprtrdma_sq_release(ep, n);
		xprtrdma_space_wake(ep->ep_rx);
	}
}

/**
 * xprtrdma_mrs_remote_inv - the peer invalidated one of an RPC's rkeys
 * @req: the RPC the reply matched
 * @rkey: wc->ex.invalidate_rkey
 *
 * An rkey that is not one of this RPC's is ignored: the peer may only
 * invalidate what it was given for this RPC.
 */
void xprtrdma_mrs_remote_inv(struct xprtrdma_req *req, u32 rkey)
{
	struct frwr_mr *mr;

	spin_lock(&req->req_lock);
	list_for_each_entry(mr, &req->req_mrs, fm_list) {
		if (mr->fm_handle == rkey && mr->fm_state == FRWR_REGISTERED) {
			frwr_invalidated(mr);
			xprtrdma_count(req->req_rx, st_remote_inv);
			break;
		}
	}
	spin_unlock(&req->req_lock);
}

/**
 * xprtrdma_mrs_sync_for_cpu - hand an RPC's chunk memory to the CPU
 * @req: the RPC a Reply matched
 *
 * Placing a Reply reads what the server wrote into the Write and Reply
 * chunks (a Long Reply's xid) and writes into the same memory (inline
 * bytes, the XDR pad after Write chunk data, a whole inline Reply where
 * a Reply chunk went unused). That memory is still DMA-mapped: its MRs
 * are unmapped only once invalidated. Synced for the CPU first, and
 * unmapped later without a second sync (frwr_sync_for_cpu()), the CPU
 * sees the server's bytes and keeps its own also where the device's
 * view is a bounce buffer or a cache the device does not snoop.
 */
void xprtrdma_mrs_sync_for_cpu(struct xprtrdma_req *req)
{
	struct frwr_mr *mr;

	spin_lock(&req->req_lock);
	list_for_each_entry(mr, &req->req_mrs, fm_list)
		frwr_sync_for_cpu(mr);
	spin_unlock(&req->req_lock);
}

/* The reply side of an RPC is finished: complete it */
static void xprtrdma_reply_side_done(struct xprtrdma_req *req)
{
	if (atomic_dec_and_test(&req->req_finish))
		xprtrdma_reply_done(req);
}

static void xprtrdma_inv_finish(struct xprtrdma_ep *ep,
				struct xprtrdma_req *req)
{
	xprtrdma_mrs_put_list(ep, &req->req_inv_mrs);
	if (req->req_inv_sync)
		complete(&req->req_inv_done);
	else
		xprtrdma_reply_side_done(req);
}

static void xprtrdma_inv_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_req *req = container_of(wc->wr_cqe,
						struct xprtrdma_req,
						req_inv_cqe);
	struct xprtrdma_ep *ep = cq->cq_context;
	struct frwr_mr *mr;

	if (!req->req_inv_sync) {
		atomic_inc(&ep->ep_inv_done);
		atomic_dec(&ep->ep_inv_out);
	}

	trace_xprtrdma_wc_local_inv(ep->ep_scq_id, req->req_inv_cid, wc);
	list_for_each_entry(mr, &req->req_inv_mrs, fm_list) {
		if (wc->status == IB_WC_SUCCESS)
			frwr_invalidated(mr);
		else
			frwr_mark_dirty(mr);
	}
	if (wc->status != IB_WC_SUCCESS)
		xprtrdma_wc_failed(ep, wc->status);
	xprtrdma_inv_finish(ep, req);
}

/*
 * Post LOCAL_INVs for the MRs on req_inv_mrs that may still be live.
 * Return: true if a chain was posted and xprtrdma_inv_done() will run.
 */
static bool xprtrdma_inv_post(struct xprtrdma_ep *ep, struct xprtrdma_req *req)
{
	struct ib_send_wr *first = NULL, **tail = &first;
	struct frwr_mr *mr, *final = NULL;
	/* Only a chain no one waits for is the watch's */
	bool watched = !req->req_inv_sync;
	int rc;

	list_for_each_entry(mr, &req->req_inv_mrs, fm_list)
		if (mr->fm_state == FRWR_REGISTERED)
			final = mr;
	if (!final)
		return false;

	req->req_inv_cqe.done = xprtrdma_inv_done;
	req->req_inv_count = 0;
	list_for_each_entry(mr, &req->req_inv_mrs, fm_list) {
		if (mr->fm_state != FRWR_REGISTERED)
			continue;
		frwr_prep_inv(mr, mr == final ? &req->req_inv_cqe : NULL);
		*tail = &mr->fm_inv_wr;
		tail = &mr->fm_inv_wr.next;
		req->req_inv_count++;
		if (mr == final)
			break;
	}
	xprtrdma_count_add(req->req_rx, st_local_inv, req->req_inv_count);
	trace_xprtrdma_local_inv(be32_to_cpu(req->req_rqst.rq_xid),
				 ep->ep_scq_id, req->req_inv_cid,
				 req->req_inv_count);
	/* Counted before the post: its completion may run first */
	if (watched)
		atomic_inc(&ep->ep_inv_out);
	rc = ib_post_send(ep->ep_id->qp, first, NULL);
	if (!rc) {
		/* Not moved on if already queued: it watches every chain */
		if (watched)
			queue_delayed_work(system_wq, &ep->ep_inv_watch,
					   XPRTRDMA_STALL_TIMEOUT);
		return true;
	}

	/* Nothing known about which ran: distrust them all. */
	if (watched)
		atomic_dec(&ep->ep_inv_out);
	trace_xprtrdma_post_inv_err(ep->ep_rx->rx_xprt.id, rc);
	list_for_each_entry(mr, &req->req_inv_mrs, fm_list)
		frwr_mark_dirty(mr);
	xprtrdma_ep_fail(ep);
	return false;
}

/**
 * xprtrdma_mrs_invalidate - invalidate an RPC's MRs after its reply
 * @ep: the connection the reply came on
 * @req: the RPC, pinned by the reply handler
 *
 * Ends the reply side of the RPC, now or when the LOCAL_INVs complete.
 * Context: the Receive completion handler.
 */
void xprtrdma_mrs_invalidate(struct xprtrdma_ep *ep, struct xprtrdma_req *req)
{
	spin_lock(&req->req_lock);
	list_splice_init(&req->req_mrs, &req->req_inv_mrs);
	spin_unlock(&req->req_lock);

	req->req_inv_sync = false;
	if (xprtrdma_inv_post(ep, req))
		return;
	xprtrdma_inv_finish(ep, req);
}

/**
 * xprtrdma_inv_watch - bound how long a Reply's Local Invalidates wait
 * @work: ep_inv_watch of the connection
 *
 * A chain of Local Invalidates queues behind the Sends posted before it,
 * and pins its RPC until it completes. A server that stops taking Sends
 * (it posts no Receive, and its CM reply asked for RNR retries without
 * end) holds every chain; an RPC still waiting then ends by its own
 * timer, which closes the connection, but the task of one that was
 * killed (a signal, umount -f) waits for the pin in xprt_release(),
 * uninterruptibly, until something else closes it. So chains are
 * watched as buf_free watches its own (xprtrdma_mrs_invalidate_sync()):
 * one outstanding while none completed for XPRTRDMA_STALL_TIMEOUT (so
 * between one and two of those since it was posted) means a stalled
 * Send, and the connection closes; the flush then completes the chains.
 *
 * Context: a work item; queued only while the connection is up, and
 * cancelled when it is torn down.
 */
void xprtrdma_inv_watch(struct work_struct *work)
{
	struct xprtrdma_ep *ep = container_of(to_delayed_work(work),
					      struct xprtrdma_ep,
					      ep_inv_watch);
	int done = atomic_read(&ep->ep_inv_done);

	if (!atomic_read(&ep->ep_inv_out))
		return;
	if (done != ep->ep_inv_seen) {
		ep->ep_inv_seen = done;
		queue_delayed_work(system_wq, &ep->ep_inv_watch,
				   XPRTRDMA_STALL_TIMEOUT);
		return;
	}
	xprtrdma_stalled(ep->ep_rx);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_inv_watch);

/**
 * xprtrdma_mrs_invalidate_sync - invalidate an RPC's MRs and wait
 * @rx: the transport
 * @req: an RPC ending without (a usable) reply
 *
 * Context: process context, from buf_free; sleeps. Holds rx_ep_rwsem
 * shared so the connection cannot be torn down meanwhile; a teardown
 * that already ran has deregistered the MRs and emptied the list.
 */
void xprtrdma_mrs_invalidate_sync(struct xprtrdma_xprt *rx,
				  struct xprtrdma_req *req)
{
	struct xprtrdma_ep *ep;

	down_read(&rx->rx_ep_rwsem);
	ep = rx->rx_ep;
	spin_lock(&req->req_lock);
	if (ep)
		list_splice_init(&req->req_mrs, &req->req_inv_mrs);
	spin_unlock(&req->req_lock);
	if (!ep || list_empty(&req->req_inv_mrs))
		goto out;

	req->req_inv_sync = true;
	reinit_completion(&req->req_inv_done);
	if (xprtrdma_inv_post(ep, req)) {
		/* Queued behind a stuck Send, it waits for the close */
		if (!wait_for_completion_timeout(&req->req_inv_done,
						 XPRTRDMA_STALL_TIMEOUT)) {
			xprtrdma_stalled(rx);
			wait_for_completion(&req->req_inv_done);
		}
	} else {
		xprtrdma_mrs_put_list(ep, &req->req_inv_mrs);
	}
out:
	up_read(&rx->rx_ep_rwsem);
}

/**
 * xprtrdma_mrs_reclaim - forget every RPC's MRs before the pool goes
 * @rx: the transport
 *
 * Context: connection teardown, after the QP is drained and with
 * rx_ep_rwsem held exclusively. frwr_pool_destroy() then deregisters
 * every MR, which invalidates whatever rkey was still live.
 */
void xprtrdma_mrs_reclaim(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_req *req;
	unsigned int i;

	for (i = 0; i < rx->rx_nreqs; i++) {
		req = rx->rx_reqs[i];
		spin_lock(&req->req_lock);
		INIT_LIST_HEAD(&req->req_mrs);
		INIT_LIST_HEAD(&req->req_inv_mrs);
		spin_unlock(&req->req_lock);
		/* A reply can only answer a Send on the same connection */
		clear_bit(XPRTRDMA_REQ_AWAIT_REPLY, &req->req_flags);
	}
}
