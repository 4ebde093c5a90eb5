/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reverse-direction operation (RFC 8167) for RPC-over-RDMA version 1:
 * telling a reverse-direction message from a forward one, the checks it
 * must pass, and its transport header. Shared by the client (which
 * receives reverse-direction Calls) and the server (which receives
 * reverse-direction Replies); built in userspace with the codec.
 */
#ifndef _RPCRDMA_REVERSE_H
#define _RPCRDMA_REVERSE_H

#include <rpcrdma/codec.h>

/* RPC msg_type (RFC 5531, Section 9) */
#define RPCRDMA_RPC_CALL		0U
#define RPCRDMA_RPC_REPLY		1U

/*
 * Shortest RPC messages (RFC 5531, Section 9). A Call: xid, msg_type,
 * rpcvers, prog, vers, proc, then credential and verifier, each at
 * least a flavor and an empty body. A Reply: xid, msg_type, reply_stat,
 * and the shortest body, MSG_DENIED with AUTH_ERROR and its auth_stat.
 */
#define RPCRDMA_RPC_CALL_MIN		(10 * RPCRDMA_XDR_UNIT)
#define RPCRDMA_RPC_REPLY_MIN		(5 * RPCRDMA_XDR_UNIT)

/*
 * A reverse-direction message travels as RDMA_MSG with three empty
 * chunk lists (RFC 8167, Section 5.3, when chunks are not supported in
 * the reverse direction, as here): this is its transport header size.
 */
#define RPCRDMA_REVERSE_HDR_SIZE	RPCRDMA1_HDR_MIN

/* What rpcrdma_v1_decode_reverse() (or _decode_responder()) found */
enum rpcrdma_reverse_class {
	RPCRDMA_REV_FORWARD = 0,	/* not reverse: use the forward decoder */
	RPCRDMA_REV_OK,			/* well-formed reverse-direction message */
	RPCRDMA_REV_CHUNKS,		/* reverse-direction, carries chunks */
	RPCRDMA_REV_XID,		/* rdma_xid and RPC xid differ */
	RPCRDMA_REV_SHORT,		/* RPC message shorter than its header */
	RPCRDMA_REV_MAX
};

enum rpcrdma_reverse_class
rpcrdma_v1_decode_reverse(const void *buf, size_t len, u32 msg_type,
			  struct rpcrdma_v1_msg *msg);
enum rpcrdma_codec_err
rpcrdma_v1_decode_responder(const void *buf, size_t len, u32 max_payload,
			    struct rpcrdma_v1_msg *msg,
			    enum rpcrdma_reverse_class *rev);
void rpcrdma_v1_reverse_init(struct rpcrdma_v1_msg *msg, u32 xid,
			     u32 credits);
u32 rpcrdma_reverse_max_payload(u32 inline_send, u32 inline_recv);
const char *rpcrdma_reverse_class_name(enum rpcrdma_reverse_class rc);

#endif /* _RPCRDMA_REVERSE_H */
