#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - run the project's tests and end with one summary line
#
# Usage: scripts/check.sh STAGE...    (none: all)
#        scripts/check.sh --list      the stages, their groups and budgets
#   STAGE: a stage of the table below, a group of them (plugin, robust),
#          or all: every stage but those of group "-", in two lanes that
#          run side by side, each in the table's order (CHECK_LANES=1:
#          one after the other, as the budgets are measured).
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
# seconds and CPU seconds (user+sys of all it ran), and the run's own
# wall seconds.  The last line is "N passed, N failed"; the exit status
# is non-zero if anything failed.
#
# The two lanes of "all": lane a is the qemu stage and the stages that
# reuse its kernels (fix, kbuild-sarif, kbuild-checker, editors),
# arm64 and kbuild-tools (for balance: the lanes take about as long);
# lane b is everything else.  No stage of one lane uses what a
# stage of the other writes, and the kernel builds (make -j2 keeps 1.5
# cores busy) leave room for the other lane's one-core stages: on 2
# cores, all takes about the time of its longer lane.  Lane a's output
# streams; each stage of lane b prints its output when it ends.
# A stage slower than its budget is named in a line of its own after
# the times table: a warning, not a failure (timing is measured, not
# tested).

set -uo pipefail

prog=check.sh
# shellcheck source=lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
BUILD=${BUILD:-$top/build}
GCC=${GCC:-gcc}
PLUGIN=${PLUGIN:-$top/plugin/style_plugin.so}
GXX=${GXX:-g++}
# The SARIF validator, from scripts/deps-npm.sh (scripts/lib.sh says
# where), fixed here for nested runs, which have another BUILD.
SARIF_MULTITOOL=$(sarif_multitool "$BUILD")
results=$BUILD/results
mkdir -p "$results"
expected_unsupported=$top/testsuite/expected-unsupported.txt

# The stages, one a row, in the order "all" runs them; the fields are
# separated by tabs:
#   NAME  GROUP  LANE  MINIMUM  BUDGET  COMMAND...
# GROUP: plugin (run again by selftest with two broken plugins),
# plugin:gcc (also run again by gcc11, gcc13 and gcc14), plugin:once (part of
# plugin, not run again), robust, all (run by all alone), or "-" (run
# only when named).  LANE: a or b, the lane of "all" (above); "-" for
# group "-".  MINIMUM: the fewest tests (PASS and FAIL lines) it
# runs, a little below what it runs today: fewer means tests vanished.
# BUDGET: the wall seconds it may take alone on 2 cores (from the times
# of the last runs).  COMMAND: a function below, a script under
# testsuite/, or make_top TARGET.
stages=(
	"dejagnu	plugin:gcc	b	490	120	dejagnu"
	"node-path	plugin:gcc	b	150	300	testsuite/node-path.sh"
	"fixits	plugin:gcc	b	30	120	testsuite/fixits.sh"
	"identity	plugin:gcc	b	120	240	testsuite/identity.sh"
	"plugin-cli	plugin:gcc	b	45	120	testsuite/plugin-cli.sh"
	"controls	plugin:gcc	b	28	60	testsuite/controls.sh"
	"sarif	plugin:gcc	b	80	300	testsuite/sarif.sh"
	"new-warnings	plugin	b	15	120	testsuite/new-warnings.sh"
	"selfcheck	plugin	b	45	300	testsuite/selfcheck.sh"
	"unit	plugin:once	b	40	60	testsuite/unit.sh"
	"selftest	plugin:once	b	14	240	selftest"
	"gcc11	all	b	1150	300	gcc11"
	"gcc13	all	b	1150	300	gcc13"
	"gcc14	all	b	1150	300	gcc14"
	"robust-inputs	robust	b	70	120	testsuite/robust/inputs.sh"
	"robust-setups	robust	b	12	120	testsuite/robust/setups.sh"
	"robust-corpus	robust	b	5	120	testsuite/robust/corpus.sh"
	"robust-csmith	robust	b	5	120	testsuite/robust/csmith.sh"
	"robust-memcheck	robust	b	7	180	testsuite/robust/memcheck.sh --valgrind-sample 12"
	"kbuild	all	b	200	900	make_top check-kbuild-kernels"
	"kbuild-tools	all	a	110	300	make_top check-kbuild-tools"
	"treewide-queue	-	-	25	120	make_top check-treewide-queue"
	"kbuild-series	-	-	15	180	make_top check-kbuild-series"
	"distributed	all	b	29	480	make_top check-kbuild-distributed"
	"qemu	all	a	7	900	make_top check-qemu"
	"qemu-gcc14	-	-	8	900	qemu/gcc14.sh"
	"arm64	all	a	10	360	make_top check-arm64"
	"editors	all	a	22	120	testsuite/editors.sh"
	"fix	all	a	16	300	fix"
	"kbuild-sarif	all	a	19	300	kbuild_sarif"
	"kbuild-checker	all	a	28	300	kbuild_checker"
)

