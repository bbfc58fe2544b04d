// SPDX-License-Identifier: GPL-2.0
/*
 * style_controls.c - the switches of style_plugin's rules
 *
 * Each warning ends in its tag, [-Wstyle-if-body], and in GCC that tag
 * names the switch that controls the warning.  GCC has no such option,
 * and a plugin cannot add one, but GCC 12 (opts-global.cc,
 * unknown_option_callback) accepts an unknown -Wno-NAME silently and
 * only says, at the end of a compile that printed warnings, that it may
 * have been meant to silence them.  So:
 *
 *   -Wno-style-RULE    turns RULE off: the plugin reads it from the
 *                      options GCC saved, and takes GCC's closing note
 *                      about it out of the output;
 *   -Wstyle-RULE and -Werror=style-RULE cannot work: GCC rejects them
 *                      while it decodes the command line, before any
 *                      plugin is loaded.  -fplugin-arg-style_plugin-RULE
 *                      and -fplugin-arg-style_plugin-error=RULE do that.
 *
 * Each warning's option URL (JSON "option_url", and the tag's hyperlink
 * with -fdiagnostics-urls) is its rule's section in docs/rules.md.
 *
 * In the source, a region is exempted with the plugin's own pragma:
 *
 *   #pragma style_plugin push
 *   #pragma style_plugin off "if-body, loop-body"   (no rule: all)
 *   ...
 *   #pragma style_plugin pop
 *
 * or "on" to turn rules back on; _Pragma("style_plugin off") works from
 * a macro.  The pragma takes effect where it is written (for a _Pragma,
 * where the macro is expanded), like GCC's "#pragma GCC diagnostic".
 * The plugin predefines __STYLE_PLUGIN__, so that code built also
 * without the plugin writes the pragmas inside #ifdef __STYLE_PLUGIN__.
 *
 * -fplugin-arg-style_plugin-check-only is for a check-only pass
 * (-fsyntax-only) run beside the compile that makes the object, which
 * prints the compiler's own warnings: Kbuild's pass for distcc, whose
 * servers refuse -fplugin.  It turns every warning option of GCC off,
 * as "#pragma GCC diagnostic ignored" would, so that the pass prints
 * the style warnings alone (they carry no GCC option) and no warning
 * twice.  Errors stay.
 */

#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "cpplib.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "opts.h"
#include "intl.h"
#include "style_controls.h"
#include "style_options.h"
#include "style_grow.h"

/*
 * The C family's and libcpp's symbols are weak: f951 and lto1 lack some,
 * and a plugin with an undefined strong one would not load there.  The
 * pragma is registered only where they are.
 */
#pragma weak parse_in
#pragma weak c_register_pragma
#pragma weak pragma_lex
#pragma weak cpp_define
#pragma weak cpp_get_options

static char *rule_list;

const char *style_rule_list(void)
{
	return rule_list;
}

bool style_parse_rules(const char *plugin, const char *what,
		       const char *list, bool *set)
{
	const char *p = list;

	do {
		size_t len = strcspn(p, ",");
		int rule = style_rule_index(p, len);

		if (rule < 0) {
			error("%s: unknown rule %<%.*s%> in %qs; the rules are: %s",
			      plugin, (int)len, p, what, rule_list);
			return false;
		}
		set[rule] = true;
		p += len;
	} while (*p++);
	return true;
}

bool style_own_wno(const char *arg)
{
	return !strncmp(arg, "-Wno-style-", strlen("-Wno-style-"));
}

void style_controls_init(void)
{
	rule_list = xstrdup("");
	for (int i = 0; i < NR_RULES; i++) {
		char *more = concat(rule_list, i ? ", " : "",
				    style_rules[i].name + strlen("style-"),
				    NULL);

		free(rule_list);
		rule_list = more;
	}
}

bool style_controls_wno(const char *plugin, bool *enabled)
{
	bool ok = true;

	for (unsigned int i = 0; i < save_decoded_options_count; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];
		const char *name;
		int rule;

		if (o->opt_index != OPT_SPECIAL_unknown || !o->arg ||
		    !style_own_wno(o->arg))
			continue;
		name = o->arg + strlen("-Wno-style-");
		rule = style_rule_index(name, strlen(name));
		if (rule < 0) {
			error("%s: unknown rule %qs in %qs; the rules are: %s",
			      plugin, name, o->arg, rule_list);
			ok = false;
			continue;
		}
		enabled[rule] = false;
	}
	return ok;
}

static bool check_only;

bool style_controls_arg(const char *key)
{
	if (strcmp(key, "check-only"))
		return false;
	check_only = true;
	return true;
}

/* check-only: every option that controls a warning is ignored. */
static void ignore_warning_options(void)
{
	for (unsigned int i = 0; i < cl_options_count; i++)
		if (cl_options[i].flags & CL_WARNING)
			diagnostic_classify_diagnostic(global_dc, i, DK_IGNORED,
						       UNKNOWN_LOCATION);
}

