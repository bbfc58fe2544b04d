#!/usr/bin/env bash
# kbuild/prepare-tree.sh - a Debian kernel tree with the W=style series.
#
# Unpacks /usr/src/linux-source-VERSION.tar.xz into DESTDIR and applies the
# patches of kbuild/patches/series to it with GNU patch, without fuzz. The
# series is first applied to a scratch copy of the files it touches, so a
# patch that does not apply is reported by name and DESTDIR is left as it
# was (a fresh tree is unpacked next to DESTDIR and renamed into place only
# when the whole series is applied).
#
# What happens to an existing DESTDIR:
#   - prepared by this script with the same series: nothing (up to date);
#   - prepared by this script with another series: the old series (kept in
#     DESTDIR/.style-series/) is taken back and the new one applied;
#   - an unpatched linux-source-VERSION tree: the series is applied to it;
#   - anything else: refused, unless --force is given, which deletes
#     DESTDIR and unpacks a fresh tree.
# Build outputs in DESTDIR (in-tree builds) survive an update; O= builds
# elsewhere are not touched. DESTDIR.lock (flock) serializes runs.
#
# Usage: kbuild/prepare-tree.sh [--force] VERSION [DESTDIR]
#   VERSION   6.1 or 6.12 (any X.Y with /usr/src/linux-source-X.Y.tar.xz)
#   DESTDIR   default: $BUILD/linux-VERSION, BUILD defaulting to <repo>/build
# Environment: PATCHES (default: kbuild/patches), BUILD.
set -euo pipefail

prog=prepare-tree.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [--force] VERSION [DESTDIR]   (VERSION: 6.1 or 6.12)" >&2
	exit 2
}

force=0
while [ $# -gt 0 ]; do
	case $1 in
	--force) force=1; shift ;;
	-h | --help) usage ;;
	-*) echo "$prog: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || usage
version=$1
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] || die "VERSION must look like 6.1 or 6.12, got '$version'"
tarball=$(tarball_of "$version")
top=linux-source-$version
build=${BUILD:-$root/build}
dest=${2:-$build/linux-$version}
patches=${PATCHES:-$here/patches}

for tool in patch tar xz; do
	command -v $tool >/dev/null || die "$tool is not installed"
done
mapfile -t series < <(series_patches "$patches")
[ ${#series[@]} -gt 0 ] || die "$patches/series lists no patches"

mkdir -p "$(dirname "$dest")" || die "cannot create the parent of $dest"
dest=$(cd "$(dirname "$dest")" && pwd)/$(basename "$dest")
stamp=$dest/.style-series

# One preparation of DESTDIR at a time (e.g. make -j running two users).
if command -v flock >/dev/null; then
	exec 9>"$dest.lock"
	flock 9
fi

scratch=$(mktemp -d)
staging=
cleanup() {
	rm -rf "$scratch"
	[ -z "$staging" ] || rm -rf "$staging"
}
trap cleanup EXIT

# same_series DIR: whether DIR holds exactly the current series.
same_series() {
	local p
	[ -f "$1/series" ] && cmp -s "$1/series" "$patches/series" || return 1
	for p in "${series[@]}"; do
		cmp -s "$p" "$1/$(basename "$p")" || return 1
	done
}

# dry_run TREE [OLD_SERIES_DIR]: apply the series (after taking back the
# old one) to a copy of the files involved; die naming a failing patch.
dry_run() {
	local tree=$1 old=${2:-} mirror=$scratch/mirror f p
	local -a oldp=() files
	[ -z "$old" ] || mapfile -t oldp < <(series_patches "$old")
	mapfile -t files < <(touched_files "${series[@]}" ${oldp[@]+"${oldp[@]}"})
	rm -rf "$mirror"
	mkdir -p "$mirror"
	for f in "${files[@]}"; do
		if [ -f "$tree/$f" ]; then
			mkdir -p "$mirror/$(dirname "$f")"
			cp -p "$tree/$f" "$mirror/$f"
		fi
	done
	for ((i = ${#oldp[@]} - 1; i >= 0; i--)); do
		apply_one patch "$mirror" "${oldp[i]}" -R ||
			die "cannot take back $(basename "${oldp[i]}") (applied earlier) in $tree: were its files changed? Use --force for a fresh tree"
	done
	for p in "${series[@]}"; do
		apply_one patch "$mirror" "$p" ||
			die "$(basename "$p") does not apply to $tree without fuzz; nothing was changed"
	done
}

# apply_series TREE [OLD_SERIES_DIR]: the same for real, then the stamp.
apply_series() {
	local tree=$1 old=${2:-} p
	local -a oldp=()
	[ -z "$old" ] || mapfile -t oldp < <(series_patches "$old")
	for ((i = ${#oldp[@]} - 1; i >= 0; i--)); do
		apply_one patch "$tree" "${oldp[i]}" -R ||
			die "taking back $(basename "${oldp[i]}") failed in $tree after a successful dry run"
	done
	for p in "${series[@]}"; do
		note "applying $(basename "$p")"
		apply_one patch "$tree" "$p" ||
			die "$(basename "$p") failed in $tree after a successful dry run"
	done
	rm -rf "$tree/.style-series"
	mkdir -p "$tree/.style-series"
	cp "$patches/series" "${series[@]}" "$tree/.style-series/"
	echo "$version" >"$tree/.style-series/version"
}

# is_kernel_tree DIR: a linux-source-VERSION tree (by its Makefile).
is_kernel_tree() {
	local v p
	[ -f "$1/Makefile" ] || return 1
	v=$(sed -n 's/^VERSION = //p' "$1/Makefile" | head -n1)
	p=$(sed -n 's/^PATCHLEVEL = //p' "$1/Makefile" | head -n1)
	[ "$v.$p" = "$version" ]
}

if [ -e "$dest" ] && [ ! -d "$dest" ] && [ $force = 0 ]; then
	die "$dest exists and is not a directory; use --force to replace it"
fi
if [ -d "$dest" ] && [ -n "$(ls -A "$dest")" ] && [ $force = 0 ]; then
	if [ -f "$stamp/version" ]; then
		[ "$(cat "$stamp/version")" = "$version" ] ||
			die "$dest was prepared for linux-source-$(cat "$stamp/version"), not $version; use another DESTDIR or --force"
		if same_series "$stamp"; then
			note "$dest is up to date (linux-source-$version with the series of $patches)"
			exit 0
		fi
		note "$dest has an older series: taking it back and applying the current one"
		cp -r "$stamp" "$scratch/old"
		dry_run "$dest" "$scratch/old"
		apply_series "$dest" "$scratch/old"
	elif is_kernel_tree "$dest"; then
		note "$dest is a linux-$version tree without the series: applying it"
		dry_run "$dest"
		apply_series "$dest"
	else
		die "$dest exists, is not empty and was not prepared by $prog; remove it, choose another DESTDIR, or use --force to replace it"
	fi
	note "done: $dest"
	exit 0
fi

# A fresh tree, unpacked next to DESTDIR and renamed into place when ready.
staging=$(mktemp -d "$dest.tmp.XXXXXX")
note "unpacking $tarball"
tar -xJf "$tarball" -C "$staging" || die "cannot unpack $tarball into $staging"
[ -d "$staging/$top" ] || die "$tarball has no top directory $top/"
dry_run "$staging/$top"
apply_series "$staging/$top"
if [ -e "$dest" ]; then
	# Empty, or --force.
	[ $force = 1 ] && note "--force: removing $dest"
	rm -rf "$dest"
fi
mv "$staging/$top" "$dest"
note "done: $dest (linux-source-$version with ${#series[@]} patches)"
