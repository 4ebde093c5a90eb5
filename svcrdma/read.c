// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: pulling Read chunks (RFC 8166, Section 3.4.5).
 *
 * The common case, one data-item chunk (every NFS WRITE), keeps the
 * inline bytes before and after the chunk in the Receive buffer as
 * rq_arg's head and tail and fetches only the data, page-aligned, into
 * rq_pages, followed by the XDR pad the client left out (RFC 8166,
 * Section 3.4.4.4). Anything else (a Position-zero chunk, or several
 * chunks) is rebuilt as one XDR stream in rq_pages: inline bytes up to a
 * chunk's position, the chunk, its pad, and so on in Read-list position
 * order, then the rest of the inline bytes. A Long Call with data-item
 * chunks is rebuilt the same way, its RPC message read piece by piece
 * from the Position-zero chunk where the inline bytes would be.
 *
 * Reads are posted as one chain whose last work request signals. The
 * thread does not wait for them: the pages the Reads fill move from the
 * request (rq_pages) to the Read's context, the thread returns to nfsd,
 * and the completion queues the context on the connection and enqueues
 * it, so that the next xpo_recvfrom moves the pages back into that
 * thread's request and hands the finished Call to nfsd. Other Calls of
 * the connection are served meanwhile: a round trip per Call with a
 * thread or the connection held would serialise every NFS WRITE of a
 * client. At most SVCRDMA_READS_DEFERRED_MAX Calls of one connection
 * are so deferred, which bounds the pages one client can pin; past that
 * a thread waits for its Reads holding the connection (XPT_BUSY), so
 * that connection hands out no further Call until they are done. The
 * device enforces the negotiated initiator depth (ORD) on the Reads.
 */

#include <linux/slab.h>
#include <linux/highmem.h>
#include <linux/overflow.h>
#include <linux/sunrpc/xdr.h>

#include <kunit/visibility.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"
#include "trace.h"

/**
 * struct svcrdma_rbuild - building a Call from inline bytes and chunks
 * @rb_rqstp: request whose pages receive the Call (while it is built)
 * @rb_sx: the connection
 * @rb_ctxt: the Receive holding the Call's transport header
 * @rb_node: entry on the connection's @sx_reads_done
 * @rb_page: current page index in rq_pages
 * @rb_off: offset in that page
 * @rb_maxpage: first page index the Call may not use
 * @rb_len: bytes of the Call so far
 * @rb_inl: inline part of the Call (in the Receive buffer)
 * @rb_inl_len: its length (0 for RDMA_NOMSG)
 * @rb_pos0: position of the first chunk
 * @rb_split: one data-item chunk (see svcrdma_rb_set_split())
 * @rb_wrs: Send queue entries reserved for the Reads
 * @rb_rws: RDMA Reads to post
 * @rb_cqe: completion of the last Read
 * @rb_cid: its completion id (trace events)
 * @rb_done: signalled by @rb_cqe when the thread waits
 * @rb_status: completion status
 * @rb_orphaned: a post failed part way: the connection owns this (see
 *	svcrdma_rb_orphan())
 * @rb_npages: pages held in @rb_pages while the Reads are deferred
 * @rb_pages: those pages, taken from rq_pages[0..@rb_npages)
 */
struct svcrdma_rbuild {
	struct svc_rqst		*rb_rqstp;
	struct svcrdma_xprt	*rb_sx;
	struct svcrdma_recv_ctxt *rb_ctxt;
	struct list_head	rb_node;
	unsigned int		rb_page;
	unsigned int		rb_off;
	unsigned int		rb_maxpage;
	unsigned int		rb_len;
	const u8		*rb_inl;
	unsigned int		rb_inl_len;
	unsigned int		rb_pos0;
	bool			rb_split;
	unsigned int		rb_wrs;
	struct list_head	rb_rws;
	struct ib_cqe		rb_cqe;
	u32			rb_cid;
	struct completion	rb_done;
	enum ib_wc_status	rb_status;
	bool			rb_orphaned;
	unsigned int		rb_npages;
	struct page		*rb_pages[] __counted_by(rb_maxpage);
};

/* Advance the cursor by up to one page; returns the bytes it may take. */
static int svcrdma_rb_span(struct svcrdma_rbuild *rb, unsigned int len)
{
	if (rb->rb_off == PAGE_SIZE) {
		rb->rb_page++;
		rb->rb_off = 0;
	}
	if (rb->rb_page >= rb->rb_maxpage)
		return -EMSGSIZE;
	return min_t(unsigned int, len, PAGE_SIZE - rb->rb_off);
}

static void svcrdma_rb_advance(struct svcrdma_rbuild *rb, unsigned int n)
{
	rb->rb_off += n;
	rb->rb_len += n;
}

