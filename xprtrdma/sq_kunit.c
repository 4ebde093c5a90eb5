// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite of the client's bounded wait for a Send (xprtrdma/sq.c):
 *
 *   xprtrdma_stall  xprtrdma_stall_wait(), which the end of an RPC and
 *                   of a backchannel Reply use while their Send may
 *                   still be posted. A Send that completes ends the
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
 */

#include <linux/jiffies.h>
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
