// SPDX-License-Identifier: GPL-2.0-only
/*
 * Version 2 headers for the transports.
 *
 * The transports build and inspect RPC messages in one form, struct
 * rpcrdma_v1_msg: a prefix, three chunk lists and where the RPC message
 * sits. Version 2 conveys the same things with other header types
 * (v2-07, Section 6.3 lists the equivalents): RDMA2_CALL_INLINE and
 * RDMA2_REPLY_INLINE stand for RDMA_MSG, RDMA2_CALL_EXTERNAL and
 * RDMA2_REPLY_EXTERNAL for RDMA_NOMSG. This file maps a decoded Version
 * 2 header onto that form and encodes that form as a Version 2 header,
 * and encodes the control messages (RDMA2_ERROR, RDMA2_GRANT and the
 * CONNPROP pair) from their parts, so that no caller needs a whole
 * struct rpcrdma_v2_msg on its stack.
 *
 * It also holds the arithmetic of Version 2 flow control (v2-07,
 * Section 4.2.1) and the reading of the answer to a client's first
 * message (Section 4.3).
 */

#include "codec_v2.h"

/* A decoded chunk's count is within RPCRDMA_MAX_CHUNK_SEGS */
static void rpcrdma_copy_write_chunk(struct rpcrdma_write_chunk *to,
				     const struct rpcrdma_write_chunk *from)
{
	to->wc_nsegs = from->wc_nsegs;
	memcpy(to->wc_segs, from->wc_segs,
	       from->wc_nsegs * sizeof(from->wc_segs[0]));
}

/**
 * rpcrdma_v2_to_v1 - restate a decoded Version 2 RPC message header
 * @m2: a header rpcrdma_v2_decode() accepted, of type CALL_INLINE,
 *	CALL_EXTERNAL, REPLY_INLINE or REPLY_EXTERNAL
 * @m1: filled in: m1_prefix keeps rdma_vers 2 and the credit value,
 *	m1_prefix.px_proc is RPCRDMA1_MSG for an INLINE type and
 *	RPCRDMA1_NOMSG for an EXTERNAL one, m1_hdr_len and m1_msg_len
 *	locate the inline RPC message
 *
 * A Call chunk (v2-07, Section 4.5.1.2) is a Read chunk at position
 * zero, which is how Version 1 carries a Long Call (RFC 8166, Section
 * 3.5.3): its segments come first in the Read list, the data item
 * chunks after them.
 *
 * Return: RPCRDMA_CE_OK; RPCRDMA_CE_READ_SEGS when the Call chunk and
 * the Read list together have more than RPCRDMA_MAX_READ_SEGS segments,
 * RPCRDMA_CE_READ_CHUNKS when they make more than
 * RPCRDMA_MAX_READ_CHUNKS Read chunks;
 * RPCRDMA_CE_INVAL for a header type that carries no RPC message.
 */
enum rpcrdma_codec_err rpcrdma_v2_to_v1(const struct rpcrdma_v2_msg *m2,
					struct rpcrdma_v1_msg *m1)
{
	const struct rpcrdma_read_list *call = &m2->m2_call;
	const struct rpcrdma_read_list *reads = &m2->m2_chunks.ch_reads;
	const struct rpcrdma_write_list *writes = &m2->m2_chunks.ch_writes;
	struct rpcrdma_read_list *out = &m1->m1_chunks.ch_reads;
	u32 htype = m2->m2_prefix.px_proc;
	u32 i;

	switch (htype) {
	case RPCRDMA2_CALL_INLINE:
	case RPCRDMA2_REPLY_INLINE:
	case RPCRDMA2_CALL_EXTERNAL:
	case RPCRDMA2_REPLY_EXTERNAL:
		break;
	default:
		return RPCRDMA_CE_INVAL;
	}
	if (call->rl_nsegs + reads->rl_nsegs > RPCRDMA_MAX_READ_SEGS)
		return RPCRDMA_CE_READ_SEGS;
	/* The Call chunk is one more Read chunk in the Version 1 form */
	if (call->rl_nsegs &&
	    rpcrdma_read_list_nchunks(reads) + 1 > RPCRDMA_MAX_READ_CHUNKS)
		return RPCRDMA_CE_READ_CHUNKS;

