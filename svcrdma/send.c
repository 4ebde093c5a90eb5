// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: Send contexts, posting a Send (with the RDMA Writes chained
 * before it), RDMA_ERROR replies and the control messages of Version 2
 * (RDMA2_ERROR, RDMA2_GRANT, our RDMA2_CONNPROP_FINAL). The credit
 * grant a Reply carries follows the Send queue's use and is computed in
 * sq.c; the Version 2 credit value and flow control are in v2.c.
 *
 * A Send context owns a DMA-mapped buffer of sx_send_bufsz bytes that
 * holds the transport header and, for an inline Reply, the RPC message
 * (at most sx_send_size bytes of it are ever sent).
 * RDMA Writes are chained in front of the Send and left unsignalled:
 * the Send's completion (RC ordering) tells that they are done, and only
 * then are their mappings and the pages they read released.
 *
 * GRANT (v2-07, Section 4.2.1.1): after each message xpo_recvfrom takes
 * that does not become a Call, if no Call is waiting for its Reply
 * (which would carry a fresh value) and the client has used more than
 * half of what we last advertised, an RDMA2_GRANT refreshes it. It is
 * sent only if a credit is free right now.
 *
 * xpo_recvfrom never waits for the client: an nfsd thread held there
 * serves no one else, and one message granting no credit would hold it
 * (Section 4.2.1.1 lets a peer grant zero). What it sends (errors, our
 * CONNPROP_FINAL, GRANT) is posted at once or not at all; an answer
 * that cannot go closes the connection, which a client that meant well
 * recovers from by reconnecting. A Reply, or an error in its place,
 * waits for credit as Section 4.2.1.1 says, bounded (see v2.c).
 */

#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/overflow.h>

#include <kunit/visibility.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"
#include "trace.h"

static void svcrdma_send_done(struct ib_cq *cq, struct ib_wc *wc);

static struct svcrdma_send_ctxt *
svcrdma_send_ctxt_alloc(struct svcrdma_xprt *sx)
{
	struct ib_device *dev = sx->sx_cm_id->device;
	struct svcrdma_send_ctxt *sc;

	sc = kzalloc(struct_size(sc, sc_pages, sx->sx_send_maxpages),
		     GFP_KERNEL);
	if (!sc)
		return NULL;
	sc->sc_maxpages = sx->sx_send_maxpages;
	sc->sc_buf = kmalloc(sx->sx_send_bufsz, GFP_KERNEL);
	if (!sc->sc_buf)
		goto out_sc;
	sc->sc_dma = ib_dma_map_single(dev, sc->sc_buf, sx->sx_send_bufsz,
				       DMA_TO_DEVICE);
	if (ib_dma_mapping_error(dev, sc->sc_dma))
		goto out_buf;
	sc->sc_sx = sx;
	sc->sc_cid = svcrdma_new_cid();
	sc->sc_cqe.done = svcrdma_send_done;
	sc->sc_sges[0].addr = sc->sc_dma;
	sc->sc_sges[0].lkey = sx->sx_pd->local_dma_lkey;
	INIT_LIST_HEAD(&sc->sc_rw);
	atomic_inc(&sx->sx_send_count);
	svcrdma_live_add(SVCRDMA_LIVE_SEND_CTXTS, 1);
	return sc;

out_buf:
	kfree(sc->sc_buf);
out_sc:
	kfree(sc);
	return NULL;
}

static void svcrdma_send_ctxt_free(struct svcrdma_xprt *sx,
				   struct svcrdma_send_ctxt *sc)
{
	ib_dma_unmap_single(sx->sx_cm_id->device, sc->sc_dma,
			    sx->sx_send_bufsz, DMA_TO_DEVICE);
	kfree(sc->sc_buf);
	kfree(sc);
	atomic_dec(&sx->sx_send_count);
	svcrdma_live_add(SVCRDMA_LIVE_SEND_CTXTS, -1);
}

