// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: the svc_xprt class "rdma" and its transport operations.
 *
 * Lifetime: a transport is created by xpo_create (listener) or by a
 * CONNECT_REQUEST (connection). The RPC layer owns it from then on;
 * xpo_detach starts a disconnect, and xpo_free (last reference, any
 * context) hands the device teardown to a workqueue, which drains the
 * QP so that every completion has run before anything is freed.
 * Allocating a transport, setting up its device resources and tearing
 * them down (svcrdma_teardown()) are cm.c's.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc_xprt.h>

#include <rpcrdma/compat.h>

#include "svcrdma.h"
#include "trace.h"

static struct workqueue_struct *svcrdma_wq;

static void svcrdma_free_work(struct work_struct *work)
{
	struct svcrdma_xprt *sx = container_of(work, struct svcrdma_xprt,
					       sx_free_work);

	bool conn = !test_bit(XPT_LISTENER, &sx->sx_xprt.xpt_flags);

	trace_svcrdma_free(sx);
	svcrdma_teardown(sx);
	kfree(sx);
	svcrdma_live_add(SVCRDMA_LIVE_XPRTS, -1);
	if (conn)
		svcrdma_stat_inc(SVCRDMA_STAT_CONN_FREED);
}

static void svcrdma_xpo_free(struct svc_xprt *xprt)
{
	struct svcrdma_xprt *sx = svcrdma_sx(xprt);

	INIT_WORK(&sx->sx_free_work, svcrdma_free_work);
	queue_work(svcrdma_wq, &sx->sx_free_work);
}

static void svcrdma_xpo_detach(struct svc_xprt *xprt)
{
	struct svcrdma_xprt *sx = svcrdma_sx(xprt);

	trace_svcrdma_detach(sx);
	if (!test_bit(XPT_LISTENER, &xprt->xpt_flags))
		svcrdma_stat_inc(SVCRDMA_STAT_CONN_CLOSED);
	svcrdma_cm_disconnect(sx);
	wake_up_all(&sx->sx_sq_wait);
}

static struct svc_xprt *svcrdma_xpo_create(struct svc_serv *serv,
					   struct net *net,
					   struct sockaddr *sa, int salen,
					   int flags)
{
	return svcrdma_create_listener(serv, net, sa, salen);
}

/*
 * Send queue space is waited for in xpo_sendto itself, so a thread
 * may always take the next Call.
 */
static int svcrdma_xpo_has_wspace(struct svc_xprt *xprt)
{
	return 1;
}

static void svcrdma_xpo_release_ctxt(struct svc_xprt *xprt, void *ctxt)
{
	if (ctxt)
		svcrdma_recv_ctxt_put(svcrdma_sx(xprt), ctxt);
}

static void svcrdma_xpo_kill_temp_xprt(struct svc_xprt *xprt)
{
}

static const struct svc_xprt_ops svcrdma_ops = {
	.xpo_create		= svcrdma_xpo_create,
	.xpo_accept		= svcrdma_accept,
	.xpo_has_wspace		= svcrdma_xpo_has_wspace,
	.xpo_recvfrom		= svcrdma_recvfrom,
	.xpo_sendto		= svcrdma_sendto,
	.xpo_result_payload	= svcrdma_result_payload,
	.xpo_release_ctxt	= svcrdma_xpo_release_ctxt,
	.xpo_detach		= svcrdma_xpo_detach,
	.xpo_free		= svcrdma_xpo_free,
	.xpo_kill_temp_xprt	= svcrdma_xpo_kill_temp_xprt,
	RPCRDMA_XPO_SECURE_PORT
};

struct svc_xprt_class svcrdma_class = {
	.xcl_name		= "rdma",
	.xcl_owner		= THIS_MODULE,
	.xcl_ops		= &svcrdma_ops,
	.xcl_max_payload	= SVCRDMA_MAX_PAYLOAD,
	.xcl_ident		= SVCRDMA_XPRT_IDENT,
};

/**
 * svcrdma_transport_init - create the workqueue and register the class
 *
 * The class goes last: once it is registered, nfsd may create a
 * listener, so nothing after it may fail module init (see main.c).
 *
 * Return: 0 or a negative errno.
 */
int svcrdma_transport_init(void)
{
	int ret;

	svcrdma_wq = alloc_workqueue("svcrdma_ng", WQ_UNBOUND, 0);
	if (!svcrdma_wq)
		return -ENOMEM;
	ret = svc_reg_xprt_class(&svcrdma_class);
	if (ret) {
		destroy_workqueue(svcrdma_wq);
		return ret;
	}
	return 0;
}

/**
 * svcrdma_transport_exit - unregister the class, finish pending frees
 */
void svcrdma_transport_exit(void)
{
	svc_unreg_xprt_class(&svcrdma_class);
	destroy_workqueue(svcrdma_wq);
}
