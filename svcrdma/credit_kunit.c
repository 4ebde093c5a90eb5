// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of the server's credit grant and Receive ring
 * (svcrdma/sq.c, cm.c, recv.c; RFC 8166, Section 3.3.1):
 *
 *   svcrdma_credit     the Version 1 grant each Reply carries
 *                      (svcrdma_credits(): one more per Reply up to
 *                      sx_max_requests, halved while the Send queue is
 *                      more than three quarters in use, not below
 *                      SVCRDMA_REQS_MIN, 1 on a closing connection), and
 *                      the credits and queue depths a connection gets
 *                      from max_requests and the device
 *   svcrdma_recv_ring  the Receives posted when the connection is
 *                      accepted, the replacement a thread posts for each
 *                      message it takes before processing it (dropped
 *                      ones included), a ring that a client ignoring its
 *                      credits fills and cannot grow, and failed
 *                      completions
 *
 * The connection is a kzalloc'd struct svcrdma_xprt speaking Version 1
 * on a fake verbs device: no dma_device, so the verbs layer uses CPU
 * addresses, and a post_recv that queues each Receive in order. The
 * client's messages are built with the core encoder and land in the
 * Receive at the head of that queue, whose completion handler then runs
 * as the Receive CQ would run it; svcrdma_recvfrom() is called as an
 * nfsd thread calls xpo_recvfrom, holding XPT_BUSY.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"

#define T_REQS		SVCRDMA_REQS_MIN	/* max_requests */
#define T_DEPTH		(T_REQS + SVCRDMA_BC_REQS)	/* the ring */
#define T_RECV		1024U	/* one Receive buffer */
#define T_LKEY		0x5e5eU
#define T_RQ		64U	/* the fake Receive Queue */
#define T_CALL		64U	/* the RPC Call in these tests */
#define T_XID		0x0c0ffee0U

struct t_fix {
	struct svcrdma_xprt *sx;
	struct svc_rqst *rqstp;
	struct ib_device *dev;
	struct ib_qp qp;
	struct ib_pd pd;
	struct rdma_cm_id id;
	u8 *msg;			/* the client's next message */
	struct rpcrdma_v1_msg *m1;	/* scratch for encoding it */
	struct svcrdma_recv_ctxt *held;	/* the Call a "thread" holds */
	/* The Receive Queue: posted Receives, oldest first */
	const struct ib_recv_wr *rq[T_RQ];
	unsigned int rq_head;
	unsigned int rq_tail;
	unsigned int nposts;		/* Receives posted, in all */
	int post_err;			/* fail posts with this... */
	unsigned int post_ok;		/* ...after this many more */
};

static int t_post_recv(struct ib_qp *qp, const struct ib_recv_wr *wr,
		       const struct ib_recv_wr **bad)
{
	struct t_fix *f = kunit_get_current_test()->priv;

	for (; wr; wr = wr->next) {
		if (f->post_err) {
			if (!f->post_ok) {
				*bad = wr;
				return f->post_err;
			}
			f->post_ok--;
		}
		if (f->rq_tail - f->rq_head >= T_RQ) {
			*bad = wr;
			return -ENOMEM;
		}
		f->rq[f->rq_tail++ % T_RQ] = wr;
		f->nposts++;
	}
	return 0;
}

/* Never asked while a Call waits: XPT_DATA alone must not enqueue */
static int t_has_wspace(struct svc_xprt *xprt)
{
	return 0;
}

static const struct svc_xprt_ops t_xprt_ops = {
	.xpo_has_wspace	= t_has_wspace,
};

static unsigned int t_depth(struct t_fix *f)
{
	return f->rq_tail - f->rq_head;
}

/*
 * The Receive at the head of the queue completes with @status, holding
 * @len octets of f->msg if it succeeded. Return: that Receive.
 */
static const struct ib_recv_wr *t_complete(struct kunit *test, u32 len,
					   enum ib_wc_status status)
{
	struct t_fix *f = test->priv;
	const struct ib_recv_wr *wr;
	struct ib_wc wc = { .status = status, .byte_len = len };