	memset(&m1->m1_error, 0, sizeof(m1->m1_error));
	m1->m1_prefix = m2->m2_prefix;
	m1->m1_prefix.px_proc = htype == RPCRDMA2_CALL_INLINE ||
				htype == RPCRDMA2_REPLY_INLINE ?
				RPCRDMA1_MSG : RPCRDMA1_NOMSG;
	/* Only the segments in use: a whole chunk list is over a kilobyte */
	m1->m1_chunks.ch_writes.wl_nchunks = writes->wl_nchunks;
	for (i = 0; i < writes->wl_nchunks; i++)
		rpcrdma_copy_write_chunk(&m1->m1_chunks.ch_writes.wl_chunks[i],
					 &writes->wl_chunks[i]);
	m1->m1_chunks.ch_has_reply = m2->m2_chunks.ch_has_reply;
	m1->m1_chunks.ch_reply.wc_nsegs = 0;
	if (m2->m2_chunks.ch_has_reply)
		rpcrdma_copy_write_chunk(&m1->m1_chunks.ch_reply,
					 &m2->m2_chunks.ch_reply);
	out->rl_nsegs = call->rl_nsegs + reads->rl_nsegs;
	memcpy(out->rl_segs, call->rl_segs,
	       call->rl_nsegs * sizeof(call->rl_segs[0]));
	memcpy(out->rl_segs + call->rl_nsegs, reads->rl_segs,
	       reads->rl_nsegs * sizeof(reads->rl_segs[0]));
	m1->m1_hdr_len = m2->m2_hdr_len;
	m1->m1_msg_len = m1->m1_prefix.px_proc == RPCRDMA1_MSG ?
			 m2->m2_msg_len : 0;
	return RPCRDMA_CE_OK;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_to_v1);

/* The Version 2 header type that conveys @msg */
static u32 rpcrdma_v2_htype(const struct rpcrdma_v1_msg *msg, bool call)
{
	bool external = msg->m1_prefix.px_proc == RPCRDMA1_NOMSG;

	if (call)
		return external ? RPCRDMA2_CALL_EXTERNAL : RPCRDMA2_CALL_INLINE;
	return external ? RPCRDMA2_REPLY_EXTERNAL : RPCRDMA2_REPLY_INLINE;
}

/* Read segments at position zero (@zero) or elsewhere (!@zero) */
static u32 rpcrdma_v2_count_reads(const struct rpcrdma_read_list *rl,
				  bool zero)
{
	u32 i, n = 0;

	for (i = 0; i < rl->rl_nsegs; i++)
		n += !rl->rl_segs[i].rr_position == zero;
	return n;
}

/* Encode the part of @rl at position zero (@zero) or elsewhere */
static bool rpcrdma_v2_enc_reads(struct rpcrdma_xdw *w,
				 const struct rpcrdma_read_list *rl, bool zero)
{
	u32 i;

	for (i = 0; i < rl->rl_nsegs; i++) {
		const struct rpcrdma_read_segment *rs = &rl->rl_segs[i];

		if (!rs->rr_position != zero)
			continue;
		if (!rpcrdma_xdw_put32(w, RPCRDMA_XDR_TRUE) ||
		    !rpcrdma_xdw_put32(w, rs->rr_position) ||
		    !rpcrdma_xdw_put32(w, rs->rr_seg.rs_handle) ||
		    !rpcrdma_xdw_put32(w, rs->rr_seg.rs_length) ||
		    !rpcrdma_xdw_put64(w, rs->rr_seg.rs_offset))
			return false;
	}
	return rpcrdma_xdw_put32(w, RPCRDMA_XDR_FALSE);
}

