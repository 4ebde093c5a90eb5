// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the Send queue of a connection: how many work requests each
 * post may put on it, the credit grant that follows its use, and
 * flushing it.
 *
 * Everything posted on the Send queue (Replies and the RDMA Writes in
 * front of them, RDMA Reads, error and control messages, backchannel
 * Calls) first reserves its work requests with svcrdma_sq_reserve(),
 * the keepalive probe takes its one entry without waiting
 * (keepalive.c), and the completion that ends a post gives them back
 * (svcrdma_sq_release()), so a post never overruns the queue the QP
 * was created with.
 */

#include <linux/sched.h>

#include <kunit/visibility.h>

#include "svcrdma.h"
#include "trace.h"

/* What a waiter for @wrs entries waits for: the room, or the close */
static bool svcrdma_sq_room(struct svcrdma_xprt *sx, unsigned int wrs)
{
	return atomic_read(&sx->sx_sq_avail) >= (int)wrs ||
	       svc_xprt_is_dead(&sx->sx_xprt);
}

/**
 * svcrdma_sq_reserve - take Send queue entries, waiting if needed
 * @sx: the connection
 * @wrs: entries wanted
 *
 * Bounds what one connection may have outstanding on its Send queue,
 * which also bounds the RDMA Reads and Writes it can have in flight.
 *
 * The wait is bounded too: entries come back only as the client's side
 * completes our work requests. A client that posts no Receives and
 * asked for unlimited RNR retries (RFC 8166, Section 3.3.1 makes
 * posting them its duty) stalls our Sends for ever, and every nfsd
 * thread that replies to it would wait with them; one that posts a
 * Receive now and then lets a Send complete now and then, and each
 * completion wakes every waiter: one gets the entries, and any other
 * that saw them first waits again. So the bound is on the whole wait
 * of one reservation, not on the time between completions: a thread
 * that has waited SVCRDMA_SQ_STALL in all takes the client to be stuck
 * and closes the connection, which flushes the queue. A client that
 * reposts its Receives as RFC 8166 asks returns a full queue's entries
 * many times over in that time.
 *
 * Return: 0, or -ENOTCONN once the connection is closing (or was
 * closed here), or -E2BIG when @wrs can never fit.
 */
int svcrdma_sq_reserve(struct svcrdma_xprt *sx, unsigned int wrs)
{
	unsigned long deadline = jiffies + SVCRDMA_SQ_STALL;
	long left;

	if (wrs > sx->sx_sq_depth)
		return -E2BIG;
	for (;;) {
		if (svc_xprt_is_dead(&sx->sx_xprt))
			return -ENOTCONN;
		if (atomic_sub_return(wrs, &sx->sx_sq_avail) >= 0)
			return 0;
		atomic_add(wrs, &sx->sx_sq_avail);
		left = (long)(deadline - jiffies);
		if (left <= 0)
			break;
		svcrdma_stat_inc(SVCRDMA_STAT_SQ_WAITS);
		trace_svcrdma_sq_full(sx, wrs);
		wait_event_timeout(sx->sx_sq_wait, svcrdma_sq_room(sx, wrs),
				   left);
	}
	svcrdma_stat_inc(SVCRDMA_STAT_SQ_STALLS);
	svc_xprt_deferred_close(&sx->sx_xprt);
	return -ENOTCONN;
}

/**
 * svcrdma_sq_release - return Send queue entries
 * @sx: the connection
 * @wrs: entries returned
 */
void svcrdma_sq_release(struct svcrdma_xprt *sx, unsigned int wrs)
{
	atomic_add(wrs, &sx->sx_sq_avail);
	if (wq_has_sleeper(&sx->sx_sq_wait))
		wake_up(&sx->sx_sq_wait);
}

/**
 * svcrdma_credits - the credit value to put in a Reply
 * @sx: the connection
 *
 * Policy (RFC 8166, Section 3.3.1 lets the grant change with every
 * Reply): additive increase, multiplicative decrease. The Receive ring
 * always has sx_max_requests entries, so any grant up to that is safe;
 * the grant halves (not below SVCRDMA_REQS_MIN) while more than three
 * quarters of the Send queue is in use, and grows back by one per Reply
 * otherwise. A closing connection grants 1. Concurrent updates may lose
 * a step; that only makes the heuristic a little slower.
 *
 * Return: the grant.
 */
u32 svcrdma_credits(struct svcrdma_xprt *sx)
{
	unsigned int c = READ_ONCE(sx->sx_credits);

	if (svc_xprt_is_dead(&sx->sx_xprt))
		return 1;
	if (atomic_read(&sx->sx_sq_avail) < (int)(sx->sx_sq_depth / 4))
		c = max(c / 2, SVCRDMA_REQS_MIN);
	else if (c < sx->sx_max_requests)
		c++;
	c = min(c, sx->sx_max_requests);
	WRITE_ONCE(sx->sx_credits, c);
	return c;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_credits);

/**
 * svcrdma_qp_flush - move the QP to the error state
 * @sx: the connection
 *
 * Every posted work request then completes (flushed), so no thread
 * waits on a device that is going and no posted RDMA Read goes on
 * writing into our memory. Safe before the QP exists (does nothing).
 */
void svcrdma_qp_flush(struct svcrdma_xprt *sx)
{
	struct ib_qp_attr attr = { .qp_state = IB_QPS_ERR };

	if (!test_bit(SVCRDMA_F_RESOURCES, &sx->sx_flags))
		return;
	smp_mb__after_atomic();	/* pairs with svcrdma_create_qp() */
	ib_modify_qp(sx->sx_qp, &attr, IB_QP_STATE);
}
