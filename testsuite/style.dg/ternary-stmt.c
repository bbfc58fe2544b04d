/* A ?: used as a statement is not an if.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	x ? foo() : bar(); /* { dg-bogus "Wstyle" } */
	(x) ? foo() : bar(); /* { dg-bogus "Wstyle" } */
	x = x ? (x) : (x + 1); /* { dg-bogus "Wstyle" } */
}
