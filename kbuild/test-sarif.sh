#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild/test-sarif.sh - make W=style STYLE_SARIF=PATH on the CI kernel
#
# The tinyconfig 6.1 kernel of qemu/build.sh, built with the committed
# series and STYLE_SARIF=:
#  - the merged log passes Sarif.Multitool validate with 0 errors, holds
#    each violation once, the same set as the build's text warnings
#    (deduplicated; byte columns, KCFLAGS=-fdiagnostics-column-unit=byte);
#  - it is byte-identical between a -j2 and a -j1 build, after a second
#    make that compiles nothing, and after one that recompiles a file;
#  - base and head trees, head with 3 lines added at the top of
#    kernel/params.c and one new "if (x) y++;" in kernel/panic.c, built
#    only for these objects: scripts/style-new-warnings prints exactly
#    that one new warning.
#
# Usage: kbuild/test-sarif.sh   (BUILD, WORK, JOBS, SARIF_MULTITOOL)
# About 3 kernel builds: 20-30 minutes on two busy cores.
set -euo pipefail

prog=test-sarif.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
. "$here/lib.sh"

test_setup 6.1
MT=$(sarif_multitool "$build")
[ -x "$MT" ] || die "Sarif.Multitool not found at $MT (make deps)"
src=$work/linux-6.1
out=$work/kbuild-sarif
rm -rf "$out"
mkdir -p "$out"
export LC_ALL=C

"$here/prepare-tree.sh" 6.1 "$src" >/dev/null

# build OBJ JOBS SARIF: the CI kernel in OBJ with STYLE_SARIF=SARIF.
build() {
	JOBS=$2 "$root/qemu/build.sh" "$src" "$1" W=style STYLE_SARIF="$3" \
		KCFLAGS=-fdiagnostics-column-unit=byte >/dev/null ||
		die "the kernel build in $1 failed"
}

# kmake OBJ ARGS...: make in OBJ as qemu/build.sh does.
kmake() {
	local obj=$1

	shift
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C "$src" O="$obj" ARCH=x86_64 -j"$jobs" W=style \
		KCFLAGS=-fdiagnostics-column-unit=byte "$@" >>"$obj/more.log" 2>&1 ||
		die "make $* in $obj failed"
}

# validate LOG: 0 errors from Sarif.Multitool.
validate() {
	"$MT" validate "$1" >"$1.validate" 2>&1 &&
		grep -q '^Done\. 1 files scanned' "$1.validate" &&
		! grep -q ': error ' "$1.validate"
}

# The style warnings of a build log: "file:line:col rule", file relative
# to the tree and without "dir/../" (GCC prints the path as it opened
# it, the log the real path); and the results of a SARIF log in the same
# form.
text_set() {
	sed -n 's#^\([^ :]*\):\([0-9]*\):\([0-9]*\): \(warning\|error\): .*\[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$#\1:\2:\3 \6#p' "$1" |
		sed -e "s#^$src/##" -e ':a' -e 's#[^/ ]*/\.\./##' -e 'ta' | sort -u
}
sarif_set() {
	jq -r '.runs[0].results[] | .locations[0].physicalLocation as $l |
		"\($l.artifactLocation.uri):\($l.region.startLine):\($l.region.startColumn) \(.ruleId)"' "$1" | sort
}

a=$out/obj-j2
build "$a" 2 "$out/j2.sarif"
check "tinyconfig: STYLE_SARIF= writes a log" [ -s "$out/j2.sarif" ]
check "tinyconfig: the log passes Sarif.Multitool validate with 0 errors" \
	validate "$out/j2.sarif"
text_set "$a/build.log" >"$out/text.set"
sarif_set "$out/j2.sarif" >"$out/sarif.set"
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

build "$out/obj-j1" 1 "$out/j1.sarif"
check "tinyconfig: -j1 and -j2 logs are byte-identical" cmp "$out/j1.sarif" "$out/j2.sarif"

kmake "$a" STYLE_SARIF="$out/again.sarif" bzImage
check "tinyconfig: a second make writes the same log" cmp "$out/again.sarif" "$out/j2.sarif"
touch "$src/kernel/params.c"
kmake "$a" STYLE_SARIF="$out/touched.sarif" bzImage
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
