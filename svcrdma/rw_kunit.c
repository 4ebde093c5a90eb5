// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite svcrdma_rw_cache: the segment contexts a connection keeps
 * (svcrdma/rw.c). A released context of SVCRDMA_RW_SGES entries is
 * taken again by the next segment with an empty scatterlist that holds
 * SVCRDMA_RW_SGES entries again; no more than sx_max_requests are
 * kept; a larger context is never kept. No context here is mapped, so
 * no device is needed.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"

#define C_KEEP	2U	/* sx_max_requests of the fixture */

static int c_init(struct kunit *test)
{
	struct svcrdma_xprt *sx;

	sx = kunit_kzalloc(test, sizeof(*sx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sx);
	spin_lock_init(&sx->sx_lock);
	init_llist_head(&sx->sx_rw_free);
	sx->sx_max_requests = C_KEEP;
	test->priv = sx;
	return 0;
}

static void c_exit(struct kunit *test)
{
	struct svcrdma_xprt *sx = test->priv;

	if (sx)
		svcrdma_rw_cache_destroy(sx);
}

/* Fill @rw to @n entries of one page each, as a segment does. */
static void c_fill(struct kunit *test, struct svcrdma_rw *rw, unsigned int n)
{
	struct page *page = virt_to_page(empty_zero_page);
	unsigned int i;

	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, svcrdma_rw_add(rw, page, 0, PAGE_SIZE),
				0);
}

/* A kept context comes back empty, and its scatterlist whole again */
static void c_reuse(struct kunit *test)
{
	struct svcrdma_xprt *sx = test->priv;
	struct svcrdma_rw *a, *b;
	struct scatterlist *sg;
	unsigned int n = 0;

	a = svcrdma_rw_alloc(sx, 3);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_EQ(test, a->rw_cap, SVCRDMA_RW_SGES);
	c_fill(test, a, 3);
	/* what svcrdma_rw_init() does before mapping */
	sg_mark_end(a->rw_last);
	a->rw_wrs = 1;
	a->rw_handle = 7;
	svcrdma_rw_release(sx, a);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), 1);

	b = svcrdma_rw_alloc(sx, SVCRDMA_RW_SGES);
	KUNIT_ASSERT_PTR_EQ(test, b, a);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), 0);
	KUNIT_EXPECT_EQ(test, b->rw_nents, 0U);
	KUNIT_EXPECT_EQ(test, b->rw_len, 0U);
	KUNIT_EXPECT_EQ(test, b->rw_wrs, 0U);
	KUNIT_EXPECT_EQ(test, b->rw_handle, 0U);
	KUNIT_EXPECT_FALSE(test, b->rw_mapped);
	KUNIT_EXPECT_PTR_EQ(test, b->rw_cur, b->rw_sgt.sgl);
	KUNIT_EXPECT_TRUE(test, list_empty(&b->rw_node));
	/* The end mark of the last use is gone: every entry can be filled */
	for (sg = b->rw_sgt.sgl; sg; sg = sg_next(sg))
		n++;
	KUNIT_EXPECT_EQ(test, n, SVCRDMA_RW_SGES);
	c_fill(test, b, SVCRDMA_RW_SGES);
	KUNIT_EXPECT_EQ(test, svcrdma_rw_add(b, virt_to_page(empty_zero_page),
					     0, PAGE_SIZE), -ENOSPC);
	KUNIT_EXPECT_EQ(test, b->rw_len, SVCRDMA_RW_SGES * PAGE_SIZE);
	svcrdma_rw_release(sx, b);
}

/* No more than sx_max_requests are kept */
static void c_bound(struct kunit *test)
{
	struct svcrdma_xprt *sx = test->priv;
	struct svcrdma_rw *rw[C_KEEP + 1], *again[C_KEEP];
	unsigned int i, j, found;

	for (i = 0; i < ARRAY_SIZE(rw); i++) {
		rw[i] = svcrdma_rw_alloc(sx, 1);
		KUNIT_ASSERT_NOT_NULL(test, rw[i]);
	}
	for (i = 0; i < ARRAY_SIZE(rw); i++)
		svcrdma_rw_release(sx, rw[i]);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), (int)C_KEEP);

	/* The kept ones are the first C_KEEP released */
	for (i = 0, found = 0; i < C_KEEP; i++) {
		again[i] = svcrdma_rw_alloc(sx, 1);
		KUNIT_ASSERT_NOT_NULL(test, again[i]);
		for (j = 0; j < C_KEEP; j++)
			found += again[i] == rw[j];
	}
	KUNIT_EXPECT_EQ(test, found, C_KEEP);
	KUNIT_EXPECT_PTR_NE(test, again[0], again[1]);
	KUNIT_EXPECT_TRUE(test, llist_empty(&sx->sx_rw_free));
	for (i = 0; i < C_KEEP; i++)
		svcrdma_rw_release(sx, again[i]);
}

/* A segment longer than the kept size gets a context of its own size */
static void c_large(struct kunit *test)
{
	struct svcrdma_xprt *sx = test->priv;
	struct svcrdma_rw *small, *big;

	small = svcrdma_rw_alloc(sx, 1);
	KUNIT_ASSERT_NOT_NULL(test, small);
	svcrdma_rw_release(sx, small);

	big = svcrdma_rw_alloc(sx, SVCRDMA_RW_SGES + 1);
	KUNIT_ASSERT_NOT_NULL(test, big);
	/* the kept one was too small for it, and stays kept */
	KUNIT_EXPECT_PTR_NE(test, big, small);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), 1);
	KUNIT_EXPECT_EQ(test, big->rw_cap, SVCRDMA_RW_SGES + 1);
	c_fill(test, big, SVCRDMA_RW_SGES + 1);
	svcrdma_rw_release(sx, big);
	/* and it is freed, not kept */
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), 1);
}

/* A connection that grants no credit keeps nothing */
static void c_none(struct kunit *test)
{
	struct svcrdma_xprt *sx = test->priv;
	struct svcrdma_rw *rw;

	sx->sx_max_requests = 0;
	rw = svcrdma_rw_alloc(sx, 1);
	KUNIT_ASSERT_NOT_NULL(test, rw);
	svcrdma_rw_release(sx, rw);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_rw_cached), 0);
	KUNIT_EXPECT_TRUE(test, llist_empty(&sx->sx_rw_free));
}

static struct kunit_case svcrdma_rw_cache_cases[] = {
	KUNIT_CASE(c_reuse),
	KUNIT_CASE(c_bound),
	KUNIT_CASE(c_large),
	KUNIT_CASE(c_none),
	{}
};

static struct kunit_suite svcrdma_rw_cache_suite = {
	.name = "svcrdma_rw_cache",
	.init = c_init,
	.exit = c_exit,
	.test_cases = svcrdma_rw_cache_cases,
};

kunit_test_suite(svcrdma_rw_cache_suite);
