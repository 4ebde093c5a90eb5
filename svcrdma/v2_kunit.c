// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of the server's Version 2 logic (svcrdma/recv_v2.c and
 * svcrdma/v2.c; draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07"):
 *
 *   svcrdma_v2_reasm   continued Call reassembly: the Call it builds,
 *                      SVCRDMA_V2_CALL_MAX per Call and
 *                      SVCRDMA_V2_REASM_BUDGET per connection, and every
 *                      way a sequence breaks
 *   svcrdma_v2_credit  the rdma_credit we send, its stamping in posting
 *                      order (never backwards, modulo 2^32), the send
 *                      limit and the version a Receive fixes
 *
 * The connection is a kzalloc'd struct svcrdma_xprt with real Version 2
 * state (svcrdma_v2_conn_init()) on a fake verbs device whose post_send
 * records each Send and completes it at once. xpo_recvfrom holds
 * XPT_BUSY, so the transport is marked busy: a close then only sets
 * XPT_CLOSE.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"

#define S_BUFSZ		1024U	/* our Send buffers */
#define S_RBUF		(32U * 1024U + 64U)	/* one Receive buffer */
#define S_PART		(32U * 1024U)	/* payload of one part */
#define S_SQ		64
#define S_CREDITS	32U
#define S_POSTED	33
#define S_SCS		4U	/* Send contexts */
#define S_SENT		8U	/* Sends recorded per test */
#define S_CALLS		5U	/* Receives a test may hold */
#define S_XID		0x0badcafeU

struct s_sent {
	u32 len;
	u8 buf[S_BUFSZ];
};

struct s_fix {
	struct svcrdma_xprt *sx;
	struct ib_device *dev;
	struct ib_qp qp;
	struct ib_pd pd;
	struct rdma_cm_id id;
	struct svcrdma_recv_ctxt *rc[S_CALLS];
	u8 *msg;
	unsigned int nsent;
	struct s_sent sent[S_SENT];
};

/* A Send completed: its context goes back to the free list */
static void s_send_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_send_ctxt *sc =
		container_of(wc->wr_cqe, struct svcrdma_send_ctxt, sc_cqe);
	struct svcrdma_xprt *sx = sc->sc_sx;

	atomic_add(sc->sc_wrs, &sx->sx_sq_avail);
	llist_add(&sc->sc_free, &sx->sx_send_free);
}

static int s_post_send(struct ib_qp *qp, const struct ib_send_wr *wr,
		       const struct ib_send_wr **bad)
{
	struct kunit *test = kunit_get_current_test();
	struct s_fix *f = test->priv;
	const struct ib_send_wr *next;
	struct ib_wc wc = { .status = IB_WC_SUCCESS };

	for (; wr; wr = next) {
		const struct ib_sge *sge = wr->sg_list;

		next = wr->next;
		if (f->nsent < S_SENT) {
			struct s_sent *s = &f->sent[f->nsent];

			s->len = min_t(u32, sge->length, sizeof(s->buf));
			memcpy(s->buf, (void *)(uintptr_t)sge->addr, s->len);
		}
		f->nsent++;
		wc.wr_cqe = wr->wr_cqe;
		wr->wr_cqe->done(NULL, &wc);
	}
	return 0;
}