/**
 * svcrdma_send_ring_init - prepare a connection's Send contexts
 * @sx: the new connection
 *
 * Contexts are made on demand; this checks that one can be. Each holds
 * as many pages as one Reply of the connection's service can have in
 * its array (compat.h), plus SVCRDMA_SEND_PAGES_SLACK.
 *
 * Return: 0 or -ENOMEM.
 */
int svcrdma_send_ring_init(struct svcrdma_xprt *sx)
{
	struct svcrdma_send_ctxt *sc;

	sx->sx_send_maxpages = rpcrdma_svc_maxpages(sx->sx_xprt.xpt_server) +
			       SVCRDMA_SEND_PAGES_SLACK;
	sc = svcrdma_send_ctxt_alloc(sx);
	if (!sc)
		return -ENOMEM;
	llist_add(&sc->sc_free, &sx->sx_send_free);
	return 0;
}

/**
 * svcrdma_send_ring_destroy - free every idle Send context
 * @sx: the connection, its QP drained
 */
void svcrdma_send_ring_destroy(struct svcrdma_xprt *sx)
{
	struct svcrdma_send_ctxt *sc, *tmp;
	struct llist_node *node;

	node = llist_del_all(&sx->sx_send_orphans);
	llist_for_each_entry_safe(sc, tmp, node, sc_free)
		svcrdma_send_ctxt_put(sx, sc);
	node = llist_del_all(&sx->sx_send_free);
	llist_for_each_entry_safe(sc, tmp, node, sc_free)
		svcrdma_send_ctxt_free(sx, sc);
	WARN_ON_ONCE(atomic_read(&sx->sx_send_count));
}

/**
 * svcrdma_send_ctxt_get - take an idle Send context
 * @sx: the connection
 *
 * Return: a context with no Writes and no pages, or NULL.
 */
struct svcrdma_send_ctxt *svcrdma_send_ctxt_get(struct svcrdma_xprt *sx)
{
	struct llist_node *node = svcrdma_idle_take(sx, &sx->sx_send_free);

	if (node)
		return llist_entry(node, struct svcrdma_send_ctxt, sc_free);
	return svcrdma_send_ctxt_alloc(sx);
}

/**
 * svcrdma_send_ctxt_reset - drop the Writes and pages of a context
 * @sx: the connection
 * @sc: a context that is not posted
 */
void svcrdma_send_ctxt_reset(struct svcrdma_xprt *sx,
			     struct svcrdma_send_ctxt *sc)
{
	unsigned int i;

	svcrdma_rw_release_list(sx, &sc->sc_rw);
	for (i = 0; i < sc->sc_npages; i++)
		put_page(sc->sc_pages[i]);
	svcrdma_live_add(SVCRDMA_LIVE_PAGES, -(int)sc->sc_npages);
	sc->sc_npages = 0;
	sc->sc_len = 0;
	sc->sc_wrs = 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_send_ctxt_reset);

/**
 * svcrdma_send_ctxt_put - release a context's work and make it idle
 * @sx: the connection
 * @sc: a context that is not (or no longer) posted
 */
void svcrdma_send_ctxt_put(struct svcrdma_xprt *sx,
			   struct svcrdma_send_ctxt *sc)
{
	svcrdma_send_ctxt_reset(sx, sc);
	llist_add(&sc->sc_free, &sx->sx_send_free);
}

/**
 * svcrdma_send_hold_page - keep a page alive until the Send completes
 * @sc: the context
 * @page: a page an RDMA Write of @sc reads
 *
 * Return: 0, or -ENOSPC.
 */
int svcrdma_send_hold_page(struct svcrdma_send_ctxt *sc, struct page *page)
{
	if (sc->sc_npages && sc->sc_pages[sc->sc_npages - 1] == page)
		return 0;
	if (sc->sc_npages >= sc->sc_maxpages)
		return -ENOSPC;
	get_page(page);
	svcrdma_live_add(SVCRDMA_LIVE_PAGES, 1);
	sc->sc_pages[sc->sc_npages++] = page;
	return 0;
}

