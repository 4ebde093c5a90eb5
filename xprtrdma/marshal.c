// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: turning an RPC Call into an RPC-over-RDMA message.
 *
 * For each Call we choose (RFC 8166, Section 3.5):
 *   - how the reply comes back: inline when the largest possible reply
 *     fits the peer's inline threshold, else a Write chunk for the
 *     DDP-eligible page list (RFC 8267, Sections 4 and 6.1: the data
 *     of NFS READ, marked
 *     XDRBUF_READ by the upper layer, and the pathname of NFSv3 READLINK)
 *     when the rest fits, else a Reply chunk for the whole reply;
 *   - how the call goes out: inline when it fits; on a Version 2
 *     connection, as a continued Call (CALL_MIDDLE parts, see v2.c)
 *     when it fits a few Sends; else a Read chunk for the DDP-eligible
 *     page list (NFS WRITE, XDRBUF_WRITE) when the rest fits, else a
 *     Position-zero Read chunk carrying the whole Call in an RDMA_NOMSG
 *     (RDMA2_CALL_EXTERNAL in Version 2).
 * Memory is registered with FRWR; the REG_MR work requests are chained
 * in front of the Send so one ib_post_send() covers the whole message.
 */

#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/nfs.h>
#include <linux/nfs3.h>
#include <linux/sunrpc/auth.h>
#include <linux/sunrpc/clnt.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/* Wire size of one Read list entry: discriminator + position + segment */
#define XPRTRDMA_READ_ENTRY	(RPCRDMA_XDR_UNIT + RPCRDMA_READ_SEGMENT_SIZE)
/* A Write list with one chunk adds: discriminator + count */
#define XPRTRDMA_WCHUNK_BASE	(2 * RPCRDMA_XDR_UNIT)

/* One chunk being registered */
struct xprtrdma_reg {
	struct xprtrdma_ep	*rg_ep;
	struct list_head	*rg_mrs;	/* every MR of this RPC */
	struct ib_send_wr	***rg_tail;	/* where the next WR links */
	struct frwr_mr		*rg_cur;
	enum dma_data_direction	rg_dir;
	int			rg_access;
	bool			rg_page_end;	/* last piece ended a page */
	struct rpcrdma_segment	*rg_segs;
	u32			rg_nsegs;
	u32			rg_maxsegs;
};

static int xprtrdma_reg_close(struct xprtrdma_reg *rg)
{
	struct frwr_mr *mr = rg->rg_cur;
	struct rpcrdma_segment *seg;
	int rc;

	if (!mr)
		return 0;
	rg->rg_cur = NULL;
	list_add_tail(&mr->fm_list, rg->rg_mrs);
	sg_mark_end(&mr->fm_sg[mr->fm_nents - 1]);
	rc = frwr_map(mr, rg->rg_dir, rg->rg_access);
	if (rc)
		return rc;
	if (rg->rg_nsegs >= rg->rg_maxsegs)
		return -EMSGSIZE;
	seg = &rg->rg_segs[rg->rg_nsegs++];
	seg->rs_handle = mr->fm_handle;
	seg->rs_length = mr->fm_length;
	seg->rs_offset = mr->fm_offset;
	frwr_reg_wr(mr)->next = NULL;
	**rg->rg_tail = frwr_reg_wr(mr);
	*rg->rg_tail = &frwr_reg_wr(mr)->next;
	return 0;
}

/* Add @len bytes at @off in @page; the piece never crosses a page end. */
static int xprtrdma_reg_piece(struct xprtrdma_reg *rg, struct page *page,
			      unsigned int off, unsigned int len)
{
	struct frwr_mr *mr = rg->rg_cur;
	int rc;

	/* An MR maps page-contiguous memory: no gap inside it */
	if (mr && (mr->fm_nents >= rg->rg_ep->ep_depth ||
		   !rg->rg_page_end || off)) {
		rc = xprtrdma_reg_close(rg);
		if (rc)
			return rc;
		mr = NULL;
	}
	if (!mr) {
		mr = frwr_get(&rg->rg_ep->ep_mrs);
		if (!mr)
			return -ENOBUFS;
		rg->rg_cur = mr;
	}
	frwr_add_page(mr, page, len, off);
	rg->rg_page_end = off + len == PAGE_SIZE;
	return 0;
}