# row NAME: set name, group, lane, min, budget and cmd (an array) from NAME's
# row of the table; false if there is none.
row() {
	local r

	for r in "${stages[@]}"; do
		IFS=$'\t' read -r name group lane min budget cmd_line <<<"$r"
		if [ "$name" = "$1" ]; then
			read -r -a cmd <<<"$cmd_line"
			return 0
		fi
	done
	return 1
}

# stages_of GROUP: the names of GROUP's stages, in the table's order
# (plugin: those of plugin:gcc and plugin:once too).
stages_of() {
	printf '%s\n' "${stages[@]}" | awk -F'\t' -v g="$1" \
		'$2 == g || index($2, g ":") == 1 { print $1 }'
}

# list: the table, for --list, the usage and the Makefile's help.
list() {
	printf '%s\n' "${stages[@]}" | awk -F'\t' '
		BEGIN { printf "%-16s %-12s %4s %7s %7s  %s\n", "stage", "group", "lane", "minimum", "budget", "command" }
		{ printf "%-16s %-12s %4s %7s %6ss  %s\n", $1, $2, $3, $4, $5, $6 }'
}

usage() {
	echo "usage: scripts/check.sh [STAGE...]: a stage, a group (plugin, robust) or all" >&2
	list >&2
}

make_top() {
	make -C "$top" "$@"
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
# the processes it ran, from "times" in the subshell that runs it: a
# forked shell counts only its own children, whatever else this script
# runs beside it; the figure that does not depend on what else runs on
# the machine), for the table at the end.
stage_times=()
t_start=$EPOCHREALTIME

# seconds_since T0: the wall seconds since EPOCHREALTIME T0, to 0.1.
seconds_since() {
	awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

# cpu_of FILE: the user+sys seconds of the two lines "times" wrote to
# FILE (the shell's own and its children's).
cpu_of() {
	awk '{
		for (i = 1; i <= 2; i++) {
			split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2]
		}
	} END { printf "%.1f", t }' "$1"
}

# count LOG NAME STATUS WALL CPU: add a stage's PASS/FAIL lines to the
# totals.
count() {
	local log=$1 name=$2 status=$3 wall=$4 cpus=$5 p f n
	local group lane min budget cmd_line cmd
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
	row "$name" || min=1 budget=0
	if [ $((p + f)) -lt "$min" ]; then
		echo "FAIL: $name ran $((p + f)) tests, fewer than its minimum $min (scripts/check.sh)" | tee -a "$log"
		f=$((f + 1))
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	stage_times+=("$name $wall $cpus $budget")
	echo "== $name: $p passed, $f failed, $wall s wall, $cpus s CPU (log: $log)"
}

