/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_keyset.h - a set of 64-bit keys, open addressing, grown at three
 * quarters: the per-compile dedupe of reports (style_report.c) and the
 * header functions known to be checked (style_records.c); and FNV-1a, the
 * hash the plugin makes keys with.  No GCC header.
 */
#ifndef STYLE_KEYSET_H
#define STYLE_KEYSET_H

#include <stddef.h>

struct style_keyset {
	unsigned long long *slot;	/* 0: an empty slot */
	size_t size, count;
	size_t min_size;		/* the first allocation: a power of 2 */
};

#pragma GCC visibility push(hidden)

/* Add KEY (not 0) to SET; false if it was there already. */
bool style_keyset_add(struct style_keyset *set, unsigned long long key);

/* Make room in SET for COUNT keys, so that adding them grows nothing. */
void style_keyset_reserve(struct style_keyset *set, size_t count);

/* Empty SET and give its memory back. */
void style_keyset_release(struct style_keyset *set);

/* FNV-1a of the N bytes at S, continuing from H (first STYLE_FNV_START). */
#define STYLE_FNV_START 14695981039346656037ULL
unsigned long long style_fnv1a(unsigned long long h, const void *s, size_t n);

#pragma GCC visibility pop

#endif
