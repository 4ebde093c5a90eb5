// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_codec_err: what each codec error tells its
 * receiver to do, in each role, and the RDMA2_ERR_* it answers with.
 */

#include <linux/module.h>

#include "codec_kunit.h"

struct err_case {
	const char *name;
	enum rpcrdma_codec_err err;
	enum rpcrdma_codec_action responder;
	enum rpcrdma_codec_action requester;
	u32 v2code;
};

#define ANSWER	RPCRDMA_ACT_ERR_CHUNK
#define CLOSE	RPCRDMA_ACT_CLOSE
#define DROP	RPCRDMA_ACT_DROP

static const struct err_case err_cases[] = {
	{ "ok", RPCRDMA_CE_OK, RPCRDMA_ACT_NONE, RPCRDMA_ACT_NONE,
	  RPCRDMA2_ERR_SYSTEM },
	{ "short-prefix", RPCRDMA_CE_SHORT_PREFIX, DROP, DROP,
	  RPCRDMA2_ERR_BAD_XDR },
	{ "vers", RPCRDMA_CE_VERS, RPCRDMA_ACT_ERR_VERS, CLOSE,
	  RPCRDMA2_ERR_VERS },
	{ "proc", RPCRDMA_CE_PROC, ANSWER, CLOSE, RPCRDMA2_ERR_INVAL_HTYPE },
	/* RFC 8166, Section 4.5: discarded before any parsing */
	{ "short-header", RPCRDMA_CE_SHORT_HDR, DROP, DROP,
	  RPCRDMA2_ERR_BAD_XDR },
	/* RDMA_MSGP: ERR_CHUNK from a Responder, a Requester discards it
	 * (Section 4.6.1)
	 */
	{ "deprecated", RPCRDMA_CE_DEPRECATED, ANSWER, DROP,
	  RPCRDMA2_ERR_INVAL_HTYPE },
	/* RDMA_DONE: every receiver discards it (Section 4.6.2) */
	{ "rdma-done", RPCRDMA_CE_DONE, DROP, DROP, RPCRDMA2_ERR_BAD_XDR },
	{ "unexpected", RPCRDMA_CE_UNEXPECTED, DROP, DROP,
	  RPCRDMA2_ERR_BAD_XDR },
	{ "short", RPCRDMA_CE_SHORT, ANSWER, CLOSE, RPCRDMA2_ERR_BAD_XDR },
	{ "read-segs", RPCRDMA_CE_READ_SEGS, ANSWER, CLOSE,
	  RPCRDMA2_ERR_SEGMENTS },
	{ "read-chunks", RPCRDMA_CE_READ_CHUNKS, ANSWER, CLOSE,
	  RPCRDMA2_ERR_READ_CHUNKS },
	{ "write-chunks", RPCRDMA_CE_WRITE_CHUNKS, ANSWER, CLOSE,
	  RPCRDMA2_ERR_WRITE_CHUNKS },
	{ "chunk-segs", RPCRDMA_CE_CHUNK_SEGS, ANSWER, CLOSE,
	  RPCRDMA2_ERR_SEGMENTS },
	{ "xid", RPCRDMA_CE_XID, ANSWER, CLOSE, RPCRDMA2_ERR_BAD_XDR },
	{ "err-unknown", RPCRDMA_CE_ERR_UNKNOWN, DROP, DROP,
	  RPCRDMA2_ERR_BAD_XDR },
	{ "propval", RPCRDMA_CE_PROPVAL, ANSWER, CLOSE,
	  RPCRDMA2_ERR_BAD_PROPVAL },
	{ "remaining", RPCRDMA_CE_REMAINING, ANSWER, CLOSE,
	  RPCRDMA2_ERR_INVAL_CONT },
	{ "cm-magic", RPCRDMA_CE_CM_MAGIC, RPCRDMA_ACT_DEFAULTS,
	  RPCRDMA_ACT_DEFAULTS, RPCRDMA2_ERR_BAD_XDR },
	{ "nospace", RPCRDMA_CE_NOSPACE, RPCRDMA_ACT_GROW, RPCRDMA_ACT_GROW,
	  RPCRDMA2_ERR_SYSTEM },
	{ "out-of-range", RPCRDMA_CE_MAX, RPCRDMA_ACT_BUG, RPCRDMA_ACT_BUG,
	  RPCRDMA2_ERR_SYSTEM },
};

KUNIT_ARRAY_PARAM_DESC(err, err_cases, name);

static void rpcrdma_codec_action_test(struct kunit *test)
{
	const struct err_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, rpcrdma_codec_action(c->err,
						   RPCRDMA_ROLE_RESPONDER),
			c->responder);
	KUNIT_EXPECT_EQ(test, rpcrdma_codec_action(c->err,
						   RPCRDMA_ROLE_REQUESTER),
			c->requester);
	KUNIT_EXPECT_EQ(test, rpcrdma_v2_errcode(c->err), c->v2code);
}

/* Every code has its own name, so traces tell them apart */
static void rpcrdma_codec_err_names_test(struct kunit *test)
{
	unsigned int i, j;

	for (i = 0; i < RPCRDMA_CE_MAX; i++) {
		const char *name = rpcrdma_codec_err_name(i);

		KUNIT_ASSERT_NOT_NULL(test, name);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, name,
					    rpcrdma_codec_err_name(j));
	}
}

static struct kunit_case rpcrdma_codec_err_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_codec_action_test, err_gen_params),
	KUNIT_CASE(rpcrdma_codec_err_names_test),
	{}
};

static struct kunit_suite rpcrdma_codec_err_suite = {
	.name = "rpcrdma_codec_err",
	.test_cases = rpcrdma_codec_err_cases,
};

kunit_test_suite(rpcrdma_codec_err_suite);
