// SPDX-License-Identifier: GPL-2.0-only
/*
 * v2probe: a small RPC-over-RDMA Version 2 client
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07") that checks a
 * server's answers message by message, from userspace (librdmacm).
 *
 *   v2probe [-1] ADDR [PORT]
 *
 * Each check prints "ok NAME" or "not ok NAME: why". With -1 the server
 * is expected to speak Version 1 only (max_version=1). Exit status 0
 * when every check passed.
 *
 * The XDR here is written by hand from the draft, independently of the
 * project's codec, so that the two check each other. The probe is its
 * own Version 2 flow-control peer: its rdma_credit is (Receives
 * completed) + (credits it advertises), and it sends only while its
 * sent count is below the server's latest rdma_credit (v2-07, Section
 * 4.2.1, as core/codec_v2_map.c reads it).
 *
 * Only ever pointed at the test guests (192.0.2.0/24).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#include "rdma_setup.h"

/* Wire constants (RFC 8166; v2-07, Sections 6 and 8; RFC 8797) */
#define V1 1U
#define V2 2U
#define RDMA_MSG 0U
#define RDMA_ERROR 4U
#define H_ERROR 4U
#define H_GRANT 5U
#define H_CP_MIDDLE 6U
#define H_CP_FINAL 7U
#define H_CALL_EXT 8U
#define H_CALL_MIDDLE 9U
#define H_CALL_INLINE 10U
#define H_REPLY_EXT 11U
#define H_REPLY_MIDDLE 12U
#define H_REPLY_INLINE 13U
#define E_VERS 1U
#define E_BAD_XDR 2U
#define E_BAD_PROPVAL 3U
#define E_INVAL_HTYPE 4U
#define E_INVAL_CONT 5U
#define E_READ_CHUNKS 6U
#define E_WRITE_RESOURCE 9U
#define E_REPLY_RESOURCE 10U
#define E_VERS_MISMATCH 11U
#define P_SBSIZ 1U
#define P_RBSIZ 2U
#define P_RSSIZ 3U
#define P_RCSIZ 4U
#define P_BRS 5U
#define P_HOSTAUTH 6U

#define NRECV 32		/* Receives kept posted */
#define BUFSZ 4096		/* each Receive, and what we say we send */
#define DATASZ (256 * 1024)	/* memory exposed for chunks */
#define MAXQ 64			/* messages received and not yet looked at */

struct msg {
	uint8_t b[BUFSZ];
	uint32_t len;
};

struct probe {
	struct rdma_event_channel *ec;
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *rmr, *smr, *dmr;
	uint8_t *rbuf, *sbuf, *data;
	uint32_t sent, received, limit, adv;
	uint32_t pinned;	/* when set, the rdma_credit we send */
	struct msg q[MAXQ];
	int qn;
	bool dead;
	uint32_t xid;
};

static const char *g_addr = "192.0.2.1";
static int g_port = 20049;
static int g_fail, g_pass;

static void report(const char *name, int ret)
{
	if (!ret) {
		printf("ok %s\n", name);
		g_pass++;
	} else {
		printf("not ok %s: %s\n", name, g_why);
		g_fail++;
	}
	fflush(stdout);
	g_why[0] = 0;
}

/* --- XDR ---------------------------------------------------------------- */

struct xw {
	uint8_t *p;
	uint32_t n;
};

static void put32(struct xw *w, uint32_t v)
{
	uint32_t be = htonl(v);

	memcpy(w->p + w->n, &be, 4);
	w->n += 4;
}

static void put64(struct xw *w, uint64_t v)
{
	put32(w, v >> 32);
	put32(w, (uint32_t)v);
}

static void putbytes(struct xw *w, const void *b, uint32_t len)
{
	memcpy(w->p + w->n, b, len);
	w->n += len;
	while (w->n & 3)
		w->p[w->n++] = 0;
}

static void putstr(struct xw *w, const char *s)
{
	put32(w, strlen(s));
	putbytes(w, s, strlen(s));
}

static uint32_t get32(const uint8_t *b, uint32_t len, uint32_t off)
{
	uint32_t be;

	if (off + 4 > len)
		return 0xdeadbeef;
	memcpy(&be, b + off, 4);
	return ntohl(be);
}

/* --- connection -------------------------------------------------------------- */

static int post_recv(struct probe *c, int i)
{
	return rs_post_recv(c->id->qp, c->rmr, c->rbuf, BUFSZ, i);
}

static void probe_close(struct probe *c)
{
	if (!c->ec)
		return;
	if (c->id) {
		if (!c->dead) {
			rdma_disconnect(c->id);
			rs_cm_wait(c->ec, RDMA_CM_EVENT_DISCONNECTED, 2000,
				   NULL);
		}
		rs_destroy(c->id, c->pd, c->cq, c->rmr, c->smr, c->dmr);
	}
	rdma_destroy_event_channel(c->ec);
	free(c->rbuf);
	free(c->sbuf);
	free(c->data);
	memset(c, 0, sizeof(*c));
}

