/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svcrdma: private declarations of the RPC-over-RDMA server transport.
 */
#ifndef _SVCRDMA_SVCRDMA_H
#define _SVCRDMA_SVCRDMA_H

#include <linux/list.h>
#include <linux/llist.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/scatterlist.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>
#include <rdma/rw.h>

#include <rpcrdma/trace_common.h>
#include <rpcrdma/wire.h>
#include <rpcrdma/codec.h>
#include <rpcrdma/reverse.h>

/*
 * Largest RPC payload (READ or WRITE data) the transport moves: 1 MiB,
 * RPCSVC_MAXPAYLOAD up to 6.x. 7.x raised RPCSVC_MAXPAYLOAD to 4 MiB;
 * svcrdma keeps 1 MiB there too, the size its bounds below are set for.
 */
#define SVCRDMA_MAX_PAYLOAD	(1024U * 1024U)
static_assert(SVCRDMA_MAX_PAYLOAD <= RPCSVC_MAXPAYLOAD);

/*
 * Most pages a Call pulled with RDMA Reads may fill: the payload and two
 * pages of RPC and NFS header around it (6.x's rq_pages gives a Call
 * that many at most).
 */
#define SVCRDMA_CALL_MAXPAGES \
	(DIV_ROUND_UP(SVCRDMA_MAX_PAYLOAD, PAGE_SIZE) + 2)

/*
 * Pages a Send context may hold for its RDMA Writes beyond the pages of
 * one Reply's array: the head and tail of rq_res, and a page held again
 * when a Reply's ranges are not in page order.
 */
#define SVCRDMA_SEND_PAGES_SLACK	8U

/* Transport identifier seen by the RPC layer (same as the kernel's). */
#define SVCRDMA_XPRT_IDENT	256

/*
 * Reverse-direction Calls (RFC 8167) outstanding per connection: the
 * backchannel's slots, and the extra Receives posted for their Replies.
 * nfsd keeps one callback in flight per session slot (one slot in 6.12)
 * plus the occasional CB_NULL probe.
 */
#define SVCRDMA_BC_REQS		4U
/*
 * Calls of one connection whose RDMA Reads may be in flight with no
 * thread waiting: each pins up to SVCRDMA_CALL_MAXPAGES pages (258 of
 * 4 KiB), so this bounds what one client can pin at 16 MiB and change,
 * on every kernel (see read.c).
 */
#define SVCRDMA_READS_DEFERRED_MAX	16
/*
 * Spare pages a connection keeps for the Reads of its deferred Calls
 * (read.c): the pages a finished Call displaces from the request that
 * takes it refill the slots of the next request whose pages a Read
 * takes. Without them, svc_alloc_arg() would allocate a page per slot
 * for every deferred Call, and the page allocator clears each page it
 * hands out when init_on_alloc is on (Debian's default).
 */
#define SVCRDMA_SPARE_PAGES	SVCRDMA_CALL_MAXPAGES
/*
 * Longest a thread waits for Send queue space while nothing on the
 * queue completes. A live client completes our Sends within the QP's
 * retry time (well under a second on any fabric we know); one that
 * posts no Receives under unlimited RNR retries never does (sq.c).
 */
#define SVCRDMA_SQ_STALL	(15 * HZ)
/*
 * Longest a thread waits for the RDMA Reads of a Call it pulls itself
 * (read.c, when the connection already has its deferred Calls). The
 * client's device answers them; one that never does (no transport
 * timeout ends an RDMA Read on iWARP, whose TCP stays alive) would
 * hold the thread, and the connection it keeps busy, for ever.
 */
#define SVCRDMA_READ_WAIT	(30 * HZ)

/* Bounds and defaults of the administrator's tunables (see params.c). */
#define SVCRDMA_REQS_MIN	4U
#define SVCRDMA_REQS_DEF	64U
#define SVCRDMA_REQS_MAX	1024U
#define SVCRDMA_INLINE_DEF	8192U	/* a 4 KiB READ or WRITE fits inline */
#define SVCRDMA_INLINE_MAX	(64U * 1024U)
#define SVCRDMA_KEEPALIVE_DEF	30U
#define SVCRDMA_KEEPALIVE_MAX	3600U
#define SVCRDMA_VERSION_MIN	RPCRDMA_VERSION_1
#define SVCRDMA_VERSION_DEF	RPCRDMA_VERSION_2
#define SVCRDMA_VERSION_MAX	RPCRDMA_VERSION_2
/*
 * RDMA Reads one connection may have outstanding (its initiator depth),
 * besides the device's and the client's limits: sunrpc/svc_rdma/
 * max_outbound_read_requests. The in-tree server's default, 16, is
 * never applied by that server; 255, the largest value the CM carries,
 * leaves the limit to the device and the client as before it existed.
 */
#define SVCRDMA_ORD_MIN		1U
#define SVCRDMA_ORD_DEF		255U
#define SVCRDMA_ORD_MAX		255U

