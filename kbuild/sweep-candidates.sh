#!/usr/bin/env bash
# kbuild/sweep-candidates.sh - the C files of a kernel tree that likely
# have a statement the style plugin reports, for kbuild/sweep.sh --files
# (a sweep of the whole allmodconfig takes hours on 2 cores; a grep of
# the tree takes seconds). Only a pre-selection: the plugin, on the
# compiled code, decides; a file this grep misses is not swept.
#
# A file is a candidate when a line, its strings and comments taken out,
# looks like one of the plugin's rules:
#   if (...) STATEMENT;        else STATEMENT;      (if-body, else-body)
#   for/while (...) STATEMENT;                       (loop-body)
#   STATEMENT; STATEMENT;                            (multi-stmt)
#   ) { STATEMENT; }                                 (brace-body)
# Out: SRC-relative paths, one a line, sorted (stdout); with -c, the
# count of such lines before each path (COUNT<TAB>PATH).
#
# Usage: kbuild/sweep-candidates.sh [-c] SRC [DIR...]
#   DIR  directories of SRC to search (default: drivers sound fs net lib
#        kernel mm crypto block security ipc init virt arch/x86)
set -euo pipefail

prog=sweep-candidates.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [-c] SRC [DIR...]" >&2
	exit 2
}
counts=0
[ "${1:-}" != -c ] || { counts=1; shift; }
[ $# -ge 1 ] || usage
src=$1
shift
[ -d "$src" ] || die "SRC '$src' is not a directory"
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(drivers sound fs net lib kernel mm crypto block security ipc init virt arch/x86)
for d in "${dirs[@]}"; do
	[ -d "$src/$d" ] || die "DIR '$d' is not a directory of $src"
done
cd "$src"
find "${dirs[@]}" -name '*.c' -type f -print0 | LC_ALL=C sort -z |
	xargs -0 -r perl -ne '
	next if /^\s*(\*|\/\*|\/\/|#)/;
	my $l = $_;
	$l =~ s/"(?:[^"\\]|\\.)*"/""/g;
	$l =~ s/\/\*.*?\*\///g;
	$l =~ s/\/\/.*//;
	next if $l =~ /\bfor\s*\(/ && $l !~ /\)\s*[a-zA-Z_*].*;\s*$/;
	$n{$ARGV}++ if
		$l =~ /^\s*(?:\}\s*)?(?:else\s+)?if\s*\(.*\)\s*(?!\{)[a-zA-Z_*(].*;\s*$/ ||
		$l =~ /^\s*(?:\}\s*)?else\s+(?!if\b)(?!\{)[a-zA-Z_].*;\s*$/ ||
		$l =~ /^\s*(?:while|for)\s*\(.*\)\s*(?!\{)[a-zA-Z_*].*;\s*$/ ||
		$l =~ /;\s*[a-zA-Z_*(][^;]*;\s*$/ ||
		$l =~ /\)\s*\{\s*[a-zA-Z_].*;\s*\}?\s*$/;
	END { print "$n{$_}\t$_\n" for keys %n }' |
	LC_ALL=C sort -t "$(printf '\t')" -k2,2 |
	if [ $counts = 1 ]; then cat; else cut -f2; fi
