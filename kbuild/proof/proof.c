// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild/proof/proof.c - the object of kbuild/test-proof.sh, which plants
 * formatting and code changes in it. Its lines with more than one
 * statement are those that kbuild/fix-tree.sh splits.
 */
#include "proof.h"

int limit = 10;
static int count;

int match_int(const char *s, int *result)
{
	int v = 0;

	if (!s) return -22;
	while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
	if (WARN_ON(v > limit)) return -34;
	*result = v;
	return 0;
}

void tick(int a)
{
	if (a)
		count++;
	count += 2;
}

static int proof_init(void)
{
	return match_int("1", &count);
}
device_initcall(proof_init);