/* RFC 8797 private data: we send and receive BUFSZ */
static int probe_open(struct probe *c)
{
	uint8_t pd[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0,
			  BUFSZ / 1024 - 1, BUFSZ / 1024 - 1 };
	struct rdma_conn_param param = {
		.private_data = pd, .private_data_len = sizeof(pd),
		.responder_resources = 1, .initiator_depth = 1,
		.retry_count = 7, .rnr_retry_count = 7,
	};
	int i;

	memset(c, 0, sizeof(*c));
	c->limit = 1;		/* v2-07, Section 4.2.1: received credits start at 1 */
	c->adv = NRECV - 1;	/* one Receive kept for a credit update */
	c->xid = (uint32_t)now_ms() * 2654435761U;
	if (rs_resolve(&c->ec, &c->id, g_addr, g_port) ||
	    rs_create_qp(c->id, &c->pd, &c->cq, NULL, 2 * NRECV + 64, 32, NRECV))
		return -1;
	c->rbuf = calloc(NRECV, BUFSZ);
	c->sbuf = calloc(1, BUFSZ);
	c->data = calloc(1, DATASZ);
	if (!c->rbuf || !c->sbuf || !c->data)
		return why("out of memory");
	c->rmr = ibv_reg_mr(c->pd, c->rbuf, NRECV * BUFSZ,
			    IBV_ACCESS_LOCAL_WRITE);
	c->smr = ibv_reg_mr(c->pd, c->sbuf, BUFSZ, 0);
	c->dmr = ibv_reg_mr(c->pd, c->data, DATASZ, IBV_ACCESS_LOCAL_WRITE |
			    IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE);
	if (!c->rmr || !c->smr || !c->dmr)
		return why("ibv_reg_mr: %s", strerror(errno));
	for (i = 0; i < NRECV; i++)
		if (post_recv(c, i))
			return why("ibv_post_recv: %s", strerror(errno));
	if (rdma_connect(c->id, &param))
		return why("rdma_connect: %s", strerror(errno));
	return rs_cm_wait(c->ec, RDMA_CM_EVENT_ESTABLISHED, 5000, NULL);
}

/* Take completions; Receives are queued (and reposted at once) */
static int reap(struct probe *c, bool *send_done)
{
	struct ibv_wc wc[16];
	int n, i;

	n = ibv_poll_cq(c->cq, 16, wc);
	for (i = 0; i < n; i++) {
		if (wc[i].status != IBV_WC_SUCCESS) {
			c->dead = true;
			return why("completion %s (wr_id %lu)",
				   ibv_wc_status_str(wc[i].status),
				   (unsigned long)wc[i].wr_id);
		}
		if (wc[i].opcode == IBV_WC_SEND) {
			*send_done = true;
			continue;
		}
		if (c->qn == MAXQ)
			return why("receive queue overflow");
		c->received++;
		memcpy(c->q[c->qn].b, c->rbuf + wc[i].wr_id * BUFSZ,
		       wc[i].byte_len);
		c->q[c->qn].len = wc[i].byte_len;
		/* Every Version 2 message carries the server's credit value */
		if (wc[i].byte_len >= 16 && get32(c->q[c->qn].b, 16, 4) == V2)
			c->limit = get32(c->q[c->qn].b, 16, 8);
		c->qn++;
		if (post_recv(c, wc[i].wr_id))
			return why("repost: %s", strerror(errno));
	}
	return 0;
}

static uint32_t window(const struct probe *c)
{
	uint32_t w = c->limit - c->sent;

	return w > 0x7ffffffe ? 0 : w;
}

/* Post one message and wait for its Send to complete */
static int send_raw(struct probe *c, uint32_t len, bool v2)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)c->sbuf, .length = len, .lkey = c->smr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = 1000, .sg_list = &sge, .num_sge = 1,
		.opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;
	uint64_t end = now_ms() + 3000;
	bool done = false;

	if (v2 && !window(c))
		return why("no credit from the server (sent %u, limit %u)",
			   c->sent, c->limit);
	if (ibv_post_send(c->id->qp, &wr, &bad))
		return why("ibv_post_send: %s", strerror(errno));
	c->sent++;
	while (!done) {
		if (reap(c, &done))
			return -1;
		if (now_ms() > end)
			return why("Send did not complete");
		if (!done)
			usleep(100);
	}
	return 0;
}

/* Wait up to @ms for a message; 1 when none came */
static int recv_msg(struct probe *c, struct msg *m, int ms)
{
	uint64_t end = now_ms() + ms;
	bool dummy;

	for (;;) {
		if (c->qn) {
			*m = c->q[0];
			memmove(c->q, c->q + 1, (c->qn - 1) * sizeof(c->q[0]));
			c->qn--;
			return 0;
		}
		if (reap(c, &dummy))
			return -1;
		if (c->qn)
			continue;
		if (rs_cm_disconnected(c->ec))
			c->dead = true;
		if (c->dead)
			return why("the server disconnected");
		if (now_ms() > end)
			return 1;
		usleep(200);
	}
}

static int expect_msg(struct probe *c, struct msg *m, int ms)
{
	int ret = recv_msg(c, m, ms);

	if (ret > 0)
		return why("no answer in %d ms", ms);
	return ret;
}

/* Nothing arrives within @ms */
static int expect_silence(struct probe *c, int ms)
{
	struct msg m;
	int ret = recv_msg(c, &m, ms);

	if (ret < 0)
		return ret;
	if (!ret)
		return why("unexpected message: vers %u type %u xid 0x%08x",
			   get32(m.b, m.len, 4), get32(m.b, m.len, 12),
			   get32(m.b, m.len, 0));
	return 0;
}

static uint32_t next_xid(struct probe *c)
{
	return ++c->xid;
}

static uint32_t our_credit(const struct probe *c)
{
	return c->pinned ? c->pinned : c->received + c->adv;
}

static void put_prefix(struct xw *w, const struct probe *c, uint32_t xid,
		       uint32_t vers, uint32_t htype)
{
	put32(w, xid);
	put32(w, vers);
	put32(w, our_credit(c));
	put32(w, htype);
}

/* --- RPC messages -------------------------------------------------------- */

/* NFSv3 NULL Call, AUTH_NONE: 40 octets */
static void put_null_call(struct xw *w, uint32_t xid)
{
	put32(w, xid);
	put32(w, 0);		/* CALL */
	put32(w, 2);
	put32(w, 100003);
	put32(w, 3);
	put32(w, 0);		/* NULLPROC */
	put32(w, 0);
	put32(w, 0);
	put32(w, 0);
	put32(w, 0);
}

