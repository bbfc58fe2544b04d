# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
#
# lib.sh - what the robustness tests share: compile a file with and
# without the plugin and compare what the compiler did
#
# Usage: . testsuite/robust/lib.sh   (from corpus.sh, csmith.sh, ...)
#
# Sets what scripts/lib.sh and its test_env set (GCC, PLUGIN, top, ...) and robust
# (the scratch directory), and defines:
#   style_filter       stdin -> stdout: the diagnostics without those of
#                      the plugin (its warnings with their notes, carets
#                      and fix-its, and its "style_plugin:" notes) and
#                      without context lines ("In function", "In file
#                      included from"), which a style warning may add;
#                      and temporary file names made alike
#   style_count FILE   how many style warnings FILE holds
#   is_crash FILE      whether FILE shows an ICE or a killed compiler
#   compare_pair ...   run one compile both ways and print one record
#   start_test NAME DIR  the test's name and scratch directory
#   verdict, check     one PASS or FAIL line
#   compare_verdicts   the PASS/FAIL lines on compare_pair records

# shellcheck source=../../scripts/lib.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/lib.sh"
test_env
robust=$tmp_root/robust

# Heads of the plugin's diagnostics: by option name, and by message for
# when -fno-diagnostics-show-option hides the name.
STYLE_HEAD=': (warning|error): (statement (after .[{]. )?on the same line as|empty body on the same line as)|'"$STYLE_TAG_RE"
# (matched in the filtered output, where no function name of a context
# line or style warning can match)
CRASH_RE='internal compiler error|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|Segmentation fault|terminated program|killed by signal|Illegal instruction|Bus error|stack smashing detected|double free or corruption|free\(\): invalid|malloc\(\): '

