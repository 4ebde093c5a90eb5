// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: building and sending Replies (xpo_sendto, xpo_result_payload).
 *
 * A Reply leaves in up to three parts (RFC 8166, Section 3.5):
 *  - each DDP-eligible result nfsd announced through xpo_result_payload
 *    is written into the matching Write chunk, without its XDR pad
 *    (Sections 3.4.4.4 and 3.4.6), and is cut out of the RPC message;
 *  - what remains is sent inline after the transport header (RDMA_MSG)
 *    when both fit the client's receive size, or else written into the
 *    client's Reply chunk and announced by an RDMA_NOMSG header
 *    (Section 3.5.3);
 *  - a Reply that fits neither is answered with ERR_CHUNK: a chunk
 *    too small, found before writing (Section 4.5.3; RFC 8267,
 *    Section 3.1).
 *
 * Version 2 (v2-07) Replies are built the same way and encoded as
 * RDMA2_REPLY_INLINE or RDMA2_REPLY_EXTERNAL. Where Version 1 answers
 * ERR_CHUNK, Version 2 answers RDMA2_ERR_WRITE_RESOURCE for a Write
 * chunk too small for its result (Section 7.3.4), and sends a Reply
 * that fits neither inline nor the Reply chunk with Message
 * Continuation (Sections 6.6.2 and 6.6.4): REPLY_MIDDLE messages, each
 * as large as the client's receive size allows and carrying in
 * rdma_remaining the bytes still to come, then a REPLY_INLINE with the
 * Write list and the rest. Write-chunk data is pushed before the first
 * of them. Only when that cannot be done (more than SVCRDMA_V2_CONT_MAX
 * Sends, or more than the credits the client grants right now) is the
 * answer RDMA2_ERR_REPLY_RESOURCE with the Reply chunk size needed
 * (Section 7.3.5).
 */

#include <linux/slab.h>
#include <linux/highmem.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svcrdma.h"
#include "trace.h"

/* Byte ranges of rq_res that form the reduced RPC message */
#define SVCRDMA_MAX_RANGES	(SVCRDMA_MAX_WRITE_CHUNKS + 1)

struct svcrdma_range {
	unsigned int	r_off;
	unsigned int	r_len;
};

typedef int (*svcrdma_piece_fn)(void *arg, struct page *page,
				unsigned int off, unsigned int len);

/* Call @fn for each page piece of @len bytes at @base (kernel memory). */
static int svcrdma_walk_kvec(const void *base, unsigned int len,
			     svcrdma_piece_fn fn, void *arg)
{
	while (len) {
		unsigned int off = offset_in_page(base);
		unsigned int n = min_t(unsigned int, len, PAGE_SIZE - off);
		int ret = fn(arg, virt_to_page(base), off, n);

		if (ret)
			return ret;
		base += n;
		len -= n;
	}
	return 0;
}

/* Call @fn for each page piece of bytes [@off, @off + @len) of @xb. */
static int svcrdma_walk_xdr(const struct xdr_buf *xb, unsigned int off,
			    unsigned int len, svcrdma_piece_fn fn, void *arg)
{
	const struct kvec *head = &xb->head[0], *tail = &xb->tail[0];
	unsigned int n, pos;
	int ret;

	if (off < head->iov_len) {
		n = min_t(unsigned int, len, head->iov_len - off);
		ret = svcrdma_walk_kvec(head->iov_base + off, n, fn, arg);
		if (ret)
			return ret;
		len -= n;
		off = 0;
	} else {
		off -= head->iov_len;
	}
	while (len && off < xb->page_len) {
		pos = xb->page_base + off;
		n = min3(len, xb->page_len - off,
			 (unsigned int)(PAGE_SIZE - offset_in_page(pos)));
		ret = fn(arg, xb->pages[pos >> PAGE_SHIFT],
			 offset_in_page(pos), n);
		if (ret)
			return ret;
		len -= n;
		off += n;
	}
	if (!len)
		return 0;
	off = off > xb->page_len ? off - xb->page_len : 0;
	if (off + len > tail->iov_len)
		return -EINVAL;
	return svcrdma_walk_kvec(tail->iov_base + off, len, fn, arg);
}

