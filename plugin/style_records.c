// SPDX-License-Identifier: GPL-2.0
/*
 * style_records - header functions checked once per build
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
 * The records are one file, DIR/walked-records, the functions' keys (8
 * bytes each, in this machine's byte order, each of them a hash of its
 * header's key too), appended at the end of a compile that had no
 * error, in one write; DIR/walked-index holds them sorted, up to some
 * record (style_keyfile.c): a compile looks its functions up there, in
 * place, and reads only the records after it, at its first header.
 * A function with a preprocessor directive among its lines (an #if may
 * give it another body in another compile) is recorded as such, its key
 * with bit 1 flipped, so that its lines are read once; the names its
 * conditions test go to DIR/walked-names, and it is known by their state
 * too (style_directives.c).  What is walked by every compile: the
 * functions of the main file, those with another directive among their
 * lines (#define, #include), those a macro of the main file or of no
 * file defines, and those of a compile where a #pragma style_plugin
 * changed a rule.  A function a macro of another
 * header defines (a trace event's, a guard's class) is known by that
 * header's key too, and by where the macro spells its name.  Off in C++
 * (templates are checked once per instantiation), with lines= and with
 * sarif= (the SARIF log of each compile lists what it saw).  Compiles
 * running at the same time may both walk a function; once=DIR reports it
 * once.
 */

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "style_compat.h"
#include "function.h"
#include "c-family/c-pragma.h"
#include "style_controls.h"
#include "style_lex.h"
#include "style_sarif.h"
#include "style_records.h"
#include "style_directives.h"
#include "style_keyset.h"
#include "style_keyfile.h"
#include "style_map.h"
#include "style_grow.h"

static bool walked_on;
/* A function was checked: not a -E run, whose headers' records would lie. */
static bool any_function;
static const char *walked_dir;
static unsigned long long rules_key;

/* H and V mixed (a multiply-xorshift step). */
static unsigned long long key_mix(unsigned long long h, unsigned long long v)
{
	h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
	return h ^ h >> 29;
}

/*
 * The N bytes at S mixed into H, eight at a time (a header's name, some
 * 80 bytes, and its size and time, at each of the 600 headers a kernel
 * compile enters: a byte at a time, as style_fnv1a() goes, cost a tenth
 * of the plugin's own instructions).  N first: the zeros that fill the
 * last word are not bytes of S.
 */
static unsigned long long mix_bytes(unsigned long long h, const void *s,
				    size_t n)
{
	const char *p = (const char *)s;
	unsigned long long w;

	h = key_mix(h, n);
	for (; n >= sizeof(w); p += sizeof(w), n -= sizeof(w)) {
		memcpy(&w, p, sizeof(w));
		h = key_mix(h, w);
	}
	w = 0;
	memcpy(&w, p, n);
	return key_mix(h, w);
}

/*
 * A record's key: its header's key in the high 24 bits, so that the
 * records of a header sit together in the index, where a compile looks
 * them up one after another (the functions of a header follow each
 * other): the same few pages and cache lines, not a random place each,
 * which cost 0.5 us a lookup, a cache and a TLB miss or two, some 2 ms
 * a compile (issue 31).  Then LINE, where the function starts (16 bits,
 * the last line for those past it), so that the functions of a header
 * follow each other in the index as in the header, and a lookup goes on
 * from where the last one ended (style_keyfile_span_has) instead of
 * searching the header's hundreds of records, cold in the caches at each
 * lookup.
 * In the low 24 bits V, the record's own hash; bit 0 set (0 is an empty
 * slot).
 */
static unsigned long long record_key(unsigned long long header_key,
				     int line, unsigned long long v)
{
	unsigned long long at = line < 0 ? 0 : line > 0xffff ? 0xffff : line;

	return (key_mix(header_key, 0) & ~0xffffffffffULL) | at << 24 |
	       (v & 0xffffffULL) | 1;
}

/* The headers of this compile, found by the line map's name pointer. */
struct header {
	const char *name;
	unsigned long long key;	/* 0: not deduplicated */
	struct style_keyfile_span span;	/* its records in the index */
};

/* The records to append at the end of the compile. */
static unsigned long long *pending;
static size_t n_pending, pending_size;

