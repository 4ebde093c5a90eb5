// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_v2: RPC-over-RDMA version 2 headers
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07"), valid shapes and
 * malformed ones.
 */

#include <linux/module.h>

#include "codec_kunit.h"

#define START		RPCRDMA2_DF_MSG_START

#define ERR		RPCRDMA2_ERROR
#define FINAL		RPCRDMA2_CONNPROP_FINAL
#define MIDDLE		RPCRDMA2_CONNPROP_MIDDLE
#define CALL_EXT	RPCRDMA2_CALL_EXTERNAL
#define CALL_MID	RPCRDMA2_CALL_MIDDLE
#define CALL_INL	RPCRDMA2_CALL_INLINE
#define REPLY_EXT	RPCRDMA2_REPLY_EXTERNAL
#define REPLY_MID	RPCRDMA2_REPLY_MIDDLE
#define REPLY_INL	RPCRDMA2_REPLY_INLINE

/* Every header type and error body of v2-07, Sections 6.3 and 8.4 */
static const struct codec_vec v2_valid[] = {
	{ .name = "error-vers", .hdr_words = 7,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_VERS, 1, 2) },
	{ .name = "error-read-chunks", .hdr_words = 6,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_READ_CHUNKS, 4) },
	{ .name = "error-write-chunks", .hdr_words = 6,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_WRITE_CHUNKS, 2) },
	{ .name = "error-segments", .hdr_words = 6,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_SEGMENTS, 16) },
	{ .name = "error-write-resource", .hdr_words = 7,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_WRITE_RESOURCE, 1, 8192) },
	{ .name = "error-reply-resource", .hdr_words = 6,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_REPLY_RESOURCE, 65536) },
	{ .name = "error-bad-xdr", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_BAD_XDR) },
	{ .name = "error-bad-propval", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_BAD_PROPVAL) },
	{ .name = "error-inval-htype", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_INVAL_HTYPE) },
	{ .name = "error-inval-cont", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_INVAL_CONT) },
	{ .name = "error-vers-mismatch", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_VERS_MISMATCH) },
	{ .name = "error-system", .hdr_words = 5,
	  VEC_WORDS(0x51, 2, 32, ERR, RPCRDMA2_ERR_SYSTEM) },
	{ .name = "grant", .hdr_words = 4,
	  VEC_WORDS(0, 2, 32, RPCRDMA2_GRANT) },
	{ .name = "connprop-final-sizes", .hdr_words = 17,
	  VEC_WORDS(0, 2, 32, FINAL, 4, 1, 4, 4096, 2, 4, 8192, 4, 4, 16,
		    5, 4, RPCRDMA2_RVRSDIR_SIMPLE) },
	{ .name = "connprop-middle-hostauth", .hdr_words = 10,
	  VEC_WORDS(0, 2, 32, MIDDLE, 1, 6, 12, 5, 0x61626364, 0x65000000) },
	{ .name = "connprop-default-values", .hdr_words = 9,
	  VEC_WORDS(0, 2, 32, FINAL, 2, 1, 0, 5, 0) },
	{ .name = "connprop-empty-set", .hdr_words = 5,
	  VEC_WORDS(0, 2, 32, FINAL, 0) },
	{ .name = "call-external", .hdr_words = 26,
	  VEC_WORDS(0x52, 2, 32, CALL_EXT, 0x700, 1, 0, 0x700, 512, 0, 0,
		    1, 0, 0x701, 512, 0, 0x200, 0, 0, 0, 1, 1,
		    0x702, 4096, 0, 0) },
	{ .name = "call-external-data-chunk", .hdr_words = 21,
	  VEC_WORDS(0x52, 2, 32, CALL_EXT, 0, 1, 0, 0x710, 1024, 0, 0, 0,
		    1, 64, 0x711, 8192, 0, 0, 0, 0, 0) },
	{ .name = "call-middle-first", .hdr_words = 5, .flags = START,
	  VEC_WORDS(0x53, 2, 32, CALL_MID, 4096, 0x53, 0, 2, 100003) },
	{ .name = "call-middle-continued", .hdr_words = 5,
	  VEC_WORDS(0x54, 2, 32, CALL_MID, 2048, 0xdeadbeef, 1) },
	{ .name = "call-inline-final-part", .hdr_words = 8,
	  VEC_WORDS(0x55, 2, 32, CALL_INL, 0, 0, 0, 0, 7, 8) },
	{ .name = "call-inline-with-chunks", .hdr_words = 27, .flags = START,
	  VEC_WORDS(0x56, 2, 32, CALL_INL, 0x722, 1, 16, 0x721, 4096, 0, 0, 0,
		    1, 0, 1, 1, 0x722, 4096, 0, 0, 0, 1, 1,
		    0x723, 1024, 0, 0, 0x56, 0, 2, 100003) },
	{ .name = "reply-external", .hdr_words = 17,
	  VEC_WORDS(0x57, 2, 32, REPLY_EXT, 1, 1, 0x730, 100, 0, 0, 0, 1, 1,
		    0x731, 2000, 0, 0) },
	{ .name = "reply-middle", .hdr_words = 5, .flags = START,
	  VEC_WORDS(0x58, 2, 32, REPLY_MID, 100, 0x58, 1, 0, 0) },
	{ .name = "reply-inline-write-chunk", .hdr_words = 11, .flags = START,
	  VEC_WORDS(0x59, 2, 32, REPLY_INL, 1, 1, 0x740, 4096, 0, 0, 0,
		    0x59, 1, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(v2_valid, v2_valid, name);

/* Malformed v2 headers and the code each must produce */
static const struct codec_vec v2_bad[] = {
	{ .name = "empty", .n = 0, .err = RPCRDMA_CE_SHORT_PREFIX },
	{ .name = "vers-1", VEC_WORDS(0x61, 1, 32, CALL_INL, 0, 0, 0, 0,
				      0x61, 0, 2, 100003),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "vers-3", VEC_WORDS(0x61, 3, 32, RPCRDMA2_GRANT),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "htype-0", VEC_WORDS(0x61, 2, 32, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_PROC },
	{ .name = "htype-3", VEC_WORDS(0x61, 2, 32, 3),
	  .err = RPCRDMA_CE_PROC },
	{ .name = "htype-14", VEC_WORDS(0x61, 2, 32, 14),
	  .err = RPCRDMA_CE_PROC },
	{ .name = "error-without-code", VEC_WORDS(0x61, 2, 32, ERR),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "error-code-unknown", VEC_WORDS(0x61, 2, 32, ERR, 12),
	  .err = RPCRDMA_CE_ERR_UNKNOWN },
	{ .name = "error-vers-without-high", VEC_WORDS(0x61, 2, 32, ERR, 1, 1),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "error-vers-low-above-high",
	  VEC_WORDS(0x61, 2, 32, ERR, 1, 3, 2),
	  .err = RPCRDMA_CE_ERR_BODY },
	{ .name = "error-write-resource-cut",
	  VEC_WORDS(0x61, 2, 32, ERR, RPCRDMA2_ERR_WRITE_RESOURCE, 1),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "connprop-without-count", VEC_WORDS(0, 2, 32, FINAL),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "connprop-33-properties", VEC_WORDS(0, 2, 32, FINAL, 33),
	  .err = RPCRDMA_CE_PROPS },
	{ .name = "connprop-propval-cut", VEC_WORDS(0, 2, 32, FINAL, 1, 1),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "connprop-data-past-end",
	  VEC_WORDS(0, 2, 32, FINAL, 1, 1, 8, 4096),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "connprop-sbsiz-8-octets",
	  VEC_WORDS(0, 2, 32, FINAL, 1, 1, 8, 0, 4096),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "connprop-rbsiz-2-octets",
	  VEC_WORDS(0, 2, 32, FINAL, 1, 2, 2, 0x10000000),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "connprop-brs-4", VEC_WORDS(0, 2, 32, FINAL, 1, 5, 4, 4),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "connprop-hostauth-inner-too-long",
	  VEC_WORDS(0, 2, 32, MIDDLE, 1, 6, 8, 9, 0x61626364),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "connprop-hostauth-2-octets",
	  VEC_WORDS(0, 2, 32, FINAL, 1, 6, 2, 0),
	  .err = RPCRDMA_CE_PROPVAL },
	{ .name = "call-external-cut-before-inv-handle",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "call-external-empty-call-list",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_NO_BODY },
	{ .name = "call-external-call-at-position-8",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT, 0, 1, 8, 1, 64, 0, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_POS_ZERO },
	{ .name = "call-external-read-at-position-zero",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT, 0, 1, 0, 1, 64, 0, 0, 0,
		    1, 0, 2, 64, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_POS_ZERO },
	{ .name = "call-external-read-past-call",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT, 0, 1, 0, 1, 64, 0, 0, 0,
		    1, 68, 2, 8, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_POS_RANGE },
	{ .name = "call-external-inv-handle-unknown",
	  VEC_WORDS(0x62, 2, 32, CALL_EXT, 0x999, 1, 0, 1, 64, 0, 0, 0, 0, 0,
		    0),
	  .err = RPCRDMA_CE_INV_HANDLE },
	{ .name = "call-middle-remaining-zero", .flags = START,
	  VEC_WORDS(0x63, 2, 32, CALL_MID, 0, 0x63, 0, 2, 100003),
	  .err = RPCRDMA_CE_REMAINING },
	{ .name = "call-middle-without-payload",
	  VEC_WORDS(0x63, 2, 32, CALL_MID, 100),
	  .err = RPCRDMA_CE_SHORT_MSG },
	{ .name = "call-middle-xid-mismatch", .flags = START,
	  VEC_WORDS(0x63, 2, 32, CALL_MID, 100, 0x64, 0, 2, 100003),
	  .err = RPCRDMA_CE_XID },
	{ .name = "call-inline-position-zero",
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 1, 0, 1, 8, 0, 0, 0, 0, 0,
		    0x65, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ZERO },
	{ .name = "call-inline-xid-mismatch", .flags = START,
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 0, 0, 0, 0x66, 0, 2, 100003),
	  .err = RPCRDMA_CE_XID },
	{ .name = "call-inline-5-write-chunks",
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0,
		    0, 0, 0x65, 0, 2, 100003),
	  .err = RPCRDMA_CE_WRITE_CHUNKS },
	{ .name = "call-inline-17-segment-write-chunk",
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 0, 1, 17, 1, 8, 0, 0),
	  .err = RPCRDMA_CE_CHUNK_SEGS },
	{ .name = "call-inline-position-unaligned",
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 1, 10, 1, 8, 0, 0, 0, 0, 0,
		    0x65, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ALIGN },
	{ .name = "call-inline-position-past-message", .flags = START,
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 0, 1, 20, 1, 8, 0, 0, 0, 0, 0,
		    0x65, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_RANGE },
	{ .name = "call-inline-inv-handle-unknown",
	  VEC_WORDS(0x65, 2, 32, CALL_INL, 5, 0, 0, 0, 0x65, 0, 2, 100003),
	  .err = RPCRDMA_CE_INV_HANDLE },
	{ .name = "reply-external-without-reply-chunk",
	  VEC_WORDS(0x67, 2, 32, REPLY_EXT, 0, 0),
	  .err = RPCRDMA_CE_NO_BODY },
	{ .name = "reply-external-empty-reply-chunk",
	  VEC_WORDS(0x67, 2, 32, REPLY_EXT, 0, 1, 0),
	  .err = RPCRDMA_CE_ZERO_LENGTH },
	{ .name = "reply-inline-write-chunk-too-long",
	  VEC_WORDS(0x68, 2, 32, REPLY_INL, 1, 1, 1, 2 << 20, 0, 0, 0,
		    0x68, 1, 0, 0),
	  .err = RPCRDMA_CE_TOO_LONG },
	{ .name = "reply-inline-discriminator-3",
	  VEC_WORDS(0x68, 2, 32, REPLY_INL, 3, 0x68, 1, 0, 0),
	  .err = RPCRDMA_CE_DISCRIM },
	{ .name = "reply-inline-without-payload",
	  VEC_WORDS(0x68, 2, 32, REPLY_INL, 0),
	  .err = RPCRDMA_CE_SHORT_MSG },
	{ .name = "reply-inline-offset-wraps",
	  VEC_WORDS(0x68, 2, 32, REPLY_INL, 1, 1, 1, 16, 0xffffffff,
		    0xfffffff8, 0, 0x68, 1, 0, 0),
	  .err = RPCRDMA_CE_OVERFLOW },
};