static struct page *xprtrdma_virt_page(const void *p)
{
	if (is_vmalloc_addr(p))
		return vmalloc_to_page(p);
	return virt_to_page(p);
}

static int xprtrdma_reg_kvec(struct xprtrdma_reg *rg, const u8 *base,
			     unsigned int len)
{
	unsigned int off, n;
	int rc;

	while (len) {
		off = offset_in_page(base);
		n = min_t(unsigned int, len, PAGE_SIZE - off);
		rc = xprtrdma_reg_piece(rg, xprtrdma_virt_page(base), off, n);
		if (rc)
			return rc;
		base += n;
		len -= n;
	}
	return 0;
}

/* @offset is relative to the start of the page list data */
static int xprtrdma_reg_pages(struct xprtrdma_reg *rg, struct xdr_buf *buf,
			      unsigned int offset, unsigned int len)
{
	unsigned int pos = buf->page_base + offset;
	struct page **ppage;
	unsigned int off, n;
	int rc;

	while (len) {
		ppage = &buf->pages[pos >> PAGE_SHIFT];
		if (!*ppage) {
			if (!(buf->flags & XDRBUF_SPARSE_PAGES))
				return -EIO;
			*ppage = alloc_page(GFP_NOWAIT | __GFP_NOWARN);
			if (!*ppage)
				return -ENOBUFS;
		}
		off = offset_in_page(pos);
		n = min_t(unsigned int, len, PAGE_SIZE - off);
		rc = xprtrdma_reg_piece(rg, *ppage, off, n);
		if (rc)
			return rc;
		pos += n;
		len -= n;
	}
	return 0;
}

/* Register bytes [@offset, @offset + @len) of @buf's head/pages/tail */
static int xprtrdma_reg_xdr(struct xprtrdma_reg *rg, struct xdr_buf *buf,
			    unsigned int offset, unsigned int len)
{
	unsigned int hlen = buf->head[0].iov_len;
	unsigned int plen = buf->page_len;
	unsigned int n;
	int rc = 0;

	if (len && offset < hlen) {
		n = min(len, hlen - offset);
		rc = xprtrdma_reg_kvec(rg, buf->head[0].iov_base + offset, n);
		offset += n;
		len -= n;
	}
	if (!rc && len && offset < hlen + plen) {
		n = min(len, hlen + plen - offset);
		rc = xprtrdma_reg_pages(rg, buf, offset - hlen, n);
		offset += n;
		len -= n;
	}
	if (!rc && len) {
		if (offset - hlen - plen + len > buf->tail[0].iov_len)
			return -EMSGSIZE;
		rc = xprtrdma_reg_kvec(rg, buf->tail[0].iov_base +
				       (offset - hlen - plen), len);
	}
	if (rc) {
		/* Hand a half-filled MR to the caller, who returns it */
		if (rg->rg_cur)
			list_add_tail(&rg->rg_cur->fm_list, rg->rg_mrs);
		rg->rg_cur = NULL;
		return rc;
	}
	return xprtrdma_reg_close(rg);
}

static void xprtrdma_reg_init(struct xprtrdma_reg *rg, struct xprtrdma_ep *ep,
			      struct list_head *mrs, struct ib_send_wr ***tail,
			      bool remote_write, struct rpcrdma_segment *segs,
			      u32 maxsegs)
{
	memset(rg, 0, sizeof(*rg));
	rg->rg_ep = ep;
	rg->rg_mrs = mrs;
	rg->rg_tail = tail;
	rg->rg_segs = segs;
	rg->rg_maxsegs = min_t(u32, maxsegs, ep->ep_max_segs);
	if (remote_write) {
		rg->rg_dir = DMA_FROM_DEVICE;
		rg->rg_access = IB_ACCESS_LOCAL_WRITE | IB_ACCESS_REMOTE_WRITE;
	} else {
		rg->rg_dir = DMA_TO_DEVICE;
		rg->rg_access = IB_ACCESS_REMOTE_READ;
	}
}

/* MRs needed for the page list of @buf */
static unsigned int xprtrdma_page_mrs(struct xprtrdma_ep *ep,
				      const struct xdr_buf *buf)
{
	unsigned int npages;

	npages = DIV_ROUND_UP(offset_in_page(buf->page_base) + buf->page_len,
			      PAGE_SIZE);
	return DIV_ROUND_UP(npages, ep->ep_depth);
}

