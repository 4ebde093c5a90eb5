// SPDX-License-Identifier: GPL-2.0-only
/*
 * What each codec error means for the receiver: the action to take and,
 * for version 2, the rdma_err to answer with.
 */

#include "codec_internal.h"

struct rpcrdma_err_info {
	const char *ei_name;
	/* action when the message was a request we may answer */
	u8 ei_responder;
	/* action when the message was a Reply */
	u8 ei_requester;
	/* RDMA2_ERR_* for an RPCRDMA_ACT_ERR_* answer in version 2 */
	u8 ei_v2err;
};

/*
 * A malformed request is answered: ERR_VERS for a version we do not
 * speak (RFC 8166, Section 4.5.1; v2-07, Section 7.1.1), ERR_CHUNK for
 * anything else wrong in the header (RFC 8166, Section 4.5.2, which also
 * covers unknown rdma_proc values; v2-07, Sections 7.1 to 7.3 give the
 * finer RDMA2_ERR_* codes). RDMA_MSGP and RDMA_DONE are no longer
 * supported (RFC 8166, Section 4.6): a Responder answers RDMA_MSGP
 * with ERR_CHUNK and a Requester discards it, as Section 4.6.1 asks,
 * and any receiver discards RDMA_DONE silently (Section 4.6.2).
 *
 * A message too short to hold the prefix is dropped without an answer
 * (its xid cannot be trusted, v2-07, Section 7), and so is a Version 1
 * message of fewer than 28 octets at a Responder (RFC 8166, Section
 * 4.5: discarded before any parsing) and an error report we cannot
 * understand (v2-07, Section 7: "silently discard").
 *
 * Only a Responder sends RDMA_ERROR (RFC 8166, Section 4.2.4). A
 * Requester that cannot parse a Reply no longer knows the state of the
 * chunks it registered or of its credits (RFC 8166, Section 3.3.1), so
 * it closes the connection; the RPC is retransmitted on a new one.
 */
#define ANSWER(name, v2)	{ name, RPCRDMA_ACT_ERR_CHUNK, \
				  RPCRDMA_ACT_CLOSE, RPCRDMA2_ERR_##v2 }
#define DROPPED(name)		{ name, RPCRDMA_ACT_DROP, \
				  RPCRDMA_ACT_DROP, RPCRDMA2_ERR_BAD_XDR }
#define PRIVDATA(name)		{ name, RPCRDMA_ACT_DEFAULTS, \
				  RPCRDMA_ACT_DEFAULTS, RPCRDMA2_ERR_BAD_XDR }

