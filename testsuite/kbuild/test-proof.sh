#!/usr/bin/env bash
# testsuite/kbuild/test-proof.sh - the proof of kbuild/compare-objs.sh must reject
# code changes and accept formatting, on small builds laid out as kernel
# O= dirs (seconds, no kernel build).
#
# testsuite/kbuild/proof/proof.c.in (with proof.h.in: x86_64's WARN_ON() and its
# __bug_table entry, an initcall named after its line) is compiled as
# kbuild compiles the kernel (-fmacro-prefix-map=SRC/=, -g, no PIC) into
# SRC/lib/proof.o, with its .cmd file; linked into a vmlinux (with a GNU
# build-id), a module lib/proof.ko, and a "bzImage", made as
# arch/x86/boot/ makes it: the gzip of compressed/vmlinux.bin (vmlinux,
# symbols stripped) in a piggy.S linked into compressed/vmlinux, whose
# symbols give zoffset.h, from which header.S (proof/header.S.in) takes
# the payload's size and offsets into setup.bin; vmlinux
# carries kallsyms tables, linked as kbuild does, their object kept as
# .tmp_vmlinux.kallsyms{1,2}.o. Then
# compare-objs.sh compares the original build (A) with builds of changed
# copies (B):
#   - an honest change (the lines of proof.c with two statements split,
#     as kbuild/fix-tree.sh does) passes, with the moved WARN_ON line
#     traced in __bug_table (object, module, vmlinux, bzImage's payload)
#     and the initcall renamed after its new line;
#   - the same with a line-number guard, "if (__LINE__ > 1) return -1;",
#     fails (.text differs, and the sources differ in more than blanks);
#   - a changed constant (limit = 11) fails (.data differs);
#   - a joined body, "if (a) { count++; count += 2; }", fails (.text);
#   - changes of blanks only that change the code, which the sources'
#     check (the same non-blank characters) cannot see: a statement
#     joined to the "//" comment above it fails (.text), a blank taken
#     out of a string literal fails (its data);
#   - a WARN_ON line, or an initcall's, that moves where the source did
#     not (blank lines moved in the compiled copy) fails;
#   - a fake vmlinux (B's, linked from an object with other code and
#     data) fails on .text; one with other data only fails on .data;
#   - vmlinux's kallsyms tables (written as 6.1's scripts/kallsyms.c
#     lays them out, by kallsyms_src below) are decoded: the honest
#     change passes with the initcall's rename traced in them (vmlinux,
#     .tmp_vmlinux.kallsyms2.o); tables that name a symbol otherwise
#     than its objects, or whose kallsyms_seqs_of_names is not sorted
#     by name, fail;
#   - setup.bin, which holds the compressed payload's size, in both of
#     its cases, each made to happen whatever the paths vmlinux holds
#     (the honest change with an uncompressed payload keeps its size;
#     with 0 to 40 blank lines more, the first whose gzip'd payload's
#     size changes): the same size passes with setup.bin identical, and
#     said; a new size passes with its size fields traced to each
#     side's zoffset.h. A byte changed elsewhere in it (in each case), a
#     payload_length that is not zoffset.h's, a payload of a new size
#     with an unchanged setup.bin, a zoffset.h that is not what
#     compressed/vmlinux gives, and a piggy.S whose z_input_len is not
#     its payload's size fail;
#   - a bzImage missing on one side or on both, and a .ko missing on one
#     side, fail;
#   - an object (lib/where.o, not linked) whose string holds its own line
#     ("FILE:LINE", as fortify-string.h writes one): the honest split
#     passes with that line traced; built from a copy where the line
#     moved where the source did not, it fails.
# Each failure must be for the reason expected (its message is checked).
#
# Usage: testsuite/kbuild/test-proof.sh
# Environment: BUILD (default <repo>/build); work files go to
#   $BUILD/proof-test (WORK overrides).
set -euo pipefail

# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=test-proof.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

[ $# = 0 ] || { echo "usage: $0" >&2; exit 2; }
for tool in gcc ld objcopy objdump gzip; do
	command -v $tool >/dev/null || die "$tool is not installed"
done
build=${BUILD:-$root/build}
work=${WORK:-$build/proof-test}
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd -P)

