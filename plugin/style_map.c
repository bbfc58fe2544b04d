// SPDX-License-Identifier: GPL-2.0
/*
 * style_map.c - tables in mappings of their own (style_map.h).
 */

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "style_map.h"

/* SIZE rounded up to whole pages: what a mapping of SIZE bytes takes. */
static size_t map_pages(size_t size)
{
	static size_t page;

	if (!page)
		page = (size_t)sysconf(_SC_PAGESIZE);
	return (size + page - 1) / page * page;
}

void *style_map_resize(void *p, size_t old_size, size_t new_size)
{
	void *q;

	if (p && map_pages(new_size) == map_pages(old_size))
		return p;
	if (!p)
		q = mmap(NULL, map_pages(new_size), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else
		/* Moved pages keep their contents; new ones are zero. */
		q = mremap(p, map_pages(old_size), map_pages(new_size),
			   MREMAP_MAYMOVE);
	if (q == MAP_FAILED) {
		fprintf(stderr, "style_plugin: out of memory (%zu bytes)\n",
			new_size);
		exit(1);
	}
	return q;
}

void style_map_free(void *p, size_t size)
{
	if (p)
		munmap(p, map_pages(size));
}
