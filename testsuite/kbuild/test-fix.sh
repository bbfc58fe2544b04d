#!/usr/bin/env bash
# testsuite/kbuild/test-fix.sh - the round trip of kbuild/fix-tree.sh on the QEMU
# kernel: fix a tree, prove that the fix changes no code, boot it.
#
# For VERSION (default 6.1):
#   1. prepares $WORK/linux-VERSION (kbuild/prepare-tree.sh) and builds it
#      with qemu/build.sh (tinyconfig + qemu/tiny.config) and
#      "W=style KCFLAGS=-fdiagnostics-parseable-fixits" in $WORK/o-orig;
#   2. kbuild/fix-tree.sh --log (that build) --split: the patch is not
#      empty, has a/ b/ paths, "git apply --check" and "patch -p1
#      --dry-run" accept it, and the --split patches (subject,
#      Signed-off-by) add up to the same change;
#   3. applies it to $WORK/linux-VERSION-fixed, a hard-linked copy of the
#      tree (GNU patch writes each file it changes anew, which breaks the
#      link; checked: the original tree still takes the patch);
#   4. builds the fixed tree the same way in $WORK/o-fixed, and checks:
#      - no report of the fixed rules is left but on lines that the patch
#        did not change (lines the plugin offers no fix-it for: the same
#        text was reported for the same rule in the first build);
#      - fix-tree.sh on the fixed tree writes an empty patch;
#      - kbuild/compare-objs.sh o-orig o-fixed passes: the same code and
#        data in every object, but __LINE__ values (the objects are
#        listed); the first build is the reference (the plugin changes no
#        code, so a build without W=style is not needed);
#      - checkpatch.pl (the tree's, --no-tree --no-signoff) finds no new
#        problem on the lines the patch changes: it is run on the patch
#        (it checks the added lines, i.e. the new code) and on the reverse
#        patch (the lines taken out, i.e. the old code); a message on a new
#        line is new unless its old line had the same message type (see
#        below for the two accepted kinds); and it has nothing to say
#        about the commit messages of the split patches;
#      - the fixed kernel boots in QEMU (qemu/initramfs.sh, qemu/boot.sh,
#        marker check).
# Two kernel builds: 15 minutes on 2 cores shared with other jobs (load
# 7), about 7 on idle ones (10 minutes of CPU).  One with FIX_REFERENCE.
#
# Usage: testsuite/kbuild/test-fix.sh [VERSION]      (default: 6.1)
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/fix-test (WORK overrides); JOBS (default 2);
#   FIX_REFERENCE=OBJ FIX_TREE=SRC: take a finished qemu/build.sh build
#   of the prepared tree SRC with the same flags as step 1 (make check:
#   the qemu stage's $BUILD/qemu-6.1/style) instead of building one.
set -euo pipefail

# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=test-fix.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

[ $# -le 1 ] || { echo "usage: $0 [VERSION]   (default: 6.1)" >&2; exit 2; }
version=${1:-6.1}
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] || die "VERSION must look like 6.1 or 6.12, got '$version'"
tarball_of "$version" >/dev/null
build=${BUILD:-$root/build}
work=${WORK:-$build/fix-test}
jobs=${JOBS:-2}
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
tree=$work/linux-$version
fixed=$work/linux-$version-fixed
o_orig=$work/o-orig
o_fixed=$work/o-fixed
fixflags=(W=style KCFLAGS=-fdiagnostics-parseable-fixits)
if [ -n "${FIX_REFERENCE:-}" ]; then
	o_orig=$(cd "$FIX_REFERENCE" 2>/dev/null && pwd -P) ||
		die "FIX_REFERENCE=$FIX_REFERENCE is not a directory"
	tree=$(cd "${FIX_TREE:-/nonexistent}" 2>/dev/null && pwd -P) ||
		die "FIX_REFERENCE needs FIX_TREE, the source tree it was built from"
	[ -f "$o_orig/vmlinux" ] && [ -f "$o_orig/build.log" ] ||
		die "FIX_REFERENCE=$o_orig: no finished build (vmlinux, build.log)"
	grep -q -- '-fdiagnostics-parseable-fixits' "$o_orig/init/.main.o.cmd" &&
		grep -q -- 'style_plugin' "$o_orig/init/.main.o.cmd" ||
		die "FIX_REFERENCE=$o_orig was not built with ${fixflags[*]}"
fi
# git must not take a project that holds the tree for the tree's own.
ceiling=$(dirname "$tree")
rules='if-body|else-body|brace-body|loop-body|do-body|multi-stmt'

