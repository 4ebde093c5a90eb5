/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RPC-over-RDMA transport header codec: versions 1 (RFC 8166) and 2
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07") and the RFC 8797
 * connection private data.
 *
 * Decoders read a flat buffer (a Receive buffer is contiguous), trust
 * nothing in it, and fill a fixed-size parsed structure: no allocation
 * on the data path. Each failure has its own code; rpcrdma_codec_action()
 * tells the caller what to do about it.
 *
 * Encoders write a flat buffer and never write past @buflen; when it is
 * too small they return RPCRDMA_CE_NOSPACE and store the size they need
 * in *@len.
 *
 * Typical use:
 *   client (xprtrdma): fill a struct rpcrdma_v1_msg (prefix, Read list,
 *     Write list, Reply chunk), rpcrdma_v1_encode() it in front of the
 *     RPC Call; rpcrdma_v1_decode_reply() each Receive.
 *   server (svcrdma): rpcrdma_v1_decode_responder() (reverse.h) each
 *     Receive, a Call or a reverse-direction Reply; for the
 *     Reply, copy the Write list with the lengths actually written and
 *     the Reply chunk used into a struct rpcrdma_v1_msg and encode it;
 *     on a decode failure, rpcrdma_v1_error_init() + rpcrdma_v1_encode().
 */
#ifndef _RPCRDMA_CODEC_H
#define _RPCRDMA_CODEC_H

#include <rpcrdma/codec_types.h>
#include <rpcrdma/wire.h>

/*
 * Limits. The protocol bounds none of these counts; ours keep the
 * parsed structures fixed-size and bound the RDMA work one message can
 * make us do. A peer that exceeds them gets ERR_CHUNK (v1) or the
 * matching RDMA2_ERR_* with our limit in it (v2-07, Section 7.3).
 */

/*
 * Segments in the whole Read list. The Responder posts at least one
 * RDMA Read per segment, so this caps the Reads one Call can demand;
 * 16 segments of even 64 KiB each cover a 1 MiB payload.
 */
#define RPCRDMA_MAX_READ_SEGS		16
/*
 * Read chunks (distinct positions) in one Read list: a Position-zero
 * chunk plus the DDP-eligible arguments of one Call. NFS WRITE has one
 * such argument per operation and real COMPOUNDs carry one or two.
 */
#define RPCRDMA_MAX_READ_CHUNKS		4
/*
 * Write chunks in one Write list: one per DDP-eligible result
 * (e.g. READ, READLINK). Same reasoning as the Read chunk limit.
 */
#define RPCRDMA_MAX_WRITE_CHUNKS	4
/*
 * Segments in one Write chunk or in the Reply chunk. Each one costs
 * the Responder an RDMA Write; 16 covers a 1 MiB payload in 64 KiB
 * registrations and keeps struct rpcrdma_write_chunk at 260 bytes.
 */
#define RPCRDMA_MAX_CHUNK_SEGS		16
/*
 * Property values in one CONNPROP header. A CONNPROP_FINAL fits the
 * default 1 KiB inline threshold (v2-07, Section 6.3.4); six properties
 * are defined today, the rest of the room is for extensions we skip.
 */
#define RPCRDMA2_MAX_PROPS		32

