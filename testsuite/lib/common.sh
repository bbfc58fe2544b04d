# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
#
# common.sh - what the testsuite's shell tests share: testsuite/*.sh,
# and testsuite/robust/*.sh through their lib.sh
#
# Usage: . "$top/testsuite/lib/common.sh"
#
# Sets top (the repository), GCC, PLUGIN (made absolute: tests compile
# in scratch directories), tmp_root (BUILD, default <repo>/build) and
# LC_ALL=C, and defines:
#   scratch DIR          make DIR anew and work in it
#   check NAME CMD...    "PASS: NAME" if CMD succeeds, else "FAIL: NAME"

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GCC=${GCC:-gcc}
PLUGIN=${PLUGIN:-$top/plugin/style_plugin.so}
case $PLUGIN in /*) ;; *) PLUGIN=$PWD/$PLUGIN ;; esac
tmp_root=${BUILD:-$top/build}
export LC_ALL=C

scratch() {
	rm -rf "$1"
	mkdir -p "$1" && cd "$1" || exit 1
}

check() {
	local name=$1

	shift
	if "$@"; then
		echo "PASS: $name"
	else
		echo "FAIL: $name"
	fi
}
