#!/usr/bin/env bash
# qemu/compare.sh - assert that two kernel O= build dirs (of the same
# tree and .config, e.g. with and without W=style) produced
# byte-identical vmlinux and arch/x86/boot/bzImage.
#
# Usage: qemu/compare.sh OBJ_A OBJ_B
# The comparison is kbuild/compare-objs.sh --identical, the project's one
# object-comparison tool: vmlinux and bzImage must be there on both sides
# and identical; otherwise every *.o is classified (identical, debug info
# only, ...) and the first differing object is named (objects sorted by
# path; host tools under scripts/ and tools/, then link-stage objects
# such as vmlinux.o and piggy.o, come last).
# Exit 0 if both files are identical, 1 if not (or one is missing), 2 on
# bad input.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 OBJ_A OBJ_B" >&2; exit 2; }
exec "$(dirname "$here")/kbuild/compare-objs.sh" --identical "$1" "$2"
