// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of the client's Send Queue (xprtrdma/sq.c, send.c):
 *
 *   xprtrdma_stall  xprtrdma_stall_wait(), which the end of a
 *                   backchannel Reply uses while its Send may still be
 *                   posted (an RPC's end no longer waits for its Send:
 *                   see xprtrdma_unsig). A Send that completes ends the
 *                   wait with no close; one that stays posted for
 *                   XPRTRDMA_STALL_TIMEOUT closes the connection
 *                   (xprtrdma_stalled()) exactly once, and the wait then
 *                   lasts until the close's flush completes the Send.
 *
 * On soft-RoCE a peer that posts no Receives cannot hold a Send that
 * long: rxe keeps its transport retry timer running through RNR NAKs,
 * so our retry count (6) ends the Send in about 4.6 s, before the bound.
 * Hardware that retries RNR NAKs forever (the peer's CM reply sets our
 * RNR retry count to 7) holds it for good. This suite proves the bound
 * on any device: the "Send" is a bit that only the test clears, and the
 * close is a static stub that stands for xprt_force_disconnect() and
 * the flush it causes.
 *
 *   xprtrdma_unsig  unsignaled Call Sends (send.c): which Sends are
 *                   signaled; a completion retires its own record and
 *                   every one before it, gives their Send Queue slots
 *                   back and ends SEND_BUSY only where the record is the
 *                   request's latest Send; a completion of a record
 *                   already retired, or past what was posted, retires
 *                   nothing; a Reply frees the request's Send buffer at
 *                   once; a slot freed with no Reply is parked until its
 *                   Send is retired, then given back; the ring wraps.
 *                   The connection is a kzalloc'd endpoint with the
 *                   real ring (xprtrdma_sends_init()) and no device:
 *                   nothing is posted, the tests call the retirement as
 *                   the send CQ's completions would.
 */

#include <linux/jiffies.h>
#include <linux/sunrpc/sched.h>
#include <linux/module.h>
#include <linux/wait_bit.h>
#include <linux/workqueue.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <kunit/static_stub.h>

#include "xprtrdma.h"

#define S_BUSY		0	/* the bit a posted Send holds */
#define S_DONE_MS	100U	/* a Send that completes: after this */
#define S_FLUSH_MS	50U	/* the close's flush: after this */

struct s_fix {
	struct xprtrdma_xprt rx;	/* only its address is used */
	unsigned long flags;		/* S_BUSY while the Send is posted */
	struct delayed_work done;	/* completes the Send */
	unsigned int stalls;		/* xprtrdma_stalled() calls */
	unsigned long stalled_at;	/* jiffies of the first */
};

/* What the Send completion does for the waiter: clear, then wake */
static void s_complete(struct work_struct *work)
{
	struct s_fix *f = container_of(to_delayed_work(work), struct s_fix,
				       done);

	clear_bit_unlock(S_BUSY, &f->flags);
	/* Order the clear before wake_up_bit()'s waitqueue check */
	smp_mb__after_atomic();
	wake_up_bit(&f->flags, S_BUSY);
}

/* The close: counted; its flush completes the Send a little later */
static void s_stalled(struct xprtrdma_xprt *rx)
{
	struct kunit *test = kunit_get_current_test();
	struct s_fix *f = test->priv;

	KUNIT_EXPECT_PTR_EQ(test, rx, &f->rx);
	if (!f->stalls++)
		f->stalled_at = jiffies;
	schedule_delayed_work(&f->done, msecs_to_jiffies(S_FLUSH_MS));
}

static int s_init(struct kunit *test)
{
	struct s_fix *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	INIT_DELAYED_WORK(&f->done, s_complete);
	test->priv = f;
	kunit_activate_static_stub(test, xprtrdma_stalled, s_stalled);
	return 0;
}

static void s_exit(struct kunit *test)
{
	struct s_fix *f = test->priv;

	cancel_delayed_work_sync(&f->done);
}

