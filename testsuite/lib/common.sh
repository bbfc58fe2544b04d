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
# LC_ALL=C, SARIF_MULTITOOL (the validator scripts/deps-npm.sh installs
# under BUILD; the one place its path is written: scripts/check.sh and
# kbuild/lib.sh take it from here), and defines:
#   scratch DIR          make DIR anew and work in it
#   check NAME CMD...    "PASS: NAME" if CMD succeeds, else "FAIL: NAME"

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GCC=${GCC:-gcc}
PLUGIN=${PLUGIN:-$top/plugin/style_plugin.so}
case $PLUGIN in /*) ;; *) PLUGIN=$PWD/$PLUGIN ;; esac
tmp_root=${BUILD:-$top/build}
SARIF_MULTITOOL=${SARIF_MULTITOOL:-$tmp_root/npm/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}
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

# What shows a compile went wrong, whatever its exit status: an internal
# compiler error, a crash, a plugin that did not load.
BROKEN_RE='internal compiler error|cannot load plugin|fail(ed)? to initialize plugin|Segmentation fault|killed by signal|terminated program'

#   gcc_ok STATUS LOG    the compile exited 0 and LOG (its stderr) shows
#                        no ICE, crash or plugin load error
gcc_ok() {
	[ "$1" -eq 0 ] && ! grep -Eq "$BROKEN_RE" "$2"
}

# The canary: compiles that must report nothing of their own also take
# -include "$CANARY", whose violation must be reported: a plugin that
# did not run, or checked nothing, cannot pass for one that found no
# fault.
CANARY=$top/testsuite/style.dg/include/canary.h

#   canary_only STATUS LOG   gcc_ok, the canary's warning is in LOG, and
#                            no other style warning is
canary_only() {
	gcc_ok "$1" "$2" &&
	grep -q "canary.h:[0-9]*:[0-9]*: warning: statement on the same line as the .if. condition \[-Wstyle-if-body\]" "$2" &&
	! grep -E '\[-W(error=)?style-' "$2" | grep -vq 'canary.h:'
}
