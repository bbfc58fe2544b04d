// SPDX-License-Identifier: GPL-2.0
/*
 * noop-plugin.c - a broken style_plugin for the self-test of the tests
 * (scripts/check.sh selftest): it loads, takes any argument, registers
 * nothing and so reports nothing.  Every plugin stage must fail with it.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	return 0;
}
