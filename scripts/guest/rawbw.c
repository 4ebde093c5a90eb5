// SPDX-License-Identifier: GPL-2.0-only
/*
 * rawbw: what soft-RoCE alone moves between two guests, as the bench's
 * ceiling for NFS over RDMA (scenario "bench", issue 19).
 *
 *   rawbw server PORT
 *   rawbw client ADDR PORT write|read|pull|push SIZE DEPTH SECS
 *   rawbw client ADDR PORT send SIZE DEPTH SECS RESP
 *
 * write/read: the client RDMA Writes into, or RDMA Reads from, the
 * server's memory, SIZE bytes each, DEPTH in flight, for SECS seconds.
 * pull/push: the same data the other way round, in the roles an NFS
 * server takes: the server RDMA Reads from the client's memory (pull,
 * how an NFS WRITE's data travels) or RDMA Writes into it (push, a
 * READ's), and then tells the client, in a Send, how many it did in
 * how long by its own clock. send: request and
 * response, a Send of SIZE bytes that the server answers with a Send of
 * RESP bytes, DEPTH requests in flight: the message pattern of an RPC
 * whose data travels inline (a 4 KiB NFS READ: a small Call and a
 * 4 KiB Reply; a WRITE: the other way round).
 *
 * Unlike perftest, both sides sleep on completion events (a completion
 * channel), as a kernel consumer's CQ does, instead of polling their CQ:
 * with one vCPU per guest, a poller takes the CPU from the soft-RoCE
 * work it waits for, and measures less than NFS does over the same
 * link. One connection, one thread each side, no file data checked
 * (nothing here stands for NFS's work; this is the floor under it).
 *
 * The client prints one line:
 *   mode=M size=S depth=D resp=R secs=T ops=N bytes=B mibps=X opsps=Y
 * where bytes counts SIZE per operation, or RESP where that is larger
 * (the data the workload moves: a READ's is in its response), and
 * exits 0; on any failure it prints why on stderr and exits 1. The
 * server serves one connection and exits 0 when the client disconnects.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>

#include "rdma_setup.h"

#define RAW_MAX_DEPTH	16
#define RAW_MAX_SIZE	(16u << 20)
#define RAW_MAGIC	0x72617762u	/* "rawb" */
#define RAW_WAIT_MS	10000		/* longest silence of either side */
#define RAW_MAX_MSECS	600000		/* longest pull/push run */

enum raw_mode { RAW_WRITE = 1, RAW_READ, RAW_SEND, RAW_PULL, RAW_PUSH };

/*
 * Client to server, in the connect request's private data (56 octets);
 * both sides are this program on the same architecture, and no struct
 * here has padding. pull/push: the client's buffer (DEPTH slots of
 * SIZE) is at addr_hi:addr_lo under rkey, and the server moves data for
 * msecs; the other modes leave these 0.
 */
struct raw_req {
	uint32_t magic, mode, size, depth, resp;
	uint32_t rkey, addr_lo, addr_hi, msecs;
};

/* Server to client, in the accept's private data */
struct raw_rep {
	uint32_t magic, rkey;
	uint64_t addr;
};

/* pull/push: server to client in a Send, after the last operation */
struct raw_res {
	uint64_t ops, ns;
	uint32_t magic, status;
};

/* Moved by the server, in an NFS server's roles */
static bool raw_server_moves(uint32_t mode)
{
	return mode == RAW_PULL || mode == RAW_PUSH;
}

