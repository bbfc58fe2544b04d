#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# node-path.sh - every DejaGnu case through icecc's node path gives the
# warnings of a local compile
#
# icecc preprocesses on the client with -E -fdirectives-only and a node
# compiles the result with -fpreprocessed -fdirectives-only from
# standard input, in a directory where none of the sources exist.  For
# each testsuite/style.dg case (C and C++), with its dg-options and the
# canary where style.exp adds it, this compares the warnings and errors
# of the two ways: file:line:column, message and tag, and the fix-its
# (-fdiagnostics-parseable-fixits).  Columns are counted in bytes
# (-fdiagnostics-column-unit=byte) on both sides: GCC 12 turns a byte
# column into a display column (a tab counts up to 8), and prints the
# caret lines, from the file on disk, which a node does not have, for
# its own diagnostics as for the plugin's (icecc's caret workaround, a
# local compile of each file that printed something, is for that; see
# docs/distributed.md).  A case that reports nothing locally is checked
# too: the canary shows the plugin ran on the node.  The same input
# compiled where the sources are must print what the local compile
# printed, caret lines and all.
#
# Usage: testsuite/node-path.sh

. "$(dirname "$0")/../scripts/lib.sh"
test_env

GXX=${GXX:-g++}
dir=$tmp_root/node-path
scratch "$dir"
mkdir -p node
src=$top/testsuite/style.dg

# The diagnostics of a compile's output: file:line:col: kind: message,
# and the fix-it lines; not the context ("In function", "In file
# included from") nor the caret lines.
diags() {
	grep -E '^([^ :][^:]*:[0-9]+:[0-9]+: (warning|error|note): |fix-it:)' "$1"
}

