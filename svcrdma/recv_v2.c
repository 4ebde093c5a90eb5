// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the Receive path of a connection that may speak Version 2
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07").
 *
 * Operation: xpo_recvfrom hands every Receive of such a connection to
 * svcrdma_v2_recv() first. Versions are sorted out by what the Receive
 * completion handler recorded (rc_conn_vers, see v2.c):
 *
 *  - a Version 1 message on a Version 1 connection takes the Version 1
 *    path unchanged;
 *  - a Version 2 message on a Version 1 connection is answered with
 *    RDMA2_ERR_VERS_MISMATCH (Section 7.1.2);
 *  - a Version 1 message on a Version 2 connection is answered with
 *    Version 1's ERR_VERS naming version 2 only, which a Version 1
 *    peer can parse (it cannot parse VERS_MISMATCH);
 *  - any other version, or one that arrived before the connection's
 *    version was fixed, gets ERR_VERS with the versions this
 *    connection may use (Section 7.1.1; RFC 8166, Section 4.5.1);
 *  - but a message of any version other than 2 that is shorter than
 *    28 octets is dropped first (RFC 8166, Section 4.5), and so is
 *    any message shorter than the 16-octet prefix (Section 7);
 *  - a Version 2 message on a Version 2 connection is decoded into the
 *    connection's scratch header (one per connection: xpo_recvfrom is
 *    serialised per transport by XPT_BUSY) and handled by type.
 *
 * Every answer echoes the xid and rdma_vers of the message answered
 * (Section 7). Our CONNPROP_FINAL is the first thing we send on a
 * Version 2 connection (svcrdma_v2_send_props(), send.c).
 *
 * Calls (CALL_INLINE, CALL_EXTERNAL) are restated in the Version 1 form
 * (rpcrdma_v2_to_v1()) in the Receive's rc_msg, so the Read, Write and
 * Reply chunk machinery applies unchanged. A Call sent with Message
 * Continuation (CALL_MIDDLE ... CALL_INLINE, Section 6.6.2) is
 * reassembled, Payload streams in the order received, into a buffer of
 * the size the first CALL_MIDDLE announces (payload plus
 * rdma_remaining, at most SVCRDMA_V2_CALL_MAX); each later part must
 * agree with the rdma_remaining before it. The final CALL_INLINE's
 * chunk lists apply to the whole Call, its Read positions indexing the
 * reassembled message; the buffer then belongs to that Receive, so
 * rq_arg stays valid until nfsd releases the Call. At most
 * SVCRDMA_V2_REASM_BUDGET bytes of reassembled Calls per connection.
 *
 * Continuation errors: while a Call is being reassembled, any message
 * that is not its next part aborts it. The reassembly is then answered
 * with RDMA2_ERR_INVAL_CONT under its own xid (Section 7.1.4), and the
 * message that broke in gets the answer it earns by itself. Later
 * messages with the aborted xid are dropped until the sequence ends
 * (its CALL_INLINE), for up to SVCRDMA_V2_DISCARDS sequences at once:
 * a Call interleaved into another is discarded together with it.
 * A Call too long to reassemble is answered INVAL_CONT, one we have no
 * room for right now RDMA2_ERR_SYSTEM (Section 7.4.1), and its other
 * parts are discarded the same way.
 *
 * Reverse direction: REPLY_INLINE from the client is the Reply to one
 * of our backchannel Calls and goes to svcrdma_bc_reply() like a
 * Version 1 one. We send reverse-direction Calls in the Simple Format
 * only, so REPLY_EXTERNAL and REPLY_MIDDLE (with the rest of its
 * sequence) are dropped and counted. RDMA2_ERROR from the client is
 * counted and dropped; nothing answers an error or a Reply.
 */

#include <linux/slab.h>
#include <linux/overflow.h>
#include <kunit/visibility.h>

#include "svcrdma.h"
#include "trace.h"

/* Headers of a continued message: MIDDLE, then INLINE = MIDDLE + 1 */
static bool svcrdma_v2_in_family(u32 middle, u32 htype)
{
	return htype + 1 >= middle && htype <= middle + 1;
}

static bool svcrdma_v2_is_reply(u32 htype)
{
	return htype == RPCRDMA2_REPLY_EXTERNAL ||
	       htype == RPCRDMA2_REPLY_MIDDLE ||
	       htype == RPCRDMA2_REPLY_INLINE;
}

