// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the backchannel, reverse-direction RPC (RFC 8167).
 *
 * NFSv4.1 and later send callbacks (CB_NULL, CB_SEQUENCE, CB_RECALL,
 * ...) on the connection the client created, in the reverse direction.
 * nfsd builds an rpc_clnt for them whose transport class is found by
 * the ident of our svc_xprt class with XPRT_TRANSPORT_BC added; this file
 * is that class.
 *
 * Operation:
 *  - setup binds one rpc_xprt to one of our connections (svc_xprt),
 *    which keeps a reference to it until the svc_xprt is freed;
 *  - send_request copies the marshalled Call behind an RDMA_MSG header
 *    with empty chunk lists into a Send context and posts it on the
 *    connection's QP with the forward-direction Send path;
 *  - a Receive that holds a reverse-direction Reply reaches
 *    svcrdma_bc_reply() from xpo_recvfrom; it is checked, matched to
 *    its Call by xid and copied into that Call's receive buffer;
 *  - when the connection goes, svc_delete_xprt() calls our close op:
 *    the rpc_xprt is marked disconnected and every Call waiting for a
 *    Reply fails with -ENOTCONN. nfsd's callback tasks do not reconnect
 *    (RPC_TASK_NOCONNECT), so nfsd marks the callback path down and
 *    the client sets up a new one on its next connection.
 *
 * Messages travel inline only (RFC 8167, Section 5.3 lets an Upper-Layer
 * Protocol without large callbacks do without chunks, and NFSv4.1 has
 * none): our Calls carry no chunks and must fit the inline thresholds
 * (Section 4.2); a Reply that names a chunk, or that the Call's receive
 * buffer cannot hold, is dropped and counted.
 *
 * On a Version 2 connection (v2-07) a Call goes out as RDMA2_CALL_INLINE
 * (no chunks, rdma_inv_handle zero), only to a client whose
 * Reverse-Direction Support property (Section 5.2.5) is at least
 * RDMA2_RVRSDIR_SIMPLE; to any other, sending fails as on a dead
 * connection, and nfsd marks the callback path down. Version 2 credits
 * cover both directions on the connection (Section 4.2.1, every message
 * counts), so each Call takes one like any Send (send.c) and carries
 * the connection's credit value, and the client's Replies do not set
 * the window: it stays at the slot count.
 *
 * Credits (RFC 8167, Section 4.1, "Reverse-Direction Credits"): the two
 * directions are accounted separately. A reverse-direction Call carries
 * the number of Calls we may want outstanding (the rpc_xprt's slot
 * count); the client's Reply grants reverse-direction credits, which
 * become the rpc_xprt's congestion window. Until the first Reply the
 * window is one Call, as RFC 8166, Section 3.3.1 has it for a new
 * connection. The Receives the client's Replies land in are extra
 * entries of our Receive ring (SVCRDMA_BC_REQS, see cm.c), so the
 * client's forward-direction credits are untouched.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/sunrpc/addr.h>
#include <linux/sunrpc/xprt.h>
#include <linux/sunrpc/xdr.h>

#include "svcrdma.h"
#include "trace.h"

/* Address strings shown by the RPC layer (debugfs, tracepoints) */
#define SVCRDMA_BC_ADDRLEN	64

/**
 * struct svcrdma_bc - one backchannel transport
 * @bx_xprt: the generic client transport; must stay first
 * @bx_addr: presentation address of the client
 * @bx_port: its port, decimal
 * @bx_hex_addr: its address, hexadecimal
 * @bx_hex_port: its port, hexadecimal
 */
struct svcrdma_bc {
	struct rpc_xprt		bx_xprt;
	char			bx_addr[SVCRDMA_BC_ADDRLEN];
	char			bx_port[8];
	char			bx_hex_addr[SVCRDMA_BC_ADDRLEN];
	char			bx_hex_port[8];
};

/*
 * Used only when the creator passes no timeout of its own (nfsd does);
 * there is no retransmission on a connection that is still up.
 */
static const struct rpc_timeout svcrdma_bc_timeout = {
	.to_initval	= 60 * HZ,
	.to_maxval	= 60 * HZ,
	.to_retries	= 0,
};

static struct svcrdma_xprt *svcrdma_bc_sx(const struct rpc_xprt *xprt)
{
	return svcrdma_sx(xprt->bc_xprt);
}

