// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite svcrdma_read_layout: where the server puts a Call that
 * comes with Read chunks (svcrdma/read.c; RFC 8166, Sections 3.4.5 and
 * 3.5.3), through svcrdma_read_layout(), which builds what
 * svcrdma_read_chunks() would post. svcrdma_rw_init() is a static stub
 * that maps nothing and records each RDMA Read; the cases check every
 * Read (remote handle, offset and length, and which page and offset it
 * lands at), the inline bytes and pads copied around them, and rq_arg;
 * and that no byte of the pages changes once the first Read is mapped
 * (the CPU must not write where the device is writing).
 *
 * KUnit suite svcrdma_spare: the pages of deferred Calls, through
 * svcrdma_pages_defer() and svcrdma_pages_finish() (the moves of
 * svcrdma_read_chunks() and of svcrdma_reads_complete(), no Reads): the pages the finished Call
 * displaces become the connection's spares and refill the slots the
 * next Call's Reads take; a page someone else still holds is put, never
 * kept; there are never more than SVCRDMA_SPARE_PAGES spares.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"

#define R_PAGES		8U	/* pages the request offers a Call */
#define R_INLINE	512U	/* room for inline bytes */
#define R_MAXRW		8U

struct r_read {
	u32 handle;
	u64 offset;
	struct svcrdma_rw *rw;
};

struct r_fix {
	struct svcrdma_xprt *sx;
	struct svc_rqst *rqstp;
	struct svcrdma_recv_ctxt *ctxt;
	u8 *inl;
	struct list_head rws;
	unsigned int nreads;
	struct r_read reads[R_MAXRW];
	u8 *snap;		/* the pages when the first Read was mapped */
};

static int r_rw_init(struct svcrdma_xprt *sx, struct svcrdma_rw *rw,
		     u32 handle, u64 offset, enum dma_data_direction dir)
{
	struct kunit *test = kunit_get_current_test();
	struct r_fix *f = test->priv;

	KUNIT_EXPECT_EQ(test, dir, DMA_FROM_DEVICE);
	if (!rw->rw_nents)
		return -EINVAL;
	if (!f->nreads) {
		unsigned int i;

		f->snap = kunit_kmalloc(test, R_PAGES * PAGE_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->snap);
		for (i = 0; i < R_PAGES; i++)
			memcpy(f->snap + i * PAGE_SIZE,
			       page_address(f->rqstp->rq_pages[i]), PAGE_SIZE);
	}
	if (f->nreads < R_MAXRW) {
		f->reads[f->nreads].handle = handle;
		f->reads[f->nreads].offset = offset;
		f->reads[f->nreads].rw = rw;
	}
	f->nreads++;
	rw->rw_wrs = 1;
	return 0;
}

static int r_init(struct kunit *test)
{
	struct r_fix *f;
	unsigned int i;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->sx = kunit_kzalloc(test, sizeof(*f->sx), GFP_KERNEL);
	f->rqstp = kunit_kzalloc(test, sizeof(*f->rqstp), GFP_KERNEL);
	f->ctxt = kunit_kzalloc(test, sizeof(*f->ctxt), GFP_KERNEL);
	f->inl = kunit_kzalloc(test, R_INLINE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sx);
	KUNIT_ASSERT_NOT_NULL(test, f->rqstp);
	KUNIT_ASSERT_NOT_NULL(test, f->ctxt);
	KUNIT_ASSERT_NOT_NULL(test, f->inl);
	INIT_LIST_HEAD(&f->rws);
	test->priv = f;

	f->sx->sx_ord = 16;
	f->sx->sx_sq_depth = 128;
	/* R_PAGES for the Call and one after it for the Reply */
	for (i = 0; i < R_PAGES + 1; i++) {
		f->rqstp->rq_pages[i] = alloc_page(GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->rqstp->rq_pages[i]);
		memset(page_address(f->rqstp->rq_pages[i]), 0xee, PAGE_SIZE);
	}
	f->rqstp->rq_page_end = f->rqstp->rq_pages + R_PAGES + 1;
	KUNIT_ASSERT_EQ(test, rpcrdma_svc_call_maxpages(f->rqstp), R_PAGES);

	for (i = 0; i < R_INLINE; i++)
		f->inl[i] = (u8)(i * 7 + 1);
	f->ctxt->rc_buf = f->inl;
	f->ctxt->rc_msg.m1_prefix.px_xid = 0x1234;
	f->ctxt->rc_msg.m1_prefix.px_vers = RPCRDMA_VERSION_1;
	f->ctxt->rc_msg.m1_prefix.px_proc = RPCRDMA1_MSG;

	kunit_activate_static_stub(test, svcrdma_rw_init, r_rw_init);
	return 0;
}