/* No Send posted: the wait returns at once and closes nothing */
static void s_not_posted(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned long t0 = jiffies;

	xprtrdma_stall_wait(&f->rx, &f->flags, S_BUSY);
	KUNIT_EXPECT_EQ(test, f->stalls, 0U);
	KUNIT_EXPECT_LT(test, jiffies - t0, (unsigned long)HZ);
}

/* A Send that completes in time ends the wait; nothing is closed */
static void s_completes(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned long t0 = jiffies;

	set_bit(S_BUSY, &f->flags);
	schedule_delayed_work(&f->done, msecs_to_jiffies(S_DONE_MS));
	xprtrdma_stall_wait(&f->rx, &f->flags, S_BUSY);
	KUNIT_EXPECT_FALSE(test, test_bit(S_BUSY, &f->flags));
	KUNIT_EXPECT_EQ(test, f->stalls, 0U);
	KUNIT_EXPECT_LT(test, jiffies - t0, XPRTRDMA_STALL_TIMEOUT);
}

/*
 * A Send that never completes by itself: after XPRTRDMA_STALL_TIMEOUT
 * the connection is closed once, and the wait ends with the flush.
 */
static void s_stuck(struct kunit *test)
{
	struct s_fix *f = test->priv;
	unsigned long t0 = jiffies;

	set_bit(S_BUSY, &f->flags);
	xprtrdma_stall_wait(&f->rx, &f->flags, S_BUSY);
	KUNIT_EXPECT_FALSE(test, test_bit(S_BUSY, &f->flags));
	KUNIT_ASSERT_EQ(test, f->stalls, 1U);
	KUNIT_EXPECT_GE(test, f->stalled_at - t0, XPRTRDMA_STALL_TIMEOUT);
	/* Bounded: the timeout, the flush, and scheduling slack */
	KUNIT_EXPECT_LT(test, jiffies - t0, XPRTRDMA_STALL_TIMEOUT + 5 * HZ);
}

static struct kunit_case s_cases[] = {
	KUNIT_CASE(s_not_posted),
	KUNIT_CASE(s_completes),
	KUNIT_CASE_SLOW(s_stuck),
	{}
};

static struct kunit_suite s_stall_suite = {
	.name = "xprtrdma_stall",
	.init = s_init,
	.exit = s_exit,
	.test_cases = s_cases,
};

kunit_test_suite(s_stall_suite);

/* ---- xprtrdma_unsig --------------------------------------------------- */

#define U_DEPTH		256U	/* Send Queue slots */
#define U_CREDITS	32U	/* a Send in 8 signaled */
#define U_REQS		4U

struct u_fix {
	struct xprtrdma_xprt rx;
	struct xprtrdma_ep ep;
	struct xprtrdma_req req[U_REQS];
};

static int u_init(struct kunit *test)
{
	struct u_fix *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct rpc_xprt *xprt;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, f);
	xprt = &f->rx.rx_xprt;
	spin_lock_init(&xprt->reserve_lock);
	rpc_init_wait_queue(&xprt->backlog, "u_backlog");
	INIT_LIST_HEAD(&f->rx.rx_free);
	f->ep.ep_rx = &f->rx;
	f->ep.ep_sq_depth = U_DEPTH;
	f->ep.ep_credits = U_CREDITS;
	atomic_set(&f->ep.ep_sq_avail, U_DEPTH);
	KUNIT_ASSERT_EQ(test, xprtrdma_sends_init(&f->ep), 0);
	for (i = 0; i < U_REQS; i++) {
		f->req[i].req_rx = &f->rx;
		f->req[i].req_send_cid = 100 + i;
		spin_lock_init(&f->req[i].req_lock);
		INIT_LIST_HEAD(&f->req[i].req_free);
	}
	test->priv = f;
	return 0;
}

static void u_exit(struct kunit *test)
{
	struct u_fix *f = test->priv;

	xprtrdma_sends_free(&f->ep);
}

