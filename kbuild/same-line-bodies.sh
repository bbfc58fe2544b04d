#!/usr/bin/env bash
# kbuild/same-line-bodies.sh - the held-out measure of the tree-wide
# series: the lines of a kernel tree where an if, else, for or while has
# its body on its header's line, outside macro definitions
# (kbuild/same-line-bodies.awk, written apart from the plugin and from
# the sweep's candidate grep), over the C files and headers of the
# kernel proper, every architecture and #if branch.
#
# Usage: kbuild/same-line-bodies.sh [-l] SRC [DIR...]
#        kbuild/same-line-bodies.sh --series DEST WORK
#   SRC   a kernel tree
#   DIR   its directories to count (default: arch block certs crypto
#         drivers fs include init io_uring ipc kernel lib mm net rust
#         security sound virt: all but Documentation, samples, scripts,
#         tools and usr)
#   -l    each file with a count (COUNT<TAB>PATH, in path order) before
#         the total
#   --series DEST WORK  a fresh linux-source-VERSION (DEST is
#         treewide/VERSION; unpacked in WORK) before and after DEST's
#         series (applied with patch -p1 --fuzz=0 to a copy of the files
#         it touches): the totals, the lines the series takes away, and
#         each file with lines left after it
# Out: "N lines in M files" (stdout); with --series, the report.
set -euo pipefail

prog=same-line-bodies.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [-l] SRC [DIR...]" >&2
	echo "       $0 --series DEST WORK" >&2
	exit 2
}
default_dirs=(arch block certs crypto drivers fs include init io_uring ipc kernel lib mm net rust security sound virt)

# per_file SRC DIR...: COUNT<TAB>PATH for each file with a count, by path
per_file() {
	local src=$1 present=() d

	shift
	for d in "$@"; do
		[ -e "$src/$d" ] && present+=("$d")
	done
	[ ${#present[@]} -gt 0 ] || return 0
	(cd "$src" && find "${present[@]}" -type f \( -name '*.c' -o -name '*.h' \) -print0 |
		xargs -0 -r awk -f "$here/same-line-bodies.awk") |
		awk -F '\t' '{ printf "%d\t%s\n", $2, $1 }' | LC_ALL=C sort -t "$(printf '\t')" -k2,2
}

# total: "N lines in M files" of per_file's lines on stdin
total() {
	awk -F '\t' '{ n += $1; f++ } END { printf "%d lines in %d files\n", n, f }'
}

series() {
	local dest=$1 work=$2 version tarball patches touched shown
	local before after b_touched a_touched

	[ -d "$dest" ] || die "DEST '$dest' is not a directory"
	dest=$(cd "$dest" && pwd)
	version=$(basename "$dest")
	shown=$(basename "$(dirname "$dest")")/$version
	tarball=$(tarball_of "$version")
	mapfile -t patches < <(series_patches "$dest")
	[ ${#patches[@]} -gt 0 ] || die "$dest/series lists no patch"
	mkdir -p "$work"
	work=$(cd "$work" && pwd)
	# unpacked once; the stamp says that it was unpacked whole
	if [ ! -f "$work/linux-source-$version.unpacked" ]; then
		rm -rf "$work/linux-source-$version"
		tar -xJf "$tarball" -C "$work" || die "cannot unpack $tarball into $work"
		touch "$work/linux-source-$version.unpacked"
	fi
	mapfile -t touched < <(touched_files "${patches[@]}")
	rm -rf "$work/after"
	mkdir -p "$work/after"
	(cd "$work/linux-source-$version" && cp --parents -- "${touched[@]}" "$work/after/") ||
		die "a file the series touches is not in $tarball"
	check_series patch "$work/after" "${patches[@]}"
	per_file "$work/linux-source-$version" "${default_dirs[@]}" >"$work/before.txt"
	printf '%s\n' "${touched[@]}" >"$work/touched.txt"
	awk -F '\t' 'NR == FNR { t[$1] = 1; next } t[$2]' "$work/touched.txt" \
		"$work/before.txt" >"$work/before-touched.txt"
	per_file "$work/after" "${default_dirs[@]}" >"$work/after-touched.txt"
	awk -F '\t' 'NR == FNR { t[$1] = 1; next } !t[$2]' "$work/touched.txt" \
		"$work/before.txt" | cat - "$work/after-touched.txt" |
		LC_ALL=C sort -t "$(printf '\t')" -k2,2 >"$work/after.txt"
	before=$(total <"$work/before.txt")
	after=$(total <"$work/after.txt")
	b_touched=$(total <"$work/before-touched.txt")
	a_touched=$(total <"$work/after-touched.txt")
	echo "# kbuild/same-line-bodies.sh --series $shown: an if, else, for or while"
	echo "# with its body on its header's line, outside macro definitions, in"
	echo "# the .c and .h files of ${default_dirs[*]}"
	echo "# of linux-source-$version, before and after the ${#patches[@]} patches"
	echo "# of $shown/series (${#touched[@]} files touched)."
	echo "before: $before"
	echo "after: $after"
	awk -v b="${before%% *}" -v a="${after%% *}" -v bt="${b_touched%% *}" -v at="${a_touched%% *}" 'BEGIN {
		printf "taken away: %d lines (%.1f%%; %d of the %d in the touched files)\n",
			b - a, b ? 100 * (b - a) / b : 0, bt - at, bt }'
	echo "# the files with lines left, COUNT<TAB>PATH:"
	cat "$work/after.txt"
}

if [ "${1:-}" = --series ]; then
	[ $# -eq 3 ] || usage
	series "$2" "$3"
	exit 0
fi
list=0
[ "${1:-}" != -l ] || { list=1; shift; }
[ $# -ge 1 ] || usage
src=$1
shift
[ -d "$src" ] || die "SRC '$src' is not a directory"
dirs=("$@")
for d in "${dirs[@]}"; do
	[ -e "$src/$d" ] || die "DIR '$d' is not in $src"
done
[ ${#dirs[@]} -gt 0 ] || dirs=("${default_dirs[@]}")
counts=$(per_file "$src" "${dirs[@]}")
[ $list = 0 ] || [ -z "$counts" ] || printf '%s\n' "$counts"
[ -z "$counts" ] || printf '%s\n' "$counts" | total
[ -n "$counts" ] || echo "0 lines in 0 files"
