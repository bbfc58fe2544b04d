/* A block that opens with a declaration.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x) { int y = x + 1; baz(y); } /* { dg-warning "-Wstyle-brace-body" } */
	else { int z; z = baz(x); baz(z); } /* { dg-warning "-Wstyle-brace-body" } */
	if (x) { /* { dg-bogus "Wstyle" } */
		int y = 2;

		baz(y);
	}
}
