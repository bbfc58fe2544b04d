#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# corpus.sh - the plugin never breaks a compile: GCC's own C tests,
# compiled with and without it, must give the same result
#
# Usage: testsuite/robust/corpus.sh [--sample N | --all] [--cxx] [--jobs N]
#
#   --sample N  every K-th file of the sorted corpus, about N files
#               (default 300, what `make check` runs: under 30 s)
#   --all       the whole corpus (9,293 C files: about 11 minutes on
#               two busy cores; with --cxx, 15,258 C++ files more)
#   --cxx       also g++.dg (every directory), sampled the same way
#   --jobs N    parallel compiles (default: the number of CPUs)
#
# The corpus is gcc.c-torture/{compile,execute}/*.c and gcc.dg/*.c from
# the gcc-N-source package's tarball, unpacked once into
# $BUILD/robust/gcc-src.  Each file is compiled with -c, with the
# options of its unconditional dg-options/dg-additional-options (less
# those that write files, change the diagnostics' format or print
# timings), else the
# defaults of its DejaGnu directory, once without the plugin and once
# with it, with plain diagnostics.  Required, for every file:
#   - no internal compiler error or killed compiler with the plugin
#     (one that GCC shows without the plugin too is counted apart),
#   - the same exit status (a timeout counts as status 124 on each side),
#   - the same diagnostics once the plugin's own are taken out (but
#     for GCC's own ICEs, whose banner names the plugin), and the same
#     standard output,
# and over the run: the plugin did warn (it was loaded and checking)
# and other diagnostics were compared (the filter does not hide all).
# Environment: GCC, PLUGIN, BUILD, TIMEOUT (seconds a compile, 60),
# GCC_SOURCE_TARBALL (default /usr/src/gcc-N/gcc-*.tar.xz).

set -uo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$self")/lib.sh"
TIMEOUT=${TIMEOUT:-60}

# --one FILE DEFAULT-OPTIONS: a worker, run by xargs below.
if [ "${1:-}" = --one ]; then
	file=$2 defaults=$3
	dir=$(mktemp -d "$robust/corpus/tmp/XXXXXX") || exit 1
	opts=$(sed -n -e 's/.*{ *dg-\(additional-\)\{0,1\}options  *"\([^"]*\)" *}.*/\1 \2/p' \
		"$file" | awk '$1 != "additional-" { base = $0; sub(/^ */, "", base); have = 1; next }
			{ sub(/^additional- */, ""); extra = extra " " $0 }
			END { print (have ? base : "DEFAULT") extra }')
	opts=${opts/DEFAULT/$defaults}
	args=()
	set -f
	for o in $opts; do
		case $o in
		-fdump-*|-save-temps*|--save-temps*|-flto*|-fplugin*|\
		-fprofile*|-fauto-profile*|-fdiagnostics-format=*|\
		-ftime-report*|-fmem-report*|\
		-fdiagnostics-generate-patch|-fself-test*|-wrapper|-B*|\
		-specs=*|-o|-c|-S|-E|*'$'*|*'['*|*'{'*) ;;
		*) args+=("$o") ;;
		esac
	done
	set +f
	rel=${file#"$robust"/gcc-src/*/gcc/testsuite/}
	rec=$(compare_pair "$rel" "$TIMEOUT" "$dir" -fdiagnostics-plain-output \
		-fmessage-length=0 "${args[@]}" -c "$file")
	set -- $rec
	if [ "$3" != "$4" ] || [ "$6" = 1 ] || [ "$7" != 0 ]; then
		out=$robust/corpus/diffs/${rel//\//_}
		{
			echo "options: ${args[*]}"
			echo "status: plain $3, plugin $4"
			echo "--- stderr without the plugin"
			cat "$dir/plain.err"
			echo "--- stderr with the plugin"
			cat "$dir/style.err"
			echo "--- filtered diff"
			cat "$dir/diag.diff"
		} > "$out"
	fi
	rm -rf "$dir"
	echo "$rec"
	exit 0
fi

mode=sample sample=300 cxx=0 jobs=$(nproc)
while [ $# -gt 0 ]; do
	case $1 in
	--sample) mode=sample sample=$2; shift ;;
	--all) mode=all ;;
	--cxx) cxx=1 ;;
	--jobs) jobs=$2; shift ;;
	*) echo "usage: $0 [--sample N | --all] [--cxx] [--jobs N]" >&2; exit 2 ;;
	esac
	shift
done

start_test corpus "$robust/corpus"

# Unpack the testsuite once; the stamp names the tarball it came from.
major=$($GCC -dumpversion | cut -d. -f1)
tarball=${GCC_SOURCE_TARBALL:-$(ls /usr/src/gcc-"$major"/gcc-*.tar.xz 2>/dev/null | head -1)}
src=$robust/gcc-src
if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
	echo "FAIL: corpus: no GCC source tarball (install gcc-$major-source)"
	exit 1
