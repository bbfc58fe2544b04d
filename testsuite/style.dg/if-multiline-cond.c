/* A condition over several lines: the body is compared with the line of
   the ')' that closes it, not with the line of the 'if'.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a, int b, int c)
{
	if (a &&
	    b) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a && /* { dg-bogus "Wstyle" } */
	    b &&
	    c)
		return 2;
	if (baz(a)
	    || baz(b)
	   ) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (
		a) /* { dg-bogus "Wstyle" } */
		foo();
	return 0;
}
