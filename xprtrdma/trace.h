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
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>

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

DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_connect_start);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_connect_fail);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_disconnect);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_ep_fail);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_wc_failed);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_send_stall);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_send_err);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_recv_err);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_post_inv_err);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_no_space);
DEFINE_XPRTRDMA_STATUS_EVENT(xprtrdma_qp_event);

TRACE_EVENT(xprtrdma_connected,
	TP_PROTO(unsigned int xprt_id, unsigned int credits,
		 unsigned int inline_send, unsigned int inline_recv,
		 bool remote_inv, bool peer_priv),
	TP_ARGS(xprt_id, credits, inline_send, inline_recv, remote_inv,
		peer_priv),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(unsigned int, credits)
		__field(unsigned int, inline_send)
		__field(unsigned int, inline_recv)
		__field(bool, remote_inv)
		__field(bool, peer_priv)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->credits = credits;
		__entry->inline_send = inline_send;
		__entry->inline_recv = inline_recv;
		__entry->remote_inv = remote_inv;
		__entry->peer_priv = peer_priv;
	),
	TP_printk("xprt=%u credits=%u inline send=%u recv=%u remote_inv=%d rfc8797=%d",
		  __entry->xprt_id, __entry->credits, __entry->inline_send,
		  __entry->inline_recv, __entry->remote_inv, __entry->peer_priv)
);

TRACE_EVENT(xprtrdma_cm_event,
	TP_PROTO(unsigned int xprt_id, int event, int status),
	TP_ARGS(xprt_id, event, status),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(int, event)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->event = event;
		__entry->status = status;
	),
	TP_printk("xprt=%u event=%d status=%d", __entry->xprt_id,
		  __entry->event, __entry->status)
);

TRACE_EVENT(xprtrdma_marshal,
	TP_PROTO(u32 xid, unsigned int hdrlen, unsigned int rpclen,
		 int rtype, int wtype, unsigned int nmrs),
	TP_ARGS(xid, hdrlen, rpclen, rtype, wtype, nmrs),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(unsigned int, hdrlen)
		__field(unsigned int, rpclen)
		__field(int, rtype)
		__field(int, wtype)
		__field(unsigned int, nmrs)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->hdrlen = hdrlen;
		__entry->rpclen = rpclen;
		__entry->rtype = rtype;
		__entry->wtype = wtype;
		__entry->nmrs = nmrs;
	),
	TP_printk("xid=0x%08x hdr=%u rpc=%u call=%d reply=%d mrs=%u",
		  __entry->xid, __entry->hdrlen, __entry->rpclen,
		  __entry->rtype, __entry->wtype, __entry->nmrs)
);

DECLARE_EVENT_CLASS(xprtrdma_xid_class,
	TP_PROTO(u32 xid, int code),
	TP_ARGS(xid, code),
	TP_STRUCT__entry(
		__field(u32, xid)
		__field(int, code)
	),
	TP_fast_assign(
		__entry->xid = xid;
		__entry->code = code;
	),
	TP_printk("xid=0x%08x code=%d", __entry->xid, __entry->code)
);

#define DEFINE_XPRTRDMA_XID_EVENT(name)					\
	DEFINE_EVENT(xprtrdma_xid_class, name,				\
		TP_PROTO(u32 xid, int code),				\
		TP_ARGS(xid, code))

DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_marshal_err);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_reply);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_bad_reply);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_bad_placement);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_err_vers);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_err_chunk);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_unmatched);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_remote_inv);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_credit_clamp);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_retransmit_reset);

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
		__field(u32, xid)
		__field(unsigned int, len)
		__field(u32, credits)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->xid = xid;
		__entry->len = len;
		__entry->credits = credits;
	),
	TP_printk("xprt=%u xid=0x%08x len=%u credits=%u", __entry->xprt_id,
		  __entry->xid, __entry->len, __entry->credits)
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

TRACE_DEFINE_ENUM(XPRTRDMA_BC_MALFORMED);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_BAD_XID);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_SHORT);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_CHUNKS);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_TOO_LONG);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_NO_SERVICE);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_NO_SLOT);
TRACE_DEFINE_ENUM(XPRTRDMA_BC_STALE);

TRACE_EVENT(xprtrdma_bc_drop,
	TP_PROTO(unsigned int xprt_id, u32 xid, int reason),
	TP_ARGS(xprt_id, xid, reason),
	TP_STRUCT__entry(
		__field(unsigned int, xprt_id)
		__field(u32, xid)
		__field(int, reason)
	),
	TP_fast_assign(
		__entry->xprt_id = xprt_id;
		__entry->xid = xid;
		__entry->reason = reason;
	),
	TP_printk("xprt=%u xid=0x%08x reason=%s", __entry->xprt_id,
		  __entry->xid,
		  __print_symbolic(__entry->reason,
			{ XPRTRDMA_BC_MALFORMED, "malformed" },
			{ XPRTRDMA_BC_BAD_XID, "xid" },
			{ XPRTRDMA_BC_SHORT, "short" },
			{ XPRTRDMA_BC_CHUNKS, "chunks" },
			{ XPRTRDMA_BC_TOO_LONG, "too-long" },
			{ XPRTRDMA_BC_NO_SERVICE, "no-service" },
			{ XPRTRDMA_BC_NO_SLOT, "no-slot" },
			{ XPRTRDMA_BC_STALE, "stale" }))
);

/* Version 2 (v2.c) */
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

/* code: the RDMA2_ERR_* value, or the errno of an abandoned continuation */
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_v2_error_sent);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_v2_error_recv);
DEFINE_XPRTRDMA_XID_EVENT(xprtrdma_v2_cont_abort);

DECLARE_EVENT_CLASS(xprtrdma_wc_class,
	TP_PROTO(const struct ib_wc *wc),
	TP_ARGS(wc),
	TP_STRUCT__entry(
		__field(int, status)
		__field(u32, vendor_err)
		__field(u32, byte_len)
	),
	TP_fast_assign(
		__entry->status = wc->status;
		__entry->vendor_err = wc->status ? wc->vendor_err : 0;
		__entry->byte_len = wc->status ? 0 : wc->byte_len;
	),
	TP_printk("status=%d (%s) vendor_err=0x%x len=%u", __entry->status,
		  ib_wc_status_msg(__entry->status), __entry->vendor_err,
		  __entry->byte_len)
);

#define DEFINE_XPRTRDMA_WC_EVENT(name)					\
	DEFINE_EVENT(xprtrdma_wc_class, name,				\
		TP_PROTO(const struct ib_wc *wc),			\
		TP_ARGS(wc))

DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_send);
DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_recv);
DEFINE_XPRTRDMA_WC_EVENT(xprtrdma_wc_local_inv);

#endif /* _XPRTRDMA_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
