/* GNU C nested functions are checked with their parent.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	int inner(int y)
	{
		if (y) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
		else return 2; /* { dg-warning "same line as .else. @else-body@" } */
	}
	if (x) return inner(x); /* { dg-warning "same line as the .if. condition @if-body@" } */
	return 0;
}
