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
#           touches, and those that include a header (or a .c file) it
#           touches (OUT/deps, from the sweep's -MMD files); none for a
#           patch of other architectures' code (kbuild/treewide-tokens.sh
#           proves it); DEST/proof/files-ARCH.txt: the touched files
#           these objects compile or include;
#   build   "make -k OBJECTS" on each side (nice, JOBS at a time, without
#           W=style: the plugin changes no code), with the fixed build
#           identity of kbuild_identity;
#   compare compare-objs.sh --only (the selected patches' objects, in
#           one run: DEST/proof/compare-F-L.log); DEST/proof.log: the
#           counts per class of each patch (from its objects' lines; the
#           results of earlier runs are kept) and in total.
# Exit 0 when every patch is compared, with 0 unexplained objects, and
# every object was built on both sides, else 1.
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
	# (none: its files are other architectures' code, proven by
	# kbuild/treewide-tokens.sh)
done
# PROOF_PATCHES="N..." proves only those patches (1 is the first);
# the others are listed as not compared.
sel=${PROOF_PATCHES:-$(seq -s ' ' 1 ${#patches[@]})}
for k in $sel; do cat "$work/objs/$k"; done | LC_ALL=C sort -u >"$work/objs/all"
note "${#patches[@]} patches, $(wc -l <"$work/objs/all") objects to build before and after"
# The touched files these objects compile or include (check-treewide.sh:
# every touched file of the series is in one architecture's list).
mkdir -p "$dest/proof"
for k in $sel; do cat "$work/objs/$k.files"; done | LC_ALL=C sort -u >"$work/objs/all.files"
awk -F'\t' 'NR == FNR { o[$1] = 1; next } FILENAME == ARGV[2] { t[$1] = 1; next } ($1 in o) && ($2 in t) { print $2 }' \
	"$work/objs/all" "$work/objs/all.files" "$work/sources" "$work/includes" | LC_ALL=C sort -u >"$dest/proof/files-$arch.txt"

# The trees: after = SRC hard-linked, the series applied.
after=$work/linux-after
# (the patches it holds are recorded next to it, not in it: the trees
# may differ in nothing but the patched files)
# A series that changed since the last run: a new tree, in which a file
# the same as in the old one keeps the old one's time stamp (make then
# rebuilds only the objects of files that changed), and a file the old
# series touched and the new one does not is a fresh copy (a hard link
# would have the original's old time stamp: its objects would be kept).
if [ ! -f "$after.applied" ] || ! cmp -s "$after.applied" <(cat "${patches[@]}"); then
	rm -rf "$after.new"
	cp -al "$src" "$after.new"
	for p in "${patches[@]}"; do
		patch -d "$after.new" -p1 --fuzz=0 -s -f --no-backup-if-mismatch -i "$p" </dev/null ||
			die "$(basename "$p") does not apply to a copy of $src"
	done
	touched_files "${patches[@]}" >"$after.new.touched"
	if [ -d "$after" ] && [ -f "$after.touched" ]; then
		while IFS= read -r f; do
			if grep -qxF "$f" "$after.new.touched"; then
				[ ! -f "$after/$f" ] || ! cmp -s "$after/$f" "$after.new/$f" ||
					touch -r "$after/$f" "$after.new/$f"
			else
				cp --remove-destination "$src/$f" "$after.new/$f"
			fi
		done <"$after.touched"
	fi
	rm -rf "$after"
	mv "$after.new" "$after"
	mv "$after.new.touched" "$after.touched"
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
# comparison fails on it). Each object must be compiled with the command
# the configuration's build uses for it, the sweep's (OUT/commands, from
# "make -n DIR/"), but the plugin and the fix-it flag: kbuild's single
# targets (make DIR/FILE.o) compile an object twice when two Makefiles
# name its directory (drivers/Makefile has input/gameport/ and input/),
# once in the wrong directory's context (without -DMODULE: "redefinition
# of 'gameport_set_phys'", or a wrong object, whichever compile ends
# last). Such objects are built again with their directory as the goal
# (DIR/: one descent); one still not right is listed and fails.
mapfile -t objs <"$work/objs/all"
# wrong_objs OBJDIR TREE: the objects of objs/all missing in OBJDIR (the
# O= dir of TREE), or whose .cmd command (up to objtool's " ; ", TREE's
# path read as SRC's) is not the sweep's, one a line.
wrong_objs() {
	perl -e '
		my ($cmds, $list, $dir, $tree, $src) = @ARGV;
		sub norm { my $c = shift; $c =~ s/ ; .*//s;
			$c =~ s/ -fplugin=\S*style_plugin\.so\b//g; $c =~ s/ -fplugin-arg-style_plugin-\S+//g;
			$c =~ s/ -fdiagnostics-parseable-fixits\b//g; $c =~ s/\s+/ /g; $c =~ s/^ | $//g; $c }
		open my $c, "<", $cmds or die; my %want;
		while (<$c>) { chomp; my ($o, $cmd) = split /\t/, $_, 2; $want{$o} = norm($cmd) }
		open my $l, "<", $list or die;
		while (my $o = <$l>) {
			chomp $o; next unless exists $want{$o};
			(my $cmdf = "$dir/$o") =~ s{([^/]+)$}{.$1.cmd};
			my $got = "";
			if (-f "$dir/$o" && open my $f, "<", $cmdf) {
				while (<$f>) { if (/^savedcmd_\S+ := (.*)$/) { ($got = $1) =~ s/\Q$tree\E(?=[\/= ]|$)/$src/g; $got = norm($got); last } }
			}
			print "$o\n" if $got ne $want{$o};
		}' "$out/commands" "$work/objs/all" "$1" "$2" "$src"
}
for side in before after; do
	if [ $side = before ]; then s=$src o=$obj; else s=$after o=$oafter; fi
	note "building the ${#objs[@]} objects $side ($o, log $work/build-$side.log)"
	: >"$work/build-$side.log"
	kbuild_make "$work/build-$side.log" "proof $side" -C "$s" O="$o" ARCH="$arch" -k -j"$jobs" \
		"${objs[@]}" || note "make $side failed for some objects (see $work/build-$side.log)"
	wrong_objs "$o" "$s" >"$work/wrong-$side"
	if [ -s "$work/wrong-$side" ]; then
		mapfile -t dirs < <(sed 's|/[^/]*$|/|' "$work/wrong-$side" | LC_ALL=C sort -u)
		note "$side: $(wc -l <"$work/wrong-$side") objects missing or not built with the configuration's command; building their directories: ${dirs[*]}"
		while IFS= read -r w; do
			rm -f "$o/$w" "$o/$(dirname "$w")/.$(basename "$w").cmd"
		done <"$work/wrong-$side"
		kbuild_make "$work/build-$side.log" "proof $side (directories)" -C "$s" O="$o" ARCH="$arch" -k -j"$jobs" \
			"${dirs[@]}" || note "make $side failed in some directories (see $work/build-$side.log)"
		wrong_objs "$o" "$s" >"$work/wrong-$side"
	fi
	# What is still wrong: its first error in the log.
	while IFS= read -r w; do
		why=$(grep -m1 -F "$(basename "${w%.o}").c:" "$work/build-$side.log" | grep -m1 'error' || true)
		echo "$side: $w: ${why:-not built with the command of the configuration}"
	done <"$work/wrong-$side" >"$work/failed-$side"
done

# The comparison: one compare-objs.sh run over the objects of the
# patches selected (the trees' sources are checked once), VERBOSE=1 so
# that every object that is not identical is listed; each patch's counts
# come from its objects' lines. Its log: DEST/proof/compare-F-L.log (F
# and L: the first and last patch of the run). Each patch's result is
# kept (WORK/results) with a signature of the patch and its objects: a
# later run with other PROOF_PATCHES adds to it, and proof.log is made
# from every patch's latest result (a patch changed since is "not
# compared").
mkdir -p "$dest/proof" "$work/results"
run=$(echo "$sel" | awk '{ printf "%04d-%04d", $1, $NF }')
clog=$dest/proof/compare-$run.log
rc=0
VERBOSE=1 nice -n "$nice" "$here/compare-objs.sh" --only "$work/objs/all" "$obj" "$oafter" >"$clog" 2>&1 || rc=$?
sed -i "s|$work|WORK|g; s|$root/||g; s|$src/|SRC/|g; s|$obj|OBJ|g" "$clog"
{
	echo "compare-objs.sh: $(grep -E '^compare-objs.sh: (PASS|FAIL)' "$clog" | tail -n1 | sed 's/^compare-objs.sh: //') (exit $rc)"
	sed "s|$src/|SRC/|g; s|$after/|SRC/|g" "$work/failed-before" "$work/failed-after"
} >"$work/results/run-$run"
grep '^compare-objs.sh: sources:' "$clog" >"$work/results/sources" || true
# sig I: the signature of patch I and its objects.
sig() { cat "${patches[$(($1 - 1))]}" "$work/objs/$1" | md5sum | cut -c1-32; }
for i in $sel; do
	p=${patches[$((i - 1))]}
	n=0 dbg=0 line=0 un=0
	while IFS= read -r o; do
		n=$((n + 1))
		if grep -qF "  UNEXPLAINED: $o" "$clog" || grep -qF "UNEXPLAINED: $o:" "$clog"; then
			un=$((un + 1))
		elif grep -qF "  __LINE__: $o:" "$clog"; then
			line=$((line + 1))
		elif grep -qxF "  debug-only: $o" "$clog"; then
			dbg=$((dbg + 1))
		fi
	done <"$work/objs/$i"
	id=$((n - dbg - line - un))
	printf '%s\t%s\t%04d %s: %s files, %s objects: %s identical, %s debug-only, %s __LINE__ (traced), %s unexplained (proof/compare-%s.log)\n' \
		"$(sig "$i")" "$run" "$i" "$(basename "$p")" "$(wc -l <"$work/objs/$i.files")" "$n" "$id" "$dbg" "$line" "$un" "$run" \
		>"$work/results/$i"
done

# proof.log: every patch's latest result.
{
	echo "# The proof of treewide/$(basename "$dest"): each patch's objects built before and after"
	echo "# (kbuild/treewide-proof.sh, $(sed -n 's/^# Linux.* \([0-9.]*\) Kernel Configuration$/\1/p' "$obj/.config" | head -n1) allmodconfig with kbuild/sweep.config, x86_64),"
	echo "# compared by kbuild/compare-objs.sh --only (the patches of a run together: proof/compare-F-L.log)."
	echo "# Classes: identical; debug-only; __LINE__ (moved line numbers, each traced); unexplained."
	cat "$work/results/sources"
} >"$dest/proof.log"
i=0 bad=0 T_id=0 T_dbg=0 T_line=0 T_un=0 nc=0
runs=()
for p in "${patches[@]}"; do
	i=$((i + 1))
	r=''
	[ ! -f "$work/results/$i" ] || r=$(awk -F'\t' -v s="$(sig "$i")" '$1 == s' "$work/results/$i")
	if [ -z "$r" ]; then
		printf '%04d %s: %s files, %s objects: not compared\n' "$i" "$(basename "$p")" \
			"$(wc -l <"$work/objs/$i.files")" "$(wc -l <"$work/objs/$i")" >>"$dest/proof.log"
		nc=$((nc + 1))
		continue
	fi
	[[ " ${runs[*]} " == *" $(cut -f2 <<<"$r") "* ]] || runs+=("$(cut -f2 <<<"$r")")
	r=$(cut -f3- <<<"$r")
	echo "$r" >>"$dest/proof.log"
	read -r id dbg line un < <(sed 's/.* objects: \([0-9]*\) identical, \([0-9]*\) debug-only, \([0-9]*\) __LINE__ (traced), \([0-9]*\) unexplained.*/\1 \2 \3 \4/' <<<"$r")
	[ "$un" = 0 ] || bad=$((bad + 1))
	T_id=$((T_id + id)) T_dbg=$((T_dbg + dbg)) T_line=$((T_line + line)) T_un=$((T_un + un))
done
# The logs of runs no patch's result refers to any more go.
for l in "$dest"/proof/compare*.log; do
	[ -f "$l" ] || continue
	b=$(basename "$l" .log)
	[[ " ${runs[*]} " == *" ${b#compare-} "* ]] || rm -f "$l"
done
nf=0 pass=1
for r in "${runs[@]}"; do
	grep -q '^compare-objs.sh: PASS.*(exit 0)$' "$work/results/run-$r" || pass=0
	nf=$((nf + $(grep -vc '^compare-objs.sh: ' "$work/results/run-$r" || true)))
done
{
	echo "total: $T_id identical, $T_dbg debug-only, $T_line __LINE__ (traced), $T_un unexplained"
	for r in "${runs[@]}"; do echo "run $r: $(grep '^compare-objs.sh: ' "$work/results/run-$r")"; done
	echo "patches: ${#patches[@]}, $bad with an unexplained object, $nc not compared"
	# Objects that did not build on a side (after the directory builds
	# above): each with its first error; they fail the proof.
	echo "objects not built: $nf"
	for r in "${runs[@]}"; do grep -v '^compare-objs.sh: ' "$work/results/run-$r" || true; done
} >>"$dest/proof.log"
cat "$dest/proof.log"
[ $bad = 0 ] && [ $nc = 0 ] && [ $pass = 1 ] && [ $nf = 0 ]
