/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * On-the-wire constants and XDR layouts for RPC-over-RDMA version 1
 * (RFC 8166, RFC 5666 where RFC 8166 is silent), version 2
 * (draft-ietf-nfsv4-rpcrdma-version-two-07, "v2-07" below) and the
 * RDMA-CM private data of RFC 8797.
 *
 * Everything on the wire is XDR: big-endian 32-bit words (RFC 4506,
 * Section 3). Sizes below are in octets.
 */
#ifndef _RPCRDMA_WIRE_H
#define _RPCRDMA_WIRE_H

/* One XDR unit; each item starts on a multiple of it (RFC 4506, Section 3) */
#define RPCRDMA_XDR_UNIT		4U

/*
 * Transport header prefix, common to every version: rdma_xid,
 * rdma_vers, rdma_credit and rdma_proc/rdma_htype (RFC 8166,
 * Section 4.2; v2-07, Section 6.2.1 keeps the same four words).
 */
#define RPCRDMA_PREFIX_SIZE		(4 * RPCRDMA_XDR_UNIT)

/* rdma_vers values (RFC 8166, Section 4.2.2; v2-07, Section 4.3) */
#define RPCRDMA_VERSION_1		1U
#define RPCRDMA_VERSION_2		2U

/* List discriminators: XDR optional-data (RFC 4506, Section 4.19) */
#define RPCRDMA_XDR_FALSE		0U
#define RPCRDMA_XDR_TRUE		1U

/*
 * struct xdr_rdma_segment (RFC 8166, Section 4.1.2; v2-07, Section 8.3
 * rpcrdma2_segment): handle, length, 64-bit offset.
 */
#define RPCRDMA_SEGMENT_SIZE		(4 * RPCRDMA_XDR_UNIT)
/* struct xdr_read_chunk: position, then a segment */
#define RPCRDMA_READ_SEGMENT_SIZE	(RPCRDMA_XDR_UNIT + RPCRDMA_SEGMENT_SIZE)

/*
 * Version 1 ------------------------------------------------------------
 */

/* enum rdma_proc (RFC 8166, Section 4.1.2) */
#define RPCRDMA1_MSG			0U
#define RPCRDMA1_NOMSG			1U
#define RPCRDMA1_MSGP			2U	/* RFC 8166, Section 4.6.1 */
#define RPCRDMA1_DONE			3U	/* RFC 8166, Section 4.6.2 */
#define RPCRDMA1_ERROR			4U

/* enum rpc_rdma_errcode (RFC 8166, Section 4.1.2) */
#define RPCRDMA1_ERR_VERS		1U
#define RPCRDMA1_ERR_CHUNK		2U

/*
 * Smallest RDMA_MSG/RDMA_NOMSG header: the prefix and three empty
 * lists (Read list, Write list, Reply chunk), RFC 8166, Section 4.1.2.
 */
#define RPCRDMA1_HDR_MIN		(RPCRDMA_PREFIX_SIZE + 3 * RPCRDMA_XDR_UNIT)
/* RDMA_ERROR: prefix + rdma_err, plus low/high for ERR_VERS */
#define RPCRDMA1_ERR_CHUNK_SIZE		(RPCRDMA_PREFIX_SIZE + RPCRDMA_XDR_UNIT)
#define RPCRDMA1_ERR_VERS_SIZE		(RPCRDMA1_ERR_CHUNK_SIZE + \
					 2 * RPCRDMA_XDR_UNIT)

/*
 * Default inline threshold when nothing else has been agreed
 * (RFC 8166, Section 3.3.3).
 */
#define RPCRDMA1_DEFAULT_INLINE		1024U

/*
 * Version 2 ------------------------------------------------------------
 */

/* A CALL_MIDDLE or REPLY_MIDDLE header: prefix, rdma_remaining */
#define RPCRDMA2_MIDDLE_HDR_SIZE	(RPCRDMA_PREFIX_SIZE + RPCRDMA_XDR_UNIT)

/* Header types (v2-07, Sections 6.1 and 8.4) */
#define RPCRDMA2_ERROR			4U
#define RPCRDMA2_GRANT			5U
#define RPCRDMA2_CONNPROP_MIDDLE	6U
#define RPCRDMA2_CONNPROP_FINAL		7U
#define RPCRDMA2_CALL_EXTERNAL		8U
#define RPCRDMA2_CALL_MIDDLE		9U
#define RPCRDMA2_CALL_INLINE		10U
#define RPCRDMA2_REPLY_EXTERNAL		11U
#define RPCRDMA2_REPLY_MIDDLE		12U
#define RPCRDMA2_REPLY_INLINE		13U

