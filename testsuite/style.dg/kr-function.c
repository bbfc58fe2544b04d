/* Old-style definitions and attributes around the function.  */
/* { dg-do compile } */
#include "style-common.h"

int f(x)
	int x;
{
	if (x) return 1; /* { dg-warning "@if-body@" } */
	return 0;
}

__attribute__((noinline)) int g(int x)
{
	if (x) return 1; /* { dg-warning "@if-body@" } */
	return 0;
}