static int s_init(struct kunit *test)
{
	struct svcrdma_xprt *sx;
	struct s_fix *f;
	unsigned int i;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->sx = kunit_kzalloc(test, sizeof(*f->sx), GFP_KERNEL);
	f->dev = kunit_kzalloc(test, sizeof(*f->dev), GFP_KERNEL);
	f->msg = kunit_kzalloc(test, S_RBUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sx);
	KUNIT_ASSERT_NOT_NULL(test, f->dev);
	KUNIT_ASSERT_NOT_NULL(test, f->msg);
	sx = f->sx;

	f->dev->ops.post_send = s_post_send;
	f->qp.device = f->dev;
	f->pd.device = f->dev;
	f->id.device = f->dev;
	f->id.qp = &f->qp;

	set_bit(XPT_BUSY, &sx->sx_xprt.xpt_flags);
	sx->sx_cm_id = &f->id;
	sx->sx_qp = &f->qp;
	sx->sx_pd = &f->pd;
	spin_lock_init(&sx->sx_lock);
	init_waitqueue_head(&sx->sx_sq_wait);
	init_llist_head(&sx->sx_send_free);
	init_llist_head(&sx->sx_rw_free);
	sx->sx_sq_depth = S_SQ;
	atomic_set(&sx->sx_sq_avail, S_SQ);
	sx->sx_max_requests = S_CREDITS;
	sx->sx_credits = S_CREDITS;
	sx->sx_send_bufsz = S_BUFSZ;
	sx->sx_send_size = S_BUFSZ;
	sx->sx_recv_size = S_RBUF;
	sx->sx_peer_pd = true;
	atomic_set(&sx->sx_recv_posted, S_POSTED);

	for (i = 0; i < S_SCS; i++) {
		struct svcrdma_send_ctxt *sc;

		sc = kunit_kzalloc(test, sizeof(*sc), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, sc);
		sc->sc_buf = kunit_kzalloc(test, S_BUFSZ, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, sc->sc_buf);
		/* Virtual DMA: the address is the CPU's */
		sc->sc_dma = (uintptr_t)sc->sc_buf;
		sc->sc_sx = sx;
		sc->sc_cqe.done = s_send_done;
		sc->sc_sges[0].addr = sc->sc_dma;
		INIT_LIST_HEAD(&sc->sc_rw);
		llist_add(&sc->sc_free, &sx->sx_send_free);
	}
	for (i = 0; i < S_CALLS; i++) {
		f->rc[i] = kunit_kzalloc(test, sizeof(*f->rc[i]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->rc[i]);
		f->rc[i]->rc_buf = kunit_kzalloc(test, S_RBUF, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, f->rc[i]->rc_buf);
		f->rc[i]->rc_sx = sx;
	}
	test->priv = f;

	KUNIT_ASSERT_EQ(test, svcrdma_v2_conn_init(sx), 0);
	KUNIT_ASSERT_NOT_NULL(test, sx->sx_v2);
	KUNIT_ASSERT_EQ(test, sx->sx_max_version, RPCRDMA_VERSION_2);
	/* Established in Version 2, properties exchanged, credit to send */
	sx->sx_version = RPCRDMA_VERSION_2;
	sx->sx_v2->v2_props_sent = true;
	sx->sx_v2->v2_peer_final = true;
	sx->sx_v2->v2_limit = 1000;
	return 0;
}

static void s_exit(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned int i;

	if (!f || !f->sx->sx_v2)
		return;
	for (i = 0; i < S_CALLS; i++)
		svcrdma_v2_recv_release(f->sx, f->rc[i]);
	/* Warns if a reassembly's bytes were not accounted back */
	svcrdma_v2_conn_free(f->sx);
	svcrdma_rw_cache_destroy(f->sx);
}

static void s_payload(u8 *p, u32 n, u32 seed, u32 xid)
{
	u32 i;

	for (i = 0; i < n; i++)
		p[i] = (u8)(seed + i * 13);
	if (xid) {
		put_unaligned_be32(xid, p);
		put_unaligned_be32(RPCRDMA_RPC_CALL, p + RPCRDMA_XDR_UNIT);
	}
}

/* Receive @ctxt holds @buf[0..@len): the server's xpo_recvfrom takes it */
static int s_recv(struct s_fix *f, struct svcrdma_recv_ctxt *ctxt,
		  const void *buf, u32 len)
{
	memcpy(ctxt->rc_buf, buf, len);
	ctxt->rc_len = len;
	ctxt->rc_conn_vers = f->sx->sx_version;
	return svcrdma_v2_recv(f->sx, ctxt);
}

static u32 s_middle(struct kunit *test, u8 *buf, u32 xid, u32 remaining,
		    u32 n, u32 seed, bool first)
{
	size_t hlen;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_middle(xid, 8,
						       RPCRDMA2_CALL_MIDDLE,
						       remaining, buf, S_RBUF,
						       &hlen), RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + n, (size_t)S_RBUF);
	s_payload(buf + hlen, n, seed, first ? xid : 0);
	return hlen + n;
}

