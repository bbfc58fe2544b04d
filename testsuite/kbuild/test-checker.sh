#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# testsuite/kbuild/test-checker.sh - make C=1 W=style and make C=2 W=style
# on the CI kernel built plain: the style check as Kbuild's checker pass
#
# The tinyconfig 6.1 kernel of qemu/build.sh with the qemu stage's
# KCFLAGS, built plain and, apart, with W=style STYLE_SARIF= (make check:
# the qemu stage's two builds; alone: two -j2 builds of its own):
#  - C=2 W=style STYLE_SARIF= in the plain build compiles nothing, checks
#    every C file of the kernel once (its "STYLE" lines against the plain
#    build's .cmd files), prints the W=style build's style warnings, each
#    once, and no other warning, and writes its merged SARIF log, byte
#    for byte; every file of the build (.o, .cmd, vmlinux, ...) is
#    byte-identical after it, no dependency file is left, the only new
#    files are the plugin's, the records and the per-object SARIF logs;
#    a plain make after it compiles nothing and changes nothing;
#  - C=1 W=style after a header (of 2 to 4 objects) and a C file are
#    touched: make compiles exactly the objects whose .cmd names them,
#    and the pass checks exactly those, with the warnings their compiles
#    saw in the W=style build (their per-object SARIF logs); a plain make
#    after it compiles nothing and every file is as before the touch;
#  - W=style-error: C=2 fails the make on a file with a violation, with
#    errors, and changes no file; a file without violations passes; C=1
#    compiles the file, then fails the make;
#  - STYLE_CHECK_foo.o=n and STYLE_CHECK=n: no pass for the file;
#    STYLE_SINCE= outside a git tree: W=style's error;
#  - M=: an external module built plain against a small tree with
#    modules (tinyconfig, only modules_prepare): C=2 W=style STYLE_SARIF=
#    reports its violation, once in the log, and changes none of its
#    files; with STYLE_SINCE=HEAD~1 on a small git history, only the
#    lines changed since (committed or not);
#  - at the end, a plain make compiles nothing and every file of the
#    build is as at the start.
# Each make runs as qemu/build.sh's, with the sources' times put back
# after the touches.
#
# Usage: testsuite/kbuild/test-checker.sh   (BUILD, WORK, JOBS)
# Environment: CHECKER_PLAIN=OBJ CHECKER_STYLE=OBJ CHECKER_TREE=SRC: the
#   qemu stage's finished plain and W=style STYLE_SARIF=OBJ/style.sarif
#   builds of the prepared tree SRC ($BUILD/qemu-6.1/plain and style,
#   $BUILD/linux-6.1); without them, the test builds both.
# With them: the C=2 pass (the front end of every file) and the small
# module tree; without: two kernel builds more.
set -euo pipefail

prog=test-checker.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

test_setup 6.1
out=$work/kbuild-checker
rm -rf "$out"
mkdir -p "$out"
# The flags of the qemu stage's 6.1 builds (qemu/qemu.mk QEMU_KCFLAGS):
# a make in its builds with other flags would recompile everything.
export KCFLAGS="-fdiagnostics-parseable-fixits -fdiagnostics-column-unit=byte"
kbuild_identity

if [ -n "${CHECKER_PLAIN:-}" ]; then
	p=$(cd "$CHECKER_PLAIN" 2>/dev/null && pwd -P) ||
		die "CHECKER_PLAIN=$CHECKER_PLAIN is not a directory"
	s=$(cd "${CHECKER_STYLE:-/nonexistent}" 2>/dev/null && pwd -P) ||
		die "CHECKER_PLAIN needs CHECKER_STYLE, the W=style build"
	src=$(cd "${CHECKER_TREE:-/nonexistent}" 2>/dev/null && pwd -P) ||
		die "CHECKER_PLAIN needs CHECKER_TREE, the source tree of both"
	note "reusing $p and $s, builds of $src"
