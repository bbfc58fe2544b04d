#!/usr/bin/env bash
# bench/fix.sh - the "fix" stage of bench/run.sh: the tree-wide cleanup
# patch of the bench's W=style build, and the proof that it changes no code.
#
# From the style build's log ($BENCH_LOGS/style.log, made with
# KCFLAGS=-fdiagnostics-parseable-fixits):
#   1. kbuild/fix-tree.sh --log --split: $BENCH_RES/treewide.patch and one
#      patch per top-level directory in $BENCH_RES/treewide/;
#   2. the patch applied to a hard-linked copy of the tree,
#      $BENCH_WORK/linux-VERSION-fixed;
#   3. that copy built like the style build (same .config, W=style, the
#      same targets) in $BENCH_WORK/out-fixed;
#   4. kbuild/compare-objs.sh between out-style and out-fixed (with
#      --objects-only for a BENCH_DIRS subset, which links no vmlinux);
#   5. $BENCH_RES/fix-summary.txt: the patch's size, the style reports
#      left in the fixed build, the comparison's verdict.
#
# Usage: called by bench/run.sh (stage "fix") with its BENCH_* variables
# and the make targets as arguments.
set -euo pipefail

prog=fix.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

for v in BENCH_TREE BENCH_STYLE BENCH_LOGS BENCH_RES BENCH_WORK BENCH_JOBS; do
	[ -n "${!v:-}" ] || die "$v is not set (run bench/run.sh fix)"
done
tree=$BENCH_TREE
style=$BENCH_STYLE
fixed=$tree-fixed
out=$BENCH_WORK/out-fixed
res=$BENCH_RES
[ -f "$BENCH_LOGS/style.log" ] || die "no $BENCH_LOGS/style.log: run the build stage first"

note "fix-tree.sh on $BENCH_LOGS/style.log"
rm -rf "$res/treewide"
"$root/kbuild/fix-tree.sh" --log "$BENCH_LOGS/style.log" --split "$res/treewide" \
	--author "style_plugin bench <style-plugin@example.invalid>" \
	"$tree" "$style" "$res/treewide.patch" >"$BENCH_LOGS/fix-tree.log" 2>&1 ||
	{ tail "$BENCH_LOGS/fix-tree.log" >&2; die "fix-tree.sh failed"; }

note "applying it to $fixed"
rm -rf "$fixed"
cp -al "$tree" "$fixed"
patch -d "$fixed" -p1 --fuzz=0 -s -f --no-backup-if-mismatch \
	-i "$res/treewide.patch" || die "the patch does not apply to a copy of the tree"

note "building $out like $style"
rm -rf "$out"
mkdir -p "$out"
cp "$style/.config" "$out/.config"
make -C "$fixed" O="$out" ARCH=x86_64 olddefconfig >/dev/null 2>&1 ||
	die "make olddefconfig failed in $out"
rc=0
make -C "$fixed" O="$out" ARCH=x86_64 -j"$BENCH_JOBS" W=style \
	KCFLAGS=-fdiagnostics-parseable-fixits "$@" >"$BENCH_LOGS/fixed.log" 2>&1 || rc=$?
[ $rc = 0 ] || { tail -n 30 "$BENCH_LOGS/fixed.log" >&2; die "the build of the fixed tree failed"; }

note "comparing the objects of $style and $out"
only=()
[ -f "$style/vmlinux" ] || only=(--objects-only)
rc=0
"$root/kbuild/compare-objs.sh" ${only[@]+"${only[@]}"} "$style" "$out" \
	>"$res/compare.log" 2>&1 || rc=$?

count() { grep -c "$@" || true; }
{
	echo "patch: $res/treewide.patch"
	echo "files: $(count '^diff --git ' "$res/treewide.patch")"
	git apply --numstat "$res/treewide.patch" |
		awk '{ p += $1; m += $2 } END { printf "lines: +%d -%d\n", p, m }'
	echo "split patches: $(find "$res/treewide" -name '*.patch' | wc -l)"
	grep -h '^Subject:' "$res"/treewide/*.patch 2>/dev/null | sed 's/^/  /' || true
	echo "style warnings before: $(count -E "$STYLE_WARNING_RE" "$BENCH_LOGS/style.log")"
	echo "style warnings after: $(count -E "$STYLE_WARNING_RE" "$BENCH_LOGS/fixed.log")"
	grep -E "$STYLE_WARNING_RE" "$BENCH_LOGS/fixed.log" | sed 's/^/  left: /' | head -20 || true
	echo "compare-objs.sh exit status: $rc"
	grep -E '^compare-objs.sh: |^  (__LINE__|UNEXPLAINED|source path|linked)' "$res/compare.log" |
		sed 's/^/  /' | head -40
} >"$res/fix-summary.txt"
cat "$res/fix-summary.txt" >&2
[ $rc = 0 ] || die "the fixed tree's objects differ unexplained (see $res/compare.log)"
