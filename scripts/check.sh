#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - run the project's tests and end with one summary line
#
# Usage: scripts/check.sh STAGE...
#   STAGE: plugin, gcc11, robust, kbuild-series, kbuild, distributed, qemu,
#          fix, kbuild-sarif, editors (after qemu: its log),
#          all (plugin, gcc11, robust, kbuild, distributed, qemu, editors,
#          fix, kbuild-sarif),
#          or one part of plugin or robust: dejagnu, node-path, fixits, identity,
#          plugin-cli, controls, sarif, new-warnings, selfcheck, unit, selftest, robust-inputs, robust-setups,
#          robust-corpus, robust-csmith, robust-memcheck
#
#   robust runs testsuite/robust/ on samples: unusual inputs and modes,
#   ccache and distcc, 300 files of GCC's own tests, 30 csmith programs
#   and valgrind; each script's --all or larger N runs more (see there).
#
# Every stage prints "PASS: name" and "FAIL: name" lines; DejaGnu's
# results are counted from its .sum file (PASS and XFAIL pass; FAIL,
# XPASS, UNRESOLVED and ERROR fail).  Counting cannot shrink silently:
#  - a stage that exits non-zero without saying FAIL counts as one
#    failure (with FAIL lines, those are the failures);
#  - a stage that ran fewer tests than its minimum (the table below; a
#    stage that printed nothing ran none) counts as one failure more;
#  - UNSUPPORTED, UNTESTED, KFAIL and KPASS lines are failures, unless
#    testsuite/expected-unsupported.txt lists them with a reason.
# The selftest stage (part of plugin) runs the plugin stages again with
# two broken plugins, each of which every stage must catch.  Each
# stage's summary line, and a table before the last line, give its wall
# seconds and CPU seconds (user+sys of all it ran).  The last line is
# "N passed, N failed"; the exit status is non-zero if anything failed.

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
GCC=${GCC:-gcc}
PLUGIN=${PLUGIN:-$top/plugin/style_plugin.so}
GXX=${GXX:-g++}
# The SARIF validator, from scripts/deps-npm.sh (scripts/lib.sh says
# where), fixed here for nested runs, which have another BUILD.
SARIF_MULTITOOL=$(. "$top/scripts/lib.sh" && sarif_multitool "$BUILD")
results=$BUILD/results
mkdir -p "$results"
expected_unsupported=$top/testsuite/expected-unsupported.txt

passed=0
failed=0

# The fewest tests each stage runs (PASS and FAIL lines), a little below
# what it runs today (selftest: every plugin stage with each of the two
# broken plugins): fewer means tests vanished.
min_tests() {
	case $1 in
	dejagnu)		echo 490 ;;
	fixits)			echo 30 ;;
	identity)		echo 120 ;;
	node-path)		echo 150 ;;
	plugin-cli)		echo 45 ;;
	controls)		echo 28 ;;
	editors)		echo 22 ;;
	sarif)			echo 80 ;;
	new-warnings)		echo 15 ;;
	selfcheck)		echo 8 ;;
	unit)			echo 40 ;;
	selftest)		echo 14 ;;
	robust-inputs)		echo 70 ;;
	robust-setups)		echo 12 ;;
	robust-corpus)		echo 5 ;;
	robust-csmith)		echo 5 ;;
	robust-memcheck)	echo 7 ;;
	kbuild)			echo 249 ;;
	kbuild-series)		echo 15 ;;
	distributed)		echo 29 ;;
	qemu)			echo 7 ;;
	fix)			echo 16 ;;
	gcc11)			echo 820 ;;
	kbuild-sarif)		echo 19 ;;
	*)			echo 1 ;;
	esac
}

# unexpected LOG: the UNSUPPORTED, UNTESTED, KFAIL and KPASS lines of
# LOG that expected-unsupported.txt does not list ("LINE # reason").
unexpected() {
	local line

	grep -E '^(UNSUPPORTED|UNTESTED|KFAIL|KPASS): ' "$1" |
	while IFS= read -r line; do
		grep -qxF -e "$line" < <(sed -n 's/ *# *[^ ].*$//p' \
			"$expected_unsupported" 2>/dev/null) || echo "$line"
	done
}

# The time each stage took: wall seconds, and CPU seconds (user+sys of
# the processes it ran, from the shell's "times"; the figure that does
# not depend on what else runs on the machine), for the table at the end.
times_file=$results/.times.$$
stage_times=()

# child_cpu: set cpu to the user+sys seconds of this shell's finished
# children ("times" runs in this shell: in a subshell it would count
# the subshell's children).
child_cpu() {
	times >"$times_file"
	cpu=$(awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) {
			split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2]
		}
		print t }' "$times_file")
	rm -f "$times_file"
}