fi
stamp="$tarball $(stat -c %s "$tarball")"
if [ "$(cat "$src/.stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	if ! tar -xJf "$tarball" -C "$src" --wildcards \
		'*/gcc/testsuite/gcc.c-torture/*' '*/gcc/testsuite/gcc.dg/*' \
		'*/gcc/testsuite/g++.dg/*'; then
		echo "FAIL: corpus: cannot unpack $tarball"
		exit 1
	fi
	echo "$stamp" > "$src/.stamp"
fi
ts=$(echo "$src"/*/gcc/testsuite)

# pick LIST-FILE: the files to run, one a line: every K-th of each
# list, K such that the C corpus gives about N files.
pick() {
	awk -v k="$step" '(NR - 1) % k == 0' "$1"
}

mkdir -p "$robust/corpus/tmp" "$robust/corpus/diffs"
{
	find "$ts/gcc.c-torture/compile" "$ts/gcc.c-torture/execute" \
		-maxdepth 1 -name '*.c' | sort > "$robust/corpus/torture.list"
	find "$ts/gcc.dg" -maxdepth 1 -name '*.c' | sort > "$robust/corpus/dg.list"
	find "$ts/g++.dg" -name '*.C' | sort > "$robust/corpus/gxx.list"
}
corpus_total=$(cat "$robust/corpus/torture.list" "$robust/corpus/dg.list" | wc -l)
step=1
[ "$mode" = all ] || step=$(( (corpus_total + sample - 1) / sample ))

start=$(date +%s)
{
	# DejaGnu's defaults: the torture runs at several -O levels (-O2
	# here, with the warnings that read the most), gcc.dg without
	# dg-options at -ansi -pedantic-errors, g++.dg at -pedantic-errors.
	pick "$robust/corpus/torture.list" |
		xargs -d '\n' -P "$jobs" -I{} "$self" --one {} "-O2 -Wall -Wextra"
	pick "$robust/corpus/dg.list" |
		xargs -d '\n' -P "$jobs" -I{} "$self" --one {} "-ansi -pedantic-errors"
	if [ "$cxx" = 1 ]; then
		pick "$robust/corpus/gxx.list" |
			xargs -d '\n' -P "$jobs" -I{} "$self" --one {} "-pedantic-errors -Wno-long-long"
	fi
} > "$robust/corpus/records"
secs=$(( $(date +%s) - start ))

# REC NAME rc-plain rc-style crash-plain crash-style diff style other
read -r files ok ices both_ice rcdiff diagdiff timeouts warned styles other < <(
	awk '$1 == "REC" {
		n++; if ($3 == 0) ok++
		if ($6 && !$5) ice++
		if ($6 && $5) both++
		if ($3 != $4) rc++
		if ($7 && !($5 && $6)) dd++	# an ICE of GCC itself: not comparable
		if ($3 == 124) to++
		if ($8) warned++
		st += $8; oth += $9
	} END { printf "%d %d %d %d %d %d %d %d %d %d\n",
		n, ok, ice, both, rc, dd, to, warned, st, oth }' "$robust/corpus/records")

echo "corpus: $files files compiled both ways (of $corpus_total C files$([ "$cxx" = 1 ] && echo ", with g++.dg")), in ${secs}s"
echo "corpus: $ok compile without error; $timeouts time out (${TIMEOUT}s)"
echo "corpus: $styles style warnings in $warned files; $other other diagnostic lines compared"
echo "corpus: ICEs with the plugin only: $ices; GCC's own ICEs (both ways): $both_ice"
echo "corpus: exit status differences: $rcdiff; diagnostic differences: $diagdiff"
awk '$1 == "REC" && (($6 && !$5) || $3 != $4 || ($7 && !($5 && $6))) {
	printf "  %s: status %s/%s crash %s/%s, %s diagnostic lines differ\n", $2, $3, $4, $5, $6, $7
}' "$robust/corpus/records" | head -30
[ "$ices$rcdiff$diagdiff" = 000 ] || echo "  (details: $robust/corpus/diffs/)"

picked=$( { pick "$robust/corpus/torture.list"; pick "$robust/corpus/dg.list"
	   [ "$cxx" = 0 ] || pick "$robust/corpus/gxx.list"; } | wc -l)
verdict "$files files compiled with and without the plugin" \
	"$files results for $picked files" [ $((files > 0 && files == picked)) = 1 ]
compare_verdicts files "$ices" "$rcdiff" "$diagdiff"
verdict "the plugin checked ($styles style warnings)" \
	"not one style warning: was the plugin loaded?" [ "$styles" -gt 0 ]
verdict "the comparison saw other diagnostics ($other lines)" \
	"no other diagnostic at all: the filter hides everything" [ "$other" -gt 0 ]
