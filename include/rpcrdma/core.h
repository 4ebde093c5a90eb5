/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rpcrdma_core: what the client and server transports share.
 */
#ifndef _RPCRDMA_CORE_H
#define _RPCRDMA_CORE_H

#include <linux/types.h>

/*
 * RFC 8797, Section 5.1: an inline threshold travels in one octet as
 * (size / 1024) - 1, so the encodable range is 1 KiB to 256 KiB in 1 KiB
 * steps. Sizes are rounded down to a 1 KiB multiple before encoding so
 * the peer never sends more than the receiver offered.
 */
#define RPCRDMA_CM_SIZE_UNIT	1024U
#define RPCRDMA_CM_SIZE_MIN	RPCRDMA_CM_SIZE_UNIT
#define RPCRDMA_CM_SIZE_MAX	(256U * RPCRDMA_CM_SIZE_UNIT)

u8 rpcrdma_cm_size_encode(unsigned int size);
unsigned int rpcrdma_cm_size_decode(u8 octet);

#endif /* _RPCRDMA_CORE_H */
