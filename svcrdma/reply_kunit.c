// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite svcrdma_reply_placement: where the server puts a Version 1
 * Reply (svcrdma/reply.c; RFC 8166, Sections 3.5.2 and 3.5.3): each
 * payload nfsd announced into its Write chunk, the rest inline or, when
 * it does not fit, into the Reply chunk; what does not fit anywhere is
 * refused; an empty Write chunk keeps its payload inline (Section
 * 4.3.2.3). svcrdma_reply_build() runs whole with svcrdma_rw_init() a
 * static stub that records each RDMA Write; every built header is
 * decoded back as the client decodes it (rpcrdma_v1_decode_reply()).
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"

#define P_SEND		1024U	/* our Send size */
#define P_NPAGES	4U	/* pages of result data */
#define P_MAXW		8U
#define P_XID		0x4242U

struct p_write {
	u32 handle;
	u64 offset;
	u32 len;
};

struct p_fix {
	struct svcrdma_xprt *sx;
	struct svcrdma_send_ctxt *sc;
	struct svcrdma_recv_ctxt *ctxt;
	struct rpcrdma_v1_msg *got;	/* the built header, decoded */
	struct rpcrdma_v2_error e;
	struct xdr_buf res;
	struct page *head;
	struct page *pages[P_NPAGES];
	unsigned int nwrites;
	struct p_write writes[P_MAXW];
};

static int p_rw_init(struct svcrdma_xprt *sx, struct svcrdma_rw *rw,
		     u32 handle, u64 offset, enum dma_data_direction dir)
{
	struct kunit *test = kunit_get_current_test();
	struct p_fix *f = test->priv;

	KUNIT_EXPECT_EQ(test, dir, DMA_TO_DEVICE);
	if (!rw->rw_nents)
		return -EINVAL;
	if (f->nwrites < P_MAXW) {
		f->writes[f->nwrites].handle = handle;
		f->writes[f->nwrites].offset = offset;
		f->writes[f->nwrites].len = rw->rw_len;
	}
	f->nwrites++;
	rw->rw_wrs = 1;
	return 0;
}

static int p_init(struct kunit *test)
{
	struct p_fix *f;
	unsigned int i;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->sx = kunit_kzalloc(test, sizeof(*f->sx), GFP_KERNEL);
	f->sc = kunit_kzalloc(test, struct_size(f->sc, sc_pages, 16),
			      GFP_KERNEL);
	f->ctxt = kunit_kzalloc(test, sizeof(*f->ctxt), GFP_KERNEL);
	f->got = kunit_kzalloc(test, sizeof(*f->got), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sx);
	KUNIT_ASSERT_NOT_NULL(test, f->sc);
	KUNIT_ASSERT_NOT_NULL(test, f->ctxt);
	KUNIT_ASSERT_NOT_NULL(test, f->got);
	f->sc->sc_maxpages = 16;
	f->sc->sc_buf = kunit_kzalloc(test, P_SEND, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sc->sc_buf);
	INIT_LIST_HEAD(&f->sc->sc_rw);
	test->priv = f;

	f->head = alloc_page(GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->head);
	for (i = 0; i < P_NPAGES; i++) {
		f->pages[i] = alloc_page(GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->pages[i]);
		memset(page_address(f->pages[i]), 0x30 + i, PAGE_SIZE);
	}
	for (i = 0; i < PAGE_SIZE; i++)
		((u8 *)page_address(f->head))[i] = (u8)(i * 3 + 1);

	spin_lock_init(&f->sx->sx_lock);
	init_llist_head(&f->sx->sx_rw_free);
	f->sx->sx_send_size = P_SEND;
	f->sx->sx_max_requests = 32;
	f->sx->sx_credits = 32;
	f->sx->sx_sq_depth = 128;
	atomic_set(&f->sx->sx_sq_avail, 128);
	f->ctxt->rc_msg.m1_prefix.px_xid = P_XID;
	f->ctxt->rc_msg.m1_prefix.px_vers = RPCRDMA_VERSION_1;
	f->ctxt->rc_msg.m1_prefix.px_proc = RPCRDMA1_MSG;

	kunit_activate_static_stub(test, svcrdma_rw_init, p_rw_init);
	return 0;
}

