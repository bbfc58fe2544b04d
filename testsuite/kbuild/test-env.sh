#!/usr/bin/env bash
# testsuite/kbuild/test-env.sh - W= alone switches the style check, not the environment.
#
# For each VERSION: prepares $WORK/linux-VERSION with kbuild/prepare-tree.sh,
# configures an x86_64 tinyconfig in $WORK/env-VERSION and builds single
# objects (kernel/params.o has a violation at a known line), checking that:
#   - KBUILD_STYLE_CHECK=warn (or =error, with the other internal
#     variables) in the environment runs no plugin: no -fplugin on the
#     object's command line, no style_plugin.so built, no report;
#   - W=style does run it (the control), and so does KBUILD_EXTRA_WARN=style
#     in the environment, the documented variable of W=;
#   - W="1 style" (a blank) gives the same command line as W=1,style;
#   - KBUILD_STYLE_ONCE_DIR in the environment does not keep W=style from
#     emptying .tmp_style_once: a violation recorded by the build before is
#     reported again, and a planted record is gone;
#   - KBUILD_STYLE_LINES in the environment does not stand for the lines of
#     STYLE_SINCE: they are computed (here an error, outside git);
#   - W=style on tinyconfig (no CONFIG_GCC_PLUGINS) stops with one line
#     that says what to enable; with CONFIG_GCC_PLUGINS the check's own
#     option, CONFIG_GCC_PLUGIN_STYLE_CHECK, is on by default;
#   - "make W=style help" and "make -n W=style" (also with STYLE_SINCE=
#     and for one object) change no file in the tree or the output
#     directory (git status, from git directories outside them);
#   - with debug info (KCFLAGS=-g) the W=style object is byte-identical to
#     a plain build: the plugin's options are not in DW_AT_producer.
#
# Usage: testsuite/kbuild/test-env.sh [VERSION...]      (default: 6.1)
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/kbuild-test (WORK overrides); JOBS (default 2).
set -euo pipefail

prog=test-env.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

