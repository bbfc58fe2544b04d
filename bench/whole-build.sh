#!/usr/bin/env bash
# bench/whole-build.sh - the CPU of a whole kernel build plain, with the
# floor plugin and with W=style, interleaved, and the system calls per
# compile over the sample (issue 31).
#
# The same tree ($WB_TREE, kbuild/prepare-tree.sh 6.1) is configured
# ($WB_CONFIG: defconfig, or tinyconfig for a quick run; with
# GCC_PLUGINS and GCC_PLUGIN_STYLE_CHECK, all three) in three output
# directories:
#   plain  make
#   floor  make W=style, its style_plugin.so replaced by the floor plugin
#          (bench/floor.sh: loads, imports the same GCC symbols, does
#          nothing), so that every compile W=style checks loads it with the
#          same arguments
#   style  make W=style
# Each is built once first (make prepare and the plugins are not timed),
# then WB_ROUNDS rounds (3) of make clean and make scripts (which makes
# the plugin again; not timed) and a timed make
# -j$JOBS of each, in the order plain floor style, style plain floor, ...
# (each first once), so that a drift of the machine's load falls on each
# alike.  The user+sys CPU of each make (all it ran: the compiles, the
# links, objtool, modpost; getrusage of its children, /usr/bin/time) goes
# to $WB_WORK/times.tsv; the report gives per variant the median and the
# spread (min-max) and the medians' extra over plain and over the floor.
# Then, unless WB_SYSCALLS=0, bench/sample-cost.sh records syscalls: the
# system calls per compile over the 6.1 defconfig's 100-object sample
# (strace -f -c, plain, floor, W=style with the sample's records and with
# an empty records directory; counts, which the load does not change).
#
# Usage: bench/whole-build.sh [build] [report] [syscalls]  (default: all three)
# Environment: BUILD (<repo>/build), WB_CONFIG (defconfig), WB_ROUNDS (3),
#   WB_WORK ($BUILD/whole-build-$WB_CONFIG), WB_TREE ($BUILD/linux-6.1),
#   JOBS (nproc), WB_SYSCALLS (1), WB_TARGETS (make's goals, none: the
#   whole build; "kernel/" for a directory only), WB_FIRST (the first,
#   untimed build's goals; default the timed ones.  "prepare" is enough
#   and saves a build of each: every timed make follows a make clean, which
#   keeps only what prepare makes), and sample-cost.sh's for the syscalls.
# On a shared machine the CPU of a build moves by a few per cent with the
# load (caches, frequency); the syscall counts do not.
set -euo pipefail

prog=bench/whole-build.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
# shellcheck source=bench/floor.sh disable=SC1091
. "$here/floor.sh"

build=${BUILD:-$root/build}
config=${WB_CONFIG:-defconfig}
rounds=${WB_ROUNDS:-3}
work=${WB_WORK:-$build/whole-build-$config}
tree=${WB_TREE:-$build/linux-6.1}
jobs=${JOBS:-$(nproc)}
targets=${WB_TARGETS:-}
first=${WB_FIRST:-$targets}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "WB_ROUNDS must be a positive number, got '$rounds'"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a positive number, got '$jobs'"
variants=(plain floor style)

# args V: make's arguments for variant V.
args() {
	echo "-C $tree O=$work/out-$1 ARCH=x86_64"
	[ "$1" = plain ] || echo W=style
}

mk() {
	local v=$1
	shift
	# shellcheck disable=SC2046,SC2086 # words without blanks
	make $(args "$v") "$@"
}

plugin_of() { echo "$work/out-$1/scripts/gcc-plugins/style_plugin.so"; }

# The floor in place of out-floor's plugin, newer than what it is made
# from, so that make keeps it.
install_floor() {
	local so
	so=$(plugin_of floor)
	[ -f "$so" ] || die "no $so: the floor's first make did not build the plugin"
	if ! cmp -s "$so" "$work/floor/style_plugin.so"; then
		build_floor "$so" "$work/floor"
		cp "$work/floor/style_plugin.so" "$so"
	fi
	touch "$so"
}

check_floor() {
	cmp -s "$(plugin_of floor)" "$work/floor/style_plugin.so" ||
		die "make rebuilt the floor's plugin: the floor build measured the style plugin"
}