/*
 * Version 2 bounds (see v2.c and recv_v2.c).
 *
 * SVCRDMA_V2_CALL_MAX: the largest Call we reassemble from Message
 * Continuation (v2-07, Section 6.6.2). 256 KiB is the largest inline
 * threshold RFC 8797 can express; a larger Call gains nothing from
 * being copied Send by Send over being pulled from a Call chunk with
 * RDMA Read (Section 6.6.3), and would pin more kernel memory per
 * connection than a whole Receive ring.
 *
 * SVCRDMA_V2_REASM_BUDGET: memory the reassembled Calls of one
 * connection may take at once (the one being assembled plus those nfsd
 * is still processing, whose rq_arg points into their buffer), counted
 * as allocated (a Call of 130 KiB takes 256 KiB): four of the largest.
 *
 * SVCRDMA_V2_CREDIT_WAIT: how long a Send waits for the client to
 * grant a credit. A client that grants nothing for this long while we
 * hold a Reply for it is gone or ignores v2-07, Section 4.2.1.1 (a good
 * receiver refreshes before half its grant is used); the thread that
 * waits is lost to every other client meanwhile, so the connection is
 * closed instead.
 *
 * SVCRDMA_V2_CONT_MAX: most Sends of one continued Reply (Section
 * 6.6.4). The Sends of a continued Reply may not be interleaved with
 * any other message (Section 4.1), so it holds the connection's Send
 * side and needs that many credits at once; a client that wants more
 * should offer a Reply chunk.
 */
#define SVCRDMA_V2_CALL_MAX	(256U * 1024U)
#define SVCRDMA_V2_REASM_BUDGET	(4U * SVCRDMA_V2_CALL_MAX)
#define SVCRDMA_V2_CREDIT_WAIT	(5 * HZ)
#define SVCRDMA_V2_CONT_MAX	16U

/* Property defaults when absent or empty (v2-07, Section 5.2) */
#define SVCRDMA_V2_DEF_SBSIZ	RPCRDMA2_DEFAULT_INLINE
#define SVCRDMA_V2_DEF_RBSIZ	RPCRDMA2_DEFAULT_INLINE
#define SVCRDMA_V2_DEF_RSSIZ	(1024U * 1024U)
#define SVCRDMA_V2_DEF_RCSIZ	16U
#define SVCRDMA_V2_DEF_BRS	RPCRDMA2_RVRSDIR_NONE

/**
 * struct svcrdma_reasm - a Call being reassembled from continuation
 * @ra_xid: its rdma_xid
 * @ra_size: its length: payload plus rdma_remaining of its first MIDDLE
 * @ra_len: bytes received so far
 * @ra_charge: what @ra_data takes from the connection's budget: the size
 *	of the allocation kmalloc() makes for @ra_size octets
 * @ra_data: the Call, a kmalloc() buffer of its own so that a Call of
 *	SVCRDMA_V2_CALL_MAX takes no more than that
 */
struct svcrdma_reasm {
	u32			ra_xid;
	unsigned int		ra_size;
	unsigned int		ra_len;
	unsigned int		ra_charge;
	u8			*ra_data;
};

/*
 * Continued messages being discarded at once (v2-07, Section 7.1.4):
 * the one being reassembled and the one that broke into it, with room
 * for a client that abandons sequences without ending them.
 */
#define SVCRDMA_V2_DISCARDS	4

/**
 * struct svcrdma_v2_discard - a continued message being discarded
 * @xid: its rdma_xid
 * @middle: its MIDDLE header type; 0 when the slot is free
 */
struct svcrdma_v2_discard {
	u32			xid;
	u32			middle;
};

/**
 * struct svcrdma_v2 - Version 2 state of a connection that may speak it
 * @v2_msg: decode scratch (used only in xpo_recvfrom: XPT_BUSY)
 * @v2_reasm: the Call being reassembled, or NULL (XPT_BUSY)
 * @v2_reasm_left: rdma_remaining of its latest MIDDLE (XPT_BUSY)
 * @v2_open: RPCRDMA2_CONNPROP_MIDDLE while the client's properties
 *	continue, else 0 (XPT_BUSY)
 * @v2_discard: continuations being discarded (XPT_BUSY)
 * @v2_discard_next: the slot of @v2_discard to fill next
 * @v2_peer_final: the client sent CONNPROP_FINAL (XPT_BUSY)
 * @v2_props_sent: our CONNPROP_FINAL is posted (XPT_BUSY)
 * @v2_peer_sbsiz: the client's Maximum Send Size (v2-07, Section 5.2.1)
 * @v2_peer_rbsiz: its Receive Buffer Size (Section 5.2.2)
 * @v2_peer_rssiz: its Maximum Segment Size (Section 5.2.3)
 * @v2_peer_rcsiz: its Maximum Segment Count (Section 5.2.4)
 * @v2_peer_brs: its Reverse-Direction Support (Section 5.2.5; read by
 *	the backchannel with READ_ONCE). All five hold the defaults of
 *	Section 5.2 until the client sends the property.
 * @v2_sent: Sends posted on the connection (Section 4.2.1)
 * @v2_limit: send limit from the client's latest rdma_credit, set in
 *	the Receive completion handler
 * @v2_post_lock: makes stamping rdma_credit and posting the Send one step,
 *	so the credits a client sees never go back
 * @v2_last_credit: the rdma_credit value we sent last
 * @v2_calls: Calls taken off the ring whose Reply is not sent yet
 * @v2_reasm_bytes: bytes of reassembled Calls held (bounded by
 *	SVCRDMA_V2_REASM_BUDGET)
 * @v2_send_sem: held for read around each Send, for write around the
 *	Sends of a continued Reply (Section 4.1: no interleaving)
 * @v2_cont: header scratch of a continued Reply (@v2_send_sem held
 *	for write)
 */
