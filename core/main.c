// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpcrdma_core: module glue for the code that the RPC-over-RDMA client
 * (xprtrdma.ko) and server (svcrdma.ko) share. Everything here is
 * exported in the RPCRDMA symbol namespace.
 */

#include <linux/module.h>
#include <linux/minmax.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/core.h>

/**
 * rpcrdma_cm_size_encode - encode an inline threshold for private data
 * @size: threshold in bytes
 *
 * Sizes below 1 KiB are raised to 1 KiB, sizes above 256 KiB are
 * lowered to 256 KiB, and anything in between is rounded down to a
 * 1 KiB multiple (RFC 8797, Section 5.1).
 *
 * Return: the octet to place in the private data.
 */
u8 rpcrdma_cm_size_encode(unsigned int size)
{
	size = clamp(size, RPCRDMA_CM_SIZE_MIN, RPCRDMA_CM_SIZE_MAX);
	return size / RPCRDMA_CM_SIZE_UNIT - 1;
}
RPCRDMA_EXPORT(rpcrdma_cm_size_encode);

/**
 * rpcrdma_cm_size_decode - decode an inline threshold from private data
 * @octet: the octet received from the peer
 *
 * Every octet value is meaningful, so no validation is needed here.
 *
 * Return: the threshold in bytes, between 1 KiB and 256 KiB.
 */
unsigned int rpcrdma_cm_size_decode(u8 octet)
{
	return ((unsigned int)octet + 1) * RPCRDMA_CM_SIZE_UNIT;
}
RPCRDMA_EXPORT(rpcrdma_cm_size_decode);

static int __init rpcrdma_core_init(void)
{
	return 0;
}

static void __exit rpcrdma_core_exit(void)
{
}

module_init(rpcrdma_core_init);
module_exit(rpcrdma_core_exit);

MODULE_DESCRIPTION("RPC-over-RDMA shared core: wire codec, FRWR, backchannel");
MODULE_LICENSE("GPL");