else
	src=$build/linux-6.1
	p=$out/plain
	s=$out/style
	"$root/kbuild/prepare-tree.sh" 6.1 "$src" >/dev/null
	JOBS=$jobs "$root/qemu/build.sh" "$src" "$p" >/dev/null ||
		die "the plain kernel build in $p failed"
	JOBS=$jobs "$root/qemu/build.sh" "$src" "$s" W=style \
		STYLE_SARIF="$s/style.sarif" >/dev/null ||
		die "the W=style kernel build in $s failed"
fi
# The builds are checked, not taken on trust.
built() {
	grep -q 'Kernel: arch/x86/boot/bzImage is ready' "$1/build.log" &&
		! grep -q -e ': error: ' -e '^make.*: \*\*\*' "$1/build.log" &&
		grep -qx "include $src/Makefile" "$1/Makefile" &&
		grep -q -- "$KCFLAGS" "$1/init/.main.o.cmd"
}
check "the plain build ($p): bzImage ready, no error, of $src, these KCFLAGS, no plugin" \
	bash -c "$(declare -f built); KCFLAGS='$KCFLAGS' src='$src' built '$p' &&
		! grep -q style_plugin '$p/init/.main.o.cmd'"
check "the W=style build ($s): bzImage ready, no error, of $src, these KCFLAGS, STYLE_SARIF=" \
	bash -c "$(declare -f built); KCFLAGS='$KCFLAGS' src='$src' built '$s' &&
		grep -q -- '-fplugin-arg-style_plugin-sarif=' '$s/init/.main.o.cmd' &&
		grep -q '^+ make -j[0-9]* .*STYLE_SARIF=$s/style.sarif' '$s/build.log' &&
		[ -s '$s/style.sarif' ]"
[ "$failed" = 0 ] || die "cannot use these builds"