/* The RPC header of an NFSv4.0 COMPOUND with AUTH_SYS (root) */
static void put_compound_hdr(struct xw *w, uint32_t xid, uint32_t nops)
{
	put32(w, xid);
	put32(w, 0);
	put32(w, 2);
	put32(w, 100003);
	put32(w, 4);
	put32(w, 1);		/* COMPOUND */
	put32(w, 1);		/* AUTH_SYS */
	put32(w, 28);
	put32(w, 0);		/* stamp */
	putstr(w, "probe");
	put32(w, 0);		/* uid */
	put32(w, 0);		/* gid */
	put32(w, 0);		/* gids */
	put32(w, 0);		/* verifier: AUTH_NONE */
	put32(w, 0);
	put32(w, 0);		/* tag */
	put32(w, 0);		/* minorversion */
	put32(w, nops);
}

/* PUTROOTFH; READDIR of the export root up to @maxcount octets */
static void put_readdir(struct xw *w, uint32_t xid, uint32_t maxcount)
{
	put_compound_hdr(w, xid, 2);
	put32(w, 24);		/* OP_PUTROOTFH */
	put32(w, 26);		/* OP_READDIR */
	put64(w, 0);		/* cookie */
	put64(w, 0);		/* cookieverf */
	put32(w, maxcount);	/* dircount */
	put32(w, maxcount);
	put32(w, 0);		/* attr_request: none */
}

/* PUTROOTFH; LOOKUP @name; READ @count octets at 0, anonymous stateid */
static void put_read(struct xw *w, uint32_t xid, const char *name,
		     uint32_t count)
{
	uint8_t other[12] = { 0 };

	put_compound_hdr(w, xid, 3);
	put32(w, 24);
	put32(w, 15);		/* OP_LOOKUP */
	putstr(w, name);
	put32(w, 25);		/* OP_READ */
	put32(w, 0);
	putbytes(w, other, sizeof(other));
	put64(w, 0);
	put32(w, count);
}

/*
 * Check an RPC Reply: its xid, MSG_ACCEPTED, SUCCESS, and for a COMPOUND
 * (@compound) NFS4_OK.
 */
static int check_rpc_reply(const uint8_t *b, uint32_t len, uint32_t xid,
			   bool compound)
{
	if (len < 24)
		return why("RPC reply of %u octets", len);
	if (get32(b, len, 0) != xid)
		return why("RPC xid 0x%08x, wanted 0x%08x", get32(b, len, 0), xid);
	if (get32(b, len, 4) != 1 || get32(b, len, 8) != 0 ||
	    get32(b, len, 20 + 4 * ((get32(b, len, 16) + 3) / 4)) != 0)
		return why("RPC reply not accepted/SUCCESS (%u %u)",
			   get32(b, len, 4), get32(b, len, 8));
	if (compound && get32(b, len, 24) != 0)
		return why("COMPOUND status %u", get32(b, len, 24));
	return 0;
}

/* --- Version 2 headers ----------------------------------------------------- */

/* CONNPROP_FINAL with RBSIZ @rbsiz (0: none), BRS @brs, optional HOSTAUTH */
static int send_connprop(struct probe *c, uint32_t xid, uint32_t htype,
			 uint32_t rbsiz, uint32_t brs, bool hostauth)
{
	struct xw w = { c->sbuf, 0 };

	put_prefix(&w, c, xid, V2, htype);
	put32(&w, (rbsiz ? 1 : 0) + 2 + (hostauth ? 1 : 0));
	if (rbsiz) {
		put32(&w, P_RBSIZ);
		put32(&w, 4);
		put32(&w, rbsiz);
	}
	put32(&w, P_SBSIZ);
	put32(&w, 4);
	put32(&w, BUFSZ);
	put32(&w, P_BRS);
	put32(&w, 4);
	put32(&w, brs);
	if (hostauth) {
		put32(&w, P_HOSTAUTH);
		put32(&w, 12);		/* opaque<> inside opaque<> */
		put32(&w, 5);
		putbytes(&w, "hello", 5);
	}
	return send_raw(c, w.n, true);
}

/* The server's CONNPROP_FINAL answering @xid; its RBSIZ in *@rbsiz */
static int expect_connprop(struct probe *c, uint32_t xid, uint32_t *rbsiz)
{
	uint32_t n, i, off = 20, id, len;
	bool sb = false, rb = false;
	struct msg m;

	if (expect_msg(c, &m, 3000))
		return -1;
	if (get32(m.b, m.len, 4) != V2 || get32(m.b, m.len, 12) != H_CP_FINAL)
		return why("answer vers %u type %u, wanted CONNPROP_FINAL",
			   get32(m.b, m.len, 4), get32(m.b, m.len, 12));
	if (get32(m.b, m.len, 0) != xid)
		return why("CONNPROP_FINAL xid 0x%08x, wanted 0x%08x",
			   get32(m.b, m.len, 0), xid);
	n = get32(m.b, m.len, 16);
	if (n > 16)
		return why("CONNPROP_FINAL with %u properties", n);
	for (i = 0; i < n; i++) {
		id = get32(m.b, m.len, off);
		len = get32(m.b, m.len, off + 4);
		if (len != 4)
			return why("property %u of %u octets", id, len);
		if (id == P_SBSIZ)
			sb = true;
		if (id == P_RBSIZ) {
			rb = true;
			if (rbsiz)
				*rbsiz = get32(m.b, m.len, off + 8);
		}
		off += 12;
	}
	if (!sb || !rb)
		return why("CONNPROP_FINAL lacks SBSIZ or RBSIZ");
	if (get32(m.b, m.len, 8) - c->sent > 0x7ffffffe)
		return why("credit value %u behind our %u messages",
			   get32(m.b, m.len, 8), c->sent);
	return 0;
}

/* A connection in Version 2: CONNPROP_FINAL both ways */
static int open_v2(struct probe *c, uint32_t rbsiz)
{
	uint32_t xid;

	if (probe_open(c))
		return -1;
	xid = next_xid(c);
	if (send_connprop(c, xid, H_CP_FINAL, rbsiz, 1, false))
		return -1;
	return expect_connprop(c, xid, NULL);
}

/* CALL_INLINE (or CALL_MIDDLE) header with no chunks */
static void put_call_hdr(struct xw *w, const struct probe *c, uint32_t xid,
			 uint32_t inv)
{
	put_prefix(w, c, xid, V2, H_CALL_INLINE);
	put32(w, inv);
	put32(w, 0);		/* reads */
	put32(w, 0);		/* writes */
	put32(w, 0);		/* reply */
}

