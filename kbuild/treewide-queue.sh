#!/usr/bin/env bash
# kbuild/treewide-queue.sh - Morton's rule: a formatting series
# (kbuild/treewide.sh) without the changes that would make a pending
# patch of QUEUE fail to apply after it.
#
#   1. the lines of the old tree that each queue patch needs unchanged
#      (its hunks' context and removed lines, its earlier patches
#      applied, renames followed; kbuild/queue-lines.awk);
#   2. every change of the series (a run of removed and added lines in a
#      hunk) that touches such a line is taken out: a hunk is split when
#      only some of its changes go, dropped when all do
#      (kbuild/queue-filter.awk); the other hunks stay byte for byte;
#   3. checked on the files of a fresh linux-source-VERSION: the series,
#      then every queue patch in order, apply with patch -p1 --fuzz=0
#      and with git apply (the same result), and the series still changes
#      only blanks and line breaks.
# SERIES_DIR/queue.txt: what was taken out, per series patch and per
# queue patch (hunks, changes, lines); each patch's body and check.txt
# name the queue.  Dropping changes cannot add a code change: the proof
# (treewide-proof.sh) of a kept hunk holds; a split hunk's objects are
# not proven again here.
#
# Usage: kbuild/treewide-queue.sh VERSION SERIES_DIR QUEUE [NAME]
#   QUEUE  a quilt directory (series file), an mbox or a patch, or a git
#          range REPO:A..B, of patches against linux-source-VERSION
#   NAME   how the patches' bodies name the queue (default: QUEUE)
# Environment: TREEWIDE_OLD, a directory with the old files (default:
# those needed, unpacked from /usr/src/linux-source-VERSION.tar.xz).
# Exit status: 0, or 1 (one line on stderr) when a queue patch does not
# apply to the old tree, or still fails after the series.
set -euo pipefail

prog=treewide-queue.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# = 3 ] || [ $# = 4 ] || { echo "usage: $0 VERSION SERIES_DIR QUEUE [NAME]" >&2; exit 2; }
version=$1 dest=$2 queue=$3 qname=${4:-$3}
export LC_ALL=C
mapfile -t patches < <(series_patches "$dest")
work=$(mktemp -d "${TMPDIR:-/tmp}/treewide-queue.XXXXXX")
trap 'rm -rf "$work"' EXIT

nq=$(queue_split "$queue" "$work/q")
for ((k = 1; k <= nq; k++)); do
	echo "@patch $k"
	awk -f "$top/scripts/patch-files.awk" "$work/q/$(printf %04d $k).patch"
done >"$work/sections"
err=$(grep -m1 '^@error' "$work/sections" || true)
[ -z "$err" ] || die "queue $qname: ${err#@error }"

# The files: the series' and those the queue patches change.
{
	touched_files "${patches[@]}"
	awk '$1 == "@file" && $2 != "/dev/null" { print $2 }' "$work/sections"
} | sort -u >"$work/files"
mapfile -t files <"$work/files"
if [ -n "${TREEWIDE_OLD:-}" ]; then
	for f in "${files[@]}"; do
		[ -f "$TREEWIDE_OLD/$f" ] || continue
		mkdir -p "$work/orig/$(dirname "$f")"
		cp "$TREEWIDE_OLD/$f" "$work/orig/$f"
	done
else
	extract_files "$version" "$work/orig" "${files[@]}"
fi

# 1. The lines each queue patch needs.
awk -v tree="$work/orig" -f "$top/scripts/hunk-lib.awk" -f "$here/queue-lines.awk" \
	"$work/sections" >"$work/ranges" || die "queue $qname: $(sed -n 's/^@error //p' "$work/ranges" | head -n1)"

# 2. The series without the changes in those lines.
: >"$work/report"
for p in "${patches[@]}"; do
	awk -v report="$work/report" -v name="$(basename "$p")" -f "$top/scripts/hunk-lib.awk" \
		-f "$here/queue-filter.awk" "$work/ranges" "$p" >"$work/new.patch"
	cp "$work/new.patch" "$work/$(basename "$p")"
done

# A changed file's index line and each changed patch's diffstat, from the
# files the filtered series makes.
cp -a "$work/orig" "$work/new"
for p in "${patches[@]}"; do
	apply_one patch "$work/new" "$work/$(basename "$p")" ||
		die "$(basename "$p"), filtered, does not apply without fuzz"
