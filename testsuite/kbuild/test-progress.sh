#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# testsuite/kbuild/test-progress.sh - kbuild_make (scripts/lib.sh), the make of the
# long kernel builds, shows progress and hides nothing:
#  - while make runs, a line every PROGRESS_INTERVAL seconds on stderr
#    counts the "  CC" lines so far (not those the log had before), and
#    a last line when make is done;
#  - the log keeps make's whole output, stdout and stderr, after what it
#    held before;
#  - it returns make's exit status (0, and 2 for a failed recipe), also
#    in a caller under set -e, and leaves no reporter process behind.
# A small Makefile stands for Kbuild: a few seconds.
#
# Usage: testsuite/kbuild/test-progress.sh   (BUILD, WORK)
set -euo pipefail

# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=test-progress.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

test_setup 6.1
dir=$work/progress
rm -rf "$dir"
mkdir -p "$dir"
cat >"$dir/Makefile" <<'MK'
ok:
	@for i in 1 2 3 4 5 6; do echo "  CC      obj$$i.o"; sleep 0.5; done
	@echo "to stderr" >&2
bad:
	@echo "  CC      bad.o"; sleep 2.5; echo "bad.c:1:1: error: planted" >&2; exit 3
MK
export PROGRESS_INTERVAL=1

printf '  CC      old1.o\n  CC      old2.o\n' >"$dir/ok.log"
rc=0
kbuild_make "$dir/ok.log" "progress-ok" -C "$dir" ok 2>"$dir/ok.err" || rc=$?
sed 's/^/    /' "$dir/ok.err"
check "kbuild_make: returns make's status 0" [ $rc = 0 ]
n=$(grep -cE '^progress-ok: [0-9]+ objects compiled, [0-9]+ s( \(last: CC obj[0-9]\.o\))?$' "$dir/ok.err" || true)
check "kbuild_make: a progress line every second while make runs ($n in about 3 s)" [ "$n" -ge 2 ]
check "kbuild_make: the counts grow, from 0 at the call (the log's 2 earlier CC lines not counted)" \
	bash -c "grep -oE '[0-9]+ objects' '$dir/ok.err' | cut -d' ' -f1 | sort -nc && [ \$(grep -oE '[0-9]+ objects' '$dir/ok.err' | head -n 1 | cut -d' ' -f1) -le 3 ]"
check "kbuild_make: a last line: make done (exit 0), 6 objects compiled" \
	grep -qE '^progress-ok: make done \(exit 0\), 6 objects compiled in [0-9]+ s$' "$dir/ok.err"
check "kbuild_make: the log keeps its earlier lines and all of make's output, stderr too" \
	bash -c "[ \$(grep -c '^  CC ' '$dir/ok.log') = 8 ] && head -n 1 '$dir/ok.log' | grep -q old1 && grep -q '^to stderr$' '$dir/ok.log'"
check "kbuild_make: make's output is not on the terminal" \
	bash -c "! grep -q -e 'to stderr' -e '^  CC ' '$dir/ok.err'"

: >"$dir/bad.log"
rc=0
kbuild_make "$dir/bad.log" "progress-bad" -C "$dir" bad 2>"$dir/bad.err" || rc=$?
check "kbuild_make: returns make's status for a failed recipe (2: $rc)" [ $rc = 2 ]
check "kbuild_make: the failure is in the log, and the last line says so" \
	bash -c "grep -q 'error: planted' '$dir/bad.log' && grep -q '^progress-bad: make done (exit 2), 1 objects compiled' '$dir/bad.err'"
rc=0
bash -c "set -e; prog=t; . '$root/scripts/lib.sh'; kbuild_make '$dir/bad2.log' b -C '$dir' bad 2>/dev/null; echo reached" \
	>"$dir/sete.out" 2>&1 || rc=$?
check "kbuild_make: under set -e, a failed make stops the caller (exit $rc)" \
	bash -c "[ $rc = 2 ] && ! grep -q reached '$dir/sete.out'"
check "kbuild_make: no reporter process is left" [ -z "$(jobs -p)" ]
sleep 1.5
check "kbuild_make: nothing printed after make is done" \
	bash -c "[ \$(tail -n 1 '$dir/ok.err' | grep -c 'make done') = 1 ]"

echo "test-progress: $passed passed, $failed failed"
[ "$failed" = 0 ]
