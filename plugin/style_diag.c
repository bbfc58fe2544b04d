// SPDX-License-Identifier: GPL-2.0
/*
 * style_diag - style_plugin's glue to GCC's diagnostics
 *
 * A violation becomes a GCC warning here (style_warn): its message and
 * label, its option name ([-Wstyle-RULE]) and URL, which GCC asks
 * for while it prints the warning of current_rule; and GCC's closing
 * note about the -Wno-style-RULE options it did not know is dropped.
 */

#include "style_plugin.h"
#include "style_controls.h"
#include "style_sarif.h"
#include "style_diag.h"
#include "style_grow.h"

/* The rule being reported, for the option-name hook; RULE_NONE otherwise. */
static enum style_rule current_rule = RULE_NONE;
static style_option_name_fn next_option_name;

static int style_reporting_rule(void)
{
	return current_rule == RULE_NONE ? -1 : current_rule;
}

/*
 * The message for V (style_rules.def); "%qs" in it stands for V's
 * keyword or macro.  A rule without one there (brace-body) says what
 * its body follows.
 */
const char *rule_message(const struct violation *v)
{
	static const char *const brace[] = {
		[BODY_IF] = G_("statement after %<{%> on the same line as the %<if%> condition"),
		[BODY_ELSE] = G_("statement after %<{%> on the same line as %<else%>"),
		[BODY_LOOP] = G_("statement after %<{%> on the same line as the %qs loop header"),
		[BODY_DO] = G_("statement after %<{%> on the same line as %<do%>"),
		[BODY_NEXT] = G_("statement after %<{%> after the previous statement"),
	};

	return style_rules[v->rule].msg ? style_rules[v->rule].msg :
					   brace[v->kind];
}

/* The label of the secondary range, at what the body follows. */
const char *after_label(const struct violation *v)
{
	static const char *const labels[] = {
		[BODY_IF] = "condition ends here",
		[BODY_ELSE] = "'else' here",
		[BODY_LOOP] = "header ends here",
		[BODY_DO] = "'do' here",
		[BODY_NEXT] = "previous statement ends here",
	};

	return labels[v->kind];
}

/*
 * The option-name hook: style diagnostics carry no GCC option, so this
 * names them; everything else goes to the compiler's own hook.
 */
static char *style_option_name(diagnostic_context *dc, int opt,
			       diagnostic_t orig_kind, diagnostic_t kind)
{
	if (current_rule != RULE_NONE) {
		if (orig_kind == DK_WARNING && kind == DK_ERROR)
			return concat("-Werror=", style_rules[current_rule].name, NULL);
		return concat("-W", style_rules[current_rule].name, NULL);
	}
	return next_option_name ? next_option_name(dc, opt, orig_kind, kind) :
				  NULL;
}

/* Name the style warnings' option (see style_option_name). */
void hook_option_name(void)
{
	next_option_name = style_get_option_name_hook();
	style_set_option_name_hook(style_option_name);
}

/* The URL of RULE's section in docs/rules.md (malloc'ed). */
static char *style_rule_url(int rule)
{
	return concat(style_docs_uri(), "rules.md#", style_rule_anchor(rule),
		      NULL);
}

/* The option URL of the rule being reported (current_rule). */
static style_option_url_fn next_option_url;

static char *option_url(diagnostic_context *dc, int opt)
{
	int rule = style_reporting_rule();

	if (rule >= 0)
		return style_rule_url(rule);
	return next_option_url ? next_option_url(dc, opt) : NULL;
}

/*
 * GCC's closing note, "unrecognized command-line option '-Wno-style-...'
 * may have been intended to silence earlier diagnostics"
 * (print_ignored_options), is printed with inform() after the compile.
 * GCC keeps the options it names in a list of its own, so the plugin
 * recognizes the note as it is output and drops its text: the starter
 * (which may print "At top level:") is not called and the finalizer
 * clears what was formatted.  The notes about other options stay.
 */
static diagnostic_starter_fn next_starter;
static diagnostic_finalizer_fn next_finalizer;
static bool dropping;

/* GCC's text (opts-global.cc), whose translation GCC looks up. */
static const char unknown_option_note[] = {
	"unrecognized command-line option %qs may have been intended to silence earlier diagnostics"
};

static bool is_own_note(STYLE_DIAGNOSTIC_CONST struct diagnostic_info *d)
{
	static const char *fmt;
	output_buffer *buf = global_dc->printer->buffer;

	if (d->kind != DK_NOTE || diagnostic_location(d) != UNKNOWN_LOCATION)
		return false;
	if (!fmt)
		fmt = _(unknown_option_note);
	if (!style_format_spec(&d->message) ||
	    strcmp(style_format_spec(&d->message), fmt))
		return false;
	/* pp_format has run: the chunks hold the quoted option. */
	for (int i = 0; buf->cur_chunk_array &&
	     buf->cur_chunk_array->args[i]; i++)
		if (strstr(buf->cur_chunk_array->args[i], "-Wno-style-"))
			return true;
	return false;
}

