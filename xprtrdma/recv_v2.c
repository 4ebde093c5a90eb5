// SPDX-License-Identifier: GPL-2.0-only
/*
 * xprtrdma: the Receive path of RPC-over-RDMA Version 2
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07" below) on the client
 * side.
 *
 * The reply handler (reply.c) hands every Receive of a connection not in
 * Version 1 to xprtrdma_v2_receive(). While the connection negotiates,
 * the server's first answer settles the version and, in Version 2,
 * brings the server's properties (v2.c sends our first message and
 * waits for that answer). Once in Version 2, each message's rdma_credit
 * moves the send window, and what is not a Reply (control messages,
 * reverse-direction Calls, the parts of a continued Reply) is dealt
 * with here. What we send in answer (RDMA2_GRANT, RDMA2_ERROR) goes out
 * through v2.c's control buffer.
 *
 * Replies map onto the Version 1 form the rest of the client works with
 * (rpcrdma_v2_to_v1()); RDMA2_ERROR answering a Call maps onto
 * RDMA_ERROR, so the Call fails the way it does in Version 1 (ERR_VERS:
 * EPROTONOSUPPORT; every other code: EIO, since we never resend with more
 * resources, which Sections 7.3.1-7.3.5 allow). A continued Reply
 * (REPLY_MIDDLE ... REPLY_INLINE, Section 6.6.2) is reassembled in one
 * buffer of at most XPRTRDMA_CONT_MAX octets. Reverse Calls arrive as
 * CALL_INLINE (Section 4.6.1); we support the Simple format without
 * chunks (RDMA2_RVRSDIR_SIMPLE, Section 5.2.5), so a reverse Call with
 * chunks is answered RDMA2_ERR_READ_CHUNKS or RDMA2_ERR_WRITE_CHUNKS with
 * a limit of zero (Sections 4.6.4, 7.3.1, 7.3.2), and CALL_EXTERNAL or
 * CALL_MIDDLE with RDMA2_ERR_INVAL_HTYPE (Section 7.1.3).
 */

#include <linux/slab.h>
#include <kunit/visibility.h>

#include "xprtrdma.h"
#include "trace.h"

/* A property's value: its own, its default (Section 5.2) or @cur */
static u32 xprtrdma_v2_prop(const struct rpcrdma_v2_props *pr, u32 id,
			    u32 val, u32 def, u32 cur)
{
	if (!(pr->pr_present & RPCRDMA2_PROP_BIT(id)))
		return cur;
	if (pr->pr_default & RPCRDMA2_PROP_BIT(id))
		return def;
	return val;
}

/*
 * Honour the server's properties. Only while negotiating: the
 * connection is not published yet, so nothing else reads these sizes.
 * Sizes below what RFC 8166 guarantees every receiver (1024 octets,
 * Section 3.3.3) and chunk limits below what a Call needs at all (head,
 * tail, one page list MR and a page-offset one) are raised to those.
 */
