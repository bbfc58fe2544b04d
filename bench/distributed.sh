#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/distributed.sh - W=style through icecc and distcc: the same kernel
# objects built locally, through icecc and through distcc, each with and
# without W=style; wall and CPU time, the compiles run remotely (from the
# daemons' logs), the compiles icecc ran twice (its caret workaround,
# from the client's log) and the warnings against the local build.
#
# Usage: bench/distributed.sh [DIR...]   (default: kernel lib; nice it)
#   as root, in a network namespace of its own (unshare -n), with the
#   daemons of kbuild/daemons.sh on its loopback, stopped by pid on exit.
# Environment: BUILD (default <repo>/build), JOBS (default 2),
#   BENCH_BUILDS: the builds to run again (default all: local-plain
#   icecc-plain distcc-plain local-style icecc-style icecc-style-once
#   distcc-style); the others keep their last row.
# Results: $BUILD/bench-distributed/results.tsv (a row a build, from
# NAME.row) and the logs there.
#
# icecc-style-once is icecc with ICECC_CARET_WORKAROUND=0: each file is
# compiled once, on the node, and the warnings are the node's (byte
# columns, no caret lines, a header's violation for every object that
# includes it; docs/distributed.md), so its warnings are not compared.
#
# The CPU time is that of make and what it runs: the client's side (the
# preprocessing, for distcc with W=style also Kbuild's local check-only
# pass, and the compiles icecc runs again locally); the daemons' compiles
# are not make's children, so the CPU of the "remote" side is not in it,
# although here it runs on the same machine.  The wall time is that of a
# machine that is client and server at once: only the CPU column says
# what W=style adds where the build is started.

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
JOBS=${JOBS:-2}
dirs=("${@:-kernel lib}")
read -r -a dirs <<<"${dirs[*]}"
out=$BUILD/bench-distributed
# The kbuild tests' tree (kbuild/prepare-tree.sh keeps it), objects here.
tree=$BUILD/kbuild-test/linux-6.1
obj=$out/obj

prog=bench/distributed.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$top/scripts/lib.sh"

[ "$(id -u)" -eq 0 ] || die "run as root (network namespace, daemons)"
for c in icecc iceccd icecc-scheduler distcc distccd unshare ip; do
	command -v "$c" >/dev/null || die "$c is missing (make deps)"
done

if [ -z "${BENCH_DISTRIBUTED_NS:-}" ]; then
	BENCH_DISTRIBUTED_NS=1 exec unshare -n "$0" "$@"
fi
ip link set lo up || die "cannot bring up lo in the namespace"
. "$top/kbuild/daemons.sh"

mkdir -p "$out"
"$top/kbuild/prepare-tree.sh" 6.1 "$tree" >"$out/prepare.log" 2>&1 ||
	die "prepare-tree.sh failed ($out/prepare.log)"
mk() { make -C "$tree" O="$obj" -j"$JOBS" "$@"; }
if [ ! -f "$obj/.config" ]; then
	mk tinyconfig >/dev/null || die "tinyconfig failed"
	"$tree/scripts/config" --file "$obj/.config" --enable GCC_PLUGINS
	mk olddefconfig >/dev/null || die "olddefconfig failed"
fi
mk W=style prepare >"$out/prepare-make.log" 2>&1 ||
	die "make W=style prepare failed ($out/prepare-make.log)"

trap daemons_stop EXIT
trap 'exit 1' INT TERM
d=$out/daemons
daemons_start "$d" "$JOBS"
ICECC_VERSION=$(icecc_env "$out/icecc-env" "$obj/scripts/gcc-plugins/style_plugin.so")
export ICECC_VERSION

# build NAME [ENV=VALUE...] -- MAKEARG...: the objects of $dirs from
# clean, timed; its warnings sorted in NAME.warnings.
build() {
	local name=$1
	shift
	find "${dirs[@]/#/$obj/}" -name '*.o' -delete 2>/dev/null
	engine_time=(/usr/bin/time -f '%e %U %S' -o "$out/$name.time")
	engine_make "$out/$name.log" "$@" -C "$tree" O="$obj" -j"$JOBS" -k \
		"${dirs[@]/%//}"
}

