/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xprtrdma tracepoints. The system name is distinct from the in-tree
 * transport's "rpcrdma" so both sets can be listed side by side.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM xprtrdma_ng

#if !defined(_XPRTRDMA_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _XPRTRDMA_TRACE_H

#include <linux/tracepoint.h>
#include <linux/sunrpc/clnt.h>
#include <linux/sunrpc/sched.h>
#include <linux/sunrpc/xprt.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>
#include <rpcrdma/trace_common.h>

/*
 * Every event names its transport ("xprt=N", the rpc_xprt's id) or the
 * RPC it belongs to (its xid, and where an rpc_task is at hand its id
 * as the sunrpc events print it, "task:TASK@CLIENT"). Events of a work
 * request carry its completion id (cq_id, cid):
 * the marshal event the Send's, the reply event the Receive's, the
 * LOCAL_INV post its own, so each joins its completion event.
 */

/* The drop reasons, for rpcrdma_show_drop_reason() in user space */
#include <rpcrdma/trace_drop.h>
/* ... and the verbs' and the CM's codes */
#include <rpcrdma/trace_verbs.h>

DECLARE_EVENT_CLASS(xprtrdma_xprt_class,
	TP_PROTO(unsigned int xprt_id),
	TP_ARGS(xprt_id),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
	),
	TP_printk("xprt=%u", __entry->xprt_id)
);

#define DEFINE_XPRTRDMA_XPRT_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_xprt_class, name,				\
		TP_PROTO(unsigned int xprt_id),				\
		TP_ARGS(xprt_id))

DEFINE_XPRTRDMA_XPRT_EVENT(xprtrdma_connect_start);
DEFINE_XPRTRDMA_XPRT_EVENT(xprtrdma_ep_fail);
DEFINE_XPRTRDMA_XPRT_EVENT(xprtrdma_send_stall);
DEFINE_XPRTRDMA_XPRT_EVENT(xprtrdma_no_space);

DECLARE_EVENT_CLASS(xprtrdma_status_class,
	TP_PROTO(unsigned int xprt_id, int status),
	TP_ARGS(xprt_id, status),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->status = status;
	),
	TP_printk("xprt=%u status=%d", __entry->xprt_id, __entry->status)
);

#define DEFINE_XPRTRDMA_STATUS_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_status_class, name,			\
		TP_PROTO(unsigned int xprt_id, int status),		\
		TP_ARGS(xprt_id, status))

DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_connect_fail);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_disconnect);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_send_err);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_recv_err);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_inv_err);

/* A completion that failed while the connection was up: it is closed */
TRACE_EVENT(xprtrdma_wc_failed,
	TP_PROTO(unsigned int xprt_id, int status),
	TP_ARGS(xprt_id, status),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->status = status;
	),
	TP_printk("xprt=%u status=%s (%d)", __entry->xprt_id,
		  rpcrdma_show_wc_status(__entry->status), __entry->status)
);

TRACE_EVENT(xprtrdma_qp_event,
	TP_PROTO(unsigned int xprt_id, int event),
	TP_ARGS(xprt_id, event),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(int, event)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->event = event;
	),
	TP_printk("xprt=%u event=%s (%d)", __entry->xprt_id,
		  rpcrdma_show_ib_event(__entry->event), __entry->event)
);

TRACE_EVENT(xprtrdma_connected,
	TP_PROTO(unsigned int xprt_id, u16 port, u32 scq_id, u32 rcq_id,
		 unsigned int credits, unsigned int inline_send,
		 unsigned int inline_recv, bool remote_inv, bool peer_priv),
	TP_ARGS(xprt_id, port, scq_id, rcq_id, credits, inline_send,
		inline_recv, remote_inv, peer_priv),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u16, port)
		__field(u32, scq_id)
		__field(u32, rcq_id)
		__field(unsigned int, credits)
		__field(unsigned int, inline_send)
		__field(unsigned int, inline_recv)
		__field(bool, remote_inv)
		__field(bool, peer_priv)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->port = port;
		__entry->scq_id = scq_id;
		__entry->rcq_id = rcq_id;
		__entry->credits = credits;
		__entry->inline_send = inline_send;
		__entry->inline_recv = inline_recv;
		__entry->remote_inv = remote_inv;
		__entry->peer_priv = peer_priv;
	),
	TP_printk("xprt=%u port=%u send_cq_id=%u recv_cq_id=%u credits=%u inline send=%u recv=%u remote_inv=%d rfc8797=%d",
		  __entry->xprt_id, __entry->port, __entry->scq_id,
		  __entry->rcq_id, __entry->credits, __entry->inline_send,
		  __entry->inline_recv, __entry->remote_inv, __entry->peer_priv)
);

