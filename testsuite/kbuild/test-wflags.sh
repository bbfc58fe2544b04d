#!/usr/bin/env bash
# testsuite/kbuild/test-wflags.sh - prove that the series changes W= only for "style".
#
# For each VERSION, builds the same objects in a tree with the series
# (kbuild/prepare-tree.sh) and in a pristine copy of it (the series taken
# back), with the same configuration (tinyconfig with CONFIG_GCC_PLUGINS,
# which W=style needs), for a sequence of W= values, and
# compares, after replacing the tree and output paths by placeholders:
#   cmd   the commands kbuild records in the objects' .cmd files;
#   log   every command make runs (V=1), as a sorted list: compiler, asm,
#         kernel-doc, modpost... (only for W= values without "style");
#   vars  KBUILD_EXTRA_WARN (make's and the exported one), KBUILD_CFLAGS,
#         KBUILD_CPPFLAGS, KBUILD_AFLAGS, KBUILD_RUSTFLAGS of the top
#         Makefile, read by a probe target;
#   kconfig  the result and warnings of "make olddefconfig" on a .config
#         with an unknown and a reassigned symbol (W=c and W=e change them
#         in 6.12).
# W=1, W=2, W=3, W=e, W=c, W=12, W=ce, W=12e (which fails the build in
# both trees: W=2 warnings become errors) and no W= must match exactly,
# and be right on their own: each make exits 0 (but W=12e), and the
# flags have -DKBUILD_EXTRA_WARN1/2/3 and -Werror exactly for the digits
# and the "e" in W= (so that both trees failing alike fails).
# Then W=style must match no W=, W=1,style W=1, W=12,style W=12 and
# W=ce,style W=ce, once the plugin's own flags are removed from the
# patched side (W=12,style-error too, but for its objects: it stops at the
# first violation), and those flags must be on every kernel C compile of
# the style runs.
#
# Usage: testsuite/kbuild/test-wflags.sh [VERSION...]      (default: 6.1 6.12)
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/kbuild-test (WORK overrides); JOBS (default 2);
#   KEEP=1 keeps the pristine copies and outputs.
set -euo pipefail

prog=test-wflags.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

test_setup "$@"

objs=(init/main.o kernel/panic.o lib/string.o lib/vsprintf.o)
# Also compared: the objects of the prepare stage.
cmd_files=(kernel/bounds.s arch/x86/kernel/asm-offsets.s "${objs[@]}")
plain_ws=("" 1 2 3 e c 12 ce 12e)
# style run = reference run without style
style_ws=("style=" "1,style=1" "12,style=12" "ce,style=ce" "12,style-error=12")


# normalize TREE OUT: replace the paths by placeholders (stdin to stdout).
normalize() {
	sed -e "s|$1|@SRC@|g" -e "s|$2|@OUT@|g"
}

# strip_style: remove the plugin's flags (stdin to stdout).
strip_style() {
	sed -e 's| -fplugin=[^ ]*/style_plugin\.so||g' \
	    -e 's| -fplugin-arg-style_plugin-[^ ]*||g' -e 's|  *| |g'
}

probe='kbuild-wprobe: ; $(info KBUILD_EXTRA_WARN=[$(KBUILD_EXTRA_WARN)]) $(info KBUILD_CFLAGS=$(KBUILD_CFLAGS)) $(info KBUILD_CPPFLAGS=$(KBUILD_CPPFLAGS)) $(info KBUILD_AFLAGS=$(KBUILD_AFLAGS)) $(info KBUILD_RUSTFLAGS=$(KBUILD_RUSTFLAGS)) @echo "exported KBUILD_EXTRA_WARN=[$${KBUILD_EXTRA_WARN-unset}]"'

