#!/usr/bin/env bash
# bench/plugin-diff.sh - the plugin of another revision gives the same
# messages as this one on a whole kernel (issue 30: a change that should
# change no behaviour, such as a refactor, is checked on every compile of
# a kernel, not only on the testsuite's cases).
#
# Usage: bench/plugin-diff.sh OUT LOG REV
#   OUT  the output directory (O=) of a finished make W=style
#   LOG  that build's log
#   REV  the git revision whose plugin/ is compared with the work tree's
#
# Builds the plugin of REV (git archive, make) and of the work tree, then
# runs the compile command of each object the build's CC lines name (the
# first command of its .cmd file, as bench/order.sh does) again, with
# -fsyntax-only and each plugin in place of the kernel's: in the build's
# order, one compile at a time for each plugin and the two plugins side
# by side, each with records (once=) and SARIF logs of its own under
# OUT/.plugin-diff/. Every compile's messages (warnings, fix-its, notes)
# and SARIF log must be byte-identical between the two plugins: exit 0
# and a line saying how many, or exit 1 and the first difference.
set -euo pipefail

prog=bench/plugin-diff.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

[ $# = 3 ] || { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
out=$1 log=$2 rev=$3
[ -f "$out/.config" ] || die "$out is not a configured output directory"
out=$(cd "$out" && pwd)
[ -s "$log" ] || die "$log: no build log"
git -C "$root" rev-parse -q --verify "$rev^{commit}" >/dev/null ||
	die "$rev: not a revision of $root"

scratch=$out/.plugin-diff
rm -rf "$scratch"
mkdir -p "$scratch/old/src" "$scratch/new"

# The two plugins, each built by the project's Makefile.
git -C "$root" archive "$rev" | tar -x -C "$scratch/old/src"
make -s -C "$scratch/old/src" >/dev/null 2>"$scratch/old/make.err" ||
	die "the plugin of $rev does not build: $(tail -n 3 "$scratch/old/make.err")"
make -s -C "$root" >/dev/null 2>"$scratch/new/make.err" ||
	die "the work tree's plugin does not build: $(tail -n 3 "$scratch/new/make.err")"
cp "$scratch/old/src/plugin/style_plugin.so" "$scratch/old/style_plugin.so"
cp "$root/plugin/style_plugin.so" "$scratch/new/style_plugin.so"
rm -rf "$scratch/old/src"

mapfile -t objs < <(cc_objects "$log")
[ ${#objs[@]} -gt 1 ] || die "$log names no compiled object (CC lines)"

# One script per compile and plugin: the compile of its .cmd file
# (cmd_compile), -fsyntax-only, the plugin and its files put in
# the plugin's own directory.
k=0
for o in "${objs[@]}"; do
	k=$((k + 1))
	f=$out/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$f" ] || die "$o: no $f"
	for p in old new; do
		d=$scratch/$p
		cmd_compile "$f" | sed -e "s# -Wp,-MMD,[^ ]*# -Wp,-MMD,$d/$k.d#" \
			-e "s# -o [^ ]*\\.o # -fsyntax-only -o $d/$k.o #" \
			-e "s#-fplugin=[^ ]*/style_plugin\\.so#-fplugin=$d/style_plugin.so#" \
			-e "s#-fplugin-arg-style_plugin-once=[^ ]*#-fplugin-arg-style_plugin-once=$d/once#" \
			-e "s#-fplugin-arg-style_plugin-sarif=[^ ]*#-fplugin-arg-style_plugin-sarif=$d/$k.sarif#" \
			>"$d/$k.sh"
		grep -q -- "-fplugin=$d/style_plugin.so" "$d/$k.sh" ||
			die "$o: no compile command with the style plugin in $f"
	done
done

note "${#objs[@]} compiles with the plugin of $rev and the work tree's, side by side"
t0=$(date +%s)
# shellcheck disable=SC2016 # expanded by the bash that xargs runs
printf '%s\n' old new | xargs -P 2 -I{} bash -c 'd=$2/$1
	for ((i = 1; i <= $3; i++)); do
		(cd "$4" && sh "$d/$i.sh") 2>"$d/$i.err" >/dev/null ||
			{ echo "compile $i with the $1 plugin failed: $(tail -n 3 "$d/$i.err")" >&2; exit 255; }
	done' sh {} "$scratch" "$k" "$out" ||
	die "a compile failed (commands in $scratch)"

# The messages name the plugin's files: read both as the same name.
same() { sed "s#$scratch/[a-z]*/#PLUGIN/#g" "$1"; }
warnings=0 logs=0
for ((i = 1; i <= k; i++)); do
	cmp -s <(same "$scratch/old/$i.err") <(same "$scratch/new/$i.err") ||
		die "${objs[i - 1]}: the messages differ: diff $scratch/old/$i.err $scratch/new/$i.err"
	warnings=$((warnings + $(grep -acE "$STYLE_WARNING_RE" "$scratch/new/$i.err" || true)))
	if [ -f "$scratch/old/$i.sarif" ] || [ -f "$scratch/new/$i.sarif" ]; then
		cmp -s <(same "$scratch/old/$i.sarif") <(same "$scratch/new/$i.sarif") ||
			die "${objs[i - 1]}: the SARIF logs differ: diff $scratch/old/$i.sarif $scratch/new/$i.sarif"
		logs=$((logs + 1))
	fi
done
[ "$warnings" -gt 0 ] || die "no style warning in any compile: nothing was compared"
rm -rf "$scratch"
note "the same messages from ${#objs[@]} compiles ($warnings style warnings, $logs SARIF logs) with the plugins of $rev and of the work tree ($(($(date +%s) - t0)) s)"
