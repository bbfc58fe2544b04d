// SPDX-License-Identifier: GPL-2.0
/*
 * style_walked - header functions checked once per build
 *
 * Most of what a small kernel unit costs the plugin is walking the
 * inline functions of the headers every unit includes, about 3,000 of
 * them, whose violations once=DIR reports in one compile only anyway.
 * So with once=DIR, a compile records the header functions it checked,
 * and a later compile sharing DIR does not walk them again.
 *
 * A function is known by its header (the file's name, size and
 * modification time: its content, within a build), the rules that are
 * on, and its name and the lines and columns where it starts and ends.
 * The records are DIR/walked-KEY, one file per header and set of rules,
 * the functions' keys (8 bytes each, in this machine's byte order),
 * appended at the end of a compile that had no error, in one write each.
 * What is walked by every compile: the functions of the main file, those
 * with a preprocessor directive among their lines (an #if may give them
 * another body in another compile: they are recorded as such, their key
 * with bit 1 flipped, so that their lines are read once), those a macro
 * of another file defines, and those of a compile where a
 * #pragma style_plugin changed a rule.  Off in C++ (templates are
 * checked once per instantiation), with lines= and with sarif= (the
 * SARIF log of each compile lists what it saw).  Compiles running at
 * the same time may both walk a function; once=DIR reports it once.
 */

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "input.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "style_controls.h"
#include "style_lex.h"
#include "style_sarif.h"
#include "style_walked.h"
#include "style_keyset.h"
#include "style_map.h"

static bool walked_on;
static const char *walked_dir;
static unsigned long long rules_key;

/* H and V mixed (a multiply-xorshift step). */
static unsigned long long key_mix(unsigned long long h, unsigned long long v)
{
	h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
	return h ^ h >> 29;
}

/* The headers of this compile, found by the line map's name pointer. */
struct header {
	const char *name;
	unsigned long long key;	/* 0: not deduplicated */
	char *pending;		/* records to append */
	size_t len, size;
};

static struct header *headers;
static size_t n_headers, headers_size;

/* Index into headers + 1 by the name pointer, open addressing. */
static unsigned int *header_index;
static size_t index_size;

static size_t name_slot(const char *name)
{
	size_t i = ((size_t)name * 0x9e3779b97f4a7c15ULL >> 24) % index_size;

	while (header_index[i] && headers[header_index[i] - 1].name != name)
		i = (i + 1) % index_size;
	return i;
}

/* The functions known to be checked (0 is an empty slot: key | 1). */
static struct style_keyset known = { .min_size = 4096 };

static bool known_add(unsigned long long key)
{
	return style_keyset_add(&known, key | 1);
}

static char *record_path(unsigned long long key)
{
	static const char digits[] = "0123456789abcdef";
	char name[sizeof("/walked-") + 16];

	memcpy(name, "/walked-", 8);
	for (int i = 0; i < 16; i++)
		name[8 + i] = digits[key >> (60 - 4 * i) & 15];
	name[24] = 0;
	return concat(walked_dir, name, NULL);
}

/* Read the records of header key KEY into the known set. */
static void load_records(unsigned long long key)
{
	char *path = record_path(key);
	int fd = open(path, O_RDONLY);
	unsigned long long keys[512];
	ssize_t got;

	free(path);
	if (fd < 0)
		return;
	/*
	 * Whole records only: another compile may be appending.  A short
	 * read is the end of the file (as it was then).
	 */
	do {
		got = read(fd, keys, sizeof(keys));
		for (ssize_t i = 0; i < got / (ssize_t)sizeof(*keys); i++)
			known_add(keys[i]);
	} while (got == (ssize_t)sizeof(keys));
	close(fd);
}

static struct header *find_header(const char *name)
{
	size_t i;
	struct stat st;
	struct header *h;

	if (4 * (n_headers + 1) > 3 * index_size) {
		style_map_free(header_index, index_size * sizeof(*header_index));
		index_size = index_size ? 2 * index_size : 1024;
		header_index = (unsigned int *)
			style_map_resize(NULL, 0, index_size * sizeof(*header_index));
		for (i = 0; i < n_headers; i++)
			header_index[name_slot(headers[i].name)] = i + 1;
	}
	i = name_slot(name);
	if (header_index[i])
		return &headers[header_index[i] - 1];
	if (n_headers == headers_size) {
		size_t old = headers_size * sizeof(*headers);

		headers_size = headers_size ? 2 * headers_size : 256;
		headers = (struct header *)
			style_map_resize(headers, old, headers_size * sizeof(*headers));
	}
	header_index[i] = n_headers + 1;
	h = &headers[n_headers++];
	memset(h, 0, sizeof(*h));
	h->name = name;
	if (!stat(name, &st) && S_ISREG(st.st_mode)) {
		long long id[3] = {
			(long long)st.st_size, (long long)st.st_mtim.tv_sec,
			(long long)st.st_mtim.tv_nsec
		};

		h->key = style_fnv1a(rules_key, name, strlen(name) + 1);
		h->key = style_fnv1a(h->key, id, sizeof(id));
		h->key |= 1;
		load_records(h->key);
	}
	return h;
}

