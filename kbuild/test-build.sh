#!/usr/bin/env bash
# kbuild/test-build.sh - build a small kernel with W=style and check it.
#
# For each VERSION: prepares $WORK/linux-VERSION with kbuild/prepare-tree.sh,
# configures an x86_64 tinyconfig (which has no CONFIG_GCC_PLUGINS) with
# CONFIG_WERROR=y, SLUB and CONFIG_MODULES=y, builds it with
# "make W=style" and checks that:
#   - the build succeeds although the style warnings are warnings under
#     -Werror, and style_plugin.so was built in the scripts stage;
#   - warnings named [-Wstyle-...] are reported, none twice, and the
#     violations in headers (include/linux/slab.h with SLUB, compiled
#     into most objects) once each;
#   - the record directory .tmp_style_once holds one record per report;
#   - an incremental build reports again (once) what it recompiles;
#   - STYLE_CHECK_obj.o=n and STYLE_CHECK=n turn the check off;
#   - W=style-error makes a violation an error;
#   - an external module (M=) is checked, records its reports in its own
#     directory, and a kernel tree without style_plugin.so is an error;
#   - "make clean" removes .tmp_style_once.
#
# Usage: kbuild/test-build.sh [VERSION...]      (default: 6.1 6.12)
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/kbuild-test (WORK overrides); JOBS (default 2).
set -euo pipefail

prog=test-build.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
. "$here/lib.sh"

versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(6.1 6.12)
build=${BUILD:-$root/build}
work=${WORK:-$build/kbuild-test}
jobs=${JOBS:-2}
mkdir -p "$work"
work=$(cd "$work" && pwd)

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check DESCRIPTION COMMAND...
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# reports LOG: the style reports in LOG as "file:line:col: [-Wstyle-rule]".
reports() {
	sed -n 's#^\([^ :]*:[0-9]*:[0-9]*\): \(warning\|error\): .*\(\[-W\(error=\)\{0,1\}style-[a-z-]*\]\)$#\1: \3#p' "$1"
}

for v in "${versions[@]}"; do
	tree=$work/linux-$v
	out=$work/build-$v
	note "linux-$v: preparing $tree"
	"$here/prepare-tree.sh" "$v" "$tree" >/dev/null
	rm -rf "$out"
	mk() { make -C "$tree" O="$out" ARCH=x86_64 -j"$jobs" "$@"; }
	mk tinyconfig >/dev/null
	# SLUB rather than 6.1's tinyconfig SLOB: include/linux/slab.h then
	# has violations, in a header that most objects include.
	"$tree/scripts/config" --file "$out/.config" --enable WERROR \
		--disable SLOB --enable SLUB --enable MODULES
	mk olddefconfig >/dev/null
	check "linux-$v: the config has CONFIG_WERROR=y and no CONFIG_GCC_PLUGINS" \
		bash -c "grep -qx CONFIG_WERROR=y '$out/.config' && ! grep -qx CONFIG_GCC_PLUGINS=y '$out/.config'"

	note "linux-$v: make W=style (tinyconfig, CONFIG_WERROR=y)"
	t0=$(date +%s)
	rc=0
	mk W=style >"$out/style.log" 2>&1 || rc=$?
	note "linux-$v: full W=style build: exit $rc, $(($(date +%s) - t0)) s"
	check "linux-$v: W=style build succeeds with CONFIG_WERROR=y" [ $rc = 0 ]
	[ $rc = 0 ] || tail -n 30 "$out/style.log" | sed 's/^/    /'
	check "linux-$v: style_plugin.so was built" [ -f "$out/scripts/gcc-plugins/style_plugin.so" ]
	reports "$out/style.log" >"$out/reports"
	n=$(wc -l <"$out/reports")
	check "linux-$v: $n style warnings named [-Wstyle-...]" [ "$n" -gt 0 ]
	check "linux-$v: style warnings are warnings, not errors" \
		bash -c "! grep -q 'error: .*\[-W.*style-' '$out/style.log'"
	dups=$(sort "$out/reports" | uniq -d | wc -l)
	check "linux-$v: no violation reported twice ($dups duplicates)" [ "$dups" = 0 ]
	grep '/include/.*\.h:' "$out/reports" >"$out/reports.h" || true
	n_hdr=$(wc -l <"$out/reports.h")
	n_hdr1=$(sort -u "$out/reports.h" | wc -l)
	n_inc=$(find "$out" -name '.*.o.cmd' -exec grep -l 'include/linux/slab\.h' {} + | wc -l || true)
	check "linux-$v: $n_hdr header violations, each reported once (slab.h is in $n_inc objects)" \
		bash -c "[ $n_hdr -gt 0 ] && [ $n_hdr = $n_hdr1 ] && grep -q '/include/linux/slab\.h:' '$out/reports.h'"
	n_rec=$( (find "$out/.tmp_style_once" -type f 2>/dev/null || true) | wc -l)
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
	mk W=style >"$out/incr.log" 2>&1 || true
	reports "$out/incr.log" >"$out/incr.reports"
	check "linux-$v: an incremental build reports again what it recompiles" \
		grep -q "^$loc:" "$out/incr.reports"
	check "linux-$v: ... once" bash -c "[ \$(sort '$out/incr.reports' | uniq -d | wc -l) = 0 ]"

	# Opt-outs, on the command line as they would be in a Makefile.
	cmdf=$out/$(dirname "$obj")/.$(basename "$obj").cmd
	base=$(basename "$obj")
	rm -f "$out/$obj"
	mk W=style "STYLE_CHECK_$base=n" "$obj" >"$out/optout.log" 2>&1 || true
	check "linux-$v: STYLE_CHECK_$base=n: no plugin on $obj" \
		bash -c "[ -f '$cmdf' ] && ! grep -q style_plugin '$cmdf' && ! grep -q 'Wstyle-' '$out/optout.log'"
	rm -f "$out/$obj" "$out/lib/string.o"
	mk W=style STYLE_CHECK=n "$obj" lib/string.o >"$out/optout2.log" 2>&1 || true
	check "linux-$v: STYLE_CHECK=n: no plugin, no reports" \
		bash -c "! grep -q style_plugin '$cmdf' '$out/lib/.string.o.cmd' && ! grep -q 'Wstyle-' '$out/optout2.log'"

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
	cat >"$ext/stylemod.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

static int n;
module_param(n, int, 0);

static int __init stylemod_init(void)
{
	if (n < 0) return -EINVAL;
	return 0;
}
module_init(stylemod_init);
MODULE_LICENSE("GPL");
EOF
	rc=0
	mk M="$ext" W=style modules >"$ext/build.log" 2>&1 || rc=$?
	check "linux-$v: M=: an external module is checked" \
		bash -c "[ $rc = 0 ] && grep -q 'stylemod.c:9:.*\[-Wstyle-if-body\]' '$ext/build.log' && [ -d '$ext/.tmp_style_once' ]"
	mk M="$ext" clean >/dev/null 2>&1 || true
	check "linux-$v: M=: make clean removes its .tmp_style_once" [ ! -e "$ext/.tmp_style_once" ]
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
