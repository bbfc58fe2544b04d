#!/usr/bin/env bash
# kbuild/treewide-tokens.sh - the token proof of treewide/VERSION for one
# architecture's sweep (kbuild/sweep-cross.sh), whose objects
# compare-elf (x86_64 ELF only) cannot read: every object of that sweep
# whose source or included headers a patch touches is preprocessed
# before and after the series, and kbuild/compare-tokens.c compares the
# two: the same tokens, on the lines the line map gives, and line
# numbers only where they moved with their line.
#
#   before  the sweep's tree SRC, in its O= dir OBJ;
#   after   a hard-linked copy of SRC with the whole series applied
#           (patch -p1 --fuzz=0), in a new O= dir with OBJ's .config;
#   objects of a patch: the swept objects (OUT/commands) whose .c it
#           touches, and those that include a header it touches
#           (OUT/deps);
#   build   "make -k -j1 DIR/FILE.i ..." on each side (kbuild's
#           preprocessing of the object, with its own flags; ARCH,
#           CROSS_COMPILE from the environment; no W=style: the plugin
#           changes no code);
#   compare compare-tokens --map (compare-elf linemap of the touched
#           files) for each object.
# DEST/proof-ARCH.log: for each patch with objects in this sweep, its
# counts (identical; __LINE__: moved line numbers, each traced;
# unexplained; not built), the unexplained and unbuilt objects, the
# totals; DEST/proof/files-ARCH.txt: the touched files these objects
# compile or include.  testsuite/kbuild/test-proof.sh shows compare-tokens rejecting
# the code changes it plants for the object proof.
# Exit 0 when every object was preprocessed on both sides with 0
# unexplained, else 1.
#
# Usage: kbuild/treewide-tokens.sh SRC OBJ OUT DEST
# Environment: ARCH (required), CROSS_COMPILE, NICE (default 19), WORK (default $BUILD/treewide-tokens-ARCH).
set -euo pipefail

prog=treewide-tokens.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# = 4 ] || { echo "usage: $0 SRC OBJ OUT DEST (ARCH in the environment)" >&2; exit 2; }
arch=${ARCH:?ARCH is not set: the architecture of the sweep, e.g. arm64}
src=$(cd "$1" && pwd -P)
obj=$(cd "$2" && pwd -P)
out=$(cd "$3" && pwd -P)
dest=$(cd "$4" && pwd -P)
nice=${NICE:-19}
build=${BUILD:-$root/build}
work=${WORK:-$build/treewide-tokens-$arch}
mapfile -t patches < <(series_patches "$dest")
[ -f "$out/commands" ] && [ -f "$out/deps" ] || die "$out has no sweep results (kbuild/sweep.sh)"
[ -f "$obj/.config" ] || die "$obj has no .config"
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
tokcmp=$(host_tool compare-tokens)
elfcmp=$(host_tool compare-elf)
kbuild_identity

# The objects of each patch (those of this sweep), and all of them.
awk -F'\t' '{ c = $2; sub(/.* -c -o [^ ]* /, "", c); print $1 "\t" c }' "$out/commands" |
	relto_src "$src" "$obj" >"$work/sources"
# (every file it includes: arm's nwfpe includes softfloat-macros)
awk -F'\t' '{ n = split($2, d, " "); for (i = 1; i <= n; i++) if (d[i] !~ /\.o$/) print $1 "\t" d[i] }' "$out/deps" |
	relto_src "$src" "$obj" >"$work/includes"
rm -rf "$work/objs"
mkdir -p "$work/objs"
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	touched_files "$p" >"$work/objs/$i.files"
	awk -F'\t' 'NR == FNR { t[$1] = 1; next } ($2 in t) { print $1 }' \
		"$work/objs/$i.files" "$work/sources" "$work/includes" | LC_ALL=C sort -u >"$work/objs/$i"
done
cat "$work"/objs/[0-9]* 2>/dev/null | grep '\.o$' | LC_ALL=C sort -u >"$work/objs/all" || true
note "ARCH=$arch: $(wc -l <"$work/objs/all") objects of the series to preprocess before and after"
log=$dest/proof-$arch.log
if [ ! -s "$work/objs/all" ]; then
	# Its fix-its are all in files the series leaves out (headers of
	# excluded-headers.txt): nothing to prove.
	mkdir -p "$dest/proof"
	: >"$dest/proof/files-$arch.txt"
	{
		echo "# The token proof of treewide/$(basename "$dest") on $arch (kbuild/treewide-tokens.sh): no object"
		echo "# of the $arch sweep compiles or includes a file the series touches."
		echo "total: 0 objects of 0 patches: 0 identical, 0 __LINE__ (traced), 0 unexplained, 0 not built"
	} >"$log"
	cat "$log"
	exit 0
