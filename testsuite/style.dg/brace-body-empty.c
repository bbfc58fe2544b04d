/* Empty bodies and comments after '{' are not statements.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	if (x) {} /* { dg-bogus "Wstyle" } */
	if (x) { } /* { dg-bogus "Wstyle" } */
	if (x) { /* nothing yet */ } /* { dg-bogus "Wstyle" } */
	if (x) { // a comment
		foo();
	}
	if (x) {} else /* { dg-bogus "Wstyle" } */
		foo();
	if (x) ; /* { dg-bogus "Wstyle" } */
	if (x)
		foo();
	else ; /* { dg-bogus "Wstyle" } */
}
