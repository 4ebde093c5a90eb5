// SPDX-License-Identifier: GPL-2.0-only
/*
 * FRWR memory registration: a pool of fast-registration MRs and the work
 * requests that register and invalidate them.
 *
 * RFC 8166, Section 4.4 leaves the registration method to the
 * implementation but requires (Section 8.1.3) that memory exposed to the
 * peer for one RPC is no longer exposed once that RPC completes. The
 * pool enforces that at frwr_put(): an MR comes back either known to be
 * invalid (FRWR_IDLE) or it is deregistered and replaced.
 */

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/random.h>

#include <kunit/visibility.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/frwr.h>
#include <rpcrdma/gauge.h>

/* checkpatch knows EXPORT_SYMBOL*() names: keep exports recognisable */
#define EXPORT_SYMBOL_FRWR(sym)	RPCRDMA_EXPORT(sym)

/* An MR never needs more than this many pages: 4 MiB at 4 KiB pages. */
#define FRWR_DEPTH_CAP	1024U

/*
 * Gauges of every pool (rpcrdma/gauge.h), in /proc/sys/sunrpc/rpcrdma_core/:
 * MRs allocated and not yet deregistered, and MRs whose pages are
 * DMA-mapped for the peer.
 */
static atomic_t frwr_live_mrs;
static atomic_t frwr_mapped_mrs;
static struct ctl_table_header *frwr_sysctl;

static struct ctl_table frwr_ctl_table[] = {
	RPCRDMA_CTL_GAUGE("live_mrs", &frwr_live_mrs),
	RPCRDMA_CTL_GAUGE("mapped_mrs", &frwr_mapped_mrs),
	RPCRDMA_CTL_END
};

/**
 * frwr_sysctl_init - register the gauges (rpcrdma_core's module init)
 *
 * Return: 0 or -ENOMEM.
 */
int frwr_sysctl_init(void)
{
	frwr_sysctl = register_sysctl("sunrpc/rpcrdma_core", frwr_ctl_table);
	return frwr_sysctl ? 0 : -ENOMEM;
}

/**
 * frwr_sysctl_exit - remove them (rpcrdma_core's module exit)
 */
void frwr_sysctl_exit(void)
{
	unregister_sysctl_table(frwr_sysctl);
}

/**
 * frwr_device_depth - pages one MR may cover on a device
 * @dev: the RDMA device
 * @want: the caller's upper bound (a tunable)
 *
 * Return: the depth to use, or zero if @dev cannot do FRWR.
 */
unsigned int frwr_device_depth(struct ib_device *dev, unsigned int want)
{
	unsigned int depth;

	if (!(dev->attrs.device_cap_flags & IB_DEVICE_MEM_MGT_EXTENSIONS))
		return 0;
	depth = min3(want, dev->attrs.max_fast_reg_page_list_len,
		     FRWR_DEPTH_CAP);
	return depth;
}
EXPORT_SYMBOL_FRWR(frwr_device_depth);

/*
 * The verbs the pool calls, one wrapper each: a KUnit suite replaces
 * them (KUNIT_STATIC_STUB_REDIRECT, a no-op outside a KUnit test) to
 * drive the pool without a device. Nothing else differs.
 */
VISIBLE_IF_KUNIT struct ib_mr *frwr_ib_alloc_mr(struct ib_pd *pd, u32 depth)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_alloc_mr, pd, depth);
	return ib_alloc_mr(pd, IB_MR_TYPE_MEM_REG, depth);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_alloc_mr);

VISIBLE_IF_KUNIT int frwr_ib_dereg_mr(struct ib_mr *ibmr)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_dereg_mr, ibmr);
	return ib_dereg_mr(ibmr);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_dereg_mr);

VISIBLE_IF_KUNIT int frwr_ib_map_sg(struct ib_device *dev,
				    struct scatterlist *sg, int nents,
				    enum dma_data_direction dir)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_map_sg, dev, sg, nents, dir);
	return ib_dma_map_sg(dev, sg, nents, dir);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_map_sg);

