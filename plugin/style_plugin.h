/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_plugin.h - what the files of style_plugin share
 *
 * The files, in levels: each calls only files below it
 * (scripts/plugin-layers.sh checks it).
 *   style_plugin.c    plugin_init: the arguments, the callbacks
 *   style_walk.c      the walk of each function's trees; style_records.c
 *                     skips the header functions other compiles walked
 *   style_rules.c     the rules: where a body or statement starts on the
 *                     line of what it follows
 *   style_report.c    the filters, once=, lines=, then each warning
 *   style_fixit.c     the fix-it of a line with violations
 *   style_controls.c  -Wno-style-RULE, check-only, #pragma style_plugin
 *   style_sarif.c     the SARIF log
 *   style_diag.c      GCC's diagnostics: the warning, its message, option
 *                     name and URL
 *   style_loc.c       locations and source positions, one from the other
 *   style_source.c    the source text: as libcpp read it, or read back
 *   style_lex.c       the small lexer on that text (style_lex.h)
 *   style_input.c     the text of -fdirectives-only input
 *   style_keyset.c, style_map.c   a set of keys, memory for tables
 *   style_options.c   the rules (style_rules.def), the options, note_once
 */
#ifndef STYLE_PLUGIN_H_INCLUDED
#define STYLE_PLUGIN_H_INCLUDED

#include "style_compat.h"
#include "style_lex.h"
#include "style_keyset.h"
#include "style_options.h"

#pragma GCC visibility push(hidden)

/* What a body follows: the token before it decides the rule. */
enum body_kind {
	BODY_IF,	/* the ')' of an if condition */
	BODY_ELSE,	/* 'else' */
	BODY_LOOP,	/* the ')' of a for or while header, or a macro's */
	BODY_DO,	/* 'do' */
	BODY_NEXT,	/* the ';' or '}' ending the statement before */
};

struct violation {
	enum style_rule rule;
	struct src_pos at;	/* the statement's first token */
	int at_len;
	struct src_pos after;	/* the ')' or 'else' it follows */
	int after_len;
	struct src_pos kw;	/* the 'if', 'else', ... or statement before */
	enum body_kind kind;
	const char *kw_name;	/* "for", "while", or an iterator macro */
	int brace;		/* the column of the '{', for brace-body */
	location_t anchors[2];	/* locations in the same file, see pos_to_loc */
	int n_anchors;
};

/* A fix-it: replace the tail of a line by new lines after it. */
struct line_fix {
	location_t remove_start, remove_finish, insert_at;
	char *text;		/* NULL when there is no fix */
};

/* style_walk.c: PLUGIN_PRE_GENERICIZE, check a function. */
void check_function(void *gcc_data, void *user_data);

/* style_rules.c */
location_t stmt_start_loc(tree t);
void check_if(tree stmt, tree then_body, tree else_body);
void check_loop(tree stmt, const char *keyword, tree body);
void check_do(tree stmt);
void check_next_stmt(tree prev, tree s);

/* style_fixit.c: the fix for the N violations V on one line. */
void compute_line_fix(const struct violation *v, int n, struct line_fix *fix);

/* style_loc.c: a location and a position in the source text. */
bool loc_to_pos(location_t loc, struct src_pos *pos);
location_t pos_to_loc(location_t anchor, const struct src_pos *pos);
location_t pos_to_loc_any(const location_t *anchors, int n,
			  const struct src_pos *pos);

/* style_report.c */
void queue_violation(const struct violation *v);
void report_queued(void);
bool load_line_ranges(const char *path, const char *plugin);

#pragma GCC visibility pop

#endif /* STYLE_PLUGIN_H_INCLUDED */
