/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The property the fuzzer and the seed runner check on any input:
 * whatever decodes re-encodes, and the re-encoded bytes decode to the
 * same structure; an RPC message header does so in the other version
 * too (rpcrdma_v2_to_v1(), rpcrdma_v2_encode_msg()); and every input
 * is read the same way rpcrdma_vers_answer() and the v2 flow-control
 * arithmetic would read it.
 */
#ifndef _RPCRDMA_FUZZ_ROUNDTRIP_H
#define _RPCRDMA_FUZZ_ROUNDTRIP_H

#include <rpcrdma/codec_types.h>

/* The first octet picks the decoder, the rest is the message */
enum fuzz_mode {
	FUZZ_V1_CALL,
	FUZZ_V1_REPLY,
	FUZZ_V2_START,
	FUZZ_V2_CONT,
	FUZZ_CM_PRIVATE,
	FUZZ_NMODES
};

/* Largest chunk total accepted while fuzzing (a 1 MiB rsize/wsize) */
#define FUZZ_MAX_PAYLOAD	(1024U * 1024U)

/* Return: NULL if the round trip holds, else what went wrong */
const char *codec_roundtrip(const u8 *data, size_t size);

#endif
