/* Numbers with signs and suffixes in the condition.  */
/* { dg-do compile } */
#include "style-common.h"

int f(double d, unsigned long u)
{
	if (d > 1e+5 || d < 0x1p-3 || u == 0xffUL) return 1; /* { dg-warning "@if-body@" } */
	if (d > .5e-2) /* { dg-bogus "Wstyle" } */
		return 2;
	return 0;
}
