// SPDX-License-Identifier: GPL-2.0
/*
 * style_fixit - the fix-it of a line with violations
 *
 * A line with violations is fixed as a whole: it is cut before
 * each body that starts on it, and each piece moves to a line of its
 * own, indented one level deeper than the line of its 'if' or 'else'.
 * An 'else' that follows a moved then body is cut too, back at its if's
 * indentation, and so is the '}' closing a brace body on the line:
 *
 *	if (a) f(); else g();		if (a)
 *					    f();
 *					else
 *					    g();
 *
 * GCC takes no fix-it that inserts a newline in the middle of a line, so
 * the fix removes the line's tail and inserts whole new lines before the
 * next one.  Only the first violation reported on a line carries the
 * fix, so that -fdiagnostics-generate-patch never sees two fixes that
 * overlap.
 */

#include "style_plugin.h"

#define MAX_SPLITS 32

struct split {
	int col;
	char *indent;
};

/* The leading blanks of a line of FILE, or NULL if it cannot be read. */
static char *line_indent(const char *file, int line)
{
	int len, i = 0;
	const char *text = style_source_line(file, line, &len);

	if (!text)
		return NULL;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	return xstrndup(text, i);
}

/*
 * The indentation of LINE in columns if it is made of spaces and the
 * line holds code: -1 for a blank line, a tab, a comment line ("/\*",
 * " * ...", "//"), a preprocessor line or a line we cannot read.
 */
static int code_indent(const char *file, int line)
{
	int len, i = 0;
	const char *text = style_source_line(file, line, &len);

	if (!text)
		return -1;
	while (i < len && text[i] == ' ')
		i++;
	if (i == len || text[i] == '\t' || text[i] == '\r' ||
	    text[i] == '*' || text[i] == '#' ||
	    (text[i] == '/' && i + 1 < len &&
	     (text[i + 1] == '*' || text[i + 1] == '/')))
		return -1;
	return i;
}

/*
 * One level of indentation: a tab in tab-indented code.  In code
 * indented with spaces, the step from the nearest less indented line
 * before LINE, the block that holds it; looking after LINE instead would
 * take the step of whatever comes next (lib/zstd: the parameter lines
 * of the next function).
 */
static const char *indent_unit(const char *file, int line, const char *ws)
{
	static char spaces[9];
	int base = strlen(ws);

	if (!*ws || strchr(ws, '\t'))
		return "\t";
	for (int l = line - 1; l > 0 && l > line - 200; l--) {
		int i = code_indent(file, l);

		if (i < 0 || i >= base)
			continue;
		if (base - i > 8)
			break;
		memset(spaces, ' ', base - i);
		spaces[base - i] = 0;
		return spaces;
	}
	return "    ";
}

static bool starts_compound_statement(const char *text, int len, int i)
{
	static const char *const words[] = {
		"if", "for", "while", "do", "switch",
	};

	for (unsigned int k = 0; k < ARRAY_SIZE(words); k++)
		if (word_is(text, len, i, words[k]))
			return true;
	return false;
}

static void add_split(struct split *splits, int *n, int col, const char *indent)
{
	int i;

	for (i = 0; i < *n; i++)
		if (splits[i].col == col)
			return;
	if (*n == MAX_SPLITS)
		return;
	for (i = *n; i > 0 && splits[i - 1].col > col; i--)
		splits[i] = splits[i - 1];
	splits[i].col = col;
	splits[i].indent = xstrdup(indent);
	(*n)++;
}

/* The indentation the line will have at column COL, once split. */
static const char *indent_at(const struct split *splits, int n, int col,
			     const char *line_ws)
{
	const char *ws = line_ws;

	for (int i = 0; i < n && splits[i].col <= col; i++)
		ws = splits[i].indent;
	return ws;
}

/*
 * Whether the piece of line that starts at FROM opens with a label
 * ("case 1:", "default:", "out:"): the statements after it stand one
 * level deeper than the label.
 */
static bool starts_with_label(const char *text, int len, int from)
{
	int i = next_token_on_line(text, len, from);

	if (i < 0 || !is_ident_char(text[i]))
		return false;
	if (word_is(text, len, i, "case") || word_is(text, len, i, "default"))
		return true;
	i = next_token_on_line(text, len, i + token_length(text, len, i));
	return i >= 0 && text[i] == ':' && (i + 1 >= len || text[i + 1] != ':');
}

/* The start of the piece of line holding column COL, once split. */
static int piece_start(const struct split *splits, int n, int col)
{
	int from = 0;

	for (int i = 0; i < n && splits[i].col <= col; i++)
		from = splits[i].col;
	return from;
}

/*
 * The level of V's keyword (or previous statement), on the line being
 * split: that of the piece of line holding it, one deeper if the piece
 * opens with a label ("case 0: if (c) x; break;": the 'if' and the
 * 'break' stand one level deeper than the 'case', the body two).  UNIT
 * is the line's level of indentation.
 */