static void starter(diagnostic_context *dc,
		    STYLE_DIAGNOSTIC_CONST struct diagnostic_info *d)
{
	dropping = is_own_note(d);
	if (!dropping)
		next_starter(dc, d);
}

static void finalizer(diagnostic_context *dc,
		      STYLE_DIAGNOSTIC_CONST struct diagnostic_info *d,
		      diagnostic_t orig_kind)
{
	if (!dropping) {
		next_finalizer(dc, d, orig_kind);
		return;
	}
	pp_clear_output_area(dc->printer);
	pp_destroy_prefix(dc->printer);
	dropping = false;
}

/*
 * Where the text callbacks do not see the note (GCC 14's JSON and
 * SARIF), notes are inhibited from the end of the unit
 * (PLUGIN_FINISH_UNIT) until PLUGIN_FINISH, which comes right after
 * GCC's notes (toplev.cc: print_ignored_options, then PLUGIN_FINISH);
 * there the notes about the other unknown -Wno- options are given again,
 * as GCC gives them: after a compile that printed a diagnostic, the last
 * option first.  With -fsyntax-only GCC calls no PLUGIN_FINISH_UNIT, and
 * the note stays.
 */
static bool notes_inhibited;

static void inhibit_notes(void *gcc_data, void *user_data)
{
	style_inhibit_notes(true);
	notes_inhibited = true;
}

static void give_other_notes(void *gcc_data, void *user_data)
{
	if (!notes_inhibited)
		return;
	style_inhibit_notes(false);
	notes_inhibited = false;
	if (!warningcount && !errorcount && !werrorcount)
		return;
	for (unsigned int i = save_decoded_options_count; i-- > 0; ) {
		const struct cl_decoded_option *o = &save_decoded_options[i];

		if (o->opt_index == OPT_SPECIAL_unknown && o->arg &&
		    !strncmp(o->arg, "-Wno-", strlen("-Wno-")) &&
		    !style_own_wno(o->arg))
			inform(UNKNOWN_LOCATION,
			       "unrecognized command-line option %qs may have been intended to silence earlier diagnostics",
			       o->arg);
	}
}

/*
 * A label for the secondary range of a diagnostic.  It lives on the
 * stack; but range_label's destructor is virtual, so the class has a
 * deleting destructor, which would call the global operator delete of
 * libstdc++.  Its own operator delete keeps libstdc++ out of the
 * plugin's needed libraries (the kernel links it with --as-needed), so
 * that no compile loads it.  Hidden, as every name of the plugin but
 * plugin_init: its vtable and members would otherwise be looked up when
 * the plugin is loaded, through cc1's symbol tables first, whose pages
 * that brings into every compile's RSS (64 KB, issue 31).
 */
class __attribute__((visibility("hidden"))) style_label : public range_label {
public:
	explicit style_label(const char *text) : m_text(text) {}
	label_text get_text(unsigned int) const final override
	{
		return label_text::borrow(m_text);
	}
	static void operator delete(void *p);
private:
	const char *m_text;
};

void style_label::operator delete(void *p)
{
	free(p);
}

/*
 * One header, two spellings: lib/zstd/decompress/huf_decompress.c
 * includes "../common/bitstream.h", which GCC then calls
 * lib/zstd/decompress/../common/bitstream.h, while lib/zstd/common/
 * fse_decompress.c calls it lib/zstd/common/bitstream.h.  The once=
 * records give a header's violations to whichever compile comes first,
 * so its warnings would change their text with the order of a build's
 * compiles, and a build farm that diffs a commit's warnings against its
 * base's would see them come and go.  A style warning in an included
 * file therefore names the file with each "DIR/../" taken out, if that
 * names the same file (DIR no symlink to elsewhere).  It is done while
 * the warning is printed, in the line maps of that file (so the caret,
 * the fix-its, JSON and SARIF all agree), and undone after it: __FILE__,
 * debug information and GCC's own diagnostics keep GCC's spelling.
 */
struct spelling {
	const char *as_included;	/* a line map's to_file */
	char *collapsed;		/* or NULL: the same */
};

static struct spelling *spellings;
static int n_spellings;
static size_t spellings_size;

/* PATH with each "DIR/../" taken out (DIR not "." or ".."), in place. */
static void collapse_dotdot(char *path)
{
	char *p = path;

	while ((p = strstr(p, "/../"))) {
		char *dir = p;

		while (dir > path && dir[-1] != '/')
			dir--;
		if ((p - dir == 1 && dir[0] == '.') ||
		    (p - dir == 2 && dir[0] == '.' && dir[1] == '.') ||
		    p == dir) {
			p += 3;
			continue;
		}
		memmove(dir, p + 4, strlen(p + 4) + 1);
		p = dir > path ? dir - 1 : path;
	}
}

