// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: RPC-over-RDMA Version 2 (draft-ietf-nfsv4-rpcrdma-version-two-07,
 * "v2-07") per connection: which version a connection speaks, flow
 * control and the client's transport properties. The control messages
 * (RDMA2_ERROR, RDMA2_GRANT, our RDMA2_CONNPROP_FINAL) are built and
 * posted in send.c.
 *
 * Version. A connection may use Version 2 when the max_version module
 * parameter said so when it was accepted; only such a connection has a
 * struct svcrdma_v2. Its version is fixed by the first Receive whose
 * rdma_vers is one it may use (Section 4.3.3). That is decided in the
 * Receive completion handler, which the CQ serialises, so every
 * Receive carries the connection's version as it was when it completed
 * (rc_conn_vers) and xpo_recvfrom, which takes Receives in order, acts
 * on a consistent view.
 *
 * Flow control (Section 4.2.1, as core/codec_v2_map.c reads it). Every
 * Send posted on the connection counts (v2_sent): Replies, errors,
 * GRANT, CONNPROP, reverse-direction Calls. On a Version 2 connection a
 * Send may be posted only while v2_sent is below the send limit, which
 * the completion handler takes from the rdma_credit of each Version 2
 * message the moment it arrives, and wakes waiters: an nfsd thread that
 * waits for credit never depends on another thread dequeuing the
 * client's GRANT. A wait is bounded (SVCRDMA_V2_CREDIT_WAIT); when it
 * runs out, the connection is closed.
 *
 * The rdma_credit we send is
 *
 *	received + min(svcrdma_credits(), posted - 1)
 *
 * where received counts the Receives completed on the connection
 * (sx_recv_seq) and posted the Receives posted and not yet completed
 * (sx_recv_posted; a Receive that completed and is not yet reposted is
 * not posted). So the client may send at most posted - 1 messages we
 * have not yet received: each finds a Receive, and one Receive is
 * always left for an asynchronous credit update (Section 4.2.1.1). The
 * second term is the Version 1 grant policy (AIMD on Send queue use,
 * see sq.c). received + posted never decreases (a completion moves
 * one from posted to received; reposting adds to posted), so every
 * value we ever sent stays safe however the client's view of them is
 * ordered; it is read received first so a completion in between can
 * only make it smaller. When an RDMA2_GRANT refreshes the value the
 * client holds: see send.c.
 */

#include <linux/slab.h>
#include <linux/sched.h>
#include <kunit/visibility.h>

#include "svcrdma.h"
#include "trace.h"

/**
 * svcrdma_v2_conn_init - give a new connection its Version 2 state
 * @sx: a connection being accepted
 *
 * Reads the max_version parameter once; with 1 the connection has no
 * Version 2 state and behaves as a Version 1 server always did.
 *
 * Return: 0 or -ENOMEM.
 */
int svcrdma_v2_conn_init(struct svcrdma_xprt *sx)
{
	struct svcrdma_v2 *v2;

	sx->sx_max_version = clamp(READ_ONCE(svcrdma_max_version),
				   SVCRDMA_VERSION_MIN, SVCRDMA_VERSION_MAX);
	if (sx->sx_max_version < RPCRDMA_VERSION_2)
		return 0;
	v2 = kzalloc(sizeof(*v2), GFP_KERNEL);
	if (!v2)
		return -ENOMEM;
	v2->v2_peer_sbsiz = SVCRDMA_V2_DEF_SBSIZ;
	v2->v2_peer_rbsiz = SVCRDMA_V2_DEF_RBSIZ;
	v2->v2_peer_rssiz = SVCRDMA_V2_DEF_RSSIZ;
	v2->v2_peer_rcsiz = SVCRDMA_V2_DEF_RCSIZ;
	v2->v2_peer_brs = SVCRDMA_V2_DEF_BRS;
	/* Sections 4.2.1 and 4.3: one message until the client grants more */
	v2->v2_limit = RPCRDMA2_INITIAL_CREDITS;
	init_rwsem(&v2->v2_send_sem);
	spin_lock_init(&v2->v2_post_lock);
	sx->sx_v2 = v2;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_conn_init);

/**
 * svcrdma_v2_conn_free - release a connection's Version 2 state
 * @sx: the connection; every Receive context has been released
 */
