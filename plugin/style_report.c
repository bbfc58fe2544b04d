// SPDX-License-Identifier: GPL-2.0
/*
 * style_report - from a violation to a warning
 *
 * The rules queue the violations of a function (queue_violation); then
 * report_queued() takes them line by line, in source order: the filters
 * first (rules that are off, #pragma style_plugin regions, lines=), then
 * the line's fix-it (style_fixit.c), then each warning (report()): once
 * per compile, once among compiles with once=DIR, in the SARIF log;
 * style_diag.c emits it.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "style_plugin.h"
#include "style_input.h"
#include "style_sarif.h"
#include "style_controls.h"
#include "style_diag.h"
#include "style_grow.h"

/*
 * The canonical name of FILE in a new string, or NULL.  The form with a
 * buffer: a plugin linked without versioned libc symbols gets glibc's
 * first realpath, which does not allocate one.
 */
static char *real_path(const char *file)
{
	char buf[PATH_MAX];

	return realpath(file, buf) ? xstrdup(buf) : NULL;
}

/*
 * The canonical name of FILE (a line map's name: the same pointer for
 * the same file), made once per file for the once= claims, lines= and
 * SARIF: realpath(3) reads each link of the path, a system call per
 * component, and a file can have many violations.  NULL if it has none.
 */
struct real_name {
	const char *file;
	char *real;
};

static struct real_name *real_names;
static int n_real_names;
static size_t real_names_size;

static const char *real_name_of(const char *file)
{
	for (int i = n_real_names - 1; i >= 0; i--)
		if (real_names[i].file == file)
			return real_names[i].real;
	style_grow(&real_names, sizeof(*real_names), n_real_names,
		   &real_names_size, 16);
	real_names[n_real_names].file = file;
	real_names[n_real_names].real = real_path(file);
	return real_names[n_real_names++].real;
}

/*
 * With once=DIR, whether this compilation is the first to report the
 * violation: it is if it creates the record file (O_EXCL makes that
 * atomic among parallel compilations).  When the record cannot be
 * written for another reason, the violation is reported.
 */
static bool claim_report(enum style_rule rule, const struct src_pos *pos)
{
	const char *real;
	char *key, *path;
	char name[17];
	int fd;

	if (!once_dir)
		return true;
	real = real_name_of(pos->file);
	key = xasprintf("%s %s:%d:%d\n", style_rules[rule].name,
			real ? real : pos->file, pos->line, pos->col + 1);
	snprintf(name, sizeof(name), "%016llx",
		 style_fnv1a(STYLE_FNV_START, key, strlen(key)));
	path = concat(once_dir, "/", name, NULL);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 && errno == ENOENT && mkdir(once_dir, 0755) == 0)
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd >= 0) {
		if (write(fd, key, strlen(key)) < 0)
			errno = 0;
		close(fd);
	}
	free(path);
	free(key);
	return fd >= 0 || errno != EEXIST;
}

/*
 * Violations reported in this compilation, so that each is reported
 * once: a C++ template is checked once per instantiation.  The keys are
 * (location << 3 | rule) + 1.
 */
static struct style_keyset reported = { .min_size = 256 };

static bool first_report(location_t loc, enum style_rule rule)
{
	return style_keyset_add(&reported,
				((unsigned long long)loc << 3 | rule) + 1);
}

/*
 * New-code-only mode: the line ranges of lines=FILE, "PATH FIRST LAST"
 * a line, PATH absolute as realpath(3) gives it.  Without the option
 * every line is checked.
 */
struct line_range {
	char *file;
	int first, last;
};

static struct line_range *ranges;
static int n_ranges;
static const char *lines_file;

/* Read lines=FILE; its lines, and the paths in them, of any length. */
bool load_line_ranges(const char *path, const char *plugin)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, size = 0;
	int lineno = 0;
	bool ok = true;

	if (!f) {
		error("%s: cannot read %<lines%> file %qs: %m", plugin, path);
		return false;
	}
	while (ok && getline(&buf, &cap, f) > 0) {
		struct line_range r;

		lineno++;
		if (buf[0] == '\n' || buf[0] == '#')
			continue;
		r.file = XNEWVEC(char, strlen(buf) + 1);
		if (sscanf(buf, "%s %d %d", r.file, &r.first, &r.last) != 3 ||
		    r.first < 1 || r.last < r.first) {
			error("%s: %s:%d: expected %<PATH FIRST LAST%>", plugin,
			      path, lineno);
			free(r.file);
			ok = false;
			continue;
		}
		style_grow(&ranges, sizeof(*ranges), n_ranges, &size, 64);
		ranges[n_ranges++] = r;
	}
	free(buf);
	fclose(f);
	if (ok)
		lines_file = path;
	return ok;
}

