// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite xprtrdma_marshal: how the client conveys a Call and asks
 * for its Reply (xprtrdma/marshal.c; RFC 8166, Section 3.5; RFC 8267 for
 * what is DDP-eligible), on a Version 1 connection.
 *
 * xprtrdma_marshal() runs whole: a real FRWR pool whose verbs are
 * static stubs (frwr_ib_*(), core/frwr.c) that map nothing and report
 * each MR as the bytes of its scatterlist. Every case then decodes the
 * header it built the way a server does (rpcrdma_v1_decode_call()) and
 * checks the form chosen, the chunk lists and the Send's length.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/auth.h>
#include <kunit/test.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>

#include "xprtrdma.h"

#define M_INLINE	1024U	/* both inline thresholds */
#define M_HDR		RPCRDMA1_HDR_MIN	/* a header without chunks */
#define M_PAGES		32U	/* pages of payload the cases may use */
#define M_MRS		64U
#define M_XID		0x0badcafeU

struct m_fix {
	struct xprtrdma_xprt *rx;
	struct xprtrdma_ep *ep;
	struct xprtrdma_req *req;
	struct ib_device dev;
	struct ib_pd pd;
	u8 *head;		/* the Call's or Reply's head kvec */
	u8 *tail;
	u8 *data;		/* M_PAGES pages of payload */
	struct page *pages[M_PAGES];
	unsigned int nmaps;
	struct rpcrdma_v1_msg *msg;	/* the header we built, decoded */
	struct list_head mrs;
	struct ib_send_wr *chain;
	struct rpc_cred cred;
	struct rpc_auth auth;
};

static struct ib_mr *m_alloc_mr(struct ib_pd *pd, u32 depth)
{
	struct kunit *test = kunit_get_current_test();
	struct ib_mr *mr = kunit_kzalloc(test, sizeof(*mr), GFP_KERNEL);

	if (!mr)
		return ERR_PTR(-ENOMEM);
	mr->rkey = 0x100;
	mr->lkey = mr->rkey;
	return mr;
}

static int m_dereg_mr(struct ib_mr *ibmr)
{
	return 0;
}

static int m_map_sg(struct ib_device *dev, struct scatterlist *sg, int nents,
		    enum dma_data_direction dir)
{
	return nents;
}

static void m_unmap_sg(struct ib_device *dev, struct scatterlist *sg,
		       int nents, enum dma_data_direction dir,
		       unsigned long attrs)
{
}

/* An MR is its scatterlist's bytes, at an address of its own */
static int m_map_mr_sg(struct ib_mr *ibmr, struct scatterlist *sg, int nents)
{
	struct m_fix *f = kunit_get_current_test()->priv;
	struct scatterlist *s;
	u64 len = 0;
	int i;

	for_each_sg(sg, s, nents, i)
		len += s->length;
	f->nmaps++;
	ibmr->iova = ((u64)f->nmaps << 32) + sg->offset;
	ibmr->length = len;
	return nents;
}

static const struct frwr_ib_fake m_fake = {
	.alloc_mr	= m_alloc_mr,
	.dereg_mr	= m_dereg_mr,
	.map_sg		= m_map_sg,
	.unmap_sg	= m_unmap_sg,
	.map_mr_sg	= m_map_mr_sg,
};

