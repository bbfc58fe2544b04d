#!/usr/bin/env bash
# testsuite/kbuild/test-build.sh - build a small kernel with W=style and check it.
#
# For each VERSION: prepares $WORK/linux-VERSION with kbuild/prepare-tree.sh,
# configures an x86_64 tinyconfig with CONFIG_WERROR=y, SLUB,
# CONFIG_MODULES=y and CONFIG_GCC_PLUGINS=y (W=style needs it), builds it with
# "make W=style" and checks that:
#   - the build succeeds although the style warnings are warnings under
#     -Werror, and style_plugin.so was built in the scripts stage, with
#     no needed library but libc (no compile loads libstdc++);
#   - every report is at a body (or statement) that follows other code
#     on its line, in a file that was compiled, and the violations that
#     testsuite/kbuild/known-violations.txt lists (found by reading the trees) are
#     reported;
#   - warnings named [-Wstyle-...] are reported, none twice, and the
#     violations in headers (include/linux/slab.h with SLUB, compiled
#     into most objects) once each;
#   - the record directory .tmp_style_once holds one record per report;
#   - an incremental build reports again (once) what it recompiles;
#   - STYLE_CHECK_obj.o=n and STYLE_CHECK=n turn the check off;
#   - W=style-error makes a violation an error;
#   - an external module (M=) is checked, records its reports in its own
#     directory, and a kernel tree without style_plugin.so is an error;
#   - STYLE_SINCE=REV reports only the lines changed since REV in a small
#     git history of the external module, and is a clear error for an
#     unknown revision and a tree outside git;
#   - "make clean" removes .tmp_style_once.
#
# Usage: testsuite/kbuild/test-build.sh [VERSION...]      (default: 6.1 6.12)
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/kbuild-test (WORK overrides); JOBS (default 2).
set -euo pipefail

prog=test-build.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

test_setup "$@"

# reports LOG: the style reports in LOG as "file:line:col: [-Wstyle-rule]".
reports() {
	sed -n 's#^\([^ :]*:[0-9]*:[0-9]*\): \(warning\|error\): .*\(\[-W\(error=\)\{0,1\}style-[a-z-]*\]\)$#\1: \3#p' "$1"
}

