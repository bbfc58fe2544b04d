#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# csmith.sh - random C programs compiled with and without the plugin:
# same exit status, same diagnostics but the plugin's, no crash, and
# byte-identical objects
#
# Usage: testsuite/robust/csmith.sh [N] [--seed FIRST] [--jobs N]
#
#   N        how many programs (default 30: what `make check` runs)
#   --seed   the first csmith seed (default 1); program i has seed
#            FIRST + i, so a run, and each program, can be reproduced:
#            csmith --seed S -o p.c
#   --jobs   parallel compiles (default: the number of CPUs)
#
# Each program is compiled with -O2 -g -gno-record-gcc-switches -Wall
# -Wextra (-g without the switches in DW_AT_producer, so that the
# -fplugin option does not differ), and the objects must be the same
# byte for byte: the plugin only reads the trees, it must not change
# them, nor locations that reach the debug info.
# Needs the Debian packages csmith and libcsmith-dev (csmith.h).

set -uo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$self")/lib.sh"
TIMEOUT=${TIMEOUT:-120}
work=$robust/csmith
FLAGS=(-O2 -g -gno-record-gcc-switches -Wall -Wextra -fdiagnostics-plain-output
       -fmessage-length=0)

# --one SEED INCDIR: a worker, run by xargs below; prints a record and
# "same"/"differ"/"none" for the objects.
if [ "${1:-}" = --one ]; then
	seed=$2 inc=$3
	dir=$work/seed-$seed
	rm -rf "$dir"
	mkdir -p "$dir"
	# (csmith writes platform.info into its working directory)
	if ! (cd "$dir" && csmith --seed "$seed" -o prog.c) > "$dir/csmith.log" 2>&1; then
		echo "NOGEN $seed"
		exit 0
	fi
	rec=$(compare_pair "seed-$seed" "$TIMEOUT" "$dir" "${FLAGS[@]}" \
		-I"$inc" -c prog.c)
	set -- $rec
	obj=none
	if [ "$3" = 0 ] && [ "$4" = 0 ]; then
		if cmp -s "$dir/plain.o" "$dir/style.o"; then
			obj=same
		else
			obj=differ
		fi
	fi
	# Keep what shows a problem; the rest takes room for nothing.
	if [ "$3" = "$4" ] && [ "$6" = 0 ] && [ "$7" = 0 ] && [ $obj != differ ]; then
		rm -rf "$dir"
	fi
	echo "$rec $obj"
	exit 0
fi

count=30 first=1 jobs=$(nproc)
while [ $# -gt 0 ]; do
	case $1 in
	--seed) first=$2; shift ;;
	--jobs) jobs=$2; shift ;;
	[0-9]*) count=$1 ;;
	*) echo "usage: $0 [N] [--seed FIRST] [--jobs N]" >&2; exit 2 ;;
	esac
	shift
done

if ! command -v csmith > /dev/null; then
	echo "FAIL: csmith: csmith is not installed (Debian: csmith libcsmith-dev)"
	exit 1
fi
inc=$(ls -d /usr/include/csmith* 2>/dev/null | head -1)
if [ -z "$inc" ] || [ ! -f "$inc/csmith.h" ]; then
	echo "FAIL: csmith: no csmith.h in /usr/include/csmith* (Debian: libcsmith-dev)"
	exit 1
fi
start_test csmith "$work"
start=$(date +%s)
seq "$first" $((first + count - 1)) |
	xargs -P "$jobs" -I{} "$self" --one {} "$inc" > "$work/records"
secs=$(( $(date +%s) - start ))

# REC NAME rc-plain rc-style crash-plain crash-style diff style other obj
read -r n nogen ok ices rcdiff diagdiff same objdiff styles other < <(
	awk '$1 == "NOGEN" { nogen++ }
	$1 == "REC" {
		n++; if ($3 == 0) ok++
		if ($6 && !$5) ice++
		if ($3 != $4) rc++
		if ($7) dd++
		if ($10 == "same") same++
		if ($10 == "differ") od++
		st += $8; oth += $9
	} END { printf "%d %d %d %d %d %d %d %d %d %d\n",
		n, nogen, ok, ice, rc, dd, same, od, st, oth }' "$work/records")

echo "csmith: $(cd "$work" && csmith --version 2>/dev/null | head -1), seeds $first..$((first + count - 1)), ${secs}s"
echo "csmith: $n programs compiled both ways, $ok without error; $styles style warnings, $other other diagnostic lines"
echo "csmith: ICEs with the plugin: $ices; exit status differences: $rcdiff; diagnostic differences: $diagdiff"
echo "csmith: objects identical: $same; different: $objdiff"
awk '$1 == "REC" && (($6 && !$5) || $3 != $4 || $7 || $10 == "differ") {
	printf "  %s: status %s/%s crash %s/%s, %s diagnostic lines differ, objects %s\n",
		$2, $3, $4, $5, $6, $7, $10
}' "$work/records" | head -30

verdict "$n programs generated and compiled" \
	"$n results for $count seeds ($nogen not generated)" [ $((n == count && nogen == 0)) = 1 ]
compare_verdicts programs "$ices" "$rcdiff" "$diagdiff"
verdict "$same objects byte-identical with and without the plugin" \
	"$objdiff objects differ with the plugin ($same identical)" [ $((objdiff == 0 && same > 0)) = 1 ]
verdict "the plugin checked ($styles style warnings)" \
	"$styles style warnings, $other other lines: plugin or filter not working" [ $((styles > 0 && other > 0)) = 1 ]