static void svcrdma_v2_send_code(struct svcrdma_xprt *sx, u32 xid, u32 code)
{
	struct rpcrdma_v2_error e = { .e2_code = code };

	svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e, false);
}

static void svcrdma_v2_drop(struct svcrdma_xprt *sx, u32 xid, u32 htype,
			    enum rpcrdma_drop_reason why)
{
	svcrdma_stat_inc(svcrdma_v2_is_reply(htype) ?
			 SVCRDMA_STAT_REVERSE_DROPPED :
			 SVCRDMA_STAT_RECV_DROPPED);
	trace_svcrdma_v2_drop(sx, xid, htype, why);
}

/*
 * Messages of a continued message we gave up on are dropped until the
 * sequence ends (v2-07, Section 7.1.4: every message with its xid is
 * discarded unread). Return: true when @pfx is one.
 */
static bool svcrdma_v2_discarding(struct svcrdma_xprt *sx,
				  struct svcrdma_v2 *v2,
				  const struct rpcrdma_prefix *pfx)
{
	struct svcrdma_v2_discard *d;
	unsigned int i;

	for (i = 0; i < SVCRDMA_V2_DISCARDS; i++) {
		d = &v2->v2_discard[i];
		if (d->middle && d->xid == pfx->px_xid &&
		    svcrdma_v2_in_family(d->middle, pfx->px_proc))
			break;
	}
	if (i == SVCRDMA_V2_DISCARDS)
		return false;
	/* MIDDLE parts, then the INLINE that ends the sequence */
	if (pfx->px_proc == d->middle + 1)
		d->middle = 0;
	svcrdma_v2_drop(sx, pfx->px_xid, pfx->px_proc, RPCRDMA_DROP_DISCARDED);
	return true;
}

/* Discard the rest of @xid's sequence; the oldest slot gives way */
static void svcrdma_v2_discard(struct svcrdma_v2 *v2, u32 xid, u32 middle)
{
	struct svcrdma_v2_discard *d;
	unsigned int i;

	for (i = 0; i < SVCRDMA_V2_DISCARDS; i++) {
		d = &v2->v2_discard[i];
		if (d->middle == middle && d->xid == xid)
			return;
	}
	d = &v2->v2_discard[v2->v2_discard_next];
	v2->v2_discard_next = (v2->v2_discard_next + 1) % SVCRDMA_V2_DISCARDS;
	d->xid = xid;
	d->middle = middle;
}

/*
 * Give up the Call being reassembled. @answer: send INVAL_CONT under
 * its xid (not when the message that broke it was its own and has been
 * answered already). @ended: its sequence is over, nothing to discard.
 */
static void svcrdma_v2_cont_abort(struct svcrdma_xprt *sx,
				  struct svcrdma_v2 *v2, bool answer,
				  bool ended)
{
	struct svcrdma_reasm *ra = v2->v2_reasm;
	u32 xid = ra->ra_xid;

	v2->v2_reasm = NULL;
	trace_svcrdma_v2_cont_abort(sx, xid, ra->ra_len,
				    RPCRDMA2_ERR_INVAL_CONT);
	svcrdma_reasm_free(v2, ra);
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_ABORTED);
	if (!ended)
		svcrdma_v2_discard(v2, xid, RPCRDMA2_CALL_MIDDLE);
	if (answer)
		svcrdma_v2_send_code(sx, xid, RPCRDMA2_ERR_INVAL_CONT);
}

/* A continued Call we do not take on at all */
static int svcrdma_v2_cont_refuse(struct svcrdma_xprt *sx,
				  struct svcrdma_v2 *v2, u32 xid,
				  u64 total, u32 code)
{
	trace_svcrdma_v2_cont_abort(sx, xid, min_t(u64, total, U32_MAX), code);
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_ABORTED);
	svcrdma_v2_discard(v2, xid, RPCRDMA2_CALL_MIDDLE);
	svcrdma_v2_send_code(sx, xid, code);
	return -EINVAL;
}

/*
 * A decode or sequence failure: one outcome for the message (answer,
 * drop or close, as the codec says; errors and Replies are never
 * answered), then the continuation it broke into is abandoned.
 */
static int svcrdma_v2_recv_err(struct svcrdma_xprt *sx, struct svcrdma_v2 *v2,
			       struct svcrdma_recv_ctxt *ctxt,
			       const struct rpcrdma_prefix *pfx,
			       enum rpcrdma_codec_err err)
{
	u32 xid = pfx->px_xid, htype = pfx->px_proc;
	struct rpcrdma_v2_error e;
	bool answered = false;

