/* The tag's no- form, -Wno-style-if-body, turns that rule off and only
   it, and GCC's closing note about an unknown -Wno- option is left out
   although other warnings are printed (the note would be an excess
   message).  */
/* { dg-do compile } */
/* { dg-options "-Wall -Wno-style-if-body" } */
#include "style-common.h"

int f(int a, int b)
{
	int unused; /* { dg-warning "unused variable" } */

	if (a) return 1; /* { dg-bogus "-Wstyle-if-body" } */
	while (b) b--; /* { dg-warning "@loop-body@" } */
	return 0;
}
