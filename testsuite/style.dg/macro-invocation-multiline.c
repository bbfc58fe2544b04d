/* A function-like macro in the condition whose arguments span lines.  */
/* { dg-do compile } */
#include "style-common.h"

#define BOTH(a, b) ((a) && (b))

int f(int x, int y)
{
	if (BOTH(x,
		 y)) return 1; /* { dg-warning "@if-body@" } */
	if (BOTH(x, /* { dg-bogus "Wstyle" } */
		 y))
		return 2;
	return 0;
}
