/* A labelled statement as a body.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x) again: foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (x > 3) /* { dg-bogus "Wstyle" } */
		goto again;
}
