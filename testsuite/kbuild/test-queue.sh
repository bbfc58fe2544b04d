#!/usr/bin/env bash
# testsuite/kbuild/test-queue.sh - work in flight across the formatting
# series (issue 32): kbuild/treewide-queue.sh (Morton's rule) and
# scripts/style-port, on a queue of pending patches this test makes
# against the files of treewide/6.12's drivers/atm patch (unpacked from
# /usr/src/linux-source-6.12.tar.xz) and on a small synthetic tree.
#
# The queue, in order (a git branch, also given as a quilt directory
# and an mbox): 1 changes a line the series reformats, 2 a line next to
# one (context overlap), 3 a line far from any, 4 renames a file and
# changes a reformatted line of it, 5 deletes a file, 6 adds a new
# violation and a new file, 7 changes a reformatted line next to patch
# 1's, 8 a line next to the last of a hunk's five changes (the hunk is
# split).  Checked by this test, not by the tools' own checks:
#   - the unfiltered series breaks the queue; the filtered one does not
#     (series then queue, patch -p1 --fuzz=0 and git apply); queue.txt
#     lists the changes taken out, and every hunk not listed is byte for
#     byte an original hunk; quilt, mbox and git range give the same;
#   - the port applies with fuzz 0 after the series, gives every file
#     the non-blank characters of the old tree plus the queue, removes
#     and adds the same non-blank characters as the queue (no other
#     line changed), and adds the queue's added lines byte for byte;
#   - a hunk that cannot be ported exactly is named and nothing is
#     printed; a queue patch that does not apply is one line, and the
#     series is left as it was.
# Planted failures, each rejected by the checks above: the generator
# without the queue (and with only part of it), a port with a non-blank
# character changed, a port that needs fuzz, a port that changes a line
# outside the hunks (blanks only).
#
# Usage: testsuite/kbuild/test-queue.sh   (seconds: about 10 s of CPU)
set -euo pipefail

prog=test-queue.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
export LC_ALL=C