static void xprtrdma_v2_props_apply(struct xprtrdma_ep *ep,
				    const struct rpcrdma_v2_props *pr)
{
	struct xprtrdma_xprt *rx = ep->ep_rx;
	u32 v;

	trace_xprtrdma_v2_props(rx->rx_xprt.id, pr->pr_sbsiz, pr->pr_rbsiz,
				pr->pr_rssiz, pr->pr_rcsiz, pr->pr_present,
				pr->pr_hostauth_len);
	v = xprtrdma_v2_prop(pr, RPCRDMA2_PROPID_RBSIZ, pr->pr_rbsiz,
			     RPCRDMA2_DEFAULT_INLINE, ep->ep_inline_send);
	ep->ep_inline_send = min(ep->ep_inline_send,
				 max(v, RPCRDMA1_DEFAULT_INLINE));
	v = xprtrdma_v2_prop(pr, RPCRDMA2_PROPID_SBSIZ, pr->pr_sbsiz,
			     RPCRDMA2_DEFAULT_INLINE, ep->ep_inline_recv);
	ep->ep_inline_recv = min(ep->ep_inline_recv,
				 max(v, RPCRDMA1_DEFAULT_INLINE));
	v = xprtrdma_v2_prop(pr, RPCRDMA2_PROPID_RSSIZ, pr->pr_rssiz,
			     XPRTRDMA_MAX_PAYLOAD, ep->ep_depth << PAGE_SHIFT);
	ep->ep_depth = clamp_t(u32, v >> PAGE_SHIFT, 1, ep->ep_depth);
	v = xprtrdma_v2_prop(pr, RPCRDMA2_PROPID_RCSIZ, pr->pr_rcsiz,
			     RPCRDMA_MAX_CHUNK_SEGS, ep->ep_max_segs);
	ep->ep_max_segs = clamp_t(u32, v, 4, ep->ep_max_segs);
	WRITE_ONCE(rx->rx_xprt.max_payload,
		   xprtrdma_payload_limit(ep->ep_depth, ep->ep_max_segs));
	xprtrdma_bc_set_payload(rx, ep->ep_inline_send, ep->ep_inline_recv);
	/*
	 * Section 5.2.6: with no host authentication of our own, the
	 * material is not checked and the connection stays
	 * unauthenticated, which our local policy allows.
	 */
}

/* The first message from the server: which version is it in? */
static void xprtrdma_v2_answer(struct xprtrdma_ep *ep,
			       struct xprtrdma_rep *rep, u32 len)
{
	struct rpcrdma_v2_msg *m2 = ep->ep_v2_msg;
	enum rpcrdma_vers_answer answer;
	u32 htype;

	answer = rpcrdma_vers_answer(rep->rep_buf, len, ep->ep_neg_xid);
	if (answer != RPCRDMA_ANSWER_V2) {
		if (answer != RPCRDMA_ANSWER_NONE)
			xprtrdma_v2_settle(ep, RPCRDMA_VERSION_1, answer);
		return;
	}
	/* A server that speaks Version 2 opens its window with it */
	if (rpcrdma_v2_decode(rep->rep_buf, len, 0, 0, m2) != RPCRDMA_CE_OK)
		return;
	ep->ep_v2_limit = rpcrdma_v2_limit(atomic_read(&ep->ep_v2_sent),
					   m2->m2_prefix.px_credits,
					   ep->ep_credits + XPRTRDMA_BC_SLOTS);
	htype = m2->m2_prefix.px_proc;
	if (htype == RPCRDMA2_CONNPROP_MIDDLE ||
	    htype == RPCRDMA2_CONNPROP_FINAL) {
		xprtrdma_v2_props_apply(ep, &m2->m2_props);
		/* A MIDDLE announces more: wait for the FINAL */
		if (htype == RPCRDMA2_CONNPROP_MIDDLE) {
			ep->ep_v2_open = htype;
			return;
		}
		ep->ep_v2_open = 0;
		ep->ep_v2_props_final = true;
	}
	xprtrdma_v2_settle(ep, RPCRDMA_VERSION_2, answer);
}

/*
 * Answer a request we could not decode, as the codec says (Section 7);
 * also a Reply that breaks a continuation (xprtrdma_v2_dispatch())
 */
static void xprtrdma_v2_bad_request(struct xprtrdma_ep *ep, u32 xid,
				    enum rpcrdma_codec_err err)
{
	struct rpcrdma_v2_error e = { .e2_code = rpcrdma_v2_errcode(err) };

	switch (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER)) {
	case RPCRDMA_ACT_ERR_VERS:
	case RPCRDMA_ACT_ERR_CHUNK:
		if (e.e2_code == RPCRDMA2_ERR_VERS) {
			e.e2_vers_low = RPCRDMA_VERSION_2;
			e.e2_vers_high = RPCRDMA_VERSION_2;
		}
		xprtrdma_v2_send_error(ep, xid, &e);
		break;
	case RPCRDMA_ACT_CLOSE:
		xprtrdma_ep_fail(ep);
		break;
	default:
		break;
	}
}

