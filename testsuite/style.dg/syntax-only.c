/* -fsyntax-only still checks.  */
/* { dg-do compile } */
/* { dg-options "-fsyntax-only" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-warning "@if-body@" } */
}
