/* A '{' on the condition's or the else's line with a statement after it.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x) { foo(); } /* { dg-warning "after .\{. on the same line as the .if. condition @brace-body@" } */
	if (x) { /* { dg-bogus "Wstyle" } */
		foo();
	} else { bar(); } /* { dg-warning "after .\{. on the same line as .else. @brace-body@" } */
	if (x) { int y = x; baz(y); } /* { dg-warning "after .\{. on the same line as the .if. condition @brace-body@" } */
	/* { dg-warning "same line as the previous statement @multi-stmt@" "" { target *-*-* } .-1 } */
}
