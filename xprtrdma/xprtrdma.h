/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xprtrdma: RPC-over-RDMA client transport (Version 1, and Version 2 where
 * the server speaks it), internal interfaces.
 *
 * Objects and their lifetimes:
 *   struct xprtrdma_xprt  one per rpc_xprt; owns the request slots.
 *   struct xprtrdma_ep    one per connection attempt; owns the cm_id, PD,
 *                         CQs, QP, MR pool and Receive ring. It is built
 *                         by the connect worker and torn down by close,
 *                         destroy or a failed connect, all of which run
 *                         holding XPRT_LOCKED.
 *   struct xprtrdma_req   one per RPC slot; embeds the rpc_rqst.
 *   struct xprtrdma_rep   one per posted Receive.
 *   struct xprtrdma_bc_req  one per backchannel request (reverse-direction
 *                         Call and its Reply); embeds the rpc_rqst the
 *                         callback service uses. The pool belongs to the
 *                         transport and survives reconnects.
 */
#ifndef _XPRTRDMA_H
#define _XPRTRDMA_H

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/rwsem.h>
#include <linux/workqueue.h>
#include <linux/sunrpc/xprt.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>

#include <rpcrdma/codec.h>
#include <rpcrdma/frwr.h>
#include <rpcrdma/reverse.h>
#include <rpcrdma/trace_common.h>

/* Tunables (params.c); each is read once per transport, at setup. */
extern unsigned int xprtrdma_inline_send;
extern unsigned int xprtrdma_inline_recv;
extern unsigned int xprtrdma_slot_table;
extern unsigned int xprtrdma_mr_depth;
extern unsigned int xprtrdma_max_version;
extern unsigned int xprtrdma_ack_timeout;
int xprtrdma_sysctl_init(void);
void xprtrdma_sysctl_exit(void);

#define XPRTRDMA_INLINE_MIN	1024U
/*
 * 8 KiB by default: a 4 KiB NFS READ or WRITE with its RPC and
 * RPC-over-RDMA headers (about 4.3 KB) then travels in one Send, with no
 * memory registration and no RDMA Read or Write. A server that offers
 * less (RFC 8797, Section 3.1; 4096 for the in-tree server) lowers it
 * per connection.
 */
#define XPRTRDMA_INLINE_DEF	8192U
#define XPRTRDMA_INLINE_MAX	65536U
#define XPRTRDMA_SLOTS_MIN	4U
#define XPRTRDMA_SLOTS_DEF	128U
#define XPRTRDMA_SLOTS_MAX	1024U
#define XPRTRDMA_DEPTH_MIN	4U
#define XPRTRDMA_DEPTH_DEF	256U
#define XPRTRDMA_DEPTH_MAX	1024U

/* Largest RPC payload (NFS rsize/wsize) we offer the upper layer */
#define XPRTRDMA_MAX_PAYLOAD	(1024U * 1024U)
/* Bound for the codec's chunk-length check; the real one is per chunk */
#define XPRTRDMA_MAX_REPLY	(2 * XPRTRDMA_MAX_PAYLOAD)
/* MRs one chunk may use: head, tail and the page list */
#define XPRTRDMA_MAX_CHUNK_MRS	8U

/*
 * Payload limit for MRs of @depth pages and chunks of @segs MRs: the
 * page list of a chunk must fit the MRs left after the head's, the
 * tail's and a page-offset one.
 */
static inline size_t xprtrdma_payload_limit(unsigned int depth,
					    unsigned int segs)
{
	return min_t(size_t, XPRTRDMA_MAX_PAYLOAD,
		     (size_t)(segs - 3) * depth << PAGE_SHIFT);
}

/* Receives posted beyond the credit limit, for unsolicited messages */
#define XPRTRDMA_EXTRA_RECVS	8U
/*
 * Backchannel requests a transport may hold, and the Receives kept for
 * reverse-direction Calls beyond the forward credits (RFC 8167, Section
 * 4.3.1). The NFS client asks for one callback slot per session unless
 * told otherwise (nfs.max_session_cb_slots); eight leave room for that
 * to be raised without costing much (three pages per request).
 */
