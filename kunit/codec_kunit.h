/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the codec KUnit suites: test vectors written as
 * lists of XDR words, turned into exact-size big-endian buffers so that
 * KASAN (or ASan in userspace) sees any read past the end.
 */
#ifndef _RPCRDMA_CODEC_KUNIT_H
#define _RPCRDMA_CODEC_KUNIT_H

#include <kunit/test.h>

#include <rpcrdma/codec.h>

#define CODEC_VEC_MAX_WORDS	128

/* Largest chunk total the suites accept, like a 1 MiB rsize/wsize */
#define CODEC_MAX_PAYLOAD	(1024U * 1024U)

struct codec_vec {
	const char *name;
	u32 w[CODEC_VEC_MAX_WORDS];
	unsigned int n;			/* words in w[] */
	unsigned int hdr_words;		/* valid vectors: header length */
	unsigned int flags;		/* v2 decode flags */
	enum rpcrdma_codec_err err;	/* malformed vectors: expected */
};

#define VEC_WORDS(...) \
	.w = { __VA_ARGS__ }, .n = ARRAY_SIZE(((u32[]){ __VA_ARGS__ }))

/*
 * Vectors spell words out. Conventions used in them:
 *   prefix            xid, vers, credits (32), proc / htype
 *   Read list entry   1, position, handle, length, offset high, low
 *   segment           handle, length, offset high, offset low
 *   RPC Call start    xid, 0 (CALL), 2 (rpcvers), 100003 (NFS)
 *   RPC Reply start   xid, 1 (REPLY), 0 (MSG_ACCEPTED), 0
 */

/* Copy @n words of @w into a fresh buffer of exactly @n * 4 octets */
static inline u8 *codec_words(struct kunit *test, const u32 *w,
			      unsigned int n)
{
	u8 *buf = kunit_kzalloc(test, n ? n * 4 : 1, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < n; i++)
		put_unaligned_be32(w[i], buf + 4 * i);
	return buf;
}

/* A copy of the first @len octets of @src in an exact-size buffer */
static inline u8 *codec_prefix_copy(struct kunit *test, const u8 *src,
				    size_t len)
{
	u8 *buf = kunit_kzalloc(test, len ? len : 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, src, len);
	return buf;
}

/*
 * How codec_round_trip() drives one header version: decode @len octets
 * of @buf into @msg (the vector is test->param_value), encode @msg's
 * header into @out, and, where a decoded message points into its
 * buffer, make @again point where @msg does once their contents matched.
 */
struct codec_rt_ops {
	size_t msg_size;
	enum rpcrdma_codec_err (*decode)(struct kunit *test, const u8 *buf,
					 size_t len, void *msg);
	enum rpcrdma_codec_err (*encode)(const void *msg, u8 *out,
					 size_t size, size_t *len);
	void (*same_pointers)(struct kunit *test, const void *msg,
			      void *again);
};

/*
 * The check every valid vector gets: it decodes; its header re-encodes
 * to the same bytes; the re-encoded header (with the same RPC message
 * after it) decodes to the same structure; and every truncation of the
 * header fails, with RPCRDMA_CE_SHORT_PREFIX while the prefix is cut.
 * Returns the decoded message for the version's own field checks.
 */
static inline void *codec_round_trip(struct kunit *test,
				     const struct codec_rt_ops *ops)
{
	const struct codec_vec *v = test->param_value;
	size_t size = v->n * 4, hdr = v->hdr_words * 4, len, cut;
	void *msg, *again;
	u8 *buf, *out;

	buf = codec_words(test, v->w, v->n);
	out = kunit_kzalloc(test, size, GFP_KERNEL);
	msg = kunit_kzalloc(test, ops->msg_size, GFP_KERNEL);
	again = kunit_kzalloc(test, ops->msg_size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, again);

	KUNIT_ASSERT_EQ(test, ops->decode(test, buf, size, msg),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, ops->encode(msg, out, size, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, hdr);
	KUNIT_EXPECT_MEMEQ(test, out, buf, hdr);
	memcpy(out + hdr, buf + hdr, size - hdr);
	KUNIT_ASSERT_EQ(test, ops->decode(test, out, size, again),
			RPCRDMA_CE_OK);
	if (ops->same_pointers)
		ops->same_pointers(test, msg, again);
	KUNIT_EXPECT_MEMEQ(test, again, msg, ops->msg_size);

	for (cut = 0; cut < hdr; cut++) {
		u8 *part = codec_prefix_copy(test, buf, cut);
		enum rpcrdma_codec_err err;

		err = ops->decode(test, part, cut, again);
		KUNIT_EXPECT_NE(test, err, RPCRDMA_CE_OK);
		if (cut < RPCRDMA_PREFIX_SIZE)
			KUNIT_EXPECT_EQ(test, err, RPCRDMA_CE_SHORT_PREFIX);
	}
	return msg;
}

static inline bool codec_segs_equal(const struct rpcrdma_segment *a,
				    const struct rpcrdma_segment *b, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (a[i].rs_handle != b[i].rs_handle ||
		    a[i].rs_length != b[i].rs_length ||
		    a[i].rs_offset != b[i].rs_offset)
			return false;
	return true;
}

static inline bool codec_reads_equal(const struct rpcrdma_read_list *a,
				     const struct rpcrdma_read_list *b)
{
	u32 i;

	if (a->rl_nsegs != b->rl_nsegs)
		return false;
	for (i = 0; i < a->rl_nsegs; i++)
		if (a->rl_segs[i].rr_position != b->rl_segs[i].rr_position ||
		    !codec_segs_equal(&a->rl_segs[i].rr_seg,
				      &b->rl_segs[i].rr_seg, 1))
			return false;
	return true;
}

static inline bool codec_chunk_equal(const struct rpcrdma_write_chunk *a,
				     const struct rpcrdma_write_chunk *b)
{
	return a->wc_nsegs == b->wc_nsegs &&
	       codec_segs_equal(a->wc_segs, b->wc_segs, a->wc_nsegs);
}

/* Field-by-field comparison of two sets of chunk lists */
static inline bool codec_chunks_equal(const struct rpcrdma_chunks *a,
				      const struct rpcrdma_chunks *b)
{
	u32 i;

	if (!codec_reads_equal(&a->ch_reads, &b->ch_reads) ||
	    a->ch_writes.wl_nchunks != b->ch_writes.wl_nchunks ||
	    a->ch_has_reply != b->ch_has_reply)
		return false;
	for (i = 0; i < a->ch_writes.wl_nchunks; i++)
		if (!codec_chunk_equal(&a->ch_writes.wl_chunks[i],
				       &b->ch_writes.wl_chunks[i]))
			return false;
	return !a->ch_has_reply || codec_chunk_equal(&a->ch_reply, &b->ch_reply);
}

#endif /* _RPCRDMA_CODEC_KUNIT_H */
