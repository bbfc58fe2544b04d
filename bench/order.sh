#!/usr/bin/env bash
# bench/order.sh - a W=style build's warnings do not depend on the order
# its objects are compiled in (issue 20): a compile skips the header
# functions that an earlier compile of the same make recorded as checked
# (.tmp_style_once), so another order gives other compiles the walks;
# the warnings, those of headers included, must stay the same.
#
# Usage: bench/order.sh OUT LOG
#   OUT  the output directory (O=) of a finished make W=style
#   LOG  that build's log
#
# Empties OUT/.tmp_style_once, then runs again the compile command of each
# object the build's CC lines name (the first command of its .cmd file,
# the one kbuild ran, with its plugin arguments; its outputs into
# OUT/.order/), in the reverse order, $JOBS at a time, each finding the
# records of those before it, as the build's compiles did. Their messages:
# OUT/order.log. Each log must give each style warning once, and the two
# sets of warnings must be the same, byte for byte as printed (a header
# reached through "dir/../" is named without it by the plugin, whichever
# compile reports it): exit 0 and a line saying how many, or exit 1 and
# why. kbuild's own
# single-target goals cannot do this: they build the boot code without its
# Makefile's flags, and a make of its own would start the records afresh.
# Environment: JOBS (nproc).
set -euo pipefail

prog=bench/order.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# = 2 ] || { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
out=$1 log=$2
jobs=${JOBS:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a positive number, got '$jobs'"
[ -f "$out/.config" ] || die "$out is not a configured output directory"
out=$(cd "$out" && pwd)
[ -s "$log" ] || die "$log: no build log"

# warnings LOG: the style warnings of a build log, as given (none is not
# an error here: the comparison says what is missing).
warnings() { grep -aE "$STYLE_WARNING_RE" "$1" || true; }

# style_warnings LOG: the style warnings of a build log, sorted, once
# each, as printed: a farm diffs them as text.
style_warnings() {
	warnings "$1" | LC_ALL=C sort -u
}

# The kernel objects the build's CC lines name, the last first.
mapfile -t objs < <(cc_objects "$log" | tac)
[ ${#objs[@]} -gt 1 ] || die "$log names no compiled object (CC lines)"

style_warnings "$log" >"$out/order.before"
n=$(wc -l <"$out/order.before")
[ "$n" -gt 0 ] || die "$log has no style warning: nothing to compare"

# One script per compile: the .cmd file's command up to its first ";"
# (objtool, fixdep), outputs renamed.
scratch=$out/.order
rm -rf "$scratch"
mkdir -p "$scratch"
k=0
for o in "${objs[@]}"; do
	k=$((k + 1))
	f=$out/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$f" ] || die "$o: no $f"
	cmd_compile "$f" | sed -n -e "s# -Wp,-MMD,[^ ]*# -Wp,-MMD,$scratch/$k.d#" \
		-e "s# -o [^ ]*\\.o # -o $scratch/$k.o #p" >"$scratch/$k.sh"
	grep -q "style_plugin-once=" "$scratch/$k.sh" ||
		die "$o: no compile command with the style plugin's once= in $f"
done

rm -rf "$out/.tmp_style_once"
mkdir "$out/.tmp_style_once"
note "${#objs[@]} compiles in the reverse order, $jobs at a time: ${objs[0]} first, ${objs[-1]} last"
t0=$(date +%s)
# shellcheck disable=SC2016 # expanded by the sh that xargs runs
seq 1 "$k" | xargs -P "$jobs" -I{} sh -c 'cd "$1" && sh "$2/$3.sh" 2>"$2/$3.err" || {
	echo "compile $3 failed: $(tail -n 3 "$2/$3.err")" >&2; exit 255; }' sh "$out" "$scratch" {} ||
	die "a compile failed (commands in $scratch)"
for ((i = 1; i <= k; i++)); do
	cat "$scratch/$i.err"
done >"$out/order.log"
style_warnings "$out/order.log" >"$out/order.after"
for f in "$log" "$out/order.log"; do
	twice=$(warnings "$f" | LC_ALL=C sort | uniq -d | head -n 3 | tr '\n' ' ')
	[ -z "$twice" ] || die "$f: warnings given twice: $twice..."
done
cmp -s "$out/order.before" "$out/order.after" ||
	die "the warnings differ in the reverse order: diff $out/order.before $out/order.after"
rm -rf "$scratch"
note "the same $n style warnings, byte for byte ($(grep -vc '\.c:[0-9]' "$out/order.before" || true) in headers) from ${#objs[@]} compiles in the build's order and in the reverse order ($(($(date +%s) - t0)) s)"