struct svcrdma_v2 {
	struct rpcrdma_v2_msg	v2_msg;
	struct svcrdma_reasm	*v2_reasm;
	u32			v2_reasm_left;
	u32			v2_open;
	struct svcrdma_v2_discard v2_discard[SVCRDMA_V2_DISCARDS];
	unsigned int		v2_discard_next;
	bool			v2_peer_final;
	bool			v2_props_sent;

	u32			v2_peer_sbsiz;
	u32			v2_peer_rbsiz;
	u32			v2_peer_rssiz;
	u32			v2_peer_rcsiz;
	u32			v2_peer_brs;

	atomic_t		v2_sent;
	u32			v2_limit;
	spinlock_t		v2_post_lock;	/* stamps rdma_credit, posts */
	u32			v2_last_credit;
	atomic_t		v2_calls;
	atomic_t		v2_reasm_bytes;
	struct rw_semaphore	v2_send_sem;
	struct rpcrdma_v2_msg	v2_cont;
};

/**
 * struct svcrdma_xprt - one listener or one connection
 * @sx_xprt: the generic server transport; must stay first
 * @sx_cm_id: rdma_cm identifier (listening or connected)
 * @sx_lock: protects @sx_accept_q, @sx_recv_ready, @sx_reads_done and
 *	@sx_reads_orphans, and serializes taking from @sx_send_free and
 *	@sx_rw_free
 * @sx_accept_q: listener: connections waiting for xpo_accept
 * @sx_accept_node: connection: its entry on the listener's @sx_accept_q
 * @sx_flags: SVCRDMA_F_* bits
 * @sx_pd: protection domain
 * @sx_sq_cq: completion queue of the Send queue
 * @sx_rq_cq: completion queue of the Receive queue
 * @sx_qp: the connection's queue pair
 * @sx_port: device port the connection uses
 * @sx_max_requests: most credits granted to the client (ring depth)
 * @sx_credits: credits granted in the latest Reply
 * @sx_rq_depth: Receives kept posted or queued
 * @sx_sq_depth: Send queue work requests this side accounts for
 * @sx_recv_size: size of each Receive buffer (largest inline Call)
 * @sx_send_size: largest inline Reply the client can receive; Version
 *	2 may lower it (READ_ONCE)
 * @sx_send_bufsz: size of each Send buffer (@sx_send_size at most)
 * @sx_send_maxpages: entries of each Send context's @sc_pages
 * @sx_ord: outstanding RDMA Reads allowed to the server (initiator depth);
 *	0 when the client offered no responder resources: Read chunks are
 *	then answered ERR_CHUNK
 * @sx_max_sge: send SGEs per work request
 * @sx_remote_inv: the client accepts Send With Invalidate
 * @sx_peer_pd: the client sent RFC 8797 private data
 * @sx_peer_send: the client's advertised send size
 * @sx_peer_recv: the client's advertised receive size
 * @sx_peer_ird: the client's responder resources
 * @sx_peer_ord: the client's initiator depth
 * @sx_sq_avail: Send queue entries not in use
 * @sx_sq_wait: threads waiting for @sx_sq_avail
 * @sx_reads_deferred: Calls whose RDMA Reads no thread waits for
 * @sx_reads_done: those of them whose Reads are done
 * @sx_spare_lock: protects @sx_spare and @sx_nspare
 * @sx_nspare: pages in @sx_spare
 * @sx_spare: spare pages for deferred Reads (SVCRDMA_SPARE_PAGES slots)
 * @sx_orphans: RDMA contexts to release once the QP is drained
 * @sx_reads_orphans: Read chains posted in part, with their pages,
 *	released once the QP is drained
 * @sx_recv_ready: completed Receives waiting for a thread
 * @sx_recv_pending: Receives posted plus those on @sx_recv_ready
 * @sx_recv_free: idle Receive contexts
 * @sx_send_free: idle Send contexts
 * @sx_send_orphans: partly posted Send contexts, freed after the drain
 * @sx_rw_free: idle segment contexts of SVCRDMA_RW_SGES entries (rw.c)
 * @sx_rw_cached: contexts on @sx_rw_free, at most @sx_max_requests
 * @sx_recv_count: Receive contexts allocated (for the memory limit)
 * @sx_send_count: Send contexts allocated (for the memory limit)
 * @sx_free_work: deferred release of device resources
 * @sx_recv_seq: Receives completed (keepalive's sign of life)
 * @sx_probe_seen: @sx_recv_seq when the keepalive last looked
 * @sx_probe_armed: the keepalive posted the probe now in flight
 * @sx_probe_work: the keepalive timer
 * @sx_probe_cqe: completion of the keepalive probe
 * @sx_id: connection id in trace events ("conn=N"), from svcrdma_new_id()
 * @sx_sq_cq_id: trace id of @sx_sq_cq
 * @sx_rq_cq_id: trace id of @sx_rq_cq
 * @sx_probe_cid: completion id of the keepalive probe
 * @sx_recv_posted: Receives posted and not yet completed
 * @sx_max_version: highest RPC-over-RDMA version this connection may use
 * @sx_version: the version the connection uses, 0 until its first
 *	usable message fixes it (v2-07, Section 4.3.3); written once by
 *	the Receive completion handler
 * @sx_v2: Version 2 state; NULL when @sx_max_version is 1
 */