void svcrdma_v2_conn_free(struct svcrdma_xprt *sx)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;

	if (!v2)
		return;
	if (v2->v2_reasm)
		svcrdma_reasm_free(v2, v2->v2_reasm);
	WARN_ON_ONCE(atomic_read(&v2->v2_reasm_bytes));
	kfree(v2);
	sx->sx_v2 = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_conn_free);

/*
 * Fix the connection's version (v2-07, Section 4.3.3). A Version 2
 * client that sent no RFC 8797 private data may receive the Version 2
 * default inline size (Section 4.3.1), as far as our Send buffers go.
 */
static void svcrdma_v2_fix(struct svcrdma_xprt *sx, u32 vers)
{
	if (vers == RPCRDMA_VERSION_2 && !sx->sx_peer_pd)
		WRITE_ONCE(sx->sx_send_size, min(sx->sx_send_bufsz,
						 RPCRDMA2_DEFAULT_INLINE));
	WRITE_ONCE(sx->sx_version, vers);
	svcrdma_stat_inc(vers == RPCRDMA_VERSION_2 ? SVCRDMA_STAT_CONN_V2 :
			 SVCRDMA_STAT_CONN_V1);
	trace_svcrdma_vers_fixed(sx, vers);
}

/**
 * svcrdma_v2_recv_done - a Receive completed: version and credit
 * @sx: the connection
 * @ctxt: the Receive, rc_len set and synced for the CPU
 *
 * Called by the Receive completion handler, which the CQ serialises.
 * The first message whose rdma_vers the connection may use fixes the
 * version; one with any other version fixes nothing (it is answered
 * with ERR_VERS), nor does a Version 1 message too short to be parsed
 * (it is dropped, svcrdma_v2_recv()). On a Version 2 connection the
 * rdma_credit of every Version 2 message becomes the send limit at
 * once.
 */
void svcrdma_v2_recv_done(struct svcrdma_xprt *sx,
			  struct svcrdma_recv_ctxt *ctxt)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	struct rpcrdma_prefix pfx;
	u32 limit;

	if (rpcrdma_decode_prefix(ctxt->rc_buf, ctxt->rc_len, &pfx))
		goto out;
	/* Discarded unparsed (RFC 8166, Section 4.5): it fixes nothing */
	if (pfx.px_vers == RPCRDMA_VERSION_1 &&
	    ctxt->rc_len < RPCRDMA1_HDR_MIN)
		goto out;
	if (!sx->sx_version && pfx.px_vers >= RPCRDMA_VERSION_1 &&
	    pfx.px_vers <= sx->sx_max_version)
		svcrdma_v2_fix(sx, pfx.px_vers);
	if (sx->sx_version != RPCRDMA_VERSION_2 ||
	    pfx.px_vers != RPCRDMA_VERSION_2)
		goto out;
	limit = rpcrdma_v2_limit(atomic_read(&v2->v2_sent), pfx.px_credits,
				 sx->sx_sq_depth);
	WRITE_ONCE(v2->v2_limit, limit);
	if (wq_has_sleeper(&sx->sx_sq_wait))
		wake_up(&sx->sx_sq_wait);
out:
	ctxt->rc_conn_vers = sx->sx_version;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_recv_done);

/**
 * svcrdma_v2_credit - the rdma_credit value for a message we send
 * @sx: a Version 2 connection
 *
 * See the policy at the top of this file.
 *
 * Return: received + advertised.
 */
u32 svcrdma_v2_credit(struct svcrdma_xprt *sx)
{
	u32 received, adv, credit;
	int posted;

	adv = svcrdma_credits(sx);
	received = atomic_read(&sx->sx_recv_seq);
	smp_rmb();	/* pairs with svcrdma_recv_done(): posted, then seq */
	posted = atomic_read(&sx->sx_recv_posted);
	adv = min_t(u32, adv, posted > 1 ? posted - 1 : 0);
	credit = received + adv;
	return credit;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_credit);

/**
 * svcrdma_v2_stamp - write the rdma_credit a Send carries
 * @sx: a Version 2 connection
 * @sc: a Send about to be posted
 *
 * The client takes the rdma_credit of the latest message it receives
 * (v2-07, Section 4.2.1, "Received credits"), so the values must not
 * go backwards in the order the Sends are posted: nfsd threads build
 * their Replies concurrently, and a Reply built early but posted last
 * would otherwise leave the client with a stale, smaller limit and,
 * once nothing more is in flight, nothing that ever refreshes it.
 * Every value computed here is stamped into the header just before the
 * Send is posted, under v2_post_lock, and is never below the last one
 * posted; a value once sent stays safe (see the top of this file), so
 * keeping it costs nothing. Messages in another version's header (an
 * ERR_VERS answer) are left alone.
 *
 * Context: v2_post_lock held.
 */
