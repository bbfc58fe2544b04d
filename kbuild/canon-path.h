/* SPDX-License-Identifier: GPL-2.0 */
/*
 * canon-path.h - canon(): a source path as the proof's tools compare it,
 * for kbuild/compare-elf.c and kbuild/compare-tokens.c (each a single
 * file built with the host's cc: scripts/lib.sh host_tool).
 */
#ifndef CANON_PATH_H
#define CANON_PATH_H

#include <string.h>

/*
 * A path without "." components and with "DIR/.." taken out, in place:
 * kbuild names drivers/firmware/efi/libstub/../../../../lib/X.c.
 */
static inline void canon(char *path)
{
	char *out = path, *p = path, *end = path + strlen(path), *seg;
	size_t n;

	while (p < end) {
		seg = p;
		while (p < end && *p != '/')
			p++;
		n = p - seg;
		p++;	/* past the '/' (or the end) */
		if ((n == 0 && out != path) || (n == 1 && seg[0] == '.'))
			continue;
		if (n == 2 && seg[0] == '.' && seg[1] == '.' && out > path) {
			char *prev = out - 1;	/* the '/' after the last segment kept */

			while (prev > path && prev[-1] != '/')
				prev--;
			if (!(out - prev == 3 && prev[0] == '.' && prev[1] == '.')) {
				out = prev;
				continue;
			}
		}
		memmove(out, seg, n);
		out += n;
		*out++ = '/';
	}
	if (out - 1 > path && out[-1] == '/')
		out--;
	*out = '\0';
}

#endif
