// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of the client's credit accounting and Receive ring
 * (xprtrdma/reply.c, cm.c, recv.c; RFC 8166, Section 3.3.1):
 *
 *   xprtrdma_credit     the grant a Reply carries, clamped to 1..the
 *                       credits we asked for; how it sets the RPC
 *                       congestion window (Version 1: the grant;
 *                       Version 2: the open window plus the Calls still
 *                       out); the reset on a new connection; the credits
 *                       and queue depths sized from the slot table and
 *                       the device; and, through the Receive completion,
 *                       that only a Reply that checked out moves the
 *                       window
 *   xprtrdma_inv_watch  Local Invalidates that follow a Reply and never
 *                       complete close the connection after a window
 *                       with no chain completed, and only then
 *   xprtrdma_recv_ring  how many Receives are posted before connecting,
 *                       the one-for-one repost of each consumed Receive
 *                       (dropped messages included), and what a failed
 *                       completion or post does
 *
 * The connection is a kzalloc'd struct xprtrdma_ep with a real Receive
 * ring (xprtrdma_reps_create()) on a fake verbs device: no dma_device,
 * so the verbs layer uses CPU addresses, and a post_recv that queues
 * each Receive in order. The server's messages are built with the core
 * encoder and land in the Receive at the head of that queue, whose
 * completion handler then runs as the Receive CQ would run it.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <kunit/static_stub.h>

#include <rpcrdma/compat.h>

#include "xprtrdma.h"

#define C_CREDITS	8U	/* credits we ask for (ep_credits) */
#define C_NREPS		(C_CREDITS + XPRTRDMA_BC_SLOTS + XPRTRDMA_EXTRA_RECVS)
#define C_INLINE	1024U	/* one Receive buffer */
#define C_LKEY		0x4c4bU
#define C_RQ		64U	/* the fake Receive Queue */
#define C_RPC		32U	/* the RPC Reply in these tests */
#define C_REPLYBUF	256U	/* rq_private_buf of the Call */
#define C_XID		0x600dcafeU
#define C_OTHER_XID	0x0badf00dU
#define C_SCALE		RPC_CWNDSCALE

struct c_fix {
	struct xprtrdma_xprt *rx;
	struct xprtrdma_ep *ep;
	struct ib_device *dev;
	struct ib_qp qp;
	struct ib_pd pd;
	struct ib_cq cq;
	struct rdma_cm_id id;
	struct xprtrdma_req *req;	/* the Call the tests answer */
	struct rpc_task *task;
	u8 *replybuf;
	u8 *msg;			/* the server's next message */
	struct rpcrdma_v1_msg *m1;	/* scratch for encoding it */
	/* The Receive Queue: posted Receives, oldest first */
	const struct ib_recv_wr *rq[C_RQ];
	unsigned int rq_head;
	unsigned int rq_tail;
	unsigned int nposts;		/* Receives posted, in all */
	int post_err;			/* fail posts with this... */
	unsigned int post_ok;		/* ...after this many more */
	const struct ib_send_wr *sent;	/* the latest Send Queue post */
	unsigned int stalls;		/* xprtrdma_stalled() calls */
};

static int c_post_recv(struct ib_qp *qp, const struct ib_recv_wr *wr,
		       const struct ib_recv_wr **bad)
{
	struct c_fix *f = kunit_get_current_test()->priv;

	for (; wr; wr = wr->next) {
		if (f->post_err) {
			if (!f->post_ok) {
				*bad = wr;
				return f->post_err;
			}
			f->post_ok--;
		}
		if (f->rq_tail - f->rq_head >= C_RQ) {
			*bad = wr;
			return -ENOMEM;
		}
		f->rq[f->rq_tail++ % C_RQ] = wr;
		f->nposts++;
	}
	return 0;
}

/* Receives posted and not yet completed */
static unsigned int c_depth(struct c_fix *f)
{
	return f->rq_tail - f->rq_head;
}

/*
 * The Receive at the head of the queue completes with @status, holding
 * @len octets of f->msg if it succeeded. Return: that Receive.
 */
static const struct ib_recv_wr *c_complete(struct kunit *test, u32 len,
					   enum ib_wc_status status)
{
	struct c_fix *f = test->priv;
	const struct ib_recv_wr *wr;
	struct ib_wc wc = { .status = status, .byte_len = len };

	KUNIT_ASSERT_GT(test, c_depth(f), 0U);
	wr = f->rq[f->rq_head++ % C_RQ];
	if (status == IB_WC_SUCCESS) {
		KUNIT_ASSERT_LE(test, len, wr->sg_list->length);
		memcpy((void *)(uintptr_t)wr->sg_list->addr, f->msg, len);
	}
	wc.wr_cqe = wr->wr_cqe;
	wr->wr_cqe->done(&f->cq, &wc);
	return wr;
}

