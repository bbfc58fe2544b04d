// SPDX-License-Identifier: GPL-2.0
/*
 * compare-elf - the strict part of kbuild/compare-objs.sh:
 * compare two x86_64 ELF files (objects, modules, vmlinux; debug info
 * stripped first) section by section, and explain each difference as a
 * line number that moved, or fail.
 *
 *   compare-elf linemap SRC_A SRC_B FILE...
 *	For each FILE (a path relative to both source trees, which must
 *	have the same non-blank characters), print "FILE LA LB" for each
 *	pair of an old line LA and a new line LB that share a non-blank
 *	character (the new line holds a character of the old one).  On an
 *	unchanged stretch that is LB = LA + the lines inserted above.
 *   compare-elf compare [options] A B
 *	--map FILE	the linemap output, for the changed files
 *	--files LIST	comma-separated changed files an initcall name's
 *			line may come from (an object's changed sources)
 *	--renames FILE	"OLD NEW" symbol renames already explained (in
 *			objects), the only ones accepted with --linked
 *	--linked	A and B are linked from objects (vmlinux,
 *			vmlinux.o, a .ko): renames come from --renames; a
 *			GNU build-id note may differ when something else
 *			does
 *	--kallsyms-absolute-percpu
 *			CONFIG_KALLSYMS_ABSOLUTE_PERCPU: how to read
 *			kallsyms_offsets (for the order of the names)
 *	--bug-verbose	struct bug_entry is {int bug_addr_disp; int
 *			file_disp; u16 line; u16 flags} (x86_64 with
 *			CONFIG_DEBUG_BUGVERBOSE, relative pointers): its
 *			line field may differ; without it, __bug_table
 *			has no line and must match exactly
 *
 * Accepted differences, nothing else:
 *  - in __bug_table, the line field of an entry, when the entry's file
 *    (its file_disp: a relocation in a relocatable file, a relative
 *    pointer in vmlinux) is a changed file whose old line maps to the
 *    new;
 *  - a symbol renamed __initcall__kmod_MOD__ID_LINE_FN -> the same with
 *    another LINE, mapped from the old LINE by one of --files (or listed
 *    in --renames, with --linked); the string table then differs (it is
 *    not compared; the names are);
 *  - in an object's data, the line field of a printk index entry
 *    (CONFIG_PRINTK_INDEX: a 44-byte _entry symbol, its u32 line at 24)
 *    whose file (the string its file pointer is relocated to) is a
 *    changed file where the old line maps to the new;
 *  - in an object's string section (SHF_STRINGS), a decimal number that
 *    follows "FILE:" in a string (__FILE__ ":" __stringify(__LINE__),
 *    e.g. the field-spanning memcpy() warning of fortify-string.h; or
 *    KBUILD_BASENAME ":" __stringify(__LINE__), a lock class name of
 *    v4l2_ctrl_handler_init(), FILE then the one of --files with that
 *    base name), where FILE is a changed file whose old line maps to the new; the
 *    numbers must have as many digits (the strings keep their offsets);
 *  - with --linked, the descriptor of the GNU build-id note (a hash of
 *    the whole file, debug info included);
 *  - in a code section, an instruction whose immediate operand is a line
 *    number that moved (see compare_code);
 *  - with --linked, the kallsyms tables of a section that holds
 *    kallsyms_names, decoded on both sides: names renamed as --renames
 *    lists, each table re-derived from its side's names (see
 *    compare_kallsyms).
 * Each __bug_table entry naming a changed file is checked, moved or not:
 * an old line that should have moved but kept its number fails too.
 * Every other byte of every section (headers, code, data, relocations,
 * symbols: value, size, type, binding, section) must be the same.
 *
 * Prints "bug FILE:LA -> LB", "rename OLD NEW", "imm ...", "pi ...", "str ...",
 * "kallsyms OLD NEW", "kallsyms-tables SECTION NAMES RENAMED" and
 * "build-id" lines for the explained differences; exit 0.  An
 * unexplained one: "UNEXPLAINED: reason" on stdout, exit 1.  Bad input:
 * a message on stderr, exit 2.
 *
 * Built by compare-objs.sh with the host's cc; needs only <elf.h>.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <elf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon-path.h"

#define NAME "compare-elf"

struct buf {
	unsigned char *data;
	size_t len;
};

struct section {
	const char *name;
	uint32_t type;
	uint64_t flags, addr, offset, size, align, entsize;
	uint32_t link, info;
	struct buf data;	/* empty for SHT_NOBITS */
};

struct elf {
	const char *path;
	struct buf file;
	struct section *s;
	size_t n;
	int rel;		/* ET_REL: an object, relocations apply */
	struct buf phdr;
};

/* A set of strings: open addressing, grown at half full. */
struct strset {
	char **slot;
	size_t size, used;
};