/* Post a Call Send of @req holding @held slots, as send.c does */
static u32 u_post(struct u_fix *f, struct xprtrdma_req *req,
		  unsigned int held)
{
	atomic_sub(held, &f->ep.ep_sq_avail);
	return xprtrdma_send_record(&f->ep, req, held)->sr_seq;
}

static bool u_busy(struct xprtrdma_req *req)
{
	return test_bit(XPRTRDMA_REQ_SEND_BUSY, &req->req_flags);
}

static int u_avail(struct u_fix *f)
{
	return atomic_read(&f->ep.ep_sq_avail);
}

/* One Send in ep_signal_every; every one while the queue runs low */
static void u_signal(struct kunit *test)
{
	struct u_fix *f = test->priv;
	struct xprtrdma_ep *ep = &f->ep;
	unsigned int i, n = 0;

	KUNIT_ASSERT_EQ(test, ep->ep_signal_every, U_CREDITS / 4);
	for (i = 1; i <= 3 * ep->ep_signal_every; i++) {
		if (xprtrdma_send_signal(ep)) {
			KUNIT_EXPECT_EQ(test, i % ep->ep_signal_every, 0U);
			n++;
		}
	}
	KUNIT_EXPECT_EQ(test, n, 3U);
	atomic_set(&ep->ep_sq_avail, XPRTRDMA_SQ_LOW - 1);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_TRUE(test, xprtrdma_send_signal(ep));
	/* Room again: the count starts over from the last signaled one */
	atomic_set(&ep->ep_sq_avail, U_DEPTH);
	KUNIT_EXPECT_FALSE(test, xprtrdma_send_signal(ep));
}

/* A completion retires its own record and all before it, no more */
static void u_retire(struct kunit *test)
{
	struct u_fix *f = test->priv;
	struct xprtrdma_ep *ep = &f->ep;
	u32 a, b, c;

	a = u_post(f, &f->req[0], 1);
	b = u_post(f, &f->req[1], 2);
	c = u_post(f, &f->req[2], 3);
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH - 6);
	KUNIT_EXPECT_TRUE(test, u_busy(&f->req[0]));

	xprtrdma_sends_retire(ep, b + 1);
	KUNIT_EXPECT_FALSE(test, u_busy(&f->req[0]));
	KUNIT_EXPECT_FALSE(test, u_busy(&f->req[1]));
	KUNIT_EXPECT_TRUE(test, u_busy(&f->req[2]));
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH - 3);
	KUNIT_EXPECT_EQ(test, ep->ep_send_tail, b + 1);

	/* A record already retired (a late flush) and one never posted */
	xprtrdma_sends_retire(ep, a + 1);
	xprtrdma_sends_retire(ep, c + 2);
	KUNIT_EXPECT_TRUE(test, u_busy(&f->req[2]));
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH - 3);
	KUNIT_EXPECT_EQ(test, ep->ep_send_tail, b + 1);

	xprtrdma_sends_retire(ep, c + 1);
	KUNIT_EXPECT_FALSE(test, u_busy(&f->req[2]));
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH);
	KUNIT_EXPECT_EQ(test, ep->ep_send_tail, ep->ep_send_head);
}

/*
 * A Reply frees the Send buffer at once; the request is sent again
 * before the first Send is retired, and that retirement leaves the
 * second Send busy.
 */
static void u_reply_then_reuse(struct kunit *test)
{
	struct u_fix *f = test->priv;
	struct xprtrdma_req *req = &f->req[0];
	u32 first, second;

	first = u_post(f, req, 1);
	xprtrdma_send_consumed(req);
	KUNIT_EXPECT_FALSE(test, u_busy(req));
	second = u_post(f, req, 1);
	KUNIT_EXPECT_TRUE(test, u_busy(req));

	xprtrdma_sends_retire(&f->ep, first + 1);
	KUNIT_EXPECT_TRUE(test, u_busy(req));
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH - 1);
	xprtrdma_sends_retire(&f->ep, second + 1);
	KUNIT_EXPECT_FALSE(test, u_busy(req));
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH);
}

