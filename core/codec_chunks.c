// SPDX-License-Identifier: GPL-2.0-only
/*
 * XDR of the three chunk lists, shared by versions 1 and 2.
 *
 * Read list: optional-data list of (position, segment) entries.
 * Write list: optional-data list of counted segment arrays.
 * Reply chunk: optional counted segment array.
 * (RFC 8166, Sections 4.1.2 and 4.3; v2-07, Sections 4.5 and 8.3.)
 */

#include "codec_internal.h"

/* A segment is handle, length, offset (RFC 8166, Section 3.4.3) */
static enum rpcrdma_codec_err rpcrdma_dec_segment(struct rpcrdma_xdr *x,
						  struct rpcrdma_segment *seg)
{
	if (!rpcrdma_xdr_get32(x, &seg->rs_handle) ||
	    !rpcrdma_xdr_get32(x, &seg->rs_length) ||
	    !rpcrdma_xdr_get64(x, &seg->rs_offset))
		return RPCRDMA_CE_SHORT;
	/*
	 * The segment covers [offset, offset + length): its last octet
	 * must be addressable without wrapping.
	 */
	if (seg->rs_length && seg->rs_offset > U64_MAX - (seg->rs_length - 1))
		return RPCRDMA_CE_OVERFLOW;
	return RPCRDMA_CE_OK;
}

/*
 * Read the discriminator of an XDR optional-data item (RFC 4506,
 * Section 4.19): anything but 0 or 1 is malformed.
 */
