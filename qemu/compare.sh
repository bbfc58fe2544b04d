#!/usr/bin/env bash
# qemu/compare.sh - assert that two kernel O= build dirs produced
# byte-identical vmlinux and arch/x86/boot/bzImage.
#
# Usage: qemu/compare.sh OBJ_A OBJ_B
# Exit 0 if both files are identical.  Otherwise exit 1 and name the first
# differing object file (all *.o of both trees sorted by path; host tools
# under scripts/ and tools/, and link-stage objects such as vmlinux.o and
# piggy.o, come last), plus a short list of the others.  Objects that
# differ only in debug info are counted but not named.  Exit 2: bad input.
set -euo pipefail

die() {
	echo "compare.sh: error: $*" >&2
	exit 2
}
[ $# -eq 2 ] || { echo "usage: $0 OBJ_A OBJ_B" >&2; exit 2; }
a=$1 b=$2
files=(vmlinux arch/x86/boot/bzImage)
for d in "$a" "$b"; do
	[ -d "$d" ] || die "'$d' is not a directory"
	for f in "${files[@]}"; do
		[ -f "$d/$f" ] || die "'$d/$f' not found (is '$d' a finished kernel O= dir?)"
	done
done

differ=()
for f in "${files[@]}"; do
	if cmp -s "$a/$f" "$b/$f"; then
		echo "compare.sh: identical: $f ($(stat -c %s "$a/$f") bytes, sha256 $(sha256sum <"$a/$f" | cut -c1-16)...)"
	else
		echo "compare.sh: DIFFERENT: $f" >&2
		differ+=("$f")
	fi
done
[ ${#differ[@]} -eq 0 ] && { echo "compare.sh: PASS: $a and $b are byte-identical"; exit 0; }

# Find the first differing object file, in path order.  Objects that differ
# only in debug info (e.g. the source path in the -g real-mode objects of
# arch/x86/boot) are counted apart: they do not reach vmlinux/bzImage.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
debug_only() {
	objcopy --strip-debug "$a/$1" "$tmp/a.o" 2>/dev/null &&
		objcopy --strip-debug "$b/$1" "$tmp/b.o" 2>/dev/null &&
		cmp -s "$tmp/a.o" "$tmp/b.o"
}
list() { (cd "$1" && find . -name '*.o' -type f | sed 's|^\./||'); }
# Order: kernel objects by path, then host tools (scripts/, tools/), then
# objects made from vmlinux itself at link time (they differ whenever
# vmlinux does, so they would hide the real cause).
rank() {
	awk '{
		r = 0
		if ($0 ~ /^(scripts|tools)\//) r = 1
		if ($0 ~ /(^|\/)(vmlinux\.o|\.tmp_[^\/]*\.o|piggy\.o)$/ || $0 == "arch/x86/boot/header.o") r = 2
		print r "\t" $0
	}' | LC_ALL=C sort -u -k1,1n -k2,2 | cut -f2-
}
first='' ndiff=0 ndebug=0 shown=()
while IFS= read -r o; do
	if [ ! -f "$a/$o" ]; then
		r="$o (only in $b)"
	elif [ ! -f "$b/$o" ]; then
		r="$o (only in $a)"
	elif cmp -s "$a/$o" "$b/$o"; then
		continue
	elif debug_only "$o"; then
		ndebug=$((ndebug + 1))
		continue
	else
		r=$o
	fi
	ndiff=$((ndiff + 1))
	[ -n "$first" ] || first=$r
	[ ${#shown[@]} -ge 10 ] || shown+=("$r")
done < <(cat <(list "$a") <(list "$b") | rank)

[ $ndebug = 0 ] || echo "compare.sh: $ndebug object file(s) differ only in debug info (ignored)" >&2
if [ -n "$first" ]; then
	echo "compare.sh: first differing object file: $first" >&2
	echo "compare.sh: $ndiff object file(s) differ beyond debug info; first ${#shown[@]}:" >&2
	printf '  %s\n' "${shown[@]}" >&2
else
	echo "compare.sh: no *.o file differs (beyond debug info); the difference comes from link time or generated files" >&2
	for g in include/generated/compile.h include/generated/utsversion.h \
		include/generated/utsrelease.h .config usr/initramfs_data.cpio; do
		if [ -f "$a/$g" ] || [ -f "$b/$g" ]; then
			cmp -s "$a/$g" "$b/$g" 2>/dev/null || echo "  differs: $g" >&2
		fi
	done
fi
echo "compare.sh: FAIL: ${differ[*]} differ between $a and $b" >&2
exit 1