/* Whether POS is on a line that lines=FILE asks to check. */
static bool line_selected(const struct src_pos *pos)
{
	const char *real;

	if (!lines_file)
		return true;
	real = real_name_of(pos->file);
	if (!real)
		return false;
	for (int i = 0; i < n_ranges; i++)
		if (pos->line >= ranges[i].first && pos->line <= ranges[i].last &&
		    !strcmp(ranges[i].file, real))
			return true;
	return false;
}

/* Add V, with FIX, to the SARIF log (if there is one). */
static void sarif_result(const struct violation *v, const struct line_fix *fix)
{
	struct style_sarif_fix sfix;
	expanded_location start, finish, insert;

	if (fix && fix->text) {
		start = expand_location(fix->remove_start);
		finish = expand_location(fix->remove_finish);
		insert = expand_location(fix->insert_at);
		sfix.del_line = start.line;
		sfix.del_col = start.column - 1;
		sfix.del_end = finish.column;
		sfix.ins_line = insert.line;
		sfix.text = fix->text;
	}
	style_sarif_result(v->rule,
			   style_as_error || rule_as_error[v->rule], rule_message(v),
			   v->kw_name, v->at.file, real_name_of(v->at.file),
			   v->at.line, v->at.col, fix && fix->text ? &sfix : NULL);
}

/*
 * Emit V as a warning (or, with the error option, an error), with FIX
 * when there is one.  Returns whether it was emitted.
 */
static bool report(const struct violation *v, const struct line_fix *fix)
{
	const location_t *anchors = v->anchors;
	int n_anchors = v->n_anchors;
	location_t at, at_end, after, after_end;
	struct src_pos end;

	/* The rule and line filters are applied by report_queued(). */
	at = pos_to_loc_any(anchors, n_anchors, &v->at);
	if (at == UNKNOWN_LOCATION || in_system_header_at(at) ||
	    !first_report(at, v->rule))
		return false;
	/* The SARIF log holds it even when once= leaves it to another compile. */
	sarif_result(v, fix);
	if (!claim_report(v->rule, &v->at))
		return false;

	end = v->at;
	end.col += v->at_len - 1;
	at_end = pos_to_loc_any(anchors, n_anchors, &end);
	if (at_end != UNKNOWN_LOCATION)
		at = make_location(at, at, at_end);
	after = pos_to_loc_any(anchors, n_anchors, &v->after);
	end = v->after;
	end.col += v->after_len - 1;
	after_end = pos_to_loc_any(anchors, n_anchors, &end);
	if (after != UNKNOWN_LOCATION && after_end != UNKNOWN_LOCATION)
		after = make_location(after, after, after_end);
	else
		after = UNKNOWN_LOCATION;

	style_warn(v, at, after, fix);
	return true;
}

/* The violations found in the function being checked. */
static struct violation *queued;
static int n_queued;
static size_t queued_size;

void queue_violation(const struct violation *v)
{
	style_grow(&queued, sizeof(*queued), n_queued, &queued_size, 16);
	queued[n_queued++] = *v;
}

static int compare_violations(const void *a, const void *b)
{
	const struct violation *x = (const struct violation *)a;
	const struct violation *y = (const struct violation *)b;
	int c = strcmp(x->at.file, y->at.file);

	if (c)
		return c;
	if (x->at.line != y->at.line)
		return x->at.line < y->at.line ? -1 : 1;
	return x->at.col - y->at.col;
}

static bool same_line(const struct violation *x, const struct violation *y)
{
	return x->at.line == y->at.line && !strcmp(x->at.file, y->at.file);
}

/*
 * A violation whose rule is off: by an option, -Wno-style-RULE, or a
 * #pragma style_plugin region.  It gets no warning, and no fix-it is
 * computed from it (the other fix-its of its line leave it as it is).
 */
static bool rule_is_off(const struct violation *v)
{
	location_t at;

	if (!rule_enabled[v->rule])
		return true;
	at = pos_to_loc_any(v->anchors, v->n_anchors, &v->at);
	return at != UNKNOWN_LOCATION && style_rule_off_at(v->rule, at);
}

/*
 * Report the queued violations in source order, a fix per line, from the
 * violations of the line that are reported: filters first, then fix-its.
 */
void report_queued(void)
{
	qsort(queued, n_queued, sizeof(*queued), compare_violations);
	for (int i = 0, n; i < n_queued; i += n) {
		struct line_fix fix;
		bool fixed = false;
		int m = 0;

		for (n = 1; i + n < n_queued; n++)
			if (!same_line(&queued[i], &queued[i + n]))
				break;
		if (style_warnings_inhibited() || !line_selected(&queued[i].at))
			continue;
		/* The line's violations that are on, first, in order. */
		for (int k = 0; k < n; k++)
			if (!rule_is_off(&queued[i + k]))
				queued[i + m++] = queued[i + k];
		if (!m)
			continue;
		compute_line_fix(&queued[i], m, &fix);
		for (int k = 0; k < m; k++)
			if (report(&queued[i + k], fixed ? NULL : &fix))
				fixed = true;
		free(fix.text);
	}
	n_queued = 0;
}
