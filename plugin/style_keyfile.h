/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_keyfile.h - a sorted set of 64-bit keys in a file, looked up in
 * place: the index of the records once=DIR keeps (style_records.c).
 *
 * The file covers the first bytes of a log of keys (8 bytes each, in
 * this machine's byte order, bit 0 set), and names the last key it
 * covers, which the log must hold there (not a log made anew).  It
 * holds those keys sorted, without repeats, after a directory of where
 * the keys with each value of their top bits start, so that a lookup
 * reads two words of the directory and searches the keys of one entry
 * (a header's, style_records.c).  A compile maps it
 * (the page cache's pages: nothing copied, no table built) instead of
 * inserting every key of the log into a table of its own.  No GCC
 * header.
 */
#ifndef STYLE_KEYFILE_H
#define STYLE_KEYFILE_H

#include <stddef.h>

struct style_keyfile {
	const unsigned long long *keys;
	const unsigned int *dir;
	size_t count;
	unsigned int bits;
	unsigned long long covered;	/* bytes of the log */
	unsigned long long last;	/* its key at covered - 8 */
	void *map;
	size_t map_size;
	size_t hint;	/* where the last lookup ended */
};

/* The keys of one directory entry, and where the last lookup ended. */
struct style_keyfile_span {
	size_t lo, end, hint;
};

#pragma GCC visibility push(hidden)

/*
 * Map the keyfile PATH into KF if it is whole and covers at most
 * LOG_SIZE bytes; KF stays empty (covering nothing) otherwise.
 */
void style_keyfile_map(struct style_keyfile *kf, const char *path,
		       unsigned long long log_size);

/* Whether KF holds KEY. */
bool style_keyfile_has(struct style_keyfile *kf, unsigned long long key);

/*
 * SPAN: where KF holds the keys of KEY's top bits (a directory entry:
 * the records of one header, style_records.c), and where the last lookup
 * in it ended.  Found once for a header, it spares each lookup of the
 * header's functions the directory: a cache line and a page fewer.
 */
void style_keyfile_span(const struct style_keyfile *kf, unsigned long long key,
			struct style_keyfile_span *span);

/*
 * Whether KF holds KEY, whose top bits are those SPAN was found for.
 * Hot: on the path of every function body a compile parses, placed with
 * the others of that path (style_compat.h).
 */
bool style_keyfile_span_has(const struct style_keyfile *kf,
			    struct style_keyfile_span *span,
			    unsigned long long key) __attribute__((__hot__));

/*
 * Write PATH anew, atomically (a file of its own, renamed): the keys of
 * KF and the N keys MORE (sorted here), covering COVERED bytes of the
 * log, whose last key is LAST.
 */
void style_keyfile_write(const char *path, const struct style_keyfile *kf,
			 unsigned long long *more, size_t n,
			 unsigned long long covered, unsigned long long last);

void style_keyfile_unmap(struct style_keyfile *kf);

#pragma GCC visibility pop

#endif