struct svcrdma_xprt {
	struct svc_xprt		sx_xprt;
	struct rdma_cm_id	*sx_cm_id;
	spinlock_t		sx_lock;	/* see the kernel-doc above */
	struct list_head	sx_accept_q;
	struct list_head	sx_accept_node;
	unsigned long		sx_flags;

	struct ib_pd		*sx_pd;
	struct ib_cq		*sx_sq_cq;
	struct ib_cq		*sx_rq_cq;
	u32			sx_id;
	u32			sx_sq_cq_id;
	u32			sx_rq_cq_id;
	u32			sx_probe_cid;
	struct ib_qp		*sx_qp;
	u32			sx_port;

	unsigned int		sx_max_requests;
	unsigned int		sx_credits;
	unsigned int		sx_rq_depth;
	unsigned int		sx_sq_depth;
	unsigned int		sx_recv_size;
	unsigned int		sx_send_size;
	unsigned int		sx_send_bufsz;
	unsigned int		sx_send_maxpages;
	unsigned int		sx_ord;
	unsigned int		sx_max_sge;
	bool			sx_remote_inv;
	bool			sx_peer_pd;
	unsigned int		sx_peer_send;
	unsigned int		sx_peer_recv;
	u8			sx_peer_ird;
	u8			sx_peer_ord;

	atomic_t		sx_sq_avail;
	wait_queue_head_t	sx_sq_wait;
	atomic_t		sx_reads_deferred;
	struct list_head	sx_reads_done;
	spinlock_t		sx_spare_lock;	/* see the kernel-doc above */
	unsigned int		sx_nspare;
	struct page		**sx_spare;
	struct list_head	sx_orphans;
	struct list_head	sx_reads_orphans;

	struct list_head	sx_recv_ready;
	atomic_t		sx_recv_pending;
	struct llist_head	sx_recv_free;
	struct llist_head	sx_send_free;
	struct llist_head	sx_send_orphans;
	struct llist_head	sx_rw_free;
	atomic_t		sx_rw_cached;
	atomic_t		sx_recv_count;
	atomic_t		sx_send_count;

	struct work_struct	sx_free_work;

	atomic_t		sx_recv_seq;
	unsigned int		sx_probe_seen;
	bool			sx_probe_armed;
	struct delayed_work	sx_probe_work;
	struct ib_cqe		sx_probe_cqe;

	atomic_t		sx_recv_posted;
	unsigned int		sx_max_version;
	unsigned int		sx_version;
	struct svcrdma_v2	*sx_v2;
};

/* sx_flags bits */
enum {
	SVCRDMA_F_CONNECTED,	/* ESTABLISHED seen */
	SVCRDMA_F_RESOURCES,	/* PD, CQs and QP exist */
	SVCRDMA_F_DEVICE_GONE,	/* DEVICE_REMOVAL seen */
	SVCRDMA_F_PROBING,	/* a keepalive probe is posted */
};

static inline struct svcrdma_xprt *svcrdma_sx(struct svc_xprt *xprt)
{
	return container_of(xprt, struct svcrdma_xprt, sx_xprt);
}

/**
 * svcrdma_idle_take - take an entry from one of a connection's idle lists
 * @sx: the connection
 * @head: its @sx_send_free or @sx_rw_free
 *
 * Entries are put back with llist_add() from any context; taking one is
 * serialized by @sx_lock (llist_del_first() allows one taker at a time).
 *
 * Return: the entry, or NULL when the list is empty.
 */
static inline struct llist_node *svcrdma_idle_take(struct svcrdma_xprt *sx,
						   struct llist_head *head)
{
	struct llist_node *node;

	if (llist_empty(head))
		return NULL;
	spin_lock(&sx->sx_lock);
	node = llist_del_first(head);
	spin_unlock(&sx->sx_lock);
	return node;
}

/*
 * Largest chunk the codec lets through; the real bounds (pages of the
 * request, what nfsd produces) are checked where the chunk is used.
 */
#define SVCRDMA_MAX_CHUNK	(2U * SVCRDMA_MAX_PAYLOAD)

