// SPDX-License-Identifier: GPL-2.0-only
/*
 * RPC-over-RDMA version 1 transport headers (RFC 8166, Section 4):
 * RDMA_MSG, RDMA_NOMSG and RDMA_ERROR.
 */

#include "codec_internal.h"

/*
 * Prefix, version and rdma_proc. RDMA_MSGP and RDMA_DONE are no longer
 * supported (RFC 8166, Section 4.6); each gets a code of its own, for
 * its own outcome: a Responder answers RDMA_MSGP like an unknown
 * rdma_proc, with ERR_CHUNK (Sections 4.5.2 and 4.6.1), and every
 * receiver discards RDMA_DONE silently (Section 4.6.2).
 */
static enum rpcrdma_codec_err rpcrdma_v1_dec_start(struct rpcrdma_xdr *x,
						   const void *buf, size_t len,
						   struct rpcrdma_v1_msg *msg)
{
	enum rpcrdma_codec_err err;

	memset(msg, 0, sizeof(*msg));
	rpcrdma_xdr_init(x, buf, len);
	err = rpcrdma_dec_prefix(x, &msg->m1_prefix);
	if (err)
		return err;
	/* RFC 8166, Section 4.2.2 */
	if (msg->m1_prefix.px_vers != RPCRDMA_VERSION_1)
		return RPCRDMA_CE_VERS;
	switch (msg->m1_prefix.px_proc) {
	case RPCRDMA1_MSG:
	case RPCRDMA1_NOMSG:
	case RPCRDMA1_ERROR:
		return RPCRDMA_CE_OK;
	case RPCRDMA1_MSGP:
		return RPCRDMA_CE_DEPRECATED;
	case RPCRDMA1_DONE:
		return RPCRDMA_CE_DONE;
	default:
		return RPCRDMA_CE_PROC;
	}
}

/*
 * Record where the RPC message is. After RDMA_MSG it follows the header
 * in the same buffer and starts with the xid (RFC 8166, Section 4.2.1);
 * after RDMA_NOMSG it travels in a chunk (RFC 8166, Section 3.5.3).
 */
static enum rpcrdma_codec_err rpcrdma_v1_dec_body(struct rpcrdma_xdr *x,
						  struct rpcrdma_v1_msg *msg)
{
	msg->m1_hdr_len = rpcrdma_xdr_pos(x);
	if (msg->m1_prefix.px_proc != RPCRDMA1_MSG)
		return RPCRDMA_CE_OK;
	msg->m1_msg_len = rpcrdma_xdr_left(x);
	return rpcrdma_check_xid(msg->m1_prefix.px_xid, x->x_p,
				 msg->m1_msg_len);
}

/*
 * Call-specific rules. RDMA_MSG carries the Call inline, so a
 * Position-zero Read chunk would put a second Call body in front of it;
 * RDMA_NOMSG carries no Call inline, so the Call must be in a
 * Position-zero Read chunk (RFC 8166, Section 3.5.3), and the data item
 * positions then index that chunk.
 */
static enum rpcrdma_codec_err rpcrdma_v1_check_call(const struct rpcrdma_v1_msg *msg,
						    u32 max_payload)
{
	const struct rpcrdma_read_list *rl = &msg->m1_chunks.ch_reads;
	enum rpcrdma_codec_err err;
	u64 base;

	if (msg->m1_prefix.px_proc == RPCRDMA1_MSG) {
		err = rpcrdma_check_no_pos_zero(rl);
		if (err)
			return err;
		base = msg->m1_msg_len;
	} else {
		if (!rl->rl_nsegs || rl->rl_segs[0].rr_position)
			return RPCRDMA_CE_NO_BODY;
		base = rpcrdma_read_pos_zero_length(rl);
	}
	return rpcrdma_check_reads(rl, base, true, max_payload);
}

/*
 * What a Responder's decoders share: the length, the prefix, then the
 * chunk lists. RFC 8166, Section 4.5: a message shorter than the
 * smallest header (RPCRDMA1_HDR_MIN, 28 octets) has no xid to trust and
 * is discarded "before performing any parsing", so before its rdma_proc
 * is looked at. That smallest header is Version 1's: a message of any
 * other version is held only to the prefix, which every version shares
 * (Section 4.2), so that a version we do not speak is answered ERR_VERS
 * (Section 4.5.1; v2-07, Section 4.3.2: a GRANT is the prefix alone). Below
 * the prefix the code is RPCRDMA_CE_SHORT_PREFIX, as from every other
 * decoder. A Requester's decoder has no 28-octet floor: an RDMA_ERROR
 * with ERR_CHUNK is 20 octets.
 */
static enum rpcrdma_codec_err
rpcrdma_v1_dec_call_head(struct rpcrdma_xdr *x, const void *buf, size_t len,
			 struct rpcrdma_v1_msg *msg)
{
	enum rpcrdma_codec_err err;

