// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostile: a misbehaving RPC-over-RDMA client, driven by case files.
 *
 *   hostile ADDR PORT CASE...
 *
 * Each CASE is a text file (scripts/guest/hostile/server/NAME.case) of
 * directives, one per line, '#' to the end of a line is a comment:
 *
 *   private none | private BYTES...   RFC 8797 private data to connect with
 *                                     (default: magic, version 1, no flags,
 *                                     4 KiB both ways)
 *   rnr N                             rnr_retry_count we ask for (default 7)
 *   responder N                       responder_resources we offer: the
 *                                     RDMA Reads the server may have
 *                                     outstanding at our QP (default 1)
 *   norecv                            post no Receives at all
 *   drip MS                           with norecv: while "expect close"
 *                                     waits, post one Receive every MS
 *                                     ms (none is reposted when it
 *                                     completes), so that the server's
 *                                     Sends complete one at a time
 *   connect                           connect now (else at the first send)
 *   data OFFSET TOKENS...             write bytes into our registered region
 *   send TOKENS...                    one Send of these bytes
 *   flood N                           N NULL Calls, as fast as the Send
 *                                     queue takes them, no waiting
 *   sleep MS
 *   disconnect
 *   expect error XID VERS CODE [SECS] an RDMA_ERROR / RDMA2_ERROR
 *   expect reply XID [SECS]           the RPC Reply of a NULL Call, inline,
 *                                     all three chunk lists empty
 *   expect reply-writes XID [SECS]    the same, its Write list returning
 *                                     chunks (check them with want hdr)
 *   expect replies N [SECS]           N such Replies (after flood)
 *   expect drop [SECS]                no answer for SECS, then a NULL Call on
 *                                     the same connection is answered
 *   expect close [SECS]               the server disconnects within SECS
 *   expect nfs4 XID [SECS]            the inline Reply to an NFSv4 COMPOUND
 *                                     with an empty tag: MSG_ACCEPTED,
 *                                     SUCCESS, COMPOUND status NFS4_OK
 *   expect nfs4-writes XID [SECS]     the same, its Write list returning
 *                                     chunks
 *   want OFFSET TOKENS...             the last "expect nfs4..." or "expect
 *                                     reply..." Reply holds these octets
 *                                     at OFFSET (octets from the start of
 *                                     its RPC message, its xid being 0)
 *   want hdr OFFSET TOKENS...         likewise its transport header, its
 *                                     rdma_xid being 0
 *   keep NAME OFFSET LEN              copy LEN octets (at most 64) at
 *                                     OFFSET of that Reply into %NAME
 *   callbacks                         from now on answer reverse-direction
 *                                     Calls (RFC 8167): CB_NULL (procedure
 *                                     0) with SUCCESS, any other procedure
 *                                     with PROC_UNAVAIL
 *   include FILE                      the directives of FILE (a path
 *                                     relative to the case file)
 *   scenario ...                      read by the scenario, not here
 *
 * A line ending in a backslash (after its comment is taken off) is
 * continued by the next line, so that each field of a message can have
 * a comment of its own.
 *
 * TOKENS: 8 hex digits are one XDR word, 2 hex digits one octet; $XID,
 * $XID2 (another xid), $CRED (our credit value), $RKEY and $BADRKEY
 * (our region's rkey, and one that is not), $ADDR and $ADDREND (64-bit
 * offsets of our region's start and of its last 8 octets), $ADDR+N
 * (N octets into the region, N decimal or 0x hex), $XID+N ($XID plus
 * N, N below 0x80: the xids of a case's further Calls), %NAME (the
 * octets a "keep" line copied), @NULL and
 * @NULL2 (an NFSv3 NULL Call with xid $XID / $XID2), @REPLY (an RPC
 * Reply, MSG_ACCEPTED, SUCCESS, xid $XID), @READ4 NAME COUNT (an
 * NFSv4.0 COMPOUND PUTROOTFH, LOOKUP NAME, READ COUNT octets, xid
 * $XID), pad N (N zero octets), rep N { TOKENS } (repeated N times).
 *
 *   hostile -n CASE...
 *
 * parses the cases without a network: each Send's octets are printed as
 * "send LEN: HEX..." (%NAME tokens are octets 0xc0 + their index,
 * $RKEY 0x0000d00d, $ADDR 0), nothing is expected. A case with "on" or
 * "mount" lines is a listen-mode case (below): its lines are checked,
 * and the actions of its "on" lines run once on made-up Calls, printing
 * what they would send (see dry_listen()).
 *
 * For each case two lines: "ok hostile: NAME: OUTCOME" (or "not ok
 * ...: why"), then whether a new, well-behaved connection is served.
 * The version of the follow-up NULL Calls is the connection's: Version
 * 2 once the server sent a Version 2 message, else Version 1.
 *
 * Only ever pointed at the test guests (192.0.2.0/24).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <unistd.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#include "rdma_setup.h"

#define NRECV 32		/* Receives kept posted */
#define RBUFSZ 8192		/* each Receive */
#define SBUFSZ 16384		/* the largest message a case can send */
#define SENDQ 256		/* our Send queue */
#define FLOODSZ 128		/* a flood slot: one NULL Call */
#define DATASZ (64 * 1024)	/* the region chunks may name */
#define MAXQ 512		/* messages received and not yet looked at */
#define MAXTOK 4096
#define CBSLOTS 4		/* Send slots for answers to reverse Calls */
#define CBGRANT 8		/* reverse-direction credits we grant */
#define MAXKEEP 16		/* %NAME tokens */
#define KEEPSZ 64
#define MAXDEPTH 4		/* include nesting */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct msg {
	uint8_t b[RBUFSZ];
	uint32_t len;
};

struct conn {
	struct rdma_event_channel *ec;
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *rmr, *smr, *dmr;
	uint8_t *rbuf, *sbuf, *data;
	uint8_t priv[64];
	int privlen;		/* -1: none */
	int rnr;
	int responder;
	int drip_ms;		/* "drip": 0, or a Receive every drip_ms */
	bool norecv, up, dead, v2;
	bool dry;		/* hostile -n: no network */
	bool answer;		/* "callbacks": answer reverse Calls */
	uint32_t received, sends_out, cb_calls;
	struct msg *q;		/* MAXQ of them */
	int qn;
	bool lost;		/* a message did not fit in q */
};

static const char *g_addr;
static int g_port;
static uint32_t g_xid;
static char g_outcome[256];
static bool g_dry;

/* "keep" lines: octets of a Reply, for %NAME tokens */
static struct {
	char name[16];
	uint8_t v[KEEPSZ];
	uint32_t len;
} g_keep[MAXKEEP];
static int g_nkeep;

/*
 * The last "expect nfs4" or "expect reply..." Reply: its RPC message,
 * for want and keep, and its transport header, for want hdr
 */
static uint8_t g_rpc[RBUFSZ];
static uint32_t g_rpclen;
static uint8_t g_hdr[RBUFSZ];
static uint32_t g_hdrlen;

static uint32_t get32(const uint8_t *b, uint32_t len, uint32_t off)
{
	uint32_t be;

	if (off + 4 > len)
		return 0xdeadbeef;
	memcpy(&be, b + off, 4);
	return ntohl(be);
}

/* --- building messages ------------------------------------------------ */

struct xw {
	uint8_t *p;
	uint32_t n, max;
	bool over;
};

static void put8(struct xw *w, uint8_t v)
{
	if (w->n >= w->max) {
		w->over = true;
		return;
	}
	w->p[w->n++] = v;
}

static void put32(struct xw *w, uint32_t v)
{
	put8(w, v >> 24);
	put8(w, v >> 16);
	put8(w, v >> 8);
	put8(w, v);
}

static void put64(struct xw *w, uint64_t v)
{
	put32(w, v >> 32);
	put32(w, (uint32_t)v);
}

/* @n octets from @p as they are */
static void putbytes(struct xw *w, const uint8_t *p, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		put8(w, p[i]);
}

static void putstr(struct xw *w, const char *s)
{
	uint32_t len = strlen(s);

	put32(w, len);
	putbytes(w, (const uint8_t *)s, len);
	while (w->n & 3)
		put8(w, 0);
}

/* NFSv3 NULL Call, AUTH_NONE: 40 octets */
static void put_null(struct xw *w, uint32_t xid)
{
	put32(w, xid);
	put32(w, 0);		/* CALL */
	put32(w, 2);		/* RPC version */
	put32(w, 100003);
	put32(w, 3);
	put32(w, 0);		/* NULLPROC */
	put64(w, 0);		/* AUTH_NONE credential */
	put64(w, 0);		/* AUTH_NONE verifier */
}

/* RPC Reply, MSG_ACCEPTED, AUTH_NONE verifier, SUCCESS: 24 octets */
static void put_rpc_reply(struct xw *w, uint32_t xid)
{
	put32(w, xid);
	put32(w, 1);
	put32(w, 0);
	put64(w, 0);
	put32(w, 0);
}

/* PUTROOTFH; LOOKUP @name; READ @count at 0 with the anonymous stateid */
static void put_read4(struct xw *w, uint32_t xid, const char *name,
		      uint32_t count)
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
	putstr(w, "hostile");
	put32(w, 0);		/* uid */
	put32(w, 0);		/* gid */
	put32(w, 0);		/* gids */
	put64(w, 0);		/* verifier */
	put32(w, 0);		/* tag */
	put32(w, 0);		/* minorversion */
	put32(w, 3);
	put32(w, 24);		/* PUTROOTFH */
	put32(w, 15);		/* LOOKUP */
	putstr(w, name);
	put32(w, 25);		/* READ */
	put32(w, 0);		/* seqid */
	put32(w, 0);		/* other[12] */
	put64(w, 0);
	put64(w, 0);		/* offset */
	put32(w, count);
}

static uint32_t our_credit(const struct conn *c)
{
	/* v2-07, Section 4.2.1: Receives completed plus those we offer */
	return c->received + NRECV - 1;
}

static bool is_hex(const char *t, size_t n)
{
	size_t i;

	if (strlen(t) != n)
		return false;
	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)t[i]))
			return false;
	return true;
}

static int emit_listen(struct xw *w, const char *t, char **tok, int n,
		       int *i);

/* Our region's rkey; a made-up one when there is no network */
static uint32_t rkey(const struct conn *c)
{
	return c->dry ? 0xd00d : c->dmr->rkey;
}

/* A %NAME token: the octets kept under NAME; 0, or -1 if none */
static int emit_kept(struct xw *w, const char *t)
{
	int k;

	for (k = 0; k < g_nkeep; k++) {
		if (strcmp(t + 1, g_keep[k].name))
			continue;
		putbytes(w, g_keep[k].v, g_keep[k].len);
		return 0;
	}
	return why("'%s' was not kept", t);
}

/* Emit tokens [*i, n) until a "}" (or the end); 0 or -1 */
static int emit(struct conn *c, struct xw *w, char **tok, int n, int *i)
{
	uint64_t addr = c && !c->dry ? (uintptr_t)c->data : 0;

	while (*i < n) {
		const char *t = tok[(*i)++];

		if (!strcmp(t, "}"))
			return 0;
		if (!c) {
			int r = emit_listen(w, t, tok, n, i);

			if (r < 0)
				return -1;
			if (r > 0)
				goto next;
		}
		if (is_hex(t, 8)) {
			put32(w, strtoul(t, NULL, 16));
		} else if (is_hex(t, 2)) {
			put8(w, strtoul(t, NULL, 16));
		} else if (!strcmp(t, "$XID")) {
			put32(w, g_xid);
		} else if (!strcmp(t, "$XID2")) {
			put32(w, g_xid + 0x10000);
		} else if (c && !strncmp(t, "$XID+", 5) &&
			   isdigit((unsigned char)t[5])) {
			unsigned long k = strtoul(t + 5, NULL, 0);

			if (k >= 0x80)
				return why("'%s': at most $XID+127", t);
			put32(w, g_xid + k);
		} else if (t[0] == '%' && t[1]) {
			if (emit_kept(w, t))
				return -1;
		} else if (!strcmp(t, "$CRED")) {
			put32(w, our_credit(c));
		} else if (!strcmp(t, "$RKEY")) {
			put32(w, rkey(c));
		} else if (!strcmp(t, "$BADRKEY")) {
			put32(w, rkey(c) ^ 0x5a5a5a00);
		} else if (!strcmp(t, "$ADDR")) {
			put64(w, addr);
		} else if (!strcmp(t, "$ADDREND")) {
			put64(w, addr + DATASZ - 8);
		} else if (!strncmp(t, "$ADDR+", 6) && isdigit((unsigned char)t[6])) {
			unsigned long off = strtoul(t + 6, NULL, 0);

			if (off >= DATASZ)
				return why("'%s' is past the region", t);
			put64(w, addr + off);
		} else if (!strcmp(t, "@NULL")) {
			put_null(w, g_xid);
		} else if (!strcmp(t, "@NULL2")) {
			put_null(w, g_xid + 0x10000);
		} else if (!strcmp(t, "@REPLY")) {
			put_rpc_reply(w, g_xid);
		} else if (!strcmp(t, "@READ4") && *i + 2 <= n) {
			put_read4(w, g_xid, tok[*i], strtoul(tok[*i + 1], NULL, 0));
			*i += 2;
		} else if (!strcmp(t, "pad") && *i < n) {
			unsigned long k = strtoul(tok[(*i)++], NULL, 0);

			while (k--)
				put8(w, 0);
		} else if (!strcmp(t, "rep") && *i + 1 < n &&
			   !strcmp(tok[*i + 1], "{")) {
			unsigned long k = strtoul(tok[*i], NULL, 0);
			int start = *i + 2, end = start;

			if (!k)
				return why("rep 0");
			while (k--) {
				end = start;
				if (emit(c, w, tok, n, &end))
					return -1;
			}
			*i = end;
		} else {
			return why("bad token '%s'", t);
		}
next:
		if (w->over)
			return why("message longer than %u octets", w->max);
	}
	return 0;
}

/* --- the connection ------------------------------------------------------- */

/* A DISCONNECTED event taken here marks the connection dead */
static int cm_wait(struct conn *c, enum rdma_cm_event_type want, int ms)
{
	int type, ret = rs_cm_wait(c->ec, want, ms, &type);

	if (type == RDMA_CM_EVENT_DISCONNECTED)
		c->dead = true;
	return ret;
}

static void cm_poll(struct conn *c)
{
	if (rs_cm_disconnected(c->ec))
		c->dead = true;
}

static int post_recv(struct conn *c, int i)
{
	return rs_post_recv(c->id->qp, c->rmr, (uint8_t *)c->rbuf, RBUFSZ, i);
}

static void conn_init(struct conn *c)
{
	/* RFC 8797, Section 4: magic, version 1, no flags, 4 KiB both ways */
	static const uint8_t def[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 3, 3 };

	memset(c, 0, sizeof(*c));
	c->dry = g_dry;
	memcpy(c->priv, def, sizeof(def));
	c->privlen = sizeof(def);
	c->rnr = 7;
	c->responder = 1;
}

static void conn_close(struct conn *c)
{
	if (c->ec && c->id) {
		if (c->up && !c->dead) {
			rdma_disconnect(c->id);
			cm_wait(c, RDMA_CM_EVENT_DISCONNECTED, 2000);
		}
		rs_destroy(c->id, c->pd, c->cq, c->rmr, c->smr, c->dmr);
	}
	if (c->ec)
		rdma_destroy_event_channel(c->ec);
	free(c->rbuf);
	free(c->sbuf);
	free(c->data);
	free(c->q);
	conn_init(c);
}

static int conn_open(struct conn *c)
{
	struct rdma_conn_param param = {
		.responder_resources = c->responder, .initiator_depth = 1,
		.retry_count = 7, .rnr_retry_count = c->rnr,
	};
	int i;

	if (c->dry) {
		c->sbuf = calloc(1, SBUFSZ);
		c->data = calloc(1, DATASZ);
		if (!c->sbuf || !c->data)
			return why("out of memory");
		c->up = true;
		return 0;
	}
	if (c->privlen > 0) {
		param.private_data = c->priv;
		param.private_data_len = c->privlen;
	}
	if (rs_resolve(&c->ec, &c->id, g_addr, g_port) ||
	    rs_create_qp(c->id, &c->pd, &c->cq, NULL, NRECV + SENDQ + 16, SENDQ,
			 NRECV))
		return -1;
	c->rbuf = calloc(NRECV, RBUFSZ);
	c->sbuf = calloc(1, SBUFSZ + (SENDQ + CBSLOTS) * FLOODSZ);
	c->data = calloc(1, DATASZ);
	c->q = calloc(MAXQ, sizeof(*c->q));
	if (!c->rbuf || !c->sbuf || !c->data || !c->q)
		return why("out of memory");
	c->rmr = ibv_reg_mr(c->pd, c->rbuf, NRECV * RBUFSZ,
			    IBV_ACCESS_LOCAL_WRITE);
	c->smr = ibv_reg_mr(c->pd, c->sbuf,
			    SBUFSZ + (SENDQ + CBSLOTS) * FLOODSZ, 0);
	c->dmr = ibv_reg_mr(c->pd, c->data, DATASZ, IBV_ACCESS_LOCAL_WRITE |
			    IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE);
	if (!c->rmr || !c->smr || !c->dmr)
		return why("ibv_reg_mr: %s", strerror(errno));
	for (i = 0; !c->norecv && i < NRECV; i++)
		if (post_recv(c, i))
			return why("ibv_post_recv: %s", strerror(errno));
	if (rdma_connect(c->id, &param))
		return why("rdma_connect: %s", strerror(errno));
	if (cm_wait(c, RDMA_CM_EVENT_ESTABLISHED, 5000))
		return -1;
	c->up = true;
	return 0;
}

