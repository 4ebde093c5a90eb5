// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the "xprt: rdma" line of /proc/self/mountstats.
 *
 * The first 27 fields are those of the kernel's own client, in its
 * order and, as near as our transport allows, with its meaning, so that
 * mountstats(8) labels them rightly: the ten every transport prints
 * (source port, bind count, connect count, connect time, idle time,
 * sends, receives, bad xids, request and backlog queue utilisation),
 * then eleven about chunks and copies, then six about MRs and waits.
 * Counters of our own follow, only ever appended; see the table in
 * Documentation/xprtrdma.rst.
 *
 * Also the module's gauges, which outlive every mount, in
 * /proc/sys/sunrpc/xprtrdma_ng/.
 */

#include <linux/seq_file.h>

#include <rpcrdma/gauge.h>

#include "xprtrdma.h"

#define XS(rx, field) atomic_long_read(&(rx)->rx_stats.field)

static void xprtrdma_print_common(struct rpc_xprt *xprt, struct seq_file *seq)
{
	struct xprtrdma_xprt *rx = xprtrdma_rx(xprt);
	long idle = 0;

	if (xprt_connected(xprt))
		idle = (long)(jiffies - xprt->last_used) / HZ;
	seq_printf(seq, "\txprt:\trdma %u %lu %lu %lu %ld %lu %lu %lu %llu %llu ",
		   READ_ONCE(rx->rx_srcport), xprt->stat.bind_count,
		   xprt->stat.connect_count, xprt->stat.connect_time / HZ,
		   idle, xprt->stat.sends, xprt->stat.recvs,
		   xprt->stat.bad_xids, xprt->stat.req_u, xprt->stat.bklog_u);
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
	/*
	 * As the kernel's client: Read, Write and Reply chunk segments
	 * registered, bytes registered for Write and Reply chunks, bytes
	 * the server wrote into them, bytes copied into Sends and out of
	 * Receives, "hardway" registrations (none: every chunk is FRWR),
	 * marshal failures, bad replies, RDMA_NOMSG calls
	 */
	seq_printf(seq, "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu ",
		   XS(rx, st_read_segs), XS(rx, st_write_segs),
		   XS(rx, st_reply_segs), XS(rx, st_request_bytes),
		   XS(rx, st_write_bytes), XS(rx, st_send_copy),
		   XS(rx, st_recv_copy), 0UL,
		   XS(rx, st_marshal_fail), XS(rx, st_bad_reply),
		   XS(rx, st_nomsg_calls));
	/*
	 * As the kernel's client: MRs recovered and lost in recovery, MRs
	 * allocated, local invalidations, waits for Send Queue space or
	 * MRs, replies that waited for their Send completion (none: an RPC
	 * does not wait for its Send, send.c)
	 */
	seq_printf(seq, "%lu %lu %lu %lu %lu %lu ",
		   READ_ONCE(rx->rx_stats.st_mrs_recovered),
		   READ_ONCE(rx->rx_stats.st_mrs_orphaned),
		   XS(rx, st_mrs_allocated), XS(rx, st_local_inv),
		   XS(rx, st_no_space), 0UL);
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
	seq_printf(seq, "%u %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu ",
		   READ_ONCE(rx->rx_vers), XS(rx, st_v2_offered),
		   XS(rx, st_v2_accepted), XS(rx, st_v2_refused),
		   XS(rx, st_v2_silent), XS(rx, st_v2_grants_recv),
		   XS(rx, st_v2_grants_sent), XS(rx, st_v2_errors_recv),
		   XS(rx, st_v2_errors_sent), XS(rx, st_v2_cont_recv),
		   XS(rx, st_v2_credit_waits), XS(rx, st_v2_cont_sent));
	/*
	 * Ours, moved here to leave the kernel's columns their meaning:
	 * MRs registered, remote invalidations, Read, Write and Reply
	 * chunks (one per Call or Reply, however many segments), bytes
	 * registered for Read chunks; then connections closed because a
	 * Send stayed stuck (xprtrdma_stalled()), and because the server
	 * kept its Version 2 credit window shut (xprtrdma_v2_watch())
	 */
	seq_printf(seq, "%lu %lu %lu %lu %lu %lu %lu %lu\n",
		   XS(rx, st_mrs_registered), XS(rx, st_remote_inv),
		   XS(rx, st_read_chunks), XS(rx, st_write_chunks),
		   XS(rx, st_reply_chunks), XS(rx, st_read_bytes),
		   XS(rx, st_send_stalls), XS(rx, st_v2_credit_stalls));
}

atomic_t xprtrdma_live[XPRTRDMA_LIVE_MAX];
static struct ctl_table_header *xprtrdma_gauges_sysctl;

static struct ctl_table xprtrdma_gauges_table[] = {
	RPCRDMA_CTL_GAUGE("live_xprts", &xprtrdma_live[XPRTRDMA_LIVE_XPRTS]),
	RPCRDMA_CTL_GAUGE("live_conns", &xprtrdma_live[XPRTRDMA_LIVE_CONNS]),
	RPCRDMA_CTL_GAUGE("live_recv_bufs",
			  &xprtrdma_live[XPRTRDMA_LIVE_RECV_BUFS]),
	RPCRDMA_CTL_GAUGE("live_bc_reqs",
			  &xprtrdma_live[XPRTRDMA_LIVE_BC_REQS]),
	RPCRDMA_CTL_END
};

/**
 * xprtrdma_gauges_init - register /proc/sys/sunrpc/xprtrdma_ng/
 *
 * Return: 0 or -ENOMEM.
 */
int xprtrdma_gauges_init(void)
{
	xprtrdma_gauges_sysctl = register_sysctl("sunrpc/xprtrdma_ng",
						 xprtrdma_gauges_table);
	return xprtrdma_gauges_sysctl ? 0 : -ENOMEM;
}

/**
 * xprtrdma_gauges_exit - remove it
 */
void xprtrdma_gauges_exit(void)
{
	unregister_sysctl_table(xprtrdma_gauges_sysctl);
	xprtrdma_gauges_sysctl = NULL;
}