/*
 * May the data of this Call's arguments or results travel in chunks?
 * Not when RPCSEC_GSS integrity or privacy wraps the whole message
 * body: the data is then covered by a checksum or sealed inside a
 * token, so it is no separate XDR item (RFC 8166, Section 8.2.2.3).
 */
static bool xprtrdma_ddp_allowed(const struct rpc_rqst *rqst)
{
	const struct rpc_cred *cred = rqst->rq_cred;

	return !cred || !cred->cr_auth ||
	       !test_bit(RPCAUTH_AUTH_DATATOUCH, &cred->cr_auth->au_flags);
}

/*
 * The pathname result of READLINK is DDP-eligible (RFC 8267, Section 4
 * for NFS versions 2 and 3, Section 6.1 for the COMPOUND of version 4),
 * but unlike READ's data the NFS client does not flag its page list,
 * so the procedure tells.
 *
 * Only for versions 2 and 3: Linux nfsd (6.12) announces the NFSv4
 * READLINK result to the transport at the offset of its length word
 * rather than of the pathname (nfsd4_encode_readlink()), so a server
 * built on it writes the length word and the pathname short by four
 * octets into the Write chunk. A Reply chunk carries the whole Reply.
 */
static bool xprtrdma_readlink(const struct rpc_rqst *rqst)
{
	const struct rpc_task *task = rqst->rq_task;

	if (!task || !task->tk_client || !task->tk_msg.rpc_proc ||
	    task->tk_client->cl_prog != NFS_PROGRAM)
		return false;
	switch (task->tk_client->cl_vers) {
	case 2:
	case 3:
		return task->tk_msg.rpc_proc->p_proc == NFS3PROC_READLINK;
	default:
		return false;
	}
}

static bool xprtrdma_ddp_reply(const struct rpc_rqst *rqst)
{
	const struct xdr_buf *rcv = &rqst->rq_rcv_buf;

	if (!rcv->page_len || !xprtrdma_ddp_allowed(rqst))
		return false;
	return (rcv->flags & XDRBUF_READ) || xprtrdma_readlink(rqst);
}

static enum xprtrdma_wtype xprtrdma_plan_reply(struct xprtrdma_ep *ep,
					       const struct rpc_rqst *rqst)
{
	const struct xdr_buf *rcv = &rqst->rq_rcv_buf;
	u32 rest = rcv->head[0].iov_len + rcv->tail[0].iov_len;
	u32 hdr = RPCRDMA1_HDR_MIN;
	unsigned int n;

	/* RFC 8166, Section 3.3.2: the reply must fit the inline threshold */
	if (hdr + rest + rcv->page_len <= ep->ep_inline_recv)
		return XPRTRDMA_REPLY_INLINE;
	/* RFC 8267, Sections 4 and 6.1: READ data, READLINK pathname */
	if (xprtrdma_ddp_reply(rqst)) {
		n = xprtrdma_page_mrs(ep, rcv);
		hdr += XPRTRDMA_WCHUNK_BASE + n * RPCRDMA_SEGMENT_SIZE;
		if (n <= ep->ep_max_segs &&
		    hdr + rest <= ep->ep_inline_recv)
			return XPRTRDMA_REPLY_WRITE;
	}
	return XPRTRDMA_REPLY_CHUNK;
}

/*
 * A Write list or Reply chunk registered: its segments (one per MR) in
 * @segs, and its bytes as what the server may write (mountstats
 * "total_rdma_req").
 */
static void xprtrdma_count_reg(struct xprtrdma_xprt *rx, atomic_long_t *segs,
			       unsigned int nsegs, u32 len)
{
	atomic_long_add(nsegs, segs);
	xprtrdma_count_add(rx, st_request_bytes, len);
}

