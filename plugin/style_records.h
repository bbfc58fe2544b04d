/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_records.h - with once=DIR, the header functions that another
 * compile of the same build has checked already are not walked again.
 */
#ifndef STYLE_RECORDS_H_INCLUDED
#define STYLE_RECORDS_H_INCLUDED

#pragma GCC visibility push(hidden)

/*
 * From plugin_init, after the arguments are parsed: on only with once=DIR,
 * in C, without lines= and sarif= (whose results are per compile), and
 * keyed by the rules ENABLED (NR of them).
 */
void style_records_init(const struct plugin_name_args *info,
			const bool *enabled, int nr);

/*
 * PLUGIN_PRE_GENERICIZE: whether FNDECL, a function of a header, was
 * checked by another compile sharing DIR with the same header and rules.
 * When not, it is noted, and recorded at the end of the compile.
 */
bool style_records_skip(tree fndecl);

/*
 * PLUGIN_INCLUDE_FILE: whether the header NAME (ST libcpp's stat of it)
 * was entered by another compile sharing DIR, with the same header and
 * rules; noted for the next one if not.  False without records.
 */
bool style_records_header_seen(const char *name, const struct stat *st);

#pragma GCC visibility pop

#endif /* STYLE_RECORDS_H_INCLUDED */