[ $# -gt 0 ] || set -- 6.1
test_setup "$@"

obj=kernel/params.o

for v in "${versions[@]}"; do
	tree=$work/linux-$v
	out=$work/env-$v
	cmdf=$out/kernel/.params.o.cmd
	violation=$(sed -n "s#^$v \(kernel/params\.c:[0-9]*\) .*#\1#p" "$here/known-violations.txt")
	[ -n "$violation" ] || die "known-violations.txt lists no kernel/params.c line for $v"
	note "linux-$v: preparing $tree"
	"$root/kbuild/prepare-tree.sh" "$v" "$tree" >/dev/null
	rm -rf "$out"
	# mk [env:VAR=VALUE...] [MAKEARG...]: make $obj with VARs in the
	# environment, and none of the variables under test from this shell.
	mk() {
		local envs=()

		while [ $# -gt 0 ] && [[ $1 == env:* ]]; do
			envs+=("${1#env:}")
			shift
		done
		env -u KBUILD_STYLE_CHECK -u KBUILD_STYLE_ONCE_DIR \
			-u KBUILD_STYLE_LINES -u KBUILD_EXTRA_WARN -u W \
			-u CFLAGS_STYLE_CHECK -u MAKEFLAGS -u MAKELEVEL \
			"${envs[@]}" make -C "$tree" O="$out" ARCH=x86_64 \
			-j"$jobs" "$@" "$obj"
	}
	# built: the object was compiled, and its command line recorded.
	built() { [ -f "$out/$obj" ] && [ -f "$cmdf" ]; }
	with_plugin() { grep -q -- '-fplugin=[^ ]*style_plugin\.so' "$cmdf"; }
	reported() { grep -q "$violation:[0-9]*: warning: .*\[-Wstyle-if-body\]" "$1"; }

	make -C "$tree" O="$out" ARCH=x86_64 tinyconfig >/dev/null

	# tinyconfig has no CONFIG_GCC_PLUGINS: W=style says, in one line,
	# what to enable, and compiles nothing.
	note "linux-$v: W=style without CONFIG_GCC_PLUGIN_STYLE_CHECK"
	rm -f "$out/$obj"
	rc=0
	mk W=style >"$out/noconfig.log" 2>&1 || rc=$?
	check "linux-$v: W=style on tinyconfig: one clear error naming CONFIG_GCC_PLUGIN_STYLE_CHECK and CONFIG_GCC_PLUGINS" \
		bash -c "[ $rc != 0 ] && [ ! -f '$out/$obj' ] && [ \$(grep -c 'W=style needs' '$out/noconfig.log') = 1 ] && grep -q '\*\*\* W=style needs CONFIG_GCC_PLUGIN_STYLE_CHECK=y, which depends on CONFIG_GCC_PLUGINS' '$out/noconfig.log'"
	"$tree/scripts/config" --file "$out/.config" --enable GCC_PLUGINS
	make -C "$tree" O="$out" ARCH=x86_64 olddefconfig >/dev/null
	check "linux-$v: tinyconfig + CONFIG_GCC_PLUGINS has CONFIG_GCC_PLUGIN_STYLE_CHECK=y (its default)" \
		grep -qx CONFIG_GCC_PLUGIN_STYLE_CHECK=y "$out/.config"
	note "linux-$v: KBUILD_STYLE_CHECK in the environment"
	mk env:KBUILD_STYLE_CHECK=warn >"$out/env-warn.log" 2>&1 || true
	check "linux-$v: KBUILD_STYLE_CHECK=warn: $obj builds" built
	check "linux-$v: KBUILD_STYLE_CHECK=warn: no plugin on its command line" \
		bash -c "! grep -q style_plugin '$cmdf'"
	check "linux-$v: KBUILD_STYLE_CHECK=warn: no style_plugin.so built" \
		[ ! -e "$out/scripts/gcc-plugins/style_plugin.so" ]
	check "linux-$v: KBUILD_STYLE_CHECK=warn: no report" \
		bash -c "! grep -q 'Wstyle-' '$out/env-warn.log'"
	rm -f "$out/$obj"
	mk env:KBUILD_STYLE_CHECK=error \
		env:KBUILD_STYLE_ONCE_DIR="$out/.tmp_style_once" \
		env:KBUILD_STYLE_LINES="$out/lines" \
		env:CFLAGS_STYLE_CHECK="-fplugin=$out/scripts/gcc-plugins/style_plugin.so" \
		>"$out/env-error.log" 2>&1 || true
	check "linux-$v: KBUILD_STYLE_CHECK=error and the other internal variables: no plugin" \
		bash -c "[ -f '$out/$obj' ] && ! grep -q style_plugin '$cmdf' && ! grep -q 'Wstyle-' '$out/env-error.log'"

	note "linux-$v: W=style"
	rm -f "$out/$obj"
	mk W=style >"$out/style.log" 2>&1 || true
	check "linux-$v: W=style: $obj builds with the plugin" \
		bash -c "[ -f '$out/$obj' ] && grep -q -- '-fplugin=[^ ]*style_plugin\.so' '$cmdf'"
	check "linux-$v: W=style: $violation is reported" reported "$out/style.log"
	rm -f "$out/$obj"
	mk env:KBUILD_EXTRA_WARN=style >"$out/extra-warn.log" 2>&1 || true
	check "linux-$v: KBUILD_EXTRA_WARN=style in the environment (the variable of W=): the plugin runs" \
		bash -c "[ -f '$out/$obj' ] && grep -q -- '-fplugin=[^ ]*style_plugin\.so' '$cmdf'"

	note "linux-$v: W=\"1 style\" and W=1,style"
	rm -f "$out/$obj"
	mk W=1,style >/dev/null 2>&1 || true
	sed -n 's/^savedcmd_[^ ]* := //p; s/^cmd_[^ ]* := //p' "$cmdf" >"$out/cmd-comma"
	rm -f "$out/$obj"
	mk W="1 style" >/dev/null 2>&1 || true
	sed -n 's/^savedcmd_[^ ]* := //p; s/^cmd_[^ ]* := //p' "$cmdf" >"$out/cmd-blank"
	check "linux-$v: W=\"1 style\": the command line of W=1,style, with the plugin and W=1's -Wmissing-declarations" \
		bash -c "[ -s '$out/cmd-comma' ] && cmp -s '$out/cmd-comma' '$out/cmd-blank' && grep -q style_plugin '$out/cmd-blank' && grep -q -- -Wmissing-declarations '$out/cmd-blank'"

	note "linux-$v: KBUILD_STYLE_ONCE_DIR in the environment"
	rm -f "$out/$obj"
	mk W=style >"$out/once1.log" 2>&1 || true
	check "linux-$v: W=style records $violation in .tmp_style_once" \
		grep -rqs "$violation" "$out/.tmp_style_once"
	: > "$out/.tmp_style_once/planted"
	rm -f "$out/$obj"
	mk env:KBUILD_STYLE_ONCE_DIR="$out/.tmp_style_once" W=style >"$out/once2.log" 2>&1 || true
	check "linux-$v: KBUILD_STYLE_ONCE_DIR=...: W=style still empties .tmp_style_once" \
		[ ! -e "$out/.tmp_style_once/planted" ]
	check "linux-$v: KBUILD_STYLE_ONCE_DIR=...: $violation is reported again" \
		reported "$out/once2.log"

	note "linux-$v: KBUILD_STYLE_LINES in the environment"
	: > "$out/lines"
	rc=0
	mk env:KBUILD_STYLE_LINES="$out/lines" W=style STYLE_SINCE=HEAD \
		>"$out/lines.log" 2>&1 || rc=$?
	check "linux-$v: KBUILD_STYLE_LINES=...: STYLE_SINCE's lines are computed (outside git: the error)" \
		bash -c "[ $rc != 0 ] && grep -q 'W=style: STYLE_SINCE=HEAD: .* is not in a git tree' '$out/lines.log'"

	# No side effects when make only reads the Makefiles: "make help" and
	# "make -n" with W=style leave the source tree and the output
	# directory as they are (here with records in .tmp_style_once, which
	# W=style empties when it builds). Both are compared with git, from
	# git directories outside them.
	note "linux-$v: make W=style help, make -n W=style"
	# Records to keep: the STYLE_SINCE error above emptied the directory.
	rm -f "$out/$obj"
	mk W=style >/dev/null 2>&1 || true
	sfx=$work/env-$v-sfx
	rm -rf "$sfx"
	mkdir -p "$sfx"
	g() {
		git --git-dir="$sfx/$1.git" --work-tree="$2" -c user.name=test \
			-c user.email=test@invalid -c gc.auto=0 "${@:3}"
	}
	for d in "src $tree" "obj $out"; do
		g $d init -q && g $d add -A -f . && g $d commit -qm base ||
			die "cannot set up git in $sfx"
	done
	rec_before=$(find "$out/.tmp_style_once" -type f | wc -l)
	# "make -n" goes through the whole build, which has not been done
	# here, so it may fail late; it must get as far as printing the
	# recipe that would empty .tmp_style_once.
	rc=0
	nmk() { env -u KBUILD_STYLE_CHECK -u MAKEFLAGS -u MAKELEVEL make -C "$tree" \
		O="$out" ARCH=x86_64 W=style "$@"; }
	nmk help >"$sfx/noop-help.log" 2>&1 || rc=$?
	nmk -n "$obj" >"$sfx/noop-obj.log" 2>&1 || rc=$?
	nmk -n >"$sfx/noop-all.log" 2>&1 || true
	nmk -n STYLE_SINCE=HEAD >"$sfx/noop-since.log" 2>&1 || true
	grep -q 'rm -rf \.tmp_style_once' "$sfx/noop-all.log" &&
		grep -q 'style-lines\.sh' "$sfx/noop-since.log" || rc=1
	changed=$( { g src "$tree" status --porcelain; g obj "$out" status --porcelain; } | head -n 5 | tr '\n' ' ')
	check "linux-$v: make W=style help / -n (status $rc) change no file ($rec_before records kept)${changed:+: $changed}" \
		bash -c "[ $rc = 0 ] && [ $rec_before -gt 0 ] && [ -z \"$changed\" ]"
	rm -rf "$sfx"

	note "linux-$v: debug info"
	rm -f "$out/$obj"
	mk W=style KCFLAGS=-g >/dev/null 2>&1 || true
	if [ -f "$out/$obj" ] && with_plugin; then
		cp "$out/$obj" "$out/params-style-g.o"
	fi
	rm -f "$out/$obj"
	mk KCFLAGS=-g >/dev/null 2>&1 || true
	check "linux-$v: KCFLAGS=-g: the W=style $obj is byte-identical to the plain one" \
		bash -c "[ -f '$out/params-style-g.o' ] && ! grep -q style_plugin '$cmdf' && cmp -s '$out/params-style-g.o' '$out/$obj' && grep -q -- '-g' '$cmdf'"
done

echo "test-env: $passed passed, $failed failed"
[ "$failed" = 0 ]
