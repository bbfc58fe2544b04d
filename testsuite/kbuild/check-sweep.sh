#!/usr/bin/env bash
# testsuite/kbuild/check-sweep.sh - the committed results of the whole
# allmodconfig sweep (treewide/VERSION/sweep, kbuild/sweep-data.sh) are
# well-formed and consistent, without compiling (seconds):
#   - kbuild/sweep-data.sh check accepts them: every record parses, its
#     warning count is its warnings', every header block is there and
#     used, the coverage list names every swept file with the same status;
#   - the coverage list names at least MIN_COVERAGE C files (the
#     configuration's, from make -n), each once;
#   - every failed file says why;
#   - unpacked into logs and packed again they are the same, byte for
#     byte (what a new machine continues from is what was committed);
#   - expanded for kbuild/treewide.sh (sweep-data.sh expand): every
#     swept file in OUT/commands and OUT/deps, every fix-it in
#     OUT/sweep.log;
#   - planted faults in a copy are rejected: a warning count changed, a
#     warning line taken out, a header block taken out, a swept file
#     marked pending in the coverage list, a file out of its group, a
#     path through ".." in the coverage list.
#
# Usage: testsuite/kbuild/check-sweep.sh [VERSION]   (default 6.12)
# Environment: MIN_COVERAGE (default 20000).
set -euo pipefail

prog=check-sweep.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

version=${1:-6.12}
data=$root/treewide/$version/sweep
[ -f "$data/coverage.txt" ] || die "$data/coverage.txt not found"
tool=$root/kbuild/sweep-data.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/check-sweep.XXXXXX")
trap 'rm -rf "$work"' EXIT

check "sweep-data.sh check accepts treewide/$version/sweep" "$tool" check "$data"
n=$(grep -vc '^#' "$data/coverage.txt" || true)
min=${MIN_COVERAGE:-20000}
check "the coverage list names at least $min C files ($n)" test "$n" -ge "$min"
dups=$(cut -f1 "$data/coverage.txt" | LC_ALL=C sort | uniq -d | awk 'NR <= 3' | tr '\n' ' ')
check "the coverage list names each file once${dups:+ (twice: $dups)}" test -z "$dups"
nowhy=$(awk -F'\t' '$2 == "failed" && $4 == "" { print $1 }' "$data/coverage.txt" | awk 'NR <= 3' | tr '\n' ' ')
check "every failed file says why${nowhy:+ (not: $nowhy)}" test -z "$nowhy"

# expand (unpack, and what kbuild/treewide.sh reads), then the round
# trip: the data packed again from those logs.
mkdir -p "$work/src" "$work/obj" "$work/ex" "$work/again"
"$tool" expand "$work/src" "$work/obj" "$work/ex/out" "$data" 2>"$work/expand.err" || cat "$work/expand.err" >&2
cp "$data/coverage.txt" "$work/again/"
"$tool" pack "$work/src" "$work/obj" "$work/ex/out" "$work/again" 2>"$work/pack.err" || cat "$work/pack.err" >&2
check "unpacked into logs and packed again, the data are the same" diff -r "$data" "$work/again"

# expand: every swept file, with every fix-it of the data (headers'
# once per includer, as in a sweep's log).
groups=()
for f in "$data"/*.txt; do
	case $f in */headers.txt | */coverage.txt) ;; *) groups+=("$f") ;; esac
