/* Tabs and spaces in any mix around the condition and the body.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a)
{
	if	(a)		return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
    if (a)   	 foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a)		/* { dg-bogus "Wstyle" } */
		foo();
	else	bar(); /* { dg-warning "same line as .else. @else-body@" } */
	return 0;
}
