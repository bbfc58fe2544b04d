/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_plugin.h - what the files of style_plugin share
 *
 *   style_plugin.c   options and plugin_init
 *   style_walk.c     the walk of each function's trees
 *   style_rules.c    the rules: where a body or statement starts on the
 *                    line of what it follows, and their messages
 *   style_fixit.c    the fix-it of a line with violations
 *   style_report.c   locations, filters, and the warnings themselves
 *   style_source.c   the source text, read back from the files
 *   style_lex.c      the small lexer on that text (style_lex.h)
 * and the switches (style_controls.c), the SARIF log (style_sarif.c),
 * the text of -fdirectives-only input (style_input.c).
 */
#ifndef STYLE_PLUGIN_H_INCLUDED
#define STYLE_PLUGIN_H_INCLUDED

#include "style_compat.h"
#include "style_lex.h"
#include "style_keyset.h"
#include "style_options.h"

#pragma GCC visibility push(hidden)

/* The options (style_plugin.c). */
extern bool style_disabled;
extern bool style_as_error;
extern bool rule_as_error[NR_RULES];	/* error=RULE,... */
extern const char *once_dir;

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
const char *rule_message(const struct violation *v);
const char *after_label(const struct violation *v);

/* style_fixit.c: the fix for the N violations V on one line. */
void compute_line_fix(const struct violation *v, int n, struct line_fix *fix);

/* style_report.c */
bool loc_to_pos(location_t loc, struct src_pos *pos);
location_t pos_to_loc(location_t anchor, const struct src_pos *pos);
location_t pos_to_loc_any(const location_t *anchors, int n,
			  const struct src_pos *pos);
void queue_violation(const struct violation *v);
void report_queued(void);
bool load_line_ranges(const char *path, const char *plugin);
void hook_option_name(void);

#pragma GCC visibility pop

#endif /* STYLE_PLUGIN_H_INCLUDED */