static int send_null(struct probe *c, uint32_t xid)
{
	struct xw w = { c->sbuf, 0 };

	put_call_hdr(&w, c, xid, 0);
	put_null_call(&w, xid);
	return send_raw(c, w.n, true);
}

/* The REPLY_INLINE of a NULL Call @xid */
static int expect_null_reply(struct probe *c, uint32_t xid)
{
	struct msg m;

	if (expect_msg(c, &m, 3000))
		return -1;
	if (get32(m.b, m.len, 4) != V2 || get32(m.b, m.len, 12) != H_REPLY_INLINE)
		return why("answer vers %u type %u (err %u), wanted REPLY_INLINE",
			   get32(m.b, m.len, 4), get32(m.b, m.len, 12),
			   get32(m.b, m.len, 16));
	if (get32(m.b, m.len, 0) != xid)
		return why("REPLY_INLINE xid 0x%08x, wanted 0x%08x",
			   get32(m.b, m.len, 0), xid);
	if (get32(m.b, m.len, 16) != 0)
		return why("REPLY_INLINE with a Write list");
	return check_rpc_reply(m.b + 20, m.len - 20, xid, false);
}

/*
 * The REPLY_INLINEs of @k of the NULL Calls @xids[0..@n) not yet @seen,
 * in any order; each one answered is marked in @seen.
 */
static int expect_null_replies(struct probe *c, const uint32_t *xids,
			       int n, int k, bool *seen)
{
	struct msg m;
	int i;

	while (k-- > 0) {
		if (expect_msg(c, &m, 3000))
			return -1;
		for (i = 0; i < n; i++)
			if (!seen[i] && get32(m.b, m.len, 0) == xids[i])
				break;
		if (i == n)
			return why("answer xid 0x%08x type %u, not one of ours",
				   get32(m.b, m.len, 0), get32(m.b, m.len, 12));
		seen[i] = true;
		if (get32(m.b, m.len, 12) != H_REPLY_INLINE)
			return why("answer type %u", get32(m.b, m.len, 12));
		if (check_rpc_reply(m.b + 20, m.len - 20, xids[i], false))
			return -1;
	}
	return 0;
}

/* An error: type, xid, vers and code, and up to two body words */
static int expect_error(struct probe *c, uint32_t xid, uint32_t vers,
			uint32_t code, uint32_t *w1, uint32_t *w2)
{
	struct msg m;

	if (expect_msg(c, &m, 3000))
		return -1;
	if (get32(m.b, m.len, 12) != H_ERROR)
		return why("answer type %u, wanted an error", get32(m.b, m.len, 12));
	if (get32(m.b, m.len, 0) != xid || get32(m.b, m.len, 4) != vers)
		return why("error xid 0x%08x vers %u, wanted 0x%08x vers %u",
			   get32(m.b, m.len, 0), get32(m.b, m.len, 4), xid, vers);
	if (get32(m.b, m.len, 16) != code)
		return why("error code %u, wanted %u", get32(m.b, m.len, 16), code);
	if (w1)
		*w1 = get32(m.b, m.len, 20);
	if (w2)
		*w2 = get32(m.b, m.len, 24);
	return 0;
}

/* --- checks ------------------------------------------------------------------ */

static int t_connprop_first(void)
{
	struct probe c;
	uint32_t rbsiz = 0;
	int ret;

	ret = probe_open(&c);
	if (!ret)
		ret = send_connprop(&c, next_xid(&c), H_CP_FINAL, 0, 1, true);
	if (!ret)
		ret = expect_connprop(&c, c.xid, &rbsiz);
	if (!ret && rbsiz < 1024)
		ret = why("server RBSIZ %u", rbsiz);
	/* Its CONNPROP_FINAL is sent once: the next answer is a Reply */
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

static int t_call_first(void)
{
	struct probe c;
	uint32_t xid;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	if (!ret)
		ret = send_null(&c, xid);
	if (!ret)
		ret = expect_connprop(&c, xid, NULL);
	if (!ret)
		ret = expect_null_reply(&c, xid);
	probe_close(&c);
	return ret;
}

/* A GRANT is not answered; a second CONNPROP_FINAL is INVAL_CONT */
static int t_grant_and_connprop_again(void)
{
	struct xw w;
	struct probe c;
	uint32_t xid;
	int ret;

	ret = open_v2(&c, 0);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, 0, V2, H_GRANT);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_silence(&c, 500);
	xid = next_xid(&c);
	if (!ret)
		ret = send_connprop(&c, xid, H_CP_FINAL, 0, 1, false);
	if (!ret)
		ret = expect_error(&c, xid, V2, E_INVAL_CONT, NULL, NULL);
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

static int t_bad_propval(void)
{
	struct probe c;
	uint32_t xid;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	/* BRS has four values (v2-07, Section 5.2.5) */
	if (!ret)
		ret = send_connprop(&c, xid, H_CP_FINAL, 0, 9, false);
	/* Our CONNPROP_FINAL comes first, then the error */
	if (!ret)
		ret = expect_connprop(&c, xid, NULL);
	if (!ret)
		ret = expect_error(&c, xid, V2, E_BAD_PROPVAL, NULL, NULL);
	probe_close(&c);
	return ret;
}

static int t_versions_on_v2(void)
{
	struct xw w;
	struct probe c;
	uint32_t xid, lo = 0, hi = 0;
	int ret;

	ret = open_v2(&c, 0);
	/* Version 1 RDMA_MSG NULL on a Version 2 connection */
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put32(&w, xid);
		put32(&w, V1);
		put32(&w, 8);
		put32(&w, RDMA_MSG);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 0);
		put_null_call(&w, xid);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V1, E_VERS, &lo, &hi);
	if (!ret && (lo != 2 || hi != 2))
		ret = why("ERR_VERS %u..%u, wanted 2..2", lo, hi);
	/* Version 7 */
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put32(&w, xid);
		put32(&w, 7);
		put32(&w, 8);
		put32(&w, 0);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, 7, E_VERS, &lo, &hi);
	if (!ret && (lo != 1 || hi != 2))
		ret = why("ERR_VERS %u..%u, wanted 1..2", lo, hi);
	/* Unknown header type */
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, 99);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_INVAL_HTYPE, NULL, NULL);
	/* rdma_inv_handle naming no handle of the header */
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_call_hdr(&w, &c, xid, 0x1234);
		put_null_call(&w, xid);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_BAD_XDR, NULL, NULL);
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