static void p_exit(struct kunit *test)
{
	struct p_fix *f = test->priv;
	unsigned int i;

	if (!f)
		return;
	svcrdma_send_ctxt_reset(f->sx, f->sc);
	svcrdma_rw_cache_destroy(f->sx);
	if (f->head)
		put_page(f->head);
	for (i = 0; i < P_NPAGES; i++) {
		if (f->pages[i])
			put_page(f->pages[i]);
	}
}

/*
 * rq_res: @head octets in the head page, @pages of result data, then
 * @tail octets (from offset 2048 of the head page)
 */
static void p_res(struct p_fix *f, u32 head, u32 pages, u32 tail)
{
	struct xdr_buf *res = &f->res;

	memset(res, 0, sizeof(*res));
	res->head[0].iov_base = page_address(f->head);
	res->head[0].iov_len = head;
	res->pages = f->pages;
	res->page_len = pages;
	res->tail[0].iov_base = page_address(f->head) + 2048;
	res->tail[0].iov_len = tail;
	res->len = head + pages + tail;
	res->buflen = res->len;
	put_unaligned_be32(P_XID, page_address(f->head));
}

/* A segment the Call offers in Write chunk @i (or the Reply chunk) */
static void p_seg(struct rpcrdma_write_chunk *wc, u32 handle, u32 len)
{
	struct rpcrdma_segment *s = &wc->wc_segs[wc->wc_nsegs++];

	s->rs_handle = handle;
	s->rs_length = len;
	s->rs_offset = (u64)handle << 20;
}

static struct rpcrdma_write_chunk *p_write_chunk(struct p_fix *f)
{
	struct rpcrdma_write_list *wl = &f->ctxt->rc_msg.m1_chunks.ch_writes;

	return &wl->wl_chunks[wl->wl_nchunks++];
}

/*
 * nfsd announces its next payload through xpo_result_payload, which
 * matches it to the next Write chunk (RFC 8166, Section 4.3.2.1)
 */
static void p_announce(struct kunit *test, u32 off, u32 len)
{
	struct p_fix *f = test->priv;
	struct svc_rqst *rqstp;

	rqstp = kunit_kzalloc(test, sizeof(*rqstp), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rqstp);
	rqstp->rq_xprt_ctxt = f->ctxt;
	KUNIT_ASSERT_EQ(test, svcrdma_result_payload(rqstp, off, len), 0);
}

/* nfsd announced the payload of Write chunk @i */
static void p_payload(struct p_fix *f, unsigned int i, u32 off, u32 len)
{
	f->ctxt->rc_payload_off[i] = off;
	f->ctxt->rc_payload_len[i] = len;
	f->ctxt->rc_payload_set[i] = true;
	f->ctxt->rc_payloads = i + 1;
}

/* Build the Reply; on success decode its header as the client would */
static int p_build(struct kunit *test)
{
	struct p_fix *f = test->priv;
	int ret;

	ret = svcrdma_reply_build(f->sx, f->sc, f->ctxt, &f->res, &f->e);
	if (ret)
		return ret;
	KUNIT_ASSERT_LE(test, f->sc->sc_len, P_SEND);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reply(f->sc->sc_buf,
						      f->sc->sc_len, 1U << 30,
						      f->got), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_xid, P_XID);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_credits, 32);
	return 0;
}

static void p_expect_write(struct kunit *test, unsigned int i, u32 handle,
			   u32 len)
{
	struct p_fix *f = test->priv;

	KUNIT_ASSERT_LT(test, i, f->nwrites);
	KUNIT_EXPECT_EQ(test, f->writes[i].handle, handle);
	KUNIT_EXPECT_EQ(test, f->writes[i].offset, (u64)handle << 20);
	KUNIT_EXPECT_EQ(test, f->writes[i].len, len);
}