static void r_exit(struct kunit *test)
{
	struct r_fix *f = test->priv;
	unsigned int i;

	if (!f)
		return;
	svcrdma_rw_release_list(f->sx, &f->rws);
	for (i = 0; i < R_PAGES + 1; i++) {
		if (f->rqstp->rq_pages[i])
			put_page(f->rqstp->rq_pages[i]);
	}
}

/* A Read list entry */
static void r_seg(struct r_fix *f, u32 pos, u32 handle, u32 len, u64 off)
{
	struct rpcrdma_read_list *rl = &f->ctxt->rc_msg.m1_chunks.ch_reads;
	struct rpcrdma_read_segment *rs = &rl->rl_segs[rl->rl_nsegs++];

	rs->rr_position = pos;
	rs->rr_seg.rs_handle = handle;
	rs->rr_seg.rs_length = len;
	rs->rr_seg.rs_offset = off;
}

/* @len octets of Call inline (RDMA_MSG), or none (RDMA_NOMSG) */
static void r_inline(struct r_fix *f, u32 len)
{
	struct rpcrdma_v1_msg *msg = &f->ctxt->rc_msg;

	msg->m1_msg_len = len;
	msg->m1_prefix.px_proc = len ? RPCRDMA1_MSG : RPCRDMA1_NOMSG;
}

/* Read @i: from @handle at @offset, @len octets into page @page at @off */
static void r_expect_read(struct kunit *test, unsigned int i, u32 handle,
			  u64 offset, u32 len, unsigned int page,
			  unsigned int off)
{
	struct r_fix *f = test->priv;
	struct svcrdma_rw *rw;
	struct scatterlist *sg;

	KUNIT_ASSERT_LT(test, i, f->nreads);
	rw = f->reads[i].rw;
	KUNIT_EXPECT_EQ(test, f->reads[i].handle, handle);
	KUNIT_EXPECT_EQ(test, f->reads[i].offset, offset);
	KUNIT_EXPECT_EQ(test, rw->rw_len, len);
	sg = rw->rw_sgt.sgl;
	KUNIT_EXPECT_PTR_EQ(test, sg_page(sg), f->rqstp->rq_pages[page]);
	KUNIT_EXPECT_EQ(test, sg->offset, off);
}

/*
 * The Reads on f->rws are f->reads, in the same order, and the pages
 * are as they were when the first of them was mapped.
 */
static void r_expect_order(struct kunit *test)
{
	struct r_fix *f = test->priv;
	struct svcrdma_rw *rw;
	unsigned int i = 0;

	list_for_each_entry(rw, &f->rws, rw_node) {
		KUNIT_ASSERT_LT(test, i, f->nreads);
		KUNIT_EXPECT_PTR_EQ(test, rw, f->reads[i].rw);
		i++;
	}
	KUNIT_EXPECT_EQ(test, i, f->nreads);
	KUNIT_ASSERT_NOT_NULL(test, f->snap);
	for (i = 0; i < R_PAGES; i++)
		KUNIT_EXPECT_MEMEQ(test, f->snap + i * PAGE_SIZE,
				   page_address(f->rqstp->rq_pages[i]),
				   PAGE_SIZE);
}

/* Octets [@off, @off + @len) of page @page are inline octets from @src */
static void r_expect_copied(struct kunit *test, unsigned int page,
			    unsigned int off, u32 src, u32 len)
{
	struct r_fix *f = test->priv;
	u8 *p = page_address(f->rqstp->rq_pages[page]);

	KUNIT_EXPECT_MEMEQ(test, p + off, f->inl + src, len);
}

