#!/usr/bin/env bash
# kbuild/sweep-icecc.sh - a sweep through icecc, as a user with a compile
# farm runs it, on the loopback daemons of kbuild/daemons.sh, compared
# with the local sweep's committed results: the same warnings and
# fix-its, file by file.
#
#   1. in a network namespace of its own (unshare -n, as root), the
#      daemons start on its loopback: icecc-scheduler, the client's
#      iceccd (no remote jobs) and a node; the icecc environment holds
#      gcc and OBJ's GCC plugins (style_plugin.so, and allmodconfig's);
#   2. kbuild/sweep.sh --files (the swept files of DIRs in DATA's
#      coverage list) into WORK/out, with SWEEP_VIA=icecc: each compile
#      goes through icecc as a compile that writes an object (icecc
#      builds -fsyntax-only locally), with ICECC_CARET_WORKAROUND=0
#      (else icecc compiles a file with warnings again here);
#   3. the node's log names every file (it compiled each one), and the
#      results packed (kbuild/sweep-data.sh) are DATA's: each file's
#      record, its warnings and fix-its and those of its headers, but
#      for the warnings' columns (below).
# Out: WORK/icecc.txt (the counts, the files that differ); exit 0 when
# all are the same and the node compiled each, else 1.
#
# Usage: kbuild/sweep-icecc.sh SRC OBJ WORK DATA DIR...
#   SRC OBJ  the local sweep's tree and O= dir (prepared: kbuild/sweep.sh)
#   DATA     its committed results (treewide/6.12/sweep)
#   DIR      directories of the sample (e.g. drivers/atm fs/hpfs)
# Environment: JOBS (default 2).
set -euo pipefail

prog=sweep-icecc.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
# shellcheck source=kbuild/daemons.sh disable=SC1091
. "$here/daemons.sh"

