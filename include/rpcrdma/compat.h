/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel differences, in one place. The probes that set the
 * RPCRDMA_HAVE_* macros are in the top-level Kbuild.
 */
#ifndef _RPCRDMA_COMPAT_H
#define _RPCRDMA_COMPAT_H

#include <linux/export.h>
#include <linux/module.h>

/*
 * Everything core/ exports lives in the RPCRDMA symbol namespace. The
 * namespace argument is a bare token up to 6.12 and a string from 6.13.
 * The transports' internals that only KUnit suites reach are exported
 * (EXPORT_SYMBOL_IF_KUNIT) in the kernel's EXPORTED_FOR_KUNIT_TESTING.
 */
#ifdef RPCRDMA_HAVE_STRING_NS
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "RPCRDMA")
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS("RPCRDMA")
#define RPCRDMA_IMPORT_KUNIT_NS() \
	MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, RPCRDMA)
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS(RPCRDMA)
#define RPCRDMA_IMPORT_KUNIT_NS() \
	MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif

/*
 * The rest is for kernel builds only: fuzz/ builds the codec's KUnit
 * suites in userspace, where only the namespace macros above exist.
 */
#ifdef __KERNEL__

#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>
#include <linux/sunrpc/xprt.h>
#include <linux/sysctl.h>

/* 6.12 moved the unaligned accessors out of asm/ */
#ifdef RPCRDMA_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * Tracepoints: from 6.10 __assign_str() takes only the field and copies
 * the source named in __string(); before, it took the source again
 * (here only its type is looked at, never its value).
 */
#ifdef RPCRDMA_HAVE_ASSIGN_STR_1
#define rpcrdma_assign_str(dst, src)				\
	do {							\
		(void)sizeof(src);				\
		__assign_str(dst);				\
	} while (0)
#else
#define rpcrdma_assign_str(dst, src)	__assign_str(dst, src)
#endif

/*
 * sysctl: from 6.11 a proc_handler gets a const table. register_sysctl()
 * counts the entries of an array from 6.6; before, the array ends with an
 * empty entry.
 */
#ifdef RPCRDMA_HAVE_CONST_CTL_HANDLER
#define RPCRDMA_CTL_CONST	const
#else
#define RPCRDMA_CTL_CONST
#endif
#ifdef RPCRDMA_HAVE_SYSCTL_SZ
#define RPCRDMA_CTL_END
#else
#define RPCRDMA_CTL_END		{ }
#endif

/*
 * 6.1's svc_recv() calls ->xpo_secure_port() for every request without
 * checking it (6.12 has no such method): it marks the request secure, as
 * svcrdma_recvfrom() does on every kernel.
 */
#ifdef RPCRDMA_HAVE_XPO_SECURE_PORT
static inline void rpcrdma_xpo_secure_port(struct svc_rqst *rqstp)
{
	set_bit(RQ_SECURE, &rqstp->rq_flags);
}

#define RPCRDMA_XPO_SECURE_PORT	.xpo_secure_port = rpcrdma_xpo_secure_port,
#else
#define RPCRDMA_XPO_SECURE_PORT
#endif

/*
 * Hand a backchannel Call to the callback service. From 6.7 the queue is
 * a lockless list and an idle thread of pool 0 is woken; before, a list
 * under sv_cb_lock with its own wait queue.
 */
static inline void rpcrdma_bc_queue_call(struct svc_serv *serv,
					 struct rpc_rqst *rqst)
{
#ifdef RPCRDMA_HAVE_SVC_CB_LWQ
	lwq_enqueue(&rqst->rq_bc_list, &serv->sv_cb_list);
	svc_pool_wake_idle_thread(&serv->sv_pools[0]);
#else
	spin_lock(&serv->sv_cb_lock);
	list_add(&rqst->rq_bc_list, &serv->sv_cb_list);
	spin_unlock(&serv->sv_cb_lock);
	wake_up(&serv->sv_cb_waitq);
#endif
}

#endif /* __KERNEL__ */

#endif /* _RPCRDMA_COMPAT_H */
