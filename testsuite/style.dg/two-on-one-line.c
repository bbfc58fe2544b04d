/* Two violations on one line give two warnings.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int a)
{
	if (a) foo(); else bar(); /* { dg-warning "same line as the .if. condition" } */
	/* { dg-warning "same line as .else." "" { target *-*-* } .-1 } */
	if (a) { foo(); } else { bar(); } /* { dg-warning "after .\{. on the same line as the .if. condition" } */
	/* { dg-warning "after .\{. on the same line as .else." "" { target *-*-* } .-1 } */
}
