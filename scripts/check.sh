#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - run the project's tests and end with one summary line
#
# Usage: scripts/check.sh STAGE...
#   STAGE: plugin, robust, kbuild-series, kbuild, qemu, fix,
#          all (plugin, robust, kbuild, qemu, fix)
#
#   robust runs testsuite/robust/ on samples: unusual inputs and modes,
#   ccache and distcc, 300 files of GCC's own tests, 30 csmith programs
#   and valgrind; each script's --all or larger N runs more (see there).
#
# Every stage prints "PASS: name" and "FAIL: name" lines; DejaGnu's
# results are counted from its .sum file (PASS and XFAIL pass; FAIL,
# XPASS, UNRESOLVED and ERROR fail).  A stage that exits non-zero without
# saying FAIL counts as one failure.  The last line is
# "N passed, N failed"; the exit status is non-zero if anything failed.

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
GCC=${GCC:-gcc}
PLUGIN=$top/plugin/style_plugin.so
results=$BUILD/results
mkdir -p "$results"

passed=0
failed=0

# count LOG NAME STATUS: add a stage's PASS/FAIL lines to the totals.
count() {
	local log=$1 name=$2 status=$3 p f
	p=$(grep -c '^PASS: ' "$log")
	f=$(grep -c '^FAIL: ' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: $name exited with status $status" | tee -a "$log"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	echo "== $name: $p passed, $f failed (log: $log)"
}

# stage NAME COMMAND...: run a command that prints PASS/FAIL lines.
stage() {
	local name=$1 log=$results/$1.log status
	shift
	echo "== $name: $*"
	"$@" 2>&1 | tee "$log" | grep --line-buffered -v '^PASS: '
	status=${PIPESTATUS[0]}
	count "$log" "$name" "$status"
}

dejagnu() {
	local dir=$BUILD/testsuite
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$dir" &&
	 runtest --tool style --srcdir "$top/testsuite" \
		 GCC="$GCC" PLUGIN="$PLUGIN" >/dev/null)
	# Turn DejaGnu's results into this script's PASS/FAIL lines.
	sed -n -e 's/^\(PASS\|XFAIL\): /PASS: /p' \
	       -e 's/^\(FAIL\|XPASS\|UNRESOLVED\|ERROR\): /FAIL: /p' \
	       "$dir/style.sum"
	grep -A20 '=== style Summary' "$dir/style.sum" >&2
}

run_stage() {
	case $1 in
	plugin)
		stage dejagnu dejagnu
		for t in "$top"/testsuite/*.sh; do
			stage "$(basename "$t" .sh)" "$t"
		done
		;;
	robust)
		r=$top/testsuite/robust
		stage robust-inputs "$r/inputs.sh"
		stage robust-setups "$r/setups.sh"
		stage robust-corpus "$r/corpus.sh"
		stage robust-csmith "$r/csmith.sh"
		stage robust-memcheck "$r/memcheck.sh" --valgrind-sample 12
		;;
	kbuild) stage kbuild make -C "$top" check-kbuild ;;
	kbuild-series) stage kbuild-series make -C "$top" check-kbuild-series ;;
	qemu) stage qemu make -C "$top" check-qemu ;;
	fix)
		# The qemu stage's 6.1 style build, if there is one, is the
		# reference build of the round trip (one kernel build less).
		local ref=()
		if grep -qs -- -fdiagnostics-parseable-fixits \
			"$BUILD/qemu-6.1/style/init/.main.o.cmd" &&
		   [ -f "$BUILD/qemu-6.1/style/vmlinux" ]; then
			ref=(FIX_REFERENCE="$BUILD/qemu-6.1/style"
			     FIX_TREE="$BUILD/linux-6.1")
		fi
		stage fix env "${ref[@]}" make -C "$top" check-kbuild-fix
		;;
	all)
		run_stage plugin
		run_stage robust
		run_stage kbuild
		run_stage qemu
		run_stage fix
		;;
	*) echo "check.sh: unknown stage '$1' (plugin, robust, kbuild-series, kbuild, qemu, fix, all)" >&2
	   failed=$((failed + 1)) ;;
	esac
}

export BUILD GCC PLUGIN
for s in "${@:-all}"; do
	run_stage "$s"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
