/* The if and else rules are about if and else: a loop body on its
   header's line is -Wstyle-loop-body's, a do body -Wstyle-do-body's.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	while (x) x--; /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
	/* { dg-warning "@loop-body@" "" { target *-*-* } .-1 } */
	for (; x < 3; x++) foo(); /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
	/* { dg-warning "@loop-body@" "" { target *-*-* } .-1 } */
	do x++; while (x < 9); /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
	/* { dg-warning "@do-body@" "" { target *-*-* } .-1 } */
}