/* Copy inline bytes (or zeroes when @src is NULL) at the cursor. */
static int svcrdma_rb_copy(struct svcrdma_rbuild *rb, const void *src,
			   unsigned int len)
{
	while (len) {
		int n = svcrdma_rb_span(rb, len);
		void *dst;

		if (n < 0)
			return n;
		dst = page_address(rb->rb_rqstp->rq_pages[rb->rb_page]) +
		      rb->rb_off;
		if (src) {
			memcpy(dst, src, n);
			src += n;
		} else {
			memset(dst, 0, n);
		}
		svcrdma_rb_advance(rb, n);
		len -= n;
	}
	return 0;
}

/*
 * Queue an RDMA Read of one segment into the pages at the cursor; it is
 * DMA-mapped once the whole Call is laid out (svcrdma_rb_map()).
 */
static int svcrdma_rb_segment(struct svcrdma_rbuild *rb,
			      const struct rpcrdma_segment *seg)
{
	unsigned int len = seg->rs_length;
	struct svcrdma_rw *rw;
	int ret;

	rw = svcrdma_rw_alloc(rb->rb_sx, DIV_ROUND_UP(len, PAGE_SIZE) + 1);
	if (!rw)
		return -ENOMEM;
	list_add_tail(&rw->rw_node, &rb->rb_rws);
	while (len) {
		int n = svcrdma_rb_span(rb, len);

		if (n < 0)
			return n;
		ret = svcrdma_rw_add(rw, rb->rb_rqstp->rq_pages[rb->rb_page],
				     rb->rb_off, n);
		if (ret)
			return ret;
		svcrdma_rb_advance(rb, n);
		len -= n;
	}
	rw->rw_handle = seg->rs_handle;
	rw->rw_offset = seg->rs_offset;
	return 0;
}

/*
 * Map the pages for the Reads only after every inline byte and pad has
 * been copied in beside them: the CPU must not write a cache line the
 * device is to write (on a device that does not snoop caches the unmap
 * would write the line back over the data, or throw the copy away).
 */
