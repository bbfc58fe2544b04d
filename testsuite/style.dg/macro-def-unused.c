/* Only code the compiler compiles is checked: not a macro that is never
   expanded, not a block that the preprocessor leaves out.  */
/* { dg-do compile } */
#include "style-common.h"

#define NEVER_USED(x) if (x) foo(); else bar(); /* { dg-bogus "Wstyle" } */

int f(int x)
{
#if 0
	if (x) return 1; /* { dg-bogus "Wstyle" } */
#endif
#ifdef NOT_DEFINED_ANYWHERE
	if (x) return 2; /* { dg-bogus "Wstyle" } */
#else
	if (x) return 3; /* { dg-warning "same line as the .if. condition @if-body@" } */
#endif
	return 0;
}

#if 0
int g(int x) { if (x) return 1; return 0; } /* { dg-bogus "Wstyle" } */
#endif