/* Take completions; Receives are queued and reposted */
static int reap(struct conn *c)
{
	struct ibv_wc wc[16];
	int n, i;

	n = ibv_poll_cq(c->cq, 16, wc);
	for (i = 0; i < n; i++) {
		if (wc[i].status != IBV_WC_SUCCESS) {
			c->dead = true;
			continue;
		}
		if (wc[i].opcode == IBV_WC_SEND) {
			c->sends_out -= wc[i].wr_id;
			continue;
		}
		c->received++;
		if (c->qn < MAXQ) {
			memcpy(c->q[c->qn].b, c->rbuf + wc[i].wr_id * RBUFSZ,
			       wc[i].byte_len);
			c->q[c->qn].len = wc[i].byte_len;
			c->qn++;
		} else {
			c->lost = true;
		}
		/* norecv: only "drip" posts them */
		if (!c->norecv && post_recv(c, wc[i].wr_id))
			c->dead = true;
	}
	return n;
}

/*
 * Post one message: signalled when @count is not zero, its completion
 * then accounting for @count Sends (itself and unsignalled ones before).
 */
static int post_msg(struct conn *c, uint32_t off, uint32_t len,
		    unsigned int count)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)(c->sbuf + off), .length = len,
		.lkey = c->smr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = count, .sg_list = &sge, .num_sge = len ? 1 : 0,
		.opcode = IBV_WR_SEND,
		.send_flags = count ? IBV_SEND_SIGNALED : 0,
	};
	struct ibv_send_wr *bad;

	if (ibv_post_send(c->id->qp, &wr, &bad))
		return why("ibv_post_send: %s", strerror(errno));
	c->sends_out += count;
	return 0;
}

/* Send and wait (bounded) for the Send to complete */
static int send_msg(struct conn *c, uint32_t len)
{
	uint64_t end = now_ms() + 3000;
	uint32_t i;

	if (!c->up && conn_open(c))
		return -1;
	if (c->dry) {
		printf("send %u:", len);
		for (i = 0; i < len; i++)
			printf("%s%02x", i & 3 ? "" : " ", c->sbuf[i]);
		printf("\n");
		return 0;
	}
	if (post_msg(c, 0, len, 1))
		return -1;
	while (c->sends_out && !c->dead && now_ms() < end) {
		if (!reap(c))
			usleep(100);
	}
	/* A Send the server never takes is the case's business, not ours */
	return 0;
}

/*
 * With "callbacks": answer @m if it is a reverse-direction Call (RFC
 * 8167, Section 5.1: Version 1 RDMA_MSG, no chunks, an RPC Call whose
 * xid is rdma_xid). The Reply (Section 5.2) copies the xid, grants
 * CBGRANT reverse-direction credits (Section 4.1) and answers CB_NULL
 * (procedure 0) MSG_ACCEPTED/SUCCESS, anything else PROC_UNAVAIL.
 * Return: true if @m was such a Call (answered, or the connection
 * marked dead if the Send could not be posted).
 */
static bool answer_reverse(struct conn *c, const struct msg *m)
{
	uint32_t xid = get32(m->b, m->len, 0), proc, off;
	struct xw w;

	/* 28 octets of header, then at least a 40-octet Call header */
	if (m->len < 28 + 40 || get32(m->b, m->len, 4) != 1 ||
	    get32(m->b, m->len, 12) != 0 || get32(m->b, m->len, 16) ||
	    get32(m->b, m->len, 20) || get32(m->b, m->len, 24) ||
	    get32(m->b, m->len, 28) != xid || get32(m->b, m->len, 32) != 0)
		return false;
	proc = get32(m->b, m->len, 48);
	off = SBUFSZ + (SENDQ + c->cb_calls % CBSLOTS) * FLOODSZ;
	w = (struct xw){ c->sbuf + off, 0, FLOODSZ, false };
	put32(&w, xid);
	put32(&w, 1);			/* rdma_vers */
	put32(&w, CBGRANT);		/* reverse-direction credits */
	put32(&w, 0);			/* RDMA_MSG */
	put32(&w, 0);			/* no Read list */
	put32(&w, 0);			/* no Write list */
	put32(&w, 0);			/* no Reply chunk */
	put32(&w, xid);
	put32(&w, 1);			/* REPLY */
	put32(&w, 0);			/* MSG_ACCEPTED */
	put64(&w, 0);			/* AUTH_NONE verifier */
	put32(&w, proc ? 3 : 0);	/* PROC_UNAVAIL : SUCCESS */
	c->cb_calls++;
	printf("# reverse Call %u: xid 0x%08x program 0x%x version %u procedure %u, answered %s\n",
	       c->cb_calls, xid, get32(m->b, m->len, 40),
	       get32(m->b, m->len, 44), proc, proc ? "PROC_UNAVAIL" : "SUCCESS");
	if (post_msg(c, off, w.n, 1))
		c->dead = true;
	return true;
}

/* Wait up to @ms for a message (skipping the server's CONNPROP_FINAL
 * and GRANT, and with "callbacks" the reverse Calls it answers); 0 got
 * one, 1 none came, -1 the connection died.
 */
static int recv_msg(struct conn *c, struct msg *m, int ms)
{
	uint64_t end = now_ms() + ms;

	for (;;) {
		while (c->qn) {
			*m = c->q[0];
			memmove(c->q, c->q + 1, (c->qn - 1) * sizeof(c->q[0]));
			c->qn--;
			if (get32(m->b, m->len, 4) == 2) {
				uint32_t t = get32(m->b, m->len, 12);

				c->v2 = true;
				if (t == 7 || t == 5)	/* CONNPROP_FINAL, GRANT */
					continue;
			}
			if (c->answer && answer_reverse(c, m))
				continue;
			return 0;
		}
		if (reap(c))
			continue;
		cm_poll(c);
		if (c->dead)
			return why("the server disconnected");
		if (now_ms() > end)
			return 1;
		usleep(200);
	}
}

static const char *describe(const struct msg *m)
{
	static char s[128];

	snprintf(s, sizeof(s), "%u octets: xid 0x%08x vers %u type %u word 0x%08x",
		 m->len, get32(m->b, m->len, 0), get32(m->b, m->len, 4),
		 get32(m->b, m->len, 12), get32(m->b, m->len, 16));
	return s;
}

/*
 * Where the RPC message of the inline Reply @m starts, 0 if @m is none:
 * a Version 2 REPLY_INLINE with an empty Write list, or a Version 1
 * RDMA_MSG with an empty Read list and no Reply chunk, whose Write list
 * is empty or, with @writes, holds chunks of at most 16 segments each
 * (RFC 8166, Section 4.1.2: each a discriminator, a segment count and
 * the segments)
 */
static uint32_t inline_reply_off(const struct msg *m, bool writes)
{
	uint32_t off = 20, n;

	if (get32(m->b, m->len, 4) == 2)
		return get32(m->b, m->len, 12) == 13 &&
		       !get32(m->b, m->len, 16) ? 20 : 0;
	if (get32(m->b, m->len, 4) != 1 || get32(m->b, m->len, 12) != 0 ||
	    get32(m->b, m->len, 16))
		return 0;
	while (writes && get32(m->b, m->len, off) == 1) {
		n = get32(m->b, m->len, off + 4);
		if (n > 16)
			return 0;
		off += 8 + 16 * n;
	}
	if (get32(m->b, m->len, off) || get32(m->b, m->len, off + 4))
		return 0;
	return off + 8;
}

/*
 * Is @m the inline RPC Reply of NULL Call @xid, with chunks returned in
 * its Write list if @writes?
 */
static int is_null_reply_writes(const struct msg *m, uint32_t xid,
				bool writes)
{
	uint32_t off;

	if (get32(m->b, m->len, 0) != xid)
		return why("answer %s, wanted xid 0x%08x", describe(m), xid);
	off = inline_reply_off(m, writes);
	if (!off)
		return why("answer %s, wanted an inline Reply%s", describe(m),
			   writes ? "" : " without chunks");
	if (get32(m->b, m->len, off) != xid ||
	    get32(m->b, m->len, off + 4) != 1 ||
	    get32(m->b, m->len, off + 8) != 0 ||
	    get32(m->b, m->len, off + 20) != 0)
		return why("RPC reply not MSG_ACCEPTED/SUCCESS for 0x%08x", xid);
	return 0;
}

/* Is @m the inline RPC Reply of NULL Call @xid, no chunks returned? */
static int is_null_reply(const struct msg *m, uint32_t xid)
{
	return is_null_reply_writes(m, xid, false);
}

/* Keep the inline Reply @m for want, want hdr and keep */
static void keep_reply(const struct msg *m, bool writes)
{
	uint32_t off = inline_reply_off(m, writes);

	g_hdrlen = off;
	memcpy(g_hdr, m->b, off);
	g_rpclen = m->len - off;
	memcpy(g_rpc, m->b + off, g_rpclen);
}

/* A NULL Call in the connection's version, at @off in the Send buffer */
static uint32_t build_null(struct conn *c, uint32_t off, uint32_t xid)
{
	struct xw w = { c->sbuf + off, 0, FLOODSZ, false };

	put32(&w, xid);
	put32(&w, c->v2 ? 2 : 1);
	put32(&w, c->v2 ? our_credit(c) : 32);
	if (c->v2) {
		put32(&w, 10);		/* CALL_INLINE */
		put32(&w, 0);		/* rdma_inv_handle */
	} else {
		put32(&w, 0);		/* RDMA_MSG */
	}
	put32(&w, 0);
	put32(&w, 0);
	put32(&w, 0);
	put_null(&w, xid);
	return w.n;
}

static int null_roundtrip(struct conn *c, uint32_t xid, int ms)
{
	struct msg m;
	int ret;

	if (send_msg(c, build_null(c, 0, xid)))
		return -1;
	ret = recv_msg(c, &m, ms);
	if (ret > 0)
		return why("no Reply to NULL Call 0x%08x in %d ms", xid, ms);
	if (ret < 0)
		return -1;
	return is_null_reply(&m, xid);
}

/* --- expectations ----------------------------------------------------------- */

static uint32_t parse_xid(const char *t)
{
	if (!strcmp(t, "$XID"))
		return g_xid;
	if (!strcmp(t, "$XID2"))
		return g_xid + 0x10000;
	if (!strncmp(t, "$XID+", 5))
		return g_xid + strtoul(t + 5, NULL, 0);
	return strtoul(t, NULL, 16);
}

/*
 * Is @m the inline Reply to NFSv4 COMPOUND @xid, sent with an empty tag,
 * chunks returned in its Write list if @writes, and did it succeed? It
 * is kept for "want" and "keep".
 * The offsets are those of RFC 5531's accepted_reply with an AUTH_NONE
 * verifier and RFC 8881's COMPOUND4res (Section 16.2): 24 the status,
 * 28 the tag's length, 32 the number of results, 36 the first opcode,
 * 40 its status.
 */
static int is_nfs4_reply(const struct msg *m, uint32_t xid, bool writes)
{
	uint32_t len;

	g_rpclen = 0;
	g_hdrlen = 0;
	if (is_null_reply_writes(m, xid, writes))
		return -1;
	keep_reply(m, writes);
	len = g_rpclen;
	if (len < 36 || get32(g_rpc, len, 16))
		return why("Reply to 0x%08x: %u octets, verifier length 0x%08x",
			   xid, len, get32(g_rpc, len, 16));
	if (get32(g_rpc, len, 24))
		return why("COMPOUND 0x%08x: status %u, tag length %u, %u results, op %u status %u",
			   xid, get32(g_rpc, len, 24), get32(g_rpc, len, 28),
			   get32(g_rpc, len, 32), get32(g_rpc, len, 36),
			   get32(g_rpc, len, 40));
	return 0;
}

/*
 * want [hdr] OFFSET TOKENS: the last Reply kept holds these octets in
 * its RPC message (or, with hdr, in its transport header)
 */
static int want_octets(struct conn *c, char **tok, int n)
{
	bool hdr = n > 1 && !strcmp(tok[1], "hdr");
	const uint8_t *got = hdr ? g_hdr : g_rpc;
	uint32_t j, len = hdr ? g_hdrlen : g_rpclen;
	uint8_t v[256];
	struct xw w = { v, 0, sizeof(v), false };
	const char *what = hdr ? "want hdr" : "want";
	unsigned long off;
	int i = hdr ? 3 : 2;

	if (n < i + 1)
		return why("want [hdr] OFFSET TOKENS");
	off = strtoul(tok[i - 1], NULL, 0);
	if (emit(c, &w, tok, n, &i))
		return -1;
	if (c->dry)
		return 0;
	if (off > len || w.n > len - off)
		return why("%s %lu: the Reply has %u octets there", what, off,
			   len);
	for (j = 0; j < w.n; j++)
		if (got[off + j] != v[j])
			return why("%s %lu: octet %lu is 0x%02x, not 0x%02x (word 0x%08x)",
				   what, off, off + j, got[off + j], v[j],
				   get32(got, len, (off + j) & ~3UL));
	return 0;
}

/* keep NAME OFFSET LEN: octets of the last COMPOUND Reply as %NAME */
static int keep_octets(struct conn *c, char **tok, int n)
{
	unsigned long off, len;
	int k;

	if (n != 4 || strlen(tok[1]) >= sizeof(g_keep[0].name))
		return why("keep NAME OFFSET LEN");
	off = strtoul(tok[2], NULL, 0);
	len = strtoul(tok[3], NULL, 0);
	if (!len || len > KEEPSZ)
		return why("keep %s: 1 to %d octets", tok[1], KEEPSZ);
	for (k = 0; k < g_nkeep; k++)
		if (!strcmp(g_keep[k].name, tok[1]))
			break;
	if (k == MAXKEEP)
		return why("more than %d kept names", MAXKEEP);
	if (c->dry) {
		/* no Reply: placeholder octets, recognisable in the dump */
		memset(g_keep[k].v, 0xc0 + k, len);
	} else {
		if (off > g_rpclen || len > g_rpclen - off)
			return why("keep %s %lu %lu: the Reply has %u octets",
				   tok[1], off, len, g_rpclen);
		memcpy(g_keep[k].v, g_rpc + off, len);
	}
	snprintf(g_keep[k].name, sizeof(g_keep[k].name), "%s", tok[1]);
	g_keep[k].len = len;
	if (k == g_nkeep)
		g_nkeep++;
	return 0;
}

static int secs_arg(char **tok, int n, int i, int def)
{
	return (i < n ? atoi(tok[i]) : def) * 1000;
}

/*
 * The outcomes a server case may expect, with the fewest and most
 * words each takes after "expect OUTCOME": checked in the parse-only
 * run (-n) as well, so a misspelt case fails before any guest boots.
 */
static const struct {
	const char *name;
	int min, max;
} expect_shapes[] = {
	{ "error", 3, 4 },		/* XID VERS CODE [SECS] */
	{ "reply", 1, 2 },		/* XID [SECS] */
	{ "reply-writes", 1, 2 },
	{ "nfs4", 1, 2 },
	{ "nfs4-writes", 1, 2 },
	{ "replies", 1, 2 },		/* COUNT [SECS] */
	{ "drop", 0, 1 },		/* [SECS] */
	{ "close", 0, 1 },		/* [SECS] */
};

static int expect_shape(char **tok, int n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(expect_shapes); i++) {
		if (strcmp(tok[1], expect_shapes[i].name))
			continue;
		if (n - 2 < expect_shapes[i].min || n - 2 > expect_shapes[i].max)
			return why("expect %s takes %d to %d words, not %d",
				   tok[1], expect_shapes[i].min,
				   expect_shapes[i].max, n - 2);
		return 0;
	}
	return why("unknown expectation '%s'", tok[1]);
}

static int expect(struct conn *c, char **tok, int n)
{
	struct msg m;
	int ret, ms, i;

	if (n < 2)
		return why("no outcome given");
	if (expect_shape(tok, n))
		return -1;
	if (!c->up && strcmp(tok[1], "close") && conn_open(c))
		return -1;
	if (c->dry)
		return 0;
	if (!strcmp(tok[1], "error") && n >= 5) {
		uint32_t xid = parse_xid(tok[2]);
		uint32_t vers = strtoul(tok[3], NULL, 0);
		uint32_t code = strtoul(tok[4], NULL, 0);

		ms = secs_arg(tok, n, 5, 5);
		ret = recv_msg(c, &m, ms);
		if (ret > 0)
			return why("no answer in %d ms", ms);
		if (ret < 0)
			return -1;
		if (get32(m.b, m.len, 0) != xid || get32(m.b, m.len, 4) != vers ||
		    get32(m.b, m.len, 12) != 4 || get32(m.b, m.len, 16) != code)
			return why("answer %s, wanted error %u vers %u xid 0x%08x",
				   describe(&m), code, vers, xid);
		return 0;
	}
	if ((!strcmp(tok[1], "reply") || !strcmp(tok[1], "reply-writes")) &&
	    n >= 3) {
		bool writes = !strcmp(tok[1], "reply-writes");

		ms = secs_arg(tok, n, 3, 5);
		g_rpclen = 0;
		g_hdrlen = 0;
		ret = recv_msg(c, &m, ms);
		if (ret > 0)
			return why("no answer in %d ms", ms);
		if (ret < 0 || is_null_reply_writes(&m, parse_xid(tok[2]), writes))
			return -1;
		keep_reply(&m, writes);
		return 0;
	}
	if ((!strcmp(tok[1], "nfs4") || !strcmp(tok[1], "nfs4-writes")) &&
	    n >= 3) {
		ms = secs_arg(tok, n, 3, 5);
		ret = recv_msg(c, &m, ms);
		if (ret > 0)
			return why("no answer in %d ms", ms);
		return ret < 0 ? -1 :
		       is_nfs4_reply(&m, parse_xid(tok[2]),
				     !strcmp(tok[1], "nfs4-writes"));
	}
	if (!strcmp(tok[1], "replies") && n >= 3) {
		int want = atoi(tok[2]), got = 0;

		ms = secs_arg(tok, n, 3, 30);
		while (got < want) {
			ret = recv_msg(c, &m, ms);
			if (c->lost)
				return why("more than %d messages queued", MAXQ);
			if (ret)
				return why("%d of %d Replies, then: %s", got, want,
					   ret > 0 ? "silence" : g_why);
			if (get32(m.b, m.len, 0) - g_xid - 0x100 >= (uint32_t)want ||
			    is_null_reply(&m, get32(m.b, m.len, 0)))
				return why("Reply %d: %s", got, describe(&m));
			got++;
		}
		return 0;
	}
	if (!strcmp(tok[1], "drop")) {
		ms = secs_arg(tok, n, 2, 2);
		ret = recv_msg(c, &m, ms);
		if (ret < 0)
			return -1;
		if (!ret)
			return why("answered: %s", describe(&m));
		/* The Receive was reposted: the connection still serves */
		if (null_roundtrip(c, g_xid + 0x80, 5000))
			return why("after the drop: %s", g_why);
		return 0;
	}
	if (!strcmp(tok[1], "close")) {
		uint64_t end, drip;
		unsigned int dripped = 0;

		ms = secs_arg(tok, n, 2, 30);
		end = now_ms() + ms;
		drip = now_ms() + c->drip_ms;
		if (!c->up)
			return why("never connected");
		while (!c->dead && now_ms() < end) {
			if (c->norecv && c->drip_ms && now_ms() >= drip) {
				if (post_recv(c, dripped++ % NRECV))
					c->dead = true;
				drip += c->drip_ms;
			}
			while (reap(c))
				;
			c->qn = 0;
			cm_poll(c);
			usleep(1000);
		}
		if (dripped)
			printf("# %u Receives dripped\n", dripped);
		if (!c->dead)
			return why("still connected after %d ms", ms);
		return 0;
	}
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s ", tok[i]);
	return why("unknown expectation");
}

