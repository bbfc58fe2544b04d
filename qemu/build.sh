#!/usr/bin/env bash
# qemu/build.sh - configure and build a tiny kernel for QEMU (x86_64's
# bzImage; with ARCH=arm64 or ARCH=riscv, their Image).
#
# Usage: qemu/build.sh SRC_TREE OBJ_DIR [make args...]
#   e.g. qemu/build.sh build/linux-6.1 build/qemu-6.1/style W=style
#
# Configures OBJ_DIR with `make tinyconfig` + qemu/tiny.config (merged with
# scripts/kconfig/merge_config.sh, then olddefconfig), checks that every
# symbol of the fragment survived, then runs `make -j$(nproc) bzImage`
# (or Image).
# The make args are passed to every make call (configure and build).
# The full log (configure + build) goes to OBJ_DIR/build.log.
#
# KBUILD_BUILD_TIMESTAMP/USER/HOST/VERSION are fixed (overridable from the
# environment) so two builds of the same tree can be byte-identical.
# While it builds, a line every 30 s on stderr says how far it is
# ("linux-6.1 style: 412 objects compiled, 3 min"; scripts/lib.sh's
# kbuild_make; PROGRESS_INTERVAL=N changes the period).
# Environment: BUILD_VERBOSE=1 streams the log to stdout instead;
#              JOBS=N overrides -j$(nproc);
#              CONFIG_FRAGMENT=FILE replaces qemu/tiny.config;
#              ARCH=x86_64 (default), arm64 or riscv: the kernel's
#              arch, its fragment qemu/arm64.config or riscv64.config,
#              built with CROSS_COMPILE (default aarch64-linux-gnu- or
#              riscv64-linux-gnu-; scripts/lib.sh's kernel_arch).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# die, die_log, kbuild_make (the progress lines).
# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=build.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
arch=${ARCH:-x86_64}
kernel_arch "$arch"
cross=${CROSS_COMPILE-$karch_cross}
fragment=${CONFIG_FRAGMENT:-$here/$karch_fragment}

usage() {
	echo "usage: $0 SRC_TREE OBJ_DIR [make args...]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
src=$1 obj=$2
shift 2
[ -d "$src" ] || die "kernel source tree '$src' is not a directory"
if [ ! -f "$src/Makefile" ] || [ ! -f "$src/Kconfig" ] || [ ! -d "$src/arch/$karch_dir" ]; then
	die "'$src' does not look like a Linux source tree (no Makefile/Kconfig/arch/$karch_dir)"
fi
[ -f "$fragment" ] || die "config fragment '$fragment' not found"
fragment=$(cd "$(dirname "$fragment")" && pwd)/$(basename "$fragment")
src=$(cd "$src" && pwd)
mkdir -p "$obj" || die "cannot create object dir '$obj'"
obj=$(cd "$obj" && pwd)
[ "$obj" != "$src" ] || die "OBJ_DIR must differ from SRC_TREE"
if [ -f "$src/.config" ]; then
	die "source tree '$src' has a .config (in-tree build); run 'make mrproper' there first"
fi

# Reproducibility: fixed build identity unless the caller chose one.
kbuild_identity
# Do not inherit flags/overrides/jobserver of a calling make (qemu.mk).
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL GNUMAKEFLAGS
jobs=${JOBS:-$(nproc)}
command -v "${cross}gcc" >/dev/null ||
	die "${cross}gcc not found (Debian packages: $karch_pkgs)"
karch=(ARCH="$arch")
[ -z "$cross" ] || karch+=(CROSS_COMPILE="$cross")

log=$obj/build.log
: >"$log"
kmake() {
	echo "+ make $*" >>"$log"
	if [ "${BUILD_VERBOSE:-0}" = 1 ]; then
		make -C "$src" O="$obj" "${karch[@]}" "$@" 2>&1 | tee -a "$log"
	else
		make -C "$src" O="$obj" "${karch[@]}" "$@" >>"$log" 2>&1
	fi
}
# kmake_long ARGS...: kmake for the long build, with progress lines.
kmake_long() {
	if [ "${BUILD_VERBOSE:-0}" = 1 ]; then
		kmake "$@"
	else
		echo "+ make $*" >>"$log"
		kbuild_make "$log" "$(basename "$src") $(basename "$obj")" \
			-C "$src" O="$obj" "${karch[@]}" "$@"
	fi
}
start=$(date +%s)
echo "build.sh: configuring $obj (tinyconfig + $(basename "$fragment")) from $src"
kmake "$@" tinyconfig || die_log "$log" "make tinyconfig failed"
# -m: only merge; -O: output dir.  merge_config.sh prints to stdout.
(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" \
	"$obj/.config" "$fragment") >>"$log" 2>&1 ||
	die_log "$log" "merge_config.sh failed"
kmake "$@" olddefconfig || die_log "$log" "make olddefconfig failed"

# Fail loudly if kconfig dropped or changed any symbol of the fragment.
missing=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) ;;
	*) continue ;;
	esac
	sym=${line%%=*}
	if ! grep -qxF "$line" "$obj/.config"; then
		got=$(grep -E "^$sym=|^# $sym is not set" "$obj/.config" || echo "(absent)")
		echo "build.sh: error: fragment wants '$line' but .config has '$got'" >&2
		missing=1
		[ "$sym" != CONFIG_GCC_PLUGINS ] ||
			echo "build.sh: hint: CONFIG_GCC_PLUGINS needs the compiler's plugin headers ($("${cross}gcc" -print-file-name=plugin)/include/plugin-version.h; Debian: $(echo "$karch_pkgs" | grep -o 'gcc-[0-9]*-plugin-dev[^ ]*'))" >&2
	fi
done <"$fragment"
if [ $missing = 1 ]; then
	die "kconfig dropped symbols of $fragment (unmet dependencies?)"
fi

echo "build.sh: building $karch_image for $arch with -j$jobs ${*:+(make args: $*) }(log: $log)"
kmake_long -j"$jobs" "$@" "$karch_image" || die_log "$log" "kernel build failed"
end=$(date +%s)
echo "build.sh: built $obj/arch/$karch_dir/boot/$karch_image in $((end - start)) s"
