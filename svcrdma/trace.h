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

#include "svcrdma.h"

DECLARE_EVENT_CLASS(svcrdma_xprt_class,
		    TP_PROTO(const struct svcrdma_xprt *sx),
		    TP_ARGS(sx),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("sx=%p peer=%s", __entry->sx, __get_str(addr))
);

#define DEFINE_SVCRDMA_XPRT_EVENT(name)					\
	DEFINE_EVENT(svcrdma_xprt_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx), TP_ARGS(sx))

DEFINE_SVCRDMA_XPRT_EVENT(accept);
DEFINE_SVCRDMA_XPRT_EVENT(detach);
DEFINE_SVCRDMA_XPRT_EVENT(free);
DEFINE_SVCRDMA_XPRT_EVENT(bc_setup);
DEFINE_SVCRDMA_XPRT_EVENT(bc_close);

DECLARE_EVENT_CLASS(svcrdma_int_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, int val),
		    TP_ARGS(sx, val),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(int, val)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->val = val;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("sx=%p peer=%s val=%d", __entry->sx, __get_str(addr),
			      __entry->val)
);

#define DEFINE_SVCRDMA_INT_EVENT(name)					\
	DEFINE_EVENT(svcrdma_int_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, int val),	\
		TP_ARGS(sx, val))

DEFINE_SVCRDMA_INT_EVENT(accept_err);
DEFINE_SVCRDMA_INT_EVENT(sq_full);
/* val: Calls of this connection whose Reads are deferred as a thread waits */
DEFINE_SVCRDMA_INT_EVENT(read_wait);
DEFINE_SVCRDMA_INT_EVENT(post_recv_err);
DEFINE_SVCRDMA_INT_EVENT(post_send_err);
DEFINE_SVCRDMA_INT_EVENT(probe);
/* val: the RPC-over-RDMA version the connection's first message fixed */
DEFINE_SVCRDMA_INT_EVENT(vers_fixed);

TRACE_EVENT(svcrdma_cm_event,
	    TP_PROTO(const struct svcrdma_xprt *sx, int event, int status),
	    TP_ARGS(sx, event, status),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(int, event)
			     __field(int, status)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->event = event;
			   __entry->status = status;
	    ),
	    TP_printk("sx=%p event=%s status=%d", __entry->sx,
		      rdma_event_msg(__entry->event), __entry->status)
);

TRACE_EVENT(svcrdma_listen,
	    TP_PROTO(const struct svcrdma_xprt *sx, const struct sockaddr *sa),
	    TP_ARGS(sx, sa),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __array(u8, addr, sizeof(struct sockaddr_in6))
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   memset(__entry->addr, 0, sizeof(__entry->addr));
			   memcpy(__entry->addr, sa,
				  sa->sa_family == AF_INET6 ?
				  sizeof(struct sockaddr_in6) :
				  sizeof(struct sockaddr_in));
	    ),
	    TP_printk("sx=%p addr=%pISpc", __entry->sx, __entry->addr)
);

DECLARE_EVENT_CLASS(svcrdma_wc_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, const struct ib_wc *wc),
		    TP_ARGS(sx, wc),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(int, status)
				     __field(u32, vendor_err)
				     __field(u32, byte_len)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->status = wc->status;
				   __entry->vendor_err = wc->status ? wc->vendor_err : 0;
				   __entry->byte_len = wc->status ? 0 : wc->byte_len;
		    ),
		    TP_printk("sx=%p status=%s (%d/0x%x) len=%u", __entry->sx,
			      ib_wc_status_msg(__entry->status), __entry->status,
			      __entry->vendor_err, __entry->byte_len)
);

#define DEFINE_SVCRDMA_WC_EVENT(name)					\
	DEFINE_EVENT(svcrdma_wc_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx,			\
			 const struct ib_wc *wc),			\
		TP_ARGS(sx, wc))

DEFINE_SVCRDMA_WC_EVENT(recv_done);
DEFINE_SVCRDMA_WC_EVENT(read_done);
DEFINE_SVCRDMA_WC_EVENT(send_done);
DEFINE_SVCRDMA_WC_EVENT(probe_done);

