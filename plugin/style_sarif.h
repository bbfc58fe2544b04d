/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_sarif.h - the SARIF 2.1.0 log of style_plugin
 *
 * -fplugin-arg-style_plugin-sarif=FILE writes the style results of the
 * compile to FILE, -fplugin-arg-style_plugin-srcroot=DIR names the
 * source root the locations are relative to (default: the current
 * directory).  See docs/sarif.md.
 */
#ifndef STYLE_SARIF_H_INCLUDED
#define STYLE_SARIF_H_INCLUDED

#pragma GCC visibility push(hidden)

/* Byte positions: 1-based lines, 0-based columns. */
struct style_sarif_fix {
	int del_line, del_col, del_end;	/* delete [del_col, del_end) */
	int ins_line;			/* insert TEXT before this line */
	const char *text;
};

/*
 * Whether ARG is one of the SARIF options; if it is, *OK says whether
 * it is valid (an error has been given if not).
 */
bool style_sarif_arg(const struct plugin_argument *arg, const char *plugin,
		     bool *ok);

/* Where docs/rules.md is (docs=URI), ending in '/'. */
const char *style_docs_uri(void);

/* RULE's anchor in rules.md (GitHub's, of its heading). */
const char *style_rule_anchor(int rule);

/* Write the log at the end of the compile, if sarif= asked for one. */
void style_sarif_init(const char *plugin, const char *version);

/* Write no log after all (an icecc node's compile, see style_plugin.c). */
void style_sarif_drop(void);

/*
 * A result: RULE (its index in style_rules.def), MSG (a GCC format with %<, %> and
 * one %qs standing for ARG) at the byte position FILE:LINE:COL, with
 * FIX if it is not NULL.  REAL is FILE's realpath(3), or NULL if it has
 * none (the caller makes it once per file).
 */
void style_sarif_result(int rule, bool error, const char *msg,
			const char *arg, const char *file, const char *real,
			int line, int col, const struct style_sarif_fix *fix);

#pragma GCC visibility pop

#endif /* STYLE_SARIF_H_INCLUDED */
