// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_reverse: telling reverse-direction messages
 * (RFC 8167) from forward ones, and checking them.
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
	{}
};

static struct kunit_suite rpcrdma_codec_reverse_suite = {
	.name = "rpcrdma_codec_reverse",
	.test_cases = rpcrdma_codec_reverse_cases,
};

kunit_test_suite(rpcrdma_codec_reverse_suite);
