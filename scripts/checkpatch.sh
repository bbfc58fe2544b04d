#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh - run a kernel tree's checkpatch.pl without unpacking it
#
# Usage: scripts/checkpatch.sh [--version 6.1|6.12] CHECKPATCH-ARGS...
#
# scripts/checkpatch.pl and the data files it reads are taken from
# /usr/src/linux-source-VERSION.tar.xz (default 6.1) into $BUILD once.

set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
version=6.1
if [ "${1:-}" = --version ]; then
	version=$2
	shift 2
fi
tarball=/usr/src/linux-source-$version.tar.xz
dir=$BUILD/checkpatch-$version
if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
	if [ ! -f "$tarball" ]; then
		echo "checkpatch.sh: $tarball not found; run 'make deps' (package linux-source-$version)" >&2
		exit 1
	fi
	mkdir -p "$dir"
	tar -xJf "$tarball" -C "$dir" --strip-components=1 --wildcards \
		"linux-source-$version/scripts/checkpatch.pl" \
		"linux-source-$version/scripts/spelling.txt" \
		"linux-source-$version/scripts/const_structs.checkpatch"
fi
exec perl "$dir/scripts/checkpatch.pl" "$@"
