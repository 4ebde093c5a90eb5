// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_v2_map: Version 2 headers to and from the
 * transports' Version 1 form, the control messages, the reading of the
 * answer to a client's first message and the flow-control arithmetic
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07").
 */

#include <linux/module.h>

#include "codec_kunit.h"

#define START		RPCRDMA2_DF_MSG_START

#define MSG		RPCRDMA1_MSG
#define NOMSG		RPCRDMA1_NOMSG

#define ERR		RPCRDMA2_ERROR
#define GRANT		RPCRDMA2_GRANT
#define FINAL		RPCRDMA2_CONNPROP_FINAL
#define CALL_EXT	RPCRDMA2_CALL_EXTERNAL
#define CALL_MID	RPCRDMA2_CALL_MIDDLE
#define CALL_INL	RPCRDMA2_CALL_INLINE
#define REPLY_EXT	RPCRDMA2_REPLY_EXTERNAL
#define REPLY_MID	RPCRDMA2_REPLY_MIDDLE
#define REPLY_INL	RPCRDMA2_REPLY_INLINE

/* Octets the tests fill output buffers with, to see what was written */
#define POISON		0xa5

/* Every octet of @buf[0..@len) still @POISON? */
static bool map_untouched(const u8 *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (buf[i] != POISON)
			return false;
	return true;
}

/* Decode @n words @w as a Version 2 message; the test stops if not */
static struct rpcrdma_v2_msg *map_decode(struct kunit *test, const u32 *w,
					 unsigned int n, unsigned int flags)
{
	struct rpcrdma_v2_msg *m2;
	u8 *buf;

	buf = codec_words(test, w, n);
	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, n * 4, CODEC_MAX_PAYLOAD,
						flags, m2),
			RPCRDMA_CE_OK);
	return m2;
}

/* A Version 1 form the mapping must not touch, poisoned */
static struct rpcrdma_v1_msg *map_poisoned_v1(struct kunit *test)
{
	struct rpcrdma_v1_msg *m1;

	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	memset(m1, POISON, sizeof(*m1));
	return m1;
}

/*
 * rpcrdma_v2_to_v1(): each RPC message header type, decoded, and the
 * Version 1 form it must become. @reads lists the expected Read list
 * as { position, handle } pairs, the Call chunk first (v2-07, Section
 * 4.5.1.2; RFC 8166, Section 3.5.3).
 */
struct map_case {
	const char *name;
	u32 w[CODEC_VEC_MAX_WORDS];
	unsigned int n;
	unsigned int flags;
	u32 proc;
	unsigned int hdr_words;
	unsigned int nreads;
	u32 reads[4][2];
	u32 nwrites;
	bool has_reply;
};

static const struct map_case map_cases[] = {
	{ .name = "call-inline-bare", .flags = START, .proc = MSG,
	  .hdr_words = 8,
	  VEC_WORDS(0x81, 2, 31, CALL_INL, 0, 0, 0, 0, 0x81, 0, 2, 100003) },
	{ .name = "call-inline-read-write-reply", .flags = START, .proc = MSG,
	  .hdr_words = 25, .nreads = 1, .reads = { { 16, 0x821 } },
	  .nwrites = 1, .has_reply = true,
	  VEC_WORDS(0x82, 2, 32, CALL_INL, 0x822,
		    1, 16, 0x821, 4096, 0, 0, 0,
		    1, 1, 0x822, 4096, 0, 0, 0,
		    1, 1, 0x823, 1024, 0, 0,
		    0x82, 0, 2, 100003) },
	{ .name = "call-inline-continued", .proc = MSG, .hdr_words = 8,
	  VEC_WORDS(0x89, 2, 7, CALL_INL, 0, 0, 0, 0, 7, 8) },
	{ .name = "call-external-call-chunk-only", .proc = NOMSG,
	  .hdr_words = 15, .nreads = 1, .reads = { { 0, 0x830 } },
	  VEC_WORDS(0x83, 2, 33, CALL_EXT, 0, 1, 0, 0x830, 512, 0, 0, 0,
		    0, 0, 0) },
	{ .name = "call-external-call-chunk-then-data", .proc = NOMSG,
	  .hdr_words = 32, .nreads = 3,
	  .reads = { { 0, 0x840 }, { 0, 0x841 }, { 8, 0x842 } },
	  .has_reply = true,
	  VEC_WORDS(0x84, 2, 34, CALL_EXT, 0x840,
		    1, 0, 0x840, 512, 0, 0, 1, 0, 0x841, 512, 0, 0x200, 0,
		    1, 8, 0x842, 4096, 0, 0, 0,
		    0,
		    1, 1, 0x843, 2048, 0, 0) },
	{ .name = "reply-inline-bare", .flags = START, .proc = MSG,
	  .hdr_words = 5,
	  VEC_WORDS(0x85, 2, 35, REPLY_INL, 0, 0x85, 1, 0, 0) },
	{ .name = "reply-inline-two-write-chunks", .flags = START, .proc = MSG,
	  .hdr_words = 21, .nwrites = 2,
	  VEC_WORDS(0x86, 2, 36, REPLY_INL, 1, 1, 0x860, 4096, 0, 0,
		    1, 2, 0x861, 100, 0, 0, 0x862, 200, 0, 0, 0,
		    0x86, 1, 0, 0) },
	{ .name = "reply-external-reply-chunk", .proc = NOMSG,
	  .hdr_words = 11, .has_reply = true,
	  VEC_WORDS(0x87, 2, 37, REPLY_EXT, 0, 1, 1, 0x870, 2000, 0, 0) },
	{ .name = "reply-external-write-and-reply", .proc = NOMSG,
	  .hdr_words = 21, .nwrites = 1, .has_reply = true,
	  VEC_WORDS(0x88, 2, 38, REPLY_EXT, 1, 1, 0x880, 8192, 0, 0, 0,
		    1, 2, 0x881, 100, 0, 0, 0x882, 50, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(map, map_cases, name);

static void rpcrdma_v2_to_v1_test(struct kunit *test)
{
	const struct map_case *c = test->param_value;
	struct rpcrdma_v2_msg *m2 = map_decode(test, c->w, c->n, c->flags);
	struct rpcrdma_v1_msg *m1 = map_poisoned_v1(test);
	const struct rpcrdma_read_list *rl = &m1->m1_chunks.ch_reads;
	const struct rpcrdma_write_chunk *w1, *w2;
	u32 i;

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_to_v1(m2, m1), RPCRDMA_CE_OK);

	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_xid, c->w[0]);
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_vers, RPCRDMA_VERSION_2);
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_credits, c->w[2]);
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_proc, c->proc);
	KUNIT_EXPECT_EQ(test, m1->m1_hdr_len, c->hdr_words * 4);
	KUNIT_EXPECT_EQ(test, m1->m1_msg_len,
			c->proc == MSG ? (c->n - c->hdr_words) * 4 : 0);
	KUNIT_EXPECT_EQ(test, m1->m1_error.e1_code, 0);
	KUNIT_ASSERT_EQ(test, rl->rl_nsegs, c->nreads);
	for (i = 0; i < c->nreads; i++) {
		KUNIT_EXPECT_EQ(test, rl->rl_segs[i].rr_position,
				c->reads[i][0]);
		KUNIT_EXPECT_EQ(test, rl->rl_segs[i].rr_seg.rs_handle,
				c->reads[i][1]);
	}
	KUNIT_ASSERT_EQ(test, m1->m1_chunks.ch_writes.wl_nchunks, c->nwrites);
	w1 = m1->m1_chunks.ch_writes.wl_chunks;
	w2 = m2->m2_chunks.ch_writes.wl_chunks;
	for (i = 0; i < c->nwrites; i++)
		KUNIT_EXPECT_TRUE(test, codec_chunk_equal(&w1[i], &w2[i]));
	KUNIT_ASSERT_EQ(test, m1->m1_chunks.ch_has_reply, c->has_reply);
	if (c->has_reply)
		KUNIT_EXPECT_TRUE(test,
				  codec_chunk_equal(&m1->m1_chunks.ch_reply,
						    &m2->m2_chunks.ch_reply));
	else	/* only the segments in use are copied, none are left over */
		KUNIT_EXPECT_EQ(test, m1->m1_chunks.ch_reply.wc_nsegs, 0);
}