static void r_expect_zero(struct kunit *test, unsigned int page,
			  unsigned int off, u32 len)
{
	struct r_fix *f = test->priv;
	u8 *p = page_address(f->rqstp->rq_pages[page]);
	u32 i;

	for (i = 0; i < len; i++)
		KUNIT_EXPECT_EQ(test, p[off + i], 0);
}

static int r_layout(struct kunit *test)
{
	struct r_fix *f = test->priv;

	return svcrdma_read_layout(f->rqstp, f->sx, f->ctxt, &f->rws);
}

/*
 * NFS WRITE: one data item. The inline bytes stay in the Receive as
 * head and tail; the data goes page-aligned into rq_pages, then its
 * XDR pad (RFC 8166, Section 3.4.4.4).
 */
static void r_split(struct kunit *test)
{
	struct r_fix *f = test->priv;
	const struct xdr_buf *arg = &f->rqstp->rq_arg;

	r_inline(f, 64);
	r_seg(f, 40, 0x11, 5001, 0x100000);
	KUNIT_ASSERT_EQ(test, r_layout(test), 0);
	KUNIT_EXPECT_EQ(test, f->nreads, 1);
	r_expect_read(test, 0, 0x11, 0x100000, 5001, 0, 0);
	KUNIT_EXPECT_EQ(test, f->reads[0].rw->rw_nents, 2);
	r_expect_zero(test, 1, 5001 - PAGE_SIZE, 3);
	r_expect_order(test);

	KUNIT_EXPECT_PTR_EQ(test, arg->head[0].iov_base, (void *)f->inl);
	KUNIT_EXPECT_EQ(test, arg->head[0].iov_len, 40);
	KUNIT_EXPECT_PTR_EQ(test, arg->pages, &f->rqstp->rq_pages[0]);
	KUNIT_EXPECT_EQ(test, arg->page_base, 0);
	KUNIT_EXPECT_EQ(test, arg->page_len, 5004);
	KUNIT_EXPECT_PTR_EQ(test, arg->tail[0].iov_base, (void *)(f->inl + 40));
	KUNIT_EXPECT_EQ(test, arg->tail[0].iov_len, 24);
	KUNIT_EXPECT_EQ(test, arg->len, 64 + 5004);
	/* The Reply's pages start after the Call's two */
	KUNIT_EXPECT_PTR_EQ(test, f->rqstp->rq_respages,
			    f->rqstp->rq_pages + 2);
}

/* Segments of one chunk follow each other, not page-aligned */
static void r_split_segments(struct kunit *test)
{
	struct r_fix *f = test->priv;

	r_inline(f, 64);
	r_seg(f, 64, 0x21, 3000, 0x2000);
	r_seg(f, 64, 0x22, 2000, 0x8000);
	KUNIT_ASSERT_EQ(test, r_layout(test), 0);
	KUNIT_EXPECT_EQ(test, f->nreads, 2);
	r_expect_read(test, 0, 0x21, 0x2000, 3000, 0, 0);
	r_expect_read(test, 1, 0x22, 0x8000, 2000, 0, 3000);
	KUNIT_EXPECT_EQ(test, f->reads[1].rw->rw_nents, 2);
	r_expect_order(test);
	KUNIT_EXPECT_EQ(test, f->rqstp->rq_arg.page_len, 5000);
	KUNIT_EXPECT_EQ(test, f->rqstp->rq_arg.tail[0].iov_len, 0);
}