work=$(mktemp -d "${TMPDIR:-/tmp}/test-queue.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
src=$root/treewide/6.12
mkdir -p "$work/series"
# the patch that touches drivers/atm (its maintainer group: drivers)
atm=$(grep -l '^+++ b/drivers/atm/atmtcp.c' "$src"/0*.patch | head -n 1 || true)
[ -n "$atm" ] || die "no patch of treewide/6.12 touches drivers/atm/atmtcp.c"
anum=$(basename "$atm" | cut -c1-4)
cp "$atm" "$work/series/"
(cd "$work/series" && ls -- *.patch >series)
cp "$src/check.txt" "$work/series/check.txt"
mapfile -t touched < <(touched_files "$work"/series/"$anum"-*.patch)
extract_files 6.12 "$work/orig" "${touched[@]}"
[ -f "$work/orig/drivers/atm/atmtcp.c" ] || die "drivers/atm not unpacked from linux-source-6.12"

# The queue: commits on a git branch of the old files.
g=$work/git
cp -a "$work/orig" "$g"
git -C "$g" init -q
git -C "$g" config user.name test-queue
git -C "$g" config user.email test-queue@example.invalid
git -C "$g" add -A
git -C "$g" commit -qm base
git -C "$g" tag base
a=drivers/atm
commit() { git -C "$g" add -A && git -C "$g" commit -qm "$1"; }
sed -i '54s/return -EUNATCH;/return -ENODEV;/' "$g/$a/atmtcp.c"
commit "atm: atmtcp: a reformatted line"
sed -i '100s|$| /* adjacent */|' "$g/$a/suni.c"
commit "atm: suni: next to a reformatted line"
sed -i '300s|$| /* far */|' "$g/$a/atmtcp.c"
commit "atm: atmtcp: far from the formatting"
git -C "$g" mv "$a/suni.c" "$a/suni-renamed.c"
sed -i '88s/jiffies+HZ/jiffies + 2 * HZ/' "$g/$a/suni-renamed.c"
commit "atm: suni: rename, and a reformatted line"
git -C "$g" rm -q "$a/idt77105.c"
commit "atm: idt77105: delete"
sed -i '1500a\	if (!dev) return -ENODEV;' "$g/$a/eni.c"
printf '/* new */\nint f(int x) { if (x) return 1; return 0; }\n' >"$g/$a/new-file.c"
commit "atm: eni: a new violation, and a new file"
sed -i '56s/return -ENOMEM;/return -EAGAIN;/' "$g/$a/atmtcp.c"
commit "atm: atmtcp: a reformatted line next to patch 1's"
sed -i 's/segmentation buffer descriptors of this VCC/segmentation descriptors of this VCC/' "$g/$a/eni.c"
commit "atm: eni: a comment next to the last change of a hunk"
nq=8
mkdir -p "$work/quilt"
git -C "$g" format-patch -q --no-signature -o "$work/quilt" base..HEAD
(cd "$work/quilt" && ls -- *.patch >series)
git -C "$g" format-patch -q --no-signature --stdout base..HEAD >"$work/queue.mbox"

# queue_ok DIR SERIES_PATCH...: the series, then the queue, apply to the
# old files with patch -p1 --fuzz=0 and with git apply, the same.
queue_ok() {
	local d=$1 m
	shift
	for m in patch git; do
		rm -rf "$d-$m"
		cp -a "$work/orig" "$d-$m"
		(check_series "$m" "$d-$m" "$@" "$work"/quilt/0*.patch) 2>/dev/null ||
			return 1
	done
	diff -r "$d-patch" "$d-git" >/dev/null
}
check "the queue applies to the old files (fuzz 0)" queue_ok "$work/t0"
check "planted: the unfiltered series breaks the queue" eval '! queue_ok "$work/t1" "$work"/series/"$anum"-*.patch'

# The generator, on the queue as a quilt directory.
cp -a "$work/series" "$work/filtered"
TREEWIDE_OLD=$work/orig "$root/kbuild/treewide-queue.sh" 6.12 "$work/filtered" "$work/quilt" test-queue \
	>"$work/gen.log" 2>&1 || { cat "$work/gen.log"; fail "treewide-queue.sh on the quilt queue"; }
fp=("$work"/filtered/"$anum"-*.patch)
check "the filtered series, then each queue patch, apply with fuzz 0 (patch and git apply)" queue_ok "$work/t2" "${fp[@]}"
check "check.txt says $nq/$nq" grep -q "^queue test-queue: $nq/$nq apply with patch -p1 --fuzz=0" "$work/filtered/check.txt"
check "the patch's body names the queue" grep -q '^Checked against the queue test-queue (8 patches' "${fp[0]}"
# queue.txt: changes taken out for patches 1, 2, 4, 7, none for 3, 5's
# whole file (idt77105.c) gone from the series.
per() { awk -v k="$(printf %04d "$1"):" '$1 == k { print $2 }' "$work/filtered/queue.txt"; }
check "queue.txt: changes taken out for patches 1, 2, 4, 5 and 7 ($(per 1) $(per 2) $(per 4) $(per 5) $(per 7))" \
	test "$(per 1)" -ge 1 -a "$(per 2)" -ge 1 -a "$(per 4)" -ge 1 -a "$(per 5)" -ge 1 -a "$(per 7)" -ge 1
check "queue.txt: none for the far change (patch 3) ($(per 3))" test "$(per 3)" = 0
# Patch 8 needs only the last change of eni.c's hunk at line 1960: the
# hunk stays, split, its other changes kept.
split_ok() {
	[ "$(per 8)" = 1 ] &&
		grep -qxF '+	if ((flgs & ATM_MF_DEC_RSV) && rate && rate < tx->reserved)' "${fp[0]}" &&
		grep -qxF ' 	if (shp && !(flgs & ATM_MF_IMMED)) return 0;' "${fp[0]}"
}
check "queue.txt: one change for patch 8, its hunk split (the others kept)" split_ok
check "queue.txt: the deleted file is no longer touched" grep -qx '  drivers/atm/idt77105.c' "$work/filtered/queue.txt"
# hunks FILE: FILE's hunks, one a line: PATH, its number in the file (as
# queue.txt numbers them) and its lines, joined by \002.
hunks() {
	awk '/^\+\+\+ b\// { f = substr($0, 7); n = 0; next }
		/^@@ / { if (h != "") print h; n++; h = f "\002" n "\002"; next }
		/^[ +-]/ && h != "" { h = h "\002" $0; next }
		{ if (h != "") print h; h = "" }
		END { if (h != "") print h }' "$1"
}
kept_identical() {
	local bad
	hunks "$work/series/$(basename "${fp[0]}")" | sort >"$work/h.orig"
	hunks "${fp[0]}" | cut -d$'\002' -f1,3- | sort -u >"$work/h.new"
	awk -v n="$anum" '$1 ~ "^" n "-" { print $2 "\002" $3 }' "$work/filtered/queue.txt" | sort -u >"$work/h.listed"
	bad=$(awk -F'\002' 'FILENAME == ARGV[1] { l[$1 FS $2] = 1; next }
		FILENAME == ARGV[2] { b = $0; sub(/^[^\002]*\002/, "", b); k[$1 FS b] = 1; next }
		{ b = $0; sub(/^[^\002]*\002[^\002]*\002/, "", b) }
		!(($1 FS $2) in l) && !(($1 FS b) in k) { print $1 " hunk " $2 }' \
		"$work/h.listed" "$work/h.new" "$work/h.orig")
	[ -z "$bad" ] || echo "  not kept as it was: $bad" >&2
	[ -z "$bad" ] && [ -s "$work/h.listed" ]
}
check "every hunk queue.txt does not list is kept byte for byte" kept_identical
for form in mbox git; do
	case $form in mbox) q=$work/queue.mbox ;; git) q=$g:base..HEAD ;; esac
	rm -rf "$work/f-$form"
	cp -a "$work/series" "$work/f-$form"
	TREEWIDE_OLD=$work/orig "$root/kbuild/treewide-queue.sh" 6.12 "$work/f-$form" "$q" test-queue >/dev/null 2>&1 &&
		rc=0 || rc=$?
	check "the queue as $form: the same series and queue.txt" eval '[ $rc = 0 ] &&
		cmp -s "${fp[0]}" "$work/f-$form/$(basename "${fp[0]}")" &&
		cmp -s "$work/filtered/queue.txt" "$work/f-$form/queue.txt"'