DECLARE_EVENT_CLASS(svcrdma_xid_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
			     int ret),
		    TP_ARGS(sx, xid, len, ret),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(u32, xid)
				     __field(unsigned int, len)
				     __field(int, ret)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->xid = xid;
				   __entry->len = len;
				   __entry->ret = ret;
		    ),
		    TP_printk("sx=%p xid=0x%08x len=%u ret=%d", __entry->sx,
			      __entry->xid, __entry->len, __entry->ret)
);

#define DEFINE_SVCRDMA_XID_EVENT(name)					\
	DEFINE_EVENT(svcrdma_xid_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 xid,	\
			 unsigned int len, int ret),			\
		TP_ARGS(sx, xid, len, ret))

DEFINE_SVCRDMA_XID_EVENT(read_chunks);
DEFINE_SVCRDMA_XID_EVENT(sendto);
DEFINE_SVCRDMA_XID_EVENT(decode_err);
DEFINE_SVCRDMA_XID_EVENT(send_error);
DEFINE_SVCRDMA_XID_EVENT(recvfrom);

/* Backchannel (RFC 8167): reverse-direction Calls and their Replies */
DECLARE_EVENT_CLASS(svcrdma_bc_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
			     u32 credits),
		    TP_ARGS(sx, xid, len, credits),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(u32, xid)
				     __field(unsigned int, len)
				     __field(u32, credits)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->xid = xid;
				   __entry->len = len;
				   __entry->credits = credits;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("sx=%p peer=%s xid=0x%08x len=%u credits=%u",
			      __entry->sx, __get_str(addr), __entry->xid,
			      __entry->len, __entry->credits)
);

#define DEFINE_SVCRDMA_BC_EVENT(name)					\
	DEFINE_EVENT(svcrdma_bc_class, svcrdma_##name,			\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 xid,	\
			 unsigned int len, u32 credits),		\
		TP_ARGS(sx, xid, len, credits))

DEFINE_SVCRDMA_BC_EVENT(bc_call);
DEFINE_SVCRDMA_BC_EVENT(bc_reply);

/* A backchannel Call that could not be posted; same fields as above */
DEFINE_SVCRDMA_XID_EVENT(bc_send_err);

TRACE_EVENT(svcrdma_bc_drop,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, unsigned int len,
		     const char *why),
	    TP_ARGS(sx, xid, len, why),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(u32, xid)
			     __field(unsigned int, len)
			     __string(why, why)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->xid = xid;
			   __entry->len = len;
			   rpcrdma_assign_str(why, why);
	    ),
	    TP_printk("sx=%p xid=0x%08x len=%u reason=\"%s\"", __entry->sx,
		      __entry->xid, __entry->len, __get_str(why))
);

TRACE_EVENT(svcrdma_rw_init_err,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 handle, unsigned int len,
		     int ret),
	    TP_ARGS(sx, handle, len, ret),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(u32, handle)
			     __field(unsigned int, len)
			     __field(int, ret)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->handle = handle;
			   __entry->len = len;
			   __entry->ret = ret;
	    ),
	    TP_printk("sx=%p handle=0x%x len=%u ret=%d", __entry->sx,
		      __entry->handle, __entry->len, __entry->ret)
);

TRACE_EVENT(svcrdma_post_send,
	    TP_PROTO(const struct svcrdma_xprt *sx, unsigned int wrs,
		     unsigned int len, bool inv),
	    TP_ARGS(sx, wrs, len, inv),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(unsigned int, wrs)
			     __field(unsigned int, len)
			     __field(bool, inv)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->wrs = wrs;
			   __entry->len = len;
			   __entry->inv = inv;
	    ),
	    TP_printk("sx=%p wrs=%u len=%u inv=%d", __entry->sx, __entry->wrs,
		      __entry->len, __entry->inv)
);

/* Version 2 (draft-ietf-nfsv4-rpcrdma-version-two-07) */

DECLARE_EVENT_CLASS(svcrdma_v2_err_class,
		    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 vers,
			     u32 code),
		    TP_ARGS(sx, xid, vers, code),
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(u32, xid)
				     __field(u32, vers)
				     __field(u32, code)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->xid = xid;
				   __entry->vers = vers;
				   __entry->code = code;
		    ),
		    TP_printk("sx=%p xid=0x%08x vers=%u err=%u", __entry->sx,
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
		    TP_STRUCT__entry(__field(const void *, sx)
				     __field(u32, sent)
				     __field(u32, limit)
				     __string(addr, sx->sx_xprt.xpt_remotebuf)
		    ),
		    TP_fast_assign(__entry->sx = sx;
				   __entry->sent = sent;
				   __entry->limit = limit;
				   rpcrdma_assign_str(addr, sx->sx_xprt.xpt_remotebuf);
		    ),
		    TP_printk("sx=%p peer=%s sent=%u limit=%u", __entry->sx,
			      __get_str(addr), __entry->sent, __entry->limit)
);