/* A Long Call: the whole Call in the Position-zero chunk */
static void r_pos_zero(struct kunit *test)
{
	struct r_fix *f = test->priv;
	const struct xdr_buf *arg = &f->rqstp->rq_arg;

	r_inline(f, 0);
	r_seg(f, 0, 0x31, 100, 0x3000);
	r_seg(f, 0, 0x32, 4196, 0x4000);
	KUNIT_ASSERT_EQ(test, r_layout(test), 0);
	KUNIT_EXPECT_EQ(test, f->nreads, 2);
	r_expect_read(test, 0, 0x31, 0x3000, 100, 0, 0);
	r_expect_read(test, 1, 0x32, 0x4000, 4196, 0, 100);
	r_expect_order(test);
	KUNIT_EXPECT_PTR_EQ(test, arg->head[0].iov_base,
			    page_address(f->rqstp->rq_pages[0]));
	KUNIT_EXPECT_EQ(test, arg->head[0].iov_len, PAGE_SIZE);
	KUNIT_EXPECT_PTR_EQ(test, arg->pages, f->rqstp->rq_pages + 1);
	KUNIT_EXPECT_EQ(test, arg->page_len, 4296 - PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, arg->tail[0].iov_len, 0);
	KUNIT_EXPECT_EQ(test, arg->len, 4296);
}

/*
 * Two data items in an RDMA_MSG: one XDR stream in rq_pages, inline
 * bytes up to each position (positions count the data items before
 * them, with their pads), each chunk and its pad, then the rest.
 */
static void r_two_chunks(struct kunit *test)
{
	struct r_fix *f = test->priv;
	const struct xdr_buf *arg = &f->rqstp->rq_arg;

	r_inline(f, 100);
	r_seg(f, 20, 0x41, 10, 0x5000);
	r_seg(f, 60, 0x42, 8, 0x6000);
	KUNIT_ASSERT_EQ(test, r_layout(test), 0);
	KUNIT_EXPECT_EQ(test, f->nreads, 2);
	r_expect_copied(test, 0, 0, 0, 20);
	r_expect_read(test, 0, 0x41, 0x5000, 10, 0, 20);
	r_expect_zero(test, 0, 30, 2);
	r_expect_copied(test, 0, 32, 20, 28);
	r_expect_read(test, 1, 0x42, 0x6000, 8, 0, 60);
	r_expect_copied(test, 0, 68, 48, 52);
	r_expect_order(test);
	KUNIT_EXPECT_EQ(test, arg->len, 120);
	KUNIT_EXPECT_EQ(test, arg->head[0].iov_len, 120);
	KUNIT_EXPECT_EQ(test, arg->page_len, 0);
}

/*
 * A Long Call with a data item: the RPC message is read from the
 * Position-zero chunk around the item, one Read per piece.
 */
static void r_pos_zero_data(struct kunit *test)
{
	struct r_fix *f = test->priv;

	r_inline(f, 0);
	r_seg(f, 0, 0x51, 100, 0x7000);
	r_seg(f, 40, 0x52, 16, 0x9000);
	KUNIT_ASSERT_EQ(test, r_layout(test), 0);
	KUNIT_EXPECT_EQ(test, f->nreads, 3);
	r_expect_read(test, 0, 0x51, 0x7000, 40, 0, 0);
	r_expect_read(test, 1, 0x52, 0x9000, 16, 0, 40);
	r_expect_read(test, 2, 0x51, 0x7000 + 40, 60, 0, 56);
	r_expect_order(test);
	KUNIT_EXPECT_EQ(test, f->rqstp->rq_arg.len, 116);
}

