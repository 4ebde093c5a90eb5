// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of the client's Version 2 logic (xprtrdma/v2.c and
 * recv_v2.c; draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07"):
 *
 *   xprtrdma_v2_credit  taking credits, the extra GRANT credit, the
 *                       credit value we send and the send limit we take
 *                       from the server's, all modulo 2^32; RDMA2_GRANT;
 *                       the watch that closes a connection whose window
 *                       the server keeps shut
 *   xprtrdma_v2_negotiation  the answer to our first message, and the
 *                       whole exchange with an answering or silent server
 *   xprtrdma_v2_cont    continued Reply reassembly and its error paths
 *   xprtrdma_v2_ccall   how a continued Call is split and reserved
 *   xprtrdma_reply_forms  both forms of a Reply to a Call that offered
 *                       a Reply chunk: inline, and RDMA_NOMSG; and both
 *                       placed right where the device sees memory
 *                       through a bounce buffer
 *
 * The connection is a kzalloc'd struct xprtrdma_ep on a fake verbs
 * device: no DMA mapping (the device has no dma_device, so the verbs
 * layer uses the CPU address) and a post_send that records each Send
 * and completes it at once. Every message the server "sends" is built
 * with the core encoders and handed to xprtrdma_v2_receive(), the
 * Receive path's entry.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>

#include "xprtrdma.h"

#define X_INLINE	1024U	/* our inline threshold in these tests */
#define X_NREPS		34U	/* Receives: we advertise 32 */
#define X_ADV		(X_NREPS - 2)
#define X_CREDITS	32U	/* credit limit we ask for */
#define X_CAP		(X_CREDITS + XPRTRDMA_BC_SLOTS)
#define X_SQ		64
#define X_RBUF		8192U	/* one Receive buffer */
#define X_SENT		8U	/* Sends recorded per test */
#define X_XID		0x11223344U
#define X_NEG_XID	0x5a5a0001U

enum x_answer {
	X_ANSWER_NONE,		/* a silent server */
	X_ANSWER_V2,		/* CONNPROP_FINAL */
	X_ANSWER_V1,		/* Version 1 ERR_VERS */
};

struct x_sent {
	u32 len;
	u8 buf[XPRTRDMA_CTL_SIZE + X_INLINE];
};

struct x_fix {
	struct xprtrdma_xprt *rx;
	struct xprtrdma_ep *ep;
	struct ib_device *dev;
	struct ib_qp qp;
	struct ib_pd pd;
	struct ib_cq cq;
	struct rdma_cm_id id;
	struct xprtrdma_rep rep;
	struct ib_wc wc;
	u8 *rbuf;
	u8 *msg;			/* scratch for building messages */
	enum x_answer answer;
	u32 answer_rbsiz;
	unsigned int nsent;
	struct x_sent sent[X_SENT];
};

/* The fake device: record each Send, then complete it successfully */
static int x_post_send(struct ib_qp *qp, const struct ib_send_wr *wr,
		       const struct ib_send_wr **bad)
{
	struct kunit *test = kunit_get_current_test();
	struct x_fix *f = test->priv;
	const struct ib_send_wr *next;
	struct ib_wc wc = { .status = IB_WC_SUCCESS };

	for (; wr; wr = next) {
		const struct ib_sge *sge = wr->sg_list;

		next = wr->next;
		if (f->nsent < X_SENT) {
			struct x_sent *s = &f->sent[f->nsent];

			s->len = min_t(u32, sge->length, sizeof(s->buf));
			memcpy(s->buf, (void *)(uintptr_t)sge->addr, s->len);
		}
		f->nsent++;
		wc.wr_cqe = wr->wr_cqe;
		wc.byte_len = sge->length;
		wr->wr_cqe->done(&f->cq, &wc);
	}
	return 0;
}

/* The server's message @buf[0..@len) arrives */
static bool x_recv(struct x_fix *f, const void *buf, u32 len, const u8 **msg)
{
	memcpy(f->rbuf, buf, len);
	memset(&f->rep.rep_msg, 0, sizeof(f->rep.rep_msg));
	f->wc.byte_len = len;
	*msg = NULL;
	return xprtrdma_v2_receive(f->ep, &f->rep, &f->wc, msg);
}

/* Fill @n octets of payload; a first part starts with the xid */
static void x_payload(u8 *p, u32 n, u32 seed, u32 xid)
{
	u32 i;

	for (i = 0; i < n; i++)
		p[i] = (u8)(seed + i * 7);
	if (xid)
		put_unaligned_be32(xid, p);
}

/* REPLY_MIDDLE (or CALL_MIDDLE) with @n octets of payload; its length */
static u32 x_middle(struct kunit *test, u8 *buf, u32 htype, u32 xid,
		    u32 credit, u32 remaining, u32 n, u32 seed, bool first)
{
	size_t hlen;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_middle(xid, credit, htype,
						       remaining, buf, X_RBUF,
						       &hlen), RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + n, (size_t)X_RBUF);
	x_payload(buf + hlen, n, seed, first ? xid : 0);
	return hlen + n;
}

/* REPLY_INLINE without chunks and @n octets of Reply */
static u32 x_reply(struct kunit *test, u8 *buf, u32 xid, u32 credit, u32 n,
		   u32 seed, bool first)
{
	struct rpcrdma_v1_msg *m1;
	size_t hlen;

	/* Too large for the stack: chunk lists of every size */
	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	m1->m1_prefix.px_xid = xid;
	m1->m1_prefix.px_vers = RPCRDMA_VERSION_2;
	m1->m1_prefix.px_credits = credit;
	m1->m1_prefix.px_proc = RPCRDMA1_MSG;
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_msg(m1, false, 0, buf, X_RBUF,
						    &hlen), RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + n, (size_t)X_RBUF);
	x_payload(buf + hlen, n, seed, first ? xid : 0);
	return hlen + n;
}

static u32 x_grant(struct kunit *test, u8 *buf, u32 credit)
{
	size_t len;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_grant(credit, buf, X_RBUF,
						      &len), RPCRDMA_CE_OK);
	return len;
}

static u32 x_error(struct kunit *test, u8 *buf, u32 xid, u32 vers,
		   u32 code, u32 low, u32 high)
{
	struct rpcrdma_v2_error e = {
		.e2_code = code, .e2_vers_low = low, .e2_vers_high = high,
	};
	size_t len;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_error(xid, vers, 16, &e, buf,
						      X_RBUF, &len),
			RPCRDMA_CE_OK);
	return len;
}

static u32 x_connprop(struct kunit *test, u8 *buf, u32 xid, u32 credit,
		      u32 rbsiz)
{
	struct rpcrdma_v2_props pr = {
		.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ),
		.pr_rbsiz = rbsiz,
	};
	size_t len;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_connprop(xid, credit, &pr, buf,
							 X_RBUF, &len),
			RPCRDMA_CE_OK);
	return len;
}

/* The @i-th Send we made, decoded */
static struct rpcrdma_v2_msg *x_sent_msg(struct kunit *test, unsigned int i)
{
	struct x_fix *f = test->priv;
	struct rpcrdma_v2_msg *m2;

	KUNIT_ASSERT_LT(test, i, f->nsent);
	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(f->sent[i].buf, f->sent[i].len,
						0, 0, m2), RPCRDMA_CE_OK);
	return m2;
}

/* We answered @xid with RDMA2_ERROR @code in Send @i */
static void x_expect_error(struct kunit *test, unsigned int i, u32 xid,
			   u32 code)
{
	struct rpcrdma_v2_msg *m2 = x_sent_msg(test, i);

	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc, RPCRDMA2_ERROR);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_xid, xid);
	KUNIT_EXPECT_EQ(test, m2->m2_error.e2_code, code);
}

/* The connection was closed (xprtrdma_ep_fail()) */
static bool x_closed(struct x_fix *f)
{
	return test_bit(XPRT_CLOSE_WAIT, &f->rx->rx_xprt.state) &&
	       !test_bit(XPRTRDMA_EP_CONNECTED, &f->ep->ep_flags);
}