/* No chunks offered: the whole Reply inline, byte for byte */
static void p_inline(struct kunit *test)
{
	struct p_fix *f = test->priv;

	p_res(f, 200, 0, 0);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, f->got->m1_chunks.ch_writes.wl_nchunks, 0);
	KUNIT_EXPECT_FALSE(test, f->got->m1_chunks.ch_has_reply);
	KUNIT_EXPECT_EQ(test, f->got->m1_msg_len, 200);
	KUNIT_EXPECT_MEMEQ(test, (u8 *)f->sc->sc_buf + f->got->m1_hdr_len,
			   page_address(f->head), 200);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);
}

/*
 * NFS READ: the payload goes into the Write chunk, segment by segment,
 * and the Reply reports what was written in each; the rest is inline.
 */
static void p_write_chunk_payload(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_write_chunk *wc = p_write_chunk(f);
	const struct rpcrdma_write_chunk *out;

	p_seg(wc, 0x71, 4096);
	p_seg(wc, 0x72, 4096);
	p_seg(wc, 0x73, 4096);
	p_res(f, 100, 5000, 4);
	p_payload(f, 0, 100, 5000);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->nwrites, 2);
	p_expect_write(test, 0, 0x71, 4096);
	p_expect_write(test, 1, 0x72, 904);
	KUNIT_ASSERT_EQ(test, f->got->m1_chunks.ch_writes.wl_nchunks, 1);
	out = &f->got->m1_chunks.ch_writes.wl_chunks[0];
	KUNIT_ASSERT_EQ(test, out->wc_nsegs, 3);
	KUNIT_EXPECT_EQ(test, out->wc_segs[0].rs_length, 4096);
	KUNIT_EXPECT_EQ(test, out->wc_segs[1].rs_length, 904);
	KUNIT_EXPECT_EQ(test, out->wc_segs[2].rs_length, 0);
	KUNIT_EXPECT_EQ(test, out->wc_segs[1].rs_handle, 0x72);
	/* Head and tail inline, the payload cut out */
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, f->got->m1_msg_len, 104);
	KUNIT_EXPECT_FALSE(test, f->got->m1_chunks.ch_has_reply);
}

/* A Write chunk smaller than its payload is refused */
static void p_write_chunk_too_small(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_write_chunk *wc = p_write_chunk(f);

	p_seg(wc, 0x81, 4096);
	p_res(f, 100, 5000, 0);
	p_payload(f, 0, 100, 5000);
	KUNIT_EXPECT_EQ(test, p_build(test), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, f->e.e2_code, RPCRDMA2_ERR_WRITE_RESOURCE);
	KUNIT_EXPECT_EQ(test, f->e.e2_chunk_index, 1);
	KUNIT_EXPECT_EQ(test, f->e.e2_length_needed, 5000);
}

/*
 * A Write chunk offered but no payload announced (the READ failed), or
 * a payload that no longer lies in rq_res: the chunk comes back with
 * every segment empty, and nothing is written.
 */
static void p_write_chunk_unused(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_write_chunk *wc = p_write_chunk(f);
	const struct rpcrdma_write_chunk *out;

	p_seg(wc, 0x91, 4096);
	p_seg(wc, 0x92, 4096);
	p_res(f, 120, 0, 0);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	out = &f->got->m1_chunks.ch_writes.wl_chunks[0];
	KUNIT_ASSERT_EQ(test, f->got->m1_chunks.ch_writes.wl_nchunks, 1);
	KUNIT_ASSERT_EQ(test, out->wc_nsegs, 2);
	KUNIT_EXPECT_EQ(test, out->wc_segs[0].rs_length, 0);
	KUNIT_EXPECT_EQ(test, out->wc_segs[1].rs_length, 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_msg_len, 120);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);

	/* Announced, then the Reply was cut short */
	p_payload(f, 0, 100, 5000);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	out = &f->got->m1_chunks.ch_writes.wl_chunks[0];
	KUNIT_EXPECT_EQ(test, out->wc_segs[0].rs_length, 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_msg_len, 120);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);
}

