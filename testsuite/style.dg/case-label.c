/* An if after a case label.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x, int y)
{
	switch (x) {
	case 1: if (y) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
		break;
	case 2:
		if (y) return 2; /* { dg-warning "same line as the .if. condition @if-body@" } */
		break;
	default: if (y) /* { dg-bogus "Wstyle" } */
			foo();
	}
	return 0;
}
