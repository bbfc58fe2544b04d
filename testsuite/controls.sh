#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# controls.sh - the switches of the rules (issue 18): the tag's -Wno-
# form turns its rule off and GCC says nothing about it, error=RULE makes
# one rule an error, "#pragma style_plugin" exempts regions, an unknown
# rule in any of them is one error naming the rules, and each warning's
# option URL is its rule's section of docs/rules.md
#
# Usage: testsuite/controls.sh   (PLUGIN, GCC and BUILD from the environment)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
scratch "$tmp_root/controls"

RULES='the rules are: if-body, else-body, brace-body, loop-body, do-body, multi-stmt, empty-body'

# cc OUT ARGS...: compile with the plugin, -Wall, plain output; RC is its status.
cc() {
	local out=$1

	shift
	$GCC -fplugin="$PLUGIN" -Wall -fdiagnostics-plain-output "$@" 2> "$out"
	rc=$?
}

# The issue's "Done when" file.
cat > done.c <<'C'
int f(int a, int b)
{
	int unused;

	if (a) return 1;
	while (b) b--;
	return 0;
}
C

cc done.txt -Wno-style-if-body -c done.c
check "Wno: rc 0, plugin loaded" gcc_ok "$rc" done.txt
check "Wno: no -Wstyle-if-body warning" eval '! grep -q "style-if-body" done.txt'
check "Wno: -Wstyle-loop-body still at 6:19" grep -q '^done.c:6:19: warning: .*\[-Wstyle-loop-body\]$' done.txt
check "Wno: -Wunused-variable still there" grep -q '^done.c:3:13: warning: unused variable .*\[-Wunused-variable\]$' done.txt
check "Wno: no line about unknown options" eval '! grep -qi "unrecognized\|unknown" done.txt'
check "Wno: no dangling 'At top level:'" eval '! grep -q "At top level" done.txt'

# A genuinely unknown -Wno-foo keeps GCC's note; ours is still dropped.
cc foo.txt -Wno-foo -Wno-style-if-body -c done.c
check "Wno-foo: GCC's note for -Wno-foo stays" grep -q "note: unrecognized command-line option .-Wno-foo. may have been intended" foo.txt
check "Wno-foo: none for -Wno-style-if-body" eval '! grep -q "Wno-style" foo.txt'
check "Wno-foo: loop-body and unused still there" eval 'grep -q "Wstyle-loop-body" foo.txt && grep -q "Wunused-variable" foo.txt'

# Two -Wno- forms, with -Werror: both rules off, the rest an error.
cc two.txt -Wno-style-if-body -Wno-style-loop-body -Werror -c done.c
check "Wno x2: rules off, no note" eval '! grep -q "style-\|unrecognized" two.txt'
check "Wno x2: -Werror=unused-variable fails the compile" eval '[ $rc -ne 0 ] && grep -q "Werror=unused-variable" two.txt'

# JSON has no note either, and the warnings' option URLs.  (GCC 14
# writes JSON through an output format object that calls no text
# callback: there the plugin holds the notes back from the end of the
# unit and gives the other options' notes again, style_controls.c.)
cc done.json -Wno-style-if-body -fdiagnostics-format=json -c done.c
check "json: no note, loop-body's option_url is its rules.md section" python3 -c '
import json
d = json.load(open("done.json"))
assert not any("unrecognized" in x["message"] for x in d), d
s = [x for x in d if x.get("option") == "-Wstyle-loop-body"]
assert len(s) == 1 and s[0]["option_url"].endswith("/rules.md#-wstyle-loop-body"), s
u = [x for x in d if x.get("option") == "-Wunused-variable"]
assert "gcc.gnu.org" in u[0]["option_url"], u
'
cc foo.json -Wno-foo -Wno-style-if-body -Wno-bar -fdiagnostics-format=json -c done.c
check "json: the notes for -Wno-bar and -Wno-foo stay, in GCC's order; none for ours" python3 -c '
import json
d = json.load(open("foo.json"))
n = [x["message"] for x in d if "unrecognized" in x["message"]]
assert len(n) == 2 and "-Wno-bar" in n[0] and "-Wno-foo" in n[1], n
'
cc url.txt -fplugin-arg-style_plugin-docs=https://example.org/d/ -fdiagnostics-urls=always -c done.c
check "text URL: the tag links to docs=URI's rules.md section" \
	grep -q $'\[\e]8;;https://example.org/d/rules.md#-wstyle-if-body\a-Wstyle-if-body\e]8;;\a\]$' url.txt
