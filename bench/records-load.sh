#!/usr/bin/env bash
# bench/records-load.sh - what once=DIR's records cost a compile (issue 31)
#
# A file that declares one variable (only stdc-predef.h is included, the
# first header, where the plugin loads the records) is compiled with the
# plugin, ROUNDS rounds, the variants interleaved in each round:
#   none   no once=
#   empty  once= of an empty directory
#   N      once=DIR, DIR/walked-records holding N records (random keys,
#          as many as a whole build leaves: 24,000 in a 6.1 defconfig),
#          DIR/walked-index written by an untimed compile first
# Per variant: the median CPU (user + system of gcc and all it runs, as
# bash's time gives them, to the ms) and the median and mean of the
# per-round extra over
# "none" of the same plugin, in ms; the minor page faults of one compile
# (GNU time).  With PLUGIN_BEFORE (another build of the plugin, e.g. of
# 8a746e1^, which put every record in a table of its own), its "none"
# and N variants too, as "before-none" and "before-N", in the same rounds.
#
# Usage: bench/records-load.sh [N...]   (default: 24000 100000)
# Environment: PLUGIN (plugin/style_plugin.so), PLUGIN_BEFORE (none),
#   ROUNDS (200), GCC (gcc), BUILD (<repo>/build; the work in
#   $BUILD/records-load)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

plugin=${PLUGIN:-$root/plugin/style_plugin.so}
rounds=${ROUNDS:-200}
gcc=${GCC:-gcc}
work=${BUILD:-$root/build}/records-load
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number, got '$rounds'"
[ -f "$plugin" ] || die "$plugin is missing: run make"
before=${PLUGIN_BEFORE:-}
[ -z "$before" ] || [ -f "$before" ] || die "PLUGIN_BEFORE: $before is missing"
[ $# -gt 0 ] || set -- 24000 100000
counts=("$@")
for n in "${counts[@]}"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$n'"
done
rm -rf "$work" && mkdir -p "$work/empty" && cd "$work"
echo 'int x;' > e.c

# args VARIANT: the plugin's options for it.
args() {
	local p=$plugin v=$1
	case $v in before-*) p=$before v=${v#before-} ;; esac
	case $v in
	none) echo "-fplugin=$p" ;;
	empty) echo "-fplugin=$p -fplugin-arg-style_plugin-once=$work/empty" ;;
	*) echo "-fplugin=$p -fplugin-arg-style_plugin-once=$work/r$v" ;;
	esac
}

variants=(none empty "${counts[@]}")
[ -z "$before" ] || variants+=(before-none "${counts[@]/#/before-}")
for n in "${counts[@]}"; do
	mkdir -p "r$n"
	head -c $((8 * n)) /dev/urandom > "r$n/walked-records"
	# shellcheck disable=SC2046 # options without blanks
	$gcc -O2 -c e.c -o e.o $(args "$n") ||
		die "the compile with $n records failed"
	[ -s "r$n/walked-index" ] || note "no index written with $n records"
done

TIMEFORMAT='%3U %3S'
for r in $(seq "$rounds"); do
	for v in "${variants[@]}"; do
		# shellcheck disable=SC2046 # options without blanks
		t=$( { time $gcc -O2 -c e.c -o e.o $(args "$v") 2>/dev/null; } 2>&1) ||
			die "the compile ($v) failed"
		echo "$r $v $t"
	done
done > times.txt
for v in "${variants[@]}"; do
	# shellcheck disable=SC2046 # options without blanks
	/usr/bin/time -f %R -o "faults.$v" "$gcc" -O2 -c e.c -o e.o $(args "$v")
done

echo "$rounds rounds, $plugin $(sha256sum "$plugin" | cut -c1-12)${before:+; before: $before $(sha256sum "$before" | cut -c1-12)}"
printf '%-14s %8s %10s %10s %8s\n' variant "CPU ms" "extra ms" "mean" faults
for v in "${variants[@]}"; do
	awk -v v="$v" '
		function median(a, n,   i, j, t) {
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
					t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
				}
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		{ ms = 1000 * ($3 + $4) }
		$2 == (v ~ /^before-/ ? "before-none" : "none") { base[$1] = ms }
		$2 == v { own[$1] = ms; k++ }
		END {
			for (r in own) {
				n++; t[n] = own[r]; d[n] = own[r] - base[r]; sum += d[n]
			}
			printf "%-14s %8.2f %+10.2f %+10.2f", v, median(t, n), median(d, n), sum / n
		}' times.txt
	printf ' %8s\n' "$(tail -n 1 "faults.$v")"
done
