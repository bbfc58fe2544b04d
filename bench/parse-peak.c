// SPDX-License-Identifier: GPL-2.0
/*
 * parse-peak.c - cc1's peak RSS when parsing ends, against its peak at
 * the end of the compile.
 *
 * A GCC plugin that writes VmHWM and VmRSS of /proc/self/status to
 * standard error at PLUGIN_ALL_IPA_PASSES_START (the front end is done:
 * what the style plugin holds while parsing it gives back here) and at
 * PLUGIN_FINISH.  The gap between the two is the memory the style plugin
 * may hold while parsing without raising the compile's peak (issue 31:
 * the headers' text, which it now reads again).
 *
 * Build: g++ -O2 -shared -fPIC -fno-rtti
 *        -I"$(gcc -print-file-name=plugin)/include" -o parse-peak.so parse-peak.c
 * Usage: add -fplugin=parse-peak.so to a compile; lines "parse-peak:
 * ipa VmHWM: N kB" and "parse-peak: finish VmHWM: N kB" on stderr.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include <stdio.h>
#include <string.h>

int plugin_is_GPL_compatible;

static void write_peak(const char *when)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmHWM:", 6) || !strncmp(line, "VmRSS:", 6))
			fprintf(stderr, "parse-peak: %s %s", when, line);
	fclose(f);
}

static void at_ipa_start(void *gcc_data, void *user_data)
{
	write_peak("ipa");
}

static void at_finish(void *gcc_data, void *user_data)
{
	write_peak("finish");
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  at_ipa_start, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, at_finish, NULL);
	return 0;
}
