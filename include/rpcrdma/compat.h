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

/*
 * KUnit static stubs (kunit/static_stub.h) came in 6.3; before, a
 * function that offers one simply never redirects. Visibility for KUnit
 * (kunit/visibility.h) is in every kernel we build for (6.1 has it).
 */
#ifdef RPCRDMA_HAVE_KUNIT_STATIC_STUB
#include <kunit/static_stub.h>
#else
#define KUNIT_STATIC_STUB_REDIRECT(...)	do { } while (0)
#endif

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

/* A writable unsigned int sysctl held between *(_min) and *(_max) */
#define RPCRDMA_CTL_UINT(_name, _data, _min, _max) {			\
	.procname	= _name,					\
	.data		= _data,					\
	.maxlen		= sizeof(unsigned int),				\
	.mode		= 0644,						\
	.proc_handler	= proc_douintvec_minmax,			\
	.extra1		= _min,						\
	.extra2		= _max,						\
}

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
 * The page arrays of a server request (struct svc_rqst).
 *
 * Up to 6.x there is one array, rq_pages: the Call fills it from slot 0
 * and the Reply is built in the slots after the Call's, which the
 * transport marks by pointing rq_respages just past the Call's last page
 * (rq_page_end ends the shared array). Before each Call svc_alloc_arg()
 * refills every NULL slot.
 *
 * From 7.x (RPCRDMA_HAVE_SVC_SPLIT_PAGES) the Call has rq_pages and the
 * Reply has an array of its own, rq_respages, each rq_maxpages slots
 * long; rq_page_end ends the Reply's array. svc_alloc_arg() refills only
 * rq_pages[0, rq_pages_nfree) and the Reply slots from rq_respages up to
 * rq_next_page, then sets rq_next_page back to rq_respages. A transport
 * must leave rq_respages alone, must not lower rq_next_page below a slot
 * that was released, and must report in rq_pages_nfree the Call slots
 * it emptied.
 *
 * The ownership rules svcrdma keeps, on every kernel:
 * - Each non-NULL slot of either array holds one page reference that
 *   belongs to the thread; what is left when the thread exits the core
 *   puts.
 * - svcrdma may move the references in rq_pages[0, n) to itself, for
 *   RDMA Reads that outlive xpo_recvfrom: it NULLs those slots and calls
 *   rpcrdma_svc_call_taken() before it returns. From then on it puts
 *   them, or gives them to a request, whose slots then hold pages: it
 *   puts each page it replaces there.
 * - Reply pages: after xpo_sendto (or when a request is dropped) the
 *   core puts every page from rq_respages up to rq_next_page. svcrdma
 *   never empties or takes a Reply slot; a page that an RDMA Write of
 *   the Reply still reads gets a reference of its own, put when the
 *   Send completes (svcrdma_send_hold_page()).
 */
#ifdef RPCRDMA_HAVE_SVC_SPLIT_PAGES
/* Slots of rq_pages a Call may fill: the whole array is the Call's. */
static inline unsigned int
rpcrdma_svc_call_maxpages(const struct svc_rqst *rqstp)
{
	return rqstp->rq_maxpages;
}

/*
 * rq_pages[0, @npages) were emptied: have svc_alloc_arg() refill them.
 * It skips the slots that are not NULL, so a slot given back before the
 * next Call is not replaced.
 */
static inline void rpcrdma_svc_call_taken(struct svc_rqst *rqstp,
					  unsigned int npages)
{
	if (rqstp->rq_pages_nfree < npages)
		rqstp->rq_pages_nfree = npages;
}

/*
 * The Call uses rq_pages[0, @ncall). The Reply's array does not depend
 * on it, and rq_next_page is already rq_respages (svc_alloc_arg()):
 * nothing to do.
 */
static inline void rpcrdma_svc_set_respages(struct svc_rqst *rqstp,
					    unsigned int ncall)
{
}

/* Largest number of pages one array of @serv's requests has. */
static inline unsigned int rpcrdma_svc_maxpages(const struct svc_serv *serv)
{
	return svc_serv_maxpages(serv);
}
#else
/* Slots of rq_pages a Call may fill: all but one, kept for the Reply. */
static inline unsigned int
rpcrdma_svc_call_maxpages(const struct svc_rqst *rqstp)
{
	unsigned int n = rqstp->rq_page_end - rqstp->rq_pages;

	return n > 1 ? n - 1 : 0;
}

/*
 * rq_pages[0, @npages) were emptied; svc_alloc_arg() refills every NULL
 * slot anyway. No Reply comes of this request: release no page for it.
 */
static inline void rpcrdma_svc_call_taken(struct svc_rqst *rqstp,
					  unsigned int npages)
{
	rqstp->rq_respages = rqstp->rq_pages;
	rqstp->rq_next_page = rqstp->rq_respages;
}

/* The Call uses rq_pages[0, @ncall): the Reply starts after it. */
static inline void rpcrdma_svc_set_respages(struct svc_rqst *rqstp,
					    unsigned int ncall)
{
	rqstp->rq_respages = rqstp->rq_pages + ncall;
	rqstp->rq_next_page = rqstp->rq_respages + 1;
}

/* Largest number of pages one request's array has (a fixed size). */
static inline unsigned int rpcrdma_svc_maxpages(const struct svc_serv *serv)
{
	return RPCSVC_MAXPAGES;
}
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
