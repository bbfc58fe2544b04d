#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# inputs.sh - the plugin on unusual inputs and compiler modes: each
# case is compiled with and without it and must not crash, must end
# with the same exit status (in bounded time), and must show the style
# behaviour written next to it:
#
#   stdin        -x c - : checked, or not checked with a note; a file
#                named "<stdin>" in the working directory is not read
#                in its place; -x c /dev/stdin from a pipe
#   #line        to a file that does not exist, to a directory, to
#                /dev/zero, and a GNU line marker in a .c file: lines
#                after it are not checked (note), lines before it are
#   not regular  the source is a FIFO (named pipe), or <(process
#                substitution): no hang, no false warning
#   line ends    lone CR (old Mac) and mixed CR/LF: no false warning
#   long lines   a 100,000-character line; a condition in 3,000
#                parentheses; a 200,000-term expression
#   large files  200,000 lines of ifs, in kernel style and not: every
#                violation reported, and CPU time with the plugin at
#                most 2x (+2 s) that without it
#   C++          g++ -fplugin: if, else, for, range for, while, do,
#                templates, lambdas
#   -flto        compile and link with -flto -fplugin: lto1 loads the
#                plugin, which checks nothing there
#   modes        -fsyntax-only, -E, -save-temps, -fpreprocessed,
#                -fdirectives-only, a precompiled header
#
# Usage: testsuite/robust/inputs.sh   (GCC, PLUGIN, BUILD from the environment)

set -uo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"
start_test inputs "$robust/inputs"
LIMIT=${TIMEOUT:-60}
GXX=${GXX:-$(echo "$GCC" | sed 's/gcc\([^/]*\)$/g++\1/')}

# pair NAME [-stdin|-pipe|-subst FILE] COMPILER ARGS...: run the
# compile in directory NAME/ without the plugin (into
# NAME/plain.{out,err,rc}) and with it (NAME/style.*), then check: no
# crash, no timeout, same exit status.  The input FILE, given anew to
# each side: -stdin redirects it, -pipe pipes it (cat FILE |), -subst
# replaces the argument @SUBST@ with a <(cat FILE) process substitution.
pair() {
	local name=$1 how=none in=/dev/null side rc0 rc1 fd
	shift
	case $1 in
	-stdin|-pipe|-subst) how=$1 in=$2; shift 2 ;;
	esac
	local cc=$1
	shift
	mkdir -p "$name"
	for side in plain style; do
		local plug=() args=("$@")
		[ $side = style ] && plug=(-fplugin="$PLUGIN")
		if [ $how = -subst ]; then
			exec {fd}< <(cat "$in")
			args=("${args[@]/@SUBST@//dev/fd/$fd}")
		fi
		if [ $how = -pipe ]; then
			cat "$in" | (cd "$name" && exec timeout -k 5 "$LIMIT" $cc \
				"${plug[@]}" -fdiagnostics-plain-output "${args[@]}")
		else
			(cd "$name" && exec timeout -k 5 "$LIMIT" $cc "${plug[@]}" \
				-fdiagnostics-plain-output "${args[@]}") < "$in"
		fi > "$name/$side.out" 2> "$name/$side.err"
		echo $? > "$name/$side.rc"
		[ $how = -subst ] && exec {fd}<&-
	done
	rc0=$(cat "$name/plain.rc") rc1=$(cat "$name/style.rc")
	if is_crash "$name/style.err" || [ "$rc1" -ge 124 ]; then
		echo "FAIL: inputs: $name: crash or timeout with the plugin (status $rc1)"
		sed 's/^/  /' "$name/style.err" | head -5
	elif [ "$rc0" != "$rc1" ]; then
		echo "FAIL: inputs: $name: exit status $rc1 with the plugin, $rc0 without"
		sed 's/^/  /' "$name/style.err" | head -5
	else
		echo "PASS: inputs: $name: no crash, same exit status ($rc0)"
	fi
}

# styles NAME: the style warnings of NAME's compile with the plugin, as
# sorted "LINE:COL RULE" lines.
styles() {
	sed -n 's/^[^ ]*:\([0-9]*:[0-9]*\): \(warning\|error\): .*\[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$/\1 \4/p' \
		"$1/style.err" | sort
}

# expect NAME WHAT WARNING...: the style warnings are exactly WARNING...
expect() {
	local name=$1 what=$2 got want
	shift 2
	got=$(styles "$name")
	want=$(printf '%s\n' "$@" | sed '/^$/d' | sort)
	if [ "$got" = "$want" ]; then
		echo "PASS: inputs: $name: $what"
	else
		echo "FAIL: inputs: $name: $what; got: $(echo "$got" | tr "\n" " ")"
	fi
}

