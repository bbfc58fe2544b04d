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

# shellcheck source=lib/common.sh
. "$(cd "$(dirname "$0")" && pwd)/lib/common.sh"
out=$tmp_root/fixits
scratch "$out"

result() {	# result NAME STATUS
	if [ "$2" -eq 0 ]; then echo "PASS: $1"; else echo "FAIL: $1"; fi
}

# fix SRC DST: apply the plugin's fix-its for SRC, writing DST.
fix() {
	cp "$1" "$2"
	$GCC -fplugin="$PLUGIN" -fdiagnostics-parseable-fixits -c "$2" \
		-o /dev/null 2> "$2.log"
	! grep -q '^fix-it:' "$2.log" || "$top/scripts/apply-fixits.sh" "$2.log"
}

for src in "$top"/testsuite/fixits/*.c; do
	name=$(basename "$src")
	fix "$src" "$name"
	cmp -s "$name" "$src.fixed"
	status=$?
	result "$name: fixed as expected" $status
	[ $status -eq 0 ] || diff -u "$src.fixed" "$name"
	$GCC -fplugin="$PLUGIN" -c "$name" -o /dev/null 2> again.log
	! grep -q 'Wstyle-' again.log
	result "$name: no violation left" $?
	# The new lines must not mislead: GCC's own check of indentation.
	$GCC -Wmisleading-indentation -c "$name" -o /dev/null 2> indent.log
	! grep -q 'Wmisleading-indentation' indent.log
	result "$name: no misleading indentation" $?
	fix "$name" "again-$name"
	cmp -s "$name" "again-$name"
	result "$name: fixing again changes nothing" $?
	$GCC -O2 -c "$src" -o before.o && $GCC -O2 -c "$name" -o after.o &&
		cmp -s before.o after.o
	result "$name: same object code" $?
done

# The seed: "[PATCH] kernel/module.c has something to hide."
seed=$(ls "$top"/../shared/seeds/*module-c*.patch 2>/dev/null | head -n 1)
if [ -z "$seed" ]; then
	echo "FAIL: seed patch: ../shared/seeds/*module-c*.patch not found"
	exit 0
fi
# The old side of each hunk (context and '-' lines), made into functions
# that compile: declarations first, then each hunk with what it needs
# around it.
{
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
	sed -n '/^@@/,$p' "$seed" | awk '
		/^@@/ && ++hunk == 2 {
			print "\t(void)use;\n\treturn 1;\n}\n"
			print "struct module *load_module(void *args, void *hdr, long err,"
			print "\t\t\t   struct module *ptr, unsigned long len)\n{"
			print "\tif (len)\n\t\tgoto truncated;\n\tif (!ptr)\n\t\tgoto free_hdr;"
		}
		/^[ -]/ { print substr($0, 2) }
		END { print "\treturn ERR_PTR(err);\n}" }'
} > module.c
$GCC -Wall -c module.c -o /dev/null 2> module.log
result "seed: the old kernel/module.c context compiles" $?
fix module.c module-fixed.c
diff module.c module-fixed.c | sed -n 's/^> /+/p' > ours.txt
sed -n '/^@@/,$p' "$seed" | grep '^+' > theirs.txt
cmp -s ours.txt theirs.txt
status=$?
result "seed: the fix gives exactly the seed patch's + lines" $status
[ $status -eq 0 ] || diff -u theirs.txt ours.txt