/* The line and column of LOC's expansion point, and its map. */
static const line_map_ordinary *where(location_t loc, int *line, int *col)
{
	const line_map_ordinary *map = NULL;

	loc = linemap_resolve_location(line_table, loc,
				       LRK_MACRO_EXPANSION_POINT, &map);
	if (!map)
		return NULL;
	*line = SOURCE_LINE(map, loc);
	*col = SOURCE_COLUMN(map, loc);
	return map;
}

/*
 * Whether a line FIRST..LAST of FILE is a preprocessor directive (or
 * cannot be read): an #if there may give the function another body in
 * another compile, with the same name, lines and columns.
 */
static bool has_directive(const char *file, int first, int last)
{
	for (int line = first; line <= last; line++) {
		int len, i = 0;
		const char *text = style_source_line(file, line, &len);

		if (!text)
			return true;
		while (i < len && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (i < len && text[i] == '#')
			return true;
	}
	return false;
}

bool style_walked_skip(tree fndecl)
{
	location_t loc = DECL_SOURCE_LOCATION(fndecl);
	const line_map_ordinary *map;
	struct function *fn = DECL_STRUCT_FUNCTION(fndecl);
	struct header *h;
	int pos[6] = { 0, 0, 0, 0, 0, 0 };
	unsigned long long key;

	if (!walked_on || loc <= BUILTINS_LOCATION || !DECL_NAME(fndecl))
		return false;
	map = where(loc, &pos[0], &pos[1]);
	if (!map || MAIN_FILE_P(map))
		return false;
	/*
	 * A function a macro defines: its text is the macro's, which must
	 * be in the same header (a trace header's functions are not: their
	 * macros are redefined for each inclusion).
	 */
	if (linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map_ordinary *def = NULL;
		location_t at = linemap_resolve_location(line_table, loc,
							 LRK_SPELLING_LOCATION,
							 &def);

		if (!def || LINEMAP_FILE(def) != LINEMAP_FILE(map))
			return false;
		pos[4] = SOURCE_LINE(def, at);
		pos[5] = SOURCE_COLUMN(def, at);
	}
	if (fn && fn->function_end_locus > BUILTINS_LOCATION &&
	    where(fn->function_end_locus, &pos[2], &pos[3]) != map)
		return false;	/* ends in another file */
	h = find_header(LINEMAP_FILE(map));
	if (!h->key)
		return false;
	/* GCC's hash of the name: the same string has the same one. */
	key = key_mix(h->key, IDENTIFIER_HASH_VALUE(DECL_NAME(fndecl)));
	for (int i = 0; i < 6; i += 2)
		key = key_mix(key, (unsigned long long)pos[i] << 32 | pos[i + 1]);
	key |= 1;
	if (!known_add(key))
		return true;
	/*
	 * Checked here; recorded only if nothing here can hide a result, and
	 * if its text is the same in every compile.
	 */
	if (style_controls_any_region() || pos[2] < pos[0])
		return false;
	/*
	 * A function with a directive among its lines is walked by every
	 * compile, but read for directives once: that is recorded too, as
	 * its key with bit 1 flipped.
	 */
	if (!known_add(key ^ 2))
		return false;
	if (has_directive(LINEMAP_FILE(map), pos[0], pos[2]))
		key ^= 2;
	if (h->len + sizeof(key) > h->size) {
		h->size = h->size ? 2 * h->size : 512;
		h->pending = XRESIZEVEC(char, h->pending, h->size);
	}
	memcpy(h->pending + h->len, &key, sizeof(key));
	h->len += sizeof(key);
	return false;
}

/* PLUGIN_FINISH: append this compile's records, if it compiled. */
static void walked_finish(void *gcc_data, void *user_data)
{
	if (seen_error() || style_controls_any_region())
		return;
	for (size_t i = 0; i < n_headers; i++) {
		struct header *h = &headers[i];
		char *path;
		int fd;

		if (!h->len)
			continue;
		path = record_path(h->key);
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd < 0 && errno == ENOENT && mkdir(walked_dir, 0755) == 0)
			fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd >= 0) {
			if (write(fd, h->pending, h->len) < 0)
				errno = 0;	/* a record less: walked again */
			close(fd);
		}
		free(path);
	}
}

/* PLUGIN_ALL_IPA_PASSES_START: the functions are checked. */
static void walked_done(void *gcc_data, void *user_data)
{
	style_keyset_release(&known);
	style_map_free(header_index, index_size * sizeof(*header_index));
	header_index = NULL;
	index_size = 0;
}

void style_walked_init(const struct plugin_name_args *info,
		       const bool *enabled, int nr)
{
	for (int i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key;

		if (!strcmp(key, "once"))
			walked_dir = info->argv[i].value;
		else if (!strcmp(key, "lines") || !strcmp(key, "sarif"))
			return;
	}
	if (!walked_dir || !strncmp(lang_hooks.name, "GNU C++", 7))
		return;
	rules_key = STYLE_FNV_START;
	for (int i = 0; i < nr; i++)
		rules_key = style_fnv1a(rules_key, &enabled[i], 1);
	walked_on = true;
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  walked_done, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, walked_finish, NULL);
}
