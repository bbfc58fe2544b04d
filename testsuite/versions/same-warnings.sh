#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# same-warnings.sh - the plugin reports the same style warnings, with the
# same fix-its, whichever GCC release it is built for.
#
# Usage: testsuite/versions/same-warnings.sh GCC_REF GCC...   (e.g. gcc-12 gcc-14)
#
# Builds the plugin for each (make GCC=...; its g++ of the same release)
# and compiles every DejaGnu case (testsuite/style.dg, with its
# dg-options; C++ cases with the g++ of the release) with each.  Of each
# compile's output, the style diagnostics ("file:line:col: warning: ...
# [-Wstyle-RULE]") and the fix-it lines after them
# (-fdiagnostics-parseable-fixits) must be those of GCC_REF's, line for
# line; the reference must report at least 100, so that a plugin that
# reports nothing cannot pass.  GCC's own diagnostics may differ between
# releases and are not compared.  Columns are bytes
# (-fdiagnostics-column-unit=byte, as the plugin's SARIF log and Kbuild's
# fix-its): GCC 13 corrected the display column of a line after a lone
# CR, where GCC 12 prints the byte column (lone-cr.c: 8:9 in GCC 12,
# 8:16 in GCC 13 and 14, a tab before), a change of GCC's, not the
# plugin's (docs/rules.md, "GCC releases").  Prints PASS:/FAIL: lines
# (scripts/lib.sh); BUILD (default <repo>/build) holds the work, the
# outputs in BUILD/same-warnings/GCC_REF-GCC.../GCC/.

set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 GCC_REF GCC..." >&2; exit 2; }
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../../scripts/lib.sh"
test_env
# One directory per set of compilers: the gcc stages may run together.
tmp=$tmp_root/same-warnings/$(IFS=-; echo "$*")
rm -rf "$tmp"
mkdir -p "$tmp"
dg=$top/testsuite/style.dg

# style_lines LOG: the style diagnostics of LOG and the fix-its after them.
style_lines() {
	awk -v re="$STYLE_TAG_RE" '
		/^fix-it:/ { if (keep) print; next }
		{ keep = ($0 ~ re); if (keep) print }' "$1"
}

# run CC: every case compiled with the plugin for CC, into $tmp/CC/.
run() {
	local cc=$1 cxx so src name opts

	cxx=$(dirname "$cc")/$(basename "$cc" | sed 's/gcc/g++/')
	cxx=${cxx#./}
	if ! make -s -C "$top" GCC="$cc" > "$tmp/make-$cc.log" 2>&1; then
		echo "FAIL: $cc: the plugin does not build"
		sed 's/^/    /' "$tmp/make-$cc.log"
		return 1
	fi
	so=$(make -s -C "$top" GCC="$cc" plugin-path)
	mkdir -p "$tmp/$cc"
	for src in "$dg"/*.c "$dg"/*.cc; do
		name=$(basename "$src")
		opts=$(sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$src" | head -n 1)
		c=$cc
		[[ $src == *.cc ]] && c=$cxx
		# shellcheck disable=SC2086
		(cd "$tmp/$cc" && "$c" -fplugin="$so" -fdiagnostics-plain-output \
			-fdiagnostics-parseable-fixits \
			-fdiagnostics-column-unit=byte -I"$dg/include" $opts \
			-c "$src" -o "$name.o" > "$name.log" 2>&1)
		style_lines "$tmp/$cc/$name.log" > "$tmp/$cc/$name.style"
	done
	"$cc" -dumpfullversion > "$tmp/$cc/version"
}

ref=$1
shift
run "$ref" || exit 1
n=$(cat "$tmp/$ref"/*.style | grep -Ec "$STYLE_TAG_RE")
check "$ref $(cat "$tmp/$ref/version"): the cases have style warnings ($n)" \
	[ "$n" -ge 100 ]
for cc in "$@"; do
	run "$cc" || { failed=$((failed + 1)); continue; }
	what="$cc $(cat "$tmp/$cc/version") and $ref $(cat "$tmp/$ref/version")"
	for f in "$tmp/$ref"/*.style; do
		name=$(basename "$f" .style)
		if cmp -s "$f" "$tmp/$cc/$name.style"; then
			pass "$what: $name: the same style warnings and fix-its"
		else
			fail "$what: $name: the same style warnings and fix-its"
			diff -u "$f" "$tmp/$cc/$name.style" | head -n 20
		fi
	done
done
[ "$failed" -eq 0 ]