/* Read lists the server cannot use: no Read queued, nothing kept */
static void r_errors(struct kunit *test)
{
	struct r_fix *f = test->priv;
	struct rpcrdma_read_list *rl = &f->ctxt->rc_msg.m1_chunks.ch_reads;

	/* The data item's position is past the inline bytes */
	r_inline(f, 64);
	r_seg(f, 68, 0x61, 100, 0);
	KUNIT_EXPECT_EQ(test, r_layout(test), -EINVAL);
	KUNIT_EXPECT_TRUE(test, list_empty(&f->rws));

	/* More than the request's pages */
	rl->rl_nsegs = 0;
	r_seg(f, 64, 0x62, R_PAGES * PAGE_SIZE + 1, 0);
	KUNIT_EXPECT_EQ(test, r_layout(test), -EMSGSIZE);
	KUNIT_EXPECT_TRUE(test, list_empty(&f->rws));

	/* A data item overlapping the one before it */
	rl->rl_nsegs = 0;
	r_seg(f, 20, 0x63, 10, 0);
	r_seg(f, 24, 0x64, 10, 0);
	KUNIT_EXPECT_EQ(test, r_layout(test), -EINVAL);

	/* A Long Call whose data item is past its message */
	rl->rl_nsegs = 0;
	r_inline(f, 0);
	r_seg(f, 0, 0x65, 40, 0);
	r_seg(f, 44, 0x66, 8, 0);
	KUNIT_EXPECT_EQ(test, r_layout(test), -EINVAL);

	/* More Reads than the Send queue holds */
	rl->rl_nsegs = 0;
	r_inline(f, 64);
	r_seg(f, 64, 0x67, 100, 0);
	r_seg(f, 64, 0x68, 100, 0);
	f->sx->sx_sq_depth = 1;
	KUNIT_EXPECT_EQ(test, r_layout(test), -EMSGSIZE);
	KUNIT_EXPECT_TRUE(test, list_empty(&f->rws));

	/* The client offered no responder resources */
	f->sx->sx_sq_depth = 128;
	f->sx->sx_ord = 0;
	f->nreads = 0;
	KUNIT_EXPECT_EQ(test, r_layout(test), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, f->nreads, 0);
}

#define S_PAGES		4U

struct s_fix {
	struct svcrdma_xprt *sx;
	struct svc_rqst *rq[3];
};

static void s_fill(struct kunit *test, struct svc_rqst *rqstp, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (rqstp->rq_pages[i])
			continue;
		rqstp->rq_pages[i] = alloc_page(GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, rqstp->rq_pages[i]);
	}
	rqstp->rq_page_end = rqstp->rq_pages + n;
}

static int s_init(struct kunit *test)
{
	struct s_fix *f;
	unsigned int i;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->sx = kunit_kzalloc(test, sizeof(*f->sx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sx);
	KUNIT_ASSERT_EQ(test, svcrdma_spare_init(f->sx), 0);
	for (i = 0; i < ARRAY_SIZE(f->rq); i++) {
		f->rq[i] = kunit_kzalloc(test, sizeof(*f->rq[i]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->rq[i]);
	}
	test->priv = f;
	return 0;
}

/* Put the pages of rq_pages[0, @n) and empty their slots */
static void s_drop(struct svc_rqst *rqstp, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (rqstp->rq_pages[i])
			put_page(rqstp->rq_pages[i]);
		rqstp->rq_pages[i] = NULL;
	}
}

static void s_exit(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < ARRAY_SIZE(f->rq); i++)
		s_drop(f->rq[i], SVCRDMA_CALL_MAXPAGES + 1);
	svcrdma_spare_release(f->sx);
}

/* One deferred Call: its Reads take @from's pages, @to takes the Call */
static void s_cycle(struct kunit *test, struct s_fix *f,
		    struct svc_rqst *from, struct svc_rqst *to, unsigned int n)
{
	struct svcrdma_rbuild *rb = svcrdma_pages_defer(f->sx, from, n);

	KUNIT_ASSERT_NOT_NULL(test, rb);
	svcrdma_pages_finish(rb, to);
}

/* Displaced pages become spares, and the next Call's Reads reuse them */
static void s_recycle(struct kunit *test)
{
	struct s_fix *f = test->priv;
	struct page *a[S_PAGES], *b[S_PAGES];
	unsigned int i;

	s_fill(test, f->rq[0], S_PAGES);
	s_fill(test, f->rq[1], S_PAGES);
	for (i = 0; i < S_PAGES; i++) {
		a[i] = f->rq[0]->rq_pages[i];
		b[i] = f->rq[1]->rq_pages[i];
	}
	s_cycle(test, f, f->rq[0], f->rq[1], S_PAGES);
	/* The Call's pages went to the request that took it */
	for (i = 0; i < S_PAGES; i++)
		KUNIT_EXPECT_PTR_EQ(test, f->rq[1]->rq_pages[i], a[i]);
	/* No spare yet when the Reads took them: svc_alloc_arg() refills */
	for (i = 0; i < S_PAGES; i++)
		KUNIT_EXPECT_NULL(test, f->rq[0]->rq_pages[i]);
	KUNIT_EXPECT_EQ(test, f->sx->sx_nspare, S_PAGES);

	/* The next Call: its request's slots are refilled with b[] */
	s_fill(test, f->rq[0], S_PAGES);
	s_cycle(test, f, f->rq[0], f->rq[2], S_PAGES);
	for (i = 0; i < S_PAGES; i++)
		KUNIT_EXPECT_PTR_EQ(test, f->rq[0]->rq_pages[S_PAGES - 1 - i],
				    b[i]);
	/* rq[2] had no pages: nothing was displaced */
	KUNIT_EXPECT_EQ(test, f->sx->sx_nspare, 0U);
}