# tree NAME: a source tree $work/src-NAME with the original proof.c.
tree() {
	local s=$work/src-$1
	mkdir -p "$s/lib" "$s/include"
	echo '# the source tree of a testsuite/kbuild/test-proof.sh build' >"$s/Makefile"
	cp "$here/proof/proof.c.in" "$s/lib/proof.c"
	cp "$here/proof/proof.h.in" "$s/include/proof.h"
	mkdir -p "$s/arch/x86/boot/compressed"
	cp "$here/proof/header.S.in" "$s/arch/x86/boot/header.S"
	cp "$here/proof/setup.ld.in" "$s/arch/x86/boot/setup.ld"
	cp "$here/proof/head.S.in" "$s/arch/x86/boot/compressed/head.S"
}
# objdir NAME: build $work/src-NAME in $work/o-NAME, as a kernel O= dir.
objdir() {
	local s=$work/src-$1 o=$work/o-$1 c
	rm -rf "$o"
	mkdir -p "$o/lib" "$o/arch/x86/boot/compressed"
	printf 'CONFIG_GENERIC_BUG=y\nCONFIG_GENERIC_BUG_RELATIVE_POINTERS=y\nCONFIG_DEBUG_BUGVERBOSE=y\n' >"$o/.config"
	echo "include $s/Makefile" >"$o/Makefile"
	# PROOF_DOTDOT=1: the source named through "..", as kbuild names
	# amdgpu's (drivers/gpu/drm/amd/amdgpu/../display/X.c)
	local f=$s/lib/proof.c
	[ -z "${PROOF_DOTDOT:-}" ] || { mkdir -p "$s/lib/x"; f=$s/lib/x/../proof.c; }
	c="gcc -Wp,-MMD,lib/.proof.o.d -nostdinc -I$s/include -O2 -g -fno-pic -fno-pie -mcmodel=kernel -ffreestanding -fno-stack-protector -fno-asynchronous-unwind-tables -fmacro-prefix-map=$s/= -c -o lib/proof.o $f"
	(cd "$o" && sh -c "$c") || return 1
	{
		echo "savedcmd_lib/proof.o := $c"
		echo
		echo "source_lib/proof.o := $f"
		echo
		echo "deps_lib/proof.o := \\"
		echo "  $s/include/proof.h \\"
		echo
		# shellcheck disable=SC2016 # make's $(), not the shell's
		echo 'lib/proof.o: $(deps_lib/proof.o)'
	} >"$o/lib/.proof.o.cmd"
	rm -f "$o/lib/.proof.o.d"
	link "$o" lib/proof.o
}
# kallsyms_src LIST: the assembler source of kallsyms tables for the
# symbols of LIST ("ADDR TYPE NAME" lines, nm -n), laid out as 6.1's
# scripts/kallsyms.c writes them (CONFIG_KALLSYMS_BASE_RELATIVE): names
# compressed with a token table (a few long tokens, else a character a
# token), markers, the names' order sorted by name. KS_EDIT, a sed
# script, is applied to the names before they are encoded (a planted
# fake); KS_SEQS=reverse plants a kallsyms_seqs_of_names in reverse.
kallsyms_src() {
	local list=$1
	awk '$2 ~ /^[tTdDrRbB]$/ && $3 !~ /^kallsyms_/ { print $1, $2, $3 }' "$list" |
		sed -e "${KS_EDIT:-}" >"$list.k"
	# The name order: by name (without the type letter), address, index.
	awk '{ printf "%s\t%s\t%d\n", $3, $1, NR - 1 }' "$list.k" | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3n |
		cut -f3 >"$list.seqs"
	if [ "${KS_SEQS:-}" = reverse ]; then
		tac "$list.seqs" >"$list.rev"
		mv "$list.rev" "$list.seqs"
	fi
	LC_ALL=C awk -v seqs="$list.seqs" '
	function label(l) { printf ".globl %s\n\t.balign 8\n%s:\n", l, l }
	function hex(s, v, k) {
		v = 0
		for (k = 1; k <= length(s); k++)
			v = v * 16 + index("0123456789abcdef", substr(s, k, 1)) - 1
		return v
	}
	BEGIN {
		for (i = 1; i < 256; i++) {
			chr[i] = sprintf("%c", i)
			ord[chr[i]] = i
		}
		ntok = split("__initcall__kmod_ proof _init match_", long, " ")
		for (i = 1; i <= ntok; i++)
			tok[i] = long[i]	# tokens 1..ntok; the rest: one character
		for (i = 32; i < 127; i++)
			tok[i] = chr[i]
	}
	{ addr[NR - 1] = hex($1); name[NR - 1] = $2 $3 }
	END {
		n = NR
		base = addr[0]
		for (i = 0; i < n; i++)
			if (addr[i] < base)
				base = addr[i]
		print "\t.section .note.GNU-stack, \"\", @progbits"
		print "\t.section .rodata, \"a\""
		label("kallsyms_offsets")
		for (i = 0; i < n; i++)
			printf "\t.long\t%#x\n", addr[i] - base
		label("kallsyms_relative_base")
		printf "\t.quad\t%#x\n", base
		label("kallsyms_num_syms")
		printf "\t.long\t%u\n", n
		label("kallsyms_names")
		off = 0
		for (i = 0; i < n; i++) {
			if (i % 256 == 0)
				marker[i / 256] = off
			s = name[i]
			len = 0
			codes = ""
			while (s != "") {
				t = 0
				for (k = 1; k <= ntok; k++)
					if (index(s, tok[k]) == 1) {
						t = k
						break
					}
				if (!t)
					for (k = 32; k < 127; k++)
						if (substr(s, 1, 1) == tok[k])
							t = k
				codes = codes sprintf(", %#x", t)
				s = substr(s, length(tok[t]) + 1)
				len++
			}
			printf "\t.byte\t%#x%s\n", len, codes
			off += len + 1
		}
		label("kallsyms_markers")
		for (i = 0; i * 256 < n; i++)
			printf "\t.long\t%u\n", marker[i]
		label("kallsyms_seqs_of_names")
		while ((getline q <seqs) > 0)
			printf "\t.byte\t%#x, %#x, %#x\n", int(q / 65536), int(q / 256) % 256, q % 256
		label("kallsyms_token_table")
		off = 0
		for (i = 0; i < 256; i++) {
			index_of[i] = off
			s = tok[i]
			for (k = 1; k <= length(s); k++)
				printf "\t.byte\t%#x\n", ord[substr(s, k, 1)]
			printf "\t.byte\t0\n"
			off += length(s) + 1
		}
		label("kallsyms_token_index")
		for (i = 0; i < 256; i++)
			printf "\t.short\t%u\n", index_of[i]
	}
	' "$list.k"
}
# link_vmlinux O OUT OBJ: link OUT from OBJ with kallsyms tables, as
# kbuild does: linked once without, then twice with tables of the
# previous link's symbols (the second has them at their final
# addresses); the tables' object is kept as O/.tmp_vmlinux.kallsyms2.o.
link_vmlinux() {
	local o=$1 out=$2 obj=$3 step
	ld -static -e 0 -Ttext-segment=0xffffffff81000000 -o "$out.0" "$obj"
	for step in 1 2; do
		nm -n "$out.$((step - 1))" >"$out.nm"
		kallsyms_src "$out.nm" >"$out.S"
		gcc -c -o "$o/.tmp_vmlinux.kallsyms$step.o" "$out.S"
		ld -static -e 0 -Ttext-segment=0xffffffff81000000 --build-id=sha1 -o "$out.$step" "$obj" "$o/.tmp_vmlinux.kallsyms$step.o"
	done
	mv "$out.2" "$out"
	rm -f "$out".[01] "$out".nm* "$out".S
}
# link O OBJ: link vmlinux, the module and the bzImage of O from OBJ.
link() {
	local o=$1
	ld -r --build-id=sha1 -o "$o/lib/proof.ko" "$o/$2"
	link_vmlinux "$o" "$o/vmlinux" "$o/$2"
	image "$o"
}
# made O T CMD: run CMD, which makes T, in O and write T's .cmd file
# as kbuild does ($ and # escaped).
made() {
	(cd "$1" && sh -c "$3") || return 1
	# shellcheck disable=SC2016 # make's $$ and $(pound)
	printf 'savedcmd_%s := %s\n' "$2" "$(printf '%s' "$3" | sed -e 's/\$/$$/g' -e 's/#/$(pound)/g')" \
		>"$1/$(dirname "$2")/.$(basename "$2").cmd"
}
# image O: the bzImage of O's vmlinux, made as arch/x86/boot/Makefile
# and compressed/Makefile make it: compressed/vmlinux.bin (vmlinux
# stripped), gzipped, included by piggy.S (as mkpiggy writes it) and
# linked with a decompressor into compressed/vmlinux; zoffset.h, its
# symbols; setup.bin, the boot header (header.S, which includes
# zoffset.h) linked and copied out; bzImage, the two. IMG_PIGGY and
# IMG_ZOFFSET, sed scripts, plant changes in piggy.S and zoffset.h;
# IMG_COMP=none makes the payload uncompressed (vmlinux.bin.none, a
# copy: its size is vmlinux.bin's).
image() {
	local o=$1 s b=arch/x86/boot c=arch/x86/boot/compressed pl
	s=$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$o/Makefile")
	objcopy -R .comment -S "$o/vmlinux" "$o/$c/vmlinux.bin"
	: >"$o/$c/vmlinux.relocs"
	if [ "${IMG_COMP:-gzip}" = none ]; then
		pl=$c/vmlinux.bin.none
		made "$o" $pl "cat $c/vmlinux.bin >$pl" || return 1
	else
		pl=$c/vmlinux.bin.gz
		made "$o" $pl "gzip -n -9 <$c/vmlinux.bin >$pl" || return 1
	fi
	# shellcheck disable=SC2016 # $(stat) runs when the command does
	made "$o" $c/piggy.S "printf '.section \".rodata..compressed\",\"a\",@progbits\\n.globl z_input_len\\nz_input_len = %d\\n.globl input_data, input_data_end\\ninput_data:\\n.incbin \"%s\"\\ninput_data_end:\\n' \$(stat -c %s $pl) $pl >$c/piggy.S" ||
		return 1
	sed -i -e "${IMG_PIGGY:-}" "$o/$c/piggy.S"
	made "$o" $c/piggy.o "gcc -Wp,-MMD,$c/.piggy.o.d -c -o $c/piggy.o $c/piggy.S" &&
		made "$o" $c/head.o "gcc -Wp,-MMD,$c/.head.o.d -c -o $c/head.o $s/$c/head.S" &&
		made "$o" $c/vmlinux "ld -static -z noexecstack -e startup_32 -o $c/vmlinux $c/head.o $c/piggy.o" &&
		made "$o" $b/zoffset.h "nm $c/vmlinux | sed -n -e 's/^\\([0-9a-fA-F]*\\) [a-zA-Z] \\(startup_32\\|input_data\\|kernel_info\\|_end\\|_e\\?data\\|z_.*\\)\$/#define ZO_\\2 0x\\1/p' > $b/zoffset.h" ||
		return 1
	sed -i -e "${IMG_ZOFFSET:-}" "$o/$b/zoffset.h"
	made "$o" $b/header.o "gcc -Wp,-MMD,$b/.header.o.d -nostdinc -g -D__ASSEMBLY__ -I ./$b -I $s/$b -c -o $b/header.o $s/$b/header.S" &&
		made "$o" $b/setup.elf "ld -T $s/$b/setup.ld $b/header.o -o $b/setup.elf" &&
		made "$o" $b/setup.bin "objcopy -O binary $b/setup.elf $b/setup.bin" || return 1
	# bzImage: setup.bin and the decompressor with its payload (as
	# arch/x86/boot/tools/build writes them, without its padding and CRC).
	made "$o" $b/vmlinux.bin "objcopy -O binary -R .note -R .comment -S $c/vmlinux $b/vmlinux.bin" &&
		made "$o" $b/bzImage "cat $b/setup.bin $b/vmlinux.bin >$b/bzImage" || return 1
	rm -f "$o/$c"/.*.d "$o/$b"/.*.d
}
# split FILE: the lines with two statements split, as fix-tree.sh does.
split() {
	sed -i -e 's/^\tif (!s) return -22;$/\tif (!s)\n\t\treturn -22;/' \
		-e "s/^\\twhile (\\(.*\\)) v = \\(.*\\);\$/\\twhile (\\1)\\n\\t\\tv = \\2;/" \
		-e 's/^\tif (WARN_ON(v > limit)) return -34;$/\tif (WARN_ON(v > limit))\n\t\treturn -34;/' \
		-e 's/^\tif (count > 99) proof_line = __LINE__;$/\tif (count > 99)\n\t\tproof_line = __LINE__;/' "$1"
}
# proof NAME: compare-objs.sh o-BASE o-NAME (BASE: $PROOF_BASE, else
# orig), its output in $work/NAME.log; the exit status is returned.
proof() {
	local rc=0
	"$root/kbuild/compare-objs.sh" "$work/o-${PROOF_BASE:-orig}" "$work/o-$1" >"$work/$1.log" 2>&1 || rc=$?
	return $rc
}
# rejected NAME WHAT MESSAGE...: compare-objs.sh fails on o-NAME (exit
# 1), and says each MESSAGE (a grep -E pattern).
rejected() {
	local name=$1 what=$2 rc=0 m miss=''
	shift 2
	proof "$name" || rc=$?
	for m; do
		grep -Eq -- "$m" "$work/$name.log" || miss="$miss '$m'"
	done
	if [ $rc = 1 ] && [ -z "$miss" ]; then
		pass "proof: rejected: $what"
	else
		fail "proof: rejected: $what (exit $rc${miss:+; not said:$miss})"
		sed 's/^/    /' "$work/$name.log" | tail -n 15
	fi
}
# variant NAME [split]: a tree and its build, with proof.c changed by
# the commands on stdin (a sed script; empty: the original), after its
# lines are split (with "split").
variant() {
	tree "$1"
	local f=$work/src-$1/lib/proof.c
	[ "${2:-}" != split ] || split "$f"
	sed -i -f - "$f"
	objdir "$1" || die "cannot build the variant $1"
}

