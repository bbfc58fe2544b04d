// SPDX-License-Identifier: GPL-2.0
/*
 * style_loc - a location in GCC's line maps and a position in the
 * source text (struct src_pos), one from the other
 */

#include "style_plugin.h"
#include "style_input.h"
#include "style_grow.h"

static bool said_line_markers;

/* Files with a line past GCC's last column, each noted once. */
static char **long_line_files;
static int n_long_line_files;
static size_t long_line_files_size;

/*
 * LOC, on line LINE of FILE, has no column: GCC's line maps encode none
 * past LINE_MAP_MAX_COLUMN_NUMBER (4096), so what starts there cannot
 * be checked.  Say so once per file, where it first happens.
 */
static void note_long_line(location_t loc, const char *file, int line)
{
	int len, i;

	if (in_system_header_at(loc) ||
	    !style_source_line(file, line, &len) ||
	    len <= (int)LINE_MAP_MAX_COLUMN_NUMBER)
		return;
	for (i = 0; i < n_long_line_files; i++)
		if (!strcmp(long_line_files[i], file))
			return;
	style_grow(&long_line_files, sizeof(*long_line_files),
		   n_long_line_files, &long_line_files_size, 8);
	long_line_files[n_long_line_files++] = xstrdup(file);
	inform(loc,
	       "style_plugin: GCC tracks no column past %u: this line, and any other such line of this file, is checked only up to there",
	       LINE_MAP_MAX_COLUMN_NUMBER);
}

/*
 * The position of LOC in its source file.  Locations from line markers
 * (#line, or "# 1 file" in preprocessed input) name lines whose text is
 * not what the compiler read, so they are not checked; but the markers
 * of -fdirectives-only input place each line where it was written.
 */
bool loc_to_pos(location_t loc, struct src_pos *pos)
{
	const line_map_ordinary *map;
	expanded_location x;

	if (loc <= BUILTINS_LOCATION ||
	    linemap_location_from_macro_expansion_p(line_table, loc))
		return false;
	map = linemap_check_ordinary(linemap_lookup(line_table, loc));
	if (!map)
		return false;
	if (map->reason == LC_RENAME_VERBATIM &&
	    style_input_line_directive(ORDINARY_MAP_FILE_NAME(map),
				       ORDINARY_MAP_STARTING_LINE_NUMBER(map))) {
		note_once(&said_line_markers,
			  "style_plugin: code placed by '#line' or line markers is not checked");
		return false;
	}
	x = expand_location(loc);
	if (x.file && x.line > 0 && x.column == 0)
		note_long_line(loc, x.file, x.line);
	if (!x.file || x.line <= 0 || x.column <= 0)
		return false;
	pos->file = x.file;
	pos->line = x.line;
	pos->col = x.column - 1;
	return true;
}

/*
 * A location for POS, built in the line map that holds ANCHOR (a
 * location in the same file), and checked by expanding it back: a line
 * the map does not cover, or a column it cannot encode, gives none.
 */
static location_t pos_in_map(const line_map_ordinary *map,
			     const struct src_pos *pos);

location_t pos_to_loc(location_t anchor, const struct src_pos *pos)
{
	const line_map_ordinary *map, *last;
	location_t loc;

	if (anchor <= BUILTINS_LOCATION)
		return UNKNOWN_LOCATION;
	anchor = get_pure_location(anchor);
	if (linemap_location_from_macro_expansion_p(line_table, anchor))
		return UNKNOWN_LOCATION;
	map = linemap_check_ordinary(linemap_lookup(line_table, anchor));
	/*
	 * Or in one of the maps that follow it in the same file: libcpp
	 * starts a new map where a line needs more column bits, and line
	 * markers (-fdirectives-only input) start others.
	 */
	last = LINEMAPS_LAST_ORDINARY_MAP(line_table);
	for (int i = 0; i < 8 && map <= last; i++, map++) {
		if (i && strcmp(ORDINARY_MAP_FILE_NAME(map), pos->file))
			break;
		loc = pos_in_map(map, pos);
		if (loc != UNKNOWN_LOCATION)
			return loc;
	}
	return UNKNOWN_LOCATION;
}

static location_t pos_in_map(const line_map_ordinary *map,
			     const struct src_pos *pos)
{
	location_t loc;
	expanded_location x;
	unsigned int col_bits;
	int first;

	first = ORDINARY_MAP_STARTING_LINE_NUMBER(map);
	col_bits = map->m_column_and_range_bits - map->m_range_bits;
	if (pos->line < first || col_bits == 0 ||
	    (unsigned int)pos->col + 1 >= (1u << col_bits))
		return UNKNOWN_LOCATION;
	loc = MAP_START_LOCATION(map) +
	      ((location_t)(pos->line - first) << map->m_column_and_range_bits) +
	      ((location_t)(pos->col + 1) << map->m_range_bits);
	if (loc > line_table->highest_location ||
	    linemap_lookup(line_table, loc) != map)
		return UNKNOWN_LOCATION;
	x = expand_location(loc);
	if (!x.file || strcmp(x.file, pos->file) || x.line != pos->line ||
	    x.column != pos->col + 1)
		return UNKNOWN_LOCATION;
	return loc;
}

/* The first of ANCHORS that yields a location for POS. */
location_t pos_to_loc_any(const location_t *anchors, int n,
			  const struct src_pos *pos)
{
	for (int i = 0; i < n; i++) {
		location_t loc = pos_to_loc(anchors[i], pos);

		if (loc != UNKNOWN_LOCATION)
			return loc;
	}
	return UNKNOWN_LOCATION;
}
