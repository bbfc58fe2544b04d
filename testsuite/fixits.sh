#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fixits.sh - the plugin's fix-it hints, applied, give exactly the
# expected code, which then has no violation left and compiles to the
# same object
#
# Usage: testsuite/fixits.sh   (PLUGIN, GCC and BUILD from the environment)
#
# For each testsuite/fixits/NAME.c: GCC prints the fix-its
# (-fdiagnostics-parseable-fixits) and scripts/apply-fixits.sh applies
# them; the result must be NAME.c.fixed, compile with no style warning,
# and give an object identical to the original's (-O2, no debug info:
# lines may move).
# Then the 2005 seed patch: its kernel/module.c context, made into a C
# file, must be fixed into exactly the patch's '+' lines.

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/fixits
scratch "$out"

result() {	# result NAME STATUS
	if [ "$2" -eq 0 ]; then echo "PASS: $1"; else echo "FAIL: $1"; fi
}

# fix SRC DST [ARG...]: apply the plugin's fix-its for SRC (compiled
# with ARGs), writing DST; fails if the compile fails or crashes.
# DST.fixits: how many fix-its.
fix() {
	local status

	cp "$1" "$2"
	$GCC -fplugin="$PLUGIN" -fdiagnostics-parseable-fixits "${@:3}" -c "$2" \
		-o /dev/null 2> "$2.log"
	status=$?
	grep -c '^fix-it:' "$2.log" > "$2.fixits"
	if ! gcc_ok $status "$2.log"; then
		echo "$2: the compile failed (status $status):"
		head -5 "$2.log"
		return 1
	fi
	! grep -q '^fix-it:' "$2.log" || "$top/scripts/apply-fixits.sh" "$2.log"
}

for src in "$top"/testsuite/fixits/*.c; do
	name=$(basename "$src")
	fix "$src" "$name" && ! cmp -s "$src" "$name"
	result "$name: compiles, with fix-its that change it" $?
	cmp -s "$name" "$src.fixed"
	status=$?
	result "$name: fixed as expected" $status
	[ $status -eq 0 ] || diff -u "$src.fixed" "$name"
	$GCC -fplugin="$PLUGIN" -include "$CANARY" -c "$name" -o /dev/null 2> again.log
	canary_only $? again.log
	result "$name: no violation left (and the canary's reported)" $?
	# The new lines must not mislead: GCC's own check of indentation.
	$GCC -Wmisleading-indentation -c "$name" -o /dev/null 2> indent.log
	! grep -q 'Wmisleading-indentation' indent.log
	result "$name: no misleading indentation" $?
	# Only when the fix changed the file: else both are the source.
	fix "$name" "again-$name" && ! cmp -s "$src" "$name" &&
		[ "$(cat "again-$name.fixits")" -eq 0 ] &&
		cmp -s "$name" "again-$name"
	result "$name: fixing again finds nothing, changes nothing" $?
	! cmp -s "$src" "$name" &&
		$GCC -O2 -c "$src" -o before.o && $GCC -O2 -c "$name" -o after.o &&
		cmp -s before.o after.o
	result "$name: same object code" $?
done

# Filters before fix-its: a rule turned off gives no warning and no
# fix-it, and the fix-it of another rule on its line leaves its code as
# it is (the else body stays on the else line).
printf 'int f(int a)\n{\n\tint x;\n\n\tif (a) x = 1; else x = 2;\n\treturn x;\n}\n' > else-off.c
printf 'int f(int a)\n{\n\tint x;\n\n\tif (a)\n\t\tx = 1;\n\telse x = 2;\n\treturn x;\n}\n' > else-off.want
for off in -fplugin-arg-style_plugin-no-else-body -Wno-style-else-body; do
	fix else-off.c else-off-fixed.c "$off" &&
		[ "$(grep -c '\[-Wstyle-' else-off-fixed.c.log)" -eq 1 ] &&
		grep -q '\[-Wstyle-if-body\]' else-off-fixed.c.log &&
		cmp -s else-off-fixed.c else-off.want
	status=$?
	result "rule off ($off): the if-body warning and fix-it alone, the else line unchanged" $status
	[ $status -eq 0 ] || { diff -u else-off.want else-off-fixed.c; cat else-off-fixed.c.log; }
done

# The seed: "[PATCH] kernel/module.c has something to hide."
seed=$top/testsuite/fixits/seed/module-c.patch
if [ ! -f "$seed" ]; then
	echo "FAIL: seed patch: $seed not found"
	exit 1
fi
# One side of each hunk (context and the SIDE lines: '-' old, '+' new),
# made into functions that compile: declarations first, then each hunk
# with what it needs around it.
seed_side() {
	local side=$1
	shift
	cat <<'C'
#define NULL ((void *)0)
#define KERN_ERR "<3>"
#define ENOEXEC 8
struct module;
struct module_use;
int already_uses(struct module *a, struct module *b);
int strong_try_module_get(struct module *b);
void kfree(void *p);
void vfree(void *p);
void *ERR_PTR(long err);
int printk(const char *fmt, ...);
C
	# Hunk 1 is the start of use_module(); hunk 2 the end of
	# load_module(), whose labels need gotos.
	sed -n '/^@@/,$p' "$seed" | awk -v side="$side" "$@" '
		/^@@/ && ++hunk == 2 {
			print "\t(void)use;\n\treturn 1;\n}\n"
			print "struct module *load_module(void *args, void *hdr, long err,"
			print "\t\t\t   struct module *ptr, unsigned long len)\n{"
			print "\tif (len)\n\t\tgoto truncated;\n\tif (!ptr)\n\t\tgoto free_hdr;"
		}
		# the blank line the seed deletes but no rule asks to: kept
		# where it stands in the old side, after the changed lines
		/^ / && blank { print ""; blank = 0 }
		/^ / || substr($0, 1, 1) == side { print substr($0, 2); next }
		$0 == "-" && keep_blank { blank = 1 }
		END { print "\treturn ERR_PTR(err);\n}" }'
}
seed_side - > module.c
$GCC -Wall -c module.c -o /dev/null 2> module.log
result "seed: the old kernel/module.c context compiles" $?
# The new side, but for one blank line the seed also deletes: blank
# lines are no rule of the plugin's, so its fix keeps it.
seed_side + -v keep_blank=1 > theirs.c
fix module.c module-fixed.c
cmp -s module-fixed.c theirs.c
status=$?
result "seed: the fix gives exactly the seed patch's new side (all of it)" $status
[ $status -eq 0 ] || diff -u theirs.c module-fixed.c
