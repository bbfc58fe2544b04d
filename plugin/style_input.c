// SPDX-License-Identifier: GPL-2.0
/*
 * style_input - the source text of -fdirectives-only input
 *
 * gcc -E -fdirectives-only writes every line of the sources as it is,
 * except the directives it acts on: an #include becomes line markers
 * ("# 1 "foo.h" 1" ... "# 12 "foo.c" 2"), the lines of a skipped #if
 * block and the conditionals themselves become empty lines or a marker;
 * #define, #undef and #pragma stay.  Compiled with -fpreprocessed
 * -fdirectives-only, the compiler expands the macros again, and its line
 * map gives every token its file, line and column in the sources, so
 * the plugin checks that input as it checks the sources.  Where it cannot
 * read a file (on an icecc node, which compiles from standard input in a
 * directory without the sources), the file's text is put together here
 * from the input, line N of the file from the input line that the line
 * markers make line N.  Fully preprocessed input (-E alone) has no
 * macros left, and stays unchecked (style_plugin.c).
 */

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

/* Not style_compat.h: plugin-version.h is style_plugin.c's alone. */
#include "gcc-plugin.h"
#include "diagnostic-core.h"
#include "opts.h"
#include "toplev.h"
#include "style_input.h"
#include "style_grow.h"

static bool preprocessed, directives_only;

/* The input: from a file (read when first needed) or standard input. */
static const char *input_name;	/* NULL: standard input */
static char *input;
static size_t input_size;
static bool input_read;

/* The stretches of input lines that the line markers give to one file. */
struct segment {
	char *file;
	int first_line;		/* the file's line of the input at start */
	size_t start, end;	/* input offsets */
	bool line_directive;	/* placed by the sources' own #line */
};

static struct segment *segments;
static int n_segments;
static size_t cap_segments;
static bool indexed;

/* Whether OPT is on: the last of -fOPT and -fno-OPT wins. */
static bool option_set(unsigned int opt)
{
	bool on = false;

	for (unsigned int i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == opt)
			on = save_decoded_options[i].value;
	return on;
}

