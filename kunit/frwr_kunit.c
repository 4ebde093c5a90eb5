// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_frwr: the FRWR pool's state machine (core/frwr.c)
 * without a device. The verbs it calls go through small wrappers
 * (frwr_ib_*()) that these tests redirect with static stubs: MRs are
 * plain kunit allocations, DMA mapping and deregistration are counted,
 * and each stub can be told to fail.
 *
 *   register    get, map (a fresh key byte each time), post
 *   add_page    an MR's scatterlist refilled over what a past use left
 *   invalidate  LOCAL_INV, then back to the free list as it is
 *   recover     an MR returned with a possibly live rkey, or dirty after
 *               a failed work request, is deregistered and replaced
 *   orphan      when the replacement cannot be allocated the pool
 *               shrinks by one
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/frwr.h>

#define F_DEPTH		8U
#define F_COUNT		4U
#define F_IOVA		0xffff888012340a10ULL	/* a DMA address, in-page 0xa10 */
#define F_RKEY(n)	(0x00abc000U + ((n) << 8) + 0x7f)

struct f_fix {
	struct ib_device dev;
	struct ib_pd pd;
	struct frwr_pool pool;
	int alloc_left;		/* allocations that succeed; < 0: all */
	bool dma_fail;		/* ib_dma_map_sg maps nothing */
	int map_short;		/* ib_map_mr_sg maps this many fewer */
	unsigned int allocs, deregs, maps, unmaps, syncs;
	unsigned long unmap_attrs;	/* of the latest unmap */
	u8 *data;		/* what the scatterlists point at */
};

static struct f_fix *f_fix(void)
{
	return kunit_get_current_test()->priv;
}

static struct ib_mr *f_alloc_mr(struct ib_pd *pd, u32 depth)
{
	struct kunit *test = kunit_get_current_test();
	struct f_fix *f = test->priv;
	struct ib_mr *mr;

	KUNIT_EXPECT_PTR_EQ(test, pd, &f->pd);
	KUNIT_EXPECT_EQ(test, depth, F_DEPTH);
	if (!f->alloc_left)
		return ERR_PTR(-ENOMEM);
	if (f->alloc_left > 0)
		f->alloc_left--;
	mr = kunit_kzalloc(test, sizeof(*mr), GFP_KERNEL);
	if (!mr)
		return ERR_PTR(-ENOMEM);
	f->allocs++;
	mr->rkey = F_RKEY(f->allocs);
	mr->lkey = mr->rkey;
	return mr;
}

static int f_dereg_mr(struct ib_mr *ibmr)
{
	f_fix()->deregs++;
	return 0;
}

static int f_map_sg(struct ib_device *dev, struct scatterlist *sg, int nents,
		    enum dma_data_direction dir)
{
	struct f_fix *f = f_fix();

	if (f->dma_fail)
		return 0;
	f->maps++;
	return nents;
}

static void f_unmap_sg(struct ib_device *dev, struct scatterlist *sg,
		       int nents, enum dma_data_direction dir,
		       unsigned long attrs)
{
	f_fix()->unmaps++;
	f_fix()->unmap_attrs = attrs;
}

static void f_sync_sg(struct ib_device *dev, struct scatterlist *sg,
		      int nents, enum dma_data_direction dir)
{
	KUNIT_EXPECT_EQ(kunit_get_current_test(), dir, DMA_FROM_DEVICE);
	f_fix()->syncs++;
}

static int f_map_mr_sg(struct ib_mr *ibmr, struct scatterlist *sg, int nents)
{
	int n = nents - f_fix()->map_short;

	ibmr->iova = F_IOVA;
	ibmr->length = n * PAGE_SIZE;
	return n;
}

static const struct frwr_ib_fake f_fake = {
	.alloc_mr		= f_alloc_mr,
	.dereg_mr		= f_dereg_mr,
	.map_sg			= f_map_sg,
	.unmap_sg		= f_unmap_sg,
	.sync_sg_for_cpu	= f_sync_sg,
	.map_mr_sg		= f_map_mr_sg,
};

static int f_init(struct kunit *test)
{
	struct f_fix *f;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->data = kunit_kzalloc(test, F_DEPTH * PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->data);
	f->pd.device = &f->dev;
	f->alloc_left = -1;
	test->priv = f;
	frwr_ib_fake_activate(test, &f_fake);
	return 0;
}