KUNIT_ARRAY_PARAM_DESC(v2_bad, v2_bad, name);

static bool v2_is_connprop(const struct rpcrdma_v2_msg *msg)
{
	return msg->m2_prefix.px_proc == FINAL ||
	       msg->m2_prefix.px_proc == MIDDLE;
}

static enum rpcrdma_codec_err v2_rt_decode(struct kunit *test,
					   const u8 *buf, size_t len, void *msg)
{
	const struct codec_vec *v = test->param_value;

	return rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, v->flags, msg);
}

static enum rpcrdma_codec_err v2_rt_encode(const void *msg, u8 *out,
					   size_t size, size_t *len)
{
	return rpcrdma_v2_encode(msg, out, size, len);
}

/* pr_hostauth points into the Receive buffer: compare what it points at */
static void v2_rt_same_pointers(struct kunit *test, const void *m, void *a)
{
	const struct rpcrdma_v2_msg *msg = m;
	struct rpcrdma_v2_msg *again = a;

	if (!v2_is_connprop(msg) || !msg->m2_props.pr_hostauth_len)
		return;
	KUNIT_EXPECT_MEMEQ(test, again->m2_props.pr_hostauth,
			   msg->m2_props.pr_hostauth,
			   msg->m2_props.pr_hostauth_len);
	again->m2_props.pr_hostauth = msg->m2_props.pr_hostauth;
}

