/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bounded XDR cursors used inside the codec. Every read and write is
 * checked against the end of the buffer; nothing here trusts a length
 * taken from the wire.
 */
#ifndef _RPCRDMA_CODEC_XDR_H
#define _RPCRDMA_CODEC_XDR_H

#include <rpcrdma/codec.h>

/* Decoding cursor over a Receive buffer */
struct rpcrdma_xdr {
	const u8 *x_start;
	const u8 *x_p;
	const u8 *x_end;
};

/* Encoding cursor over a Send buffer */
struct rpcrdma_xdw {
	u8 *w_p;
	u8 *w_end;
};

static inline void rpcrdma_xdr_init(struct rpcrdma_xdr *x, const void *buf,
				    size_t len)
{
	x->x_start = buf;
	x->x_p = buf;
	x->x_end = x->x_p + len;
}

static inline size_t rpcrdma_xdr_left(const struct rpcrdma_xdr *x)
{
	return x->x_end - x->x_p;
}

static inline size_t rpcrdma_xdr_pos(const struct rpcrdma_xdr *x)
{
	return x->x_p - x->x_start;
}

static inline bool rpcrdma_xdr_get32(struct rpcrdma_xdr *x, u32 *v)
{
	if (rpcrdma_xdr_left(x) < RPCRDMA_XDR_UNIT)
		return false;
	*v = get_unaligned_be32(x->x_p);
	x->x_p += RPCRDMA_XDR_UNIT;
	return true;
}

static inline bool rpcrdma_xdr_get64(struct rpcrdma_xdr *x, u64 *v)
{
	if (rpcrdma_xdr_left(x) < 2 * RPCRDMA_XDR_UNIT)
		return false;
	*v = get_unaligned_be64(x->x_p);
	x->x_p += 2 * RPCRDMA_XDR_UNIT;
	return true;
}

/* Skip @n octets; false (and no move) if fewer remain */
static inline bool rpcrdma_xdr_skip(struct rpcrdma_xdr *x, u64 n)
{
	if (rpcrdma_xdr_left(x) < n)
		return false;
	x->x_p += n;
	return true;
}

static inline void rpcrdma_xdw_init(struct rpcrdma_xdw *w, void *buf,
				    size_t len)
{
	w->w_p = buf;
	w->w_end = w->w_p + len;
}

static inline bool rpcrdma_xdw_put32(struct rpcrdma_xdw *w, u32 v)
{
	if ((size_t)(w->w_end - w->w_p) < RPCRDMA_XDR_UNIT)
		return false;
	put_unaligned_be32(v, w->w_p);
	w->w_p += RPCRDMA_XDR_UNIT;
	return true;
}

static inline bool rpcrdma_xdw_put64(struct rpcrdma_xdw *w, u64 v)
{
	if ((size_t)(w->w_end - w->w_p) < 2 * RPCRDMA_XDR_UNIT)
		return false;
	put_unaligned_be64(v, w->w_p);
	w->w_p += 2 * RPCRDMA_XDR_UNIT;
	return true;
}

/* Copy @n octets, zero the XDR pad after them (RFC 4506, Section 4.10) */
static inline bool rpcrdma_xdw_put_opaque(struct rpcrdma_xdw *w,
					  const u8 *data, u32 n)
{
	size_t pad = (RPCRDMA_XDR_UNIT - (n % RPCRDMA_XDR_UNIT)) %
		     RPCRDMA_XDR_UNIT;

	if ((size_t)(w->w_end - w->w_p) < (size_t)n + pad)
		return false;
	if (n)
		memcpy(w->w_p, data, n);
	memset(w->w_p + n, 0, pad);
	w->w_p += (size_t)n + pad;
	return true;
}

/* @n rounded up to a whole number of XDR units, without wrapping */
static inline u64 rpcrdma_xdr_roundup(u64 n)
{
	return (n + RPCRDMA_XDR_UNIT - 1) & ~(u64)(RPCRDMA_XDR_UNIT - 1);
}

#endif /* _RPCRDMA_CODEC_XDR_H */