#define XPRTRDMA_BC_SLOTS	8U

/*
 * How long the connect worker waits for the answer to the Version 2
 * first message (v2-07, Section 4.3). A server that speaks either
 * version answers at once, in the Receive path with no disk or nfsd
 * work behind it; silence (Section 4.3.2: "lost or dropped") then
 * means Version 1, on this connection and the next ones.
 */
#define XPRTRDMA_V2_ANSWER_MS	5000
/*
 * How long the end of a backchannel Reply waits for its Send, the end
 * of an RPC with no Reply for its Local Invalidates (queued behind its
 * Send), or the Local Invalidates after Replies go with none completing
 * (xprtrdma_inv_watch()), before the connection counts as stuck and is
 * closed. A server
 * that keeps to its credits never lets a Send meet an empty Receive
 * queue, and a lost peer ends the Send with a transport retry error
 * within seconds (retry_count 6). A server that
 * keeps its QP up and posts no Receives stalls it for good: the RNR retry
 * count of our QP is the one the server's CM reply carries, and 7 there
 * means retry forever. Closing the connection flushes what was stuck.
 */
#define XPRTRDMA_STALL_TIMEOUT	(5 * HZ)

/*
 * Control messages (the first CONNPROP_FINAL, RDMA2_GRANT, RDMA2_ERROR)
 * go out of one buffer per connection, one at a time. The largest is
 * our CONNPROP_FINAL: prefix, count and five properties, 96 octets.
 */
#define XPRTRDMA_CTL_SIZE	256U
/*
 * A continued Reply (v2-07, Section 6.6.2) is reassembled in one buffer
 * per connection: no larger than the largest Reply the upper layer can
 * take without chunks plus its header, 2 x the largest payload we offer
 * (an NFS READ of 1 MiB and its attributes) bounds the memory one
 * server can make us hold.
 */
#define XPRTRDMA_CONT_MAX	(2 * XPRTRDMA_MAX_PAYLOAD)
/*
 * A Call that does not fit one Send may go as a continued Call (v2-07,
 * Section 6.6.2): at most this many CALL_MIDDLE Sends out of one buffer
 * per connection, then the CALL_INLINE from the request's own Send
 * buffer. With a 4 KiB inline threshold that covers Calls of about
 * 20 KB (an NFS WRITE of 16 KiB) with no memory registration; larger
 * ones, or one that finds the buffer in use, go with a chunk.
 */
#define XPRTRDMA_CCALL_PARTS	4U
/*
 * Call Sends are signaled one in this many at most (fewer with few
 * credits, every one while the Send Queue runs low: send.c); a signaled
 * completion retires the unsignaled Sends posted before it.
 */
#define XPRTRDMA_SIGNAL_EVERY	16U
/* Most Send Queue slots one Call can need: MRs, their LOCAL_INVs, Send */
#define XPRTRDMA_SQ_PER_CALL	(4 * XPRTRDMA_MAX_CHUNK_MRS + 1)
/*
 * Below this many free slots every Call Send is signaled. Between the
 * last Call posted and a Call that finds fewer than XPRTRDMA_SQ_PER_CALL
 * only backchannel Replies and a control message can take slots (at most
 * XPRTRDMA_BC_SLOTS + 1), so such a Call always finds a signaled Send
 * after every unsignaled one.
 */
#define XPRTRDMA_SQ_LOW		(2 * XPRTRDMA_SQ_PER_CALL)

/* struct xprtrdma_ep flags */
enum {
	XPRTRDMA_EP_CONNECTED,	/* ESTABLISHED seen, not failed or closing */
	XPRTRDMA_EP_DISCONNECT,	/* ESTABLISHED seen, rdma_disconnect() due */
	XPRTRDMA_EP_REMOVED,	/* DEVICE_REMOVAL seen */
	XPRTRDMA_EP_V2_WATCH,	/* ep_v2_watch queued (v2.c) */
};