static char *kw_indent(const struct split *splits, int nsplits,
		       const char *text, int len, const struct violation *v,
		       const char *line_ws, const char *unit)
{
	const char *ws = indent_at(splits, nsplits, v->kw.col, line_ws);

	if (!starts_with_label(text, len,
			       piece_start(splits, nsplits, v->kw.col)))
		return xstrdup(ws);
	return concat(ws, unit, NULL);
}

/* The fix for the N violations V on one line (sorted by column). */
void compute_line_fix(const struct violation *v, int n, struct line_fix *fix)
{
	struct split splits[MAX_SPLITS];
	struct src_pos pos = v[0].at;
	int nsplits = 0, len, keep, next_len, block;
	char *text, *line_ws, *kw_ws, *body_ws, *out, *unit = NULL;
	const char *p, *eol;

	fix->text = NULL;
	/*
	 * The next line must exist.  It is read first: reading a line may
	 * move the cached text of the others.
	 */
	if (!style_source_line(pos.file, pos.line + 1, &next_len))
		return;
	p = style_source_line(pos.file, pos.line, &len);
	if (!p)
		return;
	eol = style_source_eol(pos.file, pos.line);
	if (!eol)
		return;
	text = xstrndup(p, len);
	line_ws = line_indent(pos.file, pos.line);
	if (!line_ws)
		goto out;
	/*
	 * One unit for the levels made on this line: the unit of a level
	 * no line has yet (after a label, in a block) would be measured
	 * against the wrong line above.
	 */
	unit = xstrdup(indent_unit(pos.file, pos.line, line_ws));
	/*
	 * A block opened at the start of the line, "{ U32 i; for (...) x; }":
	 * what it holds goes one level deeper, and its '}' back.
	 */
	block = next_token_on_line(text, len, 0);
	if (block >= 0 && text[block] == '{' && v[0].at.col > block) {
		int first = next_token_on_line(text, len, block + 1);
		int end = stmt_end_on_line(text, len, block);

		body_ws = concat(line_ws, unit, NULL);
		if (first >= 0)
			add_split(splits, &nsplits, first, body_ws);
		if (end >= 0)
			add_split(splits, &nsplits, end, line_ws);
		free(body_ws);
	}
	for (int i = 0; i < n; i++) {
		const char *kw_unit = unit;
		int end, e;

		if (v[i].kw.line == pos.line) {
			kw_ws = kw_indent(splits, nsplits, text, len, &v[i],
					  line_ws, unit);
		} else {
			kw_ws = line_indent(v[i].kw.file, v[i].kw.line);
			if (kw_ws)
				kw_unit = indent_unit(pos.file, v[i].kw.line,
						      kw_ws);
		}
		if (!kw_ws)
			goto out;
		/* A body goes one level deeper; a next statement does not. */
		if (v[i].rule == RULE_MULTI_STMT)
			body_ws = xstrdup(kw_ws);
		else
			body_ws = concat(kw_ws, kw_unit, NULL);
		add_split(splits, &nsplits, v[i].at.col, body_ws);
		if (v[i].rule == RULE_BRACE_BODY) {
			/* The '}' of the body goes back to the keyword's level. */
			end = stmt_end_on_line(text, len, v[i].brace);
			if (end >= 0)
				add_split(splits, &nsplits, end, kw_ws);
		} else if ((v[i].rule == RULE_IF_BODY ||
			    v[i].rule == RULE_DO_BODY) &&
			   !starts_compound_statement(text, len, v[i].at.col)) {
			/* So does the 'else' of an if, or the 'while' of a do. */
			end = stmt_end_on_line(text, len, v[i].at.col);
			e = end < 0 ? -1 : next_token_on_line(text, len, end + 1);
			if (e >= 0 && word_is(text, len, e,
					      v[i].rule == RULE_IF_BODY ?
					      "else" : "while"))
				add_split(splits, &nsplits, e, kw_ws);
		}
		free(body_ws);
		free(kw_ws);
	}

	/* What stays: the line up to the first cut, without its blanks. */
	keep = splits[0].col;
	while (keep > 0 && is_blank(text[keep - 1]))
		keep--;
	out = xstrdup("");
	for (int i = 0; i < nsplits; i++) {
		int from = splits[i].col;
		int to = i + 1 < nsplits ? splits[i + 1].col : len;
		char *piece, *joined;

		while (to > from && is_blank(text[to - 1]))
			to--;
		piece = xstrndup(text + from, to - from);
		joined = concat(out, splits[i].indent, piece, eol, NULL);
		free(piece);
		free(out);
		out = joined;
	}

	/* The tail from KEEP, and the start of the next line. */
	pos.col = keep;
	fix->remove_start = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	pos.col = len - 1;
	fix->remove_finish = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	pos.line++;
	pos.col = 0;
	fix->insert_at = pos_to_loc_any(v[0].anchors, v[0].n_anchors, &pos);
	if (fix->remove_start == UNKNOWN_LOCATION ||
	    fix->remove_finish == UNKNOWN_LOCATION ||
	    fix->insert_at == UNKNOWN_LOCATION)
		free(out);
	else
		fix->text = out;
out:
	for (int i = 0; i < nsplits; i++)
		free(splits[i].indent);
	free(unit);
	free(line_ws);
	free(text);
}
