/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_compat.h - the GCC-version-dependent part of style_plugin
 *
 * Everything the checker's files need from GCC's plugin headers is
 * included here (plugin-version.h by style_plugin.c alone), and every
 * difference between GCC releases is absorbed here, so that the checker
 * itself reads the same on every supported compiler.
 * It claims only what is built and tested: GCC 11 to 14 (Debian 12's
 * 11.3 and 12.2, Debian 13's 13.3 and 14.2).  11 to 13 need nothing
 * different here; GCC 14 made the diagnostic context's fields private
 * (accessors, set_option_hooks), renamed text_info's format_spec, passes
 * the text callbacks a const diagnostic_info and dropped
 * MACRO_MAP_EXPANSION_POINT_LOCATION: the branches below, the way the
 * kernel's scripts/gcc-plugins/gcc-common.h does it.  Any other release
 * stops the plugin's build with one #error line: older ones lack what the
 * checker uses, and newer ones are not built here.
 * STYLE_PLUGIN_UNTESTED_GCC lets a newer one try, for whoever ports the
 * plugin and adds its branch here.
 */
#ifndef STYLE_COMPAT_H_INCLUDED
#define STYLE_COMPAT_H_INCLUDED

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "hash-set.h"
#include "input.h"
#include "line-map.h"
#include "cpplib.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "toplev.h"
#include "opts.h"
#include "intl.h"
#if BUILDING_GCC_MAJOR >= 14
#include "opts-diagnostic.h"
#endif

#if BUILDING_GCC_MAJOR < 11
#error "style_plugin needs GCC 11 or later (built and tested: GCC 11 to 14)"
#elif BUILDING_GCC_MAJOR > 14 && !defined(STYLE_PLUGIN_UNTESTED_GCC)
#error "style_plugin: this GCC is untested (tested: 11 to 14); -DSTYLE_PLUGIN_UNTESTED_GCC tries it"
#endif

#if BUILDING_GCC_MAJOR >= 14
#define MACRO_MAP_EXPANSION_POINT_LOCATION(MAP) \
	((MAP)->get_expansion_point_location())
#endif

#ifndef __visible
#define __visible __attribute__((visibility("default")))
#endif

/*
 * A function kept out of its callers' code, neither inlined nor cloned:
 * a slow path, whose code would otherwise sit among the hot path's and
 * widen what the hot path brings into the caches at each call.
 */
#define style_apart __attribute__((__noipa__))

/*
 * A function of the path every function body of a compile takes (some
 * 5,000 calls): placed with the others in .text.hot, a few cache lines
 * and one page, not spread over the plugin's text as its files are.
 */
#define style_hot __attribute__((__hot__))

/*
 * libcpp's stat of a file it read (internal.h, not among the plugin
 * headers; cc1 exports it, with C linkage, in GCC 11 to 14): what a
 * header's identity is made of, without a stat of our own.
 */
extern "C" {
struct stat *_cpp_get_file_stat(struct _cpp_file *file);
}

/*
 * libcpp's, weak in every file that includes this one: f951 and lto1
 * have none (the checker is off there; see style_controls.c).
 */
#pragma weak parse_in
#pragma weak cpp_get_buffer
#pragma weak cpp_get_file
#pragma weak cpp_get_path
#pragma weak _cpp_get_file_stat
#pragma weak cpp_get_options

/*
 * The first fields of libcpp's struct cpp_buffer (internal.h, not among
 * the plugin headers), the same from GCC 3.4 to 14: where the lexer is,
 * and the text of the file it reads.
 */
struct style_cpp_buffer_head {
	const unsigned char *cur;
	const unsigned char *line_base;
	const unsigned char *next_line;	/* the next line to clean */
	const unsigned char *buf;	/* the text */
	const unsigned char *rlimit;	/* its end */
	const unsigned char *to_free;	/* what libcpp frees when it leaves */
};

/*
 * At PLUGIN_INCLUDE_FILE: when libcpp has just entered NAME (a line
 * map's file name: "<stdin>" for standard input, whose path is ""), its
 * stat of it, and in *TEXT and *SIZE the text it read, as the file holds
 * it; NULL when the name is not the buffer's file (a line marker,
 * #line), and *TEXT NULL when that text is not the file's bytes.
 * libcpp reads a file whole and lexes it line by line, cleaning each
 * line in place as it gets to it (backslash-newlines, "\r\n"): only
 * now, before the first line, is the text the file's.
 * The checks below see that too: nothing lexed (next_line is buf), no
 * UTF-8 BOM skipped (buf is the start of what libcpp frees), and no
 * -finput-charset but UTF-8, which would have converted it.  The length
 * is the size libcpp gives the file, as libcpp made it: a buffer of
 * another layout would fail that.
 */
static inline struct stat *style_entered_file(const char *name,
					      const char **text, size_t *size)
{
	cpp_buffer *buffer = parse_in && _cpp_get_file_stat ?
			     cpp_get_buffer(parse_in) : NULL;
	_cpp_file *file = buffer ? cpp_get_file(buffer) : NULL;
	const struct style_cpp_buffer_head *b;
	const char *charset;
	struct stat *st;

	*text = NULL;
	if (!file)
		return NULL;
	b = (const struct style_cpp_buffer_head *)buffer;
	/*
	 * Standard input's path is "": its name is the one it is entered
	 * under before anything of it is lexed, not "<built-in>" or
	 * "<command-line>" (renames, there too) nor a line marker's in it.
	 */
	if (cpp_get_path(file) != name &&
	    (*cpp_get_path(file) || b->next_line != b->buf ||
	     LINEMAPS_LAST_ORDINARY_MAP(line_table)->reason != LC_ENTER))
		return NULL;
	st = _cpp_get_file_stat(file);
	charset = cpp_get_options(parse_in)->input_charset;
	if (b->next_line == b->buf && b->to_free == b->buf &&
	    b->rlimit >= b->buf && (off_t)(b->rlimit - b->buf) == st->st_size &&
	    (!charset || !strcasecmp(charset, "UTF-8"))) {
		*text = (const char *)b->buf;
		*size = b->rlimit - b->buf;
	}
	return st;
}

/* Whether warnings are promoted to errors, as by a global -Werror. */
static inline bool style_get_werror(void)
{
#if BUILDING_GCC_MAJOR >= 14
	return global_dc->warning_as_error_requested_p();
#else
	return global_dc->warning_as_error_requested;
#endif
}

static inline void style_set_werror(bool on)
{
#if BUILDING_GCC_MAJOR >= 14
	global_dc->set_warning_as_error_requested(on);
#else
	global_dc->warning_as_error_requested = on;
#endif
}

static inline bool style_warnings_inhibited(void)
{
#if BUILDING_GCC_MAJOR >= 14
	return global_dc->m_inhibit_warnings;
#else
	return global_dc->dc_inhibit_warnings;
#endif
}

/* The format string of a diagnostic's message. */
static inline const char *style_format_spec(const text_info *t)
{
#if BUILDING_GCC_MAJOR >= 14
	return t->m_format_spec;
#else
	return t->format_spec;
#endif
}

/*
 * The text callbacks (diagnostic_starter, _finalizer) are given a
 * STYLE_DIAGNOSTIC_CONST struct diagnostic_info: const from GCC 14.
 */
#if BUILDING_GCC_MAJOR >= 14
#define STYLE_DIAGNOSTIC_CONST const
#else
#define STYLE_DIAGNOSTIC_CONST
#endif

/*
 * Whether the text callbacks (diagnostic_starter, _finalizer) see every
 * diagnostic.  GCC 14 writes -fdiagnostics-format=json and sarif-*
 * through an output format object that calls none of them.
 */
static inline bool style_text_callbacks_see_all(void)
{
#if BUILDING_GCC_MAJOR >= 14
	int format = DIAGNOSTICS_OUTPUT_FORMAT_TEXT;

	for (unsigned int i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == OPT_fdiagnostics_format_)
			format = save_decoded_options[i].value;
	return format == DIAGNOSTICS_OUTPUT_FORMAT_TEXT;
#else
	return true;
#endif
}

/* While ON, GCC drops every note. */
static inline void style_inhibit_notes(bool on)
{
#if BUILDING_GCC_MAJOR >= 14
	global_dc->m_inhibit_notes_p = on;
#else
	global_dc->inhibit_notes_p = on;
#endif
}

/*
 * The hooks that name a diagnostic's option (the "[-Wfoo]" tag) and
 * give its URL, in GCC 11 to 13's form.  GCC 14 keeps them private,
 * set only all together (set_option_hooks) and read by no accessor: there
 * the plugin's hooks are called through two trampolines, and "the next
 * hook" is GCC's own, option_name() and get_option_url(), which
 * toplev.cc's general_init installs (with option_enabled and
 * global_options, installed again with them).
 */
typedef char *(*style_option_name_fn)(diagnostic_context *, int,
				       diagnostic_t, diagnostic_t);
typedef char *(*style_option_url_fn)(diagnostic_context *, int);

#if BUILDING_GCC_MAJOR >= 14
/* The plugin's hooks (one of each in the plugin: inline, not static). */
inline style_option_name_fn *style_option_name_slot(void)
{
	static style_option_name_fn fn;

	return &fn;
}

inline style_option_url_fn *style_option_url_slot(void)
{
	static style_option_url_fn fn;

	return &fn;
}

static inline char *style_gcc_option_name(diagnostic_context *dc, int opt,
					  diagnostic_t orig_kind,
					  diagnostic_t kind)
{
	return option_name(dc, opt, orig_kind, kind);
}

static inline char *style_gcc_option_url(diagnostic_context *dc, int opt)
{
	return get_option_url(dc, opt, dc->get_lang_mask());
}

inline char *style_option_name_tramp(const diagnostic_context *dc, int opt,
				     diagnostic_t orig_kind,
				     diagnostic_t kind)
{
	diagnostic_context *c = (diagnostic_context *)dc;
	style_option_name_fn fn = *style_option_name_slot();

	return (fn ? fn : style_gcc_option_name)(c, opt, orig_kind, kind);
}

inline char *style_option_url_tramp(const diagnostic_context *dc, int opt,
				    unsigned int lang_mask)
{
	diagnostic_context *c = (diagnostic_context *)dc;
	style_option_url_fn fn = *style_option_url_slot();

	return (fn ? fn : style_gcc_option_url)(c, opt);
}

static inline void style_set_option_hooks(void)
{
	global_dc->set_option_hooks(option_enabled, &global_options,
				    style_option_name_tramp,
				    style_option_url_tramp,
				    global_dc->get_lang_mask());
}

static inline style_option_name_fn style_get_option_name_hook(void)
{
	style_option_name_fn fn = *style_option_name_slot();

	return fn ? fn : style_gcc_option_name;
}

static inline void style_set_option_name_hook(style_option_name_fn fn)
{
	*style_option_name_slot() = fn;
	style_set_option_hooks();
}

static inline style_option_url_fn style_get_option_url_hook(void)
{
	style_option_url_fn fn = *style_option_url_slot();

	return fn ? fn : style_gcc_option_url;
}

static inline void style_set_option_url_hook(style_option_url_fn fn)
{
	*style_option_url_slot() = fn;
	style_set_option_hooks();
}
#else
static inline style_option_name_fn style_get_option_name_hook(void)
{
	return global_dc->option_name;
}

static inline void style_set_option_name_hook(style_option_name_fn fn)
{
	global_dc->option_name = fn;
}

static inline style_option_url_fn style_get_option_url_hook(void)
{
	return global_dc->get_option_url;
}

static inline void style_set_option_url_hook(style_option_url_fn fn)
{
	global_dc->get_option_url = fn;
}
#endif

#endif /* STYLE_COMPAT_H_INCLUDED */