/* CALL_INLINE without chunks and @n octets of Call */
static u32 s_inline(struct kunit *test, u8 *buf, u32 xid, u32 n, u32 seed,
		    bool first)
{
	struct rpcrdma_v1_msg *m1;
	size_t hlen;

	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	m1->m1_prefix.px_xid = xid;
	m1->m1_prefix.px_vers = RPCRDMA_VERSION_2;
	m1->m1_prefix.px_credits = 8;
	m1->m1_prefix.px_proc = RPCRDMA1_MSG;
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_msg(m1, true, 0, buf, S_RBUF,
						    &hlen), RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + n, (size_t)S_RBUF);
	s_payload(buf + hlen, n, seed, first ? xid : 0);
	return hlen + n;
}

/* Send @i is RDMA2_ERROR @code for @xid */
static void s_expect_error(struct kunit *test, unsigned int i, u32 xid,
			   u32 code)
{
	struct s_fix *f = test->priv;
	const u8 *p = f->sent[i].buf;

	KUNIT_ASSERT_LT(test, i, f->nsent);
	KUNIT_ASSERT_GE(test, f->sent[i].len, 5U * RPCRDMA_XDR_UNIT);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(p), xid);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 4), RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 12), RPCRDMA2_ERROR);
	KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 16), code);
}

static u32 s_reasm_bytes(struct s_fix *f)
{
	return (u32)atomic_read(&f->sx->sx_v2->v2_reasm_bytes);
}

/*
 * Send a Call of @total octets as CALL_MIDDLEs of S_PART and a final
 * CALL_INLINE into @ctxt (the other parts use f->rc[S_CALLS - 1]).
 * Return: what svcrdma_v2_recv() said of the CALL_INLINE.
 */
static int s_call(struct kunit *test, struct svcrdma_recv_ctxt *ctxt,
		  u32 xid, u32 total)
{
	struct s_fix *f = test->priv;
	struct svcrdma_recv_ctxt *part = f->rc[S_CALLS - 1];
	u32 off = 0, len;

	while (total - off > S_PART) {
		len = s_middle(test, f->msg, xid, total - off - S_PART, S_PART,
			       off, !off);
		KUNIT_EXPECT_EQ(test, s_recv(f, part, f->msg, len), -EINVAL);
		off += S_PART;
	}
	len = s_inline(test, f->msg, xid, total - off, off, !off);
	return s_recv(f, ctxt, f->msg, len);
}

/* ---- svcrdma_v2_reasm --------------------------------------------- */

