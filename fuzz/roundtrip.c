// SPDX-License-Identifier: GPL-2.0-only
/*
 * Round-trip checks shared by the libFuzzer target and the seed runner.
 */
#include <stdlib.h>

#include <rpcrdma/codec.h>
#include <rpcrdma/reverse.h>

#include "roundtrip.h"

/* Room for any header the codec can produce, plus a message */
#define RT_BUF_SIZE	(64 * 1024)

static u8 rt_out[RT_BUF_SIZE];

/* Every error must map to a real action and name */
static const char *rt_check_err(enum rpcrdma_codec_err err)
{
	if (err <= RPCRDMA_CE_OK || err >= RPCRDMA_CE_MAX)
		return "decoder returned an unknown code";
	if (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER) ==
	    RPCRDMA_ACT_NONE ||
	    rpcrdma_codec_action(err, RPCRDMA_ROLE_REQUESTER) ==
	    RPCRDMA_ACT_NONE)
		return "error without an action";
	if (!rpcrdma_codec_err_name(err) || !rpcrdma_v2_errcode(err))
		return "error without a name or v2 code";
	return NULL;
}

/* The answer to a bad v1 Call must itself encode and decode */
static const char *rt_v1_answer(u32 xid, enum rpcrdma_codec_err err)
{
	struct rpcrdma_v1_msg msg, got;
	size_t len;

	rpcrdma_v1_error_init(&msg, xid, 1, err);
	if (rpcrdma_v1_encode(&msg, rt_out, sizeof(rt_out), &len))
		return "v1 error answer does not encode";
	if (rpcrdma_v1_decode_reply(rt_out, len, FUZZ_MAX_PAYLOAD, &got))
		return "v1 error answer does not decode";
	return NULL;
}

static int rt_segs_equal(const struct rpcrdma_segment *a,
			 const struct rpcrdma_segment *b, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (a[i].rs_handle != b[i].rs_handle ||
		    a[i].rs_length != b[i].rs_length ||
		    a[i].rs_offset != b[i].rs_offset)
			return 0;
	return 1;
}

static int rt_chunk_equal(const struct rpcrdma_write_chunk *a,
			  const struct rpcrdma_write_chunk *b)
{
	return a->wc_nsegs == b->wc_nsegs &&
	       rt_segs_equal(a->wc_segs, b->wc_segs, a->wc_nsegs);
}

/* Field by field: structure padding is not compared */
static int rt_chunks_equal(const struct rpcrdma_chunks *a,
			   const struct rpcrdma_chunks *b)
{
	const struct rpcrdma_read_list *ra = &a->ch_reads, *rb = &b->ch_reads;
	u32 i;

	if (ra->rl_nsegs != rb->rl_nsegs ||
	    a->ch_writes.wl_nchunks != b->ch_writes.wl_nchunks ||
	    a->ch_has_reply != b->ch_has_reply)
		return 0;
	for (i = 0; i < ra->rl_nsegs; i++)
		if (ra->rl_segs[i].rr_position != rb->rl_segs[i].rr_position ||
		    !rt_segs_equal(&ra->rl_segs[i].rr_seg,
				   &rb->rl_segs[i].rr_seg, 1))
			return 0;
	for (i = 0; i < a->ch_writes.wl_nchunks; i++)
		if (!rt_chunk_equal(&a->ch_writes.wl_chunks[i],
				    &b->ch_writes.wl_chunks[i]))
			return 0;
	return !a->ch_has_reply || rt_chunk_equal(&a->ch_reply, &b->ch_reply);
}

/*
 * A header in the transports' Version 1 form (@m1, RPC message at
 * @rpc) as Version 2: rpcrdma_v2_encode_msg() must report the room it
 * needs, write what rpcrdma_v2_msg_size() said, and what it wrote must
 * decode (with @flags) and map back to the same header. When @orig is
 * set the encoded header must also be those very bytes.
 */