static const struct codec_rt_ops v2_rt = {
	.msg_size	= sizeof(struct rpcrdma_v2_msg),
	.decode		= v2_rt_decode,
	.encode		= v2_rt_encode,
	.same_pointers	= v2_rt_same_pointers,
};

/* The round trip, then the header and RPC message lengths */
static void rpcrdma_v2_valid_test(struct kunit *test)
{
	const struct codec_vec *v = test->param_value;
	struct rpcrdma_v2_msg *msg = codec_round_trip(test, &v2_rt);

	KUNIT_EXPECT_EQ(test, msg->m2_hdr_len, v->hdr_words * 4);
	KUNIT_EXPECT_EQ(test, msg->m2_msg_len, (v->n - v->hdr_words) * 4);
}

static void rpcrdma_v2_bad_test(struct kunit *test)
{
	const struct codec_vec *v = test->param_value;
	struct rpcrdma_v2_msg *msg;
	enum rpcrdma_codec_err err;
	u8 *buf;

	buf = codec_words(test, v->w, v->n);
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	err = rpcrdma_v2_decode(buf, v->n * 4, CODEC_MAX_PAYLOAD, v->flags,
				msg);

	KUNIT_EXPECT_EQ(test, err, v->err);
	KUNIT_EXPECT_STREQ(test, rpcrdma_codec_err_name(err),
			   rpcrdma_codec_err_name(v->err));
}

