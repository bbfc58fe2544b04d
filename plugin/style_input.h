/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_input.h - the source text of -fdirectives-only input
 *
 * icecc preprocesses with -E -fdirectives-only on the client and
 * compiles the result with -fpreprocessed -fdirectives-only on a node,
 * from standard input, where none of the sources exist.  That input
 * keeps every source line as written (the #define lines too, and line
 * markers for the #include lines), and the compiler still expands the
 * macros, so the plugin checks it; the text of a file it cannot read is
 * taken from the input (style_input.c).
 */
#ifndef STYLE_INPUT_H_INCLUDED
#define STYLE_INPUT_H_INCLUDED

#pragma GCC visibility push(hidden)

/*
 * From plugin_init: note the kind of input, and keep a copy of it when
 * it is -fdirectives-only input read from standard input.  False after
 * an error (given).
 */
bool style_input_init(const char *plugin);

/*
 * Whether the input is -fdirectives-only input read from standard input:
 * an icecc node's compile, in a directory of its own that outlives it
 * (icecc's chroot), which no other compile of the build shares.
 */
bool style_input_on_node(void);

/* Whether the input is fully preprocessed (-E without -fdirectives-only). */
bool style_input_fully_preprocessed(void);

/*
 * Whether the line map that starts at LINE of FILE with no include flag
 * (LC_RENAME_VERBATIM) was made by a #line of the sources: always, but
 * in -fdirectives-only input, where the preprocessor's own line markers
 * ("# 12 "foo.c"", after an #include or a skipped block) make such maps
 * too, for lines that are the file's own.
 */
bool style_input_line_directive(const char *file, int line);

/*
 * The text of FILE as the -fdirectives-only input holds it, line for
 * line (a line the input does not have, such as an #include, is empty),
 * in an anonymous mapping of *MAP_SIZE bytes (munmap it) followed by at
 * least one NUL; NULL if the input is not of that kind or has no line
 * of FILE.
 */
char *style_input_file_text(const char *file, size_t *size, size_t *map_size);

#pragma GCC visibility pop

#endif /* STYLE_INPUT_H_INCLUDED */
