// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reverse-direction messages of RPC-over-RDMA version 1 (RFC 8167).
 *
 * Both directions share one connection, and the transport header does
 * not say which way a message goes: the RPC header's msg_type does
 * (RFC 8167, Sections 5.1 and 5.2: a reverse-direction Call carries
 * CALL, its Reply REPLY). A client therefore has to look at msg_type
 * before treating a Receive as the Reply to one of its Calls, and a
 * server before treating it as a Call.
 *
 * We do not support chunks in the reverse direction (RFC 8167, Section
 * 5.3 allows that when the Upper-Layer Protocol has no need for them,
 * as NFSv4.1 callbacks have not): reverse-direction messages are
 * RDMA_MSG with three empty lists, sized by the inline thresholds
 * (Section 4.2). A reverse-direction Call carrying chunks is reported
 * separately because Section 5.3 has the Responder answer it with
 * ERR_CHUNK.
 */

#include "codec_internal.h"
#include <rpcrdma/reverse.h>

/*
 * Parse the lists of an RDMA_MSG header and locate its RPC message.
 * Return: false if the header is malformed or the RPC message is too
 * short to carry a msg_type; the forward decoder then reports why.
 */
static bool rpcrdma_rev_parse(struct rpcrdma_xdr *x,
			      struct rpcrdma_v1_msg *msg)
{
	struct rpcrdma_chunks *ch = &msg->m1_chunks;

	if (rpcrdma_dec_chunk_lists(x, ch))
		return false;
	msg->m1_hdr_len = rpcrdma_xdr_pos(x);
	msg->m1_msg_len = rpcrdma_xdr_left(x);
	return msg->m1_msg_len >= 2 * RPCRDMA_XDR_UNIT;
}

/* An empty Write chunk is a chunk too: it asks for a result inline */
static bool rpcrdma_rev_has_chunks(const struct rpcrdma_chunks *ch)
{
	return ch->ch_reads.rl_nsegs || ch->ch_writes.wl_nchunks ||
	       ch->ch_has_reply;
}

/*
 * rpcrdma_rev_classify - the checks of a reverse-direction message
 * @msg: an RDMA_MSG of version 1 whose lists are parsed, with
 *	m1_msg_len octets of RPC message (at least two XDR units) at @rpc
 * @rpc: the RPC message
 * @msg_type: the msg_type that travels in the reverse direction to
 *	this receiver
 *
 * Shared by rpcrdma_v1_decode_reverse() and the Responder's single-pass
 * decoder (rpcrdma_v1_decode_responder(), codec_v1.c).
 *
 * Return: RPCRDMA_REV_FORWARD when the RPC msg_type is not @msg_type,
 * else the class of the reverse-direction message.
 */
enum rpcrdma_reverse_class rpcrdma_rev_classify(const struct rpcrdma_v1_msg *msg,
						const u8 *rpc, u32 msg_type)
{
	u32 min = msg_type == RPCRDMA_RPC_CALL ? RPCRDMA_RPC_CALL_MIN :
						 RPCRDMA_RPC_REPLY_MIN;

	if (get_unaligned_be32(rpc + RPCRDMA_XDR_UNIT) != msg_type)
		return RPCRDMA_REV_FORWARD;
	if (get_unaligned_be32(rpc) != msg->m1_prefix.px_xid)
		return RPCRDMA_REV_XID;
	if (rpcrdma_rev_has_chunks(&msg->m1_chunks))
		return RPCRDMA_REV_CHUNKS;
	if (msg->m1_msg_len < min)
		return RPCRDMA_REV_SHORT;
	return RPCRDMA_REV_OK;
}