	trace_svcrdma_decode_err(sx, xid, ctxt->rc_len, err);
	v2->v2_open = 0;
	if (htype == RPCRDMA2_ERROR || svcrdma_v2_is_reply(htype)) {
		svcrdma_v2_drop(sx, xid, htype, RPCRDMA_DROP_DECODE);
	} else {
		switch (rpcrdma_codec_action(err, RPCRDMA_ROLE_RESPONDER)) {
		case RPCRDMA_ACT_ERR_VERS:
		case RPCRDMA_ACT_ERR_CHUNK:
			rpcrdma_v2_error_body(&e, err, sx->sx_max_version);
			svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e,
					      false);
			answered = true;
			break;
		case RPCRDMA_ACT_CLOSE:
			svc_xprt_deferred_close(&sx->sx_xprt);
			break;
		default:
			svcrdma_v2_drop(sx, xid, htype, RPCRDMA_DROP_DECODE);
			break;
		}
	}
	if (v2->v2_reasm) {
		bool own = xid == v2->v2_reasm->ra_xid;

		svcrdma_v2_cont_abort(sx, v2, !(own && answered),
				      own && htype == RPCRDMA2_CALL_INLINE);
	}
	/* The rest of a message whose first part failed is not wanted */
	if (htype == RPCRDMA2_CALL_MIDDLE || htype == RPCRDMA2_REPLY_MIDDLE)
		svcrdma_v2_discard(v2, xid, htype);
	return -EINVAL;
}

/* A Call is in ctxt->rc_msg: account for it until its Reply is sent */
static int svcrdma_v2_call_ready(struct svcrdma_v2 *v2,
				 struct svcrdma_recv_ctxt *ctxt,
				 const struct rpcrdma_v2_msg *m2)
{
	/* v2-07, Section 6.5: the Call names the handle to invalidate */
	ctxt->rc_inv_rkey = m2->m2_inv_handle;
	ctxt->rc_inv_valid = m2->m2_inv_handle != 0;
	ctxt->rc_v2_call = true;
	atomic_inc(&v2->v2_calls);
	return 1;
}

/* CALL_INLINE and CALL_EXTERNAL that stand alone */
static int svcrdma_v2_call(struct svcrdma_xprt *sx, struct svcrdma_v2 *v2,
			   struct svcrdma_recv_ctxt *ctxt,
			   const struct rpcrdma_v2_msg *m2)
{
	u32 xid = m2->m2_prefix.px_xid;
	struct rpcrdma_v2_error e;
	enum rpcrdma_codec_err err;

	/*
	 * A Call chunk and data item chunks together (Section 6.3.5) would
	 * need the Call chunk split around each data item; like our Version
	 * 1 path, which refuses a Position-zero chunk with others, we can
	 * Read no data item chunk of a Special Format Call (Section 7.3.1).
	 */
	if (m2->m2_prefix.px_proc == RPCRDMA2_CALL_EXTERNAL &&
	    m2->m2_chunks.ch_reads.rl_nsegs) {
		e = (struct rpcrdma_v2_error){
			.e2_code = RPCRDMA2_ERR_READ_CHUNKS, .e2_max = 0,
		};
		svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e, false);
		return -EINVAL;
	}
	err = rpcrdma_v2_to_v1(m2, &ctxt->rc_msg);
	if (err) {
		trace_svcrdma_decode_err(sx, xid, ctxt->rc_len, err);
		rpcrdma_v2_error_body(&e, err, sx->sx_max_version);
		svcrdma_v2_send_error(sx, xid, RPCRDMA_VERSION_2, &e, false);
		return -EINVAL;
	}
	return svcrdma_v2_call_ready(v2, ctxt, m2);
}

/*
 * A buffer for a continued Call of @size octets, charged to the
 * connection's budget at the size the allocator really takes (a
 * buffer above the largest kmalloc cache is whole pages, a power of
 * two of them). Return: NULL when the budget or memory is short.
 */
