// SPDX-License-Identifier: GPL-2.0
/*
 * style_rules - where a body or a statement starts on the line of what
 * it follows, and what the warning says
 *
 * The tree walk (style_walk.c) calls check_if(), check_loop(),
 * check_do() and check_next_stmt(); each finds in the source text the
 * token that the body or statement follows and, through
 * check_body_after(), queues a violation for style_report.c.
 */

#include "style_plugin.h"

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
	v.kw_name = kw_name;
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
location_t stmt_start_loc(tree t)
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
void check_if(tree stmt, tree then_body, tree else_body)
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
	const char *text, *macro;
	int len, n, i;
	tree id;

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
	/* The name as long as it is, and for as long as the compile. */
	id = get_identifier_with_length(text + name.col, n);
	macro = IDENTIFIER_POINTER(id);
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
void check_loop(tree stmt, const char *keyword, tree body)
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

void check_do(tree stmt)
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
void check_next_stmt(tree prev, tree s)
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
