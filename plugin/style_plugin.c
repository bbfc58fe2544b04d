// SPDX-License-Identifier: GPL-2.0
/*
 * style_plugin - warn where Linux kernel coding style puts a statement on
 * a line of its own: "Don't put multiple statements on a single line
 * unless you have something to hide" (Documentation/process/coding-style).
 *
 * The rules, each a GCC warning with a stable name:
 *   -Wstyle-if-body     the body of an if starts on the line of the ')'
 *                       closing the condition:  if (err) return err;
 *   -Wstyle-else-body   the body of an else starts on the line of the
 *                       'else':  } else x = 3;
 *   -Wstyle-brace-body  the body opens with '{' on the line of the ')',
 *                       'else' or 'do' and a statement follows on that
 *                       line:  if (x) { foo(); }
 *   -Wstyle-loop-body   the body of a for or while loop, or of an
 *                       iterator macro, starts on the header's line:
 *                       while (x) x--;  for_each_cpu(cpu, m) n++;
 *   -Wstyle-do-body     the body of a do starts on its line:
 *                       do x++; while (y);
 *   -Wstyle-multi-stmt  a statement starts on the line where the one
 *                       before it ends:  a = 1; b = 2;
 *   -Wstyle-empty-body  (off by default) an empty body ';' on the line
 *                       of its if, else or loop header:  while (busy());
 *
 * The checker walks each function's trees before genericization, takes
 * from them where every if statement and its bodies are, and reads the
 * source lines (as the diagnostic machinery caches them) only to find
 * the ')' and 'else' that the trees do not record.  An if that comes
 * from a macro expansion is not checked; a body that starts with a macro
 * invocation written on the line is, and so is a loop body written after
 * an iterator macro.
 *
 * Options (-fplugin-arg-style_plugin-NAME[=VALUE]):
 *   disable          check nothing
 *   no-RULE, RULE    turn a rule off or on (RULE without "-Wstyle-")
 *   error            report style violations as errors
 *   error=RULE,...   report these rules' violations as errors
 *   once=DIR         report each violation once per DIR: the first
 *                    compile to create DIR/<hash> reports it
 *   lines=FILE       report only on the lines FILE lists, one range a
 *                    line: "PATH FIRST LAST" (new-code-only mode)
 *   sarif=FILE       also write the results as a SARIF 2.1.0 log
 *                    (style_sarif.c); srcroot=DIR, docs=URI for it
 *   check-only       no other warning: for a check-only pass beside the
 *                    compile that reports them (style_controls.c)
 *
 * -Wno-style-RULE turns RULE off too, and "#pragma style_plugin" exempts
 * a region of the source; -Wstyle-RULE and -Werror=style-RULE cannot
 * work (style_controls.c says why).
 *
 * Usage:
 *   $ make                                    # builds style_plugin.so
 *   $ gcc -fplugin=./style_plugin.so -c foo.c
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "style_compat.h"
#include "style_input.h"
#include "style_sarif.h"
#include "style_controls.h"
#include "style_walked.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info style_plugin_info = {
	.version = "1.0",
	.help = "disable\tcheck nothing\n"
		"no-RULE\tturn RULE off (if-body, else-body, brace-body,\n"
		"\tloop-body, do-body, multi-stmt, empty-body)\n"
		"RULE\tturn RULE on\n"
		"error\treport style violations as errors\n"
		"error=RULE,...\treport these rules' violations as errors\n"
		"once=DIR\treport each violation once per DIR\n"
		"lines=FILE\treport only on the line ranges FILE lists\n"
		"sarif=FILE\twrite the results as a SARIF log to FILE\n"
		"srcroot=DIR\tthe SARIF locations are relative to DIR\n"
		"docs=URI\twhere the SARIF rules' help is\n"
		"check-only\tturn every other warning off\n",
};

enum style_rule {
	RULE_IF_BODY,
	RULE_ELSE_BODY,
	RULE_BRACE_BODY,
	RULE_LOOP_BODY,
	RULE_DO_BODY,
	RULE_MULTI_STMT,
	RULE_EMPTY_BODY,
	NR_RULES,
	RULE_NONE = NR_RULES
};

static const char *const rule_names[NR_RULES] = {
	"style-if-body",
	"style-else-body",
	"style-brace-body",
	"style-loop-body",
	"style-do-body",
	"style-multi-stmt",
	"style-empty-body",
};

static bool rule_enabled[NR_RULES] = {
	true, true, true, true, true, true, false,
};

/* What a body follows: the token before it decides the rule. */
enum body_kind {
	BODY_IF,	/* the ')' of an if condition */
	BODY_ELSE,	/* 'else' */
	BODY_LOOP,	/* the ')' of a for or while header, or a macro's */
	BODY_DO,	/* 'do' */
	BODY_NEXT,	/* the ';' or '}' ending the statement before */
};

static bool style_disabled;
static bool style_as_error;
static bool rule_as_error[NR_RULES];	/* error=RULE,... */
static const struct style_rules all_rules = { rule_names, NR_RULES };
static const char *once_dir;

/* The rule being reported, for the option-name hook; RULE_NONE otherwise. */
static enum style_rule current_rule = RULE_NONE;
static style_option_name_fn next_option_name;

int style_reporting_rule(void)
{
	return current_rule == RULE_NONE ? -1 : current_rule;
}

/* A byte position in a source file: 1-based line, 0-based column. */
struct src_pos {
	const char *file;
	int line;
	int col;
};

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

/* Notes said once per compilation. */
static void note_once(bool *said, const char *msg)
{
	if (*said)
		return;
	*said = true;
	inform(UNKNOWN_LOCATION, "%s", msg);
}

static bool said_stdin;

/*
 * Drop F's text and index.  The text has a mapping of its own (see
 * src_file_load), so its pages go back to the system here.
 */
static void src_file_release(struct src_file *f)
{
	if (f->text)
		munmap(f->text, f->map_size);
	free(f->line_start);
	memset(f, 0, sizeof(*f));
}

/*
 * Read FILE into an anonymous mapping of its own, followed by at least
 * one NUL.  Not malloc: a kernel unit reads some 200 headers (2-3 MB)
 * one after the other, and the heap keeps the pages of freed buffers,
 * which raised cc1's peak RSS by the size of the cache.  Not a mapping
 * of the file itself: a file truncated during the compile would make
 * reading its pages fault (SIGBUS) and crash the compiler.
 */