void svcrdma_v2_stamp(struct svcrdma_xprt *sx, struct svcrdma_send_ctxt *sc)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	__be32 *p = sc->sc_buf;
	u32 credit;

	lockdep_assert_held(&v2->v2_post_lock);
	if (sc->sc_len < RPCRDMA_PREFIX_SIZE ||
	    be32_to_cpu(p[1]) != RPCRDMA_VERSION_2)
		return;
	credit = svcrdma_v2_credit(sx);
	if ((s32)(credit - v2->v2_last_credit) < 0)
		credit = v2->v2_last_credit;
	WRITE_ONCE(v2->v2_last_credit, credit);
	p[2] = cpu_to_be32(credit);
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_stamp);

static bool svcrdma_v2_try_credit(struct svcrdma_v2 *v2)
{
	int sent = atomic_read(&v2->v2_sent);

	do {
		if (!rpcrdma_v2_window(sent, READ_ONCE(v2->v2_limit)))
			return false;
	} while (!atomic_try_cmpxchg(&v2->v2_sent, &sent, sent + 1));
	return true;
}

static bool svcrdma_v2_can_send(struct svcrdma_xprt *sx)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;

	return svc_xprt_is_dead(&sx->sx_xprt) ||
	       rpcrdma_v2_window(atomic_read(&v2->v2_sent),
				 READ_ONCE(v2->v2_limit));
}

/**
 * svcrdma_v2_take_credit - count a Send, waiting for a credit if need be
 * @sx: a connection that may speak Version 2
 * @wait: wait (at most SVCRDMA_V2_CREDIT_WAIT) when none is free
 *
 * Every Send is counted (v2-07, Section 4.2.1: the sent message count
 * starts when the connection does); only on a Version 2 connection
 * does the count have to stay below the client's credit value.
 *
 * Return: 0; -EAGAIN when no credit is free and @wait is false;
 * -ENOTCONN when the connection is closing; -ETIMEDOUT when the wait
 * ran out, after which the connection is closing.
 */
int svcrdma_v2_take_credit(struct svcrdma_xprt *sx, bool wait)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	unsigned long deadline;
	long left;

	if (READ_ONCE(sx->sx_version) != RPCRDMA_VERSION_2) {
		atomic_inc(&v2->v2_sent);
		return 0;
	}
	if (svcrdma_v2_try_credit(v2))
		return 0;
	if (!wait)
		return -EAGAIN;

	svcrdma_stat_inc(SVCRDMA_STAT_V2_CREDIT_WAITS);
	trace_svcrdma_v2_credit_wait(sx, atomic_read(&v2->v2_sent),
				     READ_ONCE(v2->v2_limit));
	deadline = jiffies + SVCRDMA_V2_CREDIT_WAIT;
	for (;;) {
		if (svc_xprt_is_dead(&sx->sx_xprt))
			return -ENOTCONN;
		if (svcrdma_v2_try_credit(v2))
			return 0;
		left = (long)(deadline - jiffies);
		if (left <= 0)
			break;
		wait_event_timeout(sx->sx_sq_wait, svcrdma_v2_can_send(sx),
				   left);
	}
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CREDIT_TIMEOUTS);
	trace_svcrdma_v2_credit_timeout(sx, atomic_read(&v2->v2_sent),
					READ_ONCE(v2->v2_limit));
	svc_xprt_deferred_close(&sx->sx_xprt);
	return -ETIMEDOUT;
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_take_credit);

/**
 * svcrdma_v2_credit_none - a Send that may not wait found no credit
 * @sx: a connection that may speak Version 2
 *
 * Where waiting for the client would hold a thread it must not (the
 * Receive path, a continued Reply's parts): counted, traced, and the
 * connection is closed.
 */
void svcrdma_v2_credit_none(struct svcrdma_xprt *sx)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;

	svcrdma_stat_inc(SVCRDMA_STAT_V2_CREDIT_NONE);
	trace_svcrdma_v2_credit_none(sx, atomic_read(&v2->v2_sent),
				     READ_ONCE(v2->v2_limit));
	svc_xprt_deferred_close(&sx->sx_xprt);
}