/* The Call @xid failed the way an RDMA_ERROR fails it (EIO) */
static void x_expect_call_failed(struct kunit *test, bool ret,
				 const u8 *msg, u32 xid)
{
	struct x_fix *f = test->priv;

	KUNIT_EXPECT_TRUE(test, ret);
	KUNIT_EXPECT_NULL(test, msg);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_prefix.px_proc, RPCRDMA1_ERROR);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_prefix.px_xid, xid);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_error.e1_code,
			RPCRDMA1_ERR_CHUNK);
}

/*
 * A connection whose first message is out (our credit value sent),
 * in Version 2 once @vers is 2, else still negotiating.
 */
static int x_init_vers(struct kunit *test, unsigned int vers)
{
	struct xprtrdma_xprt *rx;
	struct xprtrdma_ep *ep;
	struct x_fix *f;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->rx = kunit_kzalloc(test, sizeof(*f->rx), GFP_KERNEL);
	f->ep = kunit_kzalloc(test, sizeof(*f->ep), GFP_KERNEL);
	f->dev = kunit_kzalloc(test, sizeof(*f->dev), GFP_KERNEL);
	f->rbuf = kunit_kzalloc(test, X_RBUF, GFP_KERNEL);
	f->msg = kunit_kzalloc(test, X_RBUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->rx);
	KUNIT_ASSERT_NOT_NULL(test, f->ep);
	KUNIT_ASSERT_NOT_NULL(test, f->dev);
	KUNIT_ASSERT_NOT_NULL(test, f->rbuf);
	KUNIT_ASSERT_NOT_NULL(test, f->msg);
	rx = f->rx;
	ep = f->ep;

	/* Not on the device list: the verbs layer only calls its ops */
	f->dev->ops.post_send = x_post_send;
	f->qp.device = f->dev;
	f->pd.device = f->dev;
	f->id.device = f->dev;
	f->id.qp = &f->qp;
	f->cq.device = f->dev;
	f->cq.cq_context = ep;

	rx->rx_inline_send = X_INLINE;
	rx->rx_inline_recv = X_RBUF;
	spin_lock_init(&rx->rx_xprt.transport_lock);
	/* Held by the connect worker: a close then only marks the xprt */
	set_bit(XPRT_LOCKED, &rx->rx_xprt.state);

	ep->ep_rx = rx;
	ep->ep_id = &f->id;
	ep->ep_pd = &f->pd;
	ep->ep_depth = 256;
	ep->ep_max_segs = XPRTRDMA_MAX_CHUNK_MRS;
	ep->ep_credits = X_CREDITS;
	ep->ep_inline_send = X_INLINE;
	ep->ep_inline_recv = X_RBUF;
	ep->ep_nreps = X_NREPS;
	atomic_set(&ep->ep_sq_avail, X_SQ);
	set_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
	f->rep.rep_ep = ep;
	f->rep.rep_buf = f->rbuf;
	f->wc.status = IB_WC_SUCCESS;
	test->priv = f;

	KUNIT_ASSERT_EQ(test, xprtrdma_v2_init(ep), 0);
	KUNIT_ASSERT_NOT_NULL(test, ep->ep_ctl_buf);
	ep->ep_neg_xid = X_NEG_XID;
	if (vers == RPCRDMA_VERSION_2) {
		ep->ep_vers = RPCRDMA_VERSION_2;
		ep->ep_v2_props_final = true;
		/* Our first message carried received + advertised */
		ep->ep_v2_granted = xprtrdma_v2_credit_value(ep);
		KUNIT_ASSERT_EQ(test, ep->ep_v2_granted, X_ADV);
		KUNIT_ASSERT_TRUE(test, xprtrdma_v2_take(ep));
	}
	return 0;
}

static int x_init(struct kunit *test)
{
	return x_init_vers(test, RPCRDMA_VERSION_2);
}

static int x_init_neg(struct kunit *test)
{
	return x_init_vers(test, 0);
}

static void x_exit(struct kunit *test)
{
	struct x_fix *f = test->priv;

	if (!f || !f->ep)
		return;
	/* x_watch's, if it stopped with the watch queued */
	if (f->ep->ep_v2_watch.work.func)
		cancel_delayed_work_sync(&f->ep->ep_v2_watch);
	xprtrdma_v2_release(f->ep);
}

/* ---- xprtrdma_v2_credit ------------------------------------------- */

static void x_take_window(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;

	atomic_set(&ep->ep_v2_sent, 0);
	ep->ep_v2_limit = 3;
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(ep), 3U);
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(ep), 0U);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_v2_sent), 3);
	xprtrdma_v2_untake(ep);
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(ep), 1U);
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take(ep));
}

/* The sent count and the limit wrap at 2^32 together */
static void x_take_wrap(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;
	int i;

	atomic_set(&ep->ep_v2_sent, -2);
	ep->ep_v2_limit = 2;
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(ep), 4U);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&ep->ep_v2_sent), 2U);
}

/* RDMA2_GRANT may use the one Receive the server keeps for it, once */
static void x_take_grant_extra(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;

	atomic_set(&ep->ep_v2_sent, 5);
	ep->ep_v2_limit = 5;
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take(ep));
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take_grant(ep));
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_v2_sent), 6);
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take_grant(ep));
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_v2_sent), 6);
	/* An open window is used first */
	ep->ep_v2_limit = 8;
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take_grant(ep));
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(ep), 1U);
}

/* Stamp a header as xprtrdma_v2_stamp()'s callers do, under the lock */
static u32 x_stamp(struct xprtrdma_ep *ep, __be32 *hdr)
{
	spin_lock(&ep->ep_post_lock);
	xprtrdma_v2_stamp(ep, hdr, (uintptr_t)hdr);
	spin_unlock(&ep->ep_post_lock);
	return be32_to_cpu(hdr[2]);
}

/*
 * received + advertised, modulo 2^32; stamped into the header when
 * posted and remembered as granted, never behind the last value posted
 */
static void x_credit_value_wrap(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;
	__be32 *hdr = kunit_kzalloc(test, RPCRDMA_PREFIX_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, hdr);
	/* The last value posted was just before the wrap */
	ep->ep_v2_granted = 0xfffffff0U;
	ep->ep_v2_recvd = 0xfffffff0U;
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_credit_value(ep),
			0xfffffff0U + X_ADV);
	KUNIT_EXPECT_EQ(test, x_stamp(ep, hdr), 0x10U);
	KUNIT_EXPECT_EQ(test, ep->ep_v2_granted, 0x10U);
	/* A smaller value (a message built earlier) posts the last one */
	ep->ep_v2_recvd = 0xffffffe0U;
	KUNIT_EXPECT_EQ(test, x_stamp(ep, hdr), 0x10U);
	KUNIT_EXPECT_EQ(test, ep->ep_v2_granted, 0x10U);
	ep->ep_v2_recvd = 0xfffffff1U;
	KUNIT_EXPECT_EQ(test, x_stamp(ep, hdr), 0x11U);
}

struct x_limit_case {
	const char *name;
	u32 sent;
	u32 credit;
	u32 limit;
	u32 cwnd;
};

static const struct x_limit_case x_limit_cases[] = {
	{ "grant", 4, 20, 20, 16 },
	{ "above the cap", 4, 1000, 4 + X_CAP, X_CAP },
	{ "behind the sent count", 10, 5, 5, 0 },
	{ "zero", 10, 0, 0, 0 },
	{ "wrap", 0xfffffff0U, 0x10, 0x10, 0x20 },
	{ "wrap above the cap", 0xfffffff0U, 0x1000, 0xfffffff0U + X_CAP,
	  X_CAP },
	{ "2^31 ahead", 0, 0x80000000U, 0x80000000U, 0 },
};

KUNIT_ARRAY_PARAM_DESC(x_limit, x_limit_cases, name);