/* A page that is not the request's alone is put, never made a spare */
static void s_shared(struct kunit *test)
{
	struct s_fix *f = test->priv;
	struct page *held;

	s_fill(test, f->rq[0], S_PAGES);
	s_fill(test, f->rq[1], S_PAGES);
	held = f->rq[1]->rq_pages[1];
	get_page(held);
	s_cycle(test, f, f->rq[0], f->rq[1], S_PAGES);
	KUNIT_EXPECT_EQ(test, f->sx->sx_nspare, S_PAGES - 1);
	KUNIT_EXPECT_EQ(test, page_ref_count(held), 1);
	KUNIT_EXPECT_PTR_NE(test, f->sx->sx_spare[0], held);
	KUNIT_EXPECT_PTR_NE(test, f->sx->sx_spare[1], held);
	KUNIT_EXPECT_PTR_NE(test, f->sx->sx_spare[2], held);
	put_page(held);
}

/*
 * Two Calls deferred before either finishes: the second finish finds
 * the spares full, and puts what it displaces beyond SVCRDMA_SPARE_PAGES.
 */
static void s_bound(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned int n = SVCRDMA_SPARE_PAGES;
	struct svcrdma_rbuild *c1, *c2;
	struct page *p;

	s_fill(test, f->rq[0], n);
	c1 = svcrdma_pages_defer(f->sx, f->rq[0], n);
	KUNIT_ASSERT_NOT_NULL(test, c1);
	s_fill(test, f->rq[0], n);
	c2 = svcrdma_pages_defer(f->sx, f->rq[0], n);
	KUNIT_ASSERT_NOT_NULL(test, c2);

	s_fill(test, f->rq[1], n);
	svcrdma_pages_finish(c1, f->rq[1]);
	KUNIT_EXPECT_EQ(test, f->sx->sx_nspare, n);
	/* rq[1] again with new pages, one of them held elsewhere too */
	s_drop(f->rq[1], n);
	s_fill(test, f->rq[1], n);
	p = f->rq[1]->rq_pages[0];
	get_page(p);
	svcrdma_pages_finish(c2, f->rq[1]);
	KUNIT_EXPECT_EQ(test, f->sx->sx_nspare, SVCRDMA_SPARE_PAGES);
	/* Not kept (the spares were full), and its extra reference put */
	KUNIT_EXPECT_EQ(test, page_ref_count(p), 1);
	put_page(p);
}

static struct kunit_case svcrdma_read_cases[] = {
	KUNIT_CASE(r_split),
	KUNIT_CASE(r_split_segments),
	KUNIT_CASE(r_pos_zero),
	KUNIT_CASE(r_two_chunks),
	KUNIT_CASE(r_pos_zero_data),
	KUNIT_CASE(r_errors),
	{}
};

static struct kunit_suite svcrdma_read_suite = {
	.name = "svcrdma_read_layout",
	.init = r_init,
	.exit = r_exit,
	.test_cases = svcrdma_read_cases,
};

static struct kunit_case svcrdma_spare_cases[] = {
	KUNIT_CASE(s_recycle),
	KUNIT_CASE(s_shared),
	KUNIT_CASE(s_bound),
	{}
};

static struct kunit_suite svcrdma_spare_suite = {
	.name = "svcrdma_spare",
	.init = s_init,
	.exit = s_exit,
	.test_cases = svcrdma_spare_cases,
};

kunit_test_suites(&svcrdma_read_suite, &svcrdma_spare_suite);
