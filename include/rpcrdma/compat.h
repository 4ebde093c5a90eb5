/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-version differences, in one place.
 *
 * The symbol namespace argument of EXPORT_SYMBOL_NS_GPL() and
 * MODULE_IMPORT_NS() is a bare token up to 6.12 and a string literal from
 * 6.13 on; the wrappers below keep that out of the .c files.
 */
#ifndef _RPCRDMA_COMPAT_H
#define _RPCRDMA_COMPAT_H

#include <linux/export.h>
#include <linux/module.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, RPCRDMA)
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS(RPCRDMA)
#else
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "RPCRDMA")
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS("RPCRDMA")
#endif

#endif /* _RPCRDMA_COMPAT_H */
