#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# testsuite/kbuild/test-sarif.sh - make W=style STYLE_SARIF=PATH on the CI kernel
#
# The tinyconfig 6.1 kernel of qemu/build.sh, built with the committed
# series, STYLE_SARIF= and the qemu stage's KCFLAGS (fix-its, byte
# columns): the qemu stage's style build when SARIF_REFERENCE names it
# (make check), else a -j2 build of its own:
#  - the merged log passes Sarif.Multitool validate with 0 errors, holds
#    each violation once, the same set as the build's text warnings
#    (deduplicated; byte columns, KCFLAGS=-fdiagnostics-column-unit=byte);
#  - it is byte-identical after a second make that compiles nothing,
#    after an object without results is compiled again without the
#    plugin (STYLE_CHECK_foo.o=n) next to a planted stale log with
#    results (cmd_cc_o_c removes the log first),
#    after one that recompiles a file, and whatever the order of the
#    compiles: a few objects with results of their own (and in headers),
#    from several directories, are rebuilt one make each at -j1, then in
#    the reverse order at -j2, then all in one -j2 make; each time the
#    merged log of the whole build must be the -j2 build's, byte for byte
#    (the per-object logs are checked to have been rewritten in each
#    order).  A merge that followed the order of the compiles would fail
#    this: one planted to read the logs oldest first writes different
#    logs for the two orders;
#  - base and head trees, head with 3 lines added at the top of
#    kernel/params.c and one new "if (x) y++;" in kernel/panic.c, built
#    only for these objects: scripts/style-new-warnings prints exactly
#    that one new warning.
#
# Usage: testsuite/kbuild/test-sarif.sh   (BUILD, WORK, JOBS, SARIF_MULTITOOL)
# Environment: SARIF_REFERENCE=OBJ SARIF_TREE=SRC: a finished qemu/build.sh
#   -j2 build of the prepared tree SRC with W=style STYLE_SARIF=OBJ/style.sarif
#   and the KCFLAGS below in the environment (make check-qemu's
#   $BUILD/qemu-6.1/style); the makes of the order tests run in it.
# With SARIF_REFERENCE: the order tests and two objects' base/head
# builds, about 3 minutes of CPU; without: one kernel build more.
set -euo pipefail

prog=test-sarif.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

test_setup 6.1
MT=$(sarif_multitool "$build")
[ -x "$MT" ] || die "Sarif.Multitool not found at $MT (make deps)"
out=$work/kbuild-sarif
rm -rf "$out"
mkdir -p "$out"
# The flags of the qemu stage's 6.1 builds (qemu/qemu.mk QEMU_KCFLAGS),
# for every make here: a make in the reference tree with other flags
# would recompile everything.
export KCFLAGS="-fdiagnostics-parseable-fixits -fdiagnostics-column-unit=byte"
kbuild_identity

# kmake OBJ JOBS ARGS...: make in OBJ as qemu/build.sh does.
kmake() {
	local obj=$1 j=$2

	shift 2
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$src" O="$obj" ARCH=x86_64 -j"$j" W=style "$@" >>"$obj/more.log" 2>&1 ||
		die "make $* in $obj failed"
}

if [ -n "${SARIF_REFERENCE:-}" ]; then
	a=$(cd "$SARIF_REFERENCE" 2>/dev/null && pwd -P) ||
		die "SARIF_REFERENCE=$SARIF_REFERENCE is not a directory"
	src=$(cd "${SARIF_TREE:-/nonexistent}" 2>/dev/null && pwd -P) ||
		die "SARIF_REFERENCE needs SARIF_TREE, the source tree it was built from"
	note "reusing $a, a build of $src"
	# A reused build is checked, not taken on trust.
	check "tinyconfig: the reused W=style build ($a): bzImage ready, no error, of $src, with STYLE_SARIF= and these KCFLAGS, its log merged after the bzImage" bash -c "
		grep -q 'Kernel: arch/x86/boot/bzImage is ready' '$a/build.log' &&
		! grep -q -e ': error: ' -e '^make.*: \*\*\*' '$a/build.log' &&
		grep -qx 'include $src/Makefile' '$a/Makefile' &&
		grep -q -- '-fplugin-arg-style_plugin-sarif=' '$a/init/.main.o.cmd' &&
		grep -q -- '$KCFLAGS' '$a/init/.main.o.cmd' &&
		grep -q '^+ make -j[0-9]* .*STYLE_SARIF=$a/style.sarif' '$a/build.log' &&
		[ -s '$a/style.sarif' ] && [ '$a/style.sarif' -nt '$a/arch/x86/boot/bzImage' ]"
	[ "$failed" = 0 ] || die "cannot reuse $a"
	cp "$a/style.sarif" "$out/j2.sarif"