/* Unknown property ids are skipped (v2-07, Section 5.1) */
static void rpcrdma_v2_unknown_prop_test(struct kunit *test)
{
	static const u32 w[] = { 0, 2, 32, FINAL, 3, 99, 8, 1, 2, 1, 4, 4096,
				 0x80000000, 0 };
	struct rpcrdma_v2_msg *msg;
	u8 *buf;

	buf = codec_words(test, w, ARRAY_SIZE(w));
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, sizeof(w),
						CODEC_MAX_PAYLOAD, 0, msg),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, msg->m2_props.pr_nskipped, 2);
	KUNIT_EXPECT_EQ(test, msg->m2_props.pr_present,
			RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_SBSIZ));
	KUNIT_EXPECT_EQ(test, msg->m2_props.pr_sbsiz, 4096);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_hdr_size(msg), 4 * 8);
}

/* A later value for the same property replaces the earlier one */
static void rpcrdma_v2_duplicate_prop_test(struct kunit *test)
{
	static const u32 w[] = { 0, 2, 32, FINAL, 2, 2, 4, 4096, 2, 0 };
	struct rpcrdma_v2_msg *msg;
	u8 *buf;

	buf = codec_words(test, w, ARRAY_SIZE(w));
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, sizeof(w),
						CODEC_MAX_PAYLOAD, 0, msg),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, msg->m2_props.pr_default,
			RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ));
	KUNIT_EXPECT_EQ(test, msg->m2_props.pr_rbsiz, 0);
}

