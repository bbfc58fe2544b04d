/* Functions that are never called are compiled, and checked, too.  */
/* { dg-do compile } */
#include "style-common.h"

static inline int unused_helper(int x)
{
	if (x) return 1; /* { dg-warning "@if-body@" } */
	return 0;
}

static int unused_static(int x) __attribute__((unused));
static int unused_static(int x)
{
	if (x) return 1; /* { dg-warning "@if-body@" } */
	return 0;
}
