#!/usr/bin/env bash
# testsuite/kbuild/check-series.sh - check the committed W=style patch series.
#
# 1. Up to date: regenerates the series from plugin/ and kbuild/templates/
#    into a temporary directory, signed by the identity of the committed
#    series (its From: line), and compares it with kbuild/patches/; and
#    the documentation page names every -Wstyle-RULE of plugin/.
# 2. Applies: for each VERSION, applies the series in order, without fuzz,
#    with GNU patch (-p1 --fuzz=0) and with git apply, to the files it
#    touches, taken from /usr/src/linux-source-VERSION.tar.xz.
# 3. checkpatch: runs each tree's scripts/checkpatch.pl --strict on every
#    patch and prints its messages; any error, warning or check fails.
# Prints a PASS: or FAIL: line per check and exits non-zero if any failed.
#
# Usage: testsuite/kbuild/check-series.sh [--no-apply] [--no-checkpatch] [VERSION...]
#   VERSION defaults to "6.1 6.12".
# Environment: PLUGIN_DIR (as for gen-series.sh).
set -euo pipefail

prog=check-series.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

do_apply=1 do_checkpatch=1
versions=()
for arg in "$@"; do
	case $arg in
	--no-apply) do_apply=0 ;;
	--no-checkpatch) do_checkpatch=0 ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
	-*) die "unknown option $arg" ;;
	*) versions+=("$arg") ;;
	esac
done
[ ${#versions[@]} -gt 0 ] || versions=(6.1 6.12)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Up to date, with the identity that signed the committed series.
first=$(series_patches "$root/kbuild/patches" | head -n1)
author=$(sed -n 's/^From: //p' "$first" | head -n1)
[ -n "$author" ] || die "$first has no From: line"
"$root/kbuild/gen-series.sh" --author "$author" "$tmp/patches" >/dev/null
if diff -ru "$root/kbuild/patches" "$tmp/patches" >"$tmp/diff"; then
	pass "kbuild/patches is up to date with plugin/ and kbuild/templates"
else
	fail "kbuild/patches is out of date: run kbuild/gen-series.sh (make kbuild-series) and commit kbuild/patches"
	sed -n '1,60p' "$tmp/diff" | sed 's/^/    /'
fi

# The documentation names every rule of the plugin.
plugin_dir=${PLUGIN_DIR:-$root/plugin}
missing=()
mapfile -t rules < <(sed -n 's/^STYLE_RULE([A-Z_]*, "\([a-z-]*\)".*/style-\1/p' \
	"$plugin_dir/style_rules.def")
[ ${#rules[@]} -gt 0 ] || missing+=("the rules of $plugin_dir/style_rules.def (none found)")
for rule in "${rules[@]}"; do
	grep -q -- "-W$rule\\b" "$root/kbuild/templates/style-check.rst" || missing+=("-W$rule")
done
if [ ${#missing[@]} = 0 ]; then
	pass "the documentation describes every rule of plugin/"
else
	fail "kbuild/templates/style-check.rst does not describe ${missing[*]}, which plugin/ reports: add it there and run kbuild/gen-series.sh"
fi

mapfile -t series < <(series_patches "$root/kbuild/patches")
cp_files=(scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch)
for v in "${versions[@]}"; do
	[ $do_apply = 1 ] || [ $do_checkpatch = 1 ] || break
	src=$tmp/src-$v
	mapfile -t files < <(touched_files "${series[@]}")
	extract_files "$v" "$src" "${files[@]}" "${cp_files[@]}"

	# 2. Applies, with both tools.
	if [ $do_apply = 1 ]; then
		for method in patch git; do
			rm -rf "$tmp/mirror"
			cp -r "$src" "$tmp/mirror"
			if (check_series "$method" "$tmp/mirror" "${series[@]}"); then
				pass "linux-source-$v: the ${#series[@]} patches apply without fuzz ($method)"
			else
				fail "linux-source-$v: the series does not apply ($method)"
			fi
		done
	fi

	# 3. checkpatch.
	if [ $do_checkpatch = 1 ]; then
		[ -f "$src/scripts/checkpatch.pl" ] || die "linux-source-$v has no scripts/checkpatch.pl"
		command -v perl >/dev/null || die "perl is not installed (needed by checkpatch.pl)"
		for p in "${series[@]}"; do
			rc=0
			# On stdin: checkpatch takes a file git tracks as a
			# source file, not as a patch.
			perl "$src/scripts/checkpatch.pl" --strict --no-tree --no-color \
				- <"$p" >"$tmp/cp.log" 2>&1 || rc=$?
			total=$(sed -n 's/^total: //p' "$tmp/cp.log" | tail -n1)
			what="checkpatch --strict $v $(basename "$p"): ${total:-no result (exit $rc)}"
			if [ $rc = 0 ] && [[ $total == "0 errors, 0 warnings, 0 checks,"* ]]; then
				pass "$what"
			else
				fail "$what"
			fi
			grep -E -A3 '^(ERROR|WARNING|CHECK):' "$tmp/cp.log" |
				sed 's/^/    /' || true
		done
	fi
done

echo "check-series: $passed passed, $failed failed"
[ "$failed" = 0 ]