# run TREE OUT W TAG: build the objects with W= and record the results
# in $res/TAG.{cmd,log,vars,kconfig}.
run() {
	local tree=$1 out=$2 w=$3 tag=$4 o f
	for o in "${objs[@]}"; do
		rm -f "$out/$o"
	done
	local rc=0
	make -C "$tree" O="$out" ARCH=x86_64 W="$w" V=1 -j"$jobs" \
		"${objs[@]}" >"$res/$tag.raw" 2>&1 || rc=$?
	# Every command make ran, minus make's own chatter.
	grep -vE '^make(\[[0-9]+\])?: |^  [A-Z]+ ' "$res/$tag.raw" |
		normalize "$tree" "$out" | LC_ALL=C sort >"$res/$tag.log"
	# The result of the build (a W= with 'e' may fail it) and the
	# recorded commands.
	{
		echo "exit $rc"
		for f in "${cmd_files[@]}"; do
			f=$out/$(dirname "$f")/.$(basename "$f").cmd
			if [ -f "$f" ]; then
				grep -E '^(saved)?cmd_' "$f"
			else
				echo "no $f"
			fi
		done
	} | normalize "$tree" "$out" >"$res/$tag.cmd"
	make -C "$tree" O="$out" ARCH=x86_64 W="$w" --no-print-directory \
		--eval="$probe" kbuild-wprobe 2>&1 | grep -E '^(exported )?KBUILD_' |
		normalize "$tree" "$out" >"$res/$tag.vars"
	# kconfig, on a .config with warnings.
	mkdir -p "$out-kc"
	{ cat "$out/.config"; echo "CONFIG_STYLE_TEST_NO_SUCH_SYMBOL=y"
	  grep -m1 '^CONFIG_.*=y$' "$out/.config"; } >"$out-kc/.config"
	rc=0
	make -C "$tree" O="$out-kc" ARCH=x86_64 W="$w" olddefconfig \
		>"$out-kc/log" 2>&1 || rc=$?
	# (make's own error lines name Makefile lines, which the series moves,
	# and the patched .config has one line more, for
	# CONFIG_GCC_PLUGIN_STYLE_CHECK, so kconfig's .config line numbers
	# differ.)
	{ echo "exit $rc"; grep -iE 'warning|error' "$out-kc/log" |
		sed -E -e 's/^(make(\[[0-9]+\])?: \*\*\* \[[^]:]*):[0-9]+:/\1:N:/' \
			-e 's/^\.config:[0-9]+:/.config:N:/' || true; } |
		normalize "$tree" "$out-kc" >"$res/$tag.kconfig"
}

# compare WHAT A B: compare two result files.
compare() {
	local what=$1 a=$2 b=$3
	if cmp -s "$a" "$b"; then
		pass "$what"
	else
		fail "$what"
		diff -u "$a" "$b" | head -n 20 | sed 's/^/    /' || true
	fi
}

# absolute TAG REF WHAT: not only the same in both trees, but right:
# the build of TAG ends as it should (only W=12e fails: W=2 warnings
# become errors; W=...style-error stops at a violation), and its
# KBUILD_CPPFLAGS/KBUILD_CFLAGS have -DKBUILD_EXTRA_WARN1/2/3 and
# -Werror exactly for the digits and the "e" of REF, its W= without
# "style".
absolute() {
	local tag=$1 ref=$2 what=$3 want=0 rc d why=''
	rc=$(sed -n '1s/^exit //p' "$res/$tag.cmd")
	case $ref in 12e) want=1 ;; esac
	case $tag in *style-error*) want=1 ;; esac
	if [ "$want" = 0 ] && [ "$rc" != 0 ]; then
		why="make exited $rc"
	elif [ "$want" = 1 ] && [ "$rc" = 0 ]; then
		why="make succeeded, but should fail"
	fi
	for d in 1 2 3; do
		if grep -q -- "-DKBUILD_EXTRA_WARN$d\b" "$res/$tag.vars"; then
			[[ $ref == *$d* ]] || why="$why -DKBUILD_EXTRA_WARN$d without $d"
		else
			[[ $ref != *$d* ]] || why="$why no -DKBUILD_EXTRA_WARN$d"
		fi
	done
	if grep '^KBUILD_CFLAGS=' "$res/$tag.vars" | grep -Eq -- '-Werror( |$)'; then
		[[ $ref == *e* ]] || why="$why -Werror without e"
	else
		[[ $ref != *e* ]] || why="$why no -Werror"
	fi
	if [ -z "$why" ]; then
		pass "$what: make exit $rc, the W=${ref:-(none)} flags"
	else
		fail "$what: $why"
	fi
}

