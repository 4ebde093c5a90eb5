// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_v1: RPC-over-RDMA version 1 headers
 * (RFC 8166), valid shapes and malformed ones.
 */

#include <linux/module.h>

#include "codec_kunit.h"
#include <rpcrdma/reverse.h>

#define MSG	RPCRDMA1_MSG
#define NOMSG	RPCRDMA1_NOMSG

/*
 * Valid Calls, as a Responder receives them (RFC 8166, Sections 3.5
 * and 4.7 describe these shapes).
 */
static const struct codec_vec v1_call_valid[] = {
	{ .name = "msg-inline", .hdr_words = 7,
	  VEC_WORDS(0x11, 1, 32, MSG, 0, 0, 0, 0x11, 0, 2, 100003) },
	{ .name = "nomsg-position-zero-read-chunk", .hdr_words = 13,
	  VEC_WORDS(0x12, 1, 32, NOMSG, 1, 0, 0x100, 2048, 0, 0x1000, 0,
		    0, 0) },
	{ .name = "msg-read-data-chunk-at-end", .hdr_words = 13,
	  VEC_WORDS(0x13, 1, 32, MSG, 1, 16, 0x200, 8192, 0, 0x2000, 0, 0, 0,
		    0x13, 0, 2, 100003) },
	{ .name = "msg-read-chunk-two-segments", .hdr_words = 19,
	  VEC_WORDS(0x14, 1, 32, MSG, 1, 8, 0x201, 4096, 0, 0,
		    1, 8, 0x202, 4096, 0, 0x10000, 0, 0, 0,
		    0x14, 0, 2, 100003) },
	{ .name = "msg-two-read-chunks", .hdr_words = 19,
	  VEC_WORDS(0x15, 1, 32, MSG, 1, 8, 0x203, 1001, 0, 0,
		    1, 1016, 0x204, 500, 0, 0, 0, 0, 0, 0x15, 0, 2, 100003) },
	{ .name = "msg-write-chunk", .hdr_words = 17,
	  VEC_WORDS(0x16, 1, 32, MSG, 0, 1, 2, 0x300, 4096, 0, 0,
		    0x301, 4096, 0, 0x1000, 0, 0, 0x16, 0, 2, 100003) },
	{ .name = "msg-reply-chunk", .hdr_words = 12,
	  VEC_WORDS(0x17, 1, 32, MSG, 0, 0, 1, 1, 0x400, 65536, 0, 0,
		    0x17, 0, 2, 100003) },
	{ .name = "msg-write-chunk-and-reply-chunk", .hdr_words = 18,
	  VEC_WORDS(0x18, 1, 32, MSG, 0, 1, 1, 0x300, 1 << 20, 0, 0, 0,
		    1, 1, 0x400, 4096, 0, 0, 0x18, 0, 2, 100003) },
	{ .name = "nomsg-position-zero-and-data-chunk", .hdr_words = 19,
	  VEC_WORDS(0x19, 1, 32, NOMSG, 1, 0, 0x500, 100, 0, 0,
		    1, 100, 0x501, 4096, 0, 0, 0, 0, 0) },
	{ .name = "nomsg-position-zero-with-reply-chunk", .hdr_words = 18,
	  VEC_WORDS(0x1a, 1, 32, NOMSG, 1, 0, 0x502, 3000, 0, 0, 0, 0, 1, 1,
		    0x401, 8192, 0, 0) },
	{ .name = "msg-read-segments-at-limit", .hdr_words = 103,
	  VEC_WORDS(0x1b, 1, 32, MSG,
		    1, 4, 1, 8, 0, 0, 1, 4, 2, 8, 0, 0, 1, 4, 3, 8, 0, 0,
		    1, 4, 4, 8, 0, 0, 1, 8, 5, 8, 0, 0, 1, 8, 6, 8, 0, 0,
		    1, 8, 7, 8, 0, 0, 1, 8, 8, 8, 0, 0, 1, 12, 9, 8, 0, 0,
		    1, 12, 10, 8, 0, 0, 1, 12, 11, 8, 0, 0, 1, 12, 12, 8, 0, 0,
		    1, 16, 13, 8, 0, 0, 1, 16, 14, 8, 0, 0, 1, 16, 15, 8, 0, 0,
		    1, 16, 16, 8, 0, 0, 0, 0, 0, 0x1b, 0, 2, 100003) },
	{ .name = "msg-write-chunks-at-limit", .hdr_words = 31,
	  VEC_WORDS(0x1c, 1, 32, MSG, 0, 1, 1, 1, 10, 0, 0, 1, 1, 2, 10, 0, 0,
		    1, 1, 3, 10, 0, 0, 1, 1, 4, 10, 0, 0, 0, 0,
		    0x1c, 0, 2, 100003) },
	{ .name = "msg-chunk-segments-at-limit", .hdr_words = 73,
	  VEC_WORDS(0x1d, 1, 32, MSG, 0, 1, 16, 1, 1, 0, 0, 2, 1, 0, 0,
		    3, 1, 0, 0, 4, 1, 0, 0, 5, 1, 0, 0, 6, 1, 0, 0,
		    7, 1, 0, 0, 8, 1, 0, 0, 9, 1, 0, 0, 10, 1, 0, 0,
		    11, 1, 0, 0, 12, 1, 0, 0, 13, 1, 0, 0,
		    14, 1, 0, 0, 15, 1, 0, 0, 16, 1, 0, 0, 0, 0,
		    0x1d, 0, 2, 100003) },
	{ .name = "msg-segment-ends-at-top-of-address-space", .hdr_words = 13,
	  VEC_WORDS(0x1e, 1, 32, MSG, 1, 8, 0x600, 16, 0xffffffff, 0xfffffff0,
		    0, 0, 0, 0x1e, 0, 2, 100003) },
	/* An empty Write chunk: that result inline (RFC 8166, 4.3.2.3) */
	{ .name = "msg-empty-write-chunk", .hdr_words = 9,
	  VEC_WORDS(0x1f, 1, 32, MSG, 0, 1, 0, 0, 0, 0x1f, 0, 2, 100003) },
	{ .name = "msg-write-chunk-then-empty-write-chunk", .hdr_words = 15,
	  VEC_WORDS(0x10, 1, 32, MSG, 0, 1, 1, 0x300, 4096, 0, 0, 1, 0, 0,
		    0, 0x10, 0, 2, 100003) },
	{ .name = "nomsg-empty-write-chunk-and-reply-chunk", .hdr_words = 20,
	  VEC_WORDS(0x0f, 1, 32, NOMSG, 1, 0, 0x503, 3000, 0, 0, 0, 1, 0, 0,
		    1, 1, 0x402, 8192, 0, 0) },
};