/* A test that stopped early leaves its pool: free it (stubs still on) */
static void f_exit(struct kunit *test)
{
	struct f_fix *f = test->priv;

	if (f && f->pool.fp_all.next)
		frwr_pool_destroy(&f->pool);
}

/* A pool of F_COUNT MRs; the test destroys it before it ends */
static void f_pool(struct kunit *test, struct f_fix *f)
{
	KUNIT_ASSERT_EQ(test, frwr_pool_init(&f->pool, &f->pd, F_COUNT,
					     F_DEPTH), 0);
	KUNIT_ASSERT_EQ(test, f->pool.fp_size, F_COUNT);
}

/* Destroy the pool: every MR it still owns is deregistered */
static void f_destroy(struct kunit *test, struct f_fix *f)
{
	unsigned int before = f->deregs, size = f->pool.fp_size;

	frwr_pool_destroy(&f->pool);
	KUNIT_EXPECT_EQ(test, f->deregs - before, size);
	KUNIT_EXPECT_EQ(test, f->pool.fp_size, 0);
	KUNIT_EXPECT_EQ(test, f->pool.fp_nfree, 0);
	KUNIT_EXPECT_TRUE(test, list_empty(&f->pool.fp_all));
}

/* Take an MR and give it @n pages of f->data */
static struct frwr_mr *f_get(struct kunit *test, struct f_fix *f, int n)
{
	struct frwr_mr *mr = frwr_get(&f->pool);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, mr);
	sg_init_table(mr->fm_sg, F_DEPTH);
	for (i = 0; i < n; i++)
		sg_set_buf(&mr->fm_sg[i], f->data + i * PAGE_SIZE, PAGE_SIZE);
	mr->fm_nents = n;
	return mr;
}

/* A registered MR, its REG_MR posted */
static struct frwr_mr *f_registered(struct kunit *test, struct f_fix *f)
{
	struct frwr_mr *mr = f_get(test, f, 2);

	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_FROM_DEVICE,
				       IB_ACCESS_REMOTE_WRITE), 0);
	frwr_mark_posted(mr);
	KUNIT_ASSERT_EQ(test, mr->fm_state, FRWR_REGISTERED);
	return mr;
}

static void frwr_pool_init_test(struct kunit *test)
{
	struct f_fix *f = test->priv;

	f_pool(test, f);
	KUNIT_EXPECT_EQ(test, f->allocs, F_COUNT);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT);
	f_destroy(test, f);

	/* Fewer MRs than asked for is still a pool */
	f->alloc_left = 2;
	KUNIT_EXPECT_EQ(test, frwr_pool_init(&f->pool, &f->pd, F_COUNT,
					     F_DEPTH), 0);
	KUNIT_EXPECT_EQ(test, f->pool.fp_size, 2);
	KUNIT_EXPECT_EQ(test, f->pool.fp_nfree, 2);
	f_destroy(test, f);

	/* None at all is not */
	f->alloc_left = 0;
	KUNIT_EXPECT_EQ(test, frwr_pool_init(&f->pool, &f->pd, F_COUNT,
					     F_DEPTH), -ENOMEM);
	KUNIT_EXPECT_EQ(test, f->pool.fp_size, 0);

	/* A device without FRWR: depth 0, nothing allocated */
	f->alloc_left = -1;
	f->allocs = 0;
	KUNIT_EXPECT_EQ(test, frwr_pool_init(&f->pool, &f->pd, F_COUNT, 0),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, f->allocs, 0);
}

static void frwr_device_depth_test(struct kunit *test)
{
	struct f_fix *f = test->priv;

	KUNIT_EXPECT_EQ(test, frwr_device_depth(&f->dev, 64), 0);
	f->dev.attrs.device_cap_flags = IB_DEVICE_MEM_MGT_EXTENSIONS;
	f->dev.attrs.max_fast_reg_page_list_len = 32;
	KUNIT_EXPECT_EQ(test, frwr_device_depth(&f->dev, 64), 32);
	KUNIT_EXPECT_EQ(test, frwr_device_depth(&f->dev, 16), 16);
	f->dev.attrs.max_fast_reg_page_list_len = 1U << 20;
	KUNIT_EXPECT_EQ(test, frwr_device_depth(&f->dev, 1U << 16), 1024);
}

