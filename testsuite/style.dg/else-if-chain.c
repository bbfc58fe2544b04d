/* A long else-if chain with a violation in each arm.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int x)
{
	if (x == 1) return 1; /* { dg-warning "@if-body@" } */
	else if (x == 2) return 2; /* { dg-warning "@if-body@" } */
	else if (x == 3) { return 3; } /* { dg-warning "@brace-body@" } */
	else return 4; /* { dg-warning "@else-body@" } */
}
