// SPDX-License-Identifier: GPL-2.0
/*
 * abort-plugin.c - a broken style_plugin for the self-test of the tests
 * (scripts/check.sh selftest): it takes any argument, and its first
 * check, of the first function compiled, is an internal compiler
 * error.  Every plugin stage must fail with it.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "diagnostic-core.h"

int plugin_is_GPL_compatible;

static void first_check(void *gcc_data, void *user_data)
{
	internal_error("style_plugin self-test: the first check aborts");
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	register_callback(info->base_name, PLUGIN_PRE_GENERICIZE, first_check,
			  NULL);
	return 0;
}
