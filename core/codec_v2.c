// SPDX-License-Identifier: GPL-2.0-only
/*
 * RPC-over-RDMA version 2 transport headers
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07", Sections 6 and 8).
 */

#include "codec_v2.h"

/*
 * Number of uint32 words in the RDMA2_ERROR body after rdma_err, by
 * error code (v2-07, Section 6.3.1); -1 for codes we do not know.
 */
int rpcrdma_v2_err_words(u32 code)
{
	switch (code) {
	case RPCRDMA2_ERR_VERS:
	case RPCRDMA2_ERR_WRITE_RESOURCE:
		return 2;
	case RPCRDMA2_ERR_READ_CHUNKS:
	case RPCRDMA2_ERR_WRITE_CHUNKS:
	case RPCRDMA2_ERR_SEGMENTS:
	case RPCRDMA2_ERR_REPLY_RESOURCE:
		return 1;
	case RPCRDMA2_ERR_BAD_XDR:
	case RPCRDMA2_ERR_BAD_PROPVAL:
	case RPCRDMA2_ERR_INVAL_HTYPE:
	case RPCRDMA2_ERR_INVAL_CONT:
	case RPCRDMA2_ERR_VERS_MISMATCH:
	case RPCRDMA2_ERR_SYSTEM:
		return 0;
	default:
		return -1;
	}
}

/* The up to two body words of an error, in wire order */
static void rpcrdma_v2_err_fields(struct rpcrdma_v2_error *e, u32 **a, u32 **b)
{
	*a = NULL;
	*b = NULL;
	switch (e->e2_code) {
	case RPCRDMA2_ERR_VERS:
		*a = &e->e2_vers_low;
		*b = &e->e2_vers_high;
		break;
	case RPCRDMA2_ERR_WRITE_RESOURCE:
		*a = &e->e2_chunk_index;
		*b = &e->e2_length_needed;
		break;
	case RPCRDMA2_ERR_REPLY_RESOURCE:
		*a = &e->e2_length_needed;
		break;
	default:
		*a = &e->e2_max;
		break;
	}
}

/*
 * RDMA2_ERROR. An unrecognised rdma_err is silently discarded (v2-07,
 * Section 7), so it gets a code whose action is to drop.
 */
static enum rpcrdma_codec_err rpcrdma_v2_dec_error(struct rpcrdma_xdr *x,
						   struct rpcrdma_v2_error *e)
{
	u32 *a, *b;
	int words;

	if (!rpcrdma_xdr_get32(x, &e->e2_code))
		return RPCRDMA_CE_SHORT;
	words = rpcrdma_v2_err_words(e->e2_code);
	if (words < 0)
		return RPCRDMA_CE_ERR_UNKNOWN;
	rpcrdma_v2_err_fields(e, &a, &b);
	if (words > 0 && !rpcrdma_xdr_get32(x, a))
		return RPCRDMA_CE_SHORT;
	if (words > 1 && !rpcrdma_xdr_get32(x, b))
		return RPCRDMA_CE_SHORT;
	if (e->e2_code == RPCRDMA2_ERR_VERS &&
	    e->e2_vers_low > e->e2_vers_high)
		return RPCRDMA_CE_ERR_BODY;
	return RPCRDMA_CE_OK;
}

/*
 * The RPC message that follows a MIDDLE or INLINE header: at least its
 * first word (rdma_rpc_first_word, v2-07, Section 8.4). When it starts
 * the RPC message, that word is the xid, which must equal rdma_xid
 * (Sections 6.3.6, 6.3.9 and 7.2).
 */
static enum rpcrdma_codec_err rpcrdma_v2_dec_payload(struct rpcrdma_xdr *x,
						     struct rpcrdma_v2_msg *msg,
						     unsigned int flags)
{
	msg->m2_hdr_len = rpcrdma_xdr_pos(x);
	msg->m2_msg_len = rpcrdma_xdr_left(x);
	if (msg->m2_msg_len < RPCRDMA_XDR_UNIT)
		return RPCRDMA_CE_SHORT_MSG;
	if (!(flags & RPCRDMA2_DF_MSG_START))
		return RPCRDMA_CE_OK;
	return rpcrdma_check_xid(msg->m2_prefix.px_xid, x->x_p,
				 msg->m2_msg_len);
}

/*
 * A non-zero rdma_inv_handle must be one of the handles in the same
 * header (v2-07, Section 6.5); anything else would have the Responder
 * invalidate a region the Requester never offered for it.
 */
static enum rpcrdma_codec_err rpcrdma_v2_check_inv(const struct rpcrdma_v2_msg *msg)
{
	u32 h = msg->m2_inv_handle;