fi
# The touched files these objects compile or include (check-treewide.sh:
# every touched file of the series is in one architecture's list).
mkdir -p "$dest/proof"
cat "$work"/objs/*.files | LC_ALL=C sort -u >"$work/objs/all.files"
awk -F'\t' 'NR == FNR { o[$1] = 1; next } FILENAME == ARGV[2] { t[$1] = 1; next } ($1 in o) && ($2 in t) { print $2 }' \
	"$work/objs/all" "$work/objs/all.files" "$work/sources" "$work/includes" | LC_ALL=C sort -u >"$dest/proof/files-$arch.txt"

# The after tree: SRC hard-linked, the series applied (again when the
# series changed).
after=$work/linux-after
if [ ! -f "$after.applied" ] || ! cmp -s "$after.applied" <(cat "${patches[@]}"); then
	rm -rf "$after" "$after.new"
	cp -al "$src" "$after.new"
	for p in "${patches[@]}"; do
		patch -d "$after.new" -p1 --fuzz=0 -s -f --no-backup-if-mismatch -i "$p" </dev/null ||
			die "$(basename "$p") does not apply to a copy of $src"
	done
	mv "$after.new" "$after"
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

# The preprocessed objects, each side (make -k: one that fails is
# missing, and counted). One job at a time: kbuild's single targets make
# a file twice when two Makefiles name its directory (drivers/Makefile
# has input/gameport/ and input/), and two jobs writing one .i at once
# leave both outputs in it; one at a time, each side makes it the same
# way, the last write wins on both. (A .i is a second's work.)
mapfile -t targets < <(sed 's/\.o$/.i/' "$work/objs/all")
for side in before after; do
	if [ $side = before ]; then s=$src o=$obj; else s=$after o=$oafter; fi
	: >"$work/make-$side.log"
	(cd "$o" && rm -f "${targets[@]}")
	kbuild_make "$work/make-$side.log" "tokens $side" -C "$s" O="$o" ARCH="$arch" -k -j1 \
		"${targets[@]}" || note "make $side failed for some objects (see $work/make-$side.log)"
done

# The line map of the touched files, and each object compared.
touched_files "${patches[@]}" >"$work/touched"
mapfile -t touched <"$work/touched"
"$elfcmp" linemap "$src" "$after" "${touched[@]}" >"$work/linemap" ||
	die "the touched files differ in more than blanks (compare-elf linemap)"
: >"$work/results"
while IFS= read -r o; do
	i=${o%.o}.i
	if [ ! -s "$obj/$i" ] || [ ! -s "$oafter/$i" ]; then
		printf '%s\tnot built\n' "$o"
		continue
	fi
	if r=$("$tokcmp" --map "$work/linemap" --src-a "$src" --src-b "$after" "$obj/$i" "$oafter/$i" 2>"$work/why"); then
		printf '%s\t%s\n' "$o" "$r"
	else
		printf '%s\tunexplained: %s\n' "$o" "$(head -n 3 "$work/why" | tr '\n' ' ' | sed "s|$src/||g; s|$after/||g")"
	fi
done <"$work/objs/all" >"$work/results"

# DEST/proof-ARCH.log.
T_id=0 T_line=0 T_un=0 T_nb=0 np=0
{
	echo "# The token proof of treewide/$(basename "$dest") on $arch (kbuild/treewide-tokens.sh): each patch's objects of"
	echo "# the $arch sweep (OUT/commands and deps) preprocessed before and after the series (make FILE.i,"
	echo "# $(sed -n 's/^# Linux.* \([0-9.]*\) Kernel Configuration$/\1/p' "$obj/.config" | head -n1) allmodconfig for $arch with kbuild/sweep.config, CROSS_COMPILE=${CROSS_COMPILE:-}),"
	echo "# compared by kbuild/compare-tokens.c. Classes: identical; __LINE__ (moved line numbers, each"
	echo "# traced); unexplained; not built."
	i=0
	for p in "${patches[@]}"; do
		i=$((i + 1))
		[ -s "$work/objs/$i" ] || continue
		np=$((np + 1))
		read -r n id line un nb < <(awk -F'\t' 'NR == FNR { o[$1] = 1; next } ($1 in o) {
				n++; if ($2 == "identical") id++; else if ($2 ~ /^lines /) ln++; else if ($2 == "not built") nb++; else un++
			} END { print n + 0, id + 0, ln + 0, un + 0, nb + 0 }' "$work/objs/$i" "$work/results")
		printf '%04d %s: %s objects: %s identical, %s __LINE__ (traced), %s unexplained, %s not built\n' \
			"$i" "$(basename "$p")" "$n" "$id" "$line" "$un" "$nb"
	done
	read -r n T_id T_line T_un T_nb < <(awk -F'\t' '{
			n++; if ($2 == "identical") id++; else if ($2 ~ /^lines /) ln++; else if ($2 == "not built") nb++; else un++
		} END { print n + 0, id + 0, ln + 0, un + 0, nb + 0 }' "$work/results")
	echo "total: $n objects of $np patches: $T_id identical, $T_line __LINE__ (traced), $T_un unexplained, $T_nb not built"
	grep -v -P '\t(identical|lines [0-9]+)$' "$work/results" | sed 's/^/  /' || true
} >"$log"
cat "$log"
[ "$T_un" = 0 ] && [ "$T_nb" = 0 ]
