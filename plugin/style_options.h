/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_options.h - the rules of style_plugin, the options, and the
 * notes said once: the bottom of the plugin, which calls no other file
 *
 * The rules come from style_rules.def, one entry each.  This header
 * uses no GCC header: every file of the plugin may include it.
 */
#ifndef STYLE_OPTIONS_H_INCLUDED
#define STYLE_OPTIONS_H_INCLUDED

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* The rules, RULE_IF_BODY, ..., in the order of style_rules.def. */
enum style_rule {
#define STYLE_RULE(id, ...) RULE_##id,
#include "style_rules.def"
#undef STYLE_RULE
	NR_RULES,
	RULE_NONE = NR_RULES
};

/* A rule: its entry in style_rules.def (which says what each field is). */
struct style_rule_info {
	const char *name;	/* "style-" TAG: "style-if-body" */
	bool on;
	const char *msg;
	const char *sarif_name;
	const char *text;
	const char *full;
	const char *anchor;
};

extern const struct style_rule_info style_rules[NR_RULES];

/* Which rules are on: their defaults until the options change them. */
extern bool rule_enabled[NR_RULES];

/* The other options (style_plugin.c reads them). */
extern bool style_disabled;
extern bool style_as_error;
extern bool rule_as_error[NR_RULES];	/* error=RULE,... */
extern const char *once_dir;

/* Set rule_enabled to the rules' defaults. */
void style_rules_init(void);

/*
 * The rule named NAME (LEN characters, without "style-"): its index, or
 * -1.  The one lookup of a rule by its name.
 */
int style_rule_index(const char *name, size_t len);

/* Say MSG once per compilation: once *SAID is set, no more. */
void note_once(bool *said, const char *msg);

#pragma GCC visibility pop

#endif /* STYLE_OPTIONS_H_INCLUDED */
