/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for <linux/export.h>: nothing to export to, and
 * the codec's own exports go through codec_types.h instead.
 */
#ifndef _SHIM_LINUX_EXPORT_H
#define _SHIM_LINUX_EXPORT_H

#endif