# kmake LOG ARGS...: make in the plain build as qemu/build.sh does; its
# times in LOG.time.
kmake() {
	local log=$1 TIMEFORMAT='%R s wall, %U s user, %S s sys'

	shift
	{ time env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$src" O="$p" ARCH=x86_64 "$@" >"$log" 2>&1; } 2>"$log.time"
}
# compiled LOG: the objects LOG says make compiled, sorted.
compiled() {
	sed -n 's/^  CC  *\([^ ]*\.o\)$/\1/p' "$1" | LC_ALL=C sort
}
# checked LOG: the objects of the files LOG says the pass checked, sorted.
checked() {
	sed -n "s#^  STYLE  *##p" "$1" | sed -e "s#^$src/##" -e 's/\.c$/.o/' | LC_ALL=C sort
}
# snapshot FILE: the size and SHA-1 of every file of the plain build
# (the logs of this test and qemu/build.sh aside).
snapshot() {
	(cd "$p" && find . -type f ! -name build.log ! -name '*.log' -print0 |
		LC_ALL=C sort -z | xargs -0 sha1sum) >"$1"
}
# allowed_new: the files the pass may add: the plugin and its objects,
# the records of W=style, the per-object SARIF logs.
allowed_new='^\./(scripts/gcc-plugins/(style_plugin\.so|\.?style_[a-z_]+\.(o|so)(\.cmd)?|\.style_plugin\.so\.cmd)|\.tmp_style_once/.*|(.*/)?\.[^/]*\.o\.sarif)$'
# same_files BEFORE AFTER: every file of BEFORE but allowed_new is in
# AFTER with the same bytes, and the only new files are allowed_new.
same_files() {
	local changed new

	changed=$(awk 'NR == FNR { h[$2] = $1; next } !($2 in h) || h[$2] != $1 { print $2 }' \
		"$2" "$1" | grep -Ev "$allowed_new" | head -n 5 || true)
	new=$(awk 'NR == FNR { h[$2] = 1; next } !($2 in h) { print $2 }' "$1" "$2" |
		grep -Ev "$allowed_new" | head -n 5 || true)
	[ -z "$changed$new" ] && return 0
	echo "    changed or gone: ${changed:-none}; new: ${new:-none}"
	return 1
}

# A plain build that is up to date (another stage may have touched a
# source since it was built).
kmake "$out/plain0.log" -j"$jobs" bzImage || die "make bzImage in $p failed"
snapshot "$out/before.snap"
kmake "$out/plain1.log" -j"$jobs" bzImage || die "make bzImage in $p failed"
[ "$(compiled "$out/plain1.log" | wc -l)" = 0 ] ||
	die "$p is not up to date: a second make compiles again"

# C=2: every file.
rc=0
kmake "$out/c2.log" -j"$jobs" C=2 W=style STYLE_SARIF="$out/c2.sarif" bzImage || rc=$?
note "C=2 W=style: $(cat "$out/c2.log.time")"
check "C=2 W=style: the make succeeds (exit $rc) and compiles nothing ($(compiled "$out/c2.log" | wc -l) CC lines)" \
	[ "$rc" = 0 ] && [ "$(compiled "$out/c2.log" | wc -l)" = 0 ]
# Every file: the kernel's objects compiled from C in the plain build
# (-D__KERNEL__, a .c source; host programs aside), as its .cmd files say,
# but init/version-timestamp.o: scripts/Makefile.vmlinux compiles it
# when it links vmlinux, with a rule of its own that has no checker step
# (sparse's C=2 does not check it either; it has no statement on a line
# with another).
(cd "$p" && grep -l -e '-D__KERNEL__' -r --include='.*.o.cmd' . |
	xargs grep -l '^source_[^ ]*\.o := .*\.c$' |
	sed -e 's#^\./##' -e 's#/\.\([^/]*\)\.cmd$#/\1#' -e 's#^\.\([^/]*\)\.cmd$#\1#') |
	grep -vx 'init/version-timestamp\.o' | LC_ALL=C sort >"$out/kernel.objs"
checked "$out/c2.log" >"$out/c2.objs"
n=$(wc -l <"$out/c2.objs")
if [ "$n" -gt 100 ] && cmp -s "$out/c2.objs" "$out/kernel.objs"; then
	pass "C=2 W=style: checks every C file of the kernel ($n)"
else
	fail "C=2 W=style: checks every C file of the kernel ($n of $(wc -l <"$out/kernel.objs"))"
	diff "$out/kernel.objs" "$out/c2.objs" | head -n 10 || true
fi
check "C=2 W=style: each file once" [ "$(sort -u "$out/c2.objs" | wc -l)" = "$n" ]
# The W=style build's warnings: the results of its merged SARIF log
# (test-sarif.sh: its text warnings, deduplicated), and its log's
# warnings when it was built from scratch (its log then names every
# object).
sarif_result_set "$s/style.sarif" | LC_ALL=C sort -u >"$out/style.set"
style_text_set "$src" "$out/c2.log" >"$out/c2.set"
style_text_set "$src" "$s/build.log" >"$out/style-log.set"
nw=$(wc -l <"$out/style.set")
scratch=no
[ "$(grep -c '^  CC ' "$s/build.log")" -lt "$n" ] || scratch=yes
if [ "$nw" -gt 10 ] && cmp -s "$out/style.set" "$out/c2.set" &&
   { [ $scratch = no ] || cmp -s "$out/style-log.set" "$out/c2.set"; }; then
	pass "C=2 W=style: the W=style build's style warnings ($nw; its log's too: $scratch)"
else
	fail "C=2 W=style: the W=style build's style warnings ($nw, $(wc -l <"$out/c2.set"); its log's too: $scratch)"
	diff "$out/style.set" "$out/c2.set" | head -n 10 || true
fi
check "C=2 W=style: each warning once" \
	[ "$(grep -cE "$STYLE_WARNING_RE\$" "$out/c2.log")" = "$nw" ]
check "C=2 W=style: no other warning or error" \
	bash -c "! grep -E ': (warning|error): ' '$out/c2.log' | grep -qvE '$STYLE_WARNING_RE\$'"
check "C=2 W=style STYLE_SARIF=: the W=style build's merged log, byte for byte" \
	cmp "$out/c2.sarif" "$s/style.sarif"
snapshot "$out/c2.snap"
check "C=2 W=style: every file as before (.o, .cmd, vmlinux, bzImage), no dependency file, new only the plugin, records and logs" \
	same_files "$out/before.snap" "$out/c2.snap"
kmake "$out/plain2.log" -j"$jobs" bzImage || die "make bzImage in $p failed"
check "C=2 W=style: a plain make after it compiles nothing" \
	[ "$(compiled "$out/plain2.log" | wc -l)" = 0 ]
snapshot "$out/plain2.snap"
check "C=2 W=style: ... and changes no file" same_files "$out/before.snap" "$out/plain2.snap"

# C=1: what make compiles. A header that a few objects include and a C
# file with violations of its own, touched (their times are put back
# at the end).
# The header: one that 2 to 4 .cmd files name, all of C objects of the
# kernel (an assembler file or a linker script would be made again, but
# not checked).
hdr=$(cd "$p" && grep -o "[^ ]*/include/linux/[a-z_]*\.h" -r --include='.*.cmd' . |
	sed -e 's#^\./##' -e 's#/\.\([^/]*\)\.cmd:#/\1 #' -e 's#^\.\([^/]*\)\.cmd:#\1 #' \
		-e 's# .*/include/linux/# include/linux/#' |
	LC_ALL=C sort -u | awk -v objs="$out/kernel.objs" '
		BEGIN { while ((getline o <objs) > 0) k[o] = 1 }
		{ n[$2]++; if (!($1 in k)) bad[$2] = 1 }
		END { for (h in n) if (n[h] >= 2 && n[h] <= 4 && !(h in bad)) print h }' |
	LC_ALL=C sort | sed -n 1p)
[ -n "$hdr" ] || die "no header in 2 to 4 objects"
hdr=$src/$hdr
cfile=$(sed -n 's#^\([a-z][^:]*\.c\):.*#\1#p' "$out/style.set" | grep -v '^include/' | sed -n 1p)
[ -n "$cfile" ] || die "no C file with a violation"
(cd "$p" && grep -l -F "/${hdr#"$src/"}" -r --include='.*.o.cmd' . |
	sed -e 's#^\./##' -e 's#/\.\([^/]*\)\.cmd$#/\1#' -e 's#^\.\([^/]*\)\.cmd$#\1#'
	echo "${cfile%.c}.o") | LC_ALL=C sort -u >"$out/c1.want"
stamp_h=$(stat -c %.9Y "$hdr")
stamp_c=$(stat -c %.9Y "$src/$cfile")
touch "$hdr" "$src/$cfile"
rc=0
kmake "$out/c1.log" -j"$jobs" C=1 W=style bzImage || rc=$?
touch -d "@$stamp_h" "$hdr"
touch -d "@$stamp_c" "$src/$cfile"
note "C=1 W=style: $(cat "$out/c1.log.time")"
compiled "$out/c1.log" >"$out/c1.cc"
checked "$out/c1.log" >"$out/c1.objs"
# (and the boot code's objects that depend on what the new vmlinux gives,
# voffset.h, when the link makes it again)
check "C=1 W=style: the make succeeds (exit $rc) and compiles the includers of ${hdr#"$src/"} and ${cfile%.c}.o ($(wc -l <"$out/c1.cc"))" \
	bash -c "[ $rc = 0 ] && grep -v '^arch/x86/boot/' '$out/c1.cc' | cmp '$out/c1.want' -"
check "C=1 W=style: checks exactly the objects it compiles" cmp "$out/c1.cc" "$out/c1.objs"
# The warnings: those the style build's compiles of these objects saw.
while read -r o; do
	l=$s/$(dirname "$o")/.$(basename "$o").sarif
	[ ! -f "$l" ] || sarif_result_set "$l"
done <"$out/c1.want" | LC_ALL=C sort -u >"$out/c1.want.set"
style_text_set "$src" "$out/c1.log" >"$out/c1.set"
check "C=1 W=style: the warnings of these files in the W=style build ($(wc -l <"$out/c1.set"))" \
	bash -c "[ -s '$out/c1.set' ] && cmp '$out/c1.want.set' '$out/c1.set'"
kmake "$out/plain3.log" -j"$jobs" bzImage || die "make bzImage in $p failed"
check "C=1 W=style: a plain make after it compiles nothing" \
	[ "$(compiled "$out/plain3.log" | wc -l)" = 0 ]
snapshot "$out/plain3.snap"
check "C=1 W=style: every file as before the touch" \
	same_files "$out/before.snap" "$out/plain3.snap"

# W=style-error: a failing check fails the make.
cobj=${cfile%.c}.o
clean=$(cd "$p" && comm -23 <(grep -E '^(init|kernel|lib|mm|fs)/' "$out/kernel.objs") \
	<(sed 's/:.*//; s/\.c$/.o/' "$out/style.set" | LC_ALL=C sort -u) |
	while read -r o; do [ -f "$s/$(dirname "$o")/.$(basename "$o").sarif" ] &&
		! grep -q '^{"ruleId":' "$s/$(dirname "$o")/.$(basename "$o").sarif" && echo "$o"; done |
	sed -n 1p)
rc=0
kmake "$out/error2.log" C=2 W=style-error "$cobj" || rc=$?
check "C=2 W=style-error: $cobj fails the make (exit $rc) with style errors" \
	bash -c "[ $rc != 0 ] && grep -qE '$STYLE_ERROR_RE' '$out/error2.log'"
rc=0
kmake "$out/error2c.log" C=2 W=style-error "$clean" || rc=$?
check "C=2 W=style-error: $clean, without violations, passes (exit $rc)" \
	bash -c "[ $rc = 0 ] && grep -q '^  STYLE .*${clean%.o}\.c$' '$out/error2c.log'"
snapshot "$out/error2.snap"
check "C=2 W=style-error: no file changed" same_files "$out/before.snap" "$out/error2.snap"
stamp_c=$(stat -c %.9Y "$src/$cfile")
touch "$src/$cfile"
rc=0
kmake "$out/error1.log" C=1 W=style-error "$cobj" || rc=$?
touch -d "@$stamp_c" "$src/$cfile"
check "C=1 W=style-error: $cobj compiled, then the check fails the make (exit $rc)" \
	bash -c "[ $rc != 0 ] && grep -q '^  CC .*$cobj\$' '$out/error1.log' && grep -qE '$STYLE_ERROR_RE' '$out/error1.log'"

# Opt-outs, on the command line as they would be in a Makefile.
kmake "$out/optout.log" C=2 W=style "STYLE_CHECK_$(basename "$cobj")=n" "$cobj" ||
	die "make C=2 W=style STYLE_CHECK_$(basename "$cobj")=n failed"
check "C=2 W=style STYLE_CHECK_$(basename "$cobj")=n: no pass, no warning" \
	bash -c "! grep -q -e '^  STYLE .*/$cfile\$' -e 'Wstyle-' '$out/optout.log'"
kmake "$out/optout2.log" C=2 W=style STYLE_CHECK=n "$cobj" ||
	die "make C=2 W=style STYLE_CHECK=n failed"
check "C=2 W=style STYLE_CHECK=n: no pass, no warning" \
	bash -c "! grep -q -e '^  STYLE .*/$cfile\$' -e 'Wstyle-' '$out/optout2.log'"

# STYLE_SINCE= where git cannot say: the pass's make prepares the check
# as W=style's does.
rc=0
kmake "$out/since.log" C=2 W=style STYLE_SINCE=HEAD "$cobj" || rc=$?
check "C=2 W=style STYLE_SINCE=HEAD, the tree outside git: the W=style error" \
	bash -c "[ $rc != 0 ] && grep -q 'W=style: STYLE_SINCE=HEAD: .* is not in a git tree' '$out/since.log'"

# M=: an external module, built plain against a small kernel tree with
# modules (tinyconfig, CONFIG_MODULES, CONFIG_GCC_PLUGINS; only
# modules_prepare, and W=style modules_prepare for the plugin).
m=$out/modtree
ext=$out/extmod
mkdir -p "$m" "$ext"
mmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$src" O="$m" ARCH=x86_64 -j"$jobs" "$@"
}
{ mmake tinyconfig &&
	"$src/scripts/config" --file "$m/.config" --enable MODULES --enable GCC_PLUGINS &&
	mmake olddefconfig && mmake W=style modules_prepare; } >"$m/prepare.log" 2>&1 ||
	die_log "$m/prepare.log" "cannot prepare the module tree $m"