	KUNIT_ASSERT_GT(test, t_depth(f), 0U);
	wr = f->rq[f->rq_head++ % T_RQ];
	if (status == IB_WC_SUCCESS) {
		KUNIT_ASSERT_LE(test, len, wr->sg_list->length);
		memcpy((void *)(uintptr_t)wr->sg_list->addr, f->msg, len);
	}
	wc.wr_cqe = wr->wr_cqe;
	wr->wr_cqe->done(NULL, &wc);
	return wr;
}

/* The Call a thread took is done with (xpo_release_ctxt) */
static void t_release(struct t_fix *f)
{
	if (f->held)
		svcrdma_recv_ctxt_put(f->sx, f->held);
	f->held = NULL;
}

/* An nfsd thread's xpo_recvfrom; a Call it gets, it holds */
static int t_recvfrom(struct kunit *test)
{
	struct t_fix *f = test->priv;
	struct svc_xprt *xprt = &f->sx->sx_xprt;
	int ret;

	KUNIT_ASSERT_NULL(test, f->held);
	set_bit(XPT_BUSY, &xprt->xpt_flags);
	ret = svcrdma_recvfrom(f->rqstp);
	KUNIT_EXPECT_FALSE(test, test_bit(XPT_BUSY, &xprt->xpt_flags));
	/* Completions meanwhile find it busy, as they would a thread's */
	set_bit(XPT_BUSY, &xprt->xpt_flags);
	f->held = f->rqstp->rq_xprt_ctxt;
	return ret;
}

/* A Version 1 RDMA_MSG Call asking for @credits; its length */
static u32 t_call(struct kunit *test, u32 xid, u32 credits)
{
	struct t_fix *f = test->priv;
	struct rpcrdma_v1_msg *m = f->m1;
	size_t hlen;

	memset(m, 0, sizeof(*m));
	m->m1_prefix.px_xid = xid;
	m->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	m->m1_prefix.px_credits = credits;
	m->m1_prefix.px_proc = RPCRDMA1_MSG;
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(m, f->msg, T_RECV, &hlen),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + T_CALL, (size_t)T_RECV);
	memset(f->msg + hlen, 0, T_CALL);
	put_unaligned_be32(xid, f->msg + hlen);
	put_unaligned_be32(RPCRDMA_RPC_CALL, f->msg + hlen + 4);
	put_unaligned_be32(2, f->msg + hlen + 8);	/* RPC version */
	put_unaligned_be32(100003, f->msg + hlen + 12);	/* NFS */
	put_unaligned_be32(3, f->msg + hlen + 16);
	return hlen + T_CALL;
}

/* A reverse-direction Reply to @xid (we have no backchannel) */
static u32 t_bc_reply(struct kunit *test, u32 xid)
{
	struct t_fix *f = test->priv;
	u32 len = t_call(test, xid, 1);

	put_unaligned_be32(RPCRDMA_RPC_REPLY,
			   f->msg + len - T_CALL + RPCRDMA_XDR_UNIT);
	return len;
}

