// SPDX-License-Identifier: GPL-2.0
/*
 * style_sarif - the SARIF 2.1.0 log of style_plugin's results
 *
 * With -fplugin-arg-style_plugin-sarif=FILE, every style result of the
 * compile is collected here and, when the compile ends, written to FILE
 * as one SARIF run: the tool and its rules, and for each result its
 * rule, level, message, location, fix and fingerprint.
 *
 * Locations are relative to the source root, %SRCROOT% (srcroot=DIR,
 * default the current directory); a file outside it is named by an
 * absolute file: URI.  Columns are in UTF-16 code units, SARIF's
 * default: a tab is one, an ASCII line's column is its byte column.
 *
 * The fingerprint ("stylePlugin/v1") does not depend on the line
 * number nor on the directory compiled from: it hashes the relative
 * path, the rule, the text of the line with its blanks squeezed and the
 * result's place in that text; an index tells apart results with equal
 * hashes, in line order.  A second one ("stylePluginContext/v1") hashes
 * the lines before and after it, for a report to tell equal lines apart.
 *
 * The file is written as FILE.tmp.PID and renamed, so that a reader or
 * a parallel compile never sees a torn file.  When it cannot be written
 * the compile says so on one line and goes on: the log is a report, it
 * does not fail the build.
 *
 * Each result is written on a line of its own, and the file ends with
 * the same lines in the same order whatever the compile, so that logs
 * can be merged by lines (kbuild: scripts/style-sarif.sh).
 */

#include <errno.h>
#include <limits.h>
#include <unistd.h>

/* Not style_compat.h: plugin-version.h is style_plugin.c's alone. */
#include "gcc-plugin.h"
#include "diagnostic-core.h"
#include "style_lex.h"
#include "style_sarif.h"
#include "style_options.h"
#include "style_keyset.h"
#include "style_grow.h"

#ifndef STYLE_DOCS_URI
/* Where docs/rules.md is published; override with docs=URI. */
#define STYLE_DOCS_URI "https://style-plugin.example.invalid/docs/"
#endif

struct sarif_result {
	int rule;
	bool error;
	char *msg;
	char *uri;		/* percent-encoded */
	bool relative;		/* to %SRCROOT% */
	int line, col, byte_col;
	unsigned long long hash, before, after;
	int index;
	bool has_fix;
	int del_line, del_col, del_end, ins_line;
	char *ins_text;
};

static const char *sarif_file;
static const char *sarif_srcroot;
static const char *sarif_docs = STYLE_DOCS_URI;
static char *sarif_root;	/* realpath of the source root, with '/' */
static const char *sarif_version;
static struct sarif_result *results;
static int n_results;
static size_t results_size;

const char *style_docs_uri(void)
{
	return sarif_docs;
}

const char *style_rule_anchor(int rule)
{
	return style_rules[rule].anchor;
}

bool style_sarif_arg(const struct plugin_argument *arg, const char *plugin,
		     bool *ok)
{
	const char **to;

	if (!strcmp(arg->key, "sarif"))
		to = &sarif_file;
	else if (!strcmp(arg->key, "srcroot"))
		to = &sarif_srcroot;
	else if (!strcmp(arg->key, "docs"))
		to = &sarif_docs;
	else
		return false;
	*ok = arg->value && *arg->value;
	if (*ok)
		*to = arg->value;
	else
		error("%s: option %qs needs a value: -fplugin-arg-%s-%s=%s",
		      plugin, arg->key, plugin, arg->key,
		      to == &sarif_srcroot ? "DIR" :
		      to == &sarif_file ? "FILE" : "URI");
	return true;
}

/* The length of the UTF-8 sequence at S (at most N bytes), 0 if invalid. */
static int utf8_len(const unsigned char *s, size_t n)
{
	int len, i;
	unsigned int c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if ((size_t)len > n)
		return 0;
	c = s[0] & (0x3f >> (len - 1));
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	return len;
}

/*
 * The UTF-16 column (1-based) of byte column COL (0-based) of TEXT: a
 * character outside the BMP counts two, a byte that is not UTF-8 one.
 */
static int utf16_col(const char *text, int len, int col)
{
	int units = 0;

	for (int i = 0; i < col; ) {
		int n = i < len ? utf8_len((const unsigned char *)text + i,
					   len - i) : 1;

		units += n == 4 ? 2 : 1;
		i += n ? n : 1;
	}
	return units + 1;
}