static void svcrdma_send_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svcrdma_send_ctxt *sc =
		container_of(wc->wr_cqe, struct svcrdma_send_ctxt, sc_cqe);
	struct svcrdma_xprt *sx = sc->sc_sx;

	trace_svcrdma_send_done(sx, sx->sx_sq_cq_id, sc->sc_cid, wc);
	svcrdma_sq_release(sx, sc->sc_wrs);
	if (wc->status != IB_WC_SUCCESS && wc->status != IB_WC_WR_FLUSH_ERR)
		svc_xprt_deferred_close(&sx->sx_xprt);
	svcrdma_send_ctxt_put(sx, sc);
}

static int svcrdma_post_wrs(struct svcrdma_xprt *sx,
			    struct svcrdma_send_ctxt *sc,
			    const struct ib_send_wr *first,
			    const struct ib_send_wr **bad_wr)
{
	ib_dma_sync_single_for_device(sx->sx_cm_id->device, sc->sc_dma,
				      sc->sc_len, DMA_TO_DEVICE);
	return ib_post_send(sx->sx_qp, first, bad_wr);
}

/**
 * __svcrdma_send_post - post a context's Writes and Send
 * @sx: the connection
 * @sc: the context; sc_len bytes of sc_buf are sent
 * @inv_rkey: rkey to invalidate remotely
 * @inv: use Send With Invalidate (RFC 8797, Section 4.1; v2-07,
 *	Section 6.5)
 *
 * The caller has done the Version 2 flow control, if the connection
 * may use Version 2 (see svcrdma_send_post()). On success the context
 * belongs to the completion handler. On failure it has been released
 * (or kept for teardown) and the connection is closing.
 *
 * Return: 0 or a negative errno.
 */
int __svcrdma_send_post(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc,
			u32 inv_rkey, bool inv)
{
	const struct ib_send_wr *bad_wr;
	struct ib_send_wr *first;
	unsigned int wrs;
	int ret;

	sc->sc_sges[0].length = sc->sc_len;
	memset(&sc->sc_wr, 0, sizeof(sc->sc_wr));
	sc->sc_wr.wr_cqe = &sc->sc_cqe;
	sc->sc_wr.sg_list = sc->sc_sges;
	sc->sc_wr.num_sge = 1;
	sc->sc_wr.send_flags = IB_SEND_SIGNALED;
	sc->sc_wr.opcode = IB_WR_SEND;
	if (inv) {
		sc->sc_wr.opcode = IB_WR_SEND_WITH_INV;
		sc->sc_wr.ex.invalidate_rkey = inv_rkey;
		svcrdma_stat_inc(SVCRDMA_STAT_SEND_INV);
	}

	wrs = 1 + svcrdma_rw_wrs(&sc->sc_rw);
	ret = svcrdma_sq_reserve(sx, wrs);
	if (ret)
		goto out_put;
	sc->sc_wrs = wrs;
	first = svcrdma_rw_chain(sx, &sc->sc_rw, NULL, &sc->sc_wr);
	trace_svcrdma_post_send(sx, sx->sx_sq_cq_id, sc->sc_cid, wrs, sc->sc_len,
				inv);
	if (sx->sx_v2 && READ_ONCE(sx->sx_version) == RPCRDMA_VERSION_2) {
		/* rdma_credit in posting order: see svcrdma_v2_stamp() */
		spin_lock(&sx->sx_v2->v2_post_lock);
		svcrdma_v2_stamp(sx, sc);
		ret = svcrdma_post_wrs(sx, sc, first, &bad_wr);
		spin_unlock(&sx->sx_v2->v2_post_lock);
	} else {
		ret = svcrdma_post_wrs(sx, sc, first, &bad_wr);
	}
	if (!ret)
		return 0;

	trace_svcrdma_post_send_err(sx, ret);
	svcrdma_sq_release(sx, wrs);
	if (bad_wr != first) {
		/* Writes already posted read our pages: keep all for later */
		llist_add(&sc->sc_free, &sx->sx_send_orphans);
		svc_xprt_deferred_close(&sx->sx_xprt);
		return ret;
	}
out_put:
	svc_xprt_deferred_close(&sx->sx_xprt);
	svcrdma_send_ctxt_put(sx, sc);
	return ret;
}