static _Noreturn void input_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, NAME ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static _Noreturn void unexplained(const char *fmt, ...)
{
	va_list ap;

	printf("UNEXPLAINED: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	exit(1);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		input_error("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

static _Noreturn void print_usage(void)
{
	fprintf(stderr, "usage: " NAME " linemap SRC_A SRC_B FILE... | compare [options] A B\n");
	exit(2);
}

static struct buf slurp(const char *path)
{
	struct buf b = { NULL, 0 };
	size_t cap = 1 << 16;
	FILE *f = fopen(path, "rb");

	if (!f)
		input_error("cannot read %s", path);
	b.data = xmalloc(cap);
	for (;;) {
		size_t got = fread(b.data + b.len, 1, cap - b.len, f);

		b.len += got;
		if (b.len < cap)
			break;
		cap *= 2;
		b.data = realloc(b.data, cap);
		if (!b.data)
			input_error("out of memory reading %s", path);
	}
	if (ferror(f))
		input_error("cannot read %s", path);
	fclose(f);
	return b;
}

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static char **strset_slot(struct strset *set, const char *s)
{
	size_t i = hash_str(s) & (set->size - 1);

	while (set->slot[i] && strcmp(set->slot[i], s))
		i = (i + 1) & (set->size - 1);
	return &set->slot[i];
}

static void strset_add(struct strset *set, const char *s)
{
	char **slot;

	if (2 * (set->used + 1) > set->size) {
		struct strset bigger = { NULL, set->size ? 2 * set->size : 64, 0 };
		size_t i;

		bigger.slot = calloc(bigger.size, sizeof(*bigger.slot));
		if (!bigger.slot)
			input_error("out of memory");
		for (i = 0; i < set->size; i++)
			if (set->slot[i])
				*strset_slot(&bigger, set->slot[i]) = set->slot[i];
		bigger.used = set->used;
		free(set->slot);
		*set = bigger;
	}
	slot = strset_slot(set, s);
	if (!*slot) {
		*slot = xstrdup(s);
		set->used++;
	}
}

static int strset_has(struct strset *set, const char *s)
{
	return set->size && *strset_slot(set, s);
}

/* ---- linemap ---- */

/* The non-blank characters of [p, end): not space, tab or CR. */
static size_t nonblank(const unsigned char *p, const unsigned char *end)
{
	size_t n = 0;

	for (; p < end; p++)
		n += *p != ' ' && *p != '\t' && *p != '\r';
	return n;
}

/* Split B into lines at '\n' (a last, possibly empty, line after it). */
static size_t split_lines(struct buf b, size_t **start)
{
	size_t i, n = 1;

	for (i = 0; i < b.len; i++)
		n += b.data[i] == '\n';
	*start = xmalloc((n + 1) * sizeof(**start));
	(*start)[0] = 0;
	n = 1;
	for (i = 0; i < b.len; i++)
		if (b.data[i] == '\n')
			(*start)[n++] = i + 1;
	(*start)[n] = b.len + 1;	/* one past the last line's '\n' */
	return n;
}

static int linemap_file(const char *src_a, const char *src_b, const char *file)
{
	char *pa, *pb;
	struct buf a, b;
	size_t *la, *lb, na, nb, i, j, pos = 0, total, low = 0;
	size_t *os, *oe;

	if (asprintf(&pa, "%s/%s", src_a, file) < 0 ||
	    asprintf(&pb, "%s/%s", src_b, file) < 0)
		input_error("out of memory");
	a = slurp(pa);
	b = slurp(pb);
	na = split_lines(a, &la);
	nb = split_lines(b, &lb);
	/* Old line -> [start, end) in the non-blank character stream. */
	os = xmalloc(na * sizeof(*os));
	oe = xmalloc(na * sizeof(*oe));
	for (i = 0; i < na; i++) {
		os[i] = pos;
		pos += nonblank(a.data + la[i], a.data + la[i + 1] - 1);
		oe[i] = pos;
	}
	total = pos;
	pos = 0;
	for (j = 0; j < nb; j++) {
		size_t s = pos, e;

		e = s + nonblank(b.data + lb[j], b.data + lb[j + 1] - 1);
		if (e == s)
			continue;
		pos = e;
		while (low < na && oe[low] <= s)
			low++;
		for (i = low; i < na && os[i] < e; i++)
			if (oe[i] > os[i])
				printf("%s %zu %zu\n", file, i + 1, j + 1);
	}
	free(pa);
	free(pb);
	free(a.data);
	free(b.data);
	free(la);
	free(lb);
	free(os);
	free(oe);
	if (pos != total) {
		fprintf(stderr, NAME ": %s: the non-blank characters differ between the trees\n", file);
		return 1;
	}
	return 0;
}

/* ---- reading ELF ---- */

static uint16_t get16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t get32(const unsigned char *p)
{
	return get16(p) | (uint32_t)get16(p + 2) << 16;
}

static uint64_t get64(const unsigned char *p)
{
	return get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* The NUL-terminated string at OFF of B, or "" past its end. */
static const char *string_at(struct buf b, uint64_t off)
{
	if (off >= b.len || !memchr(b.data + off, 0, b.len - off))
		return "";
	return (const char *)b.data + off;
}

static void read_elf(struct elf *e, const char *path)
{
	const unsigned char *d;
	uint64_t shoff, phoff;
	unsigned int shentsize, shstrndx, phentsize, phnum;
	size_t i;

	e->path = path;
	e->file = slurp(path);
	d = e->file.data;
	if (e->file.len < sizeof(Elf64_Ehdr) || memcmp(d, ELFMAG, SELFMAG) ||
	    d[EI_CLASS] != ELFCLASS64 || d[EI_DATA] != ELFDATA2LSB)
		input_error("%s is not a 64-bit little-endian ELF file", path);
	e->rel = get16(d + 0x10) == ET_REL;
	phoff = get64(d + 0x20);
	shoff = get64(d + 0x28);
	phentsize = get16(d + 0x36);
	phnum = get16(d + 0x38);
	shentsize = get16(d + 0x3a);
	e->n = get16(d + 0x3c);
	shstrndx = get16(d + 0x3e);
	if (phoff > e->file.len || (uint64_t)phentsize * phnum > e->file.len - phoff)
		input_error("%s: its program headers are outside the file", path);
	e->phdr.data = e->file.data + phoff;
	e->phdr.len = (size_t)phentsize * phnum;
	if (shentsize < sizeof(Elf64_Shdr) || shoff > e->file.len ||
	    (uint64_t)shentsize * e->n > e->file.len - shoff || shstrndx >= e->n)
		input_error("%s: its section headers are outside the file", path);
	e->s = xmalloc(e->n * sizeof(*e->s));
	for (i = 0; i < e->n; i++) {
		const unsigned char *h = d + shoff + i * shentsize;
		struct section *s = &e->s[i];

		s->name = (const char *)(uintptr_t)get32(h);
		s->type = get32(h + 4);
		s->flags = get64(h + 8);
		s->addr = get64(h + 16);
		s->offset = get64(h + 24);
		s->size = get64(h + 32);
		s->link = get32(h + 40);
		s->info = get32(h + 44);
		s->align = get64(h + 48);
		s->entsize = get64(h + 56);
		s->data.data = NULL;
		s->data.len = 0;
		if (s->type == SHT_NOBITS)
			continue;
		if (s->offset > e->file.len || s->size > e->file.len - s->offset)
			input_error("%s: section %zu is outside the file", path, i);
		s->data.data = e->file.data + s->offset;
		s->data.len = s->size;
	}
	for (i = 0; i < e->n; i++)
		e->s[i].name = string_at(e->s[shstrndx].data,
					 (uintptr_t)e->s[i].name);
}

static int buf_eq(struct buf a, struct buf b)
{
	return a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len));
}

/* The last section of E named NAME, or NULL. */
static struct section *section_named(struct elf *e, const char *name)
{
	size_t i;

	for (i = e->n; i-- > 0;)
		if (!strcmp(e->s[i].name, name))
			return &e->s[i];
	return NULL;
}

/* ---- compare ---- */

static struct strset map;	/* "FILE LA LB" of --map */
static struct strset map_files;	/* the FILEs of --map */
static struct strset renames;	/* "OLD NEW" of --renames */
static char **files;		/* --files, sorted */
static size_t n_files;
static int linked, bug_verbose;

/* The explained differences, printed at the end. */
static char **out;
static size_t n_out;

static void explained(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		input_error("out of memory");
	va_end(ap);
	out = realloc(out, (n_out + 1) * sizeof(*out));
	if (!out)
		input_error("out of memory");
	out[n_out++] = s;
}

/*
 * FILE as --map names it: an object names some of its sources through
 * "..", such as amdgpu's drivers/gpu/drm/amd/amdgpu/../display/X.c.
 */
static char *map_name(const char *file)
{
	char *c = xstrdup(file);

	canon(c);
	return c;
}

static int map_has_file(const char *file)
{
	char *c = map_name(file);
	int ok = strset_has(&map_files, c);

	free(c);
	return ok;
}

static int line_ok(const char *file, const char *la, const char *lb)
{
	char *key, *c = map_name(file);
	int ok;

	if (asprintf(&key, "%s %s %s", c, la, lb) < 0)
		input_error("out of memory");
	ok = strset_has(&map, key);
	free(key);
	free(c);
	return ok;
}

static int line_ok_n(const char *file, unsigned int la, unsigned int lb)
{
	char a[16], b[16];

	snprintf(a, sizeof(a), "%u", la);
	snprintf(b, sizeof(b), "%u", lb);
	return line_ok(file, a, b);
}

static void read_map(const char *path)
{
	char file[4096], la[32], lb[32], *key;
	FILE *f = fopen(path, "r");

	if (!f)
		input_error("cannot read %s", path);
	while (fscanf(f, "%4095s %31s %31s", file, la, lb) == 3) {
		if (asprintf(&key, "%s %s %s", file, la, lb) < 0)
			input_error("out of memory");
		strset_add(&map, key);
		strset_add(&map_files, file);
		free(key);
	}
	fclose(f);
}

static void read_renames(const char *path)
{
	char line[8192], x[4096], y[4096], z[4096], *key;
	FILE *f = fopen(path, "r");
	int n;

	if (!f)
		input_error("cannot read %s", path);
	while (fgets(line, sizeof(line), f)) {
		n = sscanf(line, "%4095s %4095s %4095s", x, y, z);
		if (n < 2)
			continue;
		if (asprintf(&key, n == 3 ? "%s %s %s" : "%s %s", x, y, z) < 0)
			input_error("out of memory");
		strset_add(&renames, key);
		free(key);
	}
	fclose(f);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void read_files(const char *list)
{
	char *copy = xstrdup(list), *tok, *save;
	size_t i, j;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		files = realloc(files, (n_files + 1) * sizeof(*files));
		if (!files)
			input_error("out of memory");
		files[n_files++] = xstrdup(tok);
	}
	free(copy);
	qsort(files, n_files, sizeof(*files), cmp_str);
	for (i = j = 0; i < n_files; i++)	/* unique */
		if (!j || strcmp(files[j - 1], files[i]))
			files[j++] = files[i];
	n_files = j;
}

/* The changed file (--files) in which line LA moves to LB, or NULL. */
static const char *changed_file_moving(const char *la, const char *lb)
{
	size_t f;

	for (f = 0; f < n_files; f++)
		if (line_ok(files[f], la, lb))
			return files[f];
	return NULL;
}

/*
 * An initcall name with a line in it: __initcall__kmod_MOD__ID_LINE_FN,
 * split into the part before LINE, LINE and the part after (from the
 * first "__ID_" after the prefix that is followed by LINE_ and more).
 */
struct initcall {
	size_t line, line_end;	/* LINE is name[line, line_end) */
};

static int initcall_split(const char *name, struct initcall *ic)
{
	static const char prefix[] = "__initcall__kmod_";
	size_t n = strlen(name), p, q, r, s;

	if (strncmp(name, prefix, sizeof(prefix) - 1))
		return 0;
	for (p = 0; p < n; p++)
		if (!isalnum((unsigned char)name[p]) && name[p] != '_')
			return 0;
	for (p = sizeof(prefix) - 1; p + 1 < n; p++) {
		if (name[p] != '_' || name[p + 1] != '_')
			continue;
		for (q = p + 2; isdigit((unsigned char)name[q]); q++)
			;
		if (q == p + 2 || name[q] != '_')
			continue;
		for (r = s = q + 1; isdigit((unsigned char)name[s]); s++)
			;
		if (s == r || name[s] != '_' || !name[s + 1])
			continue;
		ic->line = r;
		ic->line_end = s;
		return 1;
	}
	return 0;
}

/* Compare the names of the symbols of symbol table I. */
static void compare_symbols(struct elf *A, struct elf *B, size_t i)
{
	struct section *x = &A->s[i], *y = &B->s[i];
	size_t k;

	for (k = 0; k + 24 <= x->data.len; k += 24) {
		const unsigned char *ea = x->data.data + k, *eb = y->data.data + k;
		const char *na, *nb;
		struct initcall ia, ib;
		char *la, *lb, *key;

		if (x->link >= A->n || y->link >= B->n)
			input_error("symbol table %zu links to no string table", i);
		na = string_at(A->s[x->link].data, get32(ea));
		nb = string_at(B->s[y->link].data, get32(eb));
		if (memcmp(ea + 4, eb + 4, 20))
			unexplained("symbol %s: its value, size, type, binding or section differs", na);
		if (!strcmp(na, nb))
			continue;
		if (linked) {
			if (asprintf(&key, "%s %s", na, nb) < 0)
				input_error("out of memory");
			if (!strset_has(&renames, key))
				unexplained("symbol %zu renamed %s -> %s, not a rename explained in an object",
					    k / 24, na, nb);
			free(key);
			explained("rename %s %s", na, nb);
			continue;
		}
		if (!initcall_split(na, &ia) || !initcall_split(nb, &ib))
			unexplained("symbol %zu renamed %s -> %s: not an initcall name with a line number",
				    k / 24, na, nb);
		if (ia.line != ib.line || strncmp(na, nb, ia.line) ||
		    strcmp(na + ia.line_end, nb + ib.line_end))
			unexplained("symbol %zu renamed %s -> %s: differs beyond the line number",
				    k / 24, na, nb);
		la = strndup(na + ia.line, ia.line_end - ia.line);
		lb = strndup(nb + ib.line, ib.line_end - ib.line);
		if (!changed_file_moving(la, lb)) {
			size_t len = 1, j;
			char *all;

			for (j = 0; j < n_files; j++)
				len += strlen(files[j]) + 2;
			all = xmalloc(len);
			all[0] = 0;
			for (j = 0; j < n_files; j++) {
				if (j)
					strcat(all, ", ");
				strcat(all, files[j]);
			}
			unexplained("symbol %zu renamed %s -> %s: line %s does not move to line %s in a changed source of it (%s)",
				    k / 24, na, nb, la, lb, n_files ? all : "none");
		}
		free(la);
		free(lb);
		explained("rename %s %s", na, nb);
	}
}

/* The string at address ADDR of an allocated section of linked file E. */
static const char *cstring_at_addr(struct elf *e, uint64_t addr)
{
	size_t i;

	for (i = 0; i < e->n; i++) {
		struct section *h = &e->s[i];

		if (!(h->flags & SHF_ALLOC) || h->type == SHT_NOBITS ||
		    addr < h->addr || addr >= h->addr + h->size)
			continue;
		return string_at(h->data, addr - h->addr);
	}
	return NULL;
}

/*
 * The file the __bug_table entry at OFF (section BUG) names in object
 * E: the string its file_disp field (at OFF + 4) is relocated to.
 */
static const char *bug_file_in_object(struct elf *e, size_t bug, uint64_t off)
{
	size_t i, o;

	for (i = 0; i < e->n; i++) {
		struct section *h = &e->s[i], *symtab;

		if (h->type != SHT_RELA || h->info != bug || h->link >= e->n)
			continue;
		symtab = &e->s[h->link];
		for (o = 0; o + 24 <= h->data.len; o += 24) {
			const unsigned char *r = h->data.data + o, *st;
			uint64_t sym = get64(r + 8) >> 32, value;
			int64_t add = (int64_t)get64(r + 16);
			unsigned int shndx;

			if (get64(r) != off || (sym + 1) * 24 > symtab->data.len)
				continue;
			st = symtab->data.data + sym * 24;
			shndx = get16(st + 6);
			value = get64(st + 8);
			if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE || shndx >= e->n)
				continue;
			return string_at(e->s[shndx].data, value + add);
		}
	}
	return NULL;
}

