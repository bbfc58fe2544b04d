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
#          (bench/floor.sh: loads, imports the same symbols, registers
#          the same callbacks, does nothing), so that every compile
#          W=style checks loads it with the same arguments
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
# Not run by default: interleave (bench/interleave.c, below), one W=style
# build of out-style whose every checked compile is run plain, with the
# floor and with W=style one right after the other, in interleave.tsv and
# interleave.txt (interleave-report makes it again from the .tsv).
#
# Usage: bench/whole-build.sh [build] [report] [syscalls] [interleave]
#   [interleave-report]  (default: the first three)
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

# configure V: out-V configured, the same for all three, with what
# W=style needs (the tree prepared with the series of this commit).
configure() {
	local v=$1
	"$root/kbuild/prepare-tree.sh" 6.1 "$tree" >&2
	mkdir -p "$work/logs" "$work/out-$v"
	[ ! -f "$work/out-$v/.config" ] || return 0
	{
		mk "$v" "$config" &&
		"$tree/scripts/config" --file "$work/out-$v/.config" \
			-e GCC_PLUGINS -e GCC_PLUGIN_STYLE_CHECK &&
		mk "$v" olddefconfig
	} >"$work/logs/$v.config.log" 2>&1 ||
		die_log "$work/logs/$v.config.log" "make $config ($v)"
}

stage_build() {
	local v r i order
	for v in "${variants[@]}"; do
		configure "$v"
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

# One W=style build of out-style whose every checked compile runs three
# times, one right after the other: plain, floor and style, in one of six
# orders by the object's name (bench/interleave.c, the compiler wrapper).
# Whole builds drift by 3 to 6% from one to the next; three compiles of
# one object within a second see the same machine.  Each compile's CPU
# (user+sys of gcc and all it ran) in $WB_WORK/interleave.tsv.
stage_interleave() {
	local log=$work/logs/interleave.log
	configure style
	gcc -O2 -Wall -o "$work/interleave" "$here/interleave.c" ||
		die "cannot build $work/interleave"
	{ mk style clean && mk style -j"$jobs" scripts; } >"$work/logs/style.clean.log" 2>&1 ||
		die_log "$work/logs/style.clean.log" "make clean scripts (style)"
	build_floor "$(plugin_of style)" "$work/floor"
	rm -f "$work/interleave.tsv"
	note "interleaved build: every checked compile plain, floor and style"
	# shellcheck disable=SC2046,SC2086 # words without blanks
	INTERLEAVE_LOG=$work/interleave.tsv INTERLEAVE_FLOOR=$work/floor/style_plugin.so \
		make $(args style) -j"$jobs" CC="$work/interleave gcc" $targets >"$log" 2>&1 ||
		die_log "$log" "the interleaved build"
	[ -s "$work/interleave.tsv" ] || die "the interleaved build checked no compile"
	stage_interleave_report
}

# The sums of the three over every checked compile, and the paired
# extras with a 95% interval (1.96 standard errors of the sum of the
# per-object differences), in interleave.txt.
stage_interleave_report() {
	local tsv=$work/interleave.tsv
	[ -s "$tsv" ] || die "no $tsv: run the interleave stage"
	{
		echo "$config${targets:+ (make $targets)}, every checked compile three times (bench/interleave.c), make -j$jobs, $(git -C "$root" log -1 --format=%h) ($(uptime | sed 's/.*load/load/'))"
		awk -F'\t' '
		function extra(a, b, sa, sb, sab,    m, var, se) {
			# the sum of a - b over the sum of b; its 95% interval
			m = (sa - sb) / n
			var = (sab - n * m * m) / (n - 1)
			se = sqrt(var > 0 ? var : 0) * sqrt(n)
			return sprintf("%+.2f%% (95%%: %+.2f%% to %+.2f%%)", 100 * (sa - sb) / sb,
				100 * (sa - sb - 1.96 * se) / sb, 100 * (sa - sb + 1.96 * se) / sb)
		}
		{
			n++
			p += $3; f += $4; s += $5
			fp += ($4 - $3) ^ 2; sf += ($5 - $4) ^ 2; sp += ($5 - $3) ^ 2
			if ($6 || $7 || $8)
				bad++
			for (k = 1; k <= 3; k++)
				pos[k] += $(2 + index("pfs", substr($2, k, 1)))
			# the least-squares line of W=style over the floor
			# against the floor compile, and the build in fifths
			d = $5 - $4
			sx += $4; sxx += $4 * $4; sd += d; sxd += $4 * d
			cf[n] = $4; cs[n] = $5
			# the system CPU and page faults (logged by
			# bench/interleave.c since 2026-12-07)
			if (NF >= 14) {
				split_n++
				for (k = 1; k <= 3; k++) {
					sys[k] += $(8 + k); flt[k] += $(11 + k)
				}
			}
		}
		END {
			printf "%d checked compiles; CPU (user+sys, gcc and all it ran):\n", n
			printf "  plain %10.1f s\n  floor %10.1f s\n  style %10.1f s\n", p / 1e6, f / 1e6, s / 1e6
			printf "W=style over the floor: %s\n", extra(s, f, s, f, sf)
			printf "floor over plain:       %s\n", extra(f, p, f, p, fp)
			printf "W=style over plain:     %s\n", extra(s, p, s, p, sp)
			printf "by place in the order (all variants): first %.1f s, second %.1f s, third %.1f s\n",
				pos[1] / 1e6, pos[2] / 1e6, pos[3] / 1e6
			printf "compiles with a failed variant: %d\n", bad
			if (split_n == n) {
				printf "of which system CPU: plain %.1f s, floor %.1f s, style %.1f s; W=style over the floor %+.1f s (%+.2f%% of the floor CPU)\n",
					sys[1] / 1e6, sys[2] / 1e6, sys[3] / 1e6, (sys[3] - sys[2]) / 1e6,
					100 * (sys[3] - sys[2]) / f
				printf "page faults per compile: plain %.0f, floor %.0f, style %.0f\n",
					flt[1] / n, flt[2] / n, flt[3] / n
			}
			b = (n * sxd - sx * sd) / (n * sxx - sx * sx)
			printf "per compile, W=style over the floor: %.2f ms + %.3f%% of the floor compile (least squares; mean floor compile %.1f ms)\n",
				(sd - b * sx) / n / 1000, 100 * b, sx / n / 1000
			printf "W=style over the floor by fifth of the build, in order:"
			for (k = 0; k < 5; k++) {
				a = 0; c = 0
				for (i = int(k * n / 5) + 1; i <= int((k + 1) * n / 5); i++) {
					a += cs[i]; c += cf[i]
				}
				printf " %+.2f%%", c ? 100 * (a - c) / c : 0
			}
			printf "\n"
		}' "$tsv"
	} | tee "$work/interleave.txt"
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
	build | report | syscalls | interleave) "stage_$s" ;;
	interleave-report) stage_interleave_report ;;
	*) die "unknown stage '$s' (build, report, syscalls, interleave, interleave-report)" ;;
	esac
done