variant orig </dev/null
check "proof: an original build is identical to itself (a rebuild)" bash -c "
	cp -r '$work/src-orig' '$work/src-same' && mkdir -p '$work/o-same' &&
	cp -a '$work/o-orig/.' '$work/o-same/' && echo 'include $work/src-same/Makefile' >'$work/o-same/Makefile' &&
	'$root/kbuild/compare-objs.sh' '$work/o-orig' '$work/o-same' >'$work/same.log' 2>&1 &&
	grep -q 'PASS: the same code and data in every object' '$work/same.log'"

# The honest change: split lines; the WARN_ON and the initcall move.
variant honest split </dev/null
rc=0
proof honest || rc=$?
sed 's/^/    /' "$work/honest.log"
check "proof: accepted: a formatting-only change (exit $rc)" [ $rc = 0 ]
check "proof: ... its source check: 1 file, only blanks" \
	grep -q 'sources: 1 file(s) differ between the trees, each only in spaces, tabs and line breaks$' "$work/honest.log"
old=$(grep -n 'WARN_ON(v > limit)' "$work/src-orig/lib/proof.c" | cut -d: -f1)
new=$(grep -n 'WARN_ON(v > limit)' "$work/src-honest/lib/proof.c" | cut -d: -f1)
oldi=$(grep -n '^device_initcall' "$work/src-orig/lib/proof.c" | cut -d: -f1)
newi=$(grep -n '^device_initcall' "$work/src-honest/lib/proof.c" | cut -d: -f1)
# proof_line = __LINE__: an immediate operand in .text, on the second
# of the two lines its old line was split into.
oldl=$(grep -n 'proof_line = __LINE__' "$work/src-orig/lib/proof.c" | cut -d: -f1)
newl=$(grep -n 'proof_line = __LINE__' "$work/src-honest/lib/proof.c" | cut -d: -f1)
check "proof: ... the object: the WARN_ON's __bug_table line traced (lib/proof.c:$old -> $new)" \
	grep -q "__LINE__: lib/proof.o: __bug_table lines (1): lib/proof.c:$old -> $new; line numbers in code (1): lib/proof.c:$oldl -> $newl; initcalls renamed (1): __initcall__kmod_proof__12_${oldi}_proof_init6 -> __initcall__kmod_proof__12_${newi}_proof_init6 (changed sources: lib/proof.c from line" "$work/honest.log"