/* Header types that carry no RPC message have no Version 1 form */
static const struct codec_vec map_refused[] = {
	{ .name = "error",
	  VEC_WORDS(0x71, 2, 32, ERR, RPCRDMA2_ERR_VERS, 1, 2) },
	{ .name = "grant", VEC_WORDS(0, 2, 32, GRANT) },
	{ .name = "connprop-final",
	  VEC_WORDS(0x72, 2, 32, FINAL, 1, 1, 4, 4096) },
	{ .name = "call-middle", .flags = START,
	  VEC_WORDS(0x73, 2, 32, CALL_MID, 4096, 0x73, 0, 2, 100003) },
	{ .name = "reply-middle", .flags = START,
	  VEC_WORDS(0x74, 2, 32, REPLY_MID, 100, 0x74, 1, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(map_refused, map_refused, name);

static void rpcrdma_v2_to_v1_refused_test(struct kunit *test)
{
	const struct codec_vec *v = test->param_value;
	struct rpcrdma_v2_msg *m2 = map_decode(test, v->w, v->n, v->flags);
	struct rpcrdma_v1_msg *m1 = map_poisoned_v1(test);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_to_v1(m2, m1), RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_TRUE(test, map_untouched((const u8 *)m1, sizeof(*m1)));
}

/*
 * The Call chunk and the data item Read chunks of a CALL_EXTERNAL
 * share the one Read list of the Version 1 form, so together they get
 * RPCRDMA_MAX_READ_SEGS segments at most.
 */
struct map_segs_case {
	const char *name;
	u32 ncall;
	u32 nreads;
	enum rpcrdma_codec_err err;
};

static const struct map_segs_case map_segs_cases[] = {
	{ "1-call-15-data", 1, 15, RPCRDMA_CE_OK },
	{ "15-call-1-data", 15, 1, RPCRDMA_CE_OK },
	{ "16-call-0-data", 16, 0, RPCRDMA_CE_OK },
	{ "8-call-8-data", 8, 8, RPCRDMA_CE_OK },
	{ "16-call-1-data", 16, 1, RPCRDMA_CE_READ_SEGS },
	{ "1-call-16-data", 1, 16, RPCRDMA_CE_READ_SEGS },
	{ "9-call-8-data", 9, 8, RPCRDMA_CE_READ_SEGS },
	{ "16-call-16-data", 16, 16, RPCRDMA_CE_READ_SEGS },
};

KUNIT_ARRAY_PARAM_DESC(map_segs, map_segs_cases, name);

static void rpcrdma_v2_to_v1_segments_test(struct kunit *test)
{
	const struct map_segs_case *c = test->param_value;
	struct rpcrdma_v2_msg *m2, *got;
	struct rpcrdma_v1_msg *m1, *saved;
	const struct rpcrdma_read_list *rl;
	size_t len, size = 1024;
	u8 *buf;
	u32 i;

	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	saved = kunit_kzalloc(test, sizeof(*saved), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, saved);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	m1 = map_poisoned_v1(test);
	memcpy(saved, m1, sizeof(*m1));
	m2->m2_prefix = (struct rpcrdma_prefix){ 0x75, 2, 32, CALL_EXT };
	m2->m2_call.rl_nsegs = c->ncall;
	for (i = 0; i < c->ncall; i++)
		m2->m2_call.rl_segs[i] = (struct rpcrdma_read_segment){
			.rr_seg = { 0x100 + i, 64, 0 }, .rr_position = 0 };
	m2->m2_chunks.ch_reads.rl_nsegs = c->nreads;
	for (i = 0; i < c->nreads; i++)
		m2->m2_chunks.ch_reads.rl_segs[i] =
			(struct rpcrdma_read_segment){
				.rr_seg = { 0x200 + i, 64, 0 },
				.rr_position = 8 };
	/* Only what rpcrdma_v2_decode() accepted is mapped */
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(m2, buf, size, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, 0,
						got),
			RPCRDMA_CE_OK);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_to_v1(got, m1), c->err);

	if (c->err) {
		KUNIT_EXPECT_MEMEQ(test, m1, saved, sizeof(*m1));
		return;
	}
	rl = &m1->m1_chunks.ch_reads;
	KUNIT_ASSERT_EQ(test, rl->rl_nsegs, c->ncall + c->nreads);
	for (i = 0; i < rl->rl_nsegs; i++) {
		bool in_call = i < c->ncall;

		KUNIT_EXPECT_EQ(test, rl->rl_segs[i].rr_position,
				in_call ? 0 : 8);
		KUNIT_EXPECT_EQ(test, rl->rl_segs[i].rr_seg.rs_handle,
				in_call ? 0x100 + i : 0x200 + i - c->ncall);
	}
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_proc, NOMSG);
	KUNIT_EXPECT_EQ(test, rpcrdma_read_list_nchunks(rl),
			1 + (c->nreads ? 1 : 0));
}

