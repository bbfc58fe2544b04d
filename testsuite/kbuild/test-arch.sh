#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-arch.sh - make W=style for another architecture, with Debian's
# GCC 12 cross compiler, on a 6.1 tree with the series:
#   - a cross compiler without plugin headers stops make W=style with one
#     line that names the package to install (its -print-file-name=plugin
#     made to find none, by a wrapper: the packages stay installed);
#   - the QEMU kernel of qemu/build.sh (tinyconfig + qemu/arm64.config or
#     riscv64.config) builds with W=style, the plugin built by Kbuild
#     with the host's g++ against the cross compiler's plugin headers and
#     loaded by every C compile, and it reports style warnings;
#   - it boots in QEMU (TCG) to the marker of qemu/init.c, with this
#     build's release and the arch's machine name;
#   - with --shared, objects of shared code (kernel/, lib/, fs/) give the
#     same warnings, outside arch/, as in an x86_64 build of the tree;
#   - with --identity, a plain build of the same tree and configuration
#     gives the same vmlinux and arch/ARCH/boot/Image, byte for byte
#     (kbuild/compare-objs.sh --identical).
#
# Usage: testsuite/kbuild/test-arch.sh [--identity] [--shared] ARCH
#   ARCH: arm64 or riscv (scripts/lib.sh's kernel_arch)
# Environment: BUILD (default <repo>/build), JOBS (default 2), TREE (the
# 6.1 tree, default $BUILD/linux-6.1, made by kbuild/prepare-tree.sh).
# Work: $BUILD/arches/6.1-ARCH/ (style/, plain/, nohdr/, x86/,
# initramfs.cpio).
# Prints PASS:/FAIL: lines and "N passed, N failed".
set -uo pipefail

prog=test-arch.sh
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
passed=0 failed=0

usage() {
	echo "usage: $0 [--identity] [--shared] ARCH   (ARCH: arm64 or riscv)" >&2
	exit 2
}
identity=0 shared=0
while [ $# -gt 1 ]; do
	case $1 in
	--identity) identity=1 ;;
	--shared) shared=1 ;;
	*) usage ;;
	esac
	shift
done
[ $# -eq 1 ] || usage
arch=$1
case $arch in
arm64 | riscv) ;;
*) die "ARCH must be arm64 or riscv, got '$arch'" ;;
esac
kernel_arch "$arch"
cross=$karch_cross
build=${BUILD:-$root/build}
jobs=${JOBS:-2}
mkdir -p "$build" && build=$(cd "$build" && pwd)
tree=${TREE:-$build/linux-6.1}
work=$build/arches/6.1-$arch
mkdir -p "$work"
export ARCH=$arch JOBS=$jobs

command -v "${cross}gcc" >/dev/null ||
	die "${cross}gcc not found: run scripts/deps.sh arches (Debian packages: $karch_pkgs)"
"$root/kbuild/prepare-tree.sh" 6.1 "$tree" >/dev/null ||
	die "kbuild/prepare-tree.sh 6.1 $tree failed"
plugin_pkg=$(echo "$karch_pkgs" | grep -o 'gcc-[0-9]*-plugin-dev[^ ]*')

# 1. No plugin headers: one line naming the package. The wrapper answers
# -print-file-name=plugin as GCC does when it has no such directory.
nohdr=$work/nohdr
rm -rf "$nohdr"
mkdir -p "$nohdr/bin"
real=$(command -v "${cross}gcc")
cat >"$nohdr/bin/${cross}gcc" <<EOF
#!/bin/sh
[ "\$*" != -print-file-name=plugin ] || { echo plugin; exit 0; }
exec "$real" "\$@"
EOF
chmod +x "$nohdr/bin/${cross}gcc"
for t in "$(dirname "$real")/$cross"*; do
	[ -e "$nohdr/bin/${t##*/}" ] || ln -s "$t" "$nohdr/bin/"
done
nmake() {
	make -C "$tree" O="$nohdr/out" ARCH="$arch" \
		CROSS_COMPILE="$nohdr/bin/$cross" "$@" >>"$nohdr/make.log" 2>&1
}
rc=0
nmake tinyconfig && nmake W=style prepare || rc=$?
check "$arch: make W=style without the cross compiler's plugin headers fails" \
	test "$rc" != 0
check "$arch: and says so in one line that names $plugin_pkg" bash -c "
	[ \$(grep -c 'W=style' '$nohdr/make.log') = 1 ] &&
	grep -q '\*\*\* W=style: $nohdr/bin/${cross}gcc has no plugin headers (plugin/include/plugin-version.h is missing): install them, e.g. Debian.s $plugin_pkg\.  Stop\.\$' '$nohdr/make.log'"
check "$arch: and builds no plugin" test ! -e "$nohdr/out/scripts/gcc-plugins/style_plugin.so"

