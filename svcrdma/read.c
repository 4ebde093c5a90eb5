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
 * order, then the rest of the inline bytes.
 *
 * Reads are posted as one chain whose last work request signals, and
 * the thread waits for it. Meanwhile it gives the connection back
 * (clears XPT_BUSY), so that other threads take the Calls behind this
 * one: a round trip per Call with the connection held would serialise
 * every NFS WRITE of a client. Up to half the service's threads may so
 * wait for one connection's Reads; past that a thread waits holding
 * XPT_BUSY, and the connection hands out no Call until its Reads are
 * done, so one client cannot tie up every nfsd thread. The device
 * enforces the negotiated initiator depth (ORD) on the Reads.
 */

#include <linux/slab.h>
#include <linux/highmem.h>
#include <linux/sunrpc/xdr.h>

#include "svcrdma.h"
#include "trace.h"

/**
 * struct svcrdma_rbuild - building a Call from inline bytes and chunks
 * @rb_rqstp: request whose pages receive the Call
 * @rb_sx: the connection
 * @rb_page: current page index in rq_pages
 * @rb_off: offset in that page
 * @rb_maxpage: first page index the Call may not use
 * @rb_len: bytes of the Call so far
 * @rb_rws: RDMA Reads to post
 * @rb_cqe: completion of the last Read
 * @rb_done: signalled by @rb_cqe
 * @rb_status: completion status
 */
struct svcrdma_rbuild {
	struct svc_rqst		*rb_rqstp;
	struct svcrdma_xprt	*rb_sx;
	unsigned int		rb_page;
	unsigned int		rb_off;
	unsigned int		rb_maxpage;
	unsigned int		rb_len;
	struct list_head	rb_rws;
	struct ib_cqe		rb_cqe;
	struct completion	rb_done;
	enum ib_wc_status	rb_status;
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

/* Queue an RDMA Read of one segment into the pages at the cursor. */
static int svcrdma_rb_segment(struct svcrdma_rbuild *rb,
			      const struct rpcrdma_segment *seg)
{
	unsigned int len = seg->rs_length;
	struct svcrdma_rw *rw;
	int ret;

	rw = svcrdma_rw_alloc(DIV_ROUND_UP(len, PAGE_SIZE) + 1);
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
	return svcrdma_rw_init(rb->rb_sx, rw, seg->rs_handle, seg->rs_offset,
			       DMA_FROM_DEVICE);
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
 * Lay out inline bytes and chunks in position order. @inl/@inl_len is
 * the inline part of the Call (empty for RDMA_NOMSG).
 */
static int svcrdma_rb_layout(struct svcrdma_rbuild *rb,
			     const struct rpcrdma_read_list *rl,
			     const u8 *inl, unsigned int inl_len)
{
	unsigned int i = 0, end, used = 0, pos, gap;
	int ret;

	while (i < rl->rl_nsegs) {
		pos = rl->rl_segs[i].rr_position;
		for (end = i + 1; end < rl->rl_nsegs; end++)
			if (rl->rl_segs[end].rr_position != pos)
				break;
		/* Positions count from the start of the whole Call. */
		if (pos < rb->rb_len || pos - rb->rb_len > inl_len - used)
			return -EINVAL;
		gap = pos - rb->rb_len;
		ret = svcrdma_rb_copy(rb, inl + used, gap);
		if (ret)
			return ret;
		used += gap;
		ret = svcrdma_rb_chunk(rb, rl, i, end);
		if (ret < 0)
			return ret;
		i = end;
	}
	return svcrdma_rb_copy(rb, inl + used, inl_len - used);
}

static void svcrdma_read_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_rbuild *rb =
		container_of(wc->wr_cqe, struct svcrdma_rbuild, rb_cqe);

	trace_svcrdma_read_done(rb->rb_sx, wc);
	rb->rb_status = wc->status;
	complete(&rb->rb_done);
}

/* Threads of the service that may wait for one connection's Reads. */
static unsigned int svcrdma_read_waiters_max(const struct svc_rqst *rqstp)
{
	return max(READ_ONCE(rqstp->rq_server->sv_nrthreads) / 2, 1U);
}

/*
 * Wait for the Reads. Give the connection back to the RPC layer first
 * (XPT_BUSY) unless too many threads already wait for its Reads; *@busy
 * tells the caller whether it still holds XPT_BUSY.
 */
static void svcrdma_rb_wait(struct svcrdma_rbuild *rb, bool *busy)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	int waiters = atomic_inc_return(&sx->sx_read_waits);

	trace_svcrdma_read_wait(sx, waiters);
	if ((unsigned int)waiters <= svcrdma_read_waiters_max(rb->rb_rqstp)) {
		*busy = false;
		svc_xprt_received(&sx->sx_xprt);
	} else {
		svcrdma_stat_inc(SVCRDMA_STAT_READ_WAITS_BUSY);
	}
	wait_for_completion(&rb->rb_done);
	atomic_dec(&sx->sx_read_waits);
}