/* The rdma_credit of every Version 2 message sets the send limit */
static void x_limit_update(struct kunit *test)
{
	const struct x_limit_case *c = test->param_value;
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	atomic_set(&f->ep->ep_v2_sent, (int)c->sent);
	len = x_grant(test, f->msg, c->credit);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_limit, c->limit);
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_cwnd(f->ep), c->cwnd);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);
}

/*
 * Once the server has used more than half of what we advertised, we
 * send RDMA2_GRANT with a fresh value; until then, nothing.
 */
static void x_grant_sent(struct kunit *test)
{
	struct x_fix *f = test->priv;
	struct rpcrdma_v2_msg *m2;
	const u8 *msg;
	u32 i, len;

	len = x_grant(test, f->msg, 16);
	for (i = 1; i <= X_ADV / 2; i++) {
		KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
		KUNIT_EXPECT_EQ(test, f->nsent, 0U);
	}
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	m2 = x_sent_msg(test, 0);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc, RPCRDMA2_GRANT);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_credits, X_ADV / 2 + 1 + X_ADV);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->ep->ep_v2_sent), 2);
	/* Completed: the control buffer and the Send Queue slot are back */
	KUNIT_EXPECT_EQ(test, f->ep->ep_ctl_busy, 0UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->ep->ep_sq_avail), X_SQ);
}

/* A GRANT with the window closed uses the extra credit */
static void x_grant_window_closed(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	f->ep->ep_v2_recvd = X_ADV;	/* the server used all it had */
	len = x_grant(test, f->msg, 1);	/* == sent: nothing open */
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->ep->ep_v2_sent), 2);
	/* Only one: the next message finds no credit at all */
	f->ep->ep_v2_granted = f->ep->ep_v2_recvd;
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->nsent, 1U);
}

/* Every completed Receive counts, even one too short to read */
static void x_recv_counts_short(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 before = f->ep->ep_v2_recvd;

	memset(f->msg, 0, 12);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, 12, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_recvd, before + 1);
	KUNIT_EXPECT_FALSE(test, x_closed(f));
}

/* Section 4.3.3: a Version 1 message on a Version 2 connection closes it */
static void x_recv_other_version(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_error(test, f->msg, X_XID, RPCRDMA_VERSION_1,
		      RPCRDMA2_ERR_VERS, 1, 1);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
}

/* Deliver a GRANT with credit value @credit, as the server's next message */
static void x_credit_in(struct kunit *test, u32 credit)
{
	struct x_fix *f = test->priv;
	const u8 *msg;

	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, x_grant(test, f->msg, credit),
					&msg));
}

/* Run the queued watch now, as if its time had come; was it queued? */
static bool x_watch_run(struct xprtrdma_ep *ep)
{
	bool queued = cancel_delayed_work_sync(&ep->ep_v2_watch);

	xprtrdma_v2_watch(&ep->ep_v2_watch.work);
	return queued;
}

/* Connected again after a close, for the next step */
static void x_reopen(struct x_fix *f)
{
	clear_bit(XPRT_CLOSE_WAIT, &f->rx->rx_xprt.state);
	set_bit(XPRTRDMA_EP_CONNECTED, &f->ep->ep_flags);
}

/* A sender waits for space: what xprtrdma_space_wait() leaves */
static void x_waiting(struct x_fix *f)
{
	set_bit(XPRT_WRITE_SPACE, &f->rx->rx_xprt.state);
}

/*
 * The watch on a closed window: queued once, after the waiting Call's
 * timeout and never sooner than XPRTRDMA_STALL_TIMEOUT. When it runs
 * with a sender waiting and the window closed, it closes the connection
 * if no credit value moved the limit since it was queued, and watches
 * the new limit if one did; with the window open or no sender waiting
 * it does nothing.
 */
static void x_watch(struct kunit *test)
{
	struct x_fix *f = test->priv;
	struct xprtrdma_ep *ep = f->ep;
	u32 sent = atomic_read(&ep->ep_v2_sent);
	unsigned long t0;

	INIT_DELAYED_WORK(&ep->ep_v2_watch, xprtrdma_v2_watch);
	x_credit_in(test, sent);	/* the window closed */
	KUNIT_ASSERT_FALSE(test, xprtrdma_v2_take(ep));
	x_waiting(f);

	/* Queued for the Call's timeout, once for all senders */
	t0 = jiffies;
	xprtrdma_v2_watch_start(ep, 60 * HZ);
	xprtrdma_v2_watch_start(ep, 0);
	KUNIT_EXPECT_TRUE(test, time_after_eq(ep->ep_v2_watch.timer.expires,
					      t0 + 60 * HZ));
	KUNIT_EXPECT_TRUE(test, time_before_eq(ep->ep_v2_watch.timer.expires,
					       jiffies + 60 * HZ));
	/* The server sends nothing: the connection closes */
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_v2_credit_stalls),
			1L);
	x_reopen(f);

	/* No timeout of its own: XPRTRDMA_STALL_TIMEOUT */
	t0 = jiffies;
	xprtrdma_v2_watch_start(ep, 0);
	KUNIT_EXPECT_TRUE(test, time_after_eq(ep->ep_v2_watch.timer.expires,
					      t0 + XPRTRDMA_STALL_TIMEOUT));
	/* The same closed value again moves nothing: still a stall */
	x_credit_in(test, sent);
	KUNIT_EXPECT_TRUE(test, test_bit(XPRT_WRITE_SPACE,
					 &f->rx->rx_xprt.state));
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	x_reopen(f);

	/*
	 * A value that moved the limit but left the window closed wakes
	 * the senders; the one that finds it closed again leaves the
	 * queued watch be, which then watches the new limit
	 */
	xprtrdma_v2_watch_start(ep, 0);
	x_credit_in(test, sent - 1);
	KUNIT_EXPECT_FALSE(test, test_bit(XPRT_WRITE_SPACE,
					  &f->rx->rx_xprt.state));
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_take(ep));
	x_waiting(f);
	xprtrdma_v2_watch_start(ep, 0);
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_FALSE(test, x_closed(f));
	/* ...queued again; nothing moves it: the connection closes */
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	x_reopen(f);

	/* No sender waits any more: nothing to do */
	xprtrdma_v2_watch_start(ep, 0);
	clear_bit(XPRT_WRITE_SPACE, &f->rx->rx_xprt.state);
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_FALSE(test, cancel_delayed_work_sync(&ep->ep_v2_watch));
	KUNIT_EXPECT_FALSE(test, x_closed(f));

	/* The window opened (and woke the senders): nothing to do */
	x_waiting(f);
	xprtrdma_v2_watch_start(ep, 0);
	x_credit_in(test, sent + 4);
	KUNIT_EXPECT_TRUE(test, x_watch_run(ep));
	KUNIT_EXPECT_FALSE(test, cancel_delayed_work_sync(&ep->ep_v2_watch));
	KUNIT_EXPECT_FALSE(test, x_closed(f));
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_v2_credit_stalls),
			3L);
	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_take(ep));
}

static struct kunit_case x_credit_cases[] = {
	KUNIT_CASE(x_take_window),
	KUNIT_CASE(x_take_wrap),
	KUNIT_CASE(x_take_grant_extra),
	KUNIT_CASE(x_credit_value_wrap),
	KUNIT_CASE_PARAM(x_limit_update, x_limit_gen_params),
	KUNIT_CASE(x_grant_sent),
	KUNIT_CASE(x_grant_window_closed),
	KUNIT_CASE(x_recv_counts_short),
	KUNIT_CASE(x_recv_other_version),
	KUNIT_CASE(x_watch),
	{}
};

static struct kunit_suite x_credit_suite = {
	.name = "xprtrdma_v2_credit",
	.init = x_init,
	.exit = x_exit,
	.test_cases = x_credit_cases,
};

/* ---- xprtrdma_v2_negotiation -------------------------------------- */

