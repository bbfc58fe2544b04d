#!/usr/bin/env bash
# bench/cc1-wrap.sh - a gcc -wrapper that measures cc1 only.
#
# Usage: gcc -wrapper /path/to/cc1-wrap.sh,MODE,OUT ...
#   MODE callgrind: cc1 runs under valgrind --tool=callgrind, profile OUT
#   MODE cachegrind: cc1 runs under valgrind --tool=cachegrind, counting
#                   instructions only (no cache or branch simulation),
#                   profile OUT: 2.3 times faster than callgrind
#   MODE time:      cc1 runs under /usr/bin/time -v, report in OUT
#   MODE hwm:       cc1 runs with address space randomization off and
#                   HWM_SO (bench/hwm.c, built) preloaded: its peak RSS,
#                   exact, in OUT ("VmHWM: N kB")
# gcc calls it as "cc1-wrap.sh MODE OUT PROGRAM ARGS..." for every program
# it runs; programs other than cc1 (as, collect2) run unchanged.
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: gcc -wrapper $0,callgrind|cachegrind|time|hwm,OUT ..." >&2; exit 2; }
mode=$1 out=$2
shift 2
[ "$(basename "$1")" = cc1 ] || exec "$@"
case $mode in
callgrind) exec valgrind -q --tool=callgrind --callgrind-out-file="$out" "$@" ;;
cachegrind)
	exec valgrind -q --tool=cachegrind --cache-sim=no --branch-sim=no \
		--cachegrind-out-file="$out" "$@" ;;
time) exec /usr/bin/time -v -o "$out" "$@" ;;
hwm) HWM_OUT=$out LD_PRELOAD=${HWM_SO:?the hwm mode needs HWM_SO} exec setarch -R "$@" ;;
*) echo "cc1-wrap.sh: unknown mode '$mode' (callgrind, cachegrind, time or hwm)" >&2; exit 2 ;;
esac