[ $# -ge 5 ] || { echo "usage: $0 SRC OBJ WORK DATA DIR..." >&2; exit 2; }
for c in icecc iceccd icecc-scheduler unshare ip mount; do
	command -v "$c" >/dev/null || die "$c is missing (make deps: icecc)"
done
if [ -z "${SWEEP_ICECC_NS:-}" ]; then
	[ "$(id -u)" = 0 ] || die "needs root (unshare -n: a network namespace of its own)"
	SWEEP_ICECC_NS=1 exec unshare -n "$0" "$@"
fi
ip link set lo up || die "cannot bring up lo in the namespace"

src=$(cd "$1" && pwd -P)
obj=$(cd "$2" && pwd -P)
mkdir -p "$3"
work=$(cd "$3" && pwd -P)
data=$(cd "$4" && pwd -P)
shift 4
dirs=("$@")
plugin=$obj/scripts/gcc-plugins/style_plugin.so
[ -f "$plugin" ] || die "$plugin not found: OBJ is not a prepared W=style sweep (kbuild/sweep.sh)"

# The sample: the swept files of DIRs.
printf '%s\n' "${dirs[@]}" | sed 's|/*$|/|' >"$work/dirs"
awk -F'\t' 'NR == FNR { d[++n] = $0; next } $2 == "swept" { for (i = 1; i <= n; i++) if (index($1, d[i]) == 1) { print $1; next } }' \
	"$work/dirs" "$data/coverage.txt" >"$work/files.txt"
[ -s "$work/files.txt" ] || die "DATA has no swept file in ${dirs[*]}"
note "$(wc -l <"$work/files.txt") files of ${dirs[*]} through icecc"

d=$work/daemons
daemons_start "$d" "${JOBS:-2}"
# (the daemons' exit status, killed, is not this script's)
stop() {
	local rc=$?

	set +e
	daemons_stop
	exit $rc
}
trap stop EXIT
# (every plugin the configuration loads: allmodconfig's stackleak too)
ICECC_VERSION=$(icecc_env "$work/icecc-env" "$obj"/scripts/gcc-plugins/*.so)
# (ICECC_REMOTE_CPP: the node gets the source with its directives
# resolved, -fdirectives-only, as testsuite/node-path.sh checks it)
export ICECC_VERSION ICECC_CARET_WORKAROUND=0 ICECC_REMOTE_CPP=1
icecc_client "$d"

# The node takes jobs once the scheduler has it (its first job may go
# to the submitter): a file of one line through icecc until the node
# compiles it.
echo 'int sweep_icecc_warm;' >"$work/warm.c"
warm() {
	(cd "$work" && icecc gcc -c -o warm.o warm.c) >/dev/null 2>&1 &&
		grep -q 'remote compile for file .*warm\.c' "$d/node.log"
}
wait_for 60 warm || die "the node compiles nothing (logs in $d)"

rm -rf "$work/out"
SWEEP_VIA=icecc PROGRESS_INTERVAL=60 "$here/sweep.sh" --files "$work/files.txt" \
	"$src" "$obj" "$work/out" "${dirs[@]}" || die "the sweep through icecc failed"

# The node compiled every file.
sed -n 's/.*remote compile for file //p' "$d/node.log" | sed 's|.*/||' | LC_ALL=C sort -u >"$work/node.files"
missing=$(sed 's|.*/||' "$work/files.txt" | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$work/node.files" | tr '\n' ' ')

# The same records as DATA's: the results packed, each file's record
# (its F line up to the next one) compared, and its headers' warnings
# and fix-its. A warning's column may differ: a node has not the source
# file, so GCC gives the column of a line indented with tabs in bytes,
# where a local compile gives it with tabs expanded
# (-fdiagnostics-column-unit=display); so warnings are compared by
# file and line (the fix-its' columns are bytes on both), and the
# columns that differ are counted.
rm -rf "$work/data"
mkdir -p "$work/data"
"$here/sweep-data.sh" pack "$src" "$obj" "$work/out" "$work/data" 2>"$work/pack.err" ||
	die "sweep-data.sh pack failed ($work/pack.err)"
# records DATA: the sample's records, as packed
records() {
	awk 'NR == FNR { f[$0] = 1; next }
		FNR == 1 { on = 0 }
		/^F / { on = ($2 in f) } on && /^[FWXI] /' "$work/files.txt" "$1"/*.txt
}
# norm: without the warnings' columns and the header keys (a hash of
# the header's warnings, columns included)
norm() {
	sed -E -e 's/^(W [^:]+:[0-9]+):[0-9]+:/\1:/' -e 's/^(I [^ ]+) [0-9a-f]+$/\1/'
}
# headers DATA: the W and X lines of the headers the sample's records name
headers() {
	awk 'NR == FNR { if ($1 == "I") k[$3] = 1; next }
		/^B / { on = ($2 in k) } on && /^[WX] /' <(records "$1") "$1/headers.txt" | norm | LC_ALL=C sort -u
}
records "$data" >"$work/local.rec"
records "$work/data" >"$work/icecc.rec"
differ=''
while IFS= read -r f; do
	cmp -s <(awk -v f="$f" '/^F / { on = ($2 == f) } on' "$work/local.rec" | norm) \
		<(awk -v f="$f" '/^F / { on = ($2 == f) } on' "$work/icecc.rec" | norm) || differ="$differ $f"
done <"$work/files.txt"
cmp -s <(headers "$data") <(headers "$work/data") || differ="$differ (the headers' warnings)"
cols=$(diff <(grep '^W ' "$work/local.rec") <(grep '^W ' "$work/icecc.rec") | grep -c '^>' || true)
{
	echo "# kbuild/sweep-icecc.sh: the sweep of ${dirs[*]} through icecc (the loopback daemons of"
	echo "# kbuild/daemons.sh) against the committed local sweep ($(basename "$(dirname "$data")")/$(basename "$data"))"
	echo "files: $(wc -l <"$work/files.txt"), compiled on the node: $(($(wc -l <"$work/files.txt") - $(wc -w <<<"$missing")))${missing:+ (not: $missing)}"
	echo "warnings of the files themselves: $(grep -c '^W ' "$work/icecc.rec" || true) through icecc, $(grep -c '^W ' "$work/local.rec" || true) in the local sweep; fix-it lines: $(grep -c '^X ' "$work/icecc.rec" || true) and $(grep -c '^X ' "$work/local.rec" || true)"
	echo "headers' warnings and fix-it lines: $(headers "$work/data" | wc -l) through icecc, $(headers "$data" | wc -l) in the local sweep"
	echo "files whose warnings or fix-its differ (but for columns): ${differ:-none}"
	echo "warnings whose column differs (tabs counted as one column on the node, which has not the source file): $cols"
	grep -E '^time:' "$work/out/summary.txt" || true
} >"$work/icecc.txt"
cat "$work/icecc.txt"
[ -z "$missing" ] && [ -z "$differ" ]