struct xprtrdma_rep {
	struct ib_cqe		rep_cqe;
	u32			rep_cid;	/* completion id (trace) */
	struct ib_recv_wr	rep_wr;
	struct ib_sge		rep_sge;
	struct xprtrdma_ep	*rep_ep;
	void			*rep_buf;
	u64			rep_dma;
	struct rpcrdma_v1_msg	rep_msg;	/* decode scratch */
};

/*
 * One posted Call Send, until a completion says it is done. The records
 * form a ring in posting order (ep_recs); the Send Queue completes in
 * that order, so a completion retires its own record and every one
 * before it. The record, not the request, owns the completion, because
 * the request may be reused once its Reply is in, before that.
 */
struct xprtrdma_sendrec {
	struct ib_cqe		sr_cqe;
	struct xprtrdma_req	*sr_req;
	u32			sr_seq;		/* ep_send_head when posted */
	u32			sr_cid;		/* the request's Send cid */
	unsigned int		sr_held;	/* SQ slots: REG_MRs and Send */
};

struct xprtrdma_ep {
	struct xprtrdma_xprt	*ep_rx;
	struct rdma_cm_id	*ep_id;
	struct ib_pd		*ep_pd;
	struct ib_cq		*ep_scq;
	struct ib_cq		*ep_rcq;
	u32			ep_scq_id;	/* CQ ids (trace) */
	u32			ep_rcq_id;
	bool			ep_qp;		/* QP created */
	bool			ep_sends_mapped;
	unsigned long		ep_flags;
	struct completion	ep_cm_done;
	int			ep_cm_status;
	struct frwr_pool	ep_mrs;
	unsigned int		ep_depth;	/* pages per MR */
	unsigned int		ep_credits;	/* credit limit we ask for */
	unsigned int		ep_inline_send;	/* largest Send to the peer */
	unsigned int		ep_inline_recv;	/* largest reply it may send */
	bool			ep_remote_inv;
	unsigned int		ep_sq_depth;
	atomic_t		ep_sq_avail;	/* Send Queue slots not reserved */
	/* Local Invalidates after a Reply (mrs.c, xprtrdma_inv_watch()) */
	struct delayed_work	ep_inv_watch;
	atomic_t		ep_inv_out;	/* chains not yet completed */
	atomic_t		ep_inv_done;	/* chains completed */
	int			ep_inv_seen;	/* ep_inv_done last look */
	struct xprtrdma_sendrec	*ep_recs;	/* ring of Call Sends */
	u32			ep_recs_mask;	/* ring size - 1 */
	u32			ep_send_head;	/* Call Sends posted */
	u32			ep_send_tail;	/* ... retired (send CQ only) */
	unsigned int		ep_unsignaled;	/* posted since a signaled one */
	unsigned int		ep_signal_every;
	unsigned int		ep_nreps;
	struct xprtrdma_rep	*ep_reps;
	unsigned int		ep_gen;		/* rx_ep_gen when opened */
	u8			ep_priv[RPCRDMA_CM_PRIV_SIZE];
	unsigned int		ep_max_segs;	/* segments per chunk */

