/* "else { if (" : the if after the '{' is a statement on the line.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x, int y)
{
	if (x)
		foo();
	else { if (y) /* { dg-warning "after .\{. on the same line as .else. @brace-body@" } */
			bar();
	}
}
