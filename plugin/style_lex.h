/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_lex.h - the source text and the small lexer of style_plugin
 *
 * The source cache (style_source.c) reads the files back and finds their
 * lines; the lexer (style_lex.c) finds tokens on a line, and the ')'
 * closing a condition.  Neither uses GCC's headers: they are plain text
 * work, and testsuite/unit/ tests them without a compiler around them.
 */
#ifndef STYLE_LEX_H_INCLUDED
#define STYLE_LEX_H_INCLUDED

#include <stddef.h>

/* A byte position in a source file: 1-based line, 0-based column. */
struct src_pos {
	const char *file;
	int line;
	int col;
};

#pragma GCC visibility push(hidden)

/*
 * Line LINE (1-based) of FILE without its end of line, and its length;
 * NULL if the file cannot be read (standard input, <built-in>) or is
 * shorter.  The text stays valid until a few other files are read.
 */
const char *style_source_line(const char *file, int line, int *len);

/*
 * The end of line LINE of FILE as written ("\n" or "\r\n"), for the
 * lines a fix-it adds; NULL when a lone '\r' ends a line up to LINE.
 */
const char *style_source_eol(const char *file, int line);

static inline bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static inline bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static inline bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Keep a copy of the SIZE bytes at TEXT as the text of the file NAME (a
 * line map's file name), for style_source_line to find instead of
 * reading the file back (style_source.c).
 */
void style_source_keep(const char *name, const char *text, size_t size);

/* Give the cached files and the kept text back to the system. */
void style_source_release(void);

/* How far the search for a closing ')' may go before it gives up. */
#define MAX_COND_LINES 256

bool word_is(const char *text, int len, int start, const char *keyword);
int next_token_on_line(const char *text, int len, int i);
int prev_token_end_on_line(const char *text, int i);
int token_start(const char *text, int end);
int token_length(const char *text, int len, int i);
int skip_literal(const char *text, int len, int i);
int skip_number(const char *text, int len, int i);
int skip_token(const char *text, int len, int i);
int stmt_end_on_line(const char *text, int len, int i);
bool find_close_paren(const struct src_pos *open, struct src_pos *close);

#pragma GCC visibility pop

#endif /* STYLE_LEX_H_INCLUDED */
