#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# testsuite/kbuild/checker-faults.sh - test-checker.sh, the test of
# make C=1/C=2 W=style, is seen to fail: each fault below is planted in
# the prepared tree's kbuild files, the test runs on the built trees it
# reuses, and it must fail, among its failures the check that the fault
# is for; then the file is put back.
#
#   c1-nothing     C=1 runs no check (kbuild still prints its STYLE lines):
#                  "C=1 W=style: the warnings of these files in the
#                  W=style build"
#   c1-all         C=1 checks every file, as C=2: "C=1 W=style: checks
#                  exactly the objects it compiles"
#   error-ignored  the pass's status is dropped (W=style-error):
#                  "C=2 W=style-error: ... fails the make"
#   optout-ignored the pass checks files opted out with STYLE_CHECK_foo.o=n:
#                  "C=2 W=style STYLE_CHECK_....o=n: no pass, no warning"
#   since-ignored  the pass drops STYLE_SINCE='s lines= list:
#                  "M= C=2 W=style STYLE_SINCE=HEAD~1: only the changed lines"
#   extmod-compile with M=, C=2 W=style is not the checker but W=style in
#                  the compile: "M= C=2 W=style: the built module is
#                  checked (exit ...), nothing compiled"
#
# Usage: testsuite/kbuild/checker-faults.sh [FAULT...]   (default: all)
# Environment: CHECKER_PLAIN, CHECKER_STYLE, CHECKER_TREE as for
#   test-checker.sh (required: the faults are planted in CHECKER_TREE, and
#   the builds are reused, not made); BUILD, WORK, JOBS.
# About 3 minutes of CPU a fault. Not in make check (make
# check-kbuild-checker-faults); its results are in docs/RESULTS.md.
set -euo pipefail

prog=checker-faults.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

all=(c1-nothing c1-all error-ignored optout-ignored since-ignored extmod-compile)
faults=("$@")
[ ${#faults[@]} -gt 0 ] || faults=("${all[@]}")
for f in "${faults[@]}"; do
	[[ " ${all[*]} " == *" $f "* ]] || die "unknown fault '$f' (known: ${all[*]})"
done
for v in CHECKER_PLAIN CHECKER_STYLE CHECKER_TREE; do
	[ -n "${!v:-}" ] || die "needs CHECKER_PLAIN, CHECKER_STYLE and CHECKER_TREE (see test-checker.sh)"
done
tree=$(cd "$CHECKER_TREE" && pwd)
test_setup 6.1
logs=$work/checker-faults
mkdir -p "$logs"

# fault NAME: FILE (of the tree), the sed program that plants the fault,
# and the check (a fixed string of its name) that must fail.
# shellcheck disable=SC2016 # make's $(...), not the shell's
fault() {
	case $1 in
	c1-nothing)
		file=scripts/Makefile.build
		prog_sed='s/^\( *cmd_checksrc *= \)\$(style_checksrc)$/\1true/'
		expect='C=1 W=style: the warnings of these files in the W=style build' ;;
	c1-all)
		file=scripts/Makefile.build
		prog_sed='1a KBUILD_CHECKSRC := $(if $(filter 1,$(KBUILD_CHECKSRC)),2,$(KBUILD_CHECKSRC))'
		expect='C=1 W=style: checks exactly the objects it compiles' ;;
	error-ignored)
		file=scripts/Makefile.lib
		prog_sed='/^style_checksrc = /,/^else/s/check-only \$<)$/check-only $< || true)/'
		expect='C=2 W=style-error: ' ;;
	optout-ignored)
		file=scripts/Makefile.lib
		prog_sed='/^style_checksrc = /,/^else/{s/\$(if \$(style_flags),/$(if $(CFLAGS_STYLE_CHECK),/;s/\$(style_flags) -fplugin-arg/$(CFLAGS_STYLE_CHECK) -fplugin-arg/}'
		expect='=n: no pass, no warning' ;;
	since-ignored)
		file=scripts/Makefile.lib
		prog_sed='/^style_checksrc = /,/^else/s/\$(style_flags) -fplugin-arg/$(filter-out -fplugin-arg-style_plugin-lines=%,$(style_flags)) -fplugin-arg/'
		expect='M= C=2 W=style STYLE_SINCE=HEAD~1: only the changed lines' ;;
	extmod-compile)
		file=scripts/Makefile.gcc-plugins
		prog_sed='s/^ifneq (\$(filter 1 2,\$(KBUILD_CHECKSRC)),)$/ifneq ($(if $(KBUILD_EXTMOD),,$(filter 1 2,$(KBUILD_CHECKSRC))),)/'
		expect='M= C=2 W=style: the built module is checked' ;;
	esac
}

saved=''
restore() { [ -z "$saved" ] || cp -p "$saved" "$tree/$file"; saved=''; }
trap restore EXIT

for f in "${faults[@]}"; do
	fault "$f"
	saved=$logs/$(basename "$file").orig
	cp -p "$tree/$file" "$saved"
	sed -i "$prog_sed" "$tree/$file"
	if cmp -s "$saved" "$tree/$file"; then
		restore
		fail "fault $f: planted in $file (the sed changed nothing: the series changed?)"
		continue
	fi
	# The file's time as before: make must not see a changed Makefile.
	touch -r "$saved" "$tree/$file"
	rc=0
	"$here/test-checker.sh" >"$logs/$f.log" 2>&1 || rc=$?
	restore
	n=$(grep -c '^FAIL: ' "$logs/$f.log" || true)
	if [ "$rc" = 0 ]; then
		fail "fault $f: test-checker.sh passed with the fault in $file (log: $logs/$f.log)"
	elif grep '^FAIL: ' "$logs/$f.log" | grep -qF -- "$expect"; then
		pass "fault $f: test-checker.sh fails $n checks, among them \"$expect...\""
	else
		fail "fault $f: test-checker.sh failed (exit $rc, $n checks), but not \"$expect...\" (log: $logs/$f.log)"
	fi
done
echo "$prog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
