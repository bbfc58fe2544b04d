/* Comments with parentheses inside the condition or after it.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a, int b)
{
	if (a /* ) */ && b) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a // (
	    && b) return 2; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (a /* ( ( */) /* ) */ /* { dg-bogus "Wstyle" } */
		return 3;
	if (a) /* ( */ return 4; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (b) /* a comment
		  that goes on */ /* { dg-bogus "Wstyle" } */
		return 5;
	if (a) /* x */ /* y */ /* { dg-bogus "Wstyle" } */
		return 6;
	return 0;
}
