// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_reverse: telling reverse-direction messages
 * (RFC 8167) from forward ones, and checking them; the server's
 * single-pass decoder (rpcrdma_v1_decode_responder()) against the
 * two-step decode it replaces.
 */

#include <linux/module.h>

#include "codec_kunit.h"
#include <rpcrdma/reverse.h>

#define MSG	RPCRDMA1_MSG
#define NOMSG	RPCRDMA1_NOMSG
#define CALL	RPCRDMA_RPC_CALL
#define REPLY	RPCRDMA_RPC_REPLY

struct rev_vec {
	const char *name;
	u32 w[CODEC_VEC_MAX_WORDS];
	unsigned int n;
	u32 msg_type;			/* what the receiver takes as reverse */
	enum rpcrdma_reverse_class want;
	unsigned int hdr_words;		/* RPCRDMA_REV_OK: header length */
};

#define REV_WORDS(...) \
	.w = { __VA_ARGS__ }, .n = ARRAY_SIZE(((u32[]){ __VA_ARGS__ }))

/*
 * A callback Call header in the vectors below: xid, CALL, rpcvers 2,
 * program 0x40000000, version 1, procedure 1 (CB_COMPOUND), AUTH_NULL
 * credential and verifier.
 */

static const struct rev_vec rev_vecs[] = {
	/* A client receiving a callback */
	{ .name = "client-cb-call", .msg_type = CALL, .want = RPCRDMA_REV_OK,
	  .hdr_words = 7,
	  REV_WORDS(0x51, 1, 2, MSG, 0, 0, 0,
		    0x51, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-cb-call-with-args", .msg_type = CALL,
	  .want = RPCRDMA_REV_OK, .hdr_words = 7,
	  REV_WORDS(0x52, 1, 2, MSG, 0, 0, 0,
		    0x52, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1) },
	{ .name = "client-forward-reply", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x53, 1, 32, MSG, 0, 0, 0, 0x53, REPLY, 0, 0, 0, 0) },
	{ .name = "client-forward-reply-write-chunk", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x54, 1, 32, MSG, 0, 1, 1, 7, 4096, 0, 0, 0, 0,
		    0x54, REPLY, 0, 0, 0, 0) },
	{ .name = "client-nomsg-reply", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x55, 1, 32, NOMSG, 0, 0, 1, 1, 7, 4096, 0, 0) },
	{ .name = "client-rdma-error", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x56, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK) },
	{ .name = "client-version-2", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x57, 2, 2, MSG, 0, 0, 0,
		    0x57, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-only-xid", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x58, 1, 2, MSG, 0, 0, 0, 0x58) },
	{ .name = "client-bad-discriminator", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x59, 1, 2, MSG, 2, 0, 0,
		    0x59, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-short-prefix", .msg_type = CALL,
	  .want = RPCRDMA_REV_FORWARD, REV_WORDS(0x5a, 1, 2) },
	{ .name = "client-cb-call-read-chunk", .msg_type = CALL,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x5b, 1, 2, MSG, 1, 40, 9, 512, 0, 0, 0, 0, 0,
		    0x5b, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-cb-call-write-chunk", .msg_type = CALL,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x5c, 1, 2, MSG, 0, 1, 1, 9, 512, 0, 0, 0, 0,
		    0x5c, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	/* An empty Write chunk is a chunk all the same (Section 5.3) */
	{ .name = "client-cb-call-empty-write-chunk", .msg_type = CALL,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x66, 1, 2, MSG, 0, 1, 0, 0, 0,
		    0x66, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-cb-call-reply-chunk", .msg_type = CALL,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x5d, 1, 2, MSG, 0, 0, 1, 1, 9, 512, 0, 0,
		    0x5d, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-cb-call-xid-mismatch", .msg_type = CALL,
	  .want = RPCRDMA_REV_XID,
	  REV_WORDS(0x5e, 1, 2, MSG, 0, 0, 0,
		    0x5f, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0) },
	{ .name = "client-cb-call-truncated", .msg_type = CALL,
	  .want = RPCRDMA_REV_SHORT,
	  REV_WORDS(0x60, 1, 2, MSG, 0, 0, 0, 0x60, CALL, 2, 0x40000000) },
	/* A server receiving the reply to a callback */
	{ .name = "server-cb-reply", .msg_type = REPLY, .want = RPCRDMA_REV_OK,
	  .hdr_words = 7,
	  REV_WORDS(0x61, 1, 1, MSG, 0, 0, 0, 0x61, REPLY, 0, 0, 0, 0) },
	{ .name = "server-cb-reply-denied", .msg_type = REPLY,
	  .want = RPCRDMA_REV_OK, .hdr_words = 7,
	  REV_WORDS(0x62, 1, 1, MSG, 0, 0, 0, 0x62, REPLY, 1, 1, 5) },
	{ .name = "server-forward-call", .msg_type = REPLY,
	  .want = RPCRDMA_REV_FORWARD,
	  REV_WORDS(0x63, 1, 32, MSG, 0, 0, 0, 0x63, CALL, 2, 100003) },
	{ .name = "server-cb-reply-chunk", .msg_type = REPLY,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x64, 1, 1, MSG, 0, 0, 1, 1, 9, 512, 0, 0,
		    0x64, REPLY, 0, 0, 0, 0) },
	{ .name = "server-cb-reply-empty-write-chunk", .msg_type = REPLY,
	  .want = RPCRDMA_REV_CHUNKS,
	  REV_WORDS(0x67, 1, 1, MSG, 0, 1, 0, 0, 0, 0x67, REPLY, 0, 0, 0, 0) },
	{ .name = "server-cb-reply-truncated", .msg_type = REPLY,
	  .want = RPCRDMA_REV_SHORT,
	  REV_WORDS(0x65, 1, 1, MSG, 0, 0, 0, 0x65, REPLY, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(rev_vecs, rev_vecs, name);

/* The class, and for a well-formed message where its RPC message is */
static void rpcrdma_v1_decode_reverse_test(struct kunit *test)
{
	const struct rev_vec *v = test->param_value;
	struct rpcrdma_v1_msg *msg;
	enum rpcrdma_reverse_class rc;
	u8 *buf;

	buf = codec_words(test, v->w, v->n);
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	rc = rpcrdma_v1_decode_reverse(buf, v->n * 4, v->msg_type, msg);

	KUNIT_EXPECT_EQ(test, rc, v->want);
	KUNIT_EXPECT_STREQ(test, rpcrdma_reverse_class_name(rc),
			   rpcrdma_reverse_class_name(v->want));
	if (v->want != RPCRDMA_REV_OK)
		return;
	KUNIT_EXPECT_EQ(test, msg->m1_hdr_len, v->hdr_words * 4);
	KUNIT_EXPECT_EQ(test, msg->m1_msg_len, (v->n - v->hdr_words) * 4);
	KUNIT_EXPECT_EQ(test, msg->m1_prefix.px_xid, v->w[0]);
}

/* No truncation of a valid reverse-direction message is taken as one */
static void rpcrdma_v1_reverse_truncated_test(struct kunit *test)
{
	static const u32 w[] = { 0x71, 1, 2, MSG, 0, 0, 0,
				 0x71, CALL, 2, 0x40000000, 1, 1, 0, 0, 0, 0 };
	struct rpcrdma_v1_msg *msg;
	size_t cut, size = sizeof(w);
	u8 *buf;

	buf = codec_words(test, w, ARRAY_SIZE(w));
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reverse(buf, size, CALL, msg),
			RPCRDMA_REV_OK);
	for (cut = 0; cut < size; cut++) {
		u8 *part = codec_prefix_copy(test, buf, cut);

		KUNIT_EXPECT_NE(test,
				rpcrdma_v1_decode_reverse(part, cut, CALL, msg),
				RPCRDMA_REV_OK);
	}
}

/* The header a Reply goes out with decodes back as a reverse message */
static void rpcrdma_v1_reverse_init_test(struct kunit *test)
{
	static const u32 rpc[] = { 0x81, REPLY, 0, 0, 0, 0 };
	struct rpcrdma_v1_msg *msg, *got;
	size_t len, size = 128;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	rpcrdma_v1_reverse_init(msg, 0x81, 4);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(msg, buf, size, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, RPCRDMA_REVERSE_HDR_SIZE);
	memcpy(buf + len, codec_words(test, rpc, ARRAY_SIZE(rpc)),
	       sizeof(rpc));

	KUNIT_EXPECT_EQ(test, rpcrdma_v1_decode_reverse(buf, len + sizeof(rpc),
							REPLY, got),
			RPCRDMA_REV_OK);
	KUNIT_EXPECT_EQ(test, got->m1_prefix.px_credits, 4);
	KUNIT_EXPECT_EQ(test, got->m1_prefix.px_proc, MSG);
	KUNIT_EXPECT_EQ(test, got->m1_msg_len, sizeof(rpc));
}

/*
 * rpcrdma_v1_decode_responder(): what a server receives, in one pass. A
 * Reply (by its RPC msg_type) is never given a Call's error; a Call is
 * never taken for a Reply.
 */
struct resp_vec {
	const char *name;
	u32 w[CODEC_VEC_MAX_WORDS];
	unsigned int n;
	enum rpcrdma_reverse_class rev;
	enum rpcrdma_codec_err err;
	unsigned int hdr_words;		/* success: header length */
};

static const struct resp_vec resp_vecs[] = {
	{ .name = "cb-reply", .rev = RPCRDMA_REV_OK, .hdr_words = 7,
	  REV_WORDS(0x91, 1, 1, MSG, 0, 0, 0, 0x91, REPLY, 0, 0, 0, 0) },
	{ .name = "cb-reply-reply-chunk", .rev = RPCRDMA_REV_CHUNKS,
	  .hdr_words = 12,
	  REV_WORDS(0x92, 1, 1, MSG, 0, 0, 1, 1, 9, 512, 0, 0,
		    0x92, REPLY, 0, 0, 0, 0) },
	/* A Call with this Read list would be ERR_CHUNK (POS_ZERO) */
	{ .name = "cb-reply-pos-zero-read", .rev = RPCRDMA_REV_CHUNKS,
	  .hdr_words = 13,
	  REV_WORDS(0x93, 1, 1, MSG, 1, 0, 9, 512, 0, 0, 0, 0, 0,
		    0x93, REPLY, 0, 0, 0, 0) },
	/* A Call with this xid would be ERR_CHUNK (XID) */
	{ .name = "cb-reply-xid-mismatch", .rev = RPCRDMA_REV_XID,
	  .hdr_words = 7,
	  REV_WORDS(0x94, 1, 1, MSG, 0, 0, 0, 0x95, REPLY, 0, 0, 0, 0) },
	{ .name = "cb-reply-truncated", .rev = RPCRDMA_REV_SHORT,
	  .hdr_words = 7,
	  REV_WORDS(0x96, 1, 1, MSG, 0, 0, 0, 0x96, REPLY, 0, 0) },
	{ .name = "cb-reply-empty-write-chunk", .rev = RPCRDMA_REV_CHUNKS,
	  .hdr_words = 9,
	  REV_WORDS(0x97, 1, 1, MSG, 0, 1, 0, 0, 0, 0x97, REPLY, 0, 0, 0, 0) },
	{ .name = "call-inline", .rev = RPCRDMA_REV_FORWARD, .hdr_words = 7,
	  REV_WORDS(0xa1, 1, 32, MSG, 0, 0, 0, 0xa1, CALL, 2, 100003) },
	{ .name = "call-read-chunk", .rev = RPCRDMA_REV_FORWARD,
	  .hdr_words = 13,
	  REV_WORDS(0xa2, 1, 32, MSG, 1, 16, 9, 4096, 0, 0, 0, 0, 0,
		    0xa2, CALL, 2, 100003, 0) },
	/* RDMA_NOMSG: msg_type is in the chunk, not looked at here */
	{ .name = "call-nomsg-pos-zero", .rev = RPCRDMA_REV_FORWARD,
	  .hdr_words = 13,
	  REV_WORDS(0xa3, 1, 32, NOMSG, 1, 0, 9, 4096, 0, 0, 0, 0, 0) },
	{ .name = "call-pos-zero-in-msg", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_POS_ZERO,
	  REV_WORDS(0xa4, 1, 32, MSG, 1, 0, 9, 4096, 0, 0, 0, 0, 0,
		    0xa4, CALL, 2, 100003) },
	{ .name = "call-xid-mismatch", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_XID,
	  REV_WORDS(0xa5, 1, 32, MSG, 0, 0, 0, 0xa6, CALL, 2, 100003) },
	/* RFC 8166, Section 4.3.2.3: this result is wanted inline */
	{ .name = "call-empty-write-chunk", .rev = RPCRDMA_REV_FORWARD,
	  .hdr_words = 9,
	  REV_WORDS(0xb0, 1, 32, MSG, 0, 1, 0, 0, 0, 0xb0, CALL, 2, 100003) },
	{ .name = "call-only-xid", .rev = RPCRDMA_REV_FORWARD,
	  .hdr_words = 7,
	  REV_WORDS(0xa7, 1, 32, MSG, 0, 0, 0, 0xa7) },
	{ .name = "call-no-message", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_SHORT_MSG,
	  REV_WORDS(0xa8, 1, 32, MSG, 0, 0, 0) },
	{ .name = "nomsg-no-body", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_NO_BODY,
	  REV_WORDS(0xa9, 1, 32, NOMSG, 0, 0, 0) },
	{ .name = "version-2-reply", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_VERS,
	  REV_WORDS(0xaa, 2, 1, MSG, 0, 0, 0, 0xaa, REPLY, 0, 0, 0, 0) },
	/* Fewer than 28 octets: dropped unparsed (RFC 8166, Section 4.5) */
	{ .name = "rdma-error", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_SHORT_HDR,
	  REV_WORDS(0xab, 1, 1, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK) },
	{ .name = "rdma-error-28-octets", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_UNEXPECTED,
	  REV_WORDS(0xab, 1, 1, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK, 0, 0) },
	{ .name = "rdma-msgp", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_DEPRECATED,
	  REV_WORDS(0xac, 1, 1, RPCRDMA1_MSGP, 0, 0, 0, 0, 0) },
	{ .name = "rdma-done", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_SHORT_HDR,
	  REV_WORDS(0xac, 1, 1, RPCRDMA1_DONE) },
	{ .name = "rdma-done-28-octets", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_DONE,
	  REV_WORDS(0xac, 1, 1, RPCRDMA1_DONE, 0, 0, 0) },
	{ .name = "unknown-proc", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_PROC,
	  REV_WORDS(0xad, 1, 1, 9, 0, 0, 0, 0xad, REPLY, 0, 0, 0, 0) },
	/* A Reply whose header does not parse is a forward error */
	{ .name = "reply-bad-discriminator", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_DISCRIM,
	  REV_WORDS(0xae, 1, 1, MSG, 2, 0, 0, 0xae, REPLY, 0, 0, 0, 0) },
	{ .name = "short-prefix", .rev = RPCRDMA_REV_FORWARD,
	  .err = RPCRDMA_CE_SHORT_PREFIX, REV_WORDS(0xaf, 1, 1) },
};

KUNIT_ARRAY_PARAM_DESC(resp_vecs, resp_vecs, name);

/*
 * The result of the two-step decode the single pass replaces: the
 * reverse check, then the forward decoder for what is not reverse.
 */
static enum rpcrdma_codec_err resp_two_step(const u8 *buf, size_t len,
					    struct rpcrdma_v1_msg *msg,
					    enum rpcrdma_reverse_class *rev)
{
	*rev = rpcrdma_v1_decode_reverse(buf, len, REPLY, msg);
	if (*rev != RPCRDMA_REV_FORWARD)
		return RPCRDMA_CE_OK;
	return rpcrdma_v1_decode_call(buf, len, CODEC_MAX_PAYLOAD, msg);
}

/* Decode @len octets both ways; the results must be the same */
static void resp_expect_same(struct kunit *test, const u8 *buf, size_t len,
			     struct rpcrdma_v1_msg *one,
			     struct rpcrdma_v1_msg *two)
{
	enum rpcrdma_reverse_class rev1, rev2;
	enum rpcrdma_codec_err err1, err2;

	err1 = rpcrdma_v1_decode_responder(buf, len, CODEC_MAX_PAYLOAD, one,
					   &rev1);
	err2 = resp_two_step(buf, len, two, &rev2);
	KUNIT_EXPECT_EQ_MSG(test, err1, err2, "length %zu", len);
	KUNIT_EXPECT_EQ_MSG(test, rev1, rev2, "length %zu", len);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(one, two, sizeof(*one)), 0,
			    "length %zu", len);
}

static void rpcrdma_v1_decode_responder_test(struct kunit *test)
{
	const struct resp_vec *v = test->param_value;
	struct rpcrdma_v1_msg *msg, *two;
	enum rpcrdma_reverse_class rev;
	enum rpcrdma_codec_err err;
	u8 *buf;

	buf = codec_words(test, v->w, v->n);
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	two = kunit_kzalloc(test, sizeof(*two), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, two);

	err = rpcrdma_v1_decode_responder(buf, v->n * 4, CODEC_MAX_PAYLOAD,
					  msg, &rev);
	KUNIT_EXPECT_EQ(test, rev, v->rev);
	KUNIT_EXPECT_EQ(test, err, v->err);
	if (rev != RPCRDMA_REV_FORWARD) {
		/* No Reply is ever answered with an RDMA_ERROR */
		KUNIT_EXPECT_EQ(test, err, RPCRDMA_CE_OK);
	}
	if (v->err == RPCRDMA_CE_OK) {
		KUNIT_EXPECT_EQ(test, msg->m1_prefix.px_xid, v->w[0]);
		KUNIT_EXPECT_EQ(test, msg->m1_hdr_len, v->hdr_words * 4);
		if (v->w[3] == MSG)
			KUNIT_EXPECT_EQ(test, msg->m1_msg_len,
					(v->n - v->hdr_words) * 4);
	}
	resp_expect_same(test, buf, v->n * 4, msg, two);
}

/*
 * Every truncation of a Reply, of an inline Call and of a Long Call
 * decodes as the two-step decode did, structure and all.
 */
static void rpcrdma_v1_decode_responder_cuts_test(struct kunit *test)
{
	static const u32 reply[] = { 0xb1, 1, 1, MSG, 0, 0, 0,
				     0xb1, REPLY, 0, 0, 0, 0 };
	static const u32 call[] = { 0xb2, 1, 32, MSG, 1, 16, 9, 4096, 0, 0,
				    0, 0, 0, 0xb2, CALL, 2, 100003, 0 };
	static const u32 nomsg[] = { 0xb3, 1, 32, NOMSG, 1, 0, 9, 4096, 0, 0,
				     0, 0, 1, 1, 7, 8192, 0, 0 };
	static const struct {
		const u32 *w;
		unsigned int n;
	} msgs[] = {
		{ reply, ARRAY_SIZE(reply) },
		{ call, ARRAY_SIZE(call) },
		{ nomsg, ARRAY_SIZE(nomsg) },
	};
	struct rpcrdma_v1_msg *one, *two;
	unsigned int i;
	size_t cut;

	one = kunit_kzalloc(test, sizeof(*one), GFP_KERNEL);
	two = kunit_kzalloc(test, sizeof(*two), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, one);
	KUNIT_ASSERT_NOT_NULL(test, two);

	for (i = 0; i < ARRAY_SIZE(msgs); i++) {
		u8 *buf = codec_words(test, msgs[i].w, msgs[i].n);

		for (cut = 0; cut <= msgs[i].n * 4; cut++)
			resp_expect_same(test, codec_prefix_copy(test, buf, cut),
					 cut, one, two);
	}
}

static void rpcrdma_reverse_max_payload_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rpcrdma_reverse_max_payload(1024, 1024),
			1024 - RPCRDMA_REVERSE_HDR_SIZE);
	KUNIT_EXPECT_EQ(test, rpcrdma_reverse_max_payload(4096, 1024),
			1024 - RPCRDMA_REVERSE_HDR_SIZE);
	KUNIT_EXPECT_EQ(test, rpcrdma_reverse_max_payload(2048, 8192),
			2048 - RPCRDMA_REVERSE_HDR_SIZE);
	KUNIT_EXPECT_EQ(test, rpcrdma_reverse_max_payload(16, 4096), 0);
}

static struct kunit_case rpcrdma_codec_reverse_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_v1_decode_reverse_test, rev_vecs_gen_params),
	KUNIT_CASE(rpcrdma_v1_reverse_truncated_test),
	KUNIT_CASE(rpcrdma_v1_reverse_init_test),
	KUNIT_CASE(rpcrdma_reverse_max_payload_test),
	KUNIT_CASE_PARAM(rpcrdma_v1_decode_responder_test,
			 resp_vecs_gen_params),
	KUNIT_CASE(rpcrdma_v1_decode_responder_cuts_test),
	{}
};

static struct kunit_suite rpcrdma_codec_reverse_suite = {
	.name = "rpcrdma_codec_reverse",
	.test_cases = rpcrdma_codec_reverse_cases,
};

kunit_test_suite(rpcrdma_codec_reverse_suite);
