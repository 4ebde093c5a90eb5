// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: listening, connection requests and accepting them.
 *
 * A listener owns one rdma_cm_id per address family. A CONNECT_REQUEST
 * creates a connection transport at once (holding the client's private
 * data) and parks it on the listener's accept queue; an nfsd thread then
 * runs xpo_accept, which sizes and creates the device resources and
 * accepts the connection. The device resources are released here too
 * (svcrdma_teardown()), from xpo_free's work (transport.c) or for a
 * transport the RPC layer never saw.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/addr.h>
#include <rdma/ib_cm.h>
#include <kunit/visibility.h>

#include <rpcrdma/core.h>

#include "svcrdma.h"
#include "trace.h"

/* Connection requests that may wait in the rdma_cm backlog. */
#define SVCRDMA_LISTEN_BACKLOG	128

/*
 * Send SGEs asked of the device per Send queue entry. Our own Sends use
 * one (the header and the inline message are copied into one buffer),
 * but the QP's max_send_sge is also what rdma_rw packs into one RDMA
 * Write (qp->max_write_sge) or RDMA Read (qp->max_read_sge, further
 * capped by the device's max_sge_rd) when it maps a segment without an
 * MR: one SGE per page, so a segment of n pages takes n / max_sge work
 * requests, rounded up. 32 pages is 128 KiB per work request: a 1 MiB
 * payload (SVCRDMA_MAX_PAYLOAD) moves in 8 of them, 9 when it starts
 * inside a page. More SGEs would save few work requests and make every
 * Send queue entry larger on devices that size entries by max_send_sge.
 */
#define SVCRDMA_MAX_SGE		32

/*
 * Send queue work requests per credit besides the Send: the RDMA Reads
 * of one Call or the RDMA Writes of one Reply. At SVCRDMA_MAX_SGE pages
 * per work request a full-size payload takes 8 or 9 (see above), and
 * every further segment of a chunk, and a Reply chunk beside a Write
 * chunk, starts work requests of its own; 16, twice the aligned count,
 * covers a payload split over a few segments plus a Reply chunk's
 * Writes. It sizes the queue and bounds nothing: each post reserves its
 * exact count first (svcrdma_sq_reserve()) and waits for room, so a
 * Call that needs more (a device with fewer SGEs, or one that registers
 * MRs for its Reads) waits for others; only a post larger than the
 * whole queue is refused (read.c and reply.c say how it is answered).
 */
#define SVCRDMA_WRS_PER_REQ	16U

/**
 * svcrdma_xprt_alloc - allocate and initialise a transport
 * @serv: RPC service it belongs to
 * @net: network namespace
 *
 * Return: the transport (XPT_BUSY set), or NULL.
 */
static struct svcrdma_xprt *svcrdma_xprt_alloc(struct svc_serv *serv,
					       struct net *net)
{
	struct svcrdma_xprt *sx;

	sx = kzalloc(sizeof(*sx), GFP_KERNEL);
	if (!sx)
		return NULL;
	if (svcrdma_spare_init(sx)) {
		kfree(sx);
		return NULL;
	}
	svc_xprt_init(net, &svcrdma_class, &sx->sx_xprt, serv);
	spin_lock_init(&sx->sx_lock);
	sx->sx_id = svcrdma_new_id();
	sx->sx_probe_cid = svcrdma_new_cid();
	INIT_LIST_HEAD(&sx->sx_accept_q);
	INIT_LIST_HEAD(&sx->sx_accept_node);
	INIT_LIST_HEAD(&sx->sx_recv_ready);
	init_llist_head(&sx->sx_recv_free);
	init_llist_head(&sx->sx_send_free);
	init_llist_head(&sx->sx_send_orphans);
	init_llist_head(&sx->sx_rw_free);
	init_waitqueue_head(&sx->sx_sq_wait);
	INIT_LIST_HEAD(&sx->sx_orphans);
	INIT_LIST_HEAD(&sx->sx_reads_done);
	INIT_LIST_HEAD(&sx->sx_reads_orphans);
	svcrdma_keepalive_init(sx);
	svcrdma_live_add(SVCRDMA_LIVE_XPRTS, 1);
	return sx;
}

/**
 * svcrdma_teardown - release a transport's device resources
 * @sx: a listener or connection that the RPC layer is done with (or
 *	never saw)
 *
 * Release device resources; every completion has run when this returns.
 * May sleep.
 */