# known_violations VERSION TREE REPORTS: the violations listed for
# VERSION in testsuite/kbuild/known-violations.txt are reported, and the tree's
# lines still read as listed.
known_violations() {
	local v=$1 tree=$2 reports=$3 ver at rule bar text f l line n=0
	while read -r ver at rule bar text; do
		[ "$ver" = "$v" ] || continue
		n=$((n + 1))
		f=${at%:*}
		l=${at##*:}
		line=$(sed -n "${l}p" "$tree/$f" | tr -s ' \t' '  ' | sed 's/^ //;s/ $//')
		check "linux-$v: known $at reads as listed" [ "$line" = "$text" ]
		check "linux-$v: known $at is reported [-Wstyle-$rule]" \
			grep -q "^$tree/$at:[0-9]*: \[-W\(error=\)\{0,1\}style-$rule\]$" "$reports"
	done < <(grep -v '^#' "$here/known-violations.txt")
	check "linux-$v: known-violations.txt lists violations ($n)" [ "$n" -gt 0 ]
}

for v in "${versions[@]}"; do
	tree=$work/linux-$v
	out=$work/build-$v
	note "linux-$v: preparing $tree"
	"$root/kbuild/prepare-tree.sh" "$v" "$tree" >/dev/null
	rm -rf "$out"
	mk() { make -C "$tree" O="$out" ARCH=x86_64 -j"$jobs" "$@"; }
	mk tinyconfig >/dev/null
	# SLUB rather than 6.1's tinyconfig SLOB: include/linux/slab.h then
	# has violations, in a header that most objects include.
	# W=style needs CONFIG_GCC_PLUGINS (CONFIG_GCC_PLUGIN_STYLE_CHECK
	# defaults to y), which changes no code here: no plugin that
	# instruments code is enabled.
	"$tree/scripts/config" --file "$out/.config" --enable WERROR \
		--disable SLOB --enable SLUB --enable MODULES --enable GCC_PLUGINS
	mk olddefconfig >/dev/null
	check "linux-$v: the config has CONFIG_WERROR=y, CONFIG_GCC_PLUGIN_STYLE_CHECK=y and no code plugin" \
		bash -c "grep -qx CONFIG_WERROR=y '$out/.config' && grep -qx CONFIG_GCC_PLUGIN_STYLE_CHECK=y '$out/.config' && [ \$(grep -c '^CONFIG_GCC_PLUGIN_.*=y' '$out/.config') = 1 ]"

	note "linux-$v: make W=style (tinyconfig, CONFIG_WERROR=y)"
	t0=$(date +%s)
	rc=0
	: >"$out/style.log"
	kbuild_make "$out/style.log" "linux-$v build-$v" -C "$tree" O="$out" \
		ARCH=x86_64 -j"$jobs" W=style || rc=$?
	note "linux-$v: full W=style build: exit $rc, $(($(date +%s) - t0)) s"
	check "linux-$v: W=style build succeeds with CONFIG_WERROR=y" [ $rc = 0 ]
	[ $rc = 0 ] || tail -n 30 "$out/style.log" | sed 's/^/    /'
	check "linux-$v: style_plugin.so was built" [ -f "$out/scripts/gcc-plugins/style_plugin.so" ]
	# Each compile loads the plugin, and with it what it needs: libc
	# alone (g++ links libstdc++, which --as-needed drops).
	check "linux-$v: style_plugin.so needs no library but libc (no compile loads libstdc++)" \
		needs_libc_only "$out/scripts/gcc-plugins/style_plugin.so"
	reports "$out/style.log" >"$out/reports"
	n=$(wc -l <"$out/reports")
	check "linux-$v: $n style warnings named [-Wstyle-...]" [ "$n" -gt 0 ]
	check "linux-$v: style warnings are warnings, not errors" \
		bash -c "! grep -q 'error: .*\[-W.*style-' '$out/style.log'"
	check "linux-$v: every report is at a body that follows code on its line" \
		awk -f "$here/check-reports.awk" "$out/reports"
	unbuilt=$(sed -n "s#^$tree/\([^:]*\)\.c:.*#\1#p" "$out/reports" | sort -u |
		while read -r f; do [ -f "$out/$f.o" ] || echo "$f.c"; done)
	check "linux-$v: every reported .c file was compiled${unbuilt:+ (not: $unbuilt)}" \
		[ -z "$unbuilt" ]
	known_violations "$v" "$tree" "$out/reports"
	dups=$(sort "$out/reports" | uniq -d | wc -l)
	check "linux-$v: no violation reported twice ($dups duplicates)" [ "$dups" = 0 ]
	grep '/include/.*\.h:' "$out/reports" >"$out/reports.h" || true
	n_hdr=$(wc -l <"$out/reports.h")
	n_hdr1=$(sort -u "$out/reports.h" | wc -l)
	n_inc=$(find "$out" -name '.*.o.cmd' -exec grep -l 'include/linux/slab\.h' {} + | wc -l || true)
	# "Once" means something only if slab.h went into several objects.
	check "linux-$v: $n_hdr header violations, each reported once (slab.h is in $n_inc objects, at least 2)" \
		bash -c "[ $n_hdr -gt 0 ] && [ $n_hdr = $n_hdr1 ] && [ $n_inc -ge 2 ] && grep -q '/include/linux/slab\.h:' '$out/reports.h'"
	# walked-*: the header functions checked (plugin/style_records.c).
	n_rec=$( (find "$out/.tmp_style_once" -type f ! -name 'walked-*' 2>/dev/null || true) | wc -l)
	check "linux-$v: .tmp_style_once has one record per report ($n_rec)" [ "$n_rec" = "$n" ]

	# A C file with a violation, for the tests below.
	loc=$(grep -m1 "^$tree/[^:]*\.c:" "$out/reports" | cut -d: -f1-3 || true)
	src=${loc%%:*}
	src=${src#"$tree/"}
	obj=${src%.c}.o
	[ -n "$loc" ] || die "linux-$v: no violation in a C file to test with"
	note "linux-$v: testing with $obj ($loc)"

	# Incremental: recompile it; its violation is reported again, once.
	touch "$tree/$src"
	rc=0
	mk W=style >"$out/incr.log" 2>&1 || rc=$?
	reports "$out/incr.log" >"$out/incr.reports"
	check "linux-$v: an incremental build succeeds (exit $rc) and reports again what it recompiles" \
		bash -c "[ $rc = 0 ] && grep -q '^$loc:' '$out/incr.reports'"
	check "linux-$v: ... once" bash -c "[ \$(sort '$out/incr.reports' | uniq -d | wc -l) = 0 ]"

	# Opt-outs, on the command line as they would be in a Makefile.
	cmdf=$out/$(dirname "$obj")/.$(basename "$obj").cmd
	base=$(basename "$obj")
	rm -f "$out/$obj"
	rc=0
	mk W=style "STYLE_CHECK_$base=n" "$obj" >"$out/optout.log" 2>&1 || rc=$?
	check "linux-$v: STYLE_CHECK_$base=n: $obj builds (exit $rc), without the plugin" \
		bash -c "[ $rc = 0 ] && [ -f '$out/$obj' ] && [ -f '$cmdf' ] && ! grep -q style_plugin '$cmdf' && ! grep -q 'Wstyle-' '$out/optout.log'"
	rm -f "$out/$obj" "$out/lib/string.o"
	rc=0
	mk W=style STYLE_CHECK=n "$obj" lib/string.o >"$out/optout2.log" 2>&1 || rc=$?
	check "linux-$v: STYLE_CHECK=n: both objects build (exit $rc), no plugin, no reports" \
		bash -c "[ $rc = 0 ] && [ -f '$out/$obj' ] && [ -f '$out/lib/string.o' ] && ! grep -q style_plugin '$cmdf' '$out/lib/.string.o.cmd' && ! grep -q 'Wstyle-' '$out/optout2.log'"

	# W=style-error: a violation is an error.
	rm -f "$out/$obj"
	rc=0
	mk W=style-error "$obj" >"$out/error.log" 2>&1 || rc=$?
	check "linux-$v: W=style-error fails on a violation with error: [-Wstyle-...]" \
		bash -c "[ $rc != 0 ] && grep -q 'error: .*\[-W\(error=\)\{0,1\}style-' '$out/error.log'"

	# An external module: checked with the tree's plugin, records in
	# the module directory.
	ext=$out-extmod
	rm -rf "$ext"
	mkdir -p "$ext"
	echo 'obj-m := stylemod.o' >"$ext/Makefile"
	cp "$here/extmod/stylemod.c.in" "$ext/stylemod.c"
	rc=0
	mk M="$ext" W=style modules >"$ext/build.log" 2>&1 || rc=$?
	check "linux-$v: M=: an external module is checked" \
		bash -c "[ $rc = 0 ] && grep -q 'stylemod.c:9:.*\[-Wstyle-if-body\]' '$ext/build.log' && [ -d '$ext/.tmp_style_once' ]"
	mk M="$ext" clean >/dev/null 2>&1 || true
	check "linux-$v: M=: make clean removes its .tmp_style_once" [ ! -e "$ext/.tmp_style_once" ]
	# New code only: STYLE_SINCE=REV, on a small git history of the
	# module: line 9 is old, line 10 is committed since HEAD~1, line
	# 14 is not committed, new.c is not tracked.
	git_c() { git -C "$ext" -c user.name=test -c user.email=test@invalid "$@"; }
	rm -rf "$ext/.git"
	git_c init -q && git_c add Makefile stylemod.c && git_c commit -qm old
	sed -i 's/^\treturn 0;$/\tif (n > 9) n = 9;\n\treturn 0;/' "$ext/stylemod.c"
	git_c commit -qam new
	sed -i 's/^MODULE_LICENSE/void twice(void); void twice(void) { n++; n--; }\nMODULE_LICENSE/' "$ext/stylemod.c"
	echo 'obj-m += new.o' >>"$ext/Makefile"
	printf '// SPDX-License-Identifier: GPL-2.0\n#include <linux/module.h>\nint newf(int x);\nint newf(int x)\n{\n\tif (x) x++;\n\treturn x;\n}\nMODULE_LICENSE("GPL");\n' >"$ext/new.c"
	# A git that counts its "git diff" runs: once per build.
	mkdir -p "$ext-bin"
	printf '#!/bin/sh\ncase " $* " in *" diff "*) echo diff >>"%s";; esac\nexec %s "$@"\n' \
		"$ext-bin/diffs" "$(command -v git)" >"$ext-bin/git"
	chmod +x "$ext-bin/git"
	rm -f "$ext-bin/diffs"
	rc=0
	PATH=$ext-bin:$PATH mk M="$ext" W=style STYLE_SINCE=HEAD~1 modules >"$ext/since.log" 2>&1 || rc=$?
	reports "$ext/since.log" | sed "s#^$ext/##" >"$ext/since.reports"
	check "linux-$v: STYLE_SINCE=HEAD~1: builds" [ $rc = 0 ]
	check "linux-$v: STYLE_SINCE=HEAD~1: reports the changed lines, committed or not, and the untracked file" \
		bash -c "grep -q '^stylemod.c:10:.*if-body' '$ext/since.reports' && grep -q '^stylemod.c:14:.*multi-stmt' '$ext/since.reports' && grep -q '^new.c:6:.*if-body' '$ext/since.reports'"
	check "linux-$v: STYLE_SINCE=HEAD~1: not the old line 9 (nor anything else)" \
		bash -c "! grep -q '^stylemod.c:9:' '$ext/since.reports' && [ \$(wc -l <'$ext/since.reports') = 3 ]"
	check "linux-$v: STYLE_SINCE=HEAD~1: git diff runs once per build ($(cat "$ext-bin/diffs" 2>/dev/null | wc -l)), into .tmp_style_lines" \
		bash -c "[ \$(wc -l <'$ext-bin/diffs') = 1 ] && grep -q '/new.c 1 ' '$ext/.tmp_style_lines'"
	rc=0
	mk M="$ext" W=style STYLE_SINCE=no-such-rev modules >"$ext/since-bad.log" 2>&1 || rc=$?
	check "linux-$v: STYLE_SINCE=no-such-rev: a clear error" \
		bash -c "[ $rc != 0 ] && grep -q 'W=style: STYLE_SINCE=no-such-rev: no such revision in the git tree' '$ext/since-bad.log'"
	rc=0
	mk W=style STYLE_SINCE=HEAD lib/string.o >"$out/since-nogit.log" 2>&1 || rc=$?
	check "linux-$v: STYLE_SINCE=HEAD in a tree that is not a git tree: a clear error" \
		bash -c "[ $rc != 0 ] && grep -q 'W=style: STYLE_SINCE=HEAD: .* is not in a git tree' '$out/since-nogit.log'"
	mk M="$ext" clean >/dev/null 2>&1 || true
	check "linux-$v: M=: make clean removes .tmp_style_lines" [ ! -e "$ext/.tmp_style_lines" ]

	mv "$out/scripts/gcc-plugins/style_plugin.so" "$out/style_plugin.so.saved"
	rc=0
	mk M="$ext" W=style modules >"$ext/noplugin.log" 2>&1 || rc=$?
	mv "$out/style_plugin.so.saved" "$out/scripts/gcc-plugins/style_plugin.so"
	check "linux-$v: M=: a missing style_plugin.so is a clear error" \
		bash -c "[ $rc != 0 ] && grep -q 'style_plugin.so is missing' '$ext/noplugin.log'"

	mk clean >/dev/null 2>&1
	check "linux-$v: make clean removes .tmp_style_once" [ ! -e "$out/.tmp_style_once" ]
done

echo "test-build: $passed passed, $failed failed"
[ "$failed" = 0 ]