for v in "${versions[@]}"; do
	patched=$work/linux-$v
	pristine=$work/pristine-$v
	res=$work/wflags-$v
	note "linux-$v: preparing $patched"
	"$root/kbuild/prepare-tree.sh" "$v" "$patched" >/dev/null
	# The pristine tree: a hard-linked copy of the patched tree with the
	# series taken back (patch writes new files, so the links break).
	rm -rf "$pristine" "$res"
	mkdir -p "$res"
	cp -al "$patched" "$pristine"
	rm -rf "$pristine/.style-series"
	mapfile -t applied < <(series_patches "$patched/.style-series")
	for ((i = ${#applied[@]} - 1; i >= 0; i--)); do
		apply_one patch "$pristine" "${applied[i]}" -R ||
			die "cannot take $(basename "${applied[i]}") back in $pristine"
	done
	for tree in pristine patched; do
		t=${!tree}
		out=$work/out-$v-$tree
		rm -rf "$out" "$out-kc"
		# W=style needs CONFIG_GCC_PLUGIN_STYLE_CHECK, which needs
		# CONFIG_GCC_PLUGINS (and defaults to y); both trees get the
		# same configuration but for that symbol.
		make -C "$t" O="$out" ARCH=x86_64 tinyconfig >/dev/null 2>&1 ||
			die "make tinyconfig failed in $t"
		"$t/scripts/config" --file "$out/.config" --enable GCC_PLUGINS
		make -C "$t" O="$out" ARCH=x86_64 olddefconfig >/dev/null 2>&1 ||
			die "make olddefconfig failed in $t"
		grep -qx CONFIG_GCC_PLUGINS=y "$out/.config" ||
			die "$t: CONFIG_GCC_PLUGINS=y did not stay in the config (plugin headers missing?)"
	done
	for w in "${plain_ws[@]}"; do
		note "linux-$v: W=$w"
		for tree in pristine patched; do
			run "${!tree}" "$work/out-$v-$tree" "$w" "$tree-W$w"
		done
		for k in cmd log vars kconfig; do
			compare "linux-$v W=$w $k" "$res/pristine-W$w.$k" "$res/patched-W$w.$k"
		done
		absolute "pristine-W$w" "$w" "linux-$v W=$w pristine"
		absolute "patched-W$w" "$w" "linux-$v W=$w patched"
	done
	for sw in "${style_ws[@]}"; do
		w=${sw%%=*} ref=${sw#*=}
		note "linux-$v: W=$w"
		run "$patched" "$work/out-$v-patched" "$w" "patched-W$w"
		# W=style-error stops the build at the first violation (in a
		# header, most likely), so its objects are not compared.
		kinds="cmd vars kconfig"
		[[ $w != *style-error* ]] || kinds="vars kconfig"
		for k in $kinds; do
			strip_style <"$res/pristine-W$ref.$k" >"$res/pristine-W$ref.$k.stripped"
			strip_style <"$res/patched-W$w.$k" >"$res/patched-W$w.$k.stripped"
			compare "linux-$v W=$w $k (as W=$ref)" "$res/pristine-W$ref.$k.stripped" \
				"$res/patched-W$w.$k.stripped"
		done
		absolute "patched-W$w" "$ref" "linux-$v W=$w patched"
		# Kernel-doc runs only if W=$ref runs it.
		if grep -q 'kernel-doc' "$res/pristine-W$ref.log" ||
		   ! grep -q 'kernel-doc' "$res/patched-W$w.log"; then
			pass "linux-$v W=$w log: kernel-doc as with W=$ref"
		else
			fail "linux-$v W=$w log: kernel-doc runs, but not with W=$ref"
		fi
		# The plugin is on every compile of a kernel C file.
		grep -E -- '-D__KERNEL__ .* -(c|S) -o [^ ]+ [^ ]+\.c( |;|$)' \
			"$res/patched-W$w.log" >"$res/patched-W$w.compiles" || true
		n_c=$(wc -l <"$res/patched-W$w.compiles")
		n_p=$(grep -c -- ' -fplugin=./scripts/gcc-plugins/style_plugin.so ' \
			"$res/patched-W$w.compiles" || true)
		want=-fplugin-arg-style_plugin-once=.tmp_style_once
		[[ $w == *style-error* ]] && want=-fplugin-arg-style_plugin-error
		n_a=$(grep -c -- " $want " "$res/patched-W$w.compiles" || true)
		if [ "$n_c" -gt 0 ] && [ "$n_p" = "$n_c" ] && [ "$n_a" = "$n_c" ]; then
			pass "linux-$v W=$w: the plugin is on all $n_c kernel C compiles ($want)"
		else
			fail "linux-$v W=$w: plugin on $n_p of $n_c kernel C compiles, $want on $n_a"
		fi
	done
	# W=1style is not W=1 with 'style' and 'e' in it: it is an error.
	if make -C "$patched" O="$work/out-$v-patched" ARCH=x86_64 W=1style \
		kbuild-wprobe --eval="$probe" >"$res/bad.log" 2>&1; then
		fail "linux-$v W=1style is rejected"
	elif grep -q 'W=1style is not valid' "$res/bad.log"; then
		pass "linux-$v W=1style is rejected"
	else
		fail "linux-$v W=1style is rejected with a clear message"
		tail -n 5 "$res/bad.log" | sed 's/^/    /'
	fi
	[ "${KEEP:-0}" = 1 ] || rm -rf "$pristine" "$work/out-$v-pristine" \
		"$work/out-$v-pristine-kc"
done

echo "test-wflags: $passed passed, $failed failed"
[ "$failed" = 0 ]
