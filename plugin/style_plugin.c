// SPDX-License-Identifier: GPL-2.0
/*
 * style_plugin - warn where Linux kernel coding style puts a statement on
 * a line of its own: "Don't put multiple statements on a single line
 * unless you have something to hide" (Documentation/process/coding-style).
 *
 * The rules, each a GCC warning with a stable name:
 *   -Wstyle-if-body     the body of an if starts on the line of the ')'
 *                       closing the condition:  if (err) return err;
 *   -Wstyle-else-body   the body of an else starts on the line of the
 *                       'else':  } else x = 3;
 *   -Wstyle-brace-body  the body opens with '{' on the line of the ')',
 *                       'else' or 'do' and a statement follows on that
 *                       line:  if (x) { foo(); }
 *   -Wstyle-loop-body   the body of a for or while loop, or of an
 *                       iterator macro, starts on the header's line:
 *                       while (x) x--;  for_each_cpu(cpu, m) n++;
 *   -Wstyle-do-body     the body of a do starts on its line:
 *                       do x++; while (y);
 *   -Wstyle-multi-stmt  a statement starts on the line where the one
 *                       before it ends:  a = 1; b = 2;
 *   -Wstyle-empty-body  (off by default) an empty body ';' on the line
 *                       of its if, else or loop header:  while (busy());
 *
 * The checker walks each function's trees before genericization, takes
 * from them where every statement and its bodies are, and reads the
 * source lines (kept as libcpp read them, style_source.c) only to find
 * the ')', 'else' and 'do' that the trees do not record.  An if that
 * comes from a macro expansion is not checked; a body that starts with a
 * macro invocation written on the line is, and so is a loop body written
 * after an iterator macro.  Which file does what: style_plugin.h.
 *
 * Options (-fplugin-arg-style_plugin-NAME[=VALUE]), one line each here;
 * the project's docs/rules.md ("Plugin arguments") documents them:
 *   disable          check nothing
 *   no-RULE, RULE    turn a rule off or on (RULE without "-Wstyle-")
 *   error            report style violations as errors
 *   error=RULE,...   report these rules' violations as errors
 *   once=DIR         report each violation once per DIR: the first
 *                    compile to create DIR/<hash> reports it
 *   lines=FILE       report only on the lines FILE lists, one range a
 *                    line: "PATH FIRST LAST" (new-code-only mode)
 *   sarif=FILE       also write the results as a SARIF 2.1.0 log
 *                    (style_sarif.c); srcroot=DIR, docs=URI for it
 *   check-only       no other warning: for a check-only pass beside the
 *                    compile that reports them (style_controls.c)
 *
 * On an icecc node (-fdirectives-only input from standard input) once=,
 * lines= and sarif= are ignored: their paths are the build machine's.
 *
 * -Wno-style-RULE turns RULE off too, and "#pragma style_plugin" exempts
 * a region of the source; -Wstyle-RULE and -Werror=style-RULE cannot
 * work (style_controls.c says why).
 *
 * Usage:
 *   $ make                                    # builds style_plugin.so
 *   $ gcc -fplugin=./style_plugin.so -c foo.c
 */

#include "style_plugin.h"
#include "plugin-version.h"
#include "style_input.h"
#include "style_sarif.h"
#include "style_controls.h"
#include "style_records.h"
#include "style_diag.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info style_plugin_info = {
	.version = "1.0",
};

/* The help after "no-RULE", whose list of rules is made in plugin_init. */
static const char help_options[] = {
	"RULE\tturn RULE on\n"
	"error\treport style violations as errors\n"
	"error=RULE,...\treport these rules' violations as errors\n"
	"once=DIR\treport each violation once per DIR\n"
	"lines=FILE\treport only on the line ranges FILE lists\n"
	"sarif=FILE\twrite the results as a SARIF log to FILE\n"
	"srcroot=DIR\tthe SARIF locations are relative to DIR\n"
	"docs=URI\twhere the SARIF rules' help is\n"
	"check-only\tturn every other warning off\n"
};

static bool said_preprocessed;
/* lines=FILE, read in plugin_init once it is known to apply. */
static const char *lines_path;

/*
 * PLUGIN_START_UNIT: fully preprocessed input has no macro locations and
 * its columns are not the source file's, so the check is off there;
 * -fdirectives-only input is checked (style_input.c).
 */
