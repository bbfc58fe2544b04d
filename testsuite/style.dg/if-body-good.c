/* Good style is silent.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a, int b)
{
	if (a) /* { dg-bogus "Wstyle" } */
		foo();
	if (a) { /* { dg-bogus "Wstyle" } */
		foo();
		bar();
	} else if (b) { /* { dg-bogus "Wstyle" } */
		foo();
	} else { /* { dg-bogus "Wstyle" } */
		bar();
	}
	if (a)
		return 1;
	else
		return 2;
}
