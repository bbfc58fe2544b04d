#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/checker-cost.sh - the CPU of the style check as C=2's checker pass
# against the W=style compile and the plain compile, on a sample of the
# C objects of a plain kernel build (issue 35)
#
# Usage: bench/checker-cost.sh OBJ STEP
#   OBJ   a finished plain O= build whose scripts/gcc-plugins/style_plugin.so
#         exists (after one make C=2 W=style there)
#   STEP  every STEP-th kernel C object (sorted) is measured
# For each object, its own command from its .cmd file (the compile only:
# no objtool, no dependency file, the object written to a scratch
# directory) runs three ways, one after the other: plain; with the
# plugin (what make W=style runs); and the checker pass (-fsyntax-only,
# the plugin, check-only: what make C=2 W=style runs).  Prints the
# user+sys CPU seconds of each way, summed over the sample, and their
# ratios.  Nothing in OBJ is written.
set -euo pipefail

prog=checker-cost.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../scripts/lib.sh"

[ $# -eq 2 ] || { echo "usage: $0 OBJ STEP" >&2; exit 2; }
obj=$(cd "$1" 2>/dev/null && pwd) || die "OBJ '$1' is not a directory"
step=$2
[[ $step =~ ^[1-9][0-9]*$ ]] || die "STEP must be a positive number, not '$step'"
so=$obj/scripts/gcc-plugins/style_plugin.so
[ -f "$so" ] || die "$so not found: run make C=2 W=style in $obj first"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
plugin="-fplugin=$so -fplugin-arg-style_plugin-once=$tmp/once"
mkdir -p "$tmp/once"

# cpu CMD...: user+sys seconds of CMD (its output discarded).
cpu() {
	local TIMEFORMAT='%U %S' t
	t=$( { time "$@" >/dev/null 2>&1; } 2>&1) || die "failed: $*"
	awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}

cd "$obj"
mapfile -t cmds < <(grep -l -e '-D__KERNEL__' -r --include='.*.o.cmd' . |
	xargs grep -l '^source_[^ ]*\.o := .*\.c$' | sort | awk -v s="$step" 'NR % s == 0')
[ ${#cmds[@]} -gt 0 ] || die "no kernel C objects in $obj"
n=0 a=0 b=0 c=0
for f in "${cmds[@]}"; do
	# The compile: the command up to its first ';' (objtool after it).
	line=$(cmd_compile "$f")
	# The shell's words of the command (it quotes -DKBUILD_MODNAME=...).
	eval "w=($line)"
	base=() src=
	skip=0
	for x in "${w[@]}"; do
		if [ $skip = 1 ]; then skip=0; continue; fi
		case $x in
		-Wp,-MMD,*) ;;
		-o) skip=1 ;;
		-c) ;;
		*.c) src=$x ;;
		*) base+=("$x") ;;
		esac
	done
	[ -n "$src" ] || continue
	ta=$(cpu "${base[@]}" -c -o "$tmp/x.o" "$src")
	# shellcheck disable=SC2086
	tb=$(cpu "${base[@]}" $plugin -c -o "$tmp/x.o" "$src")
	rm -rf "$tmp/once" && mkdir -p "$tmp/once"
	# shellcheck disable=SC2086
	tc=$(cpu "${base[@]}" -fsyntax-only $plugin -fplugin-arg-style_plugin-check-only "$src")
	rm -rf "$tmp/once" && mkdir -p "$tmp/once"
	n=$((n + 1))
	a=$(awk -v x="$a" -v y="$ta" 'BEGIN { print x + y }')
	b=$(awk -v x="$b" -v y="$tb" 'BEGIN { print x + y }')
	c=$(awk -v x="$c" -v y="$tc" 'BEGIN { print x + y }')
done
awk -v n="$n" -v a="$a" -v b="$b" -v c="$c" 'BEGIN {
	printf "%d objects: plain compile %.1f s CPU, W=style compile %.1f s (%.2f x plain), C=2 pass %.1f s (%.2f x plain, %.2f x W=style)\n",
		n, a, b, b / a, c, c / a, c / b }'