/* --- cases ------------------------------------------------------------------ */

static int flood(struct conn *c, unsigned int count)
{
	uint64_t last = now_ms();
	unsigned int i = 0, batch = 16;

	if (!c->up && conn_open(c))
		return -1;
	while (i < count && !c->dead) {
		if (c->sends_out + batch < SENDQ) {
			/*
			 * Each Send has its own slot: fewer than SENDQ are
			 * ever posted. Every batch-th is signalled and
			 * counts the batch.
			 */
			uint32_t off = SBUFSZ + (i % SENDQ) * FLOODSZ;

			if (post_msg(c, off, build_null(c, off, g_xid + 0x100 + i),
				     (i + 1) % batch ? 0 : batch))
				return -1;
			i++;
			last = now_ms();
			continue;
		}
		if (reap(c)) {
			last = now_ms();
			continue;
		}
		cm_poll(c);
		/* The server took nothing for 3 s: its Receives are gone */
		if (now_ms() - last > 3000)
			break;
		usleep(200);
	}
	printf("# %u of %u flooded Calls posted\n", i, count);
	return 0;
}

static int tokenize(char *line, char **tok)
{
	int n = 0;
	char *p = strchr(line, '#'), *s;

	if (p)
		*p = 0;
	for (s = strtok(line, " \t\r\n"); s && n < MAXTOK;
	     s = strtok(NULL, " \t\r\n"))
		tok[n++] = s;
	return n;
}

/* Run one directive line */
static int directive(struct conn *c, char **tok, int n)
{
	struct xw w;
	int i = 1;

	if (!strcmp(tok[0], "private")) {
		if (n == 2 && !strcmp(tok[1], "none")) {
			c->privlen = -1;
			return 0;
		}
		w = (struct xw){ c->priv, 0, sizeof(c->priv), false };
		if (emit(c, &w, tok, n, &i))
			return -1;
		c->privlen = w.n;
		return 0;
	}
	if (!strcmp(tok[0], "rnr") && n == 2) {
		c->rnr = atoi(tok[1]);
		return 0;
	}
	if (!strcmp(tok[0], "responder") && n == 2) {
		c->responder = atoi(tok[1]);
		if (c->responder < 0 || c->responder > 255)
			return why("responder %d", c->responder);
		return 0;
	}
	if (!strcmp(tok[0], "norecv")) {
		c->norecv = true;
		return 0;
	}
	if (!strcmp(tok[0], "drip") && n == 2) {
		c->drip_ms = atoi(tok[1]);
		if (c->drip_ms <= 0)
			return why("drip %s", tok[1]);
		return 0;
	}
	if (!strcmp(tok[0], "connect"))
		return c->up ? 0 : conn_open(c);
	if (!strcmp(tok[0], "callbacks") && n == 1) {
		c->answer = true;
		return 0;
	}
	if (!strcmp(tok[0], "scenario"))
		return 0;
	if (!strcmp(tok[0], "want"))
		return want_octets(c, tok, n);
	if (!strcmp(tok[0], "keep"))
		return keep_octets(c, tok, n);
	if (!c->up && strcmp(tok[0], "expect") && conn_open(c))
		return -1;
	if (!strcmp(tok[0], "data") && n >= 2) {
		unsigned long off = strtoul(tok[1], NULL, 0);

		if (off >= DATASZ)
			return why("data offset %lu", off);
		w = (struct xw){ c->data + off, 0, DATASZ - off, false };
		i = 2;
		return emit(c, &w, tok, n, &i);
	}
	if (!strcmp(tok[0], "send")) {
		w = (struct xw){ c->sbuf, 0, SBUFSZ, false };
		if (emit(c, &w, tok, n, &i))
			return -1;
		return send_msg(c, w.n);
	}
	if (!strcmp(tok[0], "flood") && n == 2)
		return c->dry ? 0 : flood(c, strtoul(tok[1], NULL, 0));
	if (!strcmp(tok[0], "sleep") && n == 2) {
		if (!c->dry)
			usleep(atoi(tok[1]) * 1000);
		return 0;
	}
	if (!strcmp(tok[0], "disconnect")) {
		if (c->up && !c->dead && !c->dry)
			rdma_disconnect(c->id);
		return 0;
	}
	if (!strcmp(tok[0], "expect")) {
		size_t len = strlen(g_outcome);

		for (i = 1; i < n && len < sizeof(g_outcome) - 40; i++)
			len += snprintf(g_outcome + len, sizeof(g_outcome) - len,
					"%s%s", len ? " " : "expect ", tok[i]);
		if (len < sizeof(g_outcome) - 2)
			strcat(g_outcome, ";");
		return expect(c, tok, n);
	}
	return why("unknown keyword '%s'", tok[0]);
}

/*
 * Run the directives of @path: '#' starts a comment, a line ending in
 * a backslash is continued by the next one, "include FILE" runs FILE
 * (a path relative to @path's directory) in place.
 */
static int run_file(struct conn *c, const char *path, int depth)
{
	static char *tok[MAXTOK];
	size_t max = 65536, len = 0;
	char *text = malloc(max), line[8192];
	int n, ret = 0, lineno = 0, first = 0;
	FILE *f;

	if (!text)
		return why("out of memory");
	f = fopen(path, "r");
	if (!f) {
		free(text);
		return why("%s: %s", path, strerror(errno));
	}
	while (!ret && fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#');
		size_t l;

		lineno++;
		if (!len)
			first = lineno;
		if (hash)
			*hash = 0;
		l = strlen(line);
		while (l && isspace((unsigned char)line[l - 1]))
			line[--l] = 0;
		if (l + len + 2 > max) {
			ret = why("line %d: a directive longer than %zu octets",
				  lineno, max);
			break;
		}
		memcpy(text + len, line, l);
		len += l;
		text[len] = 0;
		if (l && line[l - 1] == '\\') {
			text[len - 1] = ' ';
			continue;
		}
		len = 0;
		n = tokenize(text, tok);
		if (!n)
			continue;
		if (!strcmp(tok[0], "include") && n == 2) {
			const char *slash = strrchr(path, '/');
			char sub[4096];

			if (depth >= MAXDEPTH) {
				ret = why("line %d: includes nested deeper than %d",
					  first, MAXDEPTH);
				break;
			}
			if (tok[1][0] == '/' || !slash)
				snprintf(sub, sizeof(sub), "%s", tok[1]);
			else
				snprintf(sub, sizeof(sub), "%.*s/%s",
					 (int)(slash - path), path, tok[1]);
			ret = run_file(c, sub, depth + 1);
		} else {
			ret = directive(c, tok, n);
		}
		if (ret) {
			char what[sizeof(g_why)];

			snprintf(what, sizeof(what), "%s", g_why);
			if (depth)
				why("%s line %d: %s", path, first, what);
			else
				why("line %d: %s", first, what);
		}
	}
	if (!ret && len)
		ret = why("line %d: the file ends in a backslash", lineno);
	fclose(f);
	free(text);
	return ret;
}

static int run_case(const char *path)
{
	struct conn c;
	int ret;

	conn_init(&c);
	g_nkeep = 0;
	g_rpclen = 0;
	g_hdrlen = 0;
	ret = run_file(&c, path, 0);
	if (c.cb_calls)
		printf("# %u reverse-direction Calls answered\n", c.cb_calls);
	conn_close(&c);
	return ret;
}

/* A well-behaved client on a fresh connection is still served */
static int served(void)
{
	struct conn c;
	int ret;

	conn_init(&c);
	ret = conn_open(&c);
	if (!ret)
		ret = null_roundtrip(&c, g_xid + 0x8000, 5000);
	conn_close(&c);
	return ret;
}

/* --- listen mode: a misbehaving server for our client ---------------------- */

/*
 *   hostile -l PORT NFSD_ADDR NFSD_PORT CASE
 *
 * Accepts RPC-over-RDMA connections on PORT and serves them as a proxy:
 * each Version 1 Call's RPC message goes to nfsd over TCP (record
 * marking), and nfsd's RPC reply comes back as an inline RDMA_MSG, or as
 * a Long Reply through the Call's Reply chunk when it is longer than our
 * 8 KiB Sends (lc_forward()); a reply longer than LREPLYSZ fails. A
 * Call's Read chunk is pulled first (lc_pull(): RDMA Reads, the data
 * put back at its XDR position); so is a Long Call's Position-zero
 * chunk (RDMA_NOMSG, RDMA2_CALL_EXTERNAL), which is the whole Call. The
 * client's first Version 2 message is answered with a Version 1 ERR_VERS
 * (1..1 unless "negotiate LOW HIGH" says otherwise), so the client falls
 * back to Version 1, or with "negotiate v2" in Version 2. Calls are
 * numbered from 1 across connections; the case's "on" lines replace what
 * is done with one of them. The client's Replies to reverse-direction
 * Calls the case sent are logged and counted ("expect cb_replies"); a
 * Call nfsd sends on the proxy's TCP connection (a callback on the
 * backchannel of an NFSv4.1 session created through it) is logged and
 * skipped, never forwarded.
 *
 *   on call N ACTION...     the N-th Call
 *   on write N ACTION...    the N-th Call that offers a Write list
 *   on reply N ACTION...    the N-th Call that offers a Reply chunk
 *   on afterwrite N ACTION  the Call right after "write N"
 *   on read N ACTION...     the N-th Call that carries a Read chunk,
 *                           before the chunk is pulled
 *   on afterread N ACTION   the Call right after "read N"
 *   on cmiddle N ACTION     the N-th CALL_MIDDLE (under "negotiate v2"),
 *                           $XID its continued Call's; the parts are
 *                           joined at the CALL_INLINE that ends the Call
 *                           (v2-07, Section 4.1), which then counts as a
 *                           Call as any other
 *
 * A Call with no "on" line is forwarded. ACTIONs, run in file order:
 *   fetch                   get nfsd's reply now (@RPC below), send nothing
 *   forward                 send nfsd's reply, fetching it if needed
 *   resend                  the last message sent, again
 *   send TOKENS...          one Send of these octets
 *   sendinv TOKEN TOKENS... a Send With Invalidate of the rkey TOKEN
 *   flood N TOKENS...       N such Sends, back to back
 *   grant V                 the credit value of later forwarded Replies
 *   shut                    a Version 2 connection's later Replies grant
 *                           no further message (rdma_credit = Receives
 *                           completed): its window stays closed
 *   drop                    nothing: the Call is not answered here
 *   disconnect              close the connection (DREQ and QP error)
 *   dreq                    send a DREQ, keep the QP and stop posting
 *                           Receives and reading the connection
 *   norepost                keep reading the connection, but repost no
 *                           Receive any more: once the posted ones are
 *                           used, the client's Sends meet RNR NAKs
 *   sleep MS                wait, taking no completion and no event
 *   hold [MS]               get nfsd's reply and set the Call aside,
 *                           unanswered (one at a time): "release" sends
 *                           its Reply, or the listen loop does MS
 *                           (default 10000) later
 *   release                 send the held Call's Reply now, on its
 *                           connection (dropped if that was replaced)
 *   place [inv]             answer the READ through its Write chunk
 *                           (lc_place(): the data RDMA Written, the Write
 *                           list giving the octets written; Version 1)
 *   longreply [empty|over|msg|fewer|swap]
 *                           answer with a Long Reply: nfsd's reply RDMA
 *                           Written into the Reply chunk, an RDMA_NOMSG
 *                           or REPLY_EXTERNAL giving the octets written;
 *                           nothing written, the first segment claiming
 *                           more than offered, an RDMA_MSG claiming
 *                           them too, only the segments written into
 *                           returned, or the first two segments' handles
 *                           exchanged (lc_longreply())
 *   rdma write|read SEG FROM LEN
 *                           one RDMA Write or Read of LEN octets at FROM
 *                           ("end", or a signed number) octets after the
 *                           start of segment SEG: write, read, reply,
 *                           pwrite, pread (lc_rdma_action())
 * Other lines:
 *   recvs N                 Receives posted on each new connection
 *                           (1 to 64, default 64)
 *   advertise KIB           the Receive size our private data advertises
 *                           (1 to 8 KiB, default 8; Receives stay 8 KiB):
 *                           the client's Calls above it go as continued
 *                           Calls (Version 2) or with a Read chunk
 *   negotiate LOW HIGH      the ERR_VERS range answering Version 2
 *   negotiate none          Version 2 messages are not answered at all
 *   negotiate v2            the client's CONNPROP_FINAL is answered with
 *                           ours (no properties): the connection runs
 *                           Version 2, its Calls read as CALL_INLINE and
 *                           its Replies sent as REPLY_INLINE whose
 *                           rdma_credit is the Receives completed plus
 *                           the grant (v2-07, Section 4.2.1)
 *   grant V                 the initial credit value (default 32)
 *   expect close            the connection of the last "on" Send is
 *                           replaced by a new one (the client closed it)
 *   expect kept             a later Call arrives on that connection
 *   expect gone             the client closed that connection (its DREQ
 *                           came), whether or not it connected again
 *   expect v2_error CODE    the client sent an RDMA2_ERROR with rdma_err
 *                           CODE for the rdma_xid of a message the case
 *                           sent (under "negotiate v2")
 *   expect ccalls N         N or more continued Calls were joined, each
 *                           part's rdma_remaining agreeing with the rest
 *   expect hidden           no offset of a segment the client offered
 *                           (note_offsets()) is a kernel address
 *   expect pulled N         N or more Read chunks were pulled
 *   expect placed N         "place" answered N or more READs
 *   expect longreplies N    "longreply" answered N or more Calls
 *   expect rdma denied|done every "rdma" action was refused with a
 *                           remote access error (at least one ran), or
 *                           every one completed
 *   expect err_chunk        the client sent an RDMA_ERROR ERR_CHUNK for
 *                           the rdma_xid of a message the case sent
 *   expect cb_replies MIN MAX
 *                           the client answered MIN to MAX of the
 *                           reverse-direction Calls the case sent (RFC
 *                           8167, Section 5.2; every reverse Reply must
 *                           grant at least one credit and carry no
 *                           chunks, and answer a Call of the case)
 *   mount ok|fail SECS [VERS [OPTS]]
 *                           read by the scenario, not here; VERS the
 *                           NFS version mounted: 3, 4.0 (default),
 *                           4.1, 4.2; OPTS more mount options
 *   scenario trace EVENT TEXT
 *                           read by the scenario: our client's trace
 *                           event EVENT is recorded during the case with
 *                           TEXT in its line
 *   scenario longreply OCTETS SEGS
 *                           read by the scenario: our log shows a
 *                           "longreply" of more than OCTETS octets
 *                           written into more than SEGS segments
 *   scenario param NAME VALUE
 *                           read by the scenario: our client's module
 *                           parameter NAME is VALUE for the case
 *   io forced SECS BOUND    read by the scenario: after the mount, cmp
 *                           of the file, then a stat of a new name in
 *                           the background; umount -f if it is still
 *                           blocked SECS later, and the stat must
 *                           return within SECS + BOUND s
 *   io second SECS          read by the scenario: cmp of the file in the
 *                           background; once a Call is held (within
 *                           SECS), a second access (stat of a new file)
 *                           beside it; both must succeed
 *   io write KIB [retry]    read by the scenario: KIB KiB written to a
 *                           new file in 16 KiB O_DIRECT writes (each
 *                           above the 8 KiB we advertise: in Version 2
 *                           a continued Call), then compared with the
 *                           file nfsd stored; with "retry" a first
 *                           attempt that fails with EIO is made again
 *   io list [N]             read by the scenario: the export listed
 *                           through the mount, compared with the names
 *                           on the server, and the file read intact;
 *                           with N, a directory of N new files in the
 *                           export listed instead of the export
 *   io xattr KIB            read by the scenario: two user extended
 *                           attributes of KIB KiB each set on the file,
 *                           one after the other, through the mount
 *                           (NFSv4.2 SETXATTR: its value is
 *                           not DDP-eligible, so above what we advertise
 *                           the Call goes as RDMA_NOMSG or
 *                           RDMA2_CALL_EXTERNAL), then compared with
 *                           what nfsd stored
 * Extra TOKENS: $XID (this Call's xid), $PXID (the previous Call's),
 * $PWHANDLE (the first Write handle of the last earlier Call with one),
 * $HWHANDLE (the first Write handle of the Call now held: a live rkey
 * of another RPC), $CRED (the credit value: under "negotiate v2" the
 * connection's limit, as its forwarded Replies give it), $WHANDLE,
 * $WLEN, $WOFF (the first segment of the Call's first Write chunk),
 * $RHANDLE, $RLEN, $ROFF (the first segment of its Reply chunk), $RKEY
 * (the Write handle, else the Reply handle, else 0), $BADRKEY (an rkey
 * the client never offered), @RPC (nfsd's RPC reply), @CBNULL (a
 * reverse-direction CB_NULL Call, xid $CBXID = $XID + 1), @REPLYLEN
 * (the length of @RPC as an XDR word), and @RPC1, @RPC2 and $RPC2LEN
 * (@RPC in two parts, the first half of it rounded down to a whole
 * word and the rest, and the length of the rest as an XDR word: a
 * Reply sent as REPLY_MIDDLE and REPLY_INLINE).
 *
 * On SIGTERM it prints one line per result ("ok hostile-client: NAME:
 * ..." or "not ok ..."), then exits.
 */