/* The previous connection's source port could not be bound again */
TRACE_EVENT(xprtrdma_srcport_busy,
	TP_PROTO(unsigned int xprt_id, u16 port, int status),
	TP_ARGS(xprt_id, port, status),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u16, port)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->port = port;
		__entry->status = status;
	),
	TP_printk("xprt=%u port=%u status=%d", __entry->xprt_id,
		  __entry->port, __entry->status)
);

TRACE_EVENT(xprtrdma_cm_event,
	TP_PROTO(unsigned int xprt_id, int event, int status),
	TP_ARGS(xprt_id, event, status),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		RPCRDMA_TP_CM_FIELDS
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		RPCRDMA_TP_CM_ASSIGN(event, status);
	),
	TP_printk("xprt=%u " RPCRDMA_TP_CM_FMT, __entry->xprt_id,
		  RPCRDMA_TP_CM_ARGS)
);

/* A Call marshaled; cq_id/cid: its Send, as in xprtrdma_wc_send */
TRACE_EVENT(xprtrdma_marshal,
	TP_PROTO(const struct rpc_rqst *rqst, u32 cq_id, u32 cid,
		 unsigned int hdrlen, unsigned int rpclen, int rtype,
		 int wtype, unsigned int nmrs),
	TP_ARGS(rqst, cq_id, cid, hdrlen, rpclen, rtype, wtype, nmrs),
	TP_STRUCT__entry(
		__field(unsigned int, task_id)
		__field(unsigned int, client_id)
		__field(u32, xid)
		RPCRDMA_TP_CID_FIELDS
		__field(unsigned int, hdrlen)
		__field(unsigned int, rpclen)
		__field(int, rtype)
		__field(int, wtype)
		__field(unsigned int, nmrs)
	),
	TP_fast_assign(
		__entry->task_id = rqst->rq_task ? rqst->rq_task->tk_pid : 0;
		__entry->client_id = rqst->rq_task && rqst->rq_task->tk_client ?
				     rqst->rq_task->tk_client->cl_clid : 0;
		__entry->xid = be32_to_cpu(rqst->rq_xid);
		RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
		__entry->hdrlen = hdrlen;
		__entry->rpclen = rpclen;
		__entry->rtype = rtype;
		__entry->wtype = wtype;
		__entry->nmrs = nmrs;
	),
	TP_printk("task:%08x@%08x xid=0x%08x " RPCRDMA_TP_CID_FMT
		  " hdr=%u rpc=%u call=%d reply=%d mrs=%u",
		  __entry->task_id, __entry->client_id, __entry->xid, RPCRDMA_TP_CID_ARGS,
		  __entry->hdrlen, __entry->rpclen, __entry->rtype,
		  __entry->wtype, __entry->nmrs)
);

DECLARE_EVENT_CLASS(xprtrdma_task_status_class,
	TP_PROTO(const struct rpc_rqst *rqst, int status),
	TP_ARGS(rqst, status),
	TP_STRUCT__entry(
		__field(unsigned int, task_id)
		__field(unsigned int, client_id)
		__field(u32, xid)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->task_id = rqst->rq_task ? rqst->rq_task->tk_pid : 0;
		__entry->client_id = rqst->rq_task && rqst->rq_task->tk_client ?
				     rqst->rq_task->tk_client->cl_clid : 0;
		__entry->xid = be32_to_cpu(rqst->rq_xid);
		__entry->status = status;
	),
	TP_printk("task:%08x@%08x xid=0x%08x status=%d", __entry->task_id,
		  __entry->client_id, __entry->xid, __entry->status)
);

#define DEFINE_XPRTRDMA_TASK_STATUS_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_task_status_class, name,			\
		TP_PROTO(const struct rpc_rqst *rqst, int status),	\
		TP_ARGS(rqst, status))

/* status: why the Call could not be marshaled */
DEFINE_XPRTRDMA_TASK_STATUS_EVENT(xprtrdma_marshal_err);
/*
 * status: 0, a retransmission with MRs still registered, or 1, one whose
 * earlier Send is not yet retired: either closes the connection, and the
 * Call starts afresh on the next one
 */
DEFINE_XPRTRDMA_TASK_STATUS_EVENT(xprtrdma_retransmit_reset);

