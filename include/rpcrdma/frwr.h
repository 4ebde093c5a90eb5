/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * FRWR (Fast-Registration Work Request) memory registration. It lives
 * in rpcrdma_core, but its only user is the client transport
 * (xprtrdma.ko): the server moves data with the kernel's rdma_rw API and
 * registers no memory of its own, and reverse-direction messages carry
 * no chunks (RFC 8167, Section 5.3); see Documentation/design.rst.
 *
 * A pool owns every MR it allocates. The user takes an MR with
 * frwr_get(), describes the memory in fm_sg[] (interior entries must
 * start and end on page boundaries), calls frwr_map() to DMA-map it and
 * build an IB_WR_REG_MR, posts that WR (after frwr_mark_posted()),
 * calls frwr_sync_for_cpu() before the CPU touches memory the peer may
 * have written, and invalidates the rkey, either by a LOCAL_INV (frwr_prep_inv()) or
 * because the peer sent Send With Invalidate. frwr_put() returns the MR:
 * an MR whose rkey may still be live, or whose state is unknown after a
 * flush or an error, is deregistered and replaced, so nothing returned
 * to the pool can still be reached by the peer. That may sleep, so
 * frwr_put() is for process context only (a workqueue, a sleeping lock
 * such as an rwsem held, but no spinlock, RCU or softirq).
 */
#ifndef _RPCRDMA_FRWR_H
#define _RPCRDMA_FRWR_H

#include <linux/list.h>
#include <linux/scatterlist.h>
#include <linux/spinlock.h>
#include <linux/dma-direction.h>
#include <rdma/ib_verbs.h>

enum frwr_state {
	FRWR_IDLE = 0,		/* no live rkey */
	FRWR_MAPPED,		/* DMA-mapped, REG_MR built, not yet posted */
	FRWR_REGISTERED,	/* REG_MR posted: rkey may be live */
	FRWR_DIRTY,		/* a WR on it failed: state unknown */
};

struct frwr_pool;

struct frwr_mr {
	struct list_head	fm_list;	/* free list, or the user's */
	struct list_head	fm_all;		/* every MR of the pool */
	struct frwr_pool	*fm_pool;
	struct ib_mr		*fm_mr;
	struct scatterlist	*fm_sg;		/* fp_depth entries */
	int			fm_nents;	/* entries the user filled */
	int			fm_mapped;	/* entries DMA-mapped */
	enum dma_data_direction	fm_dir;
	bool			fm_cpu_owned;	/* synced for the CPU */
	enum frwr_state		fm_state;
	/* The RDMA segment advertised to the peer (RFC 8166, Section 3.4.3) */
	u32			fm_handle;
	u32			fm_length;
	u64			fm_offset;
	struct ib_reg_wr	fm_reg_wr;
	struct ib_send_wr	fm_inv_wr;
	struct ib_cqe		fm_cqe;		/* unsignaled WRs that fail */
};

struct frwr_pool {
	struct ib_pd		*fp_pd;
	spinlock_t		fp_lock;	/* fp_free, fp_all, counters */
	struct list_head	fp_free;
	struct list_head	fp_all;
	unsigned int		fp_depth;	/* pages per MR */
	unsigned int		fp_size;	/* MRs owned */
	unsigned int		fp_nfree;
	unsigned long		fp_recovered;	/* dirty MRs replaced */
	unsigned long		fp_orphaned;	/* replacements that failed */
	unsigned long		fp_wr_errors;	/* unsignaled WRs that failed */
};

unsigned int frwr_device_depth(struct ib_device *dev, unsigned int want);
int frwr_pool_init(struct frwr_pool *pool, struct ib_pd *pd,
		   unsigned int count, unsigned int depth);
void frwr_pool_destroy(struct frwr_pool *pool);
struct frwr_mr *frwr_get(struct frwr_pool *pool);
void frwr_put(struct frwr_mr *mr);
int frwr_map(struct frwr_mr *mr, enum dma_data_direction dir, int access);
void frwr_mark_posted(struct frwr_mr *mr);
void frwr_prep_inv(struct frwr_mr *mr, struct ib_cqe *cqe);
void frwr_invalidated(struct frwr_mr *mr);
void frwr_mark_dirty(struct frwr_mr *mr);
void frwr_sync_for_cpu(struct frwr_mr *mr);

/* The verbs the pool calls, for the KUnit suite's static stubs */
#if IS_ENABLED(CONFIG_KUNIT)
struct ib_mr *frwr_ib_alloc_mr(struct ib_pd *pd, u32 depth);
int frwr_ib_dereg_mr(struct ib_mr *ibmr);
int frwr_ib_map_sg(struct ib_device *dev, struct scatterlist *sg, int nents,
		   enum dma_data_direction dir);