else
	src=$work/linux-6.1
	a=$out/obj-j2
	"$root/kbuild/prepare-tree.sh" 6.1 "$src" >/dev/null
	JOBS=2 "$root/qemu/build.sh" "$src" "$a" W=style STYLE_SARIF="$out/j2.sarif" \
		>/dev/null || die "the kernel build in $a failed"
fi
: >>"$a/more.log"

# validate LOG: 0 errors from Sarif.Multitool.
validate() {
	"$MT" validate "$1" >"$1.validate" 2>&1 &&
		grep -q '^Done\. 1 files scanned' "$1.validate" &&
		! grep -q ': error ' "$1.validate"
}

check "tinyconfig: STYLE_SARIF= writes a log" [ -s "$out/j2.sarif" ]
check "tinyconfig: the log passes Sarif.Multitool validate with 0 errors" \
	validate "$out/j2.sarif"
style_text_set "$src" "$a/build.log" >"$out/text.set"
sarif_result_set "$out/j2.sarif" >"$out/sarif.set"
n=$(wc -l <"$out/sarif.set")
check "tinyconfig: the log has results ($n)" [ "$n" -gt 10 ]
check "tinyconfig: each violation once in the log" \
	[ "$(sort -u "$out/sarif.set" | wc -l)" -eq "$n" ]
if cmp -s "$out/text.set" "$out/sarif.set"; then
	pass "tinyconfig: the log holds the text warnings, deduplicated ($n)"
else
	fail "tinyconfig: the log holds the text warnings, deduplicated"
	diff "$out/text.set" "$out/sarif.set" | head -n 20 || true
fi
check "tinyconfig: headers are in the log once (include/ results: $(grep -c '^include/' "$out/sarif.set"))" \
	grep -q '^include/' "$out/sarif.set"

kmake "$a" "$jobs" STYLE_SARIF="$out/again.sarif" bzImage
check "tinyconfig: a second make writes the same log" cmp "$out/again.sarif" "$out/j2.sarif"

# A stale per-object log: an object whose log has no results (the
# smallest), recompiled without the plugin (STYLE_CHECK_foo.o=n, as a
# Makefile turns it off for a file; an icecc node's compile runs no
# plugin here either), with next to it the log an earlier compile of a
# version with violations would have left (another object's results,
# moved to its file).  Its compile writes no log; the stale one must not
# reach the merged log: cmd_cc_o_c removes it first.
q=$(find "$a" -name '.*.o.sarif' -type f | while read -r l; do
	grep -q '^{"ruleId":' "$l" && continue
	o=$(dirname "${l#"$a"/}")/$(basename "$l" .sarif | cut -c2-)
	[ -f "$a/$o" ] && [ -f "$src/${o%.o}.c" ] && echo "$(stat -c %s "$a/$o") $o"
done | sort -k1,1n -k2,2 | awk 'NR == 1 { print $2 }')
from=$(find "$a/kernel" -maxdepth 1 -name '.*.o.sarif' | LC_ALL=C sort |
	xargs grep -l '^{"ruleId":' | sed -n 1p)
ql=$a/$(dirname "$q")/.$(basename "$q").sarif
sed "s#\"uri\":\"[^\"]*\"#\"uri\":\"${q%.o}.c\"#" "$from" >"$ql"
check "stale: a log planted for $q ($(grep -c '^{"ruleId":' "$ql") results)" grep -q '^{"ruleId":' "$ql"
kmake "$a" "$jobs" STYLE_SARIF="$out/stale.sarif" "STYLE_CHECK_$(basename "$q")=n" "$q"
check "stale: $q compiled again, without the plugin" \
	bash -c "[ '$a/$q' -nt '$out/j2.sarif' ] && ! grep -q style_plugin '$a/$(dirname "$q")/.$(basename "$q").cmd'"
check "stale: the merged log is the -j2 build's (no stale log of $q in it)" \
	cmp "$out/stale.sarif" "$out/j2.sarif"

# The order of the compiles: objects whose logs have results of their
# own (not only in headers, which other objects report too), one of each
# directory, those with header results as well first, then the smallest
# (quick to compile); 6 from at least 3 directories.
find "$a" -name '.*.o.sarif' -type f | LC_ALL=C sort | while read -r l; do
	awk '/^\{"ruleId":/ && !/"uri":"include\// { own = 1 } END { exit !own }' "$l" || continue
	o=$(dirname "${l#"$a"/}")/$(basename "$l" .sarif | cut -c2-)
	[ -f "$a/$o" ] || continue
	h=1
	! grep -q '"uri":"include/' "$l" || h=0
	echo "$h $(stat -c %s "$a/$o") $o"
done | sort -k1,1n -k2,2n -k3,3 |
	awk '{ d = $3; sub(/\/[^\/]*$/, "", d) } !seen[d]++ && n++ < 6 { print $3 }' >"$out/order.objs"
