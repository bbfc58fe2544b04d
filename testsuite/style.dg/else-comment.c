/* Comments between else and its body.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x)
		foo();
	else /* then */ bar(); /* { dg-warning "same line as .else. @else-body@" } */
	if (x)
		foo();
	else /* a comment that
		ends here */ bar(); /* { dg-bogus "Wstyle" } */
	if (x)
		foo();
	else // nothing after
		bar(); /* { dg-bogus "Wstyle" } */
}