static int svcrdma_bc_buf_alloc(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;
	void *buf;

	buf = kmalloc(rqst->rq_callsize + rqst->rq_rcvsize,
		      rpc_task_gfp_mask() | __GFP_NOWARN);
	if (!buf)
		return -ENOMEM;
	rqst->rq_buffer = buf;
	rqst->rq_rbuffer = buf + rqst->rq_callsize;
	return 0;
}

static void svcrdma_bc_buf_free(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;

	kfree(rqst->rq_buffer);
	rqst->rq_buffer = NULL;
	rqst->rq_rbuffer = NULL;
}

/* The connection is gone: fail what waits for a Reply, send no more. */
static void svcrdma_bc_disconnect(struct rpc_xprt *xprt)
{
	if (xprt_connected(xprt))
		xprt_disconnect_done(xprt);
}

/*
 * Build the RDMA_MSG header with empty Read list, Write list and Reply
 * chunk, and the Call behind it, in @sc's buffer.
 */
static int svcrdma_bc_marshal(struct svcrdma_xprt *sx,
			      struct svcrdma_send_ctxt *sc,
			      struct rpc_rqst *rqst)
{
	struct rpcrdma_v1_msg *msg = &sc->sc_msg;
	const struct xdr_buf *xb = &rqst->rq_snd_buf;
	unsigned int send = READ_ONCE(sx->sx_send_size);
	u32 xid = be32_to_cpu(rqst->rq_xid);
	enum rpcrdma_codec_err err;
	size_t hdr;

	/* Inline only (RFC 8167, Sections 4.2 and 5.3) */
	if (xb->len > rqst->rq_xprt->max_payload)
		return -EMSGSIZE;
	if (READ_ONCE(sx->sx_version) == RPCRDMA_VERSION_2) {
		/* v2-07, Section 5.2.5 */
		if (READ_ONCE(sx->sx_v2->v2_peer_brs) < RPCRDMA2_RVRSDIR_SIMPLE)
			return -EPROTONOSUPPORT;
		rpcrdma_v1_reverse_init(msg, xid, svcrdma_v2_credit(sx));
		err = rpcrdma_v2_encode_msg(msg, true, 0, sc->sc_buf, send,
					    &hdr);
	} else {
		rpcrdma_v1_reverse_init(msg, xid, rqst->rq_xprt->max_reqs);
		err = rpcrdma_v1_encode(msg, sc->sc_buf, send, &hdr);
	}
	if (err || hdr + xb->len > send)
		return -EIO;
	if (read_bytes_from_xdr_buf(xb, 0, sc->sc_buf + hdr, xb->len))
		return -EIO;
	sc->sc_len = hdr + xb->len;
	return 0;
}

/*
 * send_request: post one reverse-direction Call. The Call is copied, so
 * the RPC layer's buffer is free again as soon as this returns.
 */
static int svcrdma_bc_send_request(struct rpc_rqst *rqst)
{
	struct rpc_xprt *xprt = rqst->rq_xprt;
	struct svcrdma_xprt *sx = svcrdma_bc_sx(xprt);
	u32 xid = be32_to_cpu(rqst->rq_xid);
	struct svcrdma_send_ctxt *sc;
	unsigned int noio, len;
	int ret;

	if (svc_xprt_is_dead(&sx->sx_xprt))
		goto out_notconn;

	/* rpciod must not wait on reclaim that may need NFS I/O */
	noio = memalloc_noio_save();
	sc = svcrdma_send_ctxt_get(sx);
	memalloc_noio_restore(noio);
	if (!sc)
		return -ENOMEM;

	ret = svcrdma_bc_marshal(sx, sc, rqst);
	if (ret) {
		svcrdma_send_ctxt_put(sx, sc);
		svcrdma_stat_inc(SVCRDMA_STAT_BC_SEND_ERR);
		trace_svcrdma_bc_send_err(sx, xid, rqst->rq_snd_buf.len, ret);
		/* A Version 2 client that takes no reverse-direction Calls */
		if (ret == -EPROTONOSUPPORT)
			goto out_notconn;
		return ret;
	}

	len = sc->sc_len;
	rqst->rq_xtime = ktime_get();
	ret = svcrdma_send_post(sx, sc, 0, false);
	if (ret) {
		/* svcrdma_send_post() released @sc and closes the connection */
		svcrdma_stat_inc(SVCRDMA_STAT_BC_SEND_ERR);
		trace_svcrdma_bc_send_err(sx, xid, len, ret);
		goto out_notconn;
	}
	svcrdma_stat_inc(SVCRDMA_STAT_BC_CALLS);
	trace_svcrdma_bc_call(sx, xid, len, xprt->max_reqs);
	return 0;

out_notconn:
	svcrdma_bc_disconnect(xprt);
	return -ENOTCONN;
}

