#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh - install the Debian packages this project needs
#
# Usage: scripts/deps.sh [plugin|gcc11|chroot|robust|kernel|arm64|arches|matrix|bench|all]...
#        (default: all)
#
#   plugin  build the plugin and run its DejaGnu suite and shell tests
#           (gfortran: the plugin loaded into f951)
#   gcc11   the same for GCC 11 (make check-plugin-gcc11): gcc-11, g++-11
#           and gfortran-11 with GCC 11's plugin headers
#   chroot  the gcc13 and gcc14 stages: debootstrap makes their Debian 13
#           chroot (scripts/chroot-trixie.sh installs GCC 13 and 14 in it),
#           unshare (util-linux) gives it mounts of its own
#   robust  testsuite/robust: GCC's own tests, csmith, valgrind, ccache,
#           distcc
#   kernel  unpack, patch, build and boot kernels in QEMU; build kernel
#           objects through icecc and distcc (testsuite/kbuild/test-distributed.sh)
#   arm64   the arm64 stage (make check-arm64): Debian's aarch64 cross
#           compiler, its plugin headers, static libc, qemu-system-arm
#   arches  make check-arches (not in all): arm64's, and riscv64's cross
#           compiler, plugin headers, static libc, qemu-system-misc and
#           OpenSBI; and the matrix group
#   matrix  every cross compiler of kbuild/cross-arches.txt and its
#           plugin headers (testsuite/kbuild/arch-matrix.sh)
#   bench   bench/: valgrind, gnuplot, GNU time
#
# Only what is missing is installed, with apt-get (as root).  When that
# cannot be done, the missing packages are named and the script fails.

set -euo pipefail

gcc_major=$(${GCC:-gcc} -dumpversion | cut -d. -f1)

plugin_pkgs=(make g++ "gcc-$gcc_major-plugin-dev" dejagnu perl gfortran jq strace time)
kernel_pkgs=(linux-source-6.1 linux-source-6.12 flex bison bc libelf-dev
	     libssl-dev cpio xz-utils qemu-system-x86 busybox-static
	     python3 git patch vim emacs-nox icecc distcc iproute2
	     util-linux)
robust_pkgs=("gcc-$gcc_major-source" csmith libcsmith-dev valgrind ccache
	     distcc distcc-pump time)
bench_pkgs=(valgrind gnuplot-nox time strace)
gcc11_pkgs=(gcc-11 g++-11 gfortran-11 gcc-11-plugin-dev)
chroot_pkgs=(debootstrap util-linux)
# The cross compilers are GCC 12 on Debian 12 (scripts/lib.sh's kernel_arch).
arm64_pkgs=(gcc-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
	    libc6-dev-arm64-cross qemu-system-arm)
arches_pkgs=("${arm64_pkgs[@]}" gcc-riscv64-linux-gnu
	     gcc-12-plugin-dev-riscv64-linux-gnu libc6-dev-riscv64-cross
	     qemu-system-misc opensbi)
# gcc-TRIPLET and gcc-12-plugin-dev-TRIPLET of each line of the list.
mapfile -t matrix_pkgs < <(awk -F'\t' '!/^#/ { print "gcc-" $1; print "gcc-12-plugin-dev-" $1 }' \
	"$(dirname "${BASH_SOURCE[0]}")/../kbuild/cross-arches.txt")

want=()
for group in "${@:-all}"; do
	case $group in
	plugin) want+=("${plugin_pkgs[@]}") ;;
	robust) want+=("${robust_pkgs[@]}") ;;
	kernel) want+=("${kernel_pkgs[@]}") ;;
	bench) want+=("${bench_pkgs[@]}") ;;
	gcc11) want+=("${gcc11_pkgs[@]}") ;;
	chroot) want+=("${chroot_pkgs[@]}") ;;
	arm64) want+=("${arm64_pkgs[@]}") ;;
	arches) want+=("${arches_pkgs[@]}" "${matrix_pkgs[@]}") ;;
	matrix) want+=("${matrix_pkgs[@]}") ;;
	all) want+=("${plugin_pkgs[@]}" "${gcc11_pkgs[@]}" "${chroot_pkgs[@]}"
		    "${robust_pkgs[@]}" "${kernel_pkgs[@]}" "${arm64_pkgs[@]}"
		    "${bench_pkgs[@]}") ;;
	*) echo "deps.sh: unknown group '$group' (valid: plugin, gcc11, chroot, robust, kernel, arm64, arches, matrix, bench, all)" >&2
	   exit 2 ;;
	esac
done

missing=()
for pkg in "${want[@]}"; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "deps.sh: all needed packages are installed"
	exit 0
fi

echo "deps.sh: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: not root; install them with:" >&2
	echo "  sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q >/dev/null ||
   ! apt-get install -y -q --no-install-recommends "${missing[@]}"; then
	echo "deps.sh: apt-get could not install: ${missing[*]}" >&2
	exit 1
fi