/*
 * A CONNPROP exchange (v2-07, Section 6.3.4): each peer sends its
 * properties in a CONNPROP_FINAL and decodes the other's.
 */
static void rpcrdma_v2_connprop_exchange_test(struct kunit *test)
{
	static const u8 token[] = { 't', 'o', 'k', 'e', 'n', '!' };
	struct rpcrdma_v2_msg *client, *server, *got;
	size_t len;
	u8 *buf;

	client = kunit_kzalloc(test, sizeof(*client), GFP_KERNEL);
	server = kunit_kzalloc(test, sizeof(*server), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, client);
	KUNIT_ASSERT_NOT_NULL(test, server);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	client->m2_prefix = (struct rpcrdma_prefix){ 0, 2, 1, FINAL };
	client->m2_props.pr_present =
		RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ) |
		RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_BRS) |
		RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_HOSTAUTH);
	client->m2_props.pr_rbsiz = 16384;
	client->m2_props.pr_brs = RPCRDMA2_RVRSDIR_CONT;
	client->m2_props.pr_hostauth = token;
	client->m2_props.pr_hostauth_len = sizeof(token);
	server->m2_prefix = (struct rpcrdma_prefix){ 0, 2, 64, FINAL };
	server->m2_props.pr_present =
		RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_SBSIZ) |
		RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RCSIZ);
	server->m2_props.pr_sbsiz = 65536;
	server->m2_props.pr_rcsiz = 8;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(client, buf, 256, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len % 4, 0);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD,
						0, got), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_present,
			client->m2_props.pr_present);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_rbsiz, 16384);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_brs, RPCRDMA2_RVRSDIR_CONT);
	KUNIT_ASSERT_EQ(test, got->m2_props.pr_hostauth_len, sizeof(token));
	KUNIT_EXPECT_MEMEQ(test, got->m2_props.pr_hostauth, token,
			   sizeof(token));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(server, buf, 256, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD,
						0, got), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_credits, 64);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_sbsiz, 65536);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_rcsiz, 8);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_hostauth_len, 0);
}

/*
 * A Call sent with Message Continuation (v2-07, Section 6.6.2): two
 * CALL_MIDDLE messages then a CALL_INLINE; rdma_remaining counts down
 * and the payloads put together give back the RPC Call.
 */