/**
 * rpcrdma_v2_msg_size - octets rpcrdma_v2_encode_msg() would write
 * @msg: an RDMA_MSG or RDMA_NOMSG header in the Version 1 form
 * @call: @msg is a Call (else a Reply)
 *
 * Return: the encoded size, or 0 if @msg cannot be encoded.
 */
size_t rpcrdma_v2_msg_size(const struct rpcrdma_v1_msg *msg, bool call)
{
	const struct rpcrdma_chunks *ch = &msg->m1_chunks;
	size_t size = RPCRDMA_PREFIX_SIZE;

	if ((msg->m1_prefix.px_proc != RPCRDMA1_MSG &&
	     msg->m1_prefix.px_proc != RPCRDMA1_NOMSG) ||
	    !rpcrdma_chunks_valid(ch))
		return 0;
	if (call) {
		bool external = msg->m1_prefix.px_proc == RPCRDMA1_NOMSG;

		/* Only EXTERNAL has a Call chunk (Sections 6.3.5, 6.3.7) */
		if (external != !!rpcrdma_v2_count_reads(&ch->ch_reads, true))
			return 0;
		/* rdma_inv_handle, then the Read list (two for EXTERNAL) */
		size += RPCRDMA_XDR_UNIT + rpcrdma_read_list_size(&ch->ch_reads);
		if (external)
			size += RPCRDMA_XDR_UNIT;
	} else if (ch->ch_reads.rl_nsegs) {
		/* v2-07, Section 6.6.1.1: a Reply carries no Read list */
		return 0;
	}
	size += rpcrdma_write_list_size(&ch->ch_writes);
	/* Only REPLY_INLINE lacks the Reply chunk field (Section 6.3.10) */
	if (call || msg->m1_prefix.px_proc == RPCRDMA1_NOMSG)
		size += rpcrdma_reply_chunk_size(ch);
	return size;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_msg_size);

/**
 * rpcrdma_v2_encode_msg - encode an RPC message header as Version 2
 * @msg: an RDMA_MSG or RDMA_NOMSG header in the Version 1 form; its
 *	xid and credit value are used as they are
 * @call: @msg is a Call (else a Reply)
 * @inv_handle: for a Call, the handle the Responder may invalidate with
 *	Send With Invalidate, or 0 (v2-07, Section 6.5)
 * @buf: output buffer
 * @buflen: its size
 * @len: on success the octets written; on RPCRDMA_CE_NOSPACE the
 *	octets needed
 *
 * An RDMA_NOMSG Call becomes RDMA2_CALL_EXTERNAL, its position-zero
 * Read segments the Call chunk (Section 6.3.5); an RDMA_NOMSG Reply
 * becomes RDMA2_REPLY_EXTERNAL, and an RDMA_MSG the INLINE type, whose
 * RPC message the caller places right after the header.
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE or RPCRDMA_CE_INVAL.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode_msg(const struct rpcrdma_v1_msg *msg,
					     bool call, u32 inv_handle,
					     void *buf, size_t buflen,
					     size_t *len)
{
	const struct rpcrdma_chunks *ch = &msg->m1_chunks;
	size_t need = rpcrdma_v2_msg_size(msg, call);
	struct rpcrdma_prefix pfx = msg->m1_prefix;
	bool external = pfx.px_proc == RPCRDMA1_NOMSG;
	struct rpcrdma_xdw w;
	bool ok;

	*len = need;
	if (!need)
		return RPCRDMA_CE_INVAL;
	if (need > buflen)
		return RPCRDMA_CE_NOSPACE;
	pfx.px_vers = RPCRDMA_VERSION_2;
	pfx.px_proc = rpcrdma_v2_htype(msg, call);
	rpcrdma_xdw_init(&w, buf, need);
	ok = rpcrdma_enc_prefix(&w, &pfx);
	if (call) {
		ok = ok && rpcrdma_xdw_put32(&w, inv_handle);
		if (external)
			ok = ok && rpcrdma_v2_enc_reads(&w, &ch->ch_reads, true);
		ok = ok && rpcrdma_v2_enc_reads(&w, &ch->ch_reads, false);
	}
	ok = ok && rpcrdma_enc_write_list(&w, &ch->ch_writes);
	if (call || external)
		ok = ok && rpcrdma_enc_reply_chunk(&w, ch);
	return ok ? RPCRDMA_CE_OK : RPCRDMA_CE_INVAL;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode_msg);

/* The prefix of a control message, and room for what follows it */
static enum rpcrdma_codec_err rpcrdma_v2_ctl_start(struct rpcrdma_xdw *w,
						   u32 xid, u32 vers,
						   u32 credits, u32 htype,
						   void *buf, size_t buflen,
						   size_t need, size_t *len)
{
	struct rpcrdma_prefix pfx = {
		.px_xid = xid, .px_vers = vers,
		.px_credits = credits, .px_proc = htype,
	};

	*len = need;
	if (need > buflen)
		return RPCRDMA_CE_NOSPACE;
	rpcrdma_xdw_init(w, buf, need);
	return rpcrdma_enc_prefix(w, &pfx) ? RPCRDMA_CE_OK : RPCRDMA_CE_INVAL;
}