/*
 * A slot freed with no Reply is parked, not put on the free list, until
 * its Send is retired; one freed after its Reply is not parked.
 */
static void u_park(struct kunit *test)
{
	struct u_fix *f = test->priv;
	struct xprtrdma_req *lost = &f->req[0], *answered = &f->req[1];
	u32 seq;

	u_post(f, lost, 1);
	seq = u_post(f, answered, 1);
	xprtrdma_send_consumed(answered);
	KUNIT_EXPECT_FALSE(test, xprtrdma_send_park(answered));

	KUNIT_EXPECT_TRUE(test, xprtrdma_send_park(lost));
	KUNIT_EXPECT_TRUE(test, test_bit(XPRTRDMA_REQ_PARKED,
					 &lost->req_flags));
	KUNIT_EXPECT_TRUE(test, list_empty(&f->rx.rx_free));

	xprtrdma_sends_retire(&f->ep, seq + 1);
	KUNIT_EXPECT_FALSE(test, u_busy(lost));
	KUNIT_EXPECT_FALSE(test, test_bit(XPRTRDMA_REQ_PARKED,
					  &lost->req_flags));
	KUNIT_EXPECT_PTR_EQ(test, list_first_entry_or_null(&f->rx.rx_free,
							   struct xprtrdma_req,
							   req_free), lost);
	KUNIT_EXPECT_TRUE(test, list_is_singular(&f->rx.rx_free));
}

/* The teardown retires what no completion will: parked slots come back */
static void u_retire_all(struct kunit *test)
{
	struct u_fix *f = test->priv;
	unsigned int i;

	for (i = 0; i < U_REQS; i++) {
		u_post(f, &f->req[i], i + 1);
		KUNIT_EXPECT_TRUE(test, xprtrdma_send_park(&f->req[i]));
	}
	xprtrdma_sends_retire_all(&f->ep);
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&f->rx.rx_free), (size_t)U_REQS);
	for (i = 0; i < U_REQS; i++)
		KUNIT_EXPECT_FALSE(test, u_busy(&f->req[i]));
}

/*
 * Many times round the ring, retiring every seventh Send: the records
 * stay in order across the wrap and every slot comes back.
 */
static void u_wrap(struct kunit *test)
{
	struct u_fix *f = test->priv;
	struct xprtrdma_req *req;
	unsigned int i;
	u32 seq = 0;

	for (i = 0; i < 10 * U_DEPTH; i++) {
		req = &f->req[i % U_REQS];
		xprtrdma_send_consumed(req);
		seq = u_post(f, req, 1 + i % 3);
		if (i % 7 == 6)
			xprtrdma_sends_retire(&f->ep, seq + 1);
		KUNIT_ASSERT_LT(test, f->ep.ep_send_head - f->ep.ep_send_tail,
				f->ep.ep_recs_mask + 1);
	}
	xprtrdma_sends_retire(&f->ep, seq + 1);
	KUNIT_EXPECT_EQ(test, f->ep.ep_send_head, 10 * U_DEPTH);
	KUNIT_EXPECT_EQ(test, f->ep.ep_send_tail, 10 * U_DEPTH);
	KUNIT_EXPECT_EQ(test, u_avail(f), (int)U_DEPTH);
}

static struct kunit_case u_cases[] = {
	KUNIT_CASE(u_signal),
	KUNIT_CASE(u_retire),
	KUNIT_CASE(u_reply_then_reuse),
	KUNIT_CASE(u_park),
	KUNIT_CASE(u_retire_all),
	KUNIT_CASE(u_wrap),
	{}
};

static struct kunit_suite u_unsig_suite = {
	.name = "xprtrdma_unsig",
	.init = u_init,
	.exit = u_exit,
	.test_cases = u_cases,
};

kunit_test_suite(u_unsig_suite);