/* CONNPROP_MIDDLE first: answered by our FINAL; the client's FINAL is not */
static int t_connprop_middle(void)
{
	struct probe c;
	uint32_t xid;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	if (!ret)
		ret = send_connprop(&c, xid, H_CP_MIDDLE, 0, 1, false);
	if (!ret)
		ret = expect_connprop(&c, xid, NULL);
	if (!ret)
		ret = send_connprop(&c, next_xid(&c), H_CP_FINAL, 0, 1, false);
	if (!ret)
		ret = expect_silence(&c, 500);
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

/*
 * Reverse-direction messages nobody asked for: a REPLY_INLINE (no
 * backchannel), a REPLY_MIDDLE sequence (not supported) and an
 * RDMA2_ERROR are dropped without an answer.
 */
static int t_reverse_dropped(void)
{
	uint8_t rpc[24];
	struct probe c;
	struct xw w, r;
	uint32_t xid;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	r = (struct xw){ rpc, 0 };
	put32(&r, xid);
	put32(&r, 1);		/* REPLY */
	put32(&r, 0);		/* MSG_ACCEPTED */
	put32(&r, 0);
	put32(&r, 0);
	put32(&r, 0);		/* SUCCESS */
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_REPLY_INLINE);
		put32(&w, 0);
		putbytes(&w, rpc, sizeof(rpc));
		ret = send_raw(&c, w.n, true);
	}
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_REPLY_MIDDLE);
		put32(&w, 8);
		putbytes(&w, rpc, 16);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_REPLY_INLINE);
		put32(&w, 0);
		putbytes(&w, rpc + 16, 8);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, next_xid(&c), V2, H_ERROR);
		put32(&w, 100);		/* RDMA2_ERR_SYSTEM */
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_silence(&c, 500);
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

/* Unknown versions (0, then 3) before any other fix nothing */
static int t_unknown_first(void)
{
	struct xw w;
	struct probe c;
	uint32_t xid, lo = 0, hi = 0;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put32(&w, xid);
		put32(&w, 0);
		put32(&w, 8);
		put32(&w, H_CP_FINAL);
		put32(&w, 0);
		ret = send_raw(&c, w.n, false);
	}
	if (!ret)
		ret = expect_error(&c, xid, 0, E_VERS, &lo, &hi);
	if (!ret && (lo != 1 || hi != 2))
		ret = why("ERR_VERS %u..%u to vers 0, wanted 1..2", lo, hi);
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put32(&w, xid);
		put32(&w, 3);
		put32(&w, 8);
		put32(&w, 0);
		ret = send_raw(&c, w.n, false);
	}
	if (!ret)
		ret = expect_error(&c, xid, 3, E_VERS, &lo, &hi);
	if (!ret && (lo != 1 || hi != 2))
		ret = why("ERR_VERS %u..%u, wanted 1..2", lo, hi);
	/* No Version 2 credit yet: one message at a time (Section 4.3) */
	c.limit = c.sent + 1;
	xid = next_xid(&c);
	if (!ret)
		ret = send_connprop(&c, xid, H_CP_FINAL, 0, 1, false);
	if (!ret)
		ret = expect_connprop(&c, xid, NULL);
	probe_close(&c);
	return ret;
}

static int send_v1_null(struct probe *c, uint32_t xid)
{
	struct xw w = { c->sbuf, 0 };

	put32(&w, xid);
	put32(&w, V1);
	put32(&w, 8);
	put32(&w, RDMA_MSG);
	put32(&w, 0);
	put32(&w, 0);
	put32(&w, 0);
	put_null_call(&w, xid);
	return send_raw(c, w.n, false);
}

static int expect_v1_reply(struct probe *c, uint32_t xid)
{
	struct msg m;

	if (expect_msg(c, &m, 3000))
		return -1;
	if (get32(m.b, m.len, 4) != V1 || get32(m.b, m.len, 12) != RDMA_MSG ||
	    get32(m.b, m.len, 0) != xid)
		return why("answer vers %u proc %u xid 0x%08x, wanted a V1 RDMA_MSG",
			   get32(m.b, m.len, 4), get32(m.b, m.len, 12),
			   get32(m.b, m.len, 0));
	return check_rpc_reply(m.b + 28, m.len - 28, xid, false);
}

/* A Version 1 connection answers Version 2 with VERS_MISMATCH */
static int t_v2_on_v1(void)
{
	struct probe c;
	uint32_t xid;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	if (!ret)
		ret = send_v1_null(&c, xid);
	if (!ret)
		ret = expect_v1_reply(&c, xid);
	/* A Version 1 connection grants no Version 2 credit */
	c.limit = c.sent + 1;
	xid = next_xid(&c);
	if (!ret)
		ret = send_null(&c, xid);
	if (!ret)
		ret = expect_error(&c, xid, V2, E_VERS_MISMATCH, NULL, NULL);
	xid = next_xid(&c);
	if (!ret)
		ret = send_v1_null(&c, xid);
	if (!ret)
		ret = expect_v1_reply(&c, xid);
	probe_close(&c);
	return ret;
}

