/* An if as the body of an if: the inner if is a statement on the line,
   and its own body is checked too.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int a, int b)
{
	if (a) if (b) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* Two warnings above: one for "if (b)", one for "foo ();".  */
	if (a) /* { dg-bogus "Wstyle" } */
		if (b) /* { dg-bogus "Wstyle" } */
			foo();
	if (a)
		if (b) bar(); /* { dg-warning "same line as the .if. condition @if-body@" } */
}