static int m_init(struct kunit *test)
{
	struct xprtrdma_ep *ep;
	struct m_fix *f;
	unsigned int i;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->rx = kunit_kzalloc(test, sizeof(*f->rx), GFP_KERNEL);
	f->ep = kunit_kzalloc(test, sizeof(*f->ep), GFP_KERNEL);
	f->req = kunit_kzalloc(test, sizeof(*f->req), GFP_KERNEL);
	f->msg = kunit_kzalloc(test, sizeof(*f->msg), GFP_KERNEL);
	f->head = kunit_kzalloc(test, 2 * PAGE_SIZE, GFP_KERNEL);
	f->tail = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	f->data = kunit_kzalloc(test, M_PAGES * PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->rx);
	KUNIT_ASSERT_NOT_NULL(test, f->ep);
	KUNIT_ASSERT_NOT_NULL(test, f->req);
	KUNIT_ASSERT_NOT_NULL(test, f->msg);
	KUNIT_ASSERT_NOT_NULL(test, f->head);
	KUNIT_ASSERT_NOT_NULL(test, f->tail);
	KUNIT_ASSERT_NOT_NULL(test, f->data);
	/* kmalloc of a power-of-two size is aligned to it: whole pages */
	KUNIT_ASSERT_EQ(test, offset_in_page(f->data), 0);
	for (i = 0; i < M_PAGES; i++)
		f->pages[i] = virt_to_page(f->data + i * PAGE_SIZE);
	INIT_LIST_HEAD(&f->mrs);
	f->pd.device = &f->dev;
	test->priv = f;

	frwr_ib_fake_activate(test, &m_fake);

	ep = f->ep;
	ep->ep_rx = f->rx;
	ep->ep_pd = &f->pd;
	ep->ep_vers = RPCRDMA_VERSION_1;
	ep->ep_depth = 8;
	ep->ep_max_segs = XPRTRDMA_MAX_CHUNK_MRS;
	ep->ep_credits = 32;
	ep->ep_inline_send = M_INLINE;
	ep->ep_inline_recv = M_INLINE;
	KUNIT_ASSERT_EQ(test, frwr_pool_init(&ep->ep_mrs, &f->pd, M_MRS,
					     ep->ep_depth), 0);

	f->req->req_rx = f->rx;
	f->req->req_sendbuf = kunit_kzalloc(test, M_INLINE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->req->req_sendbuf);
	f->req->req_rqst.rq_xid = cpu_to_be32(M_XID);
	return 0;
}

static void m_put_mrs(struct m_fix *f)
{
	struct frwr_mr *mr, *next;

	list_for_each_entry_safe(mr, next, &f->mrs, fm_list) {
		list_del_init(&mr->fm_list);
		frwr_put(mr);
	}
}

static void m_exit(struct kunit *test)
{
	struct m_fix *f = test->priv;

	if (!f || !f->ep->ep_mrs.fp_all.next)
		return;
	m_put_mrs(f);
	KUNIT_EXPECT_EQ(test, frwr_free_count(&f->ep->ep_mrs), M_MRS);
	frwr_pool_destroy(&f->ep->ep_mrs);
}

/* An xdr_buf of @head octets, @pages octets of page data, @tail octets */
static void m_buf(struct m_fix *f, struct xdr_buf *buf, u32 head, u32 pages,
		  u32 tail, unsigned int flags)
{
	memset(buf, 0, sizeof(*buf));
	buf->head[0].iov_base = f->head;
	buf->head[0].iov_len = head;
	buf->pages = f->pages;
	buf->page_len = pages;
	buf->tail[0].iov_base = f->tail;
	buf->tail[0].iov_len = tail;
	buf->len = head + pages + tail;
	buf->buflen = buf->len;
	buf->flags = flags;
}

/* A Call of @head + @pages + @tail octets, starting with its xid */
static void m_call(struct m_fix *f, u32 head, u32 pages, u32 tail,
		   unsigned int flags)
{
	m_buf(f, &f->req->req_rqst.rq_snd_buf, head, pages, tail, flags);
	put_unaligned_be32(M_XID, f->head);
	put_unaligned_be32(RPCRDMA_RPC_CALL, f->head + 4);
}

/* Room for a Reply of @head + @pages + @tail octets */
static void m_reply(struct m_fix *f, u32 head, u32 pages, u32 tail,
		    unsigned int flags)
{
	m_buf(f, &f->req->req_rqst.rq_rcv_buf, head, pages, tail, flags);
}