/* A NULL Call in two Sends: CALL_MIDDLE, CALL_INLINE */
static int send_null_split(struct probe *c, uint32_t xid, uint32_t mid_xid,
			   uint32_t remaining_skew)
{
	uint8_t call[40];
	struct xw r = { call, 0 }, w;

	put_null_call(&r, xid);
	w = (struct xw){ c->sbuf, 0 };
	put_prefix(&w, c, xid, V2, H_CALL_MIDDLE);
	put32(&w, 24 + remaining_skew);
	putbytes(&w, call, 16);
	if (send_raw(c, w.n, true))
		return -1;
	w = (struct xw){ c->sbuf, 0 };
	put_call_hdr(&w, c, mid_xid, 0);
	putbytes(&w, call + 16, 24);
	return send_raw(c, w.n, true);
}

static int t_call_continuation(void)
{
	struct probe c;
	uint32_t xid;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	if (!ret)
		ret = send_null_split(&c, xid, xid, 0);
	if (!ret)
		ret = expect_null_reply(&c, xid);
	probe_close(&c);
	return ret;
}

/*
 * Broken continuations: a wrong rdma_remaining, the final part of
 * another xid, and a Call too long to reassemble; each is answered
 * INVAL_CONT once and the connection goes on.
 */
static int t_call_continuation_errors(void)
{
	struct probe c;
	struct xw w;
	uint32_t xid, xid2;
	int ret;

	ret = open_v2(&c, 0);
	/* rdma_remaining says 28, the final part brings 24 */
	xid = next_xid(&c);
	if (!ret)
		ret = send_null_split(&c, xid, xid, 4);
	if (!ret)
		ret = expect_error(&c, xid, V2, E_INVAL_CONT, NULL, NULL);
	if (!ret)
		ret = expect_silence(&c, 300);
	/* The final part names another xid: both are answered */
	xid = next_xid(&c);
	xid2 = next_xid(&c);
	if (!ret)
		ret = send_null_split(&c, xid, xid2, 0);
	if (!ret)
		ret = expect_error(&c, xid2, V2, E_INVAL_CONT, NULL, NULL);
	if (!ret)
		ret = expect_error(&c, xid, V2, E_INVAL_CONT, NULL, NULL);
	/* 300 KiB announced: refused, the rest of it discarded */
	xid = next_xid(&c);
	if (!ret) {
		uint8_t call[40];
		struct xw r = { call, 0 };

		put_null_call(&r, xid);
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_MIDDLE);
		put32(&w, 300 * 1024);
		putbytes(&w, call, 40);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_INVAL_CONT, NULL, NULL);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_call_hdr(&w, &c, xid, 0);
		put32(&w, 0);
		put32(&w, 0);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_silence(&c, 300);
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret)
		ret = expect_null_reply(&c, c.xid);
	probe_close(&c);
	return ret;
}

/* CALL_EXTERNAL: the NULL Call read from a Call chunk */
static int t_call_external(void)
{
	struct probe c;
	struct xw w, r;
	uint32_t xid;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	if (!ret) {
		r = (struct xw){ c.data, 0 };
		put_null_call(&r, xid);
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_EXT);
		put32(&w, 0);			/* inv_handle */
		put32(&w, 1);			/* rdma_call */
		put32(&w, 0);
		put32(&w, c.dmr->rkey);
		put32(&w, 40);
		put64(&w, (uintptr_t)c.data);
		put32(&w, 0);
		put32(&w, 0);			/* reads */
		put32(&w, 0);			/* writes */
		put32(&w, 0);			/* reply */
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_null_reply(&c, xid);
	probe_close(&c);
	return ret;
}

/* READDIR without a Reply chunk: the Reply comes in several Sends */
static int readdir_cont(struct probe *c, uint32_t maxcount, uint32_t limit,
			int *parts)
{
	static uint8_t reply[256 * 1024];
	uint32_t xid = next_xid(c), off = 0, expect = 0, type, hdr;
	struct xw w = { c->sbuf, 0 };
	struct msg m;

	put_call_hdr(&w, c, xid, 0);
	put_readdir(&w, xid, maxcount);
	if (send_raw(c, w.n, true))
		return -1;
	*parts = 0;
	do {
		if (expect_msg(c, &m, 5000))
			return -1;
		type = get32(m.b, m.len, 12);
		if (get32(m.b, m.len, 0) != xid || get32(m.b, m.len, 4) != V2)
			return why("part %d xid 0x%08x vers %u", *parts,
				   get32(m.b, m.len, 0), get32(m.b, m.len, 4));
		if (m.len > limit)
			return why("part %d of %u octets, receive size %u",
				   *parts, m.len, limit);
		if (type == H_REPLY_MIDDLE) {
			hdr = 20;
			if (*parts && get32(m.b, m.len, 16) + m.len - hdr != expect)
				return why("rdma_remaining %u after %u, then %u",
					   get32(m.b, m.len, 16), m.len - hdr,
					   expect);
			expect = get32(m.b, m.len, 16);
		} else if (type == H_REPLY_INLINE) {
			hdr = 20;	/* empty Write list */
			if (*parts && m.len - hdr != expect)
				return why("final part %u octets, %u announced",
					   m.len - hdr, expect);
		} else {
			return why("part %d type %u (err %u)", *parts, type,
				   get32(m.b, m.len, 16));
		}
		if (off + m.len - hdr > sizeof(reply))
			return why("reply too long");
		memcpy(reply + off, m.b + hdr, m.len - hdr);
		off += m.len - hdr;
		(*parts)++;
	} while (type == H_REPLY_MIDDLE);
	return check_rpc_reply(reply, off, xid, true);
}

static int t_reply_continuation(void)
{
	struct probe c;
	int ret, parts = 0;

	ret = open_v2(&c, 0);
	if (!ret)
		ret = readdir_cont(&c, 12000, BUFSZ, &parts);
	if (!ret && parts < 2)
		ret = why("READDIR Reply in %d Send(s)", parts);
	probe_close(&c);
	if (!ret)
		printf("# Reply continuation: %d Sends\n", parts);
	return ret;
}

