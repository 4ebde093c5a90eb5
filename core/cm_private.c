// SPDX-License-Identifier: GPL-2.0-only
/*
 * RDMA-CM private data for RPC-over-RDMA version 1 (RFC 8797): the
 * inline thresholds and Remote Invalidation support each peer announces
 * when the connection is set up, in both directions.
 */

#include "codec_internal.h"

/**
 * rpcrdma_cm_size_encode - encode an inline threshold for private data
 * @size: threshold in bytes
 *
 * Sizes below 1 KiB are raised to 1 KiB, sizes above 256 KiB are
 * lowered to 256 KiB, and anything in between is rounded down to a
 * 1 KiB multiple (RFC 8797, Section 4.2), so the peer never sends more
 * than the receiver offered.
 *
 * Return: the octet to place in the private data.
 */
u8 rpcrdma_cm_size_encode(unsigned int size)
{
	if (size < RPCRDMA_CM_SIZE_MIN)
		size = RPCRDMA_CM_SIZE_MIN;
	if (size > RPCRDMA_CM_SIZE_MAX)
		size = RPCRDMA_CM_SIZE_MAX;
	return size / RPCRDMA_CM_SIZE_UNIT - 1;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_cm_size_encode);

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
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_cm_size_decode);

/**
 * rpcrdma_cm_private_defaults - what holds without usable private data
 * @cp: filled in
 *
 * Inline thresholds of 1 KiB in both directions (RFC 8166, Section
 * 3.3.3) and no Remote Invalidation (RFC 8797, Section 5.1).
 */
void rpcrdma_cm_private_defaults(struct rpcrdma_cm_private *cp)
{
	memset(cp, 0, sizeof(*cp));
	cp->cp_version = RPCRDMA_CM_PRIV_VERSION;
	cp->cp_send_size = RPCRDMA1_DEFAULT_INLINE;
	cp->cp_recv_size = RPCRDMA1_DEFAULT_INLINE;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_cm_private_defaults);

/**
 * rpcrdma_cm_private_decode - decode a peer's RFC 8797 private data
 * @buf: private data as delivered by the RDMA-CM (may be NULL if @len
 *	is 0)
 * @len: its length; transports pad private data, so more than 8 octets
 *	is normal and the rest is ignored
 * @cp: the peer's announcement, or the defaults on any error
 *
 * The format identifier must match (RFC 8797, Section 4) and the
 * version must be one we know (Section 5.2); flag bits we do not know
 * are ignored (Section 4). Anything else is not the message of Section
 * 4, so the defaults hold (Section 5.1).
 *
 * Return: RPCRDMA_CE_OK, or a code whose action is RPCRDMA_ACT_DEFAULTS.
 */
enum rpcrdma_codec_err
rpcrdma_cm_private_decode(const void *buf, size_t len,
			  struct rpcrdma_cm_private *cp)
{
	const u8 *p = buf;

	rpcrdma_cm_private_defaults(cp);
	if (!p || len < RPCRDMA_CM_PRIV_SIZE)
		return RPCRDMA_CE_CM_SHORT;
	if (get_unaligned_be32(p) != RPCRDMA_CM_PRIV_MAGIC)
		return RPCRDMA_CE_CM_MAGIC;
	if (p[RPCRDMA_CM_PRIV_OFF_VERSION] != RPCRDMA_CM_PRIV_VERSION)
		return RPCRDMA_CE_CM_VERSION;
	cp->cp_remote_inv = p[RPCRDMA_CM_PRIV_OFF_FLAGS] &
			    RPCRDMA_CM_PRIV_F_REMOTE_INV;
	cp->cp_send_size = rpcrdma_cm_size_decode(p[RPCRDMA_CM_PRIV_OFF_SEND]);
	cp->cp_recv_size = rpcrdma_cm_size_decode(p[RPCRDMA_CM_PRIV_OFF_RECV]);
	return RPCRDMA_CE_OK;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_cm_private_decode);

/**
 * rpcrdma_cm_private_encode - encode our RFC 8797 private data
 * @cp: what to announce; sizes are rounded as rpcrdma_cm_size_encode()
 *	does, cp_version is ignored (we send the version we implement)
 * @buf: output buffer
 * @buflen: its size
 * @len: RPCRDMA_CM_PRIV_SIZE, written or needed
 *
 * Return: RPCRDMA_CE_OK or RPCRDMA_CE_NOSPACE (nothing written).
 */
enum rpcrdma_codec_err
rpcrdma_cm_private_encode(const struct rpcrdma_cm_private *cp, void *buf,
			  size_t buflen, size_t *len)
{
	u8 *p = buf;

	*len = RPCRDMA_CM_PRIV_SIZE;
	if (buflen < RPCRDMA_CM_PRIV_SIZE)
		return RPCRDMA_CE_NOSPACE;
	put_unaligned_be32(RPCRDMA_CM_PRIV_MAGIC, p);
	p[RPCRDMA_CM_PRIV_OFF_VERSION] = RPCRDMA_CM_PRIV_VERSION;
	p[RPCRDMA_CM_PRIV_OFF_FLAGS] = cp->cp_remote_inv ?
				       RPCRDMA_CM_PRIV_F_REMOTE_INV : 0;
	p[RPCRDMA_CM_PRIV_OFF_SEND] = rpcrdma_cm_size_encode(cp->cp_send_size);
	p[RPCRDMA_CM_PRIV_OFF_RECV] = rpcrdma_cm_size_encode(cp->cp_recv_size);
	return RPCRDMA_CE_OK;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_cm_private_encode);