/* get, map, post, LOCAL_INV, put: no recovery on the way */
static void frwr_register_invalidate_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct ib_cqe cqe = {};
	struct frwr_mr *mr;
	struct ib_send_wr *wr;
	u32 rkey;

	f_pool(test, f);
	mr = f_get(test, f, 3);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT - 1);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	rkey = mr->fm_mr->rkey;

	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE,
				       IB_ACCESS_REMOTE_READ), 0);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_MAPPED);
	KUNIT_EXPECT_EQ(test, mr->fm_mapped, 3);
	KUNIT_EXPECT_EQ(test, f->maps, 1);
	/* A fresh key byte: the rkey of a past use cannot match */
	KUNIT_EXPECT_EQ(test, mr->fm_handle, (rkey & ~0xffU) | 0x80);
	KUNIT_EXPECT_EQ(test, mr->fm_mr->rkey, mr->fm_handle);
	KUNIT_EXPECT_EQ(test, mr->fm_length, 3 * PAGE_SIZE);
	/*
	 * The offset advertised is not the DMA address: the same offset
	 * inside the page, the page number random and below 2^62
	 */
	KUNIT_EXPECT_EQ(test, mr->fm_offset & (PAGE_SIZE - 1),
			F_IOVA & (PAGE_SIZE - 1));
	KUNIT_EXPECT_NE(test, mr->fm_offset, F_IOVA);
	KUNIT_EXPECT_LT(test, mr->fm_offset, 1ULL << 62);
	KUNIT_EXPECT_EQ(test, mr->fm_mr->iova, mr->fm_offset);
	wr = frwr_reg_wr(mr);
	KUNIT_EXPECT_EQ(test, wr->opcode, IB_WR_REG_MR);
	KUNIT_EXPECT_PTR_EQ(test, wr->wr_cqe, &mr->fm_cqe);
	KUNIT_EXPECT_EQ(test, mr->fm_reg_wr.key, mr->fm_handle);
	KUNIT_EXPECT_EQ(test, mr->fm_reg_wr.access, IB_ACCESS_REMOTE_READ);
	KUNIT_EXPECT_PTR_EQ(test, mr->fm_reg_wr.mr, mr->fm_mr);

	frwr_mark_posted(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_REGISTERED);

	/* Unsignaled LOCAL_INV reports only failure, to the MR */
	frwr_prep_inv(mr, NULL);
	KUNIT_EXPECT_EQ(test, mr->fm_inv_wr.opcode, IB_WR_LOCAL_INV);
	KUNIT_EXPECT_EQ(test, mr->fm_inv_wr.ex.invalidate_rkey, mr->fm_handle);
	KUNIT_EXPECT_PTR_EQ(test, mr->fm_inv_wr.wr_cqe, &mr->fm_cqe);
	KUNIT_EXPECT_FALSE(test, mr->fm_inv_wr.send_flags & IB_SEND_SIGNALED);
	/* The last one of a chain is signaled, to the caller */
	frwr_prep_inv(mr, &cqe);
	KUNIT_EXPECT_PTR_EQ(test, mr->fm_inv_wr.wr_cqe, &cqe);
	KUNIT_EXPECT_TRUE(test, mr->fm_inv_wr.send_flags & IB_SEND_SIGNALED);

	frwr_invalidated(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	KUNIT_EXPECT_EQ(test, f->deregs, 0);
	KUNIT_EXPECT_EQ(test, f->pool.fp_recovered, 0);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT);

	/* The same MR again: the key byte moves on */
	mr = f_get(test, f, 1);
	rkey = mr->fm_mr->rkey;
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE,
				       IB_ACCESS_REMOTE_READ), 0);
	KUNIT_EXPECT_EQ(test, mr->fm_handle,
			(rkey & ~0xffU) | (u8)((rkey & 0xff) + 1));
	frwr_put(mr);
	f_destroy(test, f);
}

/*
 * frwr_add_page() clears only the entry it fills: a table used before,
 * its end marked at entry 0 and at the last entry, filled again with
 * three pages, walks those three and no more or fewer.
 */