	if (!h || rpcrdma_chunks_have_handle(&msg->m2_chunks, h) ||
	    rpcrdma_read_list_has_handle(&msg->m2_call, h))
		return RPCRDMA_CE_OK;
	return RPCRDMA_CE_INV_HANDLE;
}

/*
 * RDMA2_CALL_EXTERNAL (v2-07, Section 6.3.5): the Call is in rdma_call,
 * a list of one or more Read segments acting as a body chunk, so at
 * position zero (Section 4.5.1.2); rdma_reads holds data item chunks,
 * which have non-zero positions into that body.
 */
static enum rpcrdma_codec_err rpcrdma_v2_dec_call_ext(struct rpcrdma_xdr *x,
						      struct rpcrdma_v2_msg *msg,
						      u32 max_payload)
{
	const struct rpcrdma_read_list *reads = &msg->m2_chunks.ch_reads;
	enum rpcrdma_codec_err err;
	u32 i;

	if (!rpcrdma_xdr_get32(x, &msg->m2_inv_handle))
		return RPCRDMA_CE_SHORT;
	err = rpcrdma_dec_read_list(x, &msg->m2_call);
	if (err)
		return err;
	err = rpcrdma_dec_chunk_lists(x, &msg->m2_chunks);
	if (err)
		return err;
	msg->m2_hdr_len = rpcrdma_xdr_pos(x);
	if (!msg->m2_call.rl_nsegs)
		return RPCRDMA_CE_NO_BODY;
	for (i = 0; i < msg->m2_call.rl_nsegs; i++)
		if (msg->m2_call.rl_segs[i].rr_position)
			return RPCRDMA_CE_POS_ZERO;
	err = rpcrdma_check_reads(&msg->m2_call, 0, false, max_payload);
	if (err)
		return err;
	err = rpcrdma_check_no_pos_zero(reads);
	if (err)
		return err;
	err = rpcrdma_check_reads(reads,
				  rpcrdma_read_pos_zero_length(&msg->m2_call),
				  true, max_payload);
	if (err)
		return err;
	return rpcrdma_v2_check_inv(msg);
}

/* RDMA2_CALL_MIDDLE and RDMA2_REPLY_MIDDLE (v2-07, Sections 6.3.6, 6.3.9) */
static enum rpcrdma_codec_err rpcrdma_v2_dec_middle(struct rpcrdma_xdr *x,
						    struct rpcrdma_v2_msg *msg,
						    unsigned int flags)
{
	if (!rpcrdma_xdr_get32(x, &msg->m2_remaining))
		return RPCRDMA_CE_SHORT;
	/* A MIDDLE is always followed by more of the message */
	if (!msg->m2_remaining)
		return RPCRDMA_CE_REMAINING;
	return rpcrdma_v2_dec_payload(x, msg, flags);
}

/*
 * RDMA2_CALL_INLINE (v2-07, Section 6.3.7): no Position-zero Read
 * chunk. Positions index the whole Call, which is in this buffer only
 * when no MIDDLE came before (RPCRDMA2_DF_MSG_START).
 */
static enum rpcrdma_codec_err rpcrdma_v2_dec_call_inline(struct rpcrdma_xdr *x,
							 struct rpcrdma_v2_msg *msg,
							 u32 max_payload,
							 unsigned int flags)
{
	const struct rpcrdma_read_list *reads = &msg->m2_chunks.ch_reads;
	enum rpcrdma_codec_err err;

	if (!rpcrdma_xdr_get32(x, &msg->m2_inv_handle))
		return RPCRDMA_CE_SHORT;
	err = rpcrdma_dec_chunk_lists(x, &msg->m2_chunks);
	if (err)
		return err;
	err = rpcrdma_v2_dec_payload(x, msg, flags);
	if (err)
		return err;
	err = rpcrdma_check_no_pos_zero(reads);
	if (err)
		return err;
	err = rpcrdma_check_reads(reads, msg->m2_msg_len,
				  flags & RPCRDMA2_DF_MSG_START, max_payload);
	if (err)
		return err;
	return rpcrdma_v2_check_inv(msg);
}

/*
 * RDMA2_REPLY_EXTERNAL (v2-07, Section 6.3.8): the Reply chunk must be
 * present. RDMA2_REPLY_INLINE (Section 6.3.10): Write list, then the
 * Reply.
 */