#define LRBUFSZ 8192		/* each Receive; advertised in private data */
#define LNRECV 64
#define LSLOTS 64		/* Send slots */
#define LSBUFSZ 16384		/* each Send slot */
#define MAXON 32
#define LXBUFSZ (64 * 1024)	/* what one RDMA Read or Write moves */
#define LMAXSEGS 16		/* segments of a chunk kept */
/*
 * nfsd's RPC reply to one Call: an NFSv4 READDIR result of up to 64 KiB
 * (the client's first dtsize, NFS_INIT_DTSIZE) and the RPC, COMPOUND,
 * SEQUENCE and PUTFH results before it. A longer reply fails the Call's
 * case (fetch()), never cut short.
 */
#define LREPLYSZ (LXBUFSZ + LRBUFSZ)
#define LRDMA_WRID 0x52444d41	/* our RDMA Reads' and Writes' wr_id */

/* A segment the client offered; @pos: a Read segment's XDR position */
struct lseg {
	uint32_t handle, len, pos;
	uint64_t off;
};

struct lcall {
	uint32_t no, xid, pxid;
	uint32_t nwrite, nwsegs, nreads;
	bool has_reply;
	struct lseg wsegs[LMAXSEGS];	/* the first Write chunk's */
	struct lseg rsegs[LMAXSEGS];	/* the Read list's */
	struct lseg rpsegs[LMAXSEGS];	/* the Reply chunk's */
	uint32_t nrpsegs;
	struct lseg pw, pr;	/* the last earlier Call's Write, Read segment */
	bool pulled;		/* its Read chunk is in @rpc */
	bool external;		/* a Long Call: @rpc is its Read chunk */
	const uint8_t *rpc;	/* the Call's RPC message */
	uint32_t rpclen;
	uint8_t reply[LREPLYSZ];	/* nfsd's RPC reply */
	uint32_t replylen;
	bool fetched;
};

struct lconn {
	struct rdma_cm_id *id;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *rmr, *smr, *xmr;
	uint8_t *rbuf, *sbuf, *xbuf;	/* xbuf: RDMA Reads and Writes */
	uint32_t seq, calls, sends_out, slot;
	uint32_t nrecv;		/* Receives completed (Version 2 credits) */
	bool up, gone, deaf, norepost;
	bool v2;		/* "negotiate v2": answered in Version 2 */
	bool shut;		/* "shut": its window stays closed */
	bool closed_here;	/* we sent the DREQ */
	/*
	 * Receives completed while lc_send() waited for Send slots (a
	 * flood): taken later by lc_poll(), in order, their buffers not
	 * reposted until then. At most one per posted Receive.
	 */
	struct ibv_wc pend[LNRECV];
	int npend;
};

static const char *const g_kinds[] = {
	"call", "write", "reply", "afterwrite", "cmiddle", "read", "afterread",
};

struct lon {
	int kind;		/* an index of g_kinds */
	uint32_t n;
	char *line;
	bool fired;
};

static struct lon g_on[MAXON];
static int g_non;
static uint32_t g_grant = 32, g_neg_low = 1, g_neg_high = 1;
static int g_lnrecv = LNRECV;	/* Receives posted at accept */
static bool g_neg_none, g_neg_v2;
static struct lcall g_call;
static struct lconn *g_lc;	/* the connection being served */
static struct lcall g_held;	/* "hold": a Call set aside, unanswered */
static bool g_holding;
static uint32_t g_held_conn;
static uint64_t g_held_until;	/* then the listen loop releases it */
static uint32_t g_conns, g_ncalls, g_nwrites, g_nreplies, g_lastxid;
static uint32_t g_after;
static struct lseg g_pw, g_pr;	/* the last Write and Read segments seen */
static uint32_t g_after_read, g_nreadcalls;
/*
 * "rdma" actions: done, refused by the client's device (a remote access
 * error), or ended otherwise; and what "expect rdma" asks of them
 */
static uint32_t g_rdma_done, g_rdma_denied, g_rdma_other;
static int g_expect_rdma;	/* 1: every one refused; 2: every one done */
static uint32_t g_npulled, g_nplaced, g_expect_pulled, g_expect_placed;
static uint32_t g_nlong, g_expect_long;
static uint32_t g_long_min;	/* "scenario longreply OCTETS SEGS" */
static uint8_t g_advertise = 7;	/* "advertise": KiB - 1, RFC 8797 */
/* "expect hidden": offsets offered, and those naming a kernel address */
static uint32_t g_noffsets, g_nkaddrs;
static uint64_t g_kaddr;
static bool g_expect_hidden;
/* A Call with its Read chunk put in place (lc_pull()) */
static uint8_t g_pullbuf[LXBUFSZ + LRBUFSZ];
static uint32_t g_mark_conn, g_mark_calls;	/* at the last "on" Send */
static bool g_mark_kept, g_expect_close, g_expect_kept;
static bool g_mark_gone, g_expect_gone;
static bool g_expect_err_chunk, g_got_err_chunk;
static bool g_expect_v2_error, g_got_v2_error;
static uint32_t g_expect_ccalls;	/* "expect ccalls N" */
/*
 * The continued Call being put together (v2-07, Section 4.1): the RPC
 * message octets of its CALL_MIDDLE parts so far, and the length they
 * announce for the whole (octets so far plus the last part's
 * rdma_remaining). A new connection starts with none: a Call the old
 * one left unfinished is gone with it.
 */
#define LCONTMAX (4 * LRBUFSZ)
static struct {
	uint32_t xid, len, total, parts;
	uint8_t buf[LCONTMAX + LRBUFSZ];
} g_cont;
static uint32_t g_ncmiddles, g_nccalls;
static uint32_t g_v2_error;	/* "expect v2_error CODE" */
static uint32_t g_cred_now;	/* what $CRED puts in this Send */
#define MAXHXID 64
static uint32_t g_hxid[MAXHXID];	/* rdma_xids of the hostile Sends */
static int g_nhxid;
static bool g_expect_cb;		/* "expect cb_replies MIN MAX" */
static uint32_t g_cb_min, g_cb_max, g_cb_replies, g_cb_credits;
static uint32_t g_nfsd_calls;	/* nfsd's Calls on the proxy's connection */
static uint8_t g_last[LSBUFSZ];
static uint32_t g_lastlen;
static int g_nfsd = -1;
static const char *g_nfsd_addr;
static int g_nfsd_port;
static sig_atomic_t g_stop;
static char g_lfail[1024];

static void lfail(const char *fmt, ...)
{
	size_t len = strlen(g_lfail);
	va_list ap;

	if (len > sizeof(g_lfail) - 64)
		return;
	if (len)
		g_lfail[len++] = ';', g_lfail[len++] = ' ', g_lfail[len] = 0;
	va_start(ap, fmt);
	vsnprintf(g_lfail + len, sizeof(g_lfail) - len, fmt, ap);
	va_end(ap);
}

/*
 * Where @RPC1 ends and @RPC2 begins: half of nfsd's reply, rounded down
 * to a whole XDR word, so that a case can send it in two parts
 */
static uint32_t rpc_split(const struct lcall *k)
{
	return k->replylen / 2 & ~3U;
}

static int emit_listen(struct xw *w, const char *t, char **tok, int n,
		       int *i)
{
	static const struct {
		const char *name;
		size_t off;
	} words[] = {
		{ "$XID", offsetof(struct lcall, xid) },
		{ "$PXID", offsetof(struct lcall, pxid) },
		{ "$PWHANDLE", offsetof(struct lcall, pw.handle) },
		{ "$WHANDLE", offsetof(struct lcall, wsegs[0].handle) },
		{ "$WLEN", offsetof(struct lcall, wsegs[0].len) },
		{ "$RHANDLE", offsetof(struct lcall, rpsegs[0].handle) },
		{ "$RLEN", offsetof(struct lcall, rpsegs[0].len) },
		{ "@REPLYLEN", offsetof(struct lcall, replylen) },
	};
	const struct lcall *k = &g_call;
	uint32_t j, v;

	(void)tok;
	(void)n;
	(void)i;
	for (j = 0; j < ARRAY_SIZE(words); j++) {
		if (!strcmp(t, words[j].name)) {
			memcpy(&v, (const uint8_t *)k + words[j].off, 4);
			put32(w, v);
			return 1;
		}
	}
	if (!strcmp(t, "$CRED")) {
		put32(w, g_cred_now);
	} else if (!strcmp(t, "$HWHANDLE")) {
		if (g_dry && !g_holding) {
			put32(w, 0xbeef);	/* placeholder */
			return 1;
		}
		if (!g_holding)
			return why("$HWHANDLE: no Call is held");
		if (!g_held.nwsegs)
			return why("$HWHANDLE: held Call %u offers no Write chunk",
				   g_held.no);
		put32(w, g_held.wsegs[0].handle);
	} else if (!strcmp(t, "$WOFF")) {
		put64(w, k->wsegs[0].off);
	} else if (!strcmp(t, "$ROFF")) {
		put64(w, k->rpsegs[0].off);
	} else if (!strcmp(t, "$RKEY")) {
		put32(w, k->nwsegs ? k->wsegs[0].handle : k->rpsegs[0].handle);
	} else if (!strcmp(t, "$BADRKEY")) {
		put32(w, (k->wsegs[0].handle ^ k->rpsegs[0].handle ^ k->xid) |
			 0x5a000000);
	} else if (!strcmp(t, "$CBXID")) {
		put32(w, k->xid + 1);
	} else if (!strcmp(t, "@RPC")) {
		putbytes(w, k->reply, k->replylen);
	} else if (!strcmp(t, "@RPC1")) {
		putbytes(w, k->reply, rpc_split(k));
	} else if (!strcmp(t, "@RPC2")) {
		putbytes(w, k->reply + rpc_split(k),
			 k->replylen - rpc_split(k));
	} else if (!strcmp(t, "$RPC2LEN")) {
		put32(w, k->replylen - rpc_split(k));
	} else if (!strcmp(t, "@CBNULL")) {
		put32(w, k->xid + 1);
		put32(w, 0);		/* CALL */
		put32(w, 2);
		put32(w, 0x40000000);	/* the NFSv4 callback program */
		put32(w, 1);
		put32(w, 0);		/* CB_NULL */
		put64(w, 0);
		put64(w, 0);
	} else {
		return 0;
	}
	return 1;
}

/* --- nfsd over TCP --- */

static int nfsd_connect(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	if (g_nfsd >= 0)
		return 0;
	sin.sin_port = htons(g_nfsd_port);
	if (inet_pton(AF_INET, g_nfsd_addr, &sin.sin_addr) != 1)
		return why("bad nfsd address %s", g_nfsd_addr);
	g_nfsd = socket(AF_INET, SOCK_STREAM, 0);
	if (g_nfsd < 0 || connect(g_nfsd, (struct sockaddr *)&sin, sizeof(sin)))
		return why("connect to nfsd: %s", strerror(errno));
	return 0;
}

static int read_full(int fd, uint8_t *p, uint32_t len, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t r;

	while (len) {
		if (poll(&pfd, 1, ms) <= 0)
			return why("nfsd: no reply in %d ms", ms);
		r = read(fd, p, len);
		if (r <= 0)
			return why("nfsd closed the connection");
		p += r;
		len -= r;
	}
	return 0;
}

/* One record from nfsd into @buf; its length, or -1 */
static int nfsd_record(uint8_t *buf, uint32_t max)
{
	uint32_t got = 0, mark, len;
	uint8_t m[4];

	do {
		if (read_full(g_nfsd, m, 4, 10000))
			return -1;
		mark = get32(m, 4, 0);
		len = mark & 0x7fffffff;
		if (got + len > max)
			return why("nfsd's reply is longer than %u octets", max);
		if (read_full(g_nfsd, buf + got, len, 10000))
			return -1;
		got += len;
	} while (!(mark & 0x80000000));
	return got;
}

static int lc_pull(struct lconn *lc, struct lcall *k);
static const char *nfs4_ops(const uint8_t *rpc, uint32_t len);

/* nfsd's reply to @k, which came on @lc (its Read chunk pulled first) */
static int fetch(struct lconn *lc, struct lcall *k)
{
	uint8_t m[4];
	int len;

	if (k->fetched)
		return 0;
	if (lc_pull(lc, k))
		return -1;
	if (k->external && !g_dry &&
	    (k->rpclen < 8 || get32(k->rpc, k->rpclen, 0) != k->xid ||
	     get32(k->rpc, k->rpclen, 4) != 0))
		return why("a Long Call whose chunk is not a Call of xid 0x%08x",
			   k->xid);
	if (g_dry) {
		/* hostile -n: a made-up reply, MSG_ACCEPTED, SUCCESS */
		struct xw w = { k->reply, 0, sizeof(k->reply), false };

		put_rpc_reply(&w, k->xid);
		/*
		 * A case whose Long Reply must be longer than OCTETS
		 * ("scenario longreply") gets a made-up reply that is: zero
		 * words after the RPC header
		 */
		if (g_long_min > sizeof(k->reply) - 64 - 4)
			return why("a reply of more than %u octets, at most %zu",
				   g_long_min, sizeof(k->reply) - 64);
		while (g_long_min && w.n <= g_long_min)
			put32(&w, 0);
		k->replylen = w.n;
		k->fetched = true;
		return 0;
	}
	if (nfsd_connect())
		return -1;
	m[0] = 0x80 | (k->rpclen >> 24);
	m[1] = k->rpclen >> 16;
	m[2] = k->rpclen >> 8;
	m[3] = k->rpclen;
	if (write(g_nfsd, m, 4) != 4 ||
	    write(g_nfsd, k->rpc, k->rpclen) != (ssize_t)k->rpclen)
		return why("write to nfsd: %s", strerror(errno));
	for (;;) {
		len = nfsd_record(k->reply, sizeof(k->reply) - 64);
		if (len < 0)
			return -1;
		if (get32(k->reply, len, 4) == 1 &&
		    get32(k->reply, len, 0) == k->xid)
			break;
		/*
		 * Anything else is skipped. A Call is nfsd's callback on the
		 * backchannel an NFSv4.1 session bound to this connection
		 * (CREATE_SESSION came through it); it is not forwarded to
		 * the client, whose reverse-direction Calls come from the
		 * case alone, and not answered.
		 */
		if (get32(k->reply, len, 4) == 0) {
			g_nfsd_calls++;
			printf("# nfsd's Call 0x%08x (%#x/%u/%u) on the proxy's TCP: skipped\n",
			       get32(k->reply, len, 0),
			       get32(k->reply, len, 12),
			       get32(k->reply, len, 16),
			       get32(k->reply, len, 20));
		} else {
			printf("# nfsd's record of %d octets (xid 0x%08x) skipped\n",
			       len, get32(k->reply, len, 0));
		}
	}
	k->replylen = len;
	k->fetched = true;
	return 0;
}

/* --- the RDMA side --- */

static void lc_free(struct lconn *lc)
{
	if (!lc)
		return;
	rs_destroy(lc->id, lc->pd, lc->cq, lc->rmr, lc->smr, lc->xmr);
	free(lc->rbuf);
	free(lc->sbuf);
	free(lc->xbuf);
	free(lc);
}

static int lc_post_recv(struct lconn *lc, int i)
{
	return rs_post_recv(lc->id->qp, lc->rmr, (uint8_t *)lc->rbuf,
			    LRBUFSZ, i);
}

/* A connection request: accept it with RFC 8797 private data */
static struct lconn *lc_accept(struct rdma_cm_id *id)
{
	/* magic, version 1, no flags, 8 KiB Sends, "advertise" Receives */
	uint8_t priv[8] = { 0xf6, 0xab, 0x0e, 0x18, 1, 0, 7, g_advertise };
	struct rdma_conn_param param = {
		.responder_resources = 1, .initiator_depth = 1,
		.retry_count = 7, .rnr_retry_count = 7,
		.private_data = priv, .private_data_len = sizeof(priv),
	};
	struct lconn *lc = calloc(1, sizeof(*lc));
	int i;

	if (!lc)
		goto reject;
	lc->id = id;
	if (rs_create_qp(id, &lc->pd, &lc->cq, NULL, LNRECV + LSLOTS + 16, LSLOTS,
			 LNRECV))
		goto reject;
	lc->rbuf = calloc(LNRECV, LRBUFSZ);
	lc->sbuf = calloc(LSLOTS, LSBUFSZ);
	lc->xbuf = calloc(1, LXBUFSZ);
	if (!lc->rbuf || !lc->sbuf || !lc->xbuf)
		goto reject;
	lc->rmr = ibv_reg_mr(lc->pd, lc->rbuf, LNRECV * LRBUFSZ,
			     IBV_ACCESS_LOCAL_WRITE);
	lc->smr = ibv_reg_mr(lc->pd, lc->sbuf, LSLOTS * LSBUFSZ, 0);
	lc->xmr = ibv_reg_mr(lc->pd, lc->xbuf, LXBUFSZ,
			     IBV_ACCESS_LOCAL_WRITE);
	if (!lc->rmr || !lc->smr || !lc->xmr)
		goto reject;
	for (i = 0; i < g_lnrecv; i++)
		if (lc_post_recv(lc, i))
			goto reject;
	if (rdma_accept(id, &param))
		goto reject;
	lc->seq = ++g_conns;
	g_cont.parts = 0;
	printf("# connection %u: accepted\n", lc->seq);
	return lc;
reject:
	printf("# a connection request refused: %s\n", strerror(errno));
	if (lc) {
		lc->id = id;
		lc_free(lc);
	} else {
		rdma_reject(id, NULL, 0);
		rdma_destroy_id(id);
	}
	return NULL;
}