/* __bug_table (section I): only line fields that follow the line map. */
static void compare_bug_table(struct elf *A, struct elf *B, size_t i)
{
	struct section *x = &A->s[i], *y = &B->s[i];
	size_t o;

	if (!bug_verbose)
		unexplained("__bug_table differs, and it has no line fields (no CONFIG_DEBUG_BUGVERBOSE)");
	if (x->size % 12)
		unexplained("__bug_table: its size is not a multiple of 12");
	for (o = 0; o + 12 <= x->data.len; o += 12) {
		const unsigned char *ea = x->data.data + o, *eb = y->data.data + o;
		unsigned int la = get16(ea + 8), lb = get16(eb + 8);
		const char *file;

		if (memcmp(ea, eb, 8) || memcmp(ea + 10, eb + 10, 2))
			unexplained("__bug_table entry at 0x%zx differs beyond its line field", o);
		if (A->rel)
			file = bug_file_in_object(A, i, o + 4);
		else
			file = cstring_at_addr(A, x->addr + o + 4 +
					       (int64_t)(int32_t)get32(ea + 4));
		if (!file)
			unexplained("__bug_table entry at 0x%zx: line %u -> %u, and its file is not found",
				    o, la, lb);
		/* Every entry of a changed file, moved or not, follows the map. */
		if (la == lb && !map_has_file(file))
			continue;
		if (!line_ok_n(file, la, lb))
			unexplained("__bug_table entry at 0x%zx: line %u of %s does not move to line %u",
				    o, la, file, lb);
		if (la != lb)
			explained("bug %s:%u -> %u", file, la, lb);
	}
}