static enum rpcrdma_codec_err rpcrdma_v2_dec_reply(struct rpcrdma_xdr *x,
						   struct rpcrdma_v2_msg *msg,
						   u32 max_payload,
						   unsigned int flags)
{
	struct rpcrdma_chunks *ch = &msg->m2_chunks;
	enum rpcrdma_codec_err err;

	err = rpcrdma_dec_write_list(x, &ch->ch_writes);
	if (err)
		return err;
	if (msg->m2_prefix.px_proc == RPCRDMA2_REPLY_INLINE) {
		err = rpcrdma_v2_dec_payload(x, msg, flags);
	} else {
		err = rpcrdma_dec_reply_chunk(x, ch);
		msg->m2_hdr_len = rpcrdma_xdr_pos(x);
		if (!err && !ch->ch_has_reply)
			err = RPCRDMA_CE_NO_BODY;
	}
	if (err)
		return err;
	return rpcrdma_check_writes(ch, max_payload);
}

static enum rpcrdma_codec_err rpcrdma_v2_dec_body(struct rpcrdma_xdr *x,
						  struct rpcrdma_v2_msg *msg,
						  u32 max_payload,
						  unsigned int flags)
{
	switch (msg->m2_prefix.px_proc) {
	case RPCRDMA2_ERROR:
		return rpcrdma_v2_dec_error(x, &msg->m2_error);
	case RPCRDMA2_GRANT:
		/* Prefix only (v2-07, Section 6.3.2) */
		return RPCRDMA_CE_OK;
	case RPCRDMA2_CONNPROP_MIDDLE:
	case RPCRDMA2_CONNPROP_FINAL:
		return rpcrdma_v2_dec_props(x, &msg->m2_props);
	case RPCRDMA2_CALL_EXTERNAL:
		return rpcrdma_v2_dec_call_ext(x, msg, max_payload);
	case RPCRDMA2_CALL_MIDDLE:
	case RPCRDMA2_REPLY_MIDDLE:
		return rpcrdma_v2_dec_middle(x, msg, flags);
	case RPCRDMA2_CALL_INLINE:
		return rpcrdma_v2_dec_call_inline(x, msg, max_payload, flags);
	case RPCRDMA2_REPLY_EXTERNAL:
	case RPCRDMA2_REPLY_INLINE:
		return rpcrdma_v2_dec_reply(x, msg, max_payload, flags);
	default:
		/* v2-07, Section 6.1: answer RDMA2_ERR_INVAL_HTYPE */
		return RPCRDMA_CE_PROC;
	}
}

static bool rpcrdma_v2_has_payload(u32 htype)
{
	return htype == RPCRDMA2_CALL_MIDDLE ||
	       htype == RPCRDMA2_REPLY_MIDDLE ||
	       htype == RPCRDMA2_CALL_INLINE ||
	       htype == RPCRDMA2_REPLY_INLINE;
}

/**
 * rpcrdma_v2_decode - decode a version 2 transport header
 * @buf: Receive buffer
 * @len: octets received
 * @max_payload: largest Read list total, and largest Write or Reply
 *	chunk in a Reply, that the caller accepts
 * @flags: RPCRDMA2_DF_MSG_START when no MIDDLE message came before
 *	this one for the same RPC message
 * @msg: parsed header; for MIDDLE and INLINE types m2_hdr_len is the
 *	offset of the RPC message bytes and m2_msg_len their length
 *
 * Return: RPCRDMA_CE_OK, or an error for rpcrdma_codec_action() and
 * rpcrdma_v2_errcode().
 */
enum rpcrdma_codec_err rpcrdma_v2_decode(const void *buf, size_t len,
					 u32 max_payload, unsigned int flags,
					 struct rpcrdma_v2_msg *msg)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdr x;

	memset(msg, 0, sizeof(*msg));
	rpcrdma_xdr_init(&x, buf, len);
	err = rpcrdma_dec_prefix(&x, &msg->m2_prefix);
	if (err)
		return err;
	/* v2-07, Section 7.1.1 */
	if (msg->m2_prefix.px_vers != RPCRDMA_VERSION_2)
		return RPCRDMA_CE_VERS;
	err = rpcrdma_v2_dec_body(&x, msg, max_payload, flags);
	if (!err && !rpcrdma_v2_has_payload(msg->m2_prefix.px_proc))
		msg->m2_hdr_len = rpcrdma_xdr_pos(&x);
	return err;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_decode);