has_note() {	# has_note NAME TEXT: the plugin's note TEXT was printed
	grep -q "note: style_plugin: $2" "$1/style.err"
}

# A file with two violations (lines 4 and 6) and good lines around.
cat > bad.c <<'EOF'
extern void foo(void);
int f(int x)
{
	if (x) foo();
	if (x)
		foo();
	while (x) x--;
	return 0;
}
EOF
bad_expect=("4:16 style-if-body" "7:19 style-loop-body")
# The canary: a header with one violation, included (-include) where
# a check expects no warning from the main file, so that a plugin that
# does nothing cannot pass it.
cat > canary.h <<'EOF'
static inline int canary(int x)
{
	if (x) return 1;
	return 0;
}
EOF
canary=(-include "$PWD/canary.h")
canary_expect="3:16 style-if-body"

# --- standard input -----------------------------------------------------
# GCC counts display columns (a tab to its stop) only on a line it can
# read again: not standard input's, whose columns are bytes.
bad_bytes=("4:9 style-if-body" "7:12 style-loop-body")
pair stdin -stdin bad.c "$GCC" -x c -c - -o out.o
if [ "$(styles stdin)" = "$(printf '%s\n' "${bad_bytes[@]}" | sort)" ] ||
   { [ -z "$(styles stdin)" ] && grep -q 'note: style_plugin:' stdin/style.err; }; then
	echo "PASS: inputs: stdin: checked, or a note says it is not"
else
	echo "FAIL: inputs: stdin: neither checked nor a note saying it is not; got: $(styles stdin | tr "\n" " ")"
fi
# A decoy named "<stdin>": GCC's name for standard input, not a file.
mkdir -p stdin-decoy
cat > "stdin-decoy/<stdin>" <<'EOF'
extern void foo(void);
int f(int x)
{
	if (x
		) foo(); foo();
	return 0;
}
EOF
cat > good.c <<'EOF'
extern void foo(void);
int f(int x)
{
	if (x)
		foo();
	foo();
	return 0;
}
EOF
pair stdin-decoy -stdin good.c "$GCC" "${canary[@]}" -x c -c - -o out.o
expect stdin-decoy "a file named <stdin> is not read for standard input" "$canary_expect"
pair dev-stdin-pipe -pipe bad.c "$GCC" "${canary[@]}" -x c -c /dev/stdin -o out.o
if [ "$(styles dev-stdin-pipe)" = "$canary_expect" ] ||
   [ "$(styles dev-stdin-pipe)" = "$(printf '%s\n' "${bad_bytes[@]}" "$canary_expect" | sort)" ]; then
	echo "PASS: inputs: dev-stdin-pipe: no false warning"
else
	echo "FAIL: inputs: dev-stdin-pipe: got $(styles dev-stdin-pipe | tr "\n" " ")"
fi