/* The Receive at the head of the queue is consumed and posted again */
static void c_expect_reposted(struct kunit *test, u32 len)
{
	struct c_fix *f = test->priv;
	unsigned int nposts = f->nposts;
	const struct ib_recv_wr *wr = c_complete(test, len, IB_WC_SUCCESS);

	KUNIT_EXPECT_EQ(test, f->nposts, nposts + 1);
	KUNIT_EXPECT_EQ(test, c_depth(f), C_NREPS);
	KUNIT_EXPECT_PTR_EQ(test, f->rq[(f->rq_tail - 1) % C_RQ], wr);
}

/* The connection was closed (xprtrdma_ep_fail()) */
static bool c_closed(struct c_fix *f)
{
	return test_bit(XPRT_CLOSE_WAIT, &f->rx->rx_xprt.state) &&
	       !test_bit(XPRTRDMA_EP_CONNECTED, &f->ep->ep_flags);
}

/*
 * The server's RDMA_MSG to @xid granting @grant: a header, with a Write
 * chunk if @write, then a C_RPC-octet RPC message of type @type.
 */
static u32 c_msg(struct kunit *test, u32 xid, u32 grant, bool write,
		 u32 type, u32 rpclen)
{
	struct c_fix *f = test->priv;
	struct rpcrdma_v1_msg *m = f->m1;
	struct rpcrdma_write_chunk *wc;
	size_t hlen;
	u32 i;

	memset(m, 0, sizeof(*m));
	m->m1_prefix.px_xid = xid;
	m->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	m->m1_prefix.px_credits = grant;
	m->m1_prefix.px_proc = RPCRDMA1_MSG;
	if (write) {
		m->m1_chunks.ch_writes.wl_nchunks = 1;
		wc = &m->m1_chunks.ch_writes.wl_chunks[0];
		wc->wc_nsegs = 1;
		wc->wc_segs[0].rs_handle = 0x1234;
		wc->wc_segs[0].rs_length = 512;
	}
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(m, f->msg, C_INLINE, &hlen),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_LE(test, hlen + rpclen, (size_t)C_INLINE);
	/* xid, msg_type, then zeroes: ACCEPTED, AUTH_NULL, SUCCESS... */
	memset(f->msg + hlen, 0, rpclen);
	put_unaligned_be32(xid, f->msg + hlen);
	put_unaligned_be32(type, f->msg + hlen + RPCRDMA_XDR_UNIT);
	for (i = 2 * RPCRDMA_XDR_UNIT; i < rpclen; i++)
		f->msg[hlen + i] = (u8)i;
	return hlen + rpclen;
}

static u32 c_reply(struct kunit *test, u32 xid, u32 grant)
{
	return c_msg(test, xid, grant, false, RPCRDMA_RPC_REPLY, C_RPC);
}

/*
 * The Call C_XID is out on this connection, waiting for its Reply and
 * holding a congestion credit, on the transport's receive queue as
 * xprt_request_enqueue_receive() leaves it (the only entry there). Its
 * Send has not completed, so a Reply stops short of completing the RPC.
 */
static void c_call(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;
	struct rpc_rqst *rqst = &f->req->req_rqst;

	rqst->rq_xid = cpu_to_be32(C_XID);
	rqst->rq_private_buf.head[0].iov_base = f->replybuf;
	rqst->rq_private_buf.head[0].iov_len = C_REPLYBUF;
	rqst->rq_private_buf.buflen = C_REPLYBUF;
	f->req->req_ep = f->ep;
	set_bit(XPRTRDMA_REQ_AWAIT_REPLY, &f->req->req_flags);
	atomic_set(&f->req->req_finish, 2);
	rqst->rq_cong = 1;
	xprt->cong += C_SCALE;
	rb_link_node(&rqst->rq_recv, NULL, &xprt->recv_queue.rb_node);
	rb_insert_color(&rqst->rq_recv, &xprt->recv_queue);
}

/* An RPC slot of @rx whose task is @task */
static void c_req_init(struct xprtrdma_xprt *rx, struct xprtrdma_req *req,
		       struct rpc_task *task)
{
	req->req_rx = rx;
	spin_lock_init(&req->req_lock);
	INIT_LIST_HEAD(&req->req_mrs);
	INIT_LIST_HEAD(&req->req_inv_mrs);
	req->req_rqst.rq_xprt = &rx->rx_xprt;
	req->req_rqst.rq_task = task;
	task->tk_rqstp = &req->req_rqst;
}