/* A reply matched to its Call; cq_id/cid: the Receive it came in */
TRACE_EVENT(xprtrdma_reply,
	TP_PROTO(unsigned int xprt_id, u32 cq_id, u32 cid, u32 xid, u32 proc),
	TP_ARGS(xprt_id, cq_id, cid, xid, proc),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		RPCRDMA_TP_CID_FIELDS
		__field(u32, xid)
		__field(u32, proc)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
		__entry->xid = xid;
		__entry->proc = proc;
	),
	TP_printk("xprt=%u " RPCRDMA_TP_CID_FMT " xid=0x%08x proc=%u",
		  __entry->xprt_id, RPCRDMA_TP_CID_ARGS, __entry->xid,
		  __entry->proc)
);

/* A received message dropped; cq_id/cid: its Receive */
DECLARE_EVENT_CLASS(xprtrdma_drop_class,
	TP_PROTO(unsigned int xprt_id, u32 cq_id, u32 cid, u32 xid,
		 unsigned int reason),
	TP_ARGS(xprt_id, cq_id, cid, xid, reason),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		RPCRDMA_TP_CID_FIELDS
		RPCRDMA_TP_DROP_FIELDS
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
		RPCRDMA_TP_DROP_ASSIGN(xid, reason);
	),
	TP_printk("xprt=%u " RPCRDMA_TP_CID_FMT " " RPCRDMA_TP_DROP_FMT,
		  __entry->xprt_id, RPCRDMA_TP_CID_ARGS, RPCRDMA_TP_DROP_ARGS)
);

#define DEFINE_XPRTRDMA_DROP_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_drop_class, name,				\
		TP_PROTO(unsigned int xprt_id, u32 cq_id, u32 cid,	\
			 u32 xid, unsigned int reason),			\
		TP_ARGS(xprt_id, cq_id, cid, xid, reason))

/* A reply whose xid matches no Call waiting on this connection */
DEFINE_XPRTRDMA_DROP_EVENT(xprtrdma_unmatched);
/* A received message dropped before decoding (too short for its prefix) */
DEFINE_XPRTRDMA_DROP_EVENT(xprtrdma_reply_drop);

/* A reply whose transport header did not decode; codec_err: why */
TRACE_EVENT(xprtrdma_bad_reply,
	TP_PROTO(unsigned int xprt_id, u32 xid, int codec_err),
	TP_ARGS(xprt_id, xid, codec_err),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, xid)
		__field(int, codec_err)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->xid = xid;
		__entry->codec_err = codec_err;
	),
	TP_printk("xprt=%u xid=0x%08x codec_err=%d", __entry->xprt_id,
		  __entry->xid, __entry->codec_err)
);

/* status: the negative errno from placing the reply */
TRACE_EVENT(xprtrdma_bad_placement,
	TP_PROTO(u32 xid, int status),
	TP_ARGS(xid, status),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->status = status;
	),
	TP_printk("xid=0x%08x status=%d", __entry->xid, __entry->status)
);

TRACE_EVENT(xprtrdma_err_vers,
	TP_PROTO(u32 xid, u32 vers_low, u32 vers_high),
	TP_ARGS(xid, vers_low, vers_high),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(u32, vers_low)
		__field(u32, vers_high)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->vers_low = vers_low;
		__entry->vers_high = vers_high;
	),
	TP_printk("xid=0x%08x vers_low=%u vers_high=%u", __entry->xid,
		  __entry->vers_low, __entry->vers_high)
);

DECLARE_EVENT_CLASS(xprtrdma_xid_err_class,
	TP_PROTO(u32 xid, u32 err),
	TP_ARGS(xid, err),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(u32, err)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->err = err;
	),
	TP_printk("xid=0x%08x err=%u", __entry->xid, __entry->err)
);

#define DEFINE_XPRTRDMA_XID_ERR_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_xid_err_class, name,			\
		TP_PROTO(u32 xid, u32 err),				\
		TP_ARGS(xid, err))

/* err: the rdma_err of an RDMA_ERROR that is not ERR_VERS */
DEFINE_XPRTRDMA_XID_ERR_EVENT(xprtrdma_err_chunk);

TRACE_EVENT(xprtrdma_remote_inv,
	TP_PROTO(u32 xid, u32 rkey),
	TP_ARGS(xid, rkey),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(u32, rkey)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->rkey = rkey;
	),
	TP_printk("xid=0x%08x rkey=0x%08x", __entry->xid, __entry->rkey)
);

/* credits: the grant the server sent; limit: what we asked for */
TRACE_EVENT(xprtrdma_credit_clamp,
	TP_PROTO(u32 xid, u32 credits, u32 limit),
	TP_ARGS(xid, credits, limit),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(u32, credits)
		__field(u32, limit)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->credits = credits;
		__entry->limit = limit;
	),
	TP_printk("xid=0x%08x credits=%u limit=%u", __entry->xid,
		  __entry->credits, __entry->limit)
);