static struct header *headers;
static size_t n_headers, headers_size;
static size_t last_header;	/* the last one found, its index + 1 */

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

/*
 * The functions known to be checked that the index does not hold: the
 * records after it, and this compile's (0 is an empty slot: key | 1).
 */
static struct style_keyset known;	/* .min_size 1,024: style_records_init */

/* KEY appended to the records at the end of the compile. */
static void pend(unsigned long long key)
{
	style_grow(&pending, sizeof(*pending), n_pending, &pending_size, 512);
	pending[n_pending++] = key;
}

/* DIR/walked-records: the records of every header, one file. */
static char *record_path(void)
{
	return concat(walked_dir, "/walked-records", NULL);
}

/* DIR/walked-index: the records of the first bytes of the log, sorted. */
static struct style_keyfile walked_index;

/*
 * Records after the index, past which a compile writes the index anew:
 * 8 KB read and put in its own table by the compiles until then.
 */
#define TAIL_MAX 1024

/*
 * Known: in the index, or added to this compile's set; false if new.
 * A key of the header H: looked up where the index holds H's records.
 */
static bool known_add(struct header *h, unsigned long long key)
{
	key |= 1;
	return !style_keyfile_span_has(&walked_index, &h->span, key) &&
	       style_keyset_add(&known, key);
}

