#!/usr/bin/env bash
# kbuild/sweep-cross.sh - another architecture's part of the tree-wide
# sweep: ARCH's allmodconfig (with kbuild/sweep.config), compiled with
# the cross compiler that kbuild/cross-arches.txt names for ARCH, over
# the C files that the x86_64 sweep did not compile (EXCEPT: its
# coverage.txt):
#   --all     every such file of the configuration (arm64: the files
#             only arm64 compiles);
#   default   those of them that kbuild/sweep-candidates.sh finds in
#             arch/ARCH (i386: arch/x86) and its default directories (the other arches:
#             the grep's files, not the whole configuration).
# kbuild/sweep.sh does the work (WORK/obj, WORK/out): resumable, going
# on from the results committed in DATA and packed into it at the end.
#
# Usage: kbuild/sweep-cross.sh [--all] ARCH SRC WORK DATA EXCEPT
#   ARCH    the kernel's ARCH= (arm64, arm, parisc, alpha, m68k, ...)
#   SRC     the 6.12 tree with the W=style series (kbuild/prepare-tree.sh)
#   WORK    its O= directory and results (e.g. build/sweep-ARCH)
#   DATA    the committed results (e.g. treewide/6.12/sweep-ARCH)
#   EXCEPT  the x86_64 sweep's coverage.txt
# Environment: JOBS, NICE (kbuild/sweep.sh).
# Exit: 0 done, 1 error, 2 usage.
set -euo pipefail

prog=sweep-cross.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [--all] ARCH SRC WORK DATA EXCEPT" >&2
	exit 2
}
all=0
options '--all:all' "$@"
shift "$nopts"
[ $# = 5 ] || usage
arch=$1 src=$2 work=$3 data=$4 except=$5
[ -f "$except" ] || die "EXCEPT '$except' not found (the x86_64 sweep's coverage.txt)"
# The directory of ARCH's code (i386's is x86).
case $arch in
i386) srcarch=x86 ;;
*) srcarch=$arch ;;
esac
[ -d "$src/arch/$srcarch" ] || die "ARCH '$arch': $src has no arch/$srcarch"
# The cross compiler: the first line of cross-arches.txt for ARCH.
prefix=$(awk -F'\t' -v a="$arch" '$3 == a { print $2; exit }' "$here/cross-arches.txt")
[ -n "$prefix" ] || die "no cross compiler for ARCH=$arch in kbuild/cross-arches.txt"
command -v "${prefix}gcc" >/dev/null ||
	die "${prefix}gcc is not installed (scripts/deps.sh matrix installs the cross compilers)"
mkdir -p "$work/out" "$data"
work=$(cd "$work" && pwd -P)

# An ARCH whose Kconfig does not select HAVE_GCC_PLUGINS (parisc, alpha,
# m68k, sparc, sh, ...) cannot enable the plugin: it is built here, from
# SRC's scripts/gcc-plugins as the kernel builds it but against the cross
# compiler's plugin headers, and given to the compiles in KCFLAGS
# (kbuild/sweep.sh's STYLE_PLUGIN).
if ! grep -q 'select HAVE_GCC_PLUGINS' "$src/arch/$srcarch/Kconfig"; then
	pdir=$("${prefix}gcc" -print-file-name=plugin)
	[ -f "$pdir/include/plugin-version.h" ] ||
		die "${prefix}gcc has no plugin headers ($pdir/include: scripts/deps.sh matrix installs them)"
	g=$src/scripts/gcc-plugins
	if [ ! -f "$work/style_plugin.so" ] || [ -n "$(find "$g" -name 'style_*' -newer "$work/style_plugin.so")" ]; then
		note "ARCH=$arch: no GCC plugins in its Kconfig: building the style plugin for ${prefix}gcc"
		# (memmodel.h first: sparc's sparc-protos.h uses its enum, and
		# the kernel's gcc-common.h includes it for that reason)
		${HOSTCXX:-g++} -shared -fPIC -O2 -std=gnu++11 -fno-rtti -fno-exceptions -Wl,--as-needed \
			-include "$pdir/include/gcc-plugin.h" -include "$pdir/include/memmodel.h" \
			-I "$pdir/include" -I "$g" -o "$work/style_plugin.so.tmp" "$g"/style_*.c ||
			die "cannot build the style plugin for ${prefix}gcc"
		mv "$work/style_plugin.so.tmp" "$work/style_plugin.so"
	fi
	export STYLE_PLUGIN=$work/style_plugin.so
fi

args=(--except "$except")
dirs=()
if [ $all = 1 ]; then
	"$here/sweep-candidates.sh" "$src" drivers sound fs net lib kernel mm crypto block security \
		ipc init virt "arch/$srcarch" >"$work/candidates.txt"
	args+=(--first "$work/candidates.txt" --spread)
else
	# The grep's files that x86_64 did not compile, and their directories
	# (make -n lists only those).
	"$here/sweep-candidates.sh" "$src" drivers sound fs net lib kernel mm crypto block security \
		ipc init virt "arch/$srcarch" |
		awk -F'\t' 'NR == FNR { x[$1] = 1; next } !($1 in x)' "$except" - >"$work/candidates.txt"
	[ -s "$work/candidates.txt" ] || die "the grep finds no file for ARCH=$arch that x86_64 did not compile"
	args+=(--files "$work/candidates.txt")
	mapfile -t dirs < <(sed 's|/[^/]*$||' "$work/candidates.txt" | LC_ALL=C sort -u)
fi
note "ARCH=$arch CROSS_COMPILE=$prefix: $(wc -l <"$work/candidates.txt") candidate files$([ $all = 1 ] || echo ", in ${#dirs[@]} directories")"
ARCH=$arch CROSS_COMPILE=$prefix "$here/sweep.sh" "${args[@]}" --data "$data" \
	"$src" "$work/obj" "$work/out" ${dirs[@]+"${dirs[@]}"}
