// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the Receive ring and xpo_recvfrom.
 *
 * Ring policy: each connection keeps sx_rq_depth Receives either posted
 * or completed-and-queued. A thread that takes a Call off the queue
 * posts a replacement before it processes the Call, so a client that
 * stays within its credits (RFC 8166, Section 3.3.1) always finds a
 * Receive, while one that ignores them can fill the ring and no more:
 * memory per connection is bounded by the ring plus the Calls being
 * processed by nfsd threads.
 */

#include <linux/slab.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"
#include "trace.h"

static void svcrdma_recv_done(struct ib_cq *cq, struct ib_wc *wc);

static struct svcrdma_recv_ctxt *
svcrdma_recv_ctxt_alloc(struct svcrdma_xprt *sx)
{
	struct ib_device *dev = sx->sx_cm_id->device;
	struct svcrdma_recv_ctxt *ctxt;
	u64 dma;

	ctxt = kzalloc(sizeof(*ctxt), GFP_KERNEL);
	if (!ctxt)
		return NULL;
	ctxt->rc_buf = kmalloc(sx->sx_recv_size, GFP_KERNEL);
	if (!ctxt->rc_buf)
		goto out_ctxt;
	dma = ib_dma_map_single(dev, ctxt->rc_buf, sx->sx_recv_size,
				DMA_FROM_DEVICE);
	if (ib_dma_mapping_error(dev, dma))
		goto out_buf;

	ctxt->rc_sx = sx;
	ctxt->rc_cid = svcrdma_new_cid();
	ctxt->rc_sge.addr = dma;
	ctxt->rc_sge.length = sx->sx_recv_size;
	ctxt->rc_sge.lkey = sx->sx_pd->local_dma_lkey;
	ctxt->rc_cqe.done = svcrdma_recv_done;
	ctxt->rc_wr.wr_cqe = &ctxt->rc_cqe;
	ctxt->rc_wr.sg_list = &ctxt->rc_sge;
	ctxt->rc_wr.num_sge = 1;
	INIT_LIST_HEAD(&ctxt->rc_node);
	atomic_inc(&sx->sx_recv_count);
	svcrdma_live_add(SVCRDMA_LIVE_RECV_CTXTS, 1);
	return ctxt;

out_buf:
	kfree(ctxt->rc_buf);
out_ctxt:
	kfree(ctxt);
	return NULL;
}

static void svcrdma_recv_ctxt_free(struct svcrdma_xprt *sx,
				   struct svcrdma_recv_ctxt *ctxt)
{
	if (sx->sx_v2)
		svcrdma_v2_recv_release(sx, ctxt);
	ib_dma_unmap_single(sx->sx_cm_id->device, ctxt->rc_sge.addr,
			    sx->sx_recv_size, DMA_FROM_DEVICE);
	kfree(ctxt->rc_buf);
	kfree(ctxt);
	atomic_dec(&sx->sx_recv_count);
	svcrdma_live_add(SVCRDMA_LIVE_RECV_CTXTS, -1);
}

/* Only the thread holding XPT_BUSY (or xpo_accept) takes from the list. */
static struct svcrdma_recv_ctxt *svcrdma_recv_ctxt_get(struct svcrdma_xprt *sx)
{
	struct llist_node *node;

	node = llist_del_first(&sx->sx_recv_free);
	if (node)
		return llist_entry(node, struct svcrdma_recv_ctxt, rc_free);
	return svcrdma_recv_ctxt_alloc(sx);
}

static int svcrdma_recv_post_one(struct svcrdma_xprt *sx)
{
	struct svcrdma_recv_ctxt *ctxt;
	int ret;

	ctxt = svcrdma_recv_ctxt_get(sx);
	if (!ctxt)
		return -ENOMEM;
	ib_dma_sync_single_for_device(sx->sx_cm_id->device,
				      ctxt->rc_sge.addr, sx->sx_recv_size,
				      DMA_FROM_DEVICE);
	atomic_inc(&sx->sx_recv_pending);
	ret = ib_post_recv(sx->sx_qp, &ctxt->rc_wr, NULL);
	if (ret) {
		atomic_dec(&sx->sx_recv_pending);
		svcrdma_recv_ctxt_put(sx, ctxt);
		trace_svcrdma_post_recv_err(sx, ret);
		return ret;
	}
	/*
	 * Counted once posted: a completion that runs first only makes
	 * the count low for a moment, which the credit it feeds (v2.c)
	 * tolerates; a high count would not be.
	 */
	atomic_inc(&sx->sx_recv_posted);
	return 0;
}

