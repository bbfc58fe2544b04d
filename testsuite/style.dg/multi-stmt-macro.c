/* Statements from one macro expansion are the macro's business; a
   macro invocation written after a statement is a statement on the line.  */
/* { dg-do compile } */
#include "style-common.h"

#define SET_BOTH(a, b) a = 1; b = 2
#define BUG() do { __builtin_trap(); } while (0)

void f(int x, int y)
{
	SET_BOTH(x, y); /* { dg-bogus "Wstyle" } */
	foo(); BUG(); /* { dg-warning "same line as the previous statement" } */
	x++; SET_BOTH(x, y); /* { dg-warning "same line as the previous statement" } */
}
