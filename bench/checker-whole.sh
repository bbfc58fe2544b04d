#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/checker-whole.sh - the style check of a whole kernel built plain:
# make C=2 W=style against a W=style rebuild, and make C=1 W=style after
# one file is touched (issue 35, item 4)
#
# Usage: bench/checker-whole.sh SRC OUT [CONFIG]
#   SRC     a tree with the W=style series (kbuild/prepare-tree.sh)
#   OUT     the output directory: new or empty, or an earlier run's,
#           whose finished plain build of the same CONFIG is reused
#   CONFIG  the configuration target (default defconfig)
# The makes, one after the other, each timed (/usr/bin/time: wall,
# user+sys CPU) and its log kept in OUT/../checker-whole/:
#   plain      make -jJOBS: the plain build (skipped if OUT has one)
#   c2         make C=2 W=style: the check of every C file; must compile
#              nothing (no "CC" line) and write no object
#   plain-2    make: must compile nothing (the pass changed no command)
#   c1         touch TOUCH (default kernel/fork.c), make C=1 W=style: must
#              compile and check that one file (and relink)
#   style      make W=style: the rebuild that checking in the compile
#              costs (every object, its command changed; going back to
#              plain costs another, as the plain row)
# Prints a table (make, wall, CPU, objects compiled, files checked, style
# warnings) and writes it to OUT/../checker-whole/table.txt.
# Environment: JOBS (default 2), TOUCH (a C file of SRC, default
# kernel/fork.c), ARCH (default x86_64), KCFLAGS (kbuild's, the same in
# every make: KCFLAGS=-fdiagnostics-parseable-fixits, as bench/run.sh
# builds, lets kbuild/fix-tree.sh read the W=style make's log).
set -euo pipefail

prog=checker-whole.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	sed -n '3,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "$0" >&2
	exit 2
fi
src=$(cd "$1" 2>/dev/null && pwd) || die "SRC '$1' is not a directory"
grep -qs KBUILD_STYLE_PASS "$src/scripts/Makefile.gcc-plugins" ||
	die "$src has no W=style series (kbuild/prepare-tree.sh)"
mkdir -p "$2"
out=$(cd "$2" && pwd)
config=${3:-defconfig}
jobs=${JOBS:-2}
touch_file=${TOUCH:-kernel/fork.c}
arch=${ARCH:-x86_64}
[ -f "$src/$touch_file" ] || die "TOUCH=$touch_file is not a file of $src"
logs=$(dirname "$out")/checker-whole
mkdir -p "$logs"

km() { env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
	make -C "$src" O="$out" ARCH="$arch" -j"$jobs" "$@"; }

# timed NAME ARGS...: make ARGS in OUT, its log NAME.log, its times
# NAME.time ("wall user sys"), NAME.ok when it succeeded; a failed make
# stops the run.  A make with its NAME.ok is not run again: a stopped run
# goes on from the next one.
timed() {
	local name=$1

	shift
	if [ -f "$logs/$name.ok" ]; then
		note "make $* done before ($logs/$name.log)"
		return 0
	fi
	cut -d' ' -f1 /proc/loadavg >"$logs/$name.load"
	/usr/bin/time -f '%e %U %S' -o "$logs/$name.time" \
		env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$src" O="$out" ARCH="$arch" -j"$jobs" "$@" >"$logs/$name.log" 2>&1 ||
		die_log "$logs/$name.log" "make $* failed"
	touch "$logs/$name.ok"
}
compiled() { kbuild_done "$1" 1; }
checked() { grep -c '^  STYLE ' "$1" || true; }
warnings() { grep -acE "$STYLE_WARNING_RE" "$1" || true; }

if [ -f "$out/vmlinux" ] && [ -f "$logs/plain.ok" ] && grep -qx "$config" "$logs/config" 2>/dev/null; then
	note "reusing the plain build in $out"
else
	[ -z "$(ls -A "$out")" ] ||
		die "$out is not empty and holds no finished build of $config by this script: give an empty or new directory"
	km "$config" >"$logs/config.log" 2>&1 ||
		die_log "$logs/config.log" "cannot configure $config in $out"
	grep -qx 'CONFIG_GCC_PLUGIN_STYLE_CHECK=y' "$out/.config" ||
		die "$config in $out has no CONFIG_GCC_PLUGIN_STYLE_CHECK=y (no plugin support in $(gcc -dumpversion)?)"
	echo "$config" >"$logs/config"
	note "plain build of $config ($jobs jobs)"
	timed plain
fi
# snap FILE: the objects and .cmd files of OUT, with their hashes.
snap() { (cd "$out" && find . -name '*.o' -o -name '.*.cmd' | LC_ALL=C sort | xargs sha1sum) >"$1"; }
[ -f "$logs/c2.ok" ] || snap "$logs/before.snap"
note "make C=2 W=style"
timed c2 C=2 W=style
[ "$(compiled "$logs/c2.log")" = 0 ] || die "C=2 W=style compiled objects (see $logs/c2.log)"
[ -f "$logs/after.snap" ] || snap "$logs/after.snap"
# No object or .cmd file changed or went; new ones only the plugin's.
changed=$(LC_ALL=C comm -23 <(LC_ALL=C sort "$logs/before.snap") <(LC_ALL=C sort "$logs/after.snap") | wc -l)
[ "$changed" = 0 ] ||
	die "C=2 W=style changed or removed $changed objects or .cmd files: diff $logs/before.snap $logs/after.snap"
new=$(LC_ALL=C comm -13 <(LC_ALL=C sort "$logs/before.snap") <(LC_ALL=C sort "$logs/after.snap") |
	grep -vc '  \./scripts/gcc-plugins/' || true)
[ "$new" = 0 ] || die "C=2 W=style made $new objects or .cmd files besides the plugin's"
timed plain-2
[ "$(compiled "$logs/plain-2.log")" = 0 ] || die "a plain make after C=2 W=style compiled objects"
if [ ! -f "$logs/c1.ok" ]; then
	stamp=$(stat -c %.9Y "$src/$touch_file")
	touch "$src/$touch_file"
	note "touch $touch_file, make C=1 W=style"
	timed c1 C=1 W=style
	touch -d "@$stamp" "$src/$touch_file"
fi
note "make W=style (every object again)"
timed style W=style

row() {
	local name=$1 what=$2

	read -r wall user sys <"$logs/$name.time"
	printf '| %s | %s | %s | %.0f | %.0f | %d | %d | %d |\n' "$what" "$name" \
		"$(cat "$logs/$name.load")" "$wall" \
		"$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
		"$(compiled "$logs/$name.log")" "$(checked "$logs/$name.log")" \
		"$(warnings "$logs/$name.log")"
}
{
	echo "$config, $arch, $jobs jobs, $(nproc) CPUs; touched: $touch_file"
	echo
	echo '| make | log | load at start | wall s | CPU s | compiled | checked | style warnings |'
	echo '| --- | --- | --- | --- | --- | --- | --- | --- |'
	row plain 'plain build'
	row c2 'C=2 W=style (every file, the built tree)'
	row plain-2 'plain, after C=2'
	row c1 "C=1 W=style after touching $touch_file"
	row style 'W=style (the rebuild; a plain make after it rebuilds all again)'
} | tee "$logs/table.txt"