static struct svcrdma_reasm *svcrdma_reasm_alloc(struct svcrdma_v2 *v2,
						 u32 xid, unsigned int size)
{
	unsigned int charge = kmalloc_size_roundup(size);
	struct svcrdma_reasm *ra;

	if (atomic_add_return(charge, &v2->v2_reasm_bytes) >
	    SVCRDMA_V2_REASM_BUDGET)
		goto out_uncharge;
	ra = kmalloc(sizeof(*ra), GFP_KERNEL);
	if (!ra)
		goto out_uncharge;
	ra->ra_data = kmalloc(size, GFP_KERNEL | __GFP_NOWARN);
	if (!ra->ra_data) {
		kfree(ra);
		goto out_uncharge;
	}
	ra->ra_xid = xid;
	ra->ra_size = size;
	ra->ra_len = 0;
	ra->ra_charge = charge;
	return ra;

out_uncharge:
	atomic_sub(charge, &v2->v2_reasm_bytes);
	return NULL;
}

/**
 * svcrdma_reasm_free - free a continued Call's buffer, return its charge
 * @v2: the connection's Version 2 state
 * @ra: the buffer, no longer anyone's
 */
void svcrdma_reasm_free(struct svcrdma_v2 *v2, struct svcrdma_reasm *ra)
{
	atomic_sub(ra->ra_charge, &v2->v2_reasm_bytes);
	kfree(ra->ra_data);
	kfree(ra);
}

/* CALL_MIDDLE: start or continue a Call (Sections 6.3.6 and 6.6.2) */
static int svcrdma_v2_cont_middle(struct svcrdma_xprt *sx,
				  struct svcrdma_v2 *v2,
				  struct svcrdma_recv_ctxt *ctxt,
				  const struct rpcrdma_v2_msg *m2)
{
	struct svcrdma_reasm *ra = v2->v2_reasm;
	u32 xid = m2->m2_prefix.px_xid, len = m2->m2_msg_len;
	u64 total = (u64)len + m2->m2_remaining;

	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_RECV);
	if (!ra) {
		if (total > SVCRDMA_V2_CALL_MAX)
			return svcrdma_v2_cont_refuse(sx, v2, xid, total,
						      RPCRDMA2_ERR_INVAL_CONT);
		ra = svcrdma_reasm_alloc(v2, xid, total);
		if (!ra)
			return svcrdma_v2_cont_refuse(sx, v2, xid, total,
						      RPCRDMA2_ERR_SYSTEM);
		v2->v2_reasm = ra;
	} else if (total != v2->v2_reasm_left) {
		/* rdma_remaining disagrees with what came before */
		svcrdma_v2_cont_abort(sx, v2, true, false);
		return -EINVAL;
	}
	/* ra_len + total == ra_size, so the payload fits */
	memcpy(ra->ra_data + ra->ra_len, ctxt->rc_buf + m2->m2_hdr_len, len);
	ra->ra_len += len;
	v2->v2_reasm_left = m2->m2_remaining;
	return -EINVAL;
}

/* The CALL_INLINE that ends a continued Call (Section 6.3.7) */
static int svcrdma_v2_cont_final(struct svcrdma_xprt *sx,
				 struct svcrdma_v2 *v2,
				 struct svcrdma_recv_ctxt *ctxt,
				 const struct rpcrdma_v2_msg *m2)
{
	struct svcrdma_reasm *ra = v2->v2_reasm;
	u32 len = m2->m2_msg_len;
	struct rpcrdma_v2_error e;
	enum rpcrdma_codec_err err;

	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_RECV);
	if (len != v2->v2_reasm_left) {
		svcrdma_v2_cont_abort(sx, v2, true, true);
		return -EINVAL;
	}
	memcpy(ra->ra_data + ra->ra_len, ctxt->rc_buf + m2->m2_hdr_len, len);
	ra->ra_len += len;
	/* From here the buffer is the Receive's, freed with it */
	v2->v2_reasm = NULL;
	ctxt->rc_reasm = ra;
	err = rpcrdma_v2_to_v1(m2, &ctxt->rc_msg);
	if (err) {
		trace_svcrdma_decode_err(sx, ra->ra_xid, ra->ra_len, err);
		rpcrdma_v2_error_body(&e, err, sx->sx_max_version);
		svcrdma_v2_send_error(sx, ra->ra_xid, RPCRDMA_VERSION_2, &e,
				      false);
		return -EINVAL;
	}
	/* Read positions index this; read.c checks them against it */
	ctxt->rc_msg.m1_msg_len = ra->ra_len;
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONT_CALLS);
	trace_svcrdma_v2_cont_call(sx, ra->ra_xid, ra->ra_len, ra->ra_size);
	return svcrdma_v2_call_ready(v2, ctxt, m2);
}

