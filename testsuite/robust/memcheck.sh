#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# memcheck.sh - the plugin's memory accesses, checked two ways over the
# DejaGnu suite's files (testsuite/style.dg, with each file's
# dg-options) and the fix-it tests (testsuite/fixits):
#
#   1. cc1 (cc1plus) with the plugin, run under valgrind's memcheck
#      (gcc -wrapper valgrind,...).  Every error whose stack has a frame
#      in the plugin (plugin/style_*.c and .h, style_plugin.so)
#      fails; cc1's own errors are counted and shown but do not fail;
#      leaks are not looked at (cc1 frees little on purpose).
#   2. The plugin built with -fsanitize=address,undefined (by the
#      project's Makefile, into $BUILD/robust/asan) and loaded into an
#      uninstrumented cc1: the ASan runtime must then come first, so it
#      is preloaded (LD_PRELOAD=libasan.so, ASAN_OPTIONS=detect_leaks=0).
#      Any AddressSanitizer report or UBSan "runtime error" fails.
#
# Each way first runs a canary, a small plugin built here that reads
# freed memory, and must catch it: a checker that sees nothing is a
# failure, not a pass.
#
# Usage: testsuite/robust/memcheck.sh [--no-valgrind] [--no-asan]
#                                     [--valgrind-sample N] [--jobs N]
#   --valgrind-sample N  valgrind on about N of the files, evenly spread
#                        (make check: 12, about a minute and a half;
#                        all of them take about ten minutes)
#
# The ASan plugin can also run over the corpus:
#   LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
#     PLUGIN=$BUILD/robust/asan/style_plugin.so testsuite/robust/corpus.sh
# Needs the Debian package valgrind (libasan and libubsan come with gcc).

set -uo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$self")/lib.sh"
work=$robust/memcheck
inc=$top/testsuite/style.dg/include
VG_OPTS=--error-exitcode=99,--leak-check=no,--num-callers=50,--child-silent-after-fork=yes
PLUGIN_FRAME='style_[a-z]*[.](c|h|so)'
ASAN_ENV=(ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=0
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1)

# vg_errors LOG...: the error blocks of valgrind logs, one a paragraph
# (blank line between), with the PID prefixes removed.
vg_errors() {
	awk '
	{ sub(/^==[0-9]+== ?/, "") }
	/^$/ { if (err) print block "\n"; block = ""; err = 0; next }
	block == "" && /^(Invalid (read|write|free)|Conditional jump|Use of uninitialised|Syscall param|Mismatched free|Source and destination overlap|Argument .* has a fishy|Invalid memory pool|Jump to the invalid address|Process terminating)/ { err = 1 }
	{ block = block (block == "" ? "" : "\n") $0 }
	END { if (err) print block "\n" }' "$@"
}

# test_opts FILE: the file's unconditional dg-options.
test_opts() {
	sed -n 's/.*{ *dg-options  *"\([^"]*\)" *}.*/\1/p' "$1" | tail -1
}

# --one MODE FILE: a worker (MODE valgrind or asan); prints
#   MODE NAME status checker-errors plugin-errors style-warnings broken
# broken is 1 for an ICE or crash, a timeout, or (asan) a failed compile
# of a file that expects no error (dg-error); under valgrind, cc1's own
# errors make the status non-zero (--error-exitcode), so only crashes
# count there.
if [ "${1:-}" = --one ]; then
	mode=$2 file=$3
	name=${file#"$top"/testsuite/}
	dir=$work/$mode/${name//\//_}
	rm -rf "$dir"
	mkdir -p "$dir"
	set -f
	# shellcheck disable=SC2046
	set -- $(test_opts "$file")
	set +f
	case $mode in
	valgrind)
		(cd "$dir" && timeout -k 5 900 $GCC \
			-wrapper "valgrind,$VG_OPTS,--log-file=$dir/vg.%p.log" \
			-fplugin="$PLUGIN" -I"$inc" -fdiagnostics-plain-output \
			"$@" -S "$file" -o out.s) > /dev/null 2> "$dir/stderr"
		rc=$?
		vg_errors "$dir"/vg.*.log > "$dir/errors" 2>/dev/null
		all=$(grep -c '^$' "$dir/errors")
		ours=$(awk -v RS= -v re="$PLUGIN_FRAME" '$0 ~ re { n++ } END { print n + 0 }' "$dir/errors")
		# valgrind must have run cc1, with the plugin loaded
		grep -qs 'Memcheck, a memory error detector' "$dir"/vg.*.log || ours=norun
		;;
	asan)
		(cd "$dir" && env "${ASAN_ENV[@]}" LD_PRELOAD="$ASAN_RT" \
			timeout -k 5 300 $GCC -fplugin="$ASAN_PLUGIN" -I"$inc" \
			-fdiagnostics-plain-output "$@" -S "$file" -o out.s) \
			> /dev/null 2> "$dir/stderr"
		rc=$?
		all=$(grep -Ec 'ERROR: AddressSanitizer|runtime error:' "$dir/stderr")
		ours=$all
		;;
	esac
	broken=0
	if is_crash "$dir/stderr" || [ "$rc" -ge 124 ] ||
	   { [ "$mode" = asan ] && [ "$rc" -ne 0 ] && ! grep -q 'dg-error' "$file"; }; then
		broken=1
	fi
	echo "$mode $name $rc $all $ours $(style_count "$dir/stderr") $broken"
	exit 0
