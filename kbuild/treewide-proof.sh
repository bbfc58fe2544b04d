#!/usr/bin/env bash
# kbuild/treewide-proof.sh - prove that each patch of treewide/VERSION
# changes no code: every object whose source or included headers a patch
# touches is built before and after, with the sweep's configuration, and
# kbuild/compare-objs.sh compares them (identical code and data; line
# numbers only where they are shown to have moved).
#
#   before  the sweep's tree SRC, in its O= dir OBJ (already prepared);
#   after   a hard-linked copy of SRC with the whole series applied
#           (patch -p1 --fuzz=0; patch writes new files, SRC is not
#           changed), in a new O= dir with OBJ's .config;
#   objects of a patch: the swept objects (OUT/commands) whose .c it
#           touches, and those that include a header it touches
#           (OUT/deps, from the sweep's -MMD files);
#   build   "make -k OBJECTS" on each side (nice, JOBS at a time, without
#           W=style: the plugin changes no code), with the fixed build
#           identity of kbuild_identity;
#   compare compare-objs.sh --only (all the patches' objects, in one
#           run: DEST/proof/compare.log); DEST/proof.log: the counts per
#           class of each patch (from its objects' lines) and in total.
# Exit 0 when every patch has 0 unexplained objects, else 1.
#
# Usage: kbuild/treewide-proof.sh SRC OBJ OUT DEST
# Environment: PROOF_PATCHES (default: all; "2 3 7": only those), JOBS (default 2), NICE (default 19), WORK (default
#   $BUILD/treewide-proof; BUILD defaults to <repo>/build), ARCH.
set -euo pipefail

prog=treewide-proof.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# = 4 ] || { echo "usage: $0 SRC OBJ OUT DEST" >&2; exit 2; }
src=$(cd "$1" && pwd -P)
obj=$(cd "$2" && pwd -P)
out=$(cd "$3" && pwd -P)
dest=$(cd "$4" && pwd -P)
jobs=${JOBS:-2}
nice=${NICE:-19}
arch=${ARCH:-x86_64}
build=${BUILD:-$root/build}
work=${WORK:-$build/treewide-proof}
mapfile -t patches < <(series_patches "$dest")
[ -f "$out/commands" ] && [ -f "$out/deps" ] || die "$out has no sweep results (kbuild/sweep.sh)"
[ -f "$obj/.config" ] || die "$obj has no .config"
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
kbuild_identity

# The objects of each patch.
awk -F'\t' '{ c = $2; sub(/.* -c -o [^ ]* /, "", c); print $1 "\t" c }' "$out/commands" |
	relto_src "$src" "$obj" >"$work/sources"
awk -F'\t' '{ n = split($2, d, " "); for (i = 1; i <= n; i++) if (d[i] ~ /\.h$/) print $1 "\t" d[i] }' "$out/deps" |
	relto_src "$src" "$obj" >"$work/includes"
rm -rf "$work/objs"
mkdir -p "$work/objs"
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	touched_files "$p" >"$work/objs/$i.files"
	awk -F'\t' 'NR == FNR { t[$1] = 1; next } ($2 in t) { print $1 }' \
		"$work/objs/$i.files" "$work/sources" "$work/includes" | LC_ALL=C sort -u >"$work/objs/$i"
	[ -s "$work/objs/$i" ] || die "$(basename "$p"): no swept object compiles the files it touches"