void svcrdma_teardown(struct svcrdma_xprt *sx)
{
	svcrdma_spare_release(sx);
	if (test_bit(XPT_LISTENER, &sx->sx_xprt.xpt_flags)) {
		/* No CONNECT_REQUEST can arrive once the id is gone. */
		if (sx->sx_cm_id)
			rdma_destroy_id(sx->sx_cm_id);
		svcrdma_accept_q_flush(sx);
		return;
	}
	svcrdma_keepalive_stop(sx);
	if (sx->sx_qp)
		ib_drain_qp(sx->sx_qp);
	svcrdma_rw_release_list(sx, &sx->sx_orphans);
	svcrdma_reads_flush(sx);
	svcrdma_recv_ring_destroy(sx);
	svcrdma_send_ring_destroy(sx);
	svcrdma_v2_conn_free(sx);
	svcrdma_rw_cache_destroy(sx);
	if (sx->sx_qp)
		rdma_destroy_qp(sx->sx_cm_id);
	if (!IS_ERR_OR_NULL(sx->sx_sq_cq))
		ib_free_cq(sx->sx_sq_cq);
	if (!IS_ERR_OR_NULL(sx->sx_rq_cq))
		ib_free_cq(sx->sx_rq_cq);
	if (!IS_ERR_OR_NULL(sx->sx_pd))
		ib_dealloc_pd(sx->sx_pd);
	if (sx->sx_cm_id)
		rdma_destroy_id(sx->sx_cm_id);
}

/**
 * svcrdma_xprt_discard - free a transport the RPC layer never saw
 * @sx: transport to free
 *
 * Used for a listener that failed to start and for connections that
 * were never accepted. May sleep.
 */
static void svcrdma_xprt_discard(struct svcrdma_xprt *sx)
{
	svcrdma_teardown(sx);
	put_net_track(sx->sx_xprt.xpt_net, &sx->sx_xprt.ns_tracker);
	kfree(sx);
	svcrdma_live_add(SVCRDMA_LIVE_XPRTS, -1);
}

static int svcrdma_conn_handler(struct rdma_cm_id *id,
				struct rdma_cm_event *event)
{
	struct svcrdma_xprt *sx = id->context;

	trace_svcrdma_cm_event(sx, event->event, event->status);
	switch (event->event) {
	case RDMA_CM_EVENT_ESTABLISHED:
		set_bit(SVCRDMA_F_CONNECTED, &sx->sx_flags);
		break;
	case RDMA_CM_EVENT_DEVICE_REMOVAL:
		set_bit(SVCRDMA_F_DEVICE_GONE, &sx->sx_flags);
		svcrdma_qp_flush(sx);
		fallthrough;
	case RDMA_CM_EVENT_DISCONNECTED:
	case RDMA_CM_EVENT_UNREACHABLE:
	case RDMA_CM_EVENT_CONNECT_ERROR:
	case RDMA_CM_EVENT_REJECTED:
	case RDMA_CM_EVENT_ADDR_CHANGE:
		svc_xprt_deferred_close(&sx->sx_xprt);
		wake_up_all(&sx->sx_sq_wait);
		break;
	default:
		break;
	}
	return 0;
}

/*
 * RFC 8797, Section 4: private data starts with a format identifier
 * and a version; anything else (or nothing) means the peer uses the
 * RFC 8166, Section 3.3.3 default of 1024 bytes in both directions
 * (RFC 8797, Section 5.1).
 */
static void svcrdma_parse_private(struct svcrdma_xprt *sx,
				  const struct rdma_conn_param *param)
{
	struct rpcrdma_cm_private pd;

	sx->sx_peer_pd = !rpcrdma_cm_private_decode(param->private_data,
						    param->private_data_len,
						    &pd);
	if (!sx->sx_peer_pd)
		rpcrdma_cm_private_defaults(&pd);
	sx->sx_peer_send = pd.cp_send_size;
	sx->sx_peer_recv = pd.cp_recv_size;
	/* RFC 8797, Section 4.1: the peer can take remote invalidation */
	sx->sx_remote_inv = sx->sx_peer_pd && pd.cp_remote_inv;
}