done
for p in "${patches[@]}"; do
	b=$(basename "$p")
	cmp -s "$p" "$work/$b" && continue
	awk -v new="$work/new" '
		/^diff --git / { f = $4; sub(/^b\//, "", f) }
		/^index [0-9a-f]+\.\.[0-9a-f]+/ && f != "" {
			split($2, h, /\.\./)
			cmd = "git hash-object \"" new "/" f "\""
			cmd | getline full
			close(cmd)
			sub(h[2], substr(full, 1, length(h[2])))
		}
		{ print }' "$work/$b" >"$work/$b.idx"
	# The diffstat (between --- and the first diff --git) anew.
	awk -v stat="$(cd / && git apply --stat "$work/$b.idx" | sed 's/^ */ /')" '
		/^---$/ && !done { print; print stat; print ""; skip = 1; done = 1; next }
		skip && /^diff --git / { skip = 0 }
		!skip { print }' "$work/$b.idx" >"$work/$b"
done

# 3. The checks: series then queue, both tools, blanks only.
for m in patch git; do
	rm -rf "$work/fresh-$m"
	cp -a "$work/orig" "$work/fresh-$m"
	for p in "${patches[@]}"; do
		apply_one "$m" "$work/fresh-$m" "$work/$(basename "$p")" ||
			die "$(basename "$p"), filtered, does not apply without fuzz ($m)"
	done
done
while read -r f; do
	[ -f "$work/orig/$f" ] || continue
	cmp -s <(tr -d ' \t\n' <"$work/orig/$f") <(tr -d ' \t\n' <"$work/fresh-patch/$f") ||
		die "$f: the filtered series changes more than blanks"
	cmp -s "$work/fresh-patch/$f" "$work/fresh-git/$f" || die "$f: patch and git apply differ"
done < <(touched_files "${patches[@]}")
applied=0
failed_q=''
for m in patch git; do
	for ((k = 1; k <= nq; k++)); do
		q=$work/q/$(printf %04d $k).patch
		if apply_one "$m" "$work/fresh-$m" "$q" 2>/dev/null; then
			[ $m = git ] || applied=$((applied + 1))
		else
			failed_q="$failed_q $k($m)"
			# The next ones are checked on the tree without it.
		fi
	done
done
[ -z "$failed_q" ] || die "queue patches that still do not apply after the series:$failed_q"

# The report and the patches' bodies.
# subject K: queue patch K's Subject, or else the files it changes.
subject() {
	local s
	s=$(sed -n 's/^Subject: //p' "$work/q/$(printf %04d "$1").patch" | head -n1)
	[ -n "$s" ] || s=$(awk -v k="$1" '$1 == "@patch" { on = $2 == k; next }
		on && $1 == "@file" { printf "%s%s", sep, ($3 == "/dev/null" ? $2 : $3); sep = " " }' "$work/sections")
	echo "$s"
}
{
	echo "queue: $qname, $nq patches against linux-source-$version"
	echo "after the series, each applies with patch -p1 --fuzz=0 and git apply: $applied/$nq"
	awk -F'\t' '!/^@/ { h[$1 "\t" $2 "\t" $3] = 1; c++; r += $6; a += $7 }
		END { n = 0; for (k in h) n++; printf "taken out of the series: %d changes in %d hunks, %d removed and %d added lines\n", c, n, r, a }' "$work/report"
	echo "per series patch (changes, hunks touched, removed, added lines; files left unchanged):"
	for p in "${patches[@]}"; do
		b=$(basename "$p")
		awk -F'\t' -v b="$b" '$1 == b { c++; h[$2 "\t" $3] = 1; r += $6; a += $7 }
			END { n = 0; for (k in h) n++; if (c) printf "  %s: %d changes, %d hunks, -%d +%d\n", b, c, n, r, a }' "$work/report"
	done
	echo "per queue patch (changes of the series it needs left out, removed, added lines):"
	for ((k = 1; k <= nq; k++)); do
		awk -F'\t' -v k="$k" -v s="$(subject "$k")" '!/^@/ { n = split($5, q, ","); for (i = 1; i <= n; i++) if (q[i] == k) { c++; r += $6; a += $7 } }
			END { printf "  %04d: %d changes, -%d +%d (%s)\n", k, c, r, a, s }' "$work/report"
	done
	echo "files the series no longer touches:"
	awk -F'\t' '$1 == "@dropped" { print "  " $2 }' "$work/report"
	echo "changes taken out (series patch, file, hunk, old line, queue patches, removed, added):"
	awk -F'\t' '!/^@/ { print "  " $1 " " $2 " " $3 " " $4 " " $5 " -" $6 " +" $7 }' "$work/report"
} >"$work/queue.txt"
total=$(awk -F'\t' '!/^@/' "$work/report" | wc -l)
for p in "${patches[@]}"; do
	b=$(basename "$p")
	mine=$(awk -F'\t' -v b="$b" '$1 == b' "$work/report" | wc -l)
	awk -v q="$qname" -v n="$nq" -v mine="$mine" -v v="$version" '
		/^Signed-off-by: / && !done {
			print "Checked against the queue " q " (" n " patches against"
			print "linux-source-" v "): after this series each of them applies"
			print "with patch -p1 --fuzz=0; " mine " changes that would stop one were"
			print "left out of this patch (kbuild/treewide-queue.sh, queue.txt)."
			print ""
			done = 1
		}
		{ print }' "$work/$b" >"$p"
done
cp "$work/queue.txt" "$dest/queue.txt"
if [ -f "$dest/check.txt" ]; then
	grep -v '^queue ' "$dest/check.txt" >"$work/check.txt" || true
	echo "queue $qname: $applied/$nq apply with patch -p1 --fuzz=0 and git apply after the series ($total changes left out, queue.txt)" >>"$work/check.txt"
	cp "$work/check.txt" "$dest/check.txt"
fi
note "queue $qname: $applied/$nq apply after the series; $total changes left out ($dest/queue.txt)"
