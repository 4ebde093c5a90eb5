// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: Send Queue accounting, and what a Work Request that fails or
 * never completes does to the connection.
 *
 * Nothing is posted on the Send Queue without slots taken from
 * ep_sq_avail beforehand: a Call's chain, reverse-direction Replies,
 * Version 2 control messages and CALL_MIDDLE parts take theirs when
 * they are built, LOCAL_INVs use the ones their Call kept for them.
 * Completions give them back (an MR's LOCAL_INV slot when the MR
 * returns to the pool). A sender that finds too few waits for write
 * space, and whoever gives slots or MRs back wakes it. A failed
 * completion, a failed post or a Send that stays posted too long
 * closes the connection.
 */

#include <kunit/visibility.h>

#include <rpcrdma/compat.h>

#include "xprtrdma.h"
#include "trace.h"

/**
 * xprtrdma_sq_reserve - take Send Queue slots
 * @ep: the connection
 * @n: how many
 *
 * Return: true if they were available.
 */
bool xprtrdma_sq_reserve(struct xprtrdma_ep *ep, unsigned int n)
{
	if (atomic_sub_return(n, &ep->ep_sq_avail) >= 0)
		return true;
	atomic_add(n, &ep->ep_sq_avail);
	return false;
}

/**
 * xprtrdma_sq_release - give back Send Queue slots
 * @ep: the connection
 * @n: how many
 */
void xprtrdma_sq_release(struct xprtrdma_ep *ep, unsigned int n)
{
	atomic_add(n, &ep->ep_sq_avail);
}

/**
 * xprtrdma_space_wait - make the next transmit wait for resources
 * @rx: the transport
 *
 * Sets XPRT_WRITE_SPACE; xprtrdma_space_wake() clears it and lets the
 * next sender in once Send Queue slots or MRs come back.
 */
void xprtrdma_space_wait(struct xprtrdma_xprt *rx)
{
	xprt_wait_for_buffer_space(&rx->rx_xprt);
	/* The caller's second try reads the resource after the bit is set */
	smp_mb__after_atomic();
	xprtrdma_count(rx, st_no_space);
	trace_xprtrdma_no_space(rx->rx_xprt.id);
}

/**
 * xprtrdma_space_wake - resources came back; wake a waiting sender
 * @rx: the transport
 */
void xprtrdma_space_wake(struct xprtrdma_xprt *rx)
{
	xprt_write_space(&rx->rx_xprt);
}

/**
 * xprtrdma_ep_fail - the connection is unusable; close it
 * @ep: the connection
 *
 * Safe in any context that may take a spinlock. Waiting RPCs are woken
 * by the close and retransmit after the next connect. Only
 * XPRTRDMA_EP_CONNECTED is cleared: the close's teardown still calls
 * rdma_disconnect() (XPRTRDMA_EP_DISCONNECT), so the peer hears of it.
 */
void xprtrdma_ep_fail(struct xprtrdma_ep *ep)
{
	struct rpc_xprt *xprt = &ep->ep_rx->rx_xprt;

	trace_xprtrdma_ep_fail(xprt->id);
	clear_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags);
	xprt_force_disconnect(xprt);
}

/**
 * xprtrdma_stalled - a Send has not completed for too long; close
 * @rx: the transport
 *
 * Context: process context. The close's teardown moves the QP to the
 * error state before it takes rx_ep_rwsem, so what was stuck is flushed
 * even while the caller holds that lock shared.
 */
void xprtrdma_stalled(struct xprtrdma_xprt *rx)
{
	KUNIT_STATIC_STUB_REDIRECT(xprtrdma_stalled, rx);
	xprtrdma_count(rx, st_send_stalls);
	trace_xprtrdma_send_stall(rx->rx_xprt.id);
	xprt_force_disconnect(&rx->rx_xprt);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_stalled);

/**
 * xprtrdma_stall_wait - wait for a Send to be done with its buffer
 * @rx: the transport
 * @word: the flags word holding @bit
 * @bit: set while the Send is posted
 *
 * Waits XPRTRDMA_STALL_TIMEOUT; a Send still posted then is stuck behind
 * a peer that takes nothing, so the connection is closed, and the wait
 * goes on for the flush, which the device ends.
 *
 * Context: process context; sleeps uninterruptibly, because the adapter
 * may still read the buffer.
 */
void xprtrdma_stall_wait(struct xprtrdma_xprt *rx, unsigned long *word,
			 int bit)
{
	if (!wait_on_bit_timeout(word, bit, TASK_UNINTERRUPTIBLE,
				 XPRTRDMA_STALL_TIMEOUT))
		return;
	xprtrdma_stalled(rx);
	wait_on_bit(word, bit, TASK_UNINTERRUPTIBLE);
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_stall_wait);

/**
 * xprtrdma_wc_failed - a Work Request of the connection did not succeed
 * @ep: the connection
 * @status: the completion's status (not IB_WC_SUCCESS)
 *
 * A flushed Work Request usually belongs to a teardown we started, and
 * that cleared XPRTRDMA_EP_CONNECTED before moving the QP to error. A
 * flush while the connection still counts as up means the QP entered
 * the error state by itself: rxe, for one, does so on a local transmit
 * error and says so only by flushing what is outstanding, with no error
 * completion, no async event and no RDMA-CM event. Nothing else would
 * notice until an RPC timed out, so the connection is closed now.
 *
 * Context: a completion handler.
 */
void xprtrdma_wc_failed(struct xprtrdma_ep *ep, enum ib_wc_status status)
{
	if (status != IB_WC_WR_FLUSH_ERR ||
	    test_bit(XPRTRDMA_EP_CONNECTED, &ep->ep_flags)) {
		trace_xprtrdma_wc_failed(ep->ep_rx->rx_xprt.id, status);
		xprtrdma_ep_fail(ep);
	}
}