/* Bring the ring back to its depth; on failure the connection closes. */
static void svcrdma_recv_refill(struct svcrdma_xprt *sx)
{
	while (atomic_read(&sx->sx_recv_pending) < (int)sx->sx_rq_depth) {
		if (svcrdma_recv_post_one(sx)) {
			svc_xprt_deferred_close(&sx->sx_xprt);
			return;
		}
	}
}

/**
 * svcrdma_recv_ring_init - post the initial Receives
 * @sx: the new connection
 *
 * Return: 0 or a negative errno.
 */
int svcrdma_recv_ring_init(struct svcrdma_xprt *sx)
{
	unsigned int i;
	int ret;

	for (i = 0; i < sx->sx_rq_depth; i++) {
		ret = svcrdma_recv_post_one(sx);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_recv_ring_init);

/**
 * svcrdma_recv_ring_destroy - free every Receive context
 * @sx: the connection, its QP drained
 */
void svcrdma_recv_ring_destroy(struct svcrdma_xprt *sx)
{
	struct svcrdma_recv_ctxt *ctxt, *tmp;
	struct llist_node *node;

	list_for_each_entry_safe(ctxt, tmp, &sx->sx_recv_ready, rc_node) {
		list_del(&ctxt->rc_node);
		svcrdma_recv_ctxt_free(sx, ctxt);
	}
	node = llist_del_all(&sx->sx_recv_free);
	llist_for_each_entry_safe(ctxt, tmp, node, rc_free)
		svcrdma_recv_ctxt_free(sx, ctxt);
	WARN_ON_ONCE(atomic_read(&sx->sx_recv_count));
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_recv_ring_destroy);

static void svcrdma_recv_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_recv_ctxt *ctxt =
		container_of(wc->wr_cqe, struct svcrdma_recv_ctxt, rc_cqe);
	struct svcrdma_xprt *sx = ctxt->rc_sx;

	trace_svcrdma_recv_done(sx, sx->sx_rq_cq_id, ctxt->rc_cid, wc);
	atomic_dec(&sx->sx_recv_posted);
	/* Posted drops before received grows: see svcrdma_v2_credit() */
	smp_mb__after_atomic();
	if (wc->status != IB_WC_SUCCESS) {
		atomic_dec(&sx->sx_recv_pending);
		svcrdma_recv_ctxt_put(sx, ctxt);
		if (wc->status != IB_WC_WR_FLUSH_ERR)
			svc_xprt_deferred_close(&sx->sx_xprt);
		return;
	}
	atomic_inc(&sx->sx_recv_seq);
	ctxt->rc_len = wc->byte_len;
	ib_dma_sync_single_for_cpu(sx->sx_cm_id->device, ctxt->rc_sge.addr,
				   wc->byte_len, DMA_FROM_DEVICE);
	/* The connection's version, and the client's credit (Version 2) */
	svcrdma_v2_recv_done(sx, ctxt);
	/* XPT_DATA changes only under sx_lock, so no wakeup is lost. */
	spin_lock(&sx->sx_lock);
	list_add_tail(&ctxt->rc_node, &sx->sx_recv_ready);
	set_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
	spin_unlock(&sx->sx_lock);
	svc_xprt_enqueue(&sx->sx_xprt);
}

static struct svcrdma_recv_ctxt *svcrdma_recv_dequeue(struct svcrdma_xprt *sx)
{
	struct svcrdma_recv_ctxt *ctxt;

	spin_lock(&sx->sx_lock);
	ctxt = list_first_entry_or_null(&sx->sx_recv_ready,
					struct svcrdma_recv_ctxt, rc_node);
	if (ctxt) {
		list_del_init(&ctxt->rc_node);
		atomic_dec(&sx->sx_recv_pending);
	}
	svcrdma_data_update(sx);
	spin_unlock(&sx->sx_lock);
	return ctxt;
}