/**
 * svcrdma_result_payload - xpo_result_payload: note a DDP-eligible result
 * @rqstp: the request
 * @offset: where the result's data starts in rq_res
 * @length: its length, without XDR pad
 *
 * The n-th payload goes to the n-th Write chunk (RFC 8166, Section
 * 4.3.2.1); with no Write chunk left it simply stays in the message.
 * An empty Write chunk (no segments) takes its payload too, but leaves
 * it in the message: the Requester asked for that result inline, and
 * the Reply returns the chunk empty at its place in the Write list
 * (Section 4.3.2.3; svcrdma_write_payloads() copies it as offered).
 *
 * Return: 0.
 */
int svcrdma_result_payload(struct svc_rqst *rqstp, unsigned int offset,
			   unsigned int length)
{
	struct svcrdma_recv_ctxt *ctxt = rqstp->rq_xprt_ctxt;
	const struct rpcrdma_write_list *wl;
	unsigned int i;

	if (!ctxt)
		return 0;
	wl = &ctxt->rc_msg.m1_chunks.ch_writes;
	i = ctxt->rc_payloads;
	if (i >= wl->wl_nchunks)
		return 0;
	ctxt->rc_payload_off[i] = offset;
	ctxt->rc_payload_len[i] = length;
	ctxt->rc_payload_set[i] = wl->wl_chunks[i].wc_nsegs != 0;
	ctxt->rc_payloads++;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_result_payload);

/**
 * struct svcrdma_wstate - writing byte ranges into one chunk
 * @ws_sx: the connection
 * @ws_sc: Send context that collects the RDMA Writes
 * @ws_in: the chunk as the client offered it
 * @ws_out: the chunk as the Reply reports it (lengths written)
 * @ws_seg: current segment
 * @ws_used: bytes written into the current segment
 * @ws_rw: RDMA Write being filled for the current segment
 * @ws_left: bytes still to write into this chunk
 */
struct svcrdma_wstate {
	struct svcrdma_xprt		*ws_sx;
	struct svcrdma_send_ctxt	*ws_sc;
	const struct rpcrdma_write_chunk *ws_in;
	struct rpcrdma_write_chunk	*ws_out;
	unsigned int			ws_seg;
	unsigned int			ws_used;
	struct svcrdma_rw		*ws_rw;
	unsigned int			ws_left;
};

static int svcrdma_ws_finish_seg(struct svcrdma_wstate *ws)
{
	const struct rpcrdma_segment *seg = &ws->ws_in->wc_segs[ws->ws_seg];
	struct svcrdma_rw *rw = ws->ws_rw;
	int ret;

	ws->ws_out->wc_segs[ws->ws_seg].rs_length = ws->ws_used;
	ws->ws_rw = NULL;
	ws->ws_seg++;
	ws->ws_used = 0;
	if (!rw)
		return 0;
	ret = svcrdma_rw_init(ws->ws_sx, rw, seg->rs_handle, seg->rs_offset,
			      DMA_TO_DEVICE);
	list_add_tail(&rw->rw_node, &ws->ws_sc->sc_rw);
	return ret;
}

static int svcrdma_ws_piece(void *arg, struct page *page, unsigned int off,
			    unsigned int len)
{
	struct svcrdma_wstate *ws = arg;
	unsigned int n;
	int ret;

	while (len) {
		const struct rpcrdma_segment *seg;

		if (ws->ws_seg >= ws->ws_in->wc_nsegs)
			return -EMSGSIZE;
		seg = &ws->ws_in->wc_segs[ws->ws_seg];
		if (ws->ws_used == seg->rs_length) {
			ret = svcrdma_ws_finish_seg(ws);
			if (ret)
				return ret;
			continue;
		}
		if (!ws->ws_rw) {
			n = min(seg->rs_length, ws->ws_left);
			ws->ws_rw = svcrdma_rw_alloc(ws->ws_sx,
						     DIV_ROUND_UP(n, PAGE_SIZE) +
						     3 * SVCRDMA_MAX_RANGES + 4);
			if (!ws->ws_rw)
				return -ENOMEM;
		}
		n = min(len, seg->rs_length - ws->ws_used);
		ret = svcrdma_rw_add(ws->ws_rw, page, off, n);
		if (!ret)
			ret = svcrdma_send_hold_page(ws->ws_sc, page);
		if (ret)
			return ret;
		ws->ws_used += n;
		ws->ws_left -= n;
		off += n;
		len -= n;
	}
	return 0;
}

