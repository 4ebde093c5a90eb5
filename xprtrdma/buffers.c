// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: RPC slots (struct xprtrdma_req) and their buffers.
 *
 * Each slot owns a Send buffer (transport header plus inline payload),
 * DMA-mapped once per connection, and call/reply buffers that back
 * rq_buffer and rq_rbuffer. The number of slots is fixed when the
 * transport is created; the credit limit per connection never exceeds it.
 */

#include <linux/slab.h>
#include <linux/sunrpc/sched.h>

#include "xprtrdma.h"

static void xprtrdma_req_free(struct xprtrdma_req *req)
{
	kfree(req->req_callbuf);
	kfree(req->req_replybuf);
	kfree(req->req_sendbuf);
	kfree(req);
}

static struct xprtrdma_req *xprtrdma_req_alloc(struct xprtrdma_xprt *rx)
{
	struct xprtrdma_req *req;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	if (!req)
		return NULL;
	req->req_sendbuf = kzalloc(rx->rx_inline_send, GFP_KERNEL);
	if (!req->req_sendbuf) {
		kfree(req);
		return NULL;
	}
	req->req_rx = rx;
	req->req_inv_cid = xprtrdma_new_cid();
	spin_lock_init(&req->req_lock);
	INIT_LIST_HEAD(&req->req_mrs);
	INIT_LIST_HEAD(&req->req_inv_mrs);
	INIT_LIST_HEAD(&req->req_free);
	init_completion(&req->req_inv_done);
	return req;
}

/**
 * xprtrdma_reqs_create - allocate a transport's RPC slots
 * @rx: the transport; rx_xprt.max_reqs says how many
 *
 * Return: 0 or -ENOMEM.
 */
int xprtrdma_reqs_create(struct xprtrdma_xprt *rx)
{
	unsigned int i, n = rx->rx_xprt.max_reqs;
	struct xprtrdma_req *req;

	INIT_LIST_HEAD(&rx->rx_free);
	rx->rx_reqs = kcalloc(n, sizeof(*rx->rx_reqs), GFP_KERNEL);
	if (!rx->rx_reqs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		req = xprtrdma_req_alloc(rx);
		if (!req)
			goto out_free;
		rx->rx_reqs[i] = req;
		rx->rx_nreqs++;
		list_add_tail(&req->req_free, &rx->rx_free);
	}
	return 0;

out_free:
	xprtrdma_reqs_destroy(rx);
	return -ENOMEM;
}

/**
 * xprtrdma_reqs_destroy - free every RPC slot of a transport
 * @rx: the transport, with no connection left
 */
void xprtrdma_reqs_destroy(struct xprtrdma_xprt *rx)
{
	unsigned int i;

	for (i = 0; i < rx->rx_nreqs; i++)
		xprtrdma_req_free(rx->rx_reqs[i]);
	kfree(rx->rx_reqs);
	rx->rx_reqs = NULL;
	rx->rx_nreqs = 0;
	INIT_LIST_HEAD(&rx->rx_free);
}

/**
 * xprtrdma_alloc_slot - xprt op: give a task an RPC slot
 * @xprt: the transport
 * @task: the task that wants one
 *
 * With no slot free the task waits on the backlog queue; free_slot
 * hands a slot straight to the first waiter. Both sides hold
 * xprt->reserve_lock, as xprt_throttle_congested() expects.
 */
void xprtrdma_alloc_slot(struct rpc_xprt *xprt, struct rpc_task *task)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	struct xprtrdma_req *req;

	spin_lock(&xprt->reserve_lock);
	req = list_first_entry_or_null(&rx->rx_free, struct xprtrdma_req,
				       req_free);
	if (!req) {
		xprt_add_backlog(xprt, task);
		spin_unlock(&xprt->reserve_lock);
		task->tk_status = -EAGAIN;
		return;
	}
	list_del_init(&req->req_free);
	spin_unlock(&xprt->reserve_lock);
	task->tk_rqstp = &req->req_rqst;
	task->tk_status = 0;
}

/**
 * xprtrdma_slot_put - give a slot to a backlogged task or the free list
 * @rx: the transport
 * @req: the slot, done with
 */
