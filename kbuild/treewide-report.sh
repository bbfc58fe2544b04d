#!/usr/bin/env bash
# kbuild/treewide-report.sh - what the fixer of treewide/VERSION cannot
# fix, and checkpatch.pl against the sweep on a sample of its files.
#
# DEST/unfixable.txt, with counts:
#   - style warnings of the swept files that have no fix-it (the plugin
#     offers none: e.g. a whole function on one line);
#   - lines the patches add that are longer than 100 columns (tabs to
#     8), and how many of their old lines already were;
#   - fix-its left out with the headers of excluded-headers.txt;
#   - swept files that did not compile;
#   - on the sample (checkpatch.pl's TRAILING_STATEMENTS lines the
#     plugin did not report): inside macro definitions (the plugin checks
#     code as compiled, never a #define's body), in #if branches this
#     configuration does not compile (the line is not in the file's
#     preprocessed output: the sweep's own command with -E), and the
#     rest by kind (case labels, which are exempt by design, etc.).
# DEST/checkpatch.txt: checkpatch.pl -f (all its checks) on the sample:
# its wall and CPU time against the sweep's, and the agreement.
#
# Usage: kbuild/treewide-report.sh SRC OBJ OUT DEST SAMPLE_DIR...
#   SAMPLE_DIR  swept directories whose C files are the sample
# Environment: NICE (default 19).
set -euo pipefail

prog=treewide-report.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# -ge 5 ] || { echo "usage: $0 SRC OBJ OUT DEST SAMPLE_DIR..." >&2; exit 2; }
src=$(cd "$1" && pwd -P)
obj=$(cd "$2" && pwd -P)
out=$(cd "$3" && pwd -P)
dest=$(cd "$4" && pwd -P)
shift 4
nice=${NICE:-19}
work=$(mktemp -d "${TMPDIR:-/tmp}/treewide-report.XXXXXX")
trap 'rm -rf "$work"' EXIT
mapfile -t patches < <(series_patches "$dest")

# The warnings: FILE(relative to SRC)<TAB>LINE<TAB>RULE, and the fix-its' lines.
norm() { sed "s|^$src/||; s|^\\.\\./||"; }
sed -En "s/^([^ :]*):([0-9]*):[0-9]*$STYLE_WARNING_RE\$/\1\t\2\t\3/p" "$out/sweep.log" |
	norm | LC_ALL=C sort -u >"$work/warnings"
sed -n 's/^fix-it:"\([^"]*\)":{\([0-9]*\):.*/\1\t\2/p' "$out/sweep.log" | norm | LC_ALL=C sort -u >"$work/fixlines"
# A warning has a fix-it when one starts on its line (the removal of
# the blanks before the statement).
awk -F'\t' 'NR == FNR { f[$1 "\t" $2] = 1; next } !(($1 "\t" $2) in f)' "$work/fixlines" "$work/warnings" >"$work/nofix"

# Long lines the patches add (and whether the old line was long).
cat "${patches[@]}" | awk '
	function cols(s,    i, c, n) {
		n = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\t") n = n + 8 - n % 8; else n++
		}
		return n
	}
	/^@@/ { old = 0; next }
	/^---/ || /^\+\+\+/ { next }
	/^-/ { if (cols(substr($0, 2)) > 100) old++; next }
	/^\+/ { if (cols(substr($0, 2)) > 100) { n++; print substr($0, 2) > "/dev/stderr" } }
	END { print n + 0 }' 2>"$work/long" >"$work/nlong"
long_old=$(cat "${patches[@]}" | awk '/^-[^-]/ { s = substr($0, 2); gsub(/\t/, "        ", s); if (length(s) > 100) n++ } END { print n + 0 }')

# The sample: the swept C files of the SAMPLE_DIRs.
: >"$work/sample"
for d in "$@"; do
	d=${d%/}
	awk -F'\t' '{ c = $2; sub(/.* -c -o [^ ]* /, "", c); print $1 "\t" c }' "$out/commands" | relto_src "$src" "$obj" |
		awk -F'\t' -v d="$d/" 'index($2, d) == 1' >>"$work/sample"