/* Where sym_next is in the symbol tables of a file. */
struct symiter {
	size_t t, k;
};

/* The next symbol of E's symbol tables (its name in *NAME), or NULL. */
static const unsigned char *sym_next(struct elf *e, struct symiter *it, const char **name)
{
	for (; it->t < e->n; it->t++, it->k = 0) {
		struct section *st = &e->s[it->t];
		const unsigned char *sym;

		if (st->type != SHT_SYMTAB || st->link >= e->n ||
		    it->k + 24 > st->data.len)
			continue;
		sym = st->data.data + it->k;
		it->k += 24;
		*name = string_at(e->s[st->link].data, get32(sym));
		return sym;
	}
	return NULL;
}

/*
 * The symbol of object E in section I that covers byte OFF: its value
 * and size, and its name; NULL if none.
 */
static const char *symbol_covering(struct elf *e, size_t i, uint64_t off,
				   uint64_t *value, uint64_t *size)
{
	struct symiter it = { 0, 0 };
	const unsigned char *sym;
	const char *name;

	while ((sym = sym_next(e, &it, &name))) {
		*value = get64(sym + 8);
		*size = get64(sym + 16);
		if (get16(sym + 6) == i && *value <= off && off < *value + *size)
			return name;
	}
	return NULL;
}

/*
 * A data section of an object that differs only in the line fields of
 * printk index entries (CONFIG_PRINTK_INDEX: static struct pi_entry
 * _entry = {fmt, func, file, line, level, subsys_fmt_prefix}, packed: 44 bytes,
 * the line a u32 at 24), each moved as the line map says in the file
 * its file pointer is relocated to.
 */
static int printk_index_only(struct elf *A, struct elf *B, size_t i)
{
	struct section *x = &A->s[i], *y = &B->s[i];
	uint64_t d = 0, value, size;

	if (!A->rel || x->data.len != y->data.len)
		return 0;
	while (d < x->data.len) {
		const char *name, *file;
		unsigned int la, lb;

		if (x->data.data[d] == y->data.data[d]) {
			d++;
			continue;
		}
		name = symbol_covering(A, i, d, &value, &size);
		if (!name || size != 44 || d < value + 24 || d >= value + 28 ||
		    (strcmp(name, "_entry") && strncmp(name, "_entry.", 7)))
			return 0;
		la = get32(x->data.data + value + 24);
		lb = get32(y->data.data + value + 24);
		file = bug_file_in_object(A, i, value + 16);
		if (!file)
			unexplained("section %s: printk index entry %s: line %u -> %u, and its file is not found",
				    x->name, name, la, lb);
		if (!line_ok_n(file, la, lb))
			unexplained("section %s: printk index entry %s: line %u of %s does not move to line %u",
				    x->name, name, la, file, lb);
		explained("pi %s:%u -> %u", file, la, lb);
		d = value + 28;
	}
	return 1;
}

/*
 * The one of --files whose base name without .c is BASE, or NULL; a '-'
 * of the name is a '_' in BASE (kbuild's KBUILD_BASENAME).
 */
static const char *changed_file_named(const char *base)
{
	const char *found = NULL;
	size_t k, j, n = strlen(base);

	for (k = 0; k < n_files; k++) {
		const char *b = strrchr(files[k], '/');

		b = b ? b + 1 : files[k];
		for (j = 0; j < n && b[j] && (b[j] == base[j] || (b[j] == '-' && base[j] == '_')); j++)
			;
		if (j == n && !strcmp(b + n, ".c")) {
			if (found)
				return NULL;	/* two: which one is not known */
			found = files[k];
		}
	}
	return found;
}

/*
 * A string section of an object that differs only in line numbers
 * written into strings as "FILE:LINE" (__FILE__ ":" __stringify(__LINE__)),
 * each FILE a changed file whose old LINE maps to the new one. The
 * sections have the same size: a number that gains or loses a digit
 * moves the strings after it, and is not accepted.
 */
static int string_lines_only(struct elf *A, struct elf *B, size_t i)
{
	struct section *x = &A->s[i], *y = &B->s[i];
	const unsigned char *a = x->data.data, *b = y->data.data;
	uint64_t d = 0, n = x->data.len;

	if (!A->rel || !(x->flags & SHF_STRINGS) || n != y->data.len)
		return 0;
	while (d < n) {
		uint64_t s, e, str, p;
		unsigned int la = 0, lb = 0;
		const char *file = NULL;
		char name[4096];

		if (a[d] == b[d]) {
			d++;
			continue;
		}
		if (!isdigit(a[d]) || !isdigit(b[d]))
			return 0;
		/* The number (digits on both sides) and its string. */
		for (s = d; s > 0 && isdigit(a[s - 1]) && isdigit(b[s - 1]); s--)
			;
		for (e = d; e < n && isdigit(a[e]) && isdigit(b[e]); e++)
			;
		if ((e < n && (isdigit(a[e]) || isdigit(b[e]))) ||
		    (s > 0 && (isdigit(a[s - 1]) || isdigit(b[s - 1]))) ||
		    s < 2 || a[s - 1] != ':' || e - s > 9)
			return 0;
		for (str = s - 1; str > 0 && a[str - 1]; str--)
			;
		/* FILE: the longest changed file that ends at the ':'. */
		for (p = str; p < s - 1 && !file; p++) {
			if (p > str && !strchr(" \t\"'(<[=", a[p - 1]))
				continue;
			if (s - 1 - p >= sizeof(name))
				continue;
			memcpy(name, a + p, s - 1 - p);
			name[s - 1 - p] = 0;
			if (map_has_file(name))
				file = name;
		}
		/*
		 * or KBUILD_BASENAME: the base name, without .c, of one of
		 * --files (v4l2_ctrl_handler_init()'s lock class name)
		 */
		if (!file && s - 1 > str) {
			for (p = s - 1; p > str && (isalnum(a[p - 1]) || a[p - 1] == '_' || a[p - 1] == '-'); p--)
				;
			if (p < s - 1 && s - 1 - p < sizeof(name) &&
			    (p == str || strchr(" \t\"'(<[=", a[p - 1]))) {
				memcpy(name, a + p, s - 1 - p);
				name[s - 1 - p] = 0;
				file = changed_file_named(name);
			}
		}
		if (!file)
			return 0;
		for (p = s; p < e; p++) {
			la = la * 10 + (a[p] - '0');
			lb = lb * 10 + (b[p] - '0');
		}
		if (!line_ok_n(file, la, lb))
			unexplained("section %s: the string \"%.*s\": line %u of %s does not move to line %u",
				    x->name, (int)(e - str), (const char *)a + str, la, file, lb);
		explained("str %s:%u -> %u", file, la, lb);
		d = e;
	}
	return 1;
}