done
# PROOF_PATCHES="N..." proves only those patches (1 is the first);
# the others are listed as not compared.
sel=${PROOF_PATCHES:-$(seq -s ' ' 1 ${#patches[@]})}
for k in $sel; do cat "$work/objs/$k"; done | LC_ALL=C sort -u >"$work/objs/all"
note "${#patches[@]} patches, $(wc -l <"$work/objs/all") objects to build before and after"

# The trees: after = SRC hard-linked, the series applied.
after=$work/linux-after
# (the patches it holds are recorded next to it, not in it: the trees
# may differ in nothing but the patched files)
if [ ! -f "$after.applied" ] || ! cmp -s "$after.applied" <(cat "${patches[@]}"); then
	rm -rf "$after"
	cp -al "$src" "$after"
	for p in "${patches[@]}"; do
		patch -d "$after" -p1 --fuzz=0 -s -f --no-backup-if-mismatch -i "$p" </dev/null ||
			die "$(basename "$p") does not apply to a copy of $src"
	done
	cat "${patches[@]}" >"$after.applied"
fi
oafter=$work/o-after
mkdir -p "$oafter"
if ! cmp -s "$obj/.config" "$oafter/.config"; then
	cp "$obj/.config" "$oafter/.config"
	nice -n "$nice" make -C "$after" O="$oafter" ARCH="$arch" olddefconfig >"$work/config.log" 2>&1 ||
		die "make olddefconfig failed in $oafter"
	cmp -s "$obj/.config" "$oafter/.config" || die "olddefconfig changed the .config in $oafter"
fi

# The builds (make -k: an object that does not build is missing, and the
# comparison fails on it).
mapfile -t objs <"$work/objs/all"
for side in before after; do
	if [ $side = before ]; then s=$src o=$obj; else s=$after o=$oafter; fi
	note "building the ${#objs[@]} objects $side ($o, log $work/build-$side.log)"
	: >"$work/build-$side.log"
	kbuild_make "$work/build-$side.log" "proof $side" -C "$s" O="$o" ARCH="$arch" -k -j"$jobs" \
		"${objs[@]}" || note "make $side failed for some objects (see $work/build-$side.log)"
done

# The comparison: one compare-objs.sh run over all the objects (the
# trees' sources are checked once), VERBOSE=1 so that every object that
# is not identical is listed; each patch's counts come from its objects'
# lines. Its log: DEST/proof/compare.log.
mkdir -p "$dest/proof"
rm -f "$dest"/proof/*.log
rc=0
VERBOSE=1 nice -n "$nice" "$here/compare-objs.sh" --only "$work/objs/all" "$obj" "$oafter" >"$dest/proof/compare.log" 2>&1 || rc=$?
sed -i "s|$work|WORK|g; s|$root/||g; s|$src/|SRC/|g; s|$obj|OBJ|g" "$dest/proof/compare.log"
{
	echo "# The proof of treewide/$(basename "$dest"): each patch's objects built before and after"
	echo "# (kbuild/treewide-proof.sh, $(sed -n 's/^# Linux.* \([0-9.]*\) Kernel Configuration$/\1/p' "$obj/.config" | head -n1) allmodconfig with kbuild/sweep.config, x86_64),"
	echo "# compared by kbuild/compare-objs.sh --only (all of them in one run: proof/compare.log)."
	echo "# Classes: identical; debug-only; __LINE__ (moved line numbers, each traced); unexplained."
	grep '^compare-objs.sh: sources:' "$dest/proof/compare.log" || true
} >"$dest/proof.log"
i=0 bad=0 T_id=0 T_dbg=0 T_line=0 T_un=0
nc=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	if [[ " $sel " != *" $i "* ]]; then
		printf '%04d %s: %s files, %s objects: not compared (PROOF_PATCHES)\n' "$i" "$(basename "$p")" \
			"$(wc -l <"$work/objs/$i.files")" "$(wc -l <"$work/objs/$i")" >>"$dest/proof.log"
		nc=$((nc + 1))
		continue
	fi
	n=0 dbg=0 line=0 un=0
	while IFS= read -r o; do
		n=$((n + 1))
		if grep -qF "  UNEXPLAINED: $o" "$dest/proof/compare.log" || grep -qF "UNEXPLAINED: $o:" "$dest/proof/compare.log"; then
			un=$((un + 1))
		elif grep -qF "  __LINE__: $o:" "$dest/proof/compare.log"; then
			line=$((line + 1))
		elif grep -qxF "  debug-only: $o" "$dest/proof/compare.log"; then
			dbg=$((dbg + 1))
		fi
	done <"$work/objs/$i"
	id=$((n - dbg - line - un))
	[ $un = 0 ] || bad=$((bad + 1))
	T_id=$((T_id + id)) T_dbg=$((T_dbg + dbg)) T_line=$((T_line + line)) T_un=$((T_un + un))
	printf '%04d %s: %s files, %s objects: %s identical, %s debug-only, %s __LINE__ (traced), %s unexplained\n' \
		"$i" "$(basename "$p")" "$(wc -l <"$work/objs/$i.files")" "$n" "$id" "$dbg" "$line" "$un" >>"$dest/proof.log"
done
{
	echo "total: $T_id identical, $T_dbg debug-only, $T_line __LINE__ (traced), $T_un unexplained"
	echo "compare-objs.sh: $(grep -E '^compare-objs.sh: (PASS|FAIL)' "$dest/proof/compare.log" | tail -n1 | sed 's/^compare-objs.sh: //') (exit $rc)"
	echo "patches: ${#patches[@]}, $bad with an unexplained object, $nc not compared"
} >>"$dest/proof.log"
cat "$dest/proof.log"
[ $bad = 0 ] && [ $rc = 0 ]