static enum rpcrdma_codec_err rpcrdma_dec_discrim(struct rpcrdma_xdr *x,
						  bool *more)
{
	u32 disc;

	if (!rpcrdma_xdr_get32(x, &disc))
		return RPCRDMA_CE_SHORT;
	if (disc != RPCRDMA_XDR_FALSE && disc != RPCRDMA_XDR_TRUE)
		return RPCRDMA_CE_DISCRIM;
	*more = disc == RPCRDMA_XDR_TRUE;
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_dec_read_list - decode a Read list
 * @x: cursor at the list's first discriminator
 * @rl: filled in, segments in wire order
 *
 * Return: RPCRDMA_CE_OK or the reason the list is malformed.
 */
enum rpcrdma_codec_err rpcrdma_dec_read_list(struct rpcrdma_xdr *x,
					     struct rpcrdma_read_list *rl)
{
	enum rpcrdma_codec_err err;
	bool more;

	rl->rl_nsegs = 0;
	for (;;) {
		struct rpcrdma_read_segment *rs;

		err = rpcrdma_dec_discrim(x, &more);
		if (err || !more)
			return err;
		if (rl->rl_nsegs >= RPCRDMA_MAX_READ_SEGS)
			return RPCRDMA_CE_READ_SEGS;
		rs = &rl->rl_segs[rl->rl_nsegs];
		if (!rpcrdma_xdr_get32(x, &rs->rr_position))
			return RPCRDMA_CE_SHORT;
		err = rpcrdma_dec_segment(x, &rs->rr_seg);
		if (err)
			return err;
		rl->rl_nsegs++;
	}
}

/*
 * A counted array of segments. @allow_empty: a Write chunk in the Write
 * list may have none (an "empty Write chunk", RFC 8166, Sections 3.4.6
 * and 4.3.2.3; v2-07, Section 4.5.2), in a Call and in a Reply alike;
 * the Reply chunk may not (rpcrdma_dec_reply_chunk()).
 */
static enum rpcrdma_codec_err rpcrdma_dec_chunk(struct rpcrdma_xdr *x,
						struct rpcrdma_write_chunk *wc,
						bool allow_empty)
{
	enum rpcrdma_codec_err err;
	u32 i;

	if (!rpcrdma_xdr_get32(x, &wc->wc_nsegs))
		return RPCRDMA_CE_SHORT;
	if (wc->wc_nsegs > RPCRDMA_MAX_CHUNK_SEGS) {
		wc->wc_nsegs = 0;
		return RPCRDMA_CE_CHUNK_SEGS;
	}
	if (!wc->wc_nsegs && !allow_empty)
		return RPCRDMA_CE_ZERO_LENGTH;
	for (i = 0; i < wc->wc_nsegs; i++) {
		err = rpcrdma_dec_segment(x, &wc->wc_segs[i]);
		if (err) {
			wc->wc_nsegs = i;
			return err;
		}
	}
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_dec_write_list - decode a Write list
 * @x: cursor at the list's first discriminator
 * @wl: filled in; empty Write chunks (no segments) included, in both
 *	versions
 *
 * Return: RPCRDMA_CE_OK or the reason the list is malformed.
 */
enum rpcrdma_codec_err rpcrdma_dec_write_list(struct rpcrdma_xdr *x,
					      struct rpcrdma_write_list *wl)
{
	enum rpcrdma_codec_err err;
	bool more;

	wl->wl_nchunks = 0;
	for (;;) {
		err = rpcrdma_dec_discrim(x, &more);
		if (err || !more)
			return err;
		if (wl->wl_nchunks >= RPCRDMA_MAX_WRITE_CHUNKS)
			return RPCRDMA_CE_WRITE_CHUNKS;
		err = rpcrdma_dec_chunk(x, &wl->wl_chunks[wl->wl_nchunks],
					true);
		if (err)
			return err;
		wl->wl_nchunks++;
	}
}

/**
 * rpcrdma_dec_reply_chunk - decode the optional Reply chunk
 * @x: cursor at its discriminator
 * @ch: ch_has_reply and ch_reply are filled in
 *
 * A present Reply chunk must have at least one segment in both
 * versions: it is where a whole RPC message goes (RFC 8166, Sections
 * 3.5.3 and 4.3.3; v2-07, Section 4.5.2.2).
 *
 * Return: RPCRDMA_CE_OK or the reason the chunk is malformed.
 */
enum rpcrdma_codec_err rpcrdma_dec_reply_chunk(struct rpcrdma_xdr *x,
					       struct rpcrdma_chunks *ch)
{
	enum rpcrdma_codec_err err;
	bool more;

	ch->ch_has_reply = false;
	err = rpcrdma_dec_discrim(x, &more);
	if (err || !more)
		return err;
	err = rpcrdma_dec_chunk(x, &ch->ch_reply, false);
	if (err)
		return err;
	ch->ch_has_reply = true;
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_dec_chunk_lists - decode the three chunk lists of a header
 * @x: cursor at the Read list
 * @ch: receives the Read list, the Write list and the Reply chunk
 *
 * They come in this order in a Version 1 RDMA_MSG or RDMA_NOMSG header
 * and in a Version 2 Call header, with the same XDR; empty Write chunks
 * are taken as rpcrdma_dec_write_list() takes them.
 *
 * Return: RPCRDMA_CE_OK or the reason a list is malformed.
 */
enum rpcrdma_codec_err rpcrdma_dec_chunk_lists(struct rpcrdma_xdr *x,
					       struct rpcrdma_chunks *ch)
{
	enum rpcrdma_codec_err err;

	err = rpcrdma_dec_read_list(x, &ch->ch_reads);
	if (err)
		return err;
	err = rpcrdma_dec_write_list(x, &ch->ch_writes);
	if (err)
		return err;
	return rpcrdma_dec_reply_chunk(x, ch);
}

/**
 * rpcrdma_read_list_valid - may @rl be encoded without overrunning it?
 * @rl: Read list supplied by the caller
 *
 * Return: true if its count is within RPCRDMA_MAX_READ_SEGS.
 */
bool rpcrdma_read_list_valid(const struct rpcrdma_read_list *rl)
{
	return rl->rl_nsegs <= RPCRDMA_MAX_READ_SEGS;
}

static bool rpcrdma_chunk_valid(const struct rpcrdma_write_chunk *wc)
{
	return wc->wc_nsegs <= RPCRDMA_MAX_CHUNK_SEGS;
}

/**
 * rpcrdma_chunks_valid - may @ch be encoded without overrunning it?
 * @ch: chunk lists supplied by the caller
 *
 * Return: true if every count is within its limit.
 */
bool rpcrdma_chunks_valid(const struct rpcrdma_chunks *ch)
{
	u32 i;

	if (!rpcrdma_read_list_valid(&ch->ch_reads))
		return false;
	if (ch->ch_writes.wl_nchunks > RPCRDMA_MAX_WRITE_CHUNKS)
		return false;
	for (i = 0; i < ch->ch_writes.wl_nchunks; i++)
		if (!rpcrdma_chunk_valid(&ch->ch_writes.wl_chunks[i]))
			return false;
	return !ch->ch_has_reply || rpcrdma_chunk_valid(&ch->ch_reply);
}

/**
 * rpcrdma_read_list_size - encoded size of a Read list
 * @rl: a valid Read list
 *
 * Return: octets, including the terminating discriminator.
 */
size_t rpcrdma_read_list_size(const struct rpcrdma_read_list *rl)
{
	return (size_t)rl->rl_nsegs *
	       (RPCRDMA_XDR_UNIT + RPCRDMA_READ_SEGMENT_SIZE) +
	       RPCRDMA_XDR_UNIT;
}

static size_t rpcrdma_chunk_size(const struct rpcrdma_write_chunk *wc)
{
	return RPCRDMA_XDR_UNIT + (size_t)wc->wc_nsegs * RPCRDMA_SEGMENT_SIZE;
}

/**
 * rpcrdma_write_list_size - encoded size of a Write list
 * @wl: a valid Write list
 *
 * Return: octets, including the terminating discriminator.
 */
size_t rpcrdma_write_list_size(const struct rpcrdma_write_list *wl)
{
	size_t size = RPCRDMA_XDR_UNIT;
	u32 i;

	for (i = 0; i < wl->wl_nchunks; i++)
		size += RPCRDMA_XDR_UNIT + rpcrdma_chunk_size(&wl->wl_chunks[i]);
	return size;
}

/**
 * rpcrdma_reply_chunk_size - encoded size of the optional Reply chunk
 * @ch: valid chunk lists
 *
 * Return: octets, including the discriminator.
 */
size_t rpcrdma_reply_chunk_size(const struct rpcrdma_chunks *ch)
{
	if (!ch->ch_has_reply)
		return RPCRDMA_XDR_UNIT;
	return RPCRDMA_XDR_UNIT + rpcrdma_chunk_size(&ch->ch_reply);
}

static bool rpcrdma_enc_segment(struct rpcrdma_xdw *w,
				const struct rpcrdma_segment *seg)
{
	return rpcrdma_xdw_put32(w, seg->rs_handle) &&
	       rpcrdma_xdw_put32(w, seg->rs_length) &&
	       rpcrdma_xdw_put64(w, seg->rs_offset);
}

/**
 * rpcrdma_enc_read_list - encode a Read list
 * @w: output cursor
 * @rl: a valid Read list
 *
 * Return: false if the output ran out of room.
 */
bool rpcrdma_enc_read_list(struct rpcrdma_xdw *w,
			   const struct rpcrdma_read_list *rl)
{
	u32 i;

	for (i = 0; i < rl->rl_nsegs; i++) {
		const struct rpcrdma_read_segment *rs = &rl->rl_segs[i];

		if (!rpcrdma_xdw_put32(w, RPCRDMA_XDR_TRUE) ||
		    !rpcrdma_xdw_put32(w, rs->rr_position) ||
		    !rpcrdma_enc_segment(w, &rs->rr_seg))
			return false;
	}
	return rpcrdma_xdw_put32(w, RPCRDMA_XDR_FALSE);
}

static bool rpcrdma_enc_chunk(struct rpcrdma_xdw *w,
			      const struct rpcrdma_write_chunk *wc)
{
	u32 i;

	if (!rpcrdma_xdw_put32(w, wc->wc_nsegs))
		return false;
	for (i = 0; i < wc->wc_nsegs; i++)
		if (!rpcrdma_enc_segment(w, &wc->wc_segs[i]))
			return false;
	return true;
}

/**
 * rpcrdma_enc_write_list - encode a Write list
 * @w: output cursor
 * @wl: a valid Write list
 *
 * Return: false if the output ran out of room.
 */
bool rpcrdma_enc_write_list(struct rpcrdma_xdw *w,
			    const struct rpcrdma_write_list *wl)
{
	u32 i;

	for (i = 0; i < wl->wl_nchunks; i++)
		if (!rpcrdma_xdw_put32(w, RPCRDMA_XDR_TRUE) ||
		    !rpcrdma_enc_chunk(w, &wl->wl_chunks[i]))
			return false;
	return rpcrdma_xdw_put32(w, RPCRDMA_XDR_FALSE);
}

/**
 * rpcrdma_enc_reply_chunk - encode the optional Reply chunk
 * @w: output cursor
 * @ch: valid chunk lists
 *
 * Return: false if the output ran out of room.
 */
bool rpcrdma_enc_reply_chunk(struct rpcrdma_xdw *w,
			     const struct rpcrdma_chunks *ch)
{
	if (!ch->ch_has_reply)
		return rpcrdma_xdw_put32(w, RPCRDMA_XDR_FALSE);
	return rpcrdma_xdw_put32(w, RPCRDMA_XDR_TRUE) &&
	       rpcrdma_enc_chunk(w, &ch->ch_reply);
}