static void rpcrdma_v2_continued_call_test(struct kunit *test)
{
	static const u32 rpc[] = { 0x77, 0, 2, 100003, 1, 2, 3, 4, 5, 6, 7, 8 };
	static const u32 htypes[] = { CALL_MID, CALL_MID, CALL_INL };
	static const size_t part[] = { 16, 16, 16 };
	struct rpcrdma_v2_msg *msg, *got;
	size_t off = 0, len, i;
	u8 *rpcbuf, *buf, *joined;

	rpcbuf = codec_words(test, rpc, ARRAY_SIZE(rpc));
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, 128, GFP_KERNEL);
	joined = kunit_kzalloc(test, sizeof(rpc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, joined);

	for (i = 0; i < ARRAY_SIZE(htypes); i++) {
		memset(msg, 0, sizeof(*msg));
		msg->m2_prefix = (struct rpcrdma_prefix){ 0x77, 2, 8,
							  htypes[i] };
		msg->m2_remaining = sizeof(rpc) - off - part[i];
		KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(msg, buf, 128, &len),
				RPCRDMA_CE_OK);
		memcpy(buf + len, rpcbuf + off, part[i]);

		KUNIT_ASSERT_EQ(test,
				rpcrdma_v2_decode(buf, len + part[i],
						  CODEC_MAX_PAYLOAD,
						  i ? 0 : START, got),
				RPCRDMA_CE_OK);
		KUNIT_EXPECT_EQ(test, got->m2_prefix.px_proc, htypes[i]);
		if (htypes[i] == CALL_MID)
			KUNIT_EXPECT_EQ(test, got->m2_remaining,
					sizeof(rpc) - off - part[i]);
		KUNIT_ASSERT_EQ(test, got->m2_msg_len, part[i]);
		memcpy(joined + off, buf + got->m2_hdr_len, got->m2_msg_len);
		off += part[i];
	}
	KUNIT_EXPECT_EQ(test, off, sizeof(rpc));
	KUNIT_EXPECT_MEMEQ(test, joined, rpcbuf, sizeof(rpc));
}

struct v2_answer_case {
	const char *name;
	enum rpcrdma_codec_err err;
	u32 w[8];
	unsigned int n;
};

/* The RDMA2_ERROR a receiver sends for each kind of bad message */
static const struct v2_answer_case v2_answer_cases[] = {
	{ "vers", RPCRDMA_CE_VERS,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_VERS, 1, 2 }, 7 },
	{ "read-chunks", RPCRDMA_CE_READ_CHUNKS,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_READ_CHUNKS, RPCRDMA_MAX_READ_CHUNKS }, 6 },
	{ "write-chunks", RPCRDMA_CE_WRITE_CHUNKS,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_WRITE_CHUNKS, RPCRDMA_MAX_WRITE_CHUNKS },
	  6 },
	{ "read-segs", RPCRDMA_CE_READ_SEGS,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_SEGMENTS, RPCRDMA_MAX_READ_SEGS }, 6 },
	{ "chunk-segs", RPCRDMA_CE_CHUNK_SEGS,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_SEGMENTS, RPCRDMA_MAX_CHUNK_SEGS }, 6 },
	{ "proc", RPCRDMA_CE_PROC,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_INVAL_HTYPE }, 5 },
	{ "propval", RPCRDMA_CE_PROPVAL,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_BAD_PROPVAL }, 5 },
	{ "remaining", RPCRDMA_CE_REMAINING,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_INVAL_CONT }, 5 },
	{ "xid", RPCRDMA_CE_XID,
	  { 9, 2, 32, ERR, RPCRDMA2_ERR_BAD_XDR }, 5 },
};

KUNIT_ARRAY_PARAM_DESC(v2_answer, v2_answer_cases, name);

static void rpcrdma_v2_error_init_test(struct kunit *test)
{
	const struct v2_answer_case *c = test->param_value;
	struct rpcrdma_v2_msg *msg;
	size_t len;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	rpcrdma_v2_error_init(msg, 9, 32, c->err);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, c->n * 4);
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, c->w, c->n), len);
}

