/* The else body on the line of the 'else'.  */
/* { dg-do compile } */
#include "style-common.h"

void *f(int err, void *ptr, int x)
{
	if (x) {
		foo();
	} else x = 3; /* { dg-warning "same line as .else. @else-body@" } */
	if (err < 0)
		return ERR_PTR(err);
	else return ptr; /* { dg-warning "same line as .else. @else-body@" } */
}