/*
 * rpcrdma_v2_encode_msg(): a header in the Version 1 form (@v1, the
 * words a Version 1 peer would send, header then RPC message) and the
 * Version 2 header it must become, word for word (@v2). The Version 2
 * header then decodes and maps back to the same chunks.
 */
struct enc_case {
	const char *name;
	bool call;
	u32 inv;
	u32 v1[48];
	unsigned int n1;
	unsigned int hdr1;
	u32 v2[48];
	unsigned int n2;
};

#define V1_WORDS(...) \
	.v1 = { __VA_ARGS__ }, .n1 = ARRAY_SIZE(((u32[]){ __VA_ARGS__ }))
#define V2_WORDS(...) \
	.v2 = { __VA_ARGS__ }, .n2 = ARRAY_SIZE(((u32[]){ __VA_ARGS__ }))

static const struct enc_case enc_cases[] = {
	/* v2-07, Section 6.3.7: rdma_inv_handle, Reads, Writes, Reply */
	{ .name = "call-inline-bare", .call = true, .hdr1 = 7,
	  V1_WORDS(0x91, 1, 16, MSG, 0, 0, 0, 0x91, 0, 2, 100003),
	  V2_WORDS(0x91, 2, 16, CALL_INL, 0, 0, 0, 0) },
	{ .name = "call-inline-chunks", .call = true, .inv = 0x923,
	  .hdr1 = 24,
	  V1_WORDS(0x92, 1, 16, MSG, 1, 16, 0x921, 4096, 0, 0x1000, 0,
		   1, 1, 0x923, 8192, 0, 0x2000, 0, 1, 1, 0x924, 1024, 0, 0,
		   0x92, 0, 2, 100003),
	  V2_WORDS(0x92, 2, 16, CALL_INL, 0x923,
		   1, 16, 0x921, 4096, 0, 0x1000, 0,
		   1, 1, 0x923, 8192, 0, 0x2000, 0,
		   1, 1, 0x924, 1024, 0, 0) },
	/* Section 6.3.5: rdma_inv_handle, rdma_call, Reads, Writes, Reply */
	{ .name = "call-external-bare", .call = true, .hdr1 = 13,
	  V1_WORDS(0x93, 1, 16, NOMSG, 1, 0, 0x931, 600, 0, 0, 0, 0, 0),
	  V2_WORDS(0x93, 2, 16, CALL_EXT, 0, 1, 0, 0x931, 600, 0, 0, 0,
		   0, 0, 0) },
	{ .name = "call-external-split", .call = true, .inv = 0x941,
	  .hdr1 = 36,
	  V1_WORDS(0x94, 1, 16, NOMSG, 1, 0, 0x941, 512, 0, 0,
		   1, 0, 0x942, 512, 0, 0x200, 1, 8, 0x943, 4096, 0, 0, 0,
		   1, 1, 0x944, 4096, 0, 0, 0, 1, 1, 0x945, 1024, 0, 0),
	  V2_WORDS(0x94, 2, 16, CALL_EXT, 0x941,
		   1, 0, 0x941, 512, 0, 0, 1, 0, 0x942, 512, 0, 0x200, 0,
		   1, 8, 0x943, 4096, 0, 0, 0,
		   1, 1, 0x944, 4096, 0, 0, 0,
		   1, 1, 0x945, 1024, 0, 0) },
	/* Section 6.3.10: Writes only; a Reply has no rdma_inv_handle */
	{ .name = "reply-inline-bare", .inv = 0x1234, .hdr1 = 7,
	  V1_WORDS(0x95, 1, 16, MSG, 0, 0, 0, 0x95, 1, 0, 0),
	  V2_WORDS(0x95, 2, 16, REPLY_INL, 0) },
	{ .name = "reply-inline-write-chunk", .hdr1 = 13,
	  V1_WORDS(0x96, 1, 16, MSG, 0, 1, 1, 0x961, 3000, 0, 0x3000, 0, 0,
		   0x96, 1, 0, 0),
	  V2_WORDS(0x96, 2, 16, REPLY_INL, 1, 1, 0x961, 3000, 0, 0x3000, 0) },
	/* Section 6.3.8: Writes, then the Reply chunk */
	{ .name = "reply-external-bare", .inv = 0x971, .hdr1 = 12,
	  V1_WORDS(0x97, 1, 16, NOMSG, 0, 0, 1, 1, 0x971, 700, 0, 0),
	  V2_WORDS(0x97, 2, 16, REPLY_EXT, 0, 1, 1, 0x971, 700, 0, 0) },
	{ .name = "reply-external-write-and-reply", .hdr1 = 22,
	  V1_WORDS(0x98, 1, 16, NOMSG, 0, 1, 2, 0x981, 4096, 0, 0,
		   0x982, 100, 0, 0x1000, 0, 1, 1, 0x983, 900, 0, 0),
	  V2_WORDS(0x98, 2, 16, REPLY_EXT, 1, 2, 0x981, 4096, 0, 0,
		   0x982, 100, 0, 0x1000, 0, 1, 1, 0x983, 900, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(enc, enc_cases, name);

static void rpcrdma_v2_encode_msg_test(struct kunit *test)
{
	const struct enc_case *c = test->param_value;
	size_t need = c->n2 * 4, rpc = (c->n1 - c->hdr1) * 4, len = 0;
	struct rpcrdma_v1_msg *m1, *back;
	struct rpcrdma_v2_msg *m2;
	u8 *in, *out, *wire;

	in = codec_words(test, c->v1, c->n1);
	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	back = kunit_kzalloc(test, sizeof(*back), GFP_KERNEL);
	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	out = kunit_kzalloc(test, need + 16, GFP_KERNEL);
	wire = kunit_kzalloc(test, need + rpc, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	KUNIT_ASSERT_NOT_NULL(test, back);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_ASSERT_NOT_NULL(test, wire);
	KUNIT_ASSERT_EQ(test, c->call ?
			rpcrdma_v1_decode_call(in, c->n1 * 4,
					       CODEC_MAX_PAYLOAD, m1) :
			rpcrdma_v1_decode_reply(in, c->n1 * 4,
						CODEC_MAX_PAYLOAD, m1),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_msg_size(m1, c->call), need);

	/* One octet short: nothing written, the size needed reported */
	memset(out, POISON, need + 16);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_msg(m1, c->call, c->inv, out,
						    need - 1, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, need);
	KUNIT_EXPECT_TRUE(test, map_untouched(out, need + 16));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_msg(m1, c->call, c->inv, out,
						    need, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, need);
	KUNIT_EXPECT_MEMEQ(test, out, codec_words(test, c->v2, c->n2), need);
	KUNIT_EXPECT_TRUE(test, map_untouched(out + need, 16));
	/* The caller's Version 1 form is left as it was */
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_vers, RPCRDMA_VERSION_1);

	/* The header, then the RPC message the caller places after it */
	memcpy(wire, out, need);
	memcpy(wire + need, in + c->hdr1 * 4, rpc);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(wire, need + rpc,
						CODEC_MAX_PAYLOAD, START, m2),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, m2->m2_prefix.px_proc, c->v2[3]);
	if (c->call)
		KUNIT_EXPECT_EQ(test, m2->m2_inv_handle, c->inv);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_to_v1(m2, back), RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, back->m1_prefix.px_xid, m1->m1_prefix.px_xid);
	KUNIT_EXPECT_EQ(test, back->m1_prefix.px_credits,
			m1->m1_prefix.px_credits);
	KUNIT_EXPECT_EQ(test, back->m1_prefix.px_proc, m1->m1_prefix.px_proc);
	KUNIT_EXPECT_EQ(test, back->m1_hdr_len, need);
	KUNIT_EXPECT_EQ(test, back->m1_msg_len, m1->m1_msg_len);
	KUNIT_EXPECT_TRUE(test, codec_chunks_equal(&back->m1_chunks,
						   &m1->m1_chunks));
}

/*
 * Version 1 forms that have no Version 2 encoding. @pos are the Read
 * segment positions; each Write chunk and the Reply chunk get @segs
 * segments.
 */
struct enc_bad_case {
	const char *name;
	bool call;
	u32 proc;
	unsigned int nreads;
	u32 pos[RPCRDMA_MAX_READ_SEGS + 1];
	u32 nwrites;
	bool has_reply;
	u32 segs;
};

static const struct enc_bad_case enc_bad_cases[] = {
	/* v2-07, Section 6.6.1.1: a Reply carries no Read list */
	{ "reply-inline-with-read-list", false, MSG, 1, { 16 } },
	{ "reply-external-with-read-list", false, NOMSG, 1, { 0 }, 0, true, 1 },
	/* Section 6.3.5: CALL_EXTERNAL needs its Call chunk */
	{ "call-external-without-reads", true, NOMSG, 0 },
	{ "call-external-data-chunk-only", true, NOMSG, 1, { 16 } },
	/* Section 6.3.7: CALL_INLINE has no position-zero Read chunk */
	{ "call-inline-position-zero", true, MSG, 1, { 0 } },
	{ "call-inline-position-zero-and-data", true, MSG, 2, { 0, 8 } },
	{ "call-rdma-error", true, RPCRDMA1_ERROR, 0 },
	{ "reply-rdma-msgp", false, RPCRDMA1_MSGP, 0 },
	{ "reply-rdma-done", false, RPCRDMA1_DONE, 0 },
	{ "call-17-read-segments", true, NOMSG, RPCRDMA_MAX_READ_SEGS + 1 },
	{ "reply-5-write-chunks", false, MSG, 0, {},
	  RPCRDMA_MAX_WRITE_CHUNKS + 1, false, 1 },
	{ "call-17-segment-reply-chunk", true, MSG, 0, {}, 0, true,
	  RPCRDMA_MAX_CHUNK_SEGS + 1 },
};

KUNIT_ARRAY_PARAM_DESC(enc_bad, enc_bad_cases, name);

static void rpcrdma_v2_encode_msg_inval_test(struct kunit *test)
{
	const struct enc_bad_case *c = test->param_value;
	struct rpcrdma_chunks *ch;
	struct rpcrdma_v1_msg *m1;
	size_t len, size = 2048;
	u32 i, j;
	u8 *buf;

	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	m1->m1_prefix = (struct rpcrdma_prefix){ 0x61, 1, 8, c->proc };
	ch = &m1->m1_chunks;
	ch->ch_reads.rl_nsegs = c->nreads;
	for (i = 0; i < c->nreads && i < RPCRDMA_MAX_READ_SEGS; i++)
		ch->ch_reads.rl_segs[i] = (struct rpcrdma_read_segment){
			.rr_seg = { 0x300 + i, 64, 0 },
			.rr_position = c->pos[i] };
	ch->ch_writes.wl_nchunks = c->nwrites;
	for (i = 0; i < c->nwrites && i < RPCRDMA_MAX_WRITE_CHUNKS; i++) {
		ch->ch_writes.wl_chunks[i].wc_nsegs = c->segs;
		for (j = 0; j < c->segs && j < RPCRDMA_MAX_CHUNK_SEGS; j++)
			ch->ch_writes.wl_chunks[i].wc_segs[j] =
				(struct rpcrdma_segment){ 0x400 + j, 64, 0 };
	}
	ch->ch_has_reply = c->has_reply;
	ch->ch_reply.wc_nsegs = c->has_reply ? c->segs : 0;
	memset(buf, POISON, size);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_msg(m1, c->call, 0, buf, size,
						    &len),
			RPCRDMA_CE_INVAL);
	/* Refused before the room is looked at */
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_msg(m1, c->call, 0, buf, 0,
						    &len),
			RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_msg_size(m1, c->call), 0);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, size));
}