	if (len >= RPCRDMA_PREFIX_SIZE && len < RPCRDMA1_HDR_MIN &&
	    get_unaligned_be32((const u8 *)buf + RPCRDMA_XDR_UNIT) ==
	    RPCRDMA_VERSION_1) {
		memset(msg, 0, sizeof(*msg));
		return RPCRDMA_CE_SHORT_HDR;
	}
	err = rpcrdma_v1_dec_start(x, buf, len, msg);
	if (err)
		return err;
	if (msg->m1_prefix.px_proc == RPCRDMA1_ERROR)
		return RPCRDMA_CE_UNEXPECTED;
	return rpcrdma_dec_chunk_lists(x, &msg->m1_chunks);
}

/* ... and, for a Call, its body and the checks of its chunks */
static enum rpcrdma_codec_err
rpcrdma_v1_dec_call_rest(struct rpcrdma_xdr *x, u32 max_payload,
			 struct rpcrdma_v1_msg *msg)
{
	enum rpcrdma_codec_err err;

	err = rpcrdma_v1_dec_body(x, msg);
	if (err)
		return err;
	return rpcrdma_v1_check_call(msg, max_payload);
}

/**
 * rpcrdma_v1_decode_call - decode a version 1 header received by a Responder
 * @buf: Receive buffer
 * @len: octets received
 * @max_payload: largest Read list total the caller accepts
 * @msg: parsed header; on success m1_hdr_len is the offset of the RPC
 *	Call (RDMA_MSG) and m1_msg_len its length
 *
 * Accepts RDMA_MSG and RDMA_NOMSG, their Write lists with empty Write
 * chunks among the others (RFC 8166, Section 4.3.2.3: the Requester
 * wants that result inline). An RDMA_ERROR from a Requester is
 * RPCRDMA_CE_UNEXPECTED (only Responders send it, RFC 8166, Section
 * 4.2.4); a message shorter than 28 octets is RPCRDMA_CE_SHORT_HDR
 * (Section 4.5) whatever its version, except a Version 2 one
 * (RPCRDMA_CE_VERS, answered ERR_VERS: v2-07, Section 4.3.2).
 *
 * Return: RPCRDMA_CE_OK, or an error for rpcrdma_codec_action() with
 * RPCRDMA_ROLE_RESPONDER.
 */
enum rpcrdma_codec_err rpcrdma_v1_decode_call(const void *buf, size_t len,
					      u32 max_payload,
					      struct rpcrdma_v1_msg *msg)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdr x;

	err = rpcrdma_v1_dec_call_head(&x, buf, len, msg);
	if (err)
		return err;
	return rpcrdma_v1_dec_call_rest(&x, max_payload, msg);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_decode_call);

/**
 * rpcrdma_v1_decode_responder - decode a version 1 header received by a
 *	Responder, Call or reverse-direction Reply, in one pass
 * @buf: Receive buffer
 * @len: octets received
 * @max_payload: largest Read list total the caller accepts
 * @msg: parsed header; m1_hdr_len is the offset of the RPC message and
 *	m1_msg_len its length when it travels inline (RDMA_MSG)
 * @rev: set to RPCRDMA_REV_FORWARD for a forward-direction message, or
 *	to the class of a reverse-direction Reply
 *
 * The RPC msg_type sorts what arrives first (RFC 8167, Sections 5.1 and
 * 5.2): an RDMA_MSG of version 1 whose well-formed header is followed
 * by an RPC message with msg_type REPLY is a reverse-direction Reply,
 * never a Call, and gets the checks of rpcrdma_v1_decode_reverse()
 * (@rev says which one failed, if any) but never an error of the forward
 * decoder, so that no RDMA_ERROR can answer it. Everything else gets
 * the checks of rpcrdma_v1_decode_call(). The outcome is the same as
 * calling rpcrdma_v1_decode_reverse() with RPCRDMA_RPC_REPLY and, when
 * it returns RPCRDMA_REV_FORWARD, rpcrdma_v1_decode_call(); the header
 * is read once.
 *
 * Return: RPCRDMA_CE_OK when @rev is not RPCRDMA_REV_FORWARD or the
 * Call is valid; otherwise an error for rpcrdma_codec_action() with
 * RPCRDMA_ROLE_RESPONDER.
 */