static int c_init(struct kunit *test)
{
	struct xprtrdma_xprt *rx;
	struct xprtrdma_ep *ep;
	struct c_fix *f;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->rx = kunit_kzalloc(test, sizeof(*f->rx), GFP_KERNEL);
	f->ep = kunit_kzalloc(test, sizeof(*f->ep), GFP_KERNEL);
	f->dev = kunit_kzalloc(test, sizeof(*f->dev), GFP_KERNEL);
	f->req = kunit_kzalloc(test, sizeof(*f->req), GFP_KERNEL);
	f->task = kunit_kzalloc(test, sizeof(*f->task), GFP_KERNEL);
	f->replybuf = kunit_kzalloc(test, C_REPLYBUF, GFP_KERNEL);
	f->msg = kunit_kzalloc(test, C_INLINE, GFP_KERNEL);
	f->m1 = kunit_kzalloc(test, sizeof(*f->m1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->rx);
	KUNIT_ASSERT_NOT_NULL(test, f->ep);
	KUNIT_ASSERT_NOT_NULL(test, f->dev);
	KUNIT_ASSERT_NOT_NULL(test, f->req);
	KUNIT_ASSERT_NOT_NULL(test, f->task);
	KUNIT_ASSERT_NOT_NULL(test, f->replybuf);
	KUNIT_ASSERT_NOT_NULL(test, f->msg);
	KUNIT_ASSERT_NOT_NULL(test, f->m1);
	rx = f->rx;
	ep = f->ep;

	/* Not on the device list: the verbs layer only calls its ops */
	f->dev->ops.post_recv = c_post_recv;
	f->qp.device = f->dev;
	f->pd.device = f->dev;
	f->pd.local_dma_lkey = C_LKEY;
	f->id.device = f->dev;
	f->id.qp = &f->qp;
	f->cq.device = f->dev;
	f->cq.cq_context = ep;

	rx->rx_inline_send = C_INLINE;
	rx->rx_inline_recv = C_INLINE;
	rx->rx_xprt.max_reqs = C_CREDITS;
	rx->rx_xprt.cwnd = C_SCALE;
	spin_lock_init(&rx->rx_xprt.transport_lock);
	spin_lock_init(&rx->rx_xprt.queue_lock);
	/*
	 * As if a sender held the transport: a close then only marks it,
	 * and a released congestion credit wakes no one.
	 */
	set_bit(XPRT_LOCKED, &rx->rx_xprt.state);

	ep->ep_rx = rx;
	ep->ep_id = &f->id;
	ep->ep_pd = &f->pd;
	ep->ep_credits = C_CREDITS;
	ep->ep_nreps = C_NREPS;
	ep->ep_inline_send = C_INLINE;
	ep->ep_inline_recv = C_INLINE;
	ep->ep_vers = RPCRDMA_VERSION_1;
	set_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
	c_req_init(rx, f->req, f->task);
	test->priv = f;

	KUNIT_ASSERT_EQ(test, xprtrdma_reps_create(ep), 0);
	return 0;
}

/* Every Receive posted, as the connect worker leaves them */
static void c_fill(struct kunit *test)
{
	struct c_fix *f = test->priv;

	KUNIT_ASSERT_EQ(test, xprtrdma_reps_post_all(f->ep), 0);
	KUNIT_ASSERT_EQ(test, c_depth(f), C_NREPS);
}

static int c_init_posted(struct kunit *test)
{
	c_init(test);
	c_fill(test);
	return 0;
}

static void c_exit(struct kunit *test)
{
	struct c_fix *f = test->priv;

	if (f && f->ep)
		xprtrdma_reps_destroy(f->ep);
}

/* ---- xprtrdma_credit: the grant ----------------------------------- */

/* A grant from 1 to what we asked for is taken as it is */
static void c_grant_within(struct kunit *test)
{
	struct c_fix *f = test->priv;
	static const u32 grants[] = { 1, 2, C_CREDITS - 1, C_CREDITS };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(grants); i++)
		KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, grants[i], C_XID),
				grants[i]);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_credit_clamped),
			0L);
}

/* Zero would stop the transport for good: taken as one, and counted */
static void c_grant_zero(struct kunit *test)
{
	struct c_fix *f = test->priv;

	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 0, C_XID), 1U);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_credit_clamped),
			1L);
}

/* More than we asked for (up to 2^32 - 1) is taken as what we asked */
static void c_grant_above(struct kunit *test)
{
	struct c_fix *f = test->priv;

	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, C_CREDITS + 1, C_XID),
			C_CREDITS);
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 0x80000000U, C_XID),
			C_CREDITS);
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 0xffffffffU, C_XID),
			C_CREDITS);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_credit_clamped),
			3L);
}

/* Asking for one credit: every grant is one */
static void c_grant_single(struct kunit *test)
{
	struct c_fix *f = test->priv;

	f->ep->ep_credits = 1;
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 0, C_XID), 1U);
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 1, C_XID), 1U);
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 2, C_XID), 1U);
	KUNIT_EXPECT_EQ(test, xprtrdma_grant(f->ep, 0xffffffffU, C_XID), 1U);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_credit_clamped),
			3L);
}

/* ---- xprtrdma_credit: the congestion window ----------------------- */

/* @n Calls out besides f->req, which holds a credit when @cong */
static void c_out(struct c_fix *f, unsigned int n, bool cong)
{
	f->req->req_rqst.rq_cong = cong;
	f->rx->rx_xprt.cong = (n + cong) * C_SCALE;
}

