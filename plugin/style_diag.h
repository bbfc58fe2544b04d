/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_diag.h - style_plugin's glue to GCC's diagnostics (style_diag.c)
 */
#ifndef STYLE_DIAG_H_INCLUDED
#define STYLE_DIAG_H_INCLUDED

#pragma GCC visibility push(hidden)

/* The message for V ("%qs": V's keyword or macro), and its label. */
const char *rule_message(const struct violation *v);
const char *after_label(const struct violation *v);

/*
 * Emit V at AT, with the range AFTER labelled, and FIX when there is
 * one: a warning, or an error with the error options.
 */
void style_warn(const struct violation *v, location_t at, location_t after,
		const struct line_fix *fix);

/* Name the style warnings' option, [-Wstyle-RULE]. */
void hook_option_name(void);

/*
 * PLUGIN_START_UNIT: the warnings' option URLs, and GCC's closing note
 * about the -Wno-style-RULE options it did not know dropped.
 */
void style_diag_start(void);

#pragma GCC visibility pop

#endif /* STYLE_DIAG_H_INCLUDED */