static int t_init(struct kunit *test)
{
	struct svcrdma_xprt *sx;
	struct t_fix *f;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->sx = kunit_kzalloc(test, sizeof(*f->sx), GFP_KERNEL);
	f->rqstp = kunit_kzalloc(test, sizeof(*f->rqstp), GFP_KERNEL);
	f->dev = kunit_kzalloc(test, sizeof(*f->dev), GFP_KERNEL);
	f->msg = kunit_kzalloc(test, T_RECV, GFP_KERNEL);
	f->m1 = kunit_kzalloc(test, sizeof(*f->m1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->sx);
	KUNIT_ASSERT_NOT_NULL(test, f->rqstp);
	KUNIT_ASSERT_NOT_NULL(test, f->dev);
	KUNIT_ASSERT_NOT_NULL(test, f->msg);
	KUNIT_ASSERT_NOT_NULL(test, f->m1);
	sx = f->sx;

	/* Not on the device list: the verbs layer only calls its ops */
	f->dev->ops.post_recv = t_post_recv;
	f->qp.device = f->dev;
	f->pd.device = f->dev;
	f->pd.local_dma_lkey = T_LKEY;
	f->id.device = f->dev;
	f->id.qp = &f->qp;

	/* An nfsd thread holds it; a close then only sets XPT_CLOSE */
	sx->sx_xprt.xpt_ops = &t_xprt_ops;
	kref_init(&sx->sx_xprt.xpt_ref);
	set_bit(XPT_BUSY, &sx->sx_xprt.xpt_flags);
	sx->sx_cm_id = &f->id;
	sx->sx_qp = &f->qp;
	sx->sx_pd = &f->pd;
	spin_lock_init(&sx->sx_lock);
	INIT_LIST_HEAD(&sx->sx_recv_ready);
	INIT_LIST_HEAD(&sx->sx_reads_done);
	init_llist_head(&sx->sx_recv_free);
	init_waitqueue_head(&sx->sx_sq_wait);
	svcrdma_size_queues(sx, T_REQS, 16384);
	atomic_set(&sx->sx_sq_avail, sx->sx_sq_depth);
	sx->sx_recv_size = T_RECV;
	sx->sx_max_version = RPCRDMA_VERSION_1;
	sx->sx_version = RPCRDMA_VERSION_1;
	f->rqstp->rq_xprt = &sx->sx_xprt;
	test->priv = f;

	KUNIT_ASSERT_EQ(test, sx->sx_max_requests, T_REQS);
	KUNIT_ASSERT_EQ(test, sx->sx_rq_depth, T_DEPTH);
	return 0;
}

static void t_exit(struct kunit *test)
{
	struct t_fix *f = test->priv;
	struct ib_wc wc = { .status = IB_WC_WR_FLUSH_ERR };
	const struct ib_recv_wr *wr;

	if (!f)
		return;
	t_release(f);
	/* The QP's drain: every Receive still posted is flushed */
	while (t_depth(f)) {
		wr = f->rq[f->rq_head++ % T_RQ];
		wc.wr_cqe = wr->wr_cqe;
		wr->wr_cqe->done(NULL, &wc);
	}
	svcrdma_recv_ring_destroy(f->sx);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->sx->sx_recv_count), 0);
}

/* ---- svcrdma_credit: the grant ------------------------------------ */

/* An idle Send queue: one more credit per Reply, up to max_requests */
static void t_grant_grows(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;
	unsigned int i;

	svcrdma_size_queues(sx, 64, 16384);
	atomic_set(&sx->sx_sq_avail, sx->sx_sq_depth);
	sx->sx_credits = SVCRDMA_REQS_MIN;
	for (i = SVCRDMA_REQS_MIN + 1; i <= 64; i++)
		KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), i);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 64U);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 64U);
	KUNIT_EXPECT_EQ(test, sx->sx_credits, 64U);
}

/*
 * More than three quarters of the Send queue in use (fewer than a
 * quarter of its entries free): the grant halves with each Reply, to
 * SVCRDMA_REQS_MIN and no lower. Exactly a quarter free is not short.
 */
static void t_grant_halves(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;

	svcrdma_size_queues(sx, 64, 16384);
	sx->sx_sq_depth = 100;
	atomic_set(&sx->sx_sq_avail, 24);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 32U);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 16U);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 8U);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN);

	atomic_set(&sx->sx_sq_avail, 25);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN + 1);
	atomic_set(&sx->sx_sq_avail, 0);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN);
}

/* The smallest max_requests: neither halving nor growth moves it */
static void t_grant_min(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;

	KUNIT_ASSERT_EQ(test, sx->sx_max_requests, SVCRDMA_REQS_MIN);
	atomic_set(&sx->sx_sq_avail, 0);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN);
	atomic_set(&sx->sx_sq_avail, sx->sx_sq_depth);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), SVCRDMA_REQS_MIN);
}