/* Version 1: the window is the grant; the answered Call lets go of its share */
static void c_cwnd_v1(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;

	c_out(f, 2, true);
	xprtrdma_update_credits(f->ep, &f->req->req_rqst, 5);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 5UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, 2UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, f->req->req_rqst.rq_cong, 0);
	KUNIT_EXPECT_FALSE(test, RPCXPRT_CONGESTED(xprt));

	/* A grant below the Calls still out: no new Call until one ends */
	c_out(f, 2, true);
	xprtrdma_update_credits(f->ep, &f->req->req_rqst, 1);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 1UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, 2UL * C_SCALE);
	KUNIT_EXPECT_TRUE(test, RPCXPRT_CONGESTED(xprt));
}

struct c_v2_case {
	const char *desc;
	u32 window;		/* the open window (xprtrdma_v2_cwnd()) */
	unsigned int others;	/* other Calls out */
	bool cong;		/* the answered Call holds a credit */
	unsigned int cwnd;	/* expected, in Calls */
};

static const struct c_v2_case c_v2_cases[] = {
	{ "open 4, 2 more out", 4, 2, true, 6 },
	{ "open 4, none more out", 4, 0, true, 4 },
	{ "closed, 2 more out", 0, 2, true, 2 },
	{ "closed, none more out: never below 1", 0, 0, true, 1 },
	{ "open beyond what we asked", 100, 1, true, C_CREDITS },
	{ "open C_CREDITS - 3, 3 more out", C_CREDITS - 3, 3, true,
	  C_CREDITS },
	{ "answered Call held no credit", 2, 1, false, 3 },
};

KUNIT_ARRAY_PARAM_DESC(c_v2, c_v2_cases, desc);

/*
 * Version 2: the open window plus the Calls still out, the answered one
 * not among them, within 1..what we asked for. So the RPC layer lets
 * exactly as many new Calls through as the window has room for.
 */
static void c_cwnd_v2(struct kunit *test)
{
	const struct c_v2_case *c = test->param_value;
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;

	f->ep->ep_vers = RPCRDMA_VERSION_2;
	c_out(f, c->others, c->cong);
	xprtrdma_update_credits(f->ep, &f->req->req_rqst, c->window);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, (unsigned long)c->cwnd * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, (unsigned long)c->others * C_SCALE);
	if (c->window && c->others + c->window <= C_CREDITS)
		KUNIT_EXPECT_EQ(test, (xprt->cwnd - xprt->cong) >> RPC_CWNDSHIFT,
				(unsigned long)c->window);
}

/*
 * A new connection (RFC 8166, Section 3.3.1: credits are per
 * connection): one credit until the server grants more, no Call
 * holding any, nobody left waiting for the window.
 */
static void c_reset(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;
	struct xprtrdma_req *reqs[3];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(reqs); i++) {
		reqs[i] = kunit_kzalloc(test, sizeof(*reqs[i]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, reqs[i]);
	}
	reqs[0]->req_rqst.rq_cong = 1;
	reqs[2]->req_rqst.rq_cong = 1;
	f->rx->rx_reqs = reqs;
	f->rx->rx_nreqs = ARRAY_SIZE(reqs);
	xprt->cong = 2 * C_SCALE;
	xprt->cwnd = 2 * C_SCALE;
	set_bit(XPRT_CWND_WAIT, &xprt->state);

	xprtrdma_credits_reset(f->rx);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, (unsigned long)C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, 0UL);
	for (i = 0; i < ARRAY_SIZE(reqs); i++)
		KUNIT_EXPECT_EQ(test, reqs[i]->req_rqst.rq_cong, 0);
	KUNIT_EXPECT_FALSE(test, test_bit(XPRT_CWND_WAIT, &xprt->state));
	f->rx->rx_reqs = NULL;
	f->rx->rx_nreqs = 0;
}

/* ---- xprtrdma_credit: what we ask for ----------------------------- */

struct c_size_case {
	const char *desc;
	unsigned int max_reqs;	/* the slot table */
	int max_qp_wr;
	int max_cqe;
	int ret;
	unsigned int credits;	/* expected ep_credits */
};

/*
 * Credits are the slot table, unless the device's queues (the smaller
 * of max_qp_wr and max_cqe) cannot hold the Receive ring (credits +
 * XPRTRDMA_BC_SLOTS + XPRTRDMA_EXTRA_RECVS, and one for ib_drain_rq())
 * or eight Send Queue slots per credit plus 64 (and ib_drain_sq()'s).
 */
static const struct c_size_case c_size_cases[] = {
	{ "default slot table", 128, 16384, 65536, 0, 128 },
	{ "largest slot table", XPRTRDMA_SLOTS_MAX, 65536, 65536, 0,
	  XPRTRDMA_SLOTS_MAX },
	{ "smallest slot table", XPRTRDMA_SLOTS_MIN, 16384, 65536, 0,
	  XPRTRDMA_SLOTS_MIN },
	{ "Send Queue limits: 256 WRs", 128, 256, 65536, 0, (256 - 65) / 8 },
	{ "CQ limits: 512 CQEs", 128, 16384, 512, 0, (512 - 65) / 8 },
	{ "1024 WRs: just short of 128", 128, 1024, 1024, 0, 119 },
	{ "1089 WRs: 128 fit", 128, 1089, 1089, 0, 128 },
	{ "255 WRs: too small", 128, 255, 65536, -ENOMEM, 0 },
};

