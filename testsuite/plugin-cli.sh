#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# plugin-cli.sh - what the DejaGnu suite cannot see: the plugin as users
# load it, and its output as editors and build farms read it
#
# Usage: testsuite/plugin-cli.sh   (PLUGIN, GCC and BUILD from the environment)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
tmp=$tmp_root/plugin-cli
inc=$top/testsuite/style.dg/include
scratch "$tmp"

# cc OUT ARGS...: $GCC ARGS, stderr to OUT; a check that it exits 0 with
# no internal compiler error and the plugin loaded.
cc() {
	local out=$1

	shift
	$GCC "$@" 2> "$out"
	check "$out: compiles, no ICE, plugin loaded" gcc_ok $? "$out"
}

# Every compile loads the plugin and what it needs: libc alone, as the
# kernel links it (g++ links libstdc++, which --as-needed drops).
check "the plugin needs no library but libc (no compile loads libstdc++)" \
	needs_libc_only "$PLUGIN"

cat > bad.c <<'C'
#include "bad-style.h"
extern void foo(void);
int f(int x)
{
	if (x) foo();
	return bad_style(x);
}
C
cp bad.c bad2.c

# The caret, the secondary range at the ')' and its label.
cc caret.txt -fplugin="$PLUGIN" -fdiagnostics-color=never -I"$inc" -c bad.c -o bad.o
check "caret line under the body" grep -q '^ *| *~ ^~~$' caret.txt
check "label at the condition's ')'" grep -q 'condition ends here' caret.txt
check "file:line:col of the body" grep -q '^bad.c:5:16: warning: statement on the same line as the .if. condition \[-Wstyle-if-body\]$' caret.txt

# JSON for editors: the option name and the location.
cc diag.json -fplugin="$PLUGIN" -fdiagnostics-format=json -I"$inc" -c bad.c -o bad.o
check "json: option name" grep -q '"option": "-Wstyle-if-body"' diag.json
check "json: kind warning" grep -q '"kind": "warning"' diag.json
check "json: body's line and byte column" python3 -c '
import json
d = [x for x in json.load(open("diag.json")) if x["locations"][0]["caret"]["file"] == "bad.c"]
c = d[0]["locations"][0]["caret"]
assert (c["line"], c["byte-column"], c["display-column"]) == (5, 9, 16), c
assert d[0]["locations"][1]["label"] == "condition ends here"
'

# once=DIR: a header's violation is reported by the first compile only.
cc once1.txt -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$tmp/once" -I"$inc" -c bad.c -o bad.o
cc once2.txt -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$tmp/once" -I"$inc" -c bad2.c -o bad2.o
check "once: first compile reports the header" grep -q 'bad-style.h:4:20: warning' once1.txt
check "once: second compile does not (but reports its own line)" \
	sh -c "! grep -q 'bad-style.h' once2.txt && grep -q 'bad2.c:5:16: warning' once2.txt"