#define SVCRDMA_MAX_WRITE_CHUNKS RPCRDMA_MAX_WRITE_CHUNKS

/**
 * struct svcrdma_recv_ctxt - one Receive buffer and the Call it holds
 * @rc_node: entry on @sx_recv_ready
 * @rc_free: entry on @sx_recv_free
 * @rc_sx: owning connection
 * @rc_wr: Receive work request
 * @rc_cqe: completion handle
 * @rc_cid: completion id of the Receive (trace events)
 * @rc_sge: the buffer's SGE
 * @rc_buf: the buffer
 * @rc_len: bytes received
 * @rc_msg: decoded transport header
 * @rc_payload_off: per Write chunk: offset of the result payload in rq_res
 * @rc_payload_len: per Write chunk: length of that payload
 * @rc_payload_set: per Write chunk: nfsd announced a payload and it goes
 *	into that chunk (never into an empty one: it stays inline)
 * @rc_payloads: Write chunks matched to a payload so far
 * @rc_inv_rkey: rkey the Reply may invalidate remotely
 * @rc_inv_valid: @rc_inv_rkey is meaningful
 * @rc_conn_vers: the connection's version when this Receive completed
 * @rc_v2_call: counted in the connection's v2_calls
 * @rc_reasm: the reassembled Call this Receive ended, or NULL
 */
struct svcrdma_recv_ctxt {
	struct list_head	rc_node;
	struct llist_node	rc_free;
	struct svcrdma_xprt	*rc_sx;
	struct ib_recv_wr	rc_wr;
	struct ib_cqe		rc_cqe;
	u32			rc_cid;
	struct ib_sge		rc_sge;
	void			*rc_buf;
	unsigned int		rc_len;

	struct rpcrdma_v1_msg	rc_msg;

	unsigned int		rc_payload_off[SVCRDMA_MAX_WRITE_CHUNKS];
	unsigned int		rc_payload_len[SVCRDMA_MAX_WRITE_CHUNKS];
	bool			rc_payload_set[SVCRDMA_MAX_WRITE_CHUNKS];
	unsigned int		rc_payloads;
	u32			rc_inv_rkey;
	bool			rc_inv_valid;
	unsigned int		rc_conn_vers;
	bool			rc_v2_call;
	struct svcrdma_reasm	*rc_reasm;
};

/* The inline RPC message of a Call: in the Receive or reassembled */
static inline u8 *svcrdma_recv_inline(const struct svcrdma_recv_ctxt *ctxt)
{
	if (ctxt->rc_reasm)
		return ctxt->rc_reasm->ra_data;
	return (u8 *)ctxt->rc_buf + ctxt->rc_msg.m1_hdr_len;
}

/* Scatterlist entries of the segment contexts a connection keeps (rw.c) */
#define SVCRDMA_RW_SGES		32U

/**
 * struct svcrdma_rw - one RDMA Read or Write of one segment
 * @rw_node: entry on its owner's list
 * @rw_free: entry on the connection's @sx_rw_free while idle
 * @rw_cap: entries of @rw_sgt
 * @rw_ctx: the rdma_rw context
 * @rw_sgt: scatterlist the context maps
 * @rw_cur: next free scatterlist entry
 * @rw_last: last filled scatterlist entry
 * @rw_nents: entries used in @rw_sgt
 * @rw_len: bytes described by @rw_sgt
 * @rw_dir: DMA direction
 * @rw_wrs: work requests the context posts
 * @rw_mapped: @rw_ctx is initialised
 * @rw_handle: an RDMA Read's remote handle, until it is mapped
 * @rw_offset: an RDMA Read's remote offset, until it is mapped
 */
struct svcrdma_rw {
	struct list_head	rw_node;
	struct llist_node	rw_free;
	unsigned int		rw_cap;
	struct rdma_rw_ctx	rw_ctx;
	struct sg_table		rw_sgt;
	struct scatterlist	*rw_cur;
	struct scatterlist	*rw_last;
	unsigned int		rw_nents;
	unsigned int		rw_len;
	enum dma_data_direction	rw_dir;
	unsigned int		rw_wrs;
	bool			rw_mapped;
	u32			rw_handle;
	u64			rw_offset;
};

/**
 * struct svcrdma_send_ctxt - one Send and the RDMA Writes before it
 * @sc_free: entry on @sx_send_free
 * @sc_sx: owning connection
 * @sc_wr: Send work request
 * @sc_cqe: completion handle
 * @sc_cid: completion id of the Send (trace events)
 * @sc_sges: SGEs of @sc_wr (only the first is used)
 * @sc_buf: transport header and inline Reply
 * @sc_dma: DMA address of @sc_buf
 * @sc_len: bytes of @sc_buf in use
 * @sc_rw: RDMA Writes chained before the Send
 * @sc_wrs: work requests posted, Send included
 * @sc_msg: the transport header being built
 * @sc_npages: entries used in @sc_pages
 * @sc_maxpages: entries of @sc_pages (@sx_send_maxpages)
 * @sc_pages: pages kept alive until the Send completes
 */
