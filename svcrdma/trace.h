/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svcrdma: tracepoints. The system is "svcrdma_ng" so that it never
 * collides with the kernel's own "rpcrdma" events.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM svcrdma_ng

#if !defined(_SVCRDMA_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SVCRDMA_TRACE_H

#include <linux/tracepoint.h>
#include <rdma/ib_verbs.h>
#include <rpcrdma/compat.h>
#include <rpcrdma/trace_common.h>

#include "svcrdma.h"

/*
 * Every event names its connection ("conn=N", sx_id: a counter of the
 * module, given to each transport, listeners too, when it is made).
 * Events of a work request carry its completion id (cq_id, cid): the
 * recvfrom event the Receive's, read_chunks the Read's, sendto and
 * post_send the Send's, so each joins its completion event.
 */

/* The drop reasons, for rpcrdma_show_drop_reason() in user space */
#include <rpcrdma/trace_drop.h>
/* ... and the verbs' and the CM's codes */
#include <rpcrdma/trace_verbs.h>

DECLARE_EVENT_CLASS(svcrdma_xprt_class,
		    TP_PROTO(const struct svcrdma_xprt *sx),
		    TP_ARGS(sx),
		    TP_STRUCT__entry(__field(u32, conn_id)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->conn_id = sx->sx_id;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("conn=%u peer=%s", __entry->conn_id, __get_str(addr))
);

#define DEFINE_SVCRDMA_XPRT_EVENT(name)					\
	DEFINE_EVENT(svcrdma_xprt_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx), TP_ARGS(sx))

DEFINE_SVCRDMA_XPRT_EVENT(accept);
DEFINE_SVCRDMA_XPRT_EVENT(detach);
DEFINE_SVCRDMA_XPRT_EVENT(free);
DEFINE_SVCRDMA_XPRT_EVENT(bc_setup);
DEFINE_SVCRDMA_XPRT_EVENT(bc_close);

/* status: the negative errno */
DECLARE_EVENT_CLASS(svcrdma_status_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, int status),
		    TP_ARGS(sx, status),
		    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
				     __field(int, status)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
				   __entry->status = status;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("conn=%u peer=%s status=%d", RPCRDMA_TP_CONN_ARGS,
			      __get_str(addr), __entry->status)
);

#define DEFINE_SVCRDMA_STATUS_EVENT(name)				\
	DEFINE_EVENT(svcrdma_status_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx, int status),	\
		TP_ARGS(sx, status))

DEFINE_SVCRDMA_STATUS_EVENT(accept_err);
DEFINE_SVCRDMA_STATUS_EVENT(post_recv_err);
DEFINE_SVCRDMA_STATUS_EVENT(post_send_err);
/* status: 0 when a probe was posted, else why not, or -ETIMEDOUT */
DEFINE_SVCRDMA_STATUS_EVENT(probe);

/* wrs: the work requests that found the Send Queue full */
TRACE_EVENT(svcrdma_sq_full,
	    TP_PROTO(const struct svcrdma_xprt *sx, int wrs),
	    TP_ARGS(sx, wrs),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(int, wrs)
			     __string(addr, sx->sx_xprt.xpt_remotebuf)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->wrs = wrs;
			   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
	    ),
	    TP_printk("conn=%u peer=%s wrs=%d", RPCRDMA_TP_CONN_ARGS,
		      __get_str(addr), __entry->wrs)
);

/*
 * deferred: Calls of this connection whose Reads wait as a thread does
 * (read_wait); read_stuck: a thread's Reads outlived SVCRDMA_READ_WAIT
 */
DECLARE_EVENT_CLASS(svcrdma_read_wait_class,
	    TP_PROTO(const struct svcrdma_xprt *sx, int deferred),
	    TP_ARGS(sx, deferred),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(int, deferred)
			     __string(addr, sx->sx_xprt.xpt_remotebuf)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->deferred = deferred;
			   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
	    ),
	    TP_printk("conn=%u peer=%s deferred=%d", RPCRDMA_TP_CONN_ARGS,
		      __get_str(addr), __entry->deferred)
);

DEFINE_EVENT(svcrdma_read_wait_class, svcrdma_read_wait,
	     TP_PROTO(const struct svcrdma_xprt *sx, int deferred),
	     TP_ARGS(sx, deferred));
DEFINE_EVENT(svcrdma_read_wait_class, svcrdma_read_stuck,
	     TP_PROTO(const struct svcrdma_xprt *sx, int deferred),
	     TP_ARGS(sx, deferred));