/**
 * rpcrdma_v1_decode_reverse - recognise and check a reverse-direction message
 * @buf: Receive buffer
 * @len: octets received
 * @msg_type: the RPC msg_type that reaches this receiver in the reverse
 *	direction: RPCRDMA_RPC_CALL on a client, RPCRDMA_RPC_REPLY on a
 *	server
 * @msg: parsed header; for RPCRDMA_REV_OK m1_hdr_len is the offset of
 *	the RPC message and m1_msg_len its length
 *
 * Only an RDMA_MSG of version 1 whose inline RPC message has @msg_type
 * is a reverse-direction message; everything else (including headers
 * this function cannot parse) is RPCRDMA_REV_FORWARD and belongs to the
 * forward decoder, which reports what is wrong with it. A reverse-
 * direction message must start its RPC message with rdma_xid (RFC 8167,
 * Sections 5.1 and 5.2), carry no chunks (Section 5.3) and be at least
 * as long as the shortest RPC header of its type. A Responder uses
 * rpcrdma_v1_decode_responder() instead, which makes the same checks
 * and decodes a forward Call in the same pass.
 *
 * Return: the class of the message; see enum rpcrdma_reverse_class.
 */
enum rpcrdma_reverse_class
rpcrdma_v1_decode_reverse(const void *buf, size_t len, u32 msg_type,
			  struct rpcrdma_v1_msg *msg)
{
	struct rpcrdma_xdr x;

	memset(msg, 0, sizeof(*msg));
	rpcrdma_xdr_init(&x, buf, len);
	if (rpcrdma_dec_prefix(&x, &msg->m1_prefix) ||
	    msg->m1_prefix.px_vers != RPCRDMA_VERSION_1 ||
	    msg->m1_prefix.px_proc != RPCRDMA1_MSG ||
	    !rpcrdma_rev_parse(&x, msg))
		return RPCRDMA_REV_FORWARD;
	return rpcrdma_rev_classify(msg, (const u8 *)buf + msg->m1_hdr_len,
				    msg_type);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_decode_reverse);

/**
 * rpcrdma_v1_reverse_init - prepare the header of a reverse-direction message
 * @msg: filled in, ready for rpcrdma_v1_encode()
 * @xid: the RPC message's xid (RFC 8167, Sections 5.1 and 5.2)
 * @credits: reverse-direction credits: asked for in a Call, granted in
 *	a Reply (RFC 8167, Section 4.1)
 *
 * RDMA_MSG with no chunks (RFC 8167, Section 5.3).
 */
void rpcrdma_v1_reverse_init(struct rpcrdma_v1_msg *msg, u32 xid,
			     u32 credits)
{
	memset(msg, 0, sizeof(*msg));
	msg->m1_prefix.px_xid = xid;
	/* RFC 8167, Sections 5.1, 5.2: the forward direction's version */
	msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	msg->m1_prefix.px_credits = credits;
	msg->m1_prefix.px_proc = RPCRDMA1_MSG;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_reverse_init);

/**
 * rpcrdma_reverse_max_payload - largest reverse-direction RPC message
 * @inline_send: largest message this end may Send
 * @inline_recv: largest message this end can Receive
 *
 * Reverse-direction messages use the connection's inline thresholds
 * (RFC 8167, Section 4.2) and, without chunks, must fit them whole
 * behind their transport header; the same bound holds for Calls and
 * Replies, so it applies to both.
 *
 * Return: octets of RPC message, 0 if a threshold is below the header.
 */
u32 rpcrdma_reverse_max_payload(u32 inline_send, u32 inline_recv)
{
	u32 lim = inline_send < inline_recv ? inline_send : inline_recv;

	if (lim < RPCRDMA_REVERSE_HDR_SIZE)
		return 0;
	return lim - RPCRDMA_REVERSE_HDR_SIZE;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_reverse_max_payload);

/**
 * rpcrdma_reverse_class_name - short name of a class, for tracing
 * @rc: a value returned by rpcrdma_v1_decode_reverse()
 *
 * Return: a static string.
 */
const char *rpcrdma_reverse_class_name(enum rpcrdma_reverse_class rc)
{
	static const char * const names[RPCRDMA_REV_MAX] = {
		[RPCRDMA_REV_FORWARD]	= "forward",
		[RPCRDMA_REV_OK]	= "ok",
		[RPCRDMA_REV_CHUNKS]	= "chunks",
		[RPCRDMA_REV_XID]	= "xid",
		[RPCRDMA_REV_SHORT]	= "short",
	};

	if ((unsigned int)rc >= RPCRDMA_REV_MAX)
		return "invalid";
	return names[rc];
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_reverse_class_name);