/**
 * svcrdma_send_post - post a context's Writes and Send, with flow control
 * @sx: the connection
 * @sc: the context; sc_len bytes of sc_buf are sent
 * @inv_rkey: rkey to invalidate remotely
 * @inv: use Send With Invalidate
 *
 * On a connection that may use Version 2 every Send is counted and, once
 * the connection speaks Version 2, waits (bounded) for a credit from
 * the client (v2-07, Section 4.2.1); the Send is posted under
 * v2_send_sem held for read, so that it never lands inside a continued
 * Reply (Section 4.1). Same contract as __svcrdma_send_post().
 *
 * Return: 0 or a negative errno.
 */
int svcrdma_send_post(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc,
		      u32 inv_rkey, bool inv)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	int ret;

	if (!v2)
		return __svcrdma_send_post(sx, sc, inv_rkey, inv);
	down_read(&v2->v2_send_sem);
	ret = svcrdma_v2_take_credit(sx, true);
	if (!ret)
		ret = __svcrdma_send_post(sx, sc, inv_rkey, inv);
	else
		svcrdma_send_ctxt_put(sx, sc);
	up_read(&v2->v2_send_sem);
	return ret;
}

/*
 * Post @sc now or not at all: without waiting for a credit from the
 * client or behind a continued Reply (see the top of this file).
 * Return: 0; -EAGAIN when it could not go now, @sc released; another
 * negative errno from __svcrdma_send_post().
 */
static int svcrdma_send_post_now(struct svcrdma_xprt *sx,
				 struct svcrdma_send_ctxt *sc)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	int ret;

	if (v2) {
		if (!down_read_trylock(&v2->v2_send_sem))
			goto not_now;
		if (svcrdma_v2_take_credit(sx, false)) {
			up_read(&v2->v2_send_sem);
			goto not_now;
		}
	}
	ret = __svcrdma_send_post(sx, sc, 0, false);
	if (v2)
		up_read(&v2->v2_send_sem);
	return ret == -EAGAIN ? -EIO : ret;

not_now:
	svcrdma_send_ctxt_put(sx, sc);
	return -EAGAIN;
}

/*
 * Post a control message: from xpo_sendto (@wait) as a Reply is, from
 * xpo_recvfrom at once, closing the connection when it cannot go.
 */
static void svcrdma_ctl_post(struct svcrdma_xprt *sx,
			     struct svcrdma_send_ctxt *sc, bool wait)
{
	if (wait) {
		svcrdma_send_post(sx, sc, 0, false);
		return;
	}
	if (svcrdma_send_post_now(sx, sc) == -EAGAIN)
		svcrdma_v2_credit_none(sx);
}

/**
 * svcrdma_send_error - answer a Call with RDMA_ERROR or RDMA2_ERROR
 * @sx: the connection
 * @xid: the Call's rdma_xid
 * @err: codec result that decides the error
 * @wait: true from xpo_sendto (in a Reply's place), false from
 *	xpo_recvfrom (see the top of this file)
 *
 * RFC 8166, Section 4.5: a responder that cannot process a Call's
 * transport header tells the requester with an RDMA_ERROR message; on
 * a Version 2 connection, an RDMA2_ERROR with the rdma_err the codec
 * gives (v2-07, Section 7).
 */
void svcrdma_send_error(struct svcrdma_xprt *sx, u32 xid,
			enum rpcrdma_codec_err err, bool wait)
{
	struct svcrdma_send_ctxt *sc;
	size_t len;