/*
 * close: called by svc_delete_xprt() when the connection goes, and by
 * the RPC layer when it wants the transport reset. The backchannel
 * cannot be reset on its own; in that case the whole connection is
 * closed, so the client reconnects and nfsd builds a new backchannel.
 */
static void svcrdma_bc_close(struct rpc_xprt *xprt)
{
	struct svcrdma_xprt *sx = svcrdma_bc_sx(xprt);

	trace_svcrdma_bc_close(sx);
	svcrdma_bc_disconnect(xprt);
	if (!svc_xprt_is_dead(&sx->sx_xprt))
		svc_xprt_deferred_close(&sx->sx_xprt);
}

/* destroy: the last reference is gone (xprt_destroy_cb, a workqueue) */
static void svcrdma_bc_destroy(struct rpc_xprt *xprt)
{
	xprt_free(xprt);
	module_put(THIS_MODULE);
}

static void svcrdma_bc_print_stats(struct rpc_xprt *xprt, struct seq_file *seq)
{
	seq_printf(seq, "\txprt:\trdma-bc %lu %lu %lu %llu %llu\n",
		   xprt->stat.sends, xprt->stat.recvs, xprt->stat.bad_xids,
		   xprt->stat.req_u, xprt->stat.bklog_u);
}

static const struct rpc_xprt_ops svcrdma_bc_ops = {
	.reserve_xprt		= xprt_reserve_xprt_cong,
	.release_xprt		= xprt_release_xprt_cong,
	.alloc_slot		= xprt_alloc_slot,
	.free_slot		= xprt_free_slot,
	.release_request	= xprt_release_rqst_cong,
	.buf_alloc		= svcrdma_bc_buf_alloc,
	.buf_free		= svcrdma_bc_buf_free,
	.send_request		= svcrdma_bc_send_request,
	.wait_for_reply_request	= xprt_wait_for_reply_request_def,
	.close			= svcrdma_bc_close,
	.destroy		= svcrdma_bc_destroy,
	.print_stats		= svcrdma_bc_print_stats,
};

static void svcrdma_bc_format_addresses(struct svcrdma_bc *bx)
{
	struct rpc_xprt *xprt = &bx->bx_xprt;
	struct sockaddr *sap = (struct sockaddr *)&xprt->addr;
	unsigned short port = rpc_get_port(sap);

	rpc_ntop(sap, bx->bx_addr, sizeof(bx->bx_addr));
	if (sap->sa_family == AF_INET6) {
		const struct sockaddr_in6 *sin6 = (const void *)sap;

		snprintf(bx->bx_hex_addr, sizeof(bx->bx_hex_addr), "%pi6",
			 &sin6->sin6_addr);
		xprt->address_strings[RPC_DISPLAY_NETID] = RPCBIND_NETID_RDMA6;
	} else {
		const struct sockaddr_in *sin = (const void *)sap;

		snprintf(bx->bx_hex_addr, sizeof(bx->bx_hex_addr), "%08x",
			 ntohl(sin->sin_addr.s_addr));
		xprt->address_strings[RPC_DISPLAY_NETID] = RPCBIND_NETID_RDMA;
	}
	snprintf(bx->bx_port, sizeof(bx->bx_port), "%u", port);
	snprintf(bx->bx_hex_port, sizeof(bx->bx_hex_port), "%4hx", port);
	xprt->address_strings[RPC_DISPLAY_ADDR] = bx->bx_addr;
	xprt->address_strings[RPC_DISPLAY_PORT] = bx->bx_port;
	xprt->address_strings[RPC_DISPLAY_PROTO] = "rdma";
	xprt->address_strings[RPC_DISPLAY_HEX_ADDR] = bx->bx_hex_addr;
	xprt->address_strings[RPC_DISPLAY_HEX_PORT] = bx->bx_hex_port;
}

static struct xprt_class svcrdma_bc_class;

