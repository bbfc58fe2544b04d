#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# plugin-layers.sh - the plugin's files call each other one way only
#
# Usage: scripts/plugin-layers.sh [DIR]   (DIR: the plugin's sources,
#        default plugin/; GXX and GCC from the environment)
#
# Compiles each DIR/*.c alone, reads the symbols it defines and the ones
# it leaves undefined (nm), and draws an edge A -> B where A uses a
# symbol B defines.  Prints the edges, then each cycle among the files
# (a set of files that reach each other) with the edges inside it, and
# exits 1 if there is one.  docs/architecture.md shows the levels.

set -uo pipefail

prog=plugin-layers
# shellcheck source=lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"

dir=${1:-$top/plugin}
GCC=${GCC:-gcc}
GXX=${GXX:-g++}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

plugin_include=$($GCC -print-file-name=plugin)/include
for c in "$dir"/*.c; do
	f=$(basename "$c" .c)
	$GXX -c -O0 -fPIC -std=gnu++11 -fno-rtti -fno-exceptions \
		-Wno-narrowing -I "$plugin_include" -I "$dir" \
		-o "$out/$f.o" "$c" > "$out/$f.log" 2>&1 ||
		die_log "$out/$f.log" "cannot compile $c"
	# Strong definitions only: the headers' inline functions are weak
	# in every file that uses them.
	nm "$out/$f.o" | awk -v f="$f" '
		$1 == "U" { print "U", f, $2 }
		NF == 3 && $2 ~ /^[TDBR]$/ { print "D", f, $3 }'
done > "$out/symbols"

awk '
	$1 == "D" { def[$3] = $2 }
	$1 == "U" { use[n++] = $2 " " $3 }
	END {
		for (i = 0; i < n; i++) {
			split(use[i], u, " ")
			if ((u[2] in def) && def[u[2]] != u[1])
				print u[1], def[u[2]], u[2]
		}
	}' "$out/symbols" | sort -u > "$out/edges"

# The edges, one line per pair of files with the symbols they share.
awk '{ k = $1 " -> " $2; s[k] = s[k] " " $3 } END { for (k in s) print k ":" s[k] }' \
	"$out/edges" | sort | c++filt

# The cycles: the files that reach each other (transitive closure).
awk '
	{ e[$1, $2] = 1; sym[$1, $2] = sym[$1, $2] " " $3
	  f[$1] = 1; f[$2] = 1 }
	END {
		for (k in f) for (i in f) for (j in f)
			if (e[i, k] && e[k, j])
				e[i, j] = 1
		for (i in f) {
			if (done[i] || !e[i, i])
				continue
			list = ""
			for (j in f)
				if (e[i, j] && e[j, i]) {
					done[j] = 1
					list = list " " j
				}
			print "cycle:" list
			for (a in f) for (b in f)
				if (a != b && e[a, b] && e[b, a] && sym[a, b] != "")
					print "  " a " -> " b ":" sym[a, b]
			bad = 1
		}
		exit bad
	}' "$out/edges" > "$out/cycles"
status=$?
c++filt < "$out/cycles"
exit $status
