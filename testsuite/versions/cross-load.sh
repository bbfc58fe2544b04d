#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cross-load.sh - a plugin built for one GCC, loaded by another, fails the
# compile with one clear line naming both versions, and no crash.
#
# Usage: testsuite/versions/cross-load.sh GCC_A GCC_B   (e.g. gcc gcc-11)
#
# Builds the plugin for each (make GCC=...; its g++ of the same release),
# checks that each loads in its own compiler and reports a violation, and
# that each compiler (C and C++) refuses the other's plugin with exactly
#   cc1: error: style_plugin: built for GCC X, but this is GCC Y: rebuild the plugin
# or, where the other release's cc1 lacks a symbol the plugin uses (GCC
# 13 and 14 changed signatures; GCC 11 and 12 did not), with the dynamic
# loader's one line, before the plugin runs:
#   cc1: error: cannot load plugin P: P: undefined symbol: SYMBOL
# Then style_compat.h's version guard: GCC 11 to 14 pass, any other
# release gets one #error (a newer one may try with
# -DSTYLE_PLUGIN_UNTESTED_GCC).
# Prints PASS:/FAIL: lines (scripts/lib.sh); BUILD (default
# <repo>/build) holds the work.

set -uo pipefail

[ $# -eq 2 ] || { echo "usage: $0 GCC_A GCC_B" >&2; exit 2; }
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../../scripts/lib.sh"
test_env
tmp=$tmp_root/cross-load
rm -rf "$tmp"
mkdir -p "$tmp"

gxx_of() {
	local d

	d=$(dirname "$1")
	case $d in .) d= ;; *) d=$d/ ;; esac
	echo "$d$(basename "$1" | sed 's/gcc/g++/')"
}

printf 'extern void foo(void);\nint f(int x)\n{\n\tif (x) foo();\n\treturn x;\n}\n' > "$tmp/bad.c"

declare -A so ver
for cc in "$1" "$2"; do
	command -v "$cc" > /dev/null || { echo "FAIL: $cc: not installed (make deps)"; exit 1; }
	# The plugin for $cc, as the Makefile builds it (BUILD as given).
	if ! make -s -C "$top" GCC="$cc" >"$tmp/make-$cc.log" 2>&1; then
		echo "FAIL: $cc: the plugin does not build"
		sed 's/^/    /' "$tmp/make-$cc.log"
		exit 1
	fi
	so[$cc]=$(make -s -C "$top" GCC="$cc" plugin-path)
	ver[$cc]=$("$cc" -dumpfullversion)
	"$cc" -fplugin="${so[$cc]}" -c "$tmp/bad.c" -o "$tmp/own.o" 2> "$tmp/own-$cc.txt"
	check "$cc ${ver[$cc]}: its own plugin loads and reports" \
		grep -q "bad.c:4:[0-9]*: warning: .*\[-Wstyle-if-body\]" "$tmp/own-$cc.txt"
done

check "$1 and $2 are different releases (${ver[$1]}, ${ver[$2]})" \
	[ "${ver[$1]}" != "${ver[$2]}" ]

for built in "$1" "$2"; do
	for cc in "$1" "$2"; do
		[ "$built" != "$cc" ] || continue
		for lang in c c++; do
			c=$cc
			[ $lang = c ] || c=$(gxx_of "$cc")
			name="plugin for ${ver[$built]} in $c ${ver[$cc]} ($lang)"
			out=$tmp/$built-in-$c.txt
			rm -f "$tmp/x.o"
			"$c" -fplugin="${so[$built]}" -x $lang -c "$tmp/bad.c" -o "$tmp/x.o" 2> "$out"
			status=$?
			check "$name: the compile fails" [ $status -ne 0 ]
			check "$name: no object" [ ! -e "$tmp/x.o" ]
			check "$name: one line" [ "$(wc -l < "$out")" -eq 1 ]
			# GCC loads a plugin with RTLD_NOW: where the other
			# release's cc1 lacks a symbol the plugin uses (GCC 13
			# and 14 changed the signatures of line-map and
			# diagnostic functions), the dynamic loader refuses it,
			# in GCC's one line, before the plugin's own check.
			if grep -q ': error: cannot load plugin ' "$out"; then
				check "$name: the loader refuses it (undefined symbol)" grep -qx \
					"cc1[a-z]*: error: cannot load plugin ${so[$built]}: ${so[$built]}: undefined symbol: [^ ]*" "$out"
			else
				check "$name: it names both versions" grep -qx \
					"cc1[a-z]*: error: style_plugin: built for GCC ${ver[$built]//./\\.}, but this is GCC ${ver[$cc]//./\\.}: rebuild the plugin" "$out"
			fi
			[ "$(wc -l < "$out")" -eq 1 ] || sed 's/^/    /' "$out"
		done
	done
done
# style_compat.h claims only the releases built and tested here, 11 to
# 14: its version guard, taken as it stands in the header, passes those
# and stops any other with one #error line; STYLE_PLUGIN_UNTESTED_GCC lets
# a newer one (not an older one) through.
sed -n '/^#if BUILDING_GCC_MAJOR < 11$/,/^#endif$/p' "$top/plugin/style_compat.h" > "$tmp/guard.h"
check "style_compat.h has its version guard" [ "$(wc -l < "$tmp/guard.h")" -ge 4 ]
# guard MAJOR [CPPFLAGS...]: the #error lines the guard gives that GCC.
guard() {
	local major=$1

	shift
	"$1" -E -DBUILDING_GCC_MAJOR="$major" "${@:2}" -x c "$tmp/guard.h" \
		2>&1 >/dev/null | grep -c 'error: #error'
}
for major in 11 12 13 14; do
	check "style_compat.h builds for GCC $major" [ "$(guard $major "$1")" -eq 0 ]
done
for major in 10 15 16; do
	check "style_compat.h refuses GCC $major with one #error" [ "$(guard $major "$1")" -eq 1 ]
done
check "STYLE_PLUGIN_UNTESTED_GCC lets GCC 15 try" \
	[ "$(guard 15 "$1" -DSTYLE_PLUGIN_UNTESTED_GCC)" -eq 0 ]
check "STYLE_PLUGIN_UNTESTED_GCC does not let GCC 10 through" \
	[ "$(guard 10 "$1" -DSTYLE_PLUGIN_UNTESTED_GCC)" -eq 1 ]
[ "$failed" -eq 0 ]