/* rdma_err values of RDMA2_ERROR (v2-07, Sections 7 and 8.4) */
#define RPCRDMA2_ERR_VERS		1U
#define RPCRDMA2_ERR_BAD_XDR		2U
#define RPCRDMA2_ERR_BAD_PROPVAL	3U
#define RPCRDMA2_ERR_INVAL_HTYPE	4U
#define RPCRDMA2_ERR_INVAL_CONT		5U
#define RPCRDMA2_ERR_READ_CHUNKS	6U
#define RPCRDMA2_ERR_WRITE_CHUNKS	7U
#define RPCRDMA2_ERR_SEGMENTS		8U
#define RPCRDMA2_ERR_WRITE_RESOURCE	9U
#define RPCRDMA2_ERR_REPLY_RESOURCE	10U
#define RPCRDMA2_ERR_VERS_MISMATCH	11U
#define RPCRDMA2_ERR_SYSTEM		100U

/* Transport property ids (v2-07, Sections 5.2 and 8.3) */
#define RPCRDMA2_PROPID_SBSIZ		1U
#define RPCRDMA2_PROPID_RBSIZ		2U
#define RPCRDMA2_PROPID_RSSIZ		3U
#define RPCRDMA2_PROPID_RCSIZ		4U
#define RPCRDMA2_PROPID_BRS		5U
#define RPCRDMA2_PROPID_HOSTAUTH	6U
#define RPCRDMA2_PROPID_MAX		RPCRDMA2_PROPID_HOSTAUTH

/* Values of the BRS property (v2-07, Section 5.2.5) */
#define RPCRDMA2_RVRSDIR_NONE		0U
#define RPCRDMA2_RVRSDIR_SIMPLE		1U
#define RPCRDMA2_RVRSDIR_CONT		2U
#define RPCRDMA2_RVRSDIR_GENL		3U

/*
 * Inline threshold in both directions until transport properties say
 * otherwise (v2-07, Sections 4.2.2 and 4.3.1).
 */
#define RPCRDMA2_DEFAULT_INLINE		4096U
/*
 * Credit limits are below 2^31 - 1 (v2-07, Section 4.2.1), so a credit
 * value more than that ahead of the messages sent is one behind them.
 */
#define RPCRDMA2_CREDIT_MAX		0x7ffffffeU
#define RPCRDMA2_CREDIT_BEHIND		0x80000000U
/* The received-credits value of a new connection (Section 4.2.1) */
#define RPCRDMA2_INITIAL_CREDITS	1U

/*
 * rpcrdma2_propval: rdma_which, then rdma_data<> as length + bytes +
 * pad (v2-07, Section 5.1). The smallest one has empty rdma_data.
 */
#define RPCRDMA2_PROPVAL_MIN		(2 * RPCRDMA_XDR_UNIT)

/*
 * RFC 8797 private data ------------------------------------------------
 *
 * Layout (RFC 8797, Section 4): a 32-bit format identifier, then four
 * octets: version, flags, send size, receive size.
 */
#define RPCRDMA_CM_PRIV_MAGIC		0xf6ab0e18U
#define RPCRDMA_CM_PRIV_VERSION		1U
#define RPCRDMA_CM_PRIV_SIZE		8U
#define RPCRDMA_CM_PRIV_OFF_VERSION	4U
#define RPCRDMA_CM_PRIV_OFF_FLAGS	5U
#define RPCRDMA_CM_PRIV_OFF_SEND	6U
#define RPCRDMA_CM_PRIV_OFF_RECV	7U
/* Flag bit: the sender can receive Send With Invalidate */
#define RPCRDMA_CM_PRIV_F_REMOTE_INV	0x01U

/*
 * RFC 8797, Section 4.2: an inline threshold travels in one octet as
 * (size / 1024) - 1, so the encodable range is 1 KiB to 256 KiB.
 */
#define RPCRDMA_CM_SIZE_UNIT		1024U
#define RPCRDMA_CM_SIZE_MIN		RPCRDMA_CM_SIZE_UNIT
#define RPCRDMA_CM_SIZE_MAX		(256U * RPCRDMA_CM_SIZE_UNIT)

#endif /* _RPCRDMA_WIRE_H */
