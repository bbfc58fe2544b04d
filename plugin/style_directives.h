/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_directives.h - the macros the #if lines of a header function
 * test, and their state in this compile: what decides which of its lines
 * another compile of the same header compiles (style_records.c).
 */
#ifndef STYLE_DIRECTIVES_H_INCLUDED
#define STYLE_DIRECTIVES_H_INCLUDED

#pragma GCC visibility push(hidden)

/* The most bytes style_directive_names writes, its NUL included. */
#define STYLE_DIRECTIVE_NAMES_MAX 512

/*
 * Where the directive on the line TEXT (LEN bytes) starts, past its '#'
 * (or "%:"), blanks before it skipped; -1 if the line is no directive.
 */
int style_directive_start(const char *text, int len);

/*
 * The identifiers of the conditions (#if, #ifdef, #ifndef, #elif,
 * #elifdef, #elifndef, #else, #endif, with their continued lines) among
 * lines FIRST..LAST of FILE, each once, separated by spaces, in BUF
 * (STYLE_DIRECTIVE_NAMES_MAX bytes, NUL-terminated).  False when their
 * state would not say what those lines compile to: a line cannot be
 * read, is another directive (#define, #undef, #include, #pragma) or
 * holds a _Pragma, or the names do not fit.
 */
bool style_directive_names(const char *file, int first, int last, char *buf);

/*
 * The state of the macros NAMES (LEN bytes, separated by spaces) in *STATE:
 * for each, whether it names a macro and that macro's tokens, with the
 * state of the names among them, recursively.  False when that cannot
 * be followed: a built-in macro (__COUNTER__, __has_include), a
 * definition of another kind, or too many macros or tokens.
 */
bool style_directive_state(const char *names, size_t len,
			   unsigned long long *state);

#pragma GCC visibility pop

#endif /* STYLE_DIRECTIVES_H_INCLUDED */
