// SPDX-License-Identifier: GPL-2.0
/*
 * style_map.c - tables in mappings of their own (style_map.h).
 *
 * One mapping, reserved once (address space only: no memory is committed
 * until a page is touched), holds every table in blocks of a power of two
 * pages.  A freed block is kept for the next table of its size, so a
 * table costs no system call; style_map_trim() gives the pages of the
 * free blocks back to the system (madvise), a few calls for all of them.
 * A mapping per table, unmapped when freed, cost an mmap and a munmap
 * each: some 700 of each in a compile of net/mac80211/rate.c (issue 31).
 * A table the arena cannot hold gets a mapping of its own, as before.
 */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "style_map.h"

#define ARENA_SIZE	((size_t)1 << 30)
#define MAX_FREE	256

static char *arena;		/* MAP_FAILED: no arena, a mapping each */
static size_t arena_used;

/* The free blocks: their pages back to the system when clean. */
static struct free_block {
	char *p;
	size_t size;
	bool clean;
} free_blocks[MAX_FREE];
static int n_free;

static size_t page_size(void)
{
	static size_t page;

	if (!page)
		page = (size_t)sysconf(_SC_PAGESIZE);
	return page;
}

/* SIZE rounded up to whole pages: what a mapping of SIZE bytes takes. */
static size_t map_pages(size_t size)
{
	size_t page = page_size();

	return (size + page - 1) / page * page;
}

/* The size of the arena block that holds SIZE bytes: pages, a power of 2. */
static size_t block_size(size_t size)
{
	size_t b = page_size();

	while (b < size)
		b *= 2;
	return b;
}

static bool in_arena(const void *p)
{
	return arena && arena != MAP_FAILED && (const char *)p >= arena &&
	       (const char *)p < arena + ARENA_SIZE;
}

static void out_of_memory(size_t size)
{
	fprintf(stderr, "style_plugin: out of memory (%zu bytes)\n", size);
	exit(1);
}

/*
 * A block of BSIZE bytes, its first SIZE zero (unless !ZERO); NULL if
 * the arena is full.
 */
static char *arena_alloc(size_t bsize, size_t size, bool zero)
{
	char *p;

	if (!arena) {
		arena = (char *)mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
				     -1, 0);
		arena_used = 0;
	}
	if (arena == MAP_FAILED)
		return NULL;
	for (int i = n_free - 1; i >= 0; i--) {
		if (free_blocks[i].size != bsize)
			continue;
		p = free_blocks[i].p;
		if (zero && !free_blocks[i].clean)
			memset(p, 0, size);
		free_blocks[i] = free_blocks[--n_free];
		return p;
	}
	if (bsize > ARENA_SIZE - arena_used)
		return NULL;
	p = arena + arena_used;
	arena_used += bsize;
	return p;		/* never touched: zero */
}

static void arena_free(char *p, size_t bsize)
{
	if (n_free == MAX_FREE) {
		/* Not kept: its address space is lost, its pages given back. */
		madvise(p, bsize, MADV_DONTNEED);
		return;
	}
	free_blocks[n_free].p = p;
	free_blocks[n_free].size = bsize;
	free_blocks[n_free].clean = false;
	n_free++;
}

void *style_map_resize(void *p, size_t old_size, size_t new_size)
{
	size_t nb = block_size(new_size);
	void *q;

	if (p && in_arena(p)) {
		size_t ob = block_size(old_size);

		if (nb == ob) {
			if (new_size > old_size)
				memset((char *)p + old_size, 0,
				       new_size - old_size);
			return p;
		}
		q = arena_alloc(nb, new_size, true);
		if (!q) {
			q = mmap(NULL, map_pages(new_size),
				 PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (q == MAP_FAILED)
				out_of_memory(new_size);
		}
		memcpy(q, p, old_size < new_size ? old_size : new_size);
		arena_free((char *)p, ob);
		return q;
	}
	if (p && map_pages(new_size) == map_pages(old_size))
		return p;
	if (!p) {
		q = arena_alloc(nb, new_size, true);
		if (q)
			return q;
		q = mmap(NULL, map_pages(new_size), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	} else {
		/* Moved pages keep their contents; new ones are zero. */
		q = mremap(p, map_pages(old_size), map_pages(new_size),
			   MREMAP_MAYMOVE);
	}
	if (q == MAP_FAILED)
		out_of_memory(new_size);
	return q;
}

void *style_map_alloc(size_t size)
{
	void *p = arena_alloc(block_size(size), size, false);

	return p ? p : style_map_resize(NULL, 0, size);
}

void style_map_free(void *p, size_t size)
{
	if (!p)
		return;
	if (in_arena(p))
		arena_free((char *)p, block_size(size));
	else
		munmap(p, map_pages(size));
}

static int by_address(const void *a, const void *b)
{
	const struct free_block *x = (const struct free_block *)a;
	const struct free_block *y = (const struct free_block *)b;

	return x->p < y->p ? -1 : x->p > y->p;
}

void style_map_trim(void)
{
	int i = 0;

	qsort(free_blocks, n_free, sizeof(free_blocks[0]), by_address);
	while (i < n_free) {
		char *start = free_blocks[i].p;
		char *end = start;
		bool dirty = false;

		/* Adjacent free blocks: one call. */
		for (; i < n_free && free_blocks[i].p == end; i++) {
			end += free_blocks[i].size;
			dirty |= !free_blocks[i].clean;
			free_blocks[i].clean = true;
		}
		if (dirty)
			madvise(start, end - start, MADV_DONTNEED);
	}
}

int style_map_open(const char *path, size_t min_size, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return -1;
	if (fstat(fd, st) || !S_ISREG(st->st_mode) ||
	    (size_t)st->st_size < min_size) {
		close(fd);
		return -1;
	}
	return fd;
}