/* Marshal; on success decode the header as a server would */
static int m_marshal(struct kunit *test, struct m_fix *f)
{
	const struct ib_sge *sge = &f->req->req_send_sge;
	int rc;

	m_put_mrs(f);
	f->chain = NULL;
	rc = xprtrdma_marshal(f->ep, f->req, &f->mrs, &f->chain);
	if (rc)
		return rc;
	KUNIT_EXPECT_LE(test, sge->length, M_INLINE);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_call(f->req->req_sendbuf,
						     sge->length, 1U << 30,
						     f->msg), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_xid, M_XID);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_credits, 32);
	return 0;
}

/* The chain: one REG_MR per MR of @f->mrs, then the Send */
static void m_expect_chain(struct kunit *test, struct m_fix *f)
{
	struct ib_send_wr *wr = f->chain;
	struct frwr_mr *mr;

	list_for_each_entry(mr, &f->mrs, fm_list) {
		KUNIT_ASSERT_NOT_NULL(test, wr);
		KUNIT_EXPECT_EQ(test, wr->opcode, IB_WR_REG_MR);
		KUNIT_EXPECT_PTR_EQ(test, wr, frwr_reg_wr(mr));
		wr = wr->next;
	}
	KUNIT_ASSERT_PTR_EQ(test, wr, &f->req->req_send_wr);
	KUNIT_EXPECT_EQ(test, wr->opcode, IB_WR_SEND);
	KUNIT_EXPECT_NULL(test, wr->next);
}

static u64 m_segs_len(const struct rpcrdma_segment *segs, u32 n)
{
	u64 len = 0;
	u32 i;

	for (i = 0; i < n; i++)
		len += segs[i].rs_length;
	return len;
}

static u64 m_reads_len(const struct rpcrdma_read_list *rl, u32 pos)
{
	u64 len = 0;
	u32 i;

	for (i = 0; i < rl->rl_nsegs; i++) {
		if (rl->rl_segs[i].rr_position == pos)
			len += rl->rl_segs[i].rr_seg.rs_length;
	}
	return len;
}

/* RDMA_MSG with no chunks */
static void m_expect_plain(struct kunit *test, struct m_fix *f)
{
	const struct rpcrdma_chunks *ch = &f->msg->m1_chunks;

	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, ch->ch_reads.rl_nsegs, 0);
	KUNIT_EXPECT_EQ(test, ch->ch_writes.wl_nchunks, 0);
	KUNIT_EXPECT_FALSE(test, ch->ch_has_reply);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_INLINE);
	KUNIT_EXPECT_TRUE(test, list_empty(&f->mrs));
}

/* ---- the Call ---------------------------------------------------- */

/* Exactly at the send threshold goes inline; one octet more does not */
static void m_call_inline_boundary(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const u32 fit = M_INLINE - M_HDR;

	m_reply(f, 64, 0, 0, 0);
	m_call(f, fit, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	m_expect_plain(test, f);
	KUNIT_EXPECT_EQ(test, f->req->req_send_sge.length, M_INLINE);
	KUNIT_EXPECT_EQ(test, f->msg->m1_msg_len, fit);
	m_expect_chain(test, f);

	/* One over: no DDP-eligible data, so a Long Call (RDMA_NOMSG) */
	m_call(f, fit + 1, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			fit + 1);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_reads.rl_nsegs, 1);
	/* Only the header is sent */
	KUNIT_EXPECT_EQ(test, f->req->req_send_sge.length,
			M_HDR + RPCRDMA_XDR_UNIT + RPCRDMA_READ_SEGMENT_SIZE);
	m_expect_chain(test, f);
}

/* A page list in an inline Call is copied behind the header */
static void m_call_inline_pages(struct kunit *test)
{
	struct m_fix *f = test->priv;

	m_reply(f, 64, 0, 0, 0);
	m_call(f, 100, 600, 4, XDRBUF_WRITE);
	memset(f->data, 0x5a, 600);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	m_expect_plain(test, f);
	KUNIT_EXPECT_EQ(test, f->msg->m1_msg_len, 704);
	KUNIT_EXPECT_EQ(test, ((u8 *)f->req->req_sendbuf)[M_HDR + 100], 0x5a);
	KUNIT_EXPECT_EQ(test, ((u8 *)f->req->req_sendbuf)[M_HDR + 699], 0x5a);
}

