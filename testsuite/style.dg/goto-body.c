/* goto, break and continue bodies.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	for (;;) {
		if (x > 3) break; /* { dg-warning "same line as the .if. condition @if-body@" } */
		if (x > 2) continue; /* { dg-warning "same line as the .if. condition @if-body@" } */
		if (x) goto out; /* { dg-warning "same line as the .if. condition @if-body@" } */
		if (!x) /* { dg-bogus "Wstyle" } */
			goto out;
	}
out:
	return x;
}
