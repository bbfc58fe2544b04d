/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild/proof/proof.h - what kbuild/test-proof.sh needs of the kernel's
 * headers: x86_64's WARN_ON() with its __bug_table entry (struct
 * bug_entry with CONFIG_DEBUG_BUGVERBOSE and relative pointers, as in
 * arch/x86/include/asm/bug.h) and an initcall named after its line.
 */
#ifndef PROOF_H
#define PROOF_H

struct bug_entry {
	int bug_addr_disp;
	int file_disp;
	unsigned short line;
	unsigned short flags;
};

#define WARN_ON(cond) ({						\
	int __c = !!(cond);						\
	if (__builtin_expect(__c, 0))					\
		asm volatile("1:\tud2\n"				\
			     ".pushsection __bug_table,\"aw\"\n"	\
			     "2:\t.long 1b - .\n"			\
			     "\t.long %c0 - .\n"			\
			     "\t.word %c1\n"				\
			     "\t.word %c2\n"				\
			     "\t.org 2b+%c3\n"				\
			     ".popsection"				\
			     : : "i" (__FILE__), "i" (__LINE__),	\
				 "i" (1), "i" (sizeof(struct bug_entry)));	\
	__builtin_expect(__c, 0);					\
})

#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define device_initcall(fn)						\
	static int (*__PASTE(__initcall__kmod_proof__12_,		\
		__PASTE(__LINE__, __PASTE(_, __PASTE(fn, 6)))))(void)	\
	__attribute__((used, section(".initcall6.init"))) = fn

#endif