	/* Version 2 (v2.c, recv_v2.c); ep_vers 0: the first answer is due */
	unsigned int		ep_vers;
	u32			ep_neg_xid;	/* rdma_xid of our first message */
	struct completion	ep_neg_done;
	enum rpcrdma_vers_answer ep_neg_answer;
	atomic_t		ep_v2_sent;	/* messages posted */
	u32			ep_v2_limit;	/* latest rdma_credit received */
	u32			ep_v2_recvd;	/* Receives completed (recv CQ) */
	u32			ep_v2_adv;	/* credits we advertise */
	u32			ep_v2_granted;	/* latest rdma_credit posted */
	struct delayed_work	ep_v2_watch;	/* a closed window (v2.c) */
	u32			ep_v2_watch_limit; /* ep_v2_limit when queued */
	unsigned long		ep_v2_watch_delay; /* jiffies it waits */
	u32			ep_v2_open;	/* MIDDLE type awaiting its end */
	bool			ep_v2_props_final; /* server's FINAL seen */
	struct rpcrdma_v2_msg	*ep_v2_msg;	/* decode scratch (recv CQ) */
	struct rpcrdma_v2_props	ep_v2_peer;	/* the server's properties */
	u8			*ep_cont_buf;	/* continued Reply so far */
	u32			ep_cont_len;	/* octets collected */
	u32			ep_cont_total;	/* octets the message has */
	u32			ep_cont_xid;
	void			*ep_ctl_buf;	/* control messages */
	u64			ep_ctl_dma;
	unsigned long		ep_ctl_busy;	/* bit 0: a Send is out */
	struct ib_cqe		ep_ctl_cqe;
	u32			ep_ctl_cid;
	struct ib_send_wr	ep_ctl_wr;
	struct ib_sge		ep_ctl_sge;
	/* Continued Calls; ep_post_lock keeps other Sends out of one */
	spinlock_t		ep_post_lock;
	void			*ep_ccall_buf;	/* CALL_MIDDLE parts */
	u64			ep_ccall_dma;
	unsigned long		ep_ccall_busy;	/* bit 0: parts are out */
	unsigned int		ep_ccall_nmid;	/* CALL_MIDDLEs out */
	struct ib_cqe		ep_ccall_cqe[XPRTRDMA_CCALL_PARTS];
	u32			ep_ccall_cid[XPRTRDMA_CCALL_PARTS];
	struct ib_send_wr	ep_ccall_wr[XPRTRDMA_CCALL_PARTS];
	struct ib_sge		ep_ccall_sge[XPRTRDMA_CCALL_PARTS];
};

/* struct xprtrdma_req flags */
enum {
	XPRTRDMA_REQ_SEND_BUSY,		/* Send posted, not known done */
	XPRTRDMA_REQ_AWAIT_REPLY,	/* Send posted on req_ep, no reply */
	XPRTRDMA_REQ_PARKED,		/* freed while SEND_BUSY (req_lock) */
};

/* How the reply may come back (RFC 8166, Section 3.5) */
enum xprtrdma_wtype {
	XPRTRDMA_REPLY_INLINE,
	XPRTRDMA_REPLY_WRITE,		/* Write chunk for the page list */
	XPRTRDMA_REPLY_CHUNK,		/* whole reply in a Reply chunk */
};

/* How the call goes out (RFC 8166, Section 3.5) */
enum xprtrdma_rtype {
	XPRTRDMA_CALL_INLINE,
	XPRTRDMA_CALL_READ,		/* Read chunk for the page list */
	XPRTRDMA_CALL_NOMSG,		/* Position-zero Read chunk */
	XPRTRDMA_CALL_CONT,		/* CALL_MIDDLEs, then CALL_INLINE */
};

struct xprtrdma_req {
	struct rpc_rqst		req_rqst;
	struct list_head	req_free;	/* on rx_free (reserve_lock) */
	struct xprtrdma_xprt	*req_rx;
	spinlock_t		req_lock;	/* req_mrs, SEND_BUSY, PARKED */
	struct list_head	req_mrs;	/* registered for this RPC */
	struct list_head	req_inv_mrs;	/* being invalidated */
	unsigned long		req_flags;
	atomic_t		req_finish;	/* reply side to complete */
	u32			req_send_seq;	/* sr_seq of the latest Send */
	struct xprtrdma_ep	*req_ep;	/* where the last Send went */
	enum xprtrdma_wtype	req_wtype;
	unsigned int		req_nmid;	/* CALL_MIDDLEs before the Send */
	u32			req_reply_len;	/* for xprt_complete_rqst */
	bool			req_inv_sync;	/* buf_free is waiting */
	struct completion	req_inv_done;
	void			*req_sendbuf;
	u64			req_send_dma;
	u32			req_send_cid;	/* the latest Send's (trace) */
	u32			req_inv_cid;	/* its LOCAL_INV chain's */
	struct ib_send_wr	req_send_wr;
	struct ib_sge		req_send_sge;
	struct ib_cqe		req_inv_cqe;
	unsigned int		req_inv_count;
	void			*req_callbuf;
	size_t			req_callbuf_size;
	void			*req_replybuf;
	size_t			req_replybuf_size;
	struct rpcrdma_v1_msg	req_msg;	/* header of the last Send */
};