static int svcrdma_rb_post(struct svcrdma_rbuild *rb, bool *busy)
{
	struct svcrdma_xprt *sx = rb->rb_sx;
	const struct ib_send_wr *bad_wr;
	struct ib_send_wr *first;
	unsigned int wrs = svcrdma_rw_wrs(&rb->rb_rws);
	int ret;

	ret = svcrdma_sq_reserve(sx, wrs);
	if (ret)
		return ret;
	rb->rb_cqe.done = svcrdma_read_done;
	init_completion(&rb->rb_done);
	first = svcrdma_rw_chain(sx, &rb->rb_rws, &rb->rb_cqe, NULL);
	ret = ib_post_send(sx->sx_qp, first, &bad_wr);
	if (ret) {
		trace_svcrdma_post_send_err(sx, ret);
		svc_xprt_deferred_close(&sx->sx_xprt);
		/*
		 * The signalled Read was not posted; any that were are
		 * released only after the QP has been drained.
		 */
		if (bad_wr != first)
			svcrdma_rw_orphan(sx, &rb->rb_rws);
		svcrdma_sq_release(sx, wrs);
		return -EIO;
	}
	svcrdma_rb_wait(rb, busy);
	svcrdma_sq_release(sx, wrs);
	return rb->rb_status == IB_WC_SUCCESS ? 0 : -EIO;
}

static unsigned int svcrdma_rb_pages(const struct svcrdma_rbuild *rb)
{
	return max(rb->rb_page + (rb->rb_off ? 1 : 0), 1U);
}

/* The whole Call was laid out in the pages from rq_pages[0] on. */
static void svcrdma_rb_set_stream(struct svcrdma_rbuild *rb)
{
	struct svc_rqst *rqstp = rb->rb_rqstp;
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
	rqstp->rq_respages = rqstp->rq_pages + svcrdma_rb_pages(rb);
	rqstp->rq_next_page = rqstp->rq_respages + 1;
}

/*
 * One data-item chunk at @pos: the inline bytes before and after it
 * stay in the Receive buffer as rq_arg's head and tail, and the pages
 * hold only the (padded) data, page-aligned. This is every NFS WRITE.
 */
static void svcrdma_rb_set_split(struct svcrdma_rbuild *rb, const u8 *inl,
				 unsigned int inl_len, unsigned int pos)
{
	struct svc_rqst *rqstp = rb->rb_rqstp;
	struct xdr_buf *arg = &rqstp->rq_arg;

	arg->head[0].iov_base = (void *)inl;
	arg->head[0].iov_len = pos;
	arg->pages = rqstp->rq_pages;
	arg->page_base = 0;
	arg->page_len = rb->rb_len;
	arg->tail[0].iov_base = (void *)(inl + pos);
	arg->tail[0].iov_len = inl_len - pos;
	arg->len = inl_len + rb->rb_len;
	arg->buflen = arg->len;
	rqstp->rq_respages = rqstp->rq_pages + svcrdma_rb_pages(rb);
	rqstp->rq_next_page = rqstp->rq_respages + 1;
}

/**
 * svcrdma_read_chunks - fetch a Call's Read chunks into rq_pages
 * @rqstp: the request
 * @sx: the connection
 * @ctxt: the Receive holding the Call's transport header
 * @busy: set on entry (the caller holds XPT_BUSY); cleared when the
 *	connection was handed back to the RPC layer during the Reads
 *
 * Return: 0 with rq_arg set up; -EINVAL or -EMSGSIZE when the Read list
 * cannot be used (the caller answers ERR_CHUNK); another negative errno
 * when the RDMA Reads failed (the caller closes the connection).
 */
int svcrdma_read_chunks(struct svc_rqst *rqstp, struct svcrdma_xprt *sx,
			struct svcrdma_recv_ctxt *ctxt, bool *busy)
{
	const struct rpcrdma_v1_msg *msg = &ctxt->rc_msg;
	const struct rpcrdma_read_list *rl = &msg->m1_chunks.ch_reads;
	struct svcrdma_rbuild rb = {
		.rb_rqstp = rqstp,
		.rb_sx = sx,
		.rb_rws = LIST_HEAD_INIT(rb.rb_rws),
	};
	const u8 *inl = ctxt->rc_buf + msg->m1_hdr_len;
	unsigned int inl_len = 0, nchunks, pos0;
	bool split;
	int ret;

	if (msg->m1_prefix.px_proc == RPCRDMA1_MSG)
		inl_len = msg->m1_msg_len;
	nchunks = rpcrdma_read_list_nchunks(rl);
	pos0 = rl->rl_segs[0].rr_position;
	/* RFC 8166, Section 3.5.3: a Position-zero chunk is the whole Call */
	if (pos0 == 0 && nchunks > 1)
		return -EINVAL;
	split = nchunks == 1 && pos0 != 0;
	if (split && pos0 > inl_len)
		return -EINVAL;
	/* Leave at least one page for the Reply. */
	rb.rb_maxpage = rqstp->rq_page_end - rqstp->rq_pages;
	if (rb.rb_maxpage < 2)
		return -EMSGSIZE;
	rb.rb_maxpage -= 1;

	if (split)
		ret = svcrdma_rb_chunk(&rb, rl, 0, rl->rl_nsegs);
	else
		ret = svcrdma_rb_layout(&rb, rl, inl, inl_len);
	if (ret < 0)
		goto out;
	ret = svcrdma_rb_post(&rb, busy);
	if (ret)
		goto out;
	svcrdma_stat_inc(SVCRDMA_STAT_READ_CHUNKS);
	if (split) {
		svcrdma_stat_add(SVCRDMA_STAT_READ_BYTES, rb.rb_len);
		svcrdma_rb_set_split(&rb, inl, inl_len, pos0);
	} else {
		svcrdma_stat_add(SVCRDMA_STAT_READ_BYTES, rb.rb_len - inl_len);
		svcrdma_rb_set_stream(&rb);
	}
out:
	trace_svcrdma_read_chunks(sx, msg->m1_prefix.px_xid, rb.rb_len, ret);
	svcrdma_rw_release_list(sx, &rb.rb_rws);
	return ret;
}