/* Parts of 100, 200 and 52 octets: a Call of 352, in order */
static void s_reasm_call(struct kunit *test)
{
	struct s_fix *f = test->priv;
	struct svcrdma_recv_ctxt *rc = f->rc[0];
	u8 *whole = kunit_kzalloc(test, 352, GFP_KERNEL);
	u32 len;

	KUNIT_ASSERT_NOT_NULL(test, whole);
	len = s_middle(test, f->msg, S_XID, 252, 100, 1, true);
	memcpy(whole, f->msg + len - 100, 100);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), kmalloc_size_roundup(352));
	len = s_middle(test, f->msg, S_XID, 52, 200, 2, false);
	memcpy(whole + 100, f->msg + len - 200, 200);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	len = s_inline(test, f->msg, S_XID, 52, 3, false);
	memcpy(whole + 300, f->msg + len - 52, 52);
	KUNIT_ASSERT_EQ(test, s_recv(f, rc, f->msg, len), 1);

	KUNIT_ASSERT_NOT_NULL(test, rc->rc_reasm);
	KUNIT_EXPECT_EQ(test, rc->rc_reasm->ra_len, 352U);
	KUNIT_EXPECT_EQ(test, rc->rc_msg.m1_msg_len, 352U);
	KUNIT_EXPECT_EQ(test, rc->rc_msg.m1_prefix.px_xid, S_XID);
	KUNIT_EXPECT_EQ(test, memcmp(svcrdma_recv_inline(rc), whole, 352), 0);
	KUNIT_EXPECT_TRUE(test, rc->rc_v2_call);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);

	/* The buffer is the Receive's until it is released */
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), kmalloc_size_roundup(352));
	svcrdma_v2_recv_release(f->sx, rc);
	KUNIT_EXPECT_NULL(test, rc->rc_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->sx->sx_v2->v2_calls), 0);
}

/* SVCRDMA_V2_CALL_MAX is taken on; one word more is refused */
static void s_reasm_call_max(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, SVCRDMA_V2_CALL_MAX - 100, 100,
		       1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NOT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), SVCRDMA_V2_CALL_MAX);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);
}

static void s_reasm_too_long(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, SVCRDMA_V2_CALL_MAX - 96, 100, 1,
		       true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID, RPCRDMA2_ERR_INVAL_CONT);

	/* Its other parts are dropped, unanswered, to its CALL_INLINE */
	len = s_middle(test, f->msg, S_XID, 100, 100, 2, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	len = s_inline(test, f->msg, S_XID, 100, 3, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);
	KUNIT_EXPECT_NULL(test, f->rc[0]->rc_reasm);

	/* and the next Call is served */
	len = s_inline(test, f->msg, S_XID + 1, 100, 4, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), 1);
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);
}

/* rdma_remaining near 2^32 does not wrap past the bound */
static void s_reasm_remaining_wrap(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, U32_MAX - 99, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID, RPCRDMA2_ERR_INVAL_CONT);
}

/*
 * SVCRDMA_V2_REASM_BUDGET: four Calls of SVCRDMA_V2_CALL_MAX that nfsd
 * still holds use it all; the next continued Call is refused with
 * ERR_SYSTEM until one of them is released.
 */
static void s_reasm_budget(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned int i;
	u32 len;

	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, s_call(test, f->rc[i], S_XID + i,
					     SVCRDMA_V2_CALL_MAX), 1);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), SVCRDMA_V2_REASM_BUDGET);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);

	len = s_middle(test, f->msg, S_XID + 8, 4, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[4], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), SVCRDMA_V2_REASM_BUDGET);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID + 8, RPCRDMA2_ERR_SYSTEM);
	/* its end is dropped */
	len = s_inline(test, f->msg, S_XID + 8, 4, 2, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[4], f->msg, len), -EINVAL);
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);

	svcrdma_v2_recv_release(f->sx, f->rc[0]);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f),
			SVCRDMA_V2_REASM_BUDGET - SVCRDMA_V2_CALL_MAX);
	KUNIT_EXPECT_EQ(test, s_call(test, f->rc[0], S_XID + 9, 2 * S_PART),
			1);
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);
}

/*
 * The budget counts what the allocator takes: a Call one word past half
 * of SVCRDMA_V2_CALL_MAX is a buffer of SVCRDMA_V2_CALL_MAX (whole
 * pages, a power of two of them), so four such Calls use it all.
 */