static void lc_reap_sends(struct lconn *lc, struct ibv_wc *wc)
{
	if (wc->status != IBV_WC_SUCCESS) {
		if (!lc->gone)
			printf("# connection %u: Send completed with %s\n",
			       lc->seq, ibv_wc_status_str(wc->status));
		lc->gone = true;
	} else {
		lc->sends_out--;
	}
}

static void lc_recv(struct lconn *lc, const uint8_t *b, uint32_t len);

/* A Receive completion: handled, then its buffer reposted */
static void lc_take_recv(struct lconn *lc, const struct ibv_wc *wc)
{
	if (wc->status != IBV_WC_SUCCESS) {
		if (!lc->gone)
			printf("# connection %u: Receive completed with %s\n",
			       lc->seq, ibv_wc_status_str(wc->status));
		lc->gone = true;
		return;
	}
	lc->nrecv++;
	if (!lc->deaf)
		lc_recv(lc, lc->rbuf + wc->wr_id * LRBUFSZ, wc->byte_len);
	if (!lc->deaf && !lc->norepost && lc_post_recv(lc, wc->wr_id))
		lc->gone = true;
}

/*
 * Take completions of @lc: first the Receives lc_send() set aside, in
 * the order they came (taking one may set more aside), then the CQ's
 */
static int lc_poll(struct lconn *lc)
{
	struct ibv_wc wc[16];
	int n, i;

	for (n = 0; lc->npend && !lc->deaf; n++) {
		wc[0] = lc->pend[0];
		lc->npend--;
		memmove(lc->pend, lc->pend + 1, lc->npend * sizeof(lc->pend[0]));
		lc_take_recv(lc, &wc[0]);
	}
	if (n)
		return n;
	n = ibv_poll_cq(lc->cq, 16, wc);
	for (i = 0; i < n; i++) {
		if (wc[i].opcode & IBV_WC_RECV)
			lc_take_recv(lc, &wc[i]);
		else
			lc_reap_sends(lc, &wc[i]);
	}
	return n;
}

/*
 * A completion taken while an action waits for its own (lc_send(),
 * lc_rdma()): a Send's is reaped, a Receive's set aside for lc_poll();
 * a failed one (its opcode undefined) ends the connection
 */
static void lc_aside(struct lconn *lc, struct ibv_wc *wc)
{
	if (wc->status != IBV_WC_SUCCESS || !(wc->opcode & IBV_WC_RECV))
		lc_reap_sends(lc, wc);
	else if (lc->npend < LNRECV)
		lc->pend[lc->npend++] = *wc;
	else
		lc->gone = true;	/* cannot happen */
}

/* Post @len octets already in the next slot; wait (bounded) for room */
static int lc_send(struct lconn *lc, uint32_t len, int opcode, uint32_t inv)
{
	uint8_t *p = lc->sbuf + lc->slot * LSBUFSZ;
	struct ibv_sge sge = {
		.addr = (uintptr_t)p, .length = len,
		.lkey = lc->smr ? lc->smr->lkey : 0,	/* none: hostile -n */
	};
	struct ibv_send_wr wr = {
		.sg_list = &sge, .num_sge = len ? 1 : 0, .opcode = opcode,
		.send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;
	struct ibv_wc wc;
	uint64_t end = now_ms() + 5000;
	uint32_t i;

	if (lc->gone || lc->deaf)
		return why("the connection is gone");
	if (opcode == IBV_WR_SEND_WITH_INV)
		wr.invalidate_rkey = inv;
	memcpy(g_last, p, len);
	g_lastlen = len;
	if (g_dry) {
		if (opcode == IBV_WR_SEND_WITH_INV)
			printf("# With Invalidate of 0x%08x\n", inv);
		printf("send %u:", len);
		for (i = 0; i < len; i++)
			printf("%s%02x", i & 3 ? "" : " ", p[i]);
		printf("\n");
		lc->slot = (lc->slot + 1) % LSLOTS;
		return 0;
	}
	/*
	 * Sends complete in order: wait while every slot is out. A Receive
	 * that completes meanwhile (a flood's answers) is set aside for
	 * lc_poll(): taking it here would run lc_recv() inside the action
	 * that is sending.
	 */
	while (lc->sends_out >= LSLOTS - 1) {
		if (ibv_poll_cq(lc->cq, 1, &wc) > 0)
			lc_aside(lc, &wc);
		if (lc->gone || now_ms() > end)
			return why("the Send queue did not drain");
	}
	if (ibv_post_send(lc->id->qp, &wr, &bad))
		return why("ibv_post_send: %s", strerror(errno));
	lc->sends_out++;
	lc->slot = (lc->slot + 1) % LSLOTS;
	return 0;
}

/*
 * One RDMA Write of @len octets from lc->xbuf, or Read into it, at
 * (@handle, @addr) of the client's memory, waited for (at most 5 s);
 * other completions that come meanwhile are taken as lc_send() takes
 * them. Return: its completion status, or -1 (g_why) when it could not
 * be posted or did not complete.
 */
static int lc_rdma(struct lconn *lc, bool write, uint32_t handle,
		   uint64_t addr, uint32_t len)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)lc->xbuf, .length = len,
		.lkey = lc->xmr ? lc->xmr->lkey : 0,	/* none: hostile -n */
	};
	struct ibv_send_wr wr = {
		.wr_id = LRDMA_WRID, .sg_list = &sge, .num_sge = 1,
		.opcode = write ? IBV_WR_RDMA_WRITE : IBV_WR_RDMA_READ,
		.send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad;
	struct ibv_wc wc;
	uint64_t end = now_ms() + 5000;

	if (!len || len > LXBUFSZ)
		return why("an RDMA %s of %u octets", write ? "Write" : "Read",
			   len);
	if (g_dry) {
		printf("rdma %s %u at 0x%08x:%#llx\n", write ? "write" : "read",
		       len, handle, (unsigned long long)addr);
		return IBV_WC_SUCCESS;
	}
	if (lc->gone || lc->deaf)
		return why("the connection is gone");
	wr.wr.rdma.remote_addr = addr;
	wr.wr.rdma.rkey = handle;
	if (ibv_post_send(lc->id->qp, &wr, &bad))
		return why("ibv_post_send: %s", strerror(errno));
	while (now_ms() < end) {
		if (ibv_poll_cq(lc->cq, 1, &wc) <= 0)
			continue;
		if (wc.wr_id == LRDMA_WRID)
			return wc.status;
		lc_aside(lc, &wc);
	}
	return why("no completion in 5 s");
}

/* lc_rdma() that must succeed: 0, or -1 with g_why saying how it ended */
static int lc_rdma_must(struct lconn *lc, bool write, uint32_t handle,
			uint64_t addr, uint32_t len)
{
	int st = lc_rdma(lc, write, handle, addr, len);

	if (st < 0)
		return -1;
	if (st != IBV_WC_SUCCESS)
		return why("RDMA %s of %u octets with rkey 0x%08x: %s",
			   write ? "Write" : "Read", len, handle,
			   ibv_wc_status_str(st));
	return 0;
}

/*
 * The rdma_credit @lc sends: in Version 2 the messages taken so far plus
 * g_grant more (v2-07, Section 4.2.1), or none more once the case shut
 * the connection's window; in Version 1 g_grant.
 */
static uint32_t lc_credit(const struct lconn *lc)
{
	if (!lc->v2)
		return g_grant;
	return lc->shut ? lc->nrecv : lc->nrecv + g_grant;
}

static int lc_send_tokens(struct lconn *lc, char **tok, int n, int i,
			  int opcode, uint32_t inv)
{
	struct xw w = { lc->sbuf + lc->slot * LSBUFSZ, 0, LSBUFSZ, false };

	g_cred_now = lc_credit(lc);
	if (emit(NULL, &w, tok, n, &i))
		return -1;
	return lc_send(lc, w.n, opcode, inv);
}

/* A Version 1 header's first words: RDMA_MSG (0), RDMA_ERROR (4) */
static void lc_prefix_v1(struct xw *w, uint32_t xid, uint32_t proc)
{
	put32(w, xid);
	put32(w, 1);
	put32(w, g_grant);
	put32(w, proc);
}

/* A Version 2 prefix on @lc */
static void lc_prefix_v2(struct xw *w, const struct lconn *lc, uint32_t xid,
			 uint32_t htype)
{
	put32(w, xid);
	put32(w, 2);
	put32(w, lc_credit(lc));
	put32(w, htype);
}

static int lc_longreply(struct lconn *lc, struct lcall *k, const char *how);

/*
 * The Reply the proxy sends, nfsd's RPC reply inline: RDMA_MSG with no
 * chunks, or in Version 2 REPLY_INLINE with an empty Write list. A reply
 * too long for the 8 KiB Sends our private data announces goes as a Long
 * Reply when the Call offered a Reply chunk (v2-07, Section 6.6.3), else
 * it fails the case.
 */
static int lc_forward(struct lconn *lc, struct lcall *k)
{
	struct xw w = { lc->sbuf + lc->slot * LSBUFSZ, 0, LRBUFSZ, false };

	if (fetch(lc, k))
		return -1;
	if (lc->v2) {
		lc_prefix_v2(&w, lc, k->xid, 13);
		put32(&w, 0);
	} else {
		lc_prefix_v1(&w, k->xid, 0);
		put32(&w, 0);
		put32(&w, 0);
		put32(&w, 0);
	}
	putbytes(&w, k->reply, k->replylen);
	if (w.over && k->nrpsegs)
		return lc_longreply(lc, k, NULL);
	if (w.over)
		return why("a Reply of %u octets is too long to go inline",
			   k->replylen);
	return lc_send(lc, w.n, IBV_WR_SEND, 0);
}

/*
 * The Call's Read chunk pulled, before the Call goes to nfsd (RFC 8166,
 * Section 3.4.5): its segments, all at one XDR position of the RPC
 * message, are RDMA Read in order, and the data goes in at that
 * position, followed by its roundup as zeros (the client does not send
 * it, Section 3.4.5.2). A Long Call's Position-zero chunk (Section
 * 3.5.3; v2-07, Section 6.3.5) becomes the whole RPC message. Read
 * segments at several positions are not pulled.
 */
static int lc_pull(struct lconn *lc, struct lcall *k)
{
	uint32_t pos = k->rsegs[0].pos, total = 0, got, done, part, i;

	if (k->pulled || !k->nreads || g_dry)
		return 0;
	/* A Long Call's chunk at position zero, any other's inside the Call */
	if (k->nreads > LMAXSEGS || (k->external ? pos != 0 : pos == 0) ||
	    pos > k->rpclen || pos & 3)
		return why("a Read list we do not pull: %u segments, position %u",
			   k->nreads, pos);
	for (i = 0; i < k->nreads; i++) {
		if (k->rsegs[i].pos != pos)
			return why("Read segments at positions %u and %u", pos,
				   k->rsegs[i].pos);
		if (k->rsegs[i].len > sizeof(g_pullbuf) - k->rpclen - 4 - total)
			return why("a Read chunk of more than %zu octets",
				   sizeof(g_pullbuf) - k->rpclen - 4);
		total += k->rsegs[i].len;
	}
	memcpy(g_pullbuf, k->rpc, pos);
	got = pos;
	for (i = 0; i < k->nreads; i++) {
		const struct lseg *sg = &k->rsegs[i];

		for (done = 0; done < sg->len; done += part) {
			part = sg->len - done < LXBUFSZ ? sg->len - done : LXBUFSZ;
			if (lc_rdma_must(lc, false, sg->handle, sg->off + done,
					 part))
				return -1;
			memcpy(g_pullbuf + got, lc->xbuf, part);
			got += part;
		}
	}
	memset(g_pullbuf + got, 0, -total & 3);
	got += -total & 3;
	memcpy(g_pullbuf + got, k->rpc + pos, k->rpclen - pos);
	k->rpc = g_pullbuf;
	k->rpclen = got + k->rpclen - pos;
	k->pulled = true;
	g_npulled++;
	printf("# connection %u: Read chunk pulled, %u octets at position %u in %u segments%s\n",
	       lc->seq, total, pos, k->nreads,
	       nfs4_ops(k->rpc, k->rpclen));
	return 0;
}

/*
 * Where the data of the READ result in nfsd's reply to @k starts, and
 * its length: an NFSv3 READ (RFC 1813, Section 3.3.6), or an NFSv4
 * COMPOUND whose results before READ are SEQUENCE's and PUTFH's (RFC
 * 8881, Sections 18.46.2, 18.19.2 and 18.22.2; 36 octets and none).
 */
static int read_data(const struct lcall *k, uint32_t *doff, uint32_t *dlen)
{
	const uint8_t *r = k->reply;
	uint32_t len = k->replylen, vers = get32(k->rpc, k->rpclen, 16);
	uint32_t off, n, i, op;

	if (get32(r, len, 8) != 0)
		return why("nfsd denied the Call");
	off = 20 + ((get32(r, len, 16) + 3) & ~3u);	/* after the verifier */
	if (get32(r, len, off) != 0 || get32(r, len, off + 4) != 0)
		return why("nfsd's reply is not a successful result");
	off += 8;
	if (vers == 3 && get32(k->rpc, k->rpclen, 20) == 6) {
		/* post_op_attr (fattr3: 84 octets), count, eof */
		off += get32(r, len, off) == 1 ? 4 + 84 + 8 : 4 + 8;
	} else if (vers == 4) {
		n = get32(r, len, off);		/* the tag */
		if (n > 1024)
			return why("a tag of %u octets", n);
		off += 4 + ((n + 3) & ~3u);
		n = get32(r, len, off);
		off += 4;
		for (i = 0; i < n && i < 8; i++, off += 8) {
			op = get32(r, len, off);
			if (get32(r, len, off + 4) != 0)
				return why("operation %u failed", op);
			if (op == 25)
				break;
			if (op == 53)
				off += 36;
			else if (op != 22)
				return why("operation %u before READ", op);
		}
		if (i == n || i == 8)
			return why("no READ result in nfsd's reply");
		off += 8 + 4;			/* opnum, status, eof */
	} else {
		return why("not an NFS READ (version %u)", vers);
	}
	*dlen = get32(r, len, off);
	*doff = off + 4;
	if (*dlen > len || *doff > len - *dlen)
		return why("READ data of %u octets in a reply of %u", *dlen,
			   len);
	return 0;
}

/* How lc_fill() returns a chunk other than as a Responder must */
enum {
	LF_OVER = 1,	/* the first segment claims 4 octets more than offered */
	LF_USED = 2,	/* only the segments written into are returned */
	LF_SWAP = 4,	/* the first two segments' handles are exchanged */
};

/*
 * A chunk the client offered (@nsegs of @segs) filled as a Responder
 * fills it: @len octets of @src RDMA Written segment after segment, and
 * the chunk encoded into @w as it is returned, its segment count, then
 * each segment with the octets written into it; @how (LF_*) changes what
 * is returned, never what is written. Return: the octets written (short
 * of @len when the chunk is too small), or -1 (g_why).
 */
static int64_t lc_fill(struct lconn *lc, struct xw *w, const struct lseg *segs,
		       uint32_t nsegs, const uint8_t *src, uint32_t len,
		       unsigned int how)
{
	uint32_t done = 0, part, used = 0, i, at;

	for (i = 0; i < nsegs && done < len; i++, used++)
		done += segs[i].len < len - done ? segs[i].len : len - done;
	if ((how & LF_USED) && used == nsegs)
		return why("a chunk of %u segments, every one written into",
			   nsegs);
	if ((how & LF_SWAP) && nsegs < 2)
		return why("a chunk of %u segment, none to exchange", nsegs);
	put32(w, how & LF_USED ? used : nsegs);
	for (i = 0, done = 0; i < nsegs; i++, done += part) {
		part = segs[i].len < len - done ? segs[i].len : len - done;
		if (part) {
			if (lc->xbuf)	/* none: hostile -n */
				memcpy(lc->xbuf, src + done, part);
			if (lc_rdma_must(lc, true, segs[i].handle, segs[i].off,
					 part))
				return -1;
		}
		if ((how & LF_USED) && i >= used)
			continue;
		at = (how & LF_SWAP) && i < 2 ? 1 - i : i;
		put32(w, segs[at].handle);
		put32(w, i || !(how & LF_OVER) ? part : segs[i].len + 4);
		put64(w, segs[i].off);
	}
	return done;
}

/*
 * "place": the READ answered as a server that uses the Write chunk
 * (RFC 8166, Section 3.4.6): the data of nfsd's READ result RDMA Written
 * into the Call's first Write chunk, its segments filled in order, the
 * Reply's Write list giving every offered segment with the octets
 * written into it, and the data with its roundup left out of the RPC
 * message that goes inline. Version 1 only. With @inv the Reply is a
 * Send With Invalidate of the first segment's rkey (RFC 8797, Section
 * 4.1: allowed when the client's private data says it accepts one).
 */
