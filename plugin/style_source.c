// SPDX-License-Identifier: GPL-2.0
/*
 * style_source - the source text of style_plugin's checks
 *
 * The trees give where statements start; the ')' of a condition, 'else'
 * and 'do' are found in the source lines, read here.  No GCC header:
 * testsuite/unit/ tests this file on its own.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "style_lex.h"
#include "style_options.h"
#include "style_input.h"
#include "style_map.h"

/*
 * The source text, read back from the files.  GCC's own cache (for the
 * carets of diagnostics) finds a line by reading the file from a line
 * it recorded, and keeps few files: asked for lines all over a kernel
 * translation unit's headers it cost more than the compile itself.
 * Here each file is read once into memory with the offset of every
 * line.  Function bodies arrive header by header, so a few files cached
 * at a time are enough: kernel/params.c reads 182 files, fs/namei.c
 * 266; with 4 cached each is read once, with 1 a few (6, 8) twice.
 */
#define SRC_CACHE_FILES 4

struct src_file {
	const char *name;	/* the line map's file name */
	char *text;
	size_t size;
	int *line_start;	/* the offsets of the lines found so far */
	int n_lines, cap_lines;
	int lone_cr_line;	/* the first line ended by a lone '\r', or 0 */
	size_t scanned;		/* where the search for a line end goes on */
	size_t map_size;	/* the length of the mapping at text */
	unsigned int last_use;
};

static struct src_file src_cache[SRC_CACHE_FILES];
static unsigned int src_clock;

static bool said_stdin;

/*
 * The headers' text as libcpp read them, kept from when it entered each
 * one (style_source_keep): reading a header back costs an open, a read
 * and a close, which over a kernel unit's headers added a fifth to the
 * compile's system calls (issue 31).  One table holds them all, end to
 * end: address space, whose pages count only once written.  A header
 * past KEPT_TEXT_MAX is read back as before.
 */
#define KEPT_TEXT_MAX ((size_t)64 << 20)

struct kept_file {
	const char *name;	/* the line map's file name */
	const char *text;
	size_t size;
};

static char *kept_text;
static size_t kept_used;
static struct kept_file *kept;
static size_t n_kept, kept_cap;

/* The kept text of NAME, or NULL. */
static const struct kept_file *kept_find(const char *name)
{
	for (size_t i = n_kept; i-- > 0;)
		if (kept[i].name == name)
			return &kept[i];
	return NULL;
}

void style_source_keep(const char *name, const char *text, size_t size)
{
	if (kept_find(name))
		return;	/* entered again: the same file */
	if (!kept_text)
		kept_text = (char *)style_map_alloc(KEPT_TEXT_MAX);
	if (size + 1 > KEPT_TEXT_MAX - kept_used)
		return;
	if (n_kept == kept_cap) {
		size_t old = kept_cap * sizeof(*kept);

		kept_cap = kept_cap ? 2 * kept_cap : 256;
		kept = (struct kept_file *)style_map_resize(kept, old,
							    kept_cap * sizeof(*kept));
	}
	memcpy(kept_text + kept_used, text, size);
	kept_text[kept_used + size] = 0;
	kept[n_kept].name = name;
	kept[n_kept].text = kept_text + kept_used;
	kept[n_kept].size = size;
	n_kept++;
	kept_used += size + 1;
}

/*
 * Drop F's text and index.  Both are tables of style_map.c (or the text
 * a mapping of style_input.c's), kept for the next file read until
 * style_map_trim() gives their pages back.
 */
static void src_file_release(struct src_file *f)
{
	if (f->map_size)	/* else kept_text's */
		style_map_free(f->text, f->map_size);
	style_map_free(f->line_start, f->cap_lines * sizeof(int));
	memset(f, 0, sizeof(*f));
}

void style_source_release(void)
{
	for (int i = 0; i < SRC_CACHE_FILES; i++)
		src_file_release(&src_cache[i]);
	style_map_free(kept_text, KEPT_TEXT_MAX);
	style_map_free(kept, kept_cap * sizeof(*kept));
	kept_text = NULL;
	kept = NULL;
	kept_used = 0;
	n_kept = 0;
	kept_cap = 0;
	style_map_trim();
}

/*
 * The first read of a file: the size of the tables that hold its text
 * (virtual; only the pages read into count).  Nearly every header is
 * smaller, and read by one read(2) that comes back short: no stat.
 */
#define SRC_FIRST_READ (256 * 1024)

/*
 * Read the file open at FD into a table of style_map.c, followed by at
 * least one NUL.  Not malloc: a kernel unit reads some 200 headers (2-3
 * MB) one after the other, and the heap keeps the pages of freed
 * buffers, which raised cc1's peak RSS by the size of the cache.  Not a
 * mapping of the file itself: a file truncated during the compile would
 * make reading its pages fault (SIGBUS) and crash the compiler.  Only a
 * regular file is read whole: when a read fills the table, fstat says
 * whether it is one and how large; anything else (a device) is dropped.
 */