# --- #line and line markers ---------------------------------------------
for target in no-such-file.c / /dev/zero; do
	name=line-${target//\//slash}
	{
		head -7 bad.c
		echo "#line 100 \"$target\""
		echo '	if (x) foo();'
		echo '	return 0;'
		echo '}'
	} > "$name.c"
	pair "$name" "$GCC" -c "$PWD/$name.c" -o out.o
	expect "$name" "lines before the #line checked, after it not" "${bad_expect[@]}"
	check "$name: note" has_note "$name" "code placed by"
done
{ head -7 bad.c; echo '# 1 "elsewhere.c"'; echo '	if (x) foo();'; echo '	return 0;'; echo '}'; } > marker.c
pair marker "$GCC" -c "$PWD/marker.c" -o out.o
expect marker "a line marker in a .c file: what follows it not checked" "${bad_expect[@]}"

# --- sources that are not regular files ---------------------------------
# A FIFO is read once by the preprocessor; reading it again can block
# for ever (no writer) or read something else (a second writer).
mkfifo fifo.c
pair_fifo() {	# pair_fifo NAME FILE...: compile fifo.c, fed FILE... in turn
	local name=$1 side rc0 rc1
	shift
	mkdir -p "$name"
	for side in plain style; do
		local plug=()
		[ $side = style ] && plug=(-fplugin="$PLUGIN")
		# The writer: each FILE in turn, as long as someone opens the
		# FIFO; killed after the compile.
		(for f in "$@"; do cat "$f" > fifo.c; sleep 0.5; done) &
		local writer=$!
		timeout -k 5 20 $GCC "${plug[@]}" -fdiagnostics-plain-output \
			"${canary[@]}" -c fifo.c -o "$name/out.o" > "$name/$side.out" 2> "$name/$side.err"
		echo $? > "$name/$side.rc"
		kill "$writer" 2> /dev/null
		wait "$writer" 2> /dev/null
		# A writer blocked in open(): unblock it.
		timeout 2 cat fifo.c > /dev/null 2>&1
	done
	rc0=$(cat "$name/plain.rc") rc1=$(cat "$name/style.rc")
	if [ "$rc1" = 124 ] || [ "$rc1" = 137 ]; then
		echo "FAIL: inputs: $name: the compile hangs with the plugin (killed after 20 s; without it: status $rc0)"
	elif is_crash "$name/style.err" || [ "$rc0" != "$rc1" ]; then
		echo "FAIL: inputs: $name: status $rc1 with the plugin, $rc0 without"
	else
		echo "PASS: inputs: $name: no hang, same exit status ($rc0)"
	fi
}
pair_fifo fifo good.c
expect fifo "no false warning" "$canary_expect"
pair_fifo fifo-replaced good.c "stdin-decoy/<stdin>"
expect fifo-replaced "a FIFO that gives other text the second time: no false warning" "$canary_expect"
pair procsubst -subst good.c "$GCC" "${canary[@]}" -x c -c @SUBST@ -o out.o
expect procsubst "<(process substitution): no false warning" "$canary_expect"

# --- line ends ----------------------------------------------------------
tr '\n' '\r' < bad.c > cr.c
# Lines end at a lone CR as in libcpp, so both violations are found on
# GCC's lines; in byte columns, as GCC's own line cache (which counts
# '\n' alone) cannot give display columns there.
pair cr-only "$GCC" -fdiagnostics-column-unit=byte -c "$PWD/cr.c" -o out.o
if [ "$(styles cr-only)" = "$(printf '%s\n' "4:9 style-if-body" "7:12 style-loop-body" | sort)" ]; then
	echo "PASS: inputs: cr-only: both violations, on GCC's lines"
else
	echo "FAIL: inputs: cr-only: got $(styles cr-only | tr "\n" " ")"
fi
# Lone CRs shift GCC's line numbers against a reader that counts '\n'.
printf 'extern void foo(void);\nextern int bar(int);\nint f(int x)\n{\r\r\r\n\tif (x)\n\t\tfoo();\n\tbar((1\n))\n\t;\n\treturn 0;\n}\n' > mixed-cr.c
pair mixed-cr "$GCC" -c "$PWD/mixed-cr.c" -o out.o
expect mixed-cr "no false warning"

# --- long lines, deep nesting -------------------------------------------
awk 'BEGIN {
	printf "extern void foo(void);\nint f(int x)\n{\n\tif (x) foo(); int y = 0"
	for (i = 0; i < 25000; i++) printf " + 1"
	printf ";\n\tif (x) foo();\n\treturn y;\n}\n"
}' > long-head.c
pair long-head "$GCC" -c "$PWD/long-head.c" -o out.o
expect long-head "a 100,000-character line: its violation and the next line's" \
	"4:16 style-if-body" "5:16 style-if-body"
awk 'BEGIN {
	printf "extern void foo(void);\nint f(int x)\n{\n\tint y = 0"
	for (i = 0; i < 25000; i++) printf " + 1"
	printf "; if (x) foo();\n\tif (x) foo();\n\treturn y;\n}\n"
}' > long-tail.c
pair long-tail "$GCC" -c "$PWD/long-tail.c" -o out.o
# A column past what the line map encodes (4096) cannot be reported:
# a note says so, once.
got=$(styles long-tail | grep -v '^4:1000[0-9][0-9] ')
check "long-tail: a violation at column 100,000: nothing wrong reported" \
	test "$got" = "5:16 style-if-body"
check "long-tail: one note that line 4 is checked only up to column 4096" \
	test "$(grep -c ':4: note: style_plugin: GCC tracks no column past 4096' long-tail/style.err)" -eq 1
awk 'BEGIN {
	printf "int a;\nint f(void)\n{\n\tif ("
	for (i = 0; i < 3000; i++) printf "("
	printf "a"
	for (i = 0; i < 3000; i++) printf ")"
	printf ")\n\t\treturn 1;\n\tif (a) return 2;\n\treturn 0;\n}\n"
}' > parens.c
pair parens "$GCC" -c "$PWD/parens.c" -o out.o
expect parens "3,000 nested parentheses: no false warning (the canary after them reported)" \
	"6:16 style-if-body"