/* Whether A and B name the same file. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* FILE's spelling without "DIR/../", or NULL if it has none. */
static const char *collapsed_spelling(const char *file)
{
	char *c;
	int i;

	for (i = 0; i < n_spellings; i++)
		if (spellings[i].as_included == file)
			return spellings[i].collapsed;
	c = NULL;
	if (strstr(file, "/../")) {
		c = xstrdup(file);
		collapse_dotdot(c);
		if (!strcmp(c, file) || !same_file(c, file)) {
			free(c);
			c = NULL;
		}
	}
	style_grow(&spellings, sizeof(*spellings), n_spellings,
		   &spellings_size, 8);
	spellings[n_spellings].as_included = file;
	spellings[n_spellings++].collapsed = c;
	return c;
}

/* Every ordinary line map of FROM's file named TO instead. */
static void rename_maps(const char *from, const char *to)
{
	for (unsigned int i = 0; i < LINEMAPS_ORDINARY_USED(line_table); i++) {
		line_map_ordinary *map = LINEMAPS_ORDINARY_MAP_AT(line_table, i);

		if (map->to_file == from)
			map->to_file = to;
	}
}

/*
 * The spelling of AT's file to print, when it is an included file with
 * "DIR/../" in its name (see struct spelling); NULL otherwise.
 */
static const char *respelled(location_t at, const char **as_included)
{
	const line_map_ordinary *map;

	if (at <= BUILTINS_LOCATION ||
	    linemap_location_from_macro_expansion_p(line_table, at))
		return NULL;
	map = linemap_check_ordinary(linemap_lookup(line_table, at));
	if (!map || MAIN_FILE_P(map) || !map->to_file)
		return NULL;
	*as_included = map->to_file;
	return collapsed_spelling(map->to_file);
}

/*
 * A warning at AT, with the range SECONDARY (if known) labelled LABEL:
 * an ordinary diagnostic, so that caret, colour, JSON and -w all work.
 * With FIX_TEXT, a fix-it hint: remove [REMOVE_START, REMOVE_FINISH] and
 * insert FIX_TEXT before INSERT_AT.  ARG is for a "%qs" in MSG.
 */
static void emit_warning(location_t at, location_t secondary,
			 const char *label, location_t remove_start,
			 location_t remove_finish, location_t insert_at,
			 const char *fix_text, const char *msg, const char *arg)
{
	rich_location richloc = { line_table, at };
	style_label text = style_label { label };
	const char *as_included = NULL;
	const char *spelling = respelled(at, &as_included);

	if (secondary != UNKNOWN_LOCATION)
		richloc.add_range(secondary, SHOW_RANGE_WITHOUT_CARET, &text);
	if (fix_text) {
		richloc.add_fixit_remove(source_range::from_locations(remove_start,
								      remove_finish));
		/* GCC takes a newline only at the end of an insertion. */
		for (const char *p = fix_text; *p; ) {
			const char *nl = strchr(p, '\n');
			char *line = xstrndup(p, nl ? nl + 1 - p : strlen(p));

			richloc.add_fixit_insert_before(insert_at, line);
			free(line);
			p += nl ? nl + 1 - p : strlen(p);
		}
	}
	if (spelling)
		rename_maps(as_included, spelling);
	warning_at(&richloc, 0, msg, arg);
	if (spelling)
		rename_maps(spelling, as_included);
}

/*
 * Emit V at AT, with the range AFTER labelled, and FIX when there is
 * one: a warning, or an error with the error options.
 */
void style_warn(const struct violation *v, location_t at, location_t after,
		const struct line_fix *fix)
{
	bool saved_werror = style_get_werror();
	const char *msg;

	msg = rule_message(v);
	current_rule = v->rule;
	style_set_werror(style_as_error || rule_as_error[v->rule]);
	emit_warning(at, after, after_label(v),
		     fix ? fix->remove_start : UNKNOWN_LOCATION,
		     fix ? fix->remove_finish : UNKNOWN_LOCATION,
		     fix ? fix->insert_at : UNKNOWN_LOCATION,
		     fix ? fix->text : NULL, msg, v->kw_name);
	style_set_werror(saved_werror);
	current_rule = RULE_NONE;
}

/*
 * PLUGIN_START_UNIT: the option URLs, and the hooks that drop GCC's
 * note about the -Wno-style-RULE options.
 */
void style_diag_start(void)
{
	static bool hooked;
	bool own = false;

	if (hooked)
		return;
	hooked = true;
	next_option_url = style_get_option_url_hook();
	style_set_option_url_hook(option_url);
	for (unsigned int i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == OPT_SPECIAL_unknown &&
		    save_decoded_options[i].arg &&
		    style_own_wno(save_decoded_options[i].arg))
			own = true;
	if (!own)
		return;
	if (!style_text_callbacks_see_all()) {
		register_callback("style_plugin", PLUGIN_FINISH_UNIT,
				  inhibit_notes, NULL);
		register_callback("style_plugin", PLUGIN_FINISH,
				  give_other_notes, NULL);
	}
	next_starter = diagnostic_starter(global_dc);
	next_finalizer = diagnostic_finalizer(global_dc);
	diagnostic_starter(global_dc) = starter;
	diagnostic_finalizer(global_dc) = finalizer;
}