fi

# broken_verdict MODE RECORDS: no compile crashed, timed out or failed
# unexpectedly (the records' last field).
broken_verdict() {
	local n

	n=$(awk '$7 != 0' "$2" | wc -l)
	verdict "$1: every compile ended as expected, with no ICE or crash" \
		"$1: $n compiles crashed, timed out or failed: $(awk '$7 != 0 { printf " %s(%s)", $2, $3 }' "$2")" \
		[ "$n" -eq 0 ]
}

do_vg=1 do_asan=1 jobs=$(nproc) vg_sample=0
while [ $# -gt 0 ]; do
	case $1 in
	--no-valgrind) do_vg=0 ;;
	--no-asan) do_asan=0 ;;
	--jobs) jobs=$2; shift ;;
	--valgrind-sample) vg_sample=$2; shift ;;
	*) echo "usage: $0 [--no-valgrind] [--no-asan] [--valgrind-sample N] [--jobs N]" >&2; exit 2 ;;
	esac
	shift
done
start_test memcheck "$work"
mkdir -p canary
files=$(ls "$top"/testsuite/style.dg/*.c "$top"/testsuite/style.dg/*.cc \
	   "$top"/testsuite/style.dg/*.i "$top"/testsuite/fixits/*.c)
nfiles=$(echo "$files" | wc -l)
vg_files=$files
if [ "$vg_sample" -gt 0 ] && [ "$vg_sample" -lt "$nfiles" ]; then
	step=$(( (nfiles + vg_sample - 1) / vg_sample ))
	vg_files=$(echo "$files" | awk -v k="$step" 'NR % k == 1 || k == 1')
fi
nvg=$(echo "$vg_files" | wc -l)
plugin_inc=$($GCC -print-file-name=plugin)/include
CXX=${CXX:-g++}

# The canary: a plugin that reads a freed byte in each function "main".
cat > "$work/canary/canary.cc" <<'EOF'
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
int plugin_is_GPL_compatible;
static void canary(void *gcc_data, void *)
{
	tree fn = (tree)gcc_data;
	if (!strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "main")) {
		char *p = (char *)xmalloc(16);
		free(p);
		volatile char c = p[3];
		(void)c;
	}
}
int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *)
{
	register_callback(info->base_name, PLUGIN_PRE_GENERICIZE, canary, NULL);
	return 0;
}
EOF
printf 'int main(void)\n{\n\treturn 0;\n}\n' > "$work/canary/main.c"

# canary_plugin OUT EXTRA-FLAGS...: build the canary plugin.
canary_plugin() {
	local out=$1
	shift
	$CXX -O0 -g -fPIC -shared -fno-rtti -I"$plugin_inc" "$@" \
		"$work/canary/canary.cc" -o "$out" 2> "$out.log"
}

if [ "$do_vg" = 1 ]; then
	if ! command -v valgrind > /dev/null; then
		echo "FAIL: memcheck: valgrind is not installed (Debian: valgrind)"
	else
		# The canary, under the same wrapper and the same parsing.
		d=$work/canary/vg
		mkdir -p "$d"
		if canary_plugin "$work/canary/canary_plugin.so"; then
			(cd "$d" && $GCC -wrapper "valgrind,$VG_OPTS,--log-file=$d/vg.%p.log" \
				-fplugin="$work/canary/canary_plugin.so" -S ../main.c -o out.s) \
				> /dev/null 2>&1
			vg_errors "$d"/vg.*.log > "$d/errors"
			verdict "valgrind catches a use-after-free in a plugin (canary)" \
				"valgrind missed the canary's use-after-free ($d)" \
				grep -Eq "$PLUGIN_FRAME|canary" "$d/errors"
		else
			echo "FAIL: memcheck: cannot build the canary plugin ($work/canary/canary_plugin.so.log)"
		fi

		start=$(date +%s)
		echo "$vg_files" | xargs -d '\n' -P "$jobs" -I{} "$self" --one valgrind {} \
			> "$work/valgrind.records"
		secs=$(( $(date +%s) - start ))
		read -r n all ours norun styles < <(awk '{
			n++; all += $4; if ($5 == "norun") norun++; else ours += $5; st += $6
		} END { printf "%d %d %d %d %d\n", n, all, ours, norun, st }' "$work/valgrind.records")
		echo "memcheck: valgrind: $n files in ${secs}s; $all errors in all, $ours with a plugin frame; $styles style warnings"
		if [ "$all" -gt "$ours" ]; then
			# cc1's own (IRA's sparse sets read uninitialised
			# memory on purpose): by kind and first named function.
			echo "memcheck: cc1's own valgrind errors, not the plugin's:"
			cat "$work"/valgrind/*/errors | awk -v RS= -v re="$PLUGIN_FRAME" '
				$0 !~ re {
					split($0, l, "\n"); fn = "?"
					for (i = 2; i in l; i++)
						if (l[i] !~ /: \?\?\? /) {
							fn = l[i]; sub(/^ *(at|by) 0x[0-9A-F]+: /, "", fn)
							sub(/\(.*/, "", fn); break
						}
					n[l[1] " in " fn]++
				}
				END { for (k in n) printf "  %6d  %s\n", n[k], k }' | sort -rn | head -8
		fi
		verdict "valgrind ran cc1 with the plugin on $n files" \
			"valgrind ran on $((n - norun)) of $nvg files ($styles style warnings)" \
			[ $((n == nvg && norun == 0 && styles > 0)) = 1 ]
		if [ "$ours" -eq 0 ]; then
			echo "PASS: memcheck: no invalid access or uninitialised use in the plugin"
		else
			echo "FAIL: memcheck: $ours valgrind errors in the plugin:"
			awk '$5 != 0 { print "  " $2 }' "$work/valgrind.records"
		fi
		broken_verdict valgrind "$work/valgrind.records"
	fi
fi

if [ "$do_asan" = 1 ]; then
	ASAN_RT=$($GCC -print-file-name=libasan.so)
	ASAN_PLUGIN=$robust/asan/style_plugin.so
	export ASAN_RT ASAN_PLUGIN
	mkdir -p "$robust/asan"
	rm -f "$ASAN_PLUGIN"
	# The Makefile's own rule and flags, with the sanitizers added, and
	# the default libraries (the sanitizers' runtimes are among them).
	if ! make -s -C "$top" --no-print-directory PLUGIN="$ASAN_PLUGIN" \
		CXX="$CXX -fsanitize=address,undefined -fno-omit-frame-pointer" \
		PLUGIN_LDFLAGS= \
		"$ASAN_PLUGIN" > "$robust/asan/build.log" 2>&1; then
		echo "FAIL: memcheck: the plugin does not build with -fsanitize=address,undefined"
		sed 's/^/  /' "$robust/asan/build.log" | head -20
	elif ! env "${ASAN_ENV[@]}" LD_PRELOAD="$ASAN_RT" $GCC -fplugin="$ASAN_PLUGIN" \
		-S "$work/canary/main.c" -o /dev/null > "$robust/asan/load.log" 2>&1; then
		echo "FAIL: memcheck: the ASan plugin cannot be loaded into cc1, even with LD_PRELOAD=$ASAN_RT:"
		sed 's/^/  /' "$robust/asan/load.log" | head -5
	else
		d=$work/canary/asan
		mkdir -p "$d"
		if canary_plugin "$d/canary_plugin.so" -fsanitize=address,undefined; then
			(cd "$d" && env "${ASAN_ENV[@]}" LD_PRELOAD="$ASAN_RT" $GCC \
				-fplugin="$d/canary_plugin.so" -S ../main.c -o out.s) \
				> "$d/stderr" 2>&1
			verdict "ASan catches a use-after-free in a plugin (canary)" \
				"ASan missed the canary's use-after-free" \
				grep -q 'ERROR: AddressSanitizer: heap-use-after-free' "$d/stderr"
		else
			echo "FAIL: memcheck: cannot build the ASan canary plugin ($d/canary_plugin.so.log)"
		fi

		start=$(date +%s)
		echo "$files" | xargs -d '\n' -P "$jobs" -I{} "$self" --one asan {} \
			> "$work/asan.records"
		secs=$(( $(date +%s) - start ))
		read -r n ours styles < <(awk '{ n++; ours += $5; st += $6 }
			END { printf "%d %d %d\n", n, ours, st }' "$work/asan.records")
		echo "memcheck: asan+ubsan: $n files in ${secs}s; $ours reports; $styles style warnings"
		verdict "the ASan/UBSan plugin ran on $n files" \
			"the ASan/UBSan plugin ran on $n of $nfiles files ($styles style warnings)" \
			[ $((n == nfiles && styles > 0)) = 1 ]
		if [ "$ours" -eq 0 ]; then
			echo "PASS: memcheck: no AddressSanitizer or UBSan report from the plugin"
		else
			echo "FAIL: memcheck: $ours ASan/UBSan reports:"
			awk '$5 != 0 { print "  " $2 }' "$work/asan.records"
			grep -h -A12 'ERROR: AddressSanitizer\|runtime error:' \
				"$work"/asan/*/stderr | head -40 | sed 's/^/  /'
		fi
		broken_verdict asan "$work/asan.records"
	fi
fi
