#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild/sarif-jobs.sh - the CI kernel's merged SARIF log, -j1 against -j2
#
# Builds the CI kernel (qemu/build.sh: the 6.1 tinyconfig with
# qemu/tiny.config, make W=style STYLE_SARIF=OBJ/style.sarif and the qemu
# stage's KCFLAGS, as qemu/kernel.sh builds it) twice from scratch, once
# with -j1 and once with -j2, both at nice 19, from one prepared tree
# (the same plugin source; the code of the two builds' style_plugin.so
# is compared too), and checks:
#  - each merged log holds each violation once (file, line, column, rule);
#  - each holds the same set as its build's text warnings, deduplicated
#    (byte columns: KCFLAGS=-fdiagnostics-column-unit=byte);
#  - the two logs are byte-identical (they are sorted and hold no time
#    stamps, so the whole files are compared).
# Not in make check: the -j1 build alone took 39 minutes on a busy
# 2-core machine; docs/sarif.md records the measured result.  The -j2
# build can then serve testsuite/kbuild/test-sarif.sh as its reference
# (SARIF_REFERENCE=WORK/sarif-jobs/j2 SARIF_TREE=BUILD/linux-6.1).
#
# Usage: kbuild/sarif-jobs.sh
# Environment: BUILD (default <repo>/build; the tree is $BUILD/linux-6.1,
#   prepared with kbuild/prepare-tree.sh), WORK (default
#   $BUILD/kbuild-test; the builds go to $WORK/sarif-jobs/j1 and j2),
#   REUSE=1 keeps a finished build of an earlier run instead of building
#   it again (for checking again only).
set -euo pipefail

prog=sarif-jobs.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
. "$here/../scripts/lib.sh"

test_setup 6.1
command -v jq >/dev/null || die "jq is missing (make deps)"
src=$build/linux-6.1
out=$work/sarif-jobs
"$here/prepare-tree.sh" 6.1 "$src" >/dev/null || die "prepare-tree.sh 6.1 $src failed"
src=$(cd "$src" && pwd -P)
mkdir -p "$out"
# The qemu stage's flags (qemu/qemu.mk QEMU_KCFLAGS).
export KCFLAGS="-fdiagnostics-parseable-fixits -fdiagnostics-column-unit=byte"
kbuild_identity

for j in 1 2; do
	obj=$out/j$j
	if [ "${REUSE:-0}" = 1 ] && [ -s "$obj/style.sarif" ] &&
	   grep -q 'Kernel: arch/x86/boot/bzImage is ready' "$obj/build.log" 2>/dev/null; then
		note "-j$j: reusing $obj"
		continue
	fi
	rm -rf "$obj"
	t=$SECONDS
	JOBS=$j nice -n 19 "$root/qemu/build.sh" "$src" "$obj" W=style \
		STYLE_SARIF="$obj/style.sarif" >/dev/null || die "the -j$j build in $obj failed"
	echo "$((SECONDS - t))" >"$obj/seconds"
	note "-j$j: built in $((SECONDS - t)) s"
done

for j in 1 2; do
	obj=$out/j$j
	check "-j$j: STYLE_SARIF= wrote a log, after the bzImage" \
		test -s "$obj/style.sarif" -a "$obj/style.sarif" -nt "$obj/arch/x86/boot/bzImage"
	sarif_result_set "$obj/style.sarif" >"$obj/sarif.set"
	style_text_set "$src" "$obj/build.log" >"$obj/text.set"
	n=$(wc -l <"$obj/sarif.set")
	check "-j$j: the log has results ($n)" [ "$n" -gt 10 ]
	dups=$(uniq -d "$obj/sarif.set" | head -n 3)
	check "-j$j: each violation once in the log${dups:+; twice: $dups}" [ -z "$dups" ]
	if cmp -s "$obj/text.set" "$obj/sarif.set"; then
		pass "-j$j: the log holds the build's text warnings, deduplicated ($(wc -l <"$obj/text.set"))"
	else
		fail "-j$j: the log holds the build's text warnings, deduplicated"
		diff "$obj/text.set" "$obj/sarif.set" | head -n 10 || true
	fi
done
# The same plugin: its code (.text) is the same bytes; the files differ in
# their debug information and build ID, which name the object directory.
for j in 1 2; do
	objcopy -O binary --only-section=.text \
		"$out/j$j/scripts/gcc-plugins/style_plugin.so" "$out/j$j/plugin.text"
done
check "the two builds ran the same plugin (style_plugin.so: the same code)" \
	cmp "$out/j1/plugin.text" "$out/j2/plugin.text"
if cmp -s "$out/j1/style.sarif" "$out/j2/style.sarif"; then
	pass "-j1 and -j2: the merged logs are byte-identical ($(wc -c <"$out/j2/style.sarif") bytes, $(wc -l <"$out/j2/sarif.set") results)"
else
	fail "-j1 and -j2: the merged logs are byte-identical"
	diff "$out/j1/style.sarif" "$out/j2/style.sarif" | head -n 10 || true
fi
note "-j1: $(cat "$out/j1/seconds" 2>/dev/null || echo '?') s, -j2: $(cat "$out/j2/seconds" 2>/dev/null || echo '?') s (nice 19)"
echo "$prog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
