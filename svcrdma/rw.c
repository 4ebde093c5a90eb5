// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: RDMA Read and Write plumbing over the kernel's rdma_rw API.
 * The Send queue entries their work requests take are accounted in
 * sq.c.
 *
 * One struct svcrdma_rw moves one RDMA segment (RFC 8166, Section
 * 3.4.3): a scatterlist of local memory against one remote handle and
 * offset. Lists of them are chained into a single post.
 */

#include <linux/slab.h>

#include <kunit/visibility.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"
#include "trace.h"

/**
 * svcrdma_rw_alloc - allocate a segment context
 * @nents: scatterlist entries it needs
 *
 * Return: the context with an empty scatterlist, or NULL.
 */
struct svcrdma_rw *svcrdma_rw_alloc(unsigned int nents)
{
	struct svcrdma_rw *rw;

	rw = kzalloc(sizeof(*rw), GFP_KERNEL);
	if (!rw)
		return NULL;
	if (sg_alloc_table(&rw->rw_sgt, nents, GFP_KERNEL)) {
		kfree(rw);
		return NULL;
	}
	INIT_LIST_HEAD(&rw->rw_node);
	rw->rw_cur = rw->rw_sgt.sgl;
	svcrdma_live_add(SVCRDMA_LIVE_RW_CTXTS, 1);
	return rw;
}

/**
 * svcrdma_rw_add - append local memory to a segment context
 * @rw: the context
 * @page: page holding the memory
 * @offset: offset in @page
 * @len: bytes
 *
 * Return: 0, or -ENOSPC when the scatterlist is full.
 */
int svcrdma_rw_add(struct svcrdma_rw *rw, struct page *page,
		   unsigned int offset, unsigned int len)
{
	if (!rw->rw_cur)
		return -ENOSPC;
	sg_set_page(rw->rw_cur, page, len, offset);
	rw->rw_last = rw->rw_cur;
	rw->rw_cur = sg_next(rw->rw_cur);
	rw->rw_nents++;
	rw->rw_len += len;
	return 0;
}

/**
 * svcrdma_rw_init - map a segment context for posting
 * @sx: the connection
 * @rw: the context, with its scatterlist filled
 * @handle: remote steering tag (RFC 8166, Section 3.4.3)
 * @offset: remote offset
 * @dir: DMA_FROM_DEVICE for RDMA Read, DMA_TO_DEVICE for RDMA Write
 *
 * Return: 0 or a negative errno.
 */
int svcrdma_rw_init(struct svcrdma_xprt *sx, struct svcrdma_rw *rw,
		    u32 handle, u64 offset, enum dma_data_direction dir)
{
	int ret;

	KUNIT_STATIC_STUB_REDIRECT(svcrdma_rw_init, sx, rw, handle, offset, dir);
	if (!rw->rw_nents)
		return -EINVAL;
	sg_mark_end(rw->rw_last);
	ret = rdma_rw_ctx_init(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
			       rw->rw_sgt.sgl, rw->rw_nents, 0, offset,
			       handle, dir);
	if (ret < 0) {
		trace_svcrdma_rw_init_err(sx, handle, rw->rw_len, ret);
		return ret;
	}
	rw->rw_wrs = ret;
	rw->rw_dir = dir;
	rw->rw_mapped = true;
	svcrdma_stat_inc(dir == DMA_FROM_DEVICE ? SVCRDMA_STAT_READ_SEGS :
			 SVCRDMA_STAT_WRITE_SEGS);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_init);

/**
 * svcrdma_rw_release - unmap and free a segment context
 * @sx: the connection
 * @rw: the context, no longer on any list that will be walked
 */
void svcrdma_rw_release(struct svcrdma_xprt *sx, struct svcrdma_rw *rw)
{
	if (rw->rw_mapped)
		rdma_rw_ctx_destroy(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
				    rw->rw_sgt.sgl, rw->rw_nents, rw->rw_dir);
	sg_free_table(&rw->rw_sgt);
	kfree(rw);
	svcrdma_live_add(SVCRDMA_LIVE_RW_CTXTS, -1);
}

/**
 * svcrdma_rw_release_list - release every context on a list
 * @sx: the connection
 * @l: list of struct svcrdma_rw
 */
void svcrdma_rw_release_list(struct svcrdma_xprt *sx, struct list_head *l)
{
	struct svcrdma_rw *rw, *tmp;

	list_for_each_entry_safe(rw, tmp, l, rw_node) {
		list_del(&rw->rw_node);
		svcrdma_rw_release(sx, rw);
	}
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_release_list);

/**
 * svcrdma_rw_orphan - keep contexts whose fate is unknown until teardown
 * @sx: the connection, which is closing
 * @l: list of struct svcrdma_rw, partly posted
 *
 * After a failed post some work requests may still be on the QP; their
 * DMA mappings must outlive them, so they are released only after the
 * QP has been drained.
 */
void svcrdma_rw_orphan(struct svcrdma_xprt *sx, struct list_head *l)
{
	spin_lock(&sx->sx_lock);
	list_splice_tail_init(l, &sx->sx_orphans);
	spin_unlock(&sx->sx_lock);
}

/**
 * svcrdma_rw_wrs - count the work requests of a list
 * @l: list of mapped struct svcrdma_rw
 *
 * Return: the number of Send queue entries the list will use.
 */
unsigned int svcrdma_rw_wrs(struct list_head *l)
{
	struct svcrdma_rw *rw;
	unsigned int wrs = 0;

	list_for_each_entry(rw, l, rw_node)
		wrs += rw->rw_wrs;
	return wrs;
}

/**
 * svcrdma_rw_chain - chain a list's work requests in list order
 * @sx: the connection
 * @l: list of mapped struct svcrdma_rw
 * @cqe: completion for the last one when @next is NULL
 * @next: work request to follow the last one, or NULL
 *
 * Return: the first work request of the chain (or @next if @l is
 * empty).
 */
struct ib_send_wr *svcrdma_rw_chain(struct svcrdma_xprt *sx,
				    struct list_head *l, struct ib_cqe *cqe,
				    struct ib_send_wr *next)
{
	struct svcrdma_rw *rw;
	struct ib_send_wr *first = next;

	list_for_each_entry_reverse(rw, l, rw_node)
		first = rdma_rw_ctx_wrs(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
					cqe, first);
	return first;
}
