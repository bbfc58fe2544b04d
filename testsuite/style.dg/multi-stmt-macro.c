/* Statements from one macro expansion are the macro's business; a
   macro invocation written after a statement is a statement on the line.  */
/* { dg-do compile } */
#include "style-common.h"

#define SET_BOTH(a, b) a = 1; b = 2
#define BUG() do { __builtin_trap(); } while (0)

void f(int x, int y)
{
	SET_BOTH(x, y); /* { dg-bogus "Wstyle" } */
	foo(); BUG(); /* { dg-warning "same line as the previous statement @multi-stmt@" } */
	x++; SET_BOTH(x, y); /* { dg-warning "same line as the previous statement @multi-stmt@" } */
}

/* The kernel's do_each_pid_task()/while_each_pid_task() pair: the '}'
   closes a block the first macro opened, not a statement.  */
#define do_each_item(i, n) do { for ((i) = 0; (i) < (n); (i)++) {
#define while_each_item(i, n) if ((i) > (n)) break; } } while (0)

void g(int n)
{
	int i;

	do_each_item(i, n) {
		foo();
	} while_each_item(i, n); /* { dg-bogus "Wstyle" } */
}
