#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# arch-matrix.sh - make W=style with each cross compiler of Debian 12
# that has GCC 12's plugin headers (kbuild/cross-arches.txt), as a
# build farm builds many architectures: for each, a 6.1 tinyconfig (and
# the options that make it a kernel that compiler targets), with
# CONFIG_GCC_PLUGINS and CONFIG_GCC_PLUGIN_STYLE_CHECK, built twice from
# scratch, plain and with W=style (make vmlinux, JOBS at a time):
#   - both build; the W=style build loads the plugin, which Kbuild built
#     with the host's g++ against that compiler's plugin headers, in
#     every C compile, with no crash, and it reports style warnings;
#   - vmlinux is byte-identical with and without W=style (both built
#     in the same directory: debug information records it);
#   - where the kernel cannot enable GCC plugins for the ARCH (it selects
#     no HAVE_GCC_PLUGINS), the plugin is built against the compiler's
#     headers and loaded by its cc1 on a file with a known violation,
#     which it must report: the limit is the kernel's, not the plugin's;
#   - a build that fails plain as well is a kernel or compiler limit:
#     said (its first error), not counted as a failure.
# Each compiler's row (tab-separated: triplet, ARCH, GCC version, CPU
# seconds user+sys of the plain and the W=style build, warnings,
# identical, note) goes to WORK/TRIPLET/row; a compiler with a row is
# not built again (--restart forgets them), so an interrupted run goes
# on where it stopped.  All rows: WORK/matrix.tsv.
#
# Usage: testsuite/kbuild/arch-matrix.sh [--restart] [TRIPLET...]
#   TRIPLET: some of kbuild/cross-arches.txt (default: all)
# Environment: BUILD (default <repo>/build), JOBS (default 2), TREE (the
# 6.1 tree, default $BUILD/linux-6.1, made by kbuild/prepare-tree.sh).
# Work: $BUILD/arches/matrix/ (WORK).  Packages: scripts/deps.sh matrix.
# Prints PASS:/FAIL: lines and "N passed, N failed".
set -uo pipefail

prog='arch-matrix.sh'
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
passed=0 failed=0

restart=0
if [ "${1:-}" = --restart ]; then
	restart=1
	shift
fi
case ${1:-} in -*) echo "usage: $0 [--restart] [TRIPLET...]" >&2; exit 2 ;; esac
build=${BUILD:-$root/build}
jobs=${JOBS:-2}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a positive number, got '$jobs'"
mkdir -p "$build" && build=$(cd "$build" && pwd)
tree=${TREE:-$build/linux-6.1}
work=$build/arches/matrix
list=$root/kbuild/cross-arches.txt
mkdir -p "$work"

"$root/kbuild/prepare-tree.sh" 6.1 "$tree" >/dev/null ||
	die "kbuild/prepare-tree.sh 6.1 $tree failed"
kbuild_identity
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL GNUMAKEFLAGS

mapfile -t rows < <(grep -v '^#' "$list")
want=("$@")
for t in "${want[@]}"; do
	printf '%s\n' "${rows[@]}" | cut -f1 | grep -qxF -- "$t" ||
		die "'$t' is not a triplet of $list"
done

# A file with a violation, for the compilers whose kernel has no plugins.
probe=$work/probe.c
printf 'int f(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' >"$probe"

# cpu_of FILE: user+sys seconds that /usr/bin/time -f '%U %S' wrote.
cpu_of() { awk '{ printf "%.1f", $1 + $2 }' "$1"; }

# kmake DIR LOG ARGS...: make in the tree for DIR, output appended to LOG.
kmake() {
	local dir=$1 log=$2

	shift 2
	make -C "$tree" O="$dir" ARCH="$arch" CROSS_COMPILE="$prefix" "$@" \
		>>"$log" 2>&1
}

# first_error LOG: the first error line of a build log, shortened.
first_error() {
	grep -m1 -E 'error:|Error [0-9]|\*\*\*' "$1" | sed "s|$tree/||g" |
		cut -c1-160
}

# probe_ok STATUS LOG: the probe compiled, its violation reported.
probe_ok() {
	gcc_ok "$1" "$2" &&
		grep -q 'probe.c:3:16: warning: .*\[-Wstyle-if-body\]' "$2"
}

