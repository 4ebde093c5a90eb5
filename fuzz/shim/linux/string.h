/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in for <linux/string.h> */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <string.h>

static inline long strscpy(char *dst, const char *src, size_t size)
{
	size_t len = strnlen(src, size);

	if (!size)
		return -1;
	if (len == size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
	return len;
}

#endif