/*
 * Write @nr ranges of @xb into the chunk @in, reporting in @out what
 * was written; segments left over are reported with length zero.
 */
static int svcrdma_write_ranges(struct svcrdma_xprt *sx,
				struct svcrdma_send_ctxt *sc,
				const struct xdr_buf *xb,
				const struct svcrdma_range *r, unsigned int nr,
				const struct rpcrdma_write_chunk *in,
				struct rpcrdma_write_chunk *out)
{
	struct svcrdma_wstate ws = {
		.ws_sx = sx, .ws_sc = sc, .ws_in = in, .ws_out = out,
	};
	unsigned int i;
	int ret;

	*out = *in;
	for (i = 0; i < nr; i++)
		ws.ws_left += r[i].r_len;
	if (ws.ws_left > rpcrdma_write_chunk_length(in))
		return -EMSGSIZE;
	for (i = 0; i < nr; i++) {
		ret = svcrdma_walk_xdr(xb, r[i].r_off, r[i].r_len,
				       svcrdma_ws_piece, &ws);
		if (ret)
			goto out_err;
	}
	while (ws.ws_seg < in->wc_nsegs) {
		ret = svcrdma_ws_finish_seg(&ws);
		if (ret)
			return ret;
	}
	return 0;
out_err:
	if (ws.ws_rw)
		svcrdma_rw_release(sx, ws.ws_rw);
	return ret;
}

/*
 * nfsd may shorten the Reply after announcing a payload (an operation
 * that fails later in a COMPOUND): forget any payload that no longer
 * lies, in order, inside rq_res.
 */
static void svcrdma_payloads_check(struct svcrdma_recv_ctxt *ctxt,
				   const struct xdr_buf *res)
{
	unsigned int i, start = 0;

	for (i = 0; i < ctxt->rc_payloads; i++) {
		unsigned int off = ctxt->rc_payload_off[i];
		unsigned int len = ctxt->rc_payload_len[i];

		if (off < start || off > res->len || len > res->len - off) {
			ctxt->rc_payload_set[i] = false;
			ctxt->rc_payload_len[i] = 0;
			continue;
		}
		start = off + len;
	}
}

/*
 * Cut the Write-chunk payloads (and their XDR pads) out of rq_res.
 * Fills @keep with what remains and returns the number of ranges.
 */
static int svcrdma_reduce(const struct svcrdma_recv_ctxt *ctxt,
			  const struct xdr_buf *res,
			  struct svcrdma_range *keep, unsigned int *body_len)
{
	unsigned int i, start = 0, nr = 0;

	*body_len = 0;
	for (i = 0; i < ctxt->rc_payloads; i++) {
		unsigned int off = ctxt->rc_payload_off[i];
		unsigned int len = ctxt->rc_payload_len[i];

		if (!ctxt->rc_payload_set[i])
			continue;
		keep[nr].r_off = start;
		keep[nr].r_len = off - start;
		*body_len += keep[nr++].r_len;
		start = min(off + xdr_align_size(len), res->len);
	}
	keep[nr].r_off = start;
	keep[nr].r_len = res->len - start;
	*body_len += keep[nr++].r_len;
	return nr;
}

/*
 * Push each announced payload into its Write chunk. A chunk too small
 * for its payload is noted in @e for Version 2 (v2-07, Section 7.3.4).
 */