awk 'BEGIN {
	printf "int a;\nint f(void)\n{\n\tint y = 0\n"
	for (i = 0; i < 20000; i++) print "\t+ a + a + a + a + a + a + a + a + a + a"
	printf "\t;\n\tif (y) return 1;\n\treturn y;\n}\n"
}' > deep.c
pair deep-expr "$GCC" -c "$PWD/deep.c" -o out.o
expect deep-expr "a 200,000-term expression: the if after it" "20006:16 style-if-body"

# --- large files: all reported, in reasonable time ----------------------
# cpu NAME ARGS...: the CPU seconds (user + sys) of one compile; its
# exit status in NAME.rc, its stderr in NAME.err.
cpu() {
	local name=$1
	shift
	/usr/bin/time -f '%U %S' -o "$name.time" $GCC "$@" -c -o /dev/null \
		> /dev/null 2> "$name.err"
	echo $? > "$name.rc"
	awk '{ print $1 + $2 }' "$name.time"
}
for kind in good bad; do
	awk -v kind=$kind 'BEGIN {
		print "extern void foo(int);"
		for (n = 1; n < 200000; i++) {
			printf "void f%d(int x)\n{\n", i; n += 2
			for (j = 0; j < 8; j++) {
				if (kind == "good") {
					printf "\tif (x == %d)\n\t\tfoo(%d);\n", j, j; n += 2
				} else {
					printf "\tif (x == %d) foo(%d);\n", j, j; n++
				}
			}
			print "}"; n++
		}
	}' > large-$kind.c
	t0=$(cpu large-$kind-plain -fdiagnostics-plain-output large-$kind.c)
	t1=$(cpu large-$kind-style -fplugin="$PLUGIN" -fdiagnostics-plain-output large-$kind.c)
	want=0
	[ $kind = bad ] && want=$(grep -c 'if (x == ' large-$kind.c)
	got=$(style_count large-$kind-style.err)
	check "large-$kind: both compiles succeed, no ICE" sh -c \
		"test \$(cat large-$kind-plain.rc) -eq 0 && test \$(cat large-$kind-style.rc) -eq 0 &&
		 ! grep -Eq '$BROKEN_RE' large-$kind-plain.err large-$kind-style.err"
	check "large-$kind: $(wc -l < large-$kind.c) lines, $want violations, $got reported" \
		test "$got" -eq "$want"
	check "large-$kind: CPU ${t1}s with the plugin, ${t0}s without (at most 2x + 2s)" \
		awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b <= 2 * a + 2) }'
done

# --- C++ ----------------------------------------------------------------
cat > cxx.cc <<'EOF'
#include <vector>
extern void foo();
template <typename T> int count(const std::vector<T> &v)
{
	int n = 0;
	for (const T &x : v) n += x;
	for (const T &x : v)
		n -= x;
	return n;
}
struct S {
	int g(int x)
	{
		if (x) return 1;
		else return 2;
	}
};
int f(int x)
{
	auto l = [](int y) { if (y) foo(); return y; };
	do x--; while (x > 10);
	try {
		if (x)
			foo();
	} catch (...) {
		while (x) x--;
	}
	return count(std::vector<int>{1, 2}) + S().g(x) + l(x);
}
EOF
pair cxx "$GXX" -std=gnu++17 -Wall -c "$PWD/cxx.cc" -o out.o
expect cxx "g++: if, else, range for, while, do, lambda, template" \
	"6:30 style-loop-body" "14:24 style-if-body" "15:22 style-else-body" \
	"20:37 style-if-body" "20:44 style-multi-stmt" "21:12 style-do-body" \
	"26:27 style-loop-body"

# --- -flto ----------------------------------------------------------------
cat > lto-main.c <<'EOF'
extern int f(int x);
void foo(void)
{
}
int main(void)
{
	return f(0);
}
EOF
for side in plain style; do
	plug=()
	[ $side = style ] && plug=(-fplugin="$PLUGIN")
	mkdir -p lto-$side
	{
		$GCC "${plug[@]}" -flto -O2 -c bad.c -o lto-$side/bad.o &&
		$GCC "${plug[@]}" -flto -O2 -c lto-main.c -o lto-$side/main.o
	} 2> lto-$side/compile.err
	echo $? > lto-$side/compile.rc
	timeout -k 5 "$LIMIT" $GCC "${plug[@]}" -flto -O2 -v lto-$side/main.o \
		lto-$side/bad.o -o lto-$side/prog > lto-$side/link.out 2> lto-$side/link.err
	echo $? > lto-$side/link.rc