/* All of FD, in a malloc'd buffer with a NUL after it. */
static char *read_all(int fd, size_t *size)
{
	size_t got = 0, cap = 0;
	char *buf = NULL;
	ssize_t n;

	for (;;) {
		/* Room for a byte more than read, and the NUL. */
		style_grow(&buf, sizeof(*buf), got + 1, &cap, 1 << 16);
		n = read(fd, buf + got, cap - got - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if (n == 0)
			break;
		got += n;
	}
	buf[got] = '\0';
	*size = got;
	return buf;
}

/*
 * Standard input can be read once: read it here, before the compiler
 * does, and give the compiler a file with the same bytes as its standard
 * input: a memfd (no file system needed: an icecc node compiles in a
 * chroot), else a temporary file.  Nothing is lost: if no such file can
 * be made, the compile stops with an error.
 */
static bool keep_stdin(const char *plugin)
{
	size_t done = 0;
	int fd;

	input = read_all(0, &input_size);
	input_read = true;
	if (!input) {
		error("%s: cannot read the standard input: %m", plugin);
		return false;
	}
	fd = memfd_create("style_plugin-stdin", MFD_CLOEXEC);
	if (fd < 0) {
		FILE *tmp = tmpfile();

		fd = tmp ? dup(fileno(tmp)) : -1;
		if (tmp)
			fclose(tmp);
	}
	while (fd >= 0 && done < input_size) {
		ssize_t n = write(fd, input + done, input_size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += n;
	}
	if (fd < 0 || done < input_size || lseek(fd, 0, SEEK_SET) != 0 ||
	    dup2(fd, 0) < 0) {
		error("%s: cannot keep a copy of the standard input: %m", plugin);
		if (fd >= 0)
			close(fd);
		return false;
	}
	close(fd);
	return true;
}

bool style_input_init(const char *plugin)
{
	preprocessed = option_set(OPT_fpreprocessed);
	directives_only = option_set(OPT_fdirectives_only);
	if (!preprocessed || !directives_only)
		return true;
	for (unsigned int i = 0; i < save_decoded_options_count; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];

		if (o->opt_index == OPT_SPECIAL_input_file && o->arg)
			input_name = o->arg;
	}
	if (input_name && strcmp(input_name, "-") && *input_name)
		return true;
	input_name = NULL;
	return keep_stdin(plugin);
}

bool style_input_on_node(void)
{
	return preprocessed && directives_only && !input_name;
}

bool style_input_fully_preprocessed(void)
{
	return preprocessed && !directives_only;
}

/* Where the line at P ends (libcpp's rule: "\n", "\r\n" or a lone '\r'). */
static size_t line_end(size_t p, size_t end)
{
	while (p < end) {
		if (input[p] == '\n')
			return p + 1;
		if (input[p] == '\r')
			return p + 1 < end && input[p + 1] == '\n' ? p + 2 : p + 1;
		p++;
	}
	return end;
}

/*
 * A line marker at P: "# N "FILE" FLAGS" or "#line N "FILE"".  Sets
 * *LINE, and *FILE to the unquoted name (malloc'd), or NULL when the
 * marker keeps the file.
 */
static bool line_marker(size_t p, size_t end, int *line, char **file,
			bool *directive)
{
	const char *s = input + p, *e = input + end;
	char *name;
	int n = 0;

	if (s == e || *s != '#')
		return false;
	for (s++; s < e && (*s == ' ' || *s == '\t'); s++)
		;
	/* A marker without flags: maybe a #line (index_input). */
	*directive = true;
	if (e - s > 4 && !strncmp(s, "line", 4) && (s[4] == ' ' || s[4] == '\t'))
		for (s += 4; s < e && (*s == ' ' || *s == '\t'); s++)
			;
	if (s == e || !ISDIGIT(*s))
		return false;
	for (; s < e && ISDIGIT(*s); s++)
		n = n * 10 + (*s - '0');
	*line = n;
	*file = NULL;
	for (; s < e && (*s == ' ' || *s == '\t'); s++)
		;
	if (s == e || *s != '"')
		return true;
	name = XNEWVEC(char, e - s);
	*file = name;
	for (s++; s < e && *s != '"'; s++) {
		if (*s == '\\' && s + 1 < e) {
			s++;
			if (*s >= '0' && *s <= '7') {
				int c = 0, k;

				for (k = 0; k < 3 && s < e && *s >= '0' && *s <= '7'; k++)
					c = c * 8 + (*s++ - '0');
				s--;
				*name++ = (char)c;
				continue;
			}
			*name++ = *s == 'n' ? '\n' : *s;
			continue;
		}
		*name++ = *s;
	}
	*name = '\0';
	/* Flags (1: enter a file, 2: back in one) come from #include. */
	for (s++; s < e && !ISDIGIT(*s) && *s != '\n' && *s != '\r'; s++)
		;
	if (s < e && (*s == '1' || *s == '2'))
		*directive = false;
	return true;
}

static void add_segment(char *file, int line, size_t start, size_t end,
			bool directive)
{
	if (!file || (start >= end && !directive))
		return;
	style_grow(&segments, sizeof(*segments), n_segments, &cap_segments, 256);
	segments[n_segments].file = file;
	segments[n_segments].first_line = line;
	segments[n_segments].start = start;
	segments[n_segments].end = end;
	segments[n_segments].line_directive = directive;
	n_segments++;
}

/* One pass over the input: which stretch of it is which file's. */
static void index_input(void)
{
	char *file = NULL, *name;
	size_t p = 0, start = 0, next;
	int line = 1, first = 1, n;
	bool directive = false, d;

	indexed = true;
	if (!input_read) {
		int fd = open(input_name, O_RDONLY | O_CLOEXEC);

		input_read = true;
		if (fd < 0)
			return;
		input = read_all(fd, &input_size);
		close(fd);
		if (!input)
			return;
	}
	while (p < input_size) {
		next = line_end(p, input_size);
		if (input[p] == '#' && line_marker(p, next, &n, &name, &d)) {
			add_segment(file, first, start, p, directive);
			/*
			 * -E writes the sources' #line as a marker without
			 * flags, and such markers of its own where it skips
			 * lines (further on in the same file) and where the
			 * main file starts: the rest is a #line.
			 */
			if (d && (!file || file[0] == '<' ||
				  ((!name || !strcmp(name, file)) && n >= line)))
				d = false;
			directive = d;
			if (name) {
				/* The segments keep the names they point to. */
				if (!file || strcmp(file, name))
					file = name;
				else
					free(name);
			}
			line = n;
			first = n;
			start = next;
		} else {
			line++;
		}
		p = next;
	}
	add_segment(file, first, start, input_size, directive);
}

bool style_input_line_directive(const char *file, int line)
{
	if (!preprocessed || !directives_only)
		return true;
	if (!indexed)
		index_input();
	for (int i = 0; i < n_segments; i++)
		if (segments[i].line_directive &&
		    segments[i].first_line == line &&
		    !strcmp(segments[i].file, file))
			return true;
	return false;
}

/* Whether the line [P, END) holds nothing but blanks and its end. */
static bool blank_line(size_t p, size_t end)
{
	for (; p < end; p++)
		if (!ISSPACE(input[p]))
			return false;
	return true;
}

char *style_input_file_text(const char *file, size_t *size, size_t *map_size)
{
	struct line_span {
		size_t off, len;
	} *lines = NULL;
	size_t cap = 0, total = 0, page, at = 0;
	int max = 0;
	char *text;
	void *m;

	if (!preprocessed || !directives_only)
		return NULL;
	if (!indexed)
		index_input();
	for (int i = 0; i < n_segments; i++) {
		struct segment *s = &segments[i];
		size_t p = s->start, next;
		int line = s->first_line;

		if (strcmp(s->file, file))
			continue;
		for (; p < s->end; p = next, line++) {
			next = line_end(p, s->end);
			if (line < 1)
				continue;
			style_grow(&lines, sizeof(*lines), line, &cap, 2048);
			/* A header read twice: the copy with text in it. */
			if (lines[line].len &&
			    !blank_line(lines[line].off,
					lines[line].off + lines[line].len))
				continue;
			lines[line].off = p;
			lines[line].len = next - p;
			if (line > max)
				max = line;
		}
	}
	if (!max) {
		free(lines);
		return NULL;
	}
	/* A line may lack its end (the input's last): one byte more each. */
	for (int line = 1; line <= max; line++)
		total += lines[line].len + 1;
	page = sysconf(_SC_PAGESIZE);
	*map_size = (total + 1 + page - 1) / page * page;
	m = mmap(NULL, *map_size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		free(lines);
		return NULL;
	}
	text = (char *)m;
	for (int line = 1; line <= max; line++) {
		/*
		 * A line the input does not have is empty; after a lone
		 * '\r', "\n" would make one "\r\n" end of the two lines.
		 */
		if (!lines[line].len) {
			text[at] = at && text[at - 1] == '\r' ? '\r' : '\n';
			at++;
			continue;
		}
		memcpy(text + at, input + lines[line].off, lines[line].len);
		at += lines[line].len;
		if (text[at - 1] != '\n' && text[at - 1] != '\r')
			text[at++] = '\n';
	}
	*size = at;
	free(lines);
	return text;
}
