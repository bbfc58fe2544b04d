/* do, while, for and switch as an if body.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	int i;

	if (x) do x--; while (x); /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* { dg-warning "same line as .do. @do-body@" "" { target *-*-* } .-1 } */
	if (x) while (x) x--; /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* { dg-warning "same line as the .while. loop header @loop-body@" "" { target *-*-* } .-1 } */
	if (x) for (i = 0; i < x; i++) foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	/* { dg-warning "same line as the .for. loop header @loop-body@" "" { target *-*-* } .-1 } */
	if (x) switch (x) { default: foo(); } /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (x) /* { dg-bogus "Wstyle" } */
		do {
			x--;
		} while (x);
}
