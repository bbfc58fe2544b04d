/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_map.h - the plugin's larger tables in an anonymous mapping of its
 * own, not in the compiler's heap, and the files they are read from.
 * Freed heap memory stays in cc1's resident set, and its free chunks are
 * pages cc1 never touched until the plugin did: a table here costs only
 * until style_map_trim(), which the plugin calls at
 * PLUGIN_ALL_IPA_PASSES_START, before the back end.  No GCC header.
 */
#ifndef STYLE_MAP_H
#define STYLE_MAP_H

#include <stddef.h>
#include <sys/stat.h>

#pragma GCC visibility push(hidden)

/*
 * P (NULL, or a table from here of OLD bytes) grown to NEW bytes, the
 * new part zero; P's contents are kept.  Exits on running out of memory,
 * as xrealloc does.
 */
void *style_map_resize(void *p, size_t old_size, size_t new_size);

/* A table of SIZE bytes, not cleared.  Exits on running out of memory. */
void *style_map_alloc(size_t size);

/*
 * Give back P, a table of SIZE bytes from style_map_resize (or NULL), or
 * a mapping of SIZE bytes of its own.  Its pages stay the plugin's, for
 * the next table, until style_map_trim().
 */
void style_map_free(void *p, size_t size);

/* The pages of the tables freed go back to the system. */
void style_map_trim(void);

/*
 * PATH opened to read if it is a regular file of at least MIN_SIZE bytes
 * (*ST its stat), without waiting on a FIFO put in its place; else -1.
 */
int style_map_open(const char *path, size_t min_size, struct stat *st);

#pragma GCC visibility pop

#endif
