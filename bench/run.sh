#!/usr/bin/env bash
# bench/run.sh - benchmark W=style against plain GCC and checkpatch.pl on a
# real kernel build (x86_64 defconfig of a Debian linux-source tree).
#
# One command reproduces results/bench/ from scratch (make results: with
# the settings it was made with):
#
#   bench/run.sh                      (or: make bench)
#   BENCH_DIRS="kernel" bench/run.sh  (a subset: make kernel/)
#
# What it does (stages, run in this order; name some to run only those,
# e.g. "bench/run.sh agree report" after a complete run):
#   prepare    kbuild/prepare-tree.sh VERSION $WORK/linux-VERSION; two
#              output directories (plain, style) configured with defconfig
#   build      make without W=style, then make W=style, each from scratch
#              under /usr/bin/time -v (wall, user+sys CPU, max RSS of make);
#              both with KCFLAGS=-fdiagnostics-parseable-fixits
#   checkpatch the tree's scripts/checkpatch.pl (TRAILING_STATEMENTS) on
#              every .c file the plugin checked and every tree header they
#              include, each once, xargs -P$JOBS
#   agree      per-rule / per-directory counts, plugin vs. checkpatch
#              agreement with every "only" line classified, the known
#              violations, the case-label variants of issue 7
#              (bench/analyze.sh)
#   cost       a few heavy files compiled again with and without the
#              plugin: cc1 instructions (valgrind --tool=callgrind), cc1
#              peak RSS and CPU (/usr/bin/time -v), checkpatch CPU, lines
#              of preprocessed code; a gnuplot plot (bench/cost.sh)
#   fix        the tree-wide patch of the style build's fix-its
#              (kbuild/fix-tree.sh), applied to a copy of the tree, built
#              the same way and compared object by object with the style
#              build (kbuild/compare-objs.sh): bench/fix.sh
#   report     $WORK/results/RESULTS.md, copied with the data files to
#              $BENCH_RESULTS (bench/report.sh)
#   order      (named only, after build) the style build's compiles run
#              again in the reverse order, with records of their own: the
#              same style warnings, those of headers included
#              (bench/order.sh)
#
# Environment:
#   BENCH_VERSION  kernel version, /usr/src/linux-source-X.Y.tar.xz (6.1)
#   BENCH_DIRS     directories to build, passed as make targets ("kernel mm"
#                  -> make kernel/ mm/); empty (default): the whole kernel
#   BENCH_BUILDS   the builds of the build stage: "plain style" (default),
#                  or "style" alone (all the fix stage needs; the checkpatch,
#                  agree and cost stages and the report need both)
#   BUILD          build directory (default <repo>/build); work files go
#                  to $BUILD/bench (tree, out-plain, out-style, logs, work)
#   JOBS           parallel jobs for make, checkpatch, cost (default nproc)
#   BENCH_COST_FILES  source files for the cost stage (default: a list of
#                  heavy and small files; those not compiled are skipped and
#                  the list is filled up from the compiled files)
#   BENCH_RESULTS  where the results are copied (default <repo>/results/bench)
#
# Needs: what kbuild/ needs (gcc-N-plugin-dev, flex, bison, bc, libelf-dev,
# libssl-dev, perl, patch, xz-utils, linux-source-VERSION),
# valgrind, gnuplot-nox (or gnuplot), GNU time (/usr/bin/time).
#
# Timings (2 cores, JOBS=2): BENCH_DIRS=kernel ~30 min with
# BENCH_COST_FILES="kernel/dma.c kernel/params.c kernel/nsproxy.c" (builds
# ~3 min each, checkpatch on 1560 files 12 min, cost 8 min). The
# whole defconfig: two kernel builds (~40-60 min each), checkpatch on the
# ~6000 files (~1 s CPU each, ~50 min) and the cost stage (callgrind is
# ~50x slower than cc1, 3 runs per file: ~1 h for the default files);
# about 3.5 hours in all.
set -euo pipefail

prog=bench/run.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")

note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//p}' "$0" >&2
	exit 2
}

all_stages=(prepare build checkpatch agree cost fix report)
stages=()
for a in "$@"; do
	case $a in
	-h | --help) usage ;;
	prepare | build | checkpatch | agree | cost | fix | report | order) stages+=("$a") ;;
	*) echo "$prog: unknown stage '$a' (valid: ${all_stages[*]} order)" >&2; exit 2 ;;
	esac
