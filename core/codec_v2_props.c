// SPDX-License-Identifier: GPL-2.0-only
/*
 * Version 2 transport properties: the rpcrdma2_propset carried by
 * RDMA2_CONNPROP_MIDDLE and RDMA2_CONNPROP_FINAL (v2-07, Sections 5,
 * 6.3.3 and 6.3.4).
 */

#include "codec_v2.h"

/* Properties whose value is a single uint32 (v2-07, Sections 5.2.1-5.2.5) */
static u32 rpcrdma_v2_prop_get(const struct rpcrdma_v2_props *pr, u32 id)
{
	switch (id) {
	case RPCRDMA2_PROPID_SBSIZ:
		return pr->pr_sbsiz;
	case RPCRDMA2_PROPID_RBSIZ:
		return pr->pr_rbsiz;
	case RPCRDMA2_PROPID_RSSIZ:
		return pr->pr_rssiz;
	case RPCRDMA2_PROPID_RCSIZ:
		return pr->pr_rcsiz;
	default:
		return pr->pr_brs;
	}
}

static void rpcrdma_v2_prop_set(struct rpcrdma_v2_props *pr, u32 id, u32 val)
{
	switch (id) {
	case RPCRDMA2_PROPID_SBSIZ:
		pr->pr_sbsiz = val;
		break;
	case RPCRDMA2_PROPID_RBSIZ:
		pr->pr_rbsiz = val;
		break;
	case RPCRDMA2_PROPID_RSSIZ:
		pr->pr_rssiz = val;
		break;
	case RPCRDMA2_PROPID_RCSIZ:
		pr->pr_rcsiz = val;
		break;
	default:
		pr->pr_brs = val;
		break;
	}
}

/*
 * HOSTAUTH is opaque<> inside the opaque rdma_data (v2-07, Section
 * 5.2.6): a length word, the bytes, the pad, filling rdma_data exactly.
 */
static enum rpcrdma_codec_err
rpcrdma_v2_dec_hostauth(struct rpcrdma_v2_props *pr, const u8 *data, u32 len)
{
	u32 inner;

	if (len < RPCRDMA_XDR_UNIT)
		return RPCRDMA_CE_PROPVAL;
	inner = get_unaligned_be32(data);
	if (RPCRDMA_XDR_UNIT + rpcrdma_xdr_roundup(inner) != len)
		return RPCRDMA_CE_PROPVAL;
	pr->pr_hostauth = data + RPCRDMA_XDR_UNIT;
	pr->pr_hostauth_len = inner;
	return RPCRDMA_CE_OK;
}

/*
 * One recognised property value. Empty rdma_data means the property's
 * default (v2-07, Section 5.1); otherwise the data must be exactly the
 * XDR of the property's type, or the receiver reports
 * RDMA2_ERR_BAD_PROPVAL (same section).
 */
static enum rpcrdma_codec_err
rpcrdma_v2_dec_propval(struct rpcrdma_v2_props *pr, u32 id, const u8 *data,
		       u32 len)
{
	u32 bit = RPCRDMA2_PROP_BIT(id);
	u32 val;

	/* A later value for the same id replaces the earlier one */
	pr->pr_present |= bit;
	pr->pr_default &= ~bit;
	if (id == RPCRDMA2_PROPID_HOSTAUTH) {
		pr->pr_hostauth = NULL;
		pr->pr_hostauth_len = 0;
	} else {
		rpcrdma_v2_prop_set(pr, id, 0);
	}
	if (!len) {
		pr->pr_default |= bit;
		return RPCRDMA_CE_OK;
	}
	if (id == RPCRDMA2_PROPID_HOSTAUTH)
		return rpcrdma_v2_dec_hostauth(pr, data, len);
	if (len != RPCRDMA_XDR_UNIT)
		return RPCRDMA_CE_PROPVAL;
	val = get_unaligned_be32(data);
	/* v2-07, Section 5.2.5 defines four levels of support */
	if (id == RPCRDMA2_PROPID_BRS && val > RPCRDMA2_RVRSDIR_GENL)
		return RPCRDMA_CE_PROPVAL;
	rpcrdma_v2_prop_set(pr, id, val);
	return RPCRDMA_CE_OK;
}

/**
 * rpcrdma_v2_dec_props - decode an rpcrdma2_propset
 * @x: cursor at the array count
 * @pr: filled in; unrecognised ids are counted and skipped (v2-07,
 *	Section 5.1: "the receiver does not process that rpcrdma2_propval")
 *
 * An rdma_data longer than what is left of the message is
 * RDMA2_ERR_BAD_PROPVAL (Section 5.1).
 *
 * Return: RPCRDMA_CE_OK or the reason the set is malformed.
 */
enum rpcrdma_codec_err rpcrdma_v2_dec_props(struct rpcrdma_xdr *x,
					    struct rpcrdma_v2_props *pr)
{
	enum rpcrdma_codec_err err;
	u32 count, i;