static int svcrdma_rb_map(struct svcrdma_rbuild *rb)
{
	struct svcrdma_rw *rw;
	int ret;

	list_for_each_entry(rw, &rb->rb_rws, rw_node) {
		ret = svcrdma_rw_init(rb->rb_sx, rw, rw->rw_handle,
				      rw->rw_offset, DMA_FROM_DEVICE);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Add one chunk: segments [@first, @end) of the Read list, which share
 * a position. Returns the chunk's length or a negative errno.
 */
static int svcrdma_rb_chunk(struct svcrdma_rbuild *rb,
			    const struct rpcrdma_read_list *rl,
			    unsigned int first, unsigned int end)
{
	unsigned int i, len = 0;
	int ret;

	for (i = first; i < end; i++) {
		if (!rl->rl_segs[i].rr_seg.rs_length)
			continue;
		ret = svcrdma_rb_segment(rb, &rl->rl_segs[i].rr_seg);
		if (ret)
			return ret;
		len += rl->rl_segs[i].rr_seg.rs_length;
	}
	/* RFC 8166, Section 3.4.4.4: the XDR pad is not in the chunk */
	ret = svcrdma_rb_copy(rb, NULL, xdr_pad_size(len));
	return ret ? ret : len;
}

/*
 * Put octets [@off, @off + @len) of the RPC message proper at the
 * cursor. Inline, they are copied from the Receive; in a Long Call with
 * data-item chunks (@pz_end, the number of Position-zero segments, not
 * zero) they are read from that range of the Position-zero chunk, one
 * RDMA Read per segment piece.
 */
static int svcrdma_rb_body(struct svcrdma_rbuild *rb,
			   const struct rpcrdma_read_list *rl,
			   unsigned int pz_end, unsigned int off,
			   unsigned int len)
{
	unsigned int i;
	int ret;

	if (!pz_end)
		return svcrdma_rb_copy(rb, rb->rb_inl + off, len);
	for (i = 0; i < pz_end && len; i++) {
		const struct rpcrdma_segment *seg = &rl->rl_segs[i].rr_seg;
		struct rpcrdma_segment piece;

		if (off >= seg->rs_length) {
			off -= seg->rs_length;
			continue;
		}
		/* The codec checked that rs_offset + rs_length does not wrap */
		piece.rs_handle = seg->rs_handle;
		piece.rs_length = min(len, seg->rs_length - off);
		piece.rs_offset = seg->rs_offset + off;
		ret = svcrdma_rb_segment(rb, &piece);
		if (ret)
			return ret;
		len -= piece.rs_length;
		off = 0;
	}
	return len ? -EINVAL : 0;
}

/*
 * Lay out the RPC message and the data-item chunks in position order.
 * The message is the Receive's inline bytes, or (@pz_end not zero) the
 * Position-zero chunk, @body_len octets either way; its Read segments
 * are rl_segs[0, @pz_end), and the data items follow them. Positions
 * count from the start of the whole Call, data items included (RFC
 * 8166, Section 3.4.5), so each gap is the message bytes between the
 * previous data item and this one.
 */
static int svcrdma_rb_layout(struct svcrdma_rbuild *rb,
			     const struct rpcrdma_read_list *rl,
			     unsigned int pz_end, unsigned int body_len)
{
	unsigned int i = pz_end, end, used = 0, pos, gap;
	int ret;

	while (i < rl->rl_nsegs) {
		pos = rl->rl_segs[i].rr_position;
		for (end = i + 1; end < rl->rl_nsegs; end++)
			if (rl->rl_segs[end].rr_position != pos)
				break;
		if (pos < rb->rb_len || pos - rb->rb_len > body_len - used)
			return -EINVAL;
		gap = pos - rb->rb_len;
		ret = svcrdma_rb_body(rb, rl, pz_end, used, gap);
		if (ret)
			return ret;
		used += gap;
		ret = svcrdma_rb_chunk(rb, rl, i, end);
		if (ret < 0)
			return ret;
		i = end;
	}
	return svcrdma_rb_body(rb, rl, pz_end, used, body_len - used);
}

static void svcrdma_read_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_rbuild *rb =
		container_of(wc->wr_cqe, struct svcrdma_rbuild, rb_cqe);

	trace_svcrdma_read_done(rb->rb_sx, rb->rb_sx->sx_sq_cq_id, rb->rb_cid,
				wc);
	rb->rb_status = wc->status;
	complete(&rb->rb_done);
}

/*
 * The Reads of a deferred Call are done (or flushed): queue the Call for
 * the next xpo_recvfrom. During teardown the transport is dead and
 * keeps XPT_BUSY, so the enqueue does nothing, and the drained QP's
 * last completions leave their Calls on the list for
 * svcrdma_reads_flush().
 */
static void svcrdma_read_done_deferred(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_rbuild *rb =
		container_of(wc->wr_cqe, struct svcrdma_rbuild, rb_cqe);
	struct svcrdma_xprt *sx = rb->rb_sx;

	trace_svcrdma_read_done(sx, sx->sx_sq_cq_id, rb->rb_cid, wc);
	rb->rb_status = wc->status;
	svcrdma_sq_release(sx, rb->rb_wrs);
	/* XPT_DATA changes only under sx_lock, so no wakeup is lost. */
	spin_lock(&sx->sx_lock);
	list_add_tail(&rb->rb_node, &sx->sx_reads_done);
	set_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
	spin_unlock(&sx->sx_lock);
	svc_xprt_enqueue(&sx->sx_xprt);
}

static unsigned int svcrdma_rb_pages(const struct svcrdma_rbuild *rb)
{
	return max(rb->rb_page + (rb->rb_off ? 1 : 0), 1U);
}

/*
 * Move the pages under I/O from the request to @rb, or back (the rules
 * are in compat.h, above rpcrdma_svc_call_taken()). The request's
 * emptied slots get the connection's spare pages while it has some
 * (SVCRDMA_SPARE_PAGES); svc_alloc_arg() refills the ones left NULL
 * before the thread takes its next Call.
 */
static void svcrdma_rb_take_pages(struct svcrdma_rbuild *rb,
				  struct svc_rqst *rqstp)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	unsigned int i;

	rb->rb_npages = svcrdma_rb_pages(rb);
	spin_lock(&sx->sx_spare_lock);
	for (i = 0; i < rb->rb_npages; i++) {
		rb->rb_pages[i] = rqstp->rq_pages[i];
		rqstp->rq_pages[i] = sx->sx_nspare ?
				     sx->sx_spare[--sx->sx_nspare] : NULL;
	}
	spin_unlock(&sx->sx_spare_lock);
	svcrdma_live_add(SVCRDMA_LIVE_PAGES, rb->rb_npages);
	rpcrdma_svc_call_taken(rqstp, rb->rb_npages);
}

/*
 * Give @rb's pages to @rqstp. A thread of the same service takes them,
 * so its rq_pages has at least rb_npages slots (rb_maxpage came from a
 * request of that service). Each page they replace becomes a spare if
 * the request held the only reference to it and there is room; any
 * other is put.
 */
static void svcrdma_rb_give_pages(struct svcrdma_rbuild *rb,
				  struct svc_rqst *rqstp)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	struct page *page;
	unsigned int i;

	spin_lock(&sx->sx_spare_lock);
	for (i = 0; i < rb->rb_npages; i++) {
		page = rqstp->rq_pages[i];
		rqstp->rq_pages[i] = rb->rb_pages[i];
		rb->rb_pages[i] = NULL;
		if (!page)
			continue;
		if (sx->sx_nspare < SVCRDMA_SPARE_PAGES &&
		    page_ref_count(page) == 1)
			sx->sx_spare[sx->sx_nspare++] = page;
		else
			put_page(page);
	}
	spin_unlock(&sx->sx_spare_lock);
	svcrdma_live_add(SVCRDMA_LIVE_PAGES, -(int)rb->rb_npages);
	rb->rb_npages = 0;
}