/* vers: the RPC-over-RDMA version the connection's first message fixed */
TRACE_EVENT(svcrdma_vers_fixed,
	    TP_PROTO(const struct svcrdma_xprt *sx, int vers),
	    TP_ARGS(sx, vers),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(int, vers)
			     __string(addr, sx->sx_xprt.xpt_remotebuf)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->vers = vers;
			   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
	    ),
	    TP_printk("conn=%u peer=%s vers=%d", RPCRDMA_TP_CONN_ARGS,
		      __get_str(addr), __entry->vers)
);

TRACE_EVENT(svcrdma_cm_event,
	    TP_PROTO(const struct svcrdma_xprt *sx, int event, int status),
	    TP_ARGS(sx, event, status),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     RPCRDMA_TP_CM_FIELDS
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   RPCRDMA_TP_CM_ASSIGN(event, status);
	    ),
	    TP_printk("conn=%u " RPCRDMA_TP_CM_FMT, RPCRDMA_TP_CONN_ARGS,
		      RPCRDMA_TP_CM_ARGS)
);

TRACE_EVENT(svcrdma_listen,
	    TP_PROTO(const struct svcrdma_xprt *sx, const struct sockaddr *sa),
	    TP_ARGS(sx, sa),
	    TP_STRUCT__entry(__field(u32, conn_id)
			     __array(u8, addr, sizeof(struct sockaddr_in6))
	    ),
	    TP_fast_assign(__entry->conn_id = sx->sx_id;
			   memset(__entry->addr, 0, sizeof(__entry->addr));
			   memcpy(__entry->addr, sa,
				  sa->sa_family == AF_INET6 ?
				  sizeof(struct sockaddr_in6) :
				  sizeof(struct sockaddr_in));
	    ),
	    TP_printk("conn=%u addr=%pISpc", __entry->conn_id, __entry->addr)
);

/* A completion; cq_id/cid: as printed by the event that posted it */
DECLARE_EVENT_CLASS(svcrdma_wc_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id, u32 cid,
			     const struct ib_wc *wc),
		    TP_ARGS(sx, cq_id, cid, wc),
		    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
				     RPCRDMA_TP_WC_FIELDS
		    ),
		    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
				   RPCRDMA_TP_WC_ASSIGN(cq_id, cid, wc);
		    ),
		    TP_printk("conn=%u " RPCRDMA_TP_WC_FMT, RPCRDMA_TP_CONN_ARGS,
			      RPCRDMA_TP_WC_ARGS)
);

#define DEFINE_SVCRDMA_WC_EVENT(name)					\
	DEFINE_EVENT(svcrdma_wc_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id,	\
			 u32 cid, const struct ib_wc *wc),		\
		TP_ARGS(sx, cq_id, cid, wc))

DEFINE_SVCRDMA_WC_EVENT(recv_done);
DEFINE_SVCRDMA_WC_EVENT(read_done);
DEFINE_SVCRDMA_WC_EVENT(send_done);
DEFINE_SVCRDMA_WC_EVENT(probe_done);

/*
 * A Call whose transport header did not decode; codec_err: why
 * (enum rpcrdma_codec_err). What was answered, if anything, follows
 * as send_error or v2_error.
 */
TRACE_EVENT(svcrdma_decode_err,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     int codec_err),
	    TP_ARGS(sx, xid, len, codec_err),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(int, codec_err)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->codec_err = codec_err;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u codec_err=%d",
		      RPCRDMA_TP_CONN_ARGS, __entry->xid, __entry->len,
		      __entry->codec_err)
);

/*
 * An RPC's work request: cq_id/cid name it as its completion event does.
 * recvfrom: the Receive that brought the Call (len: its length);
 * read_chunks: the Reads that pull its chunks (len: octets; ret:
 * -EINPROGRESS when they are posted and the thread moves on, else 0 or
 * a negative errno, -EIO when a Read completed in error, whose status
 * its own completion event carries); sendto: the Send of its
 * Reply (len: the RPC Reply's length).
 */
