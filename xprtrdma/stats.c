// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the "xprt: rdma" line of /proc/self/mountstats.
 *
 * The first ten fields are the ones every transport prints (source port,
 * bind count, connect count, connect time, idle time, sends, receives,
 * bad xids, request and backlog queue utilisation). The RDMA fields
 * follow in the column order that mountstats(8) already knows for
 * "rdma", then counters of our own; see Documentation/xprtrdma.rst.
 */

#include <linux/seq_file.h>

#include "xprtrdma.h"

#define XS(rx, field) atomic_long_read(&(rx)->rx_stats.field)

static void xprtrdma_print_common(struct rpc_xprt *xprt, struct seq_file *seq)
{
	long idle = 0;

	if (xprt_connected(xprt))
		idle = (long)(jiffies - xprt->last_used) / HZ;
	seq_printf(seq, "\txprt:\trdma %u %lu %lu %lu %ld %lu %lu %lu %llu %llu ",
		   0U, xprt->stat.bind_count, xprt->stat.connect_count,
		   xprt->stat.connect_time / HZ, idle, xprt->stat.sends,
		   xprt->stat.recvs, xprt->stat.bad_xids, xprt->stat.req_u,
		   xprt->stat.bklog_u);
}

/**
 * xprtrdma_print_stats - xprt op: print transport statistics
 * @xprt: the transport
 * @seq: the mountstats file
 */
void xprtrdma_print_stats(struct rpc_xprt *xprt, struct seq_file *seq)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);

	xprtrdma_print_common(xprt, seq);
	/* read/write/reply chunks, bytes each way, copies, registrations */
	seq_printf(seq, "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu ",
		   XS(rx, st_read_chunks), XS(rx, st_write_chunks),
		   XS(rx, st_reply_chunks), XS(rx, st_read_bytes),
		   XS(rx, st_write_bytes), XS(rx, st_send_copy),
		   XS(rx, st_recv_copy), XS(rx, st_mrs_registered),
		   XS(rx, st_marshal_fail), XS(rx, st_bad_reply),
		   XS(rx, st_nomsg_calls));
	/* MR recovery, invalidation, resource waits */
	seq_printf(seq, "%lu %lu %lu %lu %lu %lu ",
		   READ_ONCE(rx->rx_stats.st_mrs_recovered),
		   READ_ONCE(rx->rx_stats.st_mrs_orphaned),
		   XS(rx, st_remote_inv), XS(rx, st_local_inv),
		   XS(rx, st_no_space), XS(rx, st_reply_waits_send));
	/* ours: RDMA_ERRORs, dropped reverse calls, clamped credit grants */
	seq_printf(seq, "%lu %lu %lu %lu ",
		   XS(rx, st_err_vers), XS(rx, st_err_chunk),
		   XS(rx, st_calls_dropped), XS(rx, st_credit_clamped));
	/* reverse direction: Calls queued, Replies sent, ERR_CHUNK answers */
	seq_printf(seq, "%lu %lu %lu ",
		   XS(rx, st_bc_calls), XS(rx, st_bc_replies),
		   XS(rx, st_bc_err_chunk));
	/*
	 * Version 2: the version of the latest connection, first messages
	 * sent and how they were answered (Version 2, ERR_VERS, silence),
	 * GRANTs and RDMA2_ERRORs each way, continued Reply messages,
	 * Calls that waited for credits, continued Calls sent
	 */
	seq_printf(seq, "%u %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
		   READ_ONCE(rx->rx_vers), XS(rx, st_v2_offered),
		   XS(rx, st_v2_accepted), XS(rx, st_v2_refused),
		   XS(rx, st_v2_silent), XS(rx, st_v2_grants_recv),
		   XS(rx, st_v2_grants_sent), XS(rx, st_v2_errors_recv),
		   XS(rx, st_v2_errors_sent), XS(rx, st_v2_cont_recv),
		   XS(rx, st_v2_credit_waits), XS(rx, st_v2_cont_sent));
}