/*
 * NFS WRITE (XDRBUF_WRITE): the payload goes in a Read chunk at its XDR
 * position; its roundup is not sent (RFC 8166, Section 3.4.5.2), and the
 * rest of the tail is sent inline behind the head.
 */
static void m_call_read_chunk(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const struct rpcrdma_read_list *rl;
	u32 head = 120, pages = 3 * PAGE_SIZE + 5, tail = 3 + 8;

	m_reply(f, 64, 0, 0, 0);
	m_call(f, head, pages, tail, XDRBUF_WRITE);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	rl = &f->msg->m1_chunks.ch_reads;
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, rpcrdma_read_list_nchunks(rl), 1);
	KUNIT_EXPECT_EQ(test, rl->rl_segs[0].rr_position, head);
	KUNIT_EXPECT_EQ(test, m_reads_len(rl, head), pages);
	KUNIT_EXPECT_EQ(test, f->msg->m1_msg_len, head + 8);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_writes.wl_nchunks, 0);
	KUNIT_EXPECT_FALSE(test, f->msg->m1_chunks.ch_has_reply);
	/* Four pages at eight per MR: one segment */
	KUNIT_EXPECT_EQ(test, rl->rl_nsegs, 1);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&f->mrs), 1);
	m_expect_chain(test, f);
}

/*
 * The Read chunk form needs its header and the inline rest to fit; a
 * head too large for that makes a Long Call of the whole Call.
 */
static void m_call_read_chunk_too_big(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const u32 entry = RPCRDMA_XDR_UNIT + RPCRDMA_READ_SEGMENT_SIZE;
	u32 pages = 2 * PAGE_SIZE;
	u32 fit = M_INLINE - M_HDR - entry;

	m_reply(f, 64, 0, 0, 0);
	m_call(f, fit, pages, 0, XDRBUF_WRITE);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, f->req->req_send_sge.length, M_INLINE);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, fit),
			pages);

	m_call(f, fit + 4, pages, 0, XDRBUF_WRITE);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			fit + 4 + pages);
}

/*
 * Not DDP-eligible: a page list without XDRBUF_WRITE, or an empty one
 * (a zero-length WRITE), or under RPCSEC_GSS integrity or privacy
 * (RFC 8166, Section 8.2.2.3): the whole Call goes at position zero.
 */
static void m_call_not_ddp(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const u32 big = M_INLINE;

	m_reply(f, 64, 0, 0, 0);
	m_call(f, 200, big, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			200 + big);

	m_call(f, big, 0, 0, XDRBUF_WRITE);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			big);

	f->auth.au_flags = BIT(RPCAUTH_AUTH_DATATOUCH);
	f->cred.cr_auth = &f->auth;
	f->req->req_rqst.rq_cred = &f->cred;
	m_call(f, 200, big, 0, XDRBUF_WRITE);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			200 + big);
}

/*
 * The Read list holds RPCRDMA_MAX_READ_SEGS segments at most, and one
 * chunk at most ep_max_segs MRs: a Long Call that needs more fails.
 */
static void m_call_max_segments(struct kunit *test)
{
	struct m_fix *f = test->priv;
	u32 max = f->ep->ep_max_segs, pages;

	/* One page per MR makes a segment of each page */
	f->ep->ep_depth = 1;
	m_reply(f, 64, 0, 0, 0);
	/* head (one page, page-aligned) + max - 1 pages: max MRs */
	pages = (max - 1) * PAGE_SIZE;
	m_call(f, PAGE_SIZE, pages, 0, 0);
	KUNIT_ASSERT_EQ(test, offset_in_page(f->head), 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_reads.rl_nsegs, max);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			PAGE_SIZE + pages);
	m_expect_chain(test, f);

	m_call(f, PAGE_SIZE, pages + PAGE_SIZE, 0, 0);
	KUNIT_EXPECT_EQ(test, m_marshal(test, f), -EMSGSIZE);
}

