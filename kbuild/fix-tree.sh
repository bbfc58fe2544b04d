#!/usr/bin/env bash
# kbuild/fix-tree.sh - turn the style plugin's fix-its for a kernel tree
# into a patch.
#
# Builds SRC (a tree prepared by kbuild/prepare-tree.sh) in the O= dir OBJ
# with "make W=style" and KCFLAGS=-fdiagnostics-parseable-fixits, or reads
# the log of such a build (--log), collects the "fix-it:" lines of the
# files of SRC (fix-its for other files, e.g. generated headers in OBJ,
# are counted and left out), applies them with scripts/apply-fixits.sh
# to a copy of the files they touch (each file once; SRC is never written),
# and writes OUT.patch: a git diff with a/ b/ paths relative to the top of
# the tree. The patch is checked before it is written out:
#   - "git apply --check" and "patch -p1 --dry-run" accept it on SRC;
#   - it changes only blanks and line breaks: the non-blank characters of
#     each file are the same before and after;
#   - it adds no line break inside a preprocessor directive: each file's
#     directive lines (a line that starts with #, and those continuing it
#     after a backslash) are the same before and after.
# No fix-its: OUT.patch is empty (0 bytes) and the script says so (exit 0).
#
# Usage: kbuild/fix-tree.sh [options] SRC OBJ OUT.patch [make args...]
#   SRC      kernel source tree with the W=style series (never modified)
#   OBJ      its O= build directory (configured, or see --config)
#   make args  passed to the build, e.g. ARCH=x86_64 or targets (default:
#            all); the VAR=VALUE ones also to make TARGET and make clean
#            (W=style is added unless a W= with "style" is given; put
#            your own KCFLAGS in the environment, they are kept)
# Options:
#   --log FILE     do not build: read FILE, the log of a finished W=style
#                  build of SRC in OBJ made with
#                  KCFLAGS=-fdiagnostics-parseable-fixits (e.g. the
#                  OBJ/build.log of qemu/build.sh); no make is run
#   --config TGT   OBJ has no .config yet: "make TGT" first (defconfig,
#                  tinyconfig, ...)
#   --clean        "make clean" in OBJ before building (a build reports
#                  only what it compiles, so OBJ must start without objects)
#   --incremental  build although OBJ has objects (only what make
#                  recompiles is fixed)
#   --split DIR    also write one patch per top-level directory (arch/X
#                  counts as X) into DIR, in git format-patch form, each
#                  with a subject, a commit message and Signed-off-by
#                  (the *.patch files already in DIR are removed)
#   --author ID    "Name <email>" for --split (default: git config
#                  user.name / user.email)
#   --groups FILE  for --split: FILE maps paths to patches, "PATH<TAB>GROUP"
#                  a line (GROUP is the subject's prefix, e.g.
#                  drivers/video), optionally "<TAB>NOTE" (a line for
#                  the group's message, @NOTE@ below); paths it does not
#                  list go by their top-level directory
#   --message FILE for --split: text added to each commit message before
#                  Signed-off-by (@GROUP@ is replaced by the group, @NOTE@
#                  by the NOTE of its first file in --groups, or nothing)
#   --keep DIR     keep the work files in DIR (emptied first): the
#                  touched files in a git repository with the original
#                  and the fixed versions, the fix-its; default: a
#                  temporary directory, removed
#   -h, --help
# Environment: JOBS (make -j, default 2), KCFLAGS (kept, the fix-it flag
#   is appended), TMPDIR. The build log goes to OBJ/fix-tree.log.
# Exit: 0 patch written (maybe empty), 1 error, 2 usage.
set -euo pipefail

prog=fix-tree.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [--log FILE] [--config TARGET] [--clean|--incremental] [--split DIR] [--author 'NAME <EMAIL>'] [--groups FILE] [--message FILE] [--keep DIR] SRC OBJ OUT.patch [make args...]" >&2
	exit 2
}

log='' config='' clean=0 incremental=0 split='' author='' keep='' groups='' message=''
options '--log=log --config=config --split=split --author=author --keep=keep
	--groups=groups --message=message --clean:clean --incremental:incremental' "$@"
