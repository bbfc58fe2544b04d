/* GNU C statement expressions in conditions, with ifs of their own.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	if (({ int y = baz(x); y > 0; })) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (({ int y = baz(x); /* { dg-bogus "Wstyle" } */
	       if (y) y++; /* { dg-warning "same line as the .if. condition @if-body@" } */
	       y > 0; }))
		return 2;
	if (({ int z = 0; z; })) { /* { dg-bogus "Wstyle" } */
		foo();
	}
	return 0;
}