static int svcrdma_write_payloads(struct svcrdma_xprt *sx,
				  struct svcrdma_send_ctxt *sc,
				  const struct svcrdma_recv_ctxt *ctxt,
				  const struct xdr_buf *res,
				  struct rpcrdma_v2_error *e)
{
	const struct rpcrdma_write_list *in = &ctxt->rc_msg.m1_chunks.ch_writes;
	struct rpcrdma_write_list *out = &sc->sc_msg.m1_chunks.ch_writes;
	struct svcrdma_range r;
	unsigned int i;
	int ret;

	out->wl_nchunks = in->wl_nchunks;
	for (i = 0; i < in->wl_nchunks; i++) {
		r.r_off = ctxt->rc_payload_off[i];
		r.r_len = ctxt->rc_payload_set[i] ? ctxt->rc_payload_len[i] : 0;
		ret = svcrdma_write_ranges(sx, sc, res, &r, 1,
					   &in->wl_chunks[i],
					   &out->wl_chunks[i]);
		if (ret == -EMSGSIZE) {
			e->e2_code = RPCRDMA2_ERR_WRITE_RESOURCE;
			e->e2_chunk_index = i + 1;
			e->e2_length_needed = r.r_len;
		}
		if (ret)
			return ret;
		if (r.r_len) {
			svcrdma_stat_inc(SVCRDMA_STAT_WRITE_CHUNKS);
			svcrdma_stat_add(SVCRDMA_STAT_WRITE_BYTES, r.r_len);
		}
	}
	return 0;
}

struct svcrdma_copy {
	u8		*cp_dst;
};

static int svcrdma_copy_piece(void *arg, struct page *page, unsigned int off,
			      unsigned int len)
{
	struct svcrdma_copy *cp = arg;

	memcpy_from_page(cp->cp_dst, page, off, len);
	cp->cp_dst += len;
	return 0;
}

/*
 * Append @len bytes of the reduced message (the ranges @keep), from
 * byte @skip of it on, to what @sc's buffer holds.
 */
static int svcrdma_copy_body(struct svcrdma_send_ctxt *sc,
			     const struct xdr_buf *res,
			     const struct svcrdma_range *keep,
			     unsigned int nr, unsigned int skip,
			     unsigned int len)
{
	struct svcrdma_copy cp = { .cp_dst = sc->sc_buf + sc->sc_len };
	unsigned int i, n;
	int ret;

	for (i = 0; i < nr && len; i++) {
		if (skip >= keep[i].r_len) {
			skip -= keep[i].r_len;
			continue;
		}
		n = min(len, keep[i].r_len - skip);
		ret = svcrdma_walk_xdr(res, keep[i].r_off + skip, n,
				       svcrdma_copy_piece, &cp);
		if (ret)
			return ret;
		skip = 0;
		len -= n;
	}
	if (len)
		return -EINVAL;
	sc->sc_len = cp.cp_dst - (u8 *)sc->sc_buf;
	return 0;
}

static int svcrdma_copy_inline(struct svcrdma_send_ctxt *sc,
			       const struct xdr_buf *res,
			       const struct svcrdma_range *keep,
			       unsigned int nr)
{
	unsigned int i, body = 0;

	for (i = 0; i < nr; i++)
		body += keep[i].r_len;
	return svcrdma_copy_body(sc, res, keep, nr, 0, body);
}

static bool svcrdma_reply_v2(const struct rpcrdma_v1_msg *msg)
{
	return msg->m1_prefix.px_vers == RPCRDMA_VERSION_2;
}

static size_t svcrdma_hdr_size(const struct rpcrdma_v1_msg *msg)
{
	if (svcrdma_reply_v2(msg))
		return rpcrdma_v2_msg_size(msg, false);
	return rpcrdma_v1_hdr_size(msg);
}

static int svcrdma_encode_hdr(struct svcrdma_xprt *sx,
			      struct svcrdma_send_ctxt *sc)
{
	unsigned int send = READ_ONCE(sx->sx_send_size);
	enum rpcrdma_codec_err err;
	size_t len;