done
# Planted: the generator given only part of the queue (patches 2 to 7)
# leaves patch 1 unprotected.
mkdir -p "$work/part"
cp "$work"/quilt/000[2-7]-*.patch "$work/part/"
(cd "$work/part" && ls -- *.patch >series)
cp -a "$work/series" "$work/f-part"
TREEWIDE_OLD=$work/orig "$root/kbuild/treewide-queue.sh" 6.12 "$work/f-part" "$work/part" part >/dev/null 2>&1 || true
check "planted: a series filtered without patch 1 breaks the queue" \
	eval '! queue_ok "$work/t3" "$work"/f-part/"$anum"-*.patch'
# Bad input: a queue patch that does not apply to the old tree.
sed '0,/^-[^-]/s/^-\(.\)/-X\1/' "$work/quilt/0001-"*.patch >"$work/bad.patch"
cp -a "$work/series" "$work/f-bad"
TREEWIDE_OLD=$work/orig "$root/kbuild/treewide-queue.sh" 6.12 "$work/f-bad" "$work/bad.patch" >"$work/bad.out" 2>"$work/bad.err" &&
	rc=0 || rc=$?
check "a queue patch that does not apply: exit 1, one line, the series as it was" \
	eval '[ $rc = 1 ] && [ "$(wc -l <"$work/bad.err")" = 1 ] && grep -q "does not apply" "$work/bad.err" && diff -r "$work/series" "$work/f-bad" >/dev/null'