	if (READ_ONCE(sx->sx_version) == RPCRDMA_VERSION_2) {
		struct rpcrdma_v2_error e;

		rpcrdma_v2_error_body(&e, err, sx->sx_max_version);
		svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e, wait);
		return;
	}
	sc = svcrdma_send_ctxt_get(sx);
	if (!sc)
		return;
	rpcrdma_v1_error_init(&sc->sc_msg, xid, svcrdma_credits(sx), err);
	if (rpcrdma_v1_encode(&sc->sc_msg, sc->sc_buf, sx->sx_send_bufsz,
			      &len)) {
		svcrdma_send_ctxt_put(sx, sc);
		return;
	}
	sc->sc_len = len;
	if (sc->sc_msg.m1_error.e1_code == RPCRDMA1_ERR_VERS)
		svcrdma_stat_inc(SVCRDMA_STAT_ERR_VERS);
	else
		svcrdma_stat_inc(SVCRDMA_STAT_ERR_CHUNK);
	trace_svcrdma_send_error(sx, xid, sc->sc_len,
				 sc->sc_msg.m1_error.e1_code);
	svcrdma_ctl_post(sx, sc, wait);
}

static void svcrdma_v2_error_stat(u32 code)
{
	enum svcrdma_stat s;

	switch (code) {
	case RPCRDMA2_ERR_VERS:
		s = SVCRDMA_STAT_ERR_VERS;
		break;
	case RPCRDMA2_ERR_VERS_MISMATCH:
		s = SVCRDMA_STAT_ERR_VERS_MISMATCH;
		break;
	case RPCRDMA2_ERR_INVAL_CONT:
		s = SVCRDMA_STAT_V2_ERR_CONT;
		break;
	case RPCRDMA2_ERR_READ_CHUNKS:
	case RPCRDMA2_ERR_WRITE_CHUNKS:
	case RPCRDMA2_ERR_SEGMENTS:
		s = SVCRDMA_STAT_V2_ERR_LIMITS;
		break;
	case RPCRDMA2_ERR_WRITE_RESOURCE:
	case RPCRDMA2_ERR_REPLY_RESOURCE:
		s = SVCRDMA_STAT_V2_ERR_RESOURCE;
		break;
	case RPCRDMA2_ERR_SYSTEM:
		s = SVCRDMA_STAT_V2_ERR_SYSTEM;
		break;
	default:
		/* BAD_XDR, BAD_PROPVAL, INVAL_HTYPE */
		s = SVCRDMA_STAT_V2_ERR_PARSE;
		break;
	}
	svcrdma_stat_inc(s);
}

/*
 * The credit value of a control message: Version 2 flow control once
 * the connection speaks it, else the Version 1 grant.
 */
static u32 svcrdma_ctl_credit(struct svcrdma_xprt *sx)
{
	if (READ_ONCE(sx->sx_version) == RPCRDMA_VERSION_2)
		return svcrdma_v2_credit(sx);
	return svcrdma_credits(sx);
}

/**
 * svcrdma_v2_send_error - send an error in the RDMA2_ERROR layout
 * @sx: the connection
 * @xid: rdma_xid of the message answered (v2-07, Section 7)
 * @vers: its rdma_vers, echoed (same section)
 * @e: rdma_err and its body
 * @wait: as for svcrdma_send_error()
 *
 * Also used for ERR_VERS to any version: Version 1's RDMA_ERROR with
 * ERR_VERS has the same layout (prefix, 4, 1, low, high). Errors are
 * control messages: never sent With Invalidate (Section 6.5).
 */
void svcrdma_v2_send_error(struct svcrdma_xprt *sx, u32 xid, u32 vers,
			   const struct rpcrdma_v2_error *e, bool wait)
{
	struct svcrdma_send_ctxt *sc;
	size_t len;

	sc = svcrdma_send_ctxt_get(sx);
	if (!sc)
		return;
	if (rpcrdma_v2_encode_error(xid, vers, svcrdma_ctl_credit(sx), e,
				    sc->sc_buf, sx->sx_send_bufsz, &len)) {
		svcrdma_send_ctxt_put(sx, sc);
		return;
	}
	sc->sc_len = len;
	svcrdma_v2_error_stat(e->e2_code);
	trace_svcrdma_v2_error(sx, xid, vers, e->e2_code);
	svcrdma_ctl_post(sx, sc, wait);
}

