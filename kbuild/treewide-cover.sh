#!/usr/bin/env bash
# kbuild/treewide-cover.sh - the cover letter of a tree-wide series
# (DEST/0000-cover-letter.patch, as git format-patch --cover-letter
# writes one): what the series does and how it was made (the sweep of
# DEST/sweep.txt), its proofs
# (DEST/proof.log, DEST/proof-ARCH.log), the held-out measure (DEST/same-line-bodies.txt),
# how to make it again, and each patch with its diffstat. From: and
# Date: are the first patch's, so that the same series gives the same
# letter, byte for byte. The letter is not in DEST/series: it applies
# nothing.
#
# Usage: kbuild/treewide-cover.sh DEST    (e.g. treewide/6.12)
#        kbuild/treewide-cover.sh --print DEST   (to stdout)
set -euo pipefail

prog=treewide-cover.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [--print] DEST" >&2
	exit 2
}
print=0
[ "${1:-}" != --print ] || { print=1; shift; }
[ $# -eq 1 ] || usage
dest=$1
[ -d "$dest" ] || die "DEST '$dest' is not a directory"
version=$(basename "$(cd "$dest" && pwd)")
mapfile -t patches < <(series_patches "$dest")
n=${#patches[@]}
[ "$n" -gt 0 ] || die "$dest/series lists no patch"
for f in proof.log same-line-bodies.txt sweep.txt; do
	[ -f "$dest/$f" ] || die "$dest/$f not found"
done

# header PATCH: its From: (with the folded line) and Date: lines
header() {
	sed -n '2,/^$/p' "$1" | awk '
		/^From: / { on = 1; print; next }
		on && /^[ \t]/ { print; next }
		{ on = 0 }
		/^Date: / { print }'
}

# stat PATCH: its diffstat summary line ("N files changed, ...")
stat_line() {
	sed -n '/^---$/,/^$/p' "$1" | grep -m1 'files\{0,1\} changed' | sed 's/^ *//'
}

# subject PATCH: its subject without [PATCH ...]
subject() {
	header_field "$1" Subject | sed 's/^\[PATCH[^]]*\] //'
}

letter() {
	local width p i=0 files ins dels

	width=${#n}
	[ "$width" -ge 2 ] || width=2
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	header "${patches[0]}"
	printf 'Subject: [PATCH %0*d/%d] treewide: Put each statement on a line of its own\n' \
		"$width" 0 "$n"
	cat <<EOF

Documentation/process/coding-style.rst: "Don't put multiple statements
on a single line unless you have something to hide". This series moves
the statements that share a line with an if or else, a loop header or
another statement onto lines of their own, in linux-$version. It changes
spaces, tabs and line breaks only: no code.

How it was made. The style GCC plugin (make W=style,
scripts/gcc-plugins/style_plugin.c) reported each such statement with a
fix-it hint, in a compile of each C file of a sweep of the tree
(kbuild/sweep.sh), and kbuild/fix-tree.sh applied the hints, one patch
per maintainer tree or directory. The sweep:

EOF
	# the x86_64 sweep's totals, and each other architecture's (sweep.txt
	# of kbuild/sweep-cross.sh sweeps), or an older sweep.txt's lines
	{
		grep -E '^(sweep|files|warnings|files with fix-its|x86_64):|^  (files|warnings):' "$dest/sweep.txt"
		grep -E '^[a-z0-9]+: +[0-9]+ files' "$dest/sweep.txt" | sed 's/; [0-9]* s of sweep.*//'
	} | sed 's/^/  /'
	cat <<EOF

How it is proven. Every x86_64 object whose sources a patch touches was
built before and after it, and the two compared section by section
(kbuild/compare-objs.sh): the same code and data, but for line numbers
that moved (__LINE__ in WARN() and BUG() reports, initcall names), each
traced to a split line:

EOF
	grep -E '^(total|patches|objects not built):' "$dest/proof.log" | sed 's/^/  /'
	if ls "$dest"/proof-*.log >/dev/null 2>&1; then
		cat <<EOF

The objects of the other architectures, whose ELF compare-objs.sh does
not read, were preprocessed before and after the series and compared
token by token (kbuild/compare-tokens.c): the same tokens, line numbers
only where they moved with their line:

EOF
		for l in "$dest"/proof-*.log; do
			a=${l##*/proof-}
			printf '  %s: %s\n' "${a%.log}" "$(sed -n 's/^total: //p' "$l")"
		done
	fi
	echo
	echo "The patches apply in order with patch -p1 --fuzz=0 and with git apply,"
	echo "and every touched file equals the original once spaces, tabs and"
	echo "newlines are taken out."
	echo
	echo "A count of its own (kbuild/same-line-bodies.sh: if, else, for and while"
	echo "bodies on their header's line, outside macro definitions, every"
	echo "architecture and #if branch):"
	echo
	grep -E '^(before|after|taken away):' "$dest/same-line-bodies.txt" | sed 's/^/  /'
	cat <<EOF

To make it again, from the style plugin's repository:

  make sweep               # the allmodconfig swept, resumable
  make treewide            # the other sweeps, the series, its proofs, its report
  make same-line-bodies    # the count above

EOF
	for p in "${patches[@]}"; do
		i=$((i + 1))
		printf '%0*d/%d %s\n' "$width" "$i" "$n" "$(subject "$p")"
		printf '  %s\n' "$(stat_line "$p")"
	done
	echo
	files=$(touched_files "${patches[@]}" | wc -l)
	ins=$(cat "${patches[@]}" | grep -c '^+[^+]' || true)
	dels=$(cat "${patches[@]}" | grep -c '^-[^-]' || true)
	echo " $files files changed, $ins insertions(+), $dels deletions(-)"
	echo
	echo "-- "
	echo "style_plugin"
}

if [ $print = 1 ]; then
	letter
else
	letter >"$dest/0000-cover-letter.patch.tmp"
	mv "$dest/0000-cover-letter.patch.tmp" "$dest/0000-cover-letter.patch"
	note "wrote $dest/0000-cover-letter.patch ($n patches)"
fi