static const char *rt_v2_map_back(const struct rpcrdma_v1_msg *m1, int call,
				  u32 inv, const u8 *rpc, const u8 *orig,
				  unsigned int flags)
{
	static struct rpcrdma_v2_msg again;
	static struct rpcrdma_v1_msg back;
	size_t need, len;

	need = rpcrdma_v2_msg_size(m1, call);
	if (!need)
		return "v1 form has no v2 size";
	if (need + m1->m1_msg_len > sizeof(rt_out))
		return NULL;	/* too big to copy; mapping was the test */
	if (rpcrdma_v2_encode_msg(m1, call, inv, rt_out, need - 1, &len) !=
	    RPCRDMA_CE_NOSPACE || len != need)
		return "v2 map: short buffer not reported";
	if (rpcrdma_v2_encode_msg(m1, call, inv, rt_out, sizeof(rt_out),
				  &len) || len != need)
		return "v2 map: encode failed";
	if (orig && memcmp(rt_out, orig, need))
		return "v2 map: re-encoded bytes differ";
	memcpy(rt_out + need, rpc, m1->m1_msg_len);
	if (rpcrdma_v2_decode(rt_out, need + m1->m1_msg_len, FUZZ_MAX_PAYLOAD,
			      flags, &again))
		return "v2 map: encoded header does not decode";
	if (call && again.m2_inv_handle != inv)
		return "v2 map: rdma_inv_handle differs";
	if (rpcrdma_v2_to_v1(&again, &back))
		return "v2 map: decoded header does not map";
	if (back.m1_prefix.px_xid != m1->m1_prefix.px_xid ||
	    back.m1_prefix.px_credits != m1->m1_prefix.px_credits ||
	    back.m1_prefix.px_proc != m1->m1_prefix.px_proc ||
	    back.m1_hdr_len != need || back.m1_msg_len != m1->m1_msg_len)
		return "v2 map: prefix or lengths differ after the round trip";
	if (!rt_chunks_equal(&back.m1_chunks, &m1->m1_chunks))
		return "v2 map: chunks differ after the round trip";
	return NULL;
}

/*
 * A decoded Version 1 Call or Reply sent as Version 2 instead. A Reply
 * sent inline has no Reply chunk field in Version 2 (v2-07, Section
 * 6.3.10), so one in an RDMA_MSG Reply is not carried.
 */
static const char *rt_v1_as_v2(const struct rpcrdma_v1_msg *msg,
			       const u8 *data, int reply)
{
	static struct rpcrdma_v1_msg m1;
	const struct rpcrdma_read_list *rl = &msg->m1_chunks.ch_reads;
	u32 inv = rl->rl_nsegs ? rl->rl_segs[0].rr_seg.rs_handle : 0;

	if (msg->m1_prefix.px_proc != RPCRDMA1_MSG &&
	    msg->m1_prefix.px_proc != RPCRDMA1_NOMSG)
		return NULL;
	m1 = *msg;
	if (reply && m1.m1_prefix.px_proc == RPCRDMA1_MSG)
		m1.m1_chunks.ch_has_reply = false;
	return rt_v2_map_back(&m1, !reply, reply ? 0 : inv,
			      data + msg->m1_hdr_len, NULL,
			      RPCRDMA2_DF_MSG_START);
}

/*
 * The same bytes as a reverse-direction message (RFC 8167): a message
 * taken as one is an RDMA_MSG with no chunks whose RPC message fills
 * the rest, and the header a sender builds for it is the one received.
 */
static const char *rt_v1_reverse(const u8 *data, size_t size, int reply)
{
	static struct rpcrdma_v1_msg msg, hdr;
	u32 type = reply ? RPCRDMA_RPC_CALL : RPCRDMA_RPC_REPLY;
	enum rpcrdma_reverse_class rc;
	size_t len;

	rc = rpcrdma_v1_decode_reverse(data, size, type, &msg);
	if (rc >= RPCRDMA_REV_MAX)
		return "reverse decoder returned an unknown class";
	if (rc != RPCRDMA_REV_OK)
		return NULL;
	if (msg.m1_hdr_len != RPCRDMA_REVERSE_HDR_SIZE ||
	    msg.m1_hdr_len + msg.m1_msg_len != size)
		return "reverse message has chunks or a wrong length";
	rpcrdma_v1_reverse_init(&hdr, msg.m1_prefix.px_xid,
				msg.m1_prefix.px_credits);
	if (rpcrdma_v1_encode(&hdr, rt_out, sizeof(rt_out), &len) ||
	    len != msg.m1_hdr_len || memcmp(rt_out, data, len))
		return "reverse header does not re-encode to the same bytes";
	return NULL;
}

/*
 * What a server receives: the single-pass decoder must give what the
 * reverse check followed by the forward decoder gave, structure and all.
 */