shift "$nopts"
[ $# -ge 3 ] || usage
src=$1 obj=$2 out=$3
shift 3
make_args=("$@")
jobs=${JOBS:-2}

for tool in git patch make awk sed diff; do
	command -v $tool >/dev/null || die "$tool is not installed"
done
src=$(prepared_tree "$src") || exit
case $out in
*/ | '') die "OUT.patch must be a file name, got '$out'" ;;
esac
mkdir -p "$(dirname "$out")" || die "cannot create the directory of $out"
out=$(cd "$(dirname "$out")" && pwd -P)/$(basename "$out")
[[ $out != "$src"/* ]] || die "OUT.patch must not be inside SRC ($out)"
[ $clean = 0 ] || [ $incremental = 0 ] || die "--clean and --incremental exclude each other"
for f in "$groups" "$message"; do
	[ -z "$f" ] || [ -f "$f" ] || die "'$f' not found"
done
[ -n "$split" ] || [ -z "$groups$message" ] || die "--groups and --message go with --split"
if [ -n "$log" ]; then
	[ -f "$log" ] || die "build log '$log' not found"
	{ [ -z "$config" ] && [ $clean = 0 ] && [ $incremental = 0 ] && [ ${#make_args[@]} = 0 ]; } ||
		die "--log reads a finished build: --config, --clean, --incremental and make args do not apply"
	log=$(cd "$(dirname "$log")" && pwd -P)/$(basename "$log")
fi
if [ ! -d "$obj" ]; then
	[ -n "$config" ] || die "OBJ '$obj' is not a directory (pass --config TARGET to configure a new one)"
	mkdir -p "$obj" || die "cannot create OBJ '$obj'"
fi
obj=$(cd "$obj" && pwd -P)
[ "$obj" != "$src" ] || die "OBJ must differ from SRC (in-tree builds are not supported)"
[[ $src != "$obj"/* ]] || die "SRC must not be inside OBJ"

# The identity of the --split commits.
a_name='' a_email=''
if [ -n "$split" ]; then
	if [ -z "$author" ]; then
		n=$(git config user.name || true)
		e=$(git config user.email || true)
		{ [ -n "$n" ] && [ -n "$e" ]; } ||
			die "--split needs an author: --author 'Name <email>' or git config user.name/user.email"
		author="$n <$e>"
	fi
	[[ $author =~ ^([^\<\>]*[^\<\>\ ])\ *\<([^\<\>\ ]+@[^\<\>\ ]+)\>$ ]] ||
		die "--author must look like 'Name <email>', got '$author'"
	a_name=${BASH_REMATCH[1]} a_email=${BASH_REMATCH[2]}
fi

# The work directory: the touched files (tree/, a git repository), the
# fix-its, the --split commits.
if [ -n "$keep" ]; then
	if [ -d "$keep" ] && [ -n "$(ls -A "$keep")" ]; then
		[ -f "$keep/fixits.raw" ] || die "--keep dir '$keep' is not empty and not from an earlier run"
		rm -rf "$keep"
	fi
	mkdir -p "$keep" || die "cannot create --keep dir '$keep'"
	work=$(cd "$keep" && pwd -P)
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/fix-tree.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi

# A git that reads no user or system configuration and works in
# $work/tree only; identities are set where needed.
wgit() {
	GIT_DIR=$work/tree/.git GIT_WORK_TREE=$work/tree GIT_CONFIG_NOSYSTEM=1 \
		HOME=$work GIT_CONFIG_GLOBAL=/dev/null \
		git -c core.autocrlf=false -c core.quotepath=false -c diff.noprefix=false \
		-c diff.mnemonicprefix=false -c diff.renames=false -c color.ui=false "$@"
}

# 1. The build (or the given log).
if [ -z "$log" ]; then
	has_w=0
	for a in ${make_args[@]+"${make_args[@]}"}; do
		case $a in
		W=*style*) has_w=1 ;;
		W=*) die "make arg $a: W= must include the word style (e.g. W=1,style)" ;;
		KCFLAGS=*) die "make arg $a: put KCFLAGS in the environment (the fix-it flag is appended to it)" ;;
		esac
	done
	[ $has_w = 1 ] || make_args+=(W=style)
	# The variables alone (no targets), for make TARGET and make clean.
	make_vars=()
	for a in "${make_args[@]}"; do
		case $a in *=*) make_vars+=("$a") ;; esac
	done
	log=$obj/fix-tree.log
	: >"$log"
	kmake() {
		echo "+ make $*" >>"$log"
		make -C "$src" O="$obj" "$@" >>"$log" 2>&1
	}
	if [ ! -f "$obj/.config" ]; then
		[ -n "$config" ] || die "OBJ '$obj' has no .config: configure it, or pass --config TARGET (e.g. --config defconfig)"
		note "configuring $obj: make $config"
		kmake "${make_vars[@]}" "$config" || die "make $config failed (see $log)"
	elif [ -n "$config" ]; then
		die "OBJ '$obj' already has a .config; leave out --config"
	fi
	if [ $clean = 1 ]; then
		note "make clean in $obj"
		kmake "${make_vars[@]}" clean || die "make clean failed (see $log)"
	elif [ $incremental = 0 ] &&
		[ -n "$(find "$obj" \( -path "$obj/scripts" -o -path "$obj/tools" \) -prune -o -name '*.o' -print -quit)" ]; then
		die "OBJ '$obj' already has objects, and a build reports only what it compiles: pass --clean (make clean first) or --incremental"
	fi
	note "building: make -j$jobs ${make_args[*]} with KCFLAGS+=-fdiagnostics-parseable-fixits (log: $log)"
	echo "+ KCFLAGS=${KCFLAGS:+$KCFLAGS }-fdiagnostics-parseable-fixits" >>"$log"
	t0=$(date +%s)
	KCFLAGS="${KCFLAGS:+$KCFLAGS }-fdiagnostics-parseable-fixits" \
		kmake -j"$jobs" "${make_args[@]}" ||
		{ tail -n 20 "$log" >&2; die "the W=style build failed (see $log)"; }
	note "built in $(($(date +%s) - t0)) s"
fi

# 2. The fix-its, with each file's path made relative to SRC. GCC names
# files as the compiler was given them, relative to OBJ (where kbuild runs
# it) or absolute.
nwarn=$(grep -cE "$STYLE_WARNING_RE\$" "$log" || true)
nerr=$(grep -cE "$STYLE_ERROR_RE\$" "$log" || true)
grep '^fix-it:"' "$log" >"$work/fixits.raw" || true
# Reports without fix-its are normal (the plugin offers none for some
# lines), but with none at all, check that the build asked for them: on
# the make command line in the log, or in the objects' .cmd files.
if [ ! -s "$work/fixits.raw" ] && [ $((nwarn + nerr)) -gt 0 ] &&
	! grep -q -e '-fdiagnostics-parseable-fixits' "$log" &&
	! grep -rqs --include='*.o.cmd' -e '-fdiagnostics-parseable-fixits' "$obj"; then
	die "$log has $((nwarn + nerr)) style reports but no fix-it lines: was it built with KCFLAGS=-fdiagnostics-parseable-fixits?"
fi
# The files, as named in the fix-it lines (GCC escapes only \ and " in
# them, which kernel paths do not have).
sed 's/^fix-it:"\(.*\)":{[0-9]*:[0-9]*-[0-9]*:[0-9]*}:".*$/\1/' "$work/fixits.raw" |
	LC_ALL=C sort -u >"$work/files.raw"
: >"$work/files.map"
outside=()
while IFS= read -r f; do
	case $f in
	/*) p=$f ;;
	*) p=$obj/$f ;;
	esac
	p=$(realpath -m "$p")
	if [[ $p == "$src"/* ]] && [[ $p != "$obj"/* ]] && [ -f "$p" ]; then
		printf '%s\t%s\n' "$f" "${p#"$src"/}" >>"$work/files.map"
	else
		outside+=("$f")
	fi
done <"$work/files.raw"
[ ${#outside[@]} = 0 ] ||
	note "left out ${#outside[@]} file(s) outside SRC: ${outside[*]}"
awk -F'\t' '
	NR == FNR { map[$1] = $2; next }
	{
		f = $0
		sub(/^fix-it:"/, "", f)
		sub(/":\{[0-9]+:[0-9]+-[0-9]+:[0-9]+\}:".*$/, "", f)
		if (!(f in map)) next
		rest = substr($0, length("fix-it:\"") + length(f) + 1)
		print "fix-it:\"" map[f] rest
	}' "$work/files.map" "$work/fixits.raw" >"$work/fixits"
nfix=$(wc -l <"$work/fixits")
cut -f2 "$work/files.map" | LC_ALL=C sort -u >"$work/files"
nfiles=$(wc -l <"$work/files")
[ "$nerr" = 0 ] && errs= || errs=" and $nerr errors"
note "$log: $nwarn style warnings$errs, $nfix fix-it lines for $nfiles files of SRC"

if [ "$nfix" = 0 ]; then
	: >"$out"
	note "no fix-its: $out is empty (nothing to change)"
	[ -z "$split" ] || { mkdir -p "$split"; note "--split: no patches written to $split"; }
	exit 0
fi

# 3. A copy of the touched files (a git repository, for the diffs), fixed.
mkdir -p "$work/tree"
while IFS= read -r f; do
	mkdir -p "$work/tree/$(dirname "$f")"
	cp "$src/$f" "$work/tree/$f"
done <"$work/files"
base_id=(-c user.name=fix-tree.sh -c user.email=fix-tree@localhost)
wgit init -q
wgit add -A
GIT_AUTHOR_DATE="1704067200 +0000" GIT_COMMITTER_DATE="1704067200 +0000" wgit "${base_id[@]}" commit -q -m "original files of $src"
"$root/scripts/apply-fixits.sh" -C "$work/tree" "$work/fixits" ||
	die "scripts/apply-fixits.sh failed on the fix-its of $log"
wgit diff --src-prefix=a/ --dst-prefix=b/ --no-ext-diff >"$work/all.patch"
[ -s "$work/all.patch" ] || die "the $nfix fix-its changed nothing"

# 4. Checks.
# Only blanks and line breaks change.
bad=$(while IFS= read -r f; do
	cmp -s <(tr -d ' \t\n' <"$src/$f") <(tr -d ' \t\n' <"$work/tree/$f") || echo "$f"
done <"$work/files")
[ -z "$bad" ] || die "the fix-its change more than blanks and line breaks in: $bad"
# No line break added inside a preprocessor directive: each file's
# directives (lines that start with #, and the lines that continue them
# after a backslash) are the same lines before and after. (Not from the
# patch's added lines: a diff may show an unchanged "#endif" as taken
# out and added again next to the lines that moved around it.)
directives() {
	awk '{ if (c || /^[ \t]*#/) { print; c = /\\$/ } else c = 0 }' "$1"
}
bad=$(while IFS= read -r f; do
	cmp -s <(directives "$src/$f") <(directives "$work/tree/$f") || echo "$f"
done <"$work/files")
[ -z "$bad" ] || die "the fix-its break a preprocessor line: $bad"
(cd "$src" && GIT_CEILING_DIRECTORIES=$(dirname "$src") git apply --check -p1 "$work/all.patch") </dev/null ||
	die "git apply --check refuses the patch on $src (kept: ${keep:-use --keep DIR})"
patch -d "$src" -p1 --dry-run --fuzz=0 -s -f -i "$work/all.patch" </dev/null >/dev/null ||
	die "patch -p1 --dry-run refuses the patch on $src"
stat=$(wgit diff --shortstat)
cp "$work/all.patch" "$out.tmp"
mv "$out.tmp" "$out"
note "wrote $out:$stat"

# 5. --split: one commit per top-level directory, in format-patch form.
[ -n "$split" ] || exit 0

# Reports per rule and file (the fix-its' files), for the messages.
sed -n 's/^\([^ :]*\):[0-9]*:[0-9]*: \(warning\|error\): .*\[-W\(error=\)\{0,1\}style-\([a-z-]*\)\]$/\1\t\4/p' "$log" |
	LC_ALL=C sort -u >"$work/rules.raw" || true
awk -F'\t' 'NR == FNR { map[$1] = $2; next } ($1 in map) { print map[$1] "\t" $2 }' \
	"$work/files.map" "$work/rules.raw" >"$work/rules"

# group FILE: the subject prefix of FILE's patch (--groups, or its
# top-level directory).
group() {
	local g=''
	[ -z "$groups" ] || g=$(awk -F'\t' -v f="$1" '$1 == f { print $2; exit }' "$groups")
	[ -z "$g" ] || { echo "$g"; return; }
	case $1 in
	arch/*/*) local r=${1#arch/}; echo "${r%%/*}" ;;
	*/*) echo "${1%%/*}" ;;
	*) echo treewide ;;
	esac
}
while IFS= read -r f; do
	printf '%s\t%s\n' "$(group "$f")" "$f"
done <"$work/files" >"$work/groups"
mkdir -p "$split" || die "cannot create --split dir '$split'"
rm -f "$split"/*.patch
n=0
while IFS= read -r g; do
	mapfile -t gf < <(awk -F'\t' -v g="$g" '$1 == g { print $2 }' "$work/groups")
	rules=$(for f in "${gf[@]}"; do awk -F'\t' -v f="$f" '$1 == f { print $2 }' "$work/rules"; done |
		LC_ALL=C sort -u | tr '\n' ' ')
	case " $rules" in
	*" loop-body "* | *" do-body "* | *" multi-stmt "* | *" brace-body "*) subject="Put each statement on a line of its own" ;;
	*) subject="Put if and else bodies on their own lines" ;;
	esac
	{
		echo "$g: $subject"
		echo
		cat <<-EOF
		Documentation/process/coding-style.rst: "Don't put multiple
		statements on a single line unless you have something to hide".
		Move the statements that share a line with an if or else, a loop
		header or another statement onto lines of their own; a body goes
		one level of indentation deeper than its if, else or loop.

		This is a formatting-only change: only blanks and line breaks
		change, the non-blank characters of every file stay the same, and
		no code change is intended. Values of __LINE__ (in WARN()/BUG()
		reports, for example) below the split lines change.

		EOF
		echo "The edits are the fix-it hints of the style GCC plugin (make" \
			"W=style, scripts/gcc-plugins/style_plugin.c) for the reports in" \
			"this patch's files ($(echo "$rules" | sed 's/^ *//; s/ *$//; s/ /, /g')), applied by" \
			"kbuild/fix-tree.sh." | fold -s -w 72 | sed 's/ *$//'
		echo
		if [ -n "$message" ]; then
			gnote=''
			[ -z "$groups" ] || gnote=$(awk -F'\t' -v f="${gf[0]}" '$1 == f { print $3; exit }' "$groups")
			G=$g N=$gnote awk '{ gsub(/@GROUP@/, ENVIRON["G"]); gsub(/@NOTE@/, ENVIRON["N"]); print }' "$message" |
				fold -s -w 72 | sed 's/ *$//'
			echo
		fi
		echo "Signed-off-by: $a_name <$a_email>"
	} >"$work/msg"
	wgit add -- "${gf[@]}"
	GIT_AUTHOR_NAME=$a_name GIT_AUTHOR_EMAIL=$a_email \
		GIT_COMMITTER_NAME=$a_name GIT_COMMITTER_EMAIL=$a_email \
		wgit commit -q -F "$work/msg"
	n=$((n + 1))
done < <(cut -f1 "$work/groups" | LC_ALL=C sort -u)
[ -z "$(wgit status --porcelain)" ] || die "internal error: fixed files left out of the --split commits"
wgit format-patch -q --no-signature -o "$split" HEAD~"$n"..HEAD >/dev/null
note "--split: wrote $n patches to $split"