/**
 * rpcrdma_v2_encode_error - encode an RDMA2_ERROR message
 * @xid: rdma_xid of the message being answered (v2-07, Section 7)
 * @vers: rdma_vers of that message, echoed (same section)
 * @credits: credit value in effect
 * @e: rdma_err and the body its code defines (Section 6.3.1)
 * @buf: output buffer
 * @buflen: its size
 * @len: octets written, or needed on RPCRDMA_CE_NOSPACE
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE, or RPCRDMA_CE_INVAL for an
 * error code this codec does not know or a version range low > high.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode_error(u32 xid, u32 vers, u32 credits,
					       const struct rpcrdma_v2_error *e,
					       void *buf, size_t buflen,
					       size_t *len)
{
	int words = rpcrdma_v2_err_words(e->e2_code);
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdw w;

	if (words < 0 || (e->e2_code == RPCRDMA2_ERR_VERS &&
			  e->e2_vers_low > e->e2_vers_high))
		return RPCRDMA_CE_INVAL;
	err = rpcrdma_v2_ctl_start(&w, xid, vers, credits, RPCRDMA2_ERROR,
				   buf, buflen, RPCRDMA_PREFIX_SIZE +
				   (1 + words) * RPCRDMA_XDR_UNIT, len);
	if (err)
		return err;
	return rpcrdma_v2_enc_error(&w, e) ? RPCRDMA_CE_OK : RPCRDMA_CE_INVAL;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode_error);

/**
 * rpcrdma_v2_encode_grant - encode an RDMA2_GRANT message
 * @credits: the credit value to grant
 * @buf: output buffer
 * @buflen: its size
 * @len: octets written, or needed on RPCRDMA_CE_NOSPACE
 *
 * rdma_xid is zero (v2-07, Section 6.3.2).
 *
 * Return: RPCRDMA_CE_OK or RPCRDMA_CE_NOSPACE.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode_grant(u32 credits, void *buf,
					       size_t buflen, size_t *len)
{
	struct rpcrdma_xdw w;

	return rpcrdma_v2_ctl_start(&w, 0, RPCRDMA_VERSION_2, credits,
				    RPCRDMA2_GRANT, buf, buflen,
				    RPCRDMA_PREFIX_SIZE, len);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode_grant);

/**
 * rpcrdma_v2_encode_middle - encode a CALL_MIDDLE or REPLY_MIDDLE header
 * @xid: rdma_xid, the xid of the RPC message being continued
 * @credits: credit value in effect
 * @htype: RPCRDMA2_CALL_MIDDLE or RPCRDMA2_REPLY_MIDDLE
 * @remaining: octets of the RPC message still to come after the part
 *	this header carries (v2-07, Sections 6.3.6 and 6.3.9)
 * @buf: output buffer; the part follows the header
 * @buflen: its size
 * @len: octets written, or needed on RPCRDMA_CE_NOSPACE
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE, or RPCRDMA_CE_INVAL for
 * another @htype.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode_middle(u32 xid, u32 credits,
						u32 htype, u32 remaining,
						void *buf, size_t buflen,
						size_t *len)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdw w;

	if (htype != RPCRDMA2_CALL_MIDDLE && htype != RPCRDMA2_REPLY_MIDDLE)
		return RPCRDMA_CE_INVAL;
	err = rpcrdma_v2_ctl_start(&w, xid, RPCRDMA_VERSION_2, credits, htype,
				   buf, buflen, RPCRDMA2_MIDDLE_HDR_SIZE, len);
	if (err)
		return err;
	return rpcrdma_xdw_put32(&w, remaining) ? RPCRDMA_CE_OK :
						  RPCRDMA_CE_INVAL;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode_middle);

/**
 * rpcrdma_v2_encode_connprop - encode an RDMA2_CONNPROP_FINAL message
 * @xid: rdma_xid; the client's first message uses it to match the
 *	answer (v2-07, Section 4.3.2), the server echoes it
 * @credits: credit value in effect
 * @pr: the properties to publish
 * @buf: output buffer
 * @buflen: its size
 * @len: octets written, or needed on RPCRDMA_CE_NOSPACE
 *
 * Our property sets always fit one message (Section 6.3.3), so only
 * the FINAL type is sent.
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_NOSPACE or RPCRDMA_CE_INVAL.
 */