static const char *rt_v1_responder(const u8 *data, size_t size)
{
	static struct rpcrdma_v1_msg one, two;
	enum rpcrdma_reverse_class rev1, rev2;
	enum rpcrdma_codec_err err1, err2;

	err1 = rpcrdma_v1_decode_responder(data, size, FUZZ_MAX_PAYLOAD,
					   &one, &rev1);
	rev2 = rpcrdma_v1_decode_reverse(data, size, RPCRDMA_RPC_REPLY, &two);
	err2 = rev2 != RPCRDMA_REV_FORWARD ? RPCRDMA_CE_OK :
	       rpcrdma_v1_decode_call(data, size, FUZZ_MAX_PAYLOAD, &two);
	if (rev1 != rev2)
		return "responder decoder sorts the message differently";
	if (err1 != err2)
		return "responder decoder result differs from decode_call";
	if (memcmp(&one, &two, sizeof(one)))
		return "responder decoder structure differs";
	return NULL;
}

static const char *rt_v1(const u8 *data, size_t size, int reply)
{
	static struct rpcrdma_v1_msg msg, again;
	enum rpcrdma_codec_err err;
	size_t need, len;
	const char *why;

	why = rt_v1_reverse(data, size, reply);
	if (why)
		return why;
	if (!reply) {
		why = rt_v1_responder(data, size);
		if (why)
			return why;
	}
	err = reply ? rpcrdma_v1_decode_reply(data, size, FUZZ_MAX_PAYLOAD,
					      &msg) :
		      rpcrdma_v1_decode_call(data, size, FUZZ_MAX_PAYLOAD,
					     &msg);
	/*
	 * RFC 8166, Section 4.5: a Responder parses no Version 1 message
	 * shorter; another version is held only to the prefix (Section 4.2)
	 * and answered ERR_VERS (Section 4.5.1)
	 */
	if (!reply && size < RPCRDMA1_HDR_MIN) {
		/* below the prefix, held to Version 1's floor as well */
		u32 vers = size < RPCRDMA_PREFIX_SIZE ? RPCRDMA_VERSION_1 :
			   get_unaligned_be32(data + RPCRDMA_XDR_UNIT);

		if (vers == RPCRDMA_VERSION_1 &&
		    rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER) !=
		    RPCRDMA_ACT_DROP)
			return "v1 Call shorter than 28 octets not dropped";
		if (vers != RPCRDMA_VERSION_1 && vers != RPCRDMA_VERSION_2 &&
		    err != RPCRDMA_CE_VERS)
			return "short Call of an unknown version not answered ERR_VERS";
	}
	if (err) {
		why = rt_check_err(err);
		return why ? why : rt_v1_answer(msg.m1_prefix.px_xid, err);
	}
	need = rpcrdma_v1_hdr_size(&msg);
	if (need != msg.m1_hdr_len || need + msg.m1_msg_len > size)
		return "v1 header size differs from what was decoded";
	why = rt_v1_as_v2(&msg, data, reply);
	if (why)
		return why;
	if (size > sizeof(rt_out))
		return NULL;	/* too big to copy; decoding was the test */
	if (rpcrdma_v1_encode(&msg, rt_out, need - 1, &len) !=
	    RPCRDMA_CE_NOSPACE || len != need)
		return "v1 short buffer not reported";
	if (rpcrdma_v1_encode(&msg, rt_out, sizeof(rt_out), &len) ||
	    len != need)
		return "v1 re-encode failed";
	if (memcmp(rt_out, data, need))
		return "v1 re-encoded bytes differ";
	memcpy(rt_out + need, data + need, msg.m1_msg_len);
	err = reply ? rpcrdma_v1_decode_reply(rt_out, need + msg.m1_msg_len,
					      FUZZ_MAX_PAYLOAD, &again) :
		      rpcrdma_v1_decode_call(rt_out, need + msg.m1_msg_len,
					     FUZZ_MAX_PAYLOAD, &again);
	if (err)
		return "v1 re-encoded header does not decode";
	if (memcmp(&msg, &again, sizeof(msg)))
		return "v1 re-decoded structure differs";
	return NULL;
}

/* Compare HOSTAUTH by content, then forget where it pointed */
static const char *rt_v2_props_normalise(struct rpcrdma_v2_props *a,
					 struct rpcrdma_v2_props *b)
{
	if (a->pr_hostauth_len != b->pr_hostauth_len)
		return "v2 HOSTAUTH length differs";
	if (a->pr_hostauth_len &&
	    memcmp(a->pr_hostauth, b->pr_hostauth, a->pr_hostauth_len))
		return "v2 HOSTAUTH bytes differ";
	a->pr_hostauth = NULL;
	b->pr_hostauth = NULL;
	a->pr_nskipped = 0;
	b->pr_nskipped = 0;
	return NULL;
}