DECLARE_EVENT_CLASS(svcrdma_rpc_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id, u32 cid,
			     u32 xid, unsigned int len, int ret),
		    TP_ARGS(sx, cq_id, cid, xid, len, ret),
		    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
				     RPCRDMA_TP_CID_FIELDS
				     __field(u32, xid)
				     __field(unsigned int, len)
				     __field(int, ret)
		    ),
		    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
				   RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
				   __entry->xid = xid;
				   __entry->len = len;
				   __entry->ret = ret;
		    ),
		    TP_printk("conn=%u " RPCRDMA_TP_CID_FMT " xid=0x%08x len=%u ret=%d",
			      RPCRDMA_TP_CONN_ARGS, RPCRDMA_TP_CID_ARGS,
			      __entry->xid, __entry->len, __entry->ret)
);

#define DEFINE_SVCRDMA_RPC_EVENT(name)					\
	DEFINE_EVENT(svcrdma_rpc_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id,	\
			 u32 cid, u32 xid, unsigned int len, int ret),	\
		TP_ARGS(sx, cq_id, cid, xid, len, ret))

DEFINE_SVCRDMA_RPC_EVENT(recvfrom);
DEFINE_SVCRDMA_RPC_EVENT(read_chunks);
DEFINE_SVCRDMA_RPC_EVENT(sendto);

/* An RDMA_ERROR sent in the Version 1 layout; err: its rdma_err */
TRACE_EVENT(svcrdma_send_error,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     u32 err),
	    TP_ARGS(sx, xid, len, err),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(u32, err)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->err = err;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u err=%u", RPCRDMA_TP_CONN_ARGS,
		      __entry->xid, __entry->len, __entry->err)
);

/* A received message dropped without an answer, and why */
TRACE_EVENT(svcrdma_drop,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id, u32 cid,
		     u32 xid, unsigned int reason),
	    TP_ARGS(sx, cq_id, cid, xid, reason),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     RPCRDMA_TP_CID_FIELDS
			     RPCRDMA_TP_DROP_FIELDS
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
			   RPCRDMA_TP_DROP_ASSIGN(xid, reason);
	    ),
	    TP_printk("conn=%u " RPCRDMA_TP_CID_FMT " " RPCRDMA_TP_DROP_FMT,
		      RPCRDMA_TP_CONN_ARGS, RPCRDMA_TP_CID_ARGS,
		      RPCRDMA_TP_DROP_ARGS)
);

/* Backchannel (RFC 8167): reverse-direction Calls and their Replies */
DECLARE_EVENT_CLASS(svcrdma_bc_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
			     u32 credits),
		    TP_ARGS(sx, xid, len, credits),
		    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
				     RPCRDMA_TP_BC_FIELDS
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
				   RPCRDMA_TP_BC_ASSIGN(xid, len, credits);
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("conn=%u peer=%s " RPCRDMA_TP_BC_FMT,
			      RPCRDMA_TP_CONN_ARGS, __get_str(addr),
			      RPCRDMA_TP_BC_ARGS)
);

#define DEFINE_SVCRDMA_BC_EVENT(name)					\
	DEFINE_EVENT(svcrdma_bc_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 xid,	\
			 unsigned int len, u32 credits),		\
		TP_ARGS(sx, xid, len, credits))

DEFINE_SVCRDMA_BC_EVENT(bc_call);
DEFINE_SVCRDMA_BC_EVENT(bc_reply);

/* A backchannel Call that could not be posted; status: the errno */
TRACE_EVENT(svcrdma_bc_send_err,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     int status),
	    TP_ARGS(sx, xid, len, status),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(int, status)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->status = status;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u status=%d",
		      RPCRDMA_TP_CONN_ARGS, __entry->xid, __entry->len,
		      __entry->status)
);

TRACE_EVENT(svcrdma_bc_drop,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     unsigned int reason),
	    TP_ARGS(sx, xid, len, reason),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     RPCRDMA_TP_DROP_FIELDS
			     __field(unsigned int, len)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   RPCRDMA_TP_DROP_ASSIGN(xid, reason);
			   __entry->len = len;
	    ),
	    TP_printk("conn=%u " RPCRDMA_TP_DROP_FMT " len=%u",
		      RPCRDMA_TP_CONN_ARGS, RPCRDMA_TP_DROP_ARGS, __entry->len)
);

TRACE_EVENT(svcrdma_rw_init_err,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 handle, unsigned int len,
		     int ret),
	    TP_ARGS(sx, handle, len, ret),
	    TP_STRUCT__entry(__field(u32, conn_id)
			     __field(u32, handle)
			     __field(unsigned int, len)
			     __field(int, ret)
	    ),
	    TP_fast_assign(__entry->conn_id = sx->sx_id;
			   __entry->handle = handle;
			   __entry->len = len;
			   __entry->ret = ret;
	    ),
	    TP_printk("conn=%u handle=0x%x len=%u ret=%d", __entry->conn_id,
		      __entry->handle, __entry->len, __entry->ret)
);

