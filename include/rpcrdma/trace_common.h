/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rpcrdma-ng: the vocabulary both trace systems share.
 *
 * xprtrdma_ng and svcrdma_ng stay two trace systems (an event class
 * belongs to the one system whose trace.h declares it), so what they
 * share is made of pieces: for each common concept a set of fields,
 * their assignment, a format fragment and its arguments. A class is
 * built by putting the pieces of its concepts side by side, so that a
 * completion, a CM event, a backchannel message or a drop prints the
 * same field names with the same meaning on both sides.
 *
 * Completion ids: a CQ gets a number from its module's counter
 * (xprtrdma_new_cq_id(), svcrdma_new_cq_id(), each through
 * rpcrdma_trace_next_id()) when it is allocated, and each context that
 * owns an ib_cqe gets one from the module's cid counter
 * (xprtrdma_new_cid(), svcrdma_new_cid()) when it is set up. The pair (cq_id, cid) names the
 * context's work request in the event that posts it and in the event
 * of its completion; events of an RPC carry the xid next to it.
 *
 * The macros are defined once; each trace.h expands them inside its own
 * system, and lists the drop reasons with TRACE_DEFINE_ENUM (a list at
 * file scope, which a macro here could not hold in checkpatch's form).
 */
#ifndef _RPCRDMA_TRACE_COMMON_H
#define _RPCRDMA_TRACE_COMMON_H

#include <linux/atomic.h>
#include <linux/types.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>
#include <rpcrdma/reverse.h>

/**
 * rpcrdma_trace_next_id - take the next number of a module's id counter
 * @counter: the counter (one per module and per kind of id)
 *
 * Numbers are not reused while the module is loaded (they wrap after
 * 2^32 allocations, never on a hot path: CQs and contexts only).
 *
 * Return: the number, never 0.
 */
static inline u32 rpcrdma_trace_next_id(atomic_t *counter)
{
	u32 id;

	do {
		id = (u32)atomic_inc_return(counter);
	} while (!id);
	return id;
}

/*
 * Why a message was dropped or answered with an error. One list for
 * both modules: a reason means the same thing wherever it is printed.
 * A new reason goes here, in rpcrdma_show_drop_reason() below and in
 * rpcrdma/trace_drop.h.
 */
enum rpcrdma_drop_reason {
	RPCRDMA_DROP_MALFORMED,		/* header or RPC message malformed */
	RPCRDMA_DROP_BAD_XID,		/* rdma_xid differs from the RPC xid */
	RPCRDMA_DROP_SHORT,		/* shorter than its headers */
	RPCRDMA_DROP_CHUNKS,		/* reverse direction with chunks */
	RPCRDMA_DROP_TOO_LONG,		/* larger than our buffers or inline */
	RPCRDMA_DROP_NO_SERVICE,	/* no callback service (not v4.1+) */
	RPCRDMA_DROP_NO_SLOT,		/* more Calls than reverse credits */
	RPCRDMA_DROP_STALE,		/* for a connection now gone */
	RPCRDMA_DROP_NO_CALL,		/* Reply matches no outstanding Call */
	RPCRDMA_DROP_NO_BC,		/* no backchannel on this connection */
	RPCRDMA_DROP_DISCARDED,		/* the peer asked us to discard it */
	RPCRDMA_DROP_UNMAPPABLE,	/* Version 2 message with no v1 form */
	RPCRDMA_DROP_REVERSE_FORMAT,	/* reverse direction, wrong form */
	RPCRDMA_DROP_VERS,		/* a version we do not speak */
	RPCRDMA_DROP_DECODE,		/* transport header failed to decode */
	RPCRDMA_DROP_PLACEMENT,		/* reply larger than where it goes */
	RPCRDMA_DROP_PEER_ERROR,	/* the peer answered with an error */
	RPCRDMA_DROP_FLUSHED,		/* Receive flushed or failed */
	RPCRDMA_DROP_OBSOLETE,		/* RDMA_DONE (RFC 8166, 4.6.2) */
};

/**
 * rpcrdma_reverse_drop_reason - why a reverse-direction message is dropped
 * @rc: its class, from rpcrdma_v1_decode_reverse() (not RPCRDMA_REV_OK)
 *
 * Return: the drop reason that names @rc.
 */
static inline enum rpcrdma_drop_reason
rpcrdma_reverse_drop_reason(enum rpcrdma_reverse_class rc)
{
	switch (rc) {
	case RPCRDMA_REV_CHUNKS:
		return RPCRDMA_DROP_CHUNKS;
	case RPCRDMA_REV_XID:
		return RPCRDMA_DROP_BAD_XID;
	case RPCRDMA_REV_SHORT:
		return RPCRDMA_DROP_SHORT;
	default:
		return RPCRDMA_DROP_MALFORMED;
	}
}

/**
 * rpcrdma_codec_drop_reason - why a message the codec refused is dropped
 * @err: a decoder result whose action is RPCRDMA_ACT_DROP
 *
 * Return: RPCRDMA_DROP_SHORT for a message too short for its xid to be
 * trusted (RFC 8166, Section 4.5), RPCRDMA_DROP_OBSOLETE for RDMA_DONE
 * (Section 4.6.2), else RPCRDMA_DROP_DECODE.
 */
static inline enum rpcrdma_drop_reason
rpcrdma_codec_drop_reason(enum rpcrdma_codec_err err)
{
	switch (err) {
	case RPCRDMA_CE_SHORT_PREFIX:
	case RPCRDMA_CE_SHORT_HDR:
		return RPCRDMA_DROP_SHORT;
	case RPCRDMA_CE_DONE:
		return RPCRDMA_DROP_OBSOLETE;
	default:
		return RPCRDMA_DROP_DECODE;
	}
}

#define rpcrdma_show_drop_reason(r)					\
	__print_symbolic(r,						\
		{ RPCRDMA_DROP_MALFORMED, "malformed" },		\
		{ RPCRDMA_DROP_BAD_XID, "xid" },			\
		{ RPCRDMA_DROP_SHORT, "short" },			\
		{ RPCRDMA_DROP_CHUNKS, "chunks" },			\
		{ RPCRDMA_DROP_TOO_LONG, "too-long" },			\
		{ RPCRDMA_DROP_NO_SERVICE, "no-service" },		\
		{ RPCRDMA_DROP_NO_SLOT, "no-slot" },			\
		{ RPCRDMA_DROP_STALE, "stale" },			\
		{ RPCRDMA_DROP_NO_CALL, "no-call" },			\
		{ RPCRDMA_DROP_NO_BC, "no-backchannel" },		\
		{ RPCRDMA_DROP_DISCARDED, "discarded" },		\
		{ RPCRDMA_DROP_UNMAPPABLE, "unmappable" },		\
		{ RPCRDMA_DROP_REVERSE_FORMAT, "reverse-format" },	\
		{ RPCRDMA_DROP_VERS, "vers" },				\
		{ RPCRDMA_DROP_DECODE, "decode" },			\
		{ RPCRDMA_DROP_PLACEMENT, "placement" },		\
		{ RPCRDMA_DROP_PEER_ERROR, "peer-error" },		\
		{ RPCRDMA_DROP_FLUSHED, "flushed" },			\
		{ RPCRDMA_DROP_OBSOLETE, "obsolete" })

/*
 * The verbs' and the CM's codes by name. The text comes from tables in
 * our own module: ib_core's *_msg() helpers return strings that live in
 * ib_core, and 6.1's trace_check_vprintf() warns when an event's "%s"
 * points outside the event's module. A code missing from a table prints
 * in hex; every event prints the number beside the name. The names are
 * defined for user-space tools in rpcrdma/trace_verbs.h.
 */
#define rpcrdma_show_wc_status(s)					\
	__print_symbolic(s,						\
		{ IB_WC_SUCCESS, "success" },				\
		{ IB_WC_LOC_LEN_ERR, "local length" },			\
		{ IB_WC_LOC_QP_OP_ERR, "local QP operation" },		\
		{ IB_WC_LOC_EEC_OP_ERR, "local EEC operation" },	\
		{ IB_WC_LOC_PROT_ERR, "local protection" },		\
		{ IB_WC_WR_FLUSH_ERR, "flushed" },			\
		{ IB_WC_MW_BIND_ERR, "MW bind" },			\
		{ IB_WC_BAD_RESP_ERR, "bad response" },			\
		{ IB_WC_LOC_ACCESS_ERR, "local access" },		\
		{ IB_WC_REM_INV_REQ_ERR, "remote invalid request" },	\
		{ IB_WC_REM_ACCESS_ERR, "remote access" },		\
		{ IB_WC_REM_OP_ERR, "remote operation" },		\
		{ IB_WC_RETRY_EXC_ERR, "retry exceeded" },		\
		{ IB_WC_RNR_RETRY_EXC_ERR, "RNR retry exceeded" },	\
		{ IB_WC_LOC_RDD_VIOL_ERR, "local RDD violation" },	\
		{ IB_WC_REM_INV_RD_REQ_ERR, "remote invalid RD request" }, \
		{ IB_WC_REM_ABORT_ERR, "remote abort" },		\
		{ IB_WC_INV_EECN_ERR, "invalid EECN" },			\
		{ IB_WC_INV_EEC_STATE_ERR, "invalid EEC state" },	\
		{ IB_WC_FATAL_ERR, "fatal" },				\
		{ IB_WC_RESP_TIMEOUT_ERR, "response timeout" },		\
		{ IB_WC_GENERAL_ERR, "general" })

#define rpcrdma_show_cm_event(e)					\
	__print_symbolic(e,						\
		{ RDMA_CM_EVENT_ADDR_RESOLVED, "address resolved" },	\
		{ RDMA_CM_EVENT_ADDR_ERROR, "address error" },		\
		{ RDMA_CM_EVENT_ROUTE_RESOLVED, "route resolved" },	\
		{ RDMA_CM_EVENT_ROUTE_ERROR, "route error" },		\
		{ RDMA_CM_EVENT_CONNECT_REQUEST, "connect request" },	\
		{ RDMA_CM_EVENT_CONNECT_RESPONSE, "connect response" },	\
		{ RDMA_CM_EVENT_CONNECT_ERROR, "connect error" },	\
		{ RDMA_CM_EVENT_UNREACHABLE, "unreachable" },		\
		{ RDMA_CM_EVENT_REJECTED, "rejected" },			\
		{ RDMA_CM_EVENT_ESTABLISHED, "established" },		\
		{ RDMA_CM_EVENT_DISCONNECTED, "disconnected" },		\
		{ RDMA_CM_EVENT_DEVICE_REMOVAL, "device removal" },	\
		{ RDMA_CM_EVENT_MULTICAST_JOIN, "multicast join" },	\
		{ RDMA_CM_EVENT_MULTICAST_ERROR, "multicast error" },	\
		{ RDMA_CM_EVENT_ADDR_CHANGE, "address change" },	\
		{ RDMA_CM_EVENT_TIMEWAIT_EXIT, "timewait exit" })

#define rpcrdma_show_ib_event(e)					\
	__print_symbolic(e,						\
		{ IB_EVENT_CQ_ERR, "CQ error" },			\
		{ IB_EVENT_QP_FATAL, "QP fatal" },			\
		{ IB_EVENT_QP_REQ_ERR, "QP request error" },		\
		{ IB_EVENT_QP_ACCESS_ERR, "QP access error" },		\
		{ IB_EVENT_COMM_EST, "communication established" },	\
		{ IB_EVENT_SQ_DRAINED, "SQ drained" },			\
		{ IB_EVENT_PATH_MIG, "path migrated" },			\
		{ IB_EVENT_PATH_MIG_ERR, "path migration error" },	\
		{ IB_EVENT_DEVICE_FATAL, "device fatal" },		\
		{ IB_EVENT_PORT_ACTIVE, "port active" },		\
		{ IB_EVENT_PORT_ERR, "port error" },			\
		{ IB_EVENT_LID_CHANGE, "LID change" },			\
		{ IB_EVENT_PKEY_CHANGE, "P_Key change" },		\
		{ IB_EVENT_SM_CHANGE, "SM change" },			\
		{ IB_EVENT_SRQ_ERR, "SRQ error" },			\
		{ IB_EVENT_SRQ_LIMIT_REACHED, "SRQ limit reached" },	\
		{ IB_EVENT_QP_LAST_WQE_REACHED, "last WQE reached" },	\
		{ IB_EVENT_CLIENT_REREGISTER, "client reregister" },	\
		{ IB_EVENT_GID_CHANGE, "GID change" },			\
		{ IB_EVENT_WQ_FATAL, "WQ fatal" })

/*
 * Connection id: "xprt=N" on the client (the rpc_xprt's id), "conn=N"
 * on the server (a counter of the module, one per accepted connection
 * and per listener).
 */
#define RPCRDMA_TP_CONN_FIELDS		__field(u32, conn_id)
#define RPCRDMA_TP_CONN_ASSIGN(c)	(__entry->conn_id = (c))
#define RPCRDMA_TP_CONN_ARGS		__entry->conn_id

/* Completion id: the CQ and the context's work request */
#define RPCRDMA_TP_CID_FIELDS						\
	__field(u32, cq_id)						\
	__field(u32, cid)
#define RPCRDMA_TP_CID_ASSIGN(q, c)					\
	do {								\
		__entry->cq_id = (q);					\
		__entry->cid = (c);					\
	} while (0)
#define RPCRDMA_TP_CID_FMT		"cq_id=%u cid=%u"
#define RPCRDMA_TP_CID_ARGS		__entry->cq_id, __entry->cid

/*
 * A completion: its id, the status, the vendor error when it failed and
 * the length when it succeeded (the completion's byte_len, as the
 * device reports it; meaningful for a Receive).
 */
#define RPCRDMA_TP_WC_FIELDS						\
	RPCRDMA_TP_CID_FIELDS						\
	__field(int, status)						\
	__field(u32, vendor_err)					\
	__field(u32, byte_len)
#define RPCRDMA_TP_WC_ASSIGN(q, c, wc)					\
	do {								\
		const struct ib_wc *__wc = (wc);			\
									\
		RPCRDMA_TP_CID_ASSIGN(q, c);				\
		__entry->status = __wc->status;				\
		__entry->vendor_err = __wc->status ? __wc->vendor_err : 0; \
		__entry->byte_len = __wc->status ? 0 : __wc->byte_len;	\
	} while (0)
#define RPCRDMA_TP_WC_FMT						\
	RPCRDMA_TP_CID_FMT " status=%s (%d) vendor_err=0x%x len=%u"
#define RPCRDMA_TP_WC_ARGS						\
	RPCRDMA_TP_CID_ARGS, rpcrdma_show_wc_status(__entry->status),	\
	__entry->status, __entry->vendor_err, __entry->byte_len

/* A CM event and its status */
#define RPCRDMA_TP_CM_FIELDS						\
	__field(int, event)						\
	__field(int, status)
#define RPCRDMA_TP_CM_ASSIGN(ev, st)					\
	do {								\
		__entry->event = (ev);					\
		__entry->status = (st);					\
	} while (0)
#define RPCRDMA_TP_CM_FMT		"event=%s (%d) status=%d"
#define RPCRDMA_TP_CM_ARGS						\
	rpcrdma_show_cm_event(__entry->event), __entry->event, __entry->status

/* A backchannel (RFC 8167) message: xid, length, credit field */
#define RPCRDMA_TP_BC_FIELDS						\
	__field(u32, xid)						\
	__field(u32, length)						\
	__field(u32, credits)
#define RPCRDMA_TP_BC_ASSIGN(x, l, c)					\
	do {								\
		__entry->xid = (x);					\
		__entry->length = (l);					\
		__entry->credits = (c);					\
	} while (0)
#define RPCRDMA_TP_BC_FMT		"xid=0x%08x length=%u credits=%u"
#define RPCRDMA_TP_BC_ARGS						\
	__entry->xid, __entry->length, __entry->credits

/* A drop: the message's xid (0 if none could be read) and the reason */
#define RPCRDMA_TP_DROP_FIELDS						\
	__field(u32, xid)						\
	__field(unsigned int, reason)
#define RPCRDMA_TP_DROP_ASSIGN(x, r)					\
	do {								\
		__entry->xid = (x);					\
		__entry->reason = (r);					\
	} while (0)
#define RPCRDMA_TP_DROP_FMT		"xid=0x%08x reason=%s"
#define RPCRDMA_TP_DROP_ARGS						\
	__entry->xid, rpcrdma_show_drop_reason(__entry->reason)

#endif /* _RPCRDMA_TRACE_COMMON_H */
