#!/usr/bin/env bash
# kbuild/treewide.sh - the tree-wide formatting patches of a sweep
# (kbuild/sweep.sh): DEST/series and one patch per directory group, in
# git format-patch form, signed by whoever runs it.
#
#   1. the fix-its of OUT/sweep.log, but those of the headers left out
#      (below), go to kbuild/fix-tree.sh --log --split, with a group per
#      directory (drivers/X, sound/X, fs/X, net/X, arch/X, else the
#      top-level directory; at most MAX_PATCHES groups, the smallest
#      merged into their top-level directory) and a commit message that
#      says how the patch was made, how it is proven and how to make it
#      again; fix-tree.sh checks that only blanks and line breaks change
#      and that the patch applies to SRC;
#   2. a header is left out, and listed in DEST/excluded-headers.txt,
#      when the proof cannot rebuild all of its includers: it is under
#      include/ or arch/*/include/, or more than MAX_INCLUDERS swept
#      files include it, or a file outside the swept directories names
#      it in an #include (it might be compiled there);
#   3. checks on a fresh linux-source-VERSION (the touched files unpacked
#      from /usr/src/linux-source-VERSION.tar.xz): the series applies in
#      order with patch -p1 --fuzz=0 and with git apply, and every touched
#      file is the same as the original once spaces, tabs and newlines
#      are removed. Their result: DEST/check.txt.
# The identity is git config user.name / user.email; none: one line, exit 1.
#
# Usage: kbuild/treewide.sh VERSION SRC OBJ OUT DEST
#   VERSION  6.12 (the tarball the checks unpack)
#   SRC OBJ OUT  the sweep's tree, O= dir and results (kbuild/sweep.sh)
#   DEST     e.g. treewide/6.12 (its *.patch and series are replaced)
# Environment: MAX_PATCHES (default 20), MAX_INCLUDERS (default 20).
set -euo pipefail

prog=treewide.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

[ $# = 5 ] || { echo "usage: $0 VERSION SRC OBJ OUT DEST" >&2; exit 2; }
version=$1 src=$2 obj=$3 out=$4 dest=$5
max_patches=${MAX_PATCHES:-20}
max_inc=${MAX_INCLUDERS:-20}
name=$(git -C "$root" config user.name || true)
email=$(git -C "$root" config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "no git identity: set git config user.name and user.email (the patches are signed with it)"
tarball_of "$version" >/dev/null
for f in sweep.log deps commands; do
	[ -f "$out/$f" ] || die "$out/$f not found: run kbuild/sweep.sh first"
done
src=$(cd "$src" && pwd -P)
obj=$(cd "$obj" && pwd -P)
out=$(cd "$out" && pwd -P)
mkdir -p "$dest"
dest=$(cd "$dest" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/treewide.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The files with fix-its, as named in the log and in SRC.
sed -n 's/^fix-it:"\(.*\)":{[0-9]*:[0-9]*-[0-9]*:[0-9]*}:".*$/\1\t\1/p' "$out/sweep.log" |
	LC_ALL=C sort -u | relto_src "$src" "$obj" >"$work/files.map"
# The swept sources and their includes, relative to SRC.
cut -f2 "$out/commands" | sed 's/.* -c -o [^ ]* //' | relto_src "$src" "$obj" 1 | LC_ALL=C sort -u >"$work/swept.c"
# OBJECT<TAB>HEADER for every header an object includes.
awk -F'\t' '{ n = split($2, d, " "); for (i = 1; i <= n; i++) if (d[i] ~ /\.h$/) print $1 "\t" d[i] }' "$out/deps" |
	relto_src "$src" "$obj" | LC_ALL=C sort -u >"$work/includes"

# 2. The headers: kept or left out.
: >"$dest/excluded-headers.txt.tmp"
: >"$work/excluded"
swept_dirs=$(sed 's|/[^/]*$||' "$work/swept.c" | LC_ALL=C sort -u)
for h in $(cut -f2 "$work/files.map" | grep '\.h$' || true); do
	n=$(awk -F'\t' -v h="$h" '$2 == h' "$work/includes" | wc -l)
	why=''
	case $h in
	include/* | arch/*/include/*) why="a shared header ($n swept includers; the whole tree's are not known)" ;;
	esac
	[ -n "$why" ] || [ "$n" -le "$max_inc" ] || why="$n swept includers, more than $max_inc"
	if [ -z "$why" ]; then
		# Every file naming it in an #include must be in a swept directory.
		if [ ! -f "$work/tree-includes" ]; then
			(cd "$src" && grep -rHoE --include='*.[ch]' '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][^">]*[">]' . ) |
				sed -E 's|^\./||; s|:[^"<]*["<]([^">]*)[">]$|\t\1|' >"$work/tree-includes" || true
		fi
		outside=$(B=$(basename "$h") awk -F'\t' '{ n = split($2, p, "/"); if (p[n] == ENVIRON["B"]) print $1 }' "$work/tree-includes" |
			while IFS= read -r f; do
				grep -qxF "$(dirname "$f")" <<<"$swept_dirs" || echo "$f"
			done | head -n 3 | tr '\n' ' ')
		[ -z "$outside" ] || why="included outside the swept directories: $outside"
	fi
	if [ -n "$why" ]; then
		printf '%s\t%s\n' "$h" "$why" >>"$dest/excluded-headers.txt.tmp"
		echo "$h" >>"$work/excluded"
	fi
done
mv "$dest/excluded-headers.txt.tmp" "$dest/excluded-headers.txt"
note "$(wc -l <"$work/files.map") files with fix-its; $(wc -l <"$work/excluded") headers left out (excluded-headers.txt)"

# The log without the left-out headers' fix-its (and their warnings),
# each diagnostic's fix-its once.
awk -F'\t' -v warning="$STYLE_WARNING_RE" 'NR == FNR { ex[$1] = 1; next } FILENAME == ARGV[2] { if ($2 in ex) drop[$1] = 1; next }
	{
		f = $0
		if (f ~ /^fix-it:"/) { sub(/^fix-it:"/, "", f); sub(/":\{.*$/, "", f) }
		else if (f ~ warning) sub(/:[0-9]+:[0-9]+: warning: .*$/, "", f)
		else { print; next }
		if (!(f in drop)) print
	}' "$work/excluded" "$work/files.map" "$out/sweep.log" |
	# A header's diagnostics come once per includer (the sweep gives the
	# plugin no once=): each diagnostic's fix-its (consecutive lines)
	# once, as fix-tree.sh applies all the fix-it lines it is given.
	awk '/^fix-it:"/ { g = g $0 "\n"; next }
		g != "" { if (!seen[g]++) printf "%s", g; g = "" }
		{ print }
		END { if (g != "" && !seen[g]++) printf "%s", g }' >"$work/sweep.log"

# Groups: drivers/X, sound/X, fs/X, net/X, arch/X, or the top directory.
awk -F'\t' -v warning="$STYLE_WARNING_RE" 'NR == FNR { ex[$1] = 1; next } !($2 in ex) { print $2 }' "$work/excluded" "$work/files.map" |
	awk -F/ '{ g = $1; if (NF > 2 && ($1 ~ /^(drivers|sound|fs|net|arch)$/)) g = $1 "/" $2; print $0 "\t" g }' >"$work/groups"
while [ "$(cut -f2 "$work/groups" | LC_ALL=C sort -u | wc -l)" -gt "$max_patches" ]; do
	small=$(cut -f2 "$work/groups" | grep / | LC_ALL=C sort | uniq -c | sort -n | awk 'NR == 1 { print $2 }')
	[ -n "$small" ] || die "more than $max_patches top-level directories"
	awk -F'\t' -v s="$small" 'BEGIN { OFS = "\t" } $2 == s { sub(/\/.*/, "", $2) } 1' "$work/groups" >"$work/groups.tmp"
	mv "$work/groups.tmp" "$work/groups"
done

cat >"$work/message" <<EOF
Proof: every object of the x86_64 allmodconfig (as changed by
kbuild/sweep.config) whose source or included headers this patch
touches was built before and after it, and kbuild/compare-objs.sh
compared each, section by section: the same code and data, and line
numbers only where they are shown to have moved (treewide/$version/proof.log).

Made with the style_plugin project's tools: kbuild/sweep.sh (the
configuration compiled with -fsyntax-only and the plugin, collecting
the fix-its), then kbuild/treewide.sh $version SRC OBJ OUT
treewide/$version, which writes these patches; headers whose includers
the proof cannot all rebuild are left out (excluded-headers.txt).
EOF

