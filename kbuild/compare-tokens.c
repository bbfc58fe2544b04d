// SPDX-License-Identifier: GPL-2.0
/*
 * compare-tokens - the token proof of kbuild/treewide-proof.sh
 * (PROOF=tokens): compare what the compiler is given, the preprocessed
 * output of one C file built from two source trees (kbuild's "make
 * FILE.i" on each side), token by token, and explain each difference as
 * a line number that moved, or fail.  It needs no code generation and
 * knows no architecture: it proves cross-compiled objects that
 * compare-elf (x86_64 ELF only) cannot read.
 *
 *   compare-tokens --map MAP [--src-a DIR] [--src-b DIR] A.i B.i
 *	MAP	compare-elf linemap's lines, "FILE LA LB": old line LA of
 *		the changed FILE shares a non-blank character with new
 *		line LB (FILE relative to the trees)
 *	--src-a, --src-b
 *		the trees' paths, taken off the file names of the line
 *		markers ("# LINE "FILE"") to give names relative to them
 *
 * Each side is split into C tokens: identifiers, pp-numbers, string and
 * character literals (with their L, u, U, u8 prefixes), punctuators by
 * the longest match (so "+ +" is not "++").  Blanks, line breaks and the
 * line markers separate tokens and are not compared; the markers and
 * the line breaks give each token its file and line (a macro's
 * expansion: the line of its name).  The two sides must have as many
 * tokens, each in the same file, on lines MAP pairs (a changed file) or
 * on the same line (another file): the compiled copy is laid out as the
 * source trees are.
 *
 * Accepted differences, nothing else: the two tokens are the same but
 * for one run of decimal digits (a pp-number 123, a stringified line
 * "123", an identifier pasted with __LINE__, such as an initcall's
 * __initcall__kmod_M__ID_123_fn), both tokens come from the same file,
 * and MAP pairs the old run's value with the new one in that file: a
 * __LINE__ that moved with its line.  A run of digits is only a line
 * number where the source's own characters did not change, which
 * compare-elf linemap checks before it writes MAP.
 *
 * Out: "identical" or "lines N" (N tokens differ, each a moved line),
 * exit 0; else the first differences on stderr, exit 1.  Exit 2: usage
 * or input error.
 *
 * Build: cc -O2 -Wall -o compare-tokens compare-tokens.c
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon-path.h"

#define NAME "compare-tokens"
#define MAX_SHOWN 5
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct token {
	const char *text;
	int len;
	int file;	/* index into the side's file names */
	long line;
};

struct file {
	char *name;	/* relative to the side's tree */
	int mapped;	/* MAP has lines of it: a changed file */
};

struct side {
	char *data;
	size_t size;
	struct token *tok;
	size_t n, cap;
	struct file *files;
	int n_files;
	const char *prefix;	/* --src-a or --src-b, or NULL */
};

struct pair {
	const char *file;
	long la, lb;
};

static struct pair *map;
static size_t n_map;

