/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pieces shared by the version 1 and version 2 codecs: the chunk lists
 * have the same XDR in both (RFC 8166, Section 4.1.2; v2-07, Section
 * 8.3), and so do most of the checks on them.
 */
#ifndef _RPCRDMA_CODEC_INTERNAL_H
#define _RPCRDMA_CODEC_INTERNAL_H

#include "codec_xdr.h"
#include <rpcrdma/reverse.h>

/* Chunk list decoding, codec_chunks.c */
enum rpcrdma_codec_err rpcrdma_dec_read_list(struct rpcrdma_xdr *x,
					     struct rpcrdma_read_list *rl);
enum rpcrdma_codec_err rpcrdma_dec_write_list(struct rpcrdma_xdr *x,
					      struct rpcrdma_write_list *wl);
enum rpcrdma_codec_err rpcrdma_dec_reply_chunk(struct rpcrdma_xdr *x,
					       struct rpcrdma_chunks *ch);
enum rpcrdma_codec_err rpcrdma_dec_chunk_lists(struct rpcrdma_xdr *x,
					       struct rpcrdma_chunks *ch);

/* Chunk list encoding, codec_chunks.c */
bool rpcrdma_chunks_valid(const struct rpcrdma_chunks *ch);
bool rpcrdma_read_list_valid(const struct rpcrdma_read_list *rl);
size_t rpcrdma_read_list_size(const struct rpcrdma_read_list *rl);
size_t rpcrdma_write_list_size(const struct rpcrdma_write_list *wl);
size_t rpcrdma_reply_chunk_size(const struct rpcrdma_chunks *ch);
bool rpcrdma_enc_read_list(struct rpcrdma_xdw *w,
			   const struct rpcrdma_read_list *rl);
bool rpcrdma_enc_write_list(struct rpcrdma_xdw *w,
			    const struct rpcrdma_write_list *wl);
bool rpcrdma_enc_reply_chunk(struct rpcrdma_xdw *w,
			     const struct rpcrdma_chunks *ch);

/* Semantic checks, codec_check.c */
u64 rpcrdma_read_pos_zero_length(const struct rpcrdma_read_list *rl);
enum rpcrdma_codec_err rpcrdma_check_reads(const struct rpcrdma_read_list *rl,
					   u64 base, bool check_range,
					   u32 max_payload);
enum rpcrdma_codec_err rpcrdma_check_no_pos_zero(const struct rpcrdma_read_list *rl);
enum rpcrdma_codec_err rpcrdma_check_writes(const struct rpcrdma_chunks *ch,
					    u32 max_payload);
bool rpcrdma_chunks_have_handle(const struct rpcrdma_chunks *ch, u32 handle);
bool rpcrdma_read_list_has_handle(const struct rpcrdma_read_list *rl,
				  u32 handle);

/* Shared helpers, codec_common.c */
enum rpcrdma_codec_err rpcrdma_dec_prefix(struct rpcrdma_xdr *x,
					  struct rpcrdma_prefix *pfx);
bool rpcrdma_enc_prefix(struct rpcrdma_xdw *w,
			const struct rpcrdma_prefix *pfx);

/* Reverse-direction checks, codec_reverse.c */
enum rpcrdma_reverse_class rpcrdma_rev_classify(const struct rpcrdma_v1_msg *msg,
						const u8 *rpc, u32 msg_type);

#endif /* _RPCRDMA_CODEC_INTERNAL_H */
