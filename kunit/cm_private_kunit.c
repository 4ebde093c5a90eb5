// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_cm_private: RFC 8797 RDMA-CM private data, as sent
 * by either peer.
 */

#include <linux/module.h>

#include "codec_kunit.h"

struct cm_case {
	const char *name;
	u8 bytes[64];
	size_t len;
	enum rpcrdma_codec_err err;
	bool remote_inv;
	unsigned int send, recv;
};

static const struct cm_case cm_valid_cases[] = {
	{ "remote-inv-16k-32k", { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 15, 31 }, 8, 0, true,
	  16384, 32768 },
	{ "defaults-announced", { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 0, 0 }, 8, 0, false,
	  1024, 1024 },
	{ "largest-sizes", { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 255, 255 }, 8, 0, true,
	  262144, 262144 },
	{ "unknown-flag-bits-ignored", { 0xf6, 0xab, 0x0e, 0x18, 1, 0xfe, 3, 7 }, 8, 0,
	  false, 4096, 8192 },
	{ "padded-by-transport", { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 7, 3 }, 56, 0, true,
	  8192, 4096 },
};

KUNIT_ARRAY_PARAM_DESC(cm_valid, cm_valid_cases, name);

/* Unusable private data leaves the defaults (RFC 8797, Section 5.1) */
static const struct cm_case cm_bad_cases[] = {
	{ "absent", { 0 }, 0, RPCRDMA_CE_CM_SHORT },
	{ "seven-octets", { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 15 }, 7, RPCRDMA_CE_CM_SHORT },
	{ "other-magic", { 0xf6, 0xab, 0x0e, 0x19, 1, 1, 15, 31 }, 8,
	  RPCRDMA_CE_CM_MAGIC },
	{ "byte-swapped-magic", { 0x18, 0x0e, 0xab, 0xf6, 1, 1, 15, 31 }, 8,
	  RPCRDMA_CE_CM_MAGIC },
	{ "version-0", { 0xf6, 0xab, 0x0e, 0x18, 0, 1, 15, 31 }, 8, RPCRDMA_CE_CM_VERSION },
	{ "version-2", { 0xf6, 0xab, 0x0e, 0x18, 2, 1, 15, 31 }, 8, RPCRDMA_CE_CM_VERSION },
};

KUNIT_ARRAY_PARAM_DESC(cm_bad, cm_bad_cases, name);

static void rpcrdma_cm_private_valid_test(struct kunit *test)
{
	const struct cm_case *c = test->param_value;
	struct rpcrdma_cm_private cp, again;
	u8 *buf, out[RPCRDMA_CM_PRIV_SIZE];
	size_t len;

	buf = codec_prefix_copy(test, c->bytes, c->len);

	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_decode(buf, c->len, &cp),
			RPCRDMA_CE_OK);

	KUNIT_EXPECT_EQ(test, cp.cp_version, 1);
	KUNIT_EXPECT_EQ(test, cp.cp_remote_inv, c->remote_inv);
	KUNIT_EXPECT_EQ(test, cp.cp_send_size, c->send);
	KUNIT_EXPECT_EQ(test, cp.cp_recv_size, c->recv);
	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_encode(&cp, out, sizeof(out),
							&len),
			RPCRDMA_CE_OK);
	KUNIT_ASSERT_EQ(test, len, RPCRDMA_CM_PRIV_SIZE);
	KUNIT_EXPECT_MEMEQ(test, out, c->bytes, 5);
	KUNIT_EXPECT_EQ(test, out[5], c->remote_inv ? 1 : 0);
	KUNIT_EXPECT_MEMEQ(test, out + 6, c->bytes + 6, 2);
	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_decode(out, len, &again),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_MEMEQ(test, &again, &cp, sizeof(cp));
}