/* The UTF-16 column of FILE:LINE:COL, or COL + 1 if the line is unread. */
static int line_utf16_col(const char *file, int line, int col)
{
	int len;
	const char *text = style_source_line(file, line, &len);

	return text ? utf16_col(text, len, col) : col + 1;
}

/* S as a JSON string, with what is not UTF-8 as U+FFFD. */
static void json_string(FILE *f, const char *s)
{
	size_t n = strlen(s);

	putc('"', f);
	for (size_t i = 0; i < n; ) {
		unsigned char c = s[i];
		int len = utf8_len((const unsigned char *)s + i, n - i);

		if (!len) {
			fputs("\\ufffd", f);
			i++;
		} else if (c == '"' || c == '\\') {
			fprintf(f, "\\%c", c);
			i++;
		} else if (c == '\n') {
			fputs("\\n", f);
			i++;
		} else if (c == '\t') {
			fputs("\\t", f);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
		} else {
			fwrite(s + i, 1, len, f);
			i += len;
		}
	}
	putc('"', f);
}

/* PATH with the bytes a URI path cannot hold percent-encoded. */
static char *uri_encode(const char *path)
{
	static const char keep[] = "-._~/!$&'()*+,;=:@";
	char *out = XNEWVEC(char, 3 * strlen(path) + 1), *p = out;

	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		if (ISALNUM(*s) || (*s < 0x80 && strchr(keep, *s)))
			*p++ = *s;
		else
			p += sprintf(p, "%%%02X", *s);
	}
	*p = 0;
	return out;
}

/* The source root, as an absolute directory name ending in '/'. */
static const char *source_root(void)
{
	char buf[PATH_MAX];

	if (sarif_root)
		return sarif_root;
	if (!realpath(sarif_srcroot ? sarif_srcroot : ".", buf))
		return NULL;
	sarif_root = concat(buf, strcmp(buf, "/") ? "/" : "", NULL);
	return sarif_root;
}

/*
 * The URI of FILE, whose realpath is REAL (NULL: none): relative to the
 * source root if it is under it.
 */
static char *file_uri(const char *file, const char *real, bool *relative)
{
	const char *root = source_root();
	char *abs, *uri;

	*relative = false;
	if (!real)
		return uri_encode(file);
	if (root && !strncmp(real, root, strlen(root))) {
		*relative = true;
		return uri_encode(real + strlen(root));
	}
	abs = uri_encode(real);
	uri = concat("file://", abs, NULL);
	free(abs);
	return uri;
}

/* MSG with its %<, %> and %qs written out, as GCC prints it in LC_ALL=C. */
static char *format_message(const char *msg, const char *arg)
{
	char *out = XNEWVEC(char, strlen(msg) + strlen(arg) + 3), *p = out;

	while (*msg) {
		if (msg[0] != '%') {
			*p++ = *msg++;
		} else if (msg[1] == '<' || msg[1] == '>') {
			*p++ = '\'';
			msg += 2;
		} else if (msg[1] == 'q' && msg[2] == 's') {
			p += sprintf(p, "'%s'", arg);
			msg += 3;
		} else {
			*p++ = msg[1] ? msg[1] : '%';
			msg += msg[1] ? 2 : 1;
		}
	}
	*p = 0;
	return out;
}

/*
 * Hash line LINE of FILE into *H with its blanks squeezed: leading and
 * trailing blanks dropped, each run of them one space.  Returns the
 * number of characters of that text before byte column COL, or -1 if
 * the line is blank or cannot be read.
 */
static int hash_line(unsigned long long *h, const char *file, int line,
		     int col)
{
	int len = 0, before = 0;
	const char *text = style_source_line(file, line, &len);
	bool blank = false, started = false;

	for (int i = 0; text && i < len; i++) {
		if (ISSPACE(text[i])) {
			blank = started;
			continue;
		}
		if (blank) {
			*h = style_fnv1a(*h, " ", 1);
			before += i < col;
		}
		blank = false;
		started = true;
		*h = style_fnv1a(*h, text + i, 1);
		before += i < col;
	}
	*h = style_fnv1a(*h, "", 1);
	return started ? before : -1;
}

/*
 * The fingerprint's hash: the URI, the rule, the line with its blanks
 * squeezed, and how many characters of that text come before COL.
 */
