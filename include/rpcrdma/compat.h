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
 * The transports' internals that only KUnit suites reach are exported
 * (EXPORT_SYMBOL_IF_KUNIT) in the kernel's EXPORTED_FOR_KUNIT_TESTING.
 */
#ifdef RPCRDMA_HAVE_STRING_NS
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "RPCRDMA")
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS("RPCRDMA")
#define RPCRDMA_IMPORT_KUNIT_NS() \
	MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define RPCRDMA_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, RPCRDMA)
#define RPCRDMA_IMPORT_NS()	MODULE_IMPORT_NS(RPCRDMA)
#define RPCRDMA_IMPORT_KUNIT_NS() \
	MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif

#endif /* _RPCRDMA_COMPAT_H */