done
[ ${#stages[@]} -gt 0 ] || stages=("${all_stages[@]}")
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

version=${BENCH_VERSION:-6.1}
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] || die "BENCH_VERSION must look like 6.1, got '$version'"
tarball=/usr/src/linux-source-$version.tar.xz
[ -f "$tarball" ] || die "$tarball not found (apt-get install linux-source-$version)"
jobs=${JOBS:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a positive number, got '$jobs'"
build=${BUILD:-$root/build}
mkdir -p "$build" || die "cannot create BUILD=$build"
build=$(cd "$build" && pwd)
work=$build/bench
tree=$work/linux-$version
plain=$work/out-plain
style=$work/out-style
logs=$work/logs
tmp=$work/work
res=$work/results
results=${BENCH_RESULTS:-$root/results/bench}

# BENCH_BUILDS: which of the two builds the build stage makes.
read -r -a builds <<<"${BENCH_BUILDS:-plain style}"
[ ${#builds[@]} -gt 0 ] || die "BENCH_BUILDS is empty (valid: plain style)"
for b in "${builds[@]}"; do
	[ "$b" = plain ] || [ "$b" = style ] ||
		die "BENCH_BUILDS: unknown build '$b' (valid: plain style)"
done
want_build() { [[ " ${builds[*]} " == *" $1 "* ]]; }

# BENCH_DIRS: words naming directories (checked against the tree later).
read -r -a dirs <<<"${BENCH_DIRS:-}"
targets=()
for d in ${dirs[@]+"${dirs[@]}"}; do
	d=${d%/}
	[[ $d =~ ^[A-Za-z0-9_][A-Za-z0-9_./-]*$ && $d != *..* ]] ||
		die "BENCH_DIRS: '$d' is not a relative directory name like kernel or fs/ext4"
	targets+=("$d/")
done

for tool in make gcc perl awk xargs; do
	command -v $tool >/dev/null || die "$tool is not installed"
done
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is not installed: apt-get install time"
if want cost; then
	command -v valgrind >/dev/null || die "valgrind is not installed: apt-get install valgrind"
	command -v gnuplot >/dev/null || die "gnuplot is not installed: apt-get install gnuplot-nox"
fi

mkdir -p "$work" "$logs" "$tmp" "$res"
# The settings of this run, for the later stages and the report.
if want prepare || want build || [ ! -f "$work/settings" ]; then
	{
		echo "version=$version"
		echo "dirs=${dirs[*]+"${dirs[*]}"}"
		echo "jobs=$jobs"
		echo "started=$(date -u '+%Y-%m-%d %H:%M UTC')"
	} >"$work/settings"
fi

# A fixed build identity, as in qemu/build.sh: the date, user, host and
# build number go into init/version-timestamp.o, arch/x86/boot/version.o,
# arch/x86/boot/compressed/kaslr.o and the initramfs, which would make
# every two builds differ (the fix stage compares two builds).
export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2024-01-01 00:00:00 UTC}
export KBUILD_BUILD_USER=${KBUILD_BUILD_USER:-style}
export KBUILD_BUILD_HOST=${KBUILD_BUILD_HOST:-style-build}
export KBUILD_BUILD_VERSION=${KBUILD_BUILD_VERSION:-1}

# mk OUT ARGS...: make in the tree with O=OUT for x86_64.
mk() {
	local out=$1
	shift
	make -C "$tree" O="$out" ARCH=x86_64 "$@"
}

check_dirs() {
	local d
	for d in ${dirs[@]+"${dirs[@]}"}; do
		[ -d "$tree/${d%/}" ] || die "BENCH_DIRS: $tree/${d%/} is not a directory of linux-$version"
	done
}

if want prepare; then
	note "preparing $tree"
	"$root/kbuild/prepare-tree.sh" "$version" "$tree" >"$logs/prepare.log" 2>&1 ||
		{ cat "$logs/prepare.log" >&2; die "kbuild/prepare-tree.sh failed"; }
	check_dirs
	for out in "$plain" "$style"; do
		rm -rf "$out"
		mkdir -p "$out"
		mk "$out" defconfig >"$logs/defconfig-$(basename "$out").log" 2>&1 ||
			die "make defconfig failed, see $logs/defconfig-$(basename "$out").log"
	done
	cmp -s "$plain/.config" "$style/.config" || die "the two defconfigs differ"
fi

# build NAME OUT [MAKEARGS...]: a full build under /usr/bin/time -v.
build_one() {
	local name=$1 out=$2 rc=0 t0
	shift 2
	[ -f "$out/.config" ] || die "$out is not configured: run the prepare stage"
	# From scratch: keep only the configuration.
	find "$out" -mindepth 1 -maxdepth 1 ! -name .config -exec rm -rf {} +
	mk "$out" olddefconfig >/dev/null 2>&1 || die "make olddefconfig failed in $out"
	note "make $* ${targets[*]+"${targets[*]}"} (O=$out, -j$jobs)"
	t0=$(date +%s)
	/usr/bin/time -v -o "$logs/time-$name.txt" \
		make -C "$tree" O="$out" ARCH=x86_64 -j"$jobs" \
		KCFLAGS=-fdiagnostics-parseable-fixits "$@" \
		${targets[@]+"${targets[@]}"} >"$logs/$name.log" 2>&1 || rc=$?
	note "$name build: exit $rc, $(($(date +%s) - t0)) s, log $logs/$name.log"
	[ $rc = 0 ] || { tail -n 30 "$logs/$name.log" >&2; die "the $name build failed"; }
}

if want build; then
	check_dirs
	if want_build plain; then
		build_one plain "$plain"
	else
		note "plain build skipped (BENCH_BUILDS=${builds[*]})"
	fi
	if want_build style; then
		build_one style "$style" W=style
	else
		note "style build skipped (BENCH_BUILDS=${builds[*]})"
	fi
	! want_build style || [ -f "$style/scripts/gcc-plugins/style_plugin.so" ] ||
		die "W=style did not build scripts/gcc-plugins/style_plugin.so"
fi

if want order; then
	[ -f "$logs/style.log" ] || die "no $logs/style.log: run the build stage first"
	JOBS=$jobs "$here/order.sh" "$style" "$logs/style.log"
fi

export BENCH_TREE=$tree BENCH_PLAIN=$plain BENCH_STYLE=$style BENCH_LOGS=$logs \
	BENCH_TMP=$tmp BENCH_RES=$res BENCH_JOBS=$jobs BENCH_WORK=$work

if want checkpatch; then
	[ -f "$logs/style.log" ] || die "no $logs/style.log: run the build stage first"
	"$here/analyze.sh" files
	n=$(wc -l <"$tmp/checkpatch-files")
	note "checkpatch.pl on $n files (-P$jobs)"
	t0=$(date +%s)
	rm -f "$tmp/checkpatch.out"
	# checkpatch exits 1 when it reports anything: not an error here.
	(cd "$tree" && /usr/bin/time -f '%e %U %S' -o "$tmp/checkpatch-cpu" \
		xargs -a "$tmp/checkpatch-files" -d '\n' -n 8 -P "$jobs" \
		sh -c 'perl scripts/checkpatch.pl --file --no-tree --terse \
			--show-types --no-summary --types TRAILING_STATEMENTS \
			"$@" || [ $? = 1 ]' checkpatch) >"$tmp/checkpatch.out" 2>"$logs/checkpatch.err" ||
		{ tail "$logs/checkpatch.err" >&2; die "checkpatch.pl failed, see $logs/checkpatch.err"; }
	echo "$n $(($(date +%s) - t0))" >"$tmp/checkpatch-time"
	note "checkpatch.pl: $(wc -l <"$tmp/checkpatch.out") lines in $(($(date +%s) - t0)) s"
fi

if want agree; then
	[ -f "$tmp/checkpatch.out" ] || die "no $tmp/checkpatch.out: run the checkpatch stage first"
	note "agreement and counts"
	"$here/analyze.sh" agree
fi

if want cost; then
	[ -d "$plain/kernel" ] || die "no plain build in $plain: run the build stage first"
	note "cost of the plugin (callgrind, time -v)"
	"$here/cost.sh"
fi

if want fix; then
	[ -f "$logs/style.log" ] || die "no $logs/style.log: run the build stage first"
	note "the tree-wide patch and its proof (bench/fix.sh)"
	"$here/fix.sh" ${targets[@]+"${targets[@]}"}
fi

if want report; then
	"$here/report.sh"
	mkdir -p "$results"
	cp -r "$res"/* "$results"/
	note "results: $res/RESULTS.md (copied to $results/)"
	if [ -s "$res/known-failed" ]; then
		die "known violations not reported: $(tr '\n' ' ' <"$res/known-failed")"
	fi
fi
