/* -Wstyle-multi-stmt: a statement that starts on the line where the one
   before it ends.  */
/* { dg-do compile } */
#include "style-common.h"

#define TWO(x) do { (x)++; (x)++; } while (0)

int f(int a, int b)
{
	int c = 0;

	a = 1; b = 2; /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	foo(); bar(); /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	if (a) {
		foo();
	} bar(); /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	c++; return c; /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	for (a = 0; a < b; a++) /* { dg-bogus "Wstyle" } */
		c++;
	TWO(c); /* { dg-bogus "Wstyle" } */
	c = ({ int t = a; t + b; }); /* { dg-bogus "Wstyle" } */
	int d = c; foo(); /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	return d;
}
