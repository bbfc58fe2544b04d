#!/usr/bin/env bash
# bench/queue-real.sh - work in flight against treewide/VERSION, measured
# (issue 32; docs/RESULTS.md): NEW_DIR holds later versions of files the
# series touches (at their tree paths, e.g. copied from public kernel
# repositories); each becomes one patch against the same file of
# /usr/src/linux-source-VERSION.tar.xz (diff -u), and this prints
#   - how many of them no longer apply (patch -p1 --fuzz=0) after the
#     whole series;
#   - after kbuild/treewide-queue.sh with them as the queue (on a copy
#     of the series): how many still do not apply (the tool refuses to
#     finish if any), and the changes and lines it took out;
#   - how many scripts/style-port ports exactly, each patch on its own.
# The patches and copies stay in WORK (default $BUILD/queue-real): no
# third-party text is committed.
#
# Usage: bench/queue-real.sh NEW_DIR [VERSION]   (default 6.12)
set -euo pipefail

prog=queue-real.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
export LC_ALL=C

[ $# -ge 1 ] || { echo "usage: $0 NEW_DIR [VERSION]" >&2; exit 2; }
new=$(cd "$1" && pwd)
version=${2:-6.12}
series=$root/treewide/$version
work=${WORK:-${BUILD:-$root/build}/queue-real}
rm -rf "$work"
mkdir -p "$work/q"
mapfile -t patches < <(series_patches "$series")
mapfile -t touched < <(touched_files "${patches[@]}")
extract_files "$version" "$work/orig" "${touched[@]}"

# The queue: one patch per later file, in path order.
n=0
while IFS= read -r f; do
	grep -qxF "$f" < <(printf '%s\n' "${touched[@]}") || die "$f: not a file treewide/$version touches"
	n=$((n + 1))
	p=$work/q/$(printf %04d "$n")-$(echo "$f" | tr / -).patch
	diff -u --label "a/$f" --label "b/$f" "$work/orig/$f" "$new/$f" >"$p" && die "$f: the same as in $version"
	basename "$p" >>"$work/q/series"
done < <(cd "$new" && find . -type f | sed 's|^\./||' | sort)
note "$n later files, one patch each (work: $work)"

# after SERIES_DIR TAG: the patches of the queue that do not apply after
# the series in SERIES_DIR, each on its own.
after() {
	local d=$work/tree-$2 p bad=0
	rm -rf "$d"
	cp -a "$work/orig" "$d"
	for p in "$1"/[0-9]*.patch; do
		apply_one patch "$d" "$p" 2>/dev/null || die "$(basename "$p") does not apply to the fresh tree"
	done
	while read -r p; do
		rm -rf "$d.one"
		cp -a "$d" "$d.one"
		apply_one patch "$d.one" "$work/q/$p" 2>/dev/null || { bad=$((bad + 1)); echo "  conflicts: $p" >&2; }
	done <"$work/q/series"
	echo "$bad"
}
c0=$(after "$series" plain)
note "unfiltered series: $c0 of $n queue patches do not apply with fuzz 0"

cp -a "$series" "$work/filtered"
TREEWIDE_OLD=$work/orig "$root/kbuild/treewide-queue.sh" "$version" "$work/filtered" "$work/q" real >"$work/filter.log" 2>&1 ||
	die_log "$work/filter.log" "treewide-queue.sh failed"
c1=$(after "$work/filtered" filtered)
note "queue-filtered series: $c1 of $n do not apply; $(sed -n 's/^taken out of the series: //p' "$work/filtered/queue.txt")"

ported=0
while read -r p; do
	mkdir -p "$work/port"
	if "$root/scripts/style-port" "$work/orig" "$series/series" "$work/q/$p" >"$work/port/$p" 2>"$work/port/$p.err"; then
		ported=$((ported + 1))
	else
		echo "  not ported: $p: $(head -n1 "$work/port/$p.err")" >&2
	fi
done <"$work/q/series"
note "style-port: $ported of $n ported exactly (checked by the tool: fuzz 0, the same non-blank characters)"