static bool rpcrdma_v2_encodable(const struct rpcrdma_v2_msg *msg)
{
	const struct rpcrdma_chunks *ch = &msg->m2_chunks;

	switch (msg->m2_prefix.px_proc) {
	case RPCRDMA2_ERROR:
		return rpcrdma_v2_err_words(msg->m2_error.e2_code) >= 0;
	case RPCRDMA2_CONNPROP_MIDDLE:
	case RPCRDMA2_CONNPROP_FINAL:
		return rpcrdma_v2_props_valid(&msg->m2_props);
	case RPCRDMA2_CALL_EXTERNAL:
		return rpcrdma_read_list_valid(&msg->m2_call) &&
		       rpcrdma_chunks_valid(ch);
	case RPCRDMA2_CALL_INLINE:
	case RPCRDMA2_REPLY_EXTERNAL:
	case RPCRDMA2_REPLY_INLINE:
		return rpcrdma_chunks_valid(ch);
	case RPCRDMA2_GRANT:
	case RPCRDMA2_CALL_MIDDLE:
	case RPCRDMA2_REPLY_MIDDLE:
		return true;
	default:
		return false;
	}
}

static u64 rpcrdma_v2_body_size(const struct rpcrdma_v2_msg *msg)
{
	const struct rpcrdma_chunks *ch = &msg->m2_chunks;
	size_t calls = rpcrdma_read_list_size(&ch->ch_reads) +
		       rpcrdma_write_list_size(&ch->ch_writes) +
		       rpcrdma_reply_chunk_size(ch);

	switch (msg->m2_prefix.px_proc) {
	case RPCRDMA2_ERROR:
		return RPCRDMA_XDR_UNIT * (1 +
			rpcrdma_v2_err_words(msg->m2_error.e2_code));
	case RPCRDMA2_CONNPROP_MIDDLE:
	case RPCRDMA2_CONNPROP_FINAL:
		return rpcrdma_v2_props_size(&msg->m2_props);
	case RPCRDMA2_CALL_EXTERNAL:
		return RPCRDMA_XDR_UNIT + rpcrdma_read_list_size(&msg->m2_call) +
		       calls;
	case RPCRDMA2_CALL_INLINE:
		return RPCRDMA_XDR_UNIT + calls;
	case RPCRDMA2_REPLY_EXTERNAL:
		return rpcrdma_write_list_size(&ch->ch_writes) +
		       rpcrdma_reply_chunk_size(ch);
	case RPCRDMA2_REPLY_INLINE:
		return rpcrdma_write_list_size(&ch->ch_writes);
	case RPCRDMA2_CALL_MIDDLE:
	case RPCRDMA2_REPLY_MIDDLE:
		return RPCRDMA_XDR_UNIT;
	default:
		return 0;
	}
}

/**
 * rpcrdma_v2_hdr_size - octets rpcrdma_v2_encode() would write
 * @msg: header to encode
 *
 * Return: the encoded size, or 0 if @msg cannot be encoded.
 */
size_t rpcrdma_v2_hdr_size(const struct rpcrdma_v2_msg *msg)
{
	u64 size;

	if (!rpcrdma_v2_encodable(msg))
		return 0;
	size = RPCRDMA_PREFIX_SIZE + rpcrdma_v2_body_size(msg);
	return size > U32_MAX ? 0 : (size_t)size;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_hdr_size);

bool rpcrdma_v2_enc_error(struct rpcrdma_xdw *w,
			  const struct rpcrdma_v2_error *e)
{
	struct rpcrdma_v2_error tmp = *e;
	int words = rpcrdma_v2_err_words(e->e2_code);
	u32 *a, *b;

	rpcrdma_v2_err_fields(&tmp, &a, &b);
	return rpcrdma_xdw_put32(w, e->e2_code) &&
	       (words < 1 || rpcrdma_xdw_put32(w, *a)) &&
	       (words < 2 || rpcrdma_xdw_put32(w, *b));
}

static bool rpcrdma_v2_enc_body(struct rpcrdma_xdw *w,
				const struct rpcrdma_v2_msg *msg)
{
	const struct rpcrdma_chunks *ch = &msg->m2_chunks;

	switch (msg->m2_prefix.px_proc) {
	case RPCRDMA2_ERROR:
		return rpcrdma_v2_enc_error(w, &msg->m2_error);
	case RPCRDMA2_CONNPROP_MIDDLE:
	case RPCRDMA2_CONNPROP_FINAL:
		return rpcrdma_v2_enc_props(w, &msg->m2_props);
	case RPCRDMA2_CALL_EXTERNAL:
		return rpcrdma_xdw_put32(w, msg->m2_inv_handle) &&
		       rpcrdma_enc_read_list(w, &msg->m2_call) &&
		       rpcrdma_enc_read_list(w, &ch->ch_reads) &&
		       rpcrdma_enc_write_list(w, &ch->ch_writes) &&
		       rpcrdma_enc_reply_chunk(w, ch);
	case RPCRDMA2_CALL_INLINE:
		return rpcrdma_xdw_put32(w, msg->m2_inv_handle) &&
		       rpcrdma_enc_read_list(w, &ch->ch_reads) &&
		       rpcrdma_enc_write_list(w, &ch->ch_writes) &&
		       rpcrdma_enc_reply_chunk(w, ch);
	case RPCRDMA2_REPLY_EXTERNAL:
		return rpcrdma_enc_write_list(w, &ch->ch_writes) &&
		       rpcrdma_enc_reply_chunk(w, ch);
	case RPCRDMA2_REPLY_INLINE:
		return rpcrdma_enc_write_list(w, &ch->ch_writes);
	case RPCRDMA2_CALL_MIDDLE:
	case RPCRDMA2_REPLY_MIDDLE:
		return rpcrdma_xdw_put32(w, msg->m2_remaining);
	default:
		return true;
	}
}

