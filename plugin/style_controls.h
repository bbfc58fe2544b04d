/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_controls.h - how users switch style_plugin's rules: the
 * -Wno-style-RULE form of each warning's tag, check-only, and
 * "#pragma style_plugin" regions in the source.  The option URLs and
 * GCC's note about -Wno-style-RULE are style_diag.c's.
 */
#ifndef STYLE_CONTROLS_H_INCLUDED
#define STYLE_CONTROLS_H_INCLUDED

#pragma GCC visibility push(hidden)

/* Make the list of the rules (before anything else here is used). */
void style_controls_init(void);

/*
 * Read -Wno-style-RULE from the command line (GCC postpones an unknown
 * -Wno- option) and turn RULE off in ENABLED.  False, after one error
 * naming the rules, if a -Wno-style-... names no rule.
 */
bool style_controls_wno(const char *plugin, bool *enabled);

/*
 * The plugin argument KEY (no value) if it is one of these switches:
 * "check-only".  False for any other.
 */
bool style_controls_arg(const char *key);

/* PLUGIN_START_UNIT: check-only turns GCC's warning options off. */
void style_controls_start(void);

/* Whether ARG, an option GCC did not know, is -Wno-style-... */
bool style_own_wno(const char *arg);

/* PLUGIN_PRAGMAS: register #pragma style_plugin. */
void style_controls_pragmas(void *gcc_data, void *user_data);

/* Whether a #pragma style_plugin region turns RULE off at LOC. */
bool style_rule_off_at(int rule, location_t loc);

/* Whether a #pragma style_plugin has changed a rule in this compile. */
bool style_controls_any_region(void);

/* Read a comma-separated list of rules into SET; false after an error. */
bool style_parse_rules(const char *plugin, const char *what,
		       const char *list, bool *set);

/* "if-body, else-body, ..." (static storage). */
const char *style_rule_list(void);

#pragma GCC visibility pop

#endif /* STYLE_CONTROLS_H_INCLUDED */
