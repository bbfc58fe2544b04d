/* Optimization and debug info change nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -g" } */
#include "style-common.h"

static int g(int x)
{
	if (x) return 1; /* { dg-warning "@if-body@" } */
	return 0;
}

int f(int x)
{
	if (g(x)) /* { dg-bogus "Wstyle" } */
		foo();
	else bar(); /* { dg-warning "@else-body@" } */
	return 0;
}
