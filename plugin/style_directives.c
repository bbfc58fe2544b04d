// SPDX-License-Identifier: GPL-2.0
/*
 * style_directives - the macros a header function's #if lines test
 *
 * With once=DIR, a header function that an earlier compile of the build
 * walked is not walked again (style_records.c).  One with a
 * preprocessor conditional among its lines may have another body in
 * another compile, with the same name, lines and columns: some 130 of
 * them in a kernel compile, whose walk cost half of what the plugin
 * costs a whole build (issue 31).  What decides its body is the state of
 * the macros those conditions test, so it is known by that state too.
 *
 * The first compile to walk such a function reads its lines for the
 * names (style_directive_names), which style_records.c keeps in the
 * records; the later ones take the state of those names from libcpp
 * (style_directive_state), without reading the header.  The state is
 * the one the conditions saw: the parser has read the function to its
 * '}' and no further at PLUGIN_PRE_GENERICIZE, and no line of it may
 * define, undefine or include anything.
 */

#include "style_compat.h"
#include "c-family/c-common.h"
#include "style_lex.h"
#include "style_keyset.h"
#include "style_directives.h"

/*
 * How many macros and tokens a state follows, and how deep: past any,
 * the function is walked.  IS_ENABLED(CONFIG_X) follows some 12 macros
 * and 150 tokens.
 */
#define STATE_MACROS 64
#define STATE_TOKENS 4096
#define STATE_DEPTH 16

/* The conditions: the directives whose lines only choose lines. */
static bool is_condition(const char *text, int len, int *end)
{
	static const char *const names[] = {
		"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef",
		"else", "endif"
	};
	int i = 0, start;

	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	start = i;
	while (i < len && ISIDNUM(text[i]))
		i++;
	for (size_t k = 0; k < ARRAY_SIZE(names); k++)
		if ((int)strlen(names[k]) == i - start &&
		    !memcmp(text + start, names[k], i - start)) {
			*end = i;
			return true;
		}
	return false;
}

int style_directive_start(const char *text, int len)
{
	int i = 0;

	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (i < len && text[i] == '#')
		return i + 1;
	if (i + 1 < len && text[i] == '%' && text[i + 1] == ':')
		return i + 2;
	return -1;
}

/* NAME (LEN bytes) added to the list BUF (*USED bytes) unless there. */
static bool add_name(char *buf, size_t *used, const char *name, int len)
{
	for (const char *p = buf; p < buf + *used;) {
		const char *e = strchr(p, ' ');

		if (!e)
			e = buf + *used;
		if (e - p == len && !memcmp(p, name, len))
			return true;
		p = e + 1;
	}
	if (*used + len + 2 > STYLE_DIRECTIVE_NAMES_MAX)
		return false;
	if (*used)
		buf[(*used)++] = ' ';
	memcpy(buf + *used, name, len);
	*used += len;
	buf[*used] = '\0';
	return true;
}

/*
 * The identifiers of TEXT (LEN bytes), not those of numbers (0x1fUL);
 * false where a name may be spelled otherwise ('$', a UCN, a byte of
 * UTF-8) or the directive may go on past the line (a comment left open).
 * *CONTINUED: whether the line ends in a backslash (the directive goes
 * on in the next line).
 */