/**
 * svcrdma_spare_init - give a connection its spare page array
 * @sx: the transport
 *
 * Return: 0 or -ENOMEM.
 */
int svcrdma_spare_init(struct svcrdma_xprt *sx)
{
	spin_lock_init(&sx->sx_spare_lock);
	sx->sx_spare = kcalloc(SVCRDMA_SPARE_PAGES, sizeof(*sx->sx_spare),
			       GFP_KERNEL);
	return sx->sx_spare ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_spare_init);

/**
 * svcrdma_spare_release - put a connection's spare pages
 * @sx: the transport, which no request uses any more
 */
void svcrdma_spare_release(struct svcrdma_xprt *sx)
{
	while (sx->sx_nspare)
		put_page(sx->sx_spare[--sx->sx_nspare]);
	kfree(sx->sx_spare);
	sx->sx_spare = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_spare_release);

/*
 * The Reads are done: unmap their pages before anything reads them (a
 * Long Call's xid, then nfsd). With a bounce buffer (swiotlb) or caches
 * the device does not snoop, the data is in the pages only from here.
 */
static void svcrdma_rb_unmap(struct svcrdma_rbuild *rb)
{
	svcrdma_rw_release_list(rb->rb_sx, &rb->rb_rws);
}

/* Free @rb once its Reads are off the QP. */
static void svcrdma_rb_free(struct svcrdma_rbuild *rb)
{
	unsigned int i;

	svcrdma_rw_release_list(rb->rb_sx, &rb->rb_rws);
	for (i = 0; i < rb->rb_npages; i++)
		put_page(rb->rb_pages[i]);
	svcrdma_live_add(SVCRDMA_LIVE_PAGES, -(int)rb->rb_npages);
	kfree(rb);
}

/*
 * A chain was posted in part: the Reads ahead of @bad_wr are on the QP
 * and may still write into the Call's pages, and no completion will
 * tell us when they are done (only the last Read of a chain signals,
 * and it was not posted). Ownership: from here @rb, its Read contexts
 * (their DMA mappings) and the pages they target belong to the
 * connection, not to the request or the Receive. The pages are taken
 * out of the request if the thread still had them, so nfsd can neither
 * reuse nor free them; the QP goes to the error state at once, which
 * flushes the posted Reads; and @rb is released only by
 * svcrdma_reads_flush() after ib_drain_qp(), when no Read can write
 * anywhere any more. The Receive (@rb_ctxt) is no Read's target and
 * stays the caller's.
 */
static void svcrdma_rb_orphan(struct svcrdma_rbuild *rb,
			      struct svc_rqst *rqstp)
{
	struct svcrdma_xprt *sx = rb->rb_sx;

	if (rqstp)
		svcrdma_rb_take_pages(rb, rqstp);
	rb->rb_rqstp = NULL;
	rb->rb_ctxt = NULL;
	rb->rb_orphaned = true;
	svcrdma_qp_flush(sx);
	spin_lock(&sx->sx_lock);
	list_add_tail(&rb->rb_node, &sx->sx_reads_orphans);
	spin_unlock(&sx->sx_lock);
}

/*
 * Post the Reads, as one chain whose last work request signals @done.
 * @rqstp is the request whose pages the Reads fill, or NULL when @rb
 * holds them already.
 *
 * Return: 0; -EIO or the error of svcrdma_sq_reserve() when nothing
 * was posted (the connection is closing); -EINPROGRESS when part of
 * the chain was posted: the connection is closing and @rb now belongs
 * to it (svcrdma_rb_orphan()).
 */
static int svcrdma_rb_post(struct svcrdma_rbuild *rb,
			   struct svc_rqst *rqstp,
			   void (*done)(struct ib_cq *cq, struct ib_wc *wc))
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	const struct ib_send_wr *bad_wr;
	struct ib_send_wr *first;
	int ret;

	rb->rb_wrs = svcrdma_rw_wrs(&rb->rb_rws);
	ret = svcrdma_sq_reserve(sx, rb->rb_wrs);
	if (ret)
		return ret;
	rb->rb_cqe.done = done;
	first = svcrdma_rw_chain(sx, &rb->rb_rws, &rb->rb_cqe, NULL);
	ret = ib_post_send(sx->sx_qp, first, &bad_wr);
	if (!ret)
		return 0;
	trace_svcrdma_post_send_err(sx, ret);
	svc_xprt_deferred_close(&sx->sx_xprt);
	svcrdma_sq_release(sx, rb->rb_wrs);
	if (bad_wr == first)
		return -EIO;
	svcrdma_rb_orphan(rb, rqstp);
	return -EINPROGRESS;
}