/*
 * setup: nfsd's rpc_create() for the callback client of a connection
 * that has none yet. The connection keeps one reference (dropped by
 * svc_xprt_free()); the caller gets the other.
 */
static struct rpc_xprt *svcrdma_bc_setup(struct xprt_create *args)
{
	struct svc_xprt *sxprt = args->bc_xprt;
	struct svcrdma_xprt *sx;
	struct svcrdma_bc *bx;
	struct rpc_xprt *xprt;
	int ret;

	if (!sxprt || sxprt->xpt_class != &svcrdma_class ||
	    test_bit(XPT_LISTENER, &sxprt->xpt_flags))
		return ERR_PTR(-EINVAL);
	if (args->addrlen > sizeof(xprt->addr))
		return ERR_PTR(-EBADF);
	sx = svcrdma_sx(sxprt);
	if (svc_xprt_is_dead(sxprt))
		return ERR_PTR(-ENOTCONN);
	if (!try_module_get(THIS_MODULE))
		return ERR_PTR(-ENODEV);

	xprt = xprt_alloc(args->net, sizeof(*bx), SVCRDMA_BC_REQS,
			  SVCRDMA_BC_REQS);
	if (!xprt) {
		ret = -ENOMEM;
		goto out_put;
	}
	bx = container_of(xprt, struct svcrdma_bc, bx_xprt);
	xprt->ops = &svcrdma_bc_ops;
	xprt->xprt_class = &svcrdma_bc_class;
	xprt->timeout = &svcrdma_bc_timeout;
	xprt->prot = XPRT_TRANSPORT_BC_RDMA;
	xprt->bind_timeout = 0;
	xprt->reestablish_timeout = 0;
	xprt->idle_timeout = 0;
	xprt->resvport = 0;
	xprt->max_payload = rpcrdma_reverse_max_payload(READ_ONCE(sx->sx_send_size),
							sx->sx_recv_size);
	/* RDMA2_CALL_INLINE has rdma_inv_handle besides Version 1's fields */
	if (READ_ONCE(sx->sx_version) == RPCRDMA_VERSION_2)
		xprt->max_payload -= min_t(size_t, xprt->max_payload,
					   RPCRDMA_XDR_UNIT);
	memcpy(&xprt->addr, args->dstaddr, args->addrlen);
	xprt->addrlen = args->addrlen;
	svcrdma_bc_format_addresses(bx);
	xprt->bc_xprt = sxprt;
	xprt_set_bound(xprt);
	xprt_set_connected(xprt);

	/*
	 * rpc_create() reuses an existing backchannel without coming here;
	 * two creators racing for a new one would both arrive. Only one
	 * rpc_xprt may hang off the connection.
	 */
	spin_lock(&sx->sx_lock);
	if (sxprt->xpt_bc_xprt) {
		spin_unlock(&sx->sx_lock);
		ret = -EBUSY;
		goto out_free;
	}
	sxprt->xpt_bc_xprt = xprt_get(xprt);
	spin_unlock(&sx->sx_lock);

	/*
	 * svc_delete_xprt() sets XPT_DEAD, then closes xpt_bc_xprt if it
	 * sees one. Publish, then look: if it missed us, disconnect here.
	 */
	smp_mb();
	if (svc_xprt_is_dead(sxprt))
		svcrdma_bc_disconnect(xprt);

	trace_svcrdma_bc_setup(sx);
	return xprt;

out_free:
	xprt_free(xprt);
out_put:
	module_put(THIS_MODULE);
	return ERR_PTR(ret);
}

static struct xprt_class svcrdma_bc_class = {
	.list		= LIST_HEAD_INIT(svcrdma_bc_class.list),
	.name		= "rdma backchannel",
	.owner		= THIS_MODULE,
	.ident		= XPRT_TRANSPORT_BC_RDMA,
	.setup		= svcrdma_bc_setup,
	/*
	 * No netid of its own, but sunrpc's netid lookup walks every
	 * registered class's list up to an empty string: without one, a
	 * mount with our client loaded beside this class dereferences NULL.
	 */
	.netid		= { "" },
};

/* Room in a Call's receive buffer, as the RPC layer laid it out */
static unsigned int svcrdma_bc_room(const struct xdr_buf *xb)
{
	return xb->head[0].iov_len + xb->page_len + xb->tail[0].iov_len;
}