check "proof: ... the object: the line number in code traced (lib/proof.c:$oldl -> $newl)" \
	grep -q "__LINE__: lib/proof.o: .*; line numbers in code (1): lib/proof.c:$oldl -> $newl;" "$work/honest.log"
check "proof: ... the module: the same line and rename, and the build-id" \
	grep -q "linked: lib/proof.ko: __bug_table lines (1): lib/proof.c:$old -> $new; line numbers in code (1): $oldl -> $newl; initcalls renamed (1): .*; the build-id note" "$work/honest.log"
check "proof: ... vmlinux: the same, through its relative pointer to the file name" \
	grep -q "vmlinux: differs only as its objects do: __bug_table lines (1): lib/proof.c:$old -> $new; line numbers in code (1): $oldl -> $newl; initcalls renamed (1): .*; the build-id note" "$work/honest.log"
check "proof: ... bzImage: its payload traced" \
	grep -q "bzImage: differs in its compressed payload, arch/x86/boot/compressed/vmlinux.bin, which is vmlinux with its symbols stripped (.*): it differs only as vmlinux does: __bug_table lines (1): lib/proof.c:$old -> $new" "$work/honest.log"
# The bzImage's real-mode part, setup.bin, holds the compressed
# payload's size: whether a formatting change alters that size depends
# on every byte of vmlinux (its build-id too, a hash of the paths in its
# debug info), so the honest change's checks follow its data, and both
# cases are made to happen on purpose below (sized).
# payload NAME: the payload file of o-NAME that its piggy.S includes;
# paysize NAME: its size.
payload() { sed -n 's/^\.incbin "\(.*\)"$/\1/p' "$work/o-$1/arch/x86/boot/compressed/piggy.S"; }
paysize() { stat -c %s "$work/o-$1/$(payload "$1")"; }
# setup_checks NAME WHAT: what the proof of o-NAME (accepted) against
# o-BASE ($PROOF_BASE, else orig) says of setup.bin: its size fields
# traced if the payload's size changed, else that it is identical, the
# payload's size the same.
setup_checks() {
	local sa sb pl
	sa=$(paysize "${PROOF_BASE:-orig}") sb=$(paysize "$1") pl=$(payload "$1")
	if [ "$sa" != "$sb" ]; then
		check "proof: ... $2: bzImage: the payload's size changed ($sa -> $sb bytes), setup.bin's size fields traced to each side's zoffset.h" \
			grep -q "bzImage: its payload's size is in its real-mode part: arch/x86/boot/setup.bin: the fields \\(.*, \\)\\{0,1\\}payload_length (at 0xd, [1-4] bytes\\{0,1\\}), .*kernel_info_offset (at 0x15, [1-4] bytes\\{0,1\\}) differ, as header.S computes them from zoffset.h: A built again with B's zoffset.h is B (header.o, setup.bin); zoffset.h: .*ZO_z_input_len 0x[0-9a-f]* -> 0x[0-9a-f]*; each side's is its compressed/vmlinux's, ZO_z_input_len the size of $pl ($sa -> $sb bytes)\$" "$work/$1.log"
	else
		check "proof: ... $2: bzImage: the payload's size the same ($sa bytes), setup.bin identical, and said" \
			grep -q "bzImage: its real-mode part, arch/x86/boot/setup.bin, is identical: the payload's size did not change: the size of $pl is $sa bytes on both sides\$" "$work/$1.log"
	fi
}
setup_checks honest "the honest change"
rename="__initcall__kmod_proof__12_${oldi}_proof_init6 -> __initcall__kmod_proof__12_${newi}_proof_init6"
check "proof: ... the kallsyms tables: decoded, the initcall's rename traced (vmlinux, .tmp_vmlinux.kallsyms2.o)" \
	grep -q "vmlinux: differs only as its objects do: .*; kallsyms tables (in .rodata: [1-9][0-9]* names decoded, 1 renamed): $rename; the build-id note" "$work/honest.log"
check "proof: ... the kallsyms tables of the link stage: the same" \
	grep -q "linked: .tmp_vmlinux.kallsyms2.o: kallsyms tables (in .rodata: [1-9][0-9]* names decoded, 1 renamed): $rename\$" "$work/honest.log"