static void svcrdma_set_addrs(struct svcrdma_xprt *sx, struct rdma_cm_id *id)
{
	struct sockaddr *sa;

	sa = (struct sockaddr *)&id->route.addr.dst_addr;
	svc_xprt_set_remote(&sx->sx_xprt, sa, svc_addr_len(sa));
	sa = (struct sockaddr *)&id->route.addr.src_addr;
	svc_xprt_set_local(&sx->sx_xprt, sa, svc_addr_len(sa));
}

static int svcrdma_conn_request(struct svcrdma_xprt *listener,
				struct rdma_cm_id *id,
				struct rdma_cm_event *event)
{
	struct svcrdma_xprt *sx;
	sa_family_t family;

	if (svc_xprt_is_dead(&listener->sx_xprt))
		goto reject;
	family = id->route.addr.dst_addr.ss_family;
	if (family != AF_INET && family != AF_INET6)
		goto reject;
	sx = svcrdma_xprt_alloc(listener->sx_xprt.xpt_server,
				listener->sx_xprt.xpt_net);
	if (!sx)
		goto reject;
	sx->sx_cm_id = id;
	id->context = sx;
	id->event_handler = svcrdma_conn_handler;
	svcrdma_parse_private(sx, &event->param.conn);
	/*
	 * The CM hands the passive side the request's two depths already
	 * in its own terms: initiator_depth is how many RDMA Reads we may
	 * have outstanding at the client (its responder resources, its
	 * IRD), responder_resources how many it may have at us (its ORD).
	 */
	sx->sx_peer_ird = event->param.conn.initiator_depth;
	sx->sx_peer_ord = event->param.conn.responder_resources;
	svcrdma_set_addrs(sx, id);

	spin_lock(&listener->sx_lock);
	list_add_tail(&sx->sx_accept_node, &listener->sx_accept_q);
	spin_unlock(&listener->sx_lock);
	set_bit(XPT_CONN, &listener->sx_xprt.xpt_flags);
	svc_xprt_enqueue(&listener->sx_xprt);
	return 0;

reject:
	svcrdma_stat_inc(SVCRDMA_STAT_CONN_REJECTED);
	rdma_reject(id, NULL, 0, IB_CM_REJ_CONSUMER_DEFINED);
	/* A non-zero return makes the rdma_cm destroy @id. */
	return -ENOMEM;
}

static int svcrdma_listen_handler(struct rdma_cm_id *id,
				  struct rdma_cm_event *event)
{
	struct svcrdma_xprt *listener = id->context;

	trace_svcrdma_cm_event(listener, event->event, event->status);
	switch (event->event) {
	case RDMA_CM_EVENT_CONNECT_REQUEST:
		return svcrdma_conn_request(listener, id, event);
	case RDMA_CM_EVENT_DEVICE_REMOVAL:
		/* Only a listener bound to one device sees this. */
		set_bit(SVCRDMA_F_DEVICE_GONE, &listener->sx_flags);
		svc_xprt_deferred_close(&listener->sx_xprt);
		break;
	default:
		break;
	}
	return 0;
}

/**
 * svcrdma_create_listener - listen for RPC-over-RDMA connections
 * @serv: the RPC service
 * @net: network namespace
 * @sa: address to listen on
 * @salen: length of @sa
 *
 * Return: the new listener, or an ERR_PTR.
 */
struct svc_xprt *svcrdma_create_listener(struct svc_serv *serv,
					 struct net *net,
					 struct sockaddr *sa, int salen)
{
	struct rdma_cm_id *id;
	struct svcrdma_xprt *sx;
	int ret;

	if (sa->sa_family != AF_INET && sa->sa_family != AF_INET6)
		return ERR_PTR(-EAFNOSUPPORT);
	sx = svcrdma_xprt_alloc(serv, net);
	if (!sx)
		return ERR_PTR(-ENOMEM);
	set_bit(XPT_LISTENER, &sx->sx_xprt.xpt_flags);

	id = rdma_create_id(net, svcrdma_listen_handler, sx, RDMA_PS_TCP,
			    IB_QPT_RC);
	if (IS_ERR(id)) {
		ret = PTR_ERR(id);
		goto out_free;
	}
	sx->sx_cm_id = id;
	/* One listener per family: the IPv6 one must leave IPv4 alone. */
	if (sa->sa_family == AF_INET6) {
		ret = rdma_set_afonly(id, 1);
		if (ret)
			goto out_id;
	}
	ret = rdma_bind_addr(id, sa);
	if (ret)
		goto out_id;
	ret = rdma_listen(id, SVCRDMA_LISTEN_BACKLOG);
	if (ret)
		goto out_id;

