/* A block that opens with a declaration.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x) { int y = x + 1; baz(y); } /* { dg-warning "@brace-body@" } */
	/* { dg-warning "same line as the previous statement @multi-stmt@" "" { target *-*-* } .-1 } */
	else { int z; z = baz(x); baz(z); } /* { dg-warning "@brace-body@" } */
	/* { dg-warning "same line as the previous statement @multi-stmt@" "" { target *-*-* } .-1 } */
	/* Two: "z = baz(x);" and "baz(z);" follow statements on line 8.  */
	if (x) { /* { dg-bogus "Wstyle" } */
		int y = 2;

		baz(y);
	}
}
