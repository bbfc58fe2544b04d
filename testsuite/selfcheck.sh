#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# selfcheck.sh - the project's own C passes checkpatch.pl and its own
# plugin
#
# Usage: testsuite/selfcheck.sh   (PLUGIN, GCC and BUILD from the environment)

set -uo pipefail

# shellcheck source=lib/common.sh
. "$(cd "$(dirname "$0")" && pwd)/lib/common.sh"
out=$tmp_root/selfcheck
mkdir -p "$out"
cd "$top" || exit 1

# The project's sources: everything tracked, but the test inputs, whose
# violations are on purpose.
mapfile -t sources < <(git ls-files '*.c' '*.h' | grep -v '^testsuite/\(style.dg\|fixits\)/')

for f in "${sources[@]}"; do
	if scripts/checkpatch.sh --no-tree --terse -f "$f" > "$out/checkpatch.txt" 2>&1; then
		echo "PASS: checkpatch.pl --no-tree -f $f"
	else
		echo "FAIL: checkpatch.pl --no-tree -f $f"
		cat "$out/checkpatch.txt"
	fi
done

for f in "${sources[@]}"; do
	case $f in
	# The plugin is C-style code compiled as C++, like the kernel's
	# scripts/gcc-plugins; GCC's own headers are not ours to check.
	plugin/*.c) lang=c++
		    flags="-std=gnu++11 -isystem $($GCC -print-file-name=plugin)/include -Iplugin" ;;
	*.c) lang=c; flags= ;;
	*) continue ;;
	esac
	# shellcheck disable=SC2086
	$GCC -x $lang -fsyntax-only -fplugin="$PLUGIN" $flags "$f" > "$out/style.txt" 2>&1
	if grep -q 'Wstyle-' "$out/style.txt"; then
		echo "FAIL: style_plugin on $f"
		cat "$out/style.txt"
	else
		echo "PASS: style_plugin on $f"
	fi
done