/* A Send posted, wrs - 1 RDMA Writes before it; cq_id/cid: the Send */
TRACE_EVENT(svcrdma_post_send,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 cq_id, u32 cid,
		     unsigned int wrs, unsigned int len, bool inv),
	    TP_ARGS(sx, cq_id, cid, wrs, len, inv),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     RPCRDMA_TP_CID_FIELDS
			     __field(unsigned int, wrs)
			     __field(unsigned int, len)
			     __field(bool, inv)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
			   __entry->wrs = wrs;
			   __entry->len = len;
			   __entry->inv = inv;
	    ),
	    TP_printk("conn=%u " RPCRDMA_TP_CID_FMT " wrs=%u len=%u inv=%d",
		      RPCRDMA_TP_CONN_ARGS, RPCRDMA_TP_CID_ARGS, __entry->wrs,
		      __entry->len, __entry->inv)
);

/* Version 2 (draft-ietf-nfsv4-rpcrdma-version-two-07) */

DECLARE_EVENT_CLASS(svcrdma_v2_err_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 vers,
			     u32 code),
		    TP_ARGS(sx, xid, vers, code),
		    TP_STRUCT__entry(__field(u32, conn_id)
				     __field(u32, xid)
				     __field(u32, vers)
				     __field(u32, code)
		    ),
		    TP_fast_assign(__entry->conn_id = sx->sx_id;
				   __entry->xid = xid;
				   __entry->vers = vers;
				   __entry->code = code;
		    ),
		    TP_printk("conn=%u xid=0x%08x vers=%u err=%u", __entry->conn_id,
			      __entry->xid, __entry->vers, __entry->code)
);

#define DEFINE_SVCRDMA_V2_ERR_EVENT(name)				\
	DEFINE_EVENT(svcrdma_v2_err_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 xid,	\
			 u32 vers, u32 code),				\
		TP_ARGS(sx, xid, vers, code))

/* An error we sent in the RDMA2_ERROR layout (ERR_VERS of any version too) */
DEFINE_SVCRDMA_V2_ERR_EVENT(v2_error);
/* An RDMA2_ERROR the client sent */
DEFINE_SVCRDMA_V2_ERR_EVENT(v2_error_recv);

/* Flow control: messages sent and the client's send limit */
DECLARE_EVENT_CLASS(svcrdma_v2_flow_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 sent, u32 limit),
		    TP_ARGS(sx, sent, limit),
		    TP_STRUCT__entry(__field(u32, conn_id)
				     __field(u32, sent)
				     __field(u32, limit)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->conn_id = sx->sx_id;
				   __entry->sent = sent;
				   __entry->limit = limit;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("conn=%u peer=%s sent=%u limit=%u", __entry->conn_id,
			      __get_str(addr), __entry->sent, __entry->limit)
);

#define DEFINE_SVCRDMA_V2_FLOW_EVENT(name)				\
	DEFINE_EVENT(svcrdma_v2_flow_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 sent,	\
			 u32 limit),					\
		TP_ARGS(sx, sent, limit))

DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_credit_wait);
DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_credit_timeout);
DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_credit_none);
/* A GRANT was due but the client grants us no Send right now */
DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_grant_skip);

TRACE_EVENT(svcrdma_v2_grant,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 sent, u32 credit),
	    TP_ARGS(sx, sent, credit),
	    TP_STRUCT__entry(__field(u32, conn_id)
			     __field(u32, sent)
			     __field(u32, credit)
			     __field(u32, received)
	    ),
	    TP_fast_assign(__entry->conn_id = sx->sx_id;
			   __entry->sent = sent;
			   __entry->credit = credit;
			   __entry->received = atomic_read(&sx->sx_recv_seq);
	    ),
	    TP_printk("conn=%u sent=%u credit=%u received=%u", __entry->conn_id,
		      __entry->sent, __entry->credit, __entry->received)
);

/*
 * Continuation: a Call reassembled (len: its length; size: what its
 * first part announced), one given up (err: the rdma_err it was
 * answered with), a Reply sent in several Sends (sends: how many).
 */
TRACE_EVENT(svcrdma_v2_cont_call,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     int size),
	    TP_ARGS(sx, xid, len, size),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(int, size)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->size = size;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u size=%d",
		      RPCRDMA_TP_CONN_ARGS, __entry->xid, __entry->len,
		      __entry->size)
);

