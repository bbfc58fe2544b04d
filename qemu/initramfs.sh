#!/usr/bin/env bash
# qemu/initramfs.sh - build the static /init (qemu/init.c) and pack it into
# an uncompressed newc cpio initramfs for qemu/boot.sh.
#
# Usage: qemu/initramfs.sh OUT.cpio
#   Writes OUT.cpio; the init binary and staging dir go next to it
#   (OUT.cpio.d/).  Environment: CC (default gcc; with ARCH=arm64 or
#   riscv, the cross compiler of scripts/lib.sh's kernel_arch).
# The archive is reproducible (sorted, owner 0:0, mtime 0, --reproducible).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
prog=initramfs.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
[ $# -eq 1 ] || { echo "usage: $0 OUT.cpio" >&2; exit 2; }
out=$1
case $out in
*/) die "OUT.cpio must be a file name, not a directory" ;;
esac
mkdir -p "$(dirname "$out")" || die "cannot create directory for '$out'"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
command -v cpio >/dev/null || die "cpio not found (Debian package: cpio)"
kernel_arch "${ARCH:-x86_64}"
cc=${CC:-${CROSS_COMPILE-$karch_cross}gcc}
command -v "$cc" >/dev/null || die "C compiler '$cc' not found (Debian packages: $karch_pkgs)"

stage=$out.d
rm -rf "$stage"
mkdir -p "$stage/root/dev"
"$cc" -static -Os -s -Wall -Wextra -o "$stage/root/init" "$here/init.c" ||
	die "cannot build static init (need a static libc: Debian packages $karch_pkgs)"
[ -x "$stage/root/init" ] || die "init was not built"
find "$stage/root" -exec touch -h -d @0 {} +
(cd "$stage/root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0 --reproducible) >"$out.tmp" ||
	die "cpio failed"
mv "$out.tmp" "$out"
echo "initramfs.sh: wrote $out ($(stat -c %s "$out") bytes)"