	if (svcrdma_reply_v2(&sc->sc_msg))
		err = rpcrdma_v2_encode_msg(&sc->sc_msg, false, 0, sc->sc_buf,
					    send, &len);
	else
		err = rpcrdma_v1_encode(&sc->sc_msg, sc->sc_buf, send, &len);
	if (err)
		return -EMSGSIZE;
	sc->sc_len = len;
	return 0;
}

/*
 * Everything but the payloads: inline, or else through the Reply chunk.
 * When neither will do, @e says so for Version 2 (v2-07, Section 7.3.5).
 *
 * The Reply chunk is required only for a reduced Reply that does not
 * fit inline (v2-07, Section 6.6.3; RFC 5666, Section 5.2); one that
 * fits goes inline unless reply_chunk_always is set (svcrdma.rst,
 * "Reply path", says why); even then, a Reply chunk too small for it
 * is no error, and the Reply goes inline.
 */
static int svcrdma_reply_body(struct svcrdma_xprt *sx,
			      struct svcrdma_send_ctxt *sc,
			      const struct svcrdma_recv_ctxt *ctxt,
			      const struct xdr_buf *res,
			      struct rpcrdma_v2_error *e)
{
	const struct rpcrdma_chunks *call = &ctxt->rc_msg.m1_chunks;
	struct rpcrdma_v1_msg *msg = &sc->sc_msg;
	struct svcrdma_range keep[SVCRDMA_MAX_RANGES];
	unsigned int body;
	bool fits;
	int nr, ret;

	nr = svcrdma_reduce(ctxt, res, keep, &body);
	if (nr < 0)
		return nr;
	fits = svcrdma_hdr_size(msg) + body <= READ_ONCE(sx->sx_send_size);
	if (call->ch_has_reply &&
	    (!fits || (READ_ONCE(svcrdma_reply_chunk_always) &&
		       body <= rpcrdma_write_chunk_length(&call->ch_reply)))) {
		/* RFC 8166, Section 3.5.3: Long Reply (v2-07: Special) */
		ret = svcrdma_write_ranges(sx, sc, res, keep, nr,
					   &call->ch_reply,
					   &msg->m1_chunks.ch_reply);
		if (ret == -EMSGSIZE) {
			e->e2_code = RPCRDMA2_ERR_REPLY_RESOURCE;
			e->e2_length_needed = body;
		}
		if (ret)
			return ret;
		msg->m1_chunks.ch_has_reply = true;
		msg->m1_prefix.px_proc = RPCRDMA1_NOMSG;
		svcrdma_stat_inc(SVCRDMA_STAT_REPLY_CHUNKS);
		svcrdma_stat_add(SVCRDMA_STAT_REPLY_BYTES, body);
		return svcrdma_encode_hdr(sx, sc);
	}
	if (fits) {
		ret = svcrdma_encode_hdr(sx, sc);
		if (!ret)
			ret = svcrdma_copy_inline(sc, res, keep, nr);
		if (!ret)
			svcrdma_stat_inc(SVCRDMA_STAT_SEND_INLINE);
		return ret;
	}
	e->e2_code = RPCRDMA2_ERR_REPLY_RESOURCE;
	e->e2_length_needed = body;
	return -EMSGSIZE;
}

/*
 * The Reply's header, its payloads in their Write chunks and the rest
 * inline or in the Reply chunk. Static unless CONFIG_KUNIT: the KUnit
 * suite svcrdma_reply_placement calls it.
 */
VISIBLE_IF_KUNIT int svcrdma_reply_build(struct svcrdma_xprt *sx,
					 struct svcrdma_send_ctxt *sc,
					 struct svcrdma_recv_ctxt *ctxt,
					 const struct xdr_buf *res,
					 struct rpcrdma_v2_error *e)
{
	struct rpcrdma_v1_msg *msg = &sc->sc_msg;
	int ret;