/*
 * Post the Reads and let the thread go: the completion queues the Call.
 * Return: -EINPROGRESS (the Reads are posted: @rb belongs to them); a
 * negative errno when the connection is closing: nothing was posted
 * and the pages are back in the request, or (@rb_orphaned) part was
 * and @rb belongs to the connection.
 */
static int svcrdma_rb_defer(struct svcrdma_rbuild *rb)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	struct svc_rqst *rqstp = rb->rb_rqstp;
	int ret;

	/* The completion may run, and another thread finish the Call, at once. */
	svcrdma_rb_take_pages(rb, rqstp);
	rb->rb_rqstp = NULL;
	ret = svcrdma_rb_post(rb, NULL, svcrdma_read_done_deferred);
	if (!ret)
		return -EINPROGRESS;
	/* No completion will queue this Call */
	atomic_dec(&sx->sx_reads_deferred);
	if (ret == -EINPROGRESS)
		return -EIO;	/* orphaned: the connection frees @rb */
	svcrdma_rb_give_pages(rb, rqstp);
	return ret;
}

/*
 * Post the Reads and wait for them, holding the connection (XPT_BUSY).
 * Bounded: Reads still unanswered after SVCRDMA_READ_WAIT close the
 * connection, and the QP is flushed so that they complete (in error)
 * and can write into our pages no more.
 */
static int svcrdma_rb_wait(struct svcrdma_rbuild *rb)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	int ret;

	svcrdma_stat_inc(SVCRDMA_STAT_READ_WAITS_BUSY);
	trace_svcrdma_read_wait(sx, atomic_read(&sx->sx_reads_deferred));
	init_completion(&rb->rb_done);
	ret = svcrdma_rb_post(rb, rb->rb_rqstp, svcrdma_read_done);
	if (ret == -EINPROGRESS)
		return -EIO;	/* orphaned: the connection frees @rb */
	if (ret)
		return ret;
	if (!wait_for_completion_timeout(&rb->rb_done, SVCRDMA_READ_WAIT)) {
		svcrdma_stat_inc(SVCRDMA_STAT_READ_STUCK);
		trace_svcrdma_read_stuck(sx, atomic_read(&sx->sx_reads_deferred));
		svc_xprt_deferred_close(&sx->sx_xprt);
		svcrdma_qp_flush(sx);
		/* The flush completes every posted work request at once */
		wait_for_completion(&rb->rb_done);
	}
	svcrdma_sq_release(sx, rb->rb_wrs);
	return rb->rb_status == IB_WC_SUCCESS ? 0 : -EIO;
}

/* The whole Call was laid out in the pages from rq_pages[0] on. */
static void svcrdma_rb_set_stream(struct svcrdma_rbuild *rb,
				  struct svc_rqst *rqstp)
{
	struct xdr_buf *arg = &rqstp->rq_arg;
	unsigned int head = min_t(unsigned int, rb->rb_len, PAGE_SIZE);

	arg->head[0].iov_base = page_address(rqstp->rq_pages[0]);
	arg->head[0].iov_len = head;
	arg->pages = rqstp->rq_pages + 1;
	arg->page_base = 0;
	arg->page_len = rb->rb_len - head;
	arg->tail[0].iov_base = NULL;
	arg->tail[0].iov_len = 0;
	arg->len = rb->rb_len;
	arg->buflen = rb->rb_len;
	rpcrdma_svc_set_respages(rqstp, svcrdma_rb_pages(rb));
}

/*
 * One data-item chunk: the inline bytes before and after it stay in the
 * Receive buffer as rq_arg's head and tail, and the pages hold only the
 * (padded) data, page-aligned. This is every NFS WRITE.
 */
static void svcrdma_rb_set_split(struct svcrdma_rbuild *rb,
				 struct svc_rqst *rqstp)
{
	struct xdr_buf *arg = &rqstp->rq_arg;

	arg->head[0].iov_base = (void *)rb->rb_inl;
	arg->head[0].iov_len = rb->rb_pos0;
	arg->pages = rqstp->rq_pages;
	arg->page_base = 0;
	arg->page_len = rb->rb_len;
	arg->tail[0].iov_base = (void *)(rb->rb_inl + rb->rb_pos0);
	arg->tail[0].iov_len = rb->rb_inl_len - rb->rb_pos0;
	arg->len = rb->rb_inl_len + rb->rb_len;
	arg->buflen = arg->len;
	rpcrdma_svc_set_respages(rqstp, svcrdma_rb_pages(rb));
}

