// SPDX-License-Identifier: GPL-2.0
/*
 * style_keyfile.c - a sorted set of 64-bit keys in a file, looked up in
 * place (style_keyfile.h).
 *
 * The file: a head (struct head), the directory (1 << bits, plus one,
 * 32-bit indexes: where the keys whose top bits are B start, and where
 * they end, padded to 8 bytes), then the keys, sorted: a lookup reads
 * two words of the directory and searches the keys of one entry.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "style_keyfile.h"
#include "style_map.h"

/* "STYLEKF1" read in this machine's byte order: another's is not read. */
#define KEYFILE_MAGIC	0x31464b454c595453ULL
#define MAX_BITS	24

struct head {
	unsigned long long magic;
	unsigned long long covered;
	unsigned long long last;
	unsigned long long count;
	unsigned int bits, zero;
};

/* The bytes of the directory for BITS, padded to 8. */
static size_t dir_bytes(unsigned int bits)
{
	return ((((size_t)1 << bits) + 1) * sizeof(unsigned int) + 7) & ~(size_t)7;
}

static size_t bucket(unsigned long long key, unsigned int bits)
{
	return bits ? (size_t)(key >> (64 - bits)) : 0;
}

void style_keyfile_map(struct style_keyfile *kf, const char *path,
		       unsigned long long log_size)
{
	const struct head *h;
	const unsigned int *dir;
	struct stat st;
	void *map;
	int fd;

	memset(kf, 0, sizeof(*kf));
	fd = style_map_open(path, sizeof(*h) + dir_bytes(0), &st);
	if (fd < 0)
		return;
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return;
	h = (const struct head *)map;
	dir = (const unsigned int *)(h + 1);
	/* Whole, this machine's, within the log, and consistent. */
	if (h->magic != KEYFILE_MAGIC || h->bits > MAX_BITS ||
	    h->covered > log_size || h->covered % 8 ||
	    h->count > (unsigned long long)st.st_size ||
	    (size_t)st.st_size != sizeof(*h) + dir_bytes(h->bits) +
				  h->count * sizeof(*kf->keys) ||
	    dir[0] != 0 || dir[(size_t)1 << h->bits] != h->count) {
		munmap(map, st.st_size);
		return;
	}
	kf->map = map;
	kf->map_size = st.st_size;
	kf->dir = dir;
	kf->bits = h->bits;
	kf->keys = (const unsigned long long *)((const char *)dir +
						dir_bytes(h->bits));
	kf->count = h->count;
	kf->covered = h->covered;
	kf->last = h->last;
}

/*
 * HINT_KEYS: how far past the last lookup's place a lookup looks before
 * it searches.  A header's records share their top bits (style_records.c),
 * and so an entry, which may hold hundreds of them; within it they
 * follow the lines of the functions, which a compile looks up in that
 * order: the next one is a few keys on, in the cache line of the last
 * or the next, where a binary search of the entry would touch some
 * eight lines, cold after GCC parsed a function body (issue 31).
 */
#define HINT_KEYS 8

void style_keyfile_span(const struct style_keyfile *kf, unsigned long long key,
			struct style_keyfile_span *span)
{
	size_t b;

	memset(span, 0, sizeof(*span));
	if (!kf->count)
		return;
	b = bucket(key, kf->bits);
	span->lo = kf->dir[b];
	span->end = kf->dir[b + 1] < kf->count ? kf->dir[b + 1] : kf->count;
	span->hint = span->lo;
}

bool style_keyfile_span_has(const struct style_keyfile *kf,
			    struct style_keyfile_span *span,
			    unsigned long long key)
{
	size_t lo = span->lo, hi = span->end, end = span->end;
	size_t i = span->hint;

	if (i < end && kf->keys[i] <= key) {
		for (size_t n = 0; n < HINT_KEYS && i < end && kf->keys[i] < key; n++)
			i++;
		if (i == end || kf->keys[i] >= key) {
			span->hint = i;
			return i < end && kf->keys[i] == key;
		}
		lo = i;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (kf->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	span->hint = lo;
	return lo < end && kf->keys[lo] == key;
}

bool style_keyfile_has(struct style_keyfile *kf, unsigned long long key)
{
	struct style_keyfile_span span;
	bool has;

	style_keyfile_span(kf, key, &span);
	if (kf->hint >= span.lo && kf->hint < span.end)
		span.hint = kf->hint;
	has = style_keyfile_span_has(kf, &span, key);
	kf->hint = span.hint;
	return has;
}

static int key_order(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* OUT: the keys of A (N_A, sorted) and B (N_B, sorted), once each. */
static size_t merge_keys(unsigned long long *out,
			 const unsigned long long *a, size_t n_a,
			 const unsigned long long *b, size_t n_b)
{
	size_t i = 0, j = 0, n = 0;

	while (i < n_a || j < n_b) {
		unsigned long long k;

		if (j == n_b || (i < n_a && a[i] <= b[j]))
			k = a[i++];
		else
			k = b[j++];
		if (!n || out[n - 1] != k)
			out[n++] = k;
	}
	return n;
}

/* Write SIZE bytes of BUF to PATH through a file of its own, renamed. */
static void write_renamed(const char *path, const char *buf, size_t size)
{
	size_t len = strlen(path) + 32, done = 0;
	char *tmp = (char *)malloc(len);
	int fd;

	if (!tmp)
		return;
	snprintf(tmp, len, "%s.%ld.tmp", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		while (done < size) {
			ssize_t n = write(fd, buf + done, size - done);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			done += n;
		}
		if (close(fd) || done < size || rename(tmp, path))
			unlink(tmp);
	}
	errno = 0;	/* no index: the log is read whole, as before */
	free(tmp);
}

void style_keyfile_write(const char *path, const struct style_keyfile *kf,
			 unsigned long long *more, size_t n,
			 unsigned long long covered, unsigned long long last)
{
	size_t most = kf->count + n, count, size, k = 0;
	unsigned int bits = 0, *dir;
	unsigned long long *keys;
	struct head *h;
	char *buf;

	while (bits < MAX_BITS && ((size_t)4 << bits) < most)
		bits++;
	size = sizeof(*h) + dir_bytes(bits) + most * sizeof(*keys);
	buf = (char *)style_map_alloc(size);
	h = (struct head *)buf;
	dir = (unsigned int *)(h + 1);
	keys = (unsigned long long *)((char *)dir + dir_bytes(bits));
	qsort(more, n, sizeof(*more), key_order);
	count = merge_keys(keys, kf->keys, kf->count, more, n);
	for (size_t b = 0; b <= (size_t)1 << bits; b++) {
		while (k < count && bucket(keys[k], bits) < b)
			k++;
		dir[b] = k;
	}
	memset(h, 0, sizeof(*h));
	h->magic = KEYFILE_MAGIC;
	h->covered = covered;
	h->last = last;
	h->count = count;
	h->bits = bits;
	write_renamed(path, buf,
		      sizeof(*h) + dir_bytes(bits) + count * sizeof(*keys));
	style_map_free(buf, size);
}

void style_keyfile_unmap(struct style_keyfile *kf)
{
	if (kf->map)
		munmap(kf->map, kf->map_size);
	memset(kf, 0, sizeof(*kf));
}