done
[ -s "$work/sample" ] || die "no swept file in $*"
nsample=$(wc -l <"$work/sample")
note "checkpatch.pl on the $nsample files of the sample ($*)"
: >"$work/cp.out"
t0=$(date +%s.%N)
cpu=$( { TIMEFORMAT='%U %S'; time (cut -f2 "$work/sample" | while IFS= read -r f; do
	(cd "$src" && nice -n "$nice" perl scripts/checkpatch.pl --no-tree -f --terse --show-types --no-summary \
		--max-line-length=100 "$f" >>"$work/cp.out" 2>>"$work/cp.err" || true)
done); } 2>&1 | awk '{ print $1 + $2 }')
t1=$(date +%s.%N)
wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
# The sweep's CPU per file on the same files: the compiles again, timed.
scpu=$( { TIMEFORMAT='%U %S'; time (cut -f1 "$work/sample" | while IFS= read -r o; do
	c=$(awk -F'\t' -v o="$o" '$1 == o { print $2; exit }' "$out/commands")
	(cd "$obj" && nice -n "$nice" sh -c "$c -fsyntax-only" >/dev/null 2>&1 || true)
done); } 2>&1 | awk '{ print $1 + $2 }')
# A build's compiles of the same files: the same commands, to an object.
fcpu=$( { TIMEFORMAT='%U %S'; time (cut -f1 "$work/sample" | while IFS= read -r o; do
	c=$(awk -F'\t' -v o="$o" '$1 == o { print $2; exit }' "$out/commands")
	c=$(W="$work/full.o" perl -pe 's/ -c -o \S+ / -c -o $ENV{W} /' <<<"$c")
	(cd "$obj" && nice -n "$nice" sh -c "$c" >/dev/null 2>&1 || true)
done); } 2>&1 | awk '{ print $1 + $2 }')
sed -n 's/^\([^:]*\):\([0-9]*\): [A-Z]*:TRAILING_STATEMENTS:.*/\1\t\2/p' "$work/cp.out" | LC_ALL=C sort -u >"$work/cp.trail"

# Agreement on the sample's own files (not their headers).
cut -f2 "$work/sample" | LC_ALL=C sort -u >"$work/sample.files"
awk -F'\t' 'NR == FNR { s[$1] = 1; next } ($1 in s) { print $1 "\t" $2 }' "$work/sample.files" "$work/warnings" |
	LC_ALL=C sort -u >"$work/pl.lines"
both=$(LC_ALL=C comm -12 "$work/pl.lines" "$work/cp.trail" | wc -l)
LC_ALL=C comm -23 "$work/pl.lines" "$work/cp.trail" >"$work/only.plugin"
LC_ALL=C comm -13 "$work/pl.lines" "$work/cp.trail" >"$work/only.cp"
# Classify checkpatch's other lines: in a #define, compiled or not.
: >"$work/cls"
while IFS=$(printf '\t') read -r f l; do
	o=$(awk -F'\t' -v f="$f" '$2 == f { print $1; exit }' "$work/sample")
	text=$(sed -n "${l}p" "$src/$f")
	kind=other
	if awk -v l="$l" 'NR < l { m = ($0 ~ /\\$/) ? (m || $0 ~ /^[ \t]*#[ \t]*define/) : 0 } NR == l { exit !(m || $0 ~ /^[ \t]*#[ \t]*define/) }' "$src/$f"; then
		kind=macro
	else
		if [ ! -f "$work/pp.${o//\//_}" ]; then
			c=$(awk -F'\t' -v o="$o" '$1 == o { print $2; exit }' "$out/commands")
			c=$(sed 's/ -c -o [^ ]* / -E -o - /; s/ -fplugin[^ ]*//g; s/ -Wp,-MMD,[^ ]*//' <<<"$c")
			(cd "$obj" && nice -n "$nice" sh -c "$c" 2>/dev/null) |
				awk -v want="$src/$f" '
					/^# [0-9]+ "/ { n = $2 - 1; file = $3; gsub(/"/, "", file); next }
					{ n++; if (file == want) print n }' | LC_ALL=C sort -un >"$work/pp.${o//\//_}" || true
		fi
		if ! grep -qx "$l" "$work/pp.${o//\//_}"; then
			kind=uncompiled
		elif [[ $text =~ ^[[:space:]]*(case[[:space:]].*|default[[:space:]]*):  ]]; then
			kind=case
		fi
	fi
	printf '%s\t%s:%s\t%s\n' "$kind" "$f" "$l" "$(sed 's/^[[:space:]]*//' <<<"$text")" >>"$work/cls"