# The port.
"$root/scripts/style-port" "$work/orig" "$work/series/series" "$work/quilt" >"$work/port.patch" 2>"$work/port.err" ||
	{ cat "$work/port.err"; fail "style-port on the quilt queue"; }
# changes PATCH SIGN: the non-blank characters of PATCH's SIGN lines
# (- or +; not the ---/+++ headers or a mail's --- line), in order.
changes() { grep "^$2" "$1" | grep -v "^$2$2$2\( \|$\)" | cut -c2- | tr -d ' \t\n'; }
# port_ok PORTED: after the series, PORTED applies with fuzz 0; each
# file then has the non-blank characters of the old file plus the queue,
# and PORTED removes and adds the characters the queue does, with its
# added lines as the queue's.
port_ok() {
	local p=$1 f
	rm -rf "$work/n" "$work/o"
	cp -a "$work/orig" "$work/n"
	cp -a "$work/orig" "$work/o"
	apply_one patch "$work/n" "$work/series/$(basename "${fp[0]}")" 2>/dev/null || return 1
	apply_one patch "$work/n" "$p" 2>/dev/null || return 1
	for f in "$work"/quilt/0*.patch; do apply_one patch "$work/o" "$f" 2>/dev/null || return 1; done
	[ "$(cd "$work/o" && find . -type f | sort)" = "$(cd "$work/n" && find . -type f | sort)" ] || return 1
	while read -r f; do
		cmp -s <(tr -d ' \t\n' <"$work/o/$f") <(tr -d ' \t\n' <"$work/n/$f") || return 1
	done < <(cd "$work/o" && find . -type f)
	[ "$(changes "$p" -)" = "$(cat "$work"/quilt/0*.patch | changes /dev/stdin -)" ] || return 1
	cmp -s <(grep '^+' "$p" | grep -v '^+++ ') <(cat "$work"/quilt/0*.patch | grep '^+' | grep -v '^+++ ')
}
check "the port applies with fuzz 0 after the series, the same characters, no other line changed" port_ok "$work/port.patch"
check "the port's reformatted lines: patch 1's hunk removes the split if-statement" \
	grep -qx -- '-		return -EUNATCH;' "$work/port.patch"
check "the port keeps the new violation as written" grep -qxF '+	if (!dev) return -ENODEV;' "$work/port.patch"
check "the port renames and deletes" eval 'grep -qx "rename to drivers/atm/suni-renamed.c" "$work/port.patch" && grep -qx "deleted file mode 100644" "$work/port.patch"'
for form in mbox git; do
	case $form in mbox) q=$work/queue.mbox ;; git) q=$g:base..HEAD ;; esac
	"$root/scripts/style-port" "$work/orig" "$work/series/series" "$q" >"$work/port-$form.patch" 2>/dev/null &&
		rc=0 || rc=$?
	check "the port of the queue as $form: the same" eval '[ $rc = 0 ] && cmp -s "$work/port.patch" "$work/port-$form.patch"'
done
# The port of the git branch, as git rebase would be used: git am on a
# branch of the formatted files gives the port's files and commits.
git_am_ok() {
	local r=$work/am
	rm -rf "$r"
	cp -a "$work/orig" "$r"
	apply_one patch "$r" "$work/series/$(basename "${fp[0]}")" 2>/dev/null || return 1
	git -C "$r" init -q && git -C "$r" add -A && git -C "$r" -c user.name=t -c user.email=t@example.invalid commit -qm formatted || return 1
	git -C "$r" -c user.name=t -c user.email=t@example.invalid am -q "$work/port-git.patch" >/dev/null 2>&1 || return 1
	port_ok "$work/port.patch" || return 1
	[ "$(git -C "$r" rev-list --count HEAD)" = $((nq + 1)) ] && diff -r -x .git "$r" "$work/n" >/dev/null
}
check "git am of the ported branch: $nq commits, the port's files" git_am_ok
# Planted ports.
perl -pe 'if (!$d && /^\+[^+].*ENODEV/) { s/ENODEV/ENXIO/; $d = 1 }' "$work/port.patch" >"$work/p1.patch"
check "planted: a port with a non-blank character changed is rejected" \
	eval '! cmp -s "$work/port.patch" "$work/p1.patch" && ! port_ok "$work/p1.patch"'
