/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The little the wire codec needs from its environment, so that the same
 * codec sources build in the kernel and in userspace (fuzzer, unit
 * tests). The codec .c files include nothing else.
 */
#ifndef _RPCRDMA_CODEC_TYPES_H
#define _RPCRDMA_CODEC_TYPES_H

#ifdef __KERNEL__

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <rpcrdma/compat.h>	/* and the unaligned accessors */

#define EXPORT_SYMBOL_RPCRDMA_CODEC	RPCRDMA_EXPORT

#else /* userspace */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The LP64 model of every platform the tools build on, as in the kernel */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#ifndef U32_MAX
#define U32_MAX		UINT32_MAX
#endif
#ifndef U64_MAX
#define U64_MAX		UINT64_MAX
#endif

/* No symbol table to export to: declare something harmless instead */
#define EXPORT_SYMBOL_RPCRDMA_CODEC(sym)	extern int rpcrdma_codec_export_##sym

static inline u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static inline u64 get_unaligned_be64(const void *p)
{
	const u8 *b = p;

	return (u64)get_unaligned_be32(b) << 32 | get_unaligned_be32(b + 4);
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v >> 24;
	b[1] = v >> 16;
	b[2] = v >> 8;
	b[3] = v;
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	u8 *b = p;

	put_unaligned_be32(v >> 32, b);
	put_unaligned_be32((u32)v, b + 4);
}

#endif /* __KERNEL__ */

#endif /* _RPCRDMA_CODEC_TYPES_H */