# The same honest change, both builds naming the source through ".."
# (its __FILE__ is lib/x/../proof.c: WARN_ON's file in __bug_table, as
# amdgpu's objects name theirs): the line map's lib/proof.c is found.
PROOF_DOTDOT=1 variant dorig </dev/null
PROOF_DOTDOT=1 variant dhonest split </dev/null
rc=0
PROOF_BASE=dorig proof dhonest || rc=$?
check "proof: accepted: the honest change with its source named through \"..\" (lib/x/../proof.c, exit $rc)" \
	bash -c '[ $1 = 0 ] && grep -q "lib/x/../proof.c" "$2/o-dorig/lib/proof.o"' _ "$rc" "$work"
[ $rc = 0 ] || grep -E 'FAIL|UNEXPLAINED' "$work/dhonest.log" | head -n 3 | sed 's/^/    /'

# The planted code changes.
variant guard <<'EOF2'
s/^\tint v = 0;$/\tint v = 0;\n\n\tif (__LINE__ > 1) return -1;/
EOF2
rejected guard "if (__LINE__ > 1) return -1; added" \
	'changed files whose non-blank characters differ \(not a formatting change\): lib/proof.c' \
	'UNEXPLAINED: lib/proof.o: the sections differ: .*\.text is [0-9]+ bytes in A, [0-9]+ in B' \
	'vmlinux: the sections differ: .*\.text is'
variant constant <<'EOF2'
s/^int limit = 10;$/int limit = 11;/
EOF2
rejected constant "a changed constant (limit = 11)" \
	'UNEXPLAINED: lib/proof.o: section \.data differs \(data, at \.data\+0x0 \(in limit\)\)' \
	'vmlinux: section \.data differs'
variant joined <<'EOF2'
/^\tif (a)$/,/^\tcount += 2;$/c\
	if (a) { count++; count += 2; }
EOF2
rejected joined "a joined body: if (a) { count++; count += 2; }" \
	'non-blank characters differ' \
	'UNEXPLAINED: lib/proof.o: (the sections differ: .*\.text is|section \.text differs \(code)'

# Blanks only, but other code: the non-blank characters are the same,
# so only the objects can tell.
variant comment <<'EOF2'
/^\t\/\/ and twice more$/{N; s/\n\t/ /}
EOF2
rejected comment "a statement joined to the // comment above it (blanks only)" \
	'sources: 1 file\(s\) differ between the trees, each only in spaces, tabs and line breaks$' \
	'UNEXPLAINED: lib/proof.o: (the sections differ: .*\.text is|section \.text differs \(code)'
variant string <<'EOF2'
s/"proof line"/"proofline"/
EOF2
rejected string "a blank taken out of a string literal (blanks only)" \
	'sources: 1 file\(s\) differ between the trees, each only in spaces, tabs and line breaks$' \
	'UNEXPLAINED: lib/proof.o: (the sections differ: .*\.rodata[^ ]* is|section \.rodata[^ ]* differs)'

# Line numbers that move where the source did not: the trees hold the
# honest change, but the object is built from a copy of the new proof.c
# edited by SEDEXPR (blank lines moved: the same code).
badlayout() {
	local name=$1 expr=$2
	variant "$name" split </dev/null
	sed "$expr" "$work/src-$name/lib/proof.c" >"$work/$name.c"
	(cd "$work/o-$name" && gcc -nostdinc -I"$work/src-$name/include" -O2 -g -fno-pic -fno-pie -mcmodel=kernel -ffreestanding \
		-fno-stack-protector -fno-asynchronous-unwind-tables -fmacro-prefix-map="$work/$name.c=lib/proof.c" \
		-c -o lib/proof.o "$work/$name.c")
	link "$work/o-$name" lib/proof.o
}
# Two blank lines less above the WARN_ON (beyond the lines its old line
# was split into: a line number may land on any of those, as the proof
# does not know which token of a line gives __LINE__), two more below
# it: the initcall keeps its line.
badlayout badbug '/^\tint v = 0;$/{n; d}; /^static int count;$/{n; d}; s/^static int proof_init/\n\n&/'
rejected badbug "a WARN_ON line that does not follow the source" \
	'UNEXPLAINED: lib/proof.o: __bug_table entry at 0x0: line [0-9]+ of lib/proof.c does not move to line [0-9]+'
badlayout badinit 's/^device_initcall/\n&/'
rejected badinit "an initcall line that does not follow the source" \
	'UNEXPLAINED: lib/proof.o: symbol [0-9]+ renamed __initcall__kmod_proof__12_[0-9]+_proof_init6 -> __initcall__kmod_proof__12_[0-9]+_proof_init6: line [0-9]+ does not move to line [0-9]+ in a changed source of it \(lib/proof.c\)'
# One blank line more above proof_line = __LINE__, one less below it.
badlayout badimm '/^\t\tproof_line = __LINE__;$/{n; d}; s/^\tif (count > 99)$/\n&/'
rejected badimm "a line number in code that does not follow the source" \
	'UNEXPLAINED: lib/proof.o: section \.text differs \(code, at \.text\+0x[0-9a-f]+ \(in proof_init\)\): the operand [0-9]+ -> [0-9]+ is not a line of a changed source that moved there'

# Fake vmlinux pairs: B's objects are the honest ones, its vmlinux is not.
fake() {
	local name=$1 expr=$2
	variant "$name" split </dev/null
	sed "$expr" "$work/src-$name/lib/proof.c" >"$work/$name.c"
	gcc -nostdinc -I"$work/src-$name/include" -O2 -g -fno-pic -fno-pie -mcmodel=kernel -ffreestanding -fno-stack-protector \
		-fno-asynchronous-unwind-tables -fmacro-prefix-map="$work/$name.c=lib/proof.c" \
		-c -o "$work/$name.o" "$work/$name.c"
	link_vmlinux "$work" "$work/o-$name/vmlinux" "$work/$name.o"
}
fake fakevm 's/^int limit = 10;$/int limit = 11;/; s/v \* 10/v * 16/'
rejected fakevm "a fake vmlinux, other code and data" \
	'vmlinux: section \.text differs \(code, at \.text\+0x[0-9a-f]+ \(in match_int' \
	'UNEXPLAINED: lib/proof.ko|objects: .* 0 unexplained'
fake fakedata 's/^int limit = 10;$/int limit = 12;/'
rejected fakedata "a fake vmlinux, other data only" \
	'vmlinux: section \.data differs \(data, at \.data\+0x0 \(in limit\)\)'