done <"$work/only.cp"
count() { awk -F'\t' -v k="$1" '$1 == k' "$work/cls" | wc -l; }

{
	echo "# What the fixer cannot fix: treewide/$(basename "$dest") (kbuild/treewide-report.sh)"
	echo
	echo "All swept files ($(wc -l <"$out/commands") compile commands of the sweep):"
	echo "  style warnings without a fix-it: $(wc -l <"$work/nofix") lines"
	awk 'NR <= 20 { print "    " $0 }' "$work/nofix"
	echo "  lines the patches add that are longer than 100 columns: $(cat "$work/nlong") (old lines longer than 100 columns that the patches remove: $long_old)"
	awk 'NR <= 20 { print "    " $0 }' "$work/long"
	echo "  headers left out (excluded-headers.txt): $(wc -l <"$dest/excluded-headers.txt"), with $(awk -F'\t' 'NR == FNR { h[$1] = 1; next } ($1 in h)' "$dest/excluded-headers.txt" "$work/fixlines" | wc -l) fix-it lines"
	echo "  swept files that did not compile: $(grep -L '^# sweep: .* exit 0$' -r "$out/logs" | wc -l)"
	echo
	echo "The sample ($nsample files of: $*), checkpatch.pl TRAILING_STATEMENTS lines the plugin does not report: $(wc -l <"$work/only.cp")"
	echo "  inside macro definitions: $(count macro)"
	echo "  in #if branches this configuration does not compile: $(count uncompiled)"
	echo "  case labels (exempt by design, docs/rules.md): $(count case)"
	echo "  other: $(count other)"
	sed 's/^/    /' "$work/cls" | LC_ALL=C sort
} >"$dest/unfixable.txt"
{
	echo "# checkpatch.pl against the sweep on a sample (kbuild/treewide-report.sh)"
	echo "sample: $nsample C files of: $*"
	echo "checkpatch.pl --no-tree -f (all checks), one file at a time: $wall s wall, $cpu s CPU (user+sys)"
	echo "the sweep's compiles of the same files (-fsyntax-only, the plugin): $scpu s CPU (user+sys)"
	echo "a build's compiles of the same files (the same commands writing an object; no objtool, no link): $fcpu s CPU (user+sys)"
	echo "per file: a build's compile $(awk -v c="$fcpu" -v n="$nsample" 'BEGIN { printf "%.2f", c / n }') s CPU;"
	echo "per file: checkpatch $(awk -v c="$cpu" -v n="$nsample" 'BEGIN { printf "%.2f", c / n }') s CPU, the sweep $(awk -v c="$scpu" -v n="$nsample" 'BEGIN { printf "%.2f", c / n }') s CPU"
	echo "lines in the sample's own files: both $both; only the plugin $(wc -l <"$work/only.plugin"); only checkpatch $(wc -l <"$work/only.cp") (classes in unfixable.txt)"
	echo "only the plugin, by rule:"
	awk -F'\t' 'NR == FNR { k[$1 "\t" $2] = 1; next } (($1 "\t" $2) in k) { print "  " $3 }' "$work/only.plugin" "$work/warnings" | sort | uniq -c
} | tee "$dest/checkpatch.txt"