stage_build() {
	local v r i order
	# The series of this commit (nothing to do when the tree has it).
	"$root/kbuild/prepare-tree.sh" 6.1 "$tree" >&2
	mkdir -p "$work/logs"
	for v in "${variants[@]}"; do
		mkdir -p "$work/out-$v"
		# The same configuration for all three, with what W=style needs.
		if [ ! -f "$work/out-$v/.config" ]; then
			{
				mk "$v" "$config" &&
				"$tree/scripts/config" --file "$work/out-$v/.config" \
					-e GCC_PLUGINS -e GCC_PLUGIN_STYLE_CHECK &&
				mk "$v" olddefconfig
			} >"$work/logs/$v.config.log" 2>&1 ||
				die_log "$work/logs/$v.config.log" "make $config ($v)"
		fi
		note "first build of $v (not timed)"
		[ "$v" != floor ] || [ ! -f "$(plugin_of floor)" ] || install_floor
		# shellcheck disable=SC2046,SC2086 # words without blanks
		kbuild_make "$work/logs/$v.first.log" "$v" $(args "$v") -j"$jobs" $first ||
			die_log "$work/logs/$v.first.log" "the first build of $v"
		[ "$v" != floor ] || install_floor
	done
	: >"$work/times.tsv"
	for ((r = 1; r <= rounds; r++)); do
		order=()
		for ((i = 0; i < 3; i++)); do
			order+=("${variants[(i + r - 1) % 3]}")
		done
		for v in "${order[@]}"; do
			# make clean removes the plugin's objects: the plugin
			# (and the floor) made again before the timed make.
			{ mk "$v" clean && mk "$v" -j"$jobs" scripts; } >"$work/logs/$v.clean.log" 2>&1 ||
				die_log "$work/logs/$v.clean.log" "make clean scripts ($v)"
			[ "$v" != floor ] || install_floor
			note "round $r/$rounds: $v"
			# shellcheck disable=SC2046,SC2086 # words without blanks
			/usr/bin/time -f '%U %S %e' -o "$work/time.txt" \
				make $(args "$v") -j"$jobs" $targets >"$work/logs/$v.$r.log" 2>&1 ||
				die_log "$work/logs/$v.$r.log" "round $r of $v"
			[ "$v" != floor ] || check_floor
			grep -q '^  CC ' "$work/logs/$v.$r.log" || die "round $r of $v compiled nothing"
			read -r user sys wall <"$work/time.txt"
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$v" "$user" "$sys" "$wall" \
				"$(grep -c '^  CC ' "$work/logs/$v.$r.log")" >>"$work/times.tsv"
		done
	done
}

stage_report() {
	[ -s "$work/times.tsv" ] || die "no $work/times.tsv: run the build stage"
	{
		echo "$config${targets:+ (make $targets)}, $rounds rounds, make -j$jobs, $(git -C "$root" log -1 --format=%h) ($(uptime | sed 's/.*load/load/'))"
		awk -F'\t' '
		function median(v,    n, i, j, t, a) {
			n = split(list[v], a, " ")
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			lo[v] = a[1]; hi[v] = a[n]
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		{ list[$2] = list[$2] " " ($3 + $4); cc[$2] = $6 }
		END {
			for (v in list)
				m[v] = median(v)
			printf "%-6s %12s %22s %10s %10s %7s\n", "build", "CPU median", "spread (min-max)", "vs plain", "vs floor", "CCs"
			split("plain floor style", order, " ")
			for (i = 1; i <= 3; i++) {
				v = order[i]
				if (!(v in m))
					continue
				printf "%-6s %10.1f s %10.1f - %7.1f s %+9.2f%% %+9.2f%% %7d\n", v, m[v], lo[v], hi[v],
					100 * (m[v] - m["plain"]) / m["plain"],
					v == "plain" ? 0 : 100 * (m[v] - m["floor"]) / m["floor"], cc[v]
			}
		}' "$work/times.tsv"
	} | tee "$work/report.txt"
}

# The sample's tree, list and draw first when they were not made (a new
# machine): the counts need the drawn objects and their commands.
stage_syscalls() {
	local before=()
	[ -s "${SAMPLE_WORK:-$build/sample-cost}/sample.txt" ] || before=(tree list draw)
	"$here/sample-cost.sh" "${before[@]}" records syscalls
}

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(build report syscalls)
if [ "${WB_SYSCALLS:-1}" = 0 ]; then
	mapfile -t stages < <(printf '%s\n' "${stages[@]}" | grep -vx syscalls || true)
fi
for s in "${stages[@]}"; do
	case $s in
	build | report | syscalls) "stage_$s" ;;
	*) die "unknown stage '$s' (build, report, syscalls)" ;;
	esac
done