/* Codec results. Zero is success; see rpcrdma_codec_action(). */
enum rpcrdma_codec_err {
	RPCRDMA_CE_OK = 0,
	RPCRDMA_CE_SHORT_PREFIX,	/* < 16 octets: xid untrustworthy */
	RPCRDMA_CE_SHORT_HDR,		/* v1 < 28 octets: Responder */
	RPCRDMA_CE_VERS,		/* rdma_vers not the one decoded */
	RPCRDMA_CE_PROC,		/* unknown rdma_proc / rdma_htype */
	RPCRDMA_CE_DEPRECATED,		/* RDMA_MSGP */
	RPCRDMA_CE_DONE,		/* RDMA_DONE */
	RPCRDMA_CE_UNEXPECTED,		/* valid type, wrong direction */
	RPCRDMA_CE_SHORT,		/* header ends inside a field */
	RPCRDMA_CE_DISCRIM,		/* list discriminator not 0 or 1 */
	RPCRDMA_CE_READ_SEGS,		/* > RPCRDMA_MAX_READ_SEGS */
	RPCRDMA_CE_READ_CHUNKS,		/* > RPCRDMA_MAX_READ_CHUNKS */
	RPCRDMA_CE_WRITE_CHUNKS,	/* > RPCRDMA_MAX_WRITE_CHUNKS */
	RPCRDMA_CE_CHUNK_SEGS,		/* > RPCRDMA_MAX_CHUNK_SEGS */
	RPCRDMA_CE_ZERO_LENGTH,		/* empty where the spec forbids */
	RPCRDMA_CE_OVERFLOW,		/* offset + length wraps */
	RPCRDMA_CE_TOO_LONG,		/* chunk total > max_payload */
	RPCRDMA_CE_POS_ALIGN,		/* Read position not XDR-aligned */
	RPCRDMA_CE_POS_RANGE,		/* Read position past the message */
	RPCRDMA_CE_POS_ORDER,		/* Read positions decrease */
	RPCRDMA_CE_POS_ZERO,		/* Position-zero misuse */
	RPCRDMA_CE_NO_BODY,		/* no RPC message anywhere */
	RPCRDMA_CE_SHORT_MSG,		/* inline RPC message < 4 octets */
	RPCRDMA_CE_XID,			/* rdma_xid != RPC message xid */
	RPCRDMA_CE_READS_IN_REPLY,	/* v1 Reply carries a Read list */
	RPCRDMA_CE_INV_HANDLE,		/* v2 rdma_inv_handle not ours */
	RPCRDMA_CE_ERR_UNKNOWN,		/* RDMA_ERROR with unknown rdma_err */
	RPCRDMA_CE_ERR_BODY,		/* RDMA_ERROR body inconsistent */
	RPCRDMA_CE_PROPVAL,		/* v2 property value malformed */
	RPCRDMA_CE_PROPS,		/* > RPCRDMA2_MAX_PROPS */
	RPCRDMA_CE_REMAINING,		/* v2 MIDDLE with rdma_remaining 0 */
	RPCRDMA_CE_CONT,		/* v2 header type out of sequence */
	RPCRDMA_CE_CM_SHORT,		/* private data < 8 octets */
	RPCRDMA_CE_CM_MAGIC,		/* private data not RFC 8797 */
	RPCRDMA_CE_CM_VERSION,		/* RFC 8797 version unknown */
	RPCRDMA_CE_NOSPACE,		/* encoder: buffer too small */
	RPCRDMA_CE_INVAL,		/* encoder: structure not encodable */
	RPCRDMA_CE_MAX
};

/* What the receiver of a codec error does next */
enum rpcrdma_codec_action {
	RPCRDMA_ACT_NONE = 0,		/* success: go on */
	RPCRDMA_ACT_ERR_VERS,		/* answer ERR_VERS / RDMA2_ERR_VERS */
	RPCRDMA_ACT_ERR_CHUNK,		/* answer ERR_CHUNK / RDMA2_ERR_* */
	RPCRDMA_ACT_DROP,		/* discard silently */
	RPCRDMA_ACT_CLOSE,		/* close the connection */
	RPCRDMA_ACT_DEFAULTS,		/* private data: use defaults */
	RPCRDMA_ACT_GROW,		/* encoder: larger buffer needed */
	RPCRDMA_ACT_BUG,		/* encoder: caller's own mistake */
};

/* Which side received the message */
enum rpcrdma_codec_role {
	RPCRDMA_ROLE_RESPONDER,		/* decoded a Call or control msg */
	RPCRDMA_ROLE_REQUESTER,		/* decoded a Reply or RDMA_ERROR */
};

/* The four words every transport header starts with (RFC 8166, Section 4.2) */
struct rpcrdma_prefix {
	u32 px_xid;
	u32 px_vers;
	u32 px_credits;
	u32 px_proc;			/* rdma_proc (v1), rdma_htype (v2) */
};

/* One RDMA segment (RFC 8166, Section 3.4.3) */
struct rpcrdma_segment {
	u32 rs_handle;
	u32 rs_length;
	u64 rs_offset;
};

/* One Read segment: a segment plus its XDR position (Section 3.4.5) */
struct rpcrdma_read_segment {
	struct rpcrdma_segment rr_seg;
	u32 rr_position;
};

/*
 * Read list, segments in wire order. Segments sharing a position form
 * one Read chunk; positions never decrease.
 */
struct rpcrdma_read_list {
	u32 rl_nsegs;
	struct rpcrdma_read_segment rl_segs[RPCRDMA_MAX_READ_SEGS];
};

/* A Write chunk or the Reply chunk: a counted array of segments */
struct rpcrdma_write_chunk {
	u32 wc_nsegs;
	struct rpcrdma_segment wc_segs[RPCRDMA_MAX_CHUNK_SEGS];
};

struct rpcrdma_write_list {
	u32 wl_nchunks;
	struct rpcrdma_write_chunk wl_chunks[RPCRDMA_MAX_WRITE_CHUNKS];
};