KUNIT_ARRAY_PARAM_DESC(c_size, c_size_cases, desc);

static void c_size(struct kunit *test)
{
	const struct c_size_case *c = test->param_value;
	struct c_fix *f = test->priv;
	struct xprtrdma_ep *ep = f->ep;
	unsigned int maxwr = min(c->max_qp_wr, c->max_cqe);

	/* Sizing changes ep_nreps: free the fixture's ring at its own size */
	xprtrdma_reps_destroy(ep);
	f->dev->attrs.device_cap_flags = IB_DEVICE_MEM_MGT_EXTENSIONS;
	f->dev->attrs.max_fast_reg_page_list_len = 256;
	f->dev->attrs.max_qp_wr = c->max_qp_wr;
	f->dev->attrs.max_cqe = c->max_cqe;
	f->rx->rx_depth_want = XPRTRDMA_DEPTH_DEF;
	f->rx->rx_xprt.max_reqs = c->max_reqs;
	ep->ep_credits = 0;

	KUNIT_ASSERT_EQ(test, xprtrdma_ep_size(ep), c->ret);
	if (c->ret)
		return;
	KUNIT_EXPECT_EQ(test, ep->ep_credits, c->credits);
	/* Never more than the slot table: a grant is clamped to this */
	KUNIT_EXPECT_LE(test, ep->ep_credits, c->max_reqs);
	KUNIT_EXPECT_EQ(test, ep->ep_nreps, c->credits + XPRTRDMA_BC_SLOTS +
			XPRTRDMA_EXTRA_RECVS);
	KUNIT_EXPECT_LE(test, ep->ep_nreps + 1, maxwr);
	KUNIT_EXPECT_EQ(test, ep->ep_sq_depth, c->credits * 8 + 64);
	KUNIT_EXPECT_LE(test, ep->ep_sq_depth + 1, maxwr);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_sq_avail),
			(int)ep->ep_sq_depth);
	KUNIT_EXPECT_EQ(test, ep->ep_depth, 256U);
}

/* A device without FRWR is refused before anything is sized */
static void c_size_no_frwr(struct kunit *test)
{
	struct c_fix *f = test->priv;

	xprtrdma_reps_destroy(f->ep);
	f->dev->attrs.max_qp_wr = 16384;
	f->dev->attrs.max_cqe = 16384;
	f->dev->attrs.max_fast_reg_page_list_len = 256;
	f->rx->rx_depth_want = XPRTRDMA_DEPTH_DEF;
	f->ep->ep_credits = 0;
	KUNIT_EXPECT_EQ(test, xprtrdma_ep_size(f->ep), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, f->ep->ep_credits, 0U);
}

/* ---- xprtrdma_credit: through the Receive completion -------------- */

struct c_e2e_case {
	u32 grant;
	u32 cwnd;
	long clamped;
};

static const struct c_e2e_case c_e2e_cases[] = {
	{ 6, 6, 0 },
	{ 1, 1, 0 },
	{ C_CREDITS, C_CREDITS, 0 },
	{ 0, 1, 1 },
	{ C_CREDITS + 1, C_CREDITS, 1 },
	{ 0xffffffffU, C_CREDITS, 1 },
};

static void c_e2e_desc(const struct c_e2e_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "grant %u", c->grant);
}

KUNIT_ARRAY_PARAM(c_e2e, c_e2e_cases, c_e2e_desc);

/* A Reply that checks out sets the window from its clamped grant */
static void c_reply_moves_cwnd(struct kunit *test)
{
	const struct c_e2e_case *c = test->param_value;
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;
	u32 len;

	c_call(test);
	len = c_reply(test, C_XID, c->grant);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_FALSE(test, test_bit(XPRTRDMA_REQ_AWAIT_REPLY,
					  &f->req->req_flags));
	KUNIT_EXPECT_EQ(test, f->req->req_reply_len, C_RPC);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, (unsigned long)c->cwnd * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, 0UL);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_credit_clamped),
			c->clamped);
	KUNIT_EXPECT_FALSE(test, c_closed(f));
}

/*
 * Messages that are dropped move nothing: one too short to trust, a
 * Reply to no Call of ours, a Reply that came on time for its Call but
 * after it (a second answer). Each carries a grant of all we asked for.
 */