void style_controls_start(void)
{
	static bool hooked;

	if (hooked)
		return;
	hooked = true;
	if (check_only)
		ignore_warning_options();
}

/*
 * #pragma style_plugin regions.  The parser handles a pragma before the
 * plugin checks the function around it, so each pragma records where it
 * is and which rules are off from there; a report looks up the last
 * change before its location.  Locations are compared at their macro
 * expansion points, which the line maps number in the order they are
 * read (an included file's lines come between its #include's neighbours).
 */
struct change {
	location_t at;
	unsigned int off;	/* bit N: rule N is off */
};

static struct change *changes;
static unsigned int n_changes;
static size_t changes_size;
static unsigned int *stack;
static unsigned int n_stack;
static size_t stack_size;
static unsigned int off_now;

static location_t expansion_point(location_t loc)
{
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

bool style_controls_any_region(void)
{
	return n_changes != 0;
}

bool style_rule_off_at(int rule, location_t loc)
{
	unsigned int lo = 0, hi = n_changes;

	if (!hi)
		return false;
	loc = expansion_point(loc);
	/* The first change past LOC. */
	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (changes[mid].at <= loc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && (changes[lo - 1].off & (1u << rule));
}

static const char pragma_usage[] = {
	"expected %<push%>, %<pop%>, %<off%> or %<on%> after %<#pragma style_plugin%>, and for %<off%> and %<on%> the rules in a string (%<\"if-body, loop-body\"%>, or %<\"-Wstyle-if-body\"%>), none for all"
};

/* Add the rules of S ("if-body,-Wstyle-loop-body") to *MASK. */
static bool pragma_rules(const char *s, location_t loc, unsigned int *mask)
{
	while (*s) {
		size_t len = strcspn(s, ", ");
		const char *name = s;
		int rule;

		if (!strncmp(name, "-Wstyle-", strlen("-Wstyle-")) &&
		    len > strlen("-Wstyle-")) {
			name += strlen("-Wstyle-");
			len -= strlen("-Wstyle-");
		}
		rule = len ? style_rule_index(name, len) : -2;
		if (rule == -1) {
			error_at(loc,
				 "unknown rule %<%.*s%> in %<#pragma style_plugin%>; the rules are: %s",
				 (int)len, name, rule_list);
			return false;
		}
		if (rule >= 0)
			*mask |= 1u << rule;
		s = name + len;
		s += strspn(s, ", ");
	}
	return true;
}

static void handle_pragma(cpp_reader *)
{
	location_t loc, at;
	tree x;
	const char *word;
	unsigned int mask = 0;
	enum cpp_ttype t = pragma_lex(&x, &loc);

	at = expansion_point(loc);
	if (t != CPP_NAME) {
		error_at(loc, pragma_usage);
		return;
	}
	word = IDENTIFIER_POINTER(x);
	if (!strcmp(word, "off") || !strcmp(word, "on")) {
		while ((t = pragma_lex(&x, &loc)) == CPP_STRING ||
		       t == CPP_COMMA) {
			if (t == CPP_STRING &&
			    !pragma_rules(TREE_STRING_POINTER(x), loc, &mask))
				return;
		}
		if (!mask)
			mask = (1u << NR_RULES) - 1;
		if (word[1] == 'f')
			off_now |= mask;
		else
			off_now &= ~mask;
	} else if (!strcmp(word, "push")) {
		style_grow(&stack, sizeof(*stack), n_stack, &stack_size, 8);
		stack[n_stack++] = off_now;
		t = pragma_lex(&x, &loc);
	} else if (!strcmp(word, "pop")) {
		if (!n_stack) {
			error_at(loc, "%<#pragma style_plugin pop%> without a %<push%>");
			return;
		}
		off_now = stack[--n_stack];
		t = pragma_lex(&x, &loc);
	} else {
		error_at(loc, pragma_usage);
		return;
	}
	if (t != CPP_EOF) {
		error_at(loc, pragma_usage);
		return;
	}
	if (n_changes && changes[n_changes - 1].at == at) {
		changes[n_changes - 1].off = off_now;
		return;
	}
	style_grow(&changes, sizeof(*changes), n_changes, &changes_size, 8);
	changes[n_changes].at = at;
	changes[n_changes++].off = off_now;
}

void style_controls_pragmas(void *gcc_data, void *user_data)
{
	if (!c_register_pragma || !pragma_lex || !parse_in || !cpp_define ||
	    !cpp_get_options)
		return;
	c_register_pragma(NULL, "style_plugin", handle_pragma);
	/* Preprocessed input takes no more definitions (nor checks). */
	if (!cpp_get_options(parse_in)->preprocessed)
		cpp_define(parse_in, "__STYLE_PLUGIN__=1");
}
