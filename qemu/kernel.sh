#!/usr/bin/env bash
# qemu/kernel.sh - end-to-end kernel check for one Debian kernel version:
# prepare the tree, build a tiny kernel with the style plugin (W=style),
# summarize the style warnings, boot it in QEMU and check the marker.
#
# Usage: qemu/kernel.sh VERSION          (VERSION: 6.1 or 6.12)
# Layout (BUILD defaults to <repo>/build):
#   $BUILD/linux-VERSION             source tree (from kbuild/prepare-tree.sh
#                                    if executable, else plain unpack of
#                                    /usr/src/linux-source-VERSION.tar.xz)
#   $BUILD/qemu-VERSION/style        O= dir of the W=style build (build.log,
#                                    style-warnings.txt, boot.log)
#   $BUILD/qemu-VERSION/plain        O= dir of the plain build (IDENTITY=1)
#   $BUILD/qemu-VERSION/initramfs.cpio
# Environment:
#   BUILD             build directory (absolute or relative to the cwd)
#   STYLE_MAKE_ARGS   make args of the style build (default "W=style
#                     STYLE_SARIF=$BUILD/qemu-VERSION/style/style.sarif";
#                     set it empty for a plain build).  With STYLE_SARIF=,
#                     the summary is read from the merged SARIF log, and
#                     checked against the build log's warnings.
#   PLAIN_MAKE_ARGS   make args of the plain build (default empty)
#   IDENTITY=1        also build plain and require byte-identical vmlinux
#                     and bzImage (qemu/compare.sh style plain)
#   FRESH=1           remove and re-create the source tree first
#   PREPARE_TREE      tree preparation script (default kbuild/prepare-tree.sh,
#                     called as SCRIPT VERSION DIR); "none" = plain unpack
#   BOOT_VERBOSE=1    stream the guest console (see qemu/boot.sh)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
prog=kernel.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
[ $# -eq 1 ] || { echo "usage: $0 VERSION   (6.1 or 6.12)" >&2; exit 2; }
version=$1
# die: also a FAIL line for the version.
die_fail="linux-$version: "
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] || die "VERSION must look like 6.1 or 6.12, got '$version'"
tarball=/usr/src/linux-source-$version.tar.xz

build=${BUILD:-$root/build}
if [ ! -f "$tarball" ] && [ ! -f "$build/linux-$version/Makefile" ]; then
	die "$tarball not found (Debian package linux-source-$version)"