static int xprtrdma_reg_reply(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			      struct list_head *mrs, struct ib_send_wr ***tail)
{
	struct xdr_buf *rcv = &req->req_rqst.rq_rcv_buf;
	struct rpcrdma_chunks *ch = &req->req_msg.m1_chunks;
	struct rpcrdma_write_chunk *wc;
	struct xprtrdma_reg rg;
	u32 len;
	int rc;

	switch (req->req_wtype) {
	case XPRTRDMA_REPLY_WRITE:
		wc = &ch->ch_writes.wl_chunks[0];
		ch->ch_writes.wl_nchunks = 1;
		len = rcv->page_len;
		xprtrdma_reg_init(&rg, ep, mrs, tail, true, wc->wc_segs,
				  RPCRDMA_MAX_CHUNK_SEGS);
		rc = xprtrdma_reg_xdr(&rg, rcv, rcv->head[0].iov_len, len);
		wc->wc_nsegs = rg.rg_nsegs;
		xprtrdma_count(req->req_rx, st_write_chunks);
		if (!rc)
			xprtrdma_count_reg(req->req_rx,
					   &req->req_rx->rx_stats.st_write_segs,
					   rg.rg_nsegs, len);
		return rc;
	case XPRTRDMA_REPLY_CHUNK:
		wc = &ch->ch_reply;
		ch->ch_has_reply = true;
		len = rcv->head[0].iov_len + rcv->page_len +
		      rcv->tail[0].iov_len;
		xprtrdma_reg_init(&rg, ep, mrs, tail, true, wc->wc_segs,
				  RPCRDMA_MAX_CHUNK_SEGS);
		rc = xprtrdma_reg_xdr(&rg, rcv, 0, len);
		wc->wc_nsegs = rg.rg_nsegs;
		xprtrdma_count(req->req_rx, st_reply_chunks);
		if (!rc)
			xprtrdma_count_reg(req->req_rx,
					   &req->req_rx->rx_stats.st_reply_segs,
					   rg.rg_nsegs, len);
		return rc;
	default:
		return 0;
	}
}

/* Register [@offset, @offset + @len) of the Call as a Read chunk at @pos */
static int xprtrdma_reg_read(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			     struct list_head *mrs, struct ib_send_wr ***tail,
			     u32 offset, u32 len)
{
	struct rpcrdma_read_list *rl = &req->req_msg.m1_chunks.ch_reads;
	struct rpcrdma_segment segs[XPRTRDMA_MAX_CHUNK_MRS];
	u32 pos = offset, i;
	struct xprtrdma_reg rg;
	int rc;

	/* RFC 8166, Section 3.5.3: a Long Call's chunk is at position 0 */
	if (req->req_msg.m1_prefix.px_proc == RPCRDMA1_NOMSG)
		pos = 0;
	xprtrdma_reg_init(&rg, ep, mrs, tail, false, segs,
			  RPCRDMA_MAX_READ_SEGS);
	rc = xprtrdma_reg_xdr(&rg, &req->req_rqst.rq_snd_buf, offset, len);
	for (i = 0; i < rg.rg_nsegs; i++) {
		rl->rl_segs[i].rr_seg = segs[i];
		rl->rl_segs[i].rr_position = pos;
	}
	rl->rl_nsegs = rg.rg_nsegs;
	xprtrdma_count(req->req_rx, st_read_chunks);
	xprtrdma_count_add(req->req_rx, st_read_bytes, len);
	if (!rc)
		xprtrdma_count_add(req->req_rx, st_read_segs, rg.rg_nsegs);
	return rc;
}

/* Bytes of the tail that follow the page list's XDR roundup */
static u32 xprtrdma_tail_skip(const struct xdr_buf *snd)
{
	/* RFC 8166, Section 3.4.5.2: roundup is not sent in a Read chunk */
	return min_t(u32, xdr_pad_size(snd->page_len), snd->tail[0].iov_len);
}

/* The header @req would get on @ep's connection, in octets */
static size_t xprtrdma_hdr_size(const struct xprtrdma_ep *ep,
				const struct xprtrdma_req *req)
{
	if (ep->ep_vers == RPCRDMA_VERSION_2)
		return rpcrdma_v2_msg_size(&req->req_msg, true);
	return rpcrdma_v1_hdr_size(&req->req_msg);
}

static enum xprtrdma_rtype xprtrdma_plan_call(struct xprtrdma_ep *ep,
					      struct xprtrdma_req *req)
{
	const struct xdr_buf *snd = &req->req_rqst.rq_snd_buf;
	size_t hdr = xprtrdma_hdr_size(ep, req);
	u32 rest;

	if (hdr + snd->len <= ep->ep_inline_send)
		return XPRTRDMA_CALL_INLINE;
	/* RFC 8267, Sections 4 and 6.1: the WRITE payload is DDP-eligible */
	if ((snd->flags & XDRBUF_WRITE) && snd->page_len &&
	    xprtrdma_ddp_allowed(&req->req_rqst)) {
		rest = snd->head[0].iov_len + snd->tail[0].iov_len -
		       xprtrdma_tail_skip(snd);
		hdr += xprtrdma_page_mrs(ep, snd) * XPRTRDMA_READ_ENTRY;
		if (hdr + rest <= ep->ep_inline_send)
			return XPRTRDMA_CALL_READ;
	}
	return XPRTRDMA_CALL_NOMSG;
}