static int lc_place(struct lconn *lc, struct lcall *k, bool inv)
{
	struct xw w = { lc->sbuf + lc->slot * LSBUFSZ, 0, LRBUFSZ, false };
	uint32_t doff = 0, dlen = 0, rest;
	int64_t done;

	if (lc->v2)
		return why("place: connection %u runs Version 2", lc->seq);
	if (k->nwrite != 1 || !k->nwsegs || k->nwsegs > LMAXSEGS)
		return why("place: %u Write chunks, %u segments in the first",
			   k->nwrite, k->nwsegs);
	if (fetch(lc, k))
		return -1;
	/* hostile -n: the made-up reply has no READ result, no data */
	if (g_dry)
		doff = k->replylen;
	else if (read_data(k, &doff, &dlen))
		return -1;
	lc_prefix_v1(&w, k->xid, 0);
	put32(&w, 0);		/* no Read list */
	put32(&w, 1);
	done = lc_fill(lc, &w, k->wsegs, k->nwsegs, k->reply + doff, dlen, 0);
	if (done < 0)
		return -1;
	if (done < dlen)
		return why("place: READ data of %u octets, a Write chunk of %u",
			   dlen, (uint32_t)done);
	put32(&w, 0);		/* the end of the Write list */
	put32(&w, 0);		/* no Reply chunk */
	rest = doff + dlen + (-dlen & 3);
	if (rest > k->replylen)
		rest = k->replylen;
	putbytes(&w, k->reply, doff);
	putbytes(&w, k->reply + rest, k->replylen - rest);
	if (w.over)
		return why("place: a Reply of %u octets", w.n);
	g_nplaced++;
	if (!g_dry)
		printf("# connection %u: Call %u's READ data, %u octets, RDMA Written\n",
		       lc->seq, k->no, dlen);
	if (inv)
		return lc_send(lc, w.n, IBV_WR_SEND_WITH_INV, k->wsegs[0].handle);
	return lc_send(lc, w.n, IBV_WR_SEND, 0);
}

/*
 * "longreply [empty|over|msg|fewer|swap]": the Call answered with a Long
 * Reply (RFC 8166, Section 3.5.3; v2-07, Section 6.3.8): nfsd's RPC reply
 * RDMA Written into the Call's Reply chunk, its segments filled in order,
 * then an RDMA_NOMSG (REPLY_EXTERNAL in Version 2) whose Reply chunk
 * gives every offered segment with the octets written into it. Our
 * client takes that from any server, even for a reply that would fit
 * inline (Documentation/xprtrdma.rst), and closes the connection for
 * these: "empty", nothing written and every length 0; "over", the first
 * segment claiming one XDR unit more than it offered; "msg", an RDMA_MSG
 * that carries the reply inline and also claims the octets written into
 * the chunk (Version 1); "swap", the first two segments returned with
 * each other's handle. It takes "fewer": the chunk returned with only
 * the segments written into, each where it was offered. With @how NULL
 * it is the proxy's own Long Reply (lc_forward(): nfsd's reply too long
 * to go inline), in the form a Responder must use, and not counted.
 * The log gives the octets written, the segments written into and
 * offered, with their lengths, and the segments returned.
 */
static int lc_longreply(struct lconn *lc, struct lcall *k, const char *how)
{
	struct xw w = { lc->sbuf + lc->slot * LSBUFSZ, 0, LSBUFSZ, false };
	const char *form = how ? how : "";
	bool empty = !strcmp(form, "empty"), over = !strcmp(form, "over");
	bool msg = !strcmp(form, "msg"), fewer = !strcmp(form, "fewer");
	bool swap = !strcmp(form, "swap");
	char lens[LMAXSEGS * 11 + 1];
	uint32_t at, used, left, i, n;
	int64_t done;

	if (*form && !empty && !over && !msg && !fewer && !swap)
		return why("longreply %s: empty, over, msg, fewer or swap", form);
	if (!k->nrpsegs || k->nrpsegs > LMAXSEGS)
		return why("longreply: Call %u offers %u Reply segments", k->no,
			   k->nrpsegs);
	if (msg && lc->v2)
		return why("longreply msg: connection %u runs Version 2",
			   lc->seq);
	if (fetch(lc, k))
		return -1;
	if (lc->v2) {
		lc_prefix_v2(&w, lc, k->xid, 11);	/* REPLY_EXTERNAL */
		put32(&w, 0);				/* no Write list */
	} else {
		lc_prefix_v1(&w, k->xid, msg ? 0 : 1);	/* RDMA_MSG, NOMSG */
		put32(&w, 0);				/* no Read list */
		put32(&w, 0);				/* no Write list */
	}
	put32(&w, 1);
	at = w.n;	/* the Reply chunk's segment count, as returned */
	done = lc_fill(lc, &w, k->rpsegs, k->nrpsegs, k->reply,
		       empty ? 0 : k->replylen, (over ? LF_OVER : 0) |
		       (fewer ? LF_USED : 0) | (swap ? LF_SWAP : 0));
	if (done < 0)
		return -1;
	if (!empty && done < k->replylen)
		return why("longreply: a reply of %u octets, a Reply chunk of %u",
			   k->replylen, (uint32_t)done);
	if (msg)
		putbytes(&w, k->reply, k->replylen);
	if (w.over)
		return why("longreply: a header of %u octets", w.n);
	if (how)
		g_nlong++;
	if (g_dry)
		return lc_send(lc, w.n, IBV_WR_SEND, 0);
	/* The segments written into: lc_fill() fills them in order */
	for (i = 0, n = 0, used = 0, left = done; i < k->nrpsegs; i++) {
		n += snprintf(lens + n, sizeof(lens) - n, "%s%u", i ? "+" : "",
			      k->rpsegs[i].len);
		if (left && k->rpsegs[i].len)
			used++;
		left -= k->rpsegs[i].len < left ? k->rpsegs[i].len : left;
	}
	printf("# connection %u: Call %u, ", lc->seq, k->no);
	if (how)
		printf("a Long Reply%s%s, ", *how ? " " : "", how);
	else
		printf("nfsd's reply too long to go inline, as a Long Reply: ");
	printf("%u octets written into %u of %u segments (%s octets offered), %u returned\n",
	       (uint32_t)done, used, k->nrpsegs, lens, get32(w.p, w.n, at));
	return lc_send(lc, w.n, IBV_WR_SEND, 0);
}

/*
 * "rdma write|read SEG FROM LEN": one RDMA Write of LEN octets (0x5a) or
 * Read of LEN octets of the client's memory, FROM octets after the start
 * of segment SEG (negative: before it; "end": right after it). SEG is
 * write, read or reply (the first segment of this Call's first Write
 * chunk, Read list or Reply chunk) or pwrite or pread (the first Write
 * or Read segment of the last earlier Call that offered one). The
 * outcome is counted for "expect rdma".
 */
static int lc_rdma_action(struct lconn *lc, char **tok)
{
	const struct lcall *k = &g_call;
	bool write = !strcmp(tok[1], "write");
	struct lseg sg = { 0 };
	long long from;
	uint32_t len;
	int st;

	if (!write && strcmp(tok[1], "read"))
		return why("rdma %s: write or read", tok[1]);
	if (!strcmp(tok[2], "write"))
		sg = k->wsegs[0];
	else if (!strcmp(tok[2], "read"))
		sg = k->rsegs[0];
	else if (!strcmp(tok[2], "reply"))
		sg = k->rpsegs[0];
	else if (!strcmp(tok[2], "pwrite"))
		sg = k->pw;
	else if (!strcmp(tok[2], "pread"))
		sg = k->pr;
	if (!sg.handle)
		return why("rdma: no %s segment", tok[2]);
	from = strcmp(tok[3], "end") ? strtoll(tok[3], NULL, 0) : sg.len;
	len = strtoul(tok[4], NULL, 0);
	if (write && lc->xbuf)
		memset(lc->xbuf, 0x5a, len < LXBUFSZ ? len : LXBUFSZ);
	st = lc_rdma(lc, write, sg.handle, sg.off + from, len);
	if (st < 0)
		return -1;
	if (g_dry)
		return 0;
	printf("# connection %u: RDMA %s of %u at %s%+lld (%u octets at 0x%08x:%#llx): %s\n",
	       lc->seq, write ? "Write" : "Read", len, tok[2], from, sg.len,
	       sg.handle, (unsigned long long)sg.off,
	       st == IBV_WC_SUCCESS ? "done" : ibv_wc_status_str(st));
	if (st == IBV_WC_SUCCESS)
		g_rdma_done++;
	else if (st == IBV_WC_REM_ACCESS_ERR)
		g_rdma_denied++;
	else
		g_rdma_other++;
	return 0;
}

/*
 * Send the held Call's Reply on @lc ("release", or the deadline of
 * "hold"); on a connection other than the one the Call came on it is
 * dropped: the client sends the Call again on its new connection.
 */
static int lc_release(struct lconn *lc, const char *how)
{
	if (!g_holding) {
		if (g_dry)
			return 0;
		return why("no Call is held");
	}
	g_holding = false;
	if (!lc || lc->seq != g_held_conn || lc->gone || lc->deaf) {
		printf("# Call %u (xid 0x%08x) not answered (%s): connection %u is gone\n",
		       g_held.no, g_held.xid, how, g_held_conn);
		return 0;
	}
	printf("# connection %u: Call %u released (%s)\n", lc->seq,
	       g_held.no, how);
	return lc_forward(lc, &g_held);
}

/* Note the rdma_xid of the hostile message just sent (g_last) */
static void note_hxid(void)
{
	uint32_t xid = get32(g_last, g_lastlen, 0);
	int i;

	for (i = 0; i < g_nhxid; i++)
		if (g_hxid[i] == xid)
			return;
	if (g_nhxid < MAXHXID)
		g_hxid[g_nhxid++] = xid;
}

static bool is_hxid(uint32_t xid)
{
	int i;

	for (i = 0; i < g_nhxid; i++)
		if (g_hxid[i] == xid)
			return true;
	return false;
}

static int lc_action(struct lconn *lc, char **tok, int n)
{
	struct xw w;
	int i;

	if (!strcmp(tok[0], "fetch"))
		return fetch(lc, &g_call);
	if (!strcmp(tok[0], "forward"))
		return lc_forward(lc, &g_call);
	if (!strcmp(tok[0], "drop"))
		return 0;
	if (!strcmp(tok[0], "hold") && (n == 1 || n == 2)) {
		int ms = n == 2 ? atoi(tok[1]) : 10000;

		if (g_holding)
			return why("Call %u is held already", g_held.no);
		if (ms < 1 || ms > 60000)
			return why("hold %d: 1 to 60000 ms", ms);
		if (fetch(lc, &g_call))
			return -1;
		g_held = g_call;
		g_held.rpc = NULL;	/* in a Receive buffer, reposted */
		g_holding = true;
		g_held_conn = lc->seq;
		g_held_until = now_ms() + ms;
		printf("# connection %u: Call %u held (xid 0x%08x, Write handle 0x%08x), %d ms\n",
		       lc->seq, g_held.no, g_held.xid,
		       g_held.wsegs[0].handle, ms);
		return 0;
	}
	if (!strcmp(tok[0], "release") && n == 1)
		return lc_release(lc, "release");
	if (!strcmp(tok[0], "grant") && n == 2) {
		g_grant = strtoul(tok[1], NULL, 0);
		return 0;
	}
	g_mark_conn = lc->seq;
	g_mark_calls = lc->calls;
	if (!strcmp(tok[0], "shut") && n == 1) {
		if (!lc->v2 && !g_dry)
			return why("shut: connection %u is in Version 1", lc->seq);
		lc->shut = true;
		printf("# connection %u: window shut after %u messages\n",
		       lc->seq, lc->nrecv);
		return 0;
	}
	if (!strcmp(tok[0], "place") &&
	    (n == 1 || (n == 2 && !strcmp(tok[1], "inv"))))
		return lc_place(lc, &g_call, n == 2);
	if (!strcmp(tok[0], "longreply") && (n == 1 || n == 2))
		return lc_longreply(lc, &g_call, n == 2 ? tok[1] : "");
	if (!strcmp(tok[0], "rdma") && n == 5)
		return lc_rdma_action(lc, tok);
	if (!strcmp(tok[0], "resend")) {
		memcpy(lc->sbuf + lc->slot * LSBUFSZ, g_last, g_lastlen);
		return lc_send(lc, g_lastlen, IBV_WR_SEND, 0);
	}
	if (!strcmp(tok[0], "send")) {
		if (lc_send_tokens(lc, tok, n, 1, IBV_WR_SEND, 0))
			return -1;
		note_hxid();
		return 0;
	}
	if (!strcmp(tok[0], "sendinv") && n >= 2) {
		uint8_t k[4];

		w = (struct xw){ k, 0, 4, false };
		i = 1;
		if (emit(NULL, &w, tok, 2, &i) || w.n != 4)
			return why("sendinv: one rkey token");
		if (lc_send_tokens(lc, tok, n, 2, IBV_WR_SEND_WITH_INV,
				   get32(k, 4, 0)))
			return -1;
		note_hxid();
		return 0;
	}
	if (!strcmp(tok[0], "flood") && n >= 2) {
		unsigned long count = strtoul(tok[1], NULL, 0), sent = 0;

		if (g_dry && count > 1) {
			printf("# %lu times:\n", count);
			count = 1;
		}
		while (sent < count) {
			if (lc_send_tokens(lc, tok, n, 2, IBV_WR_SEND, 0))
				return -1;
			if (!sent++)
				note_hxid();
		}
		if (!g_dry)
			printf("# connection %u: %lu messages sent (xid 0x%08x)\n",
			       lc->seq, sent, get32(g_last, g_lastlen, 0));
		return 0;
	}
	if (!strcmp(tok[0], "disconnect")) {
		lc->closed_here = true;
		if (!g_dry)
			rdma_disconnect(lc->id);
		return 0;
	}
	if (!strcmp(tok[0], "norepost")) {
		lc->norepost = true;
		printf("# connection %u: Receives no longer reposted\n", lc->seq);
		return 0;
	}
	if (!strcmp(tok[0], "sleep") && n == 2) {
		if (!g_dry)
			usleep(atoi(tok[1]) * 1000);
		return 0;
	}
	if (!strcmp(tok[0], "dreq")) {
		struct ibv_qp *qp;
		int ret;

		if (g_dry)
			return 0;
		qp = lc->id->qp;
		/*
		 * librdmacm moves the QP to the error state before it sends
		 * the DREQ, unless the id has no QP: hide it, so the QP
		 * stays in RTS; then stop reading the connection.
		 */
		lc->deaf = true;
		lc->closed_here = true;
		lc->id->qp = NULL;
		ret = rdma_disconnect(lc->id);
		lc->id->qp = qp;
		printf("# connection %u: DREQ sent, QP kept\n", lc->seq);
		return ret ? why("rdma_disconnect: %s", strerror(errno)) : 0;
	}
	return why("unknown action '%s'", tok[0]);
}

/* A segment at @p: handle, length, offset (RFC 8166, Section 3.4.3) */
static struct lseg get_seg(const uint8_t *b, uint32_t len, uint32_t p)
{
	return (struct lseg){
		.handle = get32(b, len, p), .len = get32(b, len, p + 4),
		.off = (uint64_t)get32(b, len, p + 8) << 32 | get32(b, len, p + 12),
	};
}

/*
 * The Read list at *off, each entry a position and a segment; the first
 * LMAXSEGS kept in @segs. Return: the number of entries, or -1.
 */
static int read_list(const uint8_t *b, uint32_t len, uint32_t *off,
		     struct lseg *segs)
{
	int count = 0;

	while (get32(b, len, *off) == 1) {
		if (count < LMAXSEGS) {
			segs[count] = get_seg(b, len, *off + 8);
			segs[count].pos = get32(b, len, *off + 4);
		}
		*off += 4 + 4 + 16;
		count++;
	}
	if (get32(b, len, *off) != 0)
		return -1;
	*off += 4;
	return count;
}

/*
 * A segment array at *off: count, then (handle, length, offset) each;
 * the first LMAXSEGS kept in @segs. Return: the count, or -1.
 */
static int read_segs(const uint8_t *b, uint32_t len, uint32_t *off,
		     struct lseg *segs)
{
	uint32_t nsegs = get32(b, len, *off), i;

	if (nsegs > 64 || *off + 4 + nsegs * 16 > len)
		return -1;
	for (i = 0; i < nsegs && i < LMAXSEGS; i++)
		segs[i] = get_seg(b, len, *off + 4 + i * 16);
	*off += 4 + nsegs * 16;
	return nsegs;
}

/*
 * Count the offsets of the segments @k offers (the Read list's, the
 * first Write chunk's, the Reply chunk's first) that are x86-64 kernel
 * addresses (bits 63 to 47 all set): on soft-RoCE a DMA address is the
 * kernel's virtual address, which a client must not hand a server
 */
static void note_offset(uint64_t off)
{
	g_noffsets++;
	if (off >> 47 == 0x1ffff) {
		g_nkaddrs++;
		g_kaddr = off;
	}
}

static void note_offsets(const struct lcall *k)
{
	uint32_t i;

	for (i = 0; i < k->nreads && i < LMAXSEGS; i++)
		note_offset(k->rsegs[i].off);
	for (i = 0; i < k->nwsegs && i < LMAXSEGS; i++)
		note_offset(k->wsegs[i].off);
	for (i = 0; i < k->nrpsegs && i < LMAXSEGS; i++)
		note_offset(k->rpsegs[i].off);
}

static void run_on(struct lconn *lc, int kind, uint32_t no, bool *any)
{
	static char *tok[MAXTOK];
	char line[8192];
	int i, n;

	for (i = 0; i < g_non; i++) {
		if (g_on[i].kind != kind || g_on[i].n != no)
			continue;
		*any = true;
		g_on[i].fired = true;
		snprintf(line, sizeof(line), "%s", g_on[i].line);
		n = tokenize(line, tok);
		if (n && lc_action(lc, tok, n))
			lfail("on %s %u %s: %s",
			      g_kinds[kind],
			      no, tok[0], g_why);
	}
}