/* True if note sections X and Y differ in a GNU build-id's bytes only. */
static int only_build_id_differs(struct section *x, struct section *y)
{
	const unsigned char *dx = x->data.data, *dy = y->data.data;
	size_t p = 0, len = x->data.len;

	while (p + 12 <= len) {
		uint32_t nsz = get32(dx + p), dsz = get32(dx + p + 4);
		uint32_t type = get32(dx + p + 8);
		uint64_t head = 12 + (((uint64_t)nsz + 3) & ~3ULL);
		uint64_t all = head + (((uint64_t)dsz + 3) & ~3ULL);

		if (all > len - p)
			return 0;
		if (memcmp(dx + p, dy + p, head))
			return 0;
		if (memcmp(dx + p, dy + p, all) &&
		    !(type == NT_GNU_BUILD_ID && nsz == 4 &&
		      !memcmp(dx + p + 12, "GNU", 4)))
			return 0;
		p += all;
	}
	return !memcmp(dx + p, dy + p, len - p);
}

/* The symbol of E that section I's byte at OFF falls in, or NULL. */
static const char *symbol_at(struct elf *e, size_t i, uint64_t off)
{
	struct symiter it = { 0, 0 };
	const unsigned char *sym;
	const char *name;

	while ((sym = sym_next(e, &it, &name))) {
		uint64_t value = get64(sym + 8), size = get64(sym + 16);

		if (get16(sym + 6) == i && value <= off &&
		    off < value + (size ? size : 1) && *name)
			return name;
	}
	return NULL;
}

/* Append to *WHY: SEP (when *WHY is not empty) and the formatted text. */
static void append(char **why, const char *sep, const char *fmt, ...)
{
	va_list ap;
	char *text, *more;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		input_error("out of memory");
	va_end(ap);
	if (asprintf(&more, "%s%s%s", *why, **why ? sep : "", text) < 0)
		input_error("out of memory");
	free(text);
	free(*why);
	*why = more;
}

/* The sections of Y that are not in X, as " NAME NAME...", or NULL. */
static char *only_in(struct elf *y, struct elf *x)
{
	char *names = NULL;
	size_t i;

	for (i = 0; i < y->n; i++) {
		if (section_named(x, y->s[i].name))
			continue;
		if (!names)
			names = xstrdup("");
		append(&names, "", " %s", y->s[i].name);
	}
	return names;
}

static void check_field(const char *section, const char *field,
			uint64_t a, uint64_t b)
{
	if (a != b)
		unexplained("section %s: its %s differs (%llu / %llu)", section,
			    field, (unsigned long long)a, (unsigned long long)b);
}

/*
 * The layout: the same sections, in the same order, of the same size
 * (but .strtab's), with the same headers (but their offsets); the same
 * ELF header (but e_shoff, which moves with the string table) and
 * program headers.
 */
/*
 * Code: a line number passed as an immediate operand (a WARN() or
 * pr_*() format argument, __might_sleep()'s line, ...).  objdump -d
 * pairs the instructions of the two sections; each pair that differs
 * must differ in one "$0x..." operand only, whose old and new values are
 * a line of a changed source and a line it moved to (--files; with
 * --linked, a pair explained in an object: "imm LA LB" in --renames),
 * and the bytes must differ in that operand's encoding only.
 */
struct insn {
	uint64_t addr;
	char text[512];
};

static FILE *disassemble(const char *path, const char *section)
{
	char *cmd;
	FILE *f;

	if (strchr(path, '\'') || strchr(section, '\''))
		input_error("cannot quote %s for objdump", path);
	if (asprintf(&cmd, "objdump -d -z -w --no-show-raw-insn -j '%s' '%s'",
		     section, path) < 0)
		input_error("out of memory");
	f = popen(cmd, "r");
	if (!f)
		input_error("cannot run %s", cmd);
	free(cmd);
	return f;
}

/*
 * The next instruction line of objdump's output F, or 0 at its end: "ADDR:\t"
 * then the instruction. An object's small addresses are padded with
 * blanks ("  1f:\t"); a kernel address fills the field and starts the
 * line ("ffffffff8192dae2:\t"), like a symbol's header line, which goes
 * on " <NAME>:" instead.
 */
static int next_insn(FILE *f, struct insn *in)
{
	char line[1024], *end, *text;
	size_t n;

	while (fgets(line, sizeof(line), f)) {
		in->addr = strtoull(line, &end, 16);
		if (end == line || *end != ':' || end[1] != '\t')
			continue;
		text = end + 2;
		n = strcspn(text, "\n");
		if (n >= sizeof(in->text))
			n = sizeof(in->text) - 1;
		memcpy(in->text, text, n);
		in->text[n] = 0;
		return 1;
	}
	return 0;
}

/* The "$0x..." operands of TEXT: VAL[], at most MAX; TEXT with "$" left. */
static int immediates(const char *text, char *shape, uint64_t *val, int max)
{
	int n = 0;

	while (*text) {
		if (text[0] == '$' && text[1] == '0' && text[2] == 'x') {
			char *end;
			uint64_t v = strtoull(text + 3, &end, 16);

			if (n < max)
				val[n] = v;
			n++;
			*shape++ = '$';
			text = end;
			continue;
		}
		*shape++ = *text++;
	}
	*shape = 0;
	return n;
}

/* The explanation of a line LA -> LB, or NULL. */
static const char *line_pair_source(uint64_t la, uint64_t lb)
{
	char a[24], b[24], *key;
	int ok;

	snprintf(a, sizeof(a), "%llu", (unsigned long long)la);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)lb);
	if (linked) {
		if (asprintf(&key, "imm %s %s", a, b) < 0)
			input_error("out of memory");
		ok = strset_has(&renames, key);
		free(key);
		return ok ? "an object" : NULL;
	}
	return changed_file_moving(a, b);
}

/*
 * The LEN bytes of an instruction at X and Y differ only in a W-byte
 * little-endian field that holds VA in X and VB in Y.
 */
static int operand_differs_only(const unsigned char *x, const unsigned char *y,
				size_t len, uint64_t va, uint64_t vb)
{
	static const size_t widths[] = { 1, 2, 4, 8 };
	size_t k, w, b;

	for (w = 0; w < 4; w++) {
		size_t n = widths[w];

		for (k = 0; k + n <= len; k++) {
			uint64_t a = 0, c = 0;

			for (b = 0; b < n; b++) {
				a |= (uint64_t)x[k + b] << (8 * b);
				c |= (uint64_t)y[k + b] << (8 * b);
			}
			if (a != va || c != vb || memcmp(x, y, k) ||
			    memcmp(x + k + n, y + k + n, len - k - n))
				continue;
			return 1;
		}
	}
	return 0;
}

/* Where section I's byte D is, for a message: "+0xD (in SYM)". */
static char *where(struct elf *e, size_t i, size_t d)
{
	const char *sym = symbol_at(e, i, e->rel ? d : e->s[i].addr + d);
	char *s;

	if (asprintf(&s, "%s+0x%zx%s%s%s", e->s[i].name, d, sym ? " (in " : "",
		     sym ? sym : "", sym ? ")" : "") < 0)
		input_error("out of memory");
	return s;
}