# count LOG NAME STATUS WALL CPU: add a stage's PASS/FAIL lines to the
# totals.
count() {
	local log=$1 name=$2 status=$3 wall=$4 cpus=$5 p f n min
	p=$(grep -c '^PASS: ' "$log")
	f=$(grep -c '^FAIL: ' "$log")
	n=$(unexpected "$log" | tee -a "$log.unexpected" | wc -l)
	if [ "$n" -gt 0 ]; then
		sed 's/^/FAIL: not listed in testsuite\/expected-unsupported.txt: /' \
			"$log.unexpected" | tee -a "$log"
		f=$((f + n))
	fi
	rm -f "$log.unexpected"
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL: $name exited with status $status" | tee -a "$log"
		f=1
	fi
	min=$(min_tests "$name")
	if [ $((p + f)) -lt "$min" ]; then
		echo "FAIL: $name ran $((p + f)) tests, fewer than its minimum $min (scripts/check.sh)" | tee -a "$log"
		f=$((f + 1))
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	stage_times+=("$name $wall $cpus")
	echo "== $name: $p passed, $f failed, $wall s wall, $cpus s CPU (log: $log)"
}

# times_table: the wall and CPU seconds of each stage run, and the sums.
times_table() {
	[ ${#stage_times[@]} -gt 0 ] || return 0
	printf '%s\n' "${stage_times[@]}" | awk '
		BEGIN { printf "== time per stage: %-16s %8s %8s\n", "", "wall s", "CPU s" }
		{ printf "==   %-30s %8.1f %8.1f\n", $1, $2, $3; w += $2; c += $3 }
		END { printf "==   %-30s %8.1f %8.1f\n", "total", w, c }'
}

# stage NAME COMMAND...: run a command that prints PASS/FAIL lines.
stage() {
	local name=$1 log=$results/$1.log status t0 c0 cpu
	shift
	echo "== $name: $*"
	t0=$EPOCHREALTIME
	child_cpu
	c0=$cpu
	# Nested (the gcc11 stage runs this script again), every line goes
	# up to the outer stage, which counts them.
	if [ -n "${CHECK_NESTED:-}" ]; then
		"$@" 2>&1 | tee "$log"
	else
		"$@" 2>&1 | tee "$log" | grep --line-buffered -v '^PASS: '
	fi
	status=${PIPESTATUS[0]}
	child_cpu
	count "$log" "$name" "$status" \
		"$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" \
		"$(awk -v a="$c0" -v b="$cpu" 'BEGIN { printf "%.1f", b - a }')"
}

dejagnu() {
	local dir=$BUILD/testsuite status
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$dir" &&
	 runtest --tool style --srcdir "$top/testsuite" \
		 GCC="$GCC" GXX="$GXX" PLUGIN="$PLUGIN" >/dev/null)
	status=$?
	if [ ! -f "$dir/style.sum" ]; then
		echo "FAIL: runtest wrote no $dir/style.sum (status $status)"
		return 1
	fi
	# Turn DejaGnu's results into this script's PASS/FAIL lines;
	# UNSUPPORTED, UNTESTED, KFAIL and KPASS as they are (count()).
	sed -n -e 's/^\(PASS\|XFAIL\): /PASS: /p' \
	       -e 's/^\(FAIL\|XPASS\|UNRESOLVED\|ERROR\): /FAIL: /p' \
	       -e '/^\(UNSUPPORTED\|UNTESTED\|KFAIL\|KPASS\): /p' \
	       "$dir/style.sum"
	grep -A20 '=== style Summary' "$dir/style.sum" >&2
	return $status
}

# The stages of plugin, in order, and the script each runs; then unit
# (testsuite/unit.sh: the lexer and source cache without the compiler,
# so not run again with the selftest's broken plugins) and selftest.
plugin_stages=(dejagnu node-path fixits identity plugin-cli controls sarif
	       new-warnings selfcheck)
robust_stages=(robust-inputs robust-setups robust-corpus robust-csmith
	       robust-memcheck)

# known_scripts: fail for a test script that no stage runs.
known_scripts() {
	local t name

	for t in "$top"/testsuite/*.sh "$top"/testsuite/robust/*.sh; do
		name=$(basename "$t" .sh)
		case $t in */robust/*) name=robust-$name ;; esac
		case " ${plugin_stages[*]} unit ${robust_stages[*]} robust-lib editors " in
		*" $name "*) ;;
		*) echo "FAIL: $t is run by no stage of scripts/check.sh"
		   failed=$((failed + 1)) ;;
		esac
	done
}

# selftest: the plugin stages with two broken plugins, each stage in a
# build directory of its own; every stage must report failures.
#   noop   loads, registers nothing, reports nothing
#   abort  an internal compiler error on the first function it sees
# The two plugins' runs go in parallel (about 2 minutes on 2 cores).
selftest() {
	local kind pids=() status=0
	for kind in noop abort; do
		selftest_one "$kind" > "$BUILD/selftest-$kind.out" 2>&1 &
		pids+=($!)
	done
	for kind in 0 1; do
		wait "${pids[$kind]}" || status=1
	done
	cat "$BUILD/selftest-noop.out" "$BUILD/selftest-abort.out"
	return $status
}

# selftest_one KIND: build the KIND plugin, run the plugin stages with it.
selftest_one() {
	local kind=$1 src=$top/testsuite/selftest st dir sum ok=0
	dir=$BUILD/selftest/$kind
	rm -rf "$dir"
	mkdir -p "$dir"
	# Named style_plugin.so: -fplugin-arg-style_plugin-* needs it.
	if ! ${CXX:-g++} -fPIC -shared -fno-rtti -fno-exceptions \
		-I"$($GCC -print-file-name=plugin)/include" \
		-o "$dir/style_plugin.so" "$src/$kind-plugin.c" 2> "$dir/build.log"; then
		echo "FAIL: selftest: cannot build the $kind plugin ($dir/build.log)"
		return 1
	fi
	for st in "${plugin_stages[@]}"; do
		BUILD=$dir/build PLUGIN=$dir/style_plugin.so "$0" "$st" \
			> "$dir/$st.log" 2>&1
		sum=$(tail -n 1 "$dir/$st.log")
		case $sum in
		*" passed, 0 failed") ;;
		*" passed, "*" failed")
			echo "PASS: selftest: $st fails with the $kind plugin ($sum)"
			continue ;;
		esac
		echo "FAIL: selftest: $st does not fail with the $kind plugin ($sum; $dir/$st.log)"
		ok=1
	done
	return $ok
}

# gcc11: the plugin stages whose results depend on the GCC release, with
# GCC 11 (its plugin in build/gcc-11/, results in build/gcc-11/check/),
# then each GCC refusing the plugin built for the other, and
# style_compat.h refusing the releases not built and tested here
# (testsuite/versions/cross-load.sh).  Not run again: new-warnings and
# selfcheck (what they test, scripts/style-new-warnings on logs the sarif
# stage checks and the project's C, does not change with the compiler),
# and selftest, which tests the tests.
gcc11_stages=(dejagnu fixits identity plugin-cli sarif)
gcc11() {
	local p11 status=0

	if ! make -s -C "$top" GCC=gcc-11 CXX=g++-11 all > "$results/gcc11-build.log" 2>&1; then
		echo "FAIL: gcc11: the plugin does not build for GCC 11 ($results/gcc11-build.log)"
		return 1
	fi
	p11=$(make -s -C "$top" GCC=gcc-11 CXX=g++-11 plugin-path) || return 1
	CHECK_NESTED=1 GCC=gcc-11 GXX=g++-11 CXX=g++-11 PLUGIN=$p11 \
		BUILD=$BUILD/gcc-11/check "$0" "${gcc11_stages[@]}" |
		sed 's/^\(PASS\|FAIL\): /&gcc11: /' || status=1
	"$top/testsuite/versions/cross-load.sh" gcc gcc-11 || status=1
	return $status
}

run_stage() {
	case $1 in
	plugin)
		for st in "${plugin_stages[@]}" unit selftest; do
			run_stage "$st"
		done
		;;
	dejagnu|selftest|gcc11) stage "$1" "$1" ;;
	fixits|identity|plugin-cli|controls|sarif|new-warnings|selfcheck|editors|node-path|unit)
		stage "$1" "$top/testsuite/$1.sh" ;;
	robust)
		for st in "${robust_stages[@]}"; do
			run_stage "$st"
		done
		;;
	robust-memcheck)
		stage "$1" "$top/testsuite/robust/memcheck.sh" --valgrind-sample 12 ;;
	robust-*)
		stage "$1" "$top/testsuite/robust/${1#robust-}.sh" ;;
	kbuild) stage kbuild make -C "$top" check-kbuild ;;
	kbuild-series) stage kbuild-series make -C "$top" check-kbuild-series ;;
	distributed) stage distributed make -C "$top" check-kbuild-distributed ;;
	qemu) stage qemu make -C "$top" check-qemu ;;
	kbuild-sarif)
		# The qemu stage's 6.1 style build, if it wrote its SARIF log,
		# is the -j2 build of the test (one kernel build less); the
		# test checks it further.
		local sref=()
		if [ -s "$BUILD/qemu-6.1/style/style.sarif" ] &&
		   grep -qs -- -fdiagnostics-column-unit=byte \
			"$BUILD/qemu-6.1/style/init/.main.o.cmd"; then
			sref=(SARIF_REFERENCE="$BUILD/qemu-6.1/style"
			      SARIF_TREE="$BUILD/linux-6.1")
		fi
		stage kbuild-sarif env "${sref[@]}" make -C "$top" check-kbuild-sarif
		;;
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
		run_stage gcc11
		run_stage robust
		run_stage kbuild
		run_stage distributed
		run_stage qemu
		run_stage editors
		run_stage fix
		run_stage kbuild-sarif
		;;
	*) echo "check.sh: unknown stage '$1' (plugin, gcc11, robust, kbuild-series, kbuild, distributed, qemu, fix, kbuild-sarif, all, or a part: ${plugin_stages[*]} unit selftest ${robust_stages[*]})" >&2
	   failed=$((failed + 1)) ;;
	esac
}

export BUILD GCC GXX PLUGIN SARIF_MULTITOOL
known_scripts
for s in "${@:-all}"; do
	run_stage "$s"
done
times_table
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