struct raw_conn {
	struct rdma_event_channel *ec;
	struct rdma_cm_id *id, *lid;
	struct ibv_comp_channel *ch;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;		/* the data buffer */
	struct ibv_mr *smr;		/* send mode: response buffers */
	uint8_t *buf, *sbuf;
	size_t len, slen;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* A registered buffer of @len bytes, filled with @fill */
static int raw_buffer(struct raw_conn *c, uint8_t **buf, struct ibv_mr **mr,
		      size_t len, int fill, int acc)
{
	*buf = aligned_alloc(4096, (len + 4095) & ~(size_t)4095);
	if (!*buf)
		return why("no memory for %zu bytes", len);
	memset(*buf, fill, len);
	*mr = ibv_reg_mr(c->pd, *buf, len, acc);
	if (!*mr)
		return why("ibv_reg_mr %zu bytes: %s", len, strerror(errno));
	return 0;
}

/*
 * The data buffer (DEPTH slots of SIZE); for send, the responses' too;
 * for pull/push, one for the result message
 */
static int raw_buffers(struct raw_conn *c, const struct raw_req *rq)
{
	c->len = (size_t)rq->size * rq->depth;
	if (raw_buffer(c, &c->buf, &c->mr, c->len, 0x5a,
		       IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
		       IBV_ACCESS_REMOTE_READ))
		return -1;
	if (raw_server_moves(rq->mode))
		c->slen = sizeof(struct raw_res);
	else if (rq->mode == RAW_SEND)
		c->slen = (size_t)(rq->resp ? rq->resp : 1) * rq->depth;
	else
		return 0;
	return raw_buffer(c, &c->sbuf, &c->smr, c->slen, 0xa5,
			  IBV_ACCESS_LOCAL_WRITE);
}

/* A PD, a CQ on a completion channel, and the QP, on c->id */
static int raw_qp(struct raw_conn *c, unsigned int depth)
{
	c->ch = ibv_create_comp_channel(c->id->verbs);
	if (!c->ch)
		return why("ibv_create_comp_channel: %s", strerror(errno));
	/* Room for a Send and a Receive completion per slot, twice over */
	if (rs_create_qp(c->id, &c->pd, &c->cq, c->ch, 8 * depth + 8,
			 4 * depth + 2, 2 * depth + 2))
		return -1;
	if (ibv_req_notify_cq(c->cq, 0))
		return why("ibv_req_notify_cq: %s", strerror(errno));
	return 0;
}

/*
 * Sleep until the CQ has something, then take up to @n completions.
 * Return: how many; -1 (g_why says why); -2 when an rdma_cm event came
 * instead (the caller looks at it).
 */
static int raw_wait_ms(struct raw_conn *c, struct ibv_wc *wc, int n, int ms)
{
	struct pollfd pfd[2] = {
		{ .fd = c->ch->fd, .events = POLLIN },
		{ .fd = c->ec->fd, .events = POLLIN },
	};
	struct ibv_cq *cq;
	void *ctx;
	int got;

	got = ibv_poll_cq(c->cq, n, wc);
	if (got)
		return got < 0 ? why("ibv_poll_cq failed") : got;
	if (poll(pfd, 2, ms) <= 0)
		return why("no completion in %d ms", ms);
	if (!(pfd[0].revents & POLLIN))
		return -2;
	if (ibv_get_cq_event(c->ch, &cq, &ctx))
		return why("ibv_get_cq_event: %s", strerror(errno));
	ibv_ack_cq_events(cq, 1);
	if (ibv_req_notify_cq(c->cq, 0))
		return why("ibv_req_notify_cq: %s", strerror(errno));
	/* What arrived between the event and the re-arm */
	got = ibv_poll_cq(c->cq, n, wc);
	return got < 0 ? why("ibv_poll_cq failed") : got;
}

static int raw_wait(struct raw_conn *c, struct ibv_wc *wc, int n)
{
	return raw_wait_ms(c, wc, n, RAW_WAIT_MS);
}

static int raw_post_recv(struct raw_conn *c, const struct raw_req *rq,
			 unsigned int i)
{
	return rs_post_recv(c->id->qp, c->mr, c->buf, rq->size, i) ?
	       why("ibv_post_recv: %s", strerror(errno)) : 0;
}

/* Send @len bytes of slot @i of @mr's buffer at @base */
static int raw_post_send(struct raw_conn *c, struct ibv_mr *mr,
			 uint8_t *base, uint32_t len, unsigned int i)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)(base + (size_t)i * len),
		.length = len, .lkey = mr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = i, .sg_list = &sge, .num_sge = 1,
		.opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;

	return ibv_post_send(c->id->qp, &wr, &bad) ?
	       why("ibv_post_send: %s", strerror(errno)) : 0;
}

/* --- moving data (the client's, or the server's for pull/push) --- */

