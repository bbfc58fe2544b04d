/* A body that is a macro invocation written on the condition's line is
   a statement on that line.  */
/* { dg-do compile } */
#include "style-common.h"

#define BUG() do { __builtin_trap(); } while (0)
#define RETURN_ZERO return 0
#define WARN_ON(c) ({ int __r = !!(c); if (__r) bar(); __r; })

int f(int x)
{
	if (x > 9) BUG(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (x > 8) WARN_ON(x); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (x > 7)
		foo();
	else BUG(); /* { dg-warning "same line as .else. @else-body@" } */
	if (x) RETURN_ZERO; /* { dg-warning "same line as the .if. condition @if-body@" } */
	return 1;
}
