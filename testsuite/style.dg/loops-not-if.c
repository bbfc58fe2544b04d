/* The if and else rules are about if and else: loops are not theirs.  */
/* { dg-do compile } */
#include "style-common.h"

void f(int x)
{
	while (x) x--; /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
	for (; x < 3; x++) foo(); /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
	do x++; while (x < 9); /* { dg-bogus "Wstyle-(if|else|brace)-body" } */
}