struct raw_run {
	struct raw_req rq;
	uint64_t raddr;
	uint32_t rkey;
	uint64_t ops, ns;	/* done, and in how long */
};

/*
 * Post operation @i: an RDMA Write into or Read from the peer's slot @i
 * (the client's write/read, the server's push/pull), or a request (send)
 */
static int raw_post_op(struct raw_conn *c, struct raw_run *r, unsigned int i)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)(c->buf + (size_t)i * r->rq.size),
		.length = r->rq.size, .lkey = c->mr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = i, .sg_list = &sge, .num_sge = 1,
		.send_flags = IBV_SEND_SIGNALED,
		.opcode = r->rq.mode == RAW_WRITE || r->rq.mode == RAW_PUSH ?
			  IBV_WR_RDMA_WRITE : IBV_WR_RDMA_READ,
	};
	struct ibv_send_wr *bad;

	if (r->rq.mode == RAW_SEND)
		return raw_post_send(c, c->mr, c->buf, r->rq.size, i);
	wr.wr.rdma.remote_addr = r->raddr + (uint64_t)i * r->rq.size;
	wr.wr.rdma.rkey = r->rkey;
	return ibv_post_send(c->id->qp, &wr, &bad) ?
	       why("ibv_post_send: %s", strerror(errno)) : 0;
}

/* Start operation @i: for send, its response's Receive first */
static int raw_start(struct raw_conn *c, struct raw_run *r, unsigned int i)
{
	if (r->rq.mode == RAW_SEND &&
	    rs_post_recv(c->id->qp, c->smr, c->sbuf,
			 r->rq.resp ? r->rq.resp : 1, i))
		return why("ibv_post_recv: %s", strerror(errno));
	return raw_post_op(c, r, i);
}

/*
 * Keep depth operations in flight for @run_ns, then let them drain; the
 * count and the time taken go to r->ops and r->ns.
 * An operation is done at its completion (write/read) or when its
 * response arrives (send; the Send's own completion only counts).
 */
static int raw_drive(struct raw_conn *c, struct raw_run *r, uint64_t run_ns)
{
	uint64_t t0 = now_ns(), end_ns = t0 + run_ns;
	unsigned int inflight = 0, i;
	struct ibv_wc wc[32];
	bool more = true;
	int n, k;

	for (i = 0; i < r->rq.depth; i++) {
		if (raw_start(c, r, i))
			return -1;
		inflight++;
	}
	while (inflight) {
		n = raw_wait(c, wc, 32);
		if (n < 0)
			return n == -2 ? why("the connection ended") : -1;
		if (more && now_ns() >= end_ns)
			more = false;
		for (k = 0; k < n; k++) {
			if (wc[k].status != IBV_WC_SUCCESS)
				return why("completion: %s",
					   ibv_wc_status_str(wc[k].status));
			if (r->rq.mode == RAW_SEND && wc[k].opcode != IBV_WC_RECV)
				continue;
			i = wc[k].wr_id;
			inflight--;
			r->ops++;
			if (!more)
				continue;
			if (raw_start(c, r, i))
				return -1;
			inflight++;
		}
	}
	r->ns = now_ns() - t0;
	return 0;
}

/* --- server ------------------------------------------------------------ */

/* Answer each request with a response until the client disconnects */
static int raw_serve_send(struct raw_conn *c, const struct raw_req *rq)
{
	struct ibv_wc wc[32];
	int n, i;

	for (;;) {
		n = raw_wait(c, wc, 32);
		if (n == -2 && rs_cm_disconnected(c->ec))
			return 0;
		if (n < 0)
			return n == -2 ? why("an rdma_cm event other than DISCONNECTED") : -1;
		for (i = 0; i < n; i++) {
			if (wc[i].status == IBV_WC_WR_FLUSH_ERR)
				return 0;
			if (wc[i].status != IBV_WC_SUCCESS)
				return why("completion: %s",
					   ibv_wc_status_str(wc[i].status));
			if (wc[i].opcode != IBV_WC_RECV)
				continue;
			if (raw_post_recv(c, rq, wc[i].wr_id) ||
			    raw_post_send(c, c->smr, c->sbuf,
					  rq->resp ? rq->resp : 1, wc[i].wr_id))
				return -1;
		}
	}
}