/*
 * Copy the inline part of the Call after the header; return its length.
 * @off: octets of a continued Call its CALL_MIDDLE parts carry.
 */
static int xprtrdma_copy_inline(struct xprtrdma_req *req,
				enum xprtrdma_rtype rtype, u32 off, u8 *dst,
				u32 room)
{
	const struct xdr_buf *snd = &req->req_rqst.rq_snd_buf;
	u32 head = snd->head[0].iov_len, skip, tail;

	switch (rtype) {
	case XPRTRDMA_CALL_CONT:
		if (snd->len - off > room ||
		    read_bytes_from_xdr_buf(snd, off, dst, snd->len - off))
			return -EMSGSIZE;
		return snd->len - off;
	case XPRTRDMA_CALL_INLINE:
		if (snd->len > room ||
		    read_bytes_from_xdr_buf(snd, 0, dst, snd->len))
			return -EMSGSIZE;
		return snd->len;
	case XPRTRDMA_CALL_READ:
		skip = xprtrdma_tail_skip(snd);
		tail = snd->tail[0].iov_len - skip;
		if (head + tail > room)
			return -EMSGSIZE;
		memcpy(dst, snd->head[0].iov_base, head);
		memcpy(dst + head, snd->tail[0].iov_base + skip, tail);
		return head + tail;
	default:
		return 0;
	}
}

static void xprtrdma_msg_init(struct xprtrdma_ep *ep, struct xprtrdma_req *req)
{
	struct rpcrdma_v1_msg *msg = &req->req_msg;

	msg->m1_prefix.px_xid = be32_to_cpu(req->req_rqst.rq_xid);
	msg->m1_prefix.px_vers = RPCRDMA_VERSION_1;
	/* RFC 8166, Section 3.3.1: a Call asks for the credits we want */
	msg->m1_prefix.px_credits = ep->ep_credits;
	msg->m1_prefix.px_proc = RPCRDMA1_MSG;
	msg->m1_chunks.ch_reads.rl_nsegs = 0;
	msg->m1_chunks.ch_writes.wl_nchunks = 0;
	msg->m1_chunks.ch_has_reply = false;
	msg->m1_chunks.ch_reply.wc_nsegs = 0;
}

/*
 * The handle the server may invalidate with Send With Invalidate
 * (v2-07, Section 6.5): the first MR of the chunk the server writes
 * into, else of the Read chunk; 0 when the Call registered nothing.
 */
static u32 xprtrdma_inv_handle(const struct xprtrdma_req *req)
{
	const struct rpcrdma_chunks *ch = &req->req_msg.m1_chunks;

	if (ch->ch_writes.wl_nchunks && ch->ch_writes.wl_chunks[0].wc_nsegs)
		return ch->ch_writes.wl_chunks[0].wc_segs[0].rs_handle;
	if (ch->ch_has_reply && ch->ch_reply.wc_nsegs)
		return ch->ch_reply.wc_segs[0].rs_handle;
	if (ch->ch_reads.rl_nsegs)
		return ch->ch_reads.rl_segs[0].rr_seg.rs_handle;
	return 0;
}

/* The transport header in the connection's version, at the Send buffer */
static enum rpcrdma_codec_err xprtrdma_encode(struct xprtrdma_ep *ep,
					      struct xprtrdma_req *req,
					      size_t *hdrlen)
{
	if (ep->ep_vers != RPCRDMA_VERSION_2)
		return rpcrdma_v1_encode(&req->req_msg, req->req_sendbuf,
					 ep->ep_inline_send, hdrlen);
	/* v2-07, Section 4.2.1: the credit value of the moment */
	req->req_msg.m1_prefix.px_credits = xprtrdma_v2_credit_value(ep);
	return rpcrdma_v2_encode_msg(&req->req_msg, true,
				     xprtrdma_inv_handle(req),
				     req->req_sendbuf, ep->ep_inline_send,
				     hdrlen);
}