/* struct xprtrdma_bc_req flags */
enum {
	XPRTRDMA_BC_SEND_BUSY,		/* Send posted, not yet completed */
	XPRTRDMA_BC_ERR_REPLY,		/* the Send is an ERR_CHUNK answer */
};

struct xprtrdma_bc_req {
	struct rpc_rqst		bc_rqst;
	struct xprtrdma_xprt	*bc_rx;
	struct list_head	bc_free;	/* on rx_bc_free (rx_bc_lock) */
	unsigned long		bc_flags;
	unsigned int		bc_ep_gen;	/* connection the Call came on */
	struct page		*bc_call_page;	/* backs rq_rcv_buf */
	struct page		*bc_reply_page;	/* backs rq_snd_buf */
	void			*bc_sendbuf;	/* rx_inline_send octets */
	u64			bc_send_dma;	/* mapped while a Send is out */
	struct ib_cqe		bc_send_cqe;
	u32			bc_send_cid;	/* completion id (trace) */
	struct ib_send_wr	bc_send_wr;
	struct ib_sge		bc_send_sge;
	struct rpcrdma_v1_msg	bc_msg;		/* header of the last Send */
};

struct xprtrdma_stats {
	atomic_long_t		st_read_chunks;
	atomic_long_t		st_write_chunks;
	atomic_long_t		st_reply_chunks;
	atomic_long_t		st_read_segs;	/* one MR each */
	atomic_long_t		st_write_segs;
	atomic_long_t		st_reply_segs;
	atomic_long_t		st_read_bytes;	/* Read chunks registered */
	atomic_long_t		st_request_bytes; /* Write/Reply registered */
	atomic_long_t		st_write_bytes;	/* written by the peer */
	atomic_long_t		st_send_copy;	/* bytes copied to Sends */
	atomic_long_t		st_recv_copy;	/* bytes copied from Receives */
	atomic_long_t		st_marshal_fail;
	atomic_long_t		st_bad_reply;
	atomic_long_t		st_nomsg_calls;
	atomic_long_t		st_mrs_registered;
	atomic_long_t		st_mrs_allocated;	/* pools of connections */
	atomic_long_t		st_local_inv;
	atomic_long_t		st_remote_inv;
	atomic_long_t		st_no_space;	/* SQ or MRs ran out */
	atomic_long_t		st_err_vers;
	atomic_long_t		st_err_chunk;
	atomic_long_t		st_calls_dropped;	/* reverse-direction */
	atomic_long_t		st_credit_clamped;
	atomic_long_t		st_bc_calls;	/* reverse-direction, queued */
	atomic_long_t		st_bc_replies;	/* their Replies, posted */
	atomic_long_t		st_bc_err_chunk;	/* ERR_CHUNK answers */
	atomic_long_t		st_v2_offered;	/* first messages sent */
	atomic_long_t		st_v2_accepted;	/* ... answered in Version 2 */
	atomic_long_t		st_v2_refused;	/* ... with ERR_VERS */
	atomic_long_t		st_v2_silent;	/* ... not at all */
	atomic_long_t		st_v2_grants_recv;
	atomic_long_t		st_v2_grants_sent;
	atomic_long_t		st_v2_errors_recv;	/* RDMA2_ERROR */
	atomic_long_t		st_v2_errors_sent;
	atomic_long_t		st_v2_cont_recv;	/* MIDDLE messages */
	atomic_long_t		st_v2_cont_sent;	/* continued Calls */
	atomic_long_t		st_v2_credit_waits;
	atomic_long_t		st_v2_credit_stalls; /* closed: window shut */
	atomic_long_t		st_send_stalls;	/* connections closed stuck */
	unsigned long		st_mrs_recovered;	/* from dead pools */
	unsigned long		st_mrs_orphaned;
};