enum rpcrdma_codec_err
rpcrdma_v1_decode_responder(const void *buf, size_t len, u32 max_payload,
			    struct rpcrdma_v1_msg *msg,
			    enum rpcrdma_reverse_class *rev)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdr x;

	*rev = RPCRDMA_REV_FORWARD;
	err = rpcrdma_v1_dec_call_head(&x, buf, len, msg);
	if (err)
		return err;
	if (msg->m1_prefix.px_proc == RPCRDMA1_MSG &&
	    rpcrdma_xdr_left(&x) >= 2 * RPCRDMA_XDR_UNIT) {
		msg->m1_hdr_len = rpcrdma_xdr_pos(&x);
		msg->m1_msg_len = rpcrdma_xdr_left(&x);
		*rev = rpcrdma_rev_classify(msg, x.x_p, RPCRDMA_RPC_REPLY);
		if (*rev != RPCRDMA_REV_FORWARD)
			return RPCRDMA_CE_OK;
	}
	return rpcrdma_v1_dec_call_rest(&x, max_payload, msg);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_decode_responder);

/* RDMA_ERROR body (RFC 8166, Sections 4.1.2 and 4.5) */
static enum rpcrdma_codec_err rpcrdma_v1_dec_error(struct rpcrdma_xdr *x,
						   struct rpcrdma_v1_msg *msg)
{
	struct rpcrdma_v1_error *e = &msg->m1_error;

	if (!rpcrdma_xdr_get32(x, &e->e1_code))
		return RPCRDMA_CE_SHORT;
	switch (e->e1_code) {
	case RPCRDMA1_ERR_VERS:
		if (!rpcrdma_xdr_get32(x, &e->e1_vers_low) ||
		    !rpcrdma_xdr_get32(x, &e->e1_vers_high))
			return RPCRDMA_CE_SHORT;
		if (e->e1_vers_low > e->e1_vers_high)
			return RPCRDMA_CE_ERR_BODY;
		break;
	case RPCRDMA1_ERR_CHUNK:
		break;
	default:
		return RPCRDMA_CE_ERR_UNKNOWN;
	}
	msg->m1_hdr_len = rpcrdma_xdr_pos(x);
	return RPCRDMA_CE_OK;
}

/*
 * Reply-specific rules: the Read list of a Reply is empty (RFC 8166,
 * Section 4.3.1: Read chunks convey Call arguments only), and an
 * RDMA_NOMSG Reply was written into the Reply chunk (Section 3.5.3).
 */
static enum rpcrdma_codec_err rpcrdma_v1_check_reply(const struct rpcrdma_v1_msg *msg,
						     u32 max_payload)
{
	const struct rpcrdma_chunks *ch = &msg->m1_chunks;

	if (ch->ch_reads.rl_nsegs)
		return RPCRDMA_CE_READS_IN_REPLY;
	if (msg->m1_prefix.px_proc == RPCRDMA1_NOMSG && !ch->ch_has_reply)
		return RPCRDMA_CE_NO_BODY;
	return rpcrdma_check_writes(ch, max_payload);
}

/**
 * rpcrdma_v1_decode_reply - decode a version 1 header received by a Requester
 * @buf: Receive buffer
 * @len: octets received
 * @max_payload: largest Write or Reply chunk length the caller accepts
 * @msg: parsed header; for RDMA_MSG m1_hdr_len is the offset of the RPC
 *	Reply and m1_msg_len its length
 *
 * Accepts RDMA_MSG, RDMA_NOMSG and RDMA_ERROR (ERR_VERS, ERR_CHUNK).
 * An empty Write chunk decodes (a Responder returns one for each empty
 * chunk it was offered, RFC 8166, Section 4.3.2.3); whether the Write
 * list matches what the Call offered is the caller's check.
 *
 * Return: RPCRDMA_CE_OK, or an error for rpcrdma_codec_action() with
 * RPCRDMA_ROLE_REQUESTER.
 */
enum rpcrdma_codec_err rpcrdma_v1_decode_reply(const void *buf, size_t len,
					       u32 max_payload,
					       struct rpcrdma_v1_msg *msg)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdr x;

	err = rpcrdma_v1_dec_start(&x, buf, len, msg);
	if (err)
		return err;
	if (msg->m1_prefix.px_proc == RPCRDMA1_ERROR)
		return rpcrdma_v1_dec_error(&x, msg);
	err = rpcrdma_dec_chunk_lists(&x, &msg->m1_chunks);
	if (err)
		return err;
	err = rpcrdma_v1_dec_body(&x, msg);
	if (err)
		return err;
	return rpcrdma_v1_check_reply(msg, max_payload);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_decode_reply);

static bool rpcrdma_v1_encodable(const struct rpcrdma_v1_msg *msg)
{
	switch (msg->m1_prefix.px_proc) {
	case RPCRDMA1_MSG:
	case RPCRDMA1_NOMSG:
		return rpcrdma_chunks_valid(&msg->m1_chunks);
	case RPCRDMA1_ERROR:
		return msg->m1_error.e1_code == RPCRDMA1_ERR_VERS ||
		       msg->m1_error.e1_code == RPCRDMA1_ERR_CHUNK;
	default:
		/* RDMA_MSGP, RDMA_DONE: never sent (RFC 8166, Section 4.6) */
		return false;
	}
}