/* LOCAL_INVs posted for a Call's MRs; cq_id/cid: the last, signaled one */
TRACE_EVENT(xprtrdma_local_inv,
	TP_PROTO(u32 xid, u32 cq_id, u32 cid, unsigned int count),
	TP_ARGS(xid, cq_id, cid, count),
	TP_STRUCT__entry(
		__field(u32, xid)
		RPCRDMA_TP_CID_FIELDS
		__field(unsigned int, count)
	),
	TP_fast_assign(
		__entry->xid = xid;
		RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
		__entry->count = count;
	),
	TP_printk("xid=0x%08x " RPCRDMA_TP_CID_FMT " count=%u", __entry->xid,
		  RPCRDMA_TP_CID_ARGS, __entry->count)
);

/* Reverse direction (RFC 8167), backchannel.c */
TRACE_EVENT(xprtrdma_bc_setup,
	TP_PROTO(unsigned int xprt_id, unsigned int asked, unsigned int added),
	TP_ARGS(xprt_id, asked, added),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(unsigned int, asked)
		__field(unsigned int, added)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->asked = asked;
		__entry->added = added;
	),
	TP_printk("xprt=%u asked=%u added=%u", __entry->xprt_id,
		  __entry->asked, __entry->added)
);

DECLARE_EVENT_CLASS(xprtrdma_bc_msg_class,
	TP_PROTO(unsigned int xprt_id, u32 xid, unsigned int len, u32 credits),
	TP_ARGS(xprt_id, xid, len, credits),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		RPCRDMA_TP_BC_FIELDS
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		RPCRDMA_TP_BC_ASSIGN(xid, len, credits);
	),
	TP_printk("xprt=%u " RPCRDMA_TP_BC_FMT, __entry->xprt_id,
		  RPCRDMA_TP_BC_ARGS)
);

#define DEFINE_XPRTRDMA_BC_MSG_EVENT(name)				\
	DEFINE_EVENT(xprtrdma_bc_msg_class, name,			\
		TP_PROTO(unsigned int xprt_id, u32 xid, unsigned int len, \
			 u32 credits),					\
		TP_ARGS(xprt_id, xid, len, credits))

/* A Call queued to the callback service; credits: what the server asks */
DEFINE_XPRTRDMA_BC_MSG_EVENT(xprtrdma_bc_call);
/* Its Reply posted; credits: the reverse credits we grant */
DEFINE_XPRTRDMA_BC_MSG_EVENT(xprtrdma_bc_reply);

TRACE_EVENT(xprtrdma_bc_drop,
	TP_PROTO(unsigned int xprt_id, u32 xid, unsigned int reason),
	TP_ARGS(xprt_id, xid, reason),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		RPCRDMA_TP_DROP_FIELDS
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		RPCRDMA_TP_DROP_ASSIGN(xid, reason);
	),
	TP_printk("xprt=%u " RPCRDMA_TP_DROP_FMT, __entry->xprt_id,
		  RPCRDMA_TP_DROP_ARGS)
);

/* Version 2 (v2.c, recv_v2.c) */
TRACE_DEFINE_ENUM(RPCRDMA_ANSWER_NONE);
TRACE_DEFINE_ENUM(RPCRDMA_ANSWER_V2);
TRACE_DEFINE_ENUM(RPCRDMA_ANSWER_V1);
TRACE_DEFINE_ENUM(RPCRDMA_ANSWER_REFUSED);

TRACE_EVENT(xprtrdma_v2_negotiated,
	TP_PROTO(unsigned int xprt_id, unsigned int vers, int answer),
	TP_ARGS(xprt_id, vers, answer),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(unsigned int, vers)
		__field(int, answer)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->vers = vers;
		__entry->answer = answer;
	),
	TP_printk("xprt=%u vers=%u answer=%s", __entry->xprt_id,
		  __entry->vers,
		  __print_symbolic(__entry->answer,
			{ RPCRDMA_ANSWER_NONE, "none" },
			{ RPCRDMA_ANSWER_V2, "v2" },
			{ RPCRDMA_ANSWER_V1, "err_vers" },
			{ RPCRDMA_ANSWER_REFUSED, "refused" }))
);