static void s_reasm_budget_rounded(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 size = SVCRDMA_V2_CALL_MAX / 2 + RPCRDMA_XDR_UNIT;
	unsigned int i;
	u32 len;

	KUNIT_ASSERT_EQ(test, kmalloc_size_roundup(size),
			(size_t)SVCRDMA_V2_CALL_MAX);
	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, s_call(test, f->rc[i], S_XID + i, size),
				1);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), SVCRDMA_V2_REASM_BUDGET);

	len = s_middle(test, f->msg, S_XID + 8, 4, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[4], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID + 8, RPCRDMA2_ERR_SYSTEM);

	for (i = 0; i < 4; i++)
		svcrdma_v2_recv_release(f->sx, f->rc[i]);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
}

/* A CALL_MIDDLE whose rdma_remaining disagrees with the one before */
static void s_reasm_remaining_mismatch(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, 200, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	len = s_middle(test, f->msg, S_XID, 50, 100, 2, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* The rest of the sequence is dropped unanswered */
	len = s_inline(test, f->msg, S_XID, 50, 3, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);
	KUNIT_EXPECT_NULL(test, f->rc[1]->rc_reasm);
}

struct s_final_case {
	const char *name;
	u32 final;			/* octets in the CALL_INLINE; 100 due */
};

static const struct s_final_case s_final_cases[] = {
	{ "short", 96 },
	{ "long", 104 },
};

KUNIT_ARRAY_PARAM_DESC(s_final, s_final_cases, name);

/* A CALL_INLINE that does not end the Call where it should */
static void s_reasm_final_mismatch(struct kunit *test)
{
	const struct s_final_case *c = test->param_value;
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, 100, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	len = s_inline(test, f->msg, S_XID, c->final, 2, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->rc[1]->rc_reasm);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	s_expect_error(test, 0, S_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* The sequence ended: the next Call with that xid is served */
	len = s_inline(test, f->msg, S_XID, 100, 3, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[2], f->msg, len), 1);
}

/*
 * A CALL_MIDDLE of another Call inside a continued one (Section 4.1):
 * both are answered INVAL_CONT, nothing stays held, and the later parts
 * of both sequences are dropped unanswered (Section 7.1.4), whatever
 * their order; a new Call is served after them.
 */
static void s_reasm_interleaved(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, 200, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	len = s_middle(test, f->msg, S_XID + 1, 200, 100, 2, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 2U);
	s_expect_error(test, 0, S_XID + 1, RPCRDMA2_ERR_INVAL_CONT);
	s_expect_error(test, 1, S_XID, RPCRDMA2_ERR_INVAL_CONT);

	len = s_middle(test, f->msg, S_XID, 100, 100, 3, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	len = s_middle(test, f->msg, S_XID + 1, 100, 100, 4, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	len = s_inline(test, f->msg, S_XID, 100, 5, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	len = s_inline(test, f->msg, S_XID + 1, 100, 6, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[2], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_NULL(test, f->rc[1]->rc_reasm);
	KUNIT_EXPECT_NULL(test, f->rc[2]->rc_reasm);
	KUNIT_EXPECT_EQ(test, f->nsent, 2U);

	len = s_inline(test, f->msg, S_XID + 2, 100, 7, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[3], f->msg, len), 1);
}

/* Another header type in between (GRANT) breaks the reassembly too */
static void s_reasm_other_type(struct kunit *test)
{
	struct s_fix *f = test->priv;
	size_t glen;
	u32 len;

	len = s_middle(test, f->msg, S_XID, 200, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_grant(8, f->msg, S_RBUF,
						      &glen), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, glen), -EINVAL);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2->v2_reasm);
	KUNIT_EXPECT_EQ(test, s_reasm_bytes(f), 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 2U);
	s_expect_error(test, 0, 0, RPCRDMA2_ERR_INVAL_CONT);
	s_expect_error(test, 1, S_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* The Call's later parts are dropped unanswered */
	len = s_inline(test, f->msg, S_XID, 200, 2, false);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[1], f->msg, len), -EINVAL);
	KUNIT_EXPECT_EQ(test, f->nsent, 2U);
}

/* A connection that goes away in the middle frees the reassembly */
static void s_reasm_conn_free(struct kunit *test)
{
	struct s_fix *f = test->priv;
	u32 len;

	len = s_middle(test, f->msg, S_XID, 200, 100, 1, true);
	KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], f->msg, len), -EINVAL);
	KUNIT_EXPECT_NOT_NULL(test, f->sx->sx_v2->v2_reasm);
	svcrdma_v2_conn_free(f->sx);
	KUNIT_EXPECT_NULL(test, f->sx->sx_v2);
}