struct xprtrdma_xprt {
	struct rpc_xprt		rx_xprt;
	struct xprtrdma_ep	*rx_ep;
	struct rw_semaphore	rx_ep_rwsem;	/* ep teardown vs. buf_free */
	struct delayed_work	rx_connect_work;
	struct list_head	rx_free;	/* idle slots (reserve_lock) */
	struct xprtrdma_req	**rx_reqs;
	unsigned int		rx_nreqs;
	unsigned int		rx_inline_send;	/* what we offer (tunable) */
	unsigned int		rx_inline_recv;
	unsigned int		rx_bc_payload;	/* bc_maxpayload; read locklessly */
	unsigned int		rx_depth_want;
	unsigned int		rx_max_vers;	/* highest version we offer */
	bool			rx_v1_only;	/* the server refused Version 2 */
	unsigned int		rx_vers;	/* of the latest connection */
	bool			rx_tried;	/* connect attempted before */
	unsigned int		rx_ep_gen;	/* connections opened so far */
	u16			rx_srcport;	/* kept for the next connection */
	spinlock_t		rx_bc_lock;	/* the backchannel pool */
	struct list_head	rx_bc_free;	/* idle xprtrdma_bc_req */
	unsigned int		rx_bc_count;	/* requests allocated */
	unsigned int		rx_bc_max;	/* requests the sessions want */
	struct xprtrdma_stats	rx_stats;
};

static inline struct xprtrdma_xprt *xprtrdma_rx(struct rpc_xprt *xprt)
{
	return container_of(xprt, struct xprtrdma_xprt, rx_xprt);
}

static inline struct xprtrdma_req *xprtrdma_req(struct rpc_rqst *rqst)
{
	return container_of(rqst, struct xprtrdma_req, req_rqst);
}

/*
 * Fill in a signaled, single-SGE Send of @len octets at DMA address @addr
 * (a forward Call or a reverse-direction Reply; both are one buffer).
 */
static inline void xprtrdma_init_send(struct xprtrdma_ep *ep,
				      struct ib_send_wr *wr,
				      struct ib_sge *sge, struct ib_cqe *cqe,
				      u64 addr, u32 len)
{
	sge->addr = addr;
	sge->length = len;
	sge->lkey = ep->ep_pd->local_dma_lkey;
	wr->next = NULL;
	wr->wr_cqe = cqe;
	wr->sg_list = sge;
	wr->num_sge = 1;
	wr->opcode = IB_WR_SEND;
	wr->send_flags = IB_SEND_SIGNALED;
}

static inline struct xprtrdma_bc_req *xprtrdma_bc_req(struct rpc_rqst *rqst)
{
	return container_of(rqst, struct xprtrdma_bc_req, bc_rqst);
}

#define xprtrdma_count(rx, field) atomic_long_inc(&(rx)->rx_stats.field)
#define xprtrdma_count_add(rx, field, n) \
	atomic_long_add((n), &(rx)->rx_stats.field)

/* transport.c */
int xprtrdma_register(void);
void xprtrdma_unregister(void);

/* buffers.c */
int xprtrdma_reqs_create(struct xprtrdma_xprt *rx);
void xprtrdma_reqs_destroy(struct xprtrdma_xprt *rx);
int xprtrdma_buf_alloc(struct rpc_task *task);
void xprtrdma_alloc_slot(struct rpc_xprt *xprt, struct rpc_task *task);
void xprtrdma_free_slot(struct rpc_xprt *xprt, struct rpc_rqst *rqst);
void xprtrdma_slot_put(struct xprtrdma_xprt *rx, struct xprtrdma_req *req);
int xprtrdma_sendbufs_map(struct xprtrdma_ep *ep);
void xprtrdma_sendbufs_unmap(struct xprtrdma_ep *ep);