enum x_first {
	X_FIRST_FINAL,		/* CONNPROP_FINAL echoing our xid */
	X_FIRST_GRANT,		/* any other Version 2 message */
	X_FIRST_V1_ERR_VERS,	/* Version 1 ERR_VERS 1..1 */
	X_FIRST_V2_ERR_VERS,	/* RDMA2_ERROR ERR_VERS 1..2 */
	X_FIRST_REFUSED,	/* ERR_VERS 3..4: neither version */
	X_FIRST_ERR_OTHER_XID,	/* an error about something else */
	X_FIRST_SHORT,		/* shorter than a prefix */
	X_FIRST_V2_BAD,		/* Version 2, but does not decode */
};

struct x_first_case {
	const char *name;
	enum x_first first;
	unsigned int vers;		/* 0: still waiting */
	enum rpcrdma_vers_answer answer;
};

static const struct x_first_case x_first_cases[] = {
	{ "CONNPROP_FINAL", X_FIRST_FINAL, 2, RPCRDMA_ANSWER_V2 },
	{ "GRANT", X_FIRST_GRANT, 2, RPCRDMA_ANSWER_V2 },
	{ "v1 ERR_VERS", X_FIRST_V1_ERR_VERS, 1, RPCRDMA_ANSWER_V1 },
	{ "v2 ERR_VERS", X_FIRST_V2_ERR_VERS, 1, RPCRDMA_ANSWER_V1 },
	{ "ERR_VERS without 1", X_FIRST_REFUSED, 1, RPCRDMA_ANSWER_REFUSED },
	{ "error for another xid", X_FIRST_ERR_OTHER_XID, 0,
	  RPCRDMA_ANSWER_NONE },
	{ "short", X_FIRST_SHORT, 0, RPCRDMA_ANSWER_NONE },
	{ "undecodable v2", X_FIRST_V2_BAD, 0, RPCRDMA_ANSWER_NONE },
};

KUNIT_ARRAY_PARAM_DESC(x_first, x_first_cases, name);

static u32 x_first_msg(struct kunit *test, u8 *buf, enum x_first first)
{
	u32 len;

	switch (first) {
	case X_FIRST_FINAL:
		return x_connprop(test, buf, X_NEG_XID, 16, 2048);
	case X_FIRST_GRANT:
		return x_grant(test, buf, 16);
	case X_FIRST_V1_ERR_VERS:
		return x_error(test, buf, X_NEG_XID, RPCRDMA_VERSION_1,
			       RPCRDMA2_ERR_VERS, 1, 1);
	case X_FIRST_V2_ERR_VERS:
		return x_error(test, buf, X_NEG_XID, RPCRDMA_VERSION_2,
			       RPCRDMA2_ERR_VERS, 1, 2);
	case X_FIRST_REFUSED:
		return x_error(test, buf, X_NEG_XID, RPCRDMA_VERSION_2,
			       RPCRDMA2_ERR_VERS, 3, 4);
	case X_FIRST_ERR_OTHER_XID:
		return x_error(test, buf, X_NEG_XID + 2, RPCRDMA_VERSION_1,
			       RPCRDMA2_ERR_VERS, 1, 1);
	case X_FIRST_SHORT:
		x_connprop(test, buf, X_NEG_XID, 16, 2048);
		return 12;
	case X_FIRST_V2_BAD:
		/* A GRANT whose header type no version defines */
		len = x_grant(test, buf, 16);
		put_unaligned_be32(99, buf + 12);
		return len;
	}
	return 0;
}

/* What the first message from the server settles (Section 4.3) */
static void x_first_answer(struct kunit *test)
{
	const struct x_first_case *c = test->param_value;
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_first_msg(test, f->msg, c->first);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_vers, c->vers);
	KUNIT_EXPECT_EQ(test, completion_done(&f->ep->ep_neg_done),
			c->vers != 0);
	if (c->vers)
		KUNIT_EXPECT_EQ(test, f->ep->ep_neg_answer, c->answer);
	if (c->answer == RPCRDMA_ANSWER_V2) {
		/* Its credit value opens the window */
		KUNIT_EXPECT_EQ(test, f->ep->ep_v2_limit, 16U);
	}
	if (c->first == X_FIRST_FINAL) {
		KUNIT_EXPECT_TRUE(test, f->ep->ep_v2_props_final);
		/* The server's Receive Buffer Size bounds our Sends */
		KUNIT_EXPECT_EQ(test, f->ep->ep_inline_send, X_INLINE);
	}
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);
}

/* CONNPROP_MIDDLE announces more: only the FINAL settles Version 2 */
static void x_first_connprop_middle(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_connprop(test, f->msg, X_NEG_XID, 16, 2048);
	put_unaligned_be32(RPCRDMA2_CONNPROP_MIDDLE, f->msg + 12);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_vers, 0U);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, RPCRDMA2_CONNPROP_MIDDLE);
	len = x_connprop(test, f->msg, X_NEG_XID, 16, 2048);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_vers, RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_EXPECT_TRUE(test, f->ep->ep_v2_props_final);
}

/* The first of answer and timeout wins; the other changes nothing */
static void x_settle_once(struct kunit *test)
{
	struct x_fix *f = test->priv;

	KUNIT_EXPECT_TRUE(test, xprtrdma_v2_settle(f->ep, RPCRDMA_VERSION_1,
						   RPCRDMA_ANSWER_NONE));
	KUNIT_EXPECT_FALSE(test, xprtrdma_v2_settle(f->ep, RPCRDMA_VERSION_2,
						    RPCRDMA_ANSWER_V2));
	KUNIT_EXPECT_EQ(test, f->ep->ep_vers, RPCRDMA_VERSION_1);
	KUNIT_EXPECT_EQ(test, f->ep->ep_neg_answer, RPCRDMA_ANSWER_NONE);
	KUNIT_EXPECT_TRUE(test, completion_done(&f->ep->ep_neg_done));
}

/* The fake server answers our first message as soon as it is sent */
static int x_post_answer(struct ib_qp *qp, const struct ib_send_wr *wr,
			 const struct ib_send_wr **bad)
{
	struct kunit *test = kunit_get_current_test();
	struct x_fix *f = test->priv;
	u32 xid, len = 0;
	const u8 *msg;
	int rc;

	rc = x_post_send(qp, wr, bad);
	if (f->nsent != 1)
		return rc;
	xid = get_unaligned_be32(f->sent[0].buf);
	if (f->answer == X_ANSWER_V2)
		len = x_connprop(test, f->msg, xid, 16, f->answer_rbsiz);
	else if (f->answer == X_ANSWER_V1)
		len = x_error(test, f->msg, xid, RPCRDMA_VERSION_1,
			      RPCRDMA2_ERR_VERS, 1, 1);
	if (len)
		x_recv(f, f->msg, len, &msg);
	return rc;
}

static void x_negotiate_common(struct kunit *test, enum x_answer answer,
			       unsigned int vers, bool v1_only)
{
	struct x_fix *f = test->priv;
	struct rpcrdma_v2_msg *m2;

	f->dev->ops.post_send = x_post_answer;
	f->answer = answer;
	f->answer_rbsiz = 2048;
	f->ep->ep_inline_send = 4096;
	KUNIT_ASSERT_EQ(test, xprtrdma_v2_negotiate(f->ep), 0);
	KUNIT_EXPECT_EQ(test, f->ep->ep_vers, vers);
	KUNIT_EXPECT_EQ(test, f->rx->rx_v1_only, v1_only);
	/* Our first message: CONNPROP_FINAL, our sizes, one credit used */
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	m2 = x_sent_msg(test, 0);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc, RPCRDMA2_CONNPROP_FINAL);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_xid, f->ep->ep_neg_xid);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_credits, X_ADV);
	KUNIT_EXPECT_EQ(test, m2->m2_props.pr_sbsiz, X_INLINE);
	KUNIT_EXPECT_EQ(test, m2->m2_props.pr_rbsiz, X_RBUF);
	KUNIT_EXPECT_EQ(test, m2->m2_props.pr_brs, RPCRDMA2_RVRSDIR_SIMPLE);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->ep->ep_v2_sent), 1);
}