# times_table: the wall and CPU seconds of each stage run (in the
# table's order), its budget, and the sums; the run's own wall seconds;
# then a line for each stage over its budget (wall; side by side with
# the other lane, a stage takes longer than alone).
times_table() {
	[ ${#stage_times[@]} -gt 0 ] || return 0
	{
		printf '%s\n' "${stages[@]}" | awk -F'\t' '{ print "order", $1 }'
		printf '%s\n' "${stage_times[@]}"
	} | awk -v elapsed="$(seconds_since "$t_start")" '
		$1 == "order" { pos[$2] = ++npos; next }
		{ k = ($1 in pos) ? pos[$1] : npos + NR; row[k] = $0 }
		END {
			printf "== time per stage: %-16s %8s %8s %8s\n", "", "wall s", "CPU s", "budget"
			for (k = 1; k <= npos + NR; k++) {
				if (!(k in row)) continue
				split(row[k], f, " ")
				printf "==   %-30s %8.1f %8.1f %8d\n", f[1], f[2], f[3], f[4]
				w += f[2]; c += f[3]; b += f[4]
				if (f[4] > 0 && f[2] > f[4])
					over[++n] = f[1] " took " f[2] " s, over its budget of " f[4] " s"
			}
			printf "==   %-30s %8.1f %8.1f %8d\n", "total", w, c, b
			printf "==   %-30s %8.1f\n", "elapsed (this run)", elapsed
			for (i = 1; i <= n; i++)
				print "== WARNING: over budget: " over[i] " (a warning, not a failure)"
		}'
}

# stage NAME COMMAND...: run a command that prints PASS/FAIL lines.
stage() {
	local name=$1 log=$results/$1.log cpu_file=$results/.cpu.$1 status t0
	shift
	echo "== $name: $*"
	t0=$EPOCHREALTIME
	(
		# Nested (the gccN stages run this script again), every
		# line goes up to the outer stage, which counts them.
		if [ -n "${CHECK_NESTED:-}" ]; then
			"$@" 2>&1 | tee "$log"
		else
			"$@" 2>&1 | tee "$log" | grep --line-buffered -v '^PASS: '
		fi
		st=${PIPESTATUS[0]}
		times > "$cpu_file"
		exit "$st"
	)
	status=$?
	count "$log" "$name" "$status" "$(seconds_since "$t0")" \
		"$(cpu_of "$cpu_file")"
	rm -f "$cpu_file"
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

# known_scripts: fail for a test script that no stage runs
# (testsuite/robust/lib.sh is the robust scripts' library).
known_scripts() {
	local t rel

	for t in "$top"/testsuite/*.sh "$top"/testsuite/robust/*.sh; do
		rel=${t#"$top"/}
		[ "$rel" != testsuite/robust/lib.sh ] || continue
		printf '%s\n' "${stages[@]}" | awk -F'\t' '{ print $6 }' |
			cut -d' ' -f1 | grep -qxF -- "$rel" ||
			fail "$t is run by no stage of scripts/check.sh"
	done
}

# selftest: the plugin stages with two broken plugins, each stage in a
# build directory of its own; every stage must report failures.
#   noop   loads, registers nothing, reports nothing
#   abort  an internal compiler error on the first function it sees
# The two plugins' runs go in parallel, each stage ended at its first
# failure (about a minute on 2 cores).
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
	local kind=$1 src=$top/testsuite/selftest st dir first ok=0
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
	for st in $(stages_of plugin | grep -vxF -e unit -e selftest); do
		BUILD=$dir/build PLUGIN=$dir/style_plugin.so \
			until_fail "$dir/$st.log" "$0" "$st"
		first=$(grep -m1 '^FAIL: ' "$dir/$st.log")
		if [ -n "$first" ]; then
			echo "PASS: selftest: $st fails with the $kind plugin (${first#FAIL: })"
			continue
		fi
		echo "FAIL: selftest: $st does not fail with the $kind plugin ($(tail -n 1 "$dir/$st.log"); $dir/$st.log)"
		ok=1
	done
	return $ok
}

# until_fail LOG COMMAND...: run COMMAND, its output in LOG, in a
# session of its own, and end the session at the first FAIL line: a
# stage has failed then (its summary would count that line), and the
# rest of its tests, run with a broken plugin, show nothing more.
until_fail() {
	local log=$1 pid
	shift
	: > "$log"
	setsid "$@" > "$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		if grep -q '^FAIL: ' "$log"; then
			kill -TERM -- "-$pid" 2>/dev/null
			break
		fi
		sleep 0.5
	done
	wait "$pid" 2>/dev/null
	return 0
}

# gcc11, gcc13, gcc14 (gcc_release N): the stages of group plugin:gcc,
# whose results depend on the GCC release, with GCC N (its plugin in
# build/gcc-N/, results in build/gcc-N/check/): GCC 11 on this machine
# (Debian 12's), GCC 13 and 14 in a Debian 13 chroot
# (scripts/chroot-trixie.sh, made under build/ on first use, as root; the
# checkout is seen there at its own path, and BUILD must be inside it).
# Then each GCC refusing the plugin built for another, and style_compat.h
# refusing the releases not built and tested here
# (testsuite/versions/cross-load.sh): GCC 11 with this machine's gcc, GCC
# 13 with 14, GCC 14 with Debian 13's GCC 12.  Last, the style warnings
# and fix-its of every DejaGnu case are GCC 12's, line for line
# (testsuite/versions/same-warnings.sh; GCC 12: this machine's for GCC
# 11, Debian 13's in the chroot).  Not run again: new-warnings and
# selfcheck (what they test does not change with the compiler), and
# selftest, which tests the tests.
gcc_release() {
	local major=$1 cc=gcc-$1 other ref p run=() status=0

	case $major in
	11) other=gcc ref=gcc ;;
	13) other=gcc-14 ref=gcc-12 run=("$top/scripts/chroot-trixie.sh" run) ;;
	14) other=gcc-12 ref=gcc-12 run=("$top/scripts/chroot-trixie.sh" run) ;;
	*) echo "FAIL: gcc$major: no such stage"; return 1 ;;
	esac
	if ! "${run[@]}" make -s -C "$top" GCC="$cc" CXX="g++-$major" all \
		> "$results/gcc$major-build.log" 2>&1; then
		echo "FAIL: gcc$major: the plugin does not build for GCC $major ($results/gcc$major-build.log)"
		return 1
	fi
	p=$("${run[@]}" make -s -C "$top" GCC="$cc" CXX="g++-$major" plugin-path) ||
		return 1
	# shellcheck disable=SC2046 # one word per stage
	"${run[@]}" env CHECK_NESTED=1 GCC="$cc" GXX="g++-$major" \
		CXX="g++-$major" PLUGIN="$p" BUILD="$BUILD/$cc/check" \
		"$top/scripts/check.sh" $(stages_of plugin:gcc) |
		sed "s/^\(PASS\|FAIL\): /&gcc$major: /" || status=1
	"${run[@]}" "$top/testsuite/versions/cross-load.sh" "$other" "$cc" ||
		status=1
	"${run[@]}" "$top/testsuite/versions/same-warnings.sh" "$ref" "$cc" ||
		status=1
	return $status
}
gcc11() { gcc_release 11; }
gcc13() { gcc_release 13; }
gcc14() { gcc_release 14; }

# kbuild_checker: make C=2 W=style and C=1 W=style on the qemu stage's
# 6.1 builds, plain and W=style with its SARIF log, if it made them: the
# test checks a built tree (no kernel build of its own).
kbuild_checker() {
	local cref=()

	if [ -f "$BUILD/qemu-6.1/plain/vmlinux" ] &&
	   [ -s "$BUILD/qemu-6.1/style/style.sarif" ] &&
	   grep -qs -- -fdiagnostics-column-unit=byte \
		"$BUILD/qemu-6.1/plain/init/.main.o.cmd"; then
		cref=(CHECKER_PLAIN="$BUILD/qemu-6.1/plain"
		      CHECKER_STYLE="$BUILD/qemu-6.1/style"
		      CHECKER_TREE="$BUILD/linux-6.1")
	fi
	env "${cref[@]}" make -C "$top" check-kbuild-checker
}

# kbuild_sarif: the qemu stage's 6.1 style build, if it wrote its SARIF
# log, is the -j2 build of the test (one kernel build less); the test
# checks it further.
kbuild_sarif() {
	local sref=()

	if [ -s "$BUILD/qemu-6.1/style/style.sarif" ] &&
	   grep -qs -- -fdiagnostics-column-unit=byte \
		"$BUILD/qemu-6.1/style/init/.main.o.cmd"; then
		sref=(SARIF_REFERENCE="$BUILD/qemu-6.1/style"
		      SARIF_TREE="$BUILD/linux-6.1")
	fi
	env "${sref[@]}" make -C "$top" check-kbuild-sarif
}

# fix: the qemu stage's 6.1 style build, if there is one, is the
# reference build of the round trip (one kernel build less).
fix() {
	local ref=()

	if grep -qs -- -fdiagnostics-parseable-fixits \
		"$BUILD/qemu-6.1/style/init/.main.o.cmd" &&
	   [ -f "$BUILD/qemu-6.1/style/vmlinux" ]; then
		ref=(FIX_REFERENCE="$BUILD/qemu-6.1/style"
		     FIX_TREE="$BUILD/linux-6.1")
	fi
	env "${ref[@]}" make -C "$top" check-kbuild-fix
}

# lane_of LANE...: the names of the stages of these lanes, in the
# table's order.
lane_of() {
	printf '%s\n' "${stages[@]}" | awk -F'\t' -v l=" $* " \
		'$2 != "-" && index(l, " " $3 " ") { print $1 }'
}

# run_lanes: the stages of "all", lane b in a background subshell that
# prints each stage's lines when it ends, lane a here; then lane b's
# counts and times (a file) are added to this shell's.
run_lanes() {
	local st bpid got=() out=$results/.lane-b.$$

	rm -f "$out"
	(
		passed=0 failed=0 stage_times=()
		for st in $(lane_of b); do
			run_stage "$st" > "$out.$st" 2>&1
			cat "$out.$st"
			rm -f "$out.$st"
		done
		printf '%s\n' "$passed $failed" ${stage_times[@]+"${stage_times[@]}"} \
			> "$out.tmp" && mv "$out.tmp" "$out"
	) &
	bpid=$!
	for st in $(lane_of a); do
		run_stage "$st"
	done
	wait "$bpid"
	if [ -s "$out" ] && mapfile -t got < "$out"; then
		passed=$((passed + ${got[0]% *}))
		failed=$((failed + ${got[0]#* }))
		stage_times+=("${got[@]:1}")
	else
		echo "FAIL: lane b of scripts/check.sh ended without its counts ($out)"
		failed=$((failed + 1))
	fi
	rm -f "$out"
}

# run_stage NAME: a stage of the table, a group, or all.
run_stage() {
	local name group lane min budget cmd_line cmd st

	case $1 in
	all)
		if [ "${CHECK_LANES:-2}" = 1 ]; then
			for st in $(lane_of a b); do
				run_stage "$st"
			done
		else
			run_lanes
		fi
		return
		;;
	plugin | robust)
		for st in $(stages_of "$1"); do
			run_stage "$st"
		done
		return
		;;
	esac
	if ! row "$1"; then
		echo "check.sh: unknown stage '$1'" >&2
		usage
		failed=$((failed + 1))
		return
	fi
	case ${cmd[0]} in */*) cmd[0]=$top/${cmd[0]} ;; esac
	stage "$name" "${cmd[@]}"
}

case ${1:-} in
--list) list; exit 0 ;;
-h | --help) usage; exit 0 ;;
esac
export BUILD GCC GXX PLUGIN SARIF_MULTITOOL
known_scripts
for s in "${@:-all}"; do
	run_stage "$s"
done
times_table
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