VISIBLE_IF_KUNIT void frwr_ib_unmap_sg(struct ib_device *dev,
				       struct scatterlist *sg, int nents,
				       enum dma_data_direction dir,
				       unsigned long attrs)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_unmap_sg, dev, sg, nents, dir,
				   attrs);
	ib_dma_unmap_sg_attrs(dev, sg, nents, dir, attrs);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_unmap_sg);

/* ib_verbs.h has no scatterlist sync; software devices map nothing */
VISIBLE_IF_KUNIT void frwr_ib_sync_sg_for_cpu(struct ib_device *dev,
					      struct scatterlist *sg,
					      int nents,
					      enum dma_data_direction dir)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_sync_sg_for_cpu, dev, sg, nents,
				   dir);
	if (!ib_uses_virt_dma(dev))
		dma_sync_sg_for_cpu(dev->dma_device, sg, nents, dir);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_sync_sg_for_cpu);

VISIBLE_IF_KUNIT int frwr_ib_map_mr_sg(struct ib_mr *ibmr,
				       struct scatterlist *sg, int nents)
{
	KUNIT_STATIC_STUB_REDIRECT(frwr_ib_map_mr_sg, ibmr, sg, nents);
	return ib_map_mr_sg(ibmr, sg, nents, NULL, PAGE_SIZE);
}
EXPORT_SYMBOL_IF_KUNIT(frwr_ib_map_mr_sg);

static void frwr_wr_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct frwr_mr *mr = container_of(wc->wr_cqe, struct frwr_mr, fm_cqe);
	struct frwr_pool *pool = mr->fm_pool;

	/* Only a failing unsignaled REG_MR or LOCAL_INV lands here. */
	if (wc->status != IB_WC_SUCCESS) {
		mr->fm_state = FRWR_DIRTY;
		spin_lock(&pool->fp_lock);
		pool->fp_wr_errors++;
		spin_unlock(&pool->fp_lock);
	}
}

static int frwr_mr_init(struct frwr_pool *pool, struct frwr_mr *mr)
{
	struct ib_mr *ibmr;

	ibmr = frwr_ib_alloc_mr(pool->fp_pd, pool->fp_depth);
	if (IS_ERR(ibmr))
		return PTR_ERR(ibmr);
	atomic_inc(&frwr_live_mrs);
	mr->fm_mr = ibmr;
	mr->fm_state = FRWR_IDLE;
	mr->fm_mapped = 0;
	mr->fm_nents = 0;
	return 0;
}

static struct frwr_mr *frwr_mr_alloc(struct frwr_pool *pool)
{
	struct frwr_mr *mr;

	mr = kzalloc(sizeof(*mr), GFP_KERNEL);
	if (!mr)
		return NULL;
	mr->fm_sg = kcalloc(pool->fp_depth, sizeof(*mr->fm_sg), GFP_KERNEL);
	if (!mr->fm_sg)
		goto out_free;
	if (frwr_mr_init(pool, mr))
		goto out_sg;
	mr->fm_pool = pool;
	mr->fm_cqe.done = frwr_wr_done;
	INIT_LIST_HEAD(&mr->fm_list);
	return mr;

out_sg:
	kfree(mr->fm_sg);
out_free:
	kfree(mr);
	return NULL;
}

/*
 * An MR frwr_sync_for_cpu() handed to the CPU stays the CPU's: the
 * unmap must not sync again, or a bounce buffer (swiotlb) or a cache
 * invalidation would undo what the CPU wrote since.
 */
static void frwr_unmap(struct frwr_mr *mr)
{
	if (!mr->fm_mapped)
		return;
	frwr_ib_unmap_sg(mr->fm_pool->fp_pd->device, mr->fm_sg, mr->fm_nents,
			 mr->fm_dir,
			 mr->fm_cpu_owned ? DMA_ATTR_SKIP_CPU_SYNC : 0);
	mr->fm_mapped = 0;
	mr->fm_cpu_owned = false;
	atomic_dec(&frwr_mapped_mrs);
}