	sa = (struct sockaddr *)&id->route.addr.src_addr;
	svc_xprt_set_local(&sx->sx_xprt, sa, svc_addr_len(sa));
	trace_svcrdma_listen(sx, sa);
	return &sx->sx_xprt;

out_id:
	rdma_destroy_id(id);
	sx->sx_cm_id = NULL;
out_free:
	svcrdma_xprt_discard(sx);
	return ERR_PTR(ret);
}

/*
 * Credits and queue depths, from the max_requests tunable (@want) and
 * the work requests a queue of the device may hold (@max_qp_wr).
 */
VISIBLE_IF_KUNIT void svcrdma_size_queues(struct svcrdma_xprt *sx,
					  unsigned int want, int max_qp_wr)
{
	unsigned int reqs, max_wr;

	max_wr = max_t(int, max_qp_wr, 2 * SVCRDMA_REQS_MIN);
	reqs = clamp(want, SVCRDMA_REQS_MIN, SVCRDMA_REQS_MAX);
	reqs = min(reqs, max_wr / 2);
	sx->sx_max_requests = reqs;
	sx->sx_credits = reqs;
	/* RFC 8167: room for the Replies to our backchannel Calls too */
	sx->sx_rq_depth = min(reqs + SVCRDMA_BC_REQS, max_wr);
	sx->sx_sq_depth = min(reqs * (1 + SVCRDMA_WRS_PER_REQ) +
			      SVCRDMA_BC_REQS, max_wr);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_size_queues);

/*
 * Sizes for the new connection, from our tunables, the client's
 * private data (RFC 8797, Section 3.1) and the device's limits.
 */
static void svcrdma_size_conn(struct svcrdma_xprt *sx,
			      const struct ib_device_attr *attr)
{
	unsigned int inl, v2inl;

	svcrdma_size_queues(sx, READ_ONCE(svcrdma_max_requests),
			    attr->max_qp_wr);

	/* Our Receives are as large as the client says it will send. */
	inl = READ_ONCE(svcrdma_inline_size);
	sx->sx_recv_size = min(inl, sx->sx_peer_send);
	sx->sx_recv_size = clamp(sx->sx_recv_size, RPCRDMA1_DEFAULT_INLINE,
				 SVCRDMA_INLINE_MAX);
	/* We send no more than the client said it can receive. */
	sx->sx_send_size = min(inl, sx->sx_peer_recv);
	sx->sx_send_size = clamp(sx->sx_send_size, RPCRDMA1_DEFAULT_INLINE,
				 SVCRDMA_INLINE_MAX);
	sx->sx_send_bufsz = sx->sx_send_size;
	/*
	 * A Version 2 client without private data may send and receive
	 * the Version 2 default inline size once the version is settled
	 * (v2-07, Sections 4.2.2 and 4.3.1): size our buffers for it.
	 */
	if (sx->sx_max_version >= RPCRDMA_VERSION_2 && !sx->sx_peer_pd) {
		v2inl = clamp(inl, RPCRDMA1_DEFAULT_INLINE,
			      RPCRDMA2_DEFAULT_INLINE);
		sx->sx_recv_size = max(sx->sx_recv_size, v2inl);
		sx->sx_send_bufsz = max(sx->sx_send_bufsz, v2inl);
	}

	/*
	 * The client's responder resources are the RDMA Reads it lets us
	 * have outstanding at its adapter (its QP's max_dest_rd_atomic).
	 * 0 is a legal offer: such a client can take no Read at all, and
	 * forcing 1 only made its adapter refuse our first Read (a fatal
	 * operational error, RFC 8166, Section 4.5.3). The connection is
	 * accepted with an initiator depth of 0, since a client may never
	 * send Read chunks; a Call that does is answered ERR_CHUNK
	 * (svcrdma_read_chunks()). Likewise for a device that cannot
	 * initiate Reads.
	 */
	sx->sx_ord = min_t(unsigned int, attr->max_qp_init_rd_atom,
			   sx->sx_peer_ird);
	sx->sx_ord = min(sx->sx_ord, READ_ONCE(svcrdma_max_ord));
	/*
	 * Only rdma_rw uses more than one send SGE: up to this many pages
	 * in one RDMA Read or Write (SVCRDMA_MAX_SGE).
	 */
	sx->sx_max_sge = clamp(attr->max_send_sge, 1, SVCRDMA_MAX_SGE);
}