KUNIT_ARRAY_PARAM_DESC(v1_call_valid, v1_call_valid, name);

/* Valid Replies, as a Requester receives them */
static const struct codec_vec v1_reply_valid[] = {
	{ .name = "msg-inline", .hdr_words = 7,
	  VEC_WORDS(0x21, 1, 32, MSG, 0, 0, 0, 0x21, 1, 0, 0) },
	{ .name = "nomsg-write-chunk-and-reply-chunk", .hdr_words = 18,
	  VEC_WORDS(0x22, 1, 32, NOMSG, 0, 1, 1, 0x300, 1000, 0, 0, 0, 1, 1,
		    0x400, 300, 0, 0) },
	{ .name = "nomsg-reply-chunk-two-segments", .hdr_words = 16,
	  VEC_WORDS(0x23, 1, 32, NOMSG, 0, 0, 1, 2, 0x401, 4096, 0, 0,
		    0x402, 12, 0, 0x8000) },
	{ .name = "msg-write-chunk", .hdr_words = 13,
	  VEC_WORDS(0x24, 1, 32, MSG, 0, 1, 1, 0x300, 4096, 0, 0, 0, 0,
		    0x24, 1, 0, 0) },
	{ .name = "msg-unused-write-chunk", .hdr_words = 13,
	  VEC_WORDS(0x25, 1, 32, MSG, 0, 1, 1, 0x300, 0, 0, 0, 0, 0,
		    0x25, 1, 0, 0) },
	/* Returned for an empty one offered (RFC 8166, Section 4.3.2.3) */
	{ .name = "msg-empty-write-chunk", .hdr_words = 9,
	  VEC_WORDS(0x28, 1, 32, MSG, 0, 1, 0, 0, 0, 0x28, 1, 0, 0) },
	{ .name = "error-err-vers", .hdr_words = 7,
	  VEC_WORDS(0x26, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_VERS, 1, 1) },
	{ .name = "error-err-chunk", .hdr_words = 5,
	  VEC_WORDS(0x27, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK) },
};

KUNIT_ARRAY_PARAM_DESC(v1_reply_valid, v1_reply_valid, name);

/*
 * Malformed Calls and the code each must produce. Fewer than 28 octets
 * (RPCRDMA1_HDR_MIN) are dropped before anything else in them is
 * parsed (RFC 8166, Section 4.5): RPCRDMA_CE_SHORT_HDR when rdma_vers
 * is 1, RPCRDMA_CE_SHORT_PREFIX below the prefix. Another version is
 * held to the prefix only and answered ERR_VERS (Section 4.5.1).
 */