	if (!rpcrdma_xdr_get32(x, &count))
		return RPCRDMA_CE_SHORT;
	if (count > RPCRDMA2_MAX_PROPS)
		return RPCRDMA_CE_PROPS;
	for (i = 0; i < count; i++) {
		const u8 *data;
		u32 id, len;

		if (!rpcrdma_xdr_get32(x, &id) || !rpcrdma_xdr_get32(x, &len))
			return RPCRDMA_CE_SHORT;
		data = x->x_p;
		if (!rpcrdma_xdr_skip(x, rpcrdma_xdr_roundup(len)))
			return RPCRDMA_CE_PROPVAL;
		if (!id || id > RPCRDMA2_PROPID_MAX) {
			pr->pr_nskipped++;
			continue;
		}
		err = rpcrdma_v2_dec_propval(pr, id, data, len);
		if (err)
			return err;
	}
	return RPCRDMA_CE_OK;
}

static bool rpcrdma_v2_prop_sent(const struct rpcrdma_v2_props *pr, u32 id)
{
	return pr->pr_present & RPCRDMA2_PROP_BIT(id);
}

static bool rpcrdma_v2_prop_default(const struct rpcrdma_v2_props *pr, u32 id)
{
	return pr->pr_default & RPCRDMA2_PROP_BIT(id);
}

/* Length of rdma_data for property @id, without pad */
static u64 rpcrdma_v2_propdata_len(const struct rpcrdma_v2_props *pr, u32 id)
{
	if (rpcrdma_v2_prop_default(pr, id))
		return 0;
	if (id == RPCRDMA2_PROPID_HOSTAUTH)
		return RPCRDMA_XDR_UNIT +
		       rpcrdma_xdr_roundup(pr->pr_hostauth_len);
	return RPCRDMA_XDR_UNIT;
}

/**
 * rpcrdma_v2_props_valid - can @pr be encoded?
 * @pr: properties supplied by the caller
 *
 * Return: false if a bit names an unknown property, a BRS value is out
 * of range, or HOSTAUTH has a length but no data or too long a length
 * for rdma_data<> to hold.
 */
bool rpcrdma_v2_props_valid(const struct rpcrdma_v2_props *pr)
{
	u32 known = 0, id;

	for (id = 1; id <= RPCRDMA2_PROPID_MAX; id++)
		known |= RPCRDMA2_PROP_BIT(id);
	if ((pr->pr_present | pr->pr_default) & ~known)
		return false;
	if (pr->pr_default & ~pr->pr_present)
		return false;
	if (rpcrdma_v2_prop_sent(pr, RPCRDMA2_PROPID_BRS) &&
	    !rpcrdma_v2_prop_default(pr, RPCRDMA2_PROPID_BRS) &&
	    pr->pr_brs > RPCRDMA2_RVRSDIR_GENL)
		return false;
	if (pr->pr_hostauth_len > U32_MAX - 2 * RPCRDMA_XDR_UNIT)
		return false;
	return !pr->pr_hostauth_len || pr->pr_hostauth;
}

/**
 * rpcrdma_v2_props_size - encoded size of a property set
 * @pr: valid properties
 *
 * Return: octets, including the array count.
 */
u64 rpcrdma_v2_props_size(const struct rpcrdma_v2_props *pr)
{
	u64 size = RPCRDMA_XDR_UNIT;
	u32 id;

	for (id = 1; id <= RPCRDMA2_PROPID_MAX; id++)
		if (rpcrdma_v2_prop_sent(pr, id))
			size += RPCRDMA2_PROPVAL_MIN +
				rpcrdma_v2_propdata_len(pr, id);
	return size;
}

static bool rpcrdma_v2_enc_propval(struct rpcrdma_xdw *w,
				   const struct rpcrdma_v2_props *pr, u32 id)
{
	u32 len = rpcrdma_v2_propdata_len(pr, id);

	if (!rpcrdma_xdw_put32(w, id) || !rpcrdma_xdw_put32(w, len))
		return false;
	if (!len)
		return true;
	if (id == RPCRDMA2_PROPID_HOSTAUTH)
		return rpcrdma_xdw_put32(w, pr->pr_hostauth_len) &&
		       rpcrdma_xdw_put_opaque(w, pr->pr_hostauth,
					      pr->pr_hostauth_len);
	return rpcrdma_xdw_put32(w, rpcrdma_v2_prop_get(pr, id));
}

/**
 * rpcrdma_v2_enc_props - encode a property set, in property id order
 * @w: output cursor
 * @pr: valid properties
 *
 * Return: false if the output ran out of room.
 */
bool rpcrdma_v2_enc_props(struct rpcrdma_xdw *w,
			  const struct rpcrdma_v2_props *pr)
{
	u32 id, count = 0;

	for (id = 1; id <= RPCRDMA2_PROPID_MAX; id++)
		count += rpcrdma_v2_prop_sent(pr, id);
	if (!rpcrdma_xdw_put32(w, count))
		return false;
	for (id = 1; id <= RPCRDMA2_PROPID_MAX; id++)
		if (rpcrdma_v2_prop_sent(pr, id) &&
		    !rpcrdma_v2_enc_propval(w, pr, id))
			return false;
	return true;
}