	svcrdma_payloads_check(ctxt, res);
	memset(msg, 0, sizeof(*msg));
	msg->m1_prefix.px_xid = ctxt->rc_msg.m1_prefix.px_xid;
	/* A Reply has its Call's version (v2-07, Section 4.3.3) */
	if (svcrdma_reply_v2(&ctxt->rc_msg)) {
		msg->m1_prefix.px_vers = RPCRDMA_VERSION_2;
		msg->m1_prefix.px_credits = svcrdma_v2_credit(sx);
	} else {
		msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
		msg->m1_prefix.px_credits = svcrdma_credits(sx);
	}
	msg->m1_prefix.px_proc = RPCRDMA1_MSG;
	ret = svcrdma_write_payloads(sx, sc, ctxt, res, e);
	if (ret)
		return ret;
	return svcrdma_reply_body(sx, sc, ctxt, res, e);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_reply_build);

/* A REPLY_MIDDLE header: the prefix and rdma_remaining (Section 6.3.9) */
#define SVCRDMA_V2_MIDDLE_HDR	RPCRDMA2_MIDDLE_HDR_SIZE

/*
 * Bytes of the body in the next REPLY_MIDDLE when @left remain: as many
 * as fit (@mid), leaving the REPLY_INLINE at least one XDR unit, since
 * every MIDDLE and INLINE carries at least rdma_rpc_first_word.
 */
static unsigned int svcrdma_cont_take(unsigned int left, unsigned int mid)
{
	return min(mid, left - RPCRDMA_XDR_UNIT);
}

/* Sends a continued Reply needs; more than SVCRDMA_V2_CONT_MAX: too many */
static unsigned int svcrdma_cont_count(unsigned int body, unsigned int mid,
				       unsigned int fin)
{
	unsigned int n = 1;

	while (body > fin && n <= SVCRDMA_V2_CONT_MAX) {
		body -= svcrdma_cont_take(body, mid);
		n++;
	}
	return n;
}

/* Fill part @i of @n of a continued Reply; @off: body bytes sent before */
static int svcrdma_cont_build(struct svcrdma_xprt *sx,
			      struct svcrdma_send_ctxt *first,
			      struct svcrdma_send_ctxt *p,
			      const struct xdr_buf *res,
			      const struct svcrdma_range *keep,
			      unsigned int nr, unsigned int body,
			      unsigned int *off, bool last, unsigned int send)
{
	struct rpcrdma_v2_msg *m2 = &sx->sx_v2->v2_cont;
	unsigned int mid = round_down(send - SVCRDMA_V2_MIDDLE_HDR,
				      RPCRDMA_XDR_UNIT);
	unsigned int n;
	size_t len;

	if (last) {
		/* The REPLY_INLINE: Write list and the rest (Section 6.3.10) */
		first->sc_msg.m1_prefix.px_credits = svcrdma_v2_credit(sx);
		if (rpcrdma_v2_encode_msg(&first->sc_msg, false, 0, p->sc_buf,
					  send, &len))
			return -EMSGSIZE;
		n = body - *off;
	} else {
		n = svcrdma_cont_take(body - *off, mid);
		m2->m2_prefix.px_xid = first->sc_msg.m1_prefix.px_xid;
		m2->m2_prefix.px_vers = RPCRDMA_VERSION_2;
		m2->m2_prefix.px_credits = svcrdma_v2_credit(sx);
		m2->m2_prefix.px_proc = RPCRDMA2_REPLY_MIDDLE;
		m2->m2_remaining = body - *off - n;
		if (rpcrdma_v2_encode(m2, p->sc_buf, send, &len))
			return -EMSGSIZE;
	}
	p->sc_len = len;
	if (len + n > send)
		return -EMSGSIZE;
	*off += n;
	return svcrdma_copy_body(p, res, keep, nr, *off - n, n);
}

/*
 * Post the parts in order, under v2_send_sem held for write: nothing
 * else may be sent between them (v2-07, Section 4.1). Each takes a
 * credit (Section 4.2.1) without waiting: the caller saw enough for all
 * of them under the write side, where no other Send takes one, so a
 * part finds none only if the client took its credit back meanwhile
 * (its rdma_credit may go down); waiting here would hold every Send of
 * the connection behind the write side. A failure here leaves a Reply
 * half sent, so the connection is closed (Section 7.4); the parts not
 * posted are released.
 */
