/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rpcrdma_core: what the client and server transports share.
 */
#ifndef _RPCRDMA_CORE_H
#define _RPCRDMA_CORE_H

#include <linux/types.h>

/*
 * The wire codec (including the RFC 8797 inline-size helpers
 * rpcrdma_cm_size_encode() and rpcrdma_cm_size_decode()).
 */
#include <rpcrdma/codec.h>

#endif /* _RPCRDMA_CORE_H */