/* The Reads succeeded and rq_pages hold the Call: describe it in rq_arg. */
static void svcrdma_rb_finish(struct svcrdma_rbuild *rb,
			      struct svc_rqst *rqstp)
{
	svcrdma_stat_inc(SVCRDMA_STAT_READ_CHUNKS);
	if (rb->rb_split) {
		svcrdma_stat_add(SVCRDMA_STAT_READ_BYTES, rb->rb_len);
		svcrdma_rb_set_split(rb, rqstp);
	} else {
		svcrdma_stat_add(SVCRDMA_STAT_READ_BYTES,
				 rb->rb_len - rb->rb_inl_len);
		svcrdma_rb_set_stream(rb, rqstp);
	}
}

/*
 * RFC 8166, Section 4.2.1: rdma_xid is the xid of the RPC message the
 * header goes with. A Long Call (Position-zero chunk) brings its RPC
 * message only now, so its xid is compared here; a mismatch is an XDR
 * error, answered with ERR_CHUNK (Section 4.5.2).
 */
static bool svcrdma_rb_xid_ok(const struct svcrdma_rbuild *rb,
			      const struct svc_rqst *rqstp)
{
	const struct kvec *head = &rqstp->rq_arg.head[0];

	if (rb->rb_split || rb->rb_pos0)
		return true;
	return rpcrdma_check_xid(rb->rb_ctxt->rc_msg.m1_prefix.px_xid,
				 head->iov_base, head->iov_len) ==
	       RPCRDMA_CE_OK;
}

/*
 * The building context of a Call: the pages rq_pages offers it
 * (compat.h), and no more than the largest Call we take, which bounds
 * what one deferred Call pins.
 */
static struct svcrdma_rbuild *svcrdma_rb_alloc(struct svc_rqst *rqstp,
					       struct svcrdma_xprt *sx,
					       struct svcrdma_recv_ctxt *ctxt)
{
	const struct rpcrdma_v1_msg *msg = &ctxt->rc_msg;
	struct svcrdma_rbuild *rb;
	unsigned int maxpage;

	/*
	 * RFC 8166, Section 8.1.4: the client offered no responder
	 * resources (or the device initiates no Reads), so its chunks
	 * cannot be pulled: RDMA_ERROR, and no Read is posted (cm.c,
	 * svcrdma_size_conn()).
	 */
	if (!sx->sx_ord)
		return ERR_PTR(-EMSGSIZE);
	maxpage = min_t(unsigned int, rpcrdma_svc_call_maxpages(rqstp),
			SVCRDMA_CALL_MAXPAGES);
	if (!maxpage)
		return ERR_PTR(-EMSGSIZE);
	rb = kzalloc(struct_size(rb, rb_pages, maxpage), GFP_KERNEL);
	if (!rb)
		return ERR_PTR(-ENOMEM);
	rb->rb_maxpage = maxpage;
	rb->rb_rqstp = rqstp;
	rb->rb_sx = sx;
	rb->rb_cid = svcrdma_new_cid();
	rb->rb_ctxt = ctxt;
	INIT_LIST_HEAD(&rb->rb_node);
	INIT_LIST_HEAD(&rb->rb_rws);
	rb->rb_inl = svcrdma_recv_inline(ctxt);
	if (msg->m1_prefix.px_proc == RPCRDMA1_MSG)
		rb->rb_inl_len = msg->m1_msg_len;
	return rb;
}

/*
 * Lay the Call out in rq_pages and queue its RDMA Reads on rb_rws,
 * unposted. Return: 0, -EINVAL or -EMSGSIZE for a Read list we cannot
 * use, or -ENOMEM.
 */
static int svcrdma_rb_build(struct svcrdma_rbuild *rb)
{
	const struct rpcrdma_read_list *rl =
		&rb->rb_ctxt->rc_msg.m1_chunks.ch_reads;
	unsigned int nchunks, pz_end;
	u64 pz_len;
	int ret;

	nchunks = rpcrdma_read_list_nchunks(rl);
	rb->rb_pos0 = rl->rl_segs[0].rr_position;
	rb->rb_split = nchunks == 1 && rb->rb_pos0 != 0;
	if (rb->rb_split && rb->rb_pos0 > rb->rb_inl_len)
		return -EINVAL;

	if (rb->rb_split) {
		ret = svcrdma_rb_chunk(rb, rl, 0, rl->rl_nsegs);
	} else if (rb->rb_pos0 == 0 && nchunks > 1) {
		/*
		 * RFC 8166, Sections 3.4.5 and 3.5.3: a Long Call (its RPC
		 * message in the Position-zero chunk, RDMA_NOMSG) may
		 * carry data items in Read chunks of their own. The codec
		 * checked their positions against the Position-zero
		 * chunk's length; the message is read around them.
		 */
		pz_len = 0;
		for (pz_end = 0; pz_end < rl->rl_nsegs; pz_end++) {
			if (rl->rl_segs[pz_end].rr_position)
				break;
			pz_len += rl->rl_segs[pz_end].rr_seg.rs_length;
		}
		if (rb->rb_inl_len || pz_len > SVCRDMA_MAX_CHUNK)
			return -EINVAL;
		ret = svcrdma_rb_layout(rb, rl, pz_end, pz_len);
	} else {
		ret = svcrdma_rb_layout(rb, rl, 0, rb->rb_inl_len);
	}
	if (ret < 0)
		return ret;
	ret = svcrdma_rb_map(rb);
	if (ret)
		return ret;
	/*
	 * RFC 8267, Section 6.4.2: chunks that need more RDMA Reads than
	 * the Send queue can ever hold at once are beyond what we can
	 * process; answered ERR_CHUNK, nothing posted. (A device that
	 * packs few pages per Read, or a connection with few credits,
	 * can get there within the codec's limits.)
	 */
	if (svcrdma_rw_wrs(&rb->rb_rws) > rb->rb_sx->sx_sq_depth)
		return -EMSGSIZE;
	return 0;
}