static int svcrdma_create_qp(struct svcrdma_xprt *sx)
{
	struct ib_device *dev = sx->sx_cm_id->device;
	struct ib_qp_init_attr qa = { };
	int ret;

	sx->sx_pd = ib_alloc_pd(dev, 0);
	if (IS_ERR(sx->sx_pd))
		return PTR_ERR(sx->sx_pd);
	sx->sx_sq_cq = ib_alloc_cq_any(dev, sx, sx->sx_sq_depth,
				       IB_POLL_WORKQUEUE);
	if (IS_ERR(sx->sx_sq_cq))
		return PTR_ERR(sx->sx_sq_cq);
	sx->sx_sq_cq_id = svcrdma_new_cq_id();
	sx->sx_rq_cq = ib_alloc_cq_any(dev, sx, sx->sx_rq_depth,
				       IB_POLL_WORKQUEUE);
	if (IS_ERR(sx->sx_rq_cq))
		return PTR_ERR(sx->sx_rq_cq);
	sx->sx_rq_cq_id = svcrdma_new_cq_id();

	qa.event_handler = NULL;
	qa.qp_context = sx;
	qa.send_cq = sx->sx_sq_cq;
	qa.recv_cq = sx->sx_rq_cq;
	qa.cap.max_send_wr = sx->sx_sq_depth;
	qa.cap.max_recv_wr = sx->sx_rq_depth;
	qa.cap.max_send_sge = sx->sx_max_sge;
	qa.cap.max_recv_sge = 1;
	/*
	 * rdma_rw contexts (registrations, on devices whose RDMA Reads
	 * need them): one per Read or Write segment, not one per credit.
	 * A Call may need RPCRDMA_MAX_READ_SEGS of them plus the pieces
	 * of a split Position-zero chunk, a Reply up to
	 * RPCRDMA_MAX_WRITE_CHUNKS + 1 chunks of RPCRDMA_MAX_CHUNK_SEGS.
	 * Each posts at least one work request, and every post reserves
	 * its work requests first, so the Send queue's depth bounds the
	 * contexts on the QP at once; sized so, the pool is the worst
	 * case of every credit's share of the queue.
	 */
	qa.cap.max_rdma_ctxs = sx->sx_sq_depth;
	qa.sq_sig_type = IB_SIGNAL_REQ_WR;
	qa.qp_type = IB_QPT_RC;
	qa.port_num = sx->sx_cm_id->port_num;
	ret = rdma_create_qp(sx->sx_cm_id, sx->sx_pd, &qa);
	if (ret)
		return ret;
	sx->sx_qp = sx->sx_cm_id->qp;
	sx->sx_port = sx->sx_cm_id->port_num;
	atomic_set(&sx->sx_sq_avail, sx->sx_sq_depth);
	smp_mb__before_atomic();	/* sx_qp is visible before the bit */
	set_bit(SVCRDMA_F_RESOURCES, &sx->sx_flags);
	return 0;
}

static int svcrdma_do_accept(struct svcrdma_xprt *sx)
{
	struct rdma_conn_param param = { };
	struct rpcrdma_cm_private pd = { };
	u8 buf[RPCRDMA_CM_PRIV_SIZE];
	struct ib_device *dev = sx->sx_cm_id->device;
	unsigned int ack;
	size_t len;
	int ret;

	/*
	 * RFC 8797, Section 4: tell the client our sizes. We never
	 * expose memory to be invalidated, so we do not ask for Send
	 * With Invalidate (the R bit, Section 4.1).
	 */
	pd.cp_version = RPCRDMA_CM_PRIV_VERSION;
	pd.cp_send_size = sx->sx_send_size;
	pd.cp_recv_size = sx->sx_recv_size;
	pd.cp_remote_inv = false;
	if (rpcrdma_cm_private_encode(&pd, buf, sizeof(buf), &len))
		return -EINVAL;
	param.private_data = buf;
	param.private_data_len = len;
	param.initiator_depth = sx->sx_ord;
	param.responder_resources = min_t(unsigned int,
					  dev->attrs.max_qp_rd_atom,
					  sx->sx_peer_ord);
	param.rnr_retry_count = 7;
	/* How long the QP waits for an ACK before it retransmits */
	ack = READ_ONCE(svcrdma_ack_timeout);
	if (ack) {
		ret = rdma_set_ack_timeout(sx->sx_cm_id, ack);
		if (ret)
			return ret;
	}

	rdma_lock_handler(sx->sx_cm_id);
	ret = rdma_accept(sx->sx_cm_id, &param);
	rdma_unlock_handler(sx->sx_cm_id);
	return ret;
}