# shellcheck disable=SC2154 # passed, failed: counted by scripts/lib.sh's check()
finish() {
	echo "test-fix: $passed passed, $failed failed"
	[ "$failed" = 0 ]
	exit
}
t0=$(date +%s)
step() { note "linux-$version: $* ($(($(date +%s) - t0)) s)"; }

# rule_counts LOG: "RULE COUNT" of the style reports of LOG.
rule_counts() {
	sed -En "s/.*: warning: .*\[-Wstyle-($rules)\]\$/\1/p" "$1" | LC_ALL=C sort | uniq -c |
		awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }'
}
# reports LOG TREE: "FILE<tab>RULE<tab>TEXT" of each style report of LOG
# in a file of TREE, TEXT being the reported line, sorted.
reports() {
	local f l r
	sed -En "s#^($2/[^:]*):([0-9]+):[0-9]+: warning: .*\[-Wstyle-($rules)\]\$#\1\t\2\t\3#p" "$1" |
		while IFS=$'\t' read -r f l r; do
			printf '%s\t%s\t%s\n' "$(realpath -m --relative-to="$2" "$f")" "$r" "$(sed -n "${l}p" "$f")"
		done | LC_ALL=C sort
}

# 1. The tree and the reference build.
if [ -n "${FIX_REFERENCE:-}" ]; then
	# A reused build is checked, not taken on trust: it finished (make
	# said the bzImage is ready, newer than its vmlinux), with no
	# compiler error, of this tree, with the plugin on.
	step "reference: $o_orig, a build of $tree"
	check "linux-$version: the W=style build of the original tree (reused: $o_orig): bzImage ready, no error, of $tree" bash -c "
		grep -q 'Kernel: arch/x86/boot/bzImage is ready' '$o_orig/build.log' &&
		! grep -q -e ': error: ' -e '^make.*: \*\*\*' '$o_orig/build.log' &&
		[ '$o_orig/arch/x86/boot/bzImage' -nt '$o_orig/vmlinux' ] &&
		grep -qx 'include $tree/Makefile' '$o_orig/Makefile' &&
		grep -q -- '-fplugin=./scripts/gcc-plugins/style_plugin.so' '$o_orig/init/.main.o.cmd'"
	[ "$failed" = 0 ] || finish
else
	step "preparing $tree"
	"$root/kbuild/prepare-tree.sh" "$version" "$tree" >/dev/null
	step "building $o_orig (${fixflags[*]})"
	rm -rf "$o_orig"
	if ! JOBS=$jobs "$root/qemu/build.sh" "$tree" "$o_orig" "${fixflags[@]}"; then
		fail "linux-$version: the W=style build of the original tree"
		finish
	fi
	pass "linux-$version: the W=style build of the original tree"
fi

# 2. The patch.
step "fix-tree.sh"
author=()
{ git config user.name && git config user.email; } >/dev/null ||
	author=(--author "fix-tree test <fix-tree@example.org>")
rm -rf "$work/split"
if ! "$root/kbuild/fix-tree.sh" ${author[@]+"${author[@]}"} --log "$o_orig/build.log" --split "$work/split" \
	"$tree" "$o_orig" "$work/fix.patch"; then
	fail "linux-$version: fix-tree.sh writes a patch"
	finish
fi
patch=$work/fix.patch
nfiles=$(grep -c '^diff --git ' "$patch" || true)
read -r nplus nminus < <(git apply --numstat "$patch" | awk '{ p += $1; m += $2 } END { print p + 0, m + 0 }')
nfix=$(grep -c '^fix-it:"' "$o_orig/build.log" || true)
check "linux-$version: the patch is not empty ($nfiles files, +$nplus -$nminus lines, $nfix fix-it lines in the log)" \
	[ "$nfiles" -gt 0 ]