n=0
for t in "$src"/*.c "$src"/*.cc; do
	name=$(basename "$t")
	base=${name%.*}
	cc=$GCC lang=c
	case $name in *.cc) cc=$GXX lang=c++ ;; esac
	# The options the case's dg-options gives it (style.exp: the canary
	# only in a case without options).
	opts=$(sed -n 's/.*{ *dg-options *"\([^"]*\)" *}.*/\1/p' "$t" | head -n 1)
	read -r -a extra <<< "$opts"
	inc=(-I"$src/include")
	[ ${#extra[@]} -eq 0 ] && inc+=(-include canary.h)
	# -save-temps writes files of its own; a node never gets it.
	case " $opts " in *" -save-temps "*) continue ;; esac
	flags=(-fplugin="$PLUGIN" -fdiagnostics-plain-output
	       -fdiagnostics-column-unit=byte -fdiagnostics-parseable-fixits
	       "${extra[@]}")
	# The local compile, from the directory that holds the tests, with
	# a relative name as a kernel build has.
	(cd "$src/.." && "$cc" "${flags[@]}" "${inc[@]}" -c "style.dg/$name" \
		-o "$dir/$base.o") > "$base.local" 2>&1
	lst=$?
	# The client: -E -fdirectives-only (icecc keeps the plugin options).
	if ! (cd "$src/.." && "$cc" "${flags[@]}" "${inc[@]}" -E \
		-fdirectives-only "style.dg/$name" -o "$dir/$base.i") \
		> "$base.cpp" 2>&1; then
		# A case whose options stop every compile (an unknown plugin
		# option) stops the preprocessing too, with the same error.
		if [ "$lst" -ne 0 ] && diff -q <(diags "$base.local") \
			<(diags "$base.cpp") > /dev/null; then
			echo "PASS: node-path: $name: refused alike"
		else
			echo "FAIL: node-path: $name: -E -fdirectives-only failed ($dir/$base.cpp)"
		fi
		n=$((n + 1))
		continue
	fi
	# The node: from standard input, where the sources are not.
	(cd node && "$cc" "${flags[@]}" -fpreprocessed -fdirectives-only \
		-x "$lang" -c - -o "$dir/$base.node.o" < "$dir/$base.i") \
		> "$base.node" 2>&1
	nst=$?
	n=$((n + 1))
	if grep -Eq "$BROKEN_RE" "$base.node"; then
		echo "FAIL: node-path: $name: the node's compile broke ($dir/$base.node)"
	elif [ "$lst" -ne "$nst" ]; then
		echo "FAIL: node-path: $name: exit status $lst locally, $nst on the node"
	elif [ ${#extra[@]} -eq 0 ] && ! diags "$base.local" | grep -q .; then
		# style.exp gives the canary to every case without options.
		echo "FAIL: node-path: $name: the local compile reported nothing ($dir/$base.local)"
	elif diff -u <(diags "$base.local") <(diags "$base.node") > "$base.diff"; then
		echo "PASS: node-path: $name: $(diags "$base.local" | grep -c .) diagnostics and fix-its alike"
	else
		echo "FAIL: node-path: $name: the node's diagnostics differ ($dir/$base.diff)"
	fi
	# Where the sources can be read (-save-temps, a node that has them),
	# the whole output is the local one: caret lines and all.
	(cd "$src/.." && "$cc" "${flags[@]}" -fpreprocessed -fdirectives-only \
		-x "$lang" -c - -o "$dir/$base.here.o" < "$dir/$base.i") \
		> "$base.here" 2>&1
	n=$((n + 1))
	if diff -u "$base.local" "$base.here" > "$base.here.diff"; then
		echo "PASS: node-path: $name: with the sources, the output of a local compile"
	else
		echo "FAIL: node-path: $name: with the sources, the output differs ($dir/$base.here.diff)"
	fi
done
[ "$n" -gt 0 ] || echo "FAIL: node-path: no test case in $src"

# Fully preprocessed input stays unchecked, with its one line.
printf 'int f(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' > full.c
"$GCC" -E full.c -o full.i
(cd node && "$GCC" -fplugin="$PLUGIN" -fpreprocessed -x c -c - \
	-o "$dir/full.o" < "$dir/full.i") > full.log 2>&1
st=$?
check "node-path: fully preprocessed input: one note, no warning" \
	eval 'gcc_ok $st full.log &&
	      [ "$(grep -c "preprocessed input is not checked" full.log)" -eq 1 ] &&
	      ! grep -q Wstyle full.log'

# once=DIR on a node: its directory is the node's own (icecc's chroot)
# and outlives the compile, so the node reports a header's violation in
# every compile and keeps no record; icecc then compiles the file again
# locally, where DIR is the build's.
printf 'static inline int h(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' > once.h
printf '#include "once.h"\nint a(void)\n{\n\treturn h(1);\n}\n' > once.c
"$GCC" -E -fdirectives-only once.c -o once.i
for i in 1 2; do
	(cd node && "$GCC" -fplugin="$PLUGIN" -fplugin-arg-style_plugin-once=.tmp_style_once \
		-fpreprocessed -fdirectives-only -x c -c - -o "$dir/once.o" < "$dir/once.i") \
		> "once$i.log" 2>&1
done
check "node-path: once= on a node: each compile reports the header, no record kept" \
	eval '[ "$(cat once1.log once2.log | grep -c "once.h:3:.*Wstyle-if-body")" -eq 2 ] &&
	      [ ! -e node/.tmp_style_once ]'

# lines=FILE on a node: FILE is on the machine that runs the build, not
# on the node, so the node reports every violation, without an error;
# icecc compiles the file again locally, where the ranges apply.  The
# same compile with the sources, where FILE is read, reports only the
# listed line.
printf 'extern void foo(void);\nvoid f(int x)\n{\n\tif (x) foo();\n\tif (x) foo();\n}\n' > since.c
printf '%s 5 5\n' "$dir/since.c" > since.lines
"$GCC" -E -fdirectives-only since.c -o since.i
(cd node && "$GCC" -fplugin="$PLUGIN" -fplugin-arg-style_plugin-lines="$dir/since.lines" \
	-fpreprocessed -fdirectives-only -x c -c - -o "$dir/since.o" < "$dir/since.i") \
	> since-node.log 2>&1
st=$?
check "node-path: lines= on a node: every violation, no error" \
	eval 'gcc_ok $st since-node.log && ! grep -q "error:" since-node.log &&
	      [ "$(grep -c "since.c:[45]:.*Wstyle-if-body" since-node.log)" -eq 2 ]'
"$GCC" -fplugin="$PLUGIN" -fplugin-arg-style_plugin-lines="$dir/since.lines" \
	-c since.c -o since.o > since-local.log 2>&1
st=$?
check "node-path: lines= where the build runs: the listed line alone" \
	eval 'gcc_ok $st since-local.log &&
	      [ "$(grep -c "Wstyle-if-body" since-local.log)" -eq 1 ] &&
	      grep -q "since.c:5:.*Wstyle-if-body" since-local.log'

# sarif=FILE on a node names a file of the build, out of the node's reach
# (a path relative to the build's directory, in icecc's chroot): the node
# writes no log and prints nothing about it, as a line would make icecc
# compile every file again; icecc's local compile of a file that printed
# a result writes the log.  Once where the node could write the file,
# once where it could not.
printf 'int g(int x)\n{\n\treturn x;\n}\n' > clean.c
"$GCC" -E -fdirectives-only clean.c -o clean.i
st=0
for f in node.sarif nodir/node.sarif; do
	(cd node && "$GCC" -fplugin="$PLUGIN" -fplugin-arg-style_plugin-sarif=$f \
		-fpreprocessed -fdirectives-only -x c -c - -o "$dir/clean.o" < "$dir/clean.i") \
		>> sarif.log 2>&1 || st=1
done
check "node-path: sarif= on a node: no log written, nothing printed" \
	eval '[ $st -eq 0 ] && [ ! -s sarif.log ] && [ -z "$(find node -name "*.sarif*")" ]'