done
nswept=$(awk -F'\t' '$2 == "swept"' "$data/coverage.txt" | wc -l)
nfix=$(perl -ne 'BEGIN { open(my $h, "<", shift) or die; my $k; while (<$h>) { if (/^B (\S+)/) { $k = $1 } elsif (/^X /) { $x{$k}++ } } }
	$n++ if /^X /; $n += $x{$1} if /^I \S+ (\S+)$/; END { print $n + 0 }' "$data/headers.txt" "${groups[@]}")
ncmd=$(wc -l <"$work/ex/out/commands" 2>/dev/null || echo 0)
nlog=$(grep -c '^fix-it:"' "$work/ex/out/sweep.log" 2>/dev/null || true)
check "expand: $ncmd of $nswept swept files in OUT/commands, $nlog of $nfix fix-its in OUT/sweep.log" \
	test "$ncmd" = "$nswept" -a "$nlog" = "$nfix" -a "$(wc -l <"$work/ex/out/deps")" = "$nswept"

# planted NAME WHY SCRIPT: SCRIPT changes a copy of the data in $work/p;
# sweep-data.sh check must reject it, saying WHY (an extended regular
# expression: for this fault, not any failure).
planted() {
	rm -rf "$work/p"
	cp -r "$data" "$work/p"
	(cd "$work/p" && eval "$3")
	if "$tool" check "$work/p" >/dev/null 2>"$work/planted.err"; then
		fail "planted: $1 is rejected (it is accepted)"
	else
		check "planted: $1 is rejected: $(head -n1 "$work/planted.err")" grep -qE "$2" "$work/planted.err"
	fi
}
# g: the first group file with a W line (no "| head": pipefail).
g=''
for f in "${groups[@]}"; do
	if grep -q '^W ' "$f"; then g=$(basename "$f"); break; fi
done
[ -n "$g" ] || die "$data: no group file with a warning"
planted "a warning count changed" 'warnings said, [0-9]+ listed' \
	"perl -i -pe 's/^(F \S+ swept )(\d+)\$/\$1 . (\$2 + 1)/e && \$done++ if !\$done' $g"
planted "a warning line taken out" 'warnings said, [0-9]+ listed' \
	"perl -i -ne 'print unless /^W / && !\$done++' $g"
planted "a header block taken out" 'header key [0-9a-f]+ not in headers.txt' \
	"perl -i -ne 'if (/^B /) { \$skip = !\$done++ } elsif (!/^[WX] /) { \$skip = 0 } print unless \$skip' headers.txt"
planted "a swept file marked pending in the coverage list" 'pending but swept in its group file' \
	"perl -i -pe 's/\tswept\t\d+\t\$/\tpending\t0\t/ && \$done++ if !\$done' coverage.txt"
planted "a file in another group's file" 'is not of group' \
	"grep -m1 '^F ' $g | sed 's|^F [^/]*/|F zz/|' >>$g"
planted "a path through .. in the coverage list" 'is not a canonical path' \
	"perl -i -pe 's|^([^/]+)/|\$1/../\$1/| if \$. == 1' coverage.txt"

# Other architectures' sweeps (kbuild/sweep-cross.sh): each is accepted
# by sweep-data.sh check, names no file that the x86_64 sweep compiled
# (--except) and says why of each failed file; arm64's covers the files
# only arm64 compiles (at least MIN_ARM64 of them).
for c in "$data"-*/; do
	[ -d "$c" ] || continue
	c=${c%/}
	a=${c##*/sweep-}
	check "sweep-data.sh check accepts treewide/$version/sweep-$a" "$tool" check "$c"
	both=$(awk -F'\t' 'NR == FNR { x[$1] = 1; next } ($1 in x) { print $1 }' "$data/coverage.txt" "$c/coverage.txt" |
		awk 'NR <= 3' | tr '\n' ' ')
	check "sweep-$a: no file the x86_64 sweep compiled${both:+ (both: $both)}" test -z "$both"
	nowhy=$(awk -F'\t' '$2 == "failed" && $4 == "" { print $1 }' "$c/coverage.txt" | awk 'NR <= 3' | tr '\n' ' ')
	check "sweep-$a: every failed file says why${nowhy:+ (not: $nowhy)}" test -z "$nowhy"
done
if [ -f "$data-arm64/coverage.txt" ]; then
	n=$(grep -vc '^#' "$data-arm64/coverage.txt" || true)
	check "sweep-arm64: the files only arm64's allmodconfig compiles, at least ${MIN_ARM64:-1000} ($n)" \
		test "$n" -ge "${MIN_ARM64:-1000}"
else
	fail "treewide/$version/sweep-arm64 is there (kbuild/sweep-cross.sh arm64)"
fi

# shellcheck disable=SC2154 # counted by scripts/lib.sh
echo "check-sweep: $passed passed, $failed failed"
[ "$failed" = 0 ]