static void x_negotiate_v2(struct kunit *test)
{
	struct x_fix *f = test->priv;

	x_negotiate_common(test, X_ANSWER_V2, RPCRDMA_VERSION_2, false);
	KUNIT_EXPECT_EQ(test, f->ep->ep_inline_send, 2048U);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_limit, 16U);
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(&f->rx->rx_stats.st_v2_accepted), 1L);
}

static void x_negotiate_refused(struct kunit *test)
{
	struct x_fix *f = test->priv;

	x_negotiate_common(test, X_ANSWER_V1, RPCRDMA_VERSION_1, true);
	KUNIT_EXPECT_EQ(test, f->ep->ep_inline_send, 4096U);
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(&f->rx->rx_stats.st_v2_refused), 1L);
}

/* Section 4.3.2: silence counts as a refusal (after 5 s) */
static void x_negotiate_silent(struct kunit *test)
{
	struct x_fix *f = test->priv;

	x_negotiate_common(test, X_ANSWER_NONE, RPCRDMA_VERSION_1, true);
	KUNIT_EXPECT_EQ(test, f->ep->ep_neg_answer, RPCRDMA_ANSWER_NONE);
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(&f->rx->rx_stats.st_v2_silent), 1L);
}

static struct kunit_case x_neg_cases[] = {
	KUNIT_CASE_PARAM(x_first_answer, x_first_gen_params),
	KUNIT_CASE(x_first_connprop_middle),
	KUNIT_CASE(x_settle_once),
	KUNIT_CASE(x_negotiate_v2),
	KUNIT_CASE(x_negotiate_refused),
	KUNIT_CASE_SLOW(x_negotiate_silent),
	{}
};

static struct kunit_suite x_neg_suite = {
	.name = "xprtrdma_v2_negotiation",
	.init = x_init_neg,
	.exit = x_exit,
	.test_cases = x_neg_cases,
};

/* ---- xprtrdma_v2_cont --------------------------------------------- */

#define X_MID		RPCRDMA2_REPLY_MIDDLE

/* Parts of 100, 200 and 52 octets: a Reply of 352 */
static void x_cont_reassembles(struct kunit *test)
{
	struct x_fix *f = test->priv;
	u8 *whole = kunit_kzalloc(test, 352, GFP_KERNEL);
	const u8 *msg;
	u32 len, hlen;

	KUNIT_ASSERT_NOT_NULL(test, whole);
	len = x_middle(test, f->msg, X_MID, X_XID, 16, 252, 100, 1, true);
	hlen = len - 100;
	memcpy(whole, f->msg + hlen, 100);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, X_MID);
	KUNIT_EXPECT_EQ(test, f->ep->ep_cont_total, 352U);

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 52, 200, 2, false);
	memcpy(whole + 100, f->msg + hlen, 200);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));

	len = x_reply(test, f->msg, X_XID, 16, 52, 3, false);
	memcpy(whole + 300, f->msg + len - 52, 52);
	KUNIT_ASSERT_TRUE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_EXPECT_PTR_EQ(test, msg, (const u8 *)f->ep->ep_cont_buf);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_msg_len, 352U);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_prefix.px_proc, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_prefix.px_xid, X_XID);
	KUNIT_EXPECT_EQ(test, memcmp(msg, whole, 352), 0);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);

	/* The buffer goes with the next message */
	len = x_grant(test, f->msg, 16);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
}

/* Exactly XPRTRDMA_CONT_MAX is taken on */
static void x_cont_at_bound(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16,
		       XPRTRDMA_CONT_MAX - 100, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_NOT_NULL(test, f->ep->ep_cont_buf);
	KUNIT_EXPECT_EQ(test, f->ep->ep_cont_total, XPRTRDMA_CONT_MAX);
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);
}

/* One more octet fails the Call, with INVAL_CONT, and holds nothing */
static void x_cont_too_large(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	bool ret;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16,
		       XPRTRDMA_CONT_MAX - 96, 100, 1, true);
	ret = x_recv(f, f->msg, len, &msg);
	x_expect_call_failed(test, ret, msg, X_XID);
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, X_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* rdma_remaining of 2^32 - 1 does not wrap the sum */
	len = x_middle(test, f->msg, X_MID, X_XID + 2, 16, U32_MAX, 100, 1,
		       true);
	ret = x_recv(f, f->msg, len, &msg);
	x_expect_call_failed(test, ret, msg, X_XID + 2);
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
}

/* A MIDDLE whose rdma_remaining disagrees with the one before */
static void x_cont_middle_count(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	bool ret;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 200, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	len = x_middle(test, f->msg, X_MID, X_XID, 16, 50, 100, 2, false);
	ret = x_recv(f, f->msg, len, &msg);
	x_expect_call_failed(test, ret, msg, X_XID);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, X_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* A MIDDLE whose payload runs past the announced size */
	len = x_middle(test, f->msg, X_MID, X_XID + 2, 16, 100, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	len = x_middle(test, f->msg, X_MID, X_XID + 2, 16, 4, 104, 2, false);
	ret = x_recv(f, f->msg, len, &msg);
	x_expect_call_failed(test, ret, msg, X_XID + 2);
}

struct x_final_case {
	const char *name;
	u32 final;			/* octets in the REPLY_INLINE; 100 due */
};

static const struct x_final_case x_final_cases[] = {
	{ "short", 96 },
	{ "long", 104 },
};

KUNIT_ARRAY_PARAM_DESC(x_final, x_final_cases, name);

/* A REPLY_INLINE that does not end the message where it should */
static void x_cont_final_count(struct kunit *test)
{
	const struct x_final_case *c = test->param_value;
	struct x_fix *f = test->priv;
	const u8 *msg;
	bool ret;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 100, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	len = x_reply(test, f->msg, X_XID, 16, c->final, 2, false);
	ret = x_recv(f, f->msg, len, &msg);
	x_expect_call_failed(test, ret, msg, X_XID);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, X_XID, RPCRDMA2_ERR_INVAL_CONT);
	/* What was collected goes with the next message */
	len = x_grant(test, f->msg, 16);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
}

struct x_intruder_case {
	const char *name;
	bool ends;			/* a REPLY_INLINE, not a MIDDLE */
};

static const struct x_intruder_case x_intruder_cases[] = {
	{ "REPLY_MIDDLE", false },
	{ "REPLY_INLINE", true },
};

KUNIT_ARRAY_PARAM_DESC(x_intruder, x_intruder_cases, name);

/*
 * A Reply of another xid inside a continued one: the two Payload
 * streams interleave (Section 4.1), and neither Reply can be trusted.
 * The intruder is answered INVAL_CONT (Section 7.1.4) and the
 * connection closes, so that both Calls go again.
 */
static void x_cont_xid_mismatch(struct kunit *test)
{
	const struct x_intruder_case *c = test->param_value;
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 200, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	if (c->ends)
		len = x_reply(test, f->msg, X_XID + 2, 16, 100, 2, true);
	else
		len = x_middle(test, f->msg, X_MID, X_XID + 2, 16, 100, 100,
			       2, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, X_XID + 2, RPCRDMA2_ERR_INVAL_CONT);
}

/*
 * A MIDDLE whose rdma_remaining is 0 says the message goes on and that
 * nothing follows (Section 6.3.9): answered INVAL_CONT, the connection
 * closed, nothing collected.
 */
static void x_cont_zero_remaining(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 0, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, 0U);
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, X_XID, RPCRDMA2_ERR_INVAL_CONT);
}

/*
 * A request of the server in between (here GRANT) is answered
 * INVAL_CONT (Section 6.3.9); the Reply still completes.
 */