# shellcheck disable=SC2016 # awk and bash -c programs in single quotes
check "linux-$version: the patch has a/ b/ paths relative to the tree" awk '
	/^diff --git / { if ($3 != "a/" substr($4, 3) || $4 !~ /^b\//) bad = 1 }
	/^--- / && !/^--- a\/[^\/]/ { bad = 1 }
	/^\+\+\+ / && !/^\+\+\+ b\/[^\/]/ { bad = 1 }
	END { exit bad }' "$patch"
check "linux-$version: git apply --check accepts the patch on the tree" \
	bash -c "cd '$tree' && GIT_CEILING_DIRECTORIES='$ceiling' git apply --check -p1 '$patch'"
check "linux-$version: patch -p1 --dry-run accepts it too" \
	patch -d "$tree" -p1 --dry-run --fuzz=0 -s -f -i "$patch"
mapfile -t splits < <(find "$work/split" -name '*.patch' | LC_ALL=C sort)
nsplit=${#splits[@]}
# shellcheck disable=SC2016
check "linux-$version: --split wrote $nsplit patches, each with a subject and Signed-off-by" \
	bash -c '[ $# -gt 0 ] && for p; do grep -q "^Subject: \[PATCH [0-9/ ]*\] [a-z0-9_-]*: Put .* on .* own" "$p" && grep -q "^Signed-off-by: .* <.*@.*>$" "$p" || exit 1; done' _ "${splits[@]}"
[ "$nsplit" = 0 ] || grep -h '^Subject:' "${splits[@]}" | sed 's/^/    /'
# The split patches, applied in order, give the same files as the patch.
mirror=$work/mirror
rm -rf "$mirror"
mkdir -p "$mirror/one" "$mirror/split"
mapfile -t touched < <(touched_files "$patch")
for f in "${touched[@]}"; do
	for m in one split; do
		mkdir -p "$mirror/$m/$(dirname "$f")"
		cp "$tree/$f" "$mirror/$m/$f"
	done
done
split_same() {
	apply_one git "$mirror/one" "$patch" || return 1
	for p in "${splits[@]}"; do
		apply_one git "$mirror/split" "$p" || return 1
	done
	diff -r "$mirror/one" "$mirror/split" >/dev/null
}
if split_same; then
	pass "linux-$version: the split patches add up to the patch"
else
	fail "linux-$version: the split patches add up to the patch"
fi
# A fix-it that breaks a line inside a #define (planted in a copy of the
# log: a line break after the macro's name, in the first file with
# fix-its and a #define) is refused: fix-tree.sh compares each file's
# directive lines.
planted='' pline=''
while IFS= read -r planted; do
	pfile=$planted
	[[ $pfile == /* ]] || pfile=$tree/$pfile
	pline=$(awk '/^#define [A-Za-z_0-9]+ / { print FNR ":" length($2) + 9; exit }' "$pfile")
	[ -z "$pline" ] || break
done < <(sed -n 's/^fix-it:"\([^"]*\)".*/\1/p' "$o_orig/build.log" | awk '!seen[$0]++')
if [ -n "$pline" ]; then
	{ cat "$o_orig/build.log"; echo "fix-it:\"$planted\":{${pline%:*}:${pline#*:}-${pline%:*}:${pline#*:}}:\"\\n\""; } >"$work/planted.log"
	check "linux-$version: fix-tree.sh refuses a fix-it that breaks a #define (${pfile#"$tree"/}:${pline%:*})" bash -c '
		! "$1" --log "$2" "$3" "$4" "$5" 2>"$5.err" && grep -q "break a preprocessor line: .*${6#"$3"/}" "$5.err"' _ \
		"$root/kbuild/fix-tree.sh" "$work/planted.log" "$tree" "$o_orig" "$work/planted.patch" "$pfile"
else
	fail "linux-$version: a file with fix-its and a #define, to plant a broken directive in"
fi

# 3. The fixed tree.
step "applying the patch to $fixed"
rm -rf "$fixed"
cp -al "$tree" "$fixed"
if ! patch -d "$fixed" -p1 --fuzz=0 -s -f -i "$patch" --no-backup-if-mismatch; then
	fail "linux-$version: the patch applies to a copy of the tree"
	finish
fi
pass "linux-$version: the patch applies to a copy of the tree"
check "linux-$version: patched files are not linked to the tree, which still takes the patch" bash -c "
	[ \$(stat -c %h '$fixed/${touched[0]}') = 1 ] &&
	cd '$tree' && GIT_CEILING_DIRECTORIES='$ceiling' git apply --check -p1 '$patch'"

# 4. The fixed build.
step "building $o_fixed (${fixflags[*]})"
rm -rf "$o_fixed"
if ! JOBS=$jobs "$root/qemu/build.sh" "$fixed" "$o_fixed" "${fixflags[@]}"; then
	fail "linux-$version: the W=style build of the fixed tree"
	finish
fi
pass "linux-$version: the W=style build of the fixed tree"

# Idempotence: a report left in the fixed tree must be on a line the
# patch did not change (the same text was reported, for the same rule, in
# the original tree): a line the plugin offered no fix-it for, such as a
# whole function on one line.
reports "$o_orig/build.log" "$tree" >"$work/reports.orig"
reports "$o_fixed/build.log" "$fixed" >"$work/reports.fixed"
left=$(LC_ALL=C comm -23 "$work/reports.fixed" "$work/reports.orig")
note "reports before: $(rule_counts "$o_orig/build.log"); after: $(rule_counts "$o_fixed/build.log")"
check "linux-$version: idempotent: the $(wc -l <"$work/reports.fixed") report(s) left are on lines without a fix-it, which the patch did not change" \
	[ -z "$left" ]
[ -z "$left" ] || printf '    on a changed line: %s\n' "$left" | sed -n '1,20p'
cut -f1,3 "$work/reports.fixed" | LC_ALL=C sort -u | sed -n "1,10p" | sed 's/\t/: /; s/^/    left (no fix-it): /'
check "linux-$version: fix-tree.sh on the fixed tree writes an empty patch" bash -c "
	'$root/kbuild/fix-tree.sh' --log '$o_fixed/build.log' '$fixed' '$o_fixed' '$work/again.patch' &&
	[ -f '$work/again.patch' ] && [ ! -s '$work/again.patch' ]"

step "comparing the objects"
rc=0
"$root/kbuild/compare-objs.sh" "$o_orig" "$o_fixed" >"$work/compare.log" 2>&1 || rc=$?
sed 's/^/    /' "$work/compare.log"
nline=$(grep -c '^  __LINE__: ' "$work/compare.log" || true)
check "linux-$version: compare-objs.sh: the same code and data ($nline object(s) differ only in __LINE__)" [ $rc = 0 ]

# checkpatch on the lines the patch changes, old and new: the patch (its
# added lines are the new code) and the reverse patch (its added lines are
# the old code). Each new line comes from one old line (the patch only
# splits lines: the non-blank characters run the same), so a message on a
# new line is new unless the same message type (LONG_LINE_* count as one)
# is on the line it came from. Two kinds of new messages are accepted and
# counted apart, as they come from the code around the fix, not from the
# fix:
#   - CODE_INDENT, SUSPECT_CODE_INDENT, LEADING_SPACE on a line split from
#     a line indented with spaces: the fix indents a body one level deeper
#     in the file's own unit (4 spaces in lib/zstd, lib/zlib_*), where
#     checkpatch wants tabs (8 columns);
#   - LINE_SPACING ("Missing a blank line after declarations") after a
#     declaration that shared its line with a statement.
# Anything else fails.
step "checkpatch.pl"
reverse=$work/fix-reverse.patch
for f in "${touched[@]}"; do
	diff -u --label "a/$f" --label "b/$f" "$fixed/$f" "$tree/$f" || true
done >"$reverse"
# cp_run FILE ARGS...: checkpatch.pl on FILE, its report on stdout; a
# run that does not end with status 0 (nothing to say) or 1 (messages,
# printed), or prints on stderr, is recorded in $work/checkpatch.broken.
cp_run() {
	local f=$1 rc=0
	shift
	perl "$tree/scripts/checkpatch.pl" "$@" "$f" >"$work/cp.out" 2>"$work/cp.err" || rc=$?
	if { [ $rc != 0 ] && [ $rc != 1 ]; } || [ -s "$work/cp.err" ] ||
		{ [ $rc = 1 ] && ! grep -q '^\(ERROR\|WARNING\|CHECK\):' "$work/cp.out"; }; then
		echo "$(basename "$f"): exit $rc: $(head -c 300 "$work/cp.err" "$work/cp.out" | tr '\n' ' ')" >>"$work/checkpatch.broken"
	fi
	cat "$work/cp.out"
}
: >"$work/checkpatch.broken"
# cp_msgs PATCH: "FILE<tab>LINE<tab>TYPE" of each checkpatch message on a
# line of a file (LINE in the file the patch makes).
cp_msgs() {
	cp_run "$1" --no-tree --no-signoff --show-types -q | awk '
		/^(ERROR|WARNING|CHECK):[A-Z_0-9]+:/ { split($0, t, ":"); type = t[1] ":" t[2]; next }
		type != "" && /^#[0-9]+: FILE: / {
			at = $3; sub(/:$/, "", at); line = at; sub(/.*:/, "", line); sub(/:[0-9]+$/, "", at)
			print at "\t" line "\t" type; type = ""
		}'
}
# origins: "FILE<tab>NEWLINE<tab>OLDLINE<tab>sp|tab" for every non-blank
# line of the touched files, by the position of its first non-blank
# character; sp: the old line is indented with spaces.
origins() {
	local f
	for f in "${touched[@]}"; do
		LC_ALL=C awk -v f="$f" '
			FNR == 1 { part++ }
			{ nb = $0; gsub(/[ \t\r]/, "", nb) }
			part == 1 {
				start[FNR] = tot; len[FNR] = length(nb); tot += length(nb); n = FNR
				sp[FNR] = $0 ~ /^ / ? "sp" : "tab"; next
			}
			nb != "" {
				while (L <= n && !(start[L] <= pos && pos < start[L] + len[L])) L++
				print f "\t" FNR "\t" L "\t" sp[L]
			}
			{ pos += length(nb) }' L=1 "$tree/$f" "$fixed/$f"
	done
}
cp_msgs "$patch" >"$work/checkpatch.new"
cp_msgs "$reverse" >"$work/checkpatch.old"
origins >"$work/origins"
awk -F'\t' '
	function fam(t) {
		sub(/^(ERROR|WARNING|CHECK):/, "", t)
		if (t ~ /^LONG_LINE/) t = "LONG_LINE"
		return t
	}
	FILENAME ~ /origins$/ { from[$1 "\t" $2] = $3; sp[$1 "\t" $2] = $4; next }
	FILENAME ~ /old$/ { old[$1 "\t" $2 "\t" fam($3)] = 1; next }
	{
		k = $1 "\t" $2; o = from[k]; t = fam($3)
		if (o != "" && (($1 "\t" o "\t" t) in old)) next
		if (o != "" && sp[k] == "sp" && t ~ /^(CODE_INDENT|SUSPECT_CODE_INDENT|LEADING_SPACE)$/)
			c = "space-indent"
		else if (t == "LINE_SPACING")
			c = "declaration"
		else
			c = "new"
		print c "\t" $3 "\t" $1 ":" $2 (o == "" ? "" : " (old line " o ")")
	}' "$work/origins" "$work/checkpatch.old" "$work/checkpatch.new" >"$work/checkpatch.diff"
summary() { cut -f"$2" "$1" | LC_ALL=C sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }'; }
note "checkpatch on the old lines: $(summary "$work/checkpatch.old" 3)"
note "checkpatch on the new lines: $(summary "$work/checkpatch.new" 3)"
note "messages on new lines that their old line did not have: $(summary "$work/checkpatch.diff" 1)"
{ grep -v '^new' "$work/checkpatch.diff" || true; } | awk -F'\t' 'n[$1]++ < 3 { print "    accepted (" $1 "): " $2 " at " $3 }'
n_new=$(grep -c '^new' "$work/checkpatch.diff" || true)
check "linux-$version: checkpatch.pl: no new message on the changed lines ($n_new new; accepted: $(summary "$work/checkpatch.diff" 1))" \
	[ "$n_new" = 0 ]
{ grep '^new' "$work/checkpatch.diff" || true; } | sed -n "1,20p" | sed 's/^new\t/    NEW: /'
# The split patches: their code lines are those of the patch (checked
# above); checkpatch must find nothing in their commit messages (messages
# not on a line of a file).
errs=$(for p in "${splits[@]}"; do
	cp_run "$p" --no-tree --show-types -q |
		awk -v p="$(basename "$p")" '/^(ERROR|WARNING|CHECK):/ { m = $0; getline nx; if (nx !~ /^#[0-9]+: FILE: /) print p ": " m }'
done)
check "linux-$version: checkpatch.pl ran on the patch, its reverse and the $nsplit split patches (exit 0 or 1, with messages if 1, nothing on stderr)" \
	[ ! -s "$work/checkpatch.broken" ]
sed 's/^/    broken: /' "$work/checkpatch.broken" | head -n 5
check "linux-$version: checkpatch.pl: nothing to say about the commit messages of the split patches" [ -z "$errs" ]
[ -z "$errs" ] || printf '%s\n' "$errs" | sed 's/^/    /'

# 5. Boot the fixed kernel.
step "booting the fixed kernel"
"$root/qemu/initramfs.sh" "$work/initramfs.cpio" >/dev/null
check "linux-$version: the fixed kernel boots in QEMU (marker)" \
	"$root/qemu/boot.sh" "$o_fixed/arch/x86/boot/bzImage" "$work/initramfs.cpio" "$work/boot.log"

step "done"
finish
