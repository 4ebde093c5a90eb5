// SPDX-License-Identifier: GPL-2.0-only
/*
 * Codec entry points shared by both versions: the transport header
 * prefix, the xid check and small chunk queries.
 */

#include "codec_internal.h"

/**
 * rpcrdma_dec_prefix - decode the four words every header starts with
 * @x: cursor at the start of the Receive buffer
 * @pfx: filled in
 *
 * v2-07, Section 7 has the receiver silently discard a message shorter
 * than struct rpcrdma2_hdr_prefix. It calls that 20 octets, but the
 * structure it defines (Sections 6.2.1, 6.4) is the four words here, 16
 * octets, which is what both versions need to read the prefix. RFC
 * 8166, Section 4.5 sets Version 1's bound at 28 octets (the smallest
 * RDMA_MSG header): a Responder's Version 1 decoders apply it before
 * this (RPCRDMA_CE_SHORT_HDR, codec_v1.c). A Requester's cannot, or
 * the 20-octet RDMA_ERROR with ERR_CHUNK (Section 4.1.2) would never
 * be read; it drops only below these 16.
 *
 * Return: RPCRDMA_CE_OK, or RPCRDMA_CE_SHORT_PREFIX when the message is
 * too short for even the xid to be trusted.
 */
enum rpcrdma_codec_err rpcrdma_dec_prefix(struct rpcrdma_xdr *x,
					  struct rpcrdma_prefix *pfx)
{
	if (rpcrdma_xdr_left(x) < RPCRDMA_PREFIX_SIZE)
		return RPCRDMA_CE_SHORT_PREFIX;
	rpcrdma_xdr_get32(x, &pfx->px_xid);
	rpcrdma_xdr_get32(x, &pfx->px_vers);
	rpcrdma_xdr_get32(x, &pfx->px_credits);
	rpcrdma_xdr_get32(x, &pfx->px_proc);
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_enc_prefix - encode the four prefix words
 * @w: output cursor
 * @pfx: values to write
 *
 * Return: false if the output ran out of room.
 */
bool rpcrdma_enc_prefix(struct rpcrdma_xdw *w,
			const struct rpcrdma_prefix *pfx)
{
	return rpcrdma_xdw_put32(w, pfx->px_xid) &&
	       rpcrdma_xdw_put32(w, pfx->px_vers) &&
	       rpcrdma_xdw_put32(w, pfx->px_credits) &&
	       rpcrdma_xdw_put32(w, pfx->px_proc);
}

/**
 * rpcrdma_decode_prefix - read the version-independent header prefix
 * @buf: Receive buffer
 * @len: octets received
 * @pfx: filled in with xid, version, credits and proc/htype
 *
 * Lets a receiver pick the version-specific decoder: the first four
 * words mean the same in every version (RFC 8166, Section 4.2; v2-07,
 * Section 6.2.1).
 *
 * Return: RPCRDMA_CE_OK or RPCRDMA_CE_SHORT_PREFIX.
 */
enum rpcrdma_codec_err rpcrdma_decode_prefix(const void *buf, size_t len,
					     struct rpcrdma_prefix *pfx)
{
	struct rpcrdma_xdr x;

	memset(pfx, 0, sizeof(*pfx));
	rpcrdma_xdr_init(&x, buf, len);
	return rpcrdma_dec_prefix(&x, pfx);
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_decode_prefix);

/**
 * rpcrdma_check_xid - compare rdma_xid with the xid of the RPC message
 * @xid: rdma_xid from the transport header
 * @rpc: start of the RPC message
 * @len: octets available at @rpc
 *
 * RFC 8166, Section 4.2.1 requires the two to match and Section 4.5.2
 * treats a mismatch as an XDR error; v2-07, Section 7.2 likewise.
 * Callers use this directly when the message arrived in a chunk.
 *
 * Return: RPCRDMA_CE_OK, RPCRDMA_CE_SHORT_MSG or RPCRDMA_CE_XID.
 */
enum rpcrdma_codec_err rpcrdma_check_xid(u32 xid, const void *rpc, size_t len)
{
	if (len < RPCRDMA_XDR_UNIT)
		return RPCRDMA_CE_SHORT_MSG;
	if (get_unaligned_be32(rpc) != xid)
		return RPCRDMA_CE_XID;
	return RPCRDMA_CE_OK;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_check_xid);

/**
 * rpcrdma_read_list_nchunks - count the Read chunks in a Read list
 * @rl: a decoded Read list
 *
 * Return: the number of runs of segments that share a position.
 */
u32 rpcrdma_read_list_nchunks(const struct rpcrdma_read_list *rl)
{
	u32 i, n = 0;

	for (i = 0; i < rl->rl_nsegs && i < RPCRDMA_MAX_READ_SEGS; i++)
		if (!i || rl->rl_segs[i].rr_position !=
			  rl->rl_segs[i - 1].rr_position)
			n++;
	return n;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_read_list_nchunks);

/**
 * rpcrdma_write_chunk_length - total length of a Write or Reply chunk
 * @wc: the chunk
 *
 * Return: the sum of its segment lengths (cannot wrap: at most
 * RPCRDMA_MAX_CHUNK_SEGS 32-bit lengths).
 */
u64 rpcrdma_write_chunk_length(const struct rpcrdma_write_chunk *wc)
{
	u64 len = 0;
	u32 i;

	for (i = 0; i < wc->wc_nsegs && i < RPCRDMA_MAX_CHUNK_SEGS; i++)
		len += wc->wc_segs[i].rs_length;
	return len;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_write_chunk_length);