# The first context line of the first hunk changed: fuzz 1 would take it.
perl -pe 'if (!$d && /^\@\@ /) { $h = 1; print; $_ = <>; s/$/ x/ if /^ /; $d = 1 }' "$work/port.patch" >"$work/p2.patch"
fuzzy() {
	rm -rf "$work/fz"
	cp -a "$work/orig" "$work/fz"
	apply_one patch "$work/fz" "$work/series/$(basename "${fp[0]}")" 2>/dev/null &&
		patch -d "$work/fz" -p1 --fuzz=2 -s -i "$work/p2.patch" >/dev/null 2>&1 &&
		! port_ok "$work/p2.patch"
}
check "planted: a port that needs fuzz (applies with --fuzz=2) is rejected" fuzzy
# A context line of the first hunk turned into a change of its blanks.
perl -pe 'if (!$d && $h && /^ (\t.*;)$/) { $_ = "-$1\n+ $1\n"; $d = 1 } $h = 1 if /^\@\@ /' "$work/port.patch" >"$work/p3.patch"
check "planted: a port that changes a line outside the hunks (blanks only) is rejected" \
	eval '! cmp -s "$work/port.patch" "$work/p3.patch" && ! port_ok "$work/p3.patch"'
"$root/scripts/style-port" "$work/orig" "$work/series/series" "$work/bad.patch" >"$work/bad.out" 2>"$work/bad.err" &&
	rc=0 || rc=$?
check "style-port: a patch that does not apply: exit 1, nothing printed" \
	eval '[ $rc = 1 ] && [ ! -s "$work/bad.out" ] && grep -q "does not apply" "$work/bad.err"'

# A synthetic tree: a formatting change that moves a line break, so two
# old lines are one unit; a patch changing only one of them cannot be
# ported exactly.
s=$work/syn
mkdir -p "$s/old" "$s/new" "$s/series" "$s/q"
printf 'a = 1; b\n= 2;\nc = 3;\n' >"$s/old/t.c"
printf 'a = 1;\nb = 2;\nc = 3;\n' >"$s/new/t.c"
(cd "$s" && diff -u --label a/t.c --label b/t.c old/t.c new/t.c) >"$s/series/0001-fmt.patch" || true
echo 0001-fmt.patch >"$s/series/series"
printf 'a = 5; b\n= 2;\nc = 3;\n' >"$s/q.c"
(cd "$s" && diff -u --label a/t.c --label b/t.c old/t.c q.c) >"$s/q/one.patch" || true
printf 'c = 3;\nd = 4;\n' >"$s/q2.c"
"$root/scripts/style-port" "$s/old" "$s/series/series" "$s/q/one.patch" >"$s/out" 2>"$s/err" && rc=0 || rc=$?
check "a hunk that cannot be ported exactly: exit 1, named with why, nothing printed" \
	eval '[ $rc = 1 ] && [ ! -s "$s/out" ] && grep -q "hunk 1: old lines 1-2 are one formatted unit" "$s/err"'
printf 'a = 1; b\n= 2;\nc = 4;\n' >"$s/q3.c"
(cd "$s" && diff -u --label a/t.c --label b/t.c old/t.c q3.c) >"$s/q/two.patch" || true
"$root/scripts/style-port" "$s/old" "$s/series/series" "$s/q/two.patch" >"$s/out2" 2>/dev/null || true
check "the synthetic tree: the unit kept whole, the change ported" \
	eval 'grep -qx -- "-c = 3;" "$s/out2" && grep -qx " b = 2;" "$s/out2" && grep -qx "+c = 4;" "$s/out2"'

# shellcheck disable=SC2154 # counted by scripts/lib.sh
echo "test-queue: $passed passed, $failed failed"
[ "$failed" = 0 ]