static int rt_v2_is_connprop(const struct rpcrdma_v2_msg *msg)
{
	return msg->m2_prefix.px_proc == RPCRDMA2_CONNPROP_MIDDLE ||
	       msg->m2_prefix.px_proc == RPCRDMA2_CONNPROP_FINAL;
}

static const char *rt_v2_answer(u32 xid, enum rpcrdma_codec_err err)
{
	struct rpcrdma_v2_msg msg, got;
	size_t len;

	rpcrdma_v2_error_init(&msg, xid, 1, err);
	if (rpcrdma_v2_encode(&msg, rt_out, sizeof(rt_out), &len))
		return "v2 error answer does not encode";
	if (rpcrdma_v2_decode(rt_out, len, FUZZ_MAX_PAYLOAD, 0, &got))
		return "v2 error answer does not decode";
	if (got.m2_error.e2_code != msg.m2_error.e2_code)
		return "v2 error answer code differs";
	return NULL;
}

/*
 * A decoded Version 2 header in the transports' Version 1 form
 * (rpcrdma_v2_to_v1()), and back: a Call or Reply maps unless its Read
 * segments together pass RPCRDMA_MAX_READ_SEGS or its Call chunk and
 * Read chunks together pass RPCRDMA_MAX_READ_CHUNKS, any other type does
 * not map, and a mapped header encodes to the bytes it was decoded
 * from.
 */
static const char *rt_v2_map(const u8 *data, const struct rpcrdma_v2_msg *m2,
			     unsigned int flags)
{
	static struct rpcrdma_v1_msg m1;
	u32 htype = m2->m2_prefix.px_proc;
	int call = htype == RPCRDMA2_CALL_INLINE ||
		   htype == RPCRDMA2_CALL_EXTERNAL;
	int inl = htype == RPCRDMA2_CALL_INLINE ||
		  htype == RPCRDMA2_REPLY_INLINE;
	enum rpcrdma_codec_err err;

	memset(&m1, 0, sizeof(m1));
	err = rpcrdma_v2_to_v1(m2, &m1);
	if (!call && !inl && htype != RPCRDMA2_REPLY_EXTERNAL)
		return err == RPCRDMA_CE_INVAL ? NULL :
		       "v2 header without an RPC message mapped";
	if (err == RPCRDMA_CE_READ_SEGS)
		return m2->m2_call.rl_nsegs + m2->m2_chunks.ch_reads.rl_nsegs >
		       RPCRDMA_MAX_READ_SEGS ? NULL :
		       "v2 map: segment limit misapplied";
	/* The Call chunk is one more Read chunk in the Version 1 form */
	if (err == RPCRDMA_CE_READ_CHUNKS)
		return m2->m2_call.rl_nsegs &&
		       rpcrdma_read_list_nchunks(&m2->m2_chunks.ch_reads) + 1 >
		       RPCRDMA_MAX_READ_CHUNKS ? NULL :
		       "v2 map: chunk limit misapplied";
	if (err)
		return "v2 RPC message header does not map";
	if (m1.m1_prefix.px_proc != (inl ? RPCRDMA1_MSG : RPCRDMA1_NOMSG) ||
	    m1.m1_prefix.px_vers != RPCRDMA_VERSION_2 ||
	    m1.m1_hdr_len != m2->m2_hdr_len ||
	    m1.m1_msg_len != (inl ? m2->m2_msg_len : 0))
		return "v2 map: wrong proc or lengths";
	if (m1.m1_chunks.ch_reads.rl_nsegs !=
	    m2->m2_call.rl_nsegs + m2->m2_chunks.ch_reads.rl_nsegs ||
	    (m2->m2_call.rl_nsegs &&
	     m1.m1_chunks.ch_reads.rl_segs[0].rr_position))
		return "v2 map: Call chunk not first in the Read list";
	return rt_v2_map_back(&m1, call, m2->m2_inv_handle,
			      data + m2->m2_hdr_len, data, flags);
}