/* FD's bytes FROM to FROM + SIZE into BUF; how many it read. */
static size_t read_at(int fd, void *buf, size_t size, size_t from)
{
	size_t got = 0;
	ssize_t n;

	while (got < size) {
		n = pread(fd, (char *)buf + got, size - got, from + got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	return got;
}

/*
 * Map the index and read the records after it, at the first header: one
 * file mapped, the tail of another read.  Every record in a table of
 * the compile's own cost some 2 ms a compile (24,000 keys in a 6.1
 * defconfig, each a cache miss, and the table's pages), 0.5% of a
 * whole build (issue 31); and a file per header, some 2,000 system
 * calls.  The tail is read from the last record the index covers, which
 * must be the one it names: else the log was made anew, and is read
 * whole.  A compile that finds more than TAIL_MAX records after the
 * index writes it anew, with them.
 */
static void load_records(void)
{
	static bool loaded;
	char *path, *index_path;
	unsigned long long *keys, from;
	struct stat st;
	size_t size, got, skip;
	int fd;

	if (loaded)
		return;
	loaded = true;
	path = record_path();
	/*
	 * Whole records only: another compile may be appending.  Those it
	 * appends after the fstat are its own to read for the next one.
	 */
	fd = style_map_open(path, sizeof(*keys), &st);
	free(path);
	if (fd < 0)
		return;
	index_path = concat(walked_dir, "/walked-index", NULL);
	style_keyfile_map(&walked_index, index_path, st.st_size);
	from = walked_index.covered ? walked_index.covered - 8 : 0;
	size = ((size_t)st.st_size - from) / sizeof(*keys) * sizeof(*keys);
	keys = (unsigned long long *)style_map_alloc(size);
	got = read_at(fd, keys, size, from) / sizeof(*keys);
	skip = walked_index.covered ? 1 : 0;
	if (skip && (!got || keys[0] != walked_index.last)) {
		style_keyfile_unmap(&walked_index);
		style_map_free(keys, size);
		from = 0;
		size = (size_t)st.st_size / sizeof(*keys) * sizeof(*keys);
		keys = (unsigned long long *)style_map_alloc(size);
		got = read_at(fd, keys, size, from) / sizeof(*keys);
		skip = 0;
	}
	close(fd);
	style_keyset_reserve(&known, got - skip + known.min_size);
	for (size_t i = skip; i < got; i++)
		if (!style_keyfile_has(&walked_index, keys[i] | 1))
			style_keyset_add(&known, keys[i] | 1);
	if (got - skip > TAIL_MAX)
		style_keyfile_write(index_path, &walked_index, keys + skip,
				    got - skip, from + got * sizeof(*keys),
				    keys[got - 1]);
	style_map_free(keys, size);
	free(index_path);
}

/*
 * The header NAME (a line map's to_file), added if new; ST its stat, or
 * NULL to make one.
 */
static style_apart struct header *
find_header_searched(const char *name, const struct stat *st)
{
	size_t i;
	struct stat own;
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
	if (header_index[i]) {
		last_header = header_index[i];
		return &headers[last_header - 1];
	}
	if (n_headers == headers_size) {
		size_t old = headers_size * sizeof(*headers);

		headers_size = headers_size ? 2 * headers_size : 256;
		headers = (struct header *)
			style_map_resize(headers, old, headers_size * sizeof(*headers));
	}
	header_index[i] = n_headers + 1;
	last_header = n_headers + 1;
	h = &headers[n_headers++];
	memset(h, 0, sizeof(*h));
	h->name = name;
	if (!st && !stat(name, &own))
		st = &own;
	if (st && S_ISREG(st->st_mode)) {
		long long id[3] = {
			(long long)st->st_size, (long long)st->st_mtim.tv_sec,
			(long long)st->st_mtim.tv_nsec
		};

		h->key = mix_bytes(rules_key, name, strlen(name));
		h->key = mix_bytes(h->key, id, sizeof(id));
		h->key |= 1;
		load_records();
		style_keyfile_span(&walked_index, record_key(h->key, 0, 0),
				   &h->span);
	}
	return h;
}

/* The functions of a header come one after another: the last one found. */
static inline struct header *find_header(const char *name,
					 const struct stat *st)
{
	if (last_header && headers[last_header - 1].name == name)
		return &headers[last_header - 1];
	return find_header_searched(name, st);
}

/*
 * The tag of a header's own record: it was entered by a compile that
 * recorded its functions, whose text need not be kept (see
 * style_records_header_seen).
 */
#define HEADER_SEEN 0x68656164ULL

/*
 * PLUGIN_INCLUDE_FILE (style_plugin.c): the header NAME is entered, ST
 * libcpp's stat of it, which makes its identity without a stat of ours
 * (some 400 system calls in a kernel compile, issue 31).  Whether a
 * compile sharing DIR has entered it before, recording what it walked;
 * noted, for the next, if not.
 */
style_hot bool style_records_header_seen(const char *name,
					 const struct stat *st)
{
	struct header *h;
	unsigned long long key;

	if (!walked_on)
		return false;
	h = find_header(name, st);
	if (!h->key)
		return false;
	key = record_key(h->key, 0, key_mix(h->key, HEADER_SEEN));
	if (!known_add(h, key))
		return true;
	pend(key);
	return false;
}

/*
 * The ordinary map where() found last, by its index (the maps move as
 * the unit grows).  The functions of a header follow each other, and
 * most start and end in the map where the one before them did: found
 * there without linemap_resolve_location(), whose code and binary
 * search, cold in the caches after the parse of a function body, cost
 * as much as the lookup of the function's record (issue 31).
 */
static unsigned int last_map;

/* The map of LOC if it is an ordinary location of the last map. */
static const line_map_ordinary *last_map_holding(location_t loc)
{
	unsigned int used = LINEMAPS_ORDINARY_USED(line_table);
	const line_map_ordinary *map;

	if (IS_ADHOC_LOC(loc) || last_map >= used)
		return NULL;
	map = LINEMAPS_ORDINARY_MAP_AT(line_table, last_map);
	if (loc < MAP_START_LOCATION(map))
		return NULL;
	if (last_map + 1 < used ?
	    loc >= MAP_START_LOCATION(LINEMAPS_ORDINARY_MAP_AT(line_table,
							       last_map + 1)) :
	    loc >= LINEMAPS_MACRO_LOWEST_LOCATION(line_table))
		return NULL;
	return map;
}

/*
 * Not in the last map: *LOC's expansion point and its map, by GCC's
 * search, which becomes the last map.  Apart, as every path that is not
 * the lookup of a function checked before: that path's code, cold at
 * each of some 5,000 calls a compile, stays in few cache lines.
 */
static style_apart const line_map_ordinary *
where_searched(location_t *loc, bool *virtual_loc)
{
	const line_map_ordinary *map;

	if (virtual_loc)
		*virtual_loc = linemap_location_from_macro_expansion_p(line_table,
								       *loc);
	*loc = linemap_resolve_location(line_table, *loc,
					LRK_MACRO_EXPANSION_POINT, &map);
	if (map)
		last_map = map - LINEMAPS_ORDINARY_MAP_AT(line_table, 0);
	return map;
}

/*
 * The line and column of LOC's expansion point, and its map; *VIRTUAL
 * (if not NULL) whether LOC comes from a macro expansion.
 */
static style_hot const line_map_ordinary *
where(location_t loc, int *line, int *col, bool *virtual_loc)
{
	const line_map_ordinary *map = last_map_holding(loc);

	if (map) {
		if (virtual_loc)
			*virtual_loc = false;
	} else {
		map = where_searched(&loc, virtual_loc);
		if (!map)
			return NULL;
	}
	*line = SOURCE_LINE(map, loc);
	*col = SOURCE_COLUMN(map, loc);
	return map;
}

/*
 * DIR/walked-names: for each header function with a conditional among
 * its lines, the names the conditions test (style_directives.c), one
 * line "KEY NAME NAME...", KEY its record's key in 16 hex digits.  The
 * first compile to walk it reads its lines and appends the line, before
 * its records, in one write; a later compile reads the file once, at
 * the first such function it meets, and knows the function by the state
 * of those names.  A function without a line here is walked.
 */
static char *names_text;
static size_t names_map;
/* Key to the offset of its names + 1 in names_text, open addressing. */
struct names_slot {
	unsigned long long key;
	size_t at;
};

static struct names_slot *names_table;
static size_t names_slots;
static char *pending_names;
static size_t n_pending_names, pending_names_size;

static char *names_path(void)
{
	return concat(walked_dir, "/walked-names", NULL);
}

static struct names_slot *names_find(unsigned long long key)
{
	size_t i = (key * 0x9e3779b97f4a7c15ULL >> 20) & (names_slots - 1);

	while (names_table[i].at && names_table[i].key != key)
		i = (i + 1) & (names_slots - 1);
	return &names_table[i];
}

/* The 16 hex digits at S (as "%016llx" writes them), or 0. */
static unsigned long long hex_key(const char *s)
{
	unsigned long long key = 0;

	for (int i = 0; i < 16; i++) {
		int c = s[i], low = c | 0x20;

		if (c >= '0' && c <= '9')
			key = key << 4 | (c - '0');
		else if (low >= 'a' && low <= 'f')
			key = key << 4 | (low - 'a' + 10);
		else
			return 0;
	}
	return key;
}

/* Read DIR/walked-names whole (whole lines: another compile may append). */
static void load_names(void)
{
	static bool loaded;
	char *path;
	struct stat st;
	size_t lines = 0, got;
	int fd;

	if (loaded)
		return;
	loaded = true;
	path = names_path();
	/* The shortest line: a key, a blank and a newline. */
	fd = style_map_open(path, 18, &st);
	free(path);
	if (fd < 0)
		return;
	names_map = (size_t)st.st_size + 1;
	names_text = (char *)style_map_alloc(names_map);
	got = read_at(fd, names_text, st.st_size, 0);
	close(fd);
	while (got && names_text[got - 1] != '\n')
		got--;
	for (const char *nl = names_text;
	     (nl = (const char *)memchr(nl, '\n', names_text + got - nl)); nl++)
		lines++;
	for (names_slots = 64; names_slots < 2 * lines;)
		names_slots *= 2;
	names_table = (struct names_slot *)
		style_map_resize(NULL, 0, names_slots * sizeof(*names_table));
	for (size_t at = 0; at < got;) {
		char *nl = (char *)memchr(names_text + at, '\n', got - at);
		char *end;
		unsigned long long key;

		/* A line of another form is skipped. */
		*nl = '\0';
		key = (size_t)(nl - names_text) >= at + 16 ?
		      hex_key(names_text + at) : 0;
		end = key ? names_text + at + 16 : nl;
		if (key && (*end == ' ' || !*end)) {
			struct names_slot *slot = names_find(key);

			slot->key = key;
			slot->at = (*end ? end + 1 : end) - names_text + 1;
		}
		at = nl - names_text + 1;
	}
}

/* The names of the function KEY, or NULL. */
static const char *names_of(unsigned long long key)
{
	struct names_slot *slot;

	load_names();
	if (!names_slots)
		return NULL;
	slot = names_find(key);
	return slot->at ? names_text + slot->at - 1 : NULL;
}

/* The line of the function KEY, to append at the end of the compile. */
static void pend_names(unsigned long long key, const char *names)
{
	size_t len = strlen(names) + 19;

	style_grow(&pending_names, 1, n_pending_names + len,
		   &pending_names_size, 4096);
	n_pending_names += snprintf(pending_names + n_pending_names, len + 1,
				    "%016llx %s\n", key, names);
}

/*
 * The key of the function KEY, with a conditional among its lines, in
 * the state NAMES are in (at LINE, where it starts, in its header); 0 if
 * that cannot be followed.
 */
static unsigned long long state_key(unsigned long long header_key,
				    int line, unsigned long long key,
				    const char *names)
{
	unsigned long long state;

	if (!style_directive_state(names, strlen(names), &state))
		return 0;
	return record_key(header_key, line, key_mix(key, state));
}

/*
 * Whether a line FIRST..LAST of FILE is a preprocessor directive (or
 * cannot be read): an #if there may give the function another body in
 * another compile, with the same name, lines and columns.
 */
static bool has_directive(const char *file, int first, int last)
{
	for (int line = first; line <= last; line++) {
		int len;
		const char *text = style_source_line(file, line, &len);

		if (!text || style_directive_start(text, len) >= 0)
			return true;
	}
	return false;
}

/*
 * A function a macro defines (LOC virtual, MAP where it is expanded):
 * its text is also the macro's, known by where its name is spelled, in
 * a header (the same or another, whose key is then *DEF_KEY), in POS[4]
 * and POS[5].  A macro redefined elsewhere (each stage of a trace
 * header's inclusions, a definition an #if picks) is spelled elsewhere:
 * another record.  False in the main file, or in no file (a macro of
 * the command line).
 */
static style_apart bool
macro_spelling(location_t loc, const line_map_ordinary *map, int *pos,
	       unsigned long long *def_key)
{
	const line_map_ordinary *def = NULL;
	location_t at = linemap_resolve_location(line_table, loc,
						 LRK_SPELLING_LOCATION, &def);

	if (!def || MAIN_FILE_P(def))
		return false;
	if (LINEMAP_FILE(def) != LINEMAP_FILE(map)) {
		*def_key = find_header(LINEMAP_FILE(def), NULL)->key;
		if (!*def_key)
			return false;
	}
	pos[4] = SOURCE_LINE(def, at);
	pos[5] = SOURCE_COLUMN(def, at);
	return true;
}

/*
 * The function KEY of the header H (its map MAP, its lines and columns
 * POS), which no compile recorded: whether it is skipped all the same,
 * a function with an #if whose names are in a state met before.  Else
 * it is walked, and recorded if nothing here can hide a result and its
 * text is the same in every compile.
 */
static style_apart bool
new_function(struct header *h, const line_map_ordinary *map,
	     const int *pos, unsigned long long key)
{
	char names[STYLE_DIRECTIVE_NAMES_MAX];
	unsigned long long state;

	if (style_controls_any_region() || pos[2] < pos[0])
		return false;
	/*
	 * A function with a directive among its lines is read for directives
	 * once: that is recorded too, as its key with bit 1 flipped, and the
	 * names its conditions test, in DIR/walked-names.  It is known by
	 * the state of those names too: a record for each state met.  One
	 * with another directive is walked by every compile.
	 */
	if (!known_add(h, key ^ 2)) {
		const char *known_names = names_of(key);

		if (!known_names)
			return false;
		state = state_key(h->key, pos[0], key, known_names);
		if (!state)
			return false;
		if (!known_add(h, state))
			return true;
		pend(state);
		return false;
	}
	if (!has_directive(LINEMAP_FILE(map), pos[0], pos[2])) {
		pend(key);
		return false;
	}
	pend(key ^ 2);
	if (style_directive_names(LINEMAP_FILE(map), pos[0], pos[2], names)) {
		state = state_key(h->key, pos[0], key, names);
		if (state) {
			pend_names(key, names);
			if (known_add(h, state))
				pend(state);
		}
	}
	return false;
}

style_hot bool style_records_skip(tree fndecl)
{
	location_t loc = DECL_SOURCE_LOCATION(fndecl);
	const line_map_ordinary *map;
	struct function *fn = DECL_STRUCT_FUNCTION(fndecl);
	struct header *h;
	int pos[6] = { 0, 0, 0, 0, 0, 0 };
	unsigned long long key, def_key = 0;
	bool virtual_loc;

	if (!walked_on || loc <= BUILTINS_LOCATION || !DECL_NAME(fndecl))
		return false;
	any_function = true;
	map = where(loc, &pos[0], &pos[1], &virtual_loc);
	if (!map || MAIN_FILE_P(map))
		return false;
	if (virtual_loc && !macro_spelling(loc, map, pos, &def_key))
		return false;
	if (fn && fn->function_end_locus > BUILTINS_LOCATION &&
	    where(fn->function_end_locus, &pos[2], &pos[3], NULL) != map)
		return false;	/* ends in another file */
	h = find_header(LINEMAP_FILE(map), NULL);
	if (!h->key)
		return false;
	/*
	 * GCC's hash of the name: the same string has the same one.  Where
	 * the function ends too: the same name starting at the same place
	 * of the same header may end elsewhere in another compile (an #if
	 * unbalanced across functions, a macro that makes a brace), and the
	 * names of its #if are those up to where it ends.
	 */
	key = key_mix(h->key, IDENTIFIER_HASH_VALUE(DECL_NAME(fndecl)));
	for (int i = 0; i < 6; i += 2)
		key = key_mix(key, (unsigned long long)pos[i] << 32 | pos[i + 1]);
	if (def_key)
		key = key_mix(key, def_key);
	key = record_key(h->key, pos[0], key);
	if (!known_add(h, key))
		return true;
	return new_function(h, map, pos, key);
}

/*
 * SIZE bytes at DATA appended to the file PATH, made with DIR if need be
 * (not to a FIFO no one reads: its open fails at once).
 */
#define APPEND_FLAGS (O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK)

static void append(const char *path, const void *data, size_t size)
{
	int fd = open(path, APPEND_FLAGS, 0644);

	if (fd < 0 && errno == ENOENT && mkdir(walked_dir, 0755) == 0)
		fd = open(path, APPEND_FLAGS, 0644);
	if (fd >= 0) {
		if (write(fd, data, size) < 0)
			errno = 0;	/* records less: walked again */
		close(fd);
	}
}

/*
 * PLUGIN_FINISH: append this compile's records, if it compiled, in one
 * write: with O_APPEND, the records of compiles running at the same time
 * never mix (on a local file system, where a build keeps DIR).
 */
static void walked_finish(void *gcc_data, void *user_data)
{
	char *path;

	if (!n_pending || !any_function || seen_error() ||
	    style_controls_any_region())
		return;
	/* The names first: a record says they are there to read. */
	if (n_pending_names) {
		path = names_path();
		append(path, pending_names, n_pending_names);
		free(path);
	}
	path = record_path();
	append(path, pending, n_pending * sizeof(*pending));
	free(path);
}

/* PLUGIN_ALL_IPA_PASSES_START: the functions are checked. */
static void walked_done(void *gcc_data, void *user_data)
{
	style_keyset_release(&known);
	style_keyfile_unmap(&walked_index);
	style_map_free(header_index, index_size * sizeof(*header_index));
	header_index = NULL;
	index_size = 0;
	last_header = 0;
	style_map_free(names_text, names_map);
	names_text = NULL;
	style_map_free(names_table, names_slots * sizeof(*names_table));
	names_table = NULL;
	names_slots = 0;
	style_map_free(headers, headers_size * sizeof(*headers));
	headers = NULL;
	n_headers = 0;
	headers_size = 0;
	style_map_trim();
}

void style_records_init(const struct plugin_name_args *info,
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
	known.min_size = 1024;
	rules_key = STYLE_FNV_START;
	for (int i = 0; i < nr; i++)
		rules_key = style_fnv1a(rules_key, &enabled[i], 1);
	walked_on = true;
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  walked_done, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, walked_finish, NULL);
}