/**
 * rpcrdma_v2_encode - encode a version 2 transport header
 * @msg: header to encode; which fields are used depends on
 *	m2_prefix.px_proc (the header type)
 * @buf: output buffer
 * @buflen: its size
 * @len: on success the octets written; on RPCRDMA_CE_NOSPACE the
 *	octets needed
 *
 * For MIDDLE and INLINE types the RPC message bytes go right after the
 * header and are not written here. Nothing is written on failure.
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE or RPCRDMA_CE_INVAL.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode(const struct rpcrdma_v2_msg *msg,
					 void *buf, size_t buflen,
					 size_t *len)
{
	size_t need = rpcrdma_v2_hdr_size(msg);
	struct rpcrdma_xdw w;

	*len = need;
	if (!need)
		return RPCRDMA_CE_INVAL;
	if (need > buflen)
		return RPCRDMA_CE_NOSPACE;
	rpcrdma_xdw_init(&w, buf, need);
	if (!rpcrdma_enc_prefix(&w, &msg->m2_prefix) ||
	    !rpcrdma_v2_enc_body(&w, msg))
		return RPCRDMA_CE_INVAL;
	return RPCRDMA_CE_OK;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode);

/**
 * rpcrdma_v2_error_body - the RDMA2_ERROR body answering a bad message
 * @e: filled in
 * @err: the decoder's result
 * @vers_high: the highest version we support, for RDMA2_ERR_VERS
 *
 * rdma_err comes from rpcrdma_v2_errcode(); the body carries our limits
 * (v2-07, Sections 7.3.1-7.3.3) or, for RDMA2_ERR_VERS, the versions 1
 * to @vers_high (Section 7.1.1).
 */
void rpcrdma_v2_error_body(struct rpcrdma_v2_error *e,
			   enum rpcrdma_codec_err err, u32 vers_high)
{
	memset(e, 0, sizeof(*e));
	e->e2_code = rpcrdma_v2_errcode(err);
	switch (e->e2_code) {
	case RPCRDMA2_ERR_VERS:
		e->e2_vers_low = RPCRDMA_VERSION_1;
		e->e2_vers_high = vers_high;
		break;
	case RPCRDMA2_ERR_READ_CHUNKS:
		e->e2_max = RPCRDMA_MAX_READ_CHUNKS;
		break;
	case RPCRDMA2_ERR_WRITE_CHUNKS:
		e->e2_max = RPCRDMA_MAX_WRITE_CHUNKS;
		break;
	case RPCRDMA2_ERR_SEGMENTS:
		e->e2_max = err == RPCRDMA_CE_READ_SEGS ?
			    RPCRDMA_MAX_READ_SEGS : RPCRDMA_MAX_CHUNK_SEGS;
		break;
	}
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_error_body);

/**
 * rpcrdma_v2_error_init - prepare the RDMA2_ERROR answering a bad message
 * @msg: filled in, ready for rpcrdma_v2_encode()
 * @xid: rdma_xid of the offending message
 * @credits: credit grant in effect
 * @err: the decoder's result
 *
 * The body is rpcrdma_v2_error_body()'s, with versions 1 to 2.
 * rdma_vers is set to 2; v2-07, Section 7 wants the ingress rdma_vers
 * echoed, so a caller answering another version overwrites it.
 */
void rpcrdma_v2_error_init(struct rpcrdma_v2_msg *msg, u32 xid,
			   u32 credits, enum rpcrdma_codec_err err)
{
	memset(msg, 0, sizeof(*msg));
	msg->m2_prefix.px_xid = xid;
	msg->m2_prefix.px_vers = RPCRDMA_VERSION_2;
	msg->m2_prefix.px_credits = credits;
	msg->m2_prefix.px_proc = RPCRDMA2_ERROR;
	rpcrdma_v2_error_body(&msg->m2_error, err, RPCRDMA_VERSION_2);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_error_init);