static const struct codec_vec v1_call_bad[] = {
	{ .name = "empty", .n = 0, .err = RPCRDMA_CE_SHORT_PREFIX },
	{ .name = "three-words", VEC_WORDS(0x31, 1, 32),
	  .err = RPCRDMA_CE_SHORT_PREFIX },
	{ .name = "vers-3-20-octets", VEC_WORDS(0x31, 3, 32, MSG, 0),
	  .err = RPCRDMA_CE_VERS },
	/* Version 2 too (v2-07, Sections 4.3.2, 7) */
	{ .name = "vers-2-20-octets", VEC_WORDS(0x31, 2, 32, 7, 0),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "proc-5-24-octets", VEC_WORDS(0x31, 1, 32, 5, 0, 0),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "vers-0", VEC_WORDS(0x31, 0, 32, MSG, 0, 0, 0),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "vers-2", VEC_WORDS(0x31, 2, 32, MSG, 0, 0, 0),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "proc-5", VEC_WORDS(0x31, 1, 32, 5, 0, 0, 0),
	  .err = RPCRDMA_CE_PROC },
	{ .name = "proc-all-ones", VEC_WORDS(0x31, 1, 32, 0xffffffff, 0, 0, 0),
	  .err = RPCRDMA_CE_PROC },
	{ .name = "rdma-msgp", VEC_WORDS(0x31, 1, 32, RPCRDMA1_MSGP, 0, 0, 0),
	  .err = RPCRDMA_CE_DEPRECATED },
	/* RDMA_DONE is the prefix alone: too short, dropped as such */
	{ .name = "rdma-done", VEC_WORDS(0x31, 1, 32, RPCRDMA1_DONE),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "rdma-done-28-octets",
	  VEC_WORDS(0x31, 1, 32, RPCRDMA1_DONE, 0, 0, 0),
	  .err = RPCRDMA_CE_DONE },
	{ .name = "rdma-error-from-requester",
	  VEC_WORDS(0x31, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK, 0, 0),
	  .err = RPCRDMA_CE_UNEXPECTED },
	{ .name = "rdma-error-from-requester-20-octets",
	  VEC_WORDS(0x31, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_CHUNK),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "prefix-only", VEC_WORDS(0x31, 1, 32, MSG),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "read-discriminator-2",
	  VEC_WORDS(0x31, 1, 32, MSG, 2, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_DISCRIM },
	{ .name = "write-discriminator-7",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 7, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_DISCRIM },
	{ .name = "reply-discriminator-all-ones",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0, 0xffffffff, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_DISCRIM },
	{ .name = "read-segment-cut-after-handle",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 0x100),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "read-segment-cut-in-offset",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 0x100, 64, 0),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "write-list-missing",
	  VEC_WORDS(0x31, 1, 32, MSG, 0),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "write-chunk-count-missing",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "write-chunk-count-missing-after-read-chunk",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 8, 0, 0, 0, 1),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "write-chunk-fewer-segments-than-count",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1, 2, 1, 8, 0, 0),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "reply-chunk-missing",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0),
	  .err = RPCRDMA_CE_SHORT_HDR },
	{ .name = "reply-chunk-missing-after-empty-write-chunk",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1, 0, 0),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "write-chunk-17-segments",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1, 17, 1, 8, 0, 0),
	  .err = RPCRDMA_CE_CHUNK_SEGS },
	{ .name = "reply-chunk-huge-count",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0, 1, 0x40000000),
	  .err = RPCRDMA_CE_CHUNK_SEGS },
	{ .name = "reply-chunk-no-segments",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0, 1, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_ZERO_LENGTH },
	{ .name = "read-segment-zero-length",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 0, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_ZERO_LENGTH },
	{ .name = "17-read-segments",
	  VEC_WORDS(0x31, 1, 32, MSG,
		    1, 4, 1, 8, 0, 0, 1, 4, 2, 8, 0, 0, 1, 4, 3, 8, 0, 0,
		    1, 4, 4, 8, 0, 0, 1, 4, 5, 8, 0, 0, 1, 4, 6, 8, 0, 0,
		    1, 4, 7, 8, 0, 0, 1, 4, 8, 8, 0, 0, 1, 4, 9, 8, 0, 0,
		    1, 4, 10, 8, 0, 0, 1, 4, 11, 8, 0, 0, 1, 4, 12, 8, 0, 0,
		    1, 4, 13, 8, 0, 0, 1, 4, 14, 8, 0, 0, 1, 4, 15, 8, 0, 0,
		    1, 4, 16, 8, 0, 0, 1, 4, 17, 8, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_READ_SEGS },
	{ .name = "5-read-chunks",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 4, 1, 8, 0, 0, 1, 8, 2, 8, 0, 0,
		    1, 12, 3, 8, 0, 0, 1, 16, 4, 8, 0, 0, 1, 16 + 32, 5, 8, 0, 0,
		    0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_READ_CHUNKS },
	{ .name = "5-write-chunks",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1, 1, 1, 8, 0, 0, 1, 1, 2, 8, 0, 0,
		    1, 1, 3, 8, 0, 0, 1, 1, 4, 8, 0, 0, 1, 1, 5, 8, 0, 0,
		    0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_WRITE_CHUNKS },
	{ .name = "read-offset-plus-length-wraps",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 0x100, 0x20, 0xffffffff,
		    0xfffffff0, 0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_OVERFLOW },
	{ .name = "write-offset-plus-length-wraps",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 1, 1, 0x100, 2, 0xffffffff,
		    0xffffffff, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_OVERFLOW },
	{ .name = "read-position-not-aligned",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 6, 1, 8, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ALIGN },
	{ .name = "read-position-past-message",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 20, 1, 8, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_RANGE },
	{ .name = "second-chunk-past-stream",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 8, 0, 0, 1, 28, 2, 8, 0, 0,
		    0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_RANGE },
	{ .name = "read-positions-decrease",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 16, 1, 8, 0, 0, 1, 8, 2, 8, 0, 0,
		    0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ORDER },
	{ .name = "read-chunk-segments-disagree",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 8, 0, 0, 1, 12, 2, 8, 0, 0,
		    1, 8, 3, 8, 0, 0, 0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ORDER },
	{ .name = "msg-with-position-zero-chunk",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 0, 1, 8, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_POS_ZERO },
	{ .name = "nomsg-without-chunks",
	  VEC_WORDS(0x31, 1, 32, NOMSG, 0, 0, 0),
	  .err = RPCRDMA_CE_NO_BODY },
	{ .name = "nomsg-only-data-chunk",
	  VEC_WORDS(0x31, 1, 32, NOMSG, 1, 8, 1, 8, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_NO_BODY },
	{ .name = "read-chunk-over-max-payload",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 2 << 20, 0, 0, 0, 0, 0,
		    0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_TOO_LONG },
	{ .name = "read-segments-sum-over-max-payload",
	  VEC_WORDS(0x31, 1, 32, MSG, 1, 8, 1, 600 << 10, 0, 0,
		    1, 8, 2, 600 << 10, 0, 0, 0, 0, 0, 0x31, 0, 2, 100003),
	  .err = RPCRDMA_CE_TOO_LONG },
	{ .name = "msg-without-rpc-message",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0, 0),
	  .err = RPCRDMA_CE_SHORT_MSG },
	{ .name = "xid-mismatch",
	  VEC_WORDS(0x31, 1, 32, MSG, 0, 0, 0, 0x32, 0, 2, 100003),
	  .err = RPCRDMA_CE_XID },
};