/* ---- the Reply --------------------------------------------------- */

/* A Reply that fits the receive threshold comes back inline */
static void m_reply_inline_boundary(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const u32 fit = M_INLINE - M_HDR;

	m_call(f, 100, 0, 0, 0);
	m_reply(f, fit - 200, 200, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	m_expect_plain(test, f);

	/* One octet more, not DDP-eligible: the Reply chunk */
	m_reply(f, fit + 1, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);
	KUNIT_EXPECT_TRUE(test, f->msg->m1_chunks.ch_has_reply);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_writes.wl_nchunks, 0);
	KUNIT_EXPECT_EQ(test,
			m_segs_len(f->msg->m1_chunks.ch_reply.wc_segs,
				   f->msg->m1_chunks.ch_reply.wc_nsegs),
			fit + 1);
	/* The Call itself is still inline */
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, f->msg->m1_msg_len, 100);
	m_expect_chain(test, f);
}

/*
 * NFS READ (XDRBUF_READ): the page list comes back in a Write chunk of
 * one segment per MR, the rest inline.
 */
static void m_reply_write_chunk(struct kunit *test)
{
	struct m_fix *f = test->priv;
	const struct rpcrdma_write_chunk *wc;
	u32 pages = 20 * PAGE_SIZE;

	m_call(f, 100, 0, 0, 0);
	m_reply(f, 200, pages, 4, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_WRITE);
	KUNIT_ASSERT_EQ(test, f->msg->m1_chunks.ch_writes.wl_nchunks, 1);
	KUNIT_EXPECT_FALSE(test, f->msg->m1_chunks.ch_has_reply);
	wc = &f->msg->m1_chunks.ch_writes.wl_chunks[0];
	/* 20 pages at 8 per MR */
	KUNIT_EXPECT_EQ(test, wc->wc_nsegs, 3);
	KUNIT_EXPECT_EQ(test, m_segs_len(wc->wc_segs, wc->wc_nsegs), pages);
	KUNIT_EXPECT_EQ(test, wc->wc_segs[0].rs_length, 8 * PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&f->mrs), 3);
	m_expect_chain(test, f);
}

/*
 * A Write chunk needs the rest of the Reply to fit inline beside it;
 * when it does not, the whole Reply goes in the Reply chunk.
 */
static void m_reply_write_chunk_boundary(struct kunit *test)
{
	struct m_fix *f = test->priv;
	/* One Write chunk of one segment */
	const u32 wl = 2 * RPCRDMA_XDR_UNIT + RPCRDMA_SEGMENT_SIZE;
	const u32 fit = M_INLINE - M_HDR - wl;
	u32 pages = 4 * PAGE_SIZE;

	m_call(f, 100, 0, 0, 0);
	m_reply(f, fit, pages, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_WRITE);

	m_reply(f, fit + 1, pages, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_writes.wl_nchunks, 0);
	KUNIT_EXPECT_TRUE(test, f->msg->m1_chunks.ch_has_reply);
	KUNIT_EXPECT_EQ(test,
			m_segs_len(f->msg->m1_chunks.ch_reply.wc_segs,
				   f->msg->m1_chunks.ch_reply.wc_nsegs),
			fit + 1 + pages);
}

/*
 * ep_max_segs MRs is the most a Write chunk may have; a page list that
 * needs more gets the Reply chunk, which then cannot hold it either.
 */
