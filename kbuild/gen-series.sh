#!/usr/bin/env bash
# kbuild/gen-series.sh - generate the kernel patch series for W=style.
#
# Writes kbuild/patches/NNNN-*.patch (git format-patch form) and the quilt
# file kbuild/patches/series from:
#   - plugin/*.c plugin/*.h plugin/*.def: added as scripts/gcc-plugins/<name> by patch 1,
#     including the tree's gcc-common.h (see kernel_copy below)
#     (the plugin source is never copied by hand into kbuild/);
#   - kbuild/templates/NNNN-<slug>.msg: subject (line 1) and commit message;
#   - kbuild/templates/NNNN-<slug>.diff: the hunks for existing kernel files;
#   - kbuild/templates/style-lines.sh: scripts/style-lines.sh (STYLE_SINCE=);
#   - kbuild/templates/style-sarif.sh: scripts/style-sarif.sh (STYLE_SARIF=);
#   - kbuild/templates/style-check.rst: the documentation page.
# The patches are From: and Signed-off-by: the git identity of whoever runs
# it (git config user.name and user.email, as git commit takes them), which
# is also the maintainer in the MAINTAINERS entry (@AUTHOR@ in the
# templates); without one it refuses. The output depends only on these
# inputs and the identity (fixed dates and hashes), so
# testsuite/kbuild/check-series.sh can regenerate it, with the committed series'
# identity (--author), and compare.
#
# Usage: kbuild/gen-series.sh [--author 'NAME <EMAIL>'] [OUTDIR]
#   OUTDIR defaults to kbuild/patches.
# Environment: PLUGIN_DIR (default: <repo>/plugin)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
tpl=$here/templates
plugin_dir=${PLUGIN_DIR:-$root/plugin}
prog=gen-series.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"
author=
if [ "${1:-}" = --author ]; then
	[ $# -ge 2 ] || die "--author needs 'NAME <EMAIL>'"
	author=$2
	shift 2
fi
out=${1:-$here/patches}
signature="kbuild/gen-series.sh"

command -v git >/dev/null || die "git is not installed"
# The identity that signs the series: the caller's git identity, read
# before the user's configuration is shut out below.
if [ -z "$author" ]; then
	name=$(cd "$root" && git config user.name) || true
	email=$(cd "$root" && git config user.email) || true
	[ -n "$name" ] && [ -n "$email" ] ||
		die "no git identity to sign the patches with: set git config user.name and user.email"
	author="$name <$email>"
fi
[[ $author =~ ^[^\<\>\|\&]+\ \<[^\<\>\|\&\ ]+@[^\<\>\|\&\ ]+\>$ ]] ||
	die "'$author' is not an identity of the form 'NAME <EMAIL>'"

export LC_ALL=C TZ=UTC
# Keep the user's git configuration (diff.noprefix, color, ...) out of it.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME=/nonexistent
[ -d "$plugin_dir" ] || die "plugin directory $plugin_dir not found"
[ -d "$tpl" ] || die "template directory $tpl not found"

# The plugin's sources: every plugin/*.c, plugin/*.h and plugin/*.def.
mapfile -t plugin_files < <(cd "$plugin_dir" && ls -1 -- *.c *.h *.def 2>/dev/null | sort)
[ ${#plugin_files[@]} -gt 0 ] || die "no *.c, *.h or *.def files in $plugin_dir"
[ -f "$plugin_dir/style_plugin.c" ] || die "$plugin_dir/style_plugin.c not found (the .so is named after it)"
plugin_c=()
for f in "${plugin_files[@]}"; do
	# MAINTAINERS covers them as scripts/gcc-plugins/style_*.
	[[ $f =~ ^style_[A-Za-z0-9_-]+\.(c|h|def)$ ]] ||
		die "plugin source '$f' must be named style_*.c, style_*.h or style_*.def (see the MAINTAINERS hunk in $tpl)"
	[[ $f == *.c ]] && plugin_c+=("$f")
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# new_file_diff KERNEL_PATH SOURCE: a git diff that adds SOURCE as KERNEL_PATH.
new_file_diff() {
	local dst=$1 src=$2 tree=$work/newfile
	rm -rf "$tree"
	mkdir -p "$tree/$(dirname "$dst")"
	cp "$src" "$tree/$dst"
	chmod 0644 "$tree/$dst"
	# git diff --no-index exits 1 when the files differ, which they do.
	(cd "$tree" && git diff --no-index --no-color --no-ext-diff --abbrev=7 \
		-- /dev/null "$dst") || [ $? -eq 1 ] || die "git diff failed on $src"
}

# kernel_copy FILE: plugin/FILE as the kernel gets it. In the kernel the
# plugin includes the tree's scripts/gcc-plugins/gcc-common.h, like the
# other plugins, and only the GCC headers that gcc-common.h lacks:
# style_compat.h's list of GCC headers, from "gcc-plugin.h" to "intl.h",
# becomes that, and its __visible (gcc-common.h has it) goes; the other
# files' "gcc-plugin.h" becomes "gcc-common.h", and style_plugin.c's
# "plugin-version.h" goes (gcc-common.h includes it).
kernel_copy() {
	local f=$1
	case $f in
	style_compat.h)
		awk -v file="$plugin_dir/$f" '
			/^#include "gcc-plugin.h"$/ {
				print "/* The kernel'"'"'s plugin header, and what it does not include. */"
				print "#include \"gcc-common.h\""
				print "#include \"tree-iterator.h\""
				print "#include \"hash-set.h\""
				print "#include \"cpplib.h\""
				print "#include \"c-family/c-pragma.h\""
				print "#include \"diagnostic-core.h\""
				skip = 1; found++; next
			}
			skip && /^#include "intl.h"$/ { skip = 0; found++; next }
			skip { next }
			/^#ifndef __visible$/ { vis = 1; next }
			vis { if (/^#endif$/) { vis = 0; found++; getline; if ($0 != "") print } ; next }
			{ print }
			END { if (found != 3) { print file ": the GCC header block or __visible was not found" > "/dev/stderr"; exit 1 } }
		' "$plugin_dir/$f" || die "cannot make the kernel copy of $f"
		;;
	*)
		# gcc-common.h includes plugin-version.h (no include guard).
		sed -e 's/^#include "gcc-plugin.h"$/#include "gcc-common.h"/' \
			-e '/^#include "plugin-version.h"$/d' "$plugin_dir/$f"
		;;
	esac
}

# plugin_makefile_diff: for a plugin of several .c files, tell
# scripts/gcc-plugins/Makefile which objects make up style_plugin.so;
# and link it with --as-needed: it uses nothing of libstdc++, which g++
# links by default and each compile would then load.
plugin_makefile_diff() {
	local objs="" f
	for f in "${plugin_c[@]}"; do
		objs+=" ${f%.c}.o"
	done
	cat <<EOF
diff --git a/scripts/gcc-plugins/Makefile b/scripts/gcc-plugins/Makefile
--- a/scripts/gcc-plugins/Makefile
+++ b/scripts/gcc-plugins/Makefile
@@ -23,6 +23,11 @@ targets += randomize_layout_seed.h
 # foo-objs := foo.o foo2.o
 
 always-y += \$(GCC_PLUGIN)
+
+style_plugin-objs :=$objs
+# It uses nothing of libstdc++, which g++ links by default: with
+# --as-needed, a compile that loads the plugin does not load libstdc++.
+\$(obj)/style_plugin.so: plugin_ldflags += -Wl,--as-needed
 
 GCC_PLUGINS_DIR = \$(shell \$(CC) -print-file-name=plugin)
 
EOF
}

# sort_sections DIFF: the file sections of DIFF in path order, like git.
sort_sections() {
	awk '/^diff --git / { path = substr($3, 3) } { print path "\t" $0 }' "$1" |
		sort -s -t "$(printf '\t')" -k1,1 | cut -f2-
}

# diffstat DIFF: the --stat and --summary part of git format-patch.
diffstat() {
	(cd "$work" && git apply --numstat "$1") | awk -v width=72 '
		{ add[NR] = $1; del[NR] = $2; name[NR] = $3;
		  if (length($3) > namew) namew = length($3);
		  if ($1 + $2 > maxc) maxc = $1 + $2;
		  ins += $1; dels += $2 }
		END {
			countw = length(maxc "");
			graphw = width - namew - countw - 4;
			if (graphw < 10) graphw = 10;
			for (i = 1; i <= NR; i++) {
				a = add[i]; d = del[i];
				if (maxc > graphw) {
					a = int(a * graphw / maxc + 0.5);
					d = int(d * graphw / maxc + 0.5);
					if (add[i] && !a) a = 1;
					if (del[i] && !d) d = 1;
				}
				g = "";
				for (j = 0; j < a; j++) g = g "+";
				for (j = 0; j < d; j++) g = g "-";
				printf " %-*s | %*d %s\n", namew, name[i], countw,
					add[i] + del[i], g;
			}
			printf " %d file%s changed", NR, NR == 1 ? "" : "s";
			if (ins) printf ", %d insertion%s(+)", ins, ins == 1 ? "" : "s";
			if (dels) printf ", %d deletion%s(-)", dels, dels == 1 ? "" : "s";
			printf "\n";
		}'
	(cd "$work" && git apply --summary "$1")
}

# patch_name N SUBJECT: NNNN-sanitized-subject.patch, as git names it.
patch_name() {
	local s
	s=$(printf '%s' "$2" | sed -e 's/[^A-Za-z0-9._]\{1,\}/-/g' \
		-e 's/^[-.]*//' | cut -c1-52 | sed -e 's/[-.]*$//')
	printf '%04d-%s.patch' "$1" "$s"
}

# emit N TOTAL MSG DIFF: write one patch in git format-patch form.
emit() {
	local n=$1 total=$2 msg=$3 diff=$4 subject body name tmp
	subject=$(head -n1 "$msg")
	[ -n "$subject" ] || die "$msg: the first line (the subject) is empty"
	[ "$(sed -n 2p "$msg")" = "" ] || die "$msg: line 2 must be empty"
	body=$(tail -n +3 "$msg")
	name=$(patch_name "$n" "$subject")
	tmp=$work/$name
	{
		printf 'From: %s\n' "$author"
		printf 'Date: Mon, 1 Jan 2024 00:%02d:00 +0000\n' "$n"
		printf 'Subject: [PATCH %d/%d] %s\n\n' "$n" "$total" "$subject"
		printf '%s\n\n' "$body"
		printf 'Signed-off-by: %s\n---\n' "$author"
		diffstat "$diff"
		printf '\n'
		cat "$diff"
		printf -- '-- \n%s\n\n' "$signature"
	} >"$tmp"
	# The "From <hash>" line of format-patch: a hash of the content.
	{
		printf 'From %s Mon Sep 17 00:00:00 2001\n' "$(sha1sum <"$tmp" | cut -c1-40)"
		cat "$tmp"
	} >"$out.new/$name"
	echo "$name" >>"$out.new/series"
}

# The series: message template, static hunks, generated files.
msgs=("$tpl"/[0-9][0-9][0-9][0-9]-*.msg)
[ -e "${msgs[0]}" ] || die "no NNNN-*.msg templates in $tpl"
total=${#msgs[@]}

rm -rf "$out.new"
mkdir -p "$out.new"
n=0
for msg in "${msgs[@]}"; do
	n=$((n + 1))
	base=${msg%.msg}
	raw=$work/raw.diff
	: >"$raw"
	[ -f "$base.diff" ] && cat "$base.diff" >>"$raw"
	case $(basename "$base") in
	0001-*)
		for f in "${plugin_files[@]}"; do
			kernel_copy "$f" >"$work/$f"
			new_file_diff "scripts/gcc-plugins/$f" "$work/$f" >>"$raw"
		done
		[ ${#plugin_c[@]} -gt 1 ] && plugin_makefile_diff >>"$raw"
		;;
	*-kbuild-style-since)
		new_file_diff scripts/style-lines.sh "$tpl/style-lines.sh" >>"$raw"
		;;
	*-kbuild-style-sarif)
		new_file_diff scripts/style-sarif.sh "$tpl/style-sarif.sh" >>"$raw"
		;;
	*-docs)
		new_file_diff Documentation/dev-tools/style-check.rst \
			"$tpl/style-check.rst" >>"$raw"
		;;
	esac
	[ -s "$raw" ] || die "patch $n ($msg) has no diff"
	# The maintainer of the MAINTAINERS entry is the signer.
	sed -i "s|@AUTHOR@|${author//|/\\|}|g" "$raw"
	sort_sections "$raw" >"$work/patch.diff"
	(cd "$work" && git apply --stat "$work/patch.diff" >/dev/null) ||
		die "the diff of patch $n ($msg) is malformed"
	emit "$n" "$total" "$msg" "$work/patch.diff"
done

rm -rf "$out"
mv "$out.new" "$out"
echo "gen-series.sh: wrote $total patches to $out"