KUNIT_ARRAY_PARAM_DESC(v1_call_bad, v1_call_bad, name);

/* Malformed Replies and the code each must produce */
static const struct codec_vec v1_reply_bad[] = {
	{ .name = "vers-2", VEC_WORDS(0x41, 2, 32, MSG, 0, 0, 0,
				      0x41, 1, 0, 0),
	  .err = RPCRDMA_CE_VERS },
	{ .name = "read-list-in-reply",
	  VEC_WORDS(0x41, 1, 32, MSG, 1, 8, 1, 8, 0, 0, 0, 0, 0,
		    0x41, 1, 0, 0),
	  .err = RPCRDMA_CE_READS_IN_REPLY },
	{ .name = "nomsg-without-reply-chunk",
	  VEC_WORDS(0x41, 1, 32, NOMSG, 0, 1, 1, 1, 8, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_NO_BODY },
	{ .name = "write-chunk-over-max-payload",
	  VEC_WORDS(0x41, 1, 32, MSG, 0, 1, 2, 1, 1 << 20, 0, 0,
		    2, 1, 0, 0, 0, 0, 0x41, 1, 0, 0),
	  .err = RPCRDMA_CE_TOO_LONG },
	{ .name = "reply-chunk-over-max-payload",
	  VEC_WORDS(0x41, 1, 32, NOMSG, 0, 0, 1, 1, 1, 0xffffffff, 0, 0),
	  .err = RPCRDMA_CE_TOO_LONG },
	{ .name = "xid-mismatch",
	  VEC_WORDS(0x41, 1, 32, MSG, 0, 0, 0, 0x42, 1, 0, 0),
	  .err = RPCRDMA_CE_XID },
	{ .name = "error-without-code",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_ERROR),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "err-vers-without-high",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_VERS, 1),
	  .err = RPCRDMA_CE_SHORT },
	{ .name = "err-vers-low-above-high",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_ERROR, RPCRDMA1_ERR_VERS, 2, 1),
	  .err = RPCRDMA_CE_ERR_BODY },
	{ .name = "error-code-unknown",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_ERROR, 3),
	  .err = RPCRDMA_CE_ERR_UNKNOWN },
	/* A Requester has no 28-octet bound: ERR_CHUNK is 20 octets */
	{ .name = "rdma-done",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_DONE),
	  .err = RPCRDMA_CE_DONE },
	{ .name = "rdma-msgp",
	  VEC_WORDS(0x41, 1, 32, RPCRDMA1_MSGP, 0, 0, 0, 0, 0),
	  .err = RPCRDMA_CE_DEPRECATED },
	{ .name = "reply-chunk-no-segments",
	  VEC_WORDS(0x41, 1, 32, NOMSG, 0, 0, 1, 0),
	  .err = RPCRDMA_CE_ZERO_LENGTH },
};