static int svcrdma_cont_post(struct svcrdma_xprt *sx,
			     struct svcrdma_send_ctxt **parts,
			     unsigned int n,
			     const struct svcrdma_recv_ctxt *ctxt)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		ret = svcrdma_v2_take_credit(sx, false);
		if (ret) {
			svcrdma_v2_credit_none(sx);
			break;
		}
		/* v2-07, Section 6.5: the last Send ends the Reply */
		ret = __svcrdma_send_post(sx, parts[i], ctxt->rc_inv_rkey,
					  i == n - 1 && ctxt->rc_inv_valid);
		if (ret) {
			i++;
			break;
		}
	}
	for (; i < n; i++)
		svcrdma_send_ctxt_put(sx, parts[i]);
	return ret;
}

/*
 * Send a Version 2 Reply with Message Continuation (v2-07, Section
 * 6.6.4). @sc holds the Write-chunk RDMA Writes and the Write list; it
 * becomes the first REPLY_MIDDLE, so the Writes go first.
 *
 * Return: -EMSGSIZE when the Reply was not sent (@sc is still the
 * caller's, @e says what to answer); otherwise @sc is consumed and the
 * result is 0, or the errno of a failure that closes the connection.
 */
static int svcrdma_reply_cont(struct svcrdma_xprt *sx,
			      struct svcrdma_send_ctxt *sc,
			      const struct svcrdma_recv_ctxt *ctxt,
			      const struct xdr_buf *res,
			      struct rpcrdma_v2_error *e)
{
	struct svcrdma_send_ctxt *parts[SVCRDMA_V2_CONT_MAX];
	struct svcrdma_range keep[SVCRDMA_MAX_RANGES];
	unsigned int send = READ_ONCE(sx->sx_send_size);
	struct rpcrdma_v1_msg *msg = &sc->sc_msg;
	struct svcrdma_v2 *v2 = sx->sx_v2;
	unsigned int body, fin, n, i, got, off = 0;
	size_t hdr;
	int nr, ret;

	nr = svcrdma_reduce(ctxt, res, keep, &body);
	msg->m1_prefix.px_proc = RPCRDMA1_MSG;
	msg->m1_chunks.ch_has_reply = false;
	hdr = rpcrdma_v2_msg_size(msg, false);
	if (!hdr || send < SVCRDMA_V2_MIDDLE_HDR + 2 * RPCRDMA_XDR_UNIT ||
	    send < hdr + 2 * RPCRDMA_XDR_UNIT)
		return -EMSGSIZE;
	fin = send - hdr;
	n = svcrdma_cont_count(body, round_down(send - SVCRDMA_V2_MIDDLE_HDR,
						RPCRDMA_XDR_UNIT), fin);
	if (n < 2 || n > SVCRDMA_V2_CONT_MAX)
		return -EMSGSIZE;

	down_write(&v2->v2_send_sem);
	/* All of them now, or the Reply would wait holding the Send side */
	if (rpcrdma_v2_window(atomic_read(&v2->v2_sent),
			      READ_ONCE(v2->v2_limit)) < n) {
		up_write(&v2->v2_send_sem);
		return -EMSGSIZE;
	}
	parts[0] = sc;
	for (got = 1; got < n; got++) {
		parts[got] = svcrdma_send_ctxt_get(sx);
		if (!parts[got])
			goto out_system;
	}
	memset(&v2->v2_cont, 0, sizeof(v2->v2_cont));
	for (i = 0; i < n; i++)
		if (svcrdma_cont_build(sx, sc, parts[i], res, keep, nr, body,
				       &off, i == n - 1, send))
			goto out_system;
	ret = svcrdma_cont_post(sx, parts, n, ctxt);
	up_write(&v2->v2_send_sem);
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_REPLIES);
	svcrdma_stat_add(SVCRDMA_STAT_V2_CONT_SENT, n);
	trace_svcrdma_v2_cont_reply(sx, msg->m1_prefix.px_xid, body, n);
	/* Posting started: whatever failed has closed the connection */
	return ret == -EMSGSIZE ? -EIO : ret;