static struct svcrdma_xprt *svcrdma_accept_dequeue(struct svcrdma_xprt *l)
{
	struct svcrdma_xprt *sx;

	spin_lock(&l->sx_lock);
	sx = list_first_entry_or_null(&l->sx_accept_q, struct svcrdma_xprt,
				      sx_accept_node);
	if (sx)
		list_del_init(&sx->sx_accept_node);
	if (list_empty(&l->sx_accept_q))
		clear_bit(XPT_CONN, &l->sx_xprt.xpt_flags);
	spin_unlock(&l->sx_lock);
	return sx;
}

/**
 * svcrdma_accept - xpo_accept: set up and accept one waiting connection
 * @xprt: the listener
 *
 * Return: the new connection transport, or NULL when nothing was
 * accepted (a failed request is rejected and released here).
 */
struct svc_xprt *svcrdma_accept(struct svc_xprt *xprt)
{
	struct svcrdma_xprt *l = svcrdma_sx(xprt);
	struct svcrdma_xprt *sx;
	int ret;

	sx = svcrdma_accept_dequeue(l);
	if (!sx)
		return NULL;
	/* The client gave up (or the device went) before we got here. */
	if (svc_xprt_is_dead(&sx->sx_xprt)) {
		ret = -ECONNABORTED;
		goto out_reject;
	}

	ret = svcrdma_v2_conn_init(sx);
	if (ret)
		goto out_reject;
	svcrdma_size_conn(sx, &sx->sx_cm_id->device->attrs);
	ret = svcrdma_create_qp(sx);
	if (ret)
		goto out_reject;
	ret = svcrdma_send_ring_init(sx);
	if (ret)
		goto out_reject;
	ret = svcrdma_recv_ring_init(sx);
	if (ret)
		goto out_reject;
	ret = svcrdma_do_accept(sx);
	if (ret)
		goto out_drop;

	/*
	 * RFC 8166, Section 3.3.1: credits are flow control; NFSv4
	 * requires a transport that has it (RFC 7530, Section 3.1).
	 */
	set_bit(XPT_CONG_CTRL, &sx->sx_xprt.xpt_flags);
	svcrdma_keepalive_start(sx);
	svcrdma_stat_inc(SVCRDMA_STAT_CONN_ACCEPTED);
	trace_svcrdma_accept(sx);
	return &sx->sx_xprt;

out_reject:
	rdma_reject(sx->sx_cm_id, NULL, 0, IB_CM_REJ_CONSUMER_DEFINED);
out_drop:
	trace_svcrdma_accept_err(sx, ret);
	svcrdma_stat_inc(SVCRDMA_STAT_CONN_REJECTED);
	svcrdma_xprt_discard(sx);
	return NULL;
}

/**
 * svcrdma_accept_q_flush - reject connections a closed listener left
 * @l: the listener, whose rdma_cm_id is already destroyed
 */
void svcrdma_accept_q_flush(struct svcrdma_xprt *l)
{
	struct svcrdma_xprt *sx;

	while ((sx = svcrdma_accept_dequeue(l))) {
		rdma_reject(sx->sx_cm_id, NULL, 0, IB_CM_REJ_CONSUMER_DEFINED);
		svcrdma_stat_inc(SVCRDMA_STAT_CONN_REJECTED);
		svcrdma_xprt_discard(sx);
	}
}

/**
 * svcrdma_cm_disconnect - stop a listener or start an orderly disconnect
 * @sx: the listener or connection
 *
 * A listener's rdma_cm_id is destroyed here, so no CONNECT_REQUEST can
 * reach a listener the RPC layer has let go of.
 */
void svcrdma_cm_disconnect(struct svcrdma_xprt *sx)
{
	if (!sx->sx_cm_id)
		return;
	if (test_bit(XPT_LISTENER, &sx->sx_xprt.xpt_flags)) {
		/* No CONNECT_REQUEST arrives once the id is gone. */
		rdma_destroy_id(sx->sx_cm_id);
		sx->sx_cm_id = NULL;
		return;
	}
	rdma_disconnect(sx->sx_cm_id);
}