/* A property's value: the one sent, or its default when sent empty */
static u32 svcrdma_v2_prop(const struct rpcrdma_v2_props *pr, u32 id,
			   u32 val, u32 def, u32 cur)
{
	u32 bit = RPCRDMA2_PROP_BIT(id);

	if (!(pr->pr_present & bit))
		return cur;
	return pr->pr_default & bit ? def : val;
}

/**
 * svcrdma_v2_apply_props - take the client's transport properties
 * @sx: a Version 2 connection
 * @pr: properties of a CONNPROP message that decoded cleanly
 *
 * v2-07, Section 5.2. Receive Buffer Size lowers what we send inline
 * (never below the Version 1 default; never above our Send buffers,
 * which are already sized). Reverse-Direction Support decides whether
 * the backchannel may send Calls. The others describe the client as a
 * Requester and as a sender, which our buffers and limits already
 * bound: they are recorded and traced. We implement no host
 * authentication: a Host Auth Message is counted and traced, and the
 * connection continues unauthenticated, which Section 5.2.6 leaves to
 * local policy.
 */
void svcrdma_v2_apply_props(struct svcrdma_xprt *sx,
			    const struct rpcrdma_v2_props *pr)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;
	u32 rbsiz, send;

	v2->v2_peer_sbsiz = svcrdma_v2_prop(pr, RPCRDMA2_PROPID_SBSIZ,
					    pr->pr_sbsiz, SVCRDMA_V2_DEF_SBSIZ,
					    v2->v2_peer_sbsiz);
	rbsiz = svcrdma_v2_prop(pr, RPCRDMA2_PROPID_RBSIZ, pr->pr_rbsiz,
				SVCRDMA_V2_DEF_RBSIZ, 0);
	if (rbsiz) {
		v2->v2_peer_rbsiz = rbsiz;
		send = max(rbsiz, RPCRDMA1_DEFAULT_INLINE);
		send = min(send, READ_ONCE(sx->sx_send_size));
		WRITE_ONCE(sx->sx_send_size, send);
	}
	v2->v2_peer_rssiz = svcrdma_v2_prop(pr, RPCRDMA2_PROPID_RSSIZ,
					    pr->pr_rssiz, SVCRDMA_V2_DEF_RSSIZ,
					    v2->v2_peer_rssiz);
	v2->v2_peer_rcsiz = svcrdma_v2_prop(pr, RPCRDMA2_PROPID_RCSIZ,
					    pr->pr_rcsiz, SVCRDMA_V2_DEF_RCSIZ,
					    v2->v2_peer_rcsiz);
	WRITE_ONCE(v2->v2_peer_brs,
		   svcrdma_v2_prop(pr, RPCRDMA2_PROPID_BRS, pr->pr_brs,
				   SVCRDMA_V2_DEF_BRS, v2->v2_peer_brs));
	if (pr->pr_present & RPCRDMA2_PROP_BIT(RPCRDMA2_PROPID_HOSTAUTH))
		svcrdma_stat_inc(SVCRDMA_STAT_V2_HOSTAUTH);
	svcrdma_stat_inc(SVCRDMA_STAT_V2_CONNPROP_RECV);
	trace_svcrdma_v2_props(sx, pr, v2, READ_ONCE(sx->sx_send_size));
}

/**
 * svcrdma_v2_call_done - a Call's Reply (or error) has been sent
 * @sx: the connection
 * @ctxt: the Call's Receive context
 *
 * From now on no Reply of this Call will carry a fresh credit value;
 * see svcrdma_v2_grant_check(). Calls nfsd drops without a Reply are
 * done when their context is released.
 */
void svcrdma_v2_call_done(struct svcrdma_xprt *sx,
			  struct svcrdma_recv_ctxt *ctxt)
{
	if (ctxt->rc_v2_call) {
		ctxt->rc_v2_call = false;
		atomic_dec(&sx->sx_v2->v2_calls);
	}
}

/**
 * svcrdma_v2_recv_release - drop what a Receive context holds for Version 2
 * @sx: the connection
 * @ctxt: a context being made idle or freed
 */
void svcrdma_v2_recv_release(struct svcrdma_xprt *sx,
			     struct svcrdma_recv_ctxt *ctxt)
{
	struct svcrdma_v2 *v2 = sx->sx_v2;

	svcrdma_v2_call_done(sx, ctxt);
	if (ctxt->rc_reasm) {
		svcrdma_reasm_free(v2, ctxt->rc_reasm);
		ctxt->rc_reasm = NULL;
	}
}
EXPORT_SYMBOL_IF_KUNIT(svcrdma_v2_recv_release);
