#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# deps-npm.sh - install the SARIF validator the tests use, from npm:
# Microsoft's SARIF Multitool (@microsoft/sarif-multitool-linux), into
# BUILD/npm (git-ignored).  Run by `make deps`; doing nothing when the
# pinned version is there already.
#
# Usage: scripts/deps-npm.sh      (BUILD from the environment)
# Afterwards: $BUILD/npm/node_modules/.bin/sarif-multitool validate FILE
set -euo pipefail

prog=deps-npm.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$(dirname "$0")/lib.sh"
prefix=${BUILD:-$top/build}/npm
pkg=@microsoft/sarif-multitool-linux
version=5.7.0
tool=$prefix/node_modules/$pkg/Sarif.Multitool

if [ -x "$tool" ] &&
   grep -q "\"version\": \"$version\"" "$prefix/node_modules/$pkg/package.json"; then
	exit 0
fi
# npm, and jq that the SARIF tests and scripts/style-new-warnings read
# logs with: Debian packages, normally installed by scripts/deps.sh.
missing=()
for cmd in npm jq; do
	command -v "$cmd" >/dev/null || missing+=("$cmd")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		die "${missing[*]} missing: run 'apt-get install ${missing[*]}' as root"
	fi
	apt-get install -y "${missing[@]}" >&2
fi
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund --no-save "$pkg@$version" >&2
# The package's native tool; npm does not always keep its mode.
chmod +x "$tool"
"$tool" --version >/dev/null
echo "deps-npm.sh: $pkg@$version in $prefix"
