#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# unit.sh - unit tests of the plugin's source cache, lexer and keyfile
#
# plugin/style_source.c, plugin/style_lex.c and plugin/style_keyfile.c
# use no GCC header: they
# are built here with testsuite/unit/lex-test.c (and style_map.c) alone,
# with no compiler front end around them, and the tests run (a PASS: or
# FAIL: line each).  Then the tests are run against copies of those files
# with a bug planted in each, and must fail on every one: tests that
# cannot fail test nothing.
#
# Usage: testsuite/unit.sh   (GXX and BUILD from the environment)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/unit
scratch "$out"
mkdir -p files
cxx=("${GXX:-g++}" -O2 -g -Wall -Wextra -Wno-unused-parameter -std=gnu++11
     -fno-rtti -fno-exceptions -I "$top/plugin")

# build NAME DIR: the test program NAME from the files under test in DIR.
build() {
	"${cxx[@]}" -o "$1" "$top/testsuite/unit/lex-test.c" "$2/style_lex.c" \
		"$2/style_source.c" "$2/style_keyfile.c" \
		"$top/plugin/style_map.c" > "$1.log" 2>&1
}

if ! build lex-test "$top/plugin"; then
	echo "FAIL: unit: cannot build the tests ($out/lex-test.log)"
	cat lex-test.log
	exit 1
fi
./lex-test files
status=$?
[ "$status" -eq 0 ] || echo "FAIL: unit: lex-test exited with status $status"

# The planted bugs: FILE, a sed expression, what it breaks.
mutants=(
	"style_lex.c|s/^\t\tif (text\[i\] == '\\\\\\\\')\$/\t\tif (0)/|escapes in literals"
	"style_lex.c|s/} else if (c == ')' \&\& --depth == 0) {/} else if (c == ')' \&\& depth-- == 0) {/|the depth of parentheses"
	"style_lex.c|s/if (start > 0 \&\& is_ident_char(text\[start - 1\]))/if (0)/|the start of a word"
	"style_source.c|s/if (cr \&\& cr + 1 != nl) {/if (0) {/|lines ended by a lone CR"
	"style_source.c|s/^\tif (k) {\$/\tif (0) {/|the kept text"
	"style_keyfile.c|s/out\[n - 1\] != k)/out[n - 1] != k + 1)/|keys once each in the keyfile"
	"style_keyfile.c|s/while (k < count \&\& bucket(keys\[k\], bits) < b)/while (0)/|the keyfile's directory"
	"style_keyfile.c|s/h->last = last;/h->last = 0;/|the keyfile's last key"
	"style_keyfile.c|s/if (kf->keys\[mid\] < key)/if (kf->keys[mid] <= key)/|the keyfile's lookup"
)
n=0
for m in "${mutants[@]}"; do
	IFS='|' read -r file expr what <<<"$m"
	n=$((n + 1))
	mkdir -p "m$n"
	cp "$top/plugin/style_lex.c" "$top/plugin/style_source.c" \
		"$top/plugin/style_keyfile.c" "m$n/"
	sed -i "$expr" "m$n/$file"
	if cmp -s "m$n/$file" "$top/plugin/$file"; then
		echo "FAIL: unit: the planted bug in $file ($what) matches no line: update $0"
		continue
	fi
	if ! build "m$n/lex-test" "m$n"; then
		echo "FAIL: unit: cannot build with the planted bug in $file ($what; $out/m$n/lex-test.log)"
		continue
	fi
	"m$n/lex-test" files > "m$n/run.log" 2>&1
	status=$?
	fails=$(grep -c '^FAIL: ' "m$n/run.log")
	if [ "$status" -ne 0 ] && [ "$fails" -gt 0 ]; then
		echo "PASS: unit: the tests catch a planted bug in $file: $what ($fails failed)"
	else
		echo "FAIL: unit: the tests miss a planted bug in $file: $what ($out/m$n/run.log)"
	fi
done
