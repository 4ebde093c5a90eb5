// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the Receive ring.
 *
 * RFC 8166, Section 3.3.1: a credit is a promise that a Receive is
 * posted for the message it allows. The ring holds one Receive per
 * credit we ask for plus a few for unsolicited messages; each Receive is
 * reposted as soon as its contents have been consumed.
 */

#include <linux/slab.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

static void xprtrdma_recv_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct xprtrdma_rep *rep = container_of(wc->wr_cqe,
						struct xprtrdma_rep, rep_cqe);
	struct xprtrdma_ep *ep = rep->rep_ep;

	trace_xprtrdma_wc_recv(ep->ep_rcq_id, rep->rep_cid, wc);
	if (wc->status != IB_WC_SUCCESS) {
		/* Not reposted: the connection is going away. */
		xprtrdma_wc_failed(ep, wc->status);
		return;
	}

	/* Only the bytes the message filled: with a bounce buffer the
	 * sync is a copy, and most messages are far shorter than the
	 * buffer. The device never reports more than the posted length;
	 * the clamp keeps the sync inside the mapping regardless.
	 */
	ib_dma_sync_single_for_cpu(ep->ep_id->device, rep->rep_dma,
				   min(wc->byte_len, ep->ep_rx->rx_inline_recv),
				   DMA_FROM_DEVICE);
	xprtrdma_reply_handle(ep, rep, wc);
	xprtrdma_rep_post(ep, rep);
}

/**
 * xprtrdma_reps_create - allocate and map a connection's Receive ring
 * @ep: the connection; ep_credits is set
 *
 * Return: 0 or a negative errno.
 */
int xprtrdma_reps_create(struct xprtrdma_ep *ep)
{
	struct ib_device *dev = ep->ep_id->device;
	unsigned int size = ep->ep_rx->rx_inline_recv;
	struct xprtrdma_rep *rep;
	unsigned int i;

	ep->ep_reps = kvcalloc(ep->ep_nreps, sizeof(*ep->ep_reps), GFP_KERNEL);
	if (!ep->ep_reps)
		return -ENOMEM;
	for (i = 0; i < ep->ep_nreps; i++) {
		rep = &ep->ep_reps[i];
		rep->rep_ep = ep;
		rep->rep_cid = xprtrdma_new_cid();
		rep->rep_buf = kmalloc(size, GFP_KERNEL);
		if (!rep->rep_buf)
			return -ENOMEM;
		rep->rep_dma = ib_dma_map_single(dev, rep->rep_buf, size,
						 DMA_FROM_DEVICE);
		if (ib_dma_mapping_error(dev, rep->rep_dma)) {
			kfree(rep->rep_buf);
			rep->rep_buf = NULL;
			return -EIO;
		}
		xprtrdma_live_add(XPRTRDMA_LIVE_RECV_BUFS, 1);
		rep->rep_cqe.done = xprtrdma_recv_done;
		rep->rep_sge.addr = rep->rep_dma;
		rep->rep_sge.length = size;
		rep->rep_sge.lkey = ep->ep_pd->local_dma_lkey;
		rep->rep_wr.wr_cqe = &rep->rep_cqe;
		rep->rep_wr.sg_list = &rep->rep_sge;
		rep->rep_wr.num_sge = 1;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_reps_create);

/**
 * xprtrdma_reps_destroy - unmap and free a Receive ring
 * @ep: the connection; its Receive Queue is drained
 */
void xprtrdma_reps_destroy(struct xprtrdma_ep *ep)
{
	struct xprtrdma_rep *rep;
	unsigned int i;

	if (!ep->ep_reps)
		return;
	for (i = 0; i < ep->ep_nreps; i++) {
		rep = &ep->ep_reps[i];
		if (!rep->rep_buf)
			continue;
		ib_dma_unmap_single(ep->ep_id->device, rep->rep_dma,
				    ep->ep_rx->rx_inline_recv, DMA_FROM_DEVICE);
		kfree(rep->rep_buf);
		xprtrdma_live_add(XPRTRDMA_LIVE_RECV_BUFS, -1);
	}
	kvfree(ep->ep_reps);
	ep->ep_reps = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_reps_destroy);

/**
 * xprtrdma_rep_post - repost one Receive
 * @ep: the connection
 * @rep: a Receive whose buffer the CPU is done with
 *
 * The buffer goes back to the device (the DMA API's sync for the
 * device: where the device does not snoop caches, no line the CPU
 * still holds is written back over what the device writes next).
 * A failure means the QP is unusable; the connection is then closed.
 */
void xprtrdma_rep_post(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep)
{
	int rc;

	ib_dma_sync_single_for_device(ep->ep_id->device, rep->rep_dma,
				      ep->ep_rx->rx_inline_recv,
				      DMA_FROM_DEVICE);
	rep->rep_wr.next = NULL;
	rc = ib_post_recv(ep->ep_id->qp, &rep->rep_wr, NULL);
	if (rc) {
		trace_xprtrdma_post_recv_err(ep->ep_rx->rx_xprt.id, rc);
		xprtrdma_ep_fail(ep);
	}
}

/**
 * xprtrdma_reps_post_all - fill the Receive Queue before connecting
 * @ep: the connection
 *
 * Return: 0 or the ib_post_recv() error.
 */
int xprtrdma_reps_post_all(struct xprtrdma_ep *ep)
{
	unsigned int i;
	int rc;

	for (i = 0; i < ep->ep_nreps; i++) {
		ep->ep_reps[i].rep_wr.next = NULL;
		rc = ib_post_recv(ep->ep_id->qp, &ep->ep_reps[i].rep_wr, NULL);
		if (rc)
			return rc;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_reps_post_all);
