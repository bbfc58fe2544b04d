/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_map.h - the plugin's larger tables in anonymous mappings of their
 * own, not in the compiler's heap.  Freed heap memory stays in cc1's
 * resident set, and its free chunks are pages cc1 never touched until
 * the plugin did: a table here costs only while it is mapped, and the
 * plugin unmaps most at PLUGIN_ALL_IPA_PASSES_START, before the back end.
 * No GCC header.
 */
#ifndef STYLE_MAP_H
#define STYLE_MAP_H

#include <stddef.h>

#pragma GCC visibility push(hidden)

/*
 * P (NULL, or a table from here of OLD bytes) grown to NEW bytes, the
 * new part zero; P's contents are kept.  Exits on running out of memory,
 * as xrealloc does.
 */
void *style_map_resize(void *p, size_t old_size, size_t new_size);

/* Give back P, a table of SIZE bytes from style_map_resize (or NULL). */
void style_map_free(void *p, size_t size);

#pragma GCC visibility pop

#endif