/*
 * Decode the transport header, once. RFC 8167, Sections 5.1 and 5.2:
 * the RPC msg_type tells a Reply to one of our backchannel Calls from a
 * Call; the codec sorts that out before any check of a Call, so that no
 * RDMA_ERROR ever answers a Reply, and such a Reply goes to the
 * backchannel. Each failure of a Call has one outcome, chosen by the
 * codec (RFC 8166, Section 4.5): ERR_VERS, ERR_CHUNK, drop or close.
 * Dropped without a word: fewer than 28 octets, unless rdma_vers says
 * 2, before anything else in them is looked at (Section 4.5; reason
 * "short"), RDMA_DONE (Section 4.6.2; "obsolete"), an RDMA_ERROR from
 * the client ("decode").
 */
static int svcrdma_recv_decode(struct svcrdma_xprt *sx,
			       struct svcrdma_recv_ctxt *ctxt)
{
	struct rpcrdma_v1_msg *msg = &ctxt->rc_msg;
	enum rpcrdma_reverse_class rev;
	enum rpcrdma_codec_err err;

	err = rpcrdma_v1_decode_responder(ctxt->rc_buf, ctxt->rc_len,
					  SVCRDMA_MAX_CHUNK, msg, &rev);
	if (rev != RPCRDMA_REV_FORWARD) {
		svcrdma_bc_reply(sx, ctxt, rev);
		return -EINVAL;
	}
	if (err == RPCRDMA_CE_OK)
		return 0;

	trace_svcrdma_decode_err(sx, msg->m1_prefix.px_xid, ctxt->rc_len, err);
	switch (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER)) {
	case RPCRDMA_ACT_ERR_VERS:
	case RPCRDMA_ACT_ERR_CHUNK:
		svcrdma_send_error(sx, msg->m1_prefix.px_xid, err, false);
		break;
	case RPCRDMA_ACT_CLOSE:
		svc_xprt_deferred_close(&sx->sx_xprt);
		break;
	default:
		svcrdma_stat_inc(SVCRDMA_STAT_RECV_DROPPED);
		trace_svcrdma_drop(sx, sx->sx_rq_cq_id, ctxt->rc_cid,
				   msg->m1_prefix.px_xid,
				   rpcrdma_codec_drop_reason(err));
		break;
	}
	return -EINVAL;
}

static void svcrdma_setup_inline(struct svc_rqst *rqstp,
				 struct svcrdma_recv_ctxt *ctxt)
{
	struct xdr_buf *arg = &rqstp->rq_arg;
	unsigned int len = ctxt->rc_msg.m1_msg_len;

	arg->head[0].iov_base = svcrdma_recv_inline(ctxt);
	arg->head[0].iov_len = len;
	arg->tail[0].iov_base = NULL;
	arg->tail[0].iov_len = 0;
	arg->pages = rqstp->rq_pages;
	arg->page_base = 0;
	arg->page_len = 0;
	arg->len = len;
	arg->buflen = len;
	/* The Call is in the Receive buffer: no page of rq_pages is its. */
	rpcrdma_svc_set_respages(rqstp, 0);
}

/*
 * RFC 8797, Section 4.1: when the client allows it, the Reply may
 * invalidate one rkey the client exposed for this Call. A Version 2
 * Call names that rkey itself (rdma_inv_handle, v2-07, Section 6.5),
 * taken when it was decoded.
 */
static void svcrdma_pick_inv_rkey(struct svcrdma_xprt *sx,
				  struct svcrdma_recv_ctxt *ctxt)
{
	const struct rpcrdma_chunks *ch = &ctxt->rc_msg.m1_chunks;

	if (ctxt->rc_msg.m1_prefix.px_vers == RPCRDMA_VERSION_2)
		return;
	ctxt->rc_inv_valid = false;
	if (!sx->sx_remote_inv)
		return;
	if (ch->ch_writes.wl_nchunks && ch->ch_writes.wl_chunks[0].wc_nsegs)
		ctxt->rc_inv_rkey = ch->ch_writes.wl_chunks[0].wc_segs[0].rs_handle;
	else if (ch->ch_has_reply && ch->ch_reply.wc_nsegs)
		ctxt->rc_inv_rkey = ch->ch_reply.wc_segs[0].rs_handle;
	else if (ch->ch_reads.rl_nsegs)
		ctxt->rc_inv_rkey = ch->ch_reads.rl_segs[0].rr_seg.rs_handle;
	else
		return;
	ctxt->rc_inv_valid = true;
}

static void svcrdma_recv_reset(struct svcrdma_recv_ctxt *ctxt)
{
	memset(ctxt->rc_payload_set, 0, sizeof(ctxt->rc_payload_set));
	ctxt->rc_payloads = 0;
	ctxt->rc_inv_valid = false;
}