KUNIT_ARRAY_PARAM_DESC(v1_reply_bad, v1_reply_bad, name);

static enum rpcrdma_codec_err v1_decode(bool reply, const u8 *buf,
					size_t len, struct rpcrdma_v1_msg *msg)
{
	if (reply)
		return rpcrdma_v1_decode_reply(buf, len, CODEC_MAX_PAYLOAD,
					       msg);
	return rpcrdma_v1_decode_call(buf, len, CODEC_MAX_PAYLOAD, msg);
}

static enum rpcrdma_codec_err v1_call_rt_decode(struct kunit *test,
						const u8 *buf, size_t len,
						void *msg)
{
	return v1_decode(false, buf, len, msg);
}

static enum rpcrdma_codec_err v1_reply_rt_decode(struct kunit *test,
						 const u8 *buf, size_t len,
						 void *msg)
{
	return v1_decode(true, buf, len, msg);
}

static enum rpcrdma_codec_err v1_rt_encode(const void *msg, u8 *out,
					   size_t size, size_t *len)
{
	return rpcrdma_v1_encode(msg, out, size, len);
}

static const struct codec_rt_ops v1_call_rt = {
	.msg_size	= sizeof(struct rpcrdma_v1_msg),
	.decode		= v1_call_rt_decode,
	.encode		= v1_rt_encode,
};

static const struct codec_rt_ops v1_reply_rt = {
	.msg_size	= sizeof(struct rpcrdma_v1_msg),
	.decode		= v1_reply_rt_decode,
	.encode		= v1_rt_encode,
};

/* The round trip, then the header and RPC message lengths */
static void v1_valid_check(struct kunit *test, bool reply)
{
	const struct codec_vec *v = test->param_value;
	size_t size = v->n * 4, hdr = v->hdr_words * 4;
	struct rpcrdma_v1_msg *msg;

	msg = codec_round_trip(test, reply ? &v1_reply_rt : &v1_call_rt);
	KUNIT_EXPECT_EQ(test, msg->m1_hdr_len, hdr);
	KUNIT_EXPECT_EQ(test, msg->m1_msg_len,
			msg->m1_prefix.px_proc == MSG ? size - hdr : 0);
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_hdr_size(msg), hdr);
}

static void rpcrdma_v1_call_valid_test(struct kunit *test)
{
	v1_valid_check(test, false);
}

static void rpcrdma_v1_reply_valid_test(struct kunit *test)
{
	v1_valid_check(test, true);
}

static void v1_bad_check(struct kunit *test, bool reply)
{
	const struct codec_vec *v = test->param_value;
	struct rpcrdma_v1_msg *msg;
	enum rpcrdma_codec_err err;
	u8 *buf;

	buf = codec_words(test, v->w, v->n);
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);

	err = v1_decode(reply, buf, v->n * 4, msg);

	KUNIT_EXPECT_EQ(test, err, v->err);
	KUNIT_EXPECT_STREQ(test, rpcrdma_codec_err_name(err),
			   rpcrdma_codec_err_name(v->err));
}

static void rpcrdma_v1_call_bad_test(struct kunit *test)
{
	v1_bad_check(test, false);
}

static void rpcrdma_v1_reply_bad_test(struct kunit *test)
{
	v1_bad_check(test, true);
}