/*
 * rpcrdma_v2_encode_error(): each rdma_err and its body (v2-07, Section
 * 6.3.1), byte for byte, and what rpcrdma_v2_decode() makes of it.
 */
struct err_enc_case {
	const char *name;
	struct rpcrdma_v2_error e;
	u32 w[8];
	unsigned int n;
};

#define ERRC(code)	.e2_code = RPCRDMA2_ERR_##code

static const struct err_enc_case err_enc_cases[] = {
	{ "vers", { ERRC(VERS), .e2_vers_low = 1, .e2_vers_high = 2 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_VERS, 1, 2 }, 7 },
	{ "bad-xdr", { ERRC(BAD_XDR) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_BAD_XDR }, 5 },
	{ "bad-propval", { ERRC(BAD_PROPVAL) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_BAD_PROPVAL }, 5 },
	{ "inval-htype", { ERRC(INVAL_HTYPE) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_INVAL_HTYPE }, 5 },
	{ "inval-cont", { ERRC(INVAL_CONT) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_INVAL_CONT }, 5 },
	{ "read-chunks", { ERRC(READ_CHUNKS), .e2_max = 4 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_READ_CHUNKS, 4 }, 6 },
	{ "write-chunks", { ERRC(WRITE_CHUNKS), .e2_max = 2 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_WRITE_CHUNKS, 2 }, 6 },
	{ "segments", { ERRC(SEGMENTS), .e2_max = 16 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_SEGMENTS, 16 }, 6 },
	{ "write-resource", { ERRC(WRITE_RESOURCE), .e2_chunk_index = 1,
			      .e2_length_needed = 8192 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_WRITE_RESOURCE, 1, 8192 }, 7 },
	{ "reply-resource", { ERRC(REPLY_RESOURCE), .e2_length_needed = 65536 },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_REPLY_RESOURCE, 65536 }, 6 },
	{ "vers-mismatch", { ERRC(VERS_MISMATCH) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_VERS_MISMATCH }, 5 },
	{ "system", { ERRC(SYSTEM) },
	  { 0x51, 2, 32, ERR, RPCRDMA2_ERR_SYSTEM }, 5 },
};