static void src_file_read(struct src_file *f, int fd)
{
	size_t cap = SRC_FIRST_READ, got = 0;
	struct stat st;
	ssize_t n;

	f->text = (char *)style_map_alloc(cap);
	for (;;) {
		n = read(fd, f->text + got, cap - 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
		if (got < cap - 1)
			break;	/* a short read of a regular file: its end */
		if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
			got = 0;
			break;
		}
		if ((size_t)st.st_size + 2 > cap) {
			size_t more = (size_t)st.st_size + 2;

			f->text = (char *)style_map_resize(f->text, cap, more);
			cap = more;
		}
	}
	if (!got) {
		style_map_free(f->text, cap);
		f->text = NULL;
		return;
	}
	f->text[got] = 0;
	f->size = got;
	f->map_size = cap;
}

static void src_file_load(struct src_file *f, const char *name)
{
	const struct kept_file *k;
	int fd;

	src_file_release(f);
	f->name = name;
	k = kept_find(name);
	if (k) {
		f->text = (char *)k->text;
		f->size = k->size;
		return;
	}
	/*
	 * "<stdin>" (not kept: a BOM, -finput-charset), "<built-in>": no
	 * file to read back, even if the current directory holds one of
	 * that name.
	 */
	if (name[0] == '<' && name[strlen(name) - 1] == '>') {
		if (!strcmp(name, "<stdin>"))
			note_once(&said_stdin,
				  "style_plugin: code read from standard input is not checked");
		return;
	}
	/* O_NONBLOCK: opening a FIFO would wait for a writer. */
	fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd >= 0) {
		src_file_read(f, fd);
		close(fd);
	}
	/* No file (an icecc node): its lines in -fdirectives-only input. */
	if (!f->text)
		f->text = style_input_file_text(name, &f->size, &f->map_size);
}

/*
 * Index the lines of F up to LINE: the lines of a header are asked for
 * in order, function after function, so the index grows as they are.
 * A line ends where libcpp (_cpp_clean_line) ends it, so that line N
 * here is GCC's line N: at "\n", at "\r\n", or at a lone "\r", in
 * code, comments and literals alike.  Returns whether F has that line.
 */
static bool src_file_index(struct src_file *f, int line)
{
	while (f->n_lines < line && f->scanned < f->size) {
		const char *start = f->text + f->scanned, *nl, *cr;
		size_t left = f->size - f->scanned;

		if (f->n_lines + 2 > f->cap_lines) {
			size_t old = f->cap_lines * sizeof(int);

			f->cap_lines = f->cap_lines ? 2 * f->cap_lines : 1024;
			f->line_start = (int *)style_map_resize(f->line_start, old,
								f->cap_lines * sizeof(int));
		}
		f->line_start[f->n_lines++] = (int)f->scanned;
		nl = (const char *)memchr(start, '\n', left);
		cr = (const char *)memchr(start, '\r', nl ? nl - start : left);
		if (cr && cr + 1 != nl) {
			nl = cr;
			if (!f->lone_cr_line)
				f->lone_cr_line = f->n_lines;
		}
		f->scanned = nl ? nl - f->text + 1 : f->size;
		/* Where the next line starts, or one past the end. */
		f->line_start[f->n_lines] = nl ? (int)f->scanned : (int)f->size + 1;
	}
	return line >= 1 && line <= f->n_lines;
}

/*
 * The cache entry of FILE, read if it is not there (in the entry used
 * least recently).  Line LINE of it (style_source_line) stays valid
 * until SRC_CACHE_FILES other files are read.
 */
static struct src_file *src_file_find(const char *file)
{
	static struct src_file *last;
	struct src_file *lru = &src_cache[0];
	int i;

	/*
	 * The line map hands out one string per file, so the pointer
	 * usually finds it: most often the file asked for last.
	 */
	if (last && last->name == file)
		return last;
	for (i = 0; i < SRC_CACHE_FILES; i++)
		if (src_cache[i].name == file)
			return last = &src_cache[i];
	for (i = 0; i < SRC_CACHE_FILES; i++) {
		struct src_file *c = &src_cache[i];

		if (c->name && !strcmp(c->name, file))
			return last = c;
		if (c->last_use < lru->last_use)
			lru = c;
	}
	src_file_load(lru, file);
	return last = lru;
}

const char *style_source_line(const char *file, int line, int *len)
{
	struct src_file *f = src_file_find(file);
	const char *text;

	f->last_use = ++src_clock;
	if (!f->text || !src_file_index(f, line))
		return NULL;
	text = f->text + f->line_start[line - 1];
	*len = f->line_start[line] - f->line_start[line - 1] - 1;
	/* Without its end: "\r\n" as well as "\n" and "\r". */
	if (*len > 0 && text[*len] == '\n' && text[*len - 1] == '\r')
		(*len)--;
	return text;
}

/*
 * The end of line LINE of FILE as written ("\n" or "\r\n"), for the
 * lines a fix-it adds; NULL when a lone '\r' ends a line up to LINE:
 * GCC's fix-it and patch machinery counts lines by '\n' alone, and
 * would put the fix elsewhere.
 */
const char *style_source_eol(const char *file, int line)
{
	struct src_file *f = src_file_find(file);
	const char *text;
	int len;

	text = style_source_line(file, line, &len);
	if (!text || (f->lone_cr_line && f->lone_cr_line <= line))
		return NULL;
	return text[len] == '\r' ? "\r\n" : "\n";
}