/**
 * svcrdma_read_chunks - fetch a Call's Read chunks into rq_pages
 * @rqstp: the request
 * @sx: the connection
 * @ctxt: the Receive holding the Call's transport header
 *
 * Return: 0 with rq_arg set up (the thread waited for the Reads);
 * -EINPROGRESS when the Reads were posted and the Call, @ctxt with it,
 * now belongs to them (svcrdma_reads_complete() hands it back later);
 * -EINVAL or -EMSGSIZE when the Read list cannot be used (the caller
 * answers ERR_CHUNK); another negative errno when the RDMA Reads failed
 * (the caller closes the connection).
 */
int svcrdma_read_chunks(struct svc_rqst *rqstp, struct svcrdma_xprt *sx,
			struct svcrdma_recv_ctxt *ctxt)
{
	u32 xid = ctxt->rc_msg.m1_prefix.px_xid;
	struct svcrdma_rbuild *rb;
	int ret;

	rb = svcrdma_rb_alloc(rqstp, sx, ctxt);
	if (IS_ERR(rb))
		return PTR_ERR(rb);
	ret = svcrdma_rb_build(rb);
	if (ret < 0)
		goto out;

	if (atomic_inc_return(&sx->sx_reads_deferred) <=
	    SVCRDMA_READS_DEFERRED_MAX) {
		trace_svcrdma_read_chunks(sx, sx->sx_sq_cq_id, rb->rb_cid, xid,
					  rb->rb_len, -EINPROGRESS);
		ret = svcrdma_rb_defer(rb);
		if (ret == -EINPROGRESS)
			return ret;
		goto out;
	}
	atomic_dec(&sx->sx_reads_deferred);
	ret = svcrdma_rb_wait(rb);
	if (!ret) {
		svcrdma_rb_unmap(rb);
		svcrdma_rb_finish(rb, rqstp);
		if (!svcrdma_rb_xid_ok(rb, rqstp))
			ret = -EINVAL;
	}
out:
	trace_svcrdma_read_chunks(sx, sx->sx_sq_cq_id, rb->rb_cid, xid,
				  rb->rb_len, ret);
	if (!rb->rb_orphaned)
		svcrdma_rb_free(rb);
	return ret;
}

#if IS_ENABLED(CONFIG_KUNIT)
/* Only the KUnit suite calls this: it exists only where KUnit does. */
/**
 * svcrdma_read_layout - lay a Call out without posting its Reads
 * @rqstp: the request
 * @sx: the connection
 * @ctxt: the Receive holding the Call's transport header
 * @rws: receives the RDMA Reads svcrdma_read_chunks() would post, in
 *	order (the caller releases them, svcrdma_rw_release_list())
 *
 * For the KUnit suite: the layout and rq_arg svcrdma_read_chunks()
 * makes, as if every Read had completed (the pages hold the inline
 * bytes and pads, not the chunks' data; the xid check of a Long Call,
 * which needs that data, is not made).
 *
 * Return: 0, or what svcrdma_read_chunks() returns for a Read list it
 * cannot use (-EINVAL, -EMSGSIZE), or -ENOMEM; then @rws is empty.
 */
int svcrdma_read_layout(struct svc_rqst *rqstp, struct svcrdma_xprt *sx,
			struct svcrdma_recv_ctxt *ctxt, struct list_head *rws)
{
	struct svcrdma_rbuild *rb;
	int ret;

	rb = svcrdma_rb_alloc(rqstp, sx, ctxt);
	if (IS_ERR(rb))
		return PTR_ERR(rb);
	ret = svcrdma_rb_build(rb);
	if (!ret) {
		svcrdma_rb_finish(rb, rqstp);
		list_splice_init(&rb->rb_rws, rws);
	}
	svcrdma_rb_free(rb);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_read_layout);
#endif

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * svcrdma_pages_defer - the page moves of deferring a Call, no Reads
 * @sx: the connection
 * @from: the request whose rq_pages[0, @n) the Call's Reads take
 * @n: pages of the Call
 *
 * For the KUnit suite: what svcrdma_read_chunks() does with the pages
 * of a Call it defers; svcrdma_pages_finish() does the rest.
 *
 * Return: the Call's building context, or NULL.
 */
