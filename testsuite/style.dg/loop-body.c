/* -Wstyle-loop-body: a for or while body on its header's line.  */
/* { dg-do compile } */
#include "style-common.h"

int f(int *a, int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) sum += a[i]; /* { dg-warning "same line as the .for. loop header @loop-body@" } */
	while (n) n--; /* { dg-warning "same line as the .while. loop header @loop-body@" } */
	for (i = 0;
	     i < n; i++) foo(); /* { dg-warning "same line as the .for. loop header @loop-body@" } */
	for (int j = 0; j < n; j++) { foo(); } /* { dg-warning "after .\{. on the same line as the .for. loop header @brace-body@" } */
	while (baz(n)) /* { dg-bogus "Wstyle" } */
		foo();
	for (i = 0; i < n; i++) { /* { dg-bogus "Wstyle" } */
		sum++;
	}
	for (;;) { /* { dg-bogus "Wstyle" } */
		if (sum > 3)
			break;
		sum++;
	}
	return sum;
}