static void c_dropped_keep_cwnd(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;
	u32 len;

	c_call(test);
	xprt->cwnd = 3 * C_SCALE;

	/* Three words: shorter than the prefix, so nothing in it counts */
	c_reply(test, C_XID, C_CREDITS);
	c_complete(test, 3 * RPCRDMA_XDR_UNIT, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 3UL * C_SCALE);

	len = c_reply(test, C_OTHER_XID, C_CREDITS);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 3UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->stat.bad_xids, 1UL);

	/* The Call still waits and still holds its credit */
	KUNIT_EXPECT_TRUE(test, test_bit(XPRTRDMA_REQ_AWAIT_REPLY,
					 &f->req->req_flags));
	KUNIT_EXPECT_EQ(test, xprt->cong, (unsigned long)C_SCALE);
	KUNIT_EXPECT_FALSE(test, c_closed(f));

	/* Its Reply, then the same Reply again */
	len = c_reply(test, C_XID, 2);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 2UL * C_SCALE);
	len = c_reply(test, C_XID, C_CREDITS);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 2UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->stat.bad_xids, 2UL);
	KUNIT_EXPECT_FALSE(test, c_closed(f));
}

/*
 * A Reply that matches its Call but not what the Call offered (a Write
 * chunk the Call never had) closes the connection; its grant is not
 * taken and the Call keeps its credit until the reconnect resets them.
 */
static void c_bad_reply_keeps_cwnd(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct rpc_xprt *xprt = &f->rx->rx_xprt;
	u32 len;

	c_call(test);
	xprt->cwnd = 3 * C_SCALE;
	len = c_msg(test, C_XID, C_CREDITS, true, RPCRDMA_RPC_REPLY, C_RPC);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_EXPECT_TRUE(test, c_closed(f));
	KUNIT_EXPECT_EQ(test, xprt->cwnd, 3UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, xprt->cong, (unsigned long)C_SCALE);
	KUNIT_EXPECT_EQ(test, f->req->req_rqst.rq_cong, 1);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_bad_reply),
			1L);
}

/* ---- xprtrdma_inv_watch ------------------------------------------- */

/* The Send Queue takes each chain and completes none of it */
static int c_post_send(struct ib_qp *qp, const struct ib_send_wr *wr,
		       const struct ib_send_wr **bad)
{
	struct c_fix *f = kunit_get_current_test()->priv;

	while (wr->next)
		wr = wr->next;
	f->sent = wr;
	return 0;
}

static void c_stalled(struct xprtrdma_xprt *rx)
{
	struct c_fix *f = kunit_get_current_test()->priv;

	f->stalls++;
}

static struct ib_mr *c_alloc_mr(struct ib_pd *pd, u32 depth)
{
	struct kunit *test = kunit_get_current_test();
	struct ib_mr *mr = kunit_kzalloc(test, sizeof(*mr), GFP_KERNEL);

	return mr ?: ERR_PTR(-ENOMEM);
}

static int c_dereg_mr(struct ib_mr *ibmr)
{
	return 0;
}

static int c_map_sg(struct ib_device *dev, struct scatterlist *sg,
		    int nents, enum dma_data_direction dir)
{
	return nents;
}

static void c_unmap_sg(struct ib_device *dev, struct scatterlist *sg,
		       int nents, enum dma_data_direction dir,
		       unsigned long attrs)
{
}

static int c_map_mr_sg(struct ib_mr *ibmr, struct scatterlist *sg, int nents)
{
	ibmr->length = sg->length;
	return nents;
}

static const struct frwr_ib_fake c_fake = {
	.alloc_mr	= c_alloc_mr,
	.dereg_mr	= c_dereg_mr,
	.map_sg		= c_map_sg,
	.unmap_sg	= c_unmap_sg,
	.map_mr_sg	= c_map_mr_sg,
};

/*
 * The Call C_XID with one registered MR is answered by a Reply that
 * does not invalidate it: the Reply posts a Local Invalidate, and the
 * chain's last WR is returned.
 */
static const struct ib_send_wr *c_call_inv(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct frwr_mr *mr;
	u32 len;

	c_call(test);
	mr = frwr_get(&f->ep->ep_mrs);
	KUNIT_ASSERT_NOT_NULL(test, mr);
	sg_init_table(mr->fm_sg, 1);
	sg_set_buf(&mr->fm_sg[0], f->replybuf, C_REPLYBUF);
	mr->fm_nents = 1;
	KUNIT_ASSERT_EQ(test, frwr_map(mr, DMA_FROM_DEVICE,
				       IB_ACCESS_REMOTE_WRITE), 0);
	frwr_mark_posted(mr);
	list_add_tail(&mr->fm_list, &f->req->req_mrs);

	f->sent = NULL;
	len = c_reply(test, C_XID, 1);
	c_complete(test, len, IB_WC_SUCCESS);
	KUNIT_ASSERT_NOT_NULL(test, f->sent);
	KUNIT_EXPECT_EQ(test, f->sent->opcode, IB_WR_LOCAL_INV);
	KUNIT_EXPECT_EQ(test, atomic_read(&f->ep->ep_inv_out), 1);
	/* Armed; the tests run it themselves, as if its time had come */
	KUNIT_EXPECT_TRUE(test, cancel_delayed_work_sync(&f->ep->ep_inv_watch));
	return f->sent;
}