static unsigned long long fingerprint(const char *uri, const char *rule,
				      const char *file, int line, int col)
{
	unsigned long long h = style_fnv1a(STYLE_FNV_START, uri, strlen(uri) + 1);
	char num[16];

	h = style_fnv1a(h, rule, strlen(rule) + 1);
	snprintf(num, sizeof(num), "%d", hash_line(&h, file, line, col));
	return style_fnv1a(h, num, strlen(num));
}

/*
 * The context hashes: of the nearest line before LINE that is not blank,
 * and of the one after.  They tell apart results on lines of equal
 * text: the report prefers a match with equal context.
 */
static void context(unsigned long long *before, unsigned long long *after,
		    const char *file, int line)
{
	int l = line - 1, len;

	*before = STYLE_FNV_START;
	while (l > 0 && l > line - 10 && hash_line(before, file, l, 0) < 0)
		l--;
	*after = STYLE_FNV_START;
	for (l = line + 1; l < line + 10; l++)
		if (!style_source_line(file, l, &len) ||
		    hash_line(after, file, l, 0) >= 0)
			break;
}

static const char *rule_id(int rule)
{
	return style_rules[rule].name;
}

void style_sarif_result(int rule, bool error, const char *msg,
			const char *arg, const char *file, const char *real,
			int line, int col, const struct style_sarif_fix *fix)
{
	struct sarif_result *r;

	if (!sarif_file)
		return;
	style_grow(&results, sizeof(*results), n_results, &results_size, 16);
	r = &results[n_results++];
	memset(r, 0, sizeof(*r));
	r->rule = rule;
	r->error = error;
	r->msg = format_message(msg, arg);
	r->uri = file_uri(file, real, &r->relative);
	r->line = line;
	r->byte_col = col;
	r->col = line_utf16_col(file, line, col);
	r->hash = fingerprint(r->uri, rule_id(rule), file, line, col);
	context(&r->before, &r->after, file, line);
	if (fix) {
		r->has_fix = true;
		r->del_line = fix->del_line;
		r->del_col = line_utf16_col(file, fix->del_line, fix->del_col);
		r->del_end = line_utf16_col(file, fix->del_line, fix->del_end);
		r->ins_line = fix->ins_line;
		r->ins_text = xstrdup(fix->text);
	}
}

/* Results in file, line, column and rule order. */
static int compare_results(const void *a, const void *b)
{
	const struct sarif_result *x = (const struct sarif_result *)a;
	const struct sarif_result *y = (const struct sarif_result *)b;
	int c = strcmp(x->uri, y->uri);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->byte_col != y->byte_col)
		return x->byte_col < y->byte_col ? -1 : 1;
	return x->rule - y->rule;
}

/* The index of each result among the earlier ones with its hash. */
static void number_results(void)
{
	for (int i = 0; i < n_results; i++)
		for (int j = 0; j < i; j++)
			if (results[j].hash == results[i].hash &&
			    !strcmp(results[j].uri, results[i].uri))
				results[i].index++;
}

static void write_location(FILE *f, const struct sarif_result *r)
{
	fputs("\"artifactLocation\":{\"uri\":", f);
	json_string(f, r->uri);
	if (r->relative)
		fputs(",\"uriBaseId\":\"SRCROOT\"", f);
	fputs("}", f);
}

/* A region of one line, from column FROM to column TO (UTF-16). */
static void write_region(FILE *f, const char *name, int line, int from, int to)
{
	fprintf(f, "\"%s\":{\"startLine\":%d,\"startColumn\":%d,", name, line,
		from);
	fprintf(f, "\"endLine\":%d,\"endColumn\":%d}", line, to);
}

/* The fix: delete the line's tail, insert new lines before the next. */
static void write_fix(FILE *f, const struct sarif_result *r)
{
	fputs(",\"fixes\":[{\"description\":", f);
	fputs("{\"text\":\"Move the statement to a line of its own.\"}", f);
	fputs(",\"artifactChanges\":[{", f);
	write_location(f, r);
	fputs(",\"replacements\":[{", f);
	write_region(f, "deletedRegion", r->del_line, r->del_col, r->del_end);
	fputs("},{", f);
	write_region(f, "deletedRegion", r->ins_line, 1, 1);
	fputs(",\"insertedContent\":{\"text\":", f);
	json_string(f, r->ins_text);
	fputs("}}]}]}]", f);
}

