// SPDX-License-Identifier: GPL-2.0
/*
 * style_lex - the small lexer of style_plugin
 *
 * Tokens on one line of source text: where the next one starts, where
 * the one before ends, words, literals, numbers, the end of a simple
 * statement; and the ')' that closes a condition, read forward through
 * the lines.  No GCC header: testsuite/unit/ tests this file on its own.
 */

#include <string.h>

#include "style_lex.h"
/* Whether the word [start, start + len) of TEXT is exactly KEYWORD. */
bool word_is(const char *text, int len, int start, const char *keyword)
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
int next_token_on_line(const char *text, int len, int i)
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
int prev_token_end_on_line(const char *text, int i)
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
int token_start(const char *text, int end)
{
	if (!is_ident_char(text[end]))
		return end;
	while (end > 0 && is_ident_char(text[end - 1]))
		end--;
	return end;
}

/* The length of the token starting at column I (words; else one char). */
int token_length(const char *text, int len, int i)
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
int skip_literal(const char *text, int len, int i)
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
int skip_number(const char *text, int len, int i)
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
bool find_close_paren(const struct src_pos *open, struct src_pos *close)
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
			} else if (is_digit(c) ||
				   (c == '.' && i + 1 < len && is_digit(text[i + 1]))) {
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

/* The column after the token at I: a word, a literal or one character. */
int skip_token(const char *text, int len, int i)
{
	if (text[i] == '"' || text[i] == '\'') {
		int end = skip_literal(text, len, i);

		return end < 0 ? len : end + 1;
	}
	if (is_digit(text[i]))
		return skip_number(text, len, i);
	return i + token_length(text, len, i);
}

/*
 * The column of the ';' ending the simple statement that starts at I, or
 * of the '}' matching the '{' at I; -1 if it is not on this line.
 */
int stmt_end_on_line(const char *text, int len, int i)
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