mapfile -t objs <"$out/order.objs"
ndirs=$(sed 's#/[^/]*$##' "$out/order.objs" | sort -u | wc -l)
nhdr=$(for o in "${objs[@]}"; do grep -l '"uri":"include/' "$a/$(dirname "$o")/.$(basename "$o").sarif"; done | wc -l)
check "order: ${#objs[@]} objects with results from $ndirs directories, $nhdr with header results (${objs[*]})" \
	bash -c "[ ${#objs[@]} -ge 4 ] && [ $ndirs -ge 3 ] && [ $nhdr -ge 2 ]"
# stamps: the times the objects' logs were written, in the list's order.
stamps() {
	local o
	for o in "${objs[@]}"; do
		stat -c %.9Y "$a/$(dirname "$o")/.$(basename "$o").sarif"
	done
}
# one_by_one NAME JOBS OBJ...: each object removed and rebuilt by a make
# of its own, in the order given.
one_by_one() {
	local name=$1 j=$2 o

	shift 2
	for o; do
		rm -f "$a/$o"
		kmake "$a" "$j" STYLE_SARIF="$out/$name.sarif" "$o"
	done
}
one_by_one forward 1 "${objs[@]}"
stamps >"$out/forward.stamps"
mapfile -t reversed < <(printf '%s\n' "${objs[@]}" | tac)
one_by_one reverse 2 "${reversed[@]}"
stamps >"$out/reverse.stamps"
check "order: the logs were rewritten one after the other, then in the reverse order" \
	bash -c "sort -c -g '$out/forward.stamps' && sort -c -g -r '$out/reverse.stamps'"
check "order: one make each at -j1: the same log" cmp "$out/forward.sarif" "$out/j2.sarif"
check "order: one make each at -j2, in the reverse order: the same log" \
	cmp "$out/reverse.sarif" "$out/j2.sarif"
for o in "${objs[@]}"; do
	rm -f "$a/$o"
done
kmake "$a" 2 STYLE_SARIF="$out/together.sarif" "${objs[@]}"
check "order: all of them in one -j2 make: the same log" cmp "$out/together.sarif" "$out/j2.sarif"

# Last, as it relinks the kernel with the objects rebuilt above.
touch "$src/kernel/params.c"
kmake "$a" "$jobs" STYLE_SARIF="$out/touched.sarif" bzImage
check "tinyconfig: a make that recompiles kernel/params.c writes the same log" \
	cmp "$out/touched.sarif" "$out/j2.sarif"

# Base and head: only the objects needed, in trees that share the rest.
head=$out/linux-head
cp -al "$src" "$head"
# sed -i writes new files: the base tree's are untouched.
sed -i '1i /* One */\n/* Two */\n/* Three */' "$head/kernel/params.c"
cat "$src/kernel/panic.c" - >"$head/kernel/panic.c.new" <<'EOF'

int style_sarif_new(int x);
int style_sarif_new(int x)
{
	int y = 0;

	if (x) y++;
	return y;
}
EOF
mv "$head/kernel/panic.c.new" "$head/kernel/panic.c"
new_line=$(($(wc -l <"$src/kernel/panic.c") + 7))
for side in base head; do
	tree=$src
	[ $side = base ] || tree=$head
	obj=$out/obj-$side
	mkdir -p "$obj"
	cp "$a/.config" "$obj/.config"
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$tree" O="$obj" ARCH=x86_64 olddefconfig >"$obj/more.log" 2>&1 ||
		die "make olddefconfig in $obj failed"
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$tree" O="$obj" ARCH=x86_64 W=style STYLE_SARIF="$out/$side.sarif" \
		-j"$jobs" kernel/params.o kernel/panic.o >>"$obj/more.log" 2>&1 ||
		die "building kernel/params.o kernel/panic.o in $obj failed"
	check "base/head: the $side log passes Sarif.Multitool validate" \
		validate "$out/$side.sarif"
done
rc=0
"$root/scripts/style-new-warnings" "$out/base.sarif" "$out/head.sarif" >"$out/new.txt" || rc=$?
want="kernel/panic.c:$new_line:9: warning: statement on the same line as the 'if' condition [-Wstyle-if-body]"
check "base/head: params.c results in both logs ($(grep -c kernel/params.c "$out/head.sarif"))" \
	grep -q '"uri":"kernel/params.c"' "$out/head.sarif"
if [ "$rc" -eq 1 ] && [ "$(cat "$out/new.txt")" = "$want" ]; then
	pass "base/head: style-new-warnings prints exactly the one new warning"
else
	fail "base/head: style-new-warnings prints exactly the one new warning (exit $rc)"
	echo "want: $want"
	sed 's/^/got:  /' "$out/new.txt" | head -n 10 || true
fi

echo "$prog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