/* RBSIZ 2048 halves the parts; then a Reply too long: REPLY_RESOURCE */
static int t_rbsiz_and_reply_resource(void)
{
	struct probe c;
	struct xw w;
	uint32_t xid, need = 0;
	int ret, parts = 0;

	ret = open_v2(&c, 2048);
	if (!ret)
		ret = readdir_cont(&c, 6000, 2048, &parts);
	if (!ret && parts < 3)
		ret = why("READDIR Reply in %d Sends of 2 KiB", parts);
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_call_hdr(&w, &c, xid, 0);
		put_readdir(&w, xid, 65536);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_REPLY_RESOURCE, &need, NULL);
	if (!ret && need < 16 * 2048)
		ret = why("REPLY_RESOURCE needs %u", need);
	probe_close(&c);
	return ret;
}

/* READDIR with a Reply chunk: REPLY_EXTERNAL (Special Format) */
static int t_reply_chunk(void)
{
	struct probe c;
	struct msg m;
	struct xw w;
	uint32_t xid, wrote;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_INLINE);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 1);			/* reply chunk: one segment */
		put32(&w, 1);
		put32(&w, c.dmr->rkey);
		put32(&w, 65536);
		put64(&w, (uintptr_t)c.data);
		put_readdir(&w, xid, 32768);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_msg(&c, &m, 3000);
	if (!ret && (get32(m.b, m.len, 12) != H_REPLY_EXT ||
		     get32(m.b, m.len, 0) != xid))
		ret = why("answer type %u xid 0x%08x, wanted REPLY_EXTERNAL",
			  get32(m.b, m.len, 12), get32(m.b, m.len, 0));
	/* no Write list; the Reply chunk, one segment, its length written */
	if (!ret && (get32(m.b, m.len, 16) != 0 || get32(m.b, m.len, 20) != 1 ||
		     get32(m.b, m.len, 24) != 1))
		ret = why("REPLY_EXTERNAL lists %u %u %u", get32(m.b, m.len, 16),
			  get32(m.b, m.len, 20), get32(m.b, m.len, 24));
	wrote = get32(m.b, m.len, 32);
	if (!ret && (wrote <= BUFSZ || wrote > 65536))
		ret = why("Reply chunk: %u octets written", wrote);
	if (!ret)
		ret = check_rpc_reply(c.data, wrote, xid, true);
	probe_close(&c);
	return ret;
}

/* READ into a Write chunk; one too small is WRITE_RESOURCE */
static int t_write_chunk(void)
{
	struct probe c;
	struct msg m;
	struct xw w;
	uint32_t xid, idx = 0, need = 0, i;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	if (!ret) {
		memset(c.data, 0, 16384);
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_INLINE);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 1);			/* one Write chunk, one segment */
		put32(&w, 1);
		put32(&w, c.dmr->rkey);
		put32(&w, 8192);
		put64(&w, (uintptr_t)c.data);
		put32(&w, 0);
		put32(&w, 0);
		put_read(&w, xid, "big", 8192);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_msg(&c, &m, 3000);
	if (!ret && (get32(m.b, m.len, 12) != H_REPLY_INLINE ||
		     get32(m.b, m.len, 0) != xid))
		ret = why("answer type %u (err %u), wanted REPLY_INLINE",
			  get32(m.b, m.len, 12), get32(m.b, m.len, 16));
	/* Write list: one chunk, one segment of 8192 */
	if (!ret && (get32(m.b, m.len, 16) != 1 || get32(m.b, m.len, 20) != 1 ||
		     get32(m.b, m.len, 28) != 8192 || get32(m.b, m.len, 40) != 0))
		ret = why("Write list %u %u len %u", get32(m.b, m.len, 16),
			  get32(m.b, m.len, 20), get32(m.b, m.len, 28));
	if (!ret)
		ret = check_rpc_reply(m.b + 44, m.len - 44, xid, true);
	/* scenario v2probe: byte i of "big" is (i * 7 + 3) & 0xff */
	for (i = 0; !ret && i < 8192; i++)
		if (c.data[i] != (uint8_t)(i * 7 + 3))
			ret = why("READ data differs at %u", i);

	xid = next_xid(&c);
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_INLINE);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 1);
		put32(&w, 1);
		put32(&w, c.dmr->rkey);
		put32(&w, 1024);
		put64(&w, (uintptr_t)c.data);
		put32(&w, 0);
		put32(&w, 0);
		put_read(&w, xid, "big", 8192);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_WRITE_RESOURCE, &idx, &need);
	if (!ret && (idx != 1 || need != 8192))
		ret = why("WRITE_RESOURCE chunk %u length %u", idx, need);
	probe_close(&c);
	return ret;
}

/* CALL_EXTERNAL with a data item chunk: READ_CHUNKS, max 0 */
static int t_call_external_items(void)
{
	struct probe c;
	struct xw w, r;
	uint32_t xid, max = 99;
	int ret;

	ret = open_v2(&c, 0);
	xid = next_xid(&c);
	if (!ret) {
		r = (struct xw){ c.data, 0 };
		put_null_call(&r, xid);
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, xid, V2, H_CALL_EXT);
		put32(&w, 0);
		put32(&w, 1);
		put32(&w, 0);
		put32(&w, c.dmr->rkey);
		put32(&w, 40);
		put64(&w, (uintptr_t)c.data);
		put32(&w, 0);
		put32(&w, 1);			/* a data item chunk at 40 */
		put32(&w, 40);
		put32(&w, c.dmr->rkey);
		put32(&w, 8);
		put64(&w, (uintptr_t)c.data + 4096);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 0);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_error(&c, xid, V2, E_READ_CHUNKS, &max, NULL);
	if (!ret && max != 0)
		ret = why("READ_CHUNKS max %u", max);
	probe_close(&c);
	return ret;
}

/*
 * Flow control: with our credit value 2 ahead of what we received, the
 * server sends two of four Replies, and the rest once a GRANT opens the
 * window. Then a window of zero: the server gives up after its bound
 * and closes the connection.
 */