style_filter() {
	awk -v style="$STYLE_HEAD" '
	/note: style_plugin: / { next }
	# Context lines: printed before the first diagnostic of a function
	# (or of an inlined copy) or of an include, so a style warning
	# moves them; a diagnostic follows them.
	/^In file included from / || /^ +from [^ ].*[:,]$/ ||
	/^([^ ].*: )?In ((static )?member function|function|(copy |move )?constructor|destructor|lambda function|instantiation of|substitution of)/ ||
	/^ +inlined from .* at [^ ]*:[0-9]+:[0-9]+[:,]$/ ||
	/^[^ ].*: (At top level|At global scope):$/ ||
	/^[^ ].*: +(recursively )?required (from|by) / ||
	/^[^ ].*: +\[ skipping [0-9]+ instantiation contexts/ { drop = 0; next }
	# A diagnostic, with what follows it: its carets, labels and
	# fix-its (indented, or "fix-it:" when parseable) and the notes
	# that locate a macro expansion.  Any other line that is not
	# indented (a note of its own, "cc1: some warnings being treated
	# as errors") ends it.
	/^[^ |].*: (warning|error|fatal error|sorry, unimplemented|internal compiler error): / {
		drop = ($0 ~ style)
	}
	/^[^ ]/ && !/^fix-it:/ && !/: (warning|error|fatal error|sorry, unimplemented|internal compiler error): / &&
	!/: note: in (expansion|definition) of macro / { drop = 0 }
	drop { next }
	# Temporary files (what the assembler reads) have random names.
	{ gsub(/\/cc[A-Za-z0-9]+\./, "/ccXXXXXX."); print }'
}

style_count() {
	grep -Ec "^[^ |].*($STYLE_HEAD)" "$1"
}

is_crash() {
	grep -Eq "$CRASH_RE" "$1"
}

# run_gcc TIMEOUT DIR SIDE ARGS...: run $GCC in DIR with ARGS -o out.o,
# its stdout to DIR/SIDE.out and stderr to DIR/SIDE.err, and move the
# object to DIR/SIDE.o: both sides write the same file name, so that
# names derived from it (dumps, .gcda) are the same in diagnostics.
# Prints the exit status.
run_gcc() {
	local limit=$1 dir=$2 side=$3 rc
	shift 3
	rm -f "$dir/out.o" "$dir/$side.o"
	(cd "$dir" && exec timeout -k 5 "$limit" $GCC "$@" -o out.o) \
		> "$dir/$side.out" 2> "$dir/$side.err"
	rc=$?
	[ -f "$dir/out.o" ] && mv "$dir/out.o" "$dir/$side.o"
	echo $rc
}

# compare_pair NAME TIMEOUT DIR ARGS...: compile with ARGS without the
# plugin (DIR/plain.*) and with it (DIR/style.*), and print
#   REC NAME rc-plain rc-style crash-plain crash-style diff-lines
#       style-warnings other-diagnostic-lines
# diff-lines counts the lines of stdout and of filtered stderr that
# differ.  A compile that times out on one side only is run again on
# both sides with four times the limit, so that a loaded machine is not
# a finding.  The objects are DIR/plain.o and DIR/style.o.
compare_pair() {
	local name=$1 limit=$2 dir=$3 rc0 rc1 c0=0 c1=0 nd ns no
	shift 3
	rc0=$(run_gcc "$limit" "$dir" plain "$@")
	rc1=$(run_gcc "$limit" "$dir" style -fplugin="$PLUGIN" "$@")
	if [ "$rc0" != "$rc1" ] && { [ "$rc0" = 124 ] || [ "$rc1" = 124 ]; }; then
		limit=$((limit * 4))
		rc0=$(run_gcc "$limit" "$dir" plain "$@")
		rc1=$(run_gcc "$limit" "$dir" style -fplugin="$PLUGIN" "$@")
	fi
	style_filter < "$dir/plain.err" > "$dir/plain.flt"
	style_filter < "$dir/style.err" > "$dir/style.flt"
	is_crash "$dir/plain.flt" && c0=1
	is_crash "$dir/style.flt" && c1=1
	{
		diff "$dir/plain.flt" "$dir/style.flt"
		diff "$dir/plain.out" "$dir/style.out"
	} > "$dir/diag.diff"
	nd=$(grep -c '^[<>]' "$dir/diag.diff")
	ns=$(style_count "$dir/style.err")
	no=$(cat "$dir/plain.flt" "$dir/plain.out" | wc -l)
	echo "REC $name $rc0 $rc1 $c0 $c1 $nd $ns $no"
}

# start_test NAME DIR: NAME heads the test's PASS/FAIL lines; DIR is made
# anew and becomes the current directory.  Without a plugin the test
# fails at once.
start_test() {
	test_name=$1
	work=$2
	scratch "$work"
	if [ ! -f "$PLUGIN" ]; then
		echo "FAIL: $test_name: no plugin at $PLUGIN (run make)"
		exit 1
	fi
}

# verdict PASS-TEXT FAIL-TEXT COMMAND...: "PASS: NAME: PASS-TEXT" if
# COMMAND succeeds, else "FAIL: NAME: FAIL-TEXT".
verdict() {
	local yes=$1 no=$2
	shift 2
	if "$@"; then
		echo "PASS: $test_name: $yes"
	else
		echo "FAIL: $test_name: $no"
	fi
}

# check NAME COMMAND...: PASS or FAIL, named NAME, as COMMAND succeeds.
check() {
	verdict "$1" "$1" "${@:2}"
}

# compare_verdicts WHAT ICES STATUS DIAGS: the verdicts on a set of
# compare_pair records: WHAT (files, programs) that crash the compiler
# with the plugin only, that change their exit status, that get other
# diagnostics.
compare_verdicts() {
	verdict "no ICE or crash with the plugin" \
		"$2 $1 crash the compiler with the plugin only" [ "$2" -eq 0 ]
	verdict "same exit status with and without the plugin" \
		"$3 $1 change exit status with the plugin" [ "$3" -eq 0 ]
	verdict "same non-style diagnostics with and without the plugin" \
		"$4 $1 get other diagnostics with the plugin" [ "$4" -eq 0 ]
}