/**
 * frwr_pool_init - allocate a pool of MRs
 * @pool: the pool to fill
 * @pd: protection domain the MRs belong to
 * @count: how many MRs to allocate
 * @depth: pages per MR, from frwr_device_depth()
 *
 * Context: process context; may sleep.
 * Return: 0, or a negative errno if not even one MR could be allocated.
 */
int frwr_pool_init(struct frwr_pool *pool, struct ib_pd *pd,
		   unsigned int count, unsigned int depth)
{
	struct frwr_mr *mr;
	unsigned int i;

	memset(pool, 0, sizeof(*pool));
	spin_lock_init(&pool->fp_lock);
	INIT_LIST_HEAD(&pool->fp_free);
	INIT_LIST_HEAD(&pool->fp_all);
	pool->fp_pd = pd;
	pool->fp_depth = depth;
	if (!depth)
		return -EOPNOTSUPP;

	for (i = 0; i < count; i++) {
		mr = frwr_mr_alloc(pool);
		if (!mr)
			break;
		list_add_tail(&mr->fm_all, &pool->fp_all);
		list_add_tail(&mr->fm_list, &pool->fp_free);
		pool->fp_size++;
		pool->fp_nfree++;
	}
	return pool->fp_size ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_FRWR(frwr_pool_init);

/**
 * frwr_pool_destroy - deregister and free every MR of a pool
 * @pool: the pool
 *
 * Deregistering an MR invalidates its rkey, so this is safe whatever
 * state each MR is in, once no WR that refers to it can still execute:
 * the caller has drained or destroyed the QP first.
 *
 * Context: process context; may sleep.
 */
void frwr_pool_destroy(struct frwr_pool *pool)
{
	struct frwr_mr *mr, *next;

	list_for_each_entry_safe(mr, next, &pool->fp_all, fm_all) {
		list_del(&mr->fm_all);
		frwr_unmap(mr);
		frwr_ib_dereg_mr(mr->fm_mr);
		atomic_dec(&frwr_live_mrs);
		kfree(mr->fm_sg);
		kfree(mr);
	}
	INIT_LIST_HEAD(&pool->fp_free);
	pool->fp_size = 0;
	pool->fp_nfree = 0;
}
EXPORT_SYMBOL_FRWR(frwr_pool_destroy);

/**
 * frwr_get - take an idle MR from the pool
 * @pool: the pool
 *
 * Return: an MR with no entries filled, or NULL if the pool is empty.
 */
struct frwr_mr *frwr_get(struct frwr_pool *pool)
{
	struct frwr_mr *mr;

	spin_lock(&pool->fp_lock);
	mr = list_first_entry_or_null(&pool->fp_free, struct frwr_mr,
				      fm_list);
	if (mr) {
		list_del_init(&mr->fm_list);
		pool->fp_nfree--;
	}
	spin_unlock(&pool->fp_lock);
	if (mr)
		mr->fm_nents = 0;
	return mr;
}
EXPORT_SYMBOL_FRWR(frwr_get);

/* Replace an MR whose rkey may still be live; false if that failed. */
static bool frwr_recover(struct frwr_mr *mr)
{
	struct frwr_pool *pool = mr->fm_pool;

	frwr_ib_dereg_mr(mr->fm_mr);
	atomic_dec(&frwr_live_mrs);
	mr->fm_mr = NULL;
	if (frwr_mr_init(pool, mr) == 0) {
		spin_lock(&pool->fp_lock);
		pool->fp_recovered++;
		spin_unlock(&pool->fp_lock);
		return true;
	}

	spin_lock(&pool->fp_lock);
	list_del(&mr->fm_all);
	pool->fp_size--;
	pool->fp_orphaned++;
	spin_unlock(&pool->fp_lock);
	kfree(mr->fm_sg);
	kfree(mr);
	return false;
}

/**
 * frwr_put - return an MR to its pool
 * @mr: an MR taken with frwr_get() and no longer on any user list
 *
 * An MR still FRWR_REGISTERED (never invalidated) or FRWR_DIRTY is
 * deregistered and replaced here, so it is never reused while the peer
 * might still hold a working rkey for it.
 *
 * Context: process context; may sleep. Not under a spinlock or
 * rcu_read_lock(), nor in a CQ handler polled in softirq context: the
 * replacement calls ib_dereg_mr() and ib_alloc_mr(), which may wait for
 * the device. A workqueue item (a CQ polled with IB_POLL_WORKQUEUE) or a
 * holder of a sleeping lock such as an rwsem may call it. might_sleep()
 * checks every call, not only the ones that happen to need a
 * replacement.
 */
void frwr_put(struct frwr_mr *mr)
{
	struct frwr_pool *pool = mr->fm_pool;

	might_sleep();
	frwr_unmap(mr);
	if (mr->fm_state == FRWR_REGISTERED || mr->fm_state == FRWR_DIRTY) {
		if (!frwr_recover(mr))
			return;
	}
	mr->fm_state = FRWR_IDLE;
	mr->fm_nents = 0;
	spin_lock(&pool->fp_lock);
	list_add(&mr->fm_list, &pool->fp_free);
	pool->fp_nfree++;
	spin_unlock(&pool->fp_lock);
}
EXPORT_SYMBOL_FRWR(frwr_put);

/*
 * The offset a peer is given for an MR is the MR's iova, which
 * ib_map_mr_sg() sets to the DMA address of its first byte: on
 * soft-RoCE a kernel virtual address, on other devices a bus address.
 * Neither is the peer's to know (where the kernel keeps its pages is
 * what KASLR hides). The device resolves an iova page by page from the
 * MR's first page, so only the offset inside that page must stay; the
 * page number is drawn at random, below 2^62, so that no iova plus a
 * length can wrap.
 */
static u64 frwr_hide_iova(u64 iova)
{
	return (get_random_u64() & GENMASK_ULL(61, PAGE_SHIFT)) |
	       (iova & (PAGE_SIZE - 1));
}

/**
 * frwr_map - DMA-map an MR's entries and build its REG_MR
 * @mr: MR whose fm_sg[0..fm_nents) the caller filled
 * @dir: DMA direction of the transfer the peer will do
 * @access: IB_ACCESS_* flags for the rkey
 *
 * On success fm_handle, fm_length and fm_offset describe the segment to
 * advertise, and frwr_reg_wr() is the WR to post before advertising it.
 *
 * Return: 0, or -EIO if the entries could not be mapped as one MR.
 */
int frwr_map(struct frwr_mr *mr, enum dma_data_direction dir, int access)
{
	struct ib_device *dev = mr->fm_pool->fp_pd->device;
	struct ib_reg_wr *reg = &mr->fm_reg_wr;
	int mapped, n;
	u8 key;

	if (mr->fm_nents <= 0 || mr->fm_nents > mr->fm_pool->fp_depth)
		return -EIO;
	mr->fm_dir = dir;
	mapped = frwr_ib_map_sg(dev, mr->fm_sg, mr->fm_nents, dir);
	if (!mapped)
		return -EIO;
	mr->fm_mapped = mapped;
	atomic_inc(&frwr_mapped_mrs);

	n = frwr_ib_map_mr_sg(mr->fm_mr, mr->fm_sg, mapped);
	if (n != mapped) {
		frwr_unmap(mr);
		return -EIO;
	}

	/* A fresh key byte, so a stale rkey from a past use cannot match */
	key = (u8)(mr->fm_mr->rkey & 0xff) + 1;
	ib_update_fast_reg_key(mr->fm_mr, key);
	mr->fm_mr->iova = frwr_hide_iova(mr->fm_mr->iova);

	memset(reg, 0, sizeof(*reg));
	reg->wr.opcode = IB_WR_REG_MR;
	reg->wr.wr_cqe = &mr->fm_cqe;
	reg->mr = mr->fm_mr;
	reg->key = mr->fm_mr->rkey;
	reg->access = access;

	mr->fm_handle = mr->fm_mr->rkey;
	mr->fm_length = mr->fm_mr->length;
	mr->fm_offset = mr->fm_mr->iova;
	mr->fm_state = FRWR_MAPPED;
	return 0;
}
EXPORT_SYMBOL_FRWR(frwr_map);

/**
 * frwr_mark_posted - note that an MR's REG_MR is about to be posted
 * @mr: a mapped MR
 *
 * Call before ib_post_send(): from here on the rkey counts as live
 * until frwr_invalidated().
 */
void frwr_mark_posted(struct frwr_mr *mr)
{
	if (mr->fm_state == FRWR_MAPPED)
		mr->fm_state = FRWR_REGISTERED;
}
EXPORT_SYMBOL_FRWR(frwr_mark_posted);

/**
 * frwr_prep_inv - build the LOCAL_INV for an MR
 * @mr: a registered MR
 * @cqe: completion to signal, or NULL to post it unsignaled
 *
 * The WR is in mr->fm_inv_wr with @next cleared.
 */
void frwr_prep_inv(struct frwr_mr *mr, struct ib_cqe *cqe)
{
	struct ib_send_wr *wr = &mr->fm_inv_wr;

	memset(wr, 0, sizeof(*wr));
	wr->opcode = IB_WR_LOCAL_INV;
	wr->ex.invalidate_rkey = mr->fm_handle;
	if (cqe) {
		wr->wr_cqe = cqe;
		wr->send_flags = IB_SEND_SIGNALED;
	} else {
		wr->wr_cqe = &mr->fm_cqe;
	}
}
EXPORT_SYMBOL_FRWR(frwr_prep_inv);

/**
 * frwr_invalidated - the MR's rkey is known to be invalid
 * @mr: an MR whose LOCAL_INV succeeded, or that the peer invalidated
 *      with Send With Invalidate
 *
 * A DIRTY MR stays DIRTY: one failed WR is enough to distrust it.
 */
void frwr_invalidated(struct frwr_mr *mr)
{
	if (mr->fm_state != FRWR_DIRTY)
		mr->fm_state = FRWR_IDLE;
}
EXPORT_SYMBOL_FRWR(frwr_invalidated);

/**
 * frwr_mark_dirty - the MR's state is unknown after a flush or error
 * @mr: the MR
 */
void frwr_mark_dirty(struct frwr_mr *mr)
{
	if (mr->fm_state != FRWR_IDLE || mr->fm_mapped)
		mr->fm_state = FRWR_DIRTY;
}
EXPORT_SYMBOL_FRWR(frwr_mark_dirty);

/**
 * frwr_sync_for_cpu - make what the peer wrote into an MR the CPU's
 * @mr: an MR the peer may have written into (mapped DMA_FROM_DEVICE)
 *
 * The peer's RDMA Writes are in memory once the message that follows
 * them has been received, but with a bounce buffer (swiotlb) or caches
 * the device does not snoop the CPU sees them only after a sync. Call
 * this before the CPU reads or writes the MR's memory; from then on the
 * memory is the CPU's, and frwr_put() unmaps it without syncing again.
 * Nothing happens for an MR that is not mapped for the device to write.
 *
 * Context: any; does not sleep.
 */
void frwr_sync_for_cpu(struct frwr_mr *mr)
{
	if (!mr->fm_mapped || mr->fm_dir != DMA_FROM_DEVICE ||
	    mr->fm_cpu_owned)
		return;
	frwr_ib_sync_sg_for_cpu(mr->fm_pool->fp_pd->device, mr->fm_sg,
				mr->fm_nents, mr->fm_dir);
	mr->fm_cpu_owned = true;
}
EXPORT_SYMBOL_FRWR(frwr_sync_for_cpu);
