// SPDX-License-Identifier: GPL-2.0-only
/*
 * Version 2 message sequencing: which header types may follow a MIDDLE
 * message, and that property exchange ends with CONNPROP_FINAL
 * (v2-07, Sections 6.3.3, 6.3.4, 6.3.6 and 6.3.9).
 */

#include "codec_internal.h"

static bool rpcrdma_v2_is_connprop(u32 htype)
{
	return htype == RPCRDMA2_CONNPROP_MIDDLE ||
	       htype == RPCRDMA2_CONNPROP_FINAL;
}

/**
 * rpcrdma_v2_check_sequence - may @htype arrive now from this peer?
 * @open: header type of the peer's last message if it was a MIDDLE
 *	(RPCRDMA2_CALL_MIDDLE, RPCRDMA2_REPLY_MIDDLE or
 *	RPCRDMA2_CONNPROP_MIDDLE) and so left a message open, else 0
 * @props_final: the peer has already sent RPCRDMA2_CONNPROP_FINAL
 * @htype: header type of the message just decoded
 *
 * A CALL_MIDDLE is followed only by CALL_MIDDLE or CALL_INLINE, a
 * REPLY_MIDDLE only by REPLY_MIDDLE or REPLY_INLINE, a CONNPROP_MIDDLE
 * only by CONNPROP_MIDDLE or CONNPROP_FINAL, and no CONNPROP type comes
 * after CONNPROP_FINAL. Otherwise the receiver answers
 * RDMA2_ERR_INVAL_CONT and drops the message.
 *
 * Return: RPCRDMA_CE_OK or RPCRDMA_CE_CONT.
 */
enum rpcrdma_codec_err rpcrdma_v2_check_sequence(u32 open, bool props_final,
						 u32 htype)
{
	bool ok;

	switch (open) {
	case RPCRDMA2_CALL_MIDDLE:
		ok = htype == RPCRDMA2_CALL_MIDDLE ||
		     htype == RPCRDMA2_CALL_INLINE;
		break;
	case RPCRDMA2_REPLY_MIDDLE:
		ok = htype == RPCRDMA2_REPLY_MIDDLE ||
		     htype == RPCRDMA2_REPLY_INLINE;
		break;
	case RPCRDMA2_CONNPROP_MIDDLE:
		ok = rpcrdma_v2_is_connprop(htype);
		break;
	default:
		ok = true;
		break;
	}
	if (props_final && rpcrdma_v2_is_connprop(htype))
		ok = false;
	return ok ? RPCRDMA_CE_OK : RPCRDMA_CE_CONT;
}
EXPORT_SYMBOL_RPCRDMA_CODEC(rpcrdma_v2_check_sequence);
