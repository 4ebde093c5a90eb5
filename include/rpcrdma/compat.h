/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel differences, in one place. The probes that set the
 * RPCRDMA_HAVE_* macros are in the top-level Kbuild.
 */
#ifndef _RPCRDMA_COMPAT_H
#define _RPCRDMA_COMPAT_H

#include <linux/export.h>
#include <linux/module.h>

/*
 * Everything core/ exports lives in the RPCRDMA symbol namespace. The
 * namespace argument is a bare token up to 6.12 and a string from 6.13.
 */
#ifdef RPCRDMA_HAVE_STRING_NS
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "RPCRDMA")
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS("RPCRDMA")
#else
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, RPCRDMA)
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS(RPCRDMA)
#endif

#endif /* _RPCRDMA_COMPAT_H */
