/* A global -Werror (the kernel's CONFIG_WERROR=y) leaves style
   violations warnings: the compile succeeds.  */
/* { dg-do compile } */
/* { dg-options "-Werror" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* { dg-bogus "error" "" { target *-*-* } .-1 } */
}