echo 'obj-m := stylemod.o' >"$ext/Makefile"
cp "$here/extmod/stylemod.c.in" "$ext/stylemod.c"
# ext_snapshot FILE: the module directory's files (logs aside).
ext_snapshot() {
	(cd "$ext" && find . -path ./.git -prune -o -type f ! -name '*.log' ! -name '*.sarif' -print0 |
		LC_ALL=C sort -z | xargs -0 sha1sum) >"$1"
}
mmake M="$ext" modules >"$ext/plain.log" 2>&1 || die_log "$ext/plain.log" "make M=$ext modules failed"
ext_snapshot "$out/ext0.snap"
rc=0
mmake M="$ext" C=2 W=style STYLE_SARIF="$ext/m.sarif" modules >"$ext/c2.log" 2>&1 || rc=$?
ext_snapshot "$out/ext1.snap"
check "M= C=2 W=style: the built module is checked (exit $rc), nothing compiled" \
	bash -c "[ $rc = 0 ] && grep -q 'stylemod.c:9:.*\[-Wstyle-if-body\]' '$ext/c2.log' &&
		! grep -q '^  CC' '$ext/c2.log' && [ -d '$ext/.tmp_style_once' ] &&
		[ \$(grep -c '\"ruleId\"' '$ext/m.sarif') = 1 ]"