/*
 * Make rq_arg describe the Call; 0 when it is ready for svc_process,
 * -EINPROGRESS when its Read chunks are being pulled (the Call comes
 * back through svcrdma_reads_complete()).
 */
static int svcrdma_recv_build(struct svc_rqst *rqstp,
			      struct svcrdma_xprt *sx,
			      struct svcrdma_recv_ctxt *ctxt)
{
	int ret;

	svcrdma_recv_reset(ctxt);
	/*
	 * A connection that may speak Version 2 sorts versions out first
	 * (recv_v2.c); a Version 2 Call comes back in rc_msg, a Version 1
	 * message on a Version 1 connection takes the path below.
	 */
	if (sx->sx_v2) {
		ret = svcrdma_v2_recv(sx, ctxt);
		if (ret < 0)
			return ret;
		if (ret)
			goto call;
	}
	/* A reverse-direction Reply is taken off here too */
	if (svcrdma_recv_decode(sx, ctxt))
		return -EINVAL;
call:
	if (!ctxt->rc_msg.m1_chunks.ch_reads.rl_nsegs) {
		svcrdma_setup_inline(rqstp, ctxt);
		return 0;
	}
	ret = svcrdma_read_chunks(rqstp, sx, ctxt);
	switch (ret) {
	case 0:
	case -EINPROGRESS:
		return ret;
	case -EMSGSIZE:
	case -EINVAL:
		/* RFC 8166, Section 4.5.2: a Read list we cannot use */
		svcrdma_send_error(sx, ctxt->rc_msg.m1_prefix.px_xid,
				   RPCRDMA_CE_TOO_LONG, false);
		return ret;
	default:
		/* RFC 8166, Section 4.5.3: the RDMA Read itself failed */
		svc_xprt_deferred_close(&sx->sx_xprt);
		return ret;
	}
}

/**
 * svcrdma_recvfrom - xpo_recvfrom: hand the next Call to an nfsd thread
 * @rqstp: the thread's request
 *
 * Return: the length of the RPC Call in rq_arg, or 0 when there was
 * nothing to process (or what arrived was answered or dropped here).
 */
int svcrdma_recvfrom(struct svc_rqst *rqstp)
{
	struct svc_xprt *xprt = rqstp->rq_xprt;
	struct svcrdma_xprt *sx = svcrdma_sx(xprt);
	struct svcrdma_recv_ctxt *ctxt;
	int ret;

	rqstp->rq_xprt_ctxt = NULL;
	/* Calls whose Reads are done first: they arrived earlier. */
	ctxt = svcrdma_reads_complete(rqstp, sx);
	if (ctxt)
		goto out_call;
	ctxt = svcrdma_recv_dequeue(sx);
	if (!ctxt)
		goto out_none;
	svcrdma_recv_refill(sx);
	svcrdma_stat_inc(SVCRDMA_STAT_RECV);

	ret = svcrdma_recv_build(rqstp, sx, ctxt);
	if (ret) {
		/* -EINPROGRESS: the Call now belongs to its Reads */
		if (ret != -EINPROGRESS)
			svcrdma_recv_ctxt_put(sx, ctxt);
		goto out_none;
	}
out_call:
	svcrdma_pick_inv_rkey(sx, ctxt);
	rqstp->rq_xprt_ctxt = ctxt;
	rqstp->rq_prot = IPPROTO_MAX;
	svc_xprt_copy_addrs(rqstp, xprt);
	/*
	 * An export's "secure" option (the default) admits requests from a
	 * privileged source port. A reliable connection set up through
	 * rdma_cm offers no such proof either way; like the in-tree
	 * transport, every RDMA request counts as secure, or no export
	 * without "insecure" would be reachable over RDMA.
	 */
	set_bit(RQ_SECURE, &rqstp->rq_flags);
	trace_svcrdma_recvfrom(sx, sx->sx_rq_cq_id, ctxt->rc_cid,
			       ctxt->rc_msg.m1_prefix.px_xid,
			       rqstp->rq_arg.len, 0);
	svc_xprt_received(xprt);
	return rqstp->rq_arg.len;

out_none:
	/* v2-07, Section 4.2.1.1: no Reply may be coming to refresh it */
	if (sx->sx_v2)
		svcrdma_v2_grant_check(sx);
	svc_xprt_received(xprt);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_recvfrom);