/*
 * The client's Reply to a reverse-direction Call (RFC 8167, Section
 * 5.2): rdma_xid is the RPC xid, it grants reverse-direction credits
 * (Section 4.1; never 0, RFC 8166, Section 3.3.1) and carries no chunks
 * (our Calls offered none). Counted when it answers a Call of the case.
 */
static void lc_reverse_reply(struct lconn *lc, const uint8_t *b, uint32_t len,
			     const struct lcall *k)
{
	uint32_t xid = get32(b, len, 0), credits = get32(b, len, 8);
	uint32_t vlen = get32(k->rpc, k->rpclen, 16);
	uint32_t astat = vlen > 400 ? ~0u :
			 get32(k->rpc, k->rpclen, 20 + ((vlen + 3) & ~3u));

	printf("# connection %u: reverse Reply 0x%08x, %u octets, stat %u/%u, %u credits\n",
	       lc->seq, xid, k->rpclen, get32(k->rpc, k->rpclen, 8), astat,
	       credits);
	if (k->nwrite || k->has_reply)
		lfail("the reverse Reply xid 0x%08x carries chunks", xid);
	if (!credits)
		lfail("the reverse Reply xid 0x%08x grants 0 credits", xid);
	if (!is_hxid(xid)) {
		lfail("a reverse Reply xid 0x%08x to no Call of the case", xid);
		return;
	}
	g_cb_replies++;
	g_cb_credits = credits;
}

/*
 * For the log: the first operation of an NFSv4 COMPOUND Call, and the
 * second when the first is SEQUENCE (RFC 8881, Section 18.46: 32 octets
 * of arguments), as ", op N" or ", ops 53 N"; "" for any other Call
 */
static const char *nfs4_ops(const uint8_t *rpc, uint32_t len)
{
	static char s[32];
	uint32_t off = 24, l, op;
	int i;

	s[0] = 0;
	if (get32(rpc, len, 12) != 100003 || get32(rpc, len, 16) != 4 ||
	    get32(rpc, len, 20) != 1)
		return s;
	for (i = 0; i < 3; i++) {	/* credential, verifier, tag */
		if (i < 2)
			off += 4;	/* flavor */
		l = get32(rpc, len, off);
		if (l > 1024)
			return s;
		off += 4 + ((l + 3) & ~3u);
	}
	off += 8;			/* minorversion, numops */
	op = get32(rpc, len, off);
	if (op == 0xdeadbeef)
		return s;
	if (op == 53 && off + 40 <= len)
		snprintf(s, sizeof(s), ", ops 53 %u",
			 get32(rpc, len, off + 36));
	else
		snprintf(s, sizeof(s), ", op %u", op);
	return s;
}

/*
 * A CALL_MIDDLE under "negotiate v2" (v2-07, Sections 4.1 and 6.3.6):
 * its part of the RPC message is kept for the CALL_INLINE that ends
 * the Call, where the parts are joined. Each part's rdma_remaining must
 * agree with the length the parts before it announced. "on cmiddle N"
 * runs at the N-th part, its $XID the continued Call's.
 */
static void lc_cont_middle(struct lconn *lc, const uint8_t *b, uint32_t len)
{
	uint32_t xid = get32(b, len, 0), left = get32(b, len, 16), n;
	bool any = false;

	if (g_cont.parts && g_cont.xid != xid) {
		lfail("connection %u: CALL_MIDDLE of xid 0x%08x inside the continued Call 0x%08x",
		      lc->seq, xid, g_cont.xid);
		g_cont.parts = 0;
	}
	if (!g_cont.parts)
		g_cont.len = 0;
	n = len < 20 ? 0 : len - 20;
	if (len < 20 || g_cont.len + n > LCONTMAX) {
		lfail("connection %u: a CALL_MIDDLE of %u octets after %u",
		      lc->seq, len, g_cont.len);
		g_cont.parts = 0;
		return;
	}
	memcpy(g_cont.buf + g_cont.len, b + 20, n);
	g_cont.len += n;
	if (g_cont.parts && g_cont.len + left != g_cont.total)
		lfail("connection %u: CALL_MIDDLE %u of 0x%08x: rdma_remaining %u, %u announced",
		      lc->seq, g_cont.parts + 1, xid, left,
		      g_cont.total - g_cont.len);
	g_cont.total = g_cont.len + left;
	g_cont.parts++;
	g_cont.xid = xid;
	printf("# connection %u: CALL_MIDDLE %u of xid 0x%08x, %u octets, %u to come\n",
	       lc->seq, g_cont.parts, xid, n, left);
	memset(&g_call, 0, offsetof(struct lcall, reply));
	g_call.xid = xid;
	g_call.pxid = g_lastxid;
	run_on(lc, 4, ++g_ncmiddles, &any);
}

/*
 * The CALL_INLINE that ends a continued Call: @k's part of the RPC
 * message goes after the CALL_MIDDLE parts', and @k then names the
 * whole. Return: false when it does not belong to that Call.
 */
static bool lc_cont_join(struct lconn *lc, struct lcall *k)
{
	uint32_t parts = g_cont.parts;

	g_cont.parts = 0;
	if (g_cont.xid != k->xid) {
		lfail("connection %u: xid 0x%08x ends the continued Call 0x%08x",
		      lc->seq, k->xid, g_cont.xid);
		return false;
	}
	if (g_cont.len + k->rpclen != g_cont.total) {
		lfail("connection %u: continued Call 0x%08x of %u octets, %u announced",
		      lc->seq, k->xid, g_cont.len + k->rpclen, g_cont.total);
		return false;
	}
	memcpy(g_cont.buf + g_cont.len, k->rpc, k->rpclen);
	k->rpc = g_cont.buf;
	k->rpclen = g_cont.total;
	g_nccalls++;
	printf("# connection %u: continued Call 0x%08x joined, %u CALL_MIDDLEs, %u octets\n",
	       lc->seq, k->xid, parts, k->rpclen);
	return true;
}

/*
 * A Version 2 message under "negotiate v2": false for a CALL_INLINE,
 * whose chunk lists start at octet 20 (after rdma_inv_handle) and are
 * then read as Version 1's; true when it was taken here: the client's
 * CONNPROP_FINAL is answered with ours (no properties), which opens the
 * window; a GRANT or RDMA2_ERROR is logged; anything else fails the case.
 */
static bool lc_recv_v2(struct lconn *lc, const uint8_t *b, uint32_t len)
{
	uint32_t htype = get32(b, len, 12), xid = get32(b, len, 0);
	struct xw w;

	switch (htype) {
	case 10:		/* CALL_INLINE */
	case 8:			/* CALL_EXTERNAL */
		if (lc->v2)
			return false;
		lfail("connection %u: Version 2 type %u before CONNPROP_FINAL",
		      lc->seq, htype);
		return true;
	case 9:			/* CALL_MIDDLE */
		if (lc->v2)
			lc_cont_middle(lc, b, len);
		else
			lfail("connection %u: CALL_MIDDLE before CONNPROP_FINAL",
			      lc->seq);
		return true;
	case 7:			/* CONNPROP_FINAL */
		printf("# connection %u: Version 2 CONNPROP_FINAL, answered in Version 2\n",
		       lc->seq);
		lc->v2 = true;
		w = (struct xw){ lc->sbuf + lc->slot * LSBUFSZ, 0, 64, false };
		lc_prefix_v2(&w, lc, xid, 7);
		put32(&w, 0);	/* no properties */
		if (lc_send(lc, w.n, IBV_WR_SEND, 0))
			lfail("CONNPROP_FINAL: %s", g_why);
		return true;
	case 4:			/* RDMA2_ERROR */
		printf("# connection %u: RDMA2_ERROR %u for xid 0x%08x%s, credit %u\n",
		       lc->seq, get32(b, len, 16), xid,
		       is_hxid(xid) ? ", a message of the case" : "",
		       get32(b, len, 8));
		if (g_expect_v2_error && get32(b, len, 16) == g_v2_error &&
		    is_hxid(xid))
			g_got_v2_error = true;
		return true;
	case 5:			/* GRANT */
		printf("# connection %u: Version 2 GRANT, credit %u\n",
		       lc->seq, get32(b, len, 8));
		return true;
	default:
		lfail("connection %u: Version 2 type %u we do not serve",
		      lc->seq, htype);
		return true;
	}
}

static void lc_recv(struct lconn *lc, const uint8_t *b, uint32_t len)
{
	struct lseg segs[LMAXSEGS] = { 0 };
	struct lcall *k = &g_call;
	uint32_t off, xid = get32(b, len, 0), proc;
	bool any = false, ext = false;
	struct xw w;
	int r;

	if (len < 16) {
		lfail("a message of %u octets", len);
		return;
	}
	proc = get32(b, len, 12);
	off = 16;
	if (get32(b, len, 4) == 2 && g_neg_v2) {
		if (lc_recv_v2(lc, b, len))
			return;
		/* CALL_INLINE read on as an RDMA_MSG, CALL_EXTERNAL as NOMSG */
		ext = proc == 8;
		proc = ext ? 1 : 0;
		off = 20;
	} else if (get32(b, len, 4) != 1) {
		/* Version 2 or other: ERR_VERS, in Version 1, or nothing */
		if (g_neg_none) {
			printf("# connection %u: version %u message ignored\n",
			       lc->seq, get32(b, len, 4));
			return;
		}
		printf("# connection %u: version %u message, ERR_VERS %u..%u\n",
		       lc->seq, get32(b, len, 4), g_neg_low, g_neg_high);
		w = (struct xw){ lc->sbuf + lc->slot * LSBUFSZ, 0, 64, false };
		lc_prefix_v1(&w, xid, 4);
		put32(&w, 1);
		put32(&w, g_neg_low);
		put32(&w, g_neg_high);
		if (lc_send(lc, w.n, IBV_WR_SEND, 0))
			lfail("ERR_VERS: %s", g_why);
		return;
	}
	if (proc == 4) {
		printf("# connection %u: RDMA_ERROR %u for xid 0x%08x%s\n",
		       lc->seq, get32(b, len, 16), xid,
		       is_hxid(xid) ? ", a message of the case" : "");
		/* ERR_CHUNK answering what the case sent (RFC 8167, 5.3) */
		if (get32(b, len, 16) == 2 && is_hxid(xid))
			g_got_err_chunk = true;
		return;
	}
	memset(k, 0, offsetof(struct lcall, reply));
	k->fetched = false;
	k->xid = xid;
	r = read_list(b, len, &off, k->rsegs);
	if (r < 0 || (ext && !r))
		goto bad;
	k->nreads = r;
	/*
	 * CALL_EXTERNAL (v2-07, Section 6.3.5): that was rdma_call; its
	 * rdma_reads (data item chunks) must be empty
	 */
	if (ext && get32(b, len, off) != 0) {
		lfail("a CALL_EXTERNAL with data item chunks (xid 0x%08x)", xid);
		return;
	}
	off += ext ? 4 : 0;
	while (get32(b, len, off) == 1) {
		off += 4;
		r = read_segs(b, len, &off, k->nwrite ? segs : k->wsegs);
		if (r < 0)
			goto bad;
		if (!k->nwrite)
			k->nwsegs = r;
		k->nwrite++;
	}
	if (get32(b, len, off) != 0)
		goto bad;
	off += 4;
	if (get32(b, len, off) == 1) {
		off += 4;
		k->has_reply = true;
		r = read_segs(b, len, &off, k->rpsegs);
		if (r < 0)
			goto bad;
		k->nrpsegs = r;
	} else if (get32(b, len, off) != 0) {
		goto bad;
	} else {
		off += 4;
	}
	k->rpc = b + off;
	k->rpclen = off < len ? len - off : 0;
	if (g_cont.parts && !lc_cont_join(lc, k))
		return;
	/*
	 * RDMA_NOMSG (RFC 8166, Section 3.5.3) or CALL_EXTERNAL: a Long
	 * Call, whose RPC message is its Position-zero Read chunk, checked
	 * once pulled (fetch())
	 */
	k->external = proc == 1 && k->nreads && !k->rpclen;
	if ((proc != 0 || k->rpclen < 8) && !k->external) {
		lfail("a Call we cannot forward: proc %u, %u octets", proc,
		      k->rpclen);
		return;
	}
	if (!k->external && get32(k->rpc, k->rpclen, 0) == xid &&
	    get32(k->rpc, k->rpclen, 4) == 1) {
		lc_reverse_reply(lc, b, len, k);
		return;
	}
	if (!k->external && (get32(k->rpc, k->rpclen, 0) != xid ||
			     get32(k->rpc, k->rpclen, 4) != 0)) {
		/* A reverse-direction Reply, or junk */
		printf("# connection %u: not a Call (xid 0x%08x, type %u)\n",
		       lc->seq, xid, get32(k->rpc, k->rpclen, 4));
		return;
	}
	if (lc->gone) {
		/*
		 * Sent before the client closed, taken off our CQ after its
		 * DISCONNECTED: no Reply can go back on this connection, and
		 * the client sends the Call again on its next one.
		 */
		printf("# connection %u: a Call (xid 0x%08x) after DISCONNECTED, dropped\n",
		       lc->seq, xid);
		return;
	}
	k->no = ++g_ncalls;
	k->pxid = g_lastxid;
	k->pw = g_pw;
	k->pr = g_pr;
	note_offsets(k);
	g_lastxid = xid;
	lc->calls++;
	if (lc->seq == g_mark_conn && lc->calls > g_mark_calls)
		g_mark_kept = true;
	printf("# connection %u: Call %u xid 0x%08x, %u octets, ", lc->seq,
	       k->no, xid, k->rpclen);
	printf("%u Read segments, %u Write chunks, %s Reply chunk", k->nreads,
	       k->nwrite, k->has_reply ? "a" : "no");
	printf("%s\n", nfs4_ops(k->rpc, k->rpclen));
	run_on(lc, 0, k->no, &any);
	if (g_after) {
		run_on(lc, 3, g_after, &any);
		g_after = 0;
	}
	if (g_after_read) {
		run_on(lc, 6, g_after_read, &any);
		g_after_read = 0;
	}
	if (k->nwrite) {
		run_on(lc, 1, ++g_nwrites, &any);
		g_after = g_nwrites;
		g_pw = k->wsegs[0];
	}
	if (k->nreads) {
		run_on(lc, 5, ++g_nreadcalls, &any);
		g_after_read = g_nreadcalls;
		g_pr = k->rsegs[0];
	}
	if (k->has_reply)
		run_on(lc, 2, ++g_nreplies, &any);
	if (!any && lc_forward(lc, k))
		lfail("call %u: %s", k->no, g_why);
	return;
bad:
	lfail("a Call header we cannot parse (xid 0x%08x)", xid);
}

static void on_term(int sig)
{
	(void)sig;
	g_stop = 1;
}