static void frwr_add_page_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct scatterlist *sg;
	struct frwr_mr *mr;
	int i;

	f_pool(test, f);
	mr = frwr_get(&f->pool);
	KUNIT_ASSERT_NOT_NULL(test, mr);
	/* What earlier uses leave: end marks, other pages, DMA addresses */
	sg_init_table(mr->fm_sg, F_DEPTH);
	for (i = 0; i < F_DEPTH; i++) {
		sg_set_buf(&mr->fm_sg[i], f->data + PAGE_SIZE, 64);
		sg_dma_address(&mr->fm_sg[i]) = F_IOVA;
	}
	sg_mark_end(&mr->fm_sg[0]);

	for (i = 0; i < 3; i++)
		frwr_add_page(mr, virt_to_page(f->data + i * PAGE_SIZE),
			      PAGE_SIZE - 8 * i, 8 * i);
	KUNIT_EXPECT_EQ(test, mr->fm_nents, 3);
	sg_mark_end(&mr->fm_sg[mr->fm_nents - 1]);
	KUNIT_EXPECT_EQ(test, sg_nents(mr->fm_sg), 3);
	for_each_sg(mr->fm_sg, sg, mr->fm_nents, i) {
		KUNIT_EXPECT_PTR_EQ(test, sg_virt(sg),
				    (void *)(f->data + i * PAGE_SIZE + 8 * i));
		KUNIT_EXPECT_EQ(test, sg->length, PAGE_SIZE - 8 * i);
		KUNIT_EXPECT_EQ(test, sg_dma_address(sg), 0);
	}
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_FROM_DEVICE,
				       IB_ACCESS_REMOTE_WRITE), 0);
	KUNIT_EXPECT_EQ(test, mr->fm_mapped, 3);
	frwr_put(mr);
	f_destroy(test, f);
}

/* The key byte wraps from 0xff to 0x00 */
static void frwr_key_wrap_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_get(test, f, 1);
	mr->fm_mr->rkey = 0x5500ffU;
	mr->fm_mr->lkey = 0x5500ffU;
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE,
				       IB_ACCESS_REMOTE_READ), 0);
	KUNIT_EXPECT_EQ(test, mr->fm_handle, 0x550000U);
	frwr_put(mr);
	f_destroy(test, f);
}

/* Returned without LOCAL_INV: the rkey may be live, so it is replaced */
static void frwr_recover_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct ib_mr *old;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_registered(test, f);
	old = mr->fm_mr;
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	KUNIT_EXPECT_EQ(test, f->deregs, 1);
	KUNIT_EXPECT_EQ(test, f->allocs, F_COUNT + 1);
	KUNIT_EXPECT_PTR_NE(test, mr->fm_mr, old);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	KUNIT_EXPECT_EQ(test, mr->fm_mapped, 0);
	KUNIT_EXPECT_EQ(test, f->pool.fp_recovered, 1);
	KUNIT_EXPECT_EQ(test, f->pool.fp_size, F_COUNT);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT);
	f_destroy(test, f);
}

/*
 * A failed unsignaled work request makes the MR dirty; a later
 * "invalidated" does not clean it, and frwr_put() replaces it.
 */
static void frwr_dirty_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct ib_wc wc = { .status = IB_WC_SUCCESS };
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_registered(test, f);
	frwr_prep_inv(mr, NULL);

	wc.wr_cqe = mr->fm_inv_wr.wr_cqe;
	wc.wr_cqe->done(NULL, &wc);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_REGISTERED);
	KUNIT_EXPECT_EQ(test, f->pool.fp_wr_errors, 0);

	wc.status = IB_WC_WR_FLUSH_ERR;
	wc.wr_cqe->done(NULL, &wc);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_DIRTY);
	KUNIT_EXPECT_EQ(test, f->pool.fp_wr_errors, 1);

	frwr_invalidated(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_DIRTY);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->deregs, 1);
	KUNIT_EXPECT_EQ(test, f->pool.fp_recovered, 1);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT);
	f_destroy(test, f);
}

/* No replacement to be had: the MR is freed and the pool shrinks */
static void frwr_orphan_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_registered(test, f);
	f->alloc_left = 0;
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->deregs, 1);
	KUNIT_EXPECT_EQ(test, f->pool.fp_orphaned, 1);
	KUNIT_EXPECT_EQ(test, f->pool.fp_recovered, 0);
	KUNIT_EXPECT_EQ(test, f->pool.fp_size, F_COUNT - 1);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->pool), F_COUNT - 1);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&f->pool.fp_all), F_COUNT - 1);
	f_destroy(test, f);
}

