/* CRLF line endings.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a)
{
	if (a) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a)
		foo(); /* { dg-bogus "Wstyle" } */
	if (a) {
		foo();
	} else bar(); /* { dg-warning "same line as .else. @else-body@" } */
	if (a &&
	    a > 1) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	return 0;
}