/* The three chunk lists of a Call or Reply */
struct rpcrdma_chunks {
	struct rpcrdma_read_list ch_reads;
	struct rpcrdma_write_list ch_writes;
	bool ch_has_reply;
	struct rpcrdma_write_chunk ch_reply;
};

/* RDMA_ERROR body (RFC 8166, Section 4.1.2) */
struct rpcrdma_v1_error {
	u32 e1_code;			/* RPCRDMA1_ERR_* */
	u32 e1_vers_low;		/* ERR_VERS only */
	u32 e1_vers_high;
};

/* A parsed (or to-be-encoded) version 1 transport header */
struct rpcrdma_v1_msg {
	struct rpcrdma_prefix m1_prefix;
	struct rpcrdma_chunks m1_chunks;	/* RDMA_MSG, RDMA_NOMSG */
	struct rpcrdma_v1_error m1_error;	/* RDMA_ERROR */
	/* Filled by decoders: */
	u32 m1_hdr_len;			/* offset of the RPC message */
	u32 m1_msg_len;			/* its length (RDMA_MSG only) */
};

/* RDMA2_ERROR body (v2-07, Section 6.3.1) */
struct rpcrdma_v2_error {
	u32 e2_code;			/* RPCRDMA2_ERR_* */
	u32 e2_vers_low;		/* ERR_VERS */
	u32 e2_vers_high;
	u32 e2_max;			/* READ_CHUNKS, WRITE_CHUNKS, SEGMENTS */
	u32 e2_chunk_index;		/* WRITE_RESOURCE */
	u32 e2_length_needed;		/* WRITE_RESOURCE, REPLY_RESOURCE */
};

#define RPCRDMA2_PROP_BIT(id)		(1U << (id))

/*
 * Transport properties of a CONNPROP header (v2-07, Section 5).
 * Unrecognised property ids are skipped on decode (Section 5.1).
 */
struct rpcrdma_v2_props {
	u32 pr_present;			/* RPCRDMA2_PROP_BIT(id) for each */
	u32 pr_default;			/* present with empty rdma_data */
	u32 pr_sbsiz;
	u32 pr_rbsiz;
	u32 pr_rssiz;
	u32 pr_rcsiz;
	u32 pr_brs;			/* RPCRDMA2_RVRSDIR_* */
	const u8 *pr_hostauth;		/* decode: points into the buffer */
	u32 pr_hostauth_len;
	u32 pr_nskipped;		/* decode: unknown ids skipped */
};

/* A parsed (or to-be-encoded) version 2 transport header */
struct rpcrdma_v2_msg {
	struct rpcrdma_prefix m2_prefix;
	u32 m2_inv_handle;		/* CALL_EXTERNAL, CALL_INLINE */
	u32 m2_remaining;		/* CALL_MIDDLE, REPLY_MIDDLE */
	struct rpcrdma_read_list m2_call;	/* CALL_EXTERNAL rdma_call */
	struct rpcrdma_chunks m2_chunks;	/* CALL_*, REPLY_* */
	struct rpcrdma_v2_error m2_error;	/* ERROR */
	struct rpcrdma_v2_props m2_props;	/* CONNPROP_* */
	/* Filled by decoders: */
	u32 m2_hdr_len;			/* offset of the RPC message */
	u32 m2_msg_len;			/* its length (MIDDLE, INLINE) */
};

/*
 * rpcrdma_v2_decode() flag: this message's payload starts an RPC
 * message (no MIDDLE came before it), so its first word is the RPC xid
 * and, for an INLINE type, the payload is the whole RPC message.
 */
#define RPCRDMA2_DF_MSG_START		0x1U

/* What the answer to a client's first message says (v2-07, Section 4.3) */
enum rpcrdma_vers_answer {
	RPCRDMA_ANSWER_NONE = 0,	/* not an answer to that message */
	RPCRDMA_ANSWER_V2,		/* the server speaks Version 2 */
	RPCRDMA_ANSWER_V1,		/* ERR_VERS: continue in Version 1 */
	RPCRDMA_ANSWER_REFUSED,		/* ERR_VERS without 1 or 2 */
};

/* RFC 8797 private data, decoded */
struct rpcrdma_cm_private {
	u8 cp_version;
	bool cp_remote_inv;		/* peer accepts Send With Invalidate */
	u32 cp_send_size;		/* octets */
	u32 cp_recv_size;		/* octets */
};

/* codec_common.c */
enum rpcrdma_codec_err rpcrdma_decode_prefix(const void *buf, size_t len,
					     struct rpcrdma_prefix *pfx);
