/* A conditional directive inside the condition hides text the compiler
   never reads; the ')' is then found back from the body.  */
/* { dg-do compile } */
#include "style-common.h"

#define HAVE_B 1

int f(int a, int b)
{
	if (a
#ifdef HAVE_B
	    || b
#else
	    || b (
#endif
	    ) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a
#if HAVE_B
	    && b
#endif
	   ) /* { dg-bogus "Wstyle" } */
		return 2;
	return 0;
}