static struct kunit_case s_reasm_cases[] = {
	KUNIT_CASE(s_reasm_call),
	KUNIT_CASE(s_reasm_call_max),
	KUNIT_CASE(s_reasm_too_long),
	KUNIT_CASE(s_reasm_remaining_wrap),
	KUNIT_CASE(s_reasm_budget),
	KUNIT_CASE(s_reasm_budget_rounded),
	KUNIT_CASE(s_reasm_remaining_mismatch),
	KUNIT_CASE_PARAM(s_reasm_final_mismatch, s_final_gen_params),
	KUNIT_CASE(s_reasm_interleaved),
	KUNIT_CASE(s_reasm_other_type),
	KUNIT_CASE(s_reasm_conn_free),
	{}
};

static struct kunit_suite s_reasm_suite = {
	.name = "svcrdma_v2_reasm",
	.init = s_init,
	.exit = s_exit,
	.test_cases = s_reasm_cases,
};

/* ---- svcrdma_v2_credit -------------------------------------------- */

struct s_credit_case {
	const char *name;
	u32 received;
	int posted;
	u32 credit;
};

static const struct s_credit_case s_credit_cases[] = {
	{ "all posted", 100, S_POSTED, 100 + S_CREDITS },
	{ "few posted", 100, 10, 109 },
	{ "one posted", 100, 1, 100 },
	{ "none posted", 100, 0, 100 },
	{ "wrap", 0xfffffff0U, S_POSTED, 0x10 },
};

KUNIT_ARRAY_PARAM_DESC(s_credit, s_credit_cases, name);

/* received + min(credits, posted - 1) */
static void s_credit_value(struct kunit *test)
{
	const struct s_credit_case *c = test->param_value;
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;

	atomic_set(&sx->sx_recv_seq, (int)c->received);
	atomic_set(&sx->sx_recv_posted, c->posted);
	KUNIT_EXPECT_EQ(test, svcrdma_v2_credit(sx), c->credit);
}

/* Stamp a Version @vers header of @len octets; return its rdma_credit */
static u32 s_stamp(struct kunit *test, u32 vers, u32 len)
{
	struct s_fix *f = test->priv;
	struct svcrdma_v2 *v2 = f->sx->sx_v2;
	struct svcrdma_send_ctxt *sc;
	u8 *p;

	sc = kunit_kzalloc(test, sizeof(*sc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sc);
	sc->sc_buf = kunit_kzalloc(test, S_BUFSZ, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sc->sc_buf);
	p = sc->sc_buf;
	put_unaligned_be32(S_XID, p);
	put_unaligned_be32(vers, p + 4);
	put_unaligned_be32(0xdeadbeefU, p + 8);
	put_unaligned_be32(RPCRDMA2_GRANT, p + 12);
	sc->sc_len = len;
	spin_lock(&v2->v2_post_lock);
	svcrdma_v2_stamp(f->sx, sc);
	spin_unlock(&v2->v2_post_lock);
	return get_unaligned_be32(p + 8);
}

/* In posting order the values never go backwards */
static void s_stamp_monotonic(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;

	atomic_set(&sx->sx_recv_seq, 100);
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 16), 100 + S_CREDITS);
	/* Fewer Receives posted now: the value computed is smaller */
	atomic_set(&sx->sx_recv_posted, 5);
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 16), 100 + S_CREDITS);
	atomic_set(&sx->sx_recv_seq, 200);
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 16), 204U);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_last_credit, 204U);
}