enum rpcrdma_codec_err rpcrdma_check_xid(u32 xid, const void *rpc,
					 size_t len);
u32 rpcrdma_read_list_nchunks(const struct rpcrdma_read_list *rl);
u64 rpcrdma_write_chunk_length(const struct rpcrdma_write_chunk *wc);

/* codec_err.c */
enum rpcrdma_codec_action rpcrdma_codec_action(enum rpcrdma_codec_err err,
					       enum rpcrdma_codec_role role);
u32 rpcrdma_v2_errcode(enum rpcrdma_codec_err err);
const char *rpcrdma_codec_err_name(enum rpcrdma_codec_err err);

/* codec_v1.c */
enum rpcrdma_codec_err rpcrdma_v1_decode_call(const void *buf, size_t len,
					      u32 max_payload,
					      struct rpcrdma_v1_msg *msg);
enum rpcrdma_codec_err rpcrdma_v1_decode_reply(const void *buf, size_t len,
					       u32 max_payload,
					       struct rpcrdma_v1_msg *msg);
size_t rpcrdma_v1_hdr_size(const struct rpcrdma_v1_msg *msg);
enum rpcrdma_codec_err rpcrdma_v1_encode(const struct rpcrdma_v1_msg *msg,
					 void *buf, size_t buflen,
					 size_t *len);
void rpcrdma_v1_error_init(struct rpcrdma_v1_msg *msg, u32 xid,
			   u32 credits, enum rpcrdma_codec_err err);

/* codec_v2.c */
enum rpcrdma_codec_err rpcrdma_v2_decode(const void *buf, size_t len,
					 u32 max_payload, unsigned int flags,
					 struct rpcrdma_v2_msg *msg);
size_t rpcrdma_v2_hdr_size(const struct rpcrdma_v2_msg *msg);
enum rpcrdma_codec_err rpcrdma_v2_encode(const struct rpcrdma_v2_msg *msg,
					 void *buf, size_t buflen,
					 size_t *len);
void rpcrdma_v2_error_body(struct rpcrdma_v2_error *e,
			   enum rpcrdma_codec_err err, u32 vers_high);
void rpcrdma_v2_error_init(struct rpcrdma_v2_msg *msg, u32 xid,
			   u32 credits, enum rpcrdma_codec_err err);

/* codec_v2_seq.c */
enum rpcrdma_codec_err rpcrdma_v2_check_sequence(u32 open, bool props_final,
						 u32 htype);

/* codec_v2_map.c */
enum rpcrdma_codec_err rpcrdma_v2_to_v1(const struct rpcrdma_v2_msg *m2,
					struct rpcrdma_v1_msg *m1);
size_t rpcrdma_v2_msg_size(const struct rpcrdma_v1_msg *msg, bool call);
enum rpcrdma_codec_err rpcrdma_v2_encode_msg(const struct rpcrdma_v1_msg *msg,
					     bool call, u32 inv_handle,
					     void *buf, size_t buflen,
					     size_t *len);
enum rpcrdma_codec_err rpcrdma_v2_encode_error(u32 xid, u32 vers, u32 credits,
					       const struct rpcrdma_v2_error *e,
					       void *buf, size_t buflen,
					       size_t *len);
enum rpcrdma_codec_err rpcrdma_v2_encode_middle(u32 xid, u32 credits,
						u32 htype, u32 remaining,
						void *buf, size_t buflen,
						size_t *len);
enum rpcrdma_codec_err rpcrdma_v2_encode_grant(u32 credits, void *buf,
					       size_t buflen, size_t *len);
enum rpcrdma_codec_err rpcrdma_v2_encode_connprop(u32 xid, u32 credits,
						  const struct rpcrdma_v2_props *pr,
						  void *buf, size_t buflen,
						  size_t *len);
enum rpcrdma_vers_answer rpcrdma_vers_answer(const void *buf, size_t len,
					     u32 xid);
u32 rpcrdma_v2_window(u32 sent, u32 limit);
u32 rpcrdma_v2_limit(u32 sent, u32 credit, u32 cap);

/* cm_private.c */
u8 rpcrdma_cm_size_encode(unsigned int size);
unsigned int rpcrdma_cm_size_decode(u8 octet);
void rpcrdma_cm_private_defaults(struct rpcrdma_cm_private *cp);
enum rpcrdma_codec_err
rpcrdma_cm_private_decode(const void *buf, size_t len,
			  struct rpcrdma_cm_private *cp);
enum rpcrdma_codec_err
rpcrdma_cm_private_encode(const struct rpcrdma_cm_private *cp, void *buf,
			  size_t buflen, size_t *len);

#endif /* _RPCRDMA_CODEC_H */
