/* "else if" and "} else {" are good style.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int a, int b)
{
	if (a) {
		foo();
	} else if (b) { /* { dg-bogus "Wstyle" } */
		bar();
	} else { /* { dg-bogus "Wstyle" } */
		foo();
	}
	if (a)
		foo();
	else if (b) /* { dg-bogus "Wstyle" } */
		bar();
	else
		if (a + b) /* { dg-bogus "Wstyle" } */
			foo();
	return 0;
}