static void src_file_read(struct src_file *f, int fd, size_t size)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t got = 0;
	ssize_t n;
	void *p;

	f->map_size = (size + 1 + page - 1) / page * page;
	p = mmap(NULL, f->map_size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return;
	f->text = (char *)p;
	while (got < size) {
		n = read(fd, f->text + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	f->size = got;
}

static void src_file_load(struct src_file *f, const char *name)
{
	struct stat st;
	int fd;

	src_file_release(f);
	f->name = name;
	/*
	 * "<stdin>", "<built-in>": no file to read back, even if the
	 * current directory holds one of that name.
	 */
	if (name[0] == '<' && name[strlen(name) - 1] == '>') {
		if (!strcmp(name, "<stdin>"))
			note_once(&said_stdin,
				  "style_plugin: code read from standard input is not checked");
		return;
	}
	/* Only regular files: opening a FIFO would wait for a writer. */
	if (stat(name, &st) == 0 && S_ISREG(st.st_mode)) {
		fd = open(name, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
			    st.st_size > 0)
				src_file_read(f, fd, st.st_size);
			close(fd);
		}
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
			f->cap_lines = f->cap_lines ? 2 * f->cap_lines : 1024;
			f->line_start = XRESIZEVEC(int, f->line_start,
						   f->cap_lines);
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
 * Line LINE (1-based) of FILE without its '\n', and its length; NULL if
 * the file cannot be read (standard input, <built-in>) or is shorter.
 * The text stays valid until SRC_CACHE_FILES other files are read.
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

/*
 * PLUGIN_ALL_IPA_PASSES_START: the functions are checked; the cached
 * files go back to the system before the optimizers reach cc1's peak.
 */
static void release_sources(void *gcc_data, void *user_data)
{
	for (int i = 0; i < SRC_CACHE_FILES; i++)
		src_file_release(&src_cache[i]);
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
static const char *style_source_eol(const char *file, int line)
{
	struct src_file *f = src_file_find(file);
	const char *text;
	int len;

	text = style_source_line(file, line, &len);
	if (!text || (f->lone_cr_line && f->lone_cr_line <= line))
		return NULL;
	return text[len] == '\r' ? "\r\n" : "\n";
}

/* How far the search for a closing ')' may go before it gives up. */
#define MAX_COND_LINES 256

static bool is_ident_char(char c)
{
	return ISIDNUM(c) || c == '$';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Whether the word [start, start + len) of TEXT is exactly KEYWORD. */
static bool word_is(const char *text, int len, int start, const char *keyword)
{
	int n = strlen(keyword);

	if (start < 0 || start + n > len || strncmp(text + start, keyword, n))
		return false;
	if (start > 0 && is_ident_char(text[start - 1]))
		return false;
	return start + n == len || !is_ident_char(text[start + n]);
}

/*
 * The start of the first token at or after column I on the same physical
 * line, or -1 when none is there: the line ends, a comment runs past its
 * end, or a backslash continues it (the token is then on a later line).
 */
static int next_token_on_line(const char *text, int len, int i)
{
	while (i < len) {
		const char *end;

		if (is_blank(text[i])) {
			i++;
		} else if (text[i] == '/' && i + 1 < len && text[i + 1] == '*') {
			end = (const char *)memmem(text + i + 2, len - i - 2,
						   "*/", 2);
			if (!end)
				return -1;
			i = end - text + 2;
		} else if (text[i] == '/' && i + 1 < len && text[i + 1] == '/') {
			return -1;
		} else if (text[i] == '\\') {
			int j = i + 1;

			while (j < len && is_blank(text[j]))
				j++;
			return j == len ? -1 : i;
		} else {
			return i;
		}
	}
	return -1;
}

/*
 * The last character of the token before column I on the same physical
 * line, or -1 when none is there.  A block comment that ends on this line
 * but starts on an earlier one hides everything before it.
 */
static int prev_token_end_on_line(const char *text, int i)
{
	int j = i - 1;

	while (j >= 0) {
		if (is_blank(text[j])) {
			j--;
		} else if (text[j] == '/' && j > 0 && text[j - 1] == '*') {
			int k = j - 3;

			while (k >= 0 && !(text[k] == '/' && text[k + 1] == '*'))
				k--;
			if (k < 0)
				return -1;
			j = k - 1;
		} else {
			return j;
		}
	}
	return -1;
}

/* The start of the token that ends at column END. */
static int token_start(const char *text, int end)
{
	if (!is_ident_char(text[end]))
		return end;
	while (end > 0 && is_ident_char(text[end - 1]))
		end--;
	return end;
}

/* The length of the token starting at column I (words; else one char). */
static int token_length(const char *text, int len, int i)
{
	int j = i;

	while (j < len && is_ident_char(text[j]))
		j++;
	return j > i ? j - i : 1;
}

/*
 * A directive line inside a condition: #define, #undef, #pragma and the
 * like are skipped; a conditional (#if, #ifdef, #else, #elif, #endif) may
 * hide text that is not compiled, so the caller gives up.
 */
static bool directive_is_conditional(const char *text, int len, int i)
{
	i++;
	while (i < len && is_blank(text[i]))
		i++;
	return word_is(text, len, i, "if") || word_is(text, len, i, "ifdef") ||
	       word_is(text, len, i, "ifndef") || word_is(text, len, i, "elif") ||
	       word_is(text, len, i, "else") || word_is(text, len, i, "endif") ||
	       word_is(text, len, i, "elifdef") ||
	       word_is(text, len, i, "elifndef");
}

/* Skip a string or character literal opened at column I; -1 if unclosed. */
static int skip_literal(const char *text, int len, int i)
{
	char quote = text[i];

	for (i++; i < len; i++) {
		if (text[i] == '\\')
			i++;
		else if (text[i] == quote)
			return i;
	}
	return -1;
}

/* Skip a preprocessing number starting at column I; returns its end. */
static int skip_number(const char *text, int len, int i)
{
	while (i < len) {
		char c = text[i];

		if (is_ident_char(c) || c == '.') {
			i++;
		} else if ((c == '+' || c == '-') &&
			   strchr("eEpP", text[i - 1])) {
			i++;
		} else if (c == '\'' && i + 1 < len &&
			   is_ident_char(text[i + 1])) {
			i++;
		} else {
			break;
		}
	}
	return i;
}

/*
 * Find the ')' matching the '(' at OPEN, reading the source forward.
 * Comments, string and character literals and backslash-newlines are
 * skipped.  Gives up (false) on what plain text cannot tell for sure: a
 * conditional directive inside the condition, a raw string, a literal
 * continued on the next line, an unreadable line, a very long condition.
 */
static bool find_close_paren(const struct src_pos *open, struct src_pos *close)
{
	int depth = 0, line = open->line, i = open->col;
	bool in_comment = false, line_start = false;

	for (int n = 0; n < MAX_COND_LINES; n++, line++, i = 0) {
		int len;
		const char *text = style_source_line(open->file, line, &len);

		if (!text)
			return false;
		if (line_start && !in_comment) {
			int j = next_token_on_line(text, len, 0);

			if (j >= 0 && text[j] == '#') {
				if (directive_is_conditional(text, len, j))
					return false;
				/* Skip the directive and its continuations. */
				while (len > 0 && text[len - 1] == '\\') {
					text = style_source_line(open->file,
								 ++line, &len);
					if (!text)
						return false;
				}
				n++;
				continue;
			}
		}
		for (; i < len; i++) {
			char c = text[i];

			if (in_comment) {
				if (c == '*' && i + 1 < len && text[i + 1] == '/') {
					in_comment = false;
					i++;
				}
			} else if (c == '/' && i + 1 < len && text[i + 1] == '*') {
				in_comment = true;
				i++;
			} else if (c == '/' && i + 1 < len && text[i + 1] == '/') {
				/* A line comment continued by '\' is rare. */
				if (text[len - 1] == '\\')
					return false;
				break;
			} else if (c == '"' || c == '\'') {
				i = skip_literal(text, len, i);
				if (i < 0)
					return false;
			} else if (ISDIGIT(c) ||
				   (c == '.' && i + 1 < len && ISDIGIT(text[i + 1]))) {
				i = skip_number(text, len, i) - 1;
			} else if (is_ident_char(c)) {
				int j = i;

				while (j < len && is_ident_char(text[j]))
					j++;
				if (j < len && text[j] == '"' && text[j - 1] == 'R')
					return false;
				i = j - 1;
			} else if (c == '(') {
				depth++;
			} else if (c == ')' && --depth == 0) {
				close->file = open->file;
				close->line = line;
				close->col = i;
				return true;
			}
		}
		line_start = !(len > 0 && text[len - 1] == '\\');
	}
	return false;
}

static bool said_line_markers;

/* Files with a line past GCC's last column, each noted once. */
static char **long_line_files;
static int n_long_line_files;

/*
 * LOC, on line LINE of FILE, has no column: GCC's line maps encode none
 * past LINE_MAP_MAX_COLUMN_NUMBER (4096), so what starts there cannot
 * be checked.  Say so once per file, where it first happens.
 */
static void note_long_line(location_t loc, const char *file, int line)
{
	int len, i;

	if (in_system_header_at(loc) ||
	    !style_source_line(file, line, &len) ||
	    len <= (int)LINE_MAP_MAX_COLUMN_NUMBER)
		return;
	for (i = 0; i < n_long_line_files; i++)
		if (!strcmp(long_line_files[i], file))
			return;
	long_line_files = XRESIZEVEC(char *, long_line_files,
				     n_long_line_files + 1);
	long_line_files[n_long_line_files++] = xstrdup(file);
	inform(loc,
	       "style_plugin: GCC tracks no column past %u: this line, and any other such line of this file, is checked only up to there",
	       LINE_MAP_MAX_COLUMN_NUMBER);
}

/*
 * The position of LOC in its source file.  Locations from line markers
 * (#line, or "# 1 file" in preprocessed input) name lines whose text is
 * not what the compiler read, so they are not checked; but the markers
 * of -fdirectives-only input place each line where it was written.
 */
static bool loc_to_pos(location_t loc, struct src_pos *pos)
{
	const line_map_ordinary *map;
	expanded_location x;

	if (loc <= BUILTINS_LOCATION ||
	    linemap_location_from_macro_expansion_p(line_table, loc))
		return false;
	map = linemap_check_ordinary(linemap_lookup(line_table, loc));
	if (!map)
		return false;
	if (map->reason == LC_RENAME_VERBATIM &&
	    style_input_line_directive(ORDINARY_MAP_FILE_NAME(map),
				       ORDINARY_MAP_STARTING_LINE_NUMBER(map))) {
		note_once(&said_line_markers,
			  "style_plugin: code placed by '#line' or line markers is not checked");
		return false;
	}
	x = expand_location(loc);
	if (x.file && x.line > 0 && x.column == 0)
		note_long_line(loc, x.file, x.line);
	if (!x.file || x.line <= 0 || x.column <= 0)
		return false;
	pos->file = x.file;
	pos->line = x.line;
	pos->col = x.column - 1;
	return true;
}

/*
 * A location for POS, built in the line map that holds ANCHOR (a
 * location in the same file), and checked by expanding it back: a line
 * the map does not cover, or a column it cannot encode, gives none.
 */
static location_t pos_in_map(const line_map_ordinary *map,
			     const struct src_pos *pos);

static location_t pos_to_loc(location_t anchor, const struct src_pos *pos)
{
	const line_map_ordinary *map, *last;
	location_t loc;

	if (anchor <= BUILTINS_LOCATION)
		return UNKNOWN_LOCATION;
	anchor = get_pure_location(anchor);
	if (linemap_location_from_macro_expansion_p(line_table, anchor))
		return UNKNOWN_LOCATION;
	map = linemap_check_ordinary(linemap_lookup(line_table, anchor));
	/*
	 * Or in one of the maps that follow it in the same file: libcpp
	 * starts a new map where a line needs more column bits, and line
	 * markers (-fdirectives-only input) start others.
	 */
	last = LINEMAPS_LAST_ORDINARY_MAP(line_table);
	for (int i = 0; i < 8 && map <= last; i++, map++) {
		if (i && strcmp(ORDINARY_MAP_FILE_NAME(map), pos->file))
			break;
		loc = pos_in_map(map, pos);
		if (loc != UNKNOWN_LOCATION)
			return loc;
	}
	return UNKNOWN_LOCATION;
}

static location_t pos_in_map(const line_map_ordinary *map,
			     const struct src_pos *pos)
{
	location_t loc;
	expanded_location x;
	unsigned int col_bits;
	int first;

	first = ORDINARY_MAP_STARTING_LINE_NUMBER(map);
	col_bits = map->m_column_and_range_bits - map->m_range_bits;
	if (pos->line < first || col_bits == 0 ||
	    (unsigned int)pos->col + 1 >= (1u << col_bits))
		return UNKNOWN_LOCATION;
	loc = MAP_START_LOCATION(map) +
	      ((location_t)(pos->line - first) << map->m_column_and_range_bits) +
	      ((location_t)(pos->col + 1) << map->m_range_bits);
	if (loc > line_table->highest_location ||
	    linemap_lookup(line_table, loc) != map)
		return UNKNOWN_LOCATION;
	x = expand_location(loc);
	if (!x.file || strcmp(x.file, pos->file) || x.line != pos->line ||
	    x.column != pos->col + 1)
		return UNKNOWN_LOCATION;
	return loc;
}

/* The first of ANCHORS that yields a location for POS. */
static location_t pos_to_loc_any(const location_t *anchors, int n,
				 const struct src_pos *pos)
{
	for (int i = 0; i < n; i++) {
		location_t loc = pos_to_loc(anchors[i], pos);

		if (loc != UNKNOWN_LOCATION)
			return loc;
	}
	return UNKNOWN_LOCATION;
}

/*
 * The option-name hook: style diagnostics carry no GCC option, so this
 * names them; everything else goes to the compiler's own hook.
 */
static char *style_option_name(diagnostic_context *dc, int opt,
			       diagnostic_t orig_kind, diagnostic_t kind)
{
	if (current_rule != RULE_NONE) {
		if (orig_kind == DK_WARNING && kind == DK_ERROR)
			return concat("-Werror=", rule_names[current_rule], NULL);
		return concat("-W", rule_names[current_rule], NULL);
	}
	return next_option_name ? next_option_name(dc, opt, orig_kind, kind) :
				  NULL;
}

/* FNV-1a, to name a violation's record in the once= directory. */
static unsigned long long hash_string(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

/*
 * With once=DIR, whether this compilation is the first to report the
 * violation: it is if it creates the record file (O_EXCL makes that
 * atomic among parallel compilations).  When the record cannot be
 * written for another reason, the violation is reported.
 */
/*
 * The canonical name of FILE in a new string, or NULL.  The form with a
 * buffer: a plugin linked without versioned libc symbols gets glibc's
 * first realpath, which does not allocate one.
 */
static char *real_path(const char *file)
{
	char buf[PATH_MAX];

	return realpath(file, buf) ? xstrdup(buf) : NULL;
}

static bool claim_report(enum style_rule rule, const struct src_pos *pos)
{
	char *real, *key, *path;
	char name[17];
	int fd;

	if (!once_dir)
		return true;
	real = real_path(pos->file);
	key = xasprintf("%s %s:%d:%d\n", rule_names[rule],
			real ? real : pos->file, pos->line, pos->col + 1);
	free(real);
	snprintf(name, sizeof(name), "%016llx", hash_string(key));
	path = concat(once_dir, "/", name, NULL);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 && errno == ENOENT && mkdir(once_dir, 0755) == 0)
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd >= 0) {
		if (write(fd, key, strlen(key)) < 0)
			errno = 0;
		close(fd);
	}
	free(path);
	free(key);
	return fd >= 0 || errno != EEXIST;
}

struct violation {
	enum style_rule rule;
	struct src_pos at;	/* the statement's first token */
	int at_len;
	struct src_pos after;	/* the ')' or 'else' it follows */
	int after_len;
	struct src_pos kw;	/* the 'if', 'else', ... or statement before */
	enum body_kind kind;
	char kw_name[32];	/* "for", "while", or an iterator macro */
	int brace;		/* the column of the '{', for brace-body */
	location_t anchors[2];	/* locations in the same file, see pos_to_loc */
	int n_anchors;
};

/* A fix-it: replace the tail of a line by new lines after it. */
struct line_fix {
	location_t remove_start, remove_finish, insert_at;
	char *text;		/* NULL when there is no fix */
};

/*
 * Violations reported in this compilation, so that each is reported
 * once: a C++ template is checked once per instantiation.  An open
 * addressing set of (location << 2 | rule), grown at three quarters.
 */
static unsigned long long *reported;
static size_t reported_size, reported_count;

static bool first_report(location_t loc, enum style_rule rule)
{
	unsigned long long key = ((unsigned long long)loc << 3 | rule) + 1;
	size_t i;

	if (4 * (reported_count + 1) > 3 * reported_size) {
		unsigned long long *old = reported;
		size_t old_size = reported_size;

		reported_size = old_size ? 2 * old_size : 256;
		reported = XCNEWVEC(unsigned long long, reported_size);
		reported_count = 0;
		for (i = 0; i < old_size; i++)
			if (old[i])
				first_report((old[i] - 1) >> 3,
					     (enum style_rule)((old[i] - 1) & 7));
		free(old);
	}
	/* Locations differ in their high bits: mix them into the index. */
	for (i = (key * 0x9e3779b97f4a7c15ULL >> 17) % reported_size;
	     reported[i]; i = (i + 1) % reported_size)
		if (reported[i] == key)
			return false;
	reported[i] = key;
	reported_count++;
	return true;
}

/*
 * New-code-only mode: the line ranges of lines=FILE, "PATH FIRST LAST"
 * a line, PATH absolute as realpath(3) gives it.  Without the option
 * every line is checked.
 */
struct line_range {
	char *file;
	int first, last;
};

static struct line_range *ranges;
static int n_ranges;
static const char *lines_file;

static bool load_line_ranges(const char *path, const char *plugin)
{
	FILE *f = fopen(path, "r");
	char buf[4096], name[4096];
	int size = 0, lineno = 0;

	if (!f) {
		error("%s: cannot read %<lines%> file %qs: %m", plugin, path);
		return false;
	}
	while (fgets(buf, sizeof(buf), f)) {
		struct line_range r;

		lineno++;
		if (buf[0] == '\n' || buf[0] == '#')
			continue;
		if (sscanf(buf, "%4095s %d %d", name, &r.first, &r.last) != 3 ||
		    r.first < 1 || r.last < r.first) {
			error("%s: %s:%d: expected %<PATH FIRST LAST%>", plugin,
			      path, lineno);
			fclose(f);
			return false;
		}
		r.file = xstrdup(name);
		if (n_ranges == size) {
			size = size ? 2 * size : 64;
			ranges = XRESIZEVEC(struct line_range, ranges, size);
		}
		ranges[n_ranges++] = r;
	}
	fclose(f);
	lines_file = path;
	return true;
}

/* Whether POS is on a line that lines=FILE asks to check. */
static bool line_selected(const struct src_pos *pos)
{
	static const char *last_file;
	static char *last_real;

	if (!lines_file)
		return true;
	if (pos->file != last_file) {
		free(last_real);
		last_real = real_path(pos->file);
		last_file = pos->file;
	}
	if (!last_real)
		return false;
	for (int i = 0; i < n_ranges; i++)
		if (pos->line >= ranges[i].first && pos->line <= ranges[i].last &&
		    !strcmp(ranges[i].file, last_real))
			return true;
	return false;
}

/* The message for V; "%qs" in it stands for V's keyword or macro. */
static const char *message(const struct violation *v)
{
	static const char *const brace[] = {
		[BODY_IF] = G_("statement after %<{%> on the same line as the %<if%> condition"),
		[BODY_ELSE] = G_("statement after %<{%> on the same line as %<else%>"),
		[BODY_LOOP] = G_("statement after %<{%> on the same line as the %qs loop header"),
		[BODY_DO] = G_("statement after %<{%> on the same line as %<do%>"),
		[BODY_NEXT] = G_("statement after %<{%> after the previous statement"),
	};

	switch (v->rule) {
	case RULE_IF_BODY:
		return G_("statement on the same line as the %<if%> condition");
	case RULE_ELSE_BODY:
		return G_("statement on the same line as %<else%>");
	case RULE_LOOP_BODY:
		return G_("statement on the same line as the %qs loop header");
	case RULE_DO_BODY:
		return G_("statement on the same line as %<do%>");
	case RULE_MULTI_STMT:
		return G_("statement on the same line as the previous statement");
	case RULE_EMPTY_BODY:
		return G_("empty body on the same line as %qs");
	default:
		return brace[v->kind];
	}
}

/* The label of the secondary range, at what the body follows. */
static const char *after_label(const struct violation *v)
{
	static const char *const labels[] = {
		[BODY_IF] = "condition ends here",
		[BODY_ELSE] = "'else' here",
		[BODY_LOOP] = "header ends here",
		[BODY_DO] = "'do' here",
		[BODY_NEXT] = "previous statement ends here",
	};

	return labels[v->kind];
}

/* Add V, with FIX, to the SARIF log (if there is one). */
static void sarif_result(const struct violation *v, const struct line_fix *fix)
{
	struct style_sarif_fix sfix;
	expanded_location start, finish, insert;

	if (fix && fix->text) {
		start = expand_location(fix->remove_start);
		finish = expand_location(fix->remove_finish);
		insert = expand_location(fix->insert_at);
		sfix.del_line = start.line;
		sfix.del_col = start.column - 1;
		sfix.del_end = finish.column;
		sfix.ins_line = insert.line;
		sfix.text = fix->text;
	}
	style_sarif_result(rule_names[v->rule],
			   style_as_error || rule_as_error[v->rule], message(v),
			   v->kw_name, v->at.file, v->at.line, v->at.col,
			   fix && fix->text ? &sfix : NULL);
}

/*
 * Emit V as a warning (or, with the error option, an error), with FIX
 * when there is one.  Returns whether it was emitted.
 */
static bool report(const struct violation *v, const struct line_fix *fix)
{
	const location_t *anchors = v->anchors;
	int n_anchors = v->n_anchors;
	location_t at, at_end, after, after_end;
	struct src_pos end;
	bool *werror = style_werror_flag();
	bool saved_werror = *werror;
	const char *msg;

	/* The rule and line filters are applied by report_queued(). */
	at = pos_to_loc_any(anchors, n_anchors, &v->at);
	if (at == UNKNOWN_LOCATION || in_system_header_at(at) ||
	    !first_report(at, v->rule))
		return false;
	/* The SARIF log holds it even when once= leaves it to another compile. */
	sarif_result(v, fix);
	if (!claim_report(v->rule, &v->at))
		return false;

	end = v->at;
	end.col += v->at_len - 1;
	at_end = pos_to_loc_any(anchors, n_anchors, &end);
	if (at_end != UNKNOWN_LOCATION)
		at = make_location(at, at, at_end);
	after = pos_to_loc_any(anchors, n_anchors, &v->after);
	end = v->after;
	end.col += v->after_len - 1;
	after_end = pos_to_loc_any(anchors, n_anchors, &end);
	if (after != UNKNOWN_LOCATION && after_end != UNKNOWN_LOCATION)
		after = make_location(after, after, after_end);
	else
		after = UNKNOWN_LOCATION;

	msg = message(v);
	current_rule = v->rule;
	*werror = style_as_error || rule_as_error[v->rule];
	style_warning(at, after, after_label(v),
		      fix ? fix->remove_start : UNKNOWN_LOCATION,
		      fix ? fix->remove_finish : UNKNOWN_LOCATION,
		      fix ? fix->insert_at : UNKNOWN_LOCATION,
		      fix ? fix->text : NULL, msg, v->kw_name);
	*werror = saved_werror;
	current_rule = RULE_NONE;
	return true;
}

/*
 * Fix-its.  A line with violations is fixed as a whole: it is cut before
 * each body that starts on it, and each piece moves to a line of its
 * own, indented one level deeper than the line of its 'if' or 'else'.
 * An 'else' that follows a moved then body is cut too, back at its if's
 * indentation, and so is the '}' closing a brace body on the line:
 *
 *	if (a) f(); else g();		if (a)
 *					    f();
 *					else
 *					    g();
 *
 * GCC takes no fix-it that inserts a newline in the middle of a line, so
 * the fix removes the line's tail and inserts whole new lines before the
 * next one.  Only the first violation reported on a line carries the
 * fix, so that -fdiagnostics-generate-patch never sees two fixes that
 * overlap.
 */
#define MAX_SPLITS 32

struct split {
	int col;
	char *indent;
};

/* The leading blanks of a line of FILE, or NULL if it cannot be read. */
static char *line_indent(const char *file, int line)
{
	int len, i = 0;
	const char *text = style_source_line(file, line, &len);

	if (!text)
		return NULL;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	return xstrndup(text, i);
}

/*
 * The indentation of LINE in columns if it is made of spaces and the
 * line holds code: -1 for a blank line, a tab, a comment line ("/\*",
 * " * ...", "//"), a preprocessor line or a line we cannot read.
 */
static int code_indent(const char *file, int line)
{
	int len, i = 0;
	const char *text = style_source_line(file, line, &len);

	if (!text)
		return -1;
	while (i < len && text[i] == ' ')
		i++;
	if (i == len || text[i] == '\t' || text[i] == '\r' ||
	    text[i] == '*' || text[i] == '#' ||
	    (text[i] == '/' && i + 1 < len &&
	     (text[i + 1] == '*' || text[i + 1] == '/')))
		return -1;
	return i;
}

/*
 * One level of indentation: a tab in tab-indented code.  In code
 * indented with spaces, the step from the nearest less indented line
 * before LINE, the block that holds it; looking after LINE instead would
 * take the step of whatever comes next (lib/zstd: the parameter lines
 * of the next function).
 */
static const char *indent_unit(const char *file, int line, const char *ws)
{
	static char spaces[9];
	int base = strlen(ws);

	if (!*ws || strchr(ws, '\t'))
		return "\t";
	for (int l = line - 1; l > 0 && l > line - 200; l--) {
		int i = code_indent(file, l);

		if (i < 0 || i >= base)
			continue;
		if (base - i > 8)
			break;
		memset(spaces, ' ', base - i);
		spaces[base - i] = 0;
		return spaces;
	}
	return "    ";
}

/* The column after the token at I: a word, a literal or one character. */
static int skip_token(const char *text, int len, int i)
{
	if (text[i] == '"' || text[i] == '\'') {
		int end = skip_literal(text, len, i);

		return end < 0 ? len : end + 1;
	}
	if (ISDIGIT(text[i]))
		return skip_number(text, len, i);
	return i + token_length(text, len, i);
}

/*
 * The column of the ';' ending the simple statement that starts at I, or
 * of the '}' matching the '{' at I; -1 if it is not on this line.
 */
static int stmt_end_on_line(const char *text, int len, int i)
{
	int depth = 0;

	for (; i >= 0 && i < len; i = next_token_on_line(text, len, i)) {
		if (strchr("([{", text[i])) {
			depth++;
		} else if (strchr(")]}", text[i])) {
			if (--depth < 0)
				return -1;
			if (depth == 0 && text[i] == '}')
				return i;
		} else if (text[i] == ';' && depth == 0) {
			return i;
		}
		i = skip_token(text, len, i);
	}
	return -1;
}

static bool starts_compound_statement(const char *text, int len, int i)
{
	static const char *const words[] = {
		"if", "for", "while", "do", "switch",
	};

	for (unsigned int k = 0; k < ARRAY_SIZE(words); k++)
		if (word_is(text, len, i, words[k]))
			return true;
	return false;
}

static void add_split(struct split *splits, int *n, int col, const char *indent)
{
	int i;

	for (i = 0; i < *n; i++)
		if (splits[i].col == col)
			return;
	if (*n == MAX_SPLITS)
		return;
	for (i = *n; i > 0 && splits[i - 1].col > col; i--)
		splits[i] = splits[i - 1];
	splits[i].col = col;
	splits[i].indent = xstrdup(indent);
	(*n)++;
}

/* The indentation the line will have at column COL, once split. */
static const char *indent_at(const struct split *splits, int n, int col,
			     const char *line_ws)
{
	const char *ws = line_ws;

	for (int i = 0; i < n && splits[i].col <= col; i++)
		ws = splits[i].indent;
	return ws;
}

/*
 * Whether the piece of line that starts at FROM opens with a label
 * ("case 1:", "default:", "out:"): the statements after it stand one
 * level deeper than the label.
 */
static bool starts_with_label(const char *text, int len, int from)
{
	int i = next_token_on_line(text, len, from);

	if (i < 0 || !is_ident_char(text[i]))
		return false;
	if (word_is(text, len, i, "case") || word_is(text, len, i, "default"))
		return true;
	i = next_token_on_line(text, len, i + token_length(text, len, i));
	return i >= 0 && text[i] == ':' && (i + 1 >= len || text[i + 1] != ':');
}

/* The start of the piece of line holding column COL, once split. */
static int piece_start(const struct split *splits, int n, int col)
{
	int from = 0;

	for (int i = 0; i < n && splits[i].col <= col; i++)
		from = splits[i].col;
	return from;
}

/*
 * The level of V's keyword (or previous statement), on the line being
 * split: that of the piece of line holding it, one deeper if the piece
 * opens with a label ("case 0: if (c) x; break;": the 'if' and the
 * 'break' stand one level deeper than the 'case', the body two).  UNIT
 * is the line's level of indentation.
 */
static char *kw_indent(const struct split *splits, int nsplits,
		       const char *text, int len, const struct violation *v,
		       const char *line_ws, const char *unit)
{
	const char *ws = indent_at(splits, nsplits, v->kw.col, line_ws);

	if (!starts_with_label(text, len,
			       piece_start(splits, nsplits, v->kw.col)))
		return xstrdup(ws);
	return concat(ws, unit, NULL);
}

/* The fix for the N violations V on one line (sorted by column). */
static void compute_line_fix(const struct violation *v, int n,
			     struct line_fix *fix)
{
	struct split splits[MAX_SPLITS];
	struct src_pos pos = v[0].at;
	int nsplits = 0, len, keep, next_len, block;
	char *text, *line_ws, *kw_ws, *body_ws, *out, *unit = NULL;
	const char *p, *eol;

	fix->text = NULL;
	/*
	 * The next line must exist.  It is read first: reading a line may
	 * move the cached text of the others.
	 */
	if (!style_source_line(pos.file, pos.line + 1, &next_len))
		return;
	p = style_source_line(pos.file, pos.line, &len);
	if (!p)
		return;
	eol = style_source_eol(pos.file, pos.line);
	if (!eol)
		return;
	text = xstrndup(p, len);
	line_ws = line_indent(pos.file, pos.line);
	if (!line_ws)
		goto out;
	/*
	 * One unit for the levels made on this line: the unit of a level
	 * no line has yet (after a label, in a block) would be measured
	 * against the wrong line above.
	 */
	unit = xstrdup(indent_unit(pos.file, pos.line, line_ws));
	/*
	 * A block opened at the start of the line, "{ U32 i; for (...) x; }":
	 * what it holds goes one level deeper, and its '}' back.
	 */
	block = next_token_on_line(text, len, 0);
	if (block >= 0 && text[block] == '{' && v[0].at.col > block) {
		int first = next_token_on_line(text, len, block + 1);
		int end = stmt_end_on_line(text, len, block);

		body_ws = concat(line_ws, unit, NULL);
		if (first >= 0)
			add_split(splits, &nsplits, first, body_ws);
		if (end >= 0)
			add_split(splits, &nsplits, end, line_ws);
		free(body_ws);
	}
	for (int i = 0; i < n; i++) {
		const char *kw_unit = unit;
		int end, e;

		if (v[i].kw.line == pos.line) {
			kw_ws = kw_indent(splits, nsplits, text, len, &v[i],
					  line_ws, unit);
		} else {
			kw_ws = line_indent(v[i].kw.file, v[i].kw.line);
			if (kw_ws)
				kw_unit = indent_unit(pos.file, v[i].kw.line,
						      kw_ws);
		}
		if (!kw_ws)
			goto out;
		/* A body goes one level deeper; a next statement does not. */
		if (v[i].rule == RULE_MULTI_STMT)
			body_ws = xstrdup(kw_ws);
		else
			body_ws = concat(kw_ws, kw_unit, NULL);
		add_split(splits, &nsplits, v[i].at.col, body_ws);
		if (v[i].rule == RULE_BRACE_BODY) {
			/* The '}' of the body goes back to the keyword's level. */
			end = stmt_end_on_line(text, len, v[i].brace);
			if (end >= 0)
				add_split(splits, &nsplits, end, kw_ws);
		} else if ((v[i].rule == RULE_IF_BODY ||
			    v[i].rule == RULE_DO_BODY) &&
			   !starts_compound_statement(text, len, v[i].at.col)) {
			/* So does the 'else' of an if, or the 'while' of a do. */
			end = stmt_end_on_line(text, len, v[i].at.col);
			e = end < 0 ? -1 : next_token_on_line(text, len, end + 1);
			if (e >= 0 && word_is(text, len, e,
					      v[i].rule == RULE_IF_BODY ?
					      "else" : "while"))
				add_split(splits, &nsplits, e, kw_ws);
		}
		free(body_ws);
		free(kw_ws);
	}

	/* What stays: the line up to the first cut, without its blanks. */
	keep = splits[0].col;
	while (keep > 0 && is_blank(text[keep - 1]))
		keep--;
	out = xstrdup("");
	for (int i = 0; i < nsplits; i++) {
		int from = splits[i].col;
		int to = i + 1 < nsplits ? splits[i + 1].col : len;
		char *piece, *joined;

		while (to > from && is_blank(text[to - 1]))
			to--;
		piece = xstrndup(text + from, to - from);
		joined = concat(out, splits[i].indent, piece, eol, NULL);
		free(piece);
		free(out);
		out = joined;
	}

	/* The tail from KEEP, and the start of the next line. */
	pos.col = keep;
	fix->remove_start = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	pos.col = len - 1;
	fix->remove_finish = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	pos.line++;
	pos.col = 0;
	fix->insert_at = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	if (fix->remove_start == UNKNOWN_LOCATION ||
	    fix->remove_finish == UNKNOWN_LOCATION ||
	    fix->insert_at == UNKNOWN_LOCATION)
		free(out);
	else
		fix->text = out;
out:
	for (int i = 0; i < nsplits; i++)
		free(splits[i].indent);
	free(unit);
	free(line_ws);
	free(text);
}

/* The violations found in the function being checked. */
static struct violation *queued;
static int n_queued, queued_size;

static void queue_violation(const struct violation *v)
{
	if (n_queued == queued_size) {
		queued_size = queued_size ? 2 * queued_size : 16;
		queued = XRESIZEVEC(struct violation, queued, queued_size);
	}
	queued[n_queued++] = *v;
}

static int compare_violations(const void *a, const void *b)
{
	const struct violation *x = (const struct violation *)a;
	const struct violation *y = (const struct violation *)b;
	int c = strcmp(x->at.file, y->at.file);

	if (c)
		return c;
	if (x->at.line != y->at.line)
		return x->at.line < y->at.line ? -1 : 1;
	return x->at.col - y->at.col;
}

static bool same_line(const struct violation *x, const struct violation *y)
{
	return x->at.line == y->at.line && !strcmp(x->at.file, y->at.file);
}

/*
 * A violation whose rule is off: by an option, -Wno-style-RULE, or a
 * #pragma style_plugin region.  It gets no warning, and no fix-it is
 * computed from it (the other fix-its of its line leave it as it is).
 */
static bool rule_is_off(const struct violation *v)
{
	location_t at;

	if (!rule_enabled[v->rule])
		return true;
	at = pos_to_loc_any(v->anchors, v->n_anchors, &v->at);
	return at != UNKNOWN_LOCATION && style_rule_off_at(v->rule, at);
}

/*
 * Report the queued violations in source order, a fix per line, from the
 * violations of the line that are reported: filters first, then fix-its.
 */
static void report_queued(void)
{
	qsort(queued, n_queued, sizeof(*queued), compare_violations);
	for (int i = 0, n; i < n_queued; i += n) {
		struct line_fix fix;
		bool fixed = false;
		int m = 0;

		for (n = 1; i + n < n_queued; n++)
			if (!same_line(&queued[i], &queued[i + n]))
				break;
		if (style_warnings_inhibited() || !line_selected(&queued[i].at))
			continue;
		/* The line's violations that are on, first, in order. */
		for (int k = 0; k < n; k++)
			if (!rule_is_off(&queued[i + k]))
				queued[i + m++] = queued[i + k];
		if (!m)
			continue;
		compute_line_fix(&queued[i], m, &fix);
		for (int k = 0; k < m; k++)
			if (report(&queued[i + k], fixed ? NULL : &fix))
				fixed = true;
		free(fix.text);
	}
	n_queued = 0;
}

/*
 * The body that follows AFTER (the ')' of an if or loop header, 'else',
 * 'do') is checked here; KIND says which, KW is the keyword (or macro)
 * the body belongs to.  Its first token is the first token after AFTER:
 *  - none on AFTER's line: good style;
 *  - ';', an empty body: -Wstyle-empty-body, off by default (and
 *    -Wempty-body's business for an if);
 *  - '{': good unless a statement follows on the same line, as in
 *    "if (x) { foo(); }"; "{}" and "{ }" are empty bodies;
 *  - 'if' after 'else': "else if" is good style;
 *  - anything else is a statement on the line: a violation.
 */
static void check_body_after(const struct src_pos *after, int after_len,
			     const struct src_pos *kw, enum body_kind kind,
			     const char *kw_name, const location_t *anchors,
			     int n_anchors)
{
	static const enum style_rule rules[] = {
		[BODY_IF] = RULE_IF_BODY,
		[BODY_ELSE] = RULE_ELSE_BODY,
		[BODY_LOOP] = RULE_LOOP_BODY,
		[BODY_DO] = RULE_DO_BODY,
		[BODY_NEXT] = RULE_MULTI_STMT,
	};
	struct violation v;
	const char *text;
	int len, i, j;

	text = style_source_line(after->file, after->line, &len);
	if (!text)
		return;
	i = next_token_on_line(text, len, after->col + after_len);
	if (i < 0)
		return;
	memset(&v, 0, sizeof(v));
	v.at.file = after->file;
	v.at.line = after->line;
	v.after = *after;
	v.after_len = after_len;
	v.kw = *kw;
	v.kind = kind;
	snprintf(v.kw_name, sizeof(v.kw_name), "%s", kw_name);
	v.brace = -1;
	v.n_anchors = n_anchors;
	for (int k = 0; k < n_anchors; k++)
		v.anchors[k] = anchors[k];
	if (text[i] == ';') {
		if (kind == BODY_NEXT)
			return;
		v.rule = RULE_EMPTY_BODY;
		v.at.col = i;
		v.at_len = 1;
	} else if (text[i] == '{' && kind != BODY_NEXT) {
		v.brace = i;
		j = next_token_on_line(text, len, i + 1);
		if (j < 0 || text[j] == '}')
			return;
		v.rule = RULE_BRACE_BODY;
		v.at.col = j;
		v.at_len = token_length(text, len, j);
	} else {
		if (kind == BODY_ELSE && word_is(text, len, i, "if"))
			return;
		v.rule = rules[kind];
		v.at.col = i;
		v.at_len = token_length(text, len, i);
	}
	queue_violation(&v);
}

/*
 * The location of the first token of statement T, as far as the tree
 * tells it: the C parser gives each statement the location of its first
 * token unless the expression already has one, whose source range then
 * starts at that token.  A compound statement with declarations is a
 * BIND_EXPR at its '{' in C, at its '}' in C++ (so its first statement
 * stands for it there); one without is a bare statement list.  Tokens
 * from a macro expansion stand at the macro's invocation.
 */
static location_t stmt_start_loc(tree t)
{
	static int cxx = -1;
	location_t loc;

	if (cxx < 0)
		cxx = !strncmp(lang_hooks.name, "GNU C++", 7);
	for (;;) {
		if (!t)
			return UNKNOWN_LOCATION;
		if (TREE_CODE(t) == STATEMENT_LIST) {
			tree_stmt_iterator it = tsi_start(t);

			while (!tsi_end_p(it) &&
			       (TREE_CODE(tsi_stmt(it)) == DEBUG_BEGIN_STMT ||
				TREE_CODE(tsi_stmt(it)) == PREDICT_EXPR))
				tsi_next(&it);
			if (tsi_end_p(it))
				return UNKNOWN_LOCATION;
			t = tsi_stmt(it);
		} else if (TREE_CODE(t) == BIND_EXPR &&
			   (cxx || !EXPR_HAS_LOCATION(t))) {
			t = BIND_EXPR_BODY(t);
		} else if (TREE_CODE(t) == COMPOUND_EXPR) {
			/* "a, b" is at its ',': its first operand starts it. */
			t = TREE_OPERAND(t, 0);
		} else {
			break;
		}
	}
	if (!CAN_HAVE_LOCATION_P(t) || !EXPR_HAS_LOCATION(t))
		return UNKNOWN_LOCATION;
	loc = get_start(EXPR_LOCATION(t));
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

/*
 * Tokens that may stand between the token a body follows and the
 * location the tree gives for the body's first statement: the tree puts
 * a while at its '(', a return at its value, a for at its first clause,
 * a do at its body, and an if at its '('.
 */
static bool is_statement_opener(const char *text, int len, int start)
{
	static const char *const words[] = {
		"return", "while", "do", "for", "if", "switch",
	};

	if (text[start] == '{' || text[start] == '(')
		return true;
	for (unsigned int i = 0; i < ARRAY_SIZE(words); i++)
		if (word_is(text, len, start, words[i]))
			return true;
	return false;
}

/*
 * Walk back from the tree's location of a statement's first token, AT,
 * over the openers (above) that may stand before it, to the token that
 * ends what comes before: a ')' (of an if or loop header), 'else', 'do',
 * or, for the next statement, ';' or '}'.  Only AT's line is searched: a
 * violation has that token on the same line.
 */
static bool find_token_before(const struct src_pos *at, enum body_kind kind,
			      struct src_pos *found)
{
	const char *text;
	int len, end, start = at->col;

	text = style_source_line(at->file, at->line, &len);
	if (!text || at->col >= len)
		return false;
	for (int steps = 0; steps < 8; steps++) {
		bool hit;

		end = prev_token_end_on_line(text, start);
		if (end < 0)
			return false;
		start = token_start(text, end);
		switch (kind) {
		case BODY_ELSE:
			hit = word_is(text, len, start, "else");
			break;
		case BODY_DO:
			hit = word_is(text, len, start, "do");
			break;
		case BODY_NEXT:
			hit = text[end] == ';' || text[end] == '}';
			break;
		default:
			hit = text[end] == ')';
			break;
		}
		if (hit) {
			*found = *at;
			found->col = start;
			return true;
		}
		if (!is_statement_opener(text, len, start))
			return false;
	}
	return false;
}

/*
 * The else: its keyword is not in the tree, but the else body's first
 * token is, and the 'else' is found back from there.
 */
static void check_else(tree else_body)
{
	location_t anchor = stmt_start_loc(else_body);
	struct src_pos body, kw;

	if (loc_to_pos(anchor, &body) &&
	    find_token_before(&body, BODY_ELSE, &kw))
		check_body_after(&kw, 4, &kw, BODY_ELSE, "else", &anchor, 1);
}

/*
 * The header of an if, for or while statement whose tree location is
 * LOC: C puts an if or a while at the '(' opening its condition (KEYWORD
 * must then stand right before it), a for and every C++ statement at
 * the keyword (the '(' must then come next, after "constexpr" for an
 * if).  Finds the keyword and the '('.
 */
static bool find_header(location_t loc, const char *keyword,
			struct src_pos *kw, struct src_pos *open,
			location_t *paren)
{
	const char *text;
	int len, i;

	if (!loc_to_pos(loc, open) || in_system_header_at(loc))
		return false;
	text = style_source_line(open->file, open->line, &len);
	if (!text || open->col >= len)
		return false;
	*kw = *open;
	if (text[open->col] == '(') {
		i = prev_token_end_on_line(text, open->col);
		if (i < 0 || !word_is(text, len, token_start(text, i), keyword))
			return false;
		kw->col = token_start(text, i);
		*paren = loc;
		return true;
	}
	if (!word_is(text, len, open->col, keyword))
		return false;
	i = next_token_on_line(text, len, open->col + strlen(keyword));
	if (i >= 0 && !strcmp(keyword, "if") &&
	    word_is(text, len, i, "constexpr"))
		i = next_token_on_line(text, len, i + strlen("constexpr"));
	if (i < 0 || text[i] != '(')
		return false;
	open->col = i;
	*paren = pos_to_loc(loc, open);
	return *paren != UNKNOWN_LOCATION;
}

/*
 * The body after a header whose condition opens with the '(' at OPEN
 * (location PAREN).  The ')' is found by reading forward from the '(';
 * where plain text cannot tell (a conditional directive inside the
 * condition), it is found back from the body's first token, as for else.
 */
static void check_header_body(const struct src_pos *kw,
			      const struct src_pos *open, location_t paren,
			      tree body, enum body_kind kind,
			      const char *kw_name)
{
	struct src_pos close, first;
	location_t anchors[2];

	/* The body's own location knows the ')' line best. */
	anchors[0] = stmt_start_loc(body);
	anchors[1] = paren;
	if (find_close_paren(open, &close) ||
	    (loc_to_pos(anchors[0], &first) &&
	     find_token_before(&first, kind, &close)))
		check_body_after(&close, 1, kw, kind, kw_name, anchors, 2);
}

/*
 * An if statement: a void COND_EXPR in C, at the '(' of its condition
 * (a ?: used as a statement has no such '('), an IF_STMT in C++.  An if
 * that comes from a macro expansion is the macro's business.
 */
static void check_if(tree stmt, tree then_body, tree else_body)
{
	struct src_pos kw, open;
	location_t paren;

	if (!find_header(EXPR_LOCATION(stmt), "if", &kw, &open, &paren))
		return;
	check_header_body(&kw, &open, paren, then_body, BODY_IF, "if");
	if (else_body)
		check_else(else_body);
}

/*
 * An expression written in the source after the location DATA points to
 * (a loop macro's invocation).  The front end gives some expressions it
 * makes up while expanding a macro the location of the statement the
 * macro is used in, which comes before the invocation.
 */
static tree find_written_expr(tree *tp, int *walk_subtrees, void *data)
{
	location_t after = *(location_t *)data, loc;

	if (TYPE_P(*tp)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (!EXPR_P(*tp) || !EXPR_HAS_LOCATION(*tp))
		return NULL_TREE;
	loc = get_pure_location(EXPR_LOCATION(*tp));
	if (!linemap_location_from_macro_expansion_p(line_table, loc) &&
	    loc > after)
		return *tp;
	return NULL_TREE;
}

/* Whether loop body T is empty: nothing, or only ';' (or debug marks). */
static bool body_is_empty(tree t)
{
	if (!t || IS_EMPTY_STMT(t))
		return true;
	if (TREE_CODE(t) != STATEMENT_LIST)
		return false;
	for (tree_stmt_iterator it = tsi_start(t); !tsi_end_p(it);
	     tsi_next(&it))
		if (TREE_CODE(tsi_stmt(it)) != DEBUG_BEGIN_STMT &&
		    !IS_EMPTY_STMT(tsi_stmt(it)))
			return false;
	return true;
}

/*
 * Whether the outermost macro expansion holding LOC ends with a complete
 * statement: its last token, where it is spelled, is a ';' or a '}'.  An
 * empty loop body is then the macro's own ("#define SPIN() for (;;);"),
 * else it is the ';' written after the invocation: the tree has no
 * location for either.
 */
static bool macro_ends_statement(location_t loc)
{
	const line_map_macro *map = NULL;
	struct src_pos last;
	unsigned int n;
	const char *text;
	int len;

	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		map = linemap_check_macro(linemap_lookup(line_table, loc));
		loc = MACRO_MAP_EXPANSION_POINT_LOCATION(map);
	}
	if (!map)
		return true;
	/* The padding around a macro argument has no location. */
	loc = UNKNOWN_LOCATION;
	for (n = MACRO_MAP_NUM_MACRO_TOKENS(map);
	     n > 0 && loc == UNKNOWN_LOCATION; n--)
		loc = linemap_resolve_location(line_table,
					       MAP_START_LOCATION(map) + n - 1,
					       LRK_SPELLING_LOCATION, NULL);
	if (!loc_to_pos(loc, &last))
		return true;
	text = style_source_line(last.file, last.line, &len);
	return !text || last.col >= len || text[last.col] == ';' ||
	       text[last.col] == '}';
}

/*
 * A loop whose header comes from a macro, an iterator such as
 * for_each_cpu(cpu, mask): the header ends where the macro invocation
 * does, and a body written after it on the same line is a violation.  A
 * loop whose body comes from a macro expansion too is the macro's
 * business: a loop in a statement expression macro such as the kernel's
 * per_cpu_sum(var), used in "return per_cpu_sum(x) != 0;".  An empty
 * body is the ';' after the invocation, "FOR_EACH(i, 0, 10);", unless
 * the macro ends with a statement of its own.
 */
static void check_macro_loop(location_t loc, tree body)
{
	location_t point;
	struct src_pos name, open, after;
	const char *text;
	char macro[32];
	int len, n, i;

	point = linemap_resolve_location(line_table, loc,
					 LRK_MACRO_EXPANSION_POINT, NULL);
	point = get_pure_location(point);
	if (body_is_empty(body) ? macro_ends_statement(loc) :
	    !walk_tree_without_duplicates(&body, find_written_expr, &point))
		return;
	if (!loc_to_pos(point, &name) || in_system_header_at(point))
		return;
	text = style_source_line(name.file, name.line, &len);
	if (!text || name.col >= len || !is_ident_char(text[name.col]))
		return;
	n = token_length(text, len, name.col);
	snprintf(macro, sizeof(macro), "%.*s", n, text + name.col);
	i = next_token_on_line(text, len, name.col + n);
	after = name;
	if (i >= 0 && text[i] == '(') {
		open = name;
		open.col = i;
		if (!find_close_paren(&open, &after))
			return;
		n = 1;
	}
	check_body_after(&after, n, &name, BODY_LOOP, macro, &point, 1);
}

/* A for or while loop: FOR_STMT at its 'for', WHILE_STMT at its '('. */
static void check_loop(tree stmt, const char *keyword, tree body)
{
	location_t loc = EXPR_LOCATION(stmt), paren;
	struct src_pos kw, open;

	if (linemap_location_from_macro_expansion_p(line_table, loc))
		check_macro_loop(loc, body);
	else if (find_header(loc, keyword, &kw, &open, &paren))
		check_header_body(&kw, &open, paren, body, BODY_LOOP, keyword);
}

/*
 * A do statement: the C tree puts it at its body's first token, which
 * follows the 'do'; the C++ tree at the 'do' itself.  A do from a macro
 * expansion (do { } while (0)) has no 'do' written before it.
 */
static bool find_do_keyword(const struct src_pos *at, struct src_pos *kw)
{
	const char *text;
	int len;

	text = style_source_line(at->file, at->line, &len);
	if (!strncmp(lang_hooks.name, "GNU C++", 7) && text &&
	    word_is(text, len, at->col, "do")) {
		*kw = *at;
		return true;
	}
	return find_token_before(at, BODY_DO, kw);
}

static void check_do(tree stmt)
{
	location_t loc = EXPR_LOCATION(stmt);
	struct src_pos at, kw;

	loc = linemap_resolve_location(line_table, loc,
				       LRK_MACRO_EXPANSION_POINT, NULL);
	if (loc_to_pos(loc, &at) && !in_system_header_at(loc) &&
	    find_do_keyword(&at, &kw))
		check_body_after(&kw, 2, &kw, BODY_DO, "do", &loc, 1);
}

static bool end_is_brace(const struct src_pos *end)
{
	int len;
	const char *text = style_source_line(end->file, end->line, &len);

	return text && end->col < len && text[end->col] == '}';
}

/* Whether statement T starts with a token from a macro expansion. */
static bool stmt_from_macro(tree t)
{
	while (t && TREE_CODE(t) == STATEMENT_LIST && !tsi_end_p(tsi_start(t)))
		t = tsi_stmt(tsi_start(t));
	return t && CAN_HAVE_LOCATION_P(t) && EXPR_HAS_LOCATION(t) &&
	       linemap_location_from_macro_expansion_p(line_table,
						       get_start(EXPR_LOCATION(t)));
}

/*
 * Statement S follows PREV in a block: S must not start on the line
 * where PREV ends.  Found back from S's first token, the ';' or '}'
 * that ends PREV is on S's line in a violation.  Labels and
 * declarations are not statements; an empty statement is not reported.
 */
static void check_next_stmt(tree prev, tree s)
{
	location_t anchor, prev_loc;
	struct src_pos first, end, kw;

	switch (TREE_CODE(s)) {
	case LABEL_EXPR:
	case CASE_LABEL_EXPR:
	case DECL_EXPR:
		return;
	default:
		if (IS_EMPTY_STMT(s))
			return;
	}
	anchor = stmt_start_loc(s);
	if (!loc_to_pos(anchor, &first) ||
	    !find_token_before(&first, BODY_NEXT, &end))
		return;
	/*
	 * "} while_each_pid_task(pgrp, type, p);": a '}' before a statement
	 * from a macro may close a block that another macro opened, not the
	 * statement before.
	 */
	if (end_is_brace(&end) && stmt_from_macro(s))
		return;
	/* The next statement goes to the level of the previous one. */
	prev_loc = stmt_start_loc(prev);
	if (!loc_to_pos(prev_loc, &kw) || strcmp(kw.file, end.file) ||
	    kw.line > end.line || (kw.line == end.line && kw.col > end.col)) {
		kw = end;
		kw.col = 0;
	}
	check_body_after(&end, 1, &kw, BODY_NEXT, "", &anchor, 1);
}

static void check_statement_lists(tree t);

/*
 * The rest of a block that T wraps, or NULL: after a declaration with a
 * cleanup (__attribute__((cleanup)), the kernel's guard() and __free(),
 * a C++ object with a destructor) the front end puts the statements
 * that follow it, to the block's end, in a TRY_FINALLY_EXPR (C) or a
 * CLEANUP_STMT (C++), whose other operand is the cleanup itself.
 */
static tree block_rest(tree t)
{
	switch (TREE_CODE(t)) {
	case TRY_FINALLY_EXPR:
	case TRY_CATCH_EXPR:
	case CLEANUP_STMT:
		return TREE_OPERAND(t, 0);
	default:
		return NULL_TREE;
	}
}

/*
 * The statements of the block T (a statement list or one statement),
 * each checked against the one before it, *PREV.  The rest of a block
 * wrapped after a declaration with a cleanup goes on the same sequence:
 * its first statement follows that declaration.
 */
static void check_sequence(tree t, tree *prev)
{
	tree_stmt_iterator it;
	tree s, rest;

	if (!t)
		return;
	if (TREE_CODE(t) != STATEMENT_LIST) {
		rest = block_rest(t);
		if (rest) {
			check_sequence(rest, prev);
			return;
		}
		if (TREE_CODE(t) == DEBUG_BEGIN_STMT ||
		    TREE_CODE(t) == PREDICT_EXPR)
			return;
		if (*prev)
			check_next_stmt(*prev, t);
		check_statement_lists(t);
		*prev = t;
		return;
	}
	for (it = tsi_start(t); !tsi_end_p(it); tsi_next(&it)) {
		s = tsi_stmt(it);
		check_sequence(s, prev);
	}
}

/*
 * The statement lists of blocks, for -Wstyle-multi-stmt: only those of
 * statements, not the inside of a ({ }) expression.
 */
static void check_statement_lists(tree t)
{
	tree prev = NULL_TREE;

	if (!t)
		return;
	switch (TREE_CODE(t)) {
	case STATEMENT_LIST:
		check_sequence(t, &prev);
		break;
	case BIND_EXPR:
		check_statement_lists(BIND_EXPR_BODY(t));
		break;
	case COND_EXPR:
		if (VOID_TYPE_P(TREE_TYPE(t))) {
			check_statement_lists(COND_EXPR_THEN(t));
			check_statement_lists(COND_EXPR_ELSE(t));
		}
		break;
	case IF_STMT:
		check_statement_lists(TREE_OPERAND(t, 1));
		check_statement_lists(TREE_OPERAND(t, 2));
		break;
	case FOR_STMT:
		check_statement_lists(FOR_BODY(t));
		break;
	case WHILE_STMT:
		check_statement_lists(WHILE_BODY(t));
		break;
	case DO_STMT:
		check_statement_lists(DO_BODY(t));
		break;
	case SWITCH_STMT:
		check_statement_lists(SWITCH_STMT_BODY(t));
		break;
	case CLEANUP_STMT:
	case TRY_FINALLY_EXPR:
	case TRY_CATCH_EXPR:
		check_sequence(t, &prev);
		break;
	case DECL_EXPR:
		t = DECL_EXPR_DECL(t);
		if (TREE_CODE(t) == FUNCTION_DECL)
			check_statement_lists(DECL_SAVED_TREE(t));
		break;
	default:
		break;
	}
}

/*
 * SAVE_EXPRs are the trees a function body shares; each is walked once.
 * The set of those walked: open addressing, grown at three quarters.
 */
static tree *saved_seen;
static size_t saved_size, saved_count;

static bool first_visit(tree t)
{
	size_t i;

	if (4 * (saved_count + 1) > 3 * saved_size) {
		tree *old = saved_seen;
		size_t old_size = saved_size;

		saved_size = old_size ? 2 * old_size : 64;
		saved_seen = XCNEWVEC(tree, saved_size);
		saved_count = 0;
		for (i = 0; i < old_size; i++)
			if (old[i])
				first_visit(old[i]);
		free(old);
	}
	for (i = (size_t)t / sizeof(void *) % saved_size; saved_seen[i];
	     i = (i + 1) % saved_size)
		if (saved_seen[i] == t)
			return false;
	saved_seen[i] = t;
	saved_count++;
	return true;
}

/*
 * Walk a function body for the statements to check.  Every expression
 * is walked too, for the ({ }) statement expressions inside; types,
 * declarations and constants are not.  GCC's walk_tree() would do, but
 * keeps a hash set of every node it visits, which cost more than the
 * checks.  The last operand is walked by the loop rather than by
 * recursion, to keep the stack shallow.
 */
static void check_tree(tree t)
{
	while (t) {
		enum tree_code code = TREE_CODE(t);
		int n;

		switch (code) {
		case STATEMENT_LIST:
			for (tree_stmt_iterator it = tsi_start(t);
			     !tsi_end_p(it); tsi_next(&it))
				check_tree(tsi_stmt(it));
			return;
		case BIND_EXPR:
			for (tree v = BIND_EXPR_VARS(t); v; v = DECL_CHAIN(v))
				if (VAR_P(v) && DECL_INITIAL(v))
					check_tree(DECL_INITIAL(v));
			t = BIND_EXPR_BODY(t);
			continue;
		case DECL_EXPR:
			/* Nested functions come with their parent. */
			t = DECL_EXPR_DECL(t);
			if (TREE_CODE(t) == FUNCTION_DECL)
				check_tree(DECL_SAVED_TREE(t));
			return;
		case CONSTRUCTOR:
			for (unsigned int i = 0; i < CONSTRUCTOR_NELTS(t); i++)
				check_tree(CONSTRUCTOR_ELT(t, i)->value);
			return;
		case TREE_LIST:
			check_tree(TREE_VALUE(t));
			t = TREE_CHAIN(t);
			continue;
		case SAVE_EXPR:
			if (!first_visit(t))
				return;
			break;
		case COND_EXPR:
			if (VOID_TYPE_P(TREE_TYPE(t)))
				check_if(t, COND_EXPR_THEN(t), COND_EXPR_ELSE(t));
			break;
		case IF_STMT:
			check_if(t, TREE_OPERAND(t, 1), TREE_OPERAND(t, 2));
			break;
		case FOR_STMT:
			check_loop(t, "for", FOR_BODY(t));
			break;
		case WHILE_STMT:
			check_loop(t, "while", WHILE_BODY(t));
			break;
		case DO_STMT:
			check_do(t);
			break;
		default:
			break;
		}
		if (!IS_EXPR_CODE_CLASS(TREE_CODE_CLASS(code)))
			return;
		n = TREE_OPERAND_LENGTH(t);
		if (n == 0)
			return;
		for (int i = 0; i < n - 1; i++)
			check_tree(TREE_OPERAND(t, i));
		t = TREE_OPERAND(t, n - 1);
	}
}

/* PLUGIN_PRE_GENERICIZE: the function's trees as the parser built them. */
static void check_function(void *gcc_data, void *user_data)
{
	tree fndecl = (tree)gcc_data;

	if (style_disabled || seen_error() || !DECL_SAVED_TREE(fndecl) ||
	    style_walked_skip(fndecl))
		return;
	check_tree(DECL_SAVED_TREE(fndecl));
	saved_count = 0;
	if (saved_size)
		memset(saved_seen, 0, saved_size * sizeof(*saved_seen));
	if (rule_enabled[RULE_MULTI_STMT])
		check_statement_lists(DECL_SAVED_TREE(fndecl));
	report_queued();
}

static bool said_preprocessed;

/*
 * PLUGIN_START_UNIT: fully preprocessed input has no macro locations and
 * its columns are not the source file's, so the check is off there;
 * -fdirectives-only input is checked (style_input.c).
 */
static void check_input_kind(void *gcc_data, void *user_data)
{
	if (style_input_unchecked()) {
		style_disabled = true;
		note_once(&said_preprocessed,
			  "style_plugin: preprocessed input is not checked");
	}
}

static int rule_index(const char *name)
{
	for (int i = 0; i < NR_RULES; i++)
		if (!strcmp(name, rule_names[i] + strlen("style-")))
			return i;
	return -1;
}

static const char valid_args[] = {
	"disable, error, once=DIR, lines=FILE, sarif=FILE, srcroot=DIR, docs=URI, check-only, error=RULE[,RULE...]"
};

/* One -fplugin-arg-style_plugin-KEY[=VALUE]; false if it is not valid. */
static bool parse_arg(const struct plugin_argument *arg, const char *plugin)
{
	const char *key = arg->key;
	bool on = true;
	int rule;
	bool ok;

	if (style_sarif_arg(arg, plugin, &ok))
		return ok;
	if (!strcmp(key, "once")) {
		if (!arg->value || !*arg->value) {
			error("%s: option %<once%> needs a directory: -fplugin-arg-%s-once=DIR",
			      plugin, plugin);
			return false;
		}
		once_dir = arg->value;
		return true;
	}
	if (!strcmp(key, "lines")) {
		if (!arg->value || !*arg->value) {
			error("%s: option %<lines%> needs a file: -fplugin-arg-%s-lines=FILE",
			      plugin, plugin);
			return false;
		}
		return load_line_ranges(arg->value, plugin);
	}
	if (!strcmp(key, "error") && arg->value) {
		char *what = concat("-fplugin-arg-", plugin, "-error=",
				    arg->value, NULL);
		bool ok = style_parse_rules(plugin, what, arg->value,
					    rule_as_error);

		free(what);
		return ok;
	}
	if (arg->value) {
		error("%s: option %qs takes no value (given %qs)", plugin, key,
		      arg->value);
		return false;
	}
	if (style_controls_arg(key))
		return true;
	if (!strcmp(key, "disable")) {
		style_disabled = true;
		return true;
	}
	if (!strcmp(key, "error")) {
		style_as_error = true;
		return true;
	}
	if (!strncmp(key, "no-", 3)) {
		key += 3;
		on = false;
	}
	rule = rule_index(key);
	if (rule < 0) {
		error("%s: unknown option %qs; valid options are: %s, %s%s",
		      plugin, arg->key, valid_args,
		      "and RULE or no-RULE for RULE in ", style_rule_list());
		return false;
	}
	rule_enabled[rule] = on;
	return true;
}

/* PLUGIN_START_UNIT, with the check off too: the -Wno-style-RULE notes. */
static void start_controls(void *gcc_data, void *user_data)
{
	style_controls_start();
}

/* C and C++ (GNU C17, GNU C++17, ...); not Objective-C, not lto1. */
static bool language_is_checked(void)
{
	return !strncmp(lang_hooks.name, "GNU C", 5);
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	const char *const plugin = info->base_name;
	bool ok = true;

	/*
	 * A plugin built for another GCC: one line that names both, and no
	 * callback.  Returning 0 spares GCC's own second line ("failed to
	 * initialize plugin"); the error fails the compile all the same.
	 */
	if (!plugin_default_version_check(version, &gcc_version)) {
		bool same = !strcmp(gcc_version.basever, version->basever);

		error("%s: built for GCC %s%s%s%s, but this is GCC %s%s%s%s: rebuild the plugin",
		      plugin, gcc_version.basever, same ? " (" : "",
		      same ? gcc_version.datestamp : "", same ? ")" : "",
		      version->basever, same ? " (" : "",
		      same ? version->datestamp : "", same ? ")" : "");
		return 0;
	}
	style_controls_init(&all_rules);
	for (int i = 0; i < info->argc; i++)
		ok &= parse_arg(&info->argv[i], plugin);
	ok &= style_controls_wno(plugin, rule_enabled);
	if (!ok)
		return 1;
	style_hide_own_options(plugin);

	register_callback(plugin, PLUGIN_INFO, NULL, &style_plugin_info);
	style_sarif_init(plugin, style_plugin_info.version);
	register_callback(plugin, PLUGIN_PRAGMAS, style_controls_pragmas, NULL);
	register_callback(plugin, PLUGIN_START_UNIT, start_controls, NULL);
	if (style_disabled)
		return 0;
	if (!language_is_checked())
		return 0;

	if (!style_input_init(plugin))
		return 1;
	/*
	 * once=DIR on an icecc node names a directory the node's compiles
	 * share with nothing else of the build, and that outlives it (in
	 * icecc's chroot): its records would hide a header's violations
	 * from the next builds too.  The node reports them all; icecc
	 * compiles a file that printed anything again locally, where DIR
	 * is the build's (docs/distributed.md).
	 */
	if (style_input_on_node())
		once_dir = NULL;
	next_option_name = style_get_option_name_hook();
	style_set_option_name_hook(style_option_name);
	register_callback(plugin, PLUGIN_START_UNIT, check_input_kind, NULL);
	register_callback(plugin, PLUGIN_PRE_GENERICIZE, check_function, NULL);
	register_callback(plugin, PLUGIN_ALL_IPA_PASSES_START, release_sources,
			  NULL);
	style_walked_init(info, rule_enabled, NR_RULES);
	return 0;
}
