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

/*
 * Contexts whose scatterlist has SVCRDMA_RW_SGES entries (every segment
 * of up to 52 KiB, in either direction) are kept on the connection when
 * released, at most sx_max_requests of them, and taken again by the
 * next segment: a 4 KiB READ then allocates nothing for its Write.
 * Larger segments get a context of their own size, freed on release.
 */
static struct svcrdma_rw *svcrdma_rw_new(unsigned int nents)
{
	struct svcrdma_rw *rw;

	rw = kzalloc(sizeof(*rw), GFP_KERNEL);
	if (!rw)
		return NULL;
	if (sg_alloc_table(&rw->rw_sgt, nents, GFP_KERNEL)) {
		kfree(rw);
		return NULL;
	}
	rw->rw_cap = nents;
	svcrdma_live_add(SVCRDMA_LIVE_RW_CTXTS, 1);
	return rw;
}

static void svcrdma_rw_free(struct svcrdma_rw *rw)
{
	sg_free_table(&rw->rw_sgt);
	kfree(rw);
	svcrdma_live_add(SVCRDMA_LIVE_RW_CTXTS, -1);
}

/*
 * An idle context from the connection, made as svcrdma_rw_new() makes
 * one: every field cleared but its scatterlist, whose entries are
 * cleared and whose end mark is back on the last one.
 */
static struct svcrdma_rw *svcrdma_rw_cached(struct svcrdma_xprt *sx)
{
	struct llist_node *node;
	struct svcrdma_rw *rw;
	struct sg_table sgt;

	node = svcrdma_idle_take(sx, &sx->sx_rw_free);
	if (!node)
		return NULL;
	atomic_dec(&sx->sx_rw_cached);
	rw = llist_entry(node, struct svcrdma_rw, rw_free);
	sgt = rw->rw_sgt;
	memset(rw, 0, sizeof(*rw));
	rw->rw_sgt = sgt;
	rw->rw_cap = SVCRDMA_RW_SGES;
	sg_init_table(sgt.sgl, SVCRDMA_RW_SGES);
	return rw;
}

/**
 * svcrdma_rw_alloc - take a segment context
 * @sx: the connection it is for
 * @nents: scatterlist entries it needs
 *
 * Return: the context with an empty scatterlist, or NULL.
 */
struct svcrdma_rw *svcrdma_rw_alloc(struct svcrdma_xprt *sx,
				    unsigned int nents)
{
	struct svcrdma_rw *rw = NULL;

	if (nents <= SVCRDMA_RW_SGES)
		rw = svcrdma_rw_cached(sx);
	if (!rw)
		rw = svcrdma_rw_new(max(nents, SVCRDMA_RW_SGES));
	if (!rw)
		return NULL;
	INIT_LIST_HEAD(&rw->rw_node);
	rw->rw_cur = rw->rw_sgt.sgl;
	return rw;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_alloc);

/**
 * svcrdma_rw_cache_destroy - free a connection's idle segment contexts
 * @sx: the connection; no context of it is in use any more
 */
void svcrdma_rw_cache_destroy(struct svcrdma_xprt *sx)
{
	struct svcrdma_rw *rw, *tmp;

	llist_for_each_entry_safe(rw, tmp, llist_del_all(&sx->sx_rw_free),
				  rw_free)
		svcrdma_rw_free(rw);
	atomic_set(&sx->sx_rw_cached, 0);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_cache_destroy);

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
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_add);

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
 * svcrdma_rw_release - unmap a segment context and keep or free it
 * @sx: the connection
 * @rw: the context, no longer on any list that will be walked
 */
void svcrdma_rw_release(struct svcrdma_xprt *sx, struct svcrdma_rw *rw)
{
	if (rw->rw_mapped)
		rdma_rw_ctx_destroy(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
				    rw->rw_sgt.sgl, rw->rw_nents, rw->rw_dir);
	if (rw->rw_cap == SVCRDMA_RW_SGES) {
		if (atomic_inc_return(&sx->sx_rw_cached) <= sx->sx_max_requests) {
			llist_add(&rw->rw_free, &sx->sx_rw_free);
			return;
		}
		atomic_dec(&sx->sx_rw_cached);
	}
	svcrdma_rw_free(rw);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_rw_release);

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