check "M= C=2 W=style: every file of the module as before, new only the records" \
	bash -c "$(declare -f same_files); allowed_new='$allowed_new'
		same_files '$out/ext0.snap' '$out/ext1.snap'"
# New code only: STYLE_SINCE=REV, on a small git history of the
# module: line 9 is old, line 10 is committed since HEAD~1, line 14 is
# not committed.
git_c() { git -C "$ext" -c user.name=test -c user.email=test@invalid "$@"; }
git_c init -q && git_c add Makefile stylemod.c && git_c commit -qm old
sed -i 's/^\treturn 0;$/\tif (n > 9) n = 9;\n\treturn 0;/' "$ext/stylemod.c"
git_c commit -qam new
sed -i 's/^MODULE_LICENSE/void twice(void); void twice(void) { n++; n--; }\nMODULE_LICENSE/' "$ext/stylemod.c"
mmake M="$ext" modules >"$ext/plain2.log" 2>&1 || die_log "$ext/plain2.log" "make M=$ext modules failed"
ext_snapshot "$out/ext2.snap"
rc=0
mmake M="$ext" C=2 W=style STYLE_SINCE=HEAD~1 modules >"$ext/since.log" 2>&1 || rc=$?
ext_snapshot "$out/ext3.snap"
sed -n "s#^$ext/\([^:]*:[0-9]*\):[0-9]*: warning: .*\[-W\(style-[a-z-]*\)\]\$#\1 \2#p" \
	"$ext/since.log" | LC_ALL=C sort >"$ext/since.set"