static void compare_code(struct elf *A, struct elf *B, size_t i)
{
	struct section *x = &A->s[i], *y = &B->s[i];
	FILE *fa = disassemble(A->path, x->name), *fb = disassemble(B->path, x->name);
	unsigned char *covered = calloc(x->data.len + 1, 1);
	struct insn ia[2], ib[2];
	int have, cur = 0;
	size_t d;

	if (!covered)
		input_error("out of memory");
	for (d = 0; d < A->n; d++)
		if (d != i && !strcmp(A->s[d].name, x->name))
			unexplained("section %s differs (code, at %s): and objdump cannot tell it from another section of its name",
				    x->name, where(A, i, 0));
	have = next_insn(fa, &ia[cur]);
	if (have != next_insn(fb, &ib[cur]))
		unexplained("section %s differs (code): objdump lists another number of instructions",
			    x->name);
	while (have) {
		struct insn *p = &ia[cur], *q = &ib[cur];
		uint64_t va[2], vb[2], off, end;
		char sa[512], sb[512];
		const char *src;
		int more_a = next_insn(fa, &ia[!cur]);
		int more_b = next_insn(fb, &ib[!cur]);

		if (more_a != more_b)
			unexplained("section %s differs (code): objdump lists another number of instructions",
				    x->name);
		if (p->addr != q->addr || (more_a && ia[!cur].addr != ib[!cur].addr))
			unexplained("section %s differs (code, at %s): the instructions are laid out otherwise",
				    x->name, where(A, i, p->addr - (A->rel ? 0 : x->addr)));
		off = p->addr - (A->rel ? 0 : x->addr);
		end = more_a ? ia[!cur].addr - (A->rel ? 0 : x->addr) : x->data.len;
		if (off > end || end > x->data.len)
			unexplained("section %s: objdump's address 0x%llx is outside it",
				    x->name, (unsigned long long)p->addr);
		if (memcmp(x->data.data + off, y->data.data + off, end - off)) {
			if (immediates(p->text, sa, va, 2) != 1 ||
			    immediates(q->text, sb, vb, 2) != 1 || strcmp(sa, sb))
				unexplained("section %s differs (code, at %s): not a line number (%s / %s)",
					    x->name, where(A, i, off), p->text, q->text);
			src = line_pair_source(va[0], vb[0]);
			if (!src)
				unexplained("section %s differs (code, at %s): the operand %llu -> %llu is not a line of a changed source that moved there (%s / %s)",
					    x->name, where(A, i, off), (unsigned long long)va[0],
					    (unsigned long long)vb[0], p->text, q->text);
			if (!operand_differs_only(x->data.data + off, y->data.data + off,
						  end - off, va[0], vb[0]))
				unexplained("section %s differs (code, at %s): the bytes differ beyond the operand %llu -> %llu",
					    x->name, where(A, i, off), (unsigned long long)va[0],
					    (unsigned long long)vb[0]);
			memset(covered + off, 1, end - off);
			if (linked)
				explained("imm %llu -> %llu", (unsigned long long)va[0],
					  (unsigned long long)vb[0]);
			else
				explained("imm %s:%llu -> %llu", src, (unsigned long long)va[0],
					  (unsigned long long)vb[0]);
		}
		have = more_a;
		cur = !cur;
	}
	pclose(fa);
	pclose(fb);
	/* Every differing byte is in an instruction explained above. */
	for (d = 0; d < x->data.len; d++)
		if (x->data.data[d] != y->data.data[d] && !covered[d])
			unexplained("section %s differs (code, at %s): not in an instruction objdump shows",
				    x->name, where(A, i, d));
	free(covered);
}

static void compare_layout(struct elf *A, struct elf *B)
{
	char *why = xstrdup(""), *names;
	size_t i;

	names = only_in(A, B);
	if (names)
		append(&why, "; ", "only in A:%s", names);
	free(names);
	names = only_in(B, A);
	if (names)
		append(&why, "; ", "only in B:%s", names);
	free(names);
	for (i = 0; i < A->n; i++) {
		struct section *x = &A->s[i], *y = section_named(B, x->name);

		if (!y || x->size == y->size || !strcmp(x->name, ".strtab"))
			continue;
		append(&why, "; ", "%s is %llu bytes in A, %llu in B", x->name,
		       (unsigned long long)x->size, (unsigned long long)y->size);
	}
	if (*why)
		unexplained("the sections differ: %s", why);
	free(why);
	if (A->n != B->n)
		unexplained("the sections are in another order");
	if (memcmp(A->file.data, B->file.data, 0x28) ||
	    memcmp(A->file.data + 0x30, B->file.data + 0x30, 0x0a))
		unexplained("the ELF headers differ");
	if (!buf_eq(A->phdr, B->phdr))
		unexplained("the program headers differ");
	for (i = 0; i < A->n; i++) {
		struct section *x = &A->s[i], *y = &B->s[i];

		if (strcmp(x->name, y->name))
			unexplained("section %zu is %s in A, %s in B", i, x->name, y->name);
		check_field(x->name, "type", x->type, y->type);
		check_field(x->name, "flags", x->flags, y->flags);
		check_field(x->name, "addr", x->addr, y->addr);
		check_field(x->name, "link", x->link, y->link);
		check_field(x->name, "info", x->info, y->info);
		check_field(x->name, "align", x->align, y->align);
		check_field(x->name, "entsize", x->entsize, y->entsize);
		if (x->type != SHT_STRTAB || strcmp(x->name, ".strtab"))
			check_field(x->name, "size", x->size, y->size);
	}
}

/*
 * kallsyms (CONFIG_KALLSYMS, the layout of 6.1's scripts/kallsyms.c with
 * CONFIG_KALLSYMS_BASE_RELATIVE): a linked file's symbol names, in a data
 * section, compressed with a token table made from all the names.  A
 * renamed initcall changes the compressed names, the token table, the
 * markers and the order of kallsyms_seqs_of_names.  Both sides are
 * decoded; the section may differ only in those tables, and only so
 * that:
 *  - kallsyms_offsets, kallsyms_relative_base and kallsyms_num_syms are
 *    the same bytes (the same addresses, the same number of names);
 *  - the decoded names are the same, but for renames explained in an
 *    object (--renames), each keeping its type letter;
 *  - on each side, the markers, the token index and kallsyms_seqs_of_names
 *    are what scripts/kallsyms.c derives from that side's names, and the
 *    bytes between the tables are zero (alignment);
 *  - every other byte of the section is the same.
 * The tables must be at the same addresses (the symbols are compared
 * before): tables that change size and move what follows fail.
 */
struct ksyms {
	const char *side;
	struct section *s;
	uint32_t n;			/* kallsyms_num_syms */
	uint64_t offsets, base, num;	/* offsets in the section, or -1 */
	uint64_t names, markers, seqs, ttab, tidx;
	uint64_t names_end, ttab_end;
	char **name;			/* decoded, the type letter first */
	unsigned char *used;		/* the bytes of the tables */
};

static int kallsyms_absolute_percpu;

/* Symbol NAME of E: its section and value; 0 if E has none. */
static int ksym_find(struct elf *e, const char *name, size_t *shndx, uint64_t *value)
{
	struct symiter it = { 0, 0 };
	const unsigned char *sym;
	const char *s;

	while ((sym = sym_next(e, &it, &s))) {
		if (strcmp(s, name))
			continue;
		*shndx = get16(sym + 6);
		*value = get64(sym + 8);
		return 1;
	}
	return 0;
}

/* True if section I of E holds kallsyms_names. */
static int has_kallsyms(struct elf *e, size_t i)
{
	size_t shndx;
	uint64_t value;

	return ksym_find(e, "kallsyms_names", &shndx, &value) && shndx == i;
}