static void write_result(FILE *f, const struct sarif_result *r)
{
	fprintf(f, "{\"ruleId\":\"%s\",\"ruleIndex\":%d,\"level\":\"%s\",",
		rule_id(r->rule), r->rule, r->error ? "error" : "warning");
	fputs("\"message\":{\"text\":", f);
	json_string(f, r->msg);
	fputs("},\"locations\":[{\"physicalLocation\":{", f);
	write_location(f, r);
	fprintf(f, ",\"region\":{\"startLine\":%d,\"startColumn\":%d}}}]",
		r->line, r->col);
	fprintf(f, ",\"partialFingerprints\":{\"stylePlugin/v1\":\"%016llx:%d\",",
		r->hash, r->index);
	fprintf(f, "\"stylePluginContext/v1\":\"%016llx:%016llx\"}",
		r->before, r->after);
	if (r->has_fix)
		write_fix(f, r);
	fputs("}", f);
}

static void write_log(FILE *f)
{
	const char *root = source_root();
	char *root_uri = root ? uri_encode(root) : NULL;

	fputs("{\n\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\n",
	      f);
	fputs("\"version\":\"2.1.0\",\n\"runs\":[{\n", f);
	fprintf(f, "\"tool\":{\"driver\":{\"name\":\"style_plugin\",\"version\":\"%s\",",
		sarif_version);
	fputs("\"informationUri\":", f);
	json_string(f, sarif_docs);
	fputs(",\"rules\":[\n", f);
	for (int i = 0; i < NR_RULES; i++) {
		const struct style_rule_info *r = &style_rules[i];
		char *help = concat(sarif_docs, "rules.md#", r->anchor, NULL);

		fprintf(f, "{\"id\":\"%s\",\"name\":\"%s\",", r->name,
			r->sarif_name);
		fputs("\"shortDescription\":{\"text\":", f);
		json_string(f, r->text);
		fputs("},\"fullDescription\":{\"text\":", f);
		json_string(f, r->full);
		fputs("},\"helpUri\":", f);
		json_string(f, help);
		fprintf(f, ",\"defaultConfiguration\":{\"enabled\":%s,\"level\":\"warning\"}}%s\n",
			r->on ? "true" : "false", i + 1 < NR_RULES ? "," : "");
		free(help);
	}
	fputs("]}},\n", f);
	if (root_uri) {
		fputs("\"originalUriBaseIds\":{\"SRCROOT\":{\"uri\":", f);
		fprintf(f, "\"file://%s\"}},\n", root_uri);
	}
	fputs("\"columnKind\":\"utf16CodeUnits\",\n\"results\":[\n", f);
	for (int i = 0; i < n_results; i++) {
		write_result(f, &results[i]);
		fputs(i + 1 < n_results ? ",\n" : "\n", f);
	}
	fputs("]\n}]\n}\n", f);
	free(root_uri);
}

/* PLUGIN_FINISH: write the log as FILE.tmp.PID, then rename it. */
static void sarif_finish(void *gcc_data, void *user_data)
{
	const char *plugin = (const char *)user_data;
	char *tmp;
	FILE *f;
	int err = 0;

	if (!sarif_file)
		return;
	tmp = xasprintf("%s.tmp.%ld", sarif_file, (long)getpid());
	f = fopen(tmp, "w");
	qsort(results, n_results, sizeof(*results), compare_results);
	number_results();
	if (f) {
		write_log(f);
		if (ferror(f))
			err = errno ? errno : EIO;
		if (fclose(f) && !err)
			err = errno;
		if (!err && rename(tmp, sarif_file))
			err = errno;
		if (err)
			unlink(tmp);
	} else {
		err = errno;
	}
	/* Not a diagnostic: -Werror must not turn it into a failed build. */
	if (err)
		fprintf(stderr, "%s: warning: cannot write the SARIF log '%s': %s\n",
			plugin, sarif_file, xstrerror(err));
	free(tmp);
}

void style_sarif_init(const char *plugin, const char *version)
{
	if (!sarif_file)
		return;
	sarif_version = version;
	register_callback(plugin, PLUGIN_FINISH, sarif_finish, (void *)plugin);
}

void style_sarif_drop(void)
{
	sarif_file = NULL;
}