KUNIT_ARRAY_PARAM_DESC(err_enc, err_enc_cases, name);

static void rpcrdma_v2_encode_error_test(struct kunit *test)
{
	const struct err_enc_case *c = test->param_value;
	size_t need = c->n * 4, len = 0;
	struct rpcrdma_v2_msg *got;
	u8 *buf;

	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, need + 8, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, POISON, need + 8);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_error(0x51, 2, 32, &c->e, buf,
						      need - 1, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, need);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, need + 8));
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_error(0x51, 2, 32, &c->e, buf,
						      need, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, need);
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, c->w, c->n), need);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf + need, 8));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, 0,
						got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_xid, 0x51);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_credits, 32);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_proc, ERR);
	KUNIT_EXPECT_EQ(test, got->m2_hdr_len, need);
	KUNIT_EXPECT_MEMEQ(test, &got->m2_error, &c->e, sizeof(c->e));
}

/* An rdma_err this codec does not know is refused, nothing written */
static void rpcrdma_v2_encode_error_unknown_test(struct kunit *test)
{
	static const u32 codes[] = { 0, 12, 99, 101 };
	struct rpcrdma_v2_error e = { 0 };
	size_t len;
	unsigned int i;
	u8 *buf;

	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, POISON, 64);

	for (i = 0; i < ARRAY_SIZE(codes); i++) {
		e.e2_code = codes[i];
		KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_error(1, 2, 1, &e, buf,
							      64, &len),
				RPCRDMA_CE_INVAL);
	}
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, 64));
}

/*
 * v2-07, Section 7: RDMA2_ERROR echoes the rdma_vers it answers. With
 * version 1 echoed it is laid out as a Version 1 RDMA_ERROR, which is
 * what a client that sent Version 1 decodes.
 */