/*
 * An RDMA2_ERROR becomes the RDMA_ERROR the reply path already turns
 * into a failed Call: ERR_VERS for the version errors, ERR_CHUNK (EIO)
 * for the rest.
 */
static void xprtrdma_v2_map_error(const struct rpcrdma_v2_msg *m2,
				  struct rpcrdma_v1_msg *m1)
{
	const struct rpcrdma_v2_error *e = &m2->m2_error;

	memset(m1, 0, sizeof(*m1));
	m1->m1_prefix = m2->m2_prefix;
	m1->m1_prefix.px_proc = RPCRDMA1_ERROR;
	switch (e->e2_code) {
	case RPCRDMA2_ERR_VERS:
		m1->m1_error.e1_code = RPCRDMA1_ERR_VERS;
		m1->m1_error.e1_vers_low = e->e2_vers_low;
		m1->m1_error.e1_vers_high = e->e2_vers_high;
		break;
	case RPCRDMA2_ERR_VERS_MISMATCH:
		m1->m1_error.e1_code = RPCRDMA1_ERR_VERS;
		m1->m1_error.e1_vers_low = RPCRDMA_VERSION_2;
		m1->m1_error.e1_vers_high = RPCRDMA_VERSION_2;
		break;
	default:
		m1->m1_error.e1_code = RPCRDMA1_ERR_CHUNK;
		break;
	}
}

/*
 * Collect a continued Reply. @m2 is a REPLY_MIDDLE or, ending one, a
 * REPLY_INLINE. Return: 1 when the whole message is in ep_cont_buf,
 * 0 when more is due, or a negative errno (the Reply is lost: the
 * caller fails its Call).
 */
static int xprtrdma_v2_cont_add(struct xprtrdma_ep *ep,
				const struct xprtrdma_rep *rep,
				const struct rpcrdma_v2_msg *m2)
{
	u32 xid = m2->m2_prefix.px_xid, n = m2->m2_msg_len;
	bool last = m2->m2_prefix.px_proc != RPCRDMA2_REPLY_MIDDLE;
	u64 total;

	if (!ep->ep_v2_open) {
		/* rdma_remaining: what follows this payload (Section 6.3.9) */
		total = (u64)n + m2->m2_remaining;
		if (total > XPRTRDMA_CONT_MAX)
			return -EMSGSIZE;
		kvfree(ep->ep_cont_buf);
		ep->ep_cont_buf = kvmalloc(total, GFP_NOFS | __GFP_NOWARN);
		if (!ep->ep_cont_buf)
			return -ENOMEM;
		ep->ep_cont_len = 0;
		ep->ep_cont_xid = xid;
		ep->ep_v2_open = RPCRDMA2_REPLY_MIDDLE;
		ep->ep_cont_total = (u32)total;
	} else if (xid != ep->ep_cont_xid) {
		return -EPROTO;
	}
	if (n > ep->ep_cont_total - ep->ep_cont_len ||
	    (!last && m2->m2_remaining !=
	     ep->ep_cont_total - ep->ep_cont_len - n) ||
	    (last && n != ep->ep_cont_total - ep->ep_cont_len))
		return -EPROTO;
	memcpy(ep->ep_cont_buf + ep->ep_cont_len,
	       rep->rep_buf + m2->m2_hdr_len, n);
	ep->ep_cont_len += n;
	xprtrdma_count(ep->ep_rx, st_v2_cont_recv);
	if (!last)
		return 0;
	ep->ep_v2_open = 0;
	return 1;
}

/* A continued Reply we cannot take: fail its Call rather than lose it */
static void xprtrdma_v2_cont_abort(struct xprtrdma_ep *ep,
				   struct xprtrdma_rep *rep, u32 xid, int rc)
{
	struct rpcrdma_v2_error e = { .e2_code = RPCRDMA2_ERR_INVAL_CONT };