fi
mkdir -p "$build" || die "cannot create build dir '$build'"
build=$(cd "$build" && pwd)
src=$build/linux-$version
out=$build/qemu-$version
read -ra style_args <<<"${STYLE_MAKE_ARGS-W=style STYLE_SARIF=$out/style/style.sarif}"
sarif=
for a in "${style_args[@]}"; do
	case $a in STYLE_SARIF=*) sarif=${a#STYLE_SARIF=} ;; esac
done
read -ra plain_args <<<"${PLAIN_MAKE_ARGS-}"

t0=$(date +%s)
step() { echo "=== kernel.sh [$version] $* ($(($(date +%s) - t0)) s)"; }

# 1. Source tree.
if [ "${FRESH:-0}" = 1 ] && [ -e "$src" ]; then
	step "FRESH=1: removing $src"
	rm -rf "$src"
fi
prep=${PREPARE_TREE:-$root/kbuild/prepare-tree.sh}
if [ -n "${PREPARE_TREE:-}" ] && [ "$prep" != none ] && [ ! -x "$prep" ]; then
	die "PREPARE_TREE='$prep' is not an executable script"
fi
if [ "$prep" != none ] && [ -x "$prep" ]; then
	step "preparing $src with $prep"
	"$prep" "$version" "$src" || die "$prep $version $src failed"
elif [ -f "$src/Makefile" ]; then
	step "using existing source tree $src"
else
	step "unpacking $tarball into $src"
	tmp=$build/.unpack-linux-$version.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -xf "$tarball" -C "$tmp" || { rm -rf "$tmp"; die "cannot unpack $tarball"; }
	[ -d "$tmp/linux-source-$version" ] || { rm -rf "$tmp"; die "$tarball has no top dir linux-source-$version/"; }
	rm -rf "$src"
	mv "$tmp/linux-source-$version" "$src"
	rmdir "$tmp"
fi
[ -f "$src/Makefile" ] || die "no kernel source tree at $src after preparation"

# 2. Initramfs with the static /init.
step "building initramfs"
"$here/initramfs.sh" "$out/initramfs.cpio"

# 3. Style build, then always the warning summary (also after a failure).
step "building $out/style (make args: ${style_args[*]:-none})"
rc=0
fresh=1
[ ! -e "$out/style/vmlinux" ] || fresh=0
"$here/build.sh" "$src" "$out/style" "${style_args[@]}" || rc=$?
# After a failed build, from its log: the merged log is written last.
[ $rc = 0 ] || sarif=
if [ -f "$out/style/build.log" ]; then
	step "style warning summary${sarif:+ (from $sarif)}"
	"$here/summary.sh" -s "$src" ${sarif:+-r "$sarif"} "$out/style/build.log" \
		"$out/style/style-warnings.txt" || die "no summary of the style build"
fi
[ $rc = 0 ] || die "style build failed (log: $out/style/build.log)"
pass "linux-$version: a tinyconfig kernel builds with ${style_args[*]:-no W=}"
# The summary read from the merged SARIF log must hold the build log's
# warnings, at the same files, lines and rules (the columns differ where
# a tab precedes: GCC's display columns against SARIF's); after a build
# from scratch, exactly those.  (A make that recompiles little prints
# little; the merged log keeps the whole build's results.)
if [ -n "$sarif" ]; then
	"$here/summary.sh" -s "$src" "$out/style/build.log" \
		"$out/style/style-warnings-log.txt" >/dev/null
	for f in style-warnings style-warnings-log; do
		sed 's/^\([^:]*:[0-9]*\):.*\[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$/\1: \3/' \
			"$out/style/$f.txt" | sort >"$out/style/$f.keys"
	done
	n=$(wc -l <"$out/style/style-warnings.keys")
	if [ "$fresh" = 1 ]; then
		cmp -s "$out/style/style-warnings.keys" "$out/style/style-warnings-log.keys" || {
			diff "$out/style/style-warnings.keys" "$out/style/style-warnings-log.keys" | head -n 10
			die "the summary from $sarif is not the build log's warnings"
		}
		pass "linux-$version: the summary, read from the merged SARIF, has the build log's $n warnings (file, line, rule)"
	else
		missing=$(comm -13 "$out/style/style-warnings.keys" "$out/style/style-warnings-log.keys")
		[ -z "$missing" ] || {
			echo "$missing" | head -n 10
			die "the summary from $sarif lacks warnings of the build log"
		}
		pass "linux-$version: the summary, read from the merged SARIF ($n warnings), has each of the build log's (file, line, rule)"
	fi
fi
case " ${style_args[*]} " in
*" W="*style*)
	n=$(grep -c '\[-W\(error=\)\{0,1\}style-' "$out/style/style-warnings.txt" || true)
	[ "$n" -gt 0 ] || die "the W=style build reported no style warning"
	pass "linux-$version: $n style warnings kept in $out/style/style-warnings.txt and summarized"
	;;
esac

# 4. Boot it and check the marker carries this build's kernel release.
step "booting $out/style"
release=$(cat "$out/style/include/config/kernel.release")
BOOT_EXPECT=${BOOT_EXPECT:-release=$release} \
	"$here/boot.sh" "$out/style/arch/x86/boot/bzImage" "$out/initramfs.cpio" \
	"$out/style/boot.log" || die "the kernel did not boot to the marker (log: $out/style/boot.log)"
pass "linux-$version: it boots in QEMU, the marker shows release=$release, and QEMU exits 0"

# 5. Optional: plain build must be byte-identical to the style build.
if [ "${IDENTITY:-0}" = 1 ]; then
	step "building $out/plain (make args: ${plain_args[*]:-none})"
	"$here/build.sh" "$src" "$out/plain" "${plain_args[@]}" ||
		die "plain build failed (log: $out/plain/build.log)"
	step "comparing style and plain builds"
	"$here/compare.sh" "$out/style" "$out/plain" ||
		die "the style and plain builds differ"
	pass "linux-$version: vmlinux and bzImage are byte-identical with and without ${style_args[*]:-no W=}"
fi
step "PASS"
