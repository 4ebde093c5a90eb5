// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rpcrdma_core: helpers shared by both transports.
 */

#include <kunit/test.h>
#include <linux/module.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

struct cm_size_case {
	const char *name;
	unsigned int size;
	u8 octet;
	unsigned int decoded;
};

/* RFC 8797, Section 4.2: octet = size / 1024 - 1, clamped and rounded down */
static const struct cm_size_case cm_size_cases[] = {
	{ "below-minimum", 0, 0, 1024 },
	{ "one-byte", 1, 0, 1024 },
	{ "minimum", 1024, 0, 1024 },
	{ "round-down", 2047, 0, 1024 },
	{ "4k", 4096, 3, 4096 },
	{ "8k-plus", 8192 + 100, 7, 8192 },
	{ "maximum", 256 * 1024, 255, 256 * 1024 },
	{ "above-maximum", 1024 * 1024, 255, 256 * 1024 },
};

KUNIT_ARRAY_PARAM_DESC(cm_size, cm_size_cases, name);

static void rpcrdma_cm_size_encode_test(struct kunit *test)
{
	const struct cm_size_case *c = test->param_value;
	u8 octet;

	octet = rpcrdma_cm_size_encode(c->size);

	KUNIT_EXPECT_EQ(test, octet, c->octet);
	KUNIT_EXPECT_EQ(test, rpcrdma_cm_size_decode(octet), c->decoded);
}

static void rpcrdma_cm_size_decode_all_test(struct kunit *test)
{
	unsigned int octet;

	for (octet = 0; octet <= 255; octet++) {
		unsigned int size = rpcrdma_cm_size_decode(octet);

		KUNIT_EXPECT_EQ(test, size, (octet + 1) * 1024);
		KUNIT_EXPECT_EQ(test, rpcrdma_cm_size_encode(size), octet);
	}
}

static struct kunit_case rpcrdma_core_cases[] = {
	KUNIT_CASE_PARAM(rpcrdma_cm_size_encode_test, cm_size_gen_params),
	KUNIT_CASE(rpcrdma_cm_size_decode_all_test),
	{}
};

static struct kunit_suite rpcrdma_core_suite = {
	.name = "rpcrdma_core",
	.test_cases = rpcrdma_core_cases,
};

kunit_test_suite(rpcrdma_core_suite);

MODULE_DESCRIPTION("KUnit tests for the RPC-over-RDMA shared core");
MODULE_LICENSE("GPL");
RPCRDMA_IMPORT_NS();