/* A Requester builds a Call header from scratch, a Responder reads it */
static void rpcrdma_v1_client_call_test(struct kunit *test)
{
	static const u32 rpc[] = { 0xabc, 0, 2, 100003 };
	struct rpcrdma_v1_msg *call, *got;
	struct rpcrdma_chunks *ch;
	size_t len, size = 256;
	u8 *buf;

	call = kunit_kzalloc(test, sizeof(*call), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, call);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	call->m1_prefix = (struct rpcrdma_prefix){ 0xabc, 1, 16, MSG };
	ch = &call->m1_chunks;
	ch->ch_reads.rl_nsegs = 1;
	ch->ch_reads.rl_segs[0] = (struct rpcrdma_read_segment){
		.rr_seg = { 0x77, 65536, 0x123456789ULL }, .rr_position = 16 };
	ch->ch_writes.wl_nchunks = 1;
	ch->ch_writes.wl_chunks[0].wc_nsegs = 1;
	ch->ch_writes.wl_chunks[0].wc_segs[0] =
		(struct rpcrdma_segment){ 0x78, 4096, 0x2000 };
	ch->ch_has_reply = true;
	ch->ch_reply.wc_nsegs = 1;
	ch->ch_reply.wc_segs[0] = (struct rpcrdma_segment){ 0x79, 1024, 0 };

	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(call, buf, size, &len),
			RPCRDMA_CE_OK);
	memcpy(buf + len, codec_words(test, rpc, 4), 16);

	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_call(buf, len + 16,
						     CODEC_MAX_PAYLOAD, got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m1_hdr_len, len);
	KUNIT_EXPECT_EQ(test, got->m1_msg_len, 16);
	KUNIT_EXPECT_TRUE(test, codec_chunks_equal(&got->m1_chunks, ch));
	KUNIT_EXPECT_EQ(test, rpcrdma_read_list_nchunks(&got->m1_chunks.ch_reads),
			1);
}

/*
 * A Responder answers a Call that offered a Write chunk and a Reply
 * chunk: the Write list carries the length actually written and the
 * Reply chunk the part used (RFC 8166, Sections 3.4.6 and 4.3.3).
 */
static void rpcrdma_v1_server_reply_test(struct kunit *test)
{
	static const u32 call_words[] = {
		0x99, 1, 32, MSG, 0, 1, 1, 0x300, 8192, 0, 0, 0, 1, 1,
		0x400, 4096, 0, 0, 0x99, 0, 2, 100003
	};
	struct rpcrdma_v1_msg *call, *reply, *got;
	size_t len, size = 256;
	u8 *buf, *in;

	in = codec_words(test, call_words, ARRAY_SIZE(call_words));
	call = kunit_kzalloc(test, sizeof(*call), GFP_KERNEL);
	reply = kunit_kzalloc(test, sizeof(*reply), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, call);
	KUNIT_ASSERT_NOT_NULL(test, reply);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_call(in, sizeof(call_words),
						     CODEC_MAX_PAYLOAD, call),
			RPCRDMA_CE_OK);

	reply->m1_prefix = call->m1_prefix;
	reply->m1_prefix.px_proc = NOMSG;
	reply->m1_chunks.ch_writes = call->m1_chunks.ch_writes;
	reply->m1_chunks.ch_writes.wl_chunks[0].wc_segs[0].rs_length = 5000;
	reply->m1_chunks.ch_has_reply = true;
	reply->m1_chunks.ch_reply = call->m1_chunks.ch_reply;
	reply->m1_chunks.ch_reply.wc_segs[0].rs_length = 180;
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(reply, buf, size, &len),
			RPCRDMA_CE_OK);

	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reply(buf, len,
						      CODEC_MAX_PAYLOAD, got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, got->m1_prefix.px_xid, 0x99);
	KUNIT_EXPECT_EQ(test, got->m1_chunks.ch_writes.wl_nchunks, 1);
	KUNIT_EXPECT_EQ(test, rpcrdma_write_chunk_length(&got->m1_chunks.ch_writes.wl_chunks[0]),
			5000);
	KUNIT_EXPECT_EQ(test, rpcrdma_write_chunk_length(&got->m1_chunks.ch_reply),
			180);
	KUNIT_EXPECT_EQ(test, got->m1_chunks.ch_reply.wc_segs[0].rs_handle,
			0x400);
}

/*
 * A Call offering three Write chunks, the second one empty: the Reply
 * returns all three in the same positions (RFC 8166, Sections 4.3.2.1
 * to 4.3.2.3), the first with the length written, the second empty (its
 * result went inline), the third unused (its segments, lengths zero).
 */