struct svcrdma_rbuild *svcrdma_pages_defer(struct svcrdma_xprt *sx,
					   struct svc_rqst *from,
					   unsigned int n)
{
	struct svcrdma_rbuild *rb;

	rb = kzalloc(struct_size(rb, rb_pages, n), GFP_KERNEL);
	if (!rb)
		return NULL;
	rb->rb_maxpage = n;
	rb->rb_sx = sx;
	rb->rb_page = n;
	svcrdma_rb_take_pages(rb, from);
	return rb;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_pages_defer);

/**
 * svcrdma_pages_finish - the page moves of taking a finished Call
 * @rb: from svcrdma_pages_defer(); freed here
 * @to: the request that takes the Call
 *
 * For the KUnit suite: what svcrdma_reads_complete() does with them.
 */
void svcrdma_pages_finish(struct svcrdma_rbuild *rb, struct svc_rqst *to)
{
	svcrdma_rb_give_pages(rb, to);
	kfree(rb);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_pages_finish);
#endif

/**
 * svcrdma_reads_complete - hand a Call whose deferred Reads are done
 * @rqstp: the request that takes the Call
 * @sx: the connection (the caller holds XPT_BUSY)
 *
 * Return: the Call's Receive context with rq_pages and rq_arg set up;
 * NULL when no deferred Call is done, or when the one found failed (its
 * Reads did not complete: the connection closes; or its Long Call's xid
 * is not the transport header's: answered with ERR_CHUNK).
 */
struct svcrdma_recv_ctxt *svcrdma_reads_complete(struct svc_rqst *rqstp,
						 struct svcrdma_xprt *sx)
{
	struct svcrdma_recv_ctxt *ctxt;
	struct svcrdma_rbuild *rb;

	/*
	 * Most calls find nothing: skip the lock then. A Call queued right
	 * after this check keeps XPT_DATA set (svcrdma_data_update() runs
	 * under the lock), so the connection is enqueued again for it.
	 */
	if (list_empty_careful(&sx->sx_reads_done))
		return NULL;
	spin_lock(&sx->sx_lock);
	rb = list_first_entry_or_null(&sx->sx_reads_done,
				      struct svcrdma_rbuild, rb_node);
	if (rb)
		list_del_init(&rb->rb_node);
	svcrdma_data_update(sx);
	spin_unlock(&sx->sx_lock);
	if (!rb)
		return NULL;

	atomic_dec(&sx->sx_reads_deferred);
	ctxt = rb->rb_ctxt;
	trace_svcrdma_read_chunks(sx, sx->sx_sq_cq_id, rb->rb_cid,
				  ctxt->rc_msg.m1_prefix.px_xid, rb->rb_len,
				  rb->rb_status == IB_WC_SUCCESS ? 0 : -EIO);
	if (rb->rb_status != IB_WC_SUCCESS) {
		/* RFC 8166, Section 4.5.3: the RDMA Read itself failed */
		svc_xprt_deferred_close(&sx->sx_xprt);
		svcrdma_recv_ctxt_put(sx, ctxt);
		svcrdma_rb_free(rb);
		return NULL;
	}
	svcrdma_rb_unmap(rb);
	svcrdma_rb_give_pages(rb, rqstp);
	svcrdma_rb_finish(rb, rqstp);
	if (!svcrdma_rb_xid_ok(rb, rqstp)) {
		svcrdma_send_error(sx, ctxt->rc_msg.m1_prefix.px_xid,
				   RPCRDMA_CE_XID, false);
		svcrdma_recv_ctxt_put(sx, ctxt);
		ctxt = NULL;
	}
	svcrdma_rb_free(rb);
	return ctxt;
}

/**
 * svcrdma_reads_flush - free the deferred Calls of a connection
 * @sx: the connection, its QP drained (every Read has completed)
 *
 * Also frees the chains a failed post left behind (svcrdma_rb_orphan()),
 * with the pages their Reads targeted.
 */
void svcrdma_reads_flush(struct svcrdma_xprt *sx)
{
	struct svcrdma_rbuild *rb, *tmp;

	list_for_each_entry_safe(rb, tmp, &sx->sx_reads_done, rb_node) {
		list_del(&rb->rb_node);
		atomic_dec(&sx->sx_reads_deferred);
		svcrdma_recv_ctxt_put(sx, rb->rb_ctxt);
		svcrdma_rb_free(rb);
	}
	/* Partly posted chains: their Reads are flushed now */
	list_for_each_entry_safe(rb, tmp, &sx->sx_reads_orphans, rb_node) {
		list_del(&rb->rb_node);
		svcrdma_rb_free(rb);
	}
	WARN_ON_ONCE(atomic_read(&sx->sx_reads_deferred));
}