/* "Never backwards" is modulo 2^32 */
static void s_stamp_wrap(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;

	/* Ahead across the wrap: taken */
	sx->sx_v2->v2_last_credit = 0xfffffff8U;
	atomic_set(&sx->sx_recv_seq, -24);	/* 0xffffffe8 */
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 16), 0x8U);
	/* Behind across the wrap: the last value stays */
	atomic_set(&sx->sx_recv_seq, -48);	/* 0xffffffd0 */
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 16), 0x8U);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_last_credit, 0x8U);
}

/* Other versions' headers, and headers too short, are left alone */
static void s_stamp_other(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;

	atomic_set(&sx->sx_recv_seq, 100);
	KUNIT_EXPECT_EQ(test, s_stamp(test, 1, 16), 0xdeadbeefU);
	KUNIT_EXPECT_EQ(test, s_stamp(test, 2, 12), 0xdeadbeefU);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_last_credit, 0U);
}

/*
 * A Receive of @len octets with rdma_vers @vers and rdma_credit @credit
 * completes: the prefix, then zeroes
 */
static void s_recv_done_len(struct kunit *test, u32 vers, u32 credit,
			    u32 len)
{
	struct s_fix *f = test->priv;
	struct svcrdma_recv_ctxt *rc = f->rc[0];
	u8 *p = rc->rc_buf;

	memset(p, 0, len);
	put_unaligned_be32(S_XID, p);
	put_unaligned_be32(vers, p + 4);
	put_unaligned_be32(credit, p + 8);
	put_unaligned_be32(RPCRDMA2_GRANT, p + 12);
	rc->rc_len = len;
	svcrdma_v2_recv_done(f->sx, rc);
}

/* ... the 16 octets of a GRANT */
static void s_recv_done(struct kunit *test, u32 vers, u32 credit)
{
	s_recv_done_len(test, vers, credit, RPCRDMA_PREFIX_SIZE);
}

/* The first usable version fixes the connection's; credit sets the limit */
static void s_recv_done_version(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;
	struct s_fix *f = test->priv;

	sx->sx_version = 0;
	s_recv_done(test, 3, 10);
	KUNIT_EXPECT_EQ(test, sx->sx_version, 0U);
	KUNIT_EXPECT_EQ(test, f->rc[0]->rc_conn_vers, 0U);
	s_recv_done(test, 2, 10);
	KUNIT_EXPECT_EQ(test, sx->sx_version, RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, f->rc[0]->rc_conn_vers, RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_limit, 10U);
	/* Capped at what the Send Queue can hold */
	atomic_set(&sx->sx_v2->v2_sent, 5);
	s_recv_done(test, 2, 1000);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_limit, 5U + S_SQ);
	/* A Version 1 message changes neither */
	s_recv_done(test, 1, 7);
	KUNIT_EXPECT_EQ(test, sx->sx_version, RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, sx->sx_v2->v2_limit, 5U + S_SQ);

	/*
	 * A Version 1 message fixes Version 1, but not one shorter than
	 * the 28-octet smallest header: it is dropped unparsed (RFC 8166,
	 * Section 4.5)
	 */
	sx->sx_version = 0;
	s_recv_done(test, 1, 7);
	KUNIT_EXPECT_EQ(test, sx->sx_version, 0U);
	s_recv_done_len(test, 1, 7, RPCRDMA1_HDR_MIN - 1);
	KUNIT_EXPECT_EQ(test, sx->sx_version, 0U);
	s_recv_done_len(test, 1, 7, RPCRDMA1_HDR_MIN);
	KUNIT_EXPECT_EQ(test, sx->sx_version, RPCRDMA_VERSION_1);
}

/*
 * RFC 8166, Section 4.5: a Version 1 message shorter than its 28-octet
 * smallest header is dropped; an unknown version is held only to the
 * shared prefix and answered ERR_VERS (Section 4.5.1), and so is a
 * 28-octet Version 1 message on a Version 2 connection
 */