all_builds=(local-plain icecc-plain distcc-plain local-style icecc-style
	    icecc-style-once distcc-style)
read -r -a want <<<"${BENCH_BUILDS:-${all_builds[*]}}"
for b in "${want[@]}"; do
	[[ " ${all_builds[*]} " == *" $b "* ]] || die "unknown build '$b' in BENCH_BUILDS (${all_builds[*]})"
done
wanted() { [[ " ${want[*]} " == *" $1 "* ]]; }

# row NAME REMOTE TWICE: NAME's figures, in NAME.row.
row() {
	local name=$1 remote=$2 twice=$3 wall user sys
	read -r wall user sys <"$out/$name.time"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$wall" "$user" "$sys" \
		"$(grep -c '^  CC ' "$out/$name.log")" "$(wc -l <"$out/$name.warnings")" \
		"$remote" "$twice" \
		"$(grep -cE '^(ICECC|distcc)\[' "$out/$name.log")" >"$out/$name.row"
}

# icecc_build NAME [ENV=VALUE...] -- MAKEARG...: through icecc, with
# the client's debug log, which names each job and each compile run
# again locally (error 102, "recompiling locally", logged more than once
# a job: counted once a client process).
icecc_build() {
	local name=$1 from
	shift
	rm -f "$out/$name.client"
	from=$(($(stat -c %s "$d/node.log") + 1))
	(icecc_client "$d" &&
	 build "$name" ICECC_LOGFILE="$out/$name.client" ICECC_DEBUG=debug \
		PATH="/usr/lib/icecc/bin:$PATH" "$@")
	row "$name" \
		"$(tail -c +"$from" "$d/node.log" | grep 'remote compile for file' | grep -vc /dev/null)" \
		"$(icecc_recompiled "$out/$name.client" | wc -l)"
}

for w in plain style; do
	args=()
	[ $w = style ] && args=(W=style)
	if wanted "local-$w"; then
		build "local-$w" -- "${args[@]}"
		row "local-$w" - -
	fi
	! wanted "icecc-$w" || icecc_build "icecc-$w" -- "${args[@]}"
	[ $w = plain ] || ! wanted icecc-style-once ||
		icecc_build icecc-style-once ICECC_CARET_WORKAROUND=0 -- "${args[@]}"
	if wanted "distcc-$w"; then
		: >"$d/distccd.log"
		rm -rf "$out/distcc-$w.dir"
		mkdir -p "$out/distcc-$w.dir"
		build "distcc-$w" DISTCC_HOSTS="$(distcc_hosts)" DISTCC_DIR="$out/distcc-$w.dir" \
			DISTCC_FALLBACK=0 -- CC="distcc gcc" "${args[@]}"
		row "distcc-$w" "$(grep -c 'COMPILE_OK' "$d/distccd.log")" -
	fi
done

{
	printf 'build\twall\tuser\tsys\tcompiles\twarnings\tremote\ttwice\tengine_lines\n'
	for b in "${all_builds[@]}"; do
		[ ! -f "$out/$b.row" ] || cat "$out/$b.row"
	done
} >"$out/results.tsv"

# The style warnings against the local build's (distcc's servers compile
# preprocessed text, where GCC gives a -Waddress warning of its own that
# a local compile does not: in the plain build too).
for b in icecc-style distcc-style; do
	[ -f "$out/$b.warnings" ] || continue
	if cmp -s <(grep -e '-Wstyle-' "$out/local-style.warnings") \
		<(grep -e '-Wstyle-' "$out/$b.warnings"); then
		echo "$b: the style warnings of the local W=style build"
	else
		echo "$b: style warnings differ from the local W=style build:"
		diff <(grep -e '-Wstyle-' "$out/local-style.warnings") \
			<(grep -e '-Wstyle-' "$out/$b.warnings") | head -n 5
	fi
done
column -t "$out/results.tsv"