static void x_cont_request_between(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 100, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	len = x_grant(test, f->msg, 16);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_ASSERT_EQ(test, f->nsent, 1U);
	x_expect_error(test, 0, 0, RPCRDMA2_ERR_INVAL_CONT);
	KUNIT_EXPECT_EQ(test, f->ep->ep_v2_open, X_MID);
	len = x_reply(test, f->msg, X_XID, 16, 100, 2, false);
	KUNIT_EXPECT_TRUE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_msg_len, 200U);
	KUNIT_EXPECT_FALSE(test, x_closed(f));
}

/* An error report in between breaks the sequence: the connection closes */
static void x_cont_error_between(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_middle(test, f->msg, X_MID, X_XID, 16, 100, 100, 1, true);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	len = x_error(test, f->msg, X_XID + 2, RPCRDMA_VERSION_2,
		      RPCRDMA2_ERR_BAD_XDR, 0, 0);
	KUNIT_EXPECT_FALSE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_TRUE(test, x_closed(f));
	KUNIT_EXPECT_EQ(test, f->nsent, 0U);
}

/* A REPLY_INLINE that stands alone is not collected */
static void x_cont_not_continued(struct kunit *test)
{
	struct x_fix *f = test->priv;
	const u8 *msg;
	u32 len;

	len = x_reply(test, f->msg, X_XID, 16, 100, 1, true);
	KUNIT_EXPECT_TRUE(test, x_recv(f, f->msg, len, &msg));
	KUNIT_EXPECT_PTR_EQ(test, msg, (const u8 *)f->rbuf + len - 100);
	KUNIT_EXPECT_EQ(test, f->rep.rep_msg.m1_msg_len, 100U);
	KUNIT_EXPECT_NULL(test, f->ep->ep_cont_buf);
}

static struct kunit_case x_cont_cases[] = {
	KUNIT_CASE(x_cont_reassembles),
	KUNIT_CASE(x_cont_at_bound),
	KUNIT_CASE(x_cont_too_large),
	KUNIT_CASE(x_cont_middle_count),
	KUNIT_CASE_PARAM(x_cont_final_count, x_final_gen_params),
	KUNIT_CASE_PARAM(x_cont_xid_mismatch, x_intruder_gen_params),
	KUNIT_CASE(x_cont_zero_remaining),
	KUNIT_CASE(x_cont_request_between),
	KUNIT_CASE(x_cont_error_between),
	KUNIT_CASE(x_cont_not_continued),
	{}
};

static struct kunit_suite x_cont_suite = {
	.name = "xprtrdma_v2_cont",
	.init = x_init,
	.exit = x_exit,
	.test_cases = x_cont_cases,
};

/* ---- xprtrdma_v2_ccall -------------------------------------------- */

struct x_split_case {
	const char *name;
	u32 inline_send;
	u32 len;
	u32 fin;
	unsigned int nmid;		/* 0: not a continued Call */
};

/* With 1024 octets inline a CALL_MIDDLE carries 1004 */
static const struct x_split_case x_split_cases[] = {
	{ "fits the final part", 1024, 1000, 1000, 0 },
	{ "one part, four left", 1024, 1004, 1000, 1 },
	{ "two parts", 1024, 3000, 1000, 2 },
	{ "four parts, full", 1024, 4 * 1004 + 1000, 1000, 4 },
	{ "five parts", 1024, 4 * 1004 + 1004, 1000, 0 },
	{ "final holds one word", 1024, 2012, 4, 2 },
	{ "final too small", 1024, 2000, 0, 0 },
	{ "not XDR-aligned", 1024, 2002, 1000, 0 },
	{ "no room for a MIDDLE", 23, 2000, 1000, 0 },
	{ "smallest MIDDLE", 24, 20, 4, 4 },
};

KUNIT_ARRAY_PARAM_DESC(x_split, x_split_cases, name);

/*
 * How a Call is split, and that the parts built are CALL_MIDDLEs that
 * carry the Call in order, each at least one XDR word and within the
 * inline threshold, leaving the final part at most @fin octets.
 */
static void x_ccall_split(struct kunit *test)
{
	const struct x_split_case *c = test->param_value;
	struct x_fix *f = test->priv;
	struct xprtrdma_ep *ep = f->ep;
	struct ib_send_wr *first = NULL, **tail = &first;
	struct rpcrdma_v2_msg *m2;
	struct xprtrdma_req *req;
	const struct ib_send_wr *wr;
	u32 off = 0, sent;
	unsigned int n, i;
	u8 *call;
	int rc;

	ep->ep_inline_send = c->inline_send;
	ep->ep_v2_limit = 100;
	sent = (u32)atomic_read(&ep->ep_v2_sent);
	n = xprtrdma_v2_ccall_reserve(ep, c->len, c->fin);
	KUNIT_ASSERT_EQ(test, n, c->nmid);
	if (!n) {
		KUNIT_EXPECT_EQ(test, (u32)atomic_read(&ep->ep_v2_sent), sent);
		KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail), X_SQ);
		KUNIT_EXPECT_EQ(test, ep->ep_ccall_busy, 0UL);
		return;
	}
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&ep->ep_v2_sent), sent + n);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail), X_SQ - (int)n);

	req = kunit_kzalloc(test, sizeof(*req), GFP_KERNEL);
	call = kunit_kzalloc(test, c->len, GFP_KERNEL);
	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	KUNIT_ASSERT_NOT_NULL(test, call);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	x_payload(call, c->len, 9, X_XID);
	req->req_msg.m1_prefix.px_xid = X_XID;
	req->req_rqst.rq_snd_buf.head[0].iov_base = call;
	req->req_rqst.rq_snd_buf.head[0].iov_len = c->len;
	req->req_rqst.rq_snd_buf.len = c->len;
	req->req_rqst.rq_snd_buf.buflen = c->len;

	rc = xprtrdma_v2_ccall_build(ep, req, n, &tail);
	KUNIT_ASSERT_GT(test, rc, 0);
	KUNIT_EXPECT_LE(test, c->len - (u32)rc, c->fin);
	KUNIT_EXPECT_GE(test, c->len - (u32)rc, (u32)RPCRDMA_XDR_UNIT);
	for (wr = first, i = 0; wr; wr = wr->next, i++) {
		const void *p = (const void *)(uintptr_t)wr->sg_list->addr;
		u32 len = wr->sg_list->length;

		KUNIT_ASSERT_LT(test, i, n);
		KUNIT_EXPECT_LE(test, len, c->inline_send);
		KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(p, len, 0, i ? 0 :
							RPCRDMA2_DF_MSG_START,
							m2), RPCRDMA_CE_OK);
		KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc,
				RPCRDMA2_CALL_MIDDLE);
		KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_xid, X_XID);
		KUNIT_EXPECT_GE(test, m2->m2_msg_len, (u32)RPCRDMA_XDR_UNIT);
		KUNIT_ASSERT_LE(test, off + m2->m2_msg_len, c->len);
		KUNIT_EXPECT_EQ(test, m2->m2_remaining,
				c->len - off - m2->m2_msg_len);
		KUNIT_EXPECT_EQ(test, memcmp((const u8 *)p + m2->m2_hdr_len,
					     call + off, m2->m2_msg_len), 0);
		off += m2->m2_msg_len;
	}
	KUNIT_EXPECT_EQ(test, i, n);
	KUNIT_EXPECT_EQ(test, off, (u32)rc);

	/* Nothing was posted: everything goes back */
	xprtrdma_v2_ccall_undo(ep, n);
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&ep->ep_v2_sent), sent);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail), X_SQ);
	KUNIT_EXPECT_EQ(test, ep->ep_ccall_busy, 0UL);
}

/* One continued Call at a time: the part buffer is busy until undone */
static void x_ccall_busy(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;

	ep->ep_v2_limit = 100;
	KUNIT_ASSERT_EQ(test, xprtrdma_v2_ccall_reserve(ep, 3000, 1000), 2U);
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_ccall_reserve(ep, 3000, 1000), 0U);
	xprtrdma_v2_ccall_undo(ep, 2);
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_ccall_reserve(ep, 3000, 1000), 2U);
	xprtrdma_v2_ccall_undo(ep, 2);
}