/*
 * REPLY_INLINE: the Reply to one of our reverse-direction Calls, held
 * to what svcrdma_bc_reply() expects of a Version 1 one (RFC 8167,
 * Section 5.2; the decoder has checked its xid).
 */
static int svcrdma_v2_bc_reply(struct svcrdma_xprt *sx,
			       struct svcrdma_recv_ctxt *ctxt,
			       const struct rpcrdma_v2_msg *m2)
{
	const struct rpcrdma_chunks *ch = &ctxt->rc_msg.m1_chunks;
	enum rpcrdma_reverse_class rev = RPCRDMA_REV_OK;
	const u8 *rpc;

	if (rpcrdma_v2_to_v1(m2, &ctxt->rc_msg)) {
		svcrdma_v2_drop(sx, m2->m2_prefix.px_xid,
				m2->m2_prefix.px_proc, RPCRDMA_DROP_UNMAPPABLE);
		return -EINVAL;
	}
	rpc = ctxt->rc_buf + ctxt->rc_msg.m1_hdr_len;
	if (ctxt->rc_msg.m1_msg_len < RPCRDMA_RPC_REPLY_MIN)
		rev = RPCRDMA_REV_SHORT;
	else if (get_unaligned_be32(rpc + RPCRDMA_XDR_UNIT) !=
		 RPCRDMA_RPC_REPLY)
		rev = RPCRDMA_REV_FORWARD;
	else if (ch->ch_writes.wl_nchunks || ch->ch_has_reply)
		rev = RPCRDMA_REV_CHUNKS;
	svcrdma_bc_reply(sx, ctxt, rev);
	return -EINVAL;
}

/* A Version 2 message on a Version 2 connection */
static int svcrdma_v2_recv_msg(struct svcrdma_xprt *sx,
			       struct svcrdma_recv_ctxt *ctxt,
			       const struct rpcrdma_prefix *pfx)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	struct rpcrdma_v2_msg *m2 = &v2->v2_msg;
	u32 xid = pfx->px_xid, htype = pfx->px_proc;
	enum rpcrdma_codec_err err;

	if (svcrdma_v2_discarding(sx, v2, pfx))
		return -EINVAL;
	err = rpcrdma_v2_decode(ctxt->rc_buf, ctxt->rc_len, SVCRDMA_MAX_CHUNK,
				v2->v2_reasm ? 0 : RPCRDMA2_DF_MSG_START, m2);
	if (!err)
		err = rpcrdma_v2_check_sequence(v2->v2_reasm ?
						RPCRDMA2_CALL_MIDDLE :
						v2->v2_open,
						v2->v2_peer_final, htype);
	/* Section 4.1: Payload streams of two messages never interleave */
	if (!err && v2->v2_reasm && xid != v2->v2_reasm->ra_xid)
		err = RPCRDMA_CE_CONT;

	/* Our CONNPROP_FINAL goes first; the client's properties before it */
	if (!err && (htype == RPCRDMA2_CONNPROP_MIDDLE ||
		     htype == RPCRDMA2_CONNPROP_FINAL))
		svcrdma_v2_apply_props(sx, &m2->m2_props);
	svcrdma_v2_send_props(sx, xid);

	if (err)
		return svcrdma_v2_recv_err(sx, v2, ctxt, pfx, err);

	switch (htype) {
	case RPCRDMA2_CONNPROP_MIDDLE:
		v2->v2_open = htype;
		return -EINVAL;
	case RPCRDMA2_CONNPROP_FINAL:
		/*
		 * Answered by our own CONNPROP_FINAL if this was the
		 * client's first message; ours is sent once (Section 6.3.4).
		 */
		v2->v2_open = 0;
		v2->v2_peer_final = true;
		return -EINVAL;
	case RPCRDMA2_GRANT:
		/* The credit was taken when the Receive completed (v2.c) */
		svcrdma_stat_inc(SVCRDMA_STAT_V2_GRANT_RECV);
		return -EINVAL;
	case RPCRDMA2_ERROR:
		svcrdma_stat_inc(SVCRDMA_STAT_V2_ERR_RECV);
		trace_svcrdma_v2_error_recv(sx, xid, pfx->px_vers,
					    m2->m2_error.e2_code);
		return -EINVAL;
	case RPCRDMA2_CALL_MIDDLE:
		return svcrdma_v2_cont_middle(sx, v2, ctxt, m2);
	case RPCRDMA2_CALL_INLINE:
		if (v2->v2_reasm)
			return svcrdma_v2_cont_final(sx, v2, ctxt, m2);
		return svcrdma_v2_call(sx, v2, ctxt, m2);
	case RPCRDMA2_CALL_EXTERNAL:
		return svcrdma_v2_call(sx, v2, ctxt, m2);
	case RPCRDMA2_REPLY_INLINE:
		return svcrdma_v2_bc_reply(sx, ctxt, m2);
	case RPCRDMA2_REPLY_MIDDLE:
		svcrdma_v2_discard(v2, xid, htype);
		fallthrough;
	default:
		/* REPLY_EXTERNAL, REPLY_MIDDLE: Simple Format only */
		svcrdma_v2_drop(sx, xid, htype, RPCRDMA_DROP_REVERSE_FORMAT);
		return -EINVAL;
	}
}