/* The offset in section I of E of table NAME. */
static uint64_t ksym(struct elf *e, size_t i, const char *name)
{
	size_t shndx;
	uint64_t value;

	if (!ksym_find(e, name, &shndx, &value))
		unexplained("kallsyms: section %s holds kallsyms_names, but no %s",
			    e->s[i].name, name);
	if (shndx != i)
		unexplained("kallsyms: %s is not in section %s with the other tables",
			    name, e->s[i].name);
	if (!e->rel)
		value -= e->s[i].addr;
	if (value > e->s[i].data.len)
		unexplained("kallsyms: %s is outside its section", name);
	return value;
}

static _Noreturn void ks_bad(struct ksyms *k, const char *what)
{
	unexplained("kallsyms: %s in %s is not what scripts/kallsyms.c writes", what, k->side);
}

/* Mark [off, off + len) of K's section as a table's; check it is inside. */
static void ks_use(struct ksyms *k, uint64_t off, uint64_t len, const char *what)
{
	if (off > k->s->data.len || len > k->s->data.len - off)
		ks_bad(k, what);
	if (memchr(k->used + off, 1, len))
		ks_bad(k, what);	/* overlaps another table */
	memset(k->used + off, 1, len);
}

static const unsigned char *ks_at(struct ksyms *k, uint64_t off, uint64_t len, const char *what)
{
	if (off > k->s->data.len || len > k->s->data.len - off)
		ks_bad(k, what);
	return k->s->data.data + off;
}

/* The address order key of symbol J (kernel/kallsyms.c's reading). */
static uint64_t ks_addr(struct ksyms *k, uint32_t j)
{
	int32_t off = (int32_t)get32(ks_at(k, k->offsets + 4 * (uint64_t)j, 4, "kallsyms_offsets"));

	if (!kallsyms_absolute_percpu)
		return (1ULL << 32) + (uint32_t)off;
	if (off >= 0)
		return (uint32_t)off;	/* an absolute (per-CPU) symbol */
	return (1ULL << 32) + (uint32_t)(-1 - off);	/* relative_base - 1 - off */
}

/* The name as scripts/kallsyms.c sorts it: no type letter, no .llvm. */
static int ks_namecmp(const char *a, const char *b)
{
	const char *ea = strstr(a + 1, ".llvm."), *eb = strstr(b + 1, ".llvm.");
	size_t la = ea ? (size_t)(ea - a - 1) : strlen(a + 1);
	size_t lb = eb ? (size_t)(eb - b - 1) : strlen(b + 1);
	int c = memcmp(a + 1, b + 1, la < lb ? la : lb);

	return c ? c : (la > lb) - (la < lb);
}

static void ks_decode(struct elf *e, size_t i, struct ksyms *k, const char *side)
{
	const unsigned char *p;
	uint64_t tok[256], off;
	uint32_t j, m, nm;
	unsigned char *seen;
	size_t shndx;

	k->side = side;
	k->s = &e->s[i];
	k->used = calloc(k->s->data.len + 1, 1);
	if (!k->used)
		input_error("out of memory");
	if (ksym_find(e, "kallsyms_addresses", &shndx, &off))
		unexplained("kallsyms: kallsyms_addresses (no CONFIG_KALLSYMS_BASE_RELATIVE) is not supported");
	k->offsets = ksym(e, i, "kallsyms_offsets");
	k->base = ksym(e, i, "kallsyms_relative_base");
	k->num = ksym(e, i, "kallsyms_num_syms");
	k->names = ksym(e, i, "kallsyms_names");
	k->markers = ksym(e, i, "kallsyms_markers");
	k->seqs = ksym(e, i, "kallsyms_seqs_of_names");
	k->ttab = ksym(e, i, "kallsyms_token_table");
	k->tidx = ksym(e, i, "kallsyms_token_index");
	k->n = get32(ks_at(k, k->num, 4, "kallsyms_num_syms"));
	nm = (k->n + 255) >> 8;

	/* The token table: 256 strings one after the other, indexed. */
	p = ks_at(k, k->tidx, 512, "kallsyms_token_index");
	off = k->ttab;
	for (j = 0; j < 256; j++) {
		const unsigned char *t = ks_at(k, off, 1, "kallsyms_token_table");
		const unsigned char *z = memchr(t, 0, k->s->data.len - off);

		if (!z || get16(p + 2 * j) != off - k->ttab)
			ks_bad(k, "kallsyms_token_index");
		tok[j] = off;
		off += z - t + 1;
	}
	k->ttab_end = off;
	ks_use(k, k->ttab, off - k->ttab, "kallsyms_token_table");
	ks_use(k, k->tidx, 512, "kallsyms_token_index");

	/* The names: a ULEB128 length (1 or 2 bytes), then tokens. */
	k->name = xmalloc((k->n + 1) * sizeof(*k->name));
	p = ks_at(k, k->markers, 4 * (uint64_t)nm, "kallsyms_markers");
	off = k->names;
	for (j = 0; j < k->n; j++) {
		const unsigned char *q = ks_at(k, off, 1, "kallsyms_names");
		uint32_t len = q[0], b;
		size_t size = 1, n = 0;
		char *s;

		if ((j & 0xff) == 0 && get32(p + 4 * (j >> 8)) != off - k->names)
			ks_bad(k, "kallsyms_markers");
		if (len & 0x80) {
			q = ks_at(k, off, 2, "kallsyms_names");
			len = (len & 0x7f) | (uint32_t)q[1] << 7;
			off++;
		}
		off++;
		q = ks_at(k, off, len, "kallsyms_names");
		if (!len)
			ks_bad(k, "kallsyms_names (an empty name)");
		for (b = 0; b < len; b++)
			size += strlen((const char *)k->s->data.data + tok[q[b]]);
		s = xmalloc(size);
		for (b = 0; b < len; b++) {
			const char *t = (const char *)k->s->data.data + tok[q[b]];

			memcpy(s + n, t, strlen(t));
			n += strlen(t);
		}
		s[n] = 0;
		if (n < 2)
			ks_bad(k, "kallsyms_names (a name without a type letter)");
		k->name[j] = s;
		off += len;
	}
	k->names_end = off;
	ks_use(k, k->names, off - k->names, "kallsyms_names");
	ks_use(k, k->markers, 4 * (uint64_t)nm, "kallsyms_markers");

	/* kallsyms_seqs_of_names: the names' order, sorted by name. */
	p = ks_at(k, k->seqs, 3 * (uint64_t)k->n, "kallsyms_seqs_of_names");
	ks_use(k, k->seqs, 3 * (uint64_t)k->n, "kallsyms_seqs_of_names");
	ks_use(k, k->offsets, 4 * (uint64_t)k->n, "kallsyms_offsets");
	ks_use(k, k->base, 8, "kallsyms_relative_base");
	ks_use(k, k->num, 4, "kallsyms_num_syms");
	seen = calloc(k->n + 1, 1);
	if (!seen)
		input_error("out of memory");
	for (j = 0, m = 0; j < k->n; j++) {
		uint32_t s = p[3 * j] << 16 | p[3 * j + 1] << 8 | p[3 * j + 2];
		int c;

		if (s >= k->n || seen[s])
			ks_bad(k, "kallsyms_seqs_of_names (not a permutation)");
		seen[s] = 1;
		if (j) {
			c = ks_namecmp(k->name[m], k->name[s]);
			if (!c && ks_addr(k, m) != ks_addr(k, s))
				c = ks_addr(k, m) < ks_addr(k, s) ? -1 : 1;
			if (!c)
				c = m < s ? -1 : 1;
			if (c > 0)
				ks_bad(k, "kallsyms_seqs_of_names (not sorted by name)");
		}
		m = s;
	}
	free(seen);
}

