#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# style-lines.sh - the lines of C code changed since a git revision
#
# Usage: style-lines.sh DIR REV OUTPUT
#
# For "make W=style STYLE_SINCE=REV": writes to OUTPUT one line
# "PATH FIRST LAST" (PATH absolute) for each range of lines of a *.c or
# *.h file that the working tree of the git tree holding DIR adds or
# changes since REV, committed or not, and for each such file that git
# does not track yet. The style plugin then reports only the violations
# on those lines (-fplugin-arg-style_plugin-lines=OUTPUT). Kbuild runs
# it once per build, before anything is compiled, not once per object.
#
# On error (DIR outside a git tree, an unknown REV) it says why in one
# line on standard error and exits 1, which stops the build.

dir=$1
rev=$2
out=$3

fail()
{
	echo "W=style: STYLE_SINCE=$rev: $*" >&2
	exit 1
}

[ $# -eq 3 ] || fail "usage: style-lines.sh DIR REV OUTPUT"
command -v git >/dev/null 2>&1 || fail "git is not installed"
top=$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) ||
	fail "$dir is not in a git tree"
top=$(cd "$top" && pwd -P) || fail "cannot enter $top"
# A tree unpacked in an ignored directory of another project's git tree
# has no history there.
! git -C "$dir" check-ignore -q . ||
	fail "$dir is not in a git tree (the git tree $top ignores it)"
git -C "$top" rev-parse --verify --quiet "$rev^{commit}" >/dev/null ||
	fail "no such revision in the git tree $top"

tmp=$out.tmp
git -C "$top" -c core.quotePath=false diff --no-color --no-ext-diff \
	--no-renames --src-prefix=a/ --dst-prefix=b/ -U0 "$rev" -- '*.c' '*.h' \
	>"$tmp.diff" || fail "git diff $rev failed in $top"
git -C "$top" -c core.quotePath=false ls-files --others --exclude-standard \
	-- '*.c' '*.h' >"$tmp.new" || fail "git ls-files failed in $top"

# The ranges of the hunks' new lines, skipping the hunks' text (a line
# "++ x" added reads "+++ x"); the whole of each untracked file.
awk -v top="$top" '
	FILENAME != ARGV[1] {
		print top "/" $0, 1, 2147483647
		next
	}
	skip > 0 {
		if (!/^\\/)
			skip--
		next
	}
	/^\+\+\+ / {
		file = $2 == "/dev/null" ? "" : top "/" substr($2, 3)
		next
	}
	/^@@ / {
		n = split(substr($2, 2), o, ",")
		old = n > 1 ? o[2] + 0 : 1
		n = split(substr($3, 2), r, ",")
		count = n > 1 ? r[2] + 0 : 1
		skip = old + count
		if (file != "" && count > 0)
			print file, r[1], r[1] + count - 1
	}' "$tmp.diff" "$tmp.new" >"$tmp" || fail "cannot write $out"
rm -f "$tmp.diff" "$tmp.new"
mv "$tmp" "$out" || fail "cannot write $out"