check "once: each file's own line still reported" grep -q 'bad2.c:5:16: warning' once2.txt
check "once: one record per violation" test "$(ls "$tmp/once" | grep -vc "^walked-")" -eq 3
check "once: record names the violation" grep -qx "style-if-body $inc/bad-style.h:4:13" "$tmp/once"/*
cc once3.txt -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$tmp/once-2" -I"$inc" -c bad2.c -o bad2.o
check "once: a new directory reports again" grep -q 'bad-style.h:4:20: warning' once3.txt
# Parallel compiles race for the record: exactly one of them reports.
for i in 1 2 3 4 5 6; do
	cp bad.c "p$i.c"
	{ $GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$tmp/once-par" -I"$inc" -c "p$i.c" -o "p$i.o" 2> "par$i.txt"
	  echo $? > "par$i.rc"; } &
done
wait
for i in 1 2 3 4 5 6; do
	check "par$i.txt: compiles, no ICE, plugin loaded" gcc_ok "$(cat "par$i.rc")" "par$i.txt"
done
check "once: parallel compiles report the header once" test "$(cat par*.txt | grep -c 'bad-style.h:4:20: warning')" -eq 1

# A header reached through "DIR/../" is named without it, whichever
# compile reports it (build farms diff the text); not where DIR is a
# symlink that leads elsewhere, nor the file the command line names.
mkdir -p dd/a/sub dd/common dd/b
printf 'static inline int hh(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' > dd/common/h.h
sed 's/hh/h2a/' dd/common/h.h > dd/a/h2.h
sed 's/hh/h2b/' dd/common/h.h > dd/b/h2.h
ln -s ../a/sub dd/b/link
printf '#include "../common/h.h"\nint f(int x)\n{\n\treturn hh(x);\n}\n' > dd/a/m.c
printf '#include "link/../h2.h"\n' > dd/b/z.c
printf '#include "../common/h.h"\nint g(int x)\n{\n\tif (x) x++;\n\treturn hh(x);\n}\n' > dd/a/v.c
cd dd
cc ../dd-m.txt -fplugin="$PLUGIN" -fdiagnostics-parseable-fixits -c a/m.c -o /dev/null
cc ../dd-json.txt -fplugin="$PLUGIN" -fdiagnostics-format=json -c a/m.c -o /dev/null
cc ../dd-z.txt -fplugin="$PLUGIN" -c b/z.c -o /dev/null
cc ../dd-main.txt -fplugin="$PLUGIN" -c b/../a/v.c -o /dev/null
cd ..
check "dir/..: the header's warning names it without a/../" \
	grep -q '^common/h.h:3:16: warning: .*\[-Wstyle-if-body\]$' dd-m.txt
check "dir/..: and so do its fix-its and the 'In function' line" \
	sh -c "grep -q '^fix-it:\"common/h.h\":{3:8-3:18}:\"\"$' dd-m.txt &&
	       grep -q '^common/h.h: In function' dd-m.txt && ! grep -q 'a/\.\./' dd-m.txt"
check "dir/..: JSON names it so too" \
	sh -c "grep -q '\"file\": \"common/h.h\"' dd-json.txt && ! grep -q 'a/\.\./' dd-json.txt"
check "dir/..: a symlink's .. keeps GCC's spelling (b/h2.h is another file)" \
	grep -q '^b/link/\.\./h2.h:3:16: warning' dd-z.txt
check "dir/..: the file the command line names keeps its spelling" \
	sh -c "grep -q '^b/\.\./a/v.c:4:16: warning' dd-main.txt &&
	       grep -q '^common/h.h:3:16: warning' dd-main.txt"

# A plugin built for another GCC is a clear error, not a crash.
mkdir -p other/include
sed -e 's/basever\[\] = "[^"]*"/basever[] = "9.9.9"/' \
	-e 's/datestamp\[\] = "[^"]*"/datestamp[] = "20000101"/' \
	"$($GCC -print-file-name=plugin)/include/plugin-version.h" > other/include/plugin-version.h
${GXX:-g++} -std=gnu++11 -fno-rtti -fno-exceptions -fPIC -shared -I other/include \
	-I "$($GCC -print-file-name=plugin)/include" -I "$top/plugin" \
	-o other/style_plugin.so "$top"/plugin/*.c
$GCC -fplugin="$tmp/other/style_plugin.so" -c bad.c -I"$inc" -o bad.o 2> other.txt
status=$?
check "version mismatch: compile fails" test $status -ne 0
check "version mismatch: names both versions" grep -q 'style_plugin: built for GCC 9.9.9, but this is GCC' other.txt
check "version mismatch: no internal compiler error" sh -c "! grep -qi 'internal compiler error' other.txt"

# Fortran is not ours: the plugin loads into f951 if asked, and stays
# quiet; that it did load shows in its error for an unknown argument.
FC=${GCC/gcc/gfortran}	# gfortran of the same release
if command -v "$FC" > /dev/null; then
	printf 'program p\nif (.true.) print *, 1\nend program\n' > f.f90
	"$FC" -fplugin="$PLUGIN" -c f.f90 -o f.o 2> fortran.txt
	check "fortran: compiles, nothing said" test $? -eq 0 -a ! -s fortran.txt
	"$FC" -fplugin="$PLUGIN" -fplugin-arg-style_plugin-no-such -c f.f90 -o f.o 2> fortran2.txt
	check "fortran: the plugin is loaded into f951 (it rejects a bad argument)" \
		grep -q "style_plugin: unknown option .no-such." fortran2.txt
else
	# counted as a failure by scripts/check.sh (scripts/deps.sh installs it)
	echo "UNSUPPORTED: plugin-cli: fortran: $FC is not installed (Debian: $FC)"
fi

# Source from standard input cannot be read back, but libcpp's text of
# it is kept: checked as a file is (editors such as vim's ALE compile
# the buffer from standard input), its fix-it there too.  In bytes: GCC
# counts display columns (a tab to the next stop) only where it can read
# the line again.
cc stdin.txt -fplugin="$PLUGIN" -fdiagnostics-parseable-fixits \
	-fdiagnostics-column-unit=byte -x c -c - -o stdin.o < bad.c -I"$inc"
check "stdin: checked, at its line and column" \
	grep -q '^<stdin>:5:9: warning: statement on the same line as the .if. condition \[-Wstyle-if-body\]$' stdin.txt
check "stdin: its fix-it, as for the file" \
	grep -q '^fix-it:"<stdin>":{5:8-5:15}:""$' stdin.txt
check "stdin: no note that it is not checked" \
	sh -c "! grep -q 'not checked' stdin.txt"
# ... and a file named "<stdin>" in the current directory (here with a
# violation where the code read has none) is not read in its place.
mkdir -p stdin-dir
cp bad.c 'stdin-dir/<stdin>'
printf '#include "bad-style.h"\nextern void foo(void);\nint f(int x)\n{\n\tif (x)\n\t\tfoo();\n\treturn bad_style(x);\n}\n' > good.c
(cd stdin-dir && cc ../stdin2.txt -fplugin="$PLUGIN" -x c -c - -o /dev/null < ../good.c -I"$inc")
check "stdin: a file named <stdin> is not read instead (its header is checked)" \
	sh -c "! grep -q '^<stdin>:[0-9:]* warning' stdin2.txt &&
	       grep -q 'bad-style.h:4:20: warning' stdin2.txt"
# Text libcpp converted is not the file's: a UTF-8 BOM, which libcpp
# skips, leaves standard input unchecked, with a note.
{ printf '\357\273\277'; cat bad.c; } > bom.c
cc stdin3.txt -fplugin="$PLUGIN" -x c -c - -o /dev/null < bom.c -I"$inc"
check "stdin: with a BOM, a note says it is not checked" \
	grep -q 'note: style_plugin: code read from standard input is not checked' stdin3.txt

# -E is preprocessing only: the same output as without the plugin.
$GCC -E -I"$inc" bad.c > plain.i
$GCC -E -fplugin="$PLUGIN" -I"$inc" bad.c > style.i 2> style-E.txt
check "-E: compiles, no ICE, plugin loaded" gcc_ok $? style-E.txt
check "-E: same output" cmp -s plain.i style.i

# make install puts it ($PLUGIN, never remade: -o) where
# -fplugin=style_plugin finds it.
make -s -C "$top" install DESTDIR="$tmp/dest" PLUGIN="$PLUGIN" -o "$PLUGIN" > /dev/null
plugindir=$($GCC -print-file-name=plugin)
check "install: installs \$PLUGIN" cmp -s "$PLUGIN" "$tmp/dest$plugindir/style_plugin.so"
cc short.txt -iplugindir="$tmp/dest$plugindir" -fplugin=style_plugin -I"$inc" -c bad.c -o bad.o
check "install: -fplugin=style_plugin by short name" grep -q 'Wstyle-if-body' short.txt

# Several statements on one line: one warning for each after the first.
printf 'extern void a(void), b(void), c(void);\nvoid f(void)\n{\n\ta(); b(); c();\n}\n' > three.c
cc three.txt -fplugin="$PLUGIN" -c three.c -o three.o
check "multi-stmt: a(); b(); c(); gives two warnings" test "$(grep -c 'Wstyle-multi-stmt' three.txt)" -eq 2

# check-only: a -fsyntax-only pass beside the compile (Kbuild's pass for
# distcc) prints the style warnings and none of GCC's own, also under
# -Werror; errors stay.
cat > only.c <<'C'
extern void foo(void);
int f(int x)
{
	int unused;
	if (x) foo();
	return 0;
}
C
cc only-all.txt -Wall -fplugin="$PLUGIN" -fsyntax-only only.c
check "check-only: without it, GCC's warning and the style warning" \
	sh -c "grep -q 'Wunused-variable' only-all.txt && grep -q 'Wstyle-if-body' only-all.txt"
cc only.txt -Wall -Werror -fplugin="$PLUGIN" -fplugin-arg-style_plugin-check-only -fsyntax-only only.c
check "check-only: the style warning alone" \
	sh -c "grep -q '^only.c:5:16: warning: .*\[-Wstyle-if-body\]$' only.txt &&
		test \$(grep -c 'warning:\|error:' only.txt) -eq 1"
printf 'int f(void) { return x; }\n' > only-err.c
$GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-check-only -fsyntax-only only-err.c 2> only-err.txt
check "check-only: errors stay" sh -c "test $? -ne 0 && grep -q \"error: .x. undeclared\" only-err.txt"

# lines=FILE: only the listed line ranges are reported.
cat > newcode.c <<'C'
extern void foo(void);
void f(int x)
{
	if (x) foo();
	if (x) foo();
	if (x) foo();
}
C
printf '# changed lines\n%s 5 5\n%s 7 9\n' "$(realpath newcode.c)" "$(realpath newcode.c)" > lines.txt
cc newcode.txt -fplugin="$PLUGIN" -fplugin-arg-style_plugin-lines="$tmp/lines.txt" -c newcode.c -o newcode.o
check "lines: a listed line is reported" grep -q '^newcode.c:5:' newcode.txt
check "lines: unlisted lines are not" test "$(grep -c 'Wstyle-' newcode.txt)" -eq 1
printf '%s five\n' "$(realpath newcode.c)" > badlines.txt
$GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-lines="$tmp/badlines.txt" -c newcode.c -o newcode.o 2> badlines.log
check "lines: a malformed file is a clear error" sh -c "test $? -eq 1 &&
	grep -q 'badlines.txt:1: expected .PATH FIRST LAST.' badlines.log"
$GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-lines="$tmp/no-such-file" -c newcode.c -o newcode.o 2> nolines.log
check "lines: a missing file is a clear error" sh -c "test $? -eq 1 &&
	grep -q 'cannot read .lines. file' nolines.log"

# Past column 4096 GCC tracks no column: what starts there is not
# checked, and one note per file says so, at the first such line.
awk 'BEGIN {
	printf "extern void foo(void);\nint f(int x)\n{\n\tint y = 0"
	for (i = 0; i < 1100; i++) printf " + x"
	printf "; if (x) foo();\n\tif (x) foo();\n\ty += 0"
	for (i = 0; i < 1100; i++) printf " + x"
	printf "; if (x) foo();\n\treturn y;\n}\n"
}' > long.c
cc long.c.txt -fplugin="$PLUGIN" -fdiagnostics-plain-output -c long.c -o long.o
check "long lines: the violation before them is reported" \
	grep -q '^long.c:5:16: warning: .*\[-Wstyle-if-body\]$' long.c.txt
check "long lines: one note, at the first line past column 4096" \
	test "$(grep -c 'note: style_plugin: GCC tracks no column past 4096' long.c.txt)" -eq 1 -a \
	     "$(grep -c '^long.c:4: note: style_plugin: GCC tracks no column past 4096' long.c.txt)" -eq 1

# once=DIR also records the header functions a compile checked, and later
# compiles sharing DIR do not walk them again (plugin/style_records.c).  The
# warnings must not depend on it: the same whatever the order of the
# compiles, and the same as when every compile walks every function.  The
# header has a function whose body an #if changes (w.h:10 is reported only
# where W_MODE is defined), one that only W_MODE compiles, one a macro
# defines, one whose head a macro of another header writes (one of two
# definitions, which W_MODE picks; w.h:28), and one whose #if tests a
# macro that W_MODE defines otherwise, through another (w.h:40), one
# with a #define among its lines (w.h:47), one whose #if goes on past its
# line in a comment (w.h:55, W_MODE) and one whose #ifdef is spelled
# %:ifdef (w.h:62, W_MODE); c.c includes it in a #pragma style_plugin
# region that turns if-body off (w.h:4 must still be reported by another
# compile).
mkdir -p walk/inc
cat > walk/inc/m.h <<'C'
#ifdef W_MODE
#define M_HEAD(n) static inline long m_##n(int x)
#else
#define M_HEAD(n) static inline int m_##n(int x)
#endif
C
cat > walk/inc/w.h <<'C'
#define W_DEF(n) static inline int w_##n(int x) { if (x) return n; return 0; }
static inline int w_plain(int x)
{
	if (x) return 1;
	return 0;
}
static inline int w_cond(int x)
{
#ifdef W_MODE
	if (x) return 3;
#else
	if (x)
		return 3;
#endif
	return 0;
}
#ifdef W_MODE
static inline int w_only(int x)
{
	x++; x++;
	return x;
}
#endif
W_DEF(4)
#include "m.h"
M_HEAD(5)
{
	x++; x++;
	return x;
}
#define W_LEVEL W_TWO
#ifdef W_MODE
#define W_TWO 2
#else
#define W_TWO 1
#endif
static inline int w_level(int x)
{
#if W_LEVEL > 1
	if (x) return 2;
#endif
	return 0;
}
static inline int w_def(int x)
{
#define W_INNER 1
	if (x) return W_INNER;
#undef W_INNER
	return 0;
}
static inline int w_comment(int x)
{
#if defined(W_NONE) /* a comment that
	goes on */ || defined(W_MODE)
	if (x) return 5;
