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
	list=(git ls-files '*.c' '*.h' '*.def')
else
	list=(eval "find . -path ./build -prune -o \\( -name '*.[ch]' -o -name '*.def' \\) -print | sed 's|^\./||' | sort")
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
	# scripts/gcc-plugins (so is the bench's parse-peak plugin); GCC's
	# own headers are not ours to check.
	plugin/*.c|testsuite/selftest/*.c|testsuite/unit/*.c|bench/parse-peak.c) lang=c++
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

# A rule added as docs/architecture.md says ("Adding a rule"): one entry
# in a copy of plugin/style_rules.def, its check function in
# style_rules.c, called from check_tree() in style_walk.c; nothing else.
# The copy builds, and its plugin reports the new rule as a warning, in
# the SARIF log's rules and results, and takes its no-RULE argument.
# A copy whose SARIF table is written out by hand, not made from the
# .def, must fail the same test.
rule_dir=$out/new-rule
cxx_flags=(-O0 -fPIC -shared -std=gnu++11 -fno-rtti -fno-exceptions
	   -Wno-narrowing -Wl,--as-needed
	   -I "$($GCC -print-file-name=plugin)/include")

# new_rule DIR: plugin/ in DIR with the rule "goto-stmt" added.
new_rule() {
	rm -rf "$1"
	mkdir -p "$1"
	cp plugin/*.c plugin/*.h plugin/*.def "$1"/
	cat >> "$1/style_rules.def" <<'DEF'

STYLE_RULE(GOTO_STMT, "goto-stmt", true,
	   G_("a %qs statement"),
	   "StyleGotoStmt",
	   "A goto statement.",
	   "A goto statement, reported to test the rule table.",
	   "-wstyle-goto-stmt")
DEF
	cat >> "$1/style_rules.c" <<'C'

void check_goto(tree stmt)
{
	struct violation v;

	memset(&v, 0, sizeof(v));
	v.anchors[0] = EXPR_LOCATION(stmt);
	v.n_anchors = 1;
	if (!loc_to_pos(v.anchors[0], &v.at))
		return;
	v.rule = RULE_GOTO_STMT;
	v.at_len = 4;
	v.after = v.at;
	v.after_len = 4;
	v.kw = v.at;
	v.kind = BODY_NEXT;
	v.kw_name = "goto";
	v.brace = -1;
	queue_violation(&v);
}
C
	sed -i -e 's/^void check_do(tree stmt);$/&\nvoid check_goto(tree stmt);/' \
		"$1/style_plugin.h"
	sed -i -e 's/^\t\tcase DO_STMT:$/\t\tcase GOTO_EXPR:\n\t\t\tcheck_goto(t);\n\t\t\tbreak;\n&/' \
		"$1/style_walk.c"
}

# rule_test DIR WHAT: build DIR's plugin, check the rule goto-stmt.
rule_test() {
	local dir=$1 what=$2 ok=true
	# shellcheck disable=SC2086
	if ! ${GXX:-g++} "${cxx_flags[@]}" -I "$dir" -o "$dir/style_plugin.so" \
		"$dir"/*.c -lc > "$dir/build.log" 2>&1; then
		echo "$what: the copy does not build ($dir/build.log)"
		return 1
	fi
	printf 'int f(int x)\n{\n\tif (x)\n\t\tgoto out;\n\treturn 0;\nout:\n\treturn 1;\n}\n' \
		> "$dir/t.c"
	(cd "$dir" && $GCC -c -fplugin=./style_plugin.so \
		-fplugin-arg-style_plugin-sarif=t.sarif t.c) > "$dir/on.txt" 2>&1
	grep -q "^t.c:4:[0-9]*: warning: a .goto. statement \[-Wstyle-goto-stmt\]$" \
		"$dir/on.txt" || { echo "$what: no warning"; ok=false; }
	jq -e '.runs[0] | (.tool.driver.rules | map(.id) | index("style-goto-stmt")) as $i |
	       $i != null and .tool.driver.rules[$i].name == "StyleGotoStmt" and
	       .tool.driver.rules[$i].defaultConfiguration.enabled == true and
	       (.tool.driver.rules[$i].helpUri | endswith("rules.md#-wstyle-goto-stmt")) and
	       (.results | length) == 1 and .results[0].ruleId == "style-goto-stmt" and
	       .results[0].ruleIndex == $i' "$dir/t.sarif" > /dev/null 2>&1 ||
		{ echo "$what: the SARIF log lacks the rule or its result"; ok=false; }
	(cd "$dir" && $GCC -c -fplugin=./style_plugin.so \
		-fplugin-arg-style_plugin-no-goto-stmt t.c) > "$dir/off.txt" 2>&1
	[ ! -s "$dir/off.txt" ] || { echo "$what: no-goto-stmt does not turn it off"; ok=false; }
	$ok
}

new_rule "$rule_dir/table"
if msg=$(rule_test "$rule_dir/table" "a rule added to style_rules.def"); then
	echo "PASS: a rule added by one entry of style_rules.def and its check"
else
	echo "FAIL: ${msg//$'\n'/; }"
fi
# The planted fault: the SARIF rules written out, the seven of today.
new_rule "$rule_dir/by-hand"
sed -n '/^STYLE_RULE(/,$p' plugin/style_rules.def > "$rule_dir/by-hand/rules-by-hand.def"
sed -i -e 's/style_rules\[/by_hand[/g' -e '/^#include "style_options.h"$/r /dev/stdin' \
	"$rule_dir/by-hand/style_sarif.c" <<'C'
#define G_(s) s
static const struct style_rule_info by_hand[] = {
#define STYLE_RULE(id, tag, on, msg, name, text, full, anchor) \
	{ "style-" tag, on, msg, name, text, full, anchor },
#include "rules-by-hand.def"
#undef STYLE_RULE
};
C
if msg=$(rule_test "$rule_dir/by-hand" "SARIF rules by hand"); then
	echo "FAIL: the rule-table test passes with a SARIF table written by hand"
else
	echo "PASS: the rule-table test fails with a SARIF table written by hand (${msg//$'\n'/; })"
fi

# The plugin's files call each other one way (scripts/plugin-layers.sh);
# and a back-call planted in a copy, from the bottom file to the top
# one, makes a cycle the same script finds.
layers=$out/layers
if scripts/plugin-layers.sh > "$layers.txt" 2>&1; then
	echo "PASS: plugin/*.c call each other one way (no cycle)"
else
	echo "FAIL: plugin/*.c call each other in a cycle:"
	sed -n '/^cycle:/,$p' "$layers.txt"
fi
rm -rf "$layers"
mkdir -p "$layers"
cp plugin/*.c plugin/*.h plugin/*.def "$layers"/
cat >> "$layers/style_options.c" <<'C'

void check_function(void *gcc_data, void *user_data);

void style_planted(void)
{
	check_function(NULL, NULL);
}
C
if scripts/plugin-layers.sh "$layers" > "$layers.planted.txt" 2>&1; then
	echo "FAIL: plugin-layers.sh finds no cycle after a call from style_options.c up to style_walk.c"
else
	echo "PASS: plugin-layers.sh finds the cycle of a call from style_options.c up to style_walk.c"
fi
