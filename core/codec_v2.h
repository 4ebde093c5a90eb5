/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internal interface between the version 2 header codec and its
 * property-set part.
 */
#ifndef _RPCRDMA_CODEC_V2_H
#define _RPCRDMA_CODEC_V2_H

#include "codec_internal.h"

enum rpcrdma_codec_err rpcrdma_v2_dec_props(struct rpcrdma_xdr *x,
					    struct rpcrdma_v2_props *pr);
bool rpcrdma_v2_props_valid(const struct rpcrdma_v2_props *pr);
u64 rpcrdma_v2_props_size(const struct rpcrdma_v2_props *pr);
bool rpcrdma_v2_enc_props(struct rpcrdma_xdw *w,
			  const struct rpcrdma_v2_props *pr);
int rpcrdma_v2_err_words(u32 code);
bool rpcrdma_v2_enc_error(struct rpcrdma_xdw *w,
			  const struct rpcrdma_v2_error *e);

#endif /* _RPCRDMA_CODEC_V2_H */