/* frwr_map() failures leave nothing mapped and no posted state */
static void frwr_map_errors_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_get(test, f, 0);
	KUNIT_EXPECT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), -EIO);
	mr->fm_nents = F_DEPTH + 1;
	KUNIT_EXPECT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), -EIO);
	KUNIT_EXPECT_EQ(test, f->maps, 0);

	mr->fm_nents = 2;
	f->dma_fail = true;
	KUNIT_EXPECT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), -EIO);
	KUNIT_EXPECT_EQ(test, mr->fm_mapped, 0);
	f->dma_fail = false;

	/* The device registers fewer pages than were mapped */
	f->map_short = 1;
	KUNIT_EXPECT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), -EIO);
	KUNIT_EXPECT_EQ(test, f->maps, 1);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	KUNIT_EXPECT_EQ(test, mr->fm_mapped, 0);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	f->map_short = 0;

	/* Posting, or dirtying, an MR that was never mapped does nothing */
	frwr_mark_posted(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	frwr_mark_dirty(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_IDLE);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->deregs, 0);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	f_destroy(test, f);
}

/*
 * Mapped but never posted: no rkey went out, so it is unmapped and
 * reused as it is. Once dirty (the post failed), it is replaced.
 */
static void frwr_unposted_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_get(test, f, 2);
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), 0);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	KUNIT_EXPECT_EQ(test, f->deregs, 0);

	mr = f_get(test, f, 2);
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), 0);
	frwr_mark_dirty(mr);
	KUNIT_EXPECT_EQ(test, mr->fm_state, FRWR_DIRTY);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 2);
	KUNIT_EXPECT_EQ(test, f->deregs, 1);
	KUNIT_EXPECT_EQ(test, f->pool.fp_recovered, 1);

	/* Destroying a pool unmaps an MR still mapped */
	mr = f_get(test, f, 1);
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), 0);
	f_destroy(test, f);
	KUNIT_EXPECT_EQ(test, f->unmaps, 3);
}

/*
 * frwr_sync_for_cpu(): only an MR mapped for the device to write is
 * synced, once; its unmap then skips the sync, and the MR's next use
 * starts over.
 */
static void frwr_cpu_sync_test(struct kunit *test)
{
	struct f_fix *f = test->priv;
	struct frwr_mr *mr;

	f_pool(test, f);
	mr = f_registered(test, f);
	frwr_sync_for_cpu(mr);
	frwr_sync_for_cpu(mr);
	KUNIT_EXPECT_EQ(test, f->syncs, 1);
	frwr_invalidated(mr);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 1);
	KUNIT_EXPECT_EQ(test, f->unmap_attrs, DMA_ATTR_SKIP_CPU_SYNC);

	/* Not synced this time: the unmap syncs */
	mr = f_registered(test, f);
	frwr_invalidated(mr);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->unmaps, 2);
	KUNIT_EXPECT_EQ(test, f->unmap_attrs, 0);

	/* Nothing to sync: mapped for the device to read, or not mapped */
	mr = f_get(test, f, 2);
	frwr_sync_for_cpu(mr);
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_TO_DEVICE, 0), 0);
	frwr_sync_for_cpu(mr);
	frwr_put(mr);
	KUNIT_EXPECT_EQ(test, f->syncs, 1);
	KUNIT_EXPECT_EQ(test, f->unmap_attrs, 0);
	f_destroy(test, f);
}

static struct kunit_case rpcrdma_frwr_cases[] = {
	KUNIT_CASE(frwr_pool_init_test),
	KUNIT_CASE(frwr_device_depth_test),
	KUNIT_CASE(frwr_register_invalidate_test),
	KUNIT_CASE(frwr_add_page_test),
	KUNIT_CASE(frwr_key_wrap_test),
	KUNIT_CASE(frwr_recover_test),
	KUNIT_CASE(frwr_dirty_test),
	KUNIT_CASE(frwr_orphan_test),
	KUNIT_CASE(frwr_map_errors_test),
	KUNIT_CASE(frwr_unposted_test),
	KUNIT_CASE(frwr_cpu_sync_test),
	{}
};

static struct kunit_suite rpcrdma_frwr_suite = {
	.name = "rpcrdma_frwr",
	.init = f_init,
	.exit = f_exit,
	.test_cases = rpcrdma_frwr_cases,
};

kunit_test_suite(rpcrdma_frwr_suite);

RPCRDMA_IMPORT_KUNIT_NS();