out_system:
	up_write(&v2->v2_send_sem);
	/* Nothing was posted: the first part stays with the caller */
	while (--got > 0)
		svcrdma_send_ctxt_put(sx, parts[got]);
	*e = (struct rpcrdma_v2_error){ .e2_code = RPCRDMA2_ERR_SYSTEM };
	return -EMSGSIZE;
}

/* Build and send the Reply, or the error that replaces it */
static int __svcrdma_sendto(struct svc_rqst *rqstp)
{
	struct svcrdma_xprt *sx = svcrdma_sx(rqstp->rq_xprt);
	struct svcrdma_recv_ctxt *ctxt = rqstp->rq_xprt_ctxt;
	struct rpcrdma_v2_error e = { .e2_code = RPCRDMA2_ERR_SYSTEM };
	struct svcrdma_send_ctxt *sc;
	bool v2;
	u32 xid;
	int ret;

	if (!ctxt)
		return -EINVAL;
	xid = ctxt->rc_msg.m1_prefix.px_xid;
	v2 = svcrdma_reply_v2(&ctxt->rc_msg);
	if (svc_xprt_is_dead(&sx->sx_xprt))
		return -ENOTCONN;
	sc = svcrdma_send_ctxt_get(sx);
	if (!sc)
		return -ENOMEM;

	ret = svcrdma_reply_build(sx, sc, ctxt, &rqstp->rq_res, &e);
	/*
	 * RFC 8267, Section 6.4.2: a Reply whose Writes and Send need
	 * more work requests than the Send queue can ever hold cannot be
	 * sent into these chunks: ERR_CHUNK rather than a closed
	 * connection. Version 2 has no error for it that fits and keeps
	 * the close (svcrdma_sq_reserve() refuses the post).
	 */
	if (!ret && !v2 && 1 + svcrdma_rw_wrs(&sc->sc_rw) > sx->sx_sq_depth)
		ret = -EMSGSIZE;
	trace_svcrdma_sendto(sx, sx->sx_sq_cq_id, sc->sc_cid, xid,
			     rqstp->rq_res.len, ret);
	if (ret == -EMSGSIZE && v2 &&
	    e.e2_code == RPCRDMA2_ERR_REPLY_RESOURCE) {
		/* v2-07, Section 6.6.4: Message Continuation first */
		ret = svcrdma_reply_cont(sx, sc, ctxt, &rqstp->rq_res, &e);
		if (ret != -EMSGSIZE)
			return ret;
	}
	if (ret) {
		svcrdma_send_ctxt_put(sx, sc);
		if (ret != -EMSGSIZE)
			return ret;
		if (v2) {
			/* v2-07, Sections 7.3.4 and 7.3.5 */
			svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e, true);
			return 0;
		}
		/* RFC 8166, Section 4.5.3: the client's chunks are too small */
		svcrdma_send_error(sx, xid, RPCRDMA_CE_TOO_LONG, true);
		return 0;
	}
	return svcrdma_send_post(sx, sc, ctxt->rc_inv_rkey,
				 ctxt->rc_inv_valid);
}

/**
 * svcrdma_sendto - xpo_sendto: send the Reply to a Call
 * @rqstp: the request; rq_res holds the RPC Reply
 *
 * Return: 0 or a negative errno (the Reply was not sent).
 */
int svcrdma_sendto(struct svc_rqst *rqstp)
{
	struct svcrdma_xprt *sx = svcrdma_sx(rqstp->rq_xprt);
	int ret;

	ret = __svcrdma_sendto(rqstp);
	if (sx->sx_v2 && rqstp->rq_xprt_ctxt)
		svcrdma_v2_call_done(sx, rqstp->rq_xprt_ctxt);
	return ret;
}