static bool add_names(char *buf, size_t *used, const char *text, int len,
		      bool *continued)
{
	int i = 0, start;

	while (len > 0 && ISSPACE(text[len - 1]))
		len--;
	*continued = len > 0 && text[len - 1] == '\\';
	if (*continued)
		len--;
	for (i = 0; i < len; i++)
		if (text[i] == '$' || text[i] == '\\' ||
		    (unsigned char)text[i] >= 0x80 ||
		    (text[i] == '/' && i + 1 < len && text[i + 1] == '*' &&
		     !memmem(text + i + 2, len - i - 2, "*/", 2)))
			return false;
	i = 0;
	while (i < len) {
		if (ISDIGIT(text[i]) ||
		    (text[i] == '.' && i + 1 < len && ISDIGIT(text[i + 1]))) {
			while (++i < len && (ISIDNUM(text[i]) || text[i] == '.' ||
					     ((text[i] == '+' || text[i] == '-') &&
					      strchr("eEpP", text[i - 1]))))
				;
			continue;
		}
		if (!ISIDST(text[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && ISIDNUM(text[i]))
			i++;
		if (!add_name(buf, used, text + start, i - start))
			return false;
	}
	return true;
}

bool style_directive_names(const char *file, int first, int last, char *buf)
{
	bool continued = false;
	size_t used = 0;

	buf[0] = '\0';
	for (int line = first; line <= last; line++) {
		int len, i = 0, end = 0;
		const char *text = style_source_line(file, line, &len);

		if (!text || memmem(text, len, "_Pragma", 7))
			return false;
		if (!continued) {
			i = style_directive_start(text, len);
			if (i < 0)
				continue;
			if (!is_condition(text + i, len - i, &end))
				return false;
			i += end;
		}
		if (!add_names(buf, &used, text + i, len - i, &continued))
			return false;
	}
	return true;
}

/* The macros a state has followed, each once, and what it has mixed. */
struct state_walk {
	const struct cpp_hashnode *seen[STATE_MACROS];
	int n_seen;
	int tokens;
	unsigned long long h;
};

static bool mix_node(struct state_walk *w, const cpp_hashnode *node,
		     int depth);

/*
 * NAME (LEN bytes and its NUL) mixed into W; if NOT_MACRO, that it
 * names no macro.
 */
static void mix_name(struct state_walk *w, const char *name, size_t len,
		     bool not_macro)
{
	w->h = style_fnv1a(w->h, name, len + 1);
	if (not_macro)
		w->h = style_fnv1a(w->h, "-", 1);
}

/*
 * The tokens of the macro M mixed into W: each one's kind, flags and
 * spelling (a name, a number or string, a parameter's index), and the
 * state of the names among them.
 */
static bool mix_tokens(struct state_walk *w, const cpp_macro *m, int depth)
{
	unsigned int head[4] = { m->count, m->paramc, m->fun_like,
				 m->variadic };

	if (m->kind != cmk_macro || m->lazy)
		return false;
	w->tokens += m->count;
	if (w->tokens > STATE_TOKENS)
		return false;
	w->h = style_fnv1a(w->h, head, sizeof(head));
	for (unsigned int i = 0; i < m->count; i++) {
		const cpp_token *t = &m->exp.tokens[i];
		unsigned int kind[2] = { t->type, t->flags };

		w->h = style_fnv1a(w->h, kind, sizeof(kind));
		switch (cpp_token_val_index(t)) {
		case CPP_TOKEN_FLD_NODE:
			if (!mix_node(w, t->val.node.node, depth + 1))
				return false;
			break;
		case CPP_TOKEN_FLD_STR:
			w->h = style_fnv1a(w->h, t->val.str.text, t->val.str.len);
			break;
		case CPP_TOKEN_FLD_ARG_NO:
			w->h = style_fnv1a(w->h, &t->val.macro_arg.arg_no,
					   sizeof(t->val.macro_arg.arg_no));
			break;
		case CPP_TOKEN_FLD_PRAGMA:
			return false;
		default:
			break;
		}
	}
	return true;
}

/*
 * NODE's name mixed into W, and whether it names a macro, with that
 * macro's tokens the first time W meets it (the same macro has the same
 * state all through one function's).
 */
static bool mix_node(struct state_walk *w, const cpp_hashnode *node,
		     int depth)
{
	bool macro = cpp_macro_p(node);

	mix_name(w, (const char *)NODE_NAME(node), NODE_LEN(node), !macro);
	if (!macro)
		return true;
	if (!cpp_user_macro_p(node) || !node->value.macro ||
	    depth > STATE_DEPTH)
		return false;
	for (int i = 0; i < w->n_seen; i++)
		if (w->seen[i] == node)
			return true;
	if (w->n_seen == STATE_MACROS)
		return false;
	w->seen[w->n_seen++] = node;
	return mix_tokens(w, node->value.macro, depth);
}

bool style_directive_state(const char *names, size_t len,
			   unsigned long long *state)
{
	struct state_walk w;
	char name[STYLE_DIRECTIVE_NAMES_MAX];
	size_t i = 0;

	w.n_seen = 0;
	w.tokens = 0;
	w.h = STYLE_FNV_START;
	while (i < len) {
		size_t start = i;
		tree id;

		while (i < len && names[i] != ' ')
			i++;
		if (i > start && i - start < sizeof(name)) {
			memcpy(name, names + start, i - start);
			name[i - start] = '\0';
			/* Looked up, not added: GCC's table is searched. */
			id = maybe_get_identifier(name);
			if (!id)
				mix_name(&w, name, i - start, true);
			else if (!mix_node(&w, C_CPP_HASHNODE(id), 0))
				return false;
		} else if (i > start) {
			return false;
		}
		i++;
	}
	*state = w.h;
	return true;
}