check "M= C=2 W=style STYLE_SINCE=HEAD~1: only the changed lines (exit $rc: $(tr '\n' ' ' <"$ext/since.set"))" \
	bash -c "[ $rc = 0 ] && [ \"\$(cat '$ext/since.set')\" = 'stylemod.c:10 style-if-body
stylemod.c:14 style-multi-stmt' ]"
check "M= C=2 W=style STYLE_SINCE=HEAD~1: no file of the module changed, but the lines' list" \
	bash -c "$(declare -f same_files); allowed_new='$allowed_new|^\./\.tmp_style_lines\$'
		same_files '$out/ext2.snap' '$out/ext3.snap'"

# $cobj, removed by C=1 W=style-error, was compiled again by the opt-out's
# make, with the plain build's command: a plain make compiles nothing but
# the boot code's objects that the link it still owes makes again (from
# voffset.h, as after C=1 above).
kmake "$out/plain4.log" -j"$jobs" bzImage || die "make bzImage in $p failed"
snapshot "$out/end.snap"
check "the end: a plain make compiles nothing, and every file is as at the start" \
	bash -c "$(declare -f same_files); allowed_new='$allowed_new'
		[ -z '$(compiled "$out/plain4.log" | grep -v '^arch/x86/boot/')' ] &&
		same_files '$out/before.snap' '$out/end.snap'"

echo "$prog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