/* Too few credits: the ones taken are given back */
static void x_ccall_no_credit(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;
	int sent = atomic_read(&ep->ep_v2_sent);

	ep->ep_v2_limit = sent + 1;
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_ccall_reserve(ep, 3000, 1000), 0U);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_v2_sent), sent);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail), X_SQ);
	KUNIT_EXPECT_EQ(test, ep->ep_ccall_busy, 0UL);
}

/* Too few Send Queue slots: no credit is taken */
static void x_ccall_no_slot(struct kunit *test)
{
	struct xprtrdma_ep *ep = ((struct x_fix *)test->priv)->ep;
	int sent = atomic_read(&ep->ep_v2_sent);

	ep->ep_v2_limit = 100;
	atomic_set(&ep->ep_sq_avail, 1);
	KUNIT_EXPECT_EQ(test, xprtrdma_v2_ccall_reserve(ep, 3000, 1000), 0U);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_v2_sent), sent);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail), 1);
	KUNIT_EXPECT_EQ(test, ep->ep_ccall_busy, 0UL);
}

static struct kunit_case x_ccall_cases[] = {
	KUNIT_CASE_PARAM(x_ccall_split, x_split_gen_params),
	KUNIT_CASE(x_ccall_busy),
	KUNIT_CASE(x_ccall_no_credit),
	KUNIT_CASE(x_ccall_no_slot),
	{}
};

static struct kunit_suite x_ccall_suite = {
	.name = "xprtrdma_v2_ccall",
	.init = x_init,
	.exit = x_exit,
	.test_cases = x_ccall_cases,
};

/* ---- xprtrdma_reply_forms ---------------------------------------- */

/*
 * The two forms a server may answer a Call that offered a Reply chunk
 * with (v2-07, Section 6.6.3: the chunk is required only when the Reply
 * does not fit inline): RDMA_MSG with the chunk unused, and RDMA_NOMSG
 * with the RPC message in the chunk. Version-independent: Version 2
 * Replies reach xprtrdma_reply_place() restated in the Version 1 form.
 */
#define X_RC_HANDLE	0x77U
#define X_RC_LEN	4096U
#define X_RC_MSG	64U	/* the RPC Reply in these tests */

struct x_rc {
	struct xprtrdma_req *req;
	u8 *priv;		/* rq_private_buf: where inline Replies go */
	u8 *rcv;		/* rq_rcv_buf: the Reply chunk's memory */
	u8 src[X_RC_MSG];	/* the RPC message of an inline Reply */
};

/* A one-segment Reply chunk of @len octets (0: returned unused) */
static void x_rc_chunk(struct rpcrdma_chunks *ch, u32 len)
{
	ch->ch_has_reply = true;
	ch->ch_reply.wc_nsegs = 1;
	ch->ch_reply.wc_segs[0].rs_handle = X_RC_HANDLE;
	ch->ch_reply.wc_segs[0].rs_length = len;
}

static struct x_rc *x_rc_setup(struct kunit *test)
{
	struct x_rc *rc = kunit_kzalloc(test, sizeof(*rc), GFP_KERNEL);
	struct rpc_rqst *rqst;

	KUNIT_ASSERT_NOT_NULL(test, rc);
	rc->req = kunit_kzalloc(test, sizeof(*rc->req), GFP_KERNEL);
	rc->priv = kunit_kzalloc(test, X_RC_LEN, GFP_KERNEL);
	rc->rcv = kunit_kzalloc(test, X_RC_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rc->req);
	KUNIT_ASSERT_NOT_NULL(test, rc->priv);
	KUNIT_ASSERT_NOT_NULL(test, rc->rcv);

	spin_lock_init(&rc->req->req_lock);
	INIT_LIST_HEAD(&rc->req->req_mrs);
	rqst = &rc->req->req_rqst;
	rqst->rq_xid = cpu_to_be32(X_XID);
	rqst->rq_private_buf.head[0].iov_base = rc->priv;
	rqst->rq_private_buf.head[0].iov_len = X_RC_LEN;
	rqst->rq_private_buf.buflen = X_RC_LEN;
	rqst->rq_rcv_buf.head[0].iov_base = rc->rcv;
	rqst->rq_rcv_buf.head[0].iov_len = X_RC_LEN;
	rqst->rq_rcv_buf.buflen = X_RC_LEN;

	/* The Call offered a one-segment Reply chunk and nothing else */
	x_rc_chunk(&rc->req->req_msg.m1_chunks, X_RC_LEN);

	x_payload(rc->src, X_RC_MSG, 3, X_XID);
	/* What a server RDMA-Writes: the RPC Reply, its xid first */
	x_payload(rc->rcv, X_RC_MSG, 5, X_XID);
	return rc;
}

/* The Reply header's prefix and message type; no chunks returned yet */
static struct rpcrdma_v1_msg *x_rc_msg(struct kunit *test, u32 proc)
{
	struct x_fix *f = test->priv;
	struct rpcrdma_v1_msg *msg = &f->rep.rep_msg;

	memset(msg, 0, sizeof(*msg));
	msg->m1_prefix.px_xid = X_XID;
	msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	msg->m1_prefix.px_credits = 1;
	msg->m1_prefix.px_proc = proc;
	if (proc == RPCRDMA1_MSG)
		msg->m1_msg_len = X_RC_MSG;
	return msg;
}

static int x_rc_place(struct kunit *test, struct x_rc *rc)
{
	struct x_fix *f = test->priv;

	return xprtrdma_reply_place(f->ep, rc->req, &f->rep, rc->src);
}

/* RDMA_MSG, Reply chunk absent from the Reply: the message is copied */
static void x_rc_inline_absent(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);

	x_rc_msg(test, RPCRDMA1_MSG);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
	KUNIT_EXPECT_MEMEQ(test, rc->priv, rc->src, X_RC_MSG);
}

/* RDMA_MSG, Reply chunk returned with nothing written in it */
static void x_rc_inline_zero(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_MSG);

	x_rc_chunk(&msg->m1_chunks, 0);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
	KUNIT_EXPECT_MEMEQ(test, rc->priv, rc->src, X_RC_MSG);
}

/* RDMA_NOMSG: the Reply is the bytes written into the Reply chunk */
static void x_rc_nomsg(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_NOMSG);

	x_rc_chunk(&msg->m1_chunks, X_RC_MSG);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
}

/* RDMA_MSG that also claims bytes in the Reply chunk: which is it? */
static void x_rc_msg_and_chunk(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_MSG);

	x_rc_chunk(&msg->m1_chunks, X_RC_MSG);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
}

/* RDMA_NOMSG with nothing in the chunk, or with no chunk offered */
static void x_rc_nomsg_empty(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_NOMSG);

	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
	x_rc_chunk(&msg->m1_chunks, 0);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
	msg->m1_chunks.ch_reply.wc_segs[0].rs_length = X_RC_MSG;
	rc->req->req_msg.m1_chunks.ch_has_reply = false;
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
}

/* RDMA_NOMSG whose RPC message in the chunk has another xid */
static void x_rc_nomsg_xid(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_NOMSG);

	x_rc_chunk(&msg->m1_chunks, X_RC_MSG);
	put_unaligned_be32(X_XID + 1, rc->rcv);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
}

/*
 * The Call offered a Write chunk: returned unused (its segment, length
 * zero, RFC 8166, Section 4.3.2.2) the Reply is placed; returned empty
 * (no segments, which answers only an empty chunk offered, Section
 * 4.3.2.3) it is not what the Call asked for.
 */