static void rpcrdma_v2_encode_error_echo_v1_test(struct kunit *test)
{
	struct rpcrdma_v2_error e = { .e2_code = RPCRDMA2_ERR_VERS,
				      .e2_vers_low = 2, .e2_vers_high = 2 };
	static const u32 w[] = { 0x52, 1, 5, ERR, RPCRDMA2_ERR_VERS, 2, 2 };
	struct rpcrdma_v2_msg *m2;
	struct rpcrdma_v1_msg *m1;
	size_t len;
	u8 *buf;

	m1 = kunit_kzalloc(test, sizeof(*m1), GFP_KERNEL);
	m2 = kunit_kzalloc(test, sizeof(*m2), GFP_KERNEL);
	buf = kunit_kzalloc(test, sizeof(w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m1);
	KUNIT_ASSERT_NOT_NULL(test, m2);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_error(0x52, 1, 5, &e, buf,
						      sizeof(w), &len),
			RPCRDMA_CE_OK);

	KUNIT_ASSERT_EQ(test, len, sizeof(w));
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, w, ARRAY_SIZE(w)),
			   len);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, 0,
						m2),
			RPCRDMA_CE_VERS);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reply(buf, len,
						      CODEC_MAX_PAYLOAD, m1),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, m1->m1_prefix.px_xid, 0x52);
	KUNIT_EXPECT_EQ(test, m1->m1_error.e1_code, RPCRDMA1_ERR_VERS);
	KUNIT_EXPECT_EQ(test, m1->m1_error.e1_vers_low, 2);
	KUNIT_EXPECT_EQ(test, m1->m1_error.e1_vers_high, 2);
}

/* RDMA2_GRANT is the prefix alone, rdma_xid zero (Section 6.3.2) */
static void rpcrdma_v2_encode_grant_test(struct kunit *test)
{
	static const u32 w[] = { 0, 2, 77, GRANT };
	struct rpcrdma_v2_msg *got;
	size_t len = 0;
	u8 *buf;

	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, 32, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, POISON, 32);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_grant(77, buf, 15, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, 16);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, 32));
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_grant(77, buf, 16, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, 16);
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, w, ARRAY_SIZE(w)), 16);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf + 16, 16));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, 0,
						got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_proc, GRANT);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_xid, 0);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_credits, 77);
	KUNIT_EXPECT_EQ(test, got->m2_hdr_len, 16);
}

/*
 * CALL_MIDDLE and REPLY_MIDDLE headers: prefix and rdma_remaining
 * (Sections 6.3.6 and 6.3.9), decoding back with the part after them;
 * no other header type, nothing written when the buffer is short.
 */
static void rpcrdma_v2_encode_middle_test(struct kunit *test)
{
	static const u32 call[] = { 0x11, 2, 9, CALL_MID, 100 };
	static const u32 reply[] = { 0x12, 2, 3, REPLY_MID, 0x10000 };
	struct rpcrdma_v2_msg *got;
	size_t len = 0;
	u8 *buf;

	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, POISON, 64);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_middle(0x11, 9, CALL_MID, 100,
						       buf, 19, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, 20);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_middle(0x11, 9, CALL_INL, 100,
						       buf, 64, &len),
			RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_middle(0x11, 9, GRANT, 100,
						       buf, 64, &len),
			RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, 64));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_middle(0x11, 9, CALL_MID, 100,
						       buf, 64, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, 20);
	KUNIT_EXPECT_MEMEQ(test, buf,
			   codec_words(test, call, ARRAY_SIZE(call)), 20);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf + 20, 44));
	/* The part: an RPC Call's first words, xid first (Section 6.3.6) */
	memcpy(buf + 20, codec_words(test, call, 1), 4);
	memset(buf + 24, 0, 4);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, 28, CODEC_MAX_PAYLOAD,
						START, got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_proc, CALL_MID);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_xid, 0x11);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_credits, 9);
	KUNIT_EXPECT_EQ(test, got->m2_remaining, 100);
	KUNIT_EXPECT_EQ(test, got->m2_hdr_len, 20);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_middle(0x12, 3, REPLY_MID,
						       0x10000, buf, 20, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_MEMEQ(test, buf,
			   codec_words(test, reply, ARRAY_SIZE(reply)), 20);
}

/*
 * RDMA2_CONNPROP_FINAL from its parts: the same octets rpcrdma_v2_encode()
 * makes of the whole message, and the properties decode back.
 */
static void rpcrdma_v2_encode_connprop_test(struct kunit *test)
{
	static const u8 token[] = { 's', 'e', 'r', 'v', 'e', 'r', '!' };
	struct rpcrdma_v2_msg *ref, *got;
	struct rpcrdma_v2_props *pr;
	size_t len = 0, rlen, size = 256;
	u8 *buf, *refbuf;

	ref = kunit_kzalloc(test, sizeof(*ref), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	refbuf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ref);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, refbuf);
	ref->m2_prefix = (struct rpcrdma_prefix){ 0x1357, 2, 64, FINAL };
	pr = &ref->m2_props;
	pr->pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_SBSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_BRS) |
			 RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_HOSTAUTH);
	pr->pr_sbsiz = 8192;
	pr->pr_rbsiz = 4096;
	pr->pr_brs = RPCRDMA2_RVRSDIR_SIMPLE;
	pr->pr_hostauth = token;
	pr->pr_hostauth_len = sizeof(token);
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode(ref, refbuf, size, &rlen),
			RPCRDMA_CE_OK);
	memset(buf, POISON, size);

	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_connprop(0x1357, 64, pr, buf,
							 rlen - 1, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, rlen);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, size));
	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_connprop(0x1357, 64, pr, buf,
							 rlen, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, rlen);
	KUNIT_EXPECT_MEMEQ(test, buf, refbuf, len);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf + len, size - len));

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_decode(buf, len, CODEC_MAX_PAYLOAD, 0,
						got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_xid, 0x1357);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_credits, 64);
	KUNIT_EXPECT_EQ(test, got->m2_prefix.px_proc, FINAL);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_present, pr->pr_present);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_default, 0);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_sbsiz, 8192);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_rbsiz, 4096);
	KUNIT_EXPECT_EQ(test, got->m2_props.pr_brs, RPCRDMA2_RVRSDIR_SIMPLE);
	KUNIT_ASSERT_EQ(test, got->m2_props.pr_hostauth_len, sizeof(token));
	KUNIT_EXPECT_MEMEQ(test, got->m2_props.pr_hostauth, token,
			   sizeof(token));
	/* This is the answer of a server that speaks Version 2 */
	KUNIT_EXPECT_EQ(test, rpcrdma_vers_answer(buf, len, 0x1357),
			RPCRDMA_ANSWER_V2);
}

