#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# selfcheck.sh - the project's own C passes checkpatch.pl and its own
# plugin
#
# Usage: testsuite/selfcheck.sh   (PLUGIN, GCC and BUILD from the environment)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/selfcheck
mkdir -p "$out"
cd "$top" || exit 1

# The project's sources: everything tracked (outside a git checkout,
# every file), but the test inputs, whose violations are on purpose.
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	list=(git ls-files '*.c' '*.h')
else
	list=(eval "find . -path ./build -prune -o -name '*.[ch]' -print | sed 's|^\./||' | sort")
fi
mapfile -t sources < <("${list[@]}" | grep -v '^testsuite/\(style.dg\|fixits\)/')
if [ ${#sources[@]} -lt 3 ]; then
	echo "FAIL: selfcheck: only ${#sources[@]} source files found in $top"
	exit 1
fi

# The plugin's files go into the kernel series, whose patches must pass
# checkpatch.pl --strict (testsuite/kbuild/check-series.sh): the same
# here, where a failure is found in seconds.
for f in "${sources[@]}"; do
	strict=()
	case $f in plugin/*) strict=(--strict) ;; esac
	if scripts/checkpatch.sh --no-tree --terse "${strict[@]}" -f "$f" > "$out/checkpatch.txt" 2>&1; then
		echo "PASS: checkpatch.pl --no-tree ${strict[*]}${strict:+ }-f $f"
	else
		echo "FAIL: checkpatch.pl --no-tree ${strict[*]}${strict:+ }-f $f"
		cat "$out/checkpatch.txt"
	fi
done

for f in "${sources[@]}"; do
	case $f in
	# The plugin is C-style code compiled as C++, like the kernel's
	# scripts/gcc-plugins; GCC's own headers are not ours to check.
	plugin/*.c|testsuite/selftest/*.c|testsuite/unit/*.c) lang=c++
		    flags="-std=gnu++11 -isystem $($GCC -print-file-name=plugin)/include -Iplugin" ;;
	*.c) lang=c; flags= ;;
	*) continue ;;
	esac
	# The canary's violation must be reported, and nothing else.
	# shellcheck disable=SC2086
	$GCC -x $lang -fsyntax-only -fplugin="$PLUGIN" -include "$CANARY" \
		$flags "$f" > "$out/style.txt" 2>&1
	if canary_only $? "$out/style.txt"; then
		echo "PASS: style_plugin on $f (and on the canary)"
	else
		echo "FAIL: style_plugin on $f (or the canary not reported)"
		cat "$out/style.txt"
	fi
done
