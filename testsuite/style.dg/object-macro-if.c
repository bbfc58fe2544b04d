/* An object-like macro that hides a whole if statement.  */
/* { dg-do compile } */
#include "style-common.h"

#define BAIL_IF_ZERO if (!x) return 0; else foo()
#define CHECK_X do { if (x < 0) return -1; } while (0)

int f(int x)
{
	BAIL_IF_ZERO; /* { dg-bogus "Wstyle" } */
	CHECK_X; /* { dg-bogus "Wstyle" } */
	return x;
}
