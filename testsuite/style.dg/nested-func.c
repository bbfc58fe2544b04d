/* GNU C nested functions are checked with their parent.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	int inner(int y)
	{
		if (y) return 1; /* { dg-warning "same line as the .if. condition" } */
		else return 2; /* { dg-warning "same line as .else." } */
	}
	if (x) return inner(x); /* { dg-warning "same line as the .if. condition" } */
	return 0;
}