#define DEFINE_SVCRDMA_V2_FLOW_EVENT(name)				\
	DEFINE_EVENT(svcrdma_v2_flow_class, svcrdma_##name,		\
		TP_PROTO(const struct svcrdma_xprt *sx, u32 sent,	\
			 u32 limit),					\
		TP_ARGS(sx, sent, limit))

DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_credit_wait);
DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_credit_timeout);
/* A GRANT was due but the client grants us no Send right now */
DEFINE_SVCRDMA_V2_FLOW_EVENT(v2_grant_skip);

TRACE_EVENT(svcrdma_v2_grant,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 sent, u32 credit),
	    TP_ARGS(sx, sent, credit),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(u32, sent)
			     __field(u32, credit)
			     __field(u32, received)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->sent = sent;
			   __entry->credit = credit;
			   __entry->received = atomic_read(&sx->sx_recv_seq);
	    ),
	    TP_printk("sx=%p sent=%u credit=%u received=%u", __entry->sx,
		      __entry->sent, __entry->credit, __entry->received)
);

/*
 * Continuation: a Call reassembled (len: its length), one given up
 * (ret: the rdma_err it was answered with), a Reply sent in ret Sends.
 */
DEFINE_SVCRDMA_XID_EVENT(v2_cont_call);
DEFINE_SVCRDMA_XID_EVENT(v2_cont_abort);
DEFINE_SVCRDMA_XID_EVENT(v2_cont_reply);

TRACE_EVENT(svcrdma_v2_props,
	    TP_PROTO(const struct svcrdma_xprt *sx,
		     const struct rpcrdma_v2_props *pr,
		     const struct svcrdma_v2 *v2, unsigned int send),
	    TP_ARGS(sx, pr, v2, send),
	    TP_STRUCT__entry(__field(const void *, sx)
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
	    TP_fast_assign(__entry->sx = sx;
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
	    TP_printk("sx=%p peer=%s present=0x%x default=0x%x sbsiz=%u rbsiz=%u rssiz=%u rcsiz=%u brs=%u hostauth_len=%u skipped=%u send_size=%u",
		      __entry->sx, __get_str(addr), __entry->present,
		      __entry->dflt, __entry->sbsiz, __entry->rbsiz,
		      __entry->rssiz, __entry->rcsiz, __entry->brs,
		      __entry->hostauth_len, __entry->skipped, __entry->send)
);

TRACE_EVENT(svcrdma_v2_props_sent,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 sbsiz,
		     u32 rbsiz),
	    TP_ARGS(sx, xid, sbsiz, rbsiz),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(u32, xid)
			     __field(u32, sbsiz)
			     __field(u32, rbsiz)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->xid = xid;
			   __entry->sbsiz = sbsiz;
			   __entry->rbsiz = rbsiz;
	    ),
	    TP_printk("sx=%p xid=0x%08x sbsiz=%u rbsiz=%u", __entry->sx,
		      __entry->xid, __entry->sbsiz, __entry->rbsiz)
);

TRACE_EVENT(svcrdma_v2_drop,
	    TP_PROTO(const struct svcrdma_xprt *sx, u32 xid, u32 htype,
		     const char *why),
	    TP_ARGS(sx, xid, htype, why),
	    TP_STRUCT__entry(__field(const void *, sx)
			     __field(u32, xid)
			     __field(u32, htype)
			     __string(why, why)
	    ),
	    TP_fast_assign(__entry->sx = sx;
			   __entry->xid = xid;
			   __entry->htype = htype;
			   rpcrdma_assign_str(why, why);
	    ),
	    TP_printk("sx=%p xid=0x%08x htype=%u reason=\"%s\"", __entry->sx,
		      __entry->xid, __entry->htype, __get_str(why))
);

#endif /* _SVCRDMA_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
