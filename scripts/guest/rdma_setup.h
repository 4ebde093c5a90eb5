/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rdma_setup.h: the librdmacm/libibverbs plumbing that hostile.c and
 * v2probe.c share, plus the error and clock helpers it reports through.
 *
 * Each program is built in the guest by one gcc command on its .c file
 * alone, which finds this header beside it; so everything here is
 * static inline, and g_why is each program's own.
 *
 * What differs between the programs stays in them: private data, queue
 * depths, buffer sizes and registrations, when to disconnect, and how a
 * DISCONNECTED event is recorded.
 */
#ifndef RDMA_SETUP_H
#define RDMA_SETUP_H

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

/* What went wrong last, for the caller to print */
static char g_why[512];

/*
 * Set g_why; errno is kept, for callers that print it. An argument may
 * be g_why itself (a reason wrapped in context). Return: -1
 */
static inline int why(const char *fmt, ...)
{
	char buf[sizeof(g_why)];
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	memcpy(g_why, buf, sizeof(g_why));
	errno = err;
	return -1;
}

static inline uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Wait up to @ms for the next rdma_cm event on @ec and take it.
 * Return: 0 when it is @want, else -1 (g_why says why). With @got, the
 * type of the event taken, -1 when none was.
 */
static inline int rs_cm_wait(struct rdma_event_channel *ec,
			     enum rdma_cm_event_type want, int ms, int *got)
{
	struct pollfd pfd = { .fd = ec->fd, .events = POLLIN };
	struct rdma_cm_event *ev;
	int type;

	if (got)
		*got = -1;
	if (poll(&pfd, 1, ms) <= 0)
		return why("no rdma_cm event %s in %d ms", rdma_event_str(want), ms);
	if (rdma_get_cm_event(ec, &ev))
		return why("rdma_get_cm_event: %s", strerror(errno));
	type = ev->event;
	rdma_ack_cm_event(ev);
	if (got)
		*got = type;
	if (type != (int)want)
		return why("rdma_cm event %s, wanted %s", rdma_event_str(type),
			   rdma_event_str(want));
	return 0;
}

/* Take the rdma_cm events already on @ec; true if one was DISCONNECTED */
static inline bool rs_cm_disconnected(struct rdma_event_channel *ec)
{
	struct pollfd pfd = { .fd = ec->fd, .events = POLLIN };
	struct rdma_cm_event *ev;
	bool dead = false;

	while (poll(&pfd, 1, 0) > 0 && !rdma_get_cm_event(ec, &ev)) {
		if (ev->event == RDMA_CM_EVENT_DISCONNECTED)
			dead = true;
		rdma_ack_cm_event(ev);
	}
	return dead;
}

/*
 * A new event channel *@ec and cm_id *@id (RDMA_PS_TCP), its address
 * and route resolved to @addr port @port. On failure, what was made is
 * left in *@ec and *@id for the caller to destroy.
 */
static inline int rs_resolve(struct rdma_event_channel **ec,
			     struct rdma_cm_id **id, const char *addr, int port)
{
	struct addrinfo *ai;
	char service[16];
	int ret;

	*ec = rdma_create_event_channel();
	if (!*ec)
		return why("rdma_create_event_channel: %s", strerror(errno));
	if (rdma_create_id(*ec, id, NULL, RDMA_PS_TCP))
		return why("rdma_create_id: %s", strerror(errno));
	snprintf(service, sizeof(service), "%d", port);
	if (getaddrinfo(addr, service, NULL, &ai))
		return why("getaddrinfo %s", addr);
	ret = rdma_resolve_addr(*id, NULL, ai->ai_addr, 2000);
	freeaddrinfo(ai);
	if (ret)
		return why("resolve addr: %s", strerror(errno));
	if (rs_cm_wait(*ec, RDMA_CM_EVENT_ADDR_RESOLVED, 3000, NULL))
		return why("resolve addr: %s", g_why);
	if (rdma_resolve_route(*id, 2000) ||
	    rs_cm_wait(*ec, RDMA_CM_EVENT_ROUTE_RESOLVED, 3000, NULL))
		return why("resolve route: %s", g_why);
	return 0;
}

/*
 * A PD *@pd and a CQ *@cq of @cqe entries on @id's device (its events
 * on @ch, or none with NULL), and on them an RC QP for @id with @send_wr
 * Sends and @recv_wr Receives of one SGE each. On failure, what was made
 * is left for the caller to free.
 */
static inline int rs_create_qp(struct rdma_cm_id *id, struct ibv_pd **pd,
			       struct ibv_cq **cq, struct ibv_comp_channel *ch,
			       int cqe, uint32_t send_wr, uint32_t recv_wr)
{
	struct ibv_qp_init_attr qa = { 0 };

	*pd = ibv_alloc_pd(id->verbs);
	*cq = ibv_create_cq(id->verbs, cqe, NULL, ch, 0);
	if (!*pd || !*cq)
		return why("pd/cq: %s", strerror(errno));
	qa.send_cq = *cq;
	qa.recv_cq = *cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = send_wr;
	qa.cap.max_recv_wr = recv_wr;
	qa.cap.max_send_sge = 1;
	qa.cap.max_recv_sge = 1;
	if (rdma_create_qp(id, *pd, &qa))
		return why("rdma_create_qp: %s", strerror(errno));
	return 0;
}

/* Post Receive @i of a ring of @size-octet buffers at @base */
static inline int rs_post_recv(struct ibv_qp *qp, struct ibv_mr *mr,
			       uint8_t *base, uint32_t size, int i)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)(base + (size_t)i * size),
		.length = size, .lkey = mr->lkey,
	};
	struct ibv_recv_wr wr = { .wr_id = i, .sg_list = &sge, .num_sge = 1 };
	struct ibv_recv_wr *bad;

	return ibv_post_recv(qp, &wr, &bad);
}

/*
 * Destroy @id with its QP, the memory regions that were registered
 * (NULL: none), @cq and @pd where made. The event channel, the buffers
 * and any disconnect are the caller's.
 */
static inline void rs_destroy(struct rdma_cm_id *id, struct ibv_pd *pd,
			      struct ibv_cq *cq, struct ibv_mr *rmr,
			      struct ibv_mr *smr, struct ibv_mr *dmr)
{
	if (id->qp)
		rdma_destroy_qp(id);
	if (rmr)
		ibv_dereg_mr(rmr);
	if (smr)
		ibv_dereg_mr(smr);
	if (dmr)
		ibv_dereg_mr(dmr);
	if (cq)
		ibv_destroy_cq(cq);
	if (pd)
		ibv_dealloc_pd(pd);
	rdma_destroy_id(id);
}

#endif /* RDMA_SETUP_H */