/*
 * pull/push: move data to or from the client's buffer for rq->msecs as
 * the client would (raw_drive()), then send it the count and the time;
 * the client's disconnect ends it.
 */
static int raw_serve_moves(struct raw_conn *c, const struct raw_req *rq)
{
	struct raw_run r = {
		.rq = *rq, .rkey = rq->rkey,
		.raddr = (uint64_t)rq->addr_hi << 32 | rq->addr_lo,
	};
	struct raw_res *res = (struct raw_res *)c->sbuf;
	struct ibv_wc wc;
	int n;

	if (raw_drive(c, &r, (uint64_t)rq->msecs * 1000000))
		return -1;
	res->ops = r.ops;
	res->ns = r.ns;
	res->magic = RAW_MAGIC;
	res->status = 0;
	if (raw_post_send(c, c->smr, c->sbuf, sizeof(*res), 0))
		return -1;
	/*
	 * The client disconnects as soon as the result arrives, and its
	 * DISCONNECTED can reach us before the Send's completion does. The
	 * client checks the result it got and fails on its own if none
	 * came, so its leaving now is the normal end, not an error.
	 */
	n = raw_wait(c, &wc, 1);
	if (n == -2 && rs_cm_disconnected(c->ec))
		return 0;
	if (n < 0)
		return n == -2 ? why("an rdma_cm event other than DISCONNECTED") : -1;
	if (wc.status != IBV_WC_SUCCESS)
		return why("result send: %s", ibv_wc_status_str(wc.status));
	return rs_cm_wait(c->ec, RDMA_CM_EVENT_DISCONNECTED, RAW_WAIT_MS, NULL);
}

/* Take the next rdma_cm event, which must be a connect request */
static int raw_take_request(struct raw_conn *c, struct raw_req *rq)
{
	struct pollfd pfd = { .fd = c->ec->fd, .events = POLLIN };
	struct rdma_cm_event *ev;
	int ok;

	if (poll(&pfd, 1, 300000) <= 0)
		return why("no connect request in 300 s");
	if (rdma_get_cm_event(c->ec, &ev))
		return why("rdma_get_cm_event: %s", strerror(errno));
	ok = ev->event == RDMA_CM_EVENT_CONNECT_REQUEST &&
	     ev->param.conn.private_data_len >= sizeof(*rq);
	if (ok) {
		memcpy(rq, ev->param.conn.private_data, sizeof(*rq));
		c->id = ev->id;
	} else {
		why("rdma_cm event %s, wanted a connect request with %zu octets",
		    rdma_event_str(ev->event), sizeof(*rq));
	}
	rdma_ack_cm_event(ev);
	return ok ? 0 : -1;
}

static bool raw_req_valid(const struct raw_req *rq)
{
	return rq->magic == RAW_MAGIC && rq->mode >= RAW_WRITE &&
	       rq->mode <= RAW_PUSH && rq->size && rq->size <= RAW_MAX_SIZE &&
	       rq->depth && rq->depth <= RAW_MAX_DEPTH &&
	       rq->resp <= RAW_MAX_SIZE &&
	       (!raw_server_moves(rq->mode) ||
		(rq->msecs && rq->msecs <= RAW_MAX_MSECS));
}