/**
 * svcrdma_v2_send_props - send our RDMA2_CONNPROP_FINAL, once
 * @sx: a Version 2 connection
 * @xid: rdma_xid of the client's first Version 2 message
 *
 * v2-07, Section 6.3.4: each peer sends CONNPROP_FINAL after the
 * connection is established. Ours goes before anything else we send on
 * the connection and echoes the xid of the client's first message, so
 * it also serves as the answer the client waits for (Section 4.3.1).
 * Called only from xpo_recvfrom: a client whose first message leaves
 * no credit for it is disconnected (see the top of this file).
 */
void svcrdma_v2_send_props(struct svcrdma_xprt *sx, u32 xid)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	struct rpcrdma_v2_props pr = { };
	struct svcrdma_send_ctxt *sc;
	size_t len;

	if (v2->v2_props_sent)
		return;
	v2->v2_props_sent = true;
	sc = svcrdma_send_ctxt_get(sx);
	if (!sc) {
		svc_xprt_deferred_close(&sx->sx_xprt);
		return;
	}
	pr.pr_present = RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_SBSIZ) |
			RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RBSIZ) |
			RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RSSIZ) |
			RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_RCSIZ);
	pr.pr_sbsiz = READ_ONCE(sx->sx_send_size);
	pr.pr_rbsiz = sx->sx_recv_size;
	pr.pr_rssiz = SVCRDMA_MAX_PAYLOAD;
	pr.pr_rcsiz = RPCRDMA_MAX_CHUNK_SEGS;
	if (rpcrdma_v2_encode_connprop(xid, svcrdma_v2_credit(sx), &pr,
				       sc->sc_buf, sx->sx_send_bufsz, &len)) {
		svcrdma_send_ctxt_put(sx, sc);
		svc_xprt_deferred_close(&sx->sx_xprt);
		return;
	}
	sc->sc_len = len;
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONNPROP_SENT);
	trace_svcrdma_v2_props_sent(sx, xid, pr.pr_sbsiz, pr.pr_rbsiz);
	svcrdma_ctl_post(sx, sc, false);
}

/**
 * svcrdma_v2_grant_check - send RDMA2_GRANT when the client runs low
 * @sx: the connection; called from xpo_recvfrom after a message
 *
 * See the policy at the top of this file.
 */
void svcrdma_v2_grant_check(struct svcrdma_xprt *sx)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	struct svcrdma_send_ctxt *sc;
	u32 adv, credit;
	s32 left;
	size_t len;
	int posted, ret;

	if (READ_ONCE(sx->sx_version) != RPCRDMA_VERSION_2 ||
	    !v2->v2_props_sent || atomic_read(&v2->v2_calls) ||
	    svc_xprt_is_dead(&sx->sx_xprt))
		return;
	posted = atomic_read(&sx->sx_recv_posted);
	adv = min_t(u32, READ_ONCE(sx->sx_credits), posted > 1 ? posted - 1 : 0);
	left = (s32)(READ_ONCE(v2->v2_last_credit) -
		     (u32)atomic_read(&sx->sx_recv_seq));
	if (left < 0)
		left = 0;
	if (2 * (u32)left >= adv)
		return;

	sc = svcrdma_send_ctxt_get(sx);
	if (!sc)
		return;
	credit = svcrdma_v2_credit(sx);
	if (rpcrdma_v2_encode_grant(credit, sc->sc_buf, sx->sx_send_bufsz,
				    &len)) {
		svcrdma_send_ctxt_put(sx, sc);
		return;
	}
	sc->sc_len = len;
	ret = svcrdma_send_post_now(sx, sc);
	if (ret == -EAGAIN)
		trace_svcrdma_v2_grant_skip(sx, atomic_read(&v2->v2_sent),
					    READ_ONCE(v2->v2_limit));
	if (ret)
		return;
	trace_svcrdma_v2_grant(sx, atomic_read(&v2->v2_sent), credit);
	svcrdma_stat_inc(SVCRDMA_STAT_V2_GRANT_SENT);
}