TRACE_EVENT(svcrdma_v2_cont_abort,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     int err),
	    TP_ARGS(sx, xid, len, err),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(int, err)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->err = err;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u err=%d",
		      RPCRDMA_TP_CONN_ARGS, __entry->xid, __entry->len,
		      __entry->err)
);

TRACE_EVENT(svcrdma_v2_cont_reply,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     int sends),
	    TP_ARGS(sx, xid, len, sends),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __field(int, sends)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   __entry->xid = xid;
			   __entry->len = len;
			   __entry->sends = sends;
	    ),
	    TP_printk("conn=%u xid=0x%08x len=%u sends=%d",
		      RPCRDMA_TP_CONN_ARGS, __entry->xid, __entry->len,
		      __entry->sends)
);

TRACE_EVENT(svcrdma_v2_props,
	    TP_PROTO(const struct svcrdma_xprt *sx,
		     const struct rpcrdma_v2_props *pr,
		     const struct svcrdma_v2 *v2, unsigned int send),
	    TP_ARGS(sx, pr, v2, send),
	    TP_STRUCT__entry(__field(u32, conn_id)
			     __field(u32, present)
			     __field(u32, dflt)
			     __field(u32, sbsiz)
			     __field(u32, rbsiz)
			     __field(u32, rssiz)
			     __field(u32, rcsiz)
			     __field(u32, brs)
			     __field(u32, hostauth_len)
			     __field(u32, skipped)
			     __field(unsigned int, send)
			     __string(addr, sx->sx_xprt.xpt_remotebuf)
	    ),
	    TP_fast_assign(__entry->conn_id = sx->sx_id;
			   __entry->present = pr->pr_present;
			   __entry->dflt = pr->pr_default;
			   __entry->sbsiz = v2->v2_peer_sbsiz;
			   __entry->rbsiz = v2->v2_peer_rbsiz;
			   __entry->rssiz = v2->v2_peer_rssiz;
			   __entry->rcsiz = v2->v2_peer_rcsiz;
			   __entry->brs = v2->v2_peer_brs;
			   __entry->hostauth_len = pr->pr_hostauth_len;
			   __entry->skipped = pr->pr_nskipped;
			   __entry->send = send;
			   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
	    ),
	    TP_printk("conn=%u peer=%s present=0x%x default=0x%x sbsiz=%u rbsiz=%u rssiz=%u rcsiz=%u brs=%u hostauth_len=%u skipped=%u send_size=%u",
		      __entry->conn_id, __get_str(addr), __entry->present,
		      __entry->dflt, __entry->sbsiz, __entry->rbsiz,
		      __entry->rssiz, __entry->rcsiz, __entry->brs,
		      __entry->hostauth_len, __entry->skipped, __entry->send)
);

TRACE_EVENT(svcrdma_v2_props_sent,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 sbsiz,
		     u32 rbsiz),
	    TP_ARGS(sx, xid, sbsiz, rbsiz),
	    TP_STRUCT__entry(__field(u32, conn_id)
			     __field(u32, xid)
			     __field(u32, sbsiz)
			     __field(u32, rbsiz)
	    ),
	    TP_fast_assign(__entry->conn_id = sx->sx_id;
			   __entry->xid = xid;
			   __entry->sbsiz = sbsiz;
			   __entry->rbsiz = rbsiz;
	    ),
	    TP_printk("conn=%u xid=0x%08x sbsiz=%u rbsiz=%u", __entry->conn_id,
		      __entry->xid, __entry->sbsiz, __entry->rbsiz)
);

TRACE_EVENT(svcrdma_v2_drop,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 htype,
		     unsigned int reason),
	    TP_ARGS(sx, xid, htype, reason),
	    TP_STRUCT__entry(RPCRDMA_TP_CONN_FIELDS
			     RPCRDMA_TP_DROP_FIELDS
			     __field(u32, htype)
	    ),
	    TP_fast_assign(RPCRDMA_TP_CONN_ASSIGN(sx->sx_id);
			   RPCRDMA_TP_DROP_ASSIGN(xid, reason);
			   __entry->htype = htype;
	    ),
	    TP_printk("conn=%u " RPCRDMA_TP_DROP_FMT " htype=%u",
		      RPCRDMA_TP_CONN_ARGS, RPCRDMA_TP_DROP_ARGS, __entry->htype)
);

#endif /* _SVCRDMA_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