/* A closing or dead connection grants 1 and keeps its grant state */
static void t_grant_closing(struct kunit *test)
{
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;

	svcrdma_size_queues(sx, 64, 16384);
	atomic_set(&sx->sx_sq_avail, sx->sx_sq_depth);
	sx->sx_credits = 40;
	set_bit(XPT_CLOSE, &sx->sx_xprt.xpt_flags);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 1U);
	KUNIT_EXPECT_EQ(test, sx->sx_credits, 40U);
	clear_bit(XPT_CLOSE, &sx->sx_xprt.xpt_flags);
	set_bit(XPT_DEAD, &sx->sx_xprt.xpt_flags);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 1U);
	clear_bit(XPT_DEAD, &sx->sx_xprt.xpt_flags);
	KUNIT_EXPECT_EQ(test, svcrdma_credits(sx), 41U);
}

/* ---- svcrdma_credit: what a connection gets ----------------------- */

struct t_size_case {
	const char *desc;
	unsigned int want;	/* max_requests */
	int max_qp_wr;
	unsigned int reqs;	/* expected sx_max_requests, sx_credits */
	unsigned int rq;	/* expected sx_rq_depth */
	unsigned int sq;	/* expected sx_sq_depth */
};

/*
 * max_requests within SVCRDMA_REQS_MIN..SVCRDMA_REQS_MAX and half the
 * device's queue (at least 8); the Receive ring holds one Receive per
 * credit and SVCRDMA_BC_REQS for the backchannel's Replies; the Send
 * queue 17 work requests per credit and SVCRDMA_BC_REQS, within the
 * device's queue.
 */
static const struct t_size_case t_size_cases[] = {
	{ "default", SVCRDMA_REQS_DEF, 16384, 64, 68, 64 * 17 + 4 },
	{ "zero", 0, 16384, 4, 8, 4 * 17 + 4 },
	{ "one", 1, 16384, 4, 8, 4 * 17 + 4 },
	{ "largest", SVCRDMA_REQS_MAX, 32768, 1024, 1028, 1024 * 17 + 4 },
	{ "above the largest", 5000, 32768, 1024, 1028, 1024 * 17 + 4 },
	{ "a 100-WR device", 64, 100, 50, 54, 100 },
	{ "a 129-WR device", 64, 129, 64, 68, 129 },
	{ "a 3-WR device", 64, 3, 4, 8, 8 },
};

KUNIT_ARRAY_PARAM_DESC(t_size, t_size_cases, desc);

static void t_size(struct kunit *test)
{
	const struct t_size_case *c = test->param_value;
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;

	svcrdma_size_queues(sx, c->want, c->max_qp_wr);
	KUNIT_EXPECT_EQ(test, sx->sx_max_requests, c->reqs);
	KUNIT_EXPECT_EQ(test, sx->sx_credits, c->reqs);
	KUNIT_EXPECT_EQ(test, sx->sx_rq_depth, c->rq);
	KUNIT_EXPECT_EQ(test, sx->sx_sq_depth, c->sq);
	/* No grant can outrun the ring */
	KUNIT_EXPECT_GE(test, sx->sx_rq_depth, sx->sx_max_requests);
}

static struct kunit_case t_credit_cases[] = {
	KUNIT_CASE(t_grant_grows),
	KUNIT_CASE(t_grant_halves),
	KUNIT_CASE(t_grant_min),
	KUNIT_CASE(t_grant_closing),
	KUNIT_CASE_PARAM(t_size, t_size_gen_params),
	{}
};

static struct kunit_suite t_credit_suite = {
	.name = "svcrdma_credit",
	.init = t_init,
	.exit = t_exit,
	.test_cases = t_credit_cases,
};

/* ---- svcrdma_recv_ring -------------------------------------------- */

/* Every Receive posted, as svcrdma_accept() leaves them */
static void t_fill(struct kunit *test)
{
	struct t_fix *f = test->priv;

	KUNIT_ASSERT_EQ(test, svcrdma_recv_ring_init(f->sx), 0);
	KUNIT_ASSERT_EQ(test, t_depth(f), T_DEPTH);
}