void xprtrdma_slot_put(struct xprtrdma_xprt *rx, struct xprtrdma_req *req)
{
	struct rpc_xprt *xprt = &rx->rx_xprt;

	spin_lock(&xprt->reserve_lock);
	if (!xprt_wake_up_backlog(xprt, &req->req_rqst)) {
		memset(&req->req_rqst, 0, sizeof(req->req_rqst));
		list_add(&req->req_free, &rx->rx_free);
	}
	spin_unlock(&xprt->reserve_lock);
}

/**
 * xprtrdma_free_slot - xprt op: take back an RPC slot
 * @xprt: the transport
 * @rqst: the slot; buf_free has already run for it
 */
void xprtrdma_free_slot(struct rpc_xprt *xprt, struct rpc_rqst *rqst)
{
	struct xprtrdma_req *req = xprtrdma_req(rqst);

	/* Its Send may still be read: the retirement gives it back */
	if (xprtrdma_send_park(req))
		return;
	xprtrdma_slot_put(xprtrdma_rx(xprt), req);
}

static int xprtrdma_buf_grow(void **buf, size_t *have, size_t want,
			     gfp_t gfp)
{
	void *p;

	if (*buf && *have >= want)
		return 0;
	want = max_t(size_t, want, 1024);
	p = kmalloc(want, gfp);
	if (!p)
		return -ENOMEM;
	kfree(*buf);
	*buf = p;
	*have = want;
	return 0;
}

/**
 * xprtrdma_buf_alloc - xprt op: provide rq_buffer and rq_rbuffer
 * @task: task whose rq_callsize and rq_rcvsize are set
 *
 * The buffers are kmalloc'ed so that they can be registered for a
 * Position-zero Read chunk or a Reply chunk; they stay with the slot.
 *
 * Return: 0, or -ENOMEM so that call_allocate() retries later.
 */
int xprtrdma_buf_alloc(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;
	struct xprtrdma_req *req = xprtrdma_req(rqst);
	gfp_t gfp = rpc_task_gfp_mask() | __GFP_NOWARN;

	if (xprtrdma_buf_grow(&req->req_callbuf, &req->req_callbuf_size,
			      rqst->rq_callsize, gfp))
		return -ENOMEM;
	if (xprtrdma_buf_grow(&req->req_replybuf, &req->req_replybuf_size,
			      rqst->rq_rcvsize, gfp))
		return -ENOMEM;
	rqst->rq_buffer = req->req_callbuf;
	rqst->rq_rbuffer = req->req_replybuf;
	return 0;
}

/**
 * xprtrdma_sendbufs_map - DMA-map every slot's Send buffer for a connection
 * @ep: the new connection
 *
 * Return: 0 or -EIO.
 */
int xprtrdma_sendbufs_map(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	struct ib_device *dev = ep->ep_id->device;
	struct xprtrdma_req *req;
	unsigned int i;

	for (i = 0; i < rx->rx_nreqs; i++) {
		req = rx->rx_reqs[i];
		req->req_send_dma = ib_dma_map_single(dev, req->req_sendbuf,
						      rx->rx_inline_send,
						      DMA_TO_DEVICE);
		if (ib_dma_mapping_error(dev, req->req_send_dma))
			goto out_unmap;
	}
	ep->ep_sends_mapped = true;
	return 0;

out_unmap:
	while (i--) {
		req = rx->rx_reqs[i];
		ib_dma_unmap_single(dev, req->req_send_dma, rx->rx_inline_send,
				    DMA_TO_DEVICE);
	}
	return -EIO;
}

/**
 * xprtrdma_sendbufs_unmap - undo xprtrdma_sendbufs_map()
 * @ep: the connection, its Send Queue drained
 */
void xprtrdma_sendbufs_unmap(struct xprtrdma_ep *ep)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	unsigned int i;

	if (!ep->ep_sends_mapped)
		return;
	for (i = 0; i < rx->rx_nreqs; i++)
		ib_dma_unmap_single(ep->ep_id->device,
				    rx->rx_reqs[i]->req_send_dma,
				    rx->rx_inline_send, DMA_TO_DEVICE);
	ep->ep_sends_mapped = false;
}
