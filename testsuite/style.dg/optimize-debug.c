/* Optimization and debug info change nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -g" } */
#include "style-common.h"

static int g(int x)
{
	if (x) return 1; /* { dg-warning "-Wstyle-if-body" } */
	return 0;
}

int f(int x)
{
	if (g(x)) /* { dg-bogus "Wstyle" } */
		foo();
	else bar(); /* { dg-warning "-Wstyle-else-body" } */
	return 0;
}