static const struct rpcrdma_err_info rpcrdma_err_table[RPCRDMA_CE_MAX] = {
	[RPCRDMA_CE_OK]		= { "ok", RPCRDMA_ACT_NONE, RPCRDMA_ACT_NONE,
				    RPCRDMA2_ERR_SYSTEM },
	[RPCRDMA_CE_SHORT_PREFIX] = DROPPED("short-prefix"),
	[RPCRDMA_CE_SHORT_HDR]	= DROPPED("short-header"),
	[RPCRDMA_CE_VERS]	= { "vers", RPCRDMA_ACT_ERR_VERS,
				    RPCRDMA_ACT_CLOSE, RPCRDMA2_ERR_VERS },
	[RPCRDMA_CE_PROC]	= ANSWER("proc", INVAL_HTYPE),
	/* RFC 8166, Section 4.6.1: ERR_CHUNK from a Responder, a Requester
	 * discards it silently
	 */
	[RPCRDMA_CE_DEPRECATED]	= { "deprecated", RPCRDMA_ACT_ERR_CHUNK,
				    RPCRDMA_ACT_DROP, RPCRDMA2_ERR_INVAL_HTYPE },
	[RPCRDMA_CE_DONE]	= DROPPED("rdma-done"),
	[RPCRDMA_CE_UNEXPECTED]	= DROPPED("unexpected"),
	[RPCRDMA_CE_SHORT]	= ANSWER("short", BAD_XDR),
	[RPCRDMA_CE_DISCRIM]	= ANSWER("discrim", BAD_XDR),
	[RPCRDMA_CE_READ_SEGS]	= ANSWER("read-segs", SEGMENTS),
	[RPCRDMA_CE_READ_CHUNKS] = ANSWER("read-chunks", READ_CHUNKS),
	[RPCRDMA_CE_WRITE_CHUNKS] = ANSWER("write-chunks", WRITE_CHUNKS),
	[RPCRDMA_CE_CHUNK_SEGS]	= ANSWER("chunk-segs", SEGMENTS),
	[RPCRDMA_CE_ZERO_LENGTH] = ANSWER("zero-length", BAD_XDR),
	[RPCRDMA_CE_OVERFLOW]	= ANSWER("overflow", BAD_XDR),
	[RPCRDMA_CE_TOO_LONG]	= ANSWER("too-long", BAD_XDR),
	[RPCRDMA_CE_POS_ALIGN]	= ANSWER("pos-align", BAD_XDR),
	[RPCRDMA_CE_POS_RANGE]	= ANSWER("pos-range", BAD_XDR),
	[RPCRDMA_CE_POS_ORDER]	= ANSWER("pos-order", BAD_XDR),
	[RPCRDMA_CE_POS_ZERO]	= ANSWER("pos-zero", BAD_XDR),
	[RPCRDMA_CE_NO_BODY]	= ANSWER("no-body", BAD_XDR),
	[RPCRDMA_CE_SHORT_MSG]	= ANSWER("short-msg", BAD_XDR),
	[RPCRDMA_CE_XID]	= ANSWER("xid", BAD_XDR),
	[RPCRDMA_CE_READS_IN_REPLY] = ANSWER("reads-in-reply", BAD_XDR),
	[RPCRDMA_CE_INV_HANDLE]	= ANSWER("inv-handle", BAD_XDR),
	[RPCRDMA_CE_ERR_UNKNOWN] = DROPPED("err-unknown"),
	[RPCRDMA_CE_ERR_BODY]	= DROPPED("err-body"),
	[RPCRDMA_CE_PROPVAL]	= ANSWER("propval", BAD_PROPVAL),
	[RPCRDMA_CE_PROPS]	= ANSWER("props", BAD_XDR),
	[RPCRDMA_CE_REMAINING]	= ANSWER("remaining", INVAL_CONT),
	[RPCRDMA_CE_CONT]	= ANSWER("cont", INVAL_CONT),
	/*
	 * Private data that is absent, foreign or of an unknown version
	 * leaves the RFC 8166 defaults in force (RFC 8797, Section 5.1).
	 */
	[RPCRDMA_CE_CM_SHORT]	= PRIVDATA("cm-short"),
	[RPCRDMA_CE_CM_MAGIC]	= PRIVDATA("cm-magic"),
	[RPCRDMA_CE_CM_VERSION]	= PRIVDATA("cm-version"),
	[RPCRDMA_CE_NOSPACE]	= { "nospace", RPCRDMA_ACT_GROW,
				    RPCRDMA_ACT_GROW, RPCRDMA2_ERR_SYSTEM },
	[RPCRDMA_CE_INVAL]	= { "inval", RPCRDMA_ACT_BUG,
				    RPCRDMA_ACT_BUG, RPCRDMA2_ERR_SYSTEM },
};

static const struct rpcrdma_err_info *rpcrdma_err_info(enum rpcrdma_codec_err err)
{
	if ((unsigned int)err >= RPCRDMA_CE_MAX)
		err = RPCRDMA_CE_INVAL;
	return &rpcrdma_err_table[err];
}

/**
 * rpcrdma_codec_action - what to do about a codec result
 * @err: value returned by a decoder or encoder
 * @role: RPCRDMA_ROLE_RESPONDER when the message was a request that may
 *	be answered (a Call, or a v2 control message such as CONNPROP),
 *	RPCRDMA_ROLE_REQUESTER when it was a Reply or an error report
 *
 * Return: the action, RPCRDMA_ACT_NONE for RPCRDMA_CE_OK.
 */
enum rpcrdma_codec_action rpcrdma_codec_action(enum rpcrdma_codec_err err,
					       enum rpcrdma_codec_role role)
{
	const struct rpcrdma_err_info *ei = rpcrdma_err_info(err);

	if (role == RPCRDMA_ROLE_REQUESTER)
		return ei->ei_requester;
	return ei->ei_responder;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_codec_action);

/**
 * rpcrdma_v2_errcode - rdma_err for the RDMA2_ERROR answering @err
 * @err: a decoder result whose action is RPCRDMA_ACT_ERR_VERS or
 *	RPCRDMA_ACT_ERR_CHUNK
 *
 * Return: an RPCRDMA2_ERR_* value (v2-07, Section 7).
 */
u32 rpcrdma_v2_errcode(enum rpcrdma_codec_err err)
{
	return rpcrdma_err_info(err)->ei_v2err;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_errcode);

/**
 * rpcrdma_codec_err_name - short name of a codec result, for tracing
 * @err: a codec result
 *
 * Return: a static string; "inval" for values out of range.
 */
const char *rpcrdma_codec_err_name(enum rpcrdma_codec_err err)
{
	return rpcrdma_err_info(err)->ei_name;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_codec_err_name);