TRACE_EVENT(xprtrdma_v2_props,
	TP_PROTO(unsigned int xprt_id, u32 sbsiz, u32 rbsiz, u32 rssiz,
		 u32 rcsiz, u32 present, u32 hostauth_len),
	TP_ARGS(xprt_id, sbsiz, rbsiz, rssiz, rcsiz, present, hostauth_len),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, sbsiz)
		__field(u32, rbsiz)
		__field(u32, rssiz)
		__field(u32, rcsiz)
		__field(u32, present)
		__field(u32, hostauth_len)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->sbsiz = sbsiz;
		__entry->rbsiz = rbsiz;
		__entry->rssiz = rssiz;
		__entry->rcsiz = rcsiz;
		__entry->present = present;
		__entry->hostauth_len = hostauth_len;
	),
	TP_printk("xprt=%u present=0x%x sbsiz=%u rbsiz=%u rssiz=%u rcsiz=%u hostauth=%u",
		  __entry->xprt_id, __entry->present, __entry->sbsiz,
		  __entry->rbsiz, __entry->rssiz, __entry->rcsiz,
		  __entry->hostauth_len)
);

TRACE_EVENT(xprtrdma_v2_grant,
	TP_PROTO(unsigned int xprt_id, u32 credit, u32 left),
	TP_ARGS(xprt_id, credit, left),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, credit)
		__field(u32, left)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->credit = credit;
		__entry->left = left;
	),
	TP_printk("xprt=%u credit=%u left=%u", __entry->xprt_id,
		  __entry->credit, __entry->left)
);

TRACE_EVENT(xprtrdma_v2_credit,
	TP_PROTO(unsigned int xprt_id, u32 credit, u32 sent, u32 limit),
	TP_ARGS(xprt_id, credit, sent, limit),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, credit)
		__field(u32, sent)
		__field(u32, limit)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->credit = credit;
		__entry->sent = sent;
		__entry->limit = limit;
	),
	TP_printk("xprt=%u credit=%u sent=%u limit=%u", __entry->xprt_id,
		  __entry->credit, __entry->sent, __entry->limit)
);

TRACE_EVENT(xprtrdma_v2_stall,
	TP_PROTO(unsigned int xprt_id, u32 sent, u32 limit),
	TP_ARGS(xprt_id, sent, limit),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, sent)
		__field(u32, limit)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->sent = sent;
		__entry->limit = limit;
	),
	TP_printk("xprt=%u sent=%u limit=%u", __entry->xprt_id,
		  __entry->sent, __entry->limit)
);

/* err: the RDMA2_ERR_* value sent or received */
DEFINE_XPRTRDMA_XID_ERR_EVENT(xprtrdma_v2_error_sent);
DEFINE_XPRTRDMA_XID_ERR_EVENT(xprtrdma_v2_error_recv);

/* status: the errno of an abandoned continued Reply */
TRACE_EVENT(xprtrdma_v2_cont_abort,
	TP_PROTO(u32 xid, int status),
	TP_ARGS(xid, status),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->status = status;
	),
	TP_printk("xid=0x%08x status=%d", __entry->xid, __entry->status)
);

/* A completion; cq_id/cid: as printed by the event that posted it */
DECLARE_EVENT_CLASS(xprtrdma_wc_class,
	TP_PROTO(u32 cq_id, u32 cid, const struct ib_wc *wc),
	TP_ARGS(cq_id, cid, wc),
	TP_STRUCT__entry(
		RPCRDMA_TP_WC_FIELDS
	),
	TP_fast_assign(
		RPCRDMA_TP_WC_ASSIGN(cq_id, cid, wc);
	),
	TP_printk(RPCRDMA_TP_WC_FMT, RPCRDMA_TP_WC_ARGS)
);

#define DEFINE_XPRTRDMA_WC_EVENT(name)					\
	DEFINE_EVENT(xprtrdma_wc_class, name,				\
		TP_PROTO(u32 cq_id, u32 cid, const struct ib_wc *wc),	\
		TP_ARGS(cq_id, cid, wc))

DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_send);

/*
 * An unsignaled Call Send known done: cq_id/cid name it, as in
 * xprtrdma_marshal; by: the cid of the completion that retired it
 */
TRACE_EVENT(xprtrdma_send_retired,
	TP_PROTO(u32 cq_id, u32 cid, u32 by),
	TP_ARGS(cq_id, cid, by),
	TP_STRUCT__entry(
		RPCRDMA_TP_CID_FIELDS
		__field(u32, by)
	),
	TP_fast_assign(
		RPCRDMA_TP_CID_ASSIGN(cq_id, cid);
		__entry->by = by;
	),
	TP_printk(RPCRDMA_TP_CID_FMT " by=%u", RPCRDMA_TP_CID_ARGS,
		  __entry->by)
);
DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_recv);
DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_local_inv);

#endif /* _XPRTRDMA_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
