#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/distributed.sh - W=style through icecc and distcc: the same kernel
# objects built locally, through icecc and through distcc, each with and
# without W=style; wall and CPU time, the compiles run remotely (from the
# daemons' logs), the compiles icecc ran twice (its caret workaround,
# from the client log) and the warnings against the local build.
#
# Usage: bench/distributed.sh [DIR...]   (default: kernel lib)
#   in a private network namespace of its own (unshare -n, as root): the
#   scheduler and two iceccd (one --no-remote, as the client's) and a
#   distccd, all on its loopback, stopped by pid on exit.
# Environment: BUILD (default <repo>/build), JOBS (default 2).
# Results: $BUILD/bench-distributed/results.tsv and the logs there.
#
# distcc: distccd 3.4 refuses -fplugin, so the W=style build through
# distcc is the one docs/distributed.md describes; until the kbuild series
# has its local check-only pass, the W=style distcc row shows the refusal
# (compiles run locally, distcc's error lines counted).
#
# icecc's scheduler places a job only on a daemon that reports a load
# below 1000, that is a CPU at least 10% idle: on a saturated machine the
# compiles wait or run locally, and the remote fraction says so.

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
JOBS=${JOBS:-2}
dirs=("${@:-kernel lib}")
read -r -a dirs <<< "${dirs[*]}"
out=$BUILD/bench-distributed
tree=$out/linux-6.1

die() { echo "bench/distributed.sh: error: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "run as root (network namespace, daemons)"
for c in icecc iceccd icecc-scheduler distcc distccd unshare ip; do
	command -v "$c" > /dev/null || die "$c is missing (make deps)"
done

# Re-run in a network namespace of our own: loopback only, no clash with
# another daemon on this machine.
if [ -z "${BENCH_DISTRIBUTED_NS:-}" ]; then
	BENCH_DISTRIBUTED_NS=1 exec unshare -n "$0" "$@"
fi
ip link set lo up || die "cannot bring up lo in the namespace"

mkdir -p "$out"
if [ ! -f "$tree/.config" ]; then
	"$top/kbuild/prepare-tree.sh" 6.1 "$tree" > "$out/prepare.log" 2>&1 ||
		die "prepare-tree.sh failed ($out/prepare.log)"
	make -s -C "$tree" tinyconfig > /dev/null || die "tinyconfig failed"
	# W=style needs CONFIG_GCC_PLUGINS (the style option is on with it).
	"$tree/scripts/config" --file "$tree/.config" --enable GCC_PLUGINS &&
		make -s -C "$tree" olddefconfig > /dev/null || die "olddefconfig failed"
	make -s -C "$tree" -j"$JOBS" prepare > "$out/prepare-make.log" 2>&1 ||
		die "make prepare failed ($out/prepare-make.log)"
	make -s -C "$tree" -j"$JOBS" W=style scripts_gcc_plugins \
		> /dev/null 2>&1 || true
fi

pids=()
stop_all() {
	local p
	for p in "${pids[@]}"; do
		kill "$p" 2> /dev/null
	done
	for p in "${pids[@]}"; do
		wait "$p" 2> /dev/null
	done
}
trap stop_all EXIT

d=$out/daemons
rm -rf "$d"
mkdir -p "$d"
chmod 777 "$d"
icecc-scheduler -p 8765 -l "$d/scheduler.log" -n bench -vv &
pids+=($!)
ICECC_TEST_SOCKET=$d/socket-client iceccd -s 127.0.0.1:8765 --no-remote \
	-b "$d/envs-client" -l "$d/client.log" -n bench -N client -m "$JOBS" -vv &
pids+=($!)
ICECC_TEST_SOCKET=$d/socket-node iceccd -s 127.0.0.1:8765 -p 10246 \
	-b "$d/envs-node" -l "$d/node.log" -n bench -N node -m "$JOBS" -vvv &
pids+=($!)
distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 \
	--port 3632 --jobs "$JOBS" --enable-tcp-insecure \
	--log-file "$d/distccd.log" &
pids+=($!)
sleep 5

# build NAME MAKE-ARGS...: the objects of $dirs from clean, timed.
build() {
	local name=$1
	shift
	make -s -C "$tree" clean > /dev/null 2>&1
	rm -rf "$tree/.tmp_style_once"
	/usr/bin/time -f '%e %U %S' -o "$out/$name.time" \
		nice -n 10 make -C "$tree" -j"$JOBS" -k "$@" \
		"${dirs[@]/%//}" > "$out/$name.log" 2>&1
	grep -E '(warning|error): ' "$out/$name.log" | grep -v '^make' |
		sort -u > "$out/$name.warnings"
	echo "$name $(cat "$out/$name.time") $(wc -l < "$out/$name.warnings")"
}

export ICECC_TEST_SOCKET=$d/socket-client ICECC_PREFERRED_HOST=node
export ICECC_TEST_REMOTEBUILD=1
printf 'build\twall\tuser\tsys\twarnings\tremote\ttwice\tdistcc_errors\n' > "$out/results.tsv"
row() {
	local name=$1 remote=$2 twice=$3 errs=$4
	read -r wall user sys < "$out/$name.time"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$wall" "$user" "$sys" \
		"$(wc -l < "$out/$name.warnings")" "$remote" "$twice" "$errs" \
		>> "$out/results.tsv"
}

build local-plain
row local-plain - - -
build local-style W=style
row local-style - - -

for w in plain style; do
	args=()
	[ $w = style ] && args=(W=style)
	# The client's debug log names the node of each remote job ("Have
	# to use host node") and each compile run again locally (error 102,
	# "recompiling locally").
	rm -f "$out/icecc-$w.client"
	ICECC_LOGFILE=$out/icecc-$w.client ICECC_DEBUG=debug \
		build "icecc-$w" CC="icecc gcc" "${args[@]}"
	remote=$(grep -c 'Have to use host node' "$out/icecc-$w.client")
	twice=$(grep -c 'recompiling locally' "$out/icecc-$w.client")
	row "icecc-$w" "$remote" "$twice" -

	: > "$d/distccd.log"
	DISTCC_HOSTS=127.0.0.1:3632 DISTCC_DIR=$out/distcc-$w \
		build "distcc-$w" CC="distcc gcc" "${args[@]}"
	row "distcc-$w" "$(grep -c 'COMPILE_OK' "$d/distccd.log")" - \
		"$(grep -c '^distcc\[' "$out/distcc-$w.log")"
done

for b in icecc-style distcc-style; do
	if cmp -s "$out/local-style.warnings" "$out/$b.warnings"; then
		echo "$b: the warnings of the local W=style build"
	else
		echo "$b: warnings differ from the local W=style build:"
		diff "$out/local-style.warnings" "$out/$b.warnings" | head -5
	fi
done
column -t "$out/results.tsv"