/* An empty property set, and sets that cannot be encoded */
static void rpcrdma_v2_encode_connprop_refusals_test(struct kunit *test)
{
	static const u32 empty[] = { 9, 2, 3, FINAL, 0 };
	struct rpcrdma_v2_props pr = { 0 };
	size_t len;
	u8 *buf;

	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	KUNIT_ASSERT_EQ(test, rpcrdma_v2_encode_connprop(9, 3, &pr, buf, 64,
							 &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, sizeof(empty));
	KUNIT_EXPECT_MEMEQ(test, buf,
			   codec_words(test, empty, ARRAY_SIZE(empty)),
			   sizeof(empty));

	memset(buf, POISON, 64);
	pr.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_MAX + 1);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_connprop(9, 3, &pr, buf, 64,
							 &len),
			RPCRDMA_CE_INVAL);
	pr.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_BRS);
	pr.pr_brs = RPCRDMA2_RVRSDIR_GENL + 1;
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_connprop(9, 3, &pr, buf, 64,
							 &len),
			RPCRDMA_CE_INVAL);
	pr.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_HOSTAUTH);
	pr.pr_hostauth_len = 4;
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_encode_connprop(9, 3, &pr, buf, 64,
							 &len),
			RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_TRUE(test, map_untouched(buf, 64));
}

/*
 * rpcrdma_vers_answer(): what the client makes of the first message it
 * receives after its Version 2 CONNPROP with rdma_xid ANS_XID (v2-07,
 * Section 4.3). @len 0 means all @n words.
 */
#define ANS_XID		0x1357

struct answer_case {
	const char *name;
	u32 w[12];
	unsigned int n;
	size_t len;
	enum rpcrdma_vers_answer want;
};

#define ANS(...)	.w = { __VA_ARGS__ }, \
			.n = ARRAY_SIZE(((u32[]){ __VA_ARGS__ }))

static const struct answer_case answer_cases[] = {
	/* Section 4.3.1: the server answers in Version 2 */
	{ "v2-connprop-final", ANS(ANS_XID, 2, 64, FINAL, 1, 1, 4, 4096),
	  .want = RPCRDMA_ANSWER_V2 },
	{ "v2-connprop-final-other-xid", ANS(0x2468, 2, 64, FINAL, 0),
	  .want = RPCRDMA_ANSWER_V2 },
	{ "v2-grant", ANS(0, 2, 64, GRANT), .want = RPCRDMA_ANSWER_V2 },
	{ "v2-error-bad-xdr", ANS(ANS_XID, 2, 64, ERR, RPCRDMA2_ERR_BAD_XDR),
	  .want = RPCRDMA_ANSWER_V2 },
	/* Section 4.3.2; Linux echoes rdma_vers 2 in its ERR_VERS */
	{ "linux-err-vers-in-v2-header", ANS(ANS_XID, 2, 64, ERR, 1, 1, 1),
	  .want = RPCRDMA_ANSWER_V1 },
	{ "v1-err-vers-1-1", ANS(ANS_XID, 1, 64, ERR, 1, 1, 1),
	  .want = RPCRDMA_ANSWER_V1 },
	{ "v2-err-vers-1-2", ANS(ANS_XID, 2, 64, ERR, 1, 1, 2),
	  .want = RPCRDMA_ANSWER_V1 },
	{ "v1-err-vers-0-5", ANS(ANS_XID, 1, 64, ERR, 1, 0, 5),
	  .want = RPCRDMA_ANSWER_V1 },
	{ "v1-err-chunk", ANS(ANS_XID, 1, 64, ERR, RPCRDMA1_ERR_CHUNK),
	  .want = RPCRDMA_ANSWER_V1 },
	{ "v1-msg-our-xid", ANS(ANS_XID, 1, 64, MSG, 0, 0, 0, ANS_XID, 1, 0, 0),
	  .want = RPCRDMA_ANSWER_V1 },
	/* ERR_VERS naming neither version */
	{ "v2-err-vers-3-4", ANS(ANS_XID, 2, 64, ERR, 1, 3, 4),
	  .want = RPCRDMA_ANSWER_REFUSED },
	{ "v1-err-vers-3-4", ANS(ANS_XID, 1, 64, ERR, 1, 3, 4),
	  .want = RPCRDMA_ANSWER_REFUSED },
	{ "v1-err-vers-0-0", ANS(ANS_XID, 1, 64, ERR, 1, 0, 0),
	  .want = RPCRDMA_ANSWER_REFUSED },
	/* No answer to our message */
	{ "v2-err-vers-low-above-high", ANS(ANS_XID, 2, 64, ERR, 1, 2, 1),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "v1-err-vers-low-above-high", ANS(ANS_XID, 1, 64, ERR, 1, 1, 0),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "v1-err-vers-wrong-xid", ANS(ANS_XID + 2, 1, 64, ERR, 1, 1, 1),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "v1-msg-wrong-xid", ANS(0x99, 1, 64, MSG, 0, 0, 0, 0x99, 1, 0, 0),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "v2-err-vers-without-high", ANS(ANS_XID, 2, 64, ERR, 1, 1),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "v1-err-vers-without-range", ANS(ANS_XID, 1, 64, ERR, 1),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "short-prefix", ANS(ANS_XID, 2, 64, ERR, 1, 1, 1), .len = 15,
	  .want = RPCRDMA_ANSWER_NONE },
	{ "empty", .n = 0, .want = RPCRDMA_ANSWER_NONE },
	{ "vers-3-err-vers", ANS(ANS_XID, 3, 64, ERR, 1, 1, 1),
	  .want = RPCRDMA_ANSWER_NONE },
	{ "vers-3-grant", ANS(0, 3, 64, GRANT), .want = RPCRDMA_ANSWER_NONE },
	{ "vers-0", ANS(ANS_XID, 0, 64, MSG), .want = RPCRDMA_ANSWER_NONE },
};