struct svcrdma_send_ctxt {
	struct llist_node	sc_free;
	struct svcrdma_xprt	*sc_sx;
	struct ib_send_wr	sc_wr;
	struct ib_cqe		sc_cqe;
	u32			sc_cid;
	struct ib_sge		sc_sges[1];
	void			*sc_buf;
	u64			sc_dma;
	unsigned int		sc_len;
	struct list_head	sc_rw;
	unsigned int		sc_wrs;
	struct rpcrdma_v1_msg	sc_msg;
	unsigned int		sc_npages;
	unsigned int		sc_maxpages;
	struct page		*sc_pages[] __counted_by(sc_maxpages);
};

/* cm.c */
struct svc_xprt *svcrdma_create_listener(struct svc_serv *serv,
					 struct net *net,
					 struct sockaddr *sa, int salen);
struct svc_xprt *svcrdma_accept(struct svc_xprt *xprt);
void svcrdma_cm_disconnect(struct svcrdma_xprt *sx);
void svcrdma_accept_q_flush(struct svcrdma_xprt *listener);
void svcrdma_teardown(struct svcrdma_xprt *sx);
#if IS_ENABLED(CONFIG_KUNIT)
/* static unless KUnit is enabled: for the KUnit suites here */
void svcrdma_size_queues(struct svcrdma_xprt *sx, unsigned int want,
			 int max_qp_wr);
#endif

/* transport.c */
extern struct svc_xprt_class svcrdma_class;
int svcrdma_transport_init(void);
void svcrdma_transport_exit(void);

/* keepalive.c */
void svcrdma_keepalive_init(struct svcrdma_xprt *sx);
void svcrdma_keepalive_start(struct svcrdma_xprt *sx);
void svcrdma_keepalive_stop(struct svcrdma_xprt *sx);

/* recv.c */
int svcrdma_recv_ring_init(struct svcrdma_xprt *sx);
void svcrdma_recv_ring_destroy(struct svcrdma_xprt *sx);
int svcrdma_recvfrom(struct svc_rqst *rqstp);
/* and svcrdma_recv_ctxt_put(), svcrdma_data_update() below */

/* backchannel.c */
int svcrdma_bc_init(void);
void svcrdma_bc_exit(void);
void svcrdma_bc_reply(struct svcrdma_xprt *sx, struct svcrdma_recv_ctxt *ctxt,
		      enum rpcrdma_reverse_class rev);

/* read.c; reply.c for svcrdma_reply_build() */
#if IS_ENABLED(CONFIG_KUNIT)
int svcrdma_reply_build(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc,
			struct svcrdma_recv_ctxt *ctxt,
			const struct xdr_buf *res, struct rpcrdma_v2_error *e);
struct svcrdma_rbuild;
struct svcrdma_rbuild *svcrdma_pages_defer(struct svcrdma_xprt *sx,
					   struct svc_rqst *from,
					   unsigned int n);
void svcrdma_pages_finish(struct svcrdma_rbuild *rb, struct svc_rqst *to);
int svcrdma_read_layout(struct svc_rqst *rqstp, struct svcrdma_xprt *sx,
			struct svcrdma_recv_ctxt *ctxt, struct list_head *rws);
#endif
int svcrdma_spare_init(struct svcrdma_xprt *sx);
void svcrdma_spare_release(struct svcrdma_xprt *sx);
int svcrdma_read_chunks(struct svc_rqst *rqstp, struct svcrdma_xprt *sx,
			struct svcrdma_recv_ctxt *ctxt);
struct svcrdma_recv_ctxt *svcrdma_reads_complete(struct svc_rqst *rqstp,
						 struct svcrdma_xprt *sx);
void svcrdma_reads_flush(struct svcrdma_xprt *sx);

/* rw.c */
struct svcrdma_rw *svcrdma_rw_alloc(struct svcrdma_xprt *sx,
				    unsigned int nents);
void svcrdma_rw_cache_destroy(struct svcrdma_xprt *sx);
int svcrdma_rw_add(struct svcrdma_rw *rw, struct page *page,
		   unsigned int offset, unsigned int len);
unsigned int svcrdma_rw_wrs(struct list_head *l);
int svcrdma_rw_init(struct svcrdma_xprt *sx, struct svcrdma_rw *rw,
		    u32 handle, u64 offset, enum dma_data_direction dir);
void svcrdma_rw_release(struct svcrdma_xprt *sx, struct svcrdma_rw *rw);
void svcrdma_rw_release_list(struct svcrdma_xprt *sx, struct list_head *l);
void svcrdma_rw_orphan(struct svcrdma_xprt *sx, struct list_head *l);
struct ib_send_wr *svcrdma_rw_chain(struct svcrdma_xprt *sx,
				    struct list_head *l, struct ib_cqe *cqe,
				    struct ib_send_wr *next);

/* sq.c */
int svcrdma_sq_reserve(struct svcrdma_xprt *sx, unsigned int wrs);
void svcrdma_sq_release(struct svcrdma_xprt *sx, unsigned int wrs);
u32 svcrdma_credits(struct svcrdma_xprt *sx);
void svcrdma_qp_flush(struct svcrdma_xprt *sx);