static void input_error(const char *what, const char *arg)
{
	fprintf(stderr, NAME ": %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p)
		input_error("out of memory", NULL);
	return p;
}

static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		input_error("cannot read", path);
	do {
		if (cap - n < 65536) {
			cap = cap ? 2 * cap : 1 << 20;
			data = xrealloc(data, cap + 1);
		}
		got = fread(data + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (ferror(f))
		input_error("cannot read", path);
	fclose(f);
	data[n] = '\0';
	*size = n;
	return data;
}

/* Does MAP (sorted by file) have lines of FILE? A binary search. */
static int file_mapped(const char *file)
{
	size_t lo = 0, hi = n_map;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(map[mid].file, file);

		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The index of a marker's file name (relative to the side's tree). */
static int intern_file(struct side *s, const char *name, size_t len)
{
	size_t plen = s->prefix ? strlen(s->prefix) : 0;
	int i;
	char *path;

	if (plen && len > plen && !strncmp(name, s->prefix, plen) && name[plen] == '/') {
		name += plen + 1;
		len -= plen + 1;
	}
	path = xrealloc(NULL, len + 1);
	memcpy(path, name, len);
	path[len] = '\0';
	canon(path);
	name = path;
	len = strlen(path);
	struct file *f;

	for (i = 0; i < s->n_files; i++)
		if (!strcmp(s->files[i].name, path)) {
			free(path);
			return i;
		}
	s->files = xrealloc(s->files, (s->n_files + 1) * sizeof(*s->files));
	f = &s->files[s->n_files];
	f->name = path;
	f->mapped = file_mapped(f->name);
	return s->n_files++;
}

/* The length of the punctuator at p: the longest that matches. */
static int punctuator(const char *p)
{
	static const char * const punct[] = {
		"%:%:", "...", "<<=", ">>=",
		"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
		"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
		"<:", ":>", "<%", "%>", "%:",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(punct); i++)
		if (!strncmp(p, punct[i], strlen(punct[i])))
			return strlen(punct[i]);
	return 1;
}

/* The end of the literal that starts with its quote at p. */
static const char *literal_end(const char *p, const char *end)
{
	char q = *p++;

	while (p < end && *p != q && *p != '\n') {
		if (*p == '\\' && p + 1 < end)
			p++;
		p++;
	}
	return p < end && *p == q ? p + 1 : p;
}

static int is_ident(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

static void add_token(struct side *s, const char *p, int len, int file, long line)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 65536;
		s->tok = xrealloc(s->tok, s->cap * sizeof(*s->tok));
	}
	s->tok[s->n].text = p;
	s->tok[s->n].len = len;
	s->tok[s->n].file = file;
	s->tok[s->n].line = line;
	s->n++;
}

/* A line marker at p (the start of a line): "# LINE "FILE" FLAGS...". */
static int line_marker(struct side *s, const char **pp, const char *end, int *file, long *line)
{
	const char *p = *pp + 1, *name;
	long n;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || !isdigit((unsigned char)*p))
		return 0;
	n = strtol(p, (char **)&p, 10);
	while (p < end && *p == ' ')
		p++;
	if (p < end && *p == '"') {
		name = p + 1;
		p = literal_end(p, end);
		*file = intern_file(s, name, p - 1 - name);
	}
	while (p < end && *p != '\n')
		p++;
	*line = n - 1;	/* the newline ending the marker makes it n */
	*pp = p;
	return 1;
}

static void tokenize(struct side *s)
{
	const char *p = s->data, *end = s->data + s->size, *q;
	int file = intern_file(s, "<stdin>", 7), bol = 1;
	long line = 1;

	while (p < end) {
		if (*p == '\n') {
			line++;
			bol = 1;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (bol && *p == '#' && line_marker(s, &p, end, &file, &line))
			continue;
		bol = 0;
		q = p;
		if ((*p == 'L' || *p == 'U') && (p[1] == '"' || p[1] == '\'')) {
			q = literal_end(p + 1, end);
		} else if (*p == 'u' && (p[1] == '"' || p[1] == '\'')) {
			q = literal_end(p + 1, end);
		} else if (*p == 'u' && p[1] == '8' && (p[2] == '"' || p[2] == '\'')) {
			q = literal_end(p + 2, end);
		} else if (*p == '"' || *p == '\'') {
			q = literal_end(p, end);
		} else if (isdigit((unsigned char)*p) ||
			   (*p == '.' && isdigit((unsigned char)p[1]))) {
			/* a pp-number: digits, letters, _, . and e+ e- p+ p- */
			q = p + 1;
			while (q < end) {
				if ((*q == '+' || *q == '-') && strchr("eEpP", q[-1]))
					q++;
				else if (is_ident((unsigned char)*q) || *q == '.')
					q++;
				else
					break;
			}
		} else if (is_ident((unsigned char)*p)) {
			while (q < end && is_ident((unsigned char)*q))
				q++;
		} else {
			q = p + punctuator(p);
		}
		add_token(s, p, q - p, file, line);
		p = q;
	}
}

static int pair_cmp(const void *x, const void *y)
{
	const struct pair *a = x, *b = y;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->la != b->la)
		return a->la < b->la ? -1 : 1;
	if (a->lb != b->lb)
		return a->lb < b->lb ? -1 : 1;
	return 0;
}