static int raw_server(int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(port) };
	struct rdma_conn_param param = {
		.responder_resources = RAW_MAX_DEPTH,
		.initiator_depth = RAW_MAX_DEPTH,
	};
	struct raw_conn c = { 0 };
	struct raw_req rq;
	struct raw_rep rp;
	unsigned int i;
	int ret = -1;

	c.ec = rdma_create_event_channel();
	if (!c.ec || rdma_create_id(c.ec, &c.lid, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(c.lid, (struct sockaddr *)&sin) ||
	    rdma_listen(c.lid, 1))
		return why("listen on %d: %s", port, strerror(errno));
	if (raw_take_request(&c, &rq))
		goto out;
	if (!raw_req_valid(&rq)) {
		why("a request out of range (mode %u size %u depth %u)",
		    rq.mode, rq.size, rq.depth);
		rdma_reject(c.id, NULL, 0);
		goto out;
	}
	if (raw_qp(&c, rq.depth) || raw_buffers(&c, &rq))
		goto out;
	if (rq.mode == RAW_SEND)
		for (i = 0; i < rq.depth; i++)
			if (raw_post_recv(&c, &rq, i))
				goto out;
	rp.magic = RAW_MAGIC;
	rp.rkey = c.mr->rkey;
	rp.addr = (uintptr_t)c.buf;
	param.private_data = &rp;
	param.private_data_len = sizeof(rp);
	if (rdma_accept(c.id, &param)) {
		why("rdma_accept: %s", strerror(errno));
		goto out;
	}
	if (rs_cm_wait(c.ec, RDMA_CM_EVENT_ESTABLISHED, RAW_WAIT_MS, NULL))
		goto out;
	if (rq.mode == RAW_SEND) {
		ret = raw_serve_send(&c, &rq);
	} else if (raw_server_moves(rq.mode)) {
		ret = raw_serve_moves(&c, &rq);
	} else {
		/* The client moves the data; sleep until it leaves */
		ret = rs_cm_wait(c.ec, RDMA_CM_EVENT_DISCONNECTED, 600000, NULL);
	}
	rdma_disconnect(c.id);
out:
	if (c.id)
		rs_destroy(c.id, c.pd, c.cq, c.mr, c.smr, NULL);
	if (c.ch)
		ibv_destroy_comp_channel(c.ch);
	rdma_destroy_id(c.lid);
	rdma_destroy_event_channel(c.ec);
	free(c.buf);
	free(c.sbuf);
	return ret;
}

/* --- client ------------------------------------------------------------ */

static const char *const raw_mode_names[] = {
	[RAW_WRITE] = "write", [RAW_READ] = "read", [RAW_SEND] = "send",
	[RAW_PULL] = "pull", [RAW_PUSH] = "push",
};

/*
 * pull/push: the server moves the data; wait for its result message
 * (posted for before connecting) and take the count and the server's
 * time into r->ops and r->ns. Return: 0 or -1 (g_why says why).
 */
static int raw_await_result(struct raw_conn *c, struct raw_run *r)
{
	const struct raw_res *res = (const struct raw_res *)c->sbuf;
	struct ibv_wc wc;
	int n;

	n = raw_wait_ms(c, &wc, 1, r->rq.msecs + RAW_WAIT_MS);
	if (n < 0)
		return n == -2 ? why("the connection ended") : -1;
	if (wc.status != IBV_WC_SUCCESS || wc.opcode != IBV_WC_RECV ||
	    wc.byte_len != sizeof(*res) || res->magic != RAW_MAGIC ||
	    res->status || !res->ns) {
		return why("no valid result from the server (%s, %u octets)",
			   ibv_wc_status_str(wc.status), wc.byte_len);
	}
	r->ops = res->ops;
	r->ns = res->ns;
	return 0;
}

