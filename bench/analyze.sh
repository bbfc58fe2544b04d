#!/usr/bin/env bash
# bench/analyze.sh - the analysis stages of bench/run.sh.
#
# Usage:
#   analyze.sh files   the .c files the W=style build compiled with the
#                      plugin (from its .o.cmd files) and the tree headers
#                      they include -> $BENCH_TMP/checkpatch-files
#   analyze.sh agree   style warnings per rule and directory, agreement
#                      with checkpatch.pl (every "only" line classified),
#                      known violations, case-label variants (issue 7)
#                      -> $BENCH_RES/*.tsv, $BENCH_TMP/agree.json
#   analyze.sh pp DIR CMDREL   (internal, run in parallel by agree) gcc -E
#                      of the unit CMDREL (its .o.cmd relative to the
#                      output directory), answering the queries of
#                      DIR/queries for it -> DIR/ans.STEM
#
# Environment (set by bench/run.sh): BENCH_TREE, BENCH_PLAIN, BENCH_STYLE,
# BENCH_LOGS, BENCH_TMP, BENCH_RES, BENCH_JOBS, BENCH_WORK.
set -euo pipefail

prog=bench/analyze.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$here/$(basename "${BASH_SOURCE[0]}")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

case ${1:-} in
files | agree | pp) ;;
*) echo "usage: $prog files|agree" >&2; exit 1 ;;
esac
for v in BENCH_TREE BENCH_PLAIN BENCH_STYLE BENCH_TMP BENCH_RES; do
	[ -n "${!v:-}" ] || die "$v is not set (run bench/run.sh)"
done
tree=$BENCH_TREE plain=$BENCH_PLAIN style=$BENCH_STYLE tmp=$BENCH_TMP res=$BENCH_RES
jobs=${BENCH_JOBS:-1}
tab=$'\t'
# Byte semantics and byte order everywhere (for UTF-8 text: code point
# order).
export LC_ALL=C

# Violations found by reading the 6.1 tree, compiled by x86_64 defconfig:
# the W=style build must report each line (when its file is compiled).
known_6_1="kernel/params.c:319 kernel/power/swap.c:877 fs/namespace.c:1765
net/ipv4/netfilter/ip_tables.c:363 fs/proc/array.c:236 fs/proc/array.c:237
fs/proc/array.c:238 fs/proc/array.c:239"

# The analysis itself is in awk programs beside this script, each run
# after bench/analyze-lib.awk (the functions they share):
#   analyze-files.awk  the units, their sources and headers (files)
#   analyze-pp.awk     the answers to the queries of one unit (pp)
#   agree-scan.awk     phase 1 of agree
#   agree-write.awk    phase 3 of agree
# (POSIX awk, run with LC_ALL=C.)
lib=$here/analyze-lib.awk

# ---------------------------------------------------------------- files

do_files() {
	local d
	d=$(mktemp -d "$tmp/files.XXXXXX")
	# The .o.cmd files of the style build in the order of a sorted
	# os.walk: a directory's files (sorted) before its subdirectories
	# (sorted). Key: the path components, "0" before a file name, "1"
	# before a directory name, joined with \001.
	(cd "$style" && find . -name '.*.o.cmd' ! -type d) |
		awk '{
			n = split(substr($0, 3), c, "/")
			k = ""
			for (i = 1; i < n; i++)
				k = k "1" c[i] "\001"
			print k "0" c[n] "\t" substr($0, 3)
		}' | sort -t "$tab" -k1,1 | cut -f2- >"$d/cmdfiles"
	awk -v TREE="$tree" -v STYLE="$style" -v D="$d" \
		-f "$lib" -f "$here/analyze-files.awk" || { rm -rf "$d"; die "no file of $style was compiled with the plugin"; }
	touch "$d/includer"
	sort -u "$d/cfiles" >"$d/cfiles.sorted"
	awk -F '\t' 'NR == FNR { c[$1] = 1; next } !($1 in c) { print $1 }' \
		"$d/cfiles.sorted" "$d/includer" | sort >"$d/headers"
	mv "$d/units" "$tmp/units.tsv"
	sort -t "$tab" -k1,1 "$d/includer" >"$tmp/includer.tsv"
	cat "$d/cfiles.sorted" "$d/headers" >"$tmp/checkpatch-files"
	echo "$(wc -l <"$d/cfiles.sorted") $(wc -l <"$d/headers")" >"$tmp/checkpatch-counts"
	rm -rf "$d"
}

# ---------------------------------------------------------- preprocessing