/* The watch runs; return whether it armed itself again */
static bool c_look(struct xprtrdma_ep *ep)
{
	xprtrdma_inv_watch(&ep->ep_inv_watch.work);
	return cancel_delayed_work_sync(&ep->ep_inv_watch);
}

static void c_inv_complete(struct c_fix *f, const struct ib_send_wr *wr)
{
	struct ib_wc wc = { .status = IB_WC_SUCCESS, .wr_cqe = wr->wr_cqe };

	wr->wr_cqe->done(&f->cq, &wc);
}

/*
 * The watch runs XPRTRDMA_STALL_TIMEOUT after a chain is posted: a
 * chain out and none completed since its last look is a stalled Send;
 * one completed since buys another window; none out, nothing to do.
 */
static void c_inv_watch(struct kunit *test)
{
	struct c_fix *f = test->priv;
	struct xprtrdma_ep *ep = f->ep;
	const struct ib_send_wr *wr;

	frwr_ib_fake_activate(test, &c_fake);
	kunit_activate_static_stub(test, xprtrdma_stalled, c_stalled);
	f->dev->ops.post_send = c_post_send;
	INIT_DELAYED_WORK(&ep->ep_inv_watch, xprtrdma_inv_watch);
	KUNIT_ASSERT_EQ(test, frwr_pool_init(&ep->ep_mrs, &f->pd, 1, 1), 0);

	/* A chain out, none ever completed */
	wr = c_call_inv(test);
	KUNIT_EXPECT_FALSE(test, c_look(ep));
	KUNIT_EXPECT_EQ(test, f->stalls, 1U);

	/* It completes: nothing out, nothing to do */
	c_inv_complete(f, wr);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_inv_out), 0);
	KUNIT_EXPECT_FALSE(test, c_look(ep));
	KUNIT_EXPECT_EQ(test, f->stalls, 1U);

	/* Another chain out: one completed since the last look, so wait */
	wr = c_call_inv(test);
	KUNIT_EXPECT_TRUE(test, c_look(ep));
	KUNIT_EXPECT_EQ(test, f->stalls, 1U);
	/* ...one more window with none completed */
	KUNIT_EXPECT_FALSE(test, c_look(ep));
	KUNIT_EXPECT_EQ(test, f->stalls, 2U);

	c_inv_complete(f, wr);
	KUNIT_EXPECT_EQ(test, atomic_read(&ep->ep_inv_out), 0);
	frwr_pool_destroy(&ep->ep_mrs);
}

static struct kunit_case c_inv_cases[] = {
	KUNIT_CASE(c_inv_watch),
	{}
};

static struct kunit_suite c_inv_suite = {
	.name = "xprtrdma_inv_watch",
	.init = c_init_posted,
	.exit = c_exit,
	.test_cases = c_inv_cases,
};

static struct kunit_case c_credit_cases[] = {
	KUNIT_CASE(c_grant_within),
	KUNIT_CASE(c_grant_zero),
	KUNIT_CASE(c_grant_above),
	KUNIT_CASE(c_grant_single),
	KUNIT_CASE(c_cwnd_v1),
	KUNIT_CASE_PARAM(c_cwnd_v2, c_v2_gen_params),
	KUNIT_CASE(c_reset),
	KUNIT_CASE_PARAM(c_size, c_size_gen_params),
	KUNIT_CASE(c_size_no_frwr),
	KUNIT_CASE_PARAM(c_reply_moves_cwnd, c_e2e_gen_params),
	KUNIT_CASE(c_dropped_keep_cwnd),
	KUNIT_CASE(c_bad_reply_keeps_cwnd),
	{}
};

static struct kunit_suite c_credit_suite = {
	.name = "xprtrdma_credit",
	.init = c_init_posted,
	.exit = c_exit,
	.test_cases = c_credit_cases,
};

/* ---- xprtrdma_recv_ring ------------------------------------------- */

/*
 * Before connecting, every Receive of the ring is posted: one per
 * credit, one per backchannel request and XPRTRDMA_EXTRA_RECVS, each a
 * single buffer of the inline receive size.
 */
static void r_post_all(struct kunit *test)
{
	struct c_fix *f = test->priv;
	unsigned int i, j;

	KUNIT_ASSERT_EQ(test, xprtrdma_reps_post_all(f->ep), 0);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS);
	KUNIT_EXPECT_EQ(test, c_depth(f), C_NREPS);
	for (i = 0; i < C_NREPS; i++) {
		const struct ib_recv_wr *wr = f->rq[i];

		KUNIT_EXPECT_PTR_EQ(test, wr, &f->ep->ep_reps[i].rep_wr);
		KUNIT_EXPECT_EQ(test, wr->num_sge, 1);
		KUNIT_EXPECT_EQ(test, wr->sg_list->length, C_INLINE);
		KUNIT_EXPECT_EQ(test, wr->sg_list->lkey, C_LKEY);
		KUNIT_EXPECT_EQ(test, wr->sg_list->addr,
				(u64)(uintptr_t)f->ep->ep_reps[i].rep_buf);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_NE(test, wr->sg_list->addr,
					f->rq[j]->sg_list->addr);
	}
}