static int raw_client(const char *addr, int port, struct raw_run *r,
		      double secs)
{
	struct rdma_conn_param param = {
		.responder_resources = RAW_MAX_DEPTH,
		.initiator_depth = RAW_MAX_DEPTH,
		.retry_count = 7, .rnr_retry_count = 7,
		.private_data = &r->rq, .private_data_len = sizeof(r->rq),
	};
	struct raw_conn c = { 0 };
	struct rdma_cm_event *ev;
	struct pollfd pfd;
	int ret = -1;

	if (rs_resolve(&c.ec, &c.id, addr, port) ||
	    raw_qp(&c, r->rq.depth) || raw_buffers(&c, &r->rq))
		goto out;
	if (raw_server_moves(r->rq.mode)) {
		r->rq.rkey = c.mr->rkey;
		r->rq.addr_lo = (uint32_t)(uintptr_t)c.buf;
		r->rq.addr_hi = (uint32_t)((uint64_t)(uintptr_t)c.buf >> 32);
		if (rs_post_recv(c.id->qp, c.smr, c.sbuf, c.slen, 0)) {
			why("ibv_post_recv: %s", strerror(errno));
			goto out;
		}
	}
	if (rdma_connect(c.id, &param)) {
		why("rdma_connect: %s", strerror(errno));
		goto out;
	}
	pfd.fd = c.ec->fd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, RAW_WAIT_MS) <= 0 || rdma_get_cm_event(c.ec, &ev)) {
		why("no answer to the connect request");
		goto out;
	}
	if (ev->event != RDMA_CM_EVENT_ESTABLISHED ||
	    ev->param.conn.private_data_len < sizeof(struct raw_rep)) {
		why("connect: %s", rdma_event_str(ev->event));
		rdma_ack_cm_event(ev);
		goto out;
	}
	{
		struct raw_rep rp;

		memcpy(&rp, ev->param.conn.private_data, sizeof(rp));
		r->raddr = rp.addr;
		r->rkey = rp.rkey;
		if (rp.magic != RAW_MAGIC) {
			rdma_ack_cm_event(ev);
			why("the server's answer is not rawbw's");
			goto out;
		}
	}
	rdma_ack_cm_event(ev);
	ret = raw_server_moves(r->rq.mode) ? raw_await_result(&c, r) :
		raw_drive(&c, r, (uint64_t)(secs * 1e9));
	rdma_disconnect(c.id);
	if (!ret) {
		double s = r->ns / 1e9;
		uint32_t big = r->rq.resp > r->rq.size ? r->rq.resp : r->rq.size;
		double bytes = (double)r->ops * big;

		printf("mode=%s size=%u depth=%u resp=%u secs=%.3f ",
		       raw_mode_names[r->rq.mode], r->rq.size, r->rq.depth,
		       r->rq.resp, s);
		printf("ops=%llu bytes=%.0f mibps=%.2f opsps=%.1f\n",
		       (unsigned long long)r->ops, bytes,
		       bytes / s / 1048576, r->ops / s);
	}
out:
	if (c.id)
		rs_destroy(c.id, c.pd, c.cq, c.mr, c.smr, NULL);
	if (c.ch)
		ibv_destroy_comp_channel(c.ch);
	if (c.ec)
		rdma_destroy_event_channel(c.ec);
	free(c.buf);
	free(c.sbuf);
	return ret;
}

int main(int argc, char **argv)
{
	struct raw_run r = { .rq.magic = RAW_MAGIC };

	if (argc == 3 && !strcmp(argv[1], "server")) {
		if (raw_server(atoi(argv[2]))) {
			fprintf(stderr, "rawbw server: %s\n", g_why);
			return 1;
		}
		return 0;
	}
	if ((argc == 8 || argc == 9) && !strcmp(argv[1], "client")) {
		if (!strcmp(argv[4], "write"))
			r.rq.mode = RAW_WRITE;
		else if (!strcmp(argv[4], "read"))
			r.rq.mode = RAW_READ;
		else if (!strcmp(argv[4], "pull"))
			r.rq.mode = RAW_PULL;
		else if (!strcmp(argv[4], "push"))
			r.rq.mode = RAW_PUSH;
		else if (!strcmp(argv[4], "send") && argc == 9)
			r.rq.mode = RAW_SEND;
		r.rq.size = strtoul(argv[5], NULL, 0);
		r.rq.depth = strtoul(argv[6], NULL, 0);
		if (argc == 9)
			r.rq.resp = strtoul(argv[8], NULL, 0);
		if (raw_server_moves(r.rq.mode) && atof(argv[7]) > 0 &&
		    atof(argv[7]) <= RAW_MAX_MSECS / 1000)
			r.rq.msecs = (uint32_t)(atof(argv[7]) * 1000);
		if (!raw_req_valid(&r.rq) || atof(argv[7]) <= 0) {
			fprintf(stderr, "rawbw: bad arguments\n");
			return 2;
		}
		if (raw_client(argv[2], atoi(argv[3]), &r, atof(argv[7]))) {
			fprintf(stderr, "rawbw client: %s\n", g_why);
			return 1;
		}
		return 0;
	}
	fprintf(stderr, "usage: see the header of rawbw.c\n");
	return 2;
}