/* cm.c */
void xprtrdma_connect_worker(struct work_struct *work);
void xprtrdma_ep_teardown(struct xprtrdma_xprt *rx);

/* recv.c */
int xprtrdma_reps_create(struct xprtrdma_ep *ep);
void xprtrdma_reps_destroy(struct xprtrdma_ep *ep);
int xprtrdma_reps_post_all(struct xprtrdma_ep *ep);
void xprtrdma_rep_post(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep);

/* reply.c */
void xprtrdma_reply_handle(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			   struct ib_wc *wc);

/* marshal.c */
int xprtrdma_marshal(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
		     struct list_head *mrs, struct ib_send_wr **chain);

/* send.c */
int xprtrdma_send(struct xprtrdma_ep *ep, struct xprtrdma_req *req);
void xprtrdma_reply_done(struct xprtrdma_req *req);
int xprtrdma_sends_init(struct xprtrdma_ep *ep);
void xprtrdma_sends_free(struct xprtrdma_ep *ep);
void xprtrdma_sends_retire_all(struct xprtrdma_ep *ep);
void xprtrdma_send_consumed(struct xprtrdma_req *req);
bool xprtrdma_send_park(struct xprtrdma_req *req);

/* sq.c */
bool xprtrdma_sq_reserve(struct xprtrdma_ep *ep, unsigned int n);
void xprtrdma_sq_release(struct xprtrdma_ep *ep, unsigned int n);
void xprtrdma_space_wait(struct xprtrdma_xprt *rx);
void xprtrdma_space_wake(struct xprtrdma_xprt *rx);
void xprtrdma_ep_fail(struct xprtrdma_ep *ep);
void xprtrdma_stall_wait(struct xprtrdma_xprt *rx, unsigned long *word,
			 int bit);
void xprtrdma_stalled(struct xprtrdma_xprt *rx);
void xprtrdma_wc_failed(struct xprtrdma_ep *ep, enum ib_wc_status status);

/* mrs.c */
void xprtrdma_mrs_put_list(struct xprtrdma_ep *ep, struct list_head *mrs);
void xprtrdma_mrs_sync_for_cpu(struct xprtrdma_req *req);
void xprtrdma_mrs_remote_inv(struct xprtrdma_req *req, u32 rkey);
void xprtrdma_mrs_invalidate(struct xprtrdma_ep *ep, struct xprtrdma_req *req);
void xprtrdma_mrs_invalidate_sync(struct xprtrdma_xprt *rx,
				  struct xprtrdma_req *req);
void xprtrdma_inv_watch(struct work_struct *work);
void xprtrdma_mrs_reclaim(struct xprtrdma_xprt *rx);

/* backchannel.c */
int xprtrdma_bc_setup(struct rpc_xprt *xprt, unsigned int reqs);
void xprtrdma_bc_destroy(struct rpc_xprt *xprt, unsigned int reqs);
void xprtrdma_bc_free_rqst(struct rpc_rqst *rqst);
size_t xprtrdma_bc_maxpayload(struct rpc_xprt *xprt);
void xprtrdma_bc_set_payload(struct xprtrdma_xprt *rx, u32 send, u32 recv);
unsigned int xprtrdma_bc_num_slots(struct rpc_xprt *xprt);
void xprtrdma_bc_receive(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			 enum rpcrdma_reverse_class rc);
int xprtrdma_bc_send_reply(struct rpc_rqst *rqst);

