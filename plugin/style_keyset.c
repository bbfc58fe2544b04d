// SPDX-License-Identifier: GPL-2.0
/*
 * style_keyset.c - a set of 64-bit keys (style_keyset.h).
 */

#include <stdlib.h>

#include "style_keyset.h"
#include "style_map.h"

/* SET with SIZE slots (a power of two), its keys kept. */
static void keyset_resize(struct style_keyset *set, size_t size)
{
	unsigned long long *old = set->slot;
	size_t old_size = set->size;

	set->size = size;
	set->slot = (unsigned long long *)
		style_map_resize(NULL, 0, set->size * sizeof(*old));
	set->count = 0;
	for (size_t i = 0; i < old_size; i++)
		if (old[i])
			style_keyset_add(set, old[i]);
	style_map_free(old, old_size * sizeof(*old));
}

void style_keyset_reserve(struct style_keyset *set, size_t count)
{
	size_t size = set->size ? set->size : set->min_size;

	while (4 * count > 3 * size)
		size *= 2;
	if (size != set->size)
		keyset_resize(set, size);
}

bool style_keyset_add(struct style_keyset *set, unsigned long long key)
{
	size_t i, mask;

	if (4 * (set->count + 1) > 3 * set->size)
		keyset_resize(set, set->size ? 2 * set->size : set->min_size);
	mask = set->size - 1;
	/* Keys differ in their high bits: mix them into the index. */
	for (i = (key * 0x9e3779b97f4a7c15ULL >> 17) & mask;
	     set->slot[i]; i = (i + 1) & mask)
		if (set->slot[i] == key)
			return false;
	set->slot[i] = key;
	set->count++;
	return true;
}

void style_keyset_release(struct style_keyset *set)
{
	style_map_free(set->slot, set->size * sizeof(*set->slot));
	set->slot = NULL;
	set->size = 0;
	set->count = 0;
}

unsigned long long style_fnv1a(unsigned long long h, const void *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}