# A fake bzImage: its payload is not B's vmlinux stripped (a byte of its
# .data changed), though vmlinux is honest.
variant fakebin split </dev/null
bin=$work/o-fakebin/arch/x86/boot/compressed/vmlinux.bin
off=$((16#$(objdump -h "$bin" | awk '$2 == ".data" { print $6 }')))
printf '\177' | dd of="$bin" bs=1 seek="$off" conv=notrunc status=none
rejected fakebin "a bzImage whose payload is not vmlinux stripped" \
	'arch/x86/boot/bzImage: differs, and its payload arch/x86/boot/compressed/vmlinux.bin is not vmlinux with its symbols stripped'

# setup.bin, in both cases, each made to happen on purpose whatever the
# paths vmlinux holds:
#  - the same size: the honest change with an uncompressed payload (its
#    bzImage and the original's made with IMG_COMP=none): the line
#    numbers that move keep their digits, so vmlinux.bin keeps its
#    layout and its size;
#  - a new size: the honest change, gzip'd, with K blank lines more
#    above match_int (moving every line below it), the first K (0..40)
#    whose payload is not the size of o-orig's (sizenew; sized_k is K).
sized_new() {
	local blanks=''
	sized_k=0
	while [ $sized_k -le 40 ]; do
		variant sizenew split <<<"s/^static int count;\$/&$blanks/"
		[ "$(paysize orig)" = "$(paysize sizenew)" ] || return 0
		blanks="$blanks\\n"
		sized_k=$((sized_k + 1))
	done
	die "no honest variant with 0..40 blank lines more gives a payload of a new size"
}
IMG_COMP=none variant orignone </dev/null
IMG_COMP=none variant sizesame split </dev/null
rc=0
PROOF_BASE=orignone proof sizesame || rc=$?
check "proof: accepted: a formatting change, its payload uncompressed, of the same size ($(paysize orignone) -> $(paysize sizesame) bytes, exit $rc)" [ $rc = 0 ]
PROOF_BASE=orignone setup_checks sizesame "the payload of the same size"
sized_new
rc=0
proof sizenew || rc=$?
check "proof: accepted: a formatting change whose payload is of a new size ($sized_k blank lines more; $(paysize orig) -> $(paysize sizenew) bytes, exit $rc)" [ $rc = 0 ]
setup_checks sizenew "the payload of a new size"
check "proof: ... the two cases happened: the payload's size the same, then another" \
	[ "$(paysize orignone)" = "$(paysize sizesame)" -a "$(paysize orig)" != "$(paysize sizenew)" ]

# Planted: setup.bin, with its fields that header.S computes from
# zoffset.h different (the payload of the new size) or identical (the
# same size): B's setup.bin with a byte changed elsewhere (the code of
# setup), in each case, or with its payload_length not what zoffset.h
# says; B's zoffset.h not what its compressed/vmlinux gives (setup.bin
# made from it); a piggy.S whose z_input_len is not its payload's
# size; and B's payload of the new size with A's setup.bin, identical,
# though the size it holds is not B's.
# copy NAME FROM: o-NAME, a copy of the build o-FROM, its source tree
# still FROM's (built again elsewhere, vmlinux would hold other paths,
# and its payload could be of another size).
copy() {
	rm -rf "$work/o-$1"
	cp -a "$work/o-$2" "$work/o-$1"
}
# setup_fake NAME FROM SYMBOL OFFSET BYTES: a copy of o-FROM with BYTES
# (printf escapes) written into its setup.bin at SYMBOL's address (in
# setup.elf) + OFFSET, and its bzImage made again from it; fake_at is
# that place, counted from 1 (as cmp counts).
setup_fake() {
	local b=$work/o-$1/arch/x86/boot off
	copy "$1" "$2"
	off=$((16#$(nm "$b/setup.elf" | awk -v s="$3" '$3 == s { print $1 }') + $4))
	# shellcheck disable=SC2059 # the bytes are printf escapes
	printf "$5" | dd of="$b/setup.bin" bs=1 seek="$off" conv=notrunc status=none
	cat "$b/setup.bin" "$b/vmlinux.bin" >"$b/bzImage"
	fake_at=$((off + 1))
}
# The immediate operand of start_of_setup's first instruction. header.o
# differs from A's (and is then not traced either) only in the new size.
# The same size's plants are compared with the uncompressed original.
setup_fake setupbyte sizenew start_of_setup 1 '\177'
rejected setupbyte "a setup.bin with a byte changed outside the fields zoffset.h gives (the payload of a new size)" \
	"arch/x86/boot/bzImage: differs, and so does arch/x86/boot/setup.bin, its real-mode part, not only as zoffset.h does: A's arch/x86/boot/setup.bin made again with B's zoffset.h differs from B's at byte $fake_at:" \
	'arch/x86/boot/header.o: differs, but setup.bin is not shown to differ only as zoffset.h does'
setup_fake setupbyte0 sizesame start_of_setup 1 '\177'
PROOF_BASE=orignone rejected setupbyte0 "a setup.bin with a byte changed outside the fields zoffset.h gives (the payload of the same size)" \
	"arch/x86/boot/bzImage: differs, and so does arch/x86/boot/setup.bin, its real-mode part, not only as zoffset.h does: A's arch/x86/boot/setup.bin made again with B's zoffset.h differs from B's at byte $fake_at:"
setup_fake setupfield sizesame payload_length 0 '\0\4\0\0'
PROOF_BASE=orignone rejected setupfield "a setup.bin whose payload_length is not zoffset.h's ZO_z_input_len" \
	"setup.bin, its real-mode part, not only as zoffset.h does: A's arch/x86/boot/setup.bin made again with B's zoffset.h differs from B's at byte $fake_at:"
copy stalesetup sizenew
b=$work/o-stalesetup/arch/x86/boot
cp "$work/o-orig/arch/x86/boot/setup.bin" "$b/setup.bin"
cat "$b/setup.bin" "$b/vmlinux.bin" >"$b/bzImage"
rejected stalesetup "the payload of a new size, with setup.bin identical to A's" \
	"arch/x86/boot/bzImage: differs, and arch/x86/boot/setup.bin, its real-mode part, is identical: the size of arch/x86/boot/compressed/vmlinux.bin.gz differs \\($(paysize orig) -> $(paysize stalesetup) bytes\\), yet setup.bin, which holds it, does not"
IMG_ZOFFSET='s/^#define ZO_z_input_len .*/#define ZO_z_input_len 0x0000000000000400/' variant zoffset split </dev/null
rejected zoffset "a zoffset.h that is not what compressed/vmlinux gives" \
	"setup.bin, its real-mode part, not only as zoffset.h does: $work/o-zoffset/arch/x86/boot/zoffset.h is not what its compressed/vmlinux gives"
IMG_PIGGY='s/^z_input_len = .*/z_input_len = 1024/' variant piggy split </dev/null
rejected piggy "a piggy.S whose z_input_len is not its payload's size" \
	"setup.bin, its real-mode part, not only as zoffset.h does: ZO_z_input_len in $work/o-piggy/arch/x86/boot/zoffset.h is 1024, but its payload arch/x86/boot/compressed/vmlinux.bin.gz is [0-9]+ bytes"

# A bzImage that is not made of its parts: B's honest one with a byte of
# its payload part changed (setup.bin and the payload are B's).
variant bzbyte split </dev/null
bz=$work/o-bzbyte/arch/x86/boot/bzImage
printf '\177' | dd of="$bz" bs=1 seek=$(($(stat -c %s "$bz") - 16)) conv=notrunc status=none
rejected bzbyte "a bzImage that is not what its command makes of setup.bin and the payload" \
	"arch/x86/boot/bzImage: differs, and is not what its own commands make of its parts: $work/o-bzbyte/arch/x86/boot/bzImage is not what its command makes of its inputs"

# Fake kallsyms tables: B's objects and symbols are the honest ones, but
# the names its vmlinux's tables (and their link-stage object) hold are
# not: a name changed (not an initcall's line), or the names' order.
variant fakeks split </dev/null
KS_EDIT='s/ match_int$/ match_inx/' link_vmlinux "$work/o-fakeks" "$work/o-fakeks/vmlinux" "$work/o-fakeks/lib/proof.o"
image "$work/o-fakeks"
rejected fakeks "kallsyms tables naming a symbol another way" \
	'UNEXPLAINED: \.tmp_vmlinux\.kallsyms2\.o: kallsyms: name [0-9]+ renamed match_int -> match_inx, not a rename explained in an object' \
	'vmlinux: kallsyms: name [0-9]+ renamed match_int -> match_inx, not a rename explained in an object'
variant fakeseq split </dev/null
KS_SEQS=reverse link_vmlinux "$work/o-fakeseq" "$work/o-fakeseq/vmlinux" "$work/o-fakeseq/lib/proof.o"
image "$work/o-fakeseq"
rejected fakeseq "kallsyms tables with the names' order (kallsyms_seqs_of_names) not sorted" \
	'vmlinux: kallsyms: kallsyms_seqs_of_names \(not sorted by name\) in B is not what scripts/kallsyms.c writes'

# Missing artifacts.
variant nobz split </dev/null
rm "$work/o-nobz/arch/x86/boot/bzImage"
rejected nobz "a bzImage missing in B" "arch/x86/boot/bzImage: missing in $work/o-nobz"
variant nobz2 split </dev/null
mv "$work/o-orig/arch/x86/boot/bzImage" "$work/bzImage.saved"
rm "$work/o-nobz2/arch/x86/boot/bzImage"
rejected nobz2 "a bzImage missing on both sides" \
	"arch/x86/boot/bzImage: missing in $work/o-orig" "arch/x86/boot/bzImage: missing in $work/o-nobz2"
mv "$work/bzImage.saved" "$work/o-orig/arch/x86/boot/bzImage"
variant noko split </dev/null
rm "$work/o-noko/lib/proof.ko"
rejected noko "a module missing in B" 'first unexplained difference: lib/proof.ko \(only in A\)'
variant novm split </dev/null
rm "$work/o-novm/vmlinux"
rejected novm "a vmlinux missing in B" "vmlinux: missing in $work/o-novm"

# A line number in a string, "FILE:LINE" (__FILE__ ":" __stringify(__LINE__),
# as fortify-string.h's memcpy() warning writes it), in an object's string
# section: traced when it follows the source, rejected when it does not.
# The object is not linked (the rule is for objects and modules), so
# these builds are compared with --objects-only.
where_src() {
	# (comment lines first: the string's line number, old and moved,
	# keeps its number of digits)
	printf '%s\n' '/*' ' * lib/where.c of test-proof.sh: a string that' ' * holds its own line number, as' \
		' * fortify-string.h writes one into its' ' * memcpy() warning.' ' */' '' '#define WHERE_STR2(x) #x' '#define WHERE_STR(x) WHERE_STR2(x)' \
		'const char *where(void);' "$1" '' 'const char *where(void)' '{' \
		'	return __FILE__ ":" WHERE_STR(__LINE__);' '}'
}
# where_objdir NAME FILE: the O= dir o-NAME of tree src-NAME (its
# lib/where.c), with lib/where.o compiled from FILE as lib/where.c.
where_objdir() {
	local s=$work/src-$1 o=$work/o-$1 c
	rm -rf "$o"
	mkdir -p "$o/lib"
	cp "$work/o-orig/.config" "$o/.config"
	echo "include $s/Makefile" >"$o/Makefile"
	c="gcc -O2 -fno-pic -fno-pie -ffreestanding -fmacro-prefix-map=$2=lib/where.c -c -o lib/where.o $2"
	(cd "$o" && sh -c "$c") || return 1
	printf 'savedcmd_lib/where.o := %s\n\nsource_lib/where.o := %s\n\ndeps_lib/where.o := \\\n\nlib/where.o: $(deps_lib/where.o)\n' \
		"$c" "$s/lib/where.c" >"$o/lib/.where.o.cmd"
}
where_tree() {
	mkdir -p "$work/src-$1/lib"
	echo '# the source tree of a testsuite/kbuild/test-proof.sh build' >"$work/src-$1/Makefile"
	where_src "$2" >"$work/src-$1/lib/where.c"
}
where_tree worig 'int wa; int wb;'
where_objdir worig "$work/src-worig/lib/where.c"
where_tree wsplit "$(printf 'int wa;\nint wb;')"
where_objdir wsplit "$work/src-wsplit/lib/where.c"
oldw=$(grep -n '__LINE__' "$work/src-worig/lib/where.c" | cut -d: -f1)
neww=$(grep -n '__LINE__' "$work/src-wsplit/lib/where.c" | cut -d: -f1)
rc=0
"$root/kbuild/compare-objs.sh" --objects-only "$work/o-worig" "$work/o-wsplit" >"$work/wsplit.log" 2>&1 || rc=$?
ok=1
[ $rc = 0 ] && grep -q "__LINE__: lib/where.o: lines in strings (1): lib/where.c:$oldw -> $neww" "$work/wsplit.log" || ok=0
sed 's/^/    /' "$work/wsplit.log"
check "proof: accepted: a \"FILE:LINE\" string that follows the source (lib/where.c:$oldw -> $neww, exit $rc)" [ $ok = 1 ]
# The same split, but the object built from a copy with a blank line
# more above the string: its line moves where the source's did not.
where_tree wbad "$(printf 'int wa;\nint wb;')"
sed 's/^const char \*where(void)$/\n&/' "$work/src-wbad/lib/where.c" >"$work/wbad.c"
where_objdir wbad "$work/wbad.c"
rc=0
"$root/kbuild/compare-objs.sh" --objects-only "$work/o-worig" "$work/o-wbad" >"$work/wbad.log" 2>&1 || rc=$?
ok=1
[ $rc != 0 ] && grep -Eq "UNEXPLAINED: lib/where.o: section \.rodata[^ ]*: the string \"lib/where.c:$oldw\": line $oldw of lib/where.c does not move to line $((neww + 1))" "$work/wbad.log" || ok=0
grep -E 'FAIL|UNEXPLAINED' "$work/wbad.log" | head -n 3 | sed 's/^/    /'
check "proof: rejected: a \"FILE:LINE\" string that does not follow the source (exit $rc)" [ $ok = 1 ]

# The token proof (kbuild/compare-tokens.c: what treewide-proof.sh's
# PROOF=tokens compares, for objects compare-elf cannot read) on the same
# cases: lib/proof.c of src-orig and of each variant, preprocessed with
# the objects' flags, compared token by token with the trees' line map.
tokcmp=$(host_tool compare-tokens)
elfcmp=$(host_tool compare-elf)
# tokens NAME [FILE]: src-orig's (PROOF_BASE's) lib/proof.c against src-NAME's (or
# FILE, compiled in its place: the badlayout cases), in $work/NAME.tokens;
# the exit status is returned.
tokens() {
	local name=$1 t=$work/tok-$1 rc=0 side base=${PROOF_BASE:-orig}
	rm -rf "$t"
	mkdir -p "$t/a" "$t/b"
	cp -r "$work/src-$base/lib" "$work/src-$base/include" "$t/a/"
	cp -r "$work/src-$name/lib" "$work/src-$name/include" "$t/b/"
	[ -z "${2:-}" ] || cp "$2" "$t/b/lib/proof.c"
	for side in a b; do
		gcc -E -nostdinc -I"$t/$side/include" -O2 -fno-pic -fno-pie -mcmodel=kernel -ffreestanding \
			-fmacro-prefix-map="$t/$side/=" -o "$t/$side.i" "$t/$side/lib/proof.c" || return 2
	done
	# the map of the trees (not of FILE: the source the proof is given)
	"$elfcmp" linemap "$work/src-$base" "$work/src-$name" lib/proof.c >"$t/map" 2>/dev/null || : >"$t/map"
	"$tokcmp" --map "$t/map" --src-a "$t/a" --src-b "$t/b" "$t/a.i" "$t/b.i" >"$work/$name.tokens" 2>&1 || rc=$?
	return $rc
}
rc=0
tokens honest || rc=$?
check "tokens: accepted: the formatting-only change, its moved __LINE__s traced ($(head -n1 "$work/honest.tokens"), exit $rc)" \
	bash -c '[ $1 = 0 ] && grep -Eq "^lines [2-9]" "$2"' _ "$rc" "$work/honest.tokens"
rc=0
tokens orig || rc=$?
check "tokens: an original is identical to itself ($(head -n1 "$work/orig.tokens"), exit $rc)" \
	bash -c '[ $1 = 0 ] && grep -qx identical "$2"' _ "$rc" "$work/orig.tokens"
# tok_rejected NAME WHAT [FILE]: the token proof fails on it (exit 1),
# saying which token differs.
tok_rejected() {
	local rc=0
	tokens "$1" ${3:+"$3"} || rc=$?
	if [ $rc = 1 ] && grep -Eq 'differs, not a moved line|is not where the line map puts it|tokens, B' "$work/$1.tokens"; then
		pass "tokens: rejected: $2"
	else
		fail "tokens: rejected: $2 (exit $rc)"
		sed 's/^/    /' "$work/$1.tokens" | head -n 8
	fi
}
tok_rejected guard "if (__LINE__ > 1) return -1; added"
tok_rejected constant "a changed constant (limit = 11)"
tok_rejected joined "a joined body: if (a) { count++; count += 2; }"
tok_rejected comment "a statement joined to the // comment above it (blanks only)"
tok_rejected string "a blank taken out of a string literal (blanks only)"
tok_rejected badbug "a WARN_ON line that does not follow the source" "$work/badbug.c"
tok_rejected badinit "an initcall line that does not follow the source" "$work/badinit.c"
tok_rejected badimm "a line number in code that does not follow the source" "$work/badimm.c"
# Blanks that make other tokens: "a ++ +b" is not "a + ++b", although
# the non-blank characters are the same (an object would differ too).
tree ppa
tree ppb
sed -i 's/^\t\tcount++;$/\t\tcount = count ++ + 1;/' "$work/src-ppa/lib/proof.c" "$work/src-ppb/lib/proof.c"
sed -i 's/^\t\tcount = count ++ + 1;$/\t\tcount = count + ++ 1;/' "$work/src-ppb/lib/proof.c"
if grep -q 'count + ++ 1' "$work/src-ppb/lib/proof.c"; then
	PROOF_BASE=ppa tok_rejected ppb "\"count ++ + 1\" made \"count + ++ 1\" (the same non-blank characters)"
else
	fail "tokens: proof.c has no \"count++;\" line to change"
fi

# shellcheck disable=SC2154 # counted by scripts/lib.sh
echo "test-proof: $passed passed, $failed failed"
[ "$failed" = 0 ]