/*
 * An empty Write chunk (RFC 8166, Section 4.3.2.3): the Requester wants
 * the result inline. The payload nfsd announces is matched to it, stays
 * in the message, and the Reply returns the chunk empty; nothing is
 * written.
 */
static void p_write_chunk_empty(struct kunit *test)
{
	static const u32 hdr[] = { P_XID, 1, 32, RPCRDMA1_MSG, 0, 1, 0, 0, 0 };
	struct p_fix *f = test->priv;
	unsigned int i;
	u8 *want;

	p_write_chunk(f);
	p_res(f, 100, 500, 4);
	p_announce(test, 100, 500);
	KUNIT_EXPECT_EQ(test, f->ctxt->rc_payloads, 1);
	KUNIT_EXPECT_FALSE(test, f->ctxt->rc_payload_set[0]);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_ASSERT_EQ(test, f->got->m1_chunks.ch_writes.wl_nchunks, 1);
	KUNIT_EXPECT_EQ(test, f->got->m1_chunks.ch_writes.wl_chunks[0].wc_nsegs,
			0);
	KUNIT_EXPECT_FALSE(test, f->got->m1_chunks.ch_has_reply);
	/* The header, word for word, then the whole Reply inline */
	KUNIT_ASSERT_EQ(test, f->got->m1_hdr_len, sizeof(hdr));
	want = kunit_kzalloc(test, sizeof(hdr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, want);
	for (i = 0; i < ARRAY_SIZE(hdr); i++)
		put_unaligned_be32(hdr[i], want + 4 * i);
	KUNIT_EXPECT_MEMEQ(test, f->sc->sc_buf, want, sizeof(hdr));
	KUNIT_ASSERT_EQ(test, f->got->m1_msg_len, 604);
	want = (u8 *)f->sc->sc_buf + sizeof(hdr);
	KUNIT_EXPECT_MEMEQ(test, want, page_address(f->head), 100);
	KUNIT_EXPECT_MEMEQ(test, want + 100, page_address(f->pages[0]), 500);
	KUNIT_EXPECT_MEMEQ(test, want + 600, page_address(f->head) + 2048, 4);
}

/*
 * Three Write chunks, the first empty, and two payloads: the first stays
 * inline, the second goes into the second chunk (the n-th payload to the
 * n-th chunk, Section 4.3.2.1), the third chunk comes back unused
 * (Section 4.3.2.2); each in its own place in the Reply's Write list.
 */
static void p_write_chunk_empty_then_used(struct kunit *test)
{
	struct p_fix *f = test->priv;
	const struct rpcrdma_write_list *wl = &f->got->m1_chunks.ch_writes;
	struct rpcrdma_write_chunk *wc;
	u8 *in;

	p_write_chunk(f);
	wc = p_write_chunk(f);
	p_seg(wc, 0xd1, 8192);
	wc = p_write_chunk(f);
	p_seg(wc, 0xd2, 4096);
	p_seg(wc, 0xd3, 4096);
	/* 100 octets of head, payloads of 200 and 4000, 4 of tail */
	p_res(f, 100, 4200, 4);
	p_announce(test, 100, 200);
	p_announce(test, 300, 4000);
	KUNIT_EXPECT_EQ(test, f->ctxt->rc_payloads, 2);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->nwrites, 1);
	p_expect_write(test, 0, 0xd1, 4000);
	KUNIT_ASSERT_EQ(test, wl->wl_nchunks, 3);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[0].wc_nsegs, 0);
	KUNIT_ASSERT_EQ(test, wl->wl_chunks[1].wc_nsegs, 1);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[1].wc_segs[0].rs_handle, 0xd1);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[1].wc_segs[0].rs_length, 4000);
	KUNIT_ASSERT_EQ(test, wl->wl_chunks[2].wc_nsegs, 2);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[2].wc_segs[0].rs_length, 0);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[2].wc_segs[1].rs_length, 0);
	/* Inline: head, the first payload, the tail */
	KUNIT_ASSERT_EQ(test, f->got->m1_msg_len, 304);
	in = (u8 *)f->sc->sc_buf + f->got->m1_hdr_len;
	KUNIT_EXPECT_MEMEQ(test, in, page_address(f->head), 100);
	KUNIT_EXPECT_MEMEQ(test, in + 100, page_address(f->pages[0]), 200);
	KUNIT_EXPECT_MEMEQ(test, in + 300, page_address(f->head) + 2048, 4);
}

