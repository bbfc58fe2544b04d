#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# identity.sh - the plugin must not change code generation
#
# Usage: testsuite/identity.sh   (PLUGIN, GCC and BUILD from the environment)
#
# Every test file of the DejaGnu suite that compiles is compiled with and
# without the plugin, at -O0 and at -O2 -g, and the objects must be byte
# for byte the same.  With -g, GCC records its command line in DWARF
# (DW_AT_producer), so -gno-record-gcc-switches keeps the -fplugin
# options out of the objects.  The compile with the plugin must succeed
# without an internal compiler error, and a file that expects a style
# warning (dg-warning) must get one: identical objects from a plugin
# that did not run prove nothing.

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/identity
src=$top/testsuite/style.dg
rm -rf "$out"
mkdir -p "$out"

for opts in "-O0" "-O2 -g -gno-record-gcc-switches"; do
	for f in "$src"/*.c; do
		name=$(basename "$f" .c)
		# Skip tests that fail to compile or write no object on purpose.
		grep -q 'dg-options.*\(style_plugin-\(no-such\|disable=\|once"\|error\)\|-fsyntax-only\|-Werror\)' "$f" &&
			continue
		# shellcheck disable=SC2086
		if ! $GCC $opts -I"$src/include" -c "$f" -o "$out/$name.plain.o" 2>/dev/null; then
			echo "FAIL: $name ($opts): does not compile without the plugin"
			continue
		fi
		# The test's own plugin arguments (they change no code).
		args=$(sed -n 's/.*{ *dg-options  *"\([^"]*\)" *}.*/\1/p' "$f" |
		       tr ' ' '\n' | grep '^-fplugin-arg-style_plugin-')
		# shellcheck disable=SC2086
		$GCC $opts -fplugin="$PLUGIN" $args -I"$src/include" -c "$f" \
			-o "$out/$name.style.o" 2> "$out/$name.style.log"
		status=$?
		if ! gcc_ok $status "$out/$name.style.log"; then
			echo "FAIL: $name ($opts): the compile with the plugin failed (status $status)"
			head -3 "$out/$name.style.log"
		elif grep -q 'dg-warning' "$f" &&
		     ! grep -q '\[-Wstyle-' "$out/$name.style.log"; then
			echo "FAIL: $name ($opts): no style warning: the plugin did not run"
		elif cmp -s "$out/$name.plain.o" "$out/$name.style.o"; then
			echo "PASS: $name ($opts): identical objects"
		else
			echo "FAIL: $name ($opts): objects differ"
		fi
	done
done
