// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: decode arbitrary bytes as a v1 Call, a v1 Reply, a
 * v2 header (with and without RPCRDMA2_DF_MSG_START) or RFC 8797
 * private data, and check the round trip, including v1 and v2 headers
 * through the transports' v1 form; read every input as the answer to a
 * client's first v2 message and as flow-control values.
 */
#include <stdio.h>
#include <stdlib.h>

#include "roundtrip.h"

/* libFuzzer calls this entry point by its fixed (CamelCase) name */
int fuzz_one_input(const u8 *data, size_t size)
	__asm__("LLVMFuzzerTestOneInput");

int fuzz_one_input(const u8 *data, size_t size)
{
	const char *why = codec_roundtrip(data, size);

	if (why) {
		fprintf(stderr, "round trip failed: %s\n", why);
		abort();
	}
	return 0;
}