# Every rule's option_url is the GitHub anchor of its heading in rules.md.
cat > all.c <<'C'
void f(int a, int b)
{
	if (a) b++;
	if (a)
		b++;
	else b--;
	if (a) { b++; }
	while (a) a--;
	do b++; while (b < 3);
	a = 1; b = 2;
	while (a--);
}
C
cc all.json -fplugin-arg-style_plugin-empty-body -fdiagnostics-format=json -c all.c
for r in if-body else-body brace-body loop-body do-body multi-stmt empty-body; do
	check "option_url of -Wstyle-$r: its heading in docs/rules.md" python3 - "$r" "$top/docs/rules.md" <<'PY'
import json, re, sys
rule, md = sys.argv[1], sys.argv[2]
anchors = {}
for line in open(md):
    if line.startswith("## "):
        h = line[3:].strip()
        anchors[re.sub(r"[^a-z0-9 _-]", "", h.lower()).replace(" ", "-")] = h
urls = {x["option_url"] for x in json.load(open("all.json"))
        if x.get("option") == "-Wstyle-" + rule}
assert len(urls) == 1, urls
frag = urls.pop().split("#")[1]
assert frag in anchors and anchors[frag].startswith("-Wstyle-" + rule), (frag, anchors)
PY
done

# Per-rule error.
cc err.txt -fplugin-arg-style_plugin-error=loop-body -c done.c
check "error=loop-body: that one an error, rc 1" eval '[ $rc -eq 1 ] && grep -q "^done.c:6:19: error: .*\[-Werror=style-loop-body\]$" err.txt'
check "error=loop-body: if-body stays a warning" grep -q '^done.c:5:16: warning: .*\[-Wstyle-if-body\]$' err.txt

# An unknown rule in any control: one error naming the rules.
cc bad1.txt -Wno-style-bogus -c done.c
check "Wno-style-bogus: error naming the rules" eval '[ $rc -ne 0 ] && [ "$(grep -c "error: style_plugin: unknown rule .bogus. in .-Wno-style-bogus.; $RULES$" bad1.txt)" = 1 ]'
cc bad2.txt -fplugin-arg-style_plugin-error=if-body,bogus -c done.c
check "error=if-body,bogus: error naming the rules" eval '[ $rc -ne 0 ] && [ "$(grep -c "error: style_plugin: unknown rule .bogus. in .-fplugin-arg-style_plugin-error=if-body,bogus.; $RULES$" bad2.txt)" = 1 ]'
printf '#pragma style_plugin off "bogus"\nint x;\n' > bad3.c
cc bad3.txt -c bad3.c
check "pragma off \"bogus\": error naming the rules" eval '[ $rc -ne 0 ] && [ "$(grep -c "^bad3.c:1:[0-9]*: error: unknown rule .bogus. in .#pragma style_plugin.; $RULES$" bad3.txt)" = 1 ]'

# Pragma regions, from a macro too, and nowhere else; no -Wpragmas or
# -Wunknown-pragmas warning with the plugin, and none without it when the
# pragmas are inside #ifdef __STYLE_PLUGIN__.
cat > region.c <<'C'
#ifdef __STYLE_PLUGIN__
#define STYLE_STR(s) #s
#define STYLE_OFF(r) _Pragma("style_plugin push") _Pragma(STYLE_STR(style_plugin off r))
#define STYLE_POP _Pragma("style_plugin pop")
#else
#define STYLE_OFF(r)
#define STYLE_POP
#endif
int g(int a, int b)
{
#ifdef __STYLE_PLUGIN__
#pragma style_plugin push
#pragma style_plugin off "loop-body"
#endif
	while (b) b--;
	if (a) return 1;
#ifdef __STYLE_PLUGIN__
#pragma style_plugin pop
#endif
	while (b) b--;
	STYLE_OFF("-Wstyle-if-body")
	if (a) return 2;
	STYLE_POP
	if (a) return 3;
	return 0;
}
C
cc region.txt -c region.c
check "pragma: rc 0, plugin loaded" gcc_ok "$rc" region.txt
check "pragma: exactly lines 16, 20, 24 reported" \
	eval '[ "$(grep -o "^region.c:[0-9]*:[0-9]*: warning: [^[]*\[-Wstyle-[a-z-]*\]" region.txt | cut -d: -f2 | tr "\n" " ")" = "16 20 24 " ]'
check "pragma: no other warning" eval '[ "$(grep -c warning: region.txt)" = 3 ]'
$GCC -Wall -c region.c -o plain.o 2> plain.txt
rc=$?
check "pragma: without the plugin, no warning at all" eval '[ $rc -eq 0 ] && [ ! -s plain.txt ]'
printf '#pragma style_plugin pop\nint x;\n' > pop.c
cc pop.txt -c pop.c
check "pragma pop without push: one error" eval '[ $rc -ne 0 ] && [ "$(grep -c "error: .#pragma style_plugin pop. without a .push." pop.txt)" = 1 ]'