/* v2.c */
int xprtrdma_v2_init(struct xprtrdma_ep *ep);
void xprtrdma_v2_release(struct xprtrdma_ep *ep);
int xprtrdma_v2_negotiate(struct xprtrdma_ep *ep);
bool xprtrdma_v2_take(struct xprtrdma_ep *ep);
void xprtrdma_v2_watch_start(struct xprtrdma_ep *ep, unsigned long timeout);
void xprtrdma_v2_watch(struct work_struct *work);
void xprtrdma_v2_untake(struct xprtrdma_ep *ep);
u32 xprtrdma_v2_credit_value(struct xprtrdma_ep *ep);
u32 xprtrdma_v2_cwnd(struct xprtrdma_ep *ep);
void xprtrdma_v2_stamp(struct xprtrdma_ep *ep, void *hdr, u64 dma);
int xprtrdma_v2_post_call(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			  const struct ib_send_wr *chain);
unsigned int xprtrdma_v2_ccall_reserve(struct xprtrdma_ep *ep, u32 len,
				       u32 fin);
void xprtrdma_v2_ccall_undo(struct xprtrdma_ep *ep, unsigned int nmid);
int xprtrdma_v2_ccall_build(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			    unsigned int nmid, struct ib_send_wr ***tail);
bool xprtrdma_v2_settle(struct xprtrdma_ep *ep, unsigned int vers,
			enum rpcrdma_vers_answer answer);
void xprtrdma_v2_maybe_grant(struct xprtrdma_ep *ep);
void xprtrdma_v2_send_error(struct xprtrdma_ep *ep, u32 xid,
			    const struct rpcrdma_v2_error *e);

/* recv_v2.c */
bool xprtrdma_v2_receive(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			 struct ib_wc *wc, const u8 **msg);

#if IS_ENABLED(CONFIG_KUNIT)
/* static unless KUnit is enabled: for the KUnit suites here */
bool xprtrdma_v2_take_grant(struct xprtrdma_ep *ep);
/* reply.c */
int xprtrdma_reply_place(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			 struct xprtrdma_rep *rep, const u8 *src);
u32 xprtrdma_grant(struct xprtrdma_ep *ep, u32 grant, u32 xid);
void xprtrdma_update_credits(struct xprtrdma_ep *ep, struct rpc_rqst *rqst,
			     u32 credits);
/* cm.c */
int xprtrdma_ep_size(struct xprtrdma_ep *ep);
void xprtrdma_credits_reset(struct xprtrdma_xprt *rx);
/* send.c */
bool xprtrdma_send_signal(struct xprtrdma_ep *ep);
struct xprtrdma_sendrec *xprtrdma_send_record(struct xprtrdma_ep *ep,
					      struct xprtrdma_req *req,
					      unsigned int held);
void xprtrdma_sends_retire(struct xprtrdma_ep *ep, u32 end);
#endif

/* stats.c */
void xprtrdma_print_stats(struct rpc_xprt *xprt, struct seq_file *seq);

/*
 * Gauges (rpcrdma/gauge.h), shown as live_* in /proc/sys/sunrpc/
 * xprtrdma_ng/: transports, connections (a cm_id not yet destroyed),
 * Receive buffers, and backchannel requests (two pages each).
 */
enum xprtrdma_live {
	XPRTRDMA_LIVE_XPRTS,
	XPRTRDMA_LIVE_CONNS,
	XPRTRDMA_LIVE_RECV_BUFS,
	XPRTRDMA_LIVE_BC_REQS,
	XPRTRDMA_LIVE_MAX
};

extern atomic_t xprtrdma_live[XPRTRDMA_LIVE_MAX];

static inline void xprtrdma_live_add(enum xprtrdma_live g, int n)
{
	atomic_add(n, &xprtrdma_live[g]);
}

int xprtrdma_gauges_init(void);
void xprtrdma_gauges_exit(void);

/* trace.c: CQ and completion ids (include/rpcrdma/trace_common.h) */
extern atomic_t xprtrdma_cq_ids;
extern atomic_t xprtrdma_cids;

static inline u32 xprtrdma_new_cq_id(void)
{
	return rpcrdma_trace_next_id(&xprtrdma_cq_ids);
}

static inline u32 xprtrdma_new_cid(void)
{
	return rpcrdma_trace_next_id(&xprtrdma_cids);
}

#endif /* _XPRTRDMA_H */
