/* -Wstyle-do-body: the body of a do on the 'do' line (checkpatch.pl
   misses it).  */
/* { dg-do compile } */
#include "style-common.h"

#define BUG() do { __builtin_trap(); } while (0)

void f(int x, int y)
{
	do x++; while (y > x); /* { dg-warning "same line as .do. @do-body@" } */
	do { x++; } while (y > x); /* { dg-warning "after .\{. on the same line as .do. @brace-body@" } */
	do { /* { dg-bogus "Wstyle" } */
		x++;
	} while (y > x);
	do /* { dg-bogus "Wstyle" } */
		x--;
	while (x > 0);
	if (x > 10) /* { dg-bogus "Wstyle" } */
		BUG();
	do BUG(); while (0); /* { dg-warning "same line as .do. @do-body@" } */
}