static void check_input_kind(void *gcc_data, void *user_data)
{
	if (style_input_fully_preprocessed()) {
		style_disabled = true;
		note_once(&said_preprocessed,
			  "style_plugin: preprocessed input is not checked");
	}
}

/*
 * PLUGIN_ALL_IPA_PASSES_START: the functions are checked; the cached
 * files go back to the system before the optimizers reach cc1's peak.
 */
static void release_sources(void *gcc_data, void *user_data)
{
	style_source_release();
}

/*
 * PLUGIN_INCLUDE_FILE: libcpp has read a file and entered it.  Its text
 * is kept, so that checking its functions does not open and read it
 * again (and standard input, which cannot be read again, is checked).
 * Not a header that a compile of the build that recorded what it walked
 * has entered before (once=DIR): its functions are not walked again,
 * and their text is not needed.  The main file's are walked every time.
 */
static style_hot void header_entered(void *gcc_data, void *user_data)
{
	const char *name = (const char *)gcc_data;
	const char *text;
	size_t size = 0;
	struct stat *st = style_entered_file(name, &text, &size);
	bool seen;

	if (!st)
		return;
	seen = !MAIN_FILE_P(LINEMAPS_LAST_ORDINARY_MAP(line_table)) &&
	       style_records_header_seen(name, st);
	if (text && !seen)
		style_source_keep(name, text, size);
}

static const char valid_args[] = {
	"disable, error, once=DIR, lines=FILE, sarif=FILE, srcroot=DIR, docs=URI, check-only, error=RULE[,RULE...]"
};

/* One -fplugin-arg-style_plugin-KEY[=VALUE]; false if it is not valid. */
static bool parse_arg(const struct plugin_argument *arg, const char *plugin)
{
	const char *key = arg->key;
	bool on = true;
	int rule;
	bool ok;

	if (style_sarif_arg(arg, plugin, &ok))
		return ok;
	if (!strcmp(key, "once")) {
		if (!arg->value || !*arg->value) {
			error("%s: option %<once%> needs a directory: -fplugin-arg-%s-once=DIR",
			      plugin, plugin);
			return false;
		}
		once_dir = arg->value;
		return true;
	}
	if (!strcmp(key, "lines")) {
		if (!arg->value || !*arg->value) {
			error("%s: option %<lines%> needs a file: -fplugin-arg-%s-lines=FILE",
			      plugin, plugin);
			return false;
		}
		lines_path = arg->value;
		return true;
	}
	if (!strcmp(key, "error") && arg->value) {
		char *what = concat("-fplugin-arg-", plugin, "-error=",
				    arg->value, NULL);
		bool ok = style_parse_rules(plugin, what, arg->value,
					    rule_as_error);

		free(what);
		return ok;
	}
	if (arg->value) {
		error("%s: option %qs takes no value (given %qs)", plugin, key,
		      arg->value);
		return false;
	}
	if (style_controls_arg(key))
		return true;
	if (!strcmp(key, "disable")) {
		style_disabled = true;
		return true;
	}
	if (!strcmp(key, "error")) {
		style_as_error = true;
		return true;
	}
	if (!strncmp(key, "no-", 3)) {
		key += 3;
		on = false;
	}
	rule = style_rule_index(key, strlen(key));
	if (rule < 0) {
		error("%s: unknown option %qs; valid options are: %s, %s%s",
		      plugin, arg->key, valid_args,
		      "and RULE or no-RULE for RULE in ", style_rule_list());
		return false;
	}
	rule_enabled[rule] = on;
	return true;
}

/* PLUGIN_START_UNIT, with the check off too: the -Wno-style-RULE notes. */
static void start_controls(void *gcc_data, void *user_data)
{
	style_controls_start();
	style_diag_start();
}

/* C and C++ (GNU C17, GNU C++17, ...); not Objective-C, not lto1. */
static bool language_is_checked(void)
{
	return !strncmp(lang_hooks.name, "GNU C", 5);
}

/* Whether this is the GCC the plugin was built for; an error if not. */
static bool version_ok(const char *plugin, struct plugin_gcc_version *version)
{
	bool same;

	if (plugin_default_version_check(version, &gcc_version))
		return true;
	same = !strcmp(gcc_version.basever, version->basever);
	error("%s: built for GCC %s%s%s%s, but this is GCC %s%s%s%s: rebuild the plugin",
	      plugin, gcc_version.basever, same ? " (" : "",
	      same ? gcc_version.datestamp : "", same ? ")" : "",
	      version->basever, same ? " (" : "",
	      same ? version->datestamp : "", same ? ")" : "");
	return false;
}

