/* Backslash-newlines: the line that counts is the physical line GCC
   reports, so a body continued onto the next line is on a line of its
   own, and a condition continued by '\' ends where its ')' is.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a, int b)
{
	if (a && \
	    b) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a) \
		return 2; /* { dg-bogus "Wstyle" } */
	return 0;
}