enum rpcrdma_codec_err rpcrdma_v2_encode_connprop(u32 xid, u32 credits,
						  const struct rpcrdma_v2_props *pr,
						  void *buf, size_t buflen,
						  size_t *len)
{
	enum rpcrdma_codec_err err;
	struct rpcrdma_xdw w;
	u64 size;

	if (!rpcrdma_v2_props_valid(pr))
		return RPCRDMA_CE_INVAL;
	size = RPCRDMA_PREFIX_SIZE + rpcrdma_v2_props_size(pr);
	if (size > U32_MAX)
		return RPCRDMA_CE_INVAL;
	err = rpcrdma_v2_ctl_start(&w, xid, RPCRDMA_VERSION_2, credits,
				   RPCRDMA2_CONNPROP_FINAL, buf, buflen,
				   (size_t)size, len);
	if (err)
		return err;
	return rpcrdma_v2_enc_props(&w, pr) ? RPCRDMA_CE_OK : RPCRDMA_CE_INVAL;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_encode_connprop);

/**
 * rpcrdma_vers_answer - what a server's first message says of the version
 * @buf: Receive buffer
 * @len: octets received
 * @xid: rdma_xid of the client's first message
 *
 * v2-07, Section 4.3: a server that speaks Version 2 answers in Version
 * 2 (Section 4.3.1); one that does not answers with an error of type
 * ERR_VERS naming the versions it supports (Section 4.3.2). Version 1
 * and Version 2 lay ERR_VERS out alike (prefix, 4 = RDMA_ERROR and
 * RDMA2_ERROR, 1 = ERR_VERS, low, high), and a Version 1 server may put
 * either version in rdma_vers: Linux echoes the request's, as RFC 8166,
 * Section 4.5 asks of every RDMA_ERROR, while Section 4.2.2 (the field
 * holds 1 in Version 1) would have its own. Only the error answers our
 * xid; any other Version 2 message means the server speaks Version 2.
 *
 * Return: RPCRDMA_ANSWER_V2, RPCRDMA_ANSWER_V1 (continue in Version 1),
 * RPCRDMA_ANSWER_REFUSED (ERR_VERS whose range leaves out Version 1,
 * contradicting itself if it includes 2: the client gives Version 2
 * up all the same), or RPCRDMA_ANSWER_NONE when this is no answer to
 * @xid (an RDMA2_ERROR for another xid included).
 */