static void m_reply_max_segments(struct kunit *test)
{
	struct m_fix *f = test->priv;
	u32 max = f->ep->ep_max_segs;

	f->ep->ep_depth = 1;
	m_call(f, 100, 0, 0, 0);
	m_reply(f, 100, max * PAGE_SIZE, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_WRITE);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_writes.wl_chunks[0].wc_nsegs,
			max);

	m_reply(f, 100, (max + 1) * PAGE_SIZE, 0, XDRBUF_READ);
	KUNIT_EXPECT_EQ(test, m_marshal(test, f), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);
}

/*
 * Not DDP-eligible results: no XDRBUF_READ (READDIR, say), an empty
 * page list, or RPCSEC_GSS integrity/privacy: the Reply chunk.
 */
static void m_reply_not_ddp(struct kunit *test)
{
	struct m_fix *f = test->priv;

	m_call(f, 100, 0, 0, 0);
	m_reply(f, 200, 4 * PAGE_SIZE, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);

	m_reply(f, 2 * M_INLINE, 0, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);

	f->auth.au_flags = BIT(RPCAUTH_AUTH_DATATOUCH);
	f->cred.cr_auth = &f->auth;
	f->req->req_rqst.rq_cred = &f->cred;
	m_reply(f, 200, 4 * PAGE_SIZE, 0, XDRBUF_READ);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->req->req_wtype, XPRTRDMA_REPLY_CHUNK);
	KUNIT_EXPECT_EQ(test, f->msg->m1_chunks.ch_writes.wl_nchunks, 0);
}

/* A Long Call that expects a large Reply: both chunks in one header */
static void m_long_call_reply_chunk(struct kunit *test)
{
	struct m_fix *f = test->priv;

	m_call(f, 2 * M_INLINE, 0, 0, 0);
	m_reply(f, 2 * M_INLINE, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, m_marshal(test, f), 0);
	KUNIT_EXPECT_EQ(test, f->msg->m1_prefix.px_proc, RPCRDMA1_NOMSG);
	KUNIT_EXPECT_TRUE(test, f->msg->m1_chunks.ch_has_reply);
	KUNIT_EXPECT_EQ(test, m_reads_len(&f->msg->m1_chunks.ch_reads, 0),
			2 * M_INLINE);
	KUNIT_EXPECT_EQ(test,
			m_segs_len(f->msg->m1_chunks.ch_reply.wc_segs,
				   f->msg->m1_chunks.ch_reply.wc_nsegs),
			2 * M_INLINE);
	m_expect_chain(test, f);
}

/* The pool is empty: -ENOBUFS, to be tried again */
static void m_no_mrs(struct kunit *test)
{
	struct m_fix *f = test->priv;
	struct frwr_mr *mr;
	LIST_HEAD(taken);

	while ((mr = frwr_get(&f->ep->ep_mrs)))
		list_add(&mr->fm_list, &taken);
	m_call(f, 2 * M_INLINE, 0, 0, 0);
	m_reply(f, 64, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, m_marshal(test, f), -ENOBUFS);
	list_splice(&taken, &f->mrs);
}

static struct kunit_case xprtrdma_marshal_cases[] = {
	KUNIT_CASE(m_call_inline_boundary),
	KUNIT_CASE(m_call_inline_pages),
	KUNIT_CASE(m_call_read_chunk),
	KUNIT_CASE(m_call_read_chunk_too_big),
	KUNIT_CASE(m_call_not_ddp),
	KUNIT_CASE(m_call_max_segments),
	KUNIT_CASE(m_reply_inline_boundary),
	KUNIT_CASE(m_reply_write_chunk),
	KUNIT_CASE(m_reply_write_chunk_boundary),
	KUNIT_CASE(m_reply_max_segments),
	KUNIT_CASE(m_reply_not_ddp),
	KUNIT_CASE(m_long_call_reply_chunk),
	KUNIT_CASE(m_no_mrs),
	{}
};

static struct kunit_suite xprtrdma_marshal_suite = {
	.name = "xprtrdma_marshal",
	.init = m_init,
	.exit = m_exit,
	.test_cases = xprtrdma_marshal_cases,
};

kunit_test_suite(xprtrdma_marshal_suite);