# no_plugins_probe: the plugin built by the host's g++ against $gcc's
# headers, loaded by its cc1 on $probe; prints the note of the row.
no_plugins_probe() {
	local d=$tw/probe inc
	inc=$("$gcc" -print-file-name=plugin)/include
	rm -rf "$d"
	mkdir -p "$d"
	if ! g++ -O2 -fPIC -std=gnu++11 -fno-rtti -fno-exceptions \
		-Wno-narrowing -I "$inc" -I "$root/plugin" -shared \
		-Wl,--as-needed -o "$d/style_plugin.so" "$root"/plugin/*.c \
		>"$d/build.log" 2>&1; then
		# A header the compiler's own headers include, and its package
		# does not ship, is the compiler's limit: said, not a failure.
		missing=$(grep -m1 -o "^$inc/[^:]*:[0-9]*:[0-9]*: fatal error: [^:]*: No such file" "$d/build.log")
		if [ -n "$missing" ]; then
			why="gcc-12-plugin-dev-$t is incomplete: ${missing#"$inc/"} (any plugin fails so)"
			note "$t: $why"
			return
		fi
		fail "$t: the plugin builds against $inc ($d/build.log)"
		return
	fi
	"$gcc" -fplugin="$d/style_plugin.so" -c "$probe" -o "$d/probe.o" \
		2>"$d/probe.log"
	check "$t: the kernel has no GCC plugins for ARCH=$arch; the plugin built against its headers loads in its cc1 and reports the probe's violation" \
		probe_ok $? "$d/probe.log"
}

for r in "${rows[@]}"; do
	IFS=$'\t' read -r t prefix arch config <<<"$r"
	if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qxF -- "$t"; then
		continue
	fi
	tw=$work/$t
	if [ $restart = 0 ] && [ -s "$tw/row" ]; then
		note "$t: done before: $(awk -F'\t' '{ printf "%s warnings, identical: %s%s", $6, $7, $8 == "" ? "" : ", " $8 }' "$tw/row")"
		continue
	fi
	rm -rf "$tw"
	mkdir -p "$tw/obj"
	gcc=${prefix}gcc
	if ! command -v "$gcc" >/dev/null; then
		fail "$t: $gcc is installed (scripts/deps.sh matrix: gcc-$t)"
		continue
	fi
	ver=$("$gcc" -dumpfullversion)
	note "$t: ARCH=$arch CROSS_COMPILE=$prefix (GCC $ver)"

	# The configuration, the same for both builds.
	opts=(-e GCC_PLUGINS -e GCC_PLUGIN_STYLE_CHECK)
	more=()
	[ "$config" = - ] || read -r -a more <<<"$config"
	opts+=("${more[@]}")
	clog=$tw/config.log
	if ! { kmake "$tw/obj" "$clog" tinyconfig &&
	       "$tree/scripts/config" --file "$tw/obj/.config" "${opts[@]}" &&
	       kmake "$tw/obj" "$clog" olddefconfig; }; then
		fail "$t: tinyconfig ($clog)"
		continue
	fi
	cp "$tw/obj/.config" "$tw/config"
	prev=
	for o in "${more[@]}"; do
		case $prev in
		-e) check "$t: CONFIG_$o=y survives" \
			grep -qx "CONFIG_$o=y" "$tw/config" ;;
		-d) check "$t: CONFIG_$o stays off" \
			bash -c "! grep -q '^CONFIG_$o=y' '$tw/config'" ;;
		esac
		prev=$o
	done
	if ! grep -qx 'CONFIG_GCC_PLUGIN_STYLE_CHECK=y' "$tw/config"; then
		if grep -qx 'CONFIG_HAVE_GCC_PLUGINS=y' "$tw/config"; then
			fail "$t: CONFIG_GCC_PLUGIN_STYLE_CHECK=y with HAVE_GCC_PLUGINS ($clog)"
			continue
		fi
		why=
		no_plugins_probe
		printf '%s\t%s\t%s\t-\t-\t-\t-\t%s\n' "$t" "$arch" "$ver" \
			"no HAVE_GCC_PLUGINS in arch/$arch: the kernel builds no plugin for it${why:+; $why}" >"$tw/row"
		continue
	fi

	# The two builds, plain first, each from scratch in the same
	# directory: code compiled with -g (mips's vDSO) records it
	# (DW_AT_comp_dir), and another path would change vmlinux.
	rc_plain=0 rc_style=0
	/usr/bin/time -f '%U %S' -o "$tw/plain.time" \
		make -C "$tree" O="$tw/obj" ARCH="$arch" CROSS_COMPILE="$prefix" \
		-j"$jobs" vmlinux >"$tw/plain.log" 2>&1 || rc_plain=$?
	mv "$tw/obj/vmlinux" "$tw/plain.vmlinux" 2>/dev/null
	rm -rf "$tw/obj"
	mkdir -p "$tw/obj"
	cp "$tw/config" "$tw/obj/.config"
	kmake "$tw/obj" "$clog" olddefconfig
	check "$t: the W=style build's configuration is the plain one's" \
		cmp -s "$tw/config" "$tw/obj/.config"
	/usr/bin/time -f '%U %S' -o "$tw/style.time" \
		make -C "$tree" O="$tw/obj" ARCH="$arch" CROSS_COMPILE="$prefix" \
		-j"$jobs" W=style vmlinux >"$tw/style.log" 2>&1 || rc_style=$?
	n=$(grep -aEc "$STYLE_WARNING_RE\$" "$tw/style.log")
	if [ $rc_plain != 0 ]; then
		why=$(first_error "$tw/plain.log")
		note "$t: the plain build fails too (a kernel or compiler limit): $why"
		check "$t: no compile crashed or failed to load the plugin" \
			bash -c "! grep -aEq '$BROKEN_RE' '$tw/style.log'"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t-\tplain and W=style fail alike: %s\n' \
			"$t" "$arch" "$ver" "$(cpu_of "$tw/plain.time")" \
			"$(cpu_of "$tw/style.time")" "$n" "$why" >"$tw/row"
		continue
	fi
	check "$t: make W=style vmlinux builds ($tw/style.log)" test $rc_style = 0
	incdir=$("$gcc" -print-file-name=plugin)/include
	check "$t: Kbuild built the plugin with the host's g++ against $gcc's headers" \
		grep -Eq "^(saved)?cmd_scripts/gcc-plugins/style_plugin\.o := g\+\+ .*-I $incdir " \
			"$tw/obj/scripts/gcc-plugins/.style_plugin.o.cmd"
	check "$t: $gcc loaded it for the C files (init/main.o)" \
		grep -q "$gcc .*-fplugin=\./scripts/gcc-plugins/style_plugin\.so" \
			"$tw/obj/init/.main.o.cmd"
	check "$t: no compile crashed or failed to load the plugin" \
		bash -c "! grep -aEq '$BROKEN_RE' '$tw/style.log'"
	check "$t: it reports style warnings ($n)" test "$n" -gt 0
	same=no
	cmp -s "$tw/plain.vmlinux" "$tw/obj/vmlinux" && same=yes
	check "$t: vmlinux is byte-identical with and without W=style" test $same = yes
	[ $rc_style = 0 ] || same=-
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$arch" "$ver" \
		"$(cpu_of "$tw/plain.time")" "$(cpu_of "$tw/style.time")" "$n" \
		"$same" "" >"$tw/row"
	# The trees are large and can be made again: keep the logs only.
	[ $same = yes ] && rm -rf "$tw/obj" "$tw/plain.vmlinux"
done

# The table, in the list's order.
for r in "${rows[@]}"; do
	t=${r%%$'\t'*}
	[ -s "$work/$t/row" ] && cat "$work/$t/row"
done >"$work/matrix.tsv"
# ... and as a Markdown table (docs/RESULTS.md).
awk -F'\t' 'BEGIN {
	print "| compiler | ARCH | GCC | build CPU, plain | W=style | style warnings | vmlinux identical | note |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- |"
}
{
	cpu = $4 == "-" ? "-" : $4 " s"
	st = $5 == "-" ? "-" : sprintf("%s s (%+.1f%%)", $5, $4 > 0 ? 100 * ($5 - $4) / $4 : 0)
	printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, cpu, st, $6, $7, $8
}' "$work/matrix.tsv" >"$work/matrix.md"
note "$(wc -l <"$work/matrix.tsv") of ${#rows[@]} compilers in $work/matrix.tsv (and matrix.md)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