static void s_recv_short(struct kunit *test)
{
	static const struct {
		u32 conn, vers, len;
		bool answered;
	} v[] = {
		{ 0, 1, 20, false },
		{ 0, 3, RPCRDMA1_HDR_MIN - 1, true },
		{ 0, 3, RPCRDMA1_HDR_MIN, true },
		{ RPCRDMA_VERSION_2, 1, RPCRDMA1_HDR_MIN - 1, false },
		{ RPCRDMA_VERSION_2, 1, RPCRDMA1_HDR_MIN, true },
	};
	struct s_fix *f = test->priv;
	unsigned int i, sent;
	u8 *p = f->msg;

	for (i = 0; i < ARRAY_SIZE(v); i++) {
		f->sx->sx_version = v[i].conn;
		memset(p, 0, RPCRDMA1_HDR_MIN);
		put_unaligned_be32(S_XID + i, p);
		put_unaligned_be32(v[i].vers, p + 4);
		put_unaligned_be32(S_CREDITS, p + 8);
		put_unaligned_be32(RPCRDMA1_MSG, p + 12);
		sent = f->nsent;
		KUNIT_EXPECT_EQ(test, s_recv(f, f->rc[0], p, v[i].len),
				-EINVAL);
		KUNIT_EXPECT_EQ_MSG(test, f->nsent, sent + v[i].answered,
				    "vers %u, %u octets", v[i].vers, v[i].len);
		if (!v[i].answered || f->nsent != sent + 1)
			continue;
		p = f->sent[sent].buf;
		KUNIT_EXPECT_EQ(test, get_unaligned_be32(p), S_XID + i);
		KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 4), v[i].vers);
		KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 12),
				RPCRDMA1_ERROR);
		KUNIT_EXPECT_EQ(test, get_unaligned_be32(p + 16),
				RPCRDMA1_ERR_VERS);
		p = f->msg;
	}
}

/* Without waiting, a closed window is -EAGAIN and takes nothing */
static void s_take_credit(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct s_fix *)test->priv)->sx;
	struct svcrdma_v2 *v2 = sx->sx_v2;

	atomic_set(&v2->v2_sent, -2);
	v2->v2_limit = 1;
	KUNIT_EXPECT_EQ(test, svcrdma_v2_take_credit(sx, false), 0);
	KUNIT_EXPECT_EQ(test, svcrdma_v2_take_credit(sx, false), 0);
	KUNIT_EXPECT_EQ(test, svcrdma_v2_take_credit(sx, false), 0);
	KUNIT_EXPECT_EQ(test, svcrdma_v2_take_credit(sx, false), -EAGAIN);
	KUNIT_EXPECT_EQ(test, atomic_read(&v2->v2_sent), 1);
	/* Before the version is fixed every Send is only counted */
	sx->sx_version = 0;
	KUNIT_EXPECT_EQ(test, svcrdma_v2_take_credit(sx, false), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&v2->v2_sent), 2);
}

static struct kunit_case s_credit_cases_list[] = {
	KUNIT_CASE_PARAM(s_credit_value, s_credit_gen_params),
	KUNIT_CASE(s_stamp_monotonic),
	KUNIT_CASE(s_stamp_wrap),
	KUNIT_CASE(s_stamp_other),
	KUNIT_CASE(s_recv_done_version),
	KUNIT_CASE(s_recv_short),
	KUNIT_CASE(s_take_credit),
	{}
};

static struct kunit_suite s_credit_suite = {
	.name = "svcrdma_v2_credit",
	.init = s_init,
	.exit = s_exit,
	.test_cases = s_credit_cases_list,
};

kunit_test_suites(&s_reasm_suite, &s_credit_suite);

MODULE_DESCRIPTION("KUnit tests for the svcrdma Version 2 logic");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
RPCRDMA_IMPORT_KUNIT_NS();