done
check "lto: same exit status, compile ($(cat lto-style/compile.rc)) and link ($(cat lto-style/link.rc))" \
	test "$(cat lto-plain/compile.rc) $(cat lto-plain/link.rc)" = \
	     "$(cat lto-style/compile.rc) $(cat lto-style/link.rc)"
check "lto: no crash" sh -c "! grep -Eq '$CRASH_RE' lto-style/*.err"
check "lto: the compile step warns" test "$(style_count lto-style/compile.err)" -eq 2
check "lto: lto1 loads the plugin" grep -q "lto1 .*-fplugin=$PLUGIN" lto-style/link.err
check "lto: lto1 warns nothing" test "$(style_count lto-style/link.err)" -eq 0
check "lto: the program runs" lto-style/prog

# --- compiler modes -------------------------------------------------------
pair syntax-only "$GCC" -fsyntax-only "$PWD/bad.c"
expect syntax-only "-fsyntax-only checks" "${bad_expect[@]}"

pair dash-E "$GCC" -E "$PWD/bad.c"
expect dash-E "-E: nothing to check"
check "dash-E: the same preprocessed output" cmp -s dash-E/plain.out dash-E/style.out

pair save-temps "$GCC" -save-temps -c "$PWD/bad.c" -o out.o
expect save-temps "-save-temps: nothing checked"
check "save-temps: note" has_note save-temps "preprocessed input is not checked"
mkdir -p save-temps-plain
(cd save-temps-plain && $GCC -save-temps -c "$work/bad.c" -o out.o 2>/dev/null)
(cd save-temps && $GCC -fplugin="$PLUGIN" -save-temps -c "$work/bad.c" -o out.o 2>/dev/null)
# (GCC 12 names the temporary files after -o)
check "save-temps: the same .i and .s" sh -c \
	'cmp -s save-temps-plain/out.i save-temps/out.i && cmp -s save-temps-plain/out.s save-temps/out.s'

$GCC -E bad.c -o bad.i
pair fpreprocessed-i "$GCC" -c "$PWD/bad.i" -o out.o
expect fpreprocessed-i "a .i file: nothing checked"
check "fpreprocessed-i: note" has_note fpreprocessed-i "preprocessed input is not checked"
pair fpreprocessed-c "$GCC" -fpreprocessed -c "$PWD/bad.c" -o out.o
expect fpreprocessed-c "-fpreprocessed on a .c file: nothing checked"
check "fpreprocessed-c: note" has_note fpreprocessed-c "preprocessed input is not checked"

pair directives-only-E "$GCC" -E -fdirectives-only "$PWD/bad.c"
# The plugin predefines __STYLE_PLUGIN__ (which guards the kernel's
# #pragma style_plugin): its #define must reach a node that compiles
# this output, and nothing else may differ.
check "directives-only-E: the same output, but the plugin's macro" bash -c \
	"grep -vx '#define __STYLE_PLUGIN__ 1' directives-only-E/style.out | cmp -s directives-only-E/plain.out -"
check "directives-only-E: #define __STYLE_PLUGIN__ 1 in the output" \
	grep -qx '#define __STYLE_PLUGIN__ 1' directives-only-E/style.out
pair directives-only-c "$GCC" -fdirectives-only -c "$PWD/bad.c" -o out.o
expect directives-only-c "-fdirectives-only -c: checked as usual" "${bad_expect[@]}"
pair directives-only-save-temps "$GCC" -fdirectives-only -save-temps -c "$PWD/bad.c" -o out.o
# The second half reads -fdirectives-only output: checked (style_input.c).
expect directives-only-save-temps "-fdirectives-only -save-temps: checked as usual" "${bad_expect[@]}"

cat > pch.h <<'EOF'
extern void foo(void);
static inline int h(int x)
{
	if (x) foo();
	return x;
}
EOF
printf '#include "pch.h"\nint g(int x)\n{\n\tif (x) return h(x);\n\treturn 0;\n}\n' > use-pch.c
pair pch-create "$GCC" -x c-header "$PWD/pch.h" -o pch.h.gch
expect pch-create "a precompiled header is checked as it is made" "4:16 style-if-body"
cp pch-create/pch.h.gch . 2>/dev/null
pair pch-use "$GCC" -Winvalid-pch -c "$PWD/use-pch.c" -o out.o
expect pch-use "with a precompiled header: the file's own lines" "4:16 style-if-body"
