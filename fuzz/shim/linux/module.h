/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in for the module header: metadata is dropped */
#ifndef _SHIM_LINUX_MODULE_H
#define _SHIM_LINUX_MODULE_H

#include <linux/export.h>

#define MODULE_DESCRIPTION(d)	extern const char shim_module_description[sizeof(d)]
#define MODULE_LICENSE(l)	extern const char shim_module_license[sizeof(l)]
#define MODULE_IMPORT_NS(ns)	extern int shim_module_import_##ns

#endif