static void read_map(const char *path)
{
	size_t size, cap = 0;
	char *data = slurp(path, &size), *line, *save = NULL;
	char file[4096];

	for (line = strtok_r(data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		long la, lb;

		if (sscanf(line, "%4095s %ld %ld", file, &la, &lb) != 3)
			input_error("MAP: not \"FILE LA LB\"", line);
		if (n_map == cap) {
			cap = cap ? 2 * cap : 4096;
			map = xrealloc(map, cap * sizeof(*map));
		}
		map[n_map].file = strdup(file);
		map[n_map].la = la;
		map[n_map].lb = lb;
		n_map++;
	}
	free(data);
	qsort(map, n_map, sizeof(*map), pair_cmp);
}

/*
 * Are tokens a and b where the line map puts them: in the same file, on
 * lines MAP pairs (a changed file) or on the same line (another file)?
 * (Blank lines moved in the compiled copy, not in the source, move
 * tokens where the source did not, whether their text shows it or not.)
 */
static int same_place(const struct side *sa, const struct token *a,
		      const struct side *sb, const struct token *b)
{
	const struct file *fa = &sa->files[a->file], *fb = &sb->files[b->file];
	struct pair key;

	if (strcmp(fa->name, fb->name))
		return 0;
	if (!fa->mapped)
		return a->line == b->line;
	key.file = fa->name;
	key.la = a->line;
	key.lb = b->line;
	return !!bsearch(&key, map, n_map, sizeof(*map), pair_cmp);
}

/*
 * Is the difference of tokens a and b a moved line: the same text but
 * for one run of decimal digits, whose values MAP pairs in their file?
 */
static int moved_line(const struct side *sa, const struct token *a,
		      const struct side *sb, const struct token *b)
{
	const char *fa = sa->files[a->file].name, *fb = sb->files[b->file].name;
	int i = 0, ja, jb;
	struct pair key;

	if (strcmp(fa, fb))
		return 0;
	while (i < a->len && i < b->len && a->text[i] == b->text[i])
		i++;
	while (i > 0 && isdigit((unsigned char)a->text[i - 1]))
		i--;
	for (ja = i; ja < a->len && isdigit((unsigned char)a->text[ja]); ja++)
		;
	for (jb = i; jb < b->len && isdigit((unsigned char)b->text[jb]); jb++)
		;
	if (ja == i || jb == i || a->len - ja != b->len - jb ||
	    memcmp(a->text + ja, b->text + jb, a->len - ja))
		return 0;
	if (ja - i > 9 || jb - i > 9)
		return 0;
	key.file = fa;
	key.la = strtol(a->text + i, NULL, 10);
	key.lb = strtol(b->text + i, NULL, 10);
	return !!bsearch(&key, map, n_map, sizeof(*map), pair_cmp);
}

static void show(const char *what, const struct side *s, const struct token *t)
{
	fprintf(stderr, "  %s %s:%ld: %.*s\n", what, s->files[t->file].name, t->line,
		t->len > 80 ? 80 : t->len, t->text);
}

static void print_usage(void)
{
	fprintf(stderr, NAME ": --map MAP [--src-a DIR] [--src-b DIR] A.i B.i\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct side a = { 0 }, b = { 0 };
	const char *map_path = NULL;
	size_t i, moved = 0, bad = 0;
	int k;

	for (k = 1; k < argc && argv[k][0] == '-' && argv[k][1] == '-'; k += 2) {
		if (k + 1 >= argc)
			print_usage();
		if (!strcmp(argv[k], "--map"))
			map_path = argv[k + 1];
		else if (!strcmp(argv[k], "--src-a"))
			a.prefix = argv[k + 1];
		else if (!strcmp(argv[k], "--src-b"))
			b.prefix = argv[k + 1];
		else
			print_usage();
	}
	if (!map_path || argc - k != 2)
		print_usage();
	read_map(map_path);
	a.data = slurp(argv[k], &a.size);
	b.data = slurp(argv[k + 1], &b.size);
	tokenize(&a);
	tokenize(&b);
	for (i = 0; i < a.n && i < b.n; i++) {
		const struct token *ta = &a.tok[i], *tb = &b.tok[i];
		const char *why = NULL;

		if (!same_place(&a, ta, &b, tb))
			why = "is not where the line map puts it";
		else if (ta->len == tb->len && !memcmp(ta->text, tb->text, ta->len))
			continue;
		else if (moved_line(&a, ta, &b, tb))
			moved++;
		else
			why = "differs, not a moved line";
		if (!why)
			continue;
		if (bad++ < MAX_SHOWN) {
			fprintf(stderr, NAME ": token %zu %s:\n", i + 1, why);
			show("A", &a, ta);
			show("B", &b, tb);
		}
		if (bad >= MAX_SHOWN)
			break;
	}
	if (!bad && a.n != b.n) {
		fprintf(stderr, NAME ": A has %zu tokens, B %zu\n", a.n, b.n);
		bad++;
	}
	if (bad)
		return 1;
	if (moved)
		printf("lines %zu\n", moved);
	else
		printf("identical\n");
	return 0;
}