static void rpcrdma_v1_server_reply_empty_chunk_test(struct kunit *test)
{
	static const u32 call_words[] = {
		0x9a, 1, 32, MSG, 0,
		1, 1, 0x300, 8192, 0, 0,
		1, 0,
		1, 2, 0x301, 4096, 0, 0x1000, 0x302, 4096, 0, 0x2000,
		0, 0, 0x9a, 0, 2, 100003
	};
	static const u32 reply_words[] = {
		0x9a, 1, 32, MSG, 0,
		1, 1, 0x300, 5000, 0, 0,
		1, 0,
		1, 2, 0x301, 0, 0, 0x1000, 0x302, 0, 0, 0x2000,
		0, 0
	};
	struct rpcrdma_v1_msg *call, *reply, *got;
	struct rpcrdma_write_list *wl;
	size_t len, size = 256;
	u8 *buf, *in;

	in = codec_words(test, call_words, ARRAY_SIZE(call_words));
	call = kunit_kzalloc(test, sizeof(*call), GFP_KERNEL);
	reply = kunit_kzalloc(test, sizeof(*reply), GFP_KERNEL);
	got = kunit_kzalloc(test, sizeof(*got), GFP_KERNEL);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, call);
	KUNIT_ASSERT_NOT_NULL(test, reply);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_call(in, sizeof(call_words),
						     CODEC_MAX_PAYLOAD, call),
			RPCRDMA_CE_OK);
	wl = &call->m1_chunks.ch_writes;
	KUNIT_ASSERT_EQ(test, wl->wl_nchunks, 3);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[0].wc_nsegs, 1);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[1].wc_nsegs, 0);
	KUNIT_EXPECT_EQ(test, wl->wl_chunks[2].wc_nsegs, 2);
	KUNIT_EXPECT_EQ(test, call->m1_hdr_len, 25 * 4);

	reply->m1_prefix = call->m1_prefix;
	reply->m1_chunks.ch_writes = *wl;
	wl = &reply->m1_chunks.ch_writes;
	wl->wl_chunks[0].wc_segs[0].rs_length = 5000;
	wl->wl_chunks[2].wc_segs[0].rs_length = 0;
	wl->wl_chunks[2].wc_segs[1].rs_length = 0;
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(reply, buf, size, &len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, sizeof(reply_words));
	KUNIT_EXPECT_MEMEQ(test, buf,
			   codec_words(test, reply_words,
				       ARRAY_SIZE(reply_words)), len);

	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reply(buf, len,
						      CODEC_MAX_PAYLOAD, got),
			RPCRDMA_CE_SHORT_MSG);
	memcpy(buf + len, in + call->m1_hdr_len, 16);
	put_unaligned_be32(1, buf + len + 4);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_decode_reply(buf, len + 16,
						      CODEC_MAX_PAYLOAD, got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_TRUE(test, codec_chunks_equal(&got->m1_chunks,
						   &reply->m1_chunks));
}

/*
 * RFC 8166, Section 4.5: a Responder discards a Version 1 message
 * shorter than 28 octets before parsing it, whatever it holds; at 28
 * octets the header is parsed (and this one answered). A Requester
 * reads the 20-octet ERR_CHUNK all the same.
 */
static void rpcrdma_v1_short_header_test(struct kunit *test)
{
	static const u32 w[] = { 0x61, 1, 32, NOMSG, 0, 0, 0 };
	static const u32 err_chunk[] = { 0x62, 1, 32, RPCRDMA1_ERROR,
					 RPCRDMA1_ERR_CHUNK };
	enum rpcrdma_codec_action act;
	enum rpcrdma_reverse_class rev;
	struct rpcrdma_v1_msg *msg;
	enum rpcrdma_codec_err err;
	size_t cut;
	u8 *buf;

	buf = codec_words(test, w, ARRAY_SIZE(w));
	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_EQ(test, sizeof(w), RPCRDMA1_HDR_MIN);

	for (cut = 0; cut < RPCRDMA1_HDR_MIN; cut++) {
		u8 *part = codec_prefix_copy(test, buf, cut);

		err = rpcrdma_v1_decode_call(part, cut, CODEC_MAX_PAYLOAD,
					     msg);
		act = rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER);
		KUNIT_EXPECT_EQ_MSG(test, err,
				    cut < RPCRDMA_PREFIX_SIZE ?
				    RPCRDMA_CE_SHORT_PREFIX :
				    RPCRDMA_CE_SHORT_HDR, "length %zu", cut);
		KUNIT_EXPECT_EQ_MSG(test, act, RPCRDMA_ACT_DROP,
				    "length %zu", cut);
		/* Nothing was read, not even the xid */
		KUNIT_EXPECT_EQ_MSG(test, msg->m1_prefix.px_xid, 0,
				    "length %zu", cut);
		err = rpcrdma_v1_decode_responder(part, cut, CODEC_MAX_PAYLOAD,
						  msg, &rev);
		act = rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER);
		KUNIT_EXPECT_EQ_MSG(test, act, RPCRDMA_ACT_DROP,
				    "length %zu", cut);
		KUNIT_EXPECT_EQ(test, rev, RPCRDMA_REV_FORWARD);
	}

	/* 28 octets: parsed; an RDMA_NOMSG without chunks is answered */
	err = rpcrdma_v1_decode_call(buf, sizeof(w), CODEC_MAX_PAYLOAD, msg);
	KUNIT_EXPECT_EQ(test, err, RPCRDMA_CE_NO_BODY);
	KUNIT_EXPECT_EQ(test, rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER),
			RPCRDMA_ACT_ERR_CHUNK);
	KUNIT_EXPECT_EQ(test, msg->m1_prefix.px_xid, 0x61);

	buf = codec_words(test, err_chunk, ARRAY_SIZE(err_chunk));
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_decode_reply(buf, sizeof(err_chunk),
						      CODEC_MAX_PAYLOAD, msg),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, msg->m1_error.e1_code, RPCRDMA1_ERR_CHUNK);
}

