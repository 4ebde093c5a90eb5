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
 *    (Section 3.5.3.2);
 *  - a Reply that fits neither is answered with ERR_CHUNK
 *    (Section 4.5.2).
 *
 * Version 2 (v2-07) Replies are built the same way and encoded as
 * RDMA2_REPLY_INLINE or RDMA2_REPLY_EXTERNAL. Where Version 1 answers
 * ERR_CHUNK, Version 2 answers RDMA2_ERR_WRITE_RESOURCE for a Write
 * chunk too small for its result (Section 7.3.4) and
 * RDMA2_ERR_REPLY_RESOURCE, with the Reply chunk size needed, for a
 * Reply that fits neither inline nor the Reply chunk (Section 7.3.5).
 */

#include <linux/slab.h>
#include <linux/highmem.h>
#include <linux/sunrpc/xdr.h>

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
 * 3.4.6); with no Write chunk left it simply stays in the message.
 *
 * Return: 0.
 */
int svcrdma_result_payload(struct svc_rqst *rqstp, unsigned int offset,
			   unsigned int length)
{
	struct svcrdma_recv_ctxt *ctxt = rqstp->rq_xprt_ctxt;
	unsigned int i;

	if (!ctxt)
		return 0;
	i = ctxt->rc_payloads;
	if (i >= ctxt->rc_msg.m1_chunks.ch_writes.wl_nchunks)
		return 0;
	ctxt->rc_payload_off[i] = offset;
	ctxt->rc_payload_len[i] = length;
	ctxt->rc_payload_set[i] = true;
	ctxt->rc_payloads++;
	return 0;
}

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
			ws->ws_rw = svcrdma_rw_alloc(DIV_ROUND_UP(n, PAGE_SIZE) +
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

static int svcrdma_copy_inline(struct svcrdma_send_ctxt *sc,
			       const struct xdr_buf *res,
			       const struct svcrdma_range *keep,
			       unsigned int nr)
{
	struct svcrdma_copy cp = { .cp_dst = sc->sc_buf + sc->sc_len };
	unsigned int i;
	int ret;

	for (i = 0; i < nr; i++) {
		ret = svcrdma_walk_xdr(res, keep[i].r_off, keep[i].r_len,
				       svcrdma_copy_piece, &cp);
		if (ret)
			return ret;
	}
	sc->sc_len = cp.cp_dst - (u8 *)sc->sc_buf;
	return 0;
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
	int nr, ret;

	nr = svcrdma_reduce(ctxt, res, keep, &body);
	if (nr < 0)
		return nr;
	if (svcrdma_hdr_size(msg) + body <= READ_ONCE(sx->sx_send_size)) {
		ret = svcrdma_encode_hdr(sx, sc);
		if (!ret)
			ret = svcrdma_copy_inline(sc, res, keep, nr);
		if (!ret)
			svcrdma_stat_inc(SVCRDMA_STAT_SEND_INLINE);
		return ret;
	}
	e->e2_code = RPCRDMA2_ERR_REPLY_RESOURCE;
	e->e2_length_needed = body;
	if (!call->ch_has_reply)
		return -EMSGSIZE;
	/* RFC 8166, Section 3.5.3.2: Long Reply (v2-07: Special Format) */
	ret = svcrdma_write_ranges(sx, sc, res, keep, nr, &call->ch_reply,
				   &msg->m1_chunks.ch_reply);
	if (ret)
		return ret;
	e->e2_code = RPCRDMA2_ERR_SYSTEM;
	msg->m1_chunks.ch_has_reply = true;
	msg->m1_prefix.px_proc = RPCRDMA1_NOMSG;
	svcrdma_stat_inc(SVCRDMA_STAT_REPLY_CHUNKS);
	svcrdma_stat_add(SVCRDMA_STAT_REPLY_BYTES, body);
	return svcrdma_encode_hdr(sx, sc);
}

static int svcrdma_reply_build(struct svcrdma_xprt *sx,
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
	trace_svcrdma_sendto(sx, xid, rqstp->rq_res.len, ret);
	if (ret) {
		svcrdma_send_ctxt_put(sx, sc);
		if (ret != -EMSGSIZE)
			return ret;
		if (v2) {
			/* v2-07, Sections 7.3.4 and 7.3.5 */
			svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e);
			return 0;
		}
		/* RFC 8166, Section 4.5.2: the client's chunks are too small */
		svcrdma_send_error(sx, xid, RPCRDMA_CE_TOO_LONG);
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