	trace_xprtrdma_v2_cont_abort(xid, rc);
	ep->ep_v2_open = 0;
	memset(&rep->rep_msg, 0, sizeof(rep->rep_msg));
	rep->rep_msg.m1_prefix.px_xid = xid;
	rep->rep_msg.m1_prefix.px_vers = RPCRDMA_VERSION_2;
	rep->rep_msg.m1_prefix.px_proc = RPCRDMA1_ERROR;
	rep->rep_msg.m1_error.e1_code = RPCRDMA1_ERR_CHUNK;
	/* v2-07, Section 7.1.4: tell the sender too */
	xprtrdma_v2_send_error(ep, xid, &e);
}

/* A reverse-direction Call in Version 2 (Section 4.6.1) */
static void xprtrdma_v2_reverse(struct xprtrdma_ep *ep,
				struct xprtrdma_rep *rep,
				const struct rpcrdma_v2_msg *m2)
{
	const struct rpcrdma_chunks *ch = &m2->m2_chunks;
	struct rpcrdma_v2_error e = { 0 };
	u32 xid = m2->m2_prefix.px_xid;
	const __be32 *p;

	if (m2->m2_prefix.px_proc != RPCRDMA2_CALL_INLINE) {
		/* We announced the Simple format only (Section 5.2.5) */
		e.e2_code = RPCRDMA2_ERR_INVAL_HTYPE;
		xprtrdma_v2_send_error(ep, xid, &e);
		return;
	}
	if (ch->ch_reads.rl_nsegs || ch->ch_writes.wl_nchunks ||
	    ch->ch_has_reply) {
		/* Sections 4.6.4, 7.3.1, 7.3.2: no chunks in this direction */
		e.e2_code = ch->ch_reads.rl_nsegs ? RPCRDMA2_ERR_READ_CHUNKS :
						    RPCRDMA2_ERR_WRITE_CHUNKS;
		xprtrdma_v2_send_error(ep, xid, &e);
		xprtrdma_count(ep->ep_rx, st_calls_dropped);
		trace_xprtrdma_bc_drop(ep->ep_rx->rx_xprt.id, xid,
				       RPCRDMA_DROP_CHUNKS);
		return;
	}
	if (rpcrdma_v2_to_v1(m2, &rep->rep_msg) != RPCRDMA_CE_OK)
		return;
	p = rep->rep_buf + m2->m2_hdr_len;
	if (m2->m2_msg_len < RPCRDMA_RPC_CALL_MIN) {
		xprtrdma_bc_receive(ep, rep, RPCRDMA_REV_SHORT);
		return;
	}
	/* CALL_INLINE must hold an RPC Call (RFC 5531, Section 9) */
	if (be32_to_cpu(p[1]) != RPCRDMA_RPC_CALL) {
		xprtrdma_bc_receive(ep, rep, RPCRDMA_REV_FORWARD);
		return;
	}
	xprtrdma_bc_receive(ep, rep, RPCRDMA_REV_OK);
}

/* Apply the rdma_credit of a Version 2 message (Section 4.2.1) */
static void xprtrdma_v2_credit(struct xprtrdma_ep *ep, u32 credit)
{
	u32 old = ep->ep_v2_limit, sent = atomic_read(&ep->ep_v2_sent);

	WRITE_ONCE(ep->ep_v2_limit,
		   rpcrdma_v2_limit(sent, credit,
				    ep->ep_credits + XPRTRDMA_BC_SLOTS));
	trace_xprtrdma_v2_credit(ep->ep_rx->rx_xprt.id, credit, sent,
				 ep->ep_v2_limit);
	if (ep->ep_v2_limit != old) {
		/*
		 * Pairs with xprtrdma_space_wait(): either the sender's
		 * second try sees the new limit or this sees its
		 * XPRT_WRITE_SPACE and wakes it.
		 */
		smp_mb();
		xprtrdma_space_wake(ep->ep_rx);
	}
}