/* Structures that cannot be encoded are refused; short buffers too */
static void rpcrdma_v2_encode_refusals_test(struct kunit *test)
{
	static const u8 auth[] = { 1, 2, 3, 4, 5 };
	struct rpcrdma_v2_msg *msg;
	size_t len = 0;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	msg->m2_prefix = (struct rpcrdma_prefix){ 1, 2, 1, 14 };
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_INVAL);
	msg->m2_prefix.px_proc = ERR;
	msg->m2_error.e2_code = 12;
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_INVAL);
	msg->m2_prefix.px_proc = FINAL;
	msg->m2_props.pr_present = RPCRDMA2_PROP_BIT(9);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_INVAL);
	msg->m2_props.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_BRS);
	msg->m2_props.pr_brs = 7;
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_INVAL);
	msg->m2_props.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_HOSTAUTH);
	msg->m2_props.pr_hostauth_len = 5;
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 64, &len),
			RPCRDMA_CE_INVAL);

	/* prefix 16 + count 4 + id 4 + len 4 + inner len 4 + 5 + pad 3 */
	msg->m2_props.pr_hostauth = auth;
	memset(buf, 0xa5, 64);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode(msg, buf, 39, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, 40);
	KUNIT_EXPECT_EQ(test, buf[0], 0xa5);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(msg, buf, 40, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, buf[37], 0);
	KUNIT_EXPECT_EQ(test, buf[39], 0);
	KUNIT_EXPECT_EQ(test, buf[40], 0xa5);
}

struct v2_seq_case {
	const char *name;
	u32 open;
	bool props_final;
	u32 htype;
	enum rpcrdma_codec_err err;
};

/* v2-07, Sections 6.3.3, 6.3.4, 6.3.6 and 6.3.9 */
static const struct v2_seq_case v2_seq_cases[] = {
	{ "nothing-open-call", 0, false, CALL_INL, RPCRDMA_CE_OK },
	{ "call-middle-then-middle", CALL_MID, true, CALL_MID, RPCRDMA_CE_OK },
	{ "call-middle-then-inline", CALL_MID, true, CALL_INL, RPCRDMA_CE_OK },
	{ "call-middle-then-external", CALL_MID, true, CALL_EXT,
	  RPCRDMA_CE_CONT },
	{ "call-middle-then-reply", CALL_MID, true, REPLY_INL,
	  RPCRDMA_CE_CONT },
	{ "call-middle-then-grant", CALL_MID, true, RPCRDMA2_GRANT,
	  RPCRDMA_CE_CONT },
	{ "reply-middle-then-inline", REPLY_MID, true, REPLY_INL,
	  RPCRDMA_CE_OK },
	{ "reply-middle-then-call", REPLY_MID, true, CALL_INL,
	  RPCRDMA_CE_CONT },
	{ "connprop-middle-then-final", MIDDLE, false, FINAL, RPCRDMA_CE_OK },
	{ "connprop-middle-then-call", MIDDLE, false, CALL_INL,
	  RPCRDMA_CE_CONT },
	{ "connprop-after-final", 0, true, MIDDLE, RPCRDMA_CE_CONT },
	{ "second-final", 0, true, FINAL, RPCRDMA_CE_CONT },
};

KUNIT_ARRAY_PARAM_DESC(v2_seq, v2_seq_cases, name);

static void rpcrdma_v2_sequence_test(struct kunit *test)
{
	const struct v2_seq_case *c = test->param_value;
	enum rpcrdma_codec_err err;

	err = rpcrdma_v2_check_sequence(c->open, c->props_final, c->htype);

	KUNIT_EXPECT_EQ(test, err, c->err);
	if (err)
		KUNIT_EXPECT_EQ(test, rpcrdma_v2_errcode(err),
				RPCRDMA2_ERR_INVAL_CONT);
}

static struct kunit_case rpcrdma_codec_v2_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_v2_valid_test, v2_valid_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_bad_test, v2_bad_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_error_init_test, v2_answer_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_sequence_test, v2_seq_gen_params),
	KUNIT_CASE(rpcrdma_v2_unknown_prop_test),
	KUNIT_CASE(rpcrdma_v2_duplicate_prop_test),
	KUNIT_CASE(rpcrdma_v2_connprop_exchange_test),
	KUNIT_CASE(rpcrdma_v2_continued_call_test),
	KUNIT_CASE(rpcrdma_v2_encode_refusals_test),
	{}
};

static struct kunit_suite rpcrdma_codec_v2_suite = {
	.name = "rpcrdma_codec_v2",
	.test_cases = rpcrdma_codec_v2_cases,
};

kunit_test_suite(rpcrdma_codec_v2_suite);