/* The ring's counters: posted, posted or queued, contexts allocated */
static void t_expect_ring(struct kunit *test, int posted, int pending,
			  int count)
{
	struct svcrdma_xprt *sx = ((struct t_fix *)test->priv)->sx;

	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_recv_posted), posted);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_recv_pending), pending);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_recv_count), count);
	KUNIT_EXPECT_EQ(test, (int)t_depth(test->priv), posted);
}

/* Accepting posts the whole ring: one single-buffer Receive per slot */
static void t_ring_init(struct kunit *test)
{
	struct t_fix *f = test->priv;
	unsigned int i, j;

	t_fill(test);
	KUNIT_EXPECT_EQ(test, f->nposts, T_DEPTH);
	t_expect_ring(test, T_DEPTH, T_DEPTH, T_DEPTH);
	for (i = 0; i < T_DEPTH; i++) {
		KUNIT_EXPECT_EQ(test, f->rq[i]->num_sge, 1);
		KUNIT_EXPECT_EQ(test, f->rq[i]->sg_list->length, T_RECV);
		KUNIT_EXPECT_EQ(test, f->rq[i]->sg_list->lkey, T_LKEY);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_NE(test, f->rq[i]->sg_list->addr,
					f->rq[j]->sg_list->addr);
	}
}

/* A post that fails stops the fill and says why */
static void t_ring_init_fails(struct kunit *test)
{
	struct t_fix *f = test->priv;

	f->post_err = -EINVAL;
	f->post_ok = 3;
	KUNIT_EXPECT_EQ(test, svcrdma_recv_ring_init(f->sx), -EINVAL);
	/* The context that was not posted is kept for later */
	t_expect_ring(test, 3, 3, 4);
}

/*
 * A Call arrives: its Receive stays counted in the ring until a thread
 * takes it; the thread posts a replacement before it processes the
 * Call, and the next Call's replacement reuses the first Call's
 * context once that one is released.
 */
static void t_ring_call(struct kunit *test)
{
	struct t_fix *f = test->priv;
	struct svcrdma_recv_ctxt *first;
	u32 len;

	t_fill(test);
	len = t_call(test, T_XID, 1);
	t_complete(test, len, IB_WC_SUCCESS);
	t_expect_ring(test, T_DEPTH - 1, T_DEPTH, T_DEPTH);
	KUNIT_EXPECT_TRUE(test, test_bit(XPT_DATA, &f->sx->sx_xprt.xpt_flags));
	KUNIT_EXPECT_EQ(test, f->nposts, T_DEPTH);

	KUNIT_EXPECT_EQ(test, t_recvfrom(test), (int)T_CALL);
	KUNIT_ASSERT_NOT_NULL(test, f->held);
	KUNIT_EXPECT_EQ(test, f->held->rc_msg.m1_prefix.px_xid, T_XID);
	KUNIT_EXPECT_EQ(test, f->nposts, T_DEPTH + 1);
	t_expect_ring(test, T_DEPTH, T_DEPTH, T_DEPTH + 1);
	KUNIT_EXPECT_FALSE(test, test_bit(XPT_DATA, &f->sx->sx_xprt.xpt_flags));

	first = f->held;
	t_release(f);
	len = t_call(test, T_XID + 1, 0xffffffffU);
	t_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, t_recvfrom(test), (int)T_CALL);
	KUNIT_EXPECT_PTR_EQ(test, f->rq[(f->rq_tail - 1) % T_RQ],
			    (const struct ib_recv_wr *)&first->rc_wr);
	t_expect_ring(test, T_DEPTH, T_DEPTH, T_DEPTH + 1);
}

/*
 * Dropped messages are replaced the same way, and their context goes
 * back to the free list: one too short to trust, a backchannel Reply
 * with no backchannel. Three rounds of the ring allocate one context
 * beyond it, once.
 */