static int xprtrdma_reg_call(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
			     enum xprtrdma_rtype rtype, struct list_head *mrs,
			     struct ib_send_wr ***tail)
{
	const struct xdr_buf *snd = &req->req_rqst.rq_snd_buf;

	switch (rtype) {
	case XPRTRDMA_CALL_READ:
		return xprtrdma_reg_read(ep, req, mrs, tail,
					 snd->head[0].iov_len, snd->page_len);
	case XPRTRDMA_CALL_NOMSG:
		req->req_msg.m1_prefix.px_proc = RPCRDMA1_NOMSG;
		xprtrdma_count(req->req_rx, st_nomsg_calls);
		return xprtrdma_reg_read(ep, req, mrs, tail, 0, snd->len);
	default:
		return 0;
	}
}

/**
 * xprtrdma_marshal - build the transport header, chunks and Send WR
 * @ep: the connection the Call goes out on
 * @req: the RPC slot; rq_snd_buf holds the encoded Call
 * @mrs: receives every MR registered for this Call (mapped, unposted)
 * @chain: receives the first WR to post: REG_MRs, then the Send
 *
 * Return: 0; -ENOBUFS if MRs ran out (try again later); -EMSGSIZE or
 * -EIO if this Call cannot be conveyed at all. On error the caller
 * returns the MRs in @mrs to the pool.
 */
int xprtrdma_marshal(struct xprtrdma_ep *ep, struct xprtrdma_req *req,
		     struct list_head *mrs, struct ib_send_wr **chain)
{
	struct ib_send_wr **tail = chain;
	enum xprtrdma_rtype rtype;
	u32 snd_len = req->req_rqst.rq_snd_buf.len, fin;
	size_t hdrlen;
	int rc, len, off = 0;

	xprtrdma_msg_init(ep, req);
	req->req_nmid = 0;
	req->req_wtype = xprtrdma_plan_reply(ep, &req->req_rqst);
	rc = xprtrdma_reg_reply(ep, req, mrs, &tail);
	if (rc)
		goto out_err;
	rtype = xprtrdma_plan_call(ep, req);
	/*
	 * v2-07, Section 4.5.1.2 and Appendix C.5: a Call chunk, or a Read
	 * chunk for a moderately sized payload, is less efficient than Sends
	 */
	if (rtype != XPRTRDMA_CALL_INLINE && ep->ep_vers == RPCRDMA_VERSION_2) {
		fin = ep->ep_inline_send - xprtrdma_hdr_size(ep, req);
		req->req_nmid = xprtrdma_v2_ccall_reserve(ep, snd_len, fin);
		if (req->req_nmid)
			rtype = XPRTRDMA_CALL_CONT;
	}
	rc = xprtrdma_reg_call(ep, req, rtype, mrs, &tail);
	if (rc)
		goto out_err;

	rc = -EMSGSIZE;
	if (xprtrdma_encode(ep, req, &hdrlen) != RPCRDMA_CE_OK)
		goto out_err;
	if (rtype == XPRTRDMA_CALL_CONT) {
		off = xprtrdma_v2_ccall_build(ep, req, req->req_nmid, &tail);
		if (off < 0)
			goto out_err;
	}
	len = xprtrdma_copy_inline(req, rtype, off, req->req_sendbuf + hdrlen,
				   ep->ep_inline_send - hdrlen);
	if (len < 0)
		goto out_err;
	xprtrdma_count_add(req->req_rx, st_send_copy, len);

	/*
	 * Its record and completion come with the post (send.c); each
	 * Send gets its own cid, as its completion may come after the
	 * slot has sent the next Call.
	 */
	req->req_send_cid = xprtrdma_new_cid();
	xprtrdma_init_send(ep, &req->req_send_wr, &req->req_send_sge,
			   NULL, req->req_send_dma, hdrlen + len);
	*tail = &req->req_send_wr;
	trace_xprtrdma_marshal(&req->req_rqst, ep->ep_scq_id, req->req_send_cid,
			       hdrlen, len, rtype, req->req_wtype,
			       list_count_nodes(mrs));
	return 0;

out_err:
	if (req->req_nmid) {
		xprtrdma_v2_ccall_undo(ep, req->req_nmid);
		req->req_nmid = 0;
	}
	if (rc != -ENOBUFS)
		xprtrdma_count(req->req_rx, st_marshal_fail);
	trace_xprtrdma_marshal_err(&req->req_rqst, rc);
	return rc;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_marshal);