/* A post that fails stops the fill and says why */
static void r_post_all_fails(struct kunit *test)
{
	struct c_fix *f = test->priv;

	f->post_err = -EINVAL;
	f->post_ok = 5;
	KUNIT_EXPECT_EQ(test, xprtrdma_reps_post_all(f->ep), -EINVAL);
	KUNIT_EXPECT_EQ(test, f->nposts, 5U);
}

/* A Reply consumed: its own Receive goes back, once, at once */
static void r_repost_reply(struct kunit *test)
{
	struct c_fix *f = test->priv;

	c_fill(test);
	c_call(test);
	c_expect_reposted(test, c_reply(test, C_XID, 4));
	KUNIT_EXPECT_EQ(test, f->rx->rx_xprt.cwnd, 4UL * C_SCALE);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS + 1);
}

/*
 * Dropped messages give their Receive back too: too short, a Reply to
 * no Call, a reverse-direction Call with no callback service. Three
 * rounds of the whole ring: it never grows or shrinks.
 */
static void r_repost_dropped(struct kunit *test)
{
	struct c_fix *f = test->priv;
	unsigned int i;
	u32 len;

	c_fill(test);
	for (i = 0; i < 3 * C_NREPS; i++) {
		switch (i % 3) {
		case 0:
			c_reply(test, C_XID, C_CREDITS);
			len = RPCRDMA_XDR_UNIT;
			break;
		case 1:
			len = c_reply(test, C_OTHER_XID, C_CREDITS);
			break;
		default:
			len = c_msg(test, C_OTHER_XID, 1, false,
				    RPCRDMA_RPC_CALL, RPCRDMA_RPC_CALL_MIN);
			break;
		}
		c_expect_reposted(test, len);
	}
	KUNIT_EXPECT_EQ(test, f->nposts, 4 * C_NREPS);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&f->rx->rx_stats.st_calls_dropped),
			(long)C_NREPS);
	KUNIT_EXPECT_EQ(test, f->rx->rx_xprt.stat.bad_xids,
			(unsigned long)C_NREPS);
	KUNIT_EXPECT_EQ(test, f->rx->rx_xprt.cwnd, (unsigned long)C_SCALE);
	KUNIT_EXPECT_FALSE(test, c_closed(f));
}

/*
 * A failed completion is not reposted. A flush after the close is
 * expected; an error, or a flush while the connection still counts as
 * up (rxe's silent QP error), closes it.
 */
static void r_error_not_reposted(struct kunit *test)
{
	struct c_fix *f = test->priv;

	c_fill(test);
	c_complete(test, 0, IB_WC_LOC_LEN_ERR);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS);
	KUNIT_EXPECT_EQ(test, c_depth(f), C_NREPS - 1);
	KUNIT_EXPECT_TRUE(test, c_closed(f));

	c_complete(test, 0, IB_WC_WR_FLUSH_ERR);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS);
	KUNIT_EXPECT_EQ(test, c_depth(f), C_NREPS - 2);
}

/* The same flush while the connection still counts as up */
static void r_flush_while_up(struct kunit *test)
{
	struct c_fix *f = test->priv;

	c_fill(test);
	c_complete(test, 0, IB_WC_WR_FLUSH_ERR);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS);
	KUNIT_EXPECT_TRUE(test, c_closed(f));
}

/* A repost that fails leaves the QP unusable: the connection closes */
static void r_repost_fails(struct kunit *test)
{
	struct c_fix *f = test->priv;

	c_fill(test);
	f->post_err = -ENOMEM;
	c_reply(test, C_XID, 1);
	c_complete(test, RPCRDMA_XDR_UNIT, IB_WC_SUCCESS);
	KUNIT_EXPECT_EQ(test, f->nposts, C_NREPS);
	KUNIT_EXPECT_EQ(test, c_depth(f), C_NREPS - 1);
	KUNIT_EXPECT_TRUE(test, c_closed(f));
}

static struct kunit_case r_ring_cases[] = {
	KUNIT_CASE(r_post_all),
	KUNIT_CASE(r_post_all_fails),
	KUNIT_CASE(r_repost_reply),
	KUNIT_CASE(r_repost_dropped),
	KUNIT_CASE(r_error_not_reposted),
	KUNIT_CASE(r_flush_while_up),
	KUNIT_CASE(r_repost_fails),
	{}
};

static struct kunit_suite r_ring_suite = {
	.name = "xprtrdma_recv_ring",
	.init = c_init,
	.exit = c_exit,
	.test_cases = r_ring_cases,
};

kunit_test_suites(&c_credit_suite, &c_inv_suite, &r_ring_suite);