static void rpcrdma_cm_private_bad_test(struct kunit *test)
{
	const struct cm_case *c = test->param_value;
	struct rpcrdma_cm_private cp;
	enum rpcrdma_codec_err err;
	u8 *buf;

	buf = c->len ? codec_prefix_copy(test, c->bytes, c->len) : NULL;

	err = rpcrdma_cm_private_decode(buf, c->len, &cp);

	KUNIT_EXPECT_EQ(test, err, c->err);
	KUNIT_EXPECT_EQ(test, rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER),
			RPCRDMA_ACT_DEFAULTS);
	KUNIT_EXPECT_FALSE(test, cp.cp_remote_inv);
	KUNIT_EXPECT_EQ(test, cp.cp_send_size, RPCRDMA1_DEFAULT_INLINE);
	KUNIT_EXPECT_EQ(test, cp.cp_recv_size, RPCRDMA1_DEFAULT_INLINE);
}

/*
 * Both directions: the client's offer and the server's answer, each
 * encoded by one side and decoded by the other, sizes rounded down to
 * whole KiB and clamped (RFC 8797, Section 4.2).
 */
static void rpcrdma_cm_private_exchange_test(struct kunit *test)
{
	static const u8 offer[] = { 0xf6, 0xab, 0x0e, 0x18, 1, 1, 3, 7 };
	static const u8 answer[] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 255, 0 };
	struct rpcrdma_cm_private client = {
		.cp_remote_inv = true, .cp_send_size = 4096 + 1000,
		.cp_recv_size = 8192,
	};
	struct rpcrdma_cm_private server = {
		.cp_remote_inv = false, .cp_send_size = 1 << 20,
		.cp_recv_size = 10,
	};
	struct rpcrdma_cm_private got;
	u8 buf[RPCRDMA_CM_PRIV_SIZE];
	size_t len;

	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_encode(&client, buf,
							sizeof(buf), &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_MEMEQ(test, buf, offer, sizeof(offer));
	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_decode(buf, len, &got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_TRUE(test, got.cp_remote_inv);
	KUNIT_EXPECT_EQ(test, got.cp_send_size, 4096);

	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_encode(&server, buf,
							sizeof(buf), &len),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_MEMEQ(test, buf, answer, sizeof(answer));
	KUNIT_ASSERT_EQ(test, rpcrdma_cm_private_decode(buf, len, &got),
			RPCRDMA_CE_OK);
	KUNIT_EXPECT_FALSE(test, got.cp_remote_inv);
	KUNIT_EXPECT_EQ(test, got.cp_send_size, 262144);
	KUNIT_EXPECT_EQ(test, got.cp_recv_size, 1024);
}

static void rpcrdma_cm_private_nospace_test(struct kunit *test)
{
	struct rpcrdma_cm_private cp;
	u8 buf[RPCRDMA_CM_PRIV_SIZE];
	size_t len = 0;

	rpcrdma_cm_private_defaults(&cp);
	memset(buf, 0xa5, sizeof(buf));

	KUNIT_EXPECT_EQ(test, rpcrdma_cm_private_encode(&cp, buf, 7, &len),
			RPCRDMA_CE_NOSPACE);

	KUNIT_EXPECT_EQ(test, len, RPCRDMA_CM_PRIV_SIZE);
	KUNIT_EXPECT_EQ(test, buf[0], 0xa5);
	KUNIT_EXPECT_EQ(test, buf[7], 0xa5);
}

static struct kunit_case rpcrdma_cm_private_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_cm_private_valid_test, cm_valid_gen_params),
	KUNIT_CASE_PARAM(rpcrdma_cm_private_bad_test, cm_bad_gen_params),
	KUNIT_CASE(rpcrdma_cm_private_exchange_test),
	KUNIT_CASE(rpcrdma_cm_private_nospace_test),
	{}
};

static struct kunit_suite rpcrdma_cm_private_suite = {
	.name = "rpcrdma_cm_private",
	.test_cases = rpcrdma_cm_private_cases,
};

kunit_test_suite(rpcrdma_cm_private_suite);