/*
 * A Version 2 message on an established connection. Return: true when
 * rep->rep_msg now holds a Reply (or an error answering a Call) in the
 * Version 1 form, its RPC message at *@msg; false when the message was
 * consumed here.
 */
static bool xprtrdma_v2_dispatch(struct xprtrdma_ep *ep,
				 struct xprtrdma_rep *rep, u32 len,
				 const u8 **msg)
{
	struct rpcrdma_v2_msg *m2 = ep->ep_v2_msg;
	struct xprtrdma_xprt *rx = ep->ep_rx;
	enum rpcrdma_codec_err err;
	u32 htype, xid;
	int rc;

	err = rpcrdma_v2_decode(rep->rep_buf, len, XPRTRDMA_MAX_REPLY,
				ep->ep_v2_open ? 0 : RPCRDMA2_DF_MSG_START, m2);
	htype = m2->m2_prefix.px_proc;
	xid = m2->m2_prefix.px_xid;
	if (!err)
		err = rpcrdma_v2_check_sequence(ep->ep_v2_open,
						ep->ep_v2_props_final, htype);
	/*
	 * Section 4.1: Payload streams of two messages never interleave.
	 * Another Reply inside a continued one leaves neither usable; as
	 * for any Reply out of sequence the connection closes, and both
	 * Calls are sent again.
	 */
	if (!err && ep->ep_v2_open == RPCRDMA2_REPLY_MIDDLE &&
	    xid != ep->ep_cont_xid)
		err = RPCRDMA_CE_CONT;
	if (err) {
		xprtrdma_count(rx, st_bad_reply);
		trace_xprtrdma_bad_reply(rx->rx_xprt.id, xid, err);
		if (htype == RPCRDMA2_REPLY_INLINE ||
		    htype == RPCRDMA2_REPLY_EXTERNAL ||
		    htype == RPCRDMA2_REPLY_MIDDLE ||
		    htype == RPCRDMA2_ERROR) {
			if (rpcrdma_codec_action(err, RPCRDMA_ROLE_REQUESTER) !=
			    RPCRDMA_ACT_CLOSE)
				return false;
			/*
			 * Sections 6.3.9 and 7.1.4: a Reply that breaks a
			 * continuation is answered RDMA2_ERR_INVAL_CONT, as
			 * a request would be, and dropped; the connection
			 * closes as for any Reply we cannot parse.
			 */
			if (htype != RPCRDMA2_ERROR &&
			    rpcrdma_v2_errcode(err) == RPCRDMA2_ERR_INVAL_CONT)
				xprtrdma_v2_bad_request(ep, xid, err);
			xprtrdma_ep_fail(ep);
			return false;
		}
		xprtrdma_v2_bad_request(ep, xid, err);
		return false;
	}

	switch (htype) {
	case RPCRDMA2_GRANT:
		xprtrdma_count(rx, st_v2_grants_recv);
		return false;
	case RPCRDMA2_CONNPROP_MIDDLE:
	case RPCRDMA2_CONNPROP_FINAL:
		/* Too late to resize a connection in use: noted, not applied */
		trace_xprtrdma_v2_props(rx->rx_xprt.id, m2->m2_props.pr_sbsiz,
					m2->m2_props.pr_rbsiz,
					m2->m2_props.pr_rssiz,
					m2->m2_props.pr_rcsiz,
					m2->m2_props.pr_present,
					m2->m2_props.pr_hostauth_len);
		ep->ep_v2_open = htype == RPCRDMA2_CONNPROP_MIDDLE ? htype : 0;
		ep->ep_v2_props_final = htype == RPCRDMA2_CONNPROP_FINAL;
		return false;
	case RPCRDMA2_ERROR:
		xprtrdma_count(rx, st_v2_errors_recv);
		trace_xprtrdma_v2_error_recv(xid, m2->m2_error.e2_code);
		xprtrdma_v2_map_error(m2, &rep->rep_msg);
		*msg = NULL;
		return true;
	case RPCRDMA2_CALL_INLINE:
	case RPCRDMA2_CALL_EXTERNAL:
	case RPCRDMA2_CALL_MIDDLE:
		xprtrdma_v2_reverse(ep, rep, m2);
		return false;
	case RPCRDMA2_REPLY_MIDDLE:
		rc = xprtrdma_v2_cont_add(ep, rep, m2);
		if (rc >= 0)
			return false;
		xprtrdma_v2_cont_abort(ep, rep, xid, rc);
		*msg = NULL;
		return true;
	default:
		break;
	}

	/* REPLY_INLINE or REPLY_EXTERNAL */
	if (rpcrdma_v2_to_v1(m2, &rep->rep_msg) != RPCRDMA_CE_OK)
		return false;
	*msg = rep->rep_buf + m2->m2_hdr_len;
	if (ep->ep_v2_open == RPCRDMA2_REPLY_MIDDLE) {
		rc = xprtrdma_v2_cont_add(ep, rep, m2);
		if (rc < 0) {
			xprtrdma_v2_cont_abort(ep, rep, xid, rc);
			*msg = NULL;
			return true;
		}
		*msg = ep->ep_cont_buf;
		rep->rep_msg.m1_msg_len = ep->ep_cont_len;
	}
	return true;
}