static void x_rc_write_empty(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_MSG);
	struct rpcrdma_write_list *sent = &rc->req->req_msg.m1_chunks.ch_writes;
	struct rpcrdma_write_list *got = &msg->m1_chunks.ch_writes;

	sent->wl_nchunks = 1;
	sent->wl_chunks[0].wc_nsegs = 1;
	sent->wl_chunks[0].wc_segs[0].rs_handle = X_RC_HANDLE + 1;
	sent->wl_chunks[0].wc_segs[0].rs_length = X_RC_LEN;
	*got = *sent;
	got->wl_chunks[0].wc_segs[0].rs_length = 0;
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
	KUNIT_EXPECT_MEMEQ(test, rc->priv, rc->src, X_RC_MSG);

	got->wl_chunks[0].wc_nsegs = 0;
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), -EPROTO);
}

/*
 * A device that sees memory through a bounce buffer, as swiotlb (or a
 * confidential guest) gives it: mapping copies the memory into the
 * device's shadow, the device writes the shadow, and only a sync for the
 * CPU or an unmap without DMA_ATTR_SKIP_CPU_SYNC copies it back.
 */
static int x_bounce_map_sg(struct ib_device *dev, struct scatterlist *sg,
			   int nents, enum dma_data_direction dir)
{
	struct kunit *test = kunit_get_current_test();
	struct scatterlist *s;
	void *shadow;
	int i;

	for_each_sg(sg, s, nents, i) {
		shadow = kunit_kmalloc(test, s->length, GFP_KERNEL);
		if (!shadow)
			return 0;
		memcpy(shadow, sg_virt(s), s->length);
		s->dma_address = (uintptr_t)shadow;
	}
	return nents;
}

static void x_bounce_back(struct scatterlist *sg, int nents,
			  enum dma_data_direction dir)
{
	struct scatterlist *s;
	int i;

	if (dir != DMA_FROM_DEVICE)
		return;
	for_each_sg(sg, s, nents, i)
		memcpy(sg_virt(s), (void *)(uintptr_t)s->dma_address,
		       s->length);
}

static void x_bounce_sync(struct ib_device *dev, struct scatterlist *sg,
			  int nents, enum dma_data_direction dir)
{
	x_bounce_back(sg, nents, dir);
}

static void x_bounce_unmap_sg(struct ib_device *dev, struct scatterlist *sg,
			      int nents, enum dma_data_direction dir,
			      unsigned long attrs)
{
	if (!(attrs & DMA_ATTR_SKIP_CPU_SYNC))
		x_bounce_back(sg, nents, dir);
}

static struct ib_mr *x_bounce_alloc_mr(struct ib_pd *pd, u32 depth)
{
	struct kunit *test = kunit_get_current_test();
	struct ib_mr *mr = kunit_kzalloc(test, sizeof(*mr), GFP_KERNEL);

	if (!mr)
		return ERR_PTR(-ENOMEM);
	mr->rkey = X_RC_HANDLE;
	return mr;
}

static int x_bounce_dereg_mr(struct ib_mr *ibmr)
{
	return 0;
}

static int x_bounce_map_mr_sg(struct ib_mr *ibmr, struct scatterlist *sg,
			      int nents)
{
	ibmr->iova = sg_dma_address(sg);
	ibmr->length = sg->length;
	return nents;
}

static const struct frwr_ib_fake x_bounce = {
	.alloc_mr		= x_bounce_alloc_mr,
	.dereg_mr		= x_bounce_dereg_mr,
	.map_sg			= x_bounce_map_sg,
	.unmap_sg		= x_bounce_unmap_sg,
	.sync_sg_for_cpu	= x_bounce_sync,
	.map_mr_sg		= x_bounce_map_mr_sg,
};

/*
 * The Call's Reply chunk as an MR over rq_rcv_buf's memory, mapped for
 * the device to write; rq_private_buf is the same memory, as in sunrpc.
 * Return: the device's view of that memory.
 */
static u8 *x_rc_bounce(struct kunit *test, struct x_rc *rc,
		       struct frwr_pool *pool, struct frwr_mr **mrp)
{
	struct x_fix *f = test->priv;
	struct frwr_mr *mr;

	frwr_ib_fake_activate(test, &x_bounce);

	rc->req->req_rqst.rq_private_buf.head[0].iov_base = rc->rcv;
	memset(rc->rcv, 0, X_RC_LEN);
	KUNIT_ASSERT_EQ(test, frwr_pool_init(pool, &f->pd, 1, 1), 0);
	mr = frwr_get(pool);
	KUNIT_ASSERT_NOT_NULL(test, mr);
	sg_init_table(mr->fm_sg, 1);
	sg_set_buf(&mr->fm_sg[0], rc->rcv, X_RC_LEN);
	mr->fm_nents = 1;
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_FROM_DEVICE,
				       IB_ACCESS_LOCAL_WRITE |
				       IB_ACCESS_REMOTE_WRITE), 0);
	list_add_tail(&mr->fm_list, &rc->req->req_mrs);
	*mrp = mr;
	return (u8 *)(uintptr_t)sg_dma_address(&mr->fm_sg[0]);
}

/* The RPC is done with its MR: unmapped and back in the pool */
static void x_rc_bounce_done(struct x_rc *rc, struct frwr_pool *pool,
			     struct frwr_mr *mr)
{
	list_del_init(&mr->fm_list);
	frwr_put(mr);
	frwr_pool_destroy(pool);
}

/*
 * RDMA_NOMSG: the xid the client checks is the one the server wrote,
 * which the CPU sees only through a sync, and so is the Reply after
 * the unmap.
 */
static void x_rc_bounce_nomsg(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_NOMSG);
	struct frwr_pool pool;
	struct frwr_mr *mr;
	u8 *dev = x_rc_bounce(test, rc, &pool, &mr);

	x_payload(dev, X_RC_MSG, 5, X_XID);
	x_rc_chunk(&msg->m1_chunks, X_RC_MSG);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
	x_rc_bounce_done(rc, &pool, mr);
	KUNIT_EXPECT_MEMEQ(test, rc->rcv, dev, X_RC_MSG);
}

/*
 * RDMA_MSG with the Reply chunk unused: the CPU copies the Reply into
 * memory the chunk maps, and the unmap that follows must not put the
 * device's untouched view back over it.
 */
static void x_rc_bounce_inline(struct kunit *test)
{
	struct x_rc *rc = x_rc_setup(test);
	struct rpcrdma_v1_msg *msg = x_rc_msg(test, RPCRDMA1_MSG);
	struct frwr_pool pool;
	struct frwr_mr *mr;

	x_rc_bounce(test, rc, &pool, &mr);
	x_rc_chunk(&msg->m1_chunks, 0);
	KUNIT_EXPECT_EQ(test, x_rc_place(test, rc), (int)X_RC_MSG);
	x_rc_bounce_done(rc, &pool, mr);
	KUNIT_EXPECT_MEMEQ(test, rc->rcv, rc->src, X_RC_MSG);
}

static struct kunit_case x_rc_cases[] = {
	KUNIT_CASE(x_rc_inline_absent),
	KUNIT_CASE(x_rc_inline_zero),
	KUNIT_CASE(x_rc_nomsg),
	KUNIT_CASE(x_rc_msg_and_chunk),
	KUNIT_CASE(x_rc_nomsg_empty),
	KUNIT_CASE(x_rc_nomsg_xid),
	KUNIT_CASE(x_rc_write_empty),
	KUNIT_CASE(x_rc_bounce_nomsg),
	KUNIT_CASE(x_rc_bounce_inline),
	{}
};

static struct kunit_suite x_rc_suite = {
	.name = "xprtrdma_reply_forms",
	.init = x_init,
	.exit = x_exit,
	.test_cases = x_rc_cases,
};

kunit_test_suites(&x_credit_suite, &x_neg_suite, &x_cont_suite,
		  &x_ccall_suite, &x_rc_suite);

MODULE_DESCRIPTION("KUnit tests for the xprtrdma Version 2 logic");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
RPCRDMA_IMPORT_KUNIT_NS();