KUNIT_ARRAY_PARAM_DESC(answer, answer_cases, name);

static void rpcrdma_vers_answer_test(struct kunit *test)
{
	const struct answer_case *c = test->param_value;
	size_t len = c->len ? c->len : c->n * 4;
	u8 *buf = codec_prefix_copy(test, codec_words(test, c->w, c->n), len);

	KUNIT_EXPECT_EQ(test, rpcrdma_vers_answer(buf, len, ANS_XID), c->want);
}

/*
 * Flow control (v2-07, Section 4.2.1): the send limit taken from a
 * received rdma_credit, and the window it leaves, modulo 2^32.
 */
struct flow_case {
	const char *name;
	u32 sent;
	u32 credit;
	u32 cap;
	u32 limit;
	u32 window;
};

static const struct flow_case flow_cases[] = {
	{ "first-grant", 0, 1, 32, 1, 1 },
	{ "within-cap", 10, 42, 64, 42, 32 },
	{ "exactly-cap", 10, 42, 32, 42, 32 },
	{ "far-ahead-clamped-to-cap", 10, 1000, 32, 42, 32 },
	{ "zero-window", 7, 7, 32, 7, 0 },
	{ "behind-by-one", 10, 9, 32, 9, 0 },
	{ "zero-grant", 5, 0, 32, 0, 0 },
	{ "cap-zero", 3, 10, 0, 3, 0 },
	{ "wraps-during-window", 0xfffffff0, 0x10, 64, 0x10, 0x20 },
	{ "sent-at-top", 0xffffffff, 0, 64, 0, 1 },
	{ "wraps-clamped", 0xfffffff0, 0x1000, 64, 0x30, 64 },
	{ "behind-across-wrap", 0x10, 0xfffffff0, 64, 0xfffffff0, 0 },
	{ "half-ahead-is-behind", 0, 0x80000000, 64, 0x80000000, 0 },
	{ "cap-above-credit-max", 100, 100 + RPCRDMA2_CREDIT_MAX, U32_MAX,
	  100 + RPCRDMA2_CREDIT_MAX, RPCRDMA2_CREDIT_MAX },
	{ "past-credit-max-clamped", 0x80000000, 0xffffffff, U32_MAX,
	  0x80000000 + RPCRDMA2_CREDIT_MAX, RPCRDMA2_CREDIT_MAX },
	{ "past-credit-max-wraps", 0x90000000, 0x0fffffff, U32_MAX,
	  0x90000000 + RPCRDMA2_CREDIT_MAX, RPCRDMA2_CREDIT_MAX },
};

KUNIT_ARRAY_PARAM_DESC(flow, flow_cases, name);

static void rpcrdma_v2_flow_test(struct kunit *test)
{
	const struct flow_case *c = test->param_value;
	u32 limit;

	limit = rpcrdma_v2_limit(c->sent, c->credit, c->cap);

	KUNIT_EXPECT_EQ(test, limit, c->limit);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(c->sent, limit), c->window);
}

/* The window alone, for limits rpcrdma_v2_limit() never returns too */
static void rpcrdma_v2_window_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(0, 0), 0);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(0, RPCRDMA2_CREDIT_MAX),
			RPCRDMA2_CREDIT_MAX);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(0, RPCRDMA2_CREDIT_MAX + 1), 0);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(0, RPCRDMA2_CREDIT_BEHIND), 0);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(0xfffffffe, 1), 3);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(1, 0xfffffffe), 0);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(5, 4), 0);
}

/*
 * A sender across the wrap: a grant of 8 from just below 2^32 is used
 * up one Send at a time, the next grant reopens the window, and a late
 * older value (behind what was sent) closes it again.
 */
static void rpcrdma_v2_flow_wrap_walk_test(struct kunit *test)
{
	u32 sent = 0xfffffffc, limit, i;

	limit = rpcrdma_v2_limit(sent, sent + 8, 8);
	KUNIT_ASSERT_EQ(test, limit, 4);
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(sent, limit), 8 - i);
		sent++;
	}
	KUNIT_EXPECT_EQ(test, sent, 4);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(sent, limit), 0);

	limit = rpcrdma_v2_limit(sent, sent + 2, 8);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(sent, limit), 2);
	limit = rpcrdma_v2_limit(sent, sent - 3, 8);
	KUNIT_EXPECT_EQ(test, limit, 1);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_window(sent, limit), 0);
}

static struct kunit_case rpcrdma_codec_v2_map_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_v2_to_v1_test, map_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_to_v1_refused_test,
			 map_refused_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_to_v1_segments_test, map_segs_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_encode_msg_test, enc_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_encode_msg_inval_test,
			 enc_bad_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_encode_error_test, err_enc_gen_params),
	KUNIT_CASE(rpcrdma_v2_encode_error_unknown_test),
	KUNIT_CASE(rpcrdma_v2_encode_error_echo_v1_test),
	KUNIT_CASE(rpcrdma_v2_encode_grant_test),
	KUNIT_CASE(rpcrdma_v2_encode_middle_test),
	KUNIT_CASE(rpcrdma_v2_encode_connprop_test),
	KUNIT_CASE(rpcrdma_v2_encode_connprop_refusals_test),
	KUNIT_CASE_PARAM(rpcrdma_vers_answer_test, answer_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v2_flow_test, flow_gen_params),
	KUNIT_CASE(rpcrdma_v2_window_test),
	KUNIT_CASE(rpcrdma_v2_flow_wrap_walk_test),
	{}
};

static struct kunit_suite rpcrdma_codec_v2_map_suite = {
	.name = "rpcrdma_codec_v2_map",
	.test_cases = rpcrdma_codec_v2_map_cases,
};

kunit_test_suite(rpcrdma_codec_v2_map_suite);