static const char *rt_v2(const u8 *data, size_t size, unsigned int flags)
{
	static struct rpcrdma_v2_msg msg, again;
	enum rpcrdma_codec_err err;
	const char *why;
	size_t need, len;

	err = rpcrdma_v2_decode(data, size, FUZZ_MAX_PAYLOAD, flags, &msg);
	if (err) {
		why = rt_check_err(err);
		return why ? why : rt_v2_answer(msg.m2_prefix.px_xid, err);
	}
	why = rt_v2_map(data, &msg, flags);
	if (why)
		return why;
	need = rpcrdma_v2_hdr_size(&msg);
	if (!need)
		return "v2 decoded header cannot be encoded";
	if (need + msg.m2_msg_len > sizeof(rt_out))
		return NULL;	/* too big to copy; decoding was the test */
	if (!rt_v2_is_connprop(&msg) && need != msg.m2_hdr_len)
		return "v2 header size differs from what was decoded";
	if (rpcrdma_v2_encode(&msg, rt_out, need - 1, &len) !=
	    RPCRDMA_CE_NOSPACE || len != need)
		return "v2 short buffer not reported";
	if (rpcrdma_v2_encode(&msg, rt_out, sizeof(rt_out), &len) ||
	    len != need)
		return "v2 re-encode failed";
	if (!rt_v2_is_connprop(&msg) && memcmp(rt_out, data, need))
		return "v2 re-encoded bytes differ";
	memcpy(rt_out + need, data + msg.m2_hdr_len, msg.m2_msg_len);
	err = rpcrdma_v2_decode(rt_out, need + msg.m2_msg_len,
				FUZZ_MAX_PAYLOAD, flags, &again);
	if (err)
		return "v2 re-encoded header does not decode";
	why = rt_v2_props_normalise(&msg.m2_props, &again.m2_props);
	if (why)
		return why;
	again.m2_hdr_len = msg.m2_hdr_len;
	if (memcmp(&msg, &again, sizeof(msg)))
		return "v2 re-decoded structure differs";
	return NULL;
}

static const char *rt_cm(const u8 *data, size_t size)
{
	struct rpcrdma_cm_private cp, again;
	enum rpcrdma_codec_err err;
	u8 out[RPCRDMA_CM_PRIV_SIZE];
	size_t len;

	err = rpcrdma_cm_private_decode(size ? data : NULL, size, &cp);
	if (err) {
		if (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER) !=
		    RPCRDMA_ACT_DEFAULTS)
			return "private data error without defaults";
		if (cp.cp_send_size != RPCRDMA1_DEFAULT_INLINE ||
		    cp.cp_recv_size != RPCRDMA1_DEFAULT_INLINE ||
		    cp.cp_remote_inv)
			return "private data error left non-defaults";
		return NULL;
	}
	if (rpcrdma_cm_private_encode(&cp, out, sizeof(out), &len) ||
	    len != sizeof(out))
		return "private data re-encode failed";
	if (rpcrdma_cm_private_decode(out, len, &again) ||
	    memcmp(&cp, &again, sizeof(cp)))
		return "private data round trip differs";
	return NULL;
}

/* Is @data an ERR_VERS from a server (either version's layout)? */
static int rt_err_vers(const u8 *data, size_t size, u32 *low, u32 *high)
{
	static struct rpcrdma_v2_msg m2;
	static struct rpcrdma_v1_msg m1;

	if (!rpcrdma_v2_decode(data, size, FUZZ_MAX_PAYLOAD, 0, &m2) &&
	    m2.m2_prefix.px_proc == RPCRDMA2_ERROR &&
	    m2.m2_error.e2_code == RPCRDMA2_ERR_VERS) {
		*low = m2.m2_error.e2_vers_low;
		*high = m2.m2_error.e2_vers_high;
		return 1;
	}
	if (!rpcrdma_v1_decode_reply(data, size, FUZZ_MAX_PAYLOAD, &m1) &&
	    m1.m1_prefix.px_proc == RPCRDMA1_ERROR &&
	    m1.m1_error.e1_code == RPCRDMA1_ERR_VERS) {
		*low = m1.m1_error.e1_vers_low;
		*high = m1.m1_error.e1_vers_high;
		return 1;
	}
	return 0;
}

/*
 * @data as the first message a client receives after its Version 2
 * one (v2-07, Section 4.3), with that message's rdma_xid its own or
 * another: only a message with our xid can make the client fall back
 * or give up, a well-formed ERR_VERS for our xid always does, and any
 * other decodable Version 2 message but an RDMA2_ERROR for another xid
 * means Version 2.
 */