/* ERR_VERS, in the layout Versions 1 and 2 share */
static void svcrdma_v2_send_vers(struct svcrdma_xprt *sx, u32 xid, u32 vers,
				 u32 low, u32 high)
{
	struct rpcrdma_v2_error e = {
		.e2_code = RPCRDMA2_ERR_VERS,
		.e2_vers_low = low,
		.e2_vers_high = high,
	};

	svcrdma_v2_send_error(sx, xid, vers, &e, false);
}

/**
 * svcrdma_v2_recv - first look at a Receive of a Version 2 capable connection
 * @sx: the connection (sx_v2 is set)
 * @ctxt: the Receive
 *
 * Return: 0 when @ctxt is a Version 1 message on a Version 1 connection
 * (the caller takes its Version 1 path); 1 when it completed a Version 2
 * Call, now in @ctxt->rc_msg; -EINVAL when it has been handled here
 * (answered, dropped, or kept for a continued Call).
 */
int svcrdma_v2_recv(struct svcrdma_xprt *sx, struct svcrdma_recv_ctxt *ctxt)
{
	u32 conn = ctxt->rc_conn_vers;
	struct rpcrdma_prefix pfx;
	int ret;

	ret = rpcrdma_decode_prefix(ctxt->rc_buf, ctxt->rc_len, &pfx);
	/*
	 * Too short to trust its xid: below the prefix (v2-07, Section 7),
	 * or, for Version 1, below its smallest header (RFC 8166, Section
	 * 4.5). Any other version is held only to the shared prefix, so a
	 * version we do not speak is answered ERR_VERS (Section 4.5.1).
	 */
	if (!ret && pfx.px_vers == RPCRDMA_VERSION_1 &&
	    ctxt->rc_len < RPCRDMA1_HDR_MIN)
		ret = RPCRDMA_CE_SHORT_HDR;
	if (ret) {
		trace_svcrdma_decode_err(sx, 0, ctxt->rc_len, ret);
		svcrdma_stat_inc(SVCRDMA_STAT_RECV_DROPPED);
		trace_svcrdma_drop(sx, sx->sx_rq_cq_id, ctxt->rc_cid, 0,
				   RPCRDMA_DROP_SHORT);
		return -EINVAL;
	}
	/* conn is 0 until a usable version fixes it: nothing matches 0 */
	if (conn && pfx.px_vers == conn) {
		if (conn == RPCRDMA_VERSION_1)
			return 0;
		return svcrdma_v2_recv_msg(sx, ctxt, &pfx);
	}
	trace_svcrdma_decode_err(sx, pfx.px_xid, ctxt->rc_len,
				 RPCRDMA_CE_VERS);
	if (conn == RPCRDMA_VERSION_2 && pfx.px_vers == RPCRDMA_VERSION_1)
		svcrdma_v2_send_vers(sx, pfx.px_xid, pfx.px_vers,
				     RPCRDMA_VERSION_2, RPCRDMA_VERSION_2);
	else if (conn == RPCRDMA_VERSION_1 && pfx.px_vers == RPCRDMA_VERSION_2)
		svcrdma_v2_send_code(sx, pfx.px_xid,
				     RPCRDMA2_ERR_VERS_MISMATCH);
	else
		svcrdma_v2_send_vers(sx, pfx.px_xid, pfx.px_vers,
				     RPCRDMA_VERSION_1, sx->sx_max_version);
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_recv);