/*
 * The same rule in Version 2 (v2-07, Section 4.5.2 defines the empty
 * Write chunk as RFC 8166 does): the Reply, an RDMA2_REPLY_INLINE,
 * returns the chunk empty and carries the payload inline; before, the
 * payload met a chunk of no room and the answer was WRITE_RESOURCE.
 */
static void p_write_chunk_empty_v2(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_v2_msg *m2;

	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	f->ctxt->rc_msg.m1_prefix.px_vers = RPCRDMA_VERSION_2;
	p_write_chunk(f);
	p_res(f, 100, 500, 4);
	p_announce(test, 100, 500);
	KUNIT_ASSERT_EQ(test, svcrdma_reply_build(f->sx, f->sc, f->ctxt,
						  &f->res, &f->e), 0);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);
	KUNIT_ASSERT_LE(test, f->sc->sc_len, P_SEND);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(f->sc->sc_buf, f->sc->sc_len,
						1U << 30, RPCRDMA2_DF_MSG_START,
						m2), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc, RPCRDMA2_REPLY_INLINE);
	KUNIT_ASSERT_EQ(test, m2->m2_chunks.ch_writes.wl_nchunks, 1);
	KUNIT_EXPECT_EQ(test, m2->m2_chunks.ch_writes.wl_chunks[0].wc_nsegs, 0);
	KUNIT_EXPECT_EQ(test, m2->m2_msg_len, 604);
}

/*
 * A Reply too large for a Send goes into the Reply chunk (RDMA_NOMSG),
 * one RDMA Write per segment; one that fits stays inline even so.
 */
static void p_reply_chunk(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_chunks *ch = &f->ctxt->rc_msg.m1_chunks;
	const struct rpcrdma_write_chunk *out;

	ch->ch_has_reply = true;
	p_seg(&ch->ch_reply, 0xa1, 1024);
	p_seg(&ch->ch_reply, 0xa2, 2048);
	p_res(f, 2000, 0, 0);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_ASSERT_TRUE(test, f->got->m1_chunks.ch_has_reply);
	out = &f->got->m1_chunks.ch_reply;
	KUNIT_ASSERT_EQ(test, out->wc_nsegs, 2);
	KUNIT_EXPECT_EQ(test, out->wc_segs[0].rs_length, 1024);
	KUNIT_EXPECT_EQ(test, out->wc_segs[1].rs_length, 976);
	KUNIT_EXPECT_EQ(test, f->nwrites, 2);
	p_expect_write(test, 0, 0xa1, 1024);
	p_expect_write(test, 1, 0xa2, 976);
	/* Only the header is sent */
	KUNIT_EXPECT_EQ(test, f->sc->sc_len, f->got->m1_hdr_len);

	/* A Reply that fits the Send goes inline; the chunk is unused */
	svcrdma_send_ctxt_reset(f->sx, f->sc);
	f->nwrites = 0;
	p_res(f, 300, 0, 0);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_FALSE(test, f->got->m1_chunks.ch_has_reply);
	KUNIT_EXPECT_EQ(test, f->got->m1_msg_len, 300);
	KUNIT_EXPECT_EQ(test, f->nwrites, 0);
}