static const char *rt_vers_answer(const u8 *data, size_t size)
{
	static struct rpcrdma_v2_msg m2;
	enum rpcrdma_vers_answer own, other, want;
	struct rpcrdma_prefix pfx;
	u32 low, high;
	int err_vers;

	if (rpcrdma_decode_prefix(data, size, &pfx)) {
		if (rpcrdma_vers_answer(data, size, 0) != RPCRDMA_ANSWER_NONE)
			return "short message taken as an answer";
		return NULL;
	}
	own = rpcrdma_vers_answer(data, size, pfx.px_xid);
	other = rpcrdma_vers_answer(data, size, pfx.px_xid ^ 1);
	/* An error report for another xid answers nothing */
	if (other != (pfx.px_vers == RPCRDMA_VERSION_2 &&
		      pfx.px_proc != RPCRDMA2_ERROR ? RPCRDMA_ANSWER_V2 :
						      RPCRDMA_ANSWER_NONE))
		return "answer to another xid misread";
	err_vers = rt_err_vers(data, size, &low, &high);
	if (err_vers) {
		want = low <= RPCRDMA_VERSION_1 && high >= RPCRDMA_VERSION_1 ?
		       RPCRDMA_ANSWER_V1 : RPCRDMA_ANSWER_REFUSED;
		return own == want ? NULL : "ERR_VERS answer misread";
	}
	switch (own) {
	case RPCRDMA_ANSWER_NONE:
		break;
	case RPCRDMA_ANSWER_V2:
		if (pfx.px_vers != RPCRDMA_VERSION_2)
			return "Version 2 answer in another version";
		break;
	case RPCRDMA_ANSWER_V1:
		if (pfx.px_vers != RPCRDMA_VERSION_1)
			return "fell back to Version 1 without ERR_VERS";
		break;
	default:
		return "refused without ERR_VERS, or unknown answer";
	}
	if (pfx.px_vers == RPCRDMA_VERSION_2 && own != RPCRDMA_ANSWER_V2 &&
	    !rpcrdma_v2_decode(data, size, FUZZ_MAX_PAYLOAD, 0, &m2))
		return "Version 2 message not taken as Version 2";
	return NULL;
}

/*
 * Flow control (v2-07, Section 4.2.1) with the prefix words as the
 * messages sent, the credit value received and the cap: a value
 * 2^31 or more ahead is behind and opens nothing; any other opens the
 * window it names, but no more than the cap or RPCRDMA2_CREDIT_MAX.
 */
static const char *rt_flow(const u8 *data, size_t size)
{
	struct rpcrdma_prefix pfx;
	u32 sent, credit, cap, ahead, most, limit, window;

	if (rpcrdma_decode_prefix(data, size, &pfx))
		return NULL;
	sent = pfx.px_xid;
	credit = pfx.px_credits;
	cap = pfx.px_proc;
	ahead = credit - sent;
	most = cap < RPCRDMA2_CREDIT_MAX ? cap : RPCRDMA2_CREDIT_MAX;
	limit = rpcrdma_v2_limit(sent, credit, cap);
	window = rpcrdma_v2_window(sent, limit);
	if (rpcrdma_v2_window(sent, credit) > RPCRDMA2_CREDIT_MAX)
		return "flow: window past the credit maximum";
	if (ahead & RPCRDMA2_CREDIT_BEHIND)
		return limit == credit && !window ? NULL :
		       "flow: a credit value behind opened the window";
	if (window != (ahead < most ? ahead : most) || limit != sent + window)
		return "flow: wrong send limit";
	return NULL;
}

const char *codec_roundtrip(const u8 *data, size_t size)
{
	const char *why;

	if (!size)
		return NULL;
	why = rt_vers_answer(data + 1, size - 1);
	if (!why)
		why = rt_flow(data + 1, size - 1);
	if (why)
		return why;
	switch (data[0] % FUZZ_NMODES) {
	case FUZZ_V1_CALL:
		return rt_v1(data + 1, size - 1, 0);
	case FUZZ_V1_REPLY:
		return rt_v1(data + 1, size - 1, 1);
	case FUZZ_V2_START:
		return rt_v2(data + 1, size - 1, RPCRDMA2_DF_MSG_START);
	case FUZZ_V2_CONT:
		return rt_v2(data + 1, size - 1, 0);
	default:
		return rt_cm(data + 1, size - 1);
	}
}