/*
 * The reverse-direction credit grant in a Reply (RFC 8167, Section 4.1):
 * zero would stop the backchannel for good, more than our slots is
 * of no use.
 */
static void svcrdma_bc_set_credits(struct rpc_xprt *xprt, u32 credits)
{
	credits = clamp_t(u32, credits, 1, xprt->max_reqs);
	spin_lock(&xprt->transport_lock);
	xprt->cwnd = credits << RPC_CWNDSHIFT;
	spin_unlock(&xprt->transport_lock);
}

/* Hand a checked Reply to the Call waiting for it; false if none. */
static bool svcrdma_bc_complete(struct rpc_xprt *xprt, __be32 xid,
				void *rpc, unsigned int len)
{
	struct rpc_rqst *req;
	bool done = false;

	spin_lock(&xprt->queue_lock);
	req = xprt_lookup_rqst(xprt, xid);
	if (req && len <= svcrdma_bc_room(&req->rq_private_buf) &&
	    !write_bytes_to_xdr_buf(&req->rq_private_buf, 0, rpc, len)) {
		xprt_complete_rqst(req->rq_task, len);
		done = true;
	}
	spin_unlock(&xprt->queue_lock);
	return done;
}

/**
 * svcrdma_bc_reply - take a reverse-direction Reply off the Receive path
 * @sx: the connection it arrived on
 * @ctxt: the Receive; rpcrdma_v1_decode_responder() filled its header, or
 *	for Version 2 rpcrdma_v2_to_v1()
 * @rev: what rpcrdma_v1_decode_responder() found, or the same checks of a
 *	Version 2 REPLY_INLINE (recv_v2.c)
 *
 * A well-formed Reply (RFC 8167, Section 5.2: RDMA_MSG, rdma_xid equal
 * to the RPC xid, no chunks, a whole RPC Reply header) completes the
 * Call with that xid, if one waits and its buffer holds the Reply.
 * Everything else is dropped and counted in reverse_dropped. The caller
 * keeps @ctxt.
 */
void svcrdma_bc_reply(struct svcrdma_xprt *sx, struct svcrdma_recv_ctxt *ctxt,
		      enum rpcrdma_reverse_class rev)
{
	struct rpc_xprt *xprt = READ_ONCE(sx->sx_xprt.xpt_bc_xprt);
	const struct rpcrdma_v1_msg *msg = &ctxt->rc_msg;
	unsigned int len = msg->m1_msg_len;
	u32 xid = msg->m1_prefix.px_xid;
	enum rpcrdma_drop_reason why;

	if (rev != RPCRDMA_REV_OK) {
		why = rpcrdma_reverse_drop_reason(rev);
		goto drop;
	}
	if (!xprt) {
		why = RPCRDMA_DROP_NO_BC;
		goto drop;
	}
	if (!svcrdma_bc_complete(xprt, cpu_to_be32(xid),
				 ctxt->rc_buf + msg->m1_hdr_len, len)) {
		why = RPCRDMA_DROP_NO_CALL;
		goto drop;
	}
	/* Version 2 credits are the connection's (see the top of the file) */
	if (msg->m1_prefix.px_vers == RPCRDMA_VERSION_2)
		svcrdma_bc_set_credits(xprt, xprt->max_reqs);
	else
		svcrdma_bc_set_credits(xprt, msg->m1_prefix.px_credits);
	svcrdma_stat_inc(SVCRDMA_STAT_BC_REPLIES);
	trace_svcrdma_bc_reply(sx, xid, len, msg->m1_prefix.px_credits);
	return;

drop:
	svcrdma_stat_inc(SVCRDMA_STAT_REVERSE_DROPPED);
	trace_svcrdma_bc_drop(sx, xid, len, why);
}

/**
 * svcrdma_bc_init - register the backchannel transport class
 *
 * Fails with -EEXIST while another module (the kernel's rpcrdma.ko)
 * has registered XPRT_TRANSPORT_BC_RDMA.
 *
 * Return: 0 or a negative errno.
 */
int svcrdma_bc_init(void)
{
	return xprt_register_transport(&svcrdma_bc_class);
}

/**
 * svcrdma_bc_exit - unregister the backchannel transport class
 *
 * Every backchannel transport holds a module reference, so none is
 * left when this runs.
 */
void svcrdma_bc_exit(void)
{
	xprt_unregister_transport(&svcrdma_bc_class);
}