#endif
	return 0;
}
static inline int w_digraph(int x)
{
%:ifdef W_MODE
	if (x) return 6;
%:endif
	return 0;
}
C
printf '#include "w.h"\nint fa(int x)\n{\n\treturn w_plain(x) + w_cond(x) + w_4(x) + m_5(x);\n}\n' > walk/a.c
printf '#define W_MODE\n#include "w.h"\nint fb(int x)\n{\n\treturn w_cond(x) + w_only(x) + m_5(x);\n}\n' > walk/b.c
printf '#pragma style_plugin push\n#pragma style_plugin off "if-body"\n#include "w.h"\n#pragma style_plugin pop\nint fc(int x)\n{\n\tif (x) x++;\n\treturn w_plain(x);\n}\n' > walk/c.c
printf '#include "w.h"\nint fd(int x)\n{\n\treturn w_plain(x) + w_cond(x);\n}\n' > walk/d.c
# walk_run NAME ONCE FILE...: compile FILEs in order; ONCE "fresh": each
# with a directory of its own, else all with the directory ONCE.  The
# warnings as "file:line:col: [-Wstyle-RULE]" in NAME.txt.
walk_run() {
	local name=$1 once=$2 f dir
	shift 2
	: > "walk/$name.log"
	for f in "$@"; do
		dir=$once
		[ "$once" != fresh ] || dir=$tmp/walk/fresh-$f
		(cd walk && $GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$dir" \
			-Iinc -c "$f.c" -o "$f.o" 2> "$name-$f.txt")
		check "walked: $name: $f.c compiles, no ICE, plugin loaded" gcc_ok $? "walk/$name-$f.txt"
		cat "walk/$name-$f.txt" >> "walk/$name.log"
	done
	sed -n 's/^\([^ :]*:[0-9]*:[0-9]*:\) warning: .*\(\[-Wstyle-[a-z-]*\]\)$/\1 \2/p' \
		"walk/$name.log" > "walk/$name.txt"
}
walk_run ref fresh a b c d
sort -u walk/ref.txt > walk/ref.set
check "walked: every compile walking everything reports w.h:4, w.h:10 (W_MODE), w.h:20 (W_MODE only), w.h:28 (a macro's head), w.h:40 (W_MODE's W_LEVEL), w.h:47, w.h:55, w.h:62, c.c:7" \
	sh -c "grep -q '^inc/w.h:4:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^inc/w.h:10:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^inc/w.h:20:[0-9]*: \[-Wstyle-multi-stmt\]' walk/ref.set &&
	       grep -q '^inc/w.h:28:[0-9]*: \[-Wstyle-multi-stmt\]' walk/ref.set &&
	       grep -q '^inc/w.h:40:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^inc/w.h:47:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^inc/w.h:55:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^inc/w.h:62:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set &&
	       grep -q '^c.c:7:[0-9]*: \[-Wstyle-if-body\]' walk/ref.set"
walk_run order1 "$tmp/walk/once1" c a b d
walk_run order2 "$tmp/walk/once2" d b a c
check "walked: the compiles of c a b d record the header's functions" \
	sh -c "ls '$tmp/walk/once1' | grep -q '^walked-'"
for o in order1 order2; do
	check "walked: $o reports the same warnings as every compile walking everything" \
		sh -c "sort walk/$o.txt | cmp -s - walk/ref.set"
done
# A later compile does skip: c.c's own line, and nothing of the header.
walk_run again "$tmp/walk/once1" a
check "walked: a compile after them reports nothing new" test ! -s walk/again.txt
# Nor does it walk what a macro of another header defines, nor a function
# with an #if whose names are as a compile before found them: with the
# reports' marks removed (from a copy: the page-fault check below uses
# once1 as the orders left it), e.c (W_MODE, as b.c) reports again what
# it walks, its own line and the functions with a #define (w.h:47) and
# with an #if continued in a comment (w.h:55), which every compile
# walks, not m_5 (w.h:28), which its record covers, nor w_cond (w.h:10),
# w_level (w.h:40) or w_digraph (w.h:62), which the records of b.c's
# state of W_MODE, and of W_LEVEL through W_TWO, cover.
unmarked_copy() {
	rm -rf "$tmp/walk/$1" && cp -a "$tmp/walk/once1" "$tmp/walk/$1" &&
	find "$tmp/walk/$1" -type f ! -name 'walked-*' -delete
}
unmarked_copy once-unmarked
printf '#define W_MODE\n#include "w.h"\nint fe(int x)\n{\n\tif (x) x++;\n\treturn w_cond(x) + m_5(x);\n}\n' > walk/e.c
walk_run unmarked "$tmp/walk/once-unmarked" e
check "walked: neither a function a macro of another header defines nor one with an #if is walked again ($(tr '\n' ' ' < walk/unmarked.txt))" \
	sh -c "grep -q '^e.c:5:' walk/unmarked.txt && grep -q '^inc/w.h:47:' walk/unmarked.txt &&
	       grep -q '^inc/w.h:55:' walk/unmarked.txt && ! grep -q '^inc/w.h:62:' walk/unmarked.txt &&
	       ! grep -q '^inc/w.h:10:' walk/unmarked.txt && ! grep -q '^inc/w.h:40:' walk/unmarked.txt &&
	       ! grep -q '^inc/w.h:28:' walk/unmarked.txt"
# The names the #if lines test are what lets a compile know w_cond and
# w_level: without DIR/walked-names, or with one that holds nothing of
# the right form, e.c walks them again (and compiles).
unmarked_copy once-nonames
rm -f "$tmp/walk/once-nonames/walked-names"
walk_run nonames "$tmp/walk/once-nonames" e
unmarked_copy once-badnames
{ printf 'c63fab10f0f4d82\n0000000000000000 W_MODE\nnot hex at all\n'
  head -c 3000 /dev/urandom | tr -d '\n'; printf '\n'; } > "$tmp/walk/once-badnames/walked-names"
walk_run badnames "$tmp/walk/once-badnames" e
for o in nonames badnames; do
	check "walked: DIR/walked-names $o: the functions with an #if are walked ($(tr '\n' ' ' < walk/$o.txt))" \
		sh -c "grep -q '^e.c:5:' walk/$o.txt && grep -q '^inc/w.h:10:' walk/$o.txt &&
		       grep -q '^inc/w.h:40:' walk/$o.txt && grep -q '^inc/w.h:47:' walk/$o.txt"
done
# An #if unbalanced across two functions: u_f ends at line 5 with U_A,
# at line 13 without, where its lines test U_M too.  A compile without
# U_A must not take the names a compile with U_A read (U_A alone), or
# the third, with U_M, finds its state (U_A off) known and loses u.h:10.
cat > walk/inc/u.h <<'C'
static inline int u_f(int *p)
{
#ifdef U_A
	return *p;
}
static inline int u_g(int *p)
{
#endif
#ifdef U_M
	if (*p) *p = 2;
#endif
	return 0;
}
C
printf '#define U_A\n#include "u.h"\nint ua(int *p)\n{\n\treturn u_f(p) + u_g(p);\n}\n' > walk/ua.c
printf '#include "u.h"\nint ub(int *p)\n{\n\treturn u_f(p);\n}\n' > walk/ub.c
printf '#define U_M\n#include "u.h"\nint uc(int *p)\n{\n\treturn u_f(p);\n}\n' > walk/uc.c
walk_run unbalanced "$tmp/walk/once-unbalanced" ua ub uc
check "walked: an #if across two functions: the compile with U_M reports u.h:10 ($(tr '\n' ' ' < walk/unbalanced.txt))" \
	grep -q '^inc/u.h:10:[0-9]*: \[-Wstyle-if-body\]' walk/unbalanced.txt
# Records that are FIFOs (a mistake, or a planted file) hold nothing: a
# compile neither waits on them to read nor to append, and walks.
mkdir -p "$tmp/walk/once-fifo"
for f in walked-records walked-index walked-names; do
	mkfifo "$tmp/walk/once-fifo/$f"
done
(cd walk && timeout 60 $GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once="$tmp/walk/once-fifo" \
	-Iinc -c e.c -o e-fifo.o 2> fifo-e.txt)
check "walked: records that are FIFOs: e.c compiles without waiting on them, plugin loaded" \
	gcc_ok $? walk/fifo-e.txt
check "walked: records that are FIFOs: e.c walks the header's functions" \
	sh -c "grep -q '^inc/w.h:10:' walk/fifo-e.txt && grep -q '^inc/w.h:28:' walk/fifo-e.txt"

# The main file's functions are never records: e.c compiled again (as
# after an edit), its marks removed, reports its own line again; and g.c,
# e.c with its function renamed, whose headers' functions e.c recorded,
# adds no record.  A function of the main file taken for one of the
# header before it (the line map of the last header function found
# reused past its end, plugin/style_records.c) would make one.
find "$tmp/walk/once-unmarked" -type f ! -name 'walked-*' -delete
walk_run unmarked2 "$tmp/walk/once-unmarked" e
check "walked: the main file compiled again walks its own functions ($(tr '\n' ' ' < walk/unmarked2.txt))" \
	grep -q '^e.c:5:' walk/unmarked2.txt
sed 's/fe(/fg(/' walk/e.c > walk/g.c
n_before=$(wc -c < "$tmp/walk/once-unmarked/walked-records")
walk_run unmarked3 "$tmp/walk/once-unmarked" g
n_after=$(wc -c < "$tmp/walk/once-unmarked/walked-records")
check "walked: a main file's function makes no record (walked-records: $n_before bytes, then $n_after)" \
	test "$n_before" -eq "$n_after"

# The index of the records (plugin/style_keyfile.c): a build leaves some
# 24,000, and a compile that put them all in a table of its own paid 2 ms
# for it (issue 31).  Here 100,000 records of other functions come before
# those of c a b d: the first compile writes DIR/walked-index, the others
# look their functions up in it, in place, and the warnings are the same.
# A compile of a.c after them takes at most 64 more page faults than with
# the records of c a b d alone (all in a table: about 700 more).
mkdir -p walk/once3
head -c 800000 /dev/urandom > walk/once3/walked-records
walk_run order3 "$tmp/walk/once3" c a b d
check "walked: after 100,000 other records, an index of them is written" \
	test -s walk/once3/walked-index
check "walked: after 100,000 other records, the same warnings as every compile walking everything" \
	sh -c "sort walk/order3.txt | cmp -s - walk/ref.set"
# faults ONCE: the minor page faults of a compile of a.c with ONCE.
faults() {
	rm -rf walk/f.once && cp -a "$1" walk/f.once &&
	(cd walk && /usr/bin/time -f %R -o f.time $GCC -fplugin="$PLUGIN" \
		-fplugin-arg-style_plugin-once=f.once -Iinc -c a.c -o f.o 2>/dev/null) &&
	tail -n 1 walk/f.time
}
f_small=$(faults walk/once1)
f_large=$(faults walk/once3)
check "walked: 100,000 more records cost at most 64 page faults ($f_large against $f_small)" \
	test -n "$f_small" -a -n "$f_large" -a "$((f_large - f_small))" -le 64

# System calls (issue 31): with the records of an earlier compile, the
# plugin adds at most 10% to a plain compile's system calls (strace -f
# -c of gcc, cc1 and as), on a file that includes 40 headers with an
# inline function each, searched in 4 directories as the kernel's are in
# several.  A file of records per header (an open, a read and a close
# each), a stat before each source read or a mapping per table would each
# take it over (the plugin of the commit before it: +22%).
check "syscalls: strace is installed (scripts/deps.sh; the chroot's list)" \
	command -v strace
mkdir -p sc/inc sc/i1 sc/i2 sc/i3
for i in $(seq 1 40); do
	printf 'static inline int h%d(int x)\n{\n\tif (x)\n\t\treturn %d;\n\treturn 0;\n}\n' \
		"$i" "$i" > "sc/inc/h$i.h"
	echo "#include \"h$i.h\""
done > sc/a.c
printf 'int f(int x)\n{\n\treturn h1(x) + h40(x);\n}\n' >> sc/a.c
# sc_calls NAME GCC-ARGS...: the system calls of the compile of sc/a.c.
sc_calls() {
	local name=$1
	shift
	(cd sc && strace -f -c -o "$name.strace" "$GCC" -O2 -Ii1 -Ii2 -Ii3 -Iinc "$@" \
		-c a.c -o a.o > "$name.txt" 2>&1)
	awk '$NF == "total" { print $4 }' "sc/$name.strace"
}
(cd sc && $GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once=once -Iinc -c a.c -o a.o \
	> records.txt 2>&1)
check "syscalls: the records compile, no ICE, plugin loaded" gcc_ok $? sc/records.txt
sc_plain=$(sc_calls plain)
sc_style=$(sc_calls style -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once=once)
check "syscalls: with the records, at most +10% over plain ($sc_style against $sc_plain)" \
	test "$sc_plain" -gt 0 -a "$((sc_style * 10))" -le "$((sc_plain * 11))"
# sc_count NAME CALL: how many CALL system calls the compile NAME made.
sc_count() {
	awk -v c="$2" '$NF == c { print $4; n = 1 } END { if (!n) print 0 }' "sc/$1.strace"
}
# No stat of its own for a header: libcpp's, from when it read it (the
# plugin of the commit before: one more per header, +40).
sc_empty=$(sc_calls empty -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once=once-empty)
check "syscalls: with no records, no header stat of its own ($(sc_count empty newfstatat) newfstatat against $(sc_count plain newfstatat) plain, at most 4 more)" \
	test "$(sc_count empty newfstatat)" -le "$(($(sc_count plain newfstatat) + 4))"
# With no records, every header is checked, from the text libcpp read:
# no header is opened again (the plugin of the commit before read each
# back, +19% system calls here, +20% in a kernel compile).
check "syscalls: with no records, at most +10% over plain ($sc_empty against $sc_plain)" \
	test "$sc_plain" -gt 0 -a "$((sc_empty * 10))" -le "$((sc_plain * 11))"
(cd sc && strace -f -e trace=openat -o opens.trace "$GCC" -fplugin="$PLUGIN" \
	-fplugin-arg-style_plugin-once=once-opens -Iinc -c a.c -o a.o > opens.txt 2>&1)
check "syscalls: with no records, each header opened once ($(grep -c '"inc/h[0-9]*\.h".* = [0-9]' sc/opens.trace) opens of 40)" \
	test "$(grep -c '"inc/h[0-9]*\.h".* = [0-9]' sc/opens.trace)" -eq 40
# -E enters the headers and checks no function: it records nothing,
# not even the headers it entered (kbuild's "make foo.i" has the flags).
(cd sc && "$GCC" -E -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once=once-E -Iinc a.c \
	-o a.i > E.txt 2>&1)
check "-E with once=: compiles, nothing recorded" \
	sh -c "test -s sc/a.i && ! test -e sc/once-E/walked-records"
# Only that text, then: a header read from a pipe is checked too.
printf 'static inline int p(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' > sc/pipe.h
echo 'int q(void);' > sc/pipe.c
(cd sc && "$GCC" -fplugin="$PLUGIN" -include <(cat pipe.h) -c pipe.c -o pipe.o > pipe.txt 2>&1)
check "a header read from a pipe: its violation reported" \
	grep -q '/dev/fd/[0-9]*:3:[0-9]*: warning: .*\[-Wstyle-if-body\]' sc/pipe.txt
# A header's canonical name made once, not once per violation (each
# realpath reads every link of the path): 20 violations in one header.
for i in $(seq 1 20); do
	printf 'static inline int m%d(int x)\n{\n\tif (x) return %d;\n\treturn 0;\n}\n' "$i" "$i"
done > sc/inc/many.h
printf '#include "many.h"\nint g(int x)\n{\n\treturn m1(x);\n}\n' > sc/b.c
(cd sc && strace -f -c -o many.strace "$GCC" -fplugin="$PLUGIN" \
	-fplugin-arg-style_plugin-once=once-many -Iinc -c b.c -o b.o > many.txt 2>&1 &&
 strace -f -c -o many-plain.strace "$GCC" -Iinc -c b.c -o b.o)
check "syscalls: 20 violations of one header reported" \
	test "$(grep -c 'many.h:[0-9]*:[0-9]*: warning' sc/many.txt)" -eq 20
rl=$(($(sc_count many readlink) - $(sc_count many-plain readlink)))
check "syscalls: its name made canonical once ($rl readlink more than plain, at most one per component of $tmp/sc/inc)" \
	test "$rl" -le "$(tr -cd / <<<"$tmp/sc/inc/many.h" | wc -c)"
# ... and once for SARIF too, which takes the same name.
(cd sc && strace -f -c -o many-sarif.strace "$GCC" -fplugin="$PLUGIN" \
	-fplugin-arg-style_plugin-once=once-many-sarif \
	-fplugin-arg-style_plugin-sarif=many.sarif -Iinc -c b.c -o b.o > many-sarif.txt 2>&1)
check "syscalls: SARIF: 20 results of one header" \
	test "$(grep -o '"ruleId"' sc/many.sarif | wc -l)" -eq 20
rl=$(($(sc_count many-sarif readlink) - $(sc_count many-plain readlink)))
check "syscalls: SARIF: its name made canonical once ($rl readlink more than plain, at most one per component of $tmp/sc/inc and of the source root)" \
	test "$rl" -le "$(tr -cd / <<<"$tmp/sc/inc/many.h$tmp/sc" | wc -c)"