# do_pp DIR CMDREL: gcc -E of the unit CMDREL (the plain build's command,
# or the style build's without the plugin options); for each query of
# DIR/queries of this unit ("unit file line first last"): whether a line
# strictly between FIRST and LAST of FILE has tokens -> DIR/ans.STEM.
do_pp() {
	local d=$1 cmdrel=$2 out=$plain cmd a skip=0 stem ppdir=$tmp/pp
	local -a argv new
	[ -f "$out/$cmdrel" ] || out=$style
	cmd=$(awk '/^cmd_/ { c = substr($0, index($0, " := ") + 4) } END { print c }' "$out/$cmdrel")
	# Keep the compile, not what kbuild chains after it (objtool, ...):
	# up to the first ";" followed by a blank (and a blank before it).
	cmd=$(awk '{
		if (match($0, /;[[:space:]]/)) {
			p = RSTART
			if (p > 1 && substr($0, p - 1, 1) ~ /[[:space:]]/)
				p--
			$0 = substr($0, 1, p - 1)
		}
		print
	}' <<<"$cmd")
	set -f
	eval "argv=($cmd)"
	set +f
	stem=${cmdrel//\//_}
	mkdir -p "$ppdir"
	for a in "${argv[@]}"; do
		[[ $a == *style_plugin* ]] && continue
		if [ $skip = 1 ]; then
			skip=0
			new+=("$ppdir/$stem.i")
			continue
		fi
		case $a in
		-c) new+=(-E) ;;
		-o) new+=("$a"); skip=1 ;;
		-Wp,-MMD,* | -Wp,-MD,*) new+=("-Wp,-MMD,$ppdir/$stem.d") ;;
		*) new+=("$a") ;;
		esac
	done
	(cd "$out" && "${new[@]}") >/dev/null 2>"$d/err.$stem" ||
		die "gcc -E failed for $cmdrel: $(tail -c 500 "$d/err.$stem")"
	awk -F '\t' -v TREE="$tree" -v OUT="$out" -v U="$cmdrel" -v Q="$d/queries" \
		-f "$lib" -f "$here/analyze-pp.awk" "$ppdir/$stem.i" >"$d/ans.$stem"
	rm -f "$ppdir/$stem.i" "$d/err.$stem"
}

# ---------------------------------------------------------------- agree

# Phase 1: reports, checkpatch lines, agreement, classes that need no
# preprocessing, known violations, case lines; the queries for gcc -E.
agree_scan() {
	local d=$1 version=$2 known=$3
	sort -u "$tmp/checkpatch-files" >"$d/checked"
	awk -v TREE="$tree" -v TMP="$tmp" -v RES="$res" -v LOGS="$BENCH_LOGS" \
		-v D="$d" -v VERSION="$version" -v KNOWN="$known" \
		-f "$lib" -f "$here/agree-scan.awk"
}

# Phase 3: the classes that need gcc -E; agreement.tsv, case-lines.tsv,
# agree.json.
agree_write() {
	local d=$1 version=$2
	sort -t "$tab" -k1,1 -k2,2n "$d/both" >"$d/both.s"
	sort -t "$tab" -k1,1 -k3,3n "$d/paired" >"$d/paired.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/ponly" >"$d/ponly.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/conly" >"$d/conly.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/cases" >"$d/cases.s"
	cat "$d"/ans.* 2>/dev/null >"$d/answers" || true
	awk -F '\t' -v D="$d" -v RES="$res" -v TMP="$tmp" -v VERSION="$version" \
		-v PPUNITS="$(cut -f1 "$d/queries" | sort -u | wc -l)" \
		-f "$lib" -f "$here/agree-write.awk"
	sort -t "$tab" -k1,1 -k2,2n -k3,3n -k4,4 "$d/reports" >"$res/reports.tsv"
}

do_agree() {
	local version="" d known=""
	[ -n "${BENCH_LOGS:-}" ] || die "BENCH_LOGS is not set (run bench/run.sh)"
	[ -n "${BENCH_WORK:-}" ] || die "BENCH_WORK is not set (run bench/run.sh)"
	[ -f "$BENCH_WORK/settings" ] || die "no $BENCH_WORK/settings (run bench/run.sh)"
	for f in "$BENCH_LOGS/style.log" "$tmp/checkpatch.out" "$tmp/units.tsv" \
		"$tmp/includer.tsv" "$tmp/checkpatch-files"; do
		[ -f "$f" ] || die "no $f"
	done
	version=$(sed -n 's/^version=//p' "$BENCH_WORK/settings" | tail -n 1)
	[ "$version" = 6.1 ] && known=$known_6_1
	d=$(mktemp -d "$tmp/agree.XXXXXX")
	agree_scan "$d" "$version" "$known"
	# gcc -E (in parallel) for the units of the lines in #if blocks.
	if [ -s "$d/queries" ]; then
		cut -f1 "$d/queries" | sort -u |
			xargs -d '\n' -n 1 -P "$jobs" "$self" pp "$d" ||
			{ rm -rf "$d"; die "gcc -E failed"; }
	fi
	agree_write "$d" "$version"
	rm -rf "$d"
}

case $1 in
files) do_files ;;
agree) do_agree ;;
pp) [ $# = 3 ] || die "usage: $prog pp DIR CMDREL"; do_pp "$2" "$3" ;;
esac