/**
 * xprtrdma_v2_receive - process a Receive on a connection not in Version 1
 * @ep: the connection (negotiating or in Version 2)
 * @rep: the Receive, synced for the CPU
 * @wc: its completion
 * @msg: set to the Reply's RPC message when true is returned
 *
 * Context: the Receive CQ's work item (so one message at a time).
 * Return: true when rep->rep_msg holds a Reply or an error for a Call,
 * in the Version 1 form, for the common reply path.
 */
bool xprtrdma_v2_receive(struct xprtrdma_ep *ep, struct xprtrdma_rep *rep,
			 struct ib_wc *wc, const u8 **msg)
{
	struct rpcrdma_prefix pfx;
	bool ret;

	/* Section 4.2.1: every completed Receive counts */
	WRITE_ONCE(ep->ep_v2_recvd, ep->ep_v2_recvd + 1);
	/* Section 7: too short to trust anything in it */
	if (rpcrdma_decode_prefix(rep->rep_buf, wc->byte_len, &pfx)) {
		trace_xprtrdma_reply_drop(ep->ep_rx->rx_xprt.id, ep->ep_rcq_id,
					  rep->rep_cid, 0, RPCRDMA_DROP_SHORT);
		return false;
	}
	if (!READ_ONCE(ep->ep_vers)) {
		xprtrdma_v2_answer(ep, rep, wc->byte_len);
		return false;
	}
	/* Section 4.3.3: the version does not change on a connection */
	if (pfx.px_vers != RPCRDMA_VERSION_2) {
		xprtrdma_count(ep->ep_rx, st_bad_reply);
		trace_xprtrdma_bad_reply(ep->ep_rx->rx_xprt.id, pfx.px_xid,
					 RPCRDMA_CE_VERS);
		xprtrdma_ep_fail(ep);
		return false;
	}
	xprtrdma_v2_credit(ep, pfx.px_credits);
	if (!ep->ep_v2_open && ep->ep_cont_buf && ep->ep_cont_len) {
		/* The last continued Reply was copied out: let it go */
		kvfree(ep->ep_cont_buf);
		ep->ep_cont_buf = NULL;
		ep->ep_cont_len = 0;
	}
	ret = xprtrdma_v2_dispatch(ep, rep, wc->byte_len, msg);
	xprtrdma_v2_maybe_grant(ep);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(xprtrdma_v2_receive);