static int t_flow_control(void)
{
	bool seen[4] = { false };
	uint32_t xids[4];
	struct probe c;
	struct xw w;
	int ret, i;

	ret = open_v2(&c, 0);
	/* Replies reaped between the Calls must not move the value */
	c.pinned = c.received + 2;
	for (i = 0; !ret && i < 4; i++) {
		xids[i] = next_xid(&c);
		ret = send_null(&c, xids[i]);
	}
	/*
	 * Two of them: whichever the server's threads took credit for
	 * first, in whatever order they send
	 */
	if (!ret)
		ret = expect_null_replies(&c, xids, 4, 2, seen);
	if (!ret)
		ret = expect_silence(&c, 1000);
	c.pinned = 0;
	if (!ret) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, 0, V2, H_GRANT);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_null_replies(&c, xids, 4, 2, seen);
	/* Now grant nothing more */
	c.pinned = c.received;
	if (!ret)
		ret = send_null(&c, next_xid(&c));
	if (!ret) {
		struct msg m;
		uint64_t t0 = now_ms();

		ret = recv_msg(&c, &m, 12000);
		if (ret > 0)
			ret = why("still connected after 12 s without credit");
		else if (!ret)
			ret = why("a message despite a zero window: type %u",
				  get32(m.b, m.len, 12));
		else if (c.dead && now_ms() - t0 >= 4000)
			ret = 0;
		else
			ret = why("closed after %llu ms: %s",
				  (unsigned long long)(now_ms() - t0), g_why);
	}
	probe_close(&c);
	return ret;
}

/* Messages that are not Calls use up our grant: the server GRANTs */
static int t_server_grant(void)
{
	struct probe c;
	struct msg m;
	struct xw w;
	uint32_t n, i;
	int ret;

	ret = open_v2(&c, 0);
	/* Half the server's window, and one more */
	n = window(&c) / 2 + 1;
	for (i = 0; !ret && i < n; i++) {
		w = (struct xw){ c.sbuf, 0 };
		put_prefix(&w, &c, 0, V2, H_GRANT);
		ret = send_raw(&c, w.n, true);
	}
	if (!ret)
		ret = expect_msg(&c, &m, 3000);
	if (!ret && (get32(m.b, m.len, 12) != H_GRANT ||
		     get32(m.b, m.len, 0) != 0))
		ret = why("answer type %u xid 0x%08x, wanted GRANT",
			  get32(m.b, m.len, 12), get32(m.b, m.len, 0));
	if (!ret && window(&c) <= n)
		ret = why("GRANT leaves a window of %u", window(&c));
	probe_close(&c);
	if (!ret)
		printf("# server GRANT after %u messages\n", n);
	return ret;
}

/* Version 1 only (max_version=1): Version 2 gets ERR_VERS 1..1 */
static int t_v1_only(void)
{
	struct probe c;
	uint32_t xid, lo = 0, hi = 0;
	int ret;

	ret = probe_open(&c);
	xid = next_xid(&c);
	if (!ret)
		ret = send_connprop(&c, xid, H_CP_FINAL, 0, 1, false);
	if (!ret)
		ret = expect_error(&c, xid, V1, E_VERS, &lo, &hi);
	if (!ret && (lo != 1 || hi != 1))
		ret = why("ERR_VERS %u..%u, wanted 1..1", lo, hi);
	xid = next_xid(&c);
	if (!ret)
		ret = send_v1_null(&c, xid);
	if (!ret)
		ret = expect_v1_reply(&c, xid);
	probe_close(&c);
	return ret;
}

int main(int argc, char **argv)
{
	bool v1only = false;

	if (argc > 1 && !strcmp(argv[1], "-1")) {
		v1only = true;
		argc--;
		argv++;
	}
	if (argc > 1)
		g_addr = argv[1];
	if (argc > 2)
		g_port = atoi(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (v1only) {
		report("v2probe: max_version=1 answers Version 2 with ERR_VERS 1..1",
		       t_v1_only());
		goto out;
	}
	report("v2probe: CONNPROP_FINAL answered by CONNPROP_FINAL, once",
	       t_connprop_first());
	report("v2probe: a first Call gets CONNPROP_FINAL, then its Reply",
	       t_call_first());
	report("v2probe: GRANT not answered; CONNPROP after FINAL is INVAL_CONT",
	       t_grant_and_connprop_again());
	report("v2probe: malformed property is BAD_PROPVAL",
	       t_bad_propval());
	report("v2probe: CONNPROP_MIDDLE first, then FINAL unanswered",
	       t_connprop_middle());
	report("v2probe: unsolicited reverse Replies and errors are dropped",
	       t_reverse_dropped());
	report("v2probe: V1, vers 7, bad htype, bad inv_handle on a V2 connection",
	       t_versions_on_v2());
	report("v2probe: an unknown first version fixes nothing",
	       t_unknown_first());
	report("v2probe: Version 2 on a Version 1 connection is VERS_MISMATCH",
	       t_v2_on_v1());
	report("v2probe: CALL_MIDDLE + CALL_INLINE reassembled",
	       t_call_continuation());
	report("v2probe: broken continuations are INVAL_CONT, then discarded",
	       t_call_continuation_errors());
	report("v2probe: CALL_EXTERNAL read from the Call chunk",
	       t_call_external());
	report("v2probe: CALL_EXTERNAL with data item chunks is READ_CHUNKS 0",
	       t_call_external_items());
	report("v2probe: READ into a Write chunk; too small is WRITE_RESOURCE",
	       t_write_chunk());
	report("v2probe: READDIR through the Reply chunk is REPLY_EXTERNAL",
	       t_reply_chunk());
	report("v2probe: a long Reply without Reply chunk comes continued",
	       t_reply_continuation());
	report("v2probe: RBSIZ lowers the Send size; too long is REPLY_RESOURCE",
	       t_rbsiz_and_reply_resource());
	report("v2probe: the server waits for credit, then closes after its bound",
	       t_flow_control());
	report("v2probe: the server GRANTs when our window runs low",
	       t_server_grant());
out:
	printf("# v2probe: %d passed, %d failed\n", g_pass, g_fail);
	return g_fail ? 1 : 0;
}