# 3. The patches.
mkdir -p "$work/split"
"$here/fix-tree.sh" --log "$work/sweep.log" --split "$work/split" --author "$name <$email>" \
	--groups "$work/groups" --message "$work/message" "$src" "$obj" "$work/all.patch" >"$work/fix-tree.log" 2>&1 ||
	{ cat "$work/fix-tree.log" >&2; die "fix-tree.sh failed"; }
sed 's/^/  /' "$work/fix-tree.log"
rm -f "$dest"/*.patch "$dest/series"
cp "$work"/split/*.patch "$dest/"
(cd "$dest" && ls -- *.patch) >"$dest/series"
mapfile -t patches < <(series_patches "$dest")

# 4. The checks, on the files of a fresh tree.
mapfile -t touched < <(touched_files "${patches[@]}")
extract_files "$version" "$work/orig" "${touched[@]}"
for m in patch git; do
	cp -a "$work/orig" "$work/fresh-$m"
	check_series "$m" "$work/fresh-$m" "${patches[@]}"
done
bad=''
for f in "${touched[@]}"; do
	[ -f "$work/orig/$f" ] || die "$f is not in linux-source-$version"
	cmp -s <(tr -d ' \t\n' <"$work/orig/$f") <(tr -d ' \t\n' <"$work/fresh-patch/$f") || bad="$bad $f"
	cmp -s "$work/fresh-patch/$f" "$work/fresh-git/$f" || bad="$bad $f(patch/git)"
done
[ -z "$bad" ] || die "changed beyond spaces, tabs and newlines:$bad"
stat=$(cat "${patches[@]}" | grep -c '^+[^+]' || true)
{
	echo "treewide/$version: ${#patches[@]} patches, ${#touched[@]} files, $stat added lines"
	echo "applied in series order to the files of a fresh /usr/src/linux-source-$version.tar.xz:"
	echo "  patch -p1 --fuzz=0: ok; git apply: ok (the same result)"
	echo "every touched file is identical to the original with spaces, tabs and newlines removed: ${#touched[@]} of ${#touched[@]}"
	for p in "${patches[@]}"; do
		printf '  %s: %s files, %s\n' "$(basename "$p")" "$(touched_files "$p" | wc -l)" \
			"$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$p")"
	done
} | tee "$dest/check.txt"