static void t_ring_dropped(struct kunit *test)
{
	struct t_fix *f = test->priv;
	unsigned int i;
	u32 len;

	t_fill(test);
	for (i = 0; i < 3 * T_DEPTH; i++) {
		if (i & 1) {
			len = t_bc_reply(test, T_XID + i);
		} else {
			t_call(test, T_XID + i, 1);
			len = 3 * RPCRDMA_XDR_UNIT;
		}
		t_complete(test, len, IB_WC_SUCCESS);
		KUNIT_EXPECT_EQ(test, t_recvfrom(test), 0);
		KUNIT_EXPECT_NULL(test, f->held);
		t_expect_ring(test, T_DEPTH, T_DEPTH, T_DEPTH + 1);
	}
	KUNIT_EXPECT_EQ(test, f->nposts, 4 * T_DEPTH);
	KUNIT_EXPECT_FALSE(test, test_bit(XPT_CLOSE, &f->sx->sx_xprt.xpt_flags));
}

/*
 * A client that ignores its credits fills the ring: with no thread
 * taking Calls, nothing more is posted and the ring does not grow.
 * Each Call a thread then takes is replaced, one at a time.
 */
static void t_ring_full(struct kunit *test)
{
	struct t_fix *f = test->priv;
	unsigned int i;
	u32 len;

	t_fill(test);
	for (i = 0; i < T_DEPTH; i++) {
		len = t_call(test, T_XID + i, 1);
		t_complete(test, len, IB_WC_SUCCESS);
	}
	t_expect_ring(test, 0, T_DEPTH, T_DEPTH);
	KUNIT_EXPECT_EQ(test, f->nposts, T_DEPTH);

	for (i = 0; i < T_DEPTH; i++) {
		KUNIT_EXPECT_TRUE(test, test_bit(XPT_DATA,
						 &f->sx->sx_xprt.xpt_flags));
		KUNIT_EXPECT_EQ(test, t_recvfrom(test), (int)T_CALL);
		KUNIT_ASSERT_NOT_NULL(test, f->held);
		KUNIT_EXPECT_EQ(test, f->held->rc_msg.m1_prefix.px_xid,
				T_XID + i);
		t_expect_ring(test, i + 1, T_DEPTH, T_DEPTH + 1);
		t_release(f);
	}
	KUNIT_EXPECT_FALSE(test, test_bit(XPT_DATA, &f->sx->sx_xprt.xpt_flags));
	KUNIT_EXPECT_EQ(test, f->nposts, 2 * T_DEPTH);
}

/*
 * A flushed Receive leaves the ring and is not replaced; any other
 * failed completion also closes the connection.
 */
static void t_ring_flush(struct kunit *test)
{
	struct t_fix *f = test->priv;

	t_fill(test);
	t_complete(test, 0, IB_WC_WR_FLUSH_ERR);
	t_expect_ring(test, T_DEPTH - 1, T_DEPTH - 1, T_DEPTH);
	KUNIT_EXPECT_FALSE(test, test_bit(XPT_CLOSE, &f->sx->sx_xprt.xpt_flags));

	t_complete(test, 0, IB_WC_LOC_PROT_ERR);
	t_expect_ring(test, T_DEPTH - 2, T_DEPTH - 2, T_DEPTH);
	KUNIT_EXPECT_TRUE(test, test_bit(XPT_CLOSE, &f->sx->sx_xprt.xpt_flags));
	KUNIT_EXPECT_EQ(test, f->nposts, T_DEPTH);
}

static struct kunit_case t_ring_cases[] = {
	KUNIT_CASE(t_ring_init),
	KUNIT_CASE(t_ring_init_fails),
	KUNIT_CASE(t_ring_call),
	KUNIT_CASE(t_ring_dropped),
	KUNIT_CASE(t_ring_full),
	KUNIT_CASE(t_ring_flush),
	{}
};

static struct kunit_suite t_ring_suite = {
	.name = "svcrdma_recv_ring",
	.init = t_init,
	.exit = t_exit,
	.test_cases = t_ring_cases,
};

kunit_test_suites(&t_credit_suite, &t_ring_suite);
