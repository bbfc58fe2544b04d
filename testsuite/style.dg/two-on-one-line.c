/* Two violations on one line give two warnings.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int a)
{
	if (a) foo(); else bar(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* { dg-warning "same line as .else. @else-body@" "" { target *-*-* } .-1 } */
	if (a) { foo(); } else { bar(); } /* { dg-warning "after .\{. on the same line as the .if. condition @brace-body@" } */
	/* { dg-warning "after .\{. on the same line as .else. @brace-body@" "" { target *-*-* } .-1 } */
}