/*
 * Take this plugin's own options (-fplugin=.../NAME.so and
 * -fplugin-arg-NAME-...) out of the options GCC records in the object:
 * DW_AT_producer with -g, and -frecord-gcc-switches.  GCC leaves out the
 * options that change no code (-W..., -fdump-..., -fdiagnostics-...);
 * the plugin's are of that kind, and with them recorded an object built
 * with debug info differed from a plain build.  LTO does not read them
 * from there (the driver passes -fplugin on), and nothing else does.
 */
static bool is_own_option(const struct cl_decoded_option *o,
			  const char *name)
{
	size_t n = strlen(name);
	const char *base;

	if (!o->arg)
		return false;
	if (o->opt_index == OPT_fplugin_arg_)
		return !strncmp(o->arg, name, n) && o->arg[n] == '-';
	if (o->opt_index != OPT_fplugin_)
		return false;
	base = lbasename(o->arg);
	return !strncmp(base, name, n) && (!base[n] || !strcmp(base + n, ".so"));
}

static void hide_own_options(const char *name)
{
	unsigned int i, n = 0;

	for (i = 0; i < save_decoded_options_count; i++)
		if (!is_own_option(&save_decoded_options[i], name))
			save_decoded_options[n++] = save_decoded_options[i];
	save_decoded_options_count = n;
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	const char *const plugin = info->base_name;
	bool ok = true;

	/*
	 * A plugin built for another GCC: one line that names both, and no
	 * callback.  Returning 0 spares GCC's own second line ("failed to
	 * initialize plugin"); the error fails the compile all the same.
	 */
	if (!version_ok(plugin, version))
		return 0;
	style_rules_init();
	style_controls_init();
	style_plugin_info.help = concat("disable\tcheck nothing\n",
					"no-RULE\tturn RULE off (",
					style_rule_list(), ")\n", help_options,
					NULL);
	for (int i = 0; i < info->argc; i++)
		ok &= parse_arg(&info->argv[i], plugin);
	ok &= style_controls_wno(plugin, rule_enabled);
	if (!ok)
		return 1;
	hide_own_options(plugin);

	register_callback(plugin, PLUGIN_INFO, NULL, &style_plugin_info);
	style_sarif_init(plugin, style_plugin_info.version);
	register_callback(plugin, PLUGIN_PRAGMAS, style_controls_pragmas, NULL);
	register_callback(plugin, PLUGIN_START_UNIT, start_controls, NULL);
	if (style_disabled)
		return 0;
	if (!language_is_checked())
		return 0;

	if (!style_input_init(plugin))
		return 1;
	/*
	 * once=DIR, lines=FILE and sarif=FILE on an icecc node name paths
	 * of the machine that runs the build, not of the node.  There DIR
	 * is a directory the node's compiles share with nothing else of
	 * the build, and that outlives it (in icecc's chroot): its records
	 * would hide a header's violations from the next builds too; FILE
	 * for lines= is not there; and a SARIF log would be written into
	 * the chroot, out of the build's reach, or fail with a line that
	 * makes icecc compile every file again.  The node reports every
	 * violation and writes no log; icecc compiles a file that printed
	 * anything again locally, where all three apply, and a file without
	 * violations prints nothing either way (docs/distributed.md).
	 */
	if (style_input_on_node()) {
		once_dir = NULL;
		style_sarif_drop();
	} else if (lines_path && !load_line_ranges(lines_path, plugin)) {
		return 1;
	}
	hook_option_name();
	register_callback(plugin, PLUGIN_START_UNIT, check_input_kind, NULL);
	register_callback(plugin, PLUGIN_PRE_GENERICIZE, check_function, NULL);
	register_callback(plugin, PLUGIN_ALL_IPA_PASSES_START, release_sources,
			  NULL);
	register_callback(plugin, PLUGIN_INCLUDE_FILE, header_entered, NULL);
	if (once_dir)	/* not on an icecc node */
		style_records_init(info, rule_enabled, NR_RULES);
	return 0;
}