/* send.c */
int svcrdma_send_ring_init(struct svcrdma_xprt *sx);
void svcrdma_send_ring_destroy(struct svcrdma_xprt *sx);
struct svcrdma_send_ctxt *svcrdma_send_ctxt_get(struct svcrdma_xprt *sx);
void svcrdma_send_ctxt_put(struct svcrdma_xprt *sx,
			   struct svcrdma_send_ctxt *sc);
void svcrdma_send_ctxt_reset(struct svcrdma_xprt *sx,
			     struct svcrdma_send_ctxt *sc);
int svcrdma_send_hold_page(struct svcrdma_send_ctxt *sc, struct page *page);
int svcrdma_send_post(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc,
		      u32 inv_rkey, bool inv);
int __svcrdma_send_post(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc,
			u32 inv_rkey, bool inv);
void svcrdma_send_error(struct svcrdma_xprt *sx, u32 xid,
			enum rpcrdma_codec_err err, bool wait);
void svcrdma_v2_send_error(struct svcrdma_xprt *sx, u32 xid, u32 vers,
			   const struct rpcrdma_v2_error *e, bool wait);
void svcrdma_v2_send_props(struct svcrdma_xprt *sx, u32 xid);
void svcrdma_v2_grant_check(struct svcrdma_xprt *sx);

/* v2.c */
int svcrdma_v2_conn_init(struct svcrdma_xprt *sx);
void svcrdma_v2_conn_free(struct svcrdma_xprt *sx);
void svcrdma_v2_recv_done(struct svcrdma_xprt *sx,
			  struct svcrdma_recv_ctxt *ctxt);
u32 svcrdma_v2_credit(struct svcrdma_xprt *sx);
void svcrdma_v2_stamp(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc);
int svcrdma_v2_take_credit(struct svcrdma_xprt *sx, bool wait);
void svcrdma_v2_credit_none(struct svcrdma_xprt *sx);
void svcrdma_v2_apply_props(struct svcrdma_xprt *sx,
			    const struct rpcrdma_v2_props *pr);
void svcrdma_v2_call_done(struct svcrdma_xprt *sx,
			  struct svcrdma_recv_ctxt *ctxt);
void svcrdma_v2_recv_release(struct svcrdma_xprt *sx,
			     struct svcrdma_recv_ctxt *ctxt);

/* recv_v2.c */
int svcrdma_v2_recv(struct svcrdma_xprt *sx, struct svcrdma_recv_ctxt *ctxt);
void svcrdma_reasm_free(struct svcrdma_v2 *v2, struct svcrdma_reasm *ra);

/*
 * Two helpers of the Receive ring (recv.c), inline here: read.c and
 * transport.c give Receive contexts back, and read.c updates XPT_DATA
 * when a Call's deferred Reads are done, without calling into recv.c,
 * which calls read.c.
 */

/**
 * svcrdma_recv_ctxt_put - return a Receive context to the idle list
 * @sx: the connection
 * @ctxt: the context; its Call is finished with
 */
static inline void svcrdma_recv_ctxt_put(struct svcrdma_xprt *sx,
					 struct svcrdma_recv_ctxt *ctxt)
{
	if (sx->sx_v2)
		svcrdma_v2_recv_release(sx, ctxt);
	llist_add(&ctxt->rc_free, &sx->sx_recv_free);
}

/**
 * svcrdma_data_update - clear XPT_DATA once nothing waits for a thread
 * @sx: the connection; the caller holds @sx_lock
 *
 * Work for a thread is a completed Receive or a Call whose deferred
 * Reads are done.
 */
static inline void svcrdma_data_update(struct svcrdma_xprt *sx)
{
	lockdep_assert_held(&sx->sx_lock);
	if (list_empty(&sx->sx_recv_ready) && list_empty(&sx->sx_reads_done))
		clear_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
}

/* reply.c */
int svcrdma_sendto(struct svc_rqst *rqstp);
int svcrdma_result_payload(struct svc_rqst *rqstp, unsigned int offset,
			   unsigned int length);

/*
 * params.c: the tunables, read with READ_ONCE() where they are used,
 * and the bounds the sysctls of stats.c hold them between.
 */
extern unsigned int svcrdma_max_requests;
extern unsigned int svcrdma_inline_size;
extern unsigned int svcrdma_keepalive;
extern unsigned int svcrdma_max_version;
extern bool svcrdma_reply_chunk_always;
extern unsigned int svcrdma_max_ord;
extern unsigned int svcrdma_ack_timeout;
extern unsigned int svcrdma_reqs_min;
extern unsigned int svcrdma_reqs_max;
extern unsigned int svcrdma_inline_min;
extern unsigned int svcrdma_inline_max;
extern unsigned int svcrdma_keepalive_max;
extern unsigned int svcrdma_ord_min;
extern unsigned int svcrdma_ord_max;