void frwr_ib_unmap_sg(struct ib_device *dev, struct scatterlist *sg,
		      int nents, enum dma_data_direction dir,
		      unsigned long attrs);
void frwr_ib_sync_sg_for_cpu(struct ib_device *dev, struct scatterlist *sg,
			     int nents, enum dma_data_direction dir);
int frwr_ib_map_mr_sg(struct ib_mr *ibmr, struct scatterlist *sg, int nents);

#ifdef RPCRDMA_HAVE_KUNIT_STATIC_STUB	/* Kbuild: 6.3 and later */
#include <kunit/static_stub.h>

/*
 * A KUnit suite's fake device, as the pool sees it: each verb set here
 * replaces its frwr_ib_*() for the running test, one left NULL stays
 * the real one. The fields' types check each replacement's.
 */
struct frwr_ib_fake {
	struct ib_mr *(*alloc_mr)(struct ib_pd *pd, u32 depth);
	int (*dereg_mr)(struct ib_mr *ibmr);
	int (*map_sg)(struct ib_device *dev, struct scatterlist *sg,
		      int nents, enum dma_data_direction dir);
	void (*unmap_sg)(struct ib_device *dev, struct scatterlist *sg,
			 int nents, enum dma_data_direction dir,
			 unsigned long attrs);
	void (*sync_sg_for_cpu)(struct ib_device *dev, struct scatterlist *sg,
				int nents, enum dma_data_direction dir);
	int (*map_mr_sg)(struct ib_mr *ibmr, struct scatterlist *sg,
			 int nents);
};

static inline void frwr_ib_fake_activate(struct kunit *test,
					 const struct frwr_ib_fake *fake)
{
	/* The macro's type check wants a function; the fields checked it */
	if (fake->alloc_mr)
		__kunit_activate_static_stub(test, frwr_ib_alloc_mr,
					     fake->alloc_mr);
	if (fake->dereg_mr)
		__kunit_activate_static_stub(test, frwr_ib_dereg_mr,
					     fake->dereg_mr);
	if (fake->map_sg)
		__kunit_activate_static_stub(test, frwr_ib_map_sg,
					     fake->map_sg);
	if (fake->unmap_sg)
		__kunit_activate_static_stub(test, frwr_ib_unmap_sg,
					     fake->unmap_sg);
	if (fake->sync_sg_for_cpu)
		__kunit_activate_static_stub(test, frwr_ib_sync_sg_for_cpu,
					     fake->sync_sg_for_cpu);
	if (fake->map_mr_sg)
		__kunit_activate_static_stub(test, frwr_ib_map_mr_sg,
					     fake->map_mr_sg);
}
#endif /* RPCRDMA_HAVE_KUNIT_STATIC_STUB */
#endif

/* rpcrdma_core's module init and exit only */
int frwr_sysctl_init(void);
void frwr_sysctl_exit(void);

/**
 * frwr_reg_wr - the REG_MR work request built by frwr_map()
 * @mr: a mapped MR
 *
 * Return: the WR, with @next cleared, ready to be chained.
 */
static inline struct ib_send_wr *frwr_reg_wr(struct frwr_mr *mr)
{
	return &mr->fm_reg_wr.wr;
}

/**
 * frwr_add_page - fill the MR's next scatterlist entry
 * @mr: an MR from frwr_get(), with fewer than fp_depth entries filled
 * @page: the page
 * @len: bytes in @page
 * @off: where they start in @page
 *
 * Only the entry filled is cleared: the table has fp_depth entries and
 * most registrations use one or two of them, so clearing all of it for
 * every use would cost more than the rest of the registration. An end
 * mark left by an earlier use is cleared with the entry; frwr_map()'s
 * caller marks the end of this one.
 */
static inline void frwr_add_page(struct frwr_mr *mr, struct page *page,
				 unsigned int len, unsigned int off)
{
	struct scatterlist *sg = &mr->fm_sg[mr->fm_nents++];

	sg_init_table(sg, 1);
	sg_unmark_end(sg);
	sg_set_page(sg, page, len, off);
}

/**
 * frwr_free_count - how many MRs the pool can hand out right now
 * @pool: the pool
 *
 * Return: a snapshot; it may change as soon as the caller looks at it.
 */
static inline unsigned int frwr_free_count(struct frwr_pool *pool)
{
	return READ_ONCE(pool->fp_nfree);
}

#endif /* _RPCRDMA_FRWR_H */