/* Widen [*LO, *HI) to take in [START, END). */
static void ks_span(uint64_t *lo, uint64_t *hi, uint64_t start, uint64_t end)
{
	if (start < *lo)
		*lo = start;
	if (end > *hi)
		*hi = end;
}

static void compare_kallsyms(struct elf *A, struct elf *B, size_t i)
{
	struct ksyms ka, kb;
	struct section *x = &A->s[i], *y = &B->s[i];
	uint64_t d, lo, hi, renamed = 0;
	uint32_t j;
	char *key;

	if (!linked)
		unexplained("section %s differs (data, at %s): kallsyms tables in a file not linked (no --linked)",
			    x->name, where(A, i, 0));
	ks_decode(A, i, &ka, "A");
	ks_decode(B, i, &kb, "B");
	if (ka.names != kb.names || ka.markers != kb.markers || ka.seqs != kb.seqs ||
	    ka.ttab != kb.ttab || ka.tidx != kb.tidx || ka.offsets != kb.offsets ||
	    ka.base != kb.base || ka.num != kb.num)
		unexplained("kallsyms: the tables are at other places");
	/* The fixed tables: the same bytes (the same addresses). */
	if (memcmp(x->data.data + ka.offsets, y->data.data + ka.offsets, 4 * (uint64_t)ka.n) ||
	    memcmp(x->data.data + ka.base, y->data.data + ka.base, 8) || ka.n != kb.n)
		unexplained("kallsyms: kallsyms_offsets, kallsyms_relative_base or kallsyms_num_syms differs");
	/* The span of the tables that may differ. */
	lo = ka.names;
	hi = ka.names_end > kb.names_end ? ka.names_end : kb.names_end;
	ks_span(&lo, &hi, ka.markers, ka.markers + 4 * (uint64_t)((ka.n + 255) >> 8));
	ks_span(&lo, &hi, ka.seqs, ka.seqs + 3 * (uint64_t)ka.n);
	ks_span(&lo, &hi, ka.ttab, ka.ttab_end);
	ks_span(&lo, &hi, kb.ttab, kb.ttab_end);
	ks_span(&lo, &hi, ka.tidx, ka.tidx + 512);
	for (d = 0; d < x->data.len; d++) {
		if (d >= lo && d < hi) {
			if ((!ka.used[d] && x->data.data[d]) || (!kb.used[d] && y->data.data[d]))
				unexplained("section %s differs (data, at %s): a byte between the kallsyms tables is not 0",
					    x->name, where(A, i, d));
			continue;	/* decoded and compared below */
		}
		if (x->data.data[d] != y->data.data[d])
			unexplained("section %s differs (data, at %s): outside the kallsyms tables",
				    x->name, where(A, i, d));
	}
	for (j = 0; j < ka.n; j++) {
		const char *na = ka.name[j], *nb = kb.name[j];

		if (!strcmp(na, nb))
			continue;
		if (na[0] != nb[0])
			unexplained("kallsyms: name %u: %s -> %s, another type letter", j, na, nb);
		if (asprintf(&key, "%s %s", na + 1, nb + 1) < 0)
			input_error("out of memory");
		if (!strset_has(&renames, key))
			unexplained("kallsyms: name %u renamed %s -> %s, not a rename explained in an object",
				    j, na + 1, nb + 1);
		free(key);
		explained("kallsyms %s %s", na + 1, nb + 1);
		renamed++;
	}
	explained("kallsyms-tables %s %u %llu", x->name, ka.n, (unsigned long long)renamed);
	free(ka.used);
	free(kb.used);
}

static int compare(int argc, char **argv)
{
	struct elf A, B;
	const char *build_id = NULL;
	size_t i;
	int a = 0;

	while (a < argc && !strncmp(argv[a], "--", 2)) {
		const char *o = argv[a++];

		if (!strcmp(o, "--linked"))
			linked = 1;
		else if (!strcmp(o, "--kallsyms-absolute-percpu"))
			kallsyms_absolute_percpu = 1;
		else if (!strcmp(o, "--bug-verbose"))
			bug_verbose = 1;
		else if (a >= argc)
			print_usage();
		else if (!strcmp(o, "--map"))
			read_map(argv[a++]);
		else if (!strcmp(o, "--files"))
			read_files(argv[a++]);
		else if (!strcmp(o, "--renames"))
			read_renames(argv[a++]);
		else
			print_usage();
	}
	if (argc - a != 2)
		print_usage();
	read_elf(&A, argv[a]);
	read_elf(&B, argv[a + 1]);
	compare_layout(&A, &B);

	/* Symbols: all but the names exactly; names may be renamed initcalls. */
	for (i = 0; i < A.n; i++)
		if (A.s[i].type == SHT_SYMTAB)
			compare_symbols(&A, &B, i);

	for (i = 0; i < A.n; i++) {
		struct section *x = &A.s[i], *y = &B.s[i];
		const char *kind;
		size_t d;

		if (x->type == SHT_SYMTAB)
			continue;	/* compared above */
		if (x->type == SHT_STRTAB && !strcmp(x->name, ".strtab"))
			continue;	/* the names: compared above */
		if (!strcmp(x->name, "__bug_table") && map.used) {
			compare_bug_table(&A, &B, i);
			continue;
		}
		if (buf_eq(x->data, y->data))
			continue;
		if (!strcmp(x->name, "__bug_table")) {
			compare_bug_table(&A, &B, i);
			continue;
		}
		if (linked && x->type == SHT_NOTE && only_build_id_differs(x, y)) {
			build_id = x->name;
			continue;
		}
		if (x->type == SHT_PROGBITS && (x->flags & SHF_EXECINSTR)) {
			compare_code(&A, &B, i);
			continue;
		}
		if (x->type == SHT_PROGBITS && (x->flags & SHF_ALLOC) &&
		    printk_index_only(&A, &B, i))
			continue;
		if (x->type == SHT_PROGBITS && (x->flags & SHF_ALLOC) &&
		    string_lines_only(&A, &B, i))
			continue;
		if (x->type == SHT_PROGBITS && has_kallsyms(&A, i)) {
			compare_kallsyms(&A, &B, i);
			continue;
		}
		/* The first differing byte, and the symbol it falls in. */
		for (d = 0; d < x->data.len && x->data.data[d] == y->data.data[d]; d++)
			;
		kind = x->type == SHT_RELA ? "relocations" :
		       x->flags & SHF_EXECINSTR ? "code" :
		       x->flags & SHF_ALLOC ? "data" : "contents";
		unexplained("section %s differs (%s, at %s): not a line number",
			    x->name, kind, where(&A, i, d));
	}
	if (build_id)
		explained("build-id");
	for (i = 0; i < n_out; i++)
		printf("%s\n", out[i]);
	return 0;
}

int main(int argc, char **argv)
{
	int i, rc = 0;

	if (argc < 2)
		print_usage();
	if (!strcmp(argv[1], "linemap")) {
		if (argc < 4)
			print_usage();
		for (i = 4; i < argc && !rc; i++)
			rc = linemap_file(argv[2], argv[3], argv[i]);
		return rc;
	}
	if (!strcmp(argv[1], "compare"))
		return compare(argc - 2, argv + 2);
	print_usage();
}
