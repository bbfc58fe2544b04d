#!/usr/bin/env bash
# qemu/gcc14.sh - the 6.12 tinyconfig kernel built with GCC 14 (Debian
# 13's, in the chroot of scripts/chroot-trixie.sh): the W=style build,
# its plain build, byte-identical; the style one booted by this
# machine's QEMU.
#
# Usage: qemu/gcc14.sh   (as root: the chroot)
# Layout (BUILD defaults to <repo>/build, and must be inside the repository,
# which the chroot sees at its own path):
#   $BUILD/linux-6.12                   the tree (kbuild/prepare-tree.sh)
#   $BUILD/gcc-14/qemu-6.12/style       O= dir of the W=style build
#   $BUILD/gcc-14/qemu-6.12/plain       O= dir of the plain build
# Both builds run in the chroot with CC=gcc-14 HOSTCC=gcc-14
# HOSTCXX=g++-14, so that Kbuild builds the plugin with g++-14
# (qemu/build.sh; JOBS as there).  Prints PASS:/FAIL: lines
# (scripts/lib.sh).  Not in "scripts/check.sh all": two kernel builds
# (on a loaded 2-core machine the style one took 2276 s wall, 340 s CPU);
# a second run rebuilds only what changed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=gcc14.sh
die_fail="linux-6.12 gcc-14: "
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }

build=${BUILD:-$top/build}
mkdir -p "$build"
build=$(cd "$build" && pwd)
case $build/ in
"$top"/*) ;;
*) die "BUILD ($build) must be inside $top: the chroot sees only the repository" ;;
esac
src=$build/linux-6.12
out=$build/gcc-14/qemu-6.12
chroot=$top/scripts/chroot-trixie.sh
cc=(CC=gcc-14 HOSTCC=gcc-14 HOSTCXX=g++-14)

"$top/kbuild/prepare-tree.sh" 6.12 "$src" || die "cannot prepare $src"
"$here/initramfs.sh" "$out/initramfs.cpio" || die "no initramfs"

for kind in style plain; do
	args=("${cc[@]}")
	[ $kind = plain ] || args+=(W=style)
	"$chroot" run env JOBS="${JOBS:-}" "$here/build.sh" "$src" "$out/$kind" \
		"${args[@]}" || die "the $kind build failed (log: $out/$kind/build.log)"
	pass "linux-6.12: a tinyconfig kernel builds with GCC 14 ${args[*]}"
done

# The compiler of both: GCC 14's .comment in vmlinux and in the plugin.
gcc14_comment() {
	readelf -p .comment "$1" 2>/dev/null | grep -q 'GCC: (.*) 14\.[0-9]'
}
check "linux-6.12 gcc-14: vmlinux was compiled by GCC 14" \
	gcc14_comment "$out/style/vmlinux"
check "linux-6.12 gcc-14: Kbuild built the plugin with g++-14" \
	gcc14_comment "$out/style/scripts/gcc-plugins/style_plugin.so"
n=$(grep -Ec "$STYLE_WARNING_RE" "$out/style/build.log" || true)
check "linux-6.12 gcc-14: the W=style build reported style warnings ($n)" \
	[ "$n" -gt 0 ]
check "linux-6.12 gcc-14: the plain build reported none" \
	eval '! grep -Eq "$STYLE_TAG_RE" "$out/plain/build.log"'
check "linux-6.12 gcc-14: vmlinux and bzImage are byte-identical with and without W=style" \
	"$here/compare.sh" "$out/style" "$out/plain"
release=$(cat "$out/style/include/config/kernel.release")
check "linux-6.12 gcc-14: it boots in QEMU (release=$release), and QEMU exits 0" \
	env BOOT_EXPECT="release=$release" "$here/boot.sh" \
	"$out/style/arch/x86/boot/bzImage" "$out/initramfs.cpio" "$out/style/boot.log"
[ "$failed" -eq 0 ]
