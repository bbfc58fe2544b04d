// SPDX-License-Identifier: GPL-2.0
/*
 * style_walk - the walk of each function's trees
 *
 * check_function() walks a function body before genericization, as the
 * parser built it: check_tree() for the if, for, while and do statements
 * (style_rules.c), check_statement_lists() for statement sequences
 * (-Wstyle-multi-stmt); then report_queued() reports what they found.
 */

#include "style_plugin.h"
#include "style_records.h"

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

/*
 * PLUGIN_PRE_GENERICIZE: the function's trees as the parser built them.
 * A C++ constructor or destructor comes again as its clones (complete
 * and base object), whose bodies are copies of the one already checked,
 * made after it was genericized: "for (int i = 0; ...)" is then a
 * declaration, a goto and an if at the condition, which would look like
 * statements sharing a line.  A clone has the function it copies as its
 * abstract origin; a C function never has one here.  After an error
 * nothing is walked: asked last, as it is a call into cc1, which most
 * calls, a header's functions another compile walked, need not make.
 */
style_hot void check_function(void *gcc_data, void *user_data)
{
	tree fndecl = (tree)gcc_data;

	if (style_disabled || !DECL_SAVED_TREE(fndecl) ||
	    DECL_ABSTRACT_ORIGIN(fndecl) || style_records_skip(fndecl) ||
	    seen_error())
		return;
	check_tree(DECL_SAVED_TREE(fndecl));
	saved_count = 0;
	if (saved_size)
		memset(saved_seen, 0, saved_size * sizeof(*saved_seen));
	if (rule_enabled[RULE_MULTI_STMT])
		check_statement_lists(DECL_SAVED_TREE(fndecl));
	report_queued();
}
