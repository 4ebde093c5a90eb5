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

static const char *rt_v1(const u8 *data, size_t size, int reply)
{
	static struct rpcrdma_v1_msg msg, again;
	enum rpcrdma_codec_err err;
	size_t need, len;

	const char *rev = rt_v1_reverse(data, size, reply);

	if (rev)
		return rev;
	err = reply ? rpcrdma_v1_decode_reply(data, size, FUZZ_MAX_PAYLOAD,
					      &msg) :
		      rpcrdma_v1_decode_call(data, size, FUZZ_MAX_PAYLOAD,
					     &msg);
	if (err) {
		const char *why = rt_check_err(err);

		return why ? why : rt_v1_answer(msg.m1_prefix.px_xid, err);
	}
	need = rpcrdma_v1_hdr_size(&msg);
	if (need != msg.m1_hdr_len || need + msg.m1_msg_len > size)
		return "v1 header size differs from what was decoded";
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

const char *codec_roundtrip(const u8 *data, size_t size)
{
	if (!size)
		return NULL;
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