/**
 * rpcrdma_v1_hdr_size - octets rpcrdma_v1_encode() would write
 * @msg: header to encode
 *
 * Return: the encoded size, or 0 if @msg cannot be encoded.
 */
size_t rpcrdma_v1_hdr_size(const struct rpcrdma_v1_msg *msg)
{
	const struct rpcrdma_chunks *ch = &msg->m1_chunks;

	if (!rpcrdma_v1_encodable(msg))
		return 0;
	if (msg->m1_prefix.px_proc == RPCRDMA1_ERROR)
		return msg->m1_error.e1_code == RPCRDMA1_ERR_VERS ?
		       RPCRDMA1_ERR_VERS_SIZE : RPCRDMA1_ERR_CHUNK_SIZE;
	return RPCRDMA_PREFIX_SIZE + rpcrdma_read_list_size(&ch->ch_reads) +
	       rpcrdma_write_list_size(&ch->ch_writes) +
	       rpcrdma_reply_chunk_size(ch);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_hdr_size);

static bool rpcrdma_v1_enc_error(struct rpcrdma_xdw *w,
				 const struct rpcrdma_v1_error *e)
{
	if (!rpcrdma_xdw_put32(w, e->e1_code))
		return false;
	if (e->e1_code != RPCRDMA1_ERR_VERS)
		return true;
	return rpcrdma_xdw_put32(w, e->e1_vers_low) &&
	       rpcrdma_xdw_put32(w, e->e1_vers_high);
}

/**
 * rpcrdma_v1_encode - encode a version 1 transport header
 * @msg: header to encode: prefix (rdma_vers is written as given), then
 *	the chunk lists for RDMA_MSG/RDMA_NOMSG or m1_error for RDMA_ERROR.
 *	A Responder's Reply carries the Write list with the lengths it
 *	actually wrote and the Reply chunk it used (RFC 8166, Sections
 *	3.4.6 and 4.3.3).
 * @buf: output buffer
 * @buflen: its size
 * @len: on success the octets written; on RPCRDMA_CE_NOSPACE the
 *	octets needed
 *
 * The RPC message (for RDMA_MSG) goes right after the header and is
 * not written here. Nothing is written on failure.
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE or RPCRDMA_CE_INVAL.
 */
enum rpcrdma_codec_err rpcrdma_v1_encode(const struct rpcrdma_v1_msg *msg,
					 void *buf, size_t buflen,
					 size_t *len)
{
	const struct rpcrdma_chunks *ch = &msg->m1_chunks;
	size_t need = rpcrdma_v1_hdr_size(msg);
	struct rpcrdma_xdw w;
	bool ok;

	*len = need;
	if (!need)
		return RPCRDMA_CE_INVAL;
	if (need > buflen)
		return RPCRDMA_CE_NOSPACE;
	rpcrdma_xdw_init(&w, buf, need);
	ok = rpcrdma_enc_prefix(&w, &msg->m1_prefix);
	if (msg->m1_prefix.px_proc == RPCRDMA1_ERROR)
		ok = ok && rpcrdma_v1_enc_error(&w, &msg->m1_error);
	else
		ok = ok && rpcrdma_enc_read_list(&w, &ch->ch_reads) &&
		     rpcrdma_enc_write_list(&w, &ch->ch_writes) &&
		     rpcrdma_enc_reply_chunk(&w, ch);
	/* The size was computed from the same structure: cannot fail */
	return ok ? RPCRDMA_CE_OK : RPCRDMA_CE_INVAL;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_encode);

/**
 * rpcrdma_v1_error_init - prepare the RDMA_ERROR answering a bad Call
 * @msg: filled in, ready for rpcrdma_v1_encode()
 * @xid: rdma_xid of the offending message
 * @credits: credit grant in effect
 * @err: the decoder's result
 *
 * ERR_VERS advertises version 1 as both low and high (RFC 8166,
 * Section 4.5.1); anything else becomes ERR_CHUNK (Section 4.5.2).
 */
void rpcrdma_v1_error_init(struct rpcrdma_v1_msg *msg, u32 xid,
			   u32 credits, enum rpcrdma_codec_err err)
{
	memset(msg, 0, sizeof(*msg));
	msg->m1_prefix.px_xid = xid;
	msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	msg->m1_prefix.px_credits = credits;
	msg->m1_prefix.px_proc = RPCRDMA1_ERROR;
	if (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER) ==
	    RPCRDMA_ACT_ERR_VERS) {
		msg->m1_error.e1_code = RPCRDMA1_ERR_VERS;
		msg->m1_error.e1_vers_low = RPCRDMA_VERSION_1;
		msg->m1_error.e1_vers_high = RPCRDMA_VERSION_1;
	} else {
		msg->m1_error.e1_code = RPCRDMA1_ERR_CHUNK;
	}
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v1_error_init);