enum rpcrdma_vers_answer rpcrdma_vers_answer(const void *buf, size_t len,
					     u32 xid)
{
	struct rpcrdma_prefix pfx;
	struct rpcrdma_xdr x;
	u32 code, low, high;

	rpcrdma_xdr_init(&x, buf, len);
	if (rpcrdma_dec_prefix(&x, &pfx))
		return RPCRDMA_ANSWER_NONE;
	if (pfx.px_proc == RPCRDMA2_ERROR && pfx.px_xid == xid &&
	    (pfx.px_vers == RPCRDMA_VERSION_1 ||
	     pfx.px_vers == RPCRDMA_VERSION_2) &&
	    rpcrdma_xdr_get32(&x, &code) && code == RPCRDMA2_ERR_VERS) {
		if (!rpcrdma_xdr_get32(&x, &low) ||
		    !rpcrdma_xdr_get32(&x, &high) || low > high)
			return RPCRDMA_ANSWER_NONE;
		if (low <= RPCRDMA_VERSION_1 && high >= RPCRDMA_VERSION_1)
			return RPCRDMA_ANSWER_V1;
		return RPCRDMA_ANSWER_REFUSED;
	}
	/* An error report about something else answers nothing */
	if (pfx.px_proc == RPCRDMA2_ERROR && pfx.px_xid != xid)
		return RPCRDMA_ANSWER_NONE;
	if (pfx.px_vers == RPCRDMA_VERSION_2)
		return RPCRDMA_ANSWER_V2;
	if (pfx.px_vers == RPCRDMA_VERSION_1 && pfx.px_xid == xid)
		return RPCRDMA_ANSWER_V1;
	return RPCRDMA_ANSWER_NONE;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_vers_answer);

/*
 * Flow control (v2-07, Section 4.2.1). Each peer counts the messages it
 * has sent and the Receives that have completed, and puts in every
 * rdma_credit the count of messages it will have accepted once the
 * peer has sent that many: received + advertised. The draft's text
 * says "Sent message count" there, which cannot be meant: a peer that
 * sends more than it receives (RDMA2_GRANT, continued Replies) would
 * then let the other side overrun its Receives. A sender may post while
 * its sent count is below the latest credit value it received. All
 * counts wrap; comparisons are modulo 2^32.
 */

/**
 * rpcrdma_v2_window - how many more messages may be posted
 * @sent: messages posted so far
 * @limit: rdma_credit of the latest message received
 *
 * Return: 0 when the peer grants nothing more.
 */
u32 rpcrdma_v2_window(u32 sent, u32 limit)
{
	u32 w = limit - sent;

	return w > RPCRDMA2_CREDIT_MAX ? 0 : w;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_window);

/**
 * rpcrdma_v2_limit - accept a received rdma_credit value
 * @sent: messages posted so far
 * @credit: the value received
 * @cap: most messages the caller will ever have outstanding
 *
 * A grant larger than @cap is no use and larger than 2^31 - 2 is not
 * allowed (Section 4.2.1): either is taken as @cap. A value behind
 * @sent (the peer took credits back, or sent zero, which Section
 * 4.2.1.1 allows) stops sending until a later message moves it on.
 *
 * Return: the new send limit.
 */
u32 rpcrdma_v2_limit(u32 sent, u32 credit, u32 cap)
{
	u32 w = credit - sent;

	if (w & RPCRDMA2_CREDIT_BEHIND)
		return credit;
	if (cap > RPCRDMA2_CREDIT_MAX)
		cap = RPCRDMA2_CREDIT_MAX;
	return w > cap ? sent + cap : credit;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_limit);