static int load_case(const char *path)
{
	static char *tok[MAXTOK];
	char line[8192], copy[8192];
	FILE *f = fopen(path, "r");
	int n, i;

	if (!f)
		return why("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		snprintf(copy, sizeof(copy), "%s", line);
		n = tokenize(line, tok);
		if (!n)
			continue;
		if (!strcmp(tok[0], "on") && n >= 4) {
			struct lon *o = &g_on[g_non];
			char *p = copy;
			int skip = 3;

			if (g_non == MAXON)
				return why("more than %d on lines", MAXON);
			o->kind = !strcmp(tok[1], "call") ? 0 :
				  !strcmp(tok[1], "write") ? 1 :
				  !strcmp(tok[1], "reply") ? 2 :
				  !strcmp(tok[1], "afterwrite") ? 3 :
				  !strcmp(tok[1], "cmiddle") ? 4 :
				  !strcmp(tok[1], "read") ? 5 :
				  !strcmp(tok[1], "afterread") ? 6 : -1;
			if (o->kind < 0)
				return why("on %s", tok[1]);
			o->n = strtoul(tok[2], NULL, 0);
			/* the ACTION part of the line */
			while (skip--) {
				p += strspn(p, " \t");
				p += strcspn(p, " \t");
			}
			o->line = strdup(p);
			g_non++;
		} else if (!strcmp(tok[0], "negotiate") && n == 2 &&
			   !strcmp(tok[1], "none")) {
			g_neg_none = true;
		} else if (!strcmp(tok[0], "negotiate") && n == 2 &&
			   !strcmp(tok[1], "v2")) {
			g_neg_v2 = true;
		} else if (!strcmp(tok[0], "negotiate") && n == 3) {
			g_neg_low = strtoul(tok[1], NULL, 0);
			g_neg_high = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "grant") && n == 2) {
			g_grant = strtoul(tok[1], NULL, 0);
		} else if (!strcmp(tok[0], "advertise") && n == 2) {
			i = atoi(tok[1]);
			if (i < 1 || i > LRBUFSZ / 1024) {
				fclose(f);
				return why("advertise %s", tok[1]);
			}
			g_advertise = i - 1;
		} else if (!strcmp(tok[0], "recvs") && n == 2) {
			g_lnrecv = atoi(tok[1]);
			if (g_lnrecv < 1 || g_lnrecv > LNRECV) {
				fclose(f);
				return why("recvs %d", g_lnrecv);
			}
		} else if (!strcmp(tok[0], "expect") && n == 2 &&
			   !strcmp(tok[1], "close")) {
			g_expect_close = true;
		} else if (!strcmp(tok[0], "expect") && n == 2 &&
			   !strcmp(tok[1], "kept")) {
			g_expect_kept = true;
		} else if (!strcmp(tok[0], "expect") && n == 2 &&
			   !strcmp(tok[1], "gone")) {
			g_expect_gone = true;
		} else if (!strcmp(tok[0], "expect") && n == 2 &&
			   !strcmp(tok[1], "err_chunk")) {
			g_expect_err_chunk = true;
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "rdma") &&
			   (!strcmp(tok[2], "denied") || !strcmp(tok[2], "done"))) {
			g_expect_rdma = !strcmp(tok[2], "denied") ? 1 : 2;
		} else if (!strcmp(tok[0], "expect") && n == 2 &&
			   !strcmp(tok[1], "hidden")) {
			g_expect_hidden = true;
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "pulled")) {
			g_expect_pulled = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "placed")) {
			g_expect_placed = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "longreplies")) {
			g_expect_long = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "ccalls")) {
			g_expect_ccalls = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "expect") && n == 3 &&
			   !strcmp(tok[1], "v2_error")) {
			g_expect_v2_error = true;
			g_v2_error = strtoul(tok[2], NULL, 0);
		} else if (!strcmp(tok[0], "expect") && n == 4 &&
			   !strcmp(tok[1], "cb_replies")) {
			g_expect_cb = true;
			g_cb_min = strtoul(tok[2], NULL, 0);
			g_cb_max = strtoul(tok[3], NULL, 0);
			if (g_cb_min > g_cb_max) {
				fclose(f);
				return why("expect cb_replies %u %u", g_cb_min,
					   g_cb_max);
			}
		} else if (!strcmp(tok[0], "mount")) {
			/*
			 * read by the scenario: "mount ok|fail SECS [VERS
			 * [OPTS]]", VERS the NFS version mounted (default
			 * 4.0), OPTS more mount options
			 */
			if (n < 3 || n > 5 || atoi(tok[2]) < 1 ||
			    (strcmp(tok[1], "ok") && strcmp(tok[1], "fail")) ||
			    (n >= 4 && strcmp(tok[3], "3") &&
			     strcmp(tok[3], "4.0") && strcmp(tok[3], "4.1") &&
			     strcmp(tok[3], "4.2"))) {
				fclose(f);
				return why("mount ok|fail SECS [3|4.0|4.1|4.2 [OPTS]]");
			}
		} else if (!strcmp(tok[0], "scenario")) {
			/*
			 * read by the scenario: "scenario trace EVENT TEXT",
			 * "scenario longreply OCTETS SEGS", "scenario param
			 * NAME VALUE"
			 */
			if (!(n >= 4 && !strcmp(tok[1], "trace")) &&
			    !(n == 4 && !strcmp(tok[1], "longreply") &&
			      atoi(tok[2]) > 0 && atoi(tok[3]) > 0) &&
			    !(n == 4 && !strcmp(tok[1], "param"))) {
				fclose(f);
				return why("scenario trace EVENT TEXT | %s | %s",
					   "scenario longreply OCTETS SEGS",
					   "scenario param NAME VALUE");
			}
			if (!strcmp(tok[1], "longreply"))
				g_long_min = atoi(tok[2]);
		} else if (!strcmp(tok[0], "io")) {
			/*
			 * "io forced SECS BOUND", "io second SECS", "io write
			 * KIB [retry]", "io xattr KIB", "io list [N]"
			 */
			if (!(n == 2 && !strcmp(tok[1], "list")) &&
			    !(n == 3 && !strcmp(tok[1], "list") &&
			      atoi(tok[2]) > 0 && atoi(tok[2]) <= 1000) &&
			    !(n == 4 && !strcmp(tok[1], "forced") &&
			      atoi(tok[2]) > 0 && atoi(tok[3]) > 0) &&
			    !(n == 4 && !strcmp(tok[1], "write") &&
			      atoi(tok[2]) > 0 && !strcmp(tok[3], "retry")) &&
			    !(n == 3 && (!strcmp(tok[1], "second") ||
					 !strcmp(tok[1], "write") ||
					 !strcmp(tok[1], "xattr")) &&
			      atoi(tok[2]) > 0)) {
				fclose(f);
				return why("io forced SECS BOUND | io second SECS | %s",
					   "io write KIB [retry] | io xattr KIB | io list [N]");
			}
		} else {
			fclose(f);
			return why("unknown line '%s'", tok[0]);
		}
	}
	fclose(f);
	return 0;
}

/*
 * hostile -n: a made-up Call, with a Write chunk and a Reply chunk of
 * three segments (as our client offers for a READDIR: head, pages,
 * tail); handles 0x00NNd00d, 0x00NNd00e, 0x00NNd01e and 0x00NNd02e, NN
 * the low octet of @xid
 */
static void dry_call(struct lcall *k, uint32_t no, uint32_t xid)
{
	memset(k, 0, sizeof(*k));
	k->no = no;
	k->xid = xid;
	k->pxid = xid - 1;
	k->nwrite = 1;
	k->nwsegs = 1;
	k->wsegs[0] = (struct lseg){ 0xd00d | (xid & 0xff) << 16, 8192, 0,
				     0x1000 };
	k->has_reply = true;
	k->rpsegs[0] = (struct lseg){ 0xd00e | (xid & 0xff) << 16, 8192, 0,
				      0x3000 };
	k->rpsegs[1] = (struct lseg){ 0xd01e | (xid & 0xff) << 16, 4096, 0,
				      0x6000 };
	k->rpsegs[2] = (struct lseg){ 0xd02e | (xid & 0xff) << 16, 4096, 0,
				      0x8000 };
	k->nrpsegs = 3;
	k->rsegs[0] = (struct lseg){ 0xd00f | (xid & 0xff) << 16, 16384, 128,
				     0x5000 };
	k->pw = (struct lseg){ 0xd00c, 8192, 0, 0x1000 };
	k->pr = (struct lseg){ 0xd00b, 16384, 128, 0x5000 };
}

/*
 * hostile -n on a listen-mode case: its lines are parsed as "hostile -l"
 * parses them, then the "on" lines run, those of one "on KIND N" in file
 * order on one made-up Call (dry_call(), xid 0x12300000 plus the index
 * of its first line), in the order of their first lines, on a
 * connection that only prints what would be sent. @RPC is a made-up
 * Reply (MSG_ACCEPTED, SUCCESS), followed by zero words up to more than
 * OCTETS octets in a case with "scenario longreply OCTETS SEGS"; its
 * Reply chunk (8192, 4096 and 4096 octets) takes up to 16 KiB.
 * $HWHANDLE is 0x0000beef while no "hold" has run, and "release"
 * without one does nothing.
 */
static int dry_listen(const char *path)
{
	static char *tok[MAXTOK];
	struct lconn lc = { .seq = 1 };
	char line[8192], what[sizeof(g_why)];
	bool done[MAXON] = { false };
	int i, j, n, ret;

	g_non = 0;
	g_grant = 32;
	g_neg_v2 = false;
	g_holding = false;
	g_long_min = 0;
	ret = load_case(path);
	lc.sbuf = calloc(LSLOTS, LSBUFSZ);
	if (!ret && !lc.sbuf)
		ret = why("out of memory");
	for (i = 0; i < g_non && !ret; i++) {
		if (done[i])
			continue;
		dry_call(&g_call, g_on[i].n, 0x12300000 + i);
		for (j = i; j < g_non && !ret; j++) {
			struct lon *o = &g_on[j];

			if (o->kind != g_on[i].kind || o->n != g_on[i].n)
				continue;
			done[j] = true;
			snprintf(line, sizeof(line), "%s", o->line);
			line[strcspn(line, "\n")] = 0;
			printf("# on %s %u:%s\n", g_kinds[o->kind], o->n, line);
			n = tokenize(line, tok);
			if (n && lc_action(&lc, tok, n)) {
				snprintf(what, sizeof(what), "%s", g_why);
				ret = why("on %s %u %s: %s", g_kinds[o->kind],
					  o->n, tok[0], what);
			}
		}
	}
	for (i = 0; i < g_non; i++)
		free(g_on[i].line);
	g_non = 0;
	free(lc.sbuf);
	return ret;
}

/* A listen-mode case has "on" or "mount" lines */
static bool is_listen_case(const char *path)
{
	static char *tok[MAXTOK];
	FILE *f = fopen(path, "r");
	char line[8192];
	bool listen = false;

	if (!f)
		return false;
	while (!listen && fgets(line, sizeof(line), f))
		listen = tokenize(line, tok) > 0 &&
			 (!strcmp(tok[0], "on") || !strcmp(tok[0], "mount"));
	fclose(f);
	return listen;
}

static void cm_event(struct rdma_event_channel *ec)
{
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;
	int type;

	if (rdma_get_cm_event(ec, &ev))
		return;
	type = ev->event;
	id = ev->id;
	rdma_ack_cm_event(ev);
	switch (type) {
	case RDMA_CM_EVENT_CONNECT_REQUEST:
		if (g_lc) {
			printf("# connection %u: replaced\n", g_lc->seq);
			if (!g_lc->gone && !g_lc->deaf)
				rdma_disconnect(g_lc->id);
			lc_free(g_lc);
		}
		g_lc = lc_accept(id);
		break;
	case RDMA_CM_EVENT_ESTABLISHED:
		if (g_lc && g_lc->id == id)
			g_lc->up = true;
		break;
	case RDMA_CM_EVENT_DISCONNECTED:
		if (g_lc && g_lc->id == id) {
			printf("# connection %u: DISCONNECTED after %u Calls\n",
			       g_lc->seq, g_lc->calls);
			if (g_lc->seq == g_mark_conn && !g_lc->closed_here)
				g_mark_gone = true;
			g_lc->gone = true;
			if (!g_lc->deaf)
				rdma_disconnect(id);
		}
		break;
	default:
		printf("# rdma_cm event %s\n", rdma_event_str(type));
	}
}

static int listen_main(int port, const char *name, const char *path)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct rdma_event_channel *ec;
	struct rdma_cm_id *lid;
	struct pollfd pfd;
	int i, fail = 0;

	signal(SIGTERM, on_term);
	signal(SIGINT, on_term);
	signal(SIGPIPE, SIG_IGN);
	if (load_case(path)) {
		printf("not ok hostile-client: %s: %s\n", name, g_why);
		return 1;
	}
	sin.sin_port = htons(port);
	ec = rdma_create_event_channel();
	if (!ec || rdma_create_id(ec, &lid, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(lid, (struct sockaddr *)&sin) ||
	    rdma_listen(lid, 4)) {
		printf("not ok hostile-client: %s: listen on %d: %s\n", name,
		       port, strerror(errno));
		return 1;
	}
	printf("# listening on %d\n", port);
	pfd = (struct pollfd){ .fd = ec->fd, .events = POLLIN };
	while (!g_stop) {
		bool busy = false;

		if (poll(&pfd, 1, 0) > 0) {
			cm_event(ec);
			busy = true;
		}
		if (g_lc && !g_lc->deaf && lc_poll(g_lc))
			busy = true;
		/* No later Call came for the held one: answer it anyway */
		if (g_holding && now_ms() >= g_held_until &&
		    lc_release(g_lc, "its deadline"))
			lfail("hold: %s", g_why);
		if (!busy)
			usleep(200);
	}
	if (g_holding)
		lfail("Call %u was still held at the end", g_held.no);
	for (i = 0; i < g_non; i++) {
		if (!g_on[i].fired) {
			lfail("on %s %u never came",
			      g_kinds[g_on[i].kind], g_on[i].n);
		}
	}
	if (g_expect_close && g_conns <= g_mark_conn)
		lfail("connection %u was not replaced", g_mark_conn);
	if (g_expect_kept && !g_mark_kept)
		lfail("no Call came on connection %u after the hostile Send",
		      g_mark_conn);
	if (g_expect_err_chunk && !g_got_err_chunk)
		lfail("no ERR_CHUNK from the client");
	if (g_expect_v2_error && !g_got_v2_error)
		lfail("no RDMA2_ERROR %u from the client", g_v2_error);
	if (g_expect_gone && !g_mark_gone)
		lfail("the client never closed connection %u", g_mark_conn);
	if (g_nccalls < g_expect_ccalls)
		lfail("%u continued Calls joined, not %u or more", g_nccalls,
		      g_expect_ccalls);
	if (g_expect_hidden && (g_nkaddrs || !g_noffsets))
		lfail("%u of %u offered offsets are kernel addresses (0x%016llx)",
		      g_nkaddrs, g_noffsets, (unsigned long long)g_kaddr);
	if (g_npulled < g_expect_pulled)
		lfail("%u Read chunks pulled, not %u or more", g_npulled,
		      g_expect_pulled);
	if (g_nplaced < g_expect_placed)
		lfail("%u READs placed in Write chunks, not %u or more",
		      g_nplaced, g_expect_placed);
	if (g_nlong < g_expect_long)
		lfail("%u Long Replies sent, not %u or more", g_nlong,
		      g_expect_long);
	if (g_expect_rdma &&
	    (g_rdma_other || (g_expect_rdma == 1 ? g_rdma_done || !g_rdma_denied :
			      g_rdma_denied || !g_rdma_done)))
		lfail("RDMA operations: %u done, %u refused, %u ended otherwise",
		      g_rdma_done, g_rdma_denied, g_rdma_other);
	if (g_expect_cb && (g_cb_replies < g_cb_min || g_cb_replies > g_cb_max))
		lfail("%u reverse Replies to the case's Calls, not %u to %u",
		      g_cb_replies, g_cb_min, g_cb_max);
	if (g_nfsd_calls)
		printf("# nfsd sent %u Calls on the proxy's connection, none forwarded\n",
		       g_nfsd_calls);
	if (g_lfail[0]) {
		printf("not ok hostile-client: %s: %s\n", name, g_lfail);
		fail = 1;
	} else {
		char cb[96] = "", cc[256] = "";

		if (g_expect_cb && g_cb_replies)
			snprintf(cb, sizeof(cb),
				 ", %u reverse Replies (%u to %u), the last granting %u credits",
				 g_cb_replies, g_cb_min, g_cb_max, g_cb_credits);
		else if (g_expect_cb)
			snprintf(cb, sizeof(cb), ", no reverse Reply (%u to %u)",
				 g_cb_min, g_cb_max);
		if (g_expect_ccalls)
			snprintf(cc, sizeof(cc), ", %u continued Calls joined",
				 g_nccalls);
		if (g_expect_pulled || g_expect_placed)
			snprintf(cc + strlen(cc), sizeof(cc) - strlen(cc),
				 ", %u Read chunks pulled, %u READs placed",
				 g_npulled, g_nplaced);
		if (g_expect_long)
			snprintf(cc + strlen(cc), sizeof(cc) - strlen(cc),
				 ", %u Long Replies sent", g_nlong);
		if (g_expect_hidden)
			snprintf(cc + strlen(cc), sizeof(cc) - strlen(cc),
				 ", no kernel address in %u offsets",
				 g_noffsets);
		if (g_expect_rdma)
			snprintf(cc + strlen(cc), sizeof(cc) - strlen(cc),
				 ", %u RDMA operations %s", g_expect_rdma == 1 ?
				 g_rdma_denied : g_rdma_done,
				 g_expect_rdma == 1 ? "refused" : "done");
		printf("ok hostile-client: %s: every action taken%s%s%s%s%s%s%s\n",
		       name, g_expect_close ? ", the connection replaced" : "",
		       g_expect_kept ? ", the connection kept" : "",
		       g_expect_gone ? ", the client closed it" : "",
		       g_expect_err_chunk ? ", ERR_CHUNK received" : "",
		       g_expect_v2_error ? ", RDMA2_ERROR received" : "", cc,
		       cb);
	}
	printf("# %u connections, %u Calls, %u of them continued, %u Read chunks pulled\n",
	       g_conns, g_ncalls, g_nccalls, g_npulled);
	if (g_lc)
		lc_free(g_lc);
	rdma_destroy_id(lid);
	rdma_destroy_event_channel(ec);
	return fail;
}

int main(int argc, char **argv)
{
	int i, fail = 0;

	if (argc == 6 && !strcmp(argv[1], "-l")) {
		const char *base = strrchr(argv[5], '/');
		char name[128];

		setvbuf(stdout, NULL, _IOLBF, 0);
		snprintf(name, sizeof(name), "%s", base ? base + 1 : argv[5]);
		if (strlen(name) > 5 && !strcmp(name + strlen(name) - 5, ".case"))
			name[strlen(name) - 5] = 0;
		g_nfsd_addr = argv[3];
		g_nfsd_port = atoi(argv[4]);
		return listen_main(atoi(argv[2]), name, argv[5]);
	}
	if (argc >= 3 && !strcmp(argv[1], "-n")) {
		/* parse only: the octets of every Send, no network */
		g_dry = true;
		g_xid = 0x12300000;
		for (i = 2; i < argc; i++) {
			printf("# %s\n", argv[i]);
			g_why[0] = 0;
			if (is_listen_case(argv[i]) ? dry_listen(argv[i]) :
			    run_case(argv[i])) {
				printf("not ok %s: %s\n", argv[i], g_why);
				fail++;
			}
		}
		return fail ? 1 : 0;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: hostile ADDR PORT CASE...\n"
			"       hostile -l PORT NFSD_ADDR NFSD_PORT CASE\n"
			"       hostile -n CASE...\n");
		return 2;
	}
	g_addr = argv[1];
	g_port = atoi(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 3; i < argc; i++) {
		const char *base = strrchr(argv[i], '/');
		char name[128];
		uint64_t t0 = now_ms();

		snprintf(name, sizeof(name), "%s", base ? base + 1 : argv[i]);
		if (strlen(name) > 5 && !strcmp(name + strlen(name) - 5, ".case"))
			name[strlen(name) - 5] = 0;
		g_xid = ((uint32_t)time(NULL) << 20) ^ ((uint32_t)i << 24);
		g_outcome[0] = 0;
		g_why[0] = 0;
		if (run_case(argv[i])) {
			printf("not ok hostile: %s: %s: %s\n", name,
			       g_outcome[0] ? g_outcome : "(no outcome)", g_why);
			fail++;
		} else {
			printf("ok hostile: %s: %s\n", name, g_outcome);
		}
		printf("# %s took %llu ms\n", name,
		       (unsigned long long)(now_ms() - t0));
		g_why[0] = 0;
		if (served()) {
			printf("not ok hostile: %s: a new connection is served afterwards: %s\n",
			       name, g_why);
			fail++;
		} else {
			printf("ok hostile: %s: a new connection is served afterwards\n",
			       name);
		}
	}
	return fail ? 1 : 0;
}
