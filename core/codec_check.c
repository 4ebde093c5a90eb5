// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checks on decoded chunk lists that the XDR alone does not enforce:
 * Read positions, lengths against the caller's maximum payload, and
 * handle look-ups.
 */

#include "codec_internal.h"

/**
 * rpcrdma_read_pos_zero_length - length of the Position-zero Read chunk
 * @rl: a decoded Read list (positions never decrease)
 *
 * Return: total octets of the segments at position zero (0 if none).
 */
u64 rpcrdma_read_pos_zero_length(const struct rpcrdma_read_list *rl)
{
	u64 len = 0;
	u32 i;

	for (i = 0; i < rl->rl_nsegs && !rl->rl_segs[i].rr_position; i++)
		len += rl->rl_segs[i].rr_seg.rs_length;
	return len;
}

/*
 * One Read segment: RFC 8166, Section 3.4.5 and v2-07, Section 4.5.1
 * make the position an offset in the XDR stream, where every item
 * starts on a 4-octet boundary (RFC 4506, Section 3). A Read chunk
 * carries the bytes of a data item; an empty segment carries none and
 * only costs the Responder an RDMA Read, so we refuse it.
 */
static enum rpcrdma_codec_err
rpcrdma_check_read_seg(const struct rpcrdma_read_segment *rs)
{
	if (rs->rr_position % RPCRDMA_XDR_UNIT)
		return RPCRDMA_CE_POS_ALIGN;
	if (!rs->rr_seg.rs_length)
		return RPCRDMA_CE_ZERO_LENGTH;
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_check_reads - check positions and lengths of a Read list
 * @rl: a decoded Read list
 * @base: octets of the XDR stream before any data item is inserted:
 *	the inline RPC message, or the Position-zero chunk's length
 * @check_range: whether @base is known (it is not for a v2 message
 *	continued from earlier MIDDLE messages)
 * @max_payload: largest total the caller accepts in the list
 *
 * Segments that share a position make up one Read chunk and follow
 * each other; positions never decrease (v2-07, Section 4.5.1.1 says so
 * outright; RFC 8166, Section 3.4.5 groups a chunk's segments by
 * position, so a position that comes back later splits a chunk). A data
 * item chunk is inserted at its position in the stream, so a chunk's
 * position may not lie past the stream built so far: @base plus the
 * XDR-rounded lengths of the earlier data item chunks (RFC 8166,
 * Section 3.4.5.2 on roundup).
 *
 * Return: RPCRDMA_CE_OK or the first problem found.
 */
enum rpcrdma_codec_err rpcrdma_check_reads(const struct rpcrdma_read_list *rl,
					   u64 base, bool check_range,
					   u32 max_payload)
{
	u64 total = 0, stream = base, chunk = 0;
	u32 i, nchunks = 0;

	for (i = 0; i < rl->rl_nsegs; i++) {
		const struct rpcrdma_read_segment *rs = &rl->rl_segs[i];
		u32 pos = rs->rr_position;
		enum rpcrdma_codec_err err;

		err = rpcrdma_check_read_seg(rs);
		if (err)
			return err;
		if (!i || pos != rl->rl_segs[i - 1].rr_position) {
			if (i && pos < rl->rl_segs[i - 1].rr_position)
				return RPCRDMA_CE_POS_ORDER;
			if (i && rl->rl_segs[i - 1].rr_position)
				stream += rpcrdma_xdr_roundup(chunk);
			if (++nchunks > RPCRDMA_MAX_READ_CHUNKS)
				return RPCRDMA_CE_READ_CHUNKS;
			if (check_range && pos > stream)
				return RPCRDMA_CE_POS_RANGE;
			chunk = 0;
		}
		chunk += rs->rr_seg.rs_length;
		total += rs->rr_seg.rs_length;
	}
	if (total > max_payload)
		return RPCRDMA_CE_TOO_LONG;
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_check_no_pos_zero - refuse a Position-zero Read chunk
 * @rl: a decoded Read list
 *
 * Return: RPCRDMA_CE_POS_ZERO if @rl has a segment at position zero.
 */
enum rpcrdma_codec_err rpcrdma_check_no_pos_zero(const struct rpcrdma_read_list *rl)
{
	u32 i;

	for (i = 0; i < rl->rl_nsegs; i++)
		if (!rl->rl_segs[i].rr_position)
			return RPCRDMA_CE_POS_ZERO;
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_check_writes - check Write and Reply chunk lengths in a Reply
 * @ch: decoded chunk lists
 * @max_payload: largest chunk the caller accepts
 *
 * In a Reply the segment lengths say how much the Responder wrote
 * (RFC 8166, Sections 3.4.6 and 4.3.3); none may claim more than the
 * caller ever offers for one data item or one RPC Reply.
 *
 * Return: RPCRDMA_CE_OK or RPCRDMA_CE_TOO_LONG.
 */
enum rpcrdma_codec_err rpcrdma_check_writes(const struct rpcrdma_chunks *ch,
					    u32 max_payload)
{
	u32 i;

	for (i = 0; i < ch->ch_writes.wl_nchunks; i++)
		if (rpcrdma_write_chunk_length(&ch->ch_writes.wl_chunks[i]) >
		    max_payload)
			return RPCRDMA_CE_TOO_LONG;
	if (ch->ch_has_reply &&
	    rpcrdma_write_chunk_length(&ch->ch_reply) > max_payload)
		return RPCRDMA_CE_TOO_LONG;
	return RPCRDMA_CE_OK;
}

static bool rpcrdma_chunk_has_handle(const struct rpcrdma_write_chunk *wc,
				     u32 handle)
{
	u32 i;

	for (i = 0; i < wc->wc_nsegs; i++)
		if (wc->wc_segs[i].rs_handle == handle)
			return true;
	return false;
}

/**
 * rpcrdma_read_list_has_handle - does any Read segment use @handle?
 * @rl: a decoded Read list
 * @handle: RDMA handle to look for
 *
 * Return: true if found.
 */
bool rpcrdma_read_list_has_handle(const struct rpcrdma_read_list *rl,
				  u32 handle)
{
	u32 i;

	for (i = 0; i < rl->rl_nsegs; i++)
		if (rl->rl_segs[i].rr_seg.rs_handle == handle)
			return true;
	return false;
}

/**
 * rpcrdma_chunks_have_handle - does any segment in @ch use @handle?
 * @ch: decoded chunk lists
 * @handle: RDMA handle to look for
 *
 * Return: true if found.
 */
bool rpcrdma_chunks_have_handle(const struct rpcrdma_chunks *ch, u32 handle)
{
	u32 i;

	if (rpcrdma_read_list_has_handle(&ch->ch_reads, handle))
		return true;
	for (i = 0; i < ch->ch_writes.wl_nchunks; i++)
		if (rpcrdma_chunk_has_handle(&ch->ch_writes.wl_chunks[i],
					     handle))
			return true;
	return ch->ch_has_reply &&
	       rpcrdma_chunk_has_handle(&ch->ch_reply, handle);
}