/* stats.c */
enum svcrdma_stat {
	SVCRDMA_STAT_CONN_ACCEPTED,
	SVCRDMA_STAT_CONN_REJECTED,
	SVCRDMA_STAT_CONN_CLOSED,
	SVCRDMA_STAT_CONN_FREED,
	SVCRDMA_STAT_PROBES,
	SVCRDMA_STAT_PROBE_FAILED,
	SVCRDMA_STAT_RECV,
	SVCRDMA_STAT_RECV_DROPPED,
	SVCRDMA_STAT_REVERSE_DROPPED,
	SVCRDMA_STAT_ERR_VERS,
	SVCRDMA_STAT_ERR_CHUNK,
	SVCRDMA_STAT_READ_CHUNKS,
	SVCRDMA_STAT_READ_BYTES,
	SVCRDMA_STAT_READ_WAITS_BUSY,
	SVCRDMA_STAT_WRITE_CHUNKS,
	SVCRDMA_STAT_WRITE_BYTES,
	SVCRDMA_STAT_REPLY_CHUNKS,
	SVCRDMA_STAT_REPLY_BYTES,
	SVCRDMA_STAT_SEND_INLINE,
	SVCRDMA_STAT_SEND_INV,
	SVCRDMA_STAT_SQ_WAITS,
	SVCRDMA_STAT_BC_CALLS,
	SVCRDMA_STAT_BC_REPLIES,
	SVCRDMA_STAT_BC_SEND_ERR,
	SVCRDMA_STAT_CONN_V1,
	SVCRDMA_STAT_CONN_V2,
	SVCRDMA_STAT_ERR_VERS_MISMATCH,
	SVCRDMA_STAT_V2_ERR_PARSE,
	SVCRDMA_STAT_V2_ERR_CONT,
	SVCRDMA_STAT_V2_ERR_LIMITS,
	SVCRDMA_STAT_V2_ERR_RESOURCE,
	SVCRDMA_STAT_V2_ERR_SYSTEM,
	SVCRDMA_STAT_V2_ERR_RECV,
	SVCRDMA_STAT_V2_GRANT_SENT,
	SVCRDMA_STAT_V2_GRANT_RECV,
	SVCRDMA_STAT_V2_CONT_RECV,
	SVCRDMA_STAT_V2_CONT_CALLS,
	SVCRDMA_STAT_V2_CONT_ABORTED,
	SVCRDMA_STAT_V2_CONT_SENT,
	SVCRDMA_STAT_V2_CONT_REPLIES,
	SVCRDMA_STAT_V2_CONNPROP_RECV,
	SVCRDMA_STAT_V2_CONNPROP_SENT,
	SVCRDMA_STAT_V2_HOSTAUTH,
	SVCRDMA_STAT_V2_CREDIT_WAITS,
	SVCRDMA_STAT_V2_CREDIT_TIMEOUTS,
	SVCRDMA_STAT_V2_CREDIT_NONE,
	SVCRDMA_STAT_SQ_STALLS,
	SVCRDMA_STAT_PROBE_STUCK,
	SVCRDMA_STAT_READ_STUCK,
	SVCRDMA_STAT_READ_SEGS,
	SVCRDMA_STAT_WRITE_SEGS,
	SVCRDMA_STAT_MAX
};

void svcrdma_stat_add(enum svcrdma_stat s, unsigned long n);
static inline void svcrdma_stat_inc(enum svcrdma_stat s)
{
	svcrdma_stat_add(s, 1);
}

/*
 * Gauges (rpcrdma/gauge.h), shown as live_* in svcrdma_ng: transports
 * (listeners and connections), Receive, Send and rdma_rw contexts, and
 * pages we hold a reference to (Reply pages until their Send completes,
 * Call pages of deferred Reads).
 */
enum svcrdma_live {
	SVCRDMA_LIVE_XPRTS,
	SVCRDMA_LIVE_RECV_CTXTS,
	SVCRDMA_LIVE_SEND_CTXTS,
	SVCRDMA_LIVE_RW_CTXTS,
	SVCRDMA_LIVE_PAGES,
	SVCRDMA_LIVE_MAX
};

extern atomic_t svcrdma_live[SVCRDMA_LIVE_MAX];

static inline void svcrdma_live_add(enum svcrdma_live g, int n)
{
	atomic_add(n, &svcrdma_live[g]);
}

int svcrdma_stats_init(void);
void svcrdma_stats_exit(void);
int svcrdma_compat_init(void);
void svcrdma_compat_exit(void);

/* trace.c: connection, CQ and completion ids (rpcrdma/trace_common.h) */
extern atomic_t svcrdma_conn_ids;
extern atomic_t svcrdma_cq_ids;
extern atomic_t svcrdma_cids;

static inline u32 svcrdma_new_id(void)
{
	return rpcrdma_trace_next_id(&svcrdma_conn_ids);
}

static inline u32 svcrdma_new_cq_id(void)
{
	return rpcrdma_trace_next_id(&svcrdma_cq_ids);
}

static inline u32 svcrdma_new_cid(void)
{
	return rpcrdma_trace_next_id(&svcrdma_cids);
}

#endif /* _SVCRDMA_SVCRDMA_H */