# 2. The W=style build, from scratch: its log has every warning.
style=$work/style
log=$style/build.log
rm -rf "$style"
rc=0
"$root/qemu/build.sh" "$tree" "$style" W=style || rc=$?
check "$arch: the QEMU kernel builds with CROSS_COMPILE=$cross W=style" test "$rc" = 0
incdir=$("${cross}gcc" -print-file-name=plugin)/include
check "$arch: Kbuild built the plugin with the host's g++ against ${cross}gcc's plugin headers ($incdir)" \
	grep -Eq "^(saved)?cmd_scripts/gcc-plugins/style_plugin\.o := g\+\+ .*-I $incdir " \
		"$style/scripts/gcc-plugins/.style_plugin.o.cmd"
check "$arch: ${cross}gcc loaded it for the C files (init/main.o)" \
	grep -q "${cross}gcc .*-fplugin=\./scripts/gcc-plugins/style_plugin\.so" "$style/init/.main.o.cmd"
check "$arch: no compile crashed or failed to load the plugin" \
	bash -c "! grep -Eq '$BROKEN_RE' '$log'"
n=$(grep -Ec "$STYLE_WARNING_RE\$" "$log")
check "$arch: it reports style warnings ($n)" test "$n" -gt 0
grep -E "$STYLE_WARNING_RE\$" "$log" | sed "s|^$tree/||" >"$style/style-warnings.txt"

# 3. Boot.
image=$style/arch/$karch_dir/boot/$karch_image
"$root/qemu/initramfs.sh" "$work/initramfs.cpio" >/dev/null
release=$(cat "$style/include/config/kernel.release" 2>/dev/null)
machine=${cross%%-*}
rc=0
BOOT_EXPECT="machine=$machine" BOOT_TIMEOUT=${BOOT_TIMEOUT:-300} \
	"$root/qemu/boot.sh" "$image" "$work/initramfs.cpio" "$style/boot.log" || rc=$?
check "$arch: it boots in $karch_qemu to the marker, machine=$machine, and powers off" test "$rc" = 0
check "$arch: the marker shows this build's release=$release" \
	bash -c "tr -d '\r' <'$style/boot.log' | grep -q '^STYLE-BOOT-OK release=$release '"

# 4. Shared code: the objects of SHARED (files that known-violations.txt
# has, and headers they include) compiled again, in this order at -j1,
# with W=style in this build and in an x86_64 one of the same tree (its
# QEMU configuration, qemu/tiny.config): the same warnings, but those of
# arch/, byte for byte.
shared_objs=(kernel/params.o lib/iov_iter.o fs/namespace.o fs/namei.o)
# shared_warnings DIR ARCH [CROSS]: make W=style the shared objects in DIR;
# their warnings outside arch/, the tree's path removed, on stdout.
shared_warnings() {
	local dir=$1 a=$2 cc=(${3:+CROSS_COMPILE=$3})
	(cd "$dir" && rm -f "${shared_objs[@]}")
	make -C "$tree" O="$dir" ARCH="$a" "${cc[@]}" W=style -j1 \
		"${shared_objs[@]}" >"$dir/shared.log" 2>&1 || return 1
	grep -E "$STYLE_WARNING_RE\$" "$dir/shared.log" | sed "s|^$tree/||" |
		grep -v '^arch/'
}
if [ $shared = 1 ]; then
	x86=$work/x86
	mkdir -p "$x86"
	rc=0
	{ make -C "$tree" O="$x86" ARCH=x86_64 tinyconfig &&
	  (cd "$x86" && "$tree/scripts/kconfig/merge_config.sh" -m -O "$x86" \
		"$x86/.config" "$root/qemu/tiny.config") &&
	  make -C "$tree" O="$x86" ARCH=x86_64 olddefconfig; } \
		>"$work/x86-config.log" 2>&1 || rc=$?
	check "x86_64: the QEMU configuration of the same tree" test "$rc" = 0
	shared_warnings "$style" "$arch" "$cross" >"$work/shared-$arch.txt" ||
		fail "$arch: make W=style ${shared_objs[*]} ($style/shared.log)"
	shared_warnings "$x86" x86_64 >"$work/shared-x86_64.txt" ||
		fail "x86_64: make W=style ${shared_objs[*]} ($x86/shared.log)"
	n=$(wc -l <"$work/shared-x86_64.txt")
	check "$arch: ${shared_objs[*]} give x86_64's $n style warnings outside arch/, byte for byte" \
		bash -c "[ $n -gt 0 ] && cmp '$work/shared-x86_64.txt' '$work/shared-$arch.txt'"
	check "$arch: among them the known violations of kernel/params.c, lib/iov_iter.c, fs/namespace.c and fs/namei.c" \
		bash -c "for f in kernel/params.c lib/iov_iter.c fs/namespace.c fs/namei.c; do
			grep -q \"^\$f:\" '$work/shared-$arch.txt' || exit 1
		done"
fi

# 5. The plain build, byte-identical.
if [ $identity = 1 ]; then
	rc=0
	rm -rf "$work/plain"
	"$root/qemu/build.sh" "$tree" "$work/plain" || rc=$?
	check "$arch: the plain build of the same tree and configuration" test "$rc" = 0
	check "$arch: vmlinux and arch/$karch_dir/boot/$karch_image are byte-identical with and without W=style" \
		"$root/kbuild/compare-objs.sh" --identical "$style" "$work/plain"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