/*
 * The largest Reply that fits inline beside its header, and one octet
 * more: without a Reply chunk that is refused (ERR_CHUNK on Version 1),
 * and so is a Reply chunk too small for it.
 */
static void p_reply_too_big(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_chunks *ch = &f->ctxt->rc_msg.m1_chunks;
	const u32 fit = P_SEND - RPCRDMA1_HDR_MIN;

	p_res(f, fit, 0, 0);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->sc->sc_len, P_SEND);

	svcrdma_send_ctxt_reset(f->sx, f->sc);
	p_res(f, fit + 1, 0, 0);
	KUNIT_EXPECT_EQ(test, p_build(test), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, f->e.e2_code, RPCRDMA2_ERR_REPLY_RESOURCE);
	KUNIT_EXPECT_EQ(test, f->e.e2_length_needed, fit + 1);

	svcrdma_send_ctxt_reset(f->sx, f->sc);
	memset(&f->e, 0, sizeof(f->e));
	ch->ch_has_reply = true;
	p_seg(&ch->ch_reply, 0xb1, 1000);
	p_res(f, 2000, 0, 0);
	KUNIT_EXPECT_EQ(test, p_build(test), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, f->e.e2_code, RPCRDMA2_ERR_REPLY_RESOURCE);
	KUNIT_EXPECT_EQ(test, f->e.e2_length_needed, 2000);
}

/*
 * A READ payload in its Write chunk and the rest, still too large for
 * a Send, in the Reply chunk: the payload and its pad are not in the
 * Reply chunk.
 */
static void p_write_and_reply_chunk(struct kunit *test)
{
	struct p_fix *f = test->priv;
	struct rpcrdma_chunks *ch = &f->ctxt->rc_msg.m1_chunks;
	struct rpcrdma_write_chunk *wc = p_write_chunk(f);

	p_seg(wc, 0xc1, 8192);
	ch->ch_has_reply = true;
	p_seg(&ch->ch_reply, 0xc2, 4096);
	/* 1500 octets of head, 4097 of payload (pad 3), 3 + 500 of tail */
	p_res(f, 1500, 4097, 503);
	p_payload(f, 0, 1500, 4097);
	KUNIT_ASSERT_EQ(test, p_build(test), 0);
	KUNIT_EXPECT_EQ(test, f->got->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test,
			f->got->m1_chunks.ch_writes.wl_chunks[0].wc_segs[0].rs_length,
			4097);
	KUNIT_EXPECT_EQ(test, f->got->m1_chunks.ch_reply.wc_segs[0].rs_length,
			2000);
	KUNIT_EXPECT_EQ(test, f->nwrites, 2);
	p_expect_write(test, 0, 0xc1, 4097);
	p_expect_write(test, 1, 0xc2, 2000);
}

static struct kunit_case svcrdma_reply_cases[] = {
	KUNIT_CASE(p_inline),
	KUNIT_CASE(p_write_chunk_payload),
	KUNIT_CASE(p_write_chunk_too_small),
	KUNIT_CASE(p_write_chunk_unused),
	KUNIT_CASE(p_write_chunk_empty),
	KUNIT_CASE(p_write_chunk_empty_then_used),
	KUNIT_CASE(p_write_chunk_empty_v2),
	KUNIT_CASE(p_reply_chunk),
	KUNIT_CASE(p_reply_too_big),
	KUNIT_CASE(p_write_and_reply_chunk),
	{}
};

static struct kunit_suite svcrdma_reply_suite = {
	.name = "svcrdma_reply_placement",
	.init = p_init,
	.exit = p_exit,
	.test_cases = svcrdma_reply_cases,
};

kunit_test_suite(svcrdma_reply_suite);