/* Too small a buffer: nothing written, the needed size reported */
static void rpcrdma_v1_encode_nospace_test(struct kunit *test)
{
	struct rpcrdma_v1_msg *msg;
	size_t len = 0, i;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	msg->m1_prefix = (struct rpcrdma_prefix){ 1, 1, 1, NOMSG };
	msg->m1_chunks.ch_has_reply = true;
	msg->m1_chunks.ch_reply.wc_nsegs = 1;
	memset(buf, 0xa5, 64);

	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 47, &len),
			RPCRDMA_CE_NOSPACE);
	KUNIT_EXPECT_EQ(test, len, 48);
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ(test, buf[i], 0xa5);
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 48, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, 48);
	KUNIT_EXPECT_EQ(test, buf[48], 0xa5);
}

/* Structures that cannot be encoded are refused, not overrun */
static void rpcrdma_v1_encode_inval_test(struct kunit *test)
{
	struct rpcrdma_v1_msg *msg;
	size_t len;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	buf = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	msg->m1_prefix = (struct rpcrdma_prefix){ 1, 1, 1, MSG };
	msg->m1_chunks.ch_reads.rl_nsegs = RPCRDMA_MAX_READ_SEGS + 1;
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 4096, &len),
			RPCRDMA_CE_INVAL);
	msg->m1_chunks.ch_reads.rl_nsegs = 0;
	msg->m1_chunks.ch_writes.wl_nchunks = RPCRDMA_MAX_WRITE_CHUNKS + 1;
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 4096, &len),
			RPCRDMA_CE_INVAL);
	msg->m1_chunks.ch_writes.wl_nchunks = 0;
	msg->m1_chunks.ch_has_reply = true;
	msg->m1_chunks.ch_reply.wc_nsegs = RPCRDMA_MAX_CHUNK_SEGS + 1;
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 4096, &len),
			RPCRDMA_CE_INVAL);
	msg->m1_prefix.px_proc = RPCRDMA1_MSGP;
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 4096, &len),
			RPCRDMA_CE_INVAL);
	msg->m1_prefix.px_proc = RPCRDMA1_ERROR;
	msg->m1_error.e1_code = 3;
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_encode(msg, buf, 4096, &len),
			RPCRDMA_CE_INVAL);
	KUNIT_EXPECT_EQ(test, rpcrdma_v1_hdr_size(msg), 0);
}

/* The RDMA_ERROR a Responder sends for a bad Call, byte for byte */
static void rpcrdma_v1_error_init_test(struct kunit *test)
{
	static const u32 vers[] = { 7, 1, 32, RPCRDMA1_ERROR, 1, 1, 1 };
	static const u32 chunk[] = { 8, 1, 32, RPCRDMA1_ERROR, 2 };
	struct rpcrdma_v1_msg *msg;
	size_t len;
	u8 *buf;

	msg = kunit_kzalloc(test, sizeof(*msg), GFP_KERNEL);
	buf = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	rpcrdma_v1_error_init(msg, 7, 32, RPCRDMA_CE_VERS);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(msg, buf, 64, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, sizeof(vers));
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, vers, 7), len);

	rpcrdma_v1_error_init(msg, 8, 32, RPCRDMA_CE_POS_RANGE);
	KUNIT_ASSERT_EQ(test, rpcrdma_v1_encode(msg, buf, 64, &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_EQ(test, len, sizeof(chunk));
	KUNIT_EXPECT_MEMEQ(test, buf, codec_words(test, chunk, 5), len);
}

static struct kunit_case rpcrdma_codec_v1_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_v1_call_valid_test, v1_call_valid_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v1_reply_valid_test,
			 v1_reply_valid_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v1_call_bad_test, v1_call_bad_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_v1_reply_bad_test, v1_reply_bad_gen_params),
	KUNIT_CASE(rpcrdma_v1_client_call_test),
	KUNIT_CASE(rpcrdma_v1_server_reply_test),
	KUNIT_CASE(rpcrdma_v1_server_reply_empty_chunk_test),
	KUNIT_CASE(rpcrdma_v1_short_header_test),
	KUNIT_CASE(rpcrdma_v1_encode_nospace_test),
	KUNIT_CASE(rpcrdma_v1_encode_inval_test),
	KUNIT_CASE(rpcrdma_v1_error_init_test),
	{}
};

static struct kunit_suite rpcrdma_codec_v1_suite = {
	.name = "rpcrdma_codec_v1",
	.test_cases = rpcrdma_codec_v1_cases,
};

kunit_test_suite(rpcrdma_codec_v1_suite);
