// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: noticing a client that vanished without a disconnect.
 *
 * A client whose host dies (power loss, panic, a killed VM) sends no
 * DREQ, so the rdma_cm reports nothing, and an idle connection posts
 * nothing that could fail. Left alone, such a connection holds its QP,
 * its Receive ring and an nfsd transport until the RPC layer ages idle
 * connections out (two periods of 6 minutes).
 *
 * So each connection probes its peer when it has been quiet: if no
 * Receive completed during one keepalive interval, a signalled
 * zero-length RDMA Write is posted. The peer's adapter acknowledges it
 * without involving the client's software at all (a zero-length RDMA
 * Write carries no steering tag to validate: InfiniBand Architecture
 * Specification, C9-88), so a live client never sees it. A dead peer
 * never acknowledges it: the QP retransmits as its retry count and
 * timeout say and then completes the probe with an error, and the
 * connection is closed and freed like any other.
 *
 * Traffic proves the peer alive, so a busy connection sends no probes;
 * a Send or RDMA Read to a dead peer fails the same way on its own.
 * Probes are sent on InfiniBand and RoCE only: iWARP has its own rules
 * for zero-length RDMA Writes and has not been tried here.
 */

#include <linux/workqueue.h>

#include "svcrdma.h"
#include "trace.h"

/* Re-check this often while probing is switched off. */
#define SVCRDMA_KEEPALIVE_IDLE_RECHECK	60U

static void svcrdma_probe_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_xprt *sx = container_of(wc->wr_cqe, struct svcrdma_xprt,
					       sx_probe_cqe);

	trace_svcrdma_probe_done(sx, sx->sx_sq_cq_id, sx->sx_probe_cid, wc);
	svcrdma_sq_release(sx, 1);
	if (wc->status != IB_WC_SUCCESS && wc->status != IB_WC_WR_FLUSH_ERR) {
		svcrdma_stat_inc(SVCRDMA_STAT_PROBE_FAILED);
		svc_xprt_deferred_close(&sx->sx_xprt);
	}
	clear_bit_unlock(SVCRDMA_F_PROBING, &sx->sx_flags);
}

/*
 * Post one probe unless one is in flight or the Send queue is full.
 * Returns true when this call posted one.
 */
static bool svcrdma_probe_post(struct svcrdma_xprt *sx)
{
	struct ib_rdma_wr wr = { };
	int ret;

	if (test_and_set_bit_lock(SVCRDMA_F_PROBING, &sx->sx_flags))
		return false;
	/* A full Send queue is traffic: the peer will be heard from. */
	if (atomic_sub_return(1, &sx->sx_sq_avail) < 0) {
		svcrdma_sq_release(sx, 1);
		goto out_clear;
	}
	sx->sx_probe_cqe.done = svcrdma_probe_done;
	wr.wr.wr_cqe = &sx->sx_probe_cqe;
	wr.wr.opcode = IB_WR_RDMA_WRITE;
	wr.wr.send_flags = IB_SEND_SIGNALED;
	/* No SGE, no remote address, no rkey: see the comment above. */
	ret = ib_post_send(sx->sx_qp, &wr.wr, NULL);
	trace_svcrdma_probe(sx, ret);
	if (ret) {
		svcrdma_sq_release(sx, 1);
		svc_xprt_deferred_close(&sx->sx_xprt);
		goto out_clear;
	}
	svcrdma_stat_inc(SVCRDMA_STAT_PROBES);
	return true;

out_clear:
	clear_bit_unlock(SVCRDMA_F_PROBING, &sx->sx_flags);
	return false;
}

static unsigned long svcrdma_keepalive_delay(void)
{
	unsigned int secs = READ_ONCE(svcrdma_keepalive);

	return (secs ? secs : SVCRDMA_KEEPALIVE_IDLE_RECHECK) * HZ;
}

static void svcrdma_probe_work(struct work_struct *work)
{
	struct svcrdma_xprt *sx = container_of(to_delayed_work(work),
					       struct svcrdma_xprt,
					       sx_probe_work);
	unsigned int seen = atomic_read(&sx->sx_recv_seq);

	if (svc_xprt_is_dead(&sx->sx_xprt))
		return;
	/*
	 * A probe posted one interval ago that has neither completed nor
	 * failed sits behind Sends the client never lets complete (no
	 * Receives posted, unlimited RNR retries): the client is stuck,
	 * and waiting longer frees nothing. Close; the flush ends it.
	 */
	if (READ_ONCE(svcrdma_keepalive) && seen == sx->sx_probe_seen &&
	    sx->sx_probe_armed && test_bit(SVCRDMA_F_PROBING, &sx->sx_flags)) {
		svcrdma_stat_inc(SVCRDMA_STAT_PROBE_STUCK);
		trace_svcrdma_probe(sx, -ETIMEDOUT);
		svc_xprt_deferred_close(&sx->sx_xprt);
		return;
	}
	sx->sx_probe_armed = false;
	if (READ_ONCE(svcrdma_keepalive) && seen == sx->sx_probe_seen)
		sx->sx_probe_armed = svcrdma_probe_post(sx);
	sx->sx_probe_seen = seen;
	queue_delayed_work(system_long_wq, &sx->sx_probe_work,
			   svcrdma_keepalive_delay());
}

/**
 * svcrdma_keepalive_init - prepare a transport's probe (not started)
 * @sx: a new transport
 */
void svcrdma_keepalive_init(struct svcrdma_xprt *sx)
{
	INIT_DELAYED_WORK(&sx->sx_probe_work, svcrdma_probe_work);
}

/**
 * svcrdma_keepalive_start - start probing a newly accepted connection
 * @sx: the connection
 */
void svcrdma_keepalive_start(struct svcrdma_xprt *sx)
{
	struct rdma_cm_id *id = sx->sx_cm_id;

	if (rdma_protocol_iwarp(id->device, id->port_num))
		return;
	sx->sx_probe_seen = atomic_read(&sx->sx_recv_seq);
	queue_delayed_work(system_long_wq, &sx->sx_probe_work,
			   svcrdma_keepalive_delay());
}

/**
 * svcrdma_keepalive_stop - stop probing, before the QP is drained
 * @sx: the transport
 *
 * Once this returns no probe is posted any more; one already posted
 * completes (or is flushed) during the drain.
 */
void svcrdma_keepalive_stop(struct svcrdma_xprt *sx)
{
	cancel_delayed_work_sync(&sx->sx_probe_work);
}
